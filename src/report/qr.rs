//! A QR code as a document part (`Part::Qr`): the address of the served
//! event on its printed pairing sheet, so a player opens his board on his
//! phone. The modules come from the `qrcode` crate; each renderer draws
//! them (text: half blocks, HTML: SVG, PDF: filled squares).

use qrcode::{Color, QrCode};

/// A QR code with the words under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrPart {
    /// What it is for, in the document's language.
    pub caption: String,
    /// The text encoded (an address), printed under the code too.
    pub url: String,
    /// Modules per side.
    pub width: usize,
    /// The modules row by row, `true` = dark.
    pub dark: Vec<bool>,
}

impl QrPart {
    /// The code of `url`; `None` when the text is too long for one.
    pub fn new(caption: &str, url: &str) -> Option<QrPart> {
        let (width, dark) = matrix(url)?;
        Some(QrPart {
            caption: caption.to_string(),
            url: url.to_string(),
            width,
            dark,
        })
    }

    /// Whether the module at column `x`, row `y` is dark.
    pub fn at(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.width && self.dark[y * self.width + x]
    }

    /// The code as text lines, two module rows per line (▀ ▄ █), with a
    /// quiet zone of two modules.
    pub fn text_lines(&self) -> Vec<String> {
        self.text_lines_quiet(2)
    }

    /// The code as text lines, two module rows per line, a block drawn
    /// where a module is dark (so the text must be drawn dark on light),
    /// with a quiet zone of `quiet` modules on every side.
    pub fn text_lines_quiet(&self, quiet: usize) -> Vec<String> {
        let size = self.width + 2 * quiet;
        let at = |x: usize, y: usize| x >= quiet && y >= quiet && self.at(x - quiet, y - quiet);
        (0..size)
            .step_by(2)
            .map(|y| {
                (0..size)
                    .map(|x| match (at(x, y), at(x, y + 1)) {
                        (true, true) => '█',
                        (true, false) => '▀',
                        (false, true) => '▄',
                        (false, false) => ' ',
                    })
                    .collect()
            })
            .collect()
    }

    /// The code as an SVG image `size` CSS pixels square (quiet zone of
    /// four modules).
    pub fn svg(&self, size: u32) -> String {
        let q = 4;
        let n = self.width + 2 * q;
        let mut path = String::new();
        for y in 0..self.width {
            for x in 0..self.width {
                if self.at(x, y) {
                    path.push_str(&format!("M{} {}h1v1h-1z", x + q, y + q));
                }
            }
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
             viewBox=\"0 0 {n} {n}\" shape-rendering=\"crispEdges\">\
             <rect width=\"{n}\" height=\"{n}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
        )
    }
}

/// The modules of `text`'s QR code, row by row (`true` = dark), with its
/// width; `None` when the text is too long for a QR code.
pub fn matrix(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == Color::Dark)
        .collect();
    Some((width, dark))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_makes_a_square_code_with_its_finder_patterns() {
        let q = QrPart::new("scan", "http://192.168.1.20:8080/e/3/zh-Hans/round-2.html").unwrap();
        let w = q.width;
        assert!(w >= 21 && (w - 21).is_multiple_of(4));
        // The finder pattern's top row: seven dark modules, then light.
        assert!((0..7).all(|x| q.at(x, 0)) && !q.at(7, 0));
        assert!((w - 7..w).all(|x| q.at(x, 0)));
        let lines = q.text_lines();
        assert_eq!(lines.len(), (w + 4).div_ceil(2));
        assert!(lines.iter().all(|l| l.chars().count() == w + 4));
        assert!(q.svg(100).starts_with("<svg"));
    }
}
