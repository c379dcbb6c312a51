//! The font of a PDF: one face of a .ttf/.otf/.ttc file, measured with
//! ttf-parser (advances in font units), embedded later as a subset.

use crate::i18n::Lang;
use crate::report::png::Glyphs;

/// One face of a font file, for measuring text and embedding the glyphs
/// a document uses.
pub struct PdfFont<'a> {
    pub(super) data: &'a [u8],
    pub(super) index: u32,
    pub(super) face: ttf_parser::Face<'a>,
    upem: f32,
}

/// Why font bytes cannot make a PDF font.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPdfFont;

impl<'a> PdfFont<'a> {
    /// The face of `data` for `lang` (a collection's SC or TC face, as for
    /// the PNG pages), which must have TrueType or CFF outlines.
    pub fn from_bytes(data: &'a [u8], lang: Lang) -> Result<PdfFont<'a>, InvalidPdfFont> {
        let index = crate::report::png::face_for(data, lang);
        let face = ttf_parser::Face::parse(data, index).map_err(|_| InvalidPdfFont)?;
        let t = face.tables();
        if t.glyf.is_none() && t.cff.is_none() {
            return Err(InvalidPdfFont);
        }
        let upem = face.units_per_em() as f32;
        Ok(PdfFont {
            data,
            index,
            face,
            upem,
        })
    }

    /// The glyph of `c` in the font (0, the font's empty box, when it has none).
    pub(super) fn glyph(&self, c: char) -> u16 {
        self.face.glyph_index(c).map_or(0, |g| g.0)
    }

    /// The advance of glyph `g` in thousandths of the em (PDF glyph space).
    pub(super) fn advance_1000(&self, g: u16) -> f32 {
        let a = self
            .face
            .glyph_hor_advance(ttf_parser::GlyphId(g))
            .unwrap_or(0) as f32;
        a * 1000.0 / self.upem
    }

    /// Font units as thousandths of the em.
    pub(super) fn to_1000(&self, v: i16) -> f32 {
        v as f32 * 1000.0 / self.upem
    }

    /// Whether the font draws its glyphs as CFF (else TrueType).
    pub(super) fn is_cff(&self) -> bool {
        self.face.tables().cff.is_some()
    }

    /// The face's PostScript name, without characters a PDF name cannot
    /// hold plainly.
    pub(super) fn postscript_name(&self) -> String {
        let name = self
            .face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())
            .unwrap_or_else(|| "Font".to_string());
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .take(60)
            .collect()
    }
}

/// The PDF renderer measures with the same trait as the PNG pages; a
/// PDF's glyphs are drawn by the viewer, so `draw` does nothing.
impl Glyphs for PdfFont<'_> {
    fn advance(&self, c: char, px: f32) -> f32 {
        self.advance_1000(self.glyph(c)) * px / 1000.0
    }

    fn ascent(&self, px: f32) -> f32 {
        self.face.ascender() as f32 * px / self.upem
    }

    fn descent(&self, px: f32) -> f32 {
        -(self.face.descender() as f32) * px / self.upem
    }

    fn has(&self, c: char) -> bool {
        self.face.glyph_index(c).is_some()
    }

    fn draw(&self, _: char, _: f32, _: f32, _: f32, _: &mut dyn FnMut(i32, i32, f32)) {}
}
