//! What a PDF written by qishe says about itself, read without a PDF
//! parser, and its text layer through pdftotext (poppler-utils).

use std::path::Path;

/// The CJK font the printing tests draw with (Debian's fonts-noto-cjk).
pub const FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

/// Skips the calling test (with a message) where [`FONT`] is missing.
macro_rules! font_or_skip {
    () => {
        if !std::path::Path::new($crate::common::pdf::FONT).is_file() {
            eprintln!(
                "skipped: no {} (apt-get install fonts-noto-cjk)",
                $crate::common::pdf::FONT
            );
            return;
        }
    };
}
pub(crate) use font_or_skip;

/// A PDF's page sizes (each `/MediaBox`, in file order) and page count.
pub struct Facts {
    pub media: Vec<String>,
    pub pages: usize,
}

impl Facts {
    /// The first page's size, as `0 0 W H`.
    pub fn first_media(&self) -> &str {
        self.media.first().map(String::as_str).unwrap_or("")
    }

    /// Every page is A4, upright or turned.
    pub fn all_a4(&self) -> bool {
        self.media
            .iter()
            .all(|m| m == "0 0 595.28 841.89" || m == "0 0 841.89 595.28")
    }
}

/// Reads the facts of a PDF qishe wrote, asserting what every such file
/// has: the header and trailer, the font embedded, a text layer.
pub fn facts(pdf: &[u8]) -> Facts {
    let s = String::from_utf8_lossy(pdf);
    assert!(s.starts_with("%PDF-1."), "a PDF header");
    assert!(s.trim_end().ends_with("%%EOF"), "a PDF trailer");
    assert!(
        s.contains("/FontFile3") || s.contains("/FontFile2"),
        "the font embedded"
    );
    assert!(s.contains("/ToUnicode"), "text can be selected");
    let media = s
        .split("/MediaBox [")
        .skip(1)
        .map(|r| r.split(']').next().unwrap_or("").to_string())
        .collect();
    let pages = [
        "/Type /Page\n",
        "/Type /Page ",
        "/Type /Page/",
        "/Type /Page>",
    ]
    .iter()
    .map(|p| s.matches(p).count())
    .sum();
    Facts { media, pages }
}

/// The text layer of a PDF through pdftotext, or `None` where pdftotext
/// is not installed.
pub fn text(pdf: &Path) -> Option<String> {
    let o = std::process::Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .ok()?;
    assert!(o.status.success(), "pdftotext {}", pdf.display());
    Some(String::from_utf8(o.stdout).unwrap())
}
