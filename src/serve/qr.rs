//! The QR code of a served address as text for a terminal (the TUI's
//! pop-up); the code itself is `report::qr`'s.

use crate::report::QrPart;

/// The code of `text` as lines of half blocks (two module rows a line);
/// empty when the text is too long for a QR code.
pub fn text_lines(text: &str) -> Vec<String> {
    QrPart::new("", text)
        .map(|q| q.text_lines())
        .unwrap_or_default()
}
