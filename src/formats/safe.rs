//! Untrusted text made safe for where it is shown: a terminal
//! (control characters such as `\x1b[2J` or title sequences shown escaped)
//! and a spreadsheet (a CSV cell beginning with `=`, `+`, `-`, `@`, tab or
//! CR is a formula there: it gets a leading `'`).

use std::borrow::Cow;

/// The one rule for text that reaches a terminal (kept with the limits of
/// what is stored, which refuse these characters in names).
pub use crate::domain::limits::is_unsafe;

/// `s` with every unsafe character ([`is_unsafe`]) shown as its escape
/// (`\u{1b}`), so a name cannot clear the screen, retitle the window or
/// break a line.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A whole output text for a terminal (every line the CLI prints, CSV and
/// TRF written to stdout): as [`escape_controls`], except that the line
/// breaks, tabs and page breaks of the text itself (`\n`, `\r\n`, `\t`,
/// form feed) are kept.
pub fn terminal_text(s: &str) -> Cow<'_, str> {
    // A printed document's form feed (a page break) is its own layout too.
    let keep = |c: char, next: Option<char>| {
        c == '\n' || c == '\t' || c == '\u{c}' || (c == '\r' && next == Some('\n'))
    };
    let mut it = s.chars().peekable();
    let mut bad = false;
    while let Some(c) = it.next() {
        if is_unsafe(c) && !keep(c, it.peek().copied()) {
            bad = true;
            break;
        }
    }
    if !bad {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if is_unsafe(c) && !keep(c, it.peek().copied()) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A terminal cell's symbol without unsafe characters (the TUI's cells:
/// a control character drawn after a letter is kept in the letter's cell);
/// `None` when it is safe as it is. A symbol of nothing but unsafe
/// characters becomes `�`.
pub fn cell_symbol(sym: &str) -> Option<String> {
    if !sym.chars().any(is_unsafe) {
        return None;
    }
    let kept: String = sym.chars().filter(|&c| !is_unsafe(c)).collect();
    Some(if kept.is_empty() {
        "\u{fffd}".to_string()
    } else {
        kept
    })
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
        assert_eq!(escape_controls("a\u{202e}b"), "a\\u{202e}b");
        assert!(matches!(escape_controls("王天一"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_terminal_text_keeps_its_own_lines_only() {
        assert_eq!(terminal_text("a\tb\r\nc\n"), "a\tb\r\nc\n");
        assert!(matches!(terminal_text("王\n"), Cow::Borrowed(_)));
        assert_eq!(
            terminal_text("x\u{1b}]52;c;aGk=\u{7}\n\u{9b}2J\rz\n"),
            "x\\u{1b}]52;c;aGk=\\u{7}\n\\u{9b}2J\\rz\n"
        );
        assert_eq!(cell_symbol("a\u{1b}"), Some("a".into()));
        assert_eq!(cell_symbol("\u{7}"), Some("\u{fffd}".into()));
        assert_eq!(cell_symbol("王"), None);
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
