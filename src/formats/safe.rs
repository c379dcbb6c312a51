//! Untrusted text made safe for where it is shown (issue 21): a terminal
//! (control characters such as `\x1b[2J` or title sequences shown escaped)
//! and a spreadsheet (a CSV cell beginning with `=`, `+`, `-`, `@`, tab or
//! CR is a formula there: it gets a leading `'`).

use std::borrow::Cow;

/// `s` with every control character shown as its escape (`\u{1b}`), so a
/// name cannot clear the screen, retitle the window or break a line.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A CSV cell that a spreadsheet will not run as a formula: a leading `'`
/// before `=`, `+`, `-`, `@`, tab or CR, except on plain numbers (`-12`).
pub fn csv_cell(s: &str) -> Cow<'_, str> {
    let risky = matches!(s.chars().next(), Some('=' | '+' | '-' | '@' | '\t' | '\r'));
    if !risky || s.parse::<f64>().is_ok() {
        return Cow::Borrowed(s);
    }
    Cow::Owned(format!("'{s}"))
}

/// The line (1-based) of a CSV quote that is never closed, if any: the
/// reader would otherwise take every following row into one cell.
pub fn unterminated_quote(text: &str) -> Option<u64> {
    let mut line = 1u64;
    let mut opened_at = None;
    let mut at_field_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (opened_at, c) {
            (None, '"') if at_field_start => {
                opened_at = Some(line);
                at_field_start = false;
            }
            (Some(_), '"') => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                } else {
                    opened_at = None;
                }
            }
            (_, '\n') => {
                line += 1;
                at_field_start = opened_at.is_none();
            }
            (None, ',') => at_field_start = true,
            (None, ' ' | '\t') => {}
            (None, _) => at_field_start = false,
            _ => {}
        }
    }
    opened_at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unterminated_quote_is_found_with_its_line() {
        assert_eq!(unterminated_quote("name\n\"a,b\"\nc\n"), None);
        assert_eq!(unterminated_quote("name\n\"a\"\"b\"\n"), None);
        assert_eq!(unterminated_quote("name\n\"multi\nline\"\n"), None);
        assert_eq!(
            unterminated_quote("name,club\nA,x\n\"B,y\nC,z\nD,w\n"),
            Some(3)
        );
        // a quote inside an unquoted cell is text
        assert_eq!(unterminated_quote("name\nA 5\"\n"), None);
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escape_controls("王\u{1b}[2J天一"), "王\\u{1b}[2J天一");
        assert_eq!(escape_controls("a\u{7}b\nc"), "a\\u{7}b\\nc");
        assert!(matches!(escape_controls("王天一"), Cow::Borrowed(_)));
    }

    #[test]
    fn formula_cells_are_neutralised_but_numbers_kept() {
        for f in ["=1+2", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(csv_cell(f), format!("'{f}"));
        }
        for plain in ["-12", "+3", "1.5", "王天一", ""] {
            assert_eq!(csv_cell(plain), plain);
        }
    }
}
