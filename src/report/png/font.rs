//! Glyphs from a font file: TrueType and OpenType, a collection's face
//! chosen for the language.

use super::Glyphs;
use crate::i18n::Lang;
use ab_glyph::{Font, ScaleFont};

/// A font file's glyphs (ab_glyph: TrueType and OpenType outlines,
/// collections by face index).
pub struct FontGlyphs {
    font: ab_glyph::FontVec,
    /// Font units per pixel of em size.
    units_to_scale: f32,
}

/// Why font bytes could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidFont;

impl FontGlyphs {
    /// The face of a font file (`.ttc`: the face for `lang` when the
    /// collection names one by its family — `… SC` for simplified, `… TC`
    /// for traditional Chinese — else the first).
    pub fn from_bytes(bytes: Vec<u8>, lang: Lang) -> Result<FontGlyphs, InvalidFont> {
        let index = face_for(&bytes, lang);
        let font =
            ab_glyph::FontVec::try_from_vec_and_index(bytes, index).map_err(|_| InvalidFont)?;
        let upem = font.units_per_em().ok_or(InvalidFont)?;
        let units_to_scale = font.height_unscaled() / upem;
        Ok(FontGlyphs {
            font,
            units_to_scale,
        })
    }

    fn scaled(&self, px: f32) -> ab_glyph::PxScaleFont<&ab_glyph::FontVec> {
        self.font.as_scaled(px * self.units_to_scale)
    }
}

/// The face of a collection that suits `lang` (0 for a single font).
pub(crate) fn face_for(bytes: &[u8], lang: Lang) -> u32 {
    let n = ttf_parser::fonts_in_collection(bytes).unwrap_or(1);
    let want = match lang {
        Lang::ZhHant => ["TC", "HK"],
        Lang::ZhHans | Lang::En => ["SC", "CN"],
    };
    (0..n)
        .find(|&i| {
            let Ok(face) = ttf_parser::Face::parse(bytes, i) else {
                return false;
            };
            face.names()
                .into_iter()
                .filter(|n| n.name_id == ttf_parser::name_id::FAMILY)
                .filter_map(|n| n.to_string())
                .any(|family| {
                    let last = family.rsplit(' ').next().unwrap_or("");
                    want.contains(&last) && !family.contains("Mono")
                })
        })
        .unwrap_or(0)
}

impl Glyphs for FontGlyphs {
    fn advance(&self, c: char, px: f32) -> f32 {
        let s = self.scaled(px);
        s.h_advance(self.font.glyph_id(c))
    }

    fn ascent(&self, px: f32) -> f32 {
        self.scaled(px).ascent()
    }

    fn descent(&self, px: f32) -> f32 {
        -self.scaled(px).descent()
    }

    fn has(&self, c: char) -> bool {
        self.font.glyph_id(c).0 != 0
    }

    fn draw(&self, c: char, px: f32, x: f32, baseline: f32, put: &mut dyn FnMut(i32, i32, f32)) {
        let s = self.scaled(px);
        let g = self
            .font
            .glyph_id(c)
            .with_scale_and_position(s.scale(), ab_glyph::point(x, baseline));
        if let Some(o) = self.font.outline_glyph(g) {
            let b = o.px_bounds();
            let (x0, y0) = (b.min.x as i32, b.min.y as i32);
            o.draw(|gx, gy, cov| put(x0 + gx as i32, y0 + gy as i32, cov));
        }
    }
}
