//! One self-contained HTML file with print CSS: no network, no external
//! fonts or scripts. A4 by default; table headings repeat on every printed
//! page; slips are laid out a fixed number to a page with dashed cut lines;
//! page breaks between documents' pages.

use super::{Card, ColKind, Doc, Part, ScoreSheet, Slip, SlipCell, SlipRow, Table};
use crate::i18n::{tr, Lang};
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Fonts that carry Chinese on Windows, macOS and Linux, in the preferred
/// order for each language; Latin text takes the first font that has it.
fn font_stack(lang: Lang) -> &'static str {
    match lang {
        Lang::ZhHant => {
            "\"Noto Sans CJK TC\", \"Source Han Sans TC\", \"PingFang TC\", \"Heiti TC\", \
             \"Microsoft JhengHei\", \"PMingLiU\", \"Noto Sans CJK SC\", \"WenQuanYi Micro Hei\", \
             \"Droid Sans Fallback\", sans-serif"
        }
        _ => {
            "\"Noto Sans CJK SC\", \"Source Han Sans SC\", \"PingFang SC\", \"Hiragino Sans GB\", \
             \"Heiti SC\", \"Microsoft YaHei\", \"SimSun\", \"WenQuanYi Micro Hei\", \
             \"Droid Sans Fallback\", sans-serif"
        }
    }
}

/// Printable height of an A4 page with the margins below is 267 mm; slips
/// share a little less so rounding never spills onto a new page.
const SLIP_PAGE_MM: u32 = 262;

const CSS: &str = "\
@page { size: A4; margin: 16mm 12mm 14mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-size: 10.5pt; line-height: 1.3; color: #000; }
section + section { break-before: page; page-break-before: always; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
p.info { margin: 0 0 3mm 0; }
p.info span.k { font-weight: bold; }
p.info span.v { margin-right: 6mm; }
p.note { margin: 2mm 0; }
table.doc { border-collapse: collapse; width: 100%; margin-bottom: 3mm; }
table.doc thead { display: table-header-group; }
table.doc tr { break-inside: avoid; page-break-inside: avoid; }
table.doc th, table.doc td { border: 0.3mm solid #000; padding: 0.8mm 1.5mm; vertical-align: middle; }
table.doc th { background: #e8e8e8; font-weight: bold; text-align: center; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.mark { text-align: center; white-space: nowrap; }
td.write { height: 8mm; white-space: nowrap; }
td.name { white-space: nowrap; }
td.self { background: #bbb; }
div.slips { display: flex; flex-direction: column; }
div.slip { padding: 2mm 0 3mm 0; border-bottom: 0.4mm dashed #000; position: relative; break-inside: avoid; page-break-inside: avoid; }
div.slip:last-child { border-bottom: none; }
div.slip:not(:last-child)::after { content: \"\\2702\"; position: absolute; left: 2mm; bottom: -3mm; font-size: 13pt; line-height: 6mm; padding: 0 1mm; background: #fff; }
table.slip td.long { font-size: 8.5pt; line-height: 1.15; }
div.slip h2 { font-size: 12pt; margin: 0 0 2mm 0; }
table.slip { border-collapse: collapse; width: 100%; }
table.slip { line-height: 1.15; }
table.slip th, table.slip td { border: 0.3mm solid #000; padding: 0.5mm 2mm; height: 5.5mm; }
table.slip td.sign { height: 8.5mm; }
table.slip th { background: #e8e8e8; text-align: left; white-space: nowrap; width: 22%; }
table.slip td { width: 39%; }
span.box { display: inline-block; width: 4mm; height: 4mm; border: 0.3mm solid #000; vertical-align: middle; margin: 0 1.5mm 0 0; }
span.opt { margin-right: 8mm; white-space: nowrap; }
@media screen { body { margin: 8mm; max-width: 210mm; } section + section { border-top: 1px dashed #888; margin-top: 8mm; padding-top: 8mm; } }
nav.site { margin-bottom: 4mm; line-height: 1.9; }
nav.site a { margin-right: 1.5mm; white-space: nowrap; }
nav.site span.k { color: #555; margin-right: 1mm; }
@media screen and (max-width: 640px) {
  body { margin: 3mm; font-size: 11pt; }
  h1 { font-size: 13pt; }
  section + section { margin-top: 4mm; padding-top: 4mm; }
  table.doc { display: block; max-width: 100%; overflow-x: auto; }
  table.chart { display: block; max-width: 100%; overflow-x: auto; }
  table.doc td.name { position: sticky; left: 0; background: #fff; }
  table.doc td, table.doc th { padding: 1mm 1.2mm; }
  p.info span.v { margin-right: 3mm; }
  div.bw { font-size: 0.75em; }
}
";

/// The style of certificates, table cards and score sheets, added only
/// to a document that has them.
const CERT_CSS: &str = "\
div.cert { height: 176mm; border: 1.6mm double #a00; padding: 12mm 20mm; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; break-inside: avoid; page-break-inside: avoid; }
div.cert-title { font-size: 34pt; letter-spacing: 0.4em; margin-bottom: 12mm; color: #a00; }
div.cert-name { font-size: 56pt; font-weight: bold; letter-spacing: 0.2em; margin-bottom: 10mm; }
div.cert-name.long { font-size: 32pt; letter-spacing: 0.05em; }
div.cert-line { font-size: 20pt; margin: 1.5mm 0; }
div.cert-foot { align-self: flex-end; text-align: right; font-size: 16pt; margin-top: 14mm; line-height: 1.6; }
";
const CARD_CSS: &str = "\
div.card { height: 262mm; display: flex; flex-direction: column; }
div.card-half { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
div.card-half.top { transform: rotate(180deg); border-top: 0.3mm dashed #888; }
div.card-head { font-size: 14pt; margin-bottom: 6mm; }
div.card-big { font-size: 80pt; font-weight: bold; line-height: 1.1; }
div.card-line { font-size: 24pt; margin-top: 4mm; }
";
const SHEET_CSS: &str = "\
table.moves { border-collapse: collapse; width: 100%; font-size: 8pt; line-height: 1; }
table.moves th, table.moves td { border: 0.3mm solid #000; height: 3.9mm; padding: 0 1mm; }
table.moves th { background: #e8e8e8; }
table.moves td.n { text-align: center; width: 8%; }
table.moves td.gap, table.moves th.gap { border: none; background: none; width: 2%; }
table.sides { width: 100%; border-collapse: collapse; margin-bottom: 2mm; font-size: 11pt; }
table.sides td { border: 0.3mm solid #000; padding: 1mm 2mm; width: 50%; }
div.boxes { display: flex; flex-wrap: wrap; gap: 2mm 6mm; margin-top: 2mm; font-size: 10pt; }
div.boxes span { white-space: nowrap; }
";

/// The bracket chart's lines (only in documents that have a chart).
const CHART_CSS: &str = "\
table.chart { border-collapse: collapse; margin-bottom: 4mm; break-inside: avoid; page-break-inside: avoid; }
table.chart th { text-align: left; font-weight: bold; padding: 0 1.5mm 1mm 1.5mm; white-space: nowrap; }
table.chart td { padding: 0 1.5mm; height: 4.6mm; white-space: nowrap; }
table.chart td.cn { border-bottom: 0.3mm solid #000; min-width: 22mm; }
table.chart td.cn div { max-width: 34mm; overflow: hidden; text-overflow: ellipsis; }
table.chart td.l, table.chart td.lt, table.chart td.lm, table.chart td.lv, table.chart td.lb { width: 5mm; min-width: 5mm; padding: 0; }
table.chart td.lt { border-bottom: 0.3mm solid #000; }
table.chart td.lm, table.chart td.lv { border-right: 0.3mm solid #000; }
table.chart td.lb { border-right: 0.3mm solid #000; border-bottom: 0.3mm solid #000; }
@media screen and (max-width: 640px) {
  table.chart th { white-space: normal; font-size: 0.85em; }
  table.chart td.cn { min-width: 12mm; }
  table.chart td.cn div { max-width: 24mm; }
  table.chart td.l, table.chart td.lt, table.chart td.lm, table.chart td.lv, table.chart td.lb { width: 3mm; min-width: 3mm; }
}
";

/// Does a table draw a bracket chart?
fn is_chart(t: &Table) -> bool {
    t.columns
        .iter()
        .any(|c| c.key.starts_with(super::bracket::LINK_KEY))
}

/// A CSS string literal (inside `<style>`: no `<`, quotes and
/// backslashes escaped, no line breaks).
fn css_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' | '<' | '>' | '&' => {
                let _ = write!(out, "\\{:x} ", c as u32);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Every printed page carries the document's title (event, kind, round)
/// at the top and `第N/M页` at the bottom: page-margin boxes, which
/// Chromium prints (since version 131), so a sheet pinned up alone can be
/// identified.
fn running_heads(doc: &Doc) -> String {
    let page = tr(doc.lang, "rep.page");
    let (before, after) = page.split_once("{page}").unwrap_or((page, ""));
    let imprint = doc.imprint();
    let club = imprint.and_then(|i| i.club.as_deref()).unwrap_or("");
    let printed = imprint.map_or("", |i| i.printed.as_str());
    // The club and the print date where the document has them.
    let mut boxes = String::new();
    if !club.is_empty() {
        boxes.push_str(&format!(
            "@top-right {{ content: {}; font-size: 9pt; vertical-align: bottom; padding-bottom: 2mm; }} ",
            css_string(club)
        ));
    }
    if !printed.is_empty() {
        boxes.push_str(&format!(
            "@bottom-left {{ content: {}; font-size: 9pt; }} ",
            css_string(printed)
        ));
    }
    format!(
        "@page {{ @top-left {{ content: {}; font-size: 9pt; vertical-align: bottom; padding-bottom: 2mm; }} \
         {boxes}@bottom-right {{ content: {} counter(page) \"/\" counter(pages) {}; font-size: 9pt; }} }}\n",
        css_string(&doc.title),
        css_string(before),
        css_string(after),
    )
}

/// A card as HTML: two halves, the upper one turned upside down.
pub fn card_html(c: &Card) -> String {
    let half = |class: &str| {
        let mut s = format!(
            "<div class=\"card-half{class}\"><div class=\"card-head\">{}</div><div class=\"card-big\">{}</div>",
            escape(&c.head),
            escape(&c.big)
        );
        for l in &c.lines {
            s.push_str(&format!("<div class=\"card-line\">{}</div>", escape(l)));
        }
        s.push_str("</div>");
        s
    };
    format!("<div class=\"card\">{}{}</div>\n", half(" top"), half(""))
}

/// A score sheet as HTML.
pub fn score_sheet_html(s: &ScoreSheet) -> String {
    let mut o = format!("<h1>{}</h1>\n<p class=\"info\">", escape(&s.title));
    for (k, v) in &s.info {
        o.push_str(&format!(
            "<span class=\"k\">{}:</span> <span class=\"v\">{}</span> ",
            escape(k),
            escape(v)
        ));
    }
    o.push_str("</p>\n<table class=\"sides\"><tr>");
    for (side, name) in &s.sides {
        o.push_str(&format!(
            "<td><b>{}</b> {}</td>",
            escape(side),
            escape(name)
        ));
    }
    o.push_str("</tr></table>\n<table class=\"moves\"><thead><tr>");
    for _ in 0..2 {
        for c in &s.columns {
            o.push_str(&format!("<th>{}</th>", escape(c)));
        }
        o.push_str("<th class=\"gap\"></th>");
    }
    o.push_str("</tr></thead><tbody>\n");
    let half = s.moves.div_ceil(2);
    for i in 1..=half {
        o.push_str(&format!(
            "<tr><td class=\"n\">{i}</td><td></td><td></td><td class=\"gap\"></td>"
        ));
        let right = i + half;
        if right <= s.moves {
            o.push_str(&format!("<td class=\"n\">{right}</td><td></td><td></td>"));
        } else {
            o.push_str("<td></td><td></td><td></td>");
        }
        o.push_str("<td class=\"gap\"></td></tr>\n");
    }
    o.push_str("</tbody></table>\n<div class=\"boxes\">");
    for b in &s.boxes {
        o.push_str(&format!("<span>{}: ________________</span>", escape(b)));
    }
    o.push_str("</div>\n");
    o
}
/// Where a table cell links to (`table`, row, column → a URL), for the
/// published site: names to player pages, results to game pages.
pub type CellLinks<'a> = &'a dyn Fn(&Table, usize, usize) -> Option<String>;

/// Renders `doc` as one self-contained HTML page.
pub fn render_html(doc: &Doc) -> String {
    render_html_linked(doc, &|_, _, _| None)
}

/// [`render_html`] with table cells linked where `links` says.
pub fn render_html_linked(doc: &Doc, links: CellLinks) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{CSS}{}body {{ font-family: {}; }}\n{}{}</style>\n</head>\n<body>\n<section>\n",
        doc.lang.code(),
        escape(&doc.title),
        match doc.parts.iter().any(|p| matches!(p, Part::Table(t) if is_chart(t))) {
            true => CHART_CSS,
            false => "",
        },
        font_stack(doc.lang),
        // A certificate is a page of its own: no running title, no number.
        if doc.parts.iter().all(|p| {
            matches!(
                p,
                Part::Certificate(_) | Part::Card(_) | Part::PageBreak | Part::Note(_)
            )
        }) {
            String::new()
        } else {
            running_heads(doc)
        },
        if doc.landscape {
            "@page { size: A4 landscape; }\n"
        } else {
            ""
        },
    );
    // The style of the parts only some documents have.
    let has = |f: fn(&Part) -> bool| doc.parts.iter().any(f);
    let mut extra = String::new();
    if has(|p| matches!(p, Part::Certificate(_))) {
        extra.push_str(CERT_CSS);
    }
    if has(|p| matches!(p, Part::Card(_))) {
        extra.push_str(CARD_CSS);
    }
    if has(|p| matches!(p, Part::ScoreSheet(_))) {
        extra.push_str(SHEET_CSS);
    }
    if !extra.is_empty() {
        o = o.replacen("</style>", &format!("{extra}</style>"), 1);
    }
    for part in &doc.parts {
        match part {
            Part::Heading(h) => {
                let _ = writeln!(o, "<h1>{}</h1>", escape(h));
            }
            Part::Info(p) => {
                o.push_str("<p class=\"info\">");
                pairs(&mut o, p);
                o.push_str("</p>\n");
            }
            Part::Note(n) => {
                let _ = writeln!(o, "<p class=\"note\">{}</p>", escape(n));
            }
            Part::Table(t) => table(&mut o, t, links),
            Part::Slips { per_page, slips } => {
                let per = (*per_page).max(1);
                let mm = SLIP_PAGE_MM as f64 / per as f64;
                for (i, page) in slips.chunks(per).enumerate() {
                    if i > 0 {
                        o.push_str("</section>\n<section>\n");
                    }
                    o.push_str("<div class=\"slips\">\n");
                    for s in page {
                        slip(&mut o, s, mm, doc.lang);
                    }
                    o.push_str("</div>\n");
                }
            }
            Part::PageBreak => o.push_str("</section>\n<section>\n"),
            Part::Certificate(c) => {
                o.push_str("<div class=\"cert\">\n");
                let _ = writeln!(o, "<div class=\"cert-title\">{}</div>", escape(&c.title));
                // A long name (an event's on a cover, a foreign player's)
                // gets a smaller size so it stays on one line.
                let wide = c.name.width();
                let class = if wide > 10 {
                    "cert-name long"
                } else {
                    "cert-name"
                };
                let _ = writeln!(o, "<div class=\"{class}\">{}</div>", escape(&c.name));
                for l in &c.lines {
                    let _ = writeln!(o, "<div class=\"cert-line\">{}</div>", escape(l));
                }
                o.push_str("<div class=\"cert-foot\">");
                for l in &c.footer {
                    let _ = write!(o, "<div>{}</div>", escape(l));
                }
                o.push_str("</div>\n</div>\n");
            }
            Part::Card(c) => o.push_str(&card_html(c)),
            Part::ScoreSheet(s) => o.push_str(&score_sheet_html(s)),
            Part::Qr(q) => {
                let _ = writeln!(
                    o,
                    "<div class=\"qr\" style=\"break-inside: avoid; margin-top: 4mm;\">{}<p class=\"note\">{}<br>{}</p></div>",
                    q.svg(132),
                    escape(&q.caption),
                    escape(&q.url)
                );
            }
            // Slips fill their pages: the running heads carry the club and date.
            Part::Imprint(_) if doc.has_slips() => {}
            Part::Imprint(i) => {
                // The print date also on screen, where pages have no margins.
                o.push_str("<p class=\"info imprint\">");
                pairs(&mut o, &i.pairs);
                let _ = write!(o, "<span class=\"v\">{}</span>", escape(&i.printed));
                o.push_str("</p>\n");
            }
        }
    }
    o.push_str("</section>\n</body>\n</html>\n");
    o
}

/// Label/value pairs as spans; a pair without a label is its value.
fn pairs(o: &mut String, pairs: &[(String, String)]) {
    for (k, v) in pairs {
        if k.is_empty() {
            let _ = write!(o, "<span class=\"v\">{}</span>", escape(v));
            continue;
        }
        let _ = write!(
            o,
            "<span class=\"k\">{}:</span> <span class=\"v\">{}</span>",
            escape(k),
            escape(v)
        );
    }
}

fn table(o: &mut String, t: &Table, links: CellLinks) {
    use super::bracket::{CHART_KEY, LINK_BAR, LINK_BOTTOM, LINK_KEY, LINK_MID, LINK_TOP};
    if is_chart(t) {
        // A bracket chart: names underlined, the connectors drawn as lines.
        o.push_str("<table class=\"chart\">\n<thead><tr>");
        for c in &t.columns {
            let _ = write!(o, "<th>{}</th>", escape(&c.heading));
        }
        o.push_str("</tr></thead>\n<tbody>\n");
        for r in &t.rows {
            o.push_str("<tr>");
            for (i, c) in t.columns.iter().enumerate() {
                let v = r.get(i).map_or("", |s| s.as_str());
                if c.key.starts_with(LINK_KEY) {
                    let class = match v {
                        LINK_TOP => "lt",
                        LINK_MID => "lm",
                        LINK_BAR => "lv",
                        LINK_BOTTOM => "lb",
                        _ => "l",
                    };
                    let _ = write!(o, "<td class=\"{class}\"></td>");
                } else if c.key.starts_with(CHART_KEY) && !v.is_empty() {
                    // A long name is cut with an ellipsis, never widening the chart.
                    let _ = write!(
                        o,
                        "<td class=\"cn\" title=\"{0}\"><div>{0}</div></td>",
                        escape(v)
                    );
                } else {
                    o.push_str("<td></td>");
                }
            }
            o.push_str("</tr>\n");
        }
        o.push_str("</tbody>\n</table>\n");
        return;
    }
    o.push_str("<table class=\"doc\">\n<thead><tr>");
    for (i, c) in t.columns.iter().enumerate() {
        let style = match c.kind {
            // A Chinese character is about 1em, a Latin one about 0.5em; a
            // write-in column keeps its width however long the names are,
            // and is as wide as its widest entry (红方弃权), which never
            // wraps (the cell's padding on top).
            ColKind::WriteIn(w) => {
                let widest = t
                    .rows
                    .iter()
                    .map(|r| r.get(i).map_or(0, |s| s.width()))
                    .max()
                    .unwrap_or(0);
                format!(
                    " style=\"min-width: calc({0}em + 3.2mm); width: calc({0}em + 3.2mm)\"",
                    w.max(widest).div_ceil(2)
                )
            }
            _ => String::new(),
        };
        let _ = write!(o, "<th{style}>{}</th>", escape(&c.heading));
    }
    o.push_str("</tr></thead>\n<tbody>\n");
    for (ri, r) in t.rows.iter().enumerate() {
        o.push_str("<tr>");
        for (i, c) in t.columns.iter().enumerate() {
            let v = r.get(i).map_or("", |s| s.as_str());
            let class = match c.kind {
                ColKind::Text if is_name(&c.key) => " class=\"name\"",
                ColKind::Text => "",
                ColKind::Number => " class=\"num\"",
                ColKind::Mark if v == "#" => " class=\"self\"",
                ColKind::Mark => " class=\"mark\"",
                ColKind::WriteIn(_) => " class=\"write\"",
            };
            let v = if matches!(c.kind, ColKind::Mark) && v == "#" {
                ""
            } else {
                v
            };
            match links(t, ri, i).filter(|_| !v.is_empty()) {
                Some(href) => {
                    let _ = write!(
                        o,
                        "<td{class}><a href=\"{}\">{}</a></td>",
                        escape(&href),
                        escape(v)
                    );
                }
                None => {
                    let _ = write!(o, "<td{class}>{}</td>", escape(v));
                }
            }
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</tbody>\n</table>\n");
}

/// Name columns never break inside a name (clubs wrap instead).
fn is_name(key: &str) -> bool {
    matches!(
        key,
        "name" | "red" | "black" | "opponent" | "a" | "b" | "winner" | "home" | "away"
    )
}

fn cell(o: &mut String, c: &SlipCell, colspan: u32) {
    let span = if colspan > 1 {
        format!(" colspan=\"{colspan}\"")
    } else {
        String::new()
    };
    match c {
        SlipCell::Text(s) => {
            // A long name and club shrinks rather than pushing rows out.
            let class = match s.chars().count() > 24 {
                true => " class=\"long\"",
                false => "",
            };
            let _ = write!(o, "<td{span}{class}>{}</td>", escape(s));
        }
        SlipCell::Blank => {
            let _ = write!(o, "<td{span}></td>");
        }
        SlipCell::Sign => {
            let _ = write!(o, "<td{span} class=\"sign\"></td>");
        }
        SlipCell::Boxes(labels) => {
            let _ = write!(o, "<td{span}>");
            for l in labels {
                let _ = write!(
                    o,
                    "<span class=\"opt\"><span class=\"box\"></span>{}</span>",
                    escape(l)
                );
            }
            o.push_str("</td>");
        }
    }
}

fn slip(o: &mut String, s: &Slip, height_mm: f64, lang: Lang) {
    let _ = write!(
        o,
        "<div class=\"slip\" style=\"min-height: {height_mm:.1}mm\" title=\"{}\">\n<h2>{}</h2>\n<table class=\"slip\">\n<tr><th></th><th>{}</th><th>{}</th></tr>\n",
        escape(tr(lang, "rep.slip.cut")),
        escape(&s.title),
        escape(&s.sides[0]),
        escape(&s.sides[1]),
    );
    for r in &s.rows {
        match r {
            SlipRow::Sides { label, red, black } => {
                let _ = write!(o, "<tr><th>{}</th>", escape(label));
                cell(o, red, 1);
                cell(o, black, 1);
            }
            SlipRow::Span { label, cell: c } => {
                let _ = write!(o, "<tr><th>{}</th>", escape(label));
                cell(o, c, 2);
            }
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</table>\n</div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_heads_cannot_close_the_style_block() {
        let s = css_string("王 \"x\" </style><script>\\");
        assert!(!s.contains('<') && !s.contains('>'), "{s}");
        assert_eq!(s.matches('"').count(), 2, "{s}");
        assert!(s.starts_with("\"王 "));
    }

    #[test]
    fn a_long_certificate_name_gets_the_smaller_size() {
        let doc = |name: &str| Doc {
            title: "t".into(),
            lang: Lang::ZhHans,
            parts: vec![Part::Certificate(crate::report::Certificate {
                title: "荣誉证书".into(),
                name: name.into(),
                lines: vec![],
                footer: vec![],
            })],
            landscape: true,
            csv: None,
        };
        let short = render_html(&doc("王天一"));
        assert!(short.contains("<div class=\"cert-name\">王天一</div>"));
        let long = render_html(&doc("2025 秋季等级赛"));
        assert!(long.contains("<div class=\"cert-name long\">2025 秋季等级赛</div>"));
        let latin = render_html(&doc("Alexander Smith"));
        assert!(latin.contains("cert-name long"));
    }

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape("<b>\"王\" & 'li'</b>"),
            "&lt;b&gt;&quot;王&quot; &amp; &#39;li&#39;&lt;/b&gt;"
        );
    }
}
