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

use super::{ColKind, Doc, Part, Table};
use crate::i18n::{tr, Lang};
use ab_glyph::{Font, ScaleFont};

/// Width of every page, in pixels.
pub const PNG_WIDTH: u32 = 1080;

/// Tallest page, in pixels (1080 × 2400: a phone screen of 20:9).
pub const PNG_MAX_HEIGHT: u32 = 2400;

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
            Part::Slips { .. } | Part::PageBreak => {}
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
fn face_for(bytes: &[u8], lang: Lang) -> u32 {
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

/// An RGB colour.
pub type Rgb = [u8; 3];

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [26, 26, 26];
const GREY: Rgb = [96, 96, 96];
const HEAD_BG: Rgb = [43, 76, 111];
const ZEBRA: Rgb = [236, 242, 248];
const RULE: Rgb = [200, 208, 216];

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }
}

/// What a text on a page is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Heading,
    Info,
    Note,
    /// The document's title at the top of a continued page.
    RunningTitle,
    /// A table's heading cell (`table`: the table's index in the document).
    Header {
        table: usize,
        col: usize,
    },
    Cell {
        table: usize,
        row: usize,
        col: usize,
    },
    Footer,
}

/// A line of text placed on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct TextItem {
    pub text: String,
    /// Left end of the text and its baseline.
    pub x: f32,
    pub baseline: f32,
    /// Em size in pixels.
    pub px: f32,
    pub color: Rgb,
    /// Drawn twice, a pixel apart (headings).
    pub bold: bool,
    /// Nothing of the text is drawn outside this box.
    pub clip: Rect,
    pub role: Role,
}

/// A page: its size, the filled rectangles (drawn first, in order) and
/// the texts.
#[derive(Clone, Debug, PartialEq)]
pub struct PageLayout {
    pub width: u32,
    pub height: u32,
    pub fills: Vec<(Rect, Rgb)>,
    pub texts: Vec<TextItem>,
}

/// Sizes of the page's parts (em sizes in pixels at 1080 wide).
struct Style {
    margin: f32,
    title: f32,
    info: f32,
    note: f32,
    footer: f32,
    pad: f32,
}

const STYLE: Style = Style {
    margin: 36.0,
    title: 46.0,
    info: 30.0,
    note: 28.0,
    footer: 24.0,
    pad: 10.0,
};

/// Body text sizes tried, largest first, until a table fits the width.
const BODY_SIZES: [f32; 6] = [34.0, 32.0, 30.0, 28.0, 26.0, 24.0];

/// How a table is drawn: its text sizes, its columns' widths and which
/// headings are the short ones.
struct TableFit {
    body: f32,
    head: f32,
    widths: Vec<f32>,
    headings: Vec<String>,
    /// (short, full) headings used, for the legend under the table.
    shorts: Vec<(String, String)>,
}

impl TableFit {
    fn row_h(&self) -> f32 {
        (self.body * 1.7).round()
    }

    fn head_h(&self) -> f32 {
        (self.head * 2.0).round()
    }
}

/// Chooses sizes and column widths so `t` fits `avail` pixels: full
/// headings when they fit, else the short ones; names and clubs narrowed
/// (widest first) to no less than two characters; else smaller text.
fn fit_table(t: &Table, g: &dyn Glyphs, avail: f32) -> TableFit {
    let pad2 = 2.0 * STYLE.pad;
    let mut last = None;
    for body in BODY_SIZES {
        let head = (body - 6.0).max(22.0);
        let content: Vec<f32> = (0..t.columns.len())
            .map(|i| {
                t.rows
                    .iter()
                    .map(|r| r.get(i).map_or(0.0, |s| measure(g, s, body)))
                    .fold(0.0, f32::max)
            })
            .collect();
        let mut headings: Vec<String> = t.columns.iter().map(|c| c.heading.clone()).collect();
        let mut shorts = Vec::new();
        let natural = |hs: &[String]| -> Vec<f32> {
            hs.iter()
                .zip(&content)
                .map(|(h, c)| c.max(measure(g, h, head)).ceil() + pad2)
                .collect()
        };
        let mut widths = natural(&headings);
        // Short headings, where the heading is what makes a column wide.
        if widths.iter().sum::<f32>() > avail {
            for (i, c) in t.columns.iter().enumerate() {
                if let Some(s) = c.short.as_ref().filter(|s| **s != c.heading) {
                    if measure(g, &c.heading, head) > content[i] {
                        let pair = (s.clone(), c.heading.clone());
                        if !shorts.contains(&pair) {
                            shorts.push(pair);
                        }
                        headings[i] = s.clone();
                    }
                }
            }
            widths = natural(&headings);
        }
        let text: Vec<bool> = t.columns.iter().map(|c| c.kind == ColKind::Text).collect();
        let total: f32 = widths.iter().sum();
        if total > avail {
            // Narrow the text columns to a common cap, never below their
            // heading or two characters and an ellipsis.
            let floor: Vec<f32> = (0..widths.len())
                .map(|i| match text[i] {
                    true => (measure(g, &headings[i], head).max(measure(g, "中中…", body)) + pad2)
                        .min(widths[i]),
                    false => widths[i],
                })
                .collect();
            if floor.iter().sum::<f32>() > avail {
                last = Some((body, head, floor, headings, shorts));
                continue;
            }
            // Clubs give way first, then names and clubs together.
            let club: Vec<bool> = t.columns.iter().map(|c| c.key.contains("club")).collect();
            for phase in [&club, &text] {
                let capped = |cap: f32| -> f32 {
                    (0..widths.len())
                        .map(|i| match text[i] && phase[i] {
                            true => widths[i].min(cap).max(floor[i]),
                            false => widths[i],
                        })
                        .sum()
                };
                if capped(0.0) > avail {
                    // Not enough: this phase's columns at their floor.
                    for i in 0..widths.len() {
                        if text[i] && phase[i] {
                            widths[i] = floor[i];
                        }
                    }
                    continue;
                }
                let (mut lo, mut hi) = (0.0f32, avail);
                for _ in 0..40 {
                    let mid = (lo + hi) / 2.0;
                    if capped(mid) <= avail {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                for i in 0..widths.len() {
                    if text[i] && phase[i] {
                        widths[i] = widths[i].min(lo).max(floor[i]).floor();
                    }
                }
                break;
            }
        } else {
            // Room to spare goes to the text columns (all columns when
            // there are none), so the table spans the page.
            let spare = avail - total;
            let n = text.iter().filter(|x| **x).count();
            for i in 0..widths.len() {
                if n == 0 {
                    widths[i] += (spare / widths.len() as f32).floor();
                } else if text[i] {
                    widths[i] += (spare / n as f32).floor();
                }
            }
        }
        return TableFit {
            body,
            head,
            widths,
            headings,
            shorts,
        };
    }
    // Nothing fits even at the smallest size: every column shrunk in
    // proportion (texts are cut to their column).
    let (body, head, floor, headings, shorts) = last.unwrap_or((
        24.0,
        22.0,
        vec![avail / t.columns.len().max(1) as f32; t.columns.len()],
        t.columns.iter().map(|c| c.heading.clone()).collect(),
        Vec::new(),
    ));
    let sum: f32 = floor.iter().sum();
    TableFit {
        body,
        head,
        widths: floor.iter().map(|w| (w * avail / sum).floor()).collect(),
        headings,
        shorts,
    }
}

/// Where a line may break: after a space or a list's punctuation.
const BREAK_AFTER: [char; 7] = [' ', '；', '、', '，', '：', ';', ','];

/// Splits `s` into lines at most `max` pixels wide: at spaces where a line
/// has one, else between any two characters.
fn wrap(g: &dyn Glyphs, s: &str, px: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut w = 0.0;
    for c in s.chars() {
        let a = g.advance(c, px);
        if w + a > max && !cur.is_empty() {
            // Break after the last list punctuation, else the last space,
            // past the line's first third (a space is dropped).
            let last = |space: bool| {
                cur.char_indices()
                    .filter(|(_, c)| BREAK_AFTER.contains(c) && (*c == ' ') == space)
                    .map(|(i, c)| (i, c.len_utf8(), space))
                    .next_back()
                    .filter(|&(i, _, _)| measure(g, &cur[..i], px) > max / 3.0)
            };
            let cut = last(false).or_else(|| last(true));
            let rest = match cut {
                Some((i, n, space)) => {
                    let rest = cur[i + n..].to_string();
                    cur.truncate(if space { i } else { i + n });
                    rest
                }
                None => String::new(),
            };
            lines.push(std::mem::take(&mut cur));
            cur = rest;
            w = measure(g, &cur, px);
            if c == ' ' && cur.is_empty() {
                continue;
            }
        }
        cur.push(c);
        w += a;
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

/// Control characters are not drawn.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Lays pages out one after the other.
struct Pager<'a> {
    g: &'a dyn Glyphs,
    title: String,
    width: f32,
    max_h: f32,
    pages: Vec<PageLayout>,
    cur: PageLayout,
    y: f32,
    /// Whether the current page has anything on it.
    used: bool,
}

impl<'a> Pager<'a> {
    fn footer_h() -> f32 {
        (STYLE.footer * 2.2).round()
    }

    fn bottom(&self) -> f32 {
        self.max_h - Self::footer_h()
    }

    fn blank(width: f32) -> PageLayout {
        PageLayout {
            width: width as u32,
            height: 0,
            fills: Vec::new(),
            texts: Vec::new(),
        }
    }

    fn content_w(&self) -> f32 {
        self.width - 2.0 * STYLE.margin
    }

    /// Starts a new page (the current one kept when it has anything).
    fn break_page(&mut self) {
        if self.used {
            let mut page = std::mem::replace(&mut self.cur, Self::blank(self.width));
            page.height = (self.y + Self::footer_h()).ceil() as u32;
            self.pages.push(page);
        }
        self.y = STYLE.margin;
        self.used = false;
    }

    /// Room for `h` more pixels on this page; else a new page that starts
    /// with the running title when `running`.
    fn need(&mut self, h: f32, running: bool) {
        if self.used && self.y + h > self.bottom() {
            self.break_page();
            if running {
                self.running_title();
            }
        }
    }

    fn running_title(&mut self) {
        let px = STYLE.info;
        let w = self.content_w();
        let text = fit_width(self.g, &self.title, px, w);
        self.line(text, px, GREY, false, Role::RunningTitle);
        self.y += px * 0.4;
    }

    /// A line of text at the left margin, `px * 1.5` tall.
    fn line(&mut self, text: String, px: f32, color: Rgb, bold: bool, role: Role) {
        let h = (px * 1.5).round();
        let clip = Rect {
            x: STYLE.margin as i32,
            y: self.y as i32,
            w: self.content_w() as i32,
            h: h as i32,
        };
        let baseline = baseline_in(self.g, self.y, h, px);
        self.cur.texts.push(TextItem {
            text,
            x: STYLE.margin,
            baseline,
            px,
            color,
            bold,
            clip,
            role,
        });
        self.y += h;
        self.used = true;
    }

    /// Wrapped text, each line kept whole on a page.
    fn para(&mut self, s: &str, px: f32, color: Rgb, bold: bool, role: Role) {
        let w = self.content_w();
        for l in wrap(self.g, &clean(s), px, w) {
            self.need((px * 1.5).round(), true);
            self.line(l, px, color, bold, role);
        }
    }

    fn table(&mut self, t: &Table, index: usize, lang: Lang) {
        let fit = fit_table(t, self.g, self.content_w());
        let (head_h, row_h) = (fit.head_h(), fit.row_h());
        // The heading row with at least one row under it.
        self.need(head_h + row_h, true);
        self.header_row(t, index, &fit);
        for (r, row) in t.rows.iter().enumerate() {
            if self.y + row_h > self.bottom() {
                self.break_page();
                self.running_title();
                self.header_row(t, index, &fit);
            }
            let rect = Rect {
                x: STYLE.margin as i32,
                y: self.y as i32,
                w: self.content_w() as i32,
                h: row_h as i32,
            };
            if r % 2 == 1 {
                self.cur.fills.push((rect, ZEBRA));
            }
            let mut x = STYLE.margin;
            for (c, w) in fit.widths.iter().enumerate() {
                let s = clean(row.get(c).map_or("", String::as_str));
                self.cell(
                    &s,
                    x,
                    *w,
                    row_h,
                    fit.body,
                    t.columns[c].kind,
                    INK,
                    false,
                    Role::Cell {
                        table: index,
                        row: r,
                        col: c,
                    },
                );
                x += w;
            }
            self.y += row_h;
        }
        // A rule under the last row.
        self.cur.fills.push((
            Rect {
                x: STYLE.margin as i32,
                y: self.y as i32,
                w: self.content_w() as i32,
                h: 2,
            },
            RULE,
        ));
        self.y += 2.0;
        if !fit.shorts.is_empty() {
            self.y += STYLE.note * 0.3;
            let items: Vec<String> = fit
                .shorts
                .iter()
                .map(|(s, f)| format!("{s} = {f}"))
                .collect();
            let legend =
                tr(lang, "rep.abbrev").replace("{}", &items.join(tr(lang, "rep.abbrev_sep")));
            self.para(&legend, STYLE.note, GREY, false, Role::Note);
        }
        self.y += STYLE.note * 0.6;
    }

    fn header_row(&mut self, t: &Table, index: usize, fit: &TableFit) {
        let h = fit.head_h();
        self.cur.fills.push((
            Rect {
                x: STYLE.margin as i32,
                y: self.y as i32,
                w: self.content_w() as i32,
                h: h as i32,
            },
            HEAD_BG,
        ));
        let mut x = STYLE.margin;
        for (c, w) in fit.widths.iter().enumerate() {
            let kind = match t.columns[c].kind {
                ColKind::WriteIn(_) => ColKind::Mark,
                k => k,
            };
            let s = clean(&fit.headings[c]);
            self.cell(
                &s,
                x,
                *w,
                h,
                fit.head,
                kind,
                WHITE,
                true,
                Role::Header {
                    table: index,
                    col: c,
                },
            );
            x += w;
        }
        self.y += h;
        self.used = true;
    }

    #[allow(clippy::too_many_arguments)]
    fn cell(
        &mut self,
        s: &str,
        x: f32,
        w: f32,
        h: f32,
        px: f32,
        kind: ColKind,
        color: Rgb,
        bold: bool,
        role: Role,
    ) {
        let inner = (w - 2.0 * STYLE.pad).max(0.0);
        let text = fit_width(self.g, s, px, inner);
        if text.is_empty() {
            return;
        }
        let tw = measure(self.g, &text, px);
        let left = x + STYLE.pad;
        let tx = match kind {
            ColKind::Text => left,
            ColKind::Number => left + inner - tw,
            ColKind::Mark | ColKind::WriteIn(_) => left + (inner - tw) / 2.0,
        };
        self.cur.texts.push(TextItem {
            text,
            x: tx.max(left).round(),
            baseline: baseline_in(self.g, self.y, h, px),
            px,
            color,
            bold,
            clip: Rect {
                x: x as i32,
                y: self.y as i32,
                w: w as i32,
                h: h as i32,
            },
            role,
        });
    }
}

/// The baseline that centres a line of `px` text in a box `h` tall at `y`.
fn baseline_in(g: &dyn Glyphs, y: f32, h: f32, px: f32) -> f32 {
    let (a, d) = (g.ascent(px), g.descent(px));
    // Chinese characters sit between about 0.88 em above the baseline and
    // 0.12 em below; centre that, whatever the font's line metrics say.
    let (top, bottom) = (a.min(px * 0.88), d.min(px * 0.12));
    (y + (h + top - bottom) / 2.0).round()
}

/// Lays `doc` out as pages [`PNG_WIDTH`] wide and at most `max_height`
/// tall (the document's headings, info lines, notes and tables; result
/// slips are not drawn).
pub fn layout(doc: &Doc, g: &dyn Glyphs, max_height: u32) -> Vec<PageLayout> {
    let width = PNG_WIDTH as f32;
    let mut p = Pager {
        g,
        title: clean(&doc.title),
        width,
        max_h: (max_height as f32).max(600.0),
        pages: Vec::new(),
        cur: Pager::blank(width),
        y: STYLE.margin,
        used: false,
    };
    let mut tables = 0;
    for part in &doc.parts {
        match part {
            Part::Heading(h) => {
                // A heading keeps at least a line of what follows with it.
                p.need((STYLE.title * 1.5 + STYLE.info * 3.0).round(), false);
                if p.used {
                    p.y += STYLE.title * 0.3;
                }
                p.para(h, STYLE.title, INK, true, Role::Heading);
            }
            Part::Info(pairs) => {
                let items: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| match k.is_empty() {
                        true => v.clone(),
                        false => format!("{k}: {v}"),
                    })
                    .collect();
                // Items stay whole on a line where they fit one.
                let (px, w) = (STYLE.info, p.content_w());
                let mut lines: Vec<String> = Vec::new();
                for item in items {
                    match lines.last_mut() {
                        Some(l) if measure(g, &format!("{l}    {item}"), px) <= w => {
                            l.push_str("    ");
                            l.push_str(&item);
                        }
                        _ => lines.push(item),
                    }
                }
                for l in lines {
                    p.para(&l, px, GREY, false, Role::Info);
                }
                p.y += STYLE.info * 0.5;
            }
            Part::Note(n) => p.para(n, STYLE.note, INK, false, Role::Note),
            Part::Table(t) => {
                p.table(t, tables, doc.lang);
                tables += 1;
            }
            Part::Slips { .. } => {}
            Part::PageBreak => p.break_page(),
        }
    }
    p.break_page();
    let mut pages = p.pages;
    let n = pages.len();
    if n > 1 {
        let page = tr(doc.lang, "rep.png.page");
        for (i, pg) in pages.iter_mut().enumerate() {
            let text = page
                .replace("{n}", &(i + 1).to_string())
                .replace("{m}", &n.to_string());
            let h = Pager::footer_h();
            let y = pg.height as f32 - h;
            let tw = measure(g, &text, STYLE.footer);
            pg.texts.push(TextItem {
                x: (width - STYLE.margin - tw).round(),
                baseline: baseline_in(g, y, h, STYLE.footer),
                text,
                px: STYLE.footer,
                color: GREY,
                bold: false,
                clip: Rect {
                    x: 0,
                    y: y as i32,
                    w: width as i32,
                    h: h as i32,
                },
                role: Role::Footer,
            });
        }
    }
    pages
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
    layout(doc, g, PNG_MAX_HEIGHT)
        .iter()
        .map(|p| encode(&paint(p, g)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{
        pairing_sheet, standings, BoardLine, EventInfo, PairingSheetData, PlayerLine, StandingLine,
        StandingsData,
    };
    use unicode_width::UnicodeWidthChar;

    /// Glyphs without a font: a character is a filled box, half an em
    /// wide per display column.
    struct Boxes;

    impl Glyphs for Boxes {
        fn advance(&self, c: char, px: f32) -> f32 {
            c.width().unwrap_or(0) as f32 * px / 2.0
        }
        fn ascent(&self, px: f32) -> f32 {
            px * 0.88
        }
        fn descent(&self, px: f32) -> f32 {
            px * 0.12
        }
        fn has(&self, c: char) -> bool {
            c != '\u{e000}'
        }
        fn draw(
            &self,
            c: char,
            px: f32,
            x: f32,
            baseline: f32,
            put: &mut dyn FnMut(i32, i32, f32),
        ) {
            let w = self.advance(c, px);
            let top = (baseline - px * 0.8).round() as i32;
            for y in top..baseline.round() as i32 {
                for dx in 1..(w as i32 - 1).max(1) {
                    put(x as i32 + dx, y, 1.0);
                }
            }
        }
    }

    fn player(n: u32, long: bool) -> PlayerLine {
        PlayerLine {
            start_no: n,
            name: match long {
                true => format!("欧阳阿卜杜勒·穆罕默德·赛义德{n}"),
                false => format!("王{}", ["天一", "惟桐", "琦琳", "鑫"][n as usize % 4]),
            },
            club: Some(["杭州市象棋协会少年队", "四川", "Berlin XQ Club"][n as usize % 3].into()),
            rating: None,
            points: Some(crate::domain::Points(n as i64 % 5 * 100)),
        }
    }

    fn event() -> EventInfo {
        EventInfo {
            name: "2026 秋季赛".into(),
            time_control: Some("90+30".into()),
            rounds: Some(9),
            games_per_round: 1,
            ..Default::default()
        }
    }

    fn sheet(boards: u32, long: bool) -> Doc {
        pairing_sheet(
            &PairingSheetData {
                event: event(),
                round: 5,
                boards: (1..=boards)
                    .map(|b| BoardLine {
                        number: b,
                        red: player(2 * b - 1, long && b == 2),
                        black: Some(player(2 * b, false)),
                        results: if b % 3 == 0 {
                            vec!["1-0".into()]
                        } else {
                            vec![]
                        },
                    })
                    .collect(),
                absent: Vec::new(),
            },
            Lang::ZhHans,
        )
    }

    fn cells(pages: &[PageLayout], table: usize) -> Vec<(usize, usize, &TextItem)> {
        pages
            .iter()
            .flat_map(|p| &p.texts)
            .filter_map(|t| match t.role {
                Role::Cell { table: i, row, col } if i == table => Some((row, col, t)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_long_pairing_sheet_splits_with_every_row_drawn_and_the_heading_repeated() {
        let doc = sheet(60, false);
        let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
        // 60 boards do not fit one phone screen; the by-name list starts a page.
        assert!(pages.len() >= 4, "{} pages", pages.len());
        for p in &pages {
            assert_eq!(p.width, PNG_WIDTH);
            assert!(p.height <= PNG_MAX_HEIGHT, "{}", p.height);
        }
        // Every board's row is drawn once: its board number.
        let boards: Vec<usize> = cells(&pages, 0)
            .iter()
            .filter(|(_, c, _)| *c == 0)
            .map(|(r, _, _)| *r)
            .collect();
        assert_eq!(boards, (0..60).collect::<Vec<_>>());
        // The by-name table: 120 players.
        let names = cells(&pages, 1).iter().filter(|(_, c, _)| *c == 0).count();
        assert_eq!(names, 120);
        // Each page that holds rows of a table holds its heading row, above them.
        for table in [0, 1] {
            for (i, p) in pages.iter().enumerate() {
                let rows: Vec<f32> = p
                    .texts
                    .iter()
                    .filter(|t| matches!(t.role, Role::Cell { table: x, .. } if x == table))
                    .map(|t| t.baseline)
                    .collect();
                if rows.is_empty() {
                    continue;
                }
                let head = p
                    .texts
                    .iter()
                    .find(|t| matches!(t.role, Role::Header { table: x, col: 0 } if x == table))
                    .unwrap_or_else(|| {
                        panic!("page {} has rows of table {table} but no heading", i + 1)
                    });
                assert!(rows.iter().all(|b| *b > head.baseline));
                if i > 0 && !p.texts.iter().any(|t| t.role == Role::Heading) {
                    assert!(p
                        .texts
                        .iter()
                        .any(|t| t.role == Role::RunningTitle && t.text == doc.title));
                }
            }
        }
        // Pages are numbered 第N/M页.
        let n = pages.len();
        for (i, p) in pages.iter().enumerate() {
            let f: Vec<&str> = p
                .texts
                .iter()
                .filter(|t| t.role == Role::Footer)
                .map(|t| t.text.as_str())
                .collect();
            assert_eq!(f, [format!("第{}/{n}页", i + 1)]);
        }
    }

    #[test]
    fn no_text_is_wider_than_its_cell_and_long_names_are_cut() {
        let doc = sheet(8, true);
        let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
        let mut cut = 0;
        for p in &pages {
            for t in &p.texts {
                let w = measure(&Boxes, &t.text, t.px);
                let inside = t.x >= t.clip.x as f32 && t.x + w <= t.clip.right() as f32 + 0.5;
                assert!(inside, "{:?} {} wide", t, w);
                assert!(t.clip.right() <= PNG_WIDTH as i32);
                // The whole glyph box fits the row's height.
                assert!(t.baseline - t.px * 0.88 >= t.clip.y as f32, "{t:?}");
                assert!(t.baseline + t.px * 0.12 <= t.clip.bottom() as f32, "{t:?}");
                if t.text.ends_with('…') {
                    cut += 1;
                }
            }
        }
        // Board 2's red name is too long for its column.
        let name = cells(&pages, 0)
            .into_iter()
            .find(|(r, c, _)| *r == 1 && *c == 2)
            .unwrap()
            .2;
        assert!(
            name.text.starts_with("欧阳") && name.text.ends_with('…'),
            "{}",
            name.text
        );
        // Clubs gave way first: the name column is the wider.
        let club = cells(&pages, 0)
            .into_iter()
            .find(|(r, c, _)| *r == 1 && *c == 3)
            .unwrap()
            .2;
        assert!(name.clip.w > club.clip.w, "{:?} {:?}", name.clip, club.clip);
        assert!(cut >= 1);
        // Body text is readable on a phone.
        assert!(name.px >= 30.0, "{}", name.px);
    }

    #[test]
    fn painted_rows_are_zebra_striped_and_text_stays_in_its_cell() {
        let doc = sheet(6, false);
        let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
        let img = paint(&pages[0], &Boxes);
        assert_eq!((img.width, img.height), (PNG_WIDTH, pages[0].height));
        let rows: Vec<(i32, i32)> = {
            let mut v: Vec<(i32, i32)> = pages[0]
                .texts
                .iter()
                .filter_map(|t| match t.role {
                    Role::Cell {
                        table: 0, col: 0, ..
                    } => Some((t.clip.y, t.clip.bottom())),
                    _ => None,
                })
                .collect();
            v.dedup();
            v
        };
        assert_eq!(rows.len(), 6);
        // The left margin of the table: white, zebra, white, …
        let x = STYLE.margin as u32 + 2;
        for (i, (top, _)) in rows.iter().enumerate() {
            let want = if i % 2 == 1 { ZEBRA } else { WHITE };
            assert_eq!(img.pixel(x, *top as u32 + 2), want, "row {i}");
        }
        // Ink only inside the cells' boxes: the pixels between two rows'
        // text stay background.
        for t in pages[0]
            .texts
            .iter()
            .filter(|t| matches!(t.role, Role::Cell { .. }))
        {
            let inked = (t.clip.x..t.clip.right())
                .any(|x| (t.clip.y..t.clip.bottom()).any(|y| img.pixel(x as u32, y as u32) == INK));
            assert!(inked, "{} not drawn", t.text);
        }
        let png = encode(&img);
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn wide_standings_use_short_headings_and_smaller_text_before_cutting() {
        use crate::scoring::TieBreak;
        let tbs = vec![
            TieBreak::OpponentScore,
            TieBreak::SmallPoints,
            TieBreak::Progressive,
            TieBreak::Wins,
            TieBreak::BlackGames,
        ];
        let d = StandingsData {
            event: event(),
            after_round: 9,
            in_progress: None,
            tiebreaks: tbs.clone(),
            rating: true,
            rows: (1..=20)
                .map(|n| StandingLine {
                    rank: n,
                    shared: false,
                    player: PlayerLine {
                        rating: Some(2100),
                        ..player(n, false)
                    },
                    values: tbs.iter().map(|_| crate::domain::Points(1250)).collect(),
                    progress: (1..=9).map(|r| crate::domain::Points(r * 100)).collect(),
                })
                .collect(),
        };
        let doc = standings(&d, Lang::ZhHans);
        let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
        let all = cells(&pages, 0);
        assert_eq!(all.iter().filter(|(_, c, _)| *c == 0).count(), 20);
        // Numbers are never cut; a legend spells the short headings out.
        for (_, c, t) in &all {
            if *c != 2 && *c != 3 {
                assert!(!t.text.ends_with('…'), "{}", t.text);
            }
        }
        assert!(pages[0]
            .texts
            .iter()
            .any(|t| t.role == Role::Note && t.text.starts_with("简称")));
    }

    #[test]
    fn text_wraps_at_the_width_and_missing_glyphs_are_reported() {
        let lines = wrap(&Boxes, &"名次依次按积分".repeat(20), 28.0, 1000.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| measure(&Boxes, l, 28.0) <= 1000.0));
        assert_eq!(lines.concat(), "名次依次按积分".repeat(20));
        let words = wrap(&Boxes, "aaaa bbbb cccc", 20.0, 80.0);
        assert_eq!(words, ["aaaa", "bbbb", "cccc"]);
        // A list breaks after its separators, not inside an item.
        let list = wrap(
            &Boxes,
            "简称：比1 = 对手分；比2 = 小分；比3 = 胜局",
            20.0,
            300.0,
        );
        assert_eq!(list, ["简称：比1 = 对手分；", "比2 = 小分；比3 = 胜局"]);
        let mut doc = sheet(2, false);
        assert!(missing_chars(&doc, &Boxes).is_empty());
        doc.parts.push(Part::Note("x\u{e000}".into()));
        assert_eq!(missing_chars(&doc, &Boxes), ['\u{e000}']);
    }

    /// The system's CJK font, when there is one (the tests that need it
    /// skip on a machine without).
    fn system_font() -> Option<FontGlyphs> {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("skipped: no {path}");
            return None;
        };
        Some(FontGlyphs::from_bytes(bytes, Lang::ZhHans).expect("a font"))
    }

    #[test]
    fn a_cjk_collection_gives_its_simplified_face_and_real_glyphs() {
        let Some(f) = system_font() else { return };
        assert!(f.has('棋') && f.has('A'));
        // An em-sized Chinese character: about as wide as the size asked.
        let w = f.advance('棋', 34.0);
        assert!((33.0..=35.0).contains(&w), "{w}");
        let bytes =
            std::fs::read("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").unwrap();
        let sc = face_for(&bytes, Lang::ZhHans);
        let tc = face_for(&bytes, Lang::ZhHant);
        assert_ne!(sc, tc);
        let family = |i| {
            let face = ttf_parser::Face::parse(&bytes, i).unwrap();
            face.names()
                .into_iter()
                .find(|n| n.name_id == ttf_parser::name_id::FAMILY)
                .and_then(|n| n.to_string())
                .unwrap()
        };
        assert!(family(sc).ends_with("SC"), "{}", family(sc));
        assert!(family(tc).ends_with("TC"), "{}", family(tc));
        let pages = render_png(&sheet(3, true), &f);
        assert_eq!(pages.len(), 2);
        assert_eq!(&pages[0][1..4], b"PNG");
    }

    #[test]
    fn bytes_that_are_no_font_are_refused() {
        assert!(FontGlyphs::from_bytes(b"not a font".to_vec(), Lang::ZhHans).is_err());
    }
}
