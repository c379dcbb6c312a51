//! Laid-out pages as a PDF file: one Type0 font over a CID font, its
//! program a subset of the glyphs used (subsetter; CFF embedded as
//! `CIDFontType0C`, TrueType as `FontFile2`), a ToUnicode map so text can
//! be selected and searched, and every stream compressed.

use super::font::PdfFont;
use super::layout::{Item, Page};
use super::PdfError;
use crate::report::Doc;
use pdf_writer::types::{
    CidFontType, FontFlags, LineCapStyle, SystemInfo, TextRenderingMode, UnicodeCmap,
};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use std::collections::BTreeMap;
use std::io::Write;

const FONT: Name = Name(b"F1");

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to memory cannot fail.
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

/// The glyphs of the document, renumbered for the subset.
struct Glyphs {
    remap: subsetter::GlyphRemapper,
    /// New glyph id → the character it shows (for ToUnicode).
    chars: BTreeMap<u16, char>,
}

impl Glyphs {
    /// The subset's glyph for `c`.
    fn get(&mut self, font: &PdfFont, c: char) -> u16 {
        let new = self.remap.remap(font.glyph(c));
        if new != 0 {
            self.chars.entry(new).or_insert(c);
        }
        new
    }
}

/// A short stable tag for the subset's name (`ABCDEF+Name`), from the
/// glyphs it holds.
fn subset_tag(glyphs: &[u16]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for g in glyphs {
        for b in g.to_be_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    (0..6)
        .map(|i| (b'A' + ((h >> (i * 5)) % 26) as u8) as char)
        .collect()
}

pub(super) fn write(doc: &Doc, pages: &[Page], font: &PdfFont) -> Result<Vec<u8>, PdfError> {
    let mut glyphs = Glyphs {
        remap: subsetter::GlyphRemapper::new(),
        chars: BTreeMap::new(),
    };
    // The content streams first: they decide which glyphs are used.
    let contents: Vec<Vec<u8>> = pages
        .iter()
        .map(|p| content(p, font, &mut glyphs))
        .collect();

    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let catalog = alloc();
    let tree = alloc();
    let info = alloc();
    let type0 = alloc();
    let cid = alloc();
    let descriptor = alloc();
    let program = alloc();
    let cmap = alloc();
    let page_refs: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc())).collect();

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().map(|p| p.0))
        .count(pages.len() as i32);
    pdf.document_info(info)
        .title(TextStr(&doc.title))
        .creator(TextStr("qishe"))
        .producer(TextStr(concat!("qishe ", env!("CARGO_PKG_VERSION"))));
    for (p, (page_ref, content_ref)) in pages.iter().zip(&page_refs) {
        let mut page = pdf.page(*page_ref);
        page.parent(tree)
            .media_box(Rect::new(0.0, 0.0, p.width, p.height))
            .contents(*content_ref);
        page.resources().fonts().pair(FONT, type0);
        page.finish();
    }
    for (data, (_, content_ref)) in contents.iter().zip(&page_refs) {
        pdf.stream(*content_ref, &deflate(data))
            .filter(Filter::FlateDecode);
    }

    // The font: Type0 → CID font → descriptor → the subset's program.
    let sub = subsetter::subset(font.data, font.index, &glyphs.remap)
        .map_err(|e| PdfError::Subset(format!("{e:?}")))?;
    let used: Vec<u16> = glyphs.remap.remapped_gids().collect();
    let base = format!("{}+{}", subset_tag(&used), font.postscript_name());
    let cff = font.is_cff();
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let type0_name = match cff {
        true => format!("{base}-Identity-H"),
        false => base.clone(),
    };
    pdf.type0_font(type0)
        .base_font(Name(type0_name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let mut c = pdf.cid_font(cid);
    c.subtype(match cff {
        true => CidFontType::Type0,
        false => CidFontType::Type2,
    })
    .base_font(Name(base.as_bytes()))
    .system_info(system)
    .font_descriptor(descriptor)
    .default_width(0.0);
    if !cff {
        c.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    // Widths by new glyph id, in thousandths of the em.
    let widths: Vec<f32> = used.iter().map(|&old| font.advance_1000(old)).collect();
    c.widths().consecutive(0, widths);
    c.finish();

    let face = &font.face;
    let bb = face.global_bounding_box();
    let ascent = font.to_1000(face.ascender());
    let mut flags = FontFlags::SYMBOLIC;
    if face.is_monospaced() {
        flags |= FontFlags::FIXED_PITCH;
    }
    let mut d = pdf.font_descriptor(descriptor);
    d.name(Name(base.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(
            font.to_1000(bb.x_min),
            font.to_1000(bb.y_min),
            font.to_1000(bb.x_max),
            font.to_1000(bb.y_max),
        ))
        .italic_angle(0.0)
        .ascent(ascent)
        .descent(font.to_1000(face.descender()))
        .cap_height(face.capital_height().map_or(ascent, |h| font.to_1000(h)))
        .stem_v(80.0);
    match cff {
        true => d.font_file3(program),
        false => d.font_file2(program),
    };
    d.finish();
    // A CFF font is embedded as its bare CFF table.
    let data = match cff {
        true => ttf_parser::RawFace::parse(&sub, 0)
            .ok()
            .and_then(|f| f.table(ttf_parser::Tag::from_bytes(b"CFF ")))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| PdfError::Subset("no CFF table in the subset".into()))?,
        false => sub,
    };
    let packed = deflate(&data);
    let mut s = pdf.stream(program, &packed);
    s.filter(Filter::FlateDecode);
    if cff {
        s.pair(Name(b"Subtype"), Name(b"CIDFontType0C"));
    }
    s.finish();

    let mut map = UnicodeCmap::new(Name(b"Custom"), system);
    for (g, c) in &glyphs.chars {
        map.pair(*g, *c);
    }
    let map = deflate(&map.finish());
    pdf.cmap(cmap, &map).filter(Filter::FlateDecode);
    Ok(pdf.finish())
}

/// A page's content stream (points from the top left turned into PDF's
/// bottom-left space).
fn content(p: &Page, font: &PdfFont, glyphs: &mut Glyphs) -> Vec<u8> {
    let mut c = Content::new();
    let h = p.height;
    c.set_line_cap(LineCapStyle::ButtCap);
    for item in &p.items {
        match item {
            Item::Fill {
                x,
                y,
                w,
                h: rh,
                gray,
            } => {
                c.set_fill_gray(*gray);
                c.rect(*x, h - y - rh, *w, *rh);
                c.fill_nonzero();
            }
            Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                dashed,
            } => {
                c.set_line_width(*width);
                c.set_stroke_gray(0.0);
                if *dashed {
                    c.set_dash_pattern([3.0, 2.0], 0.0);
                }
                c.move_to(*x1, h - y1);
                c.line_to(*x2, h - y2);
                c.stroke();
                if *dashed {
                    c.set_dash_pattern([], 0.0);
                }
            }
            Item::Text {
                x,
                y,
                size,
                bold,
                gray,
                text,
                turned,
            } => {
                let mut bytes = Vec::with_capacity(text.len() * 2);
                for ch in text.chars() {
                    bytes.extend(glyphs.get(font, ch).to_be_bytes());
                }
                c.set_fill_gray(*gray);
                c.begin_text();
                c.set_font(FONT, *size);
                if *bold {
                    // Bold without a bold face: the outline stroked too.
                    c.set_stroke_gray(*gray);
                    c.set_line_width(size / 30.0);
                    c.set_text_rendering_mode(TextRenderingMode::FillStroke);
                } else {
                    c.set_text_rendering_mode(TextRenderingMode::Fill);
                }
                let m = match turned {
                    true => [-1.0, 0.0, 0.0, -1.0, *x, h - y],
                    false => [1.0, 0.0, 0.0, 1.0, *x, h - y],
                };
                c.set_text_matrix(m);
                c.show(Str(&bytes));
                c.end_text();
            }
        }
    }
    c.finish().into_vec()
}
