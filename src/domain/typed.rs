//! Text as a Chinese keyboard types it: an input method in full-width
//! mode gives `１-０`, `１：０`, `１８００`. Where such a text can mean one
//! thing only (a number, a result), it is read as its ASCII twin.

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

#[cfg(test)]
mod tests {
    use super::*;

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
