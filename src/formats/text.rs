//! Text decoding for files from Chinese Windows machines: UTF-8 (with or
//! without BOM), GBK/GB18030 and Big5.

/// The encoding a text was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    Utf8,
    Gb18030,
    Big5,
}

/// Decodes bytes: UTF-8 when valid (BOM removed), else GB18030 (a superset of
/// GBK) unless Big5 decodes cleanly and GB18030 does not.
pub fn decode_text(bytes: &[u8]) -> (String, TextEncoding) {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return (s.to_string(), TextEncoding::Utf8);
    }
    let (gb, _, gb_bad) = encoding_rs::GB18030.decode(body);
    if !gb_bad {
        // Big5 text often also decodes as GBK; prefer GBK unless the result is
        // mostly rare characters, which Big5 bytes produce when read as GBK.
        let (b5, _, b5_bad) = encoding_rs::BIG5.decode(body);
        if !b5_bad && rare_share(&gb) > rare_share(&b5) + 0.2 {
            return (b5.into_owned(), TextEncoding::Big5);
        }
        return (gb.into_owned(), TextEncoding::Gb18030);
    }
    let (b5, _, b5_bad) = encoding_rs::BIG5.decode(body);
    if !b5_bad {
        return (b5.into_owned(), TextEncoding::Big5);
    }
    (gb.into_owned(), TextEncoding::Gb18030)
}

/// Share of CJK characters outside the common range (GB2312 level 1 is U+4E00..U+9FA5
/// with common characters; this is a rough signal, enough to tell Big5 read as GBK).
fn rare_share(s: &str) -> f64 {
    let mut cjk = 0usize;
    let mut rare = 0usize;
    for c in s.chars() {
        let u = c as u32;
        if (0x4E00..=0x9FFF).contains(&u) {
            cjk += 1;
            if !COMMON.contains(c) {
                rare += 1;
            }
        } else if (0xE000..=0xF8FF).contains(&u) || (0x3400..=0x4DBF).contains(&u) {
            cjk += 1;
            rare += 1;
        }
    }
    if cjk == 0 {
        0.0
    } else {
        rare as f64 / cjk as f64
    }
}

/// Characters common in club files (names, xiangqi terms, headers), in both scripts.
const COMMON: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由过其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞黑胜负和棋赛轮对手积局将帅仕士相兵卒炮砲車車馬進進後負勝賽輪對積將帥東國會單位級等姓名總計編號號碼選參區陳張劉楊黃趙吳週徐孫許鄭謝韓馮蔣許呂";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode_text("姓名".as_bytes()).0, "姓名");
        let mut b = b"\xEF\xBB\xBF".to_vec();
        b.extend_from_slice("姓名".as_bytes());
        assert_eq!(decode_text(&b), ("姓名".to_string(), TextEncoding::Utf8));
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
}
