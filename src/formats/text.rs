//! The one text decoder for every file a club brings in (member and games
//! CSV, TRF, PGN and other game records): files from Chinese Windows
//! machines come in UTF-8 (with or without BOM), UTF-16 (with BOM),
//! GBK/GB18030 or Big5.

use crate::i18n::{msg, Msg};
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};

/// The encoding a text was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    Utf8,
    /// GBK / GB18030 (mainland software).
    Gb18030,
    /// Big5 (Taiwan, Hong Kong).
    Big5,
    /// UTF-16 with a byte-order mark.
    Utf16,
    /// Windows-1252 (Latin names), when neither GBK nor Big5 fits.
    Windows1252,
}

impl TextEncoding {
    pub fn code(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Gb18030 => "gbk",
            TextEncoding::Big5 => "big5",
            TextEncoding::Utf16 => "utf-16",
            TextEncoding::Windows1252 => "windows-1252",
        }
    }
}

/// Decodes a file's bytes: UTF-16 with a BOM; UTF-8 (with or without BOM)
/// when valid; else GB18030 or Big5, whichever decodes cleanly, and when
/// both do, the one `chardetng` (Firefox's detector) guesses; Windows-1252
/// when neither decodes cleanly.
pub fn decode_text(bytes: &[u8]) -> (String, TextEncoding) {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        if enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE {
            let (s, _, _) = enc.decode(bytes);
            return (s.into_owned(), TextEncoding::Utf16);
        }
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return (s.to_string(), TextEncoding::Utf8);
    }
    let (gb, gb_bad) = encoding_rs::GB18030.decode_without_bom_handling(body);
    let (b5, b5_bad) = encoding_rs::BIG5.decode_without_bom_handling(body);
    let big5 = match (gb_bad, b5_bad) {
        (true, true) => {
            let (latin, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(body);
            return (latin.into_owned(), TextEncoding::Windows1252);
        }
        (false, true) => false,
        (true, false) => true,
        (false, false) => {
            let mut d = EncodingDetector::new(Iso2022JpDetection::Deny);
            d.feed(body, true);
            d.guess(None, Utf8Detection::Deny) == encoding_rs::BIG5
        }
    };
    if big5 {
        (b5.into_owned(), TextEncoding::Big5)
    } else {
        (gb.into_owned(), TextEncoding::Gb18030)
    }
}

/// Bytes that are no text: NUL bytes outside a UTF-16 pattern, or many
/// control bytes, in the first 4 KiB. UTF-16 with a BOM is text.
pub fn looks_binary(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return false;
    }
    let head = &bytes[..bytes.len().min(4096)];
    if head.is_empty() {
        return false;
    }
    let nul_at = |parity: usize| {
        head.iter()
            .enumerate()
            .filter(|(i, &b)| b == 0 && i % 2 == parity)
            .count()
    };
    let (even, odd) = (nul_at(0), nul_at(1));
    let nuls = even + odd;
    // UTF-16 text without a BOM: NULs on one parity, about half the bytes.
    let utf16 = nuls * 4 >= head.len() && (even == 0 || odd == 0);
    let control = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A))
        .filter(|&&b| !(utf16 && b == 0))
        .count();
    !((nuls == 0 || utf16) && control * 10 < head.len())
}

/// Many control bytes (NUL included) in the first 4 KiB: at least 8, and
/// one in 20. A stray NUL or two in a text file is no such file: the
/// reader names it with its line.
fn many_controls(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return false;
    }
    let head = &bytes[..bytes.len().min(4096)];
    let control = head
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A))
        .count();
    control >= 8 && control * 20 >= head.len()
}

/// Why a file given as a CSV is none, if it is not: an Excel workbook
/// (`.xlsx`, `.xls`), said as such with the way out, or binary bytes.
pub fn not_csv(bytes: &[u8]) -> Option<Msg> {
    if bytes.starts_with(b"PK\x03\x04") {
        return Some(msg!("err.csv.workbook", kind = "xlsx"));
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return Some(msg!("err.csv.workbook", kind = "xls"));
    }
    if many_controls(bytes) {
        let first: Vec<String> = bytes.iter().take(8).map(|b| format!("{b:02X}")).collect();
        return Some(msg!("err.csv.binary", bytes = first.join(" ")));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_or_binary_bytes_are_no_csv() {
        let key = |b: &[u8]| not_csv(b).map(|m| m.key);
        assert_eq!(key(b"PK\x03\x04\x14\0\0\0"), Some("err.csv.workbook"));
        assert_eq!(
            key(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0]),
            Some("err.csv.workbook")
        );
        assert_eq!(
            key(&[7, 0, 200, 0, 0, 3, 9, 0, 1, 2]),
            Some("err.csv.binary")
        );
        assert_eq!(key("姓名,等级分\r\n王,1\r\n".as_bytes()), None);
        let (gbk, _, _) = encoding_rs::GBK.encode("姓名,等级分\n王,1\n");
        assert_eq!(key(&gbk), None);
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend("name\nA\n".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(key(&utf16), None);
        assert_eq!(key(b""), None);
        assert_eq!(
            key(b"name\n\0X\nAB\0CD\n"),
            None,
            "a stray NUL is the row's"
        );
    }

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode_text("姓名".as_bytes()).0, "姓名");
        let mut b = b"\xEF\xBB\xBF".to_vec();
        b.extend_from_slice("姓名".as_bytes());
        assert_eq!(decode_text(&b), ("姓名".to_string(), TextEncoding::Utf8));
    }

    #[test]
    fn utf16_with_a_bom() {
        for (bom, le) in [(&b"\xFF\xFE"[..], true), (&b"\xFE\xFF"[..], false)] {
            let mut b = bom.to_vec();
            for u in "姓名,等级分".encode_utf16() {
                b.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            assert_eq!(
                decode_text(&b),
                ("姓名,等级分".to_string(), TextEncoding::Utf16)
            );
        }
    }

    #[test]
    fn gbk_and_big5() {
        let (gbk, _, _) = encoding_rs::GBK.encode("姓名,等级分\n王天一,2650");
        assert_eq!(
            decode_text(&gbk),
            (
                "姓名,等级分\n王天一,2650".to_string(),
                TextEncoding::Gb18030
            )
        );
        let (b5, _, _) = encoding_rs::BIG5.encode("姓名,等級分\n王天一,2650\n呂欽,2500");
        let (text, enc) = decode_text(&b5);
        assert_eq!(enc, TextEncoding::Big5, "{text}");
        assert_eq!(text, "姓名,等級分\n王天一,2650\n呂欽,2500");
    }

    #[test]
    fn a_games_file_in_big5() {
        let t = "輪次,紅方,黑方,結果\n1,呂欽,胡榮華,1-0\n1,許銀川,趙國榮,和\n";
        let (b5, _, _) = encoding_rs::BIG5.encode(t);
        assert_eq!(decode_text(&b5), (t.to_string(), TextEncoding::Big5));
    }

    #[test]
    fn latin_names_fall_back_to_windows_1252() {
        let (b, _, _) = encoding_rs::WINDOWS_1252.encode("José Müller");
        assert_eq!(
            decode_text(&b),
            ("José Müller".to_string(), TextEncoding::Windows1252)
        );
    }
}
