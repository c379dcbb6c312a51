//! The QR code of a served address as text for a terminal (the TUI's
//! pop-up); the code itself is `report::qr`'s.

use crate::report::QrPart;

/// The quiet zone around the terminal's code, in modules: the four the
/// standard asks for, so a phone finds the code on a busy screen.
pub const QUIET: usize = 4;

/// The code of `text` as lines of half blocks (two module rows a line),
/// a block where a module is dark: drawn dark on light (the TUI sets the
/// colours, whatever the terminal's theme), with a quiet zone of
/// [`QUIET`] modules; empty when the text is too long for a QR code.
pub fn text_lines(text: &str) -> Vec<String> {
    QrPart::new("", text)
        .map(|q| q.text_lines_quiet(QUIET))
        .unwrap_or_default()
}
