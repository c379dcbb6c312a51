//! Fixed-width text for `lp`: columns aligned by display width (a Chinese
//! character takes two columns), pages of a fixed number of lines separated
//! by form feeds, table headings repeated at the top of every page, and a
//! footer with the page number.

use super::{Card, ColKind, Doc, Part, ScoreSheet};
use crate::i18n::tr;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

mod slips;
mod table;

use slips::{cut_line, slip_blocks};
use table::table_lines;

/// Display width, East Asian Ambiguous characters (… · — box drawing)
/// two columns in Chinese output (`cjk`), one elsewhere.
trait Dw {
    fn w(&self, cjk: bool) -> usize;
}

impl Dw for str {
    fn w(&self, cjk: bool) -> usize {
        match cjk {
            true => self.width_cjk(),
            false => self.width(),
        }
    }
}

impl Dw for String {
    fn w(&self, cjk: bool) -> usize {
        self.as_str().w(cjk)
    }
}

impl Dw for char {
    fn w(&self, cjk: bool) -> usize {
        match cjk {
            true => self.width_cjk().unwrap_or(0),
            false => self.width().unwrap_or(0),
        }
    }
}

/// 60 lines fit an A4 page at 6 lines per inch with `lp`'s default margins.
pub const DEFAULT_LINES_PER_PAGE: usize = 60;

/// The fewest lines per page accepted (a heading, a table heading, a row
/// and the footer).
const MIN_LINES_PER_PAGE: usize = 12;

/// Widest a note line gets before wrapping.
const NOTE_WIDTH: usize = 78;

/// A portrait A4 line at `lp`'s default 10 characters per inch.
pub const DEFAULT_WIDTH: usize = 80;

/// A landscape A4 line (wide crosstables and wall charts) at 12 cpi.
pub const LANDSCAPE_WIDTH: usize = 132;

/// The narrowest line accepted (`--width`).
pub const MIN_WIDTH: usize = 40;

/// Names and clubs are never cut below this many display columns.
const MIN_TEXT_COL: usize = 8;

/// A certificate as text: the title and the name centred (the name's
/// characters spaced out), the lines centred under it, the footer at the
/// right.
fn certificate_lines(c: &super::Certificate, width: usize) -> Vec<String> {
    let centre = |s: &str| {
        let s = fit(&clean(s), width);
        format!("{}{s}", " ".repeat(width.saturating_sub(s.width()) / 2))
    };
    let right = |s: &str| {
        let s = fit(&clean(s), width);
        format!("{}{s}", " ".repeat(width.saturating_sub(s.width() + 4)))
    };
    let spaced: String = c
        .name
        .chars()
        .map(|ch| ch.to_string())
        .collect::<Vec<_>>()
        .join(if c.name.is_ascii() { "" } else { " " });
    let mut out = vec![String::new(); 3];
    out.push(centre(&c.title));
    out.extend(vec![String::new(); 4]);
    out.push(centre(&spaced));
    out.extend(vec![String::new(); 3]);
    for l in &c.lines {
        out.push(centre(l));
        out.push(String::new());
    }
    out.extend(vec![String::new(); 3]);
    for l in &c.footer {
        out.push(right(l));
    }
    out
}

fn centre(s: &str, width: usize) -> String {
    let s = fit(s, width);
    format!("{}{s}", " ".repeat(width.saturating_sub(s.width()) / 2))
}

/// A card as text: the upper half (to fold back) and the lower half, each
/// with the large line spaced out.
pub fn card_lines(c: &Card, width: usize) -> Vec<String> {
    let big: String = c
        .big
        .chars()
        .map(|ch| ch.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let half = |out: &mut Vec<String>| {
        out.push(centre(&c.head, width));
        out.push(String::new());
        out.push(centre(&big, width));
        out.push(String::new());
        for l in &c.lines {
            out.push(centre(l, width));
        }
    };
    let mut out = vec![String::new()];
    half(&mut out);
    out.push(String::new());
    out.push("- ".repeat(width / 2));
    out.push(String::new());
    half(&mut out);
    out
}

/// A score sheet as text: the head, both names, the move grid in two
/// columns, the boxes.
pub fn score_sheet_lines(s: &ScoreSheet, width: usize) -> Vec<String> {
    // One A4 page of 60 lines: the head in three lines, the grid, the
    // boxes three to a line.
    let mut out = vec![centre(&s.title, width)];
    let joined = |items: Vec<String>| fit(&items.join("   "), width);
    out.push(joined(
        s.info.iter().map(|(k, v)| format!("{k}: {v}")).collect(),
    ));
    out.push(joined(
        s.sides
            .iter()
            .map(|(side, name)| format!("{side}: {name}"))
            .collect(),
    ));
    let half = s.moves.div_ceil(2);
    let cell = (width.saturating_sub(2 * 5 + 3)) / 4;
    let col = |t: &str, w: usize| {
        let t = fit(t, w);
        format!("{t}{}", " ".repeat(w.saturating_sub(t.width())))
    };
    let side = format!(
        "{} {} {}",
        col(&s.columns[0], 4),
        col(&s.columns[1], cell),
        col(&s.columns[2], cell)
    );
    out.push(format!("{side}  | {side}"));
    let blank = col(&"_".repeat(cell.saturating_sub(1)), cell);
    for i in 1..=half {
        let right = i + half;
        let r = if right <= s.moves {
            format!("{right:>4} {blank} {blank}")
        } else {
            String::new()
        };
        out.push(format!("{i:>4} {blank} {blank}  | {r}"));
    }
    for row in s.boxes.chunks(3) {
        out.push(joined(
            row.iter().map(|b| format!("{b}: __________")).collect(),
        ));
    }
    out
}

/// Renders `doc` as pages of `lines_per_page` lines (at least 12), pages
/// separated by form feeds (`\x0c`), lines at most 80 columns (or the
/// landscape width for a landscape document, or the width a wide table
/// needs: [`auto_width`]). Each page ends with a footer line.
pub fn render_text(doc: &Doc, lines_per_page: usize) -> String {
    render_text_auto(doc, lines_per_page)
}

/// The line width `doc` needs: 80 columns (132 for a landscape document),
/// 132 when a grid's (a crosstable's, a wall chart's) names of four
/// characters would not fit 80, wider still when a grid is wider than 132
/// even with its names cut to that.
pub fn auto_width(doc: &Doc) -> usize {
    let cjk = doc.lang != crate::i18n::Lang::En;
    let base = match doc.landscape {
        true => LANDSCAPE_WIDTH,
        false => DEFAULT_WIDTH,
    };
    let mut need = base;
    for p in &doc.parts {
        let Part::Table(t) = p else { continue };
        let widest = |lines: &[String]| lines.iter().map(|l| l.w(cjk)).max().unwrap_or(0);
        let fits = |w: usize| {
            let (lines, _, cut) = table_lines(t, w, cjk);
            let widest = widest(&lines);
            (!cut.short && widest <= w, widest)
        };
        // A grid (a crosstable, a wall chart) widens as far as it needs.
        // Another table cuts clubs and long names to the page, unless two
        // names then read alike ("Playe…" for every "Player N" of an
        // English pairing sheet): such a table is printed as wide as it
        // needs when the landscape width tells them apart.
        if !t
            .columns
            .iter()
            .any(|c| matches!(c.group, Some("round" | "opponent")))
        {
            if need < LANDSCAPE_WIDTH && table_lines(t, need, cjk).2.merged {
                let (lines, _, cut) = table_lines(t, LANDSCAPE_WIDTH, cjk);
                if !cut.merged {
                    need = need.max(widest(&lines));
                }
            }
            continue;
        }
        for w in [DEFAULT_WIDTH, LANDSCAPE_WIDTH] {
            if w < need {
                continue;
            }
            match fits(w) {
                (true, _) => {
                    need = need.max(w);
                    break;
                }
                (false, widest) if w == LANDSCAPE_WIDTH => need = need.max(widest.max(w)),
                _ => {}
            }
        }
    }
    need
}

/// [`render_text`] at the width the document needs ([`auto_width`]); a
/// portrait document printed wider than 80 columns says so under its
/// heading (to be printed across the page or at a smaller pitch).
pub fn render_text_auto(doc: &Doc, lines_per_page: usize) -> String {
    let width = auto_width(doc);
    if doc.landscape || width <= DEFAULT_WIDTH {
        return render_text_width(doc, lines_per_page, width);
    }
    let mut wide = doc.clone();
    let at = wide
        .parts
        .iter()
        .position(|p| matches!(p, Part::Heading(_)))
        .map_or(0, |i| i + 1);
    let note = crate::i18n::msg!("rep.text.wide", n = width).render(doc.lang);
    wide.parts.insert(at, Part::Note(note));
    render_text_width(&wide, lines_per_page, width)
}

/// [`render_text`] with lines of at most `width` display columns (at least
/// [`MIN_WIDTH`]): names and clubs that do not fit are cut with an ellipsis.
pub fn render_text_width(doc: &Doc, lines_per_page: usize, width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    // Chinese terminal and printer fonts draw … · — two columns wide.
    let cjk = doc.lang != crate::i18n::Lang::En;
    let lpp = lines_per_page.max(MIN_LINES_PER_PAGE);
    let mut p = Pager::new(lpp - 2);
    for part in &doc.parts {
        match part {
            Part::Heading(h) => {
                let h = fit_in(&clean(h), width, cjk);
                let w = h.w(cjk);
                p.keep(&[h, "=".repeat(w)], 3);
            }
            Part::Info(pairs) => {
                for l in wrap(&pairs_line(pairs), width, cjk) {
                    p.push(l);
                }
                p.push(String::new());
            }
            Part::Note(n) => {
                for l in wrap(&clean(n), NOTE_WIDTH.min(width), cjk) {
                    p.push(l);
                }
            }
            Part::Table(t) => {
                let (lines, shorts, _) = table_lines(t, width, cjk);
                let (head, body) = lines.split_at(2);
                // Keep the heading with at least one row.
                p.keep(&lines[..lines.len().min(3)], 0);
                p.repeat = head.to_vec();
                for l in body.iter().skip(1) {
                    p.push(l.clone());
                }
                p.repeat.clear();
                if !shorts.is_empty() {
                    let items: Vec<String> =
                        shorts.iter().map(|(s, f)| format!("{s} = {f}")).collect();
                    let list = items.join(tr(doc.lang, "rep.abbrev_sep"));
                    let legend = crate::i18n::msg!("rep.abbrev", list).render(doc.lang);
                    for l in wrap(&legend, NOTE_WIDTH.min(width), cjk) {
                        p.push(l);
                    }
                }
                p.push(String::new());
            }
            Part::Slips { per_page, slips } => {
                let blocks = slip_blocks(slips, width, cjk);
                let width = blocks.first().map(|b| b[0].w(cjk)).unwrap_or(40);
                let cut = cut_line(width, tr(doc.lang, "rep.slip.cut"), cjk);
                let tallest = blocks.iter().map(Vec::len).max().unwrap_or(1);
                let fit = (p.body / (tallest + 2)).max(1);
                let n = (*per_page).clamp(1, fit);
                for (i, b) in blocks.iter().enumerate() {
                    if i > 0 {
                        if i % n == 0 {
                            p.break_page();
                        } else {
                            p.push(String::new());
                            p.push(cut.clone());
                            p.push(String::new());
                        }
                    }
                    for l in b {
                        p.push(l.clone());
                    }
                }
            }
            Part::PageBreak => p.break_page(),
            Part::Certificate(c) => {
                for l in certificate_lines(c, width) {
                    p.push(l);
                }
            }
            Part::Card(c) => {
                for l in card_lines(c, width) {
                    p.push(l);
                }
            }
            Part::ScoreSheet(s) => {
                for l in score_sheet_lines(s, width) {
                    p.push(l);
                }
            }
            Part::Qr(q) => {
                let mut lines = q.text_lines();
                lines.push(clean(&q.caption));
                lines.push(clean(&q.url));
                p.keep(&lines, 0);
                p.push(String::new());
            }
            // Slips fill their pages: the footer carries the club and date.
            Part::Imprint(_) if doc.has_slips() => {}
            Part::Imprint(i) => {
                for l in wrap(&pairs_line(&i.pairs), width, cjk) {
                    p.push(l);
                }
                p.push(String::new());
            }
        }
    }
    let foot = doc.imprint().map(|i| clean(&i.footer()));
    p.finish(&clean(&doc.title), foot.as_deref(), doc.lang, width, cjk)
}

/// `label: value   label: value`; a pair without a label is its value.
fn pairs_line(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| match k.is_empty() {
            true => clean(v),
            false => format!("{}: {}", clean(k), clean(v)),
        })
        .collect::<Vec<_>>()
        .join("   ")
}

/// `s` cut to at most `width` display columns, with an ellipsis where cut.
pub fn fit(s: &str, width: usize) -> String {
    fit_in(s, width, false)
}

/// [`fit`] with East Asian Ambiguous characters (… · —) two columns wide
/// (`cjk`: Chinese output, which terminal and printer fonts draw so).
pub fn fit_in(s: &str, width: usize, cjk: bool) -> String {
    if s.w(cjk) <= width {
        return s.to_string();
    }
    if width == 0 {
        return String::new();
    }
    // The ellipsis itself is two columns wide in Chinese output.
    let ell = '…'.w(cjk);
    if width < ell {
        return String::new();
    }
    let mut out = String::new();
    let mut w = 0;
    for c in s.chars() {
        let cw = c.w(cjk);
        if w + cw + ell > width {
            break;
        }
        out.push(c);
        w += cw;
    }
    out.push('…');
    out
}

/// Lays lines out on pages of `body` lines.
struct Pager {
    body: usize,
    pages: Vec<Vec<String>>,
    cur: Vec<String>,
    /// Lines repeated at the top of a new page (a table's heading).
    repeat: Vec<String>,
}

impl Pager {
    fn new(body: usize) -> Pager {
        Pager {
            body,
            pages: Vec::new(),
            cur: Vec::new(),
            repeat: Vec::new(),
        }
    }

    fn push(&mut self, line: String) {
        if self.cur.len() >= self.body {
            self.break_page();
        }
        if self.cur.is_empty() {
            if line.is_empty() {
                return; // no blank line at the top of a page
            }
            self.cur.extend(self.repeat.iter().cloned());
        }
        self.cur.push(line);
    }

    /// Pushes `lines` together on one page (and `extra` lines after them
    /// must still fit), starting a new page when they would be split.
    fn keep(&mut self, lines: &[String], extra: usize) {
        let need = lines.len() + extra;
        if !self.cur.is_empty() && self.cur.len() + need > self.body && need <= self.body {
            self.break_page();
        }
        for l in lines {
            self.push(l.clone());
        }
    }

    fn break_page(&mut self) {
        if !self.cur.is_empty() {
            self.pages.push(std::mem::take(&mut self.cur));
        }
    }

    /// The pages with their footers: the title, the imprint's club and
    /// print date (`foot`), the page number.
    fn finish(
        mut self,
        title: &str,
        foot: Option<&str>,
        lang: crate::i18n::Lang,
        width: usize,
        cjk: bool,
    ) -> String {
        self.break_page();
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let n = self.pages.len();
        let mut out = String::new();
        for (i, page) in self.pages.iter().enumerate() {
            if i > 0 {
                out.push('\x0c');
            }
            for l in page {
                out.push_str(l);
                out.push('\n');
            }
            for _ in page.len()..self.body {
                out.push('\n');
            }
            let page_no =
                crate::i18n::msg!("rep.page", page = format!("{}/{n}", i + 1)).render(lang);
            out.push('\n');
            let page_no = match foot {
                Some(f) => format!("{f} — {page_no}"),
                None => page_no,
            };
            let room = width.saturating_sub(page_no.w(cjk) + 3);
            out.push_str(&format!("{} — {page_no}\n", fit_in(title, room, cjk)));
        }
        out
    }
}

/// Control characters (tabs, newlines) would break the columns: spaces instead.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Pads `s` to `width` display columns.
fn pad(s: &str, width: usize, kind: ColKind, cjk: bool) -> String {
    let w = s.w(cjk);
    let fill = width.saturating_sub(w);
    match kind {
        ColKind::Number => format!("{}{s}", " ".repeat(fill)),
        ColKind::Mark => {
            let left = fill / 2;
            format!("{}{s}{}", " ".repeat(left), " ".repeat(fill - left))
        }
        ColKind::Text | ColKind::WriteIn(_) => format!("{s}{}", " ".repeat(fill)),
    }
}

/// `s` wrapped at `width` terminal columns (the TUI's long notes).
pub fn wrapped(s: &str, width: usize) -> Vec<String> {
    wrap(s, width, false)
}

/// Greedy wrapping at `width` display columns: at spaces where there are
/// any, anywhere in runs without spaces (Chinese text).
fn wrap(s: &str, width: usize, cjk: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split(' ') {
        let sep = usize::from(!cur.is_empty());
        if cur.w(cjk) + sep + word.w(cjk) <= width {
            if sep == 1 {
                cur.push(' ');
            }
            cur.push_str(word);
            continue;
        }
        if !cur.is_empty() && word.w(cjk) <= width {
            lines.push(std::mem::take(&mut cur));
            cur.push_str(word);
            continue;
        }
        // A word longer than a line: break it by characters.
        if sep == 1 {
            cur.push(' ');
        }
        for c in word.chars() {
            if cur.w(cjk) + c.w(cjk) > width {
                lines.push(std::mem::take(&mut cur));
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_line_within_width() {
        let s = "中文没有空格所以要按字符断开，每个字占两列 and English words wrap at spaces";
        for l in wrap(s, 20, true) {
            assert!(l.width() <= 20, "{l}");
        }
        assert_eq!(wrap("a b", 10, false), vec!["a b"]);
        assert_eq!(wrap("", 10, false), vec![""]);
    }

    #[test]
    fn cut_lines_have_the_slip_width() {
        for w in [30, 31, 57, 80] {
            assert_eq!(cut_line(w, "剪开", true).width_cjk(), w);
        }
    }

    #[test]
    fn pad_aligns_by_display_width() {
        assert_eq!(pad("王", 4, ColKind::Text, false), "王  ");
        assert_eq!(pad("12", 4, ColKind::Number, false), "  12");
        assert_eq!(pad("r+", 4, ColKind::Mark, false), " r+ ");
    }
}
