//! PNG pages of the pairing sheet and the standings, for chat
//! groups: the CJK font found on this machine, the pages drawn by
//! `report::png` (1080 px wide, a phone screen tall each), written as the
//! file the user named or, for several pages, as `x-1.png`, `x-2.png`, …
//! beside it (all checked before any is written: an existing one is
//! replaced only with `force`).

use super::output::{check_output, Protected};
use super::print::DocKind;
use super::{invalid, App, Result};
use crate::i18n::Lang;
use crate::report::pdf::PdfFont;
use crate::report::png::{
    missing_chars, render_png_sized, FontGlyphs, PNG_LANDSCAPE, PNG_MAX_HEIGHT, PNG_WIDTH,
};
use crate::report::Doc;
use std::path::{Path, PathBuf};

/// The documents that can be PNG pages.
pub const PNG_KINDS: [DocKind; 5] = [
    DocKind::Pairings,
    DocKind::Standings,
    DocKind::Crosstable,
    DocKind::Bracket,
    DocKind::Season,
];

/// The documents drawn on landscape PNG pages when they print landscape
/// (a crosstable of many players, a season of many events).
const PNG_LANDSCAPE_KINDS: [DocKind; 2] = [DocKind::Crosstable, DocKind::Season];

/// Where CJK fonts usually are (Debian/Ubuntu, Fedora/Arch, Windows,
/// macOS), tried in order after `--font` and the config's `font`;
/// the AR PL fonts of [`ARPHIC_DIR`] come after the first two.
pub const WELL_KNOWN_FONTS: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    r"C:\Windows\Fonts\msyh.ttc",
    r"C:\Windows\Fonts\simsun.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti Medium.ttc",
];

/// The AR PL (文鼎) fonts' folder; any .ttf or .ttc in it is a candidate.
pub const ARPHIC_DIR: &str = "/usr/share/fonts/truetype/arphic";

/// Refuses a document kind that cannot be PNG, naming those that can.
pub fn check_png_kind(kind: DocKind) -> Result<()> {
    match PNG_KINDS.contains(&kind) {
        true => Ok(()),
        false => Err(invalid!(
            "err.app.png_kind",
            kind = kind.code(),
            kinds = PNG_KINDS.map(DocKind::code).join(", ")
        )),
    }
}

/// The font files tried when none is named, in order.
pub fn font_candidates() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = WELL_KNOWN_FONTS[..2].iter().map(PathBuf::from).collect();
    if let Ok(dir) = std::fs::read_dir(ARPHIC_DIR) {
        let mut found: Vec<PathBuf> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                ["ttf", "ttc", "otf"].contains(&ext.to_ascii_lowercase().as_str())
            })
            .collect();
        found.sort();
        out.extend(found);
    }
    out.extend(WELL_KNOWN_FONTS[2..].iter().map(PathBuf::from));
    out
}

/// A font file read and checked for a document's language (a face with
/// outlines for its language).
fn load(path: &Path, lang: Lang) -> Result<Vec<u8>> {
    let shown = path.display().to_string();
    let bytes = super::output::read_input(path, crate::files::input::Kind::Font)?;
    match PdfFont::from_bytes(&bytes, lang) {
        Ok(_) => Ok(bytes),
        Err(_) => Err(invalid!("err.app.png_font_invalid", path = shown)),
    }
}

/// The characters of `doc` the font in `bytes` has no glyph for.
fn lacks(doc: &Doc, bytes: &[u8]) -> Vec<char> {
    match PdfFont::from_bytes(bytes, doc.lang) {
        Ok(f) => missing_chars(doc, &f),
        Err(_) => Vec::new(),
    }
}

/// The font a document is drawn with (PNG pages) or embedded in (PDF).
pub struct DocFont {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// Characters of the document the font has no glyph for (drawn as the
    /// font's empty box); only when no font was named and no font found
    /// has them all.
    pub missing: Vec<char>,
}

/// PNG pages made, with the font they were drawn with.
pub struct PngPages {
    pub font: PathBuf,
    /// The PNG files' bytes, page by page.
    pub pages: Vec<Vec<u8>>,
    /// Characters of the document the font has no glyph for (drawn as the
    /// font's empty box); only when no font was named and no font found
    /// has them all.
    pub missing: Vec<char>,
}

/// The files `pages` pages go to when the user names `path`: `path` for
/// one page, else `stem-1.ext`, `stem-2.ext`, … beside it.
pub fn page_paths(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages <= 1 {
        return vec![path.to_path_buf()];
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..=pages)
        .map(|i| path.with_file_name(format!("{stem}-{i}{ext}")))
        .collect()
}

impl App {
    /// The font for `doc`: `font` (a path the user named), else the
    /// config's `font` (or its old name `png_font`), else the first
    /// well-known font that has every character of the document. A named
    /// font that cannot be read, is no font, or lacks characters of the
    /// document is an error; no font at all is an error saying what to pass.
    pub fn doc_font(&self, doc: &Doc, font: Option<&Path>) -> Result<DocFont> {
        let named = font.map(Path::to_path_buf).or(self.config.font.clone());
        if let Some(path) = named {
            let bytes = load(&path, doc.lang)?;
            let missing = lacks(doc, &bytes);
            if !missing.is_empty() {
                let chars: String = missing.iter().take(12).collect();
                return Err(invalid!(
                    "err.app.png_font_lacks",
                    path = path.display(),
                    chars = chars
                ));
            }
            return Ok(DocFont {
                path,
                bytes,
                missing,
            });
        }
        pick_font(doc, &font_candidates())
    }

    /// Draws `doc` as PNG pages with the font [`Self::doc_font`] finds.
    pub fn png_pages(&self, doc: &Doc, font: Option<&Path>) -> Result<PngPages> {
        self.png_pages_shaped(doc, font, false)
    }

    /// [`App::png_pages`] for a document of `kind`: on landscape pages
    /// when the document prints landscape and its kind is one that turns
    /// (a crosstable of many players, a season of many events).
    pub fn png_pages_of(&self, kind: DocKind, doc: &Doc, font: Option<&Path>) -> Result<PngPages> {
        let landscape = doc.landscape && PNG_LANDSCAPE_KINDS.contains(&kind);
        self.png_pages_shaped(doc, font, landscape)
    }

    /// [`App::png_pages`] on landscape pages when `landscape` (a season
    /// table whose events do not fit an upright page).
    pub fn png_pages_shaped(
        &self,
        doc: &Doc,
        font: Option<&Path>,
        landscape: bool,
    ) -> Result<PngPages> {
        let (width, height) = match landscape {
            true => PNG_LANDSCAPE,
            false => (PNG_WIDTH, PNG_MAX_HEIGHT),
        };
        let f = self.doc_font(doc, font)?;
        let shown = f.path.display().to_string();
        let g = FontGlyphs::from_bytes(f.bytes, doc.lang)
            .map_err(|_| invalid!("err.app.png_font_invalid", path = shown))?;
        Ok(PngPages {
            font: f.path,
            pages: render_png_sized(doc, &g, width, height),
            missing: f.missing,
        })
    }

    /// Writes PNG pages to `path` (one page) or `stem-N.ext` beside it
    /// (several): every file is checked first, so nothing is written when
    /// one of them may not be (an existing file without `force`, the club
    /// database, a folder). Returns the files written.
    pub fn write_png_pages(
        &self,
        path: &Path,
        pages: &[Vec<u8>],
        force: bool,
    ) -> Result<Vec<PathBuf>> {
        let paths = page_paths(path, pages.len());
        let protected = Protected {
            database: Some(self.store.path().to_path_buf()),
            inputs: Vec::new(),
        };
        for p in &paths {
            check_output(p, force, &protected)?;
        }
        for (p, bytes) in paths.iter().zip(pages) {
            super::output::write_output(p, bytes, force, &protected)?;
        }
        Ok(paths)
    }
}

/// The first of `candidates` that has every character of `doc`, else
/// the one missing the fewest; none readable is an error saying what to
/// pass.
fn pick_font(doc: &Doc, candidates: &[PathBuf]) -> Result<DocFont> {
    let mut best: Option<DocFont> = None;
    for path in candidates.iter().filter(|p| p.is_file()) {
        let Ok(bytes) = load(path, doc.lang) else {
            continue;
        };
        let missing = lacks(doc, &bytes);
        if best
            .as_ref()
            .is_none_or(|b| missing.len() < b.missing.len())
        {
            let done = missing.is_empty();
            best = Some(DocFont {
                path: path.clone(),
                bytes,
                missing,
            });
            if done {
                break;
            }
        }
    }
    best.ok_or_else(|| {
        invalid!(
            "err.app.png_no_font",
            tried = candidates
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_pages_are_numbered_beside_the_named_file() {
        let p = Path::new("out/r3.png");
        assert_eq!(page_paths(p, 1), [PathBuf::from("out/r3.png")]);
        assert_eq!(
            page_paths(p, 3),
            ["out/r3-1.png", "out/r3-2.png", "out/r3-3.png"].map(PathBuf::from)
        );
        assert_eq!(
            page_paths(Path::new("r3"), 2),
            ["r3-1", "r3-2"].map(PathBuf::from)
        );
    }

    #[test]
    fn only_pairings_and_standings_are_png() {
        assert!(check_png_kind(DocKind::Pairings).is_ok());
        assert!(check_png_kind(DocKind::Standings).is_ok());
        let e = check_png_kind(DocKind::Slips).unwrap_err().to_string();
        assert!(
            e.contains("slips") && e.contains("pairings, standings"),
            "{e}"
        );
    }

    fn doc() -> Doc {
        crate::report::Doc {
            title: "秋季赛 · 名次表".into(),
            lang: Lang::ZhHans,
            parts: vec![crate::report::Part::Heading("秋季赛 · 名次表".into())],
            landscape: false,
            csv: None,
        }
    }

    #[test]
    fn no_font_found_says_what_to_pass() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.ttc");
        std::fs::write(&junk, "not a font").unwrap();
        let tried = [dir.path().join("none.ttc"), junk];
        let e = pick_font(&doc(), &tried).err().unwrap();
        let en = e.to_string();
        assert!(en.contains("--font") && en.contains("font ="), "{en}");
        assert!(en.contains("none.ttc") && en.contains("junk.ttc"), "{en}");
    }

    #[test]
    fn a_found_font_draws_the_pages() {
        let noto = PathBuf::from(WELL_KNOWN_FONTS[0]);
        if !noto.is_file() {
            eprintln!("skipped: no {}", noto.display());
            return;
        }
        let p = pick_font(&doc(), &[PathBuf::from("/no/such.ttc"), noto.clone()]).unwrap();
        assert_eq!(p.path, noto);
        assert!(p.missing.is_empty());
    }

    #[test]
    fn the_well_known_paths_come_first_in_order() {
        let c = font_candidates();
        assert_eq!(c[0], PathBuf::from(WELL_KNOWN_FONTS[0]));
        assert_eq!(c[1], PathBuf::from(WELL_KNOWN_FONTS[1]));
        assert!(c.contains(&PathBuf::from(r"C:\Windows\Fonts\msyh.ttc")));
        assert!(c.contains(&PathBuf::from("/System/Library/Fonts/PingFang.ttc")));
    }
}
