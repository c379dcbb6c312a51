//! Where every text and rectangle of a page goes: the table fitted to the
//! width, lines wrapped, pages cut with the heading repeated.

use super::{fit_width, measure, Glyphs, PNG_WIDTH};
use crate::i18n::{tr, Lang};
use crate::report::bracket::{LINK_BAR, LINK_BOTTOM, LINK_KEY, LINK_MID, LINK_TOP};
use crate::report::{ColKind, Doc, Part, Table};

/// A column of players' names (kept whole while the table can shrink).
fn is_name(key: &str) -> bool {
    matches!(key, "name" | "red" | "black" | "opponent" | "player")
}

/// Does a table draw a bracket chart (`report::bracket`)?
fn is_chart(t: &Table) -> bool {
    t.columns.iter().any(|c| c.key.starts_with(LINK_KEY))
}

/// An RGB colour.
pub type Rgb = [u8; 3];

pub(super) const WHITE: Rgb = [255, 255, 255];
pub(super) const INK: Rgb = [26, 26, 26];
pub(super) const GREY: Rgb = [96, 96, 96];
pub(super) const HEAD_BG: Rgb = [43, 76, 111];
pub(super) const ZEBRA: Rgb = [236, 242, 248];
pub(super) const RULE: Rgb = [200, 208, 216];

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
pub(super) struct Style {
    pub(super) margin: f32,
    title: f32,
    info: f32,
    note: f32,
    footer: f32,
    pad: f32,
}

pub(super) const STYLE: Style = Style {
    margin: 36.0,
    title: 46.0,
    info: 30.0,
    note: 28.0,
    footer: 24.0,
    pad: 10.0,
};

/// Body text sizes tried, largest first, until a table fits the width.
pub(super) const BODY_SIZES: [f32; 6] = [34.0, 32.0, 30.0, 28.0, 26.0, 24.0];

/// How a table is drawn: its text sizes, its columns' widths and which
/// headings are the short ones.
pub(super) struct TableFit {
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
pub(super) fn fit_table(t: &Table, g: &dyn Glyphs, avail: f32) -> TableFit {
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
            // A group shortens together when any of it must.
            let grouped: Vec<&str> = t
                .columns
                .iter()
                .enumerate()
                .filter(|(i, c)| c.short.is_some() && measure(g, &c.heading, head) > content[*i])
                .filter_map(|(_, c)| c.group)
                .collect();
            for (i, c) in t.columns.iter().enumerate() {
                if let Some(s) = c.short.as_ref().filter(|s| **s != c.heading) {
                    let in_group = c.group.is_some_and(|gr| grouped.contains(&gr));
                    if in_group || measure(g, &c.heading, head) > content[i] {
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
            // heading or two characters and an ellipsis; a player's name
            // not below six characters (four-character names whole) while
            // a smaller size would show it.
            let floor: Vec<f32> = (0..widths.len())
                .map(|i| {
                    let least = match is_name(&t.columns[i].key) {
                        true => "中中中中中中…",
                        false => "中中…",
                    };
                    match text[i] {
                        true => (measure(g, &headings[i], head).max(measure(g, least, body))
                            + pad2)
                            .min(widths[i]),
                        false => widths[i],
                    }
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
pub(super) const BREAK_AFTER: [char; 7] = [' ', '；', '、', '，', '：', ';', ','];

/// Splits `s` into lines at most `max` pixels wide: at spaces where a line
/// has one, else between any two characters.
pub(crate) fn wrap(g: &dyn Glyphs, s: &str, px: f32, max: f32) -> Vec<String> {
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
                    // After `, ` the next line starts at the word.
                    let rest = cur[i + n..].trim_start_matches(' ').to_string();
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
pub(super) fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Lays pages out one after the other.
pub(super) struct Pager<'a> {
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
    /// Label/value pairs in grey, items kept whole on a line where they fit.
    fn info(&mut self, pairs: &[(String, String)]) {
        let g = self.g;
        let items: Vec<String> = pairs
            .iter()
            .map(|(k, v)| match k.is_empty() {
                true => v.clone(),
                false => format!("{k}: {v}"),
            })
            .collect();
        let (px, w) = (STYLE.info, self.content_w());
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
            self.para(&l, px, GREY, false, Role::Info);
        }
        self.y += STYLE.info * 0.5;
    }

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
            let chart = is_chart(t);
            if r % 2 == 1 && !chart {
                self.cur.fills.push((rect, ZEBRA));
            }
            let mut x = STYLE.margin;
            for (c, w) in fit.widths.iter().enumerate() {
                let s = clean(row.get(c).map_or("", String::as_str));
                if chart {
                    // A bracket chart: names underlined, connectors as lines.
                    let link = t.columns[c].key.starts_with(LINK_KEY);
                    let line = |x: f32, y: f32, w: f32, h: f32| Rect {
                        x: x as i32,
                        y: y as i32,
                        w: w as i32,
                        h: h as i32,
                    };
                    let (right, bottom) = match (link, s.as_str()) {
                        (true, LINK_TOP) => (false, true),
                        (true, LINK_MID) | (true, LINK_BAR) => (true, false),
                        (true, LINK_BOTTOM) => (true, true),
                        (true, _) => (false, false),
                        (false, v) => (false, !v.is_empty()),
                    };
                    if bottom {
                        let l = line(x, self.y + row_h - 2.0, *w, 2.0);
                        self.cur.fills.push((l, INK));
                    }
                    if right {
                        let l = line(x + w - 2.0, self.y, 2.0, row_h);
                        self.cur.fills.push((l, INK));
                    }
                    if link {
                        x += w;
                        continue;
                    }
                }
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
            let list = items.join(tr(lang, "rep.abbrev_sep"));
            let legend = crate::i18n::msg!("rep.abbrev", list).render(lang);
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
pub(super) fn baseline_in(g: &dyn Glyphs, y: f32, h: f32, px: f32) -> f32 {
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
    layout_sized(doc, g, PNG_WIDTH, max_height)
}

/// [`layout`] on pages `width` pixels wide.
pub fn layout_sized(doc: &Doc, g: &dyn Glyphs, width: u32, max_height: u32) -> Vec<PageLayout> {
    let width = width as f32;
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
            Part::Info(pairs) => p.info(pairs),
            // On a phone page the print date goes with the club's line.
            Part::Imprint(i) => {
                let mut pairs = i.pairs.clone();
                pairs.push((String::new(), i.printed.clone()));
                p.info(&pairs);
            }
            Part::Note(n) => p.para(n, STYLE.note, INK, false, Role::Note),
            Part::Table(t) => {
                p.table(t, tables, doc.lang);
                tables += 1;
            }
            Part::Slips { .. }
            | Part::Certificate(_)
            | Part::Card(_)
            | Part::ScoreSheet(_)
            | Part::Qr(_) => {}
            Part::PageBreak => p.break_page(),
        }
    }
    p.break_page();
    let mut pages = p.pages;
    let n = pages.len();
    if n > 1 {
        for (i, pg) in pages.iter_mut().enumerate() {
            let text = crate::i18n::msg!("rep.png.page", n = i + 1, m = n).render(doc.lang);
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
