//! PNG pages of a document for phone screens (posted to WeChat or QQ
//! groups): 1080 px wide, each page at most [`PNG_MAX_HEIGHT`] tall (a
//! phone screen of 20:9), as many pages as the document needs. Every page
//! carries the document's title at the top; a table split across pages
//! repeats its heading row; pages are numbered `第N/M页` at the bottom when
//! there are several. Table rows are zebra-striped; a name or club wider
//! than its column is cut with an ellipsis by its drawn width.
//!
//! Pure: the glyphs come from a [`Glyphs`] source the caller passes in
//! ([`FontGlyphs`] over the bytes of a .ttf/.otf/.ttc file the app layer
//! found, or a test's own box glyphs). [`layout`] places every text and
//! rectangle (what the tests look at), [`paint`] draws a page into RGB
//! pixels and [`encode`] makes the PNG file's bytes.

mod font;
mod layout;
#[cfg(test)]
mod tests;

pub(crate) use font::face_for;
pub use font::{FontGlyphs, InvalidFont};
pub(crate) use layout::wrap;
pub use layout::{layout, layout_sized, PageLayout, Rect, Rgb, Role, TextItem};

use super::{Doc, Part};

/// Width of every page, in pixels.
pub const PNG_WIDTH: u32 = 1080;

/// Tallest page, in pixels (1080 × 2400: a phone screen of 20:9).
pub const PNG_MAX_HEIGHT: u32 = 2400;

/// A landscape page (a phone turned sideways, 2400 × 1080): tables too
/// wide for an upright page (a season of many events).
pub const PNG_LANDSCAPE: (u32, u32) = (2400, 1080);

/// Where the renderer gets its glyphs. Sizes are em sizes in pixels.
pub trait Glyphs {
    /// How far the pen moves after `c`.
    fn advance(&self, c: char, px: f32) -> f32;
    /// Height above the baseline that text of this size reaches.
    fn ascent(&self, px: f32) -> f32;
    /// Depth below the baseline (positive).
    fn descent(&self, px: f32) -> f32;
    /// Whether the source has a glyph of its own for `c`.
    fn has(&self, c: char) -> bool;
    /// Rasterizes `c` with its origin at (`x`, `baseline`): `put(x, y,
    /// coverage)` for each pixel it touches, coverage in 0..=1.
    fn draw(&self, c: char, px: f32, x: f32, baseline: f32, put: &mut dyn FnMut(i32, i32, f32));
}

/// Drawn width of `s` at `px`.
pub fn measure(g: &dyn Glyphs, s: &str, px: f32) -> f32 {
    s.chars().map(|c| g.advance(c, px)).sum()
}

/// `s` cut with an ellipsis so that it is at most `max` pixels wide.
pub fn fit_width(g: &dyn Glyphs, s: &str, px: f32, max: f32) -> String {
    if measure(g, s, px) <= max {
        return s.to_string();
    }
    let ell = g.advance('…', px);
    let mut out = String::new();
    let mut w = 0.0;
    for c in s.chars() {
        let a = g.advance(c, px);
        if w + a + ell > max {
            break;
        }
        out.push(c);
        w += a;
    }
    if ell <= max {
        out.push('…');
    }
    out
}

/// The characters of `doc`'s printed text that `g` has no glyph for.
pub fn missing_chars(doc: &Doc, g: &dyn Glyphs) -> Vec<char> {
    let mut texts: Vec<&str> = vec![&doc.title];
    for p in &doc.parts {
        match p {
            Part::Heading(h) | Part::Note(h) => texts.push(h),
            Part::Info(v) => {
                for (k, x) in v {
                    texts.push(k);
                    texts.push(x);
                }
            }
            Part::Table(t) => {
                for c in &t.columns {
                    texts.push(&c.heading);
                }
                for r in &t.rows {
                    texts.extend(r.iter().map(String::as_str));
                }
            }
            Part::Imprint(i) => {
                texts.push(&i.printed);
                for (k, x) in &i.pairs {
                    texts.push(k);
                    texts.push(x);
                }
            }
            Part::Slips { slips, .. } => {
                for s in slips {
                    texts.push(&s.title);
                    texts.extend(s.sides.iter().map(String::as_str));
                    for r in &s.rows {
                        let (label, cells) = match r {
                            crate::report::SlipRow::Sides { label, red, black } => {
                                (label, vec![red, black])
                            }
                            crate::report::SlipRow::Span { label, cell } => (label, vec![cell]),
                        };
                        texts.push(label);
                        for c in cells {
                            match c {
                                crate::report::SlipCell::Text(t) => texts.push(t),
                                crate::report::SlipCell::Boxes(b) => {
                                    texts.extend(b.iter().map(String::as_str))
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
            Part::Qr(q) => {
                texts.push(&q.caption);
                texts.push(&q.url);
            }
            Part::PageBreak | Part::Certificate(_) | Part::Card(_) | Part::ScoreSheet(_) => {}
        }
    }
    let mut out: Vec<char> = texts
        .iter()
        .flat_map(|s| s.chars())
        .filter(|c| !c.is_control() && !c.is_whitespace() && !g.has(*c))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// An RGB image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    /// Rows top to bottom, three bytes a pixel.
    pub rgb: Vec<u8>,
}

impl Image {
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// Draws a page: white, the fills in order, then the texts (each clipped
/// to its box).
pub fn paint(page: &PageLayout, g: &dyn Glyphs) -> Image {
    let (w, h) = (page.width as i32, page.height as i32);
    let mut rgb = vec![255u8; 3 * (w * h).max(0) as usize];
    for (r, c) in &page.fills {
        for y in r.y.max(0)..r.bottom().min(h) {
            for x in r.x.max(0)..r.right().min(w) {
                let i = 3 * (y * w + x) as usize;
                rgb[i..i + 3].copy_from_slice(c);
            }
        }
    }
    for t in &page.texts {
        let clip = t.clip;
        let mut put = |x: i32, y: i32, cov: f32| {
            if x < clip.x.max(0) || x >= clip.right().min(w) || y < clip.y.max(0) {
                return;
            }
            if y >= clip.bottom().min(h) {
                return;
            }
            let a = cov.clamp(0.0, 1.0);
            let i = 3 * (y * w + x) as usize;
            for k in 0..3 {
                let bg = rgb[i + k] as f32;
                rgb[i + k] = (bg + (t.color[k] as f32 - bg) * a).round() as u8;
            }
        };
        for dx in [0.0, 1.0].iter().take(if t.bold { 2 } else { 1 }) {
            let mut x = t.x + dx;
            for c in t.text.chars() {
                g.draw(c, t.px, x, t.baseline, &mut put);
                x += g.advance(c, t.px);
            }
        }
    }
    Image {
        width: page.width,
        height: page.height,
        rgb,
    }
}

/// The PNG file of an image.
pub fn encode(img: &Image) -> Vec<u8> {
    let mut out = Vec::new();
    let mut e = png::Encoder::new(&mut out, img.width, img.height);
    e.set_color(png::ColorType::Rgb);
    e.set_depth(png::BitDepth::Eight);
    // fdeflate's fast mode: a sixth of the default level's time for files
    // about 1.4 times as big (a 16-board sheet: 240 and 430 KB).
    e.set_compression(png::Compression::Fast);
    // Writing to memory fails only on a size that does not match the
    // pixels, which `paint` never makes.
    let mut w = e.write_header().expect("PNG header of a painted image");
    w.write_image_data(&img.rgb)
        .expect("PNG data of a painted image");
    w.finish().expect("PNG end of a painted image");
    out
}

/// `doc` as PNG files, one per page.
pub fn render_png(doc: &Doc, g: &dyn Glyphs) -> Vec<Vec<u8>> {
    render_png_sized(doc, g, PNG_WIDTH, PNG_MAX_HEIGHT)
}

/// `doc` as PNG files `width` pixels wide, each at most `max_height` tall.
pub fn render_png_sized(doc: &Doc, g: &dyn Glyphs, width: u32, max_height: u32) -> Vec<Vec<u8>> {
    layout::layout_sized(doc, g, width, max_height)
        .iter()
        .map(|p| encode(&paint(p, g)))
        .collect()
}
