//! Text as a Chinese keyboard types it: an input method in full-width
//! mode gives `１-０`, `１：０`, `１８００`. Where such a text can mean one
//! thing only (a number, a result, a date), it is read as its ASCII twin.

use crate::i18n::{msg, Msg};

/// `s` with full-width ASCII forms (`１`, `：`, `－`, `／`, `＋`) as ASCII,
/// the ideographic space as a space, and the dashes and minus sign of
/// word processors (`–`, `—`, `−`) as `-`.
pub fn halfwidth(s: &str) -> String {
    s.chars()
        .map(|c| match c as u32 {
            u @ 0xFF01..=0xFF5E => char::from_u32(u - 0xFEE0).unwrap_or(c),
            0x3000 => ' ',
            0x2013 | 0x2014 | 0x2212 => '-',
            _ => c,
        })
        .collect()
}

/// A whole number typed in ASCII or full-width digits (`１８００`).
pub fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    halfwidth(s).trim().parse().ok()
}

/// A date as a Chinese secretary writes it: `2026-03-01`, `2026/3/1`,
/// `2026.3.1` or `2026年3月1日`, full-width digits too. The reason of a
/// refusal says whether it is no date at all or a day the calendar has not
/// (`2026-02-30`).
pub fn date(s: &str) -> Result<chrono::NaiveDate, Msg> {
    let t = halfwidth(s);
    let parts: Vec<&str> = t
        .trim()
        .trim_end_matches('日')
        .split(['-', '/', '.', '年', '月'])
        .collect();
    let digits = |p: &str| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit());
    let [y, m, d] = parts.as_slice() else {
        return Err(msg!("err.date.not_a_date", value = s));
    };
    if y.len() != 4 || ![y, m, d].iter().all(|p| digits(p)) {
        return Err(msg!("err.date.not_a_date", value = s));
    }
    let n = |p: &str| p.parse::<u32>().unwrap_or(0);
    chrono::NaiveDate::from_ymd_opt(n(y) as i32, n(m), n(d))
        .ok_or_else(|| msg!("err.date.no_such_day", value = s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_read_as_a_secretary_writes_it() {
        let first = chrono::NaiveDate::from_ymd_opt(2026, 3, 1);
        for typed in [
            "2026-03-01",
            "2026-3-1",
            "2026/3/1",
            "2026.03.01",
            "2026年3月1日",
            "２０２６-０３-０１",
            "２０２６／３／１",
            " 2026-03-01 ",
        ] {
            assert_eq!(date(typed).ok(), first, "{typed}");
        }
        for (typed, key) in [
            ("2026-02-30", "err.date.no_such_day"),
            ("2026-13-01", "err.date.no_such_day"),
            ("26-3-1", "err.date.not_a_date"),
            ("2026-03", "err.date.not_a_date"),
            ("tomorrow", "err.date.not_a_date"),
            ("2026-03-01x", "err.date.not_a_date"),
            ("", "err.date.not_a_date"),
        ] {
            assert_eq!(date(typed).unwrap_err().key, key, "{typed}");
        }
    }

    #[test]
    fn full_width_forms_and_dashes_become_ascii() {
        assert_eq!(halfwidth("１：０"), "1:0");
        assert_eq!(halfwidth("１－０"), "1-0");
        assert_eq!(halfwidth("１８００"), "1800");
        assert_eq!(halfwidth("1–0 1—0 1−0"), "1-0 1-0 1-0");
        assert_eq!(halfwidth("＋／－\u{3000}"), "+/- ");
        assert_eq!(halfwidth("王天一 和"), "王天一 和");
    }

    #[test]
    fn numbers_in_full_width_digits_are_read() {
        assert_eq!(number::<u32>("１８００"), Some(1800));
        assert_eq!(number::<i32>("－５"), Some(-5));
        assert_eq!(number::<u32>("１.５"), None);
        assert_eq!(number::<u32>("一"), None);
    }
}
