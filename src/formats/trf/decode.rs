//! A TRF file's bytes as text with its columns kept. A TRF file's
//! columns count characters in UTF-8 and bytes in the older one- and
//! two-byte encodings: a name `Müller` written in Windows-1252 takes six
//! columns, `王天一` written in GBK six too. Decoding a whole GBK or Big5
//! file would shift every column after such a name, and reading a Latin
//! name's bytes as GBK (where `ü` and the next letter make one character)
//! shifts it too. So a file that is not UTF-8 is decoded field by field:
//! the name of a player line (columns 15–47) in the file's encoding and
//! padded back to its width, the rest of the line too but only where it is
//! not plain ASCII.

use crate::formats::text::{decode_text, TextEncoding};

/// The text of a TRF file: UTF-16 with a byte-order mark and UTF-8 (with
/// or without one) as they are; any other bytes line by line with the
/// columns of a player line kept (see the module's notes). The encoding
/// of those is GBK or Big5 when every name decodes to Chinese characters
/// that stand apart from Latin letters, else Windows-1252.
pub fn decode(bytes: &[u8]) -> String {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return s.to_string();
    }
    let (whole, guessed) = decode_text(bytes);
    let enc = match guessed {
        TextEncoding::Utf8 | TextEncoding::Utf16 => return whole,
        TextEncoding::Gb18030 => encoding_rs::GB18030,
        TextEncoding::Big5 => encoding_rs::BIG5,
        TextEncoding::Windows1252 => encoding_rs::WINDOWS_1252,
    };
    let enc = if enc == encoding_rs::WINDOWS_1252 || plausible_chinese(body, enc) {
        enc
    } else {
        encoding_rs::WINDOWS_1252
    };
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while !rest.is_empty() {
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        decode_line(&rest[..end], enc, &mut out);
        let sep = rest[end..].iter().take(1).count();
        if sep == 1 {
            out.push(rest[end] as char);
        }
        rest = &rest[end + sep..];
    }
    out
}

/// The name field of a player line, 0-based byte range.
const NAME: std::ops::Range<usize> = 14..47;

fn decode_line(line: &[u8], enc: &'static encoding_rs::Encoding, out: &mut String) {
    let text = |b: &[u8]| enc.decode_without_bom_handling(b).0.into_owned();
    if line.is_ascii() {
        out.extend(line.iter().map(|&b| b as char));
        return;
    }
    if !line.starts_with(b"001") || line.len() <= NAME.start {
        out.push_str(&text(line));
        return;
    }
    let end = line.len().min(NAME.end);
    out.extend(line[..NAME.start].iter().map(|&b| b as char));
    let name = text(&line[NAME.start..end]);
    let name = name.trim_end();
    out.push_str(name);
    for _ in name.chars().count()..end - NAME.start {
        out.push(' ');
    }
    out.push_str(&text(&line[end..]));
}

/// Do the player lines' names decode in `enc` to Chinese characters that
/// never touch a Latin letter (`M醠ler` is `Müller` in Windows-1252)?
fn plausible_chinese(body: &[u8], enc: &'static encoding_rs::Encoding) -> bool {
    body.split(|&b| b == b'\n' || b == b'\r')
        .filter(|l| !l.is_ascii())
        .all(|l| {
            let field = if l.starts_with(b"001") && l.len() > NAME.start {
                &l[NAME.start..l.len().min(NAME.end)]
            } else {
                l
            };
            let Some(s) = enc.decode_without_bom_handling_and_without_replacement(field) else {
                return false;
            };
            let chars: Vec<char> = s.chars().collect();
            chars.iter().enumerate().all(|(i, c)| {
                c.is_ascii()
                    || !(i > 0 && chars[i - 1].is_ascii_alphabetic()
                        || chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic()))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name_bytes: &[u8]) -> Vec<u8> {
        let mut l = b"001    4      ".to_vec();
        l.extend_from_slice(name_bytes);
        l.resize(47, b' ');
        l.extend_from_slice(b" 2620 GER");
        l
    }

    #[test]
    fn a_latin_name_in_windows_1252_keeps_the_columns() {
        let (b, _, _) = encoding_rs::WINDOWS_1252.encode("Müller, Jörg");
        let t = decode(&player(&b));
        assert_eq!(
            &t[..],
            format!("001    4      {:<33} 2620 GER", "Müller, Jörg")
        );
    }

    #[test]
    fn a_chinese_name_in_gbk_or_big5_keeps_the_columns() {
        for enc in [encoding_rs::GBK, encoding_rs::BIG5] {
            let (b, _, _) = enc.encode("王天一");
            let (title, _, _) = enc.encode("012 象棋公開賽");
            let mut file = title.to_vec();
            file.extend_from_slice(b"\r\n");
            file.extend(player(&b));
            let t = decode(&file);
            assert!(t.starts_with("012 象棋公開賽\r\n"), "{t}");
            let line = t.lines().nth(1).unwrap();
            assert_eq!(line, format!("001    4      {:<33} 2620 GER", "王天一"));
        }
    }

    #[test]
    fn utf8_with_a_bom_loses_the_bom() {
        assert_eq!(decode("\u{FEFF}012 x\n".as_bytes()), "012 x\n");
    }
}
