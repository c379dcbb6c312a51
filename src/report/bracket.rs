//! The knockout bracket chart (对阵图) and match slips: text (display-width
//! correct for Chinese names) and HTML on one A4 page (A3 beyond 32
//! players). Pure: a [`BracketDoc`] in, a string out.

use super::html::escape;
use unicode_width::UnicodeWidthStr;

/// One match as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketMatch {
    pub board: u32,
    /// Upper and lower slot (`None` = bye).
    pub a: String,
    pub b: Option<String>,
    pub winner: Option<String>,
    /// Score and what decided it (`2–0 games`), or the next step.
    pub note: String,
    pub third_place: bool,
}

/// A game due, for its slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    pub red: String,
    pub black: String,
    /// `regular game 1`, `play-off games:2, game 3` …
    pub what: String,
    pub time: String,
    /// Armageddon: who must win.
    pub note: Option<String>,
}

/// The whole chart, already in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketDoc {
    pub title: String,
    /// Round headings, one per round of the knockout (paired or not).
    pub round_names: Vec<String>,
    /// The paired rounds' matches, in bracket order.
    pub rounds: Vec<Vec<BracketMatch>>,
    /// The bracket size P.
    pub size: usize,
    pub champion: Option<String>,
    pub champion_label: String,
    pub third_place_label: String,
    pub bye_label: String,
    pub slips: Vec<Slip>,
}

/// The name in column `c` (0 = round-1 slots, c = winners of round c) at position `j`.
fn cell(doc: &BracketDoc, c: usize, j: usize) -> String {
    if c == 0 {
        let Some(m) = doc.rounds.first().and_then(|r| r.get(j / 2)) else {
            return String::new();
        };
        if j.is_multiple_of(2) {
            m.a.clone()
        } else {
            m.b.clone()
                .unwrap_or_else(|| format!("({})", doc.bye_label))
        }
    } else {
        doc.rounds
            .get(c - 1)
            .and_then(|r| r.iter().filter(|m| !m.third_place).nth(j))
            .and_then(|m| m.winner.clone())
            .unwrap_or_default()
    }
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(s.width())))
}

/// The chart drawn as a bracket, then each round's matches with their
/// scores and what decided them.
pub fn text(doc: &BracketDoc) -> String {
    let p = doc.size.max(2);
    let levels = p.trailing_zeros() as usize;
    let mut names: Vec<Vec<String>> = Vec::new();
    for c in 0..=levels {
        names.push((0..p >> c).map(|j| cell(doc, c, j)).collect());
    }
    let width = names
        .iter()
        .flatten()
        .map(|n| n.width())
        .max()
        .unwrap_or(4)
        .max(4)
        + 1;
    let rows = 2 * p - 1;
    // Row of entry j in column c.
    let mut centre: Vec<Vec<usize>> = vec![(0..p).map(|j| 2 * j).collect()];
    for c in 1..=levels {
        let prev = &centre[c - 1];
        centre.push(
            (0..p >> c)
                .map(|j| (prev[2 * j] + prev[2 * j + 1]) / 2)
                .collect(),
        );
    }
    let mut grid: Vec<String> = vec![String::new(); rows];
    for c in 0..=levels {
        // The names of column c, each followed by its connector towards c+1.
        for (r, line) in grid.iter_mut().enumerate() {
            let j = centre[c].iter().position(|&x| x == r);
            let text = j.map(|j| names[c][j].clone()).unwrap_or_default();
            line.push_str(&pad(&text, width));
            if c == levels {
                continue;
            }
            // Connector column between c and c+1.
            let mut ch = " ";
            for k in 0..(p >> (c + 1)) {
                let (t, b) = (centre[c][2 * k], centre[c][2 * k + 1]);
                let m = centre[c + 1][k];
                if r == t {
                    ch = "─┐";
                } else if r == b {
                    ch = "─┘";
                } else if r == m {
                    ch = " ├";
                } else if r > t && r < b {
                    ch = " │";
                }
            }
            line.push_str(&pad(ch, 2));
            line.push(' ');
        }
    }
    let mut out = format!("{}\n\n", doc.title);
    let heads: Vec<String> = (0..=levels)
        .map(|c| {
            let h = if c == 0 {
                doc.round_names.first().cloned().unwrap_or_default()
            } else if c == levels {
                doc.champion_label.clone()
            } else {
                doc.round_names.get(c).cloned().unwrap_or_default()
            };
            pad(&h, width + 3)
        })
        .collect();
    out.push_str(heads.concat().trim_end());
    out.push('\n');
    for line in grid {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
    for (i, r) in doc.rounds.iter().enumerate() {
        out.push_str(&format!(
            "{}\n",
            doc.round_names.get(i).cloned().unwrap_or_default()
        ));
        for m in r {
            let b =
                m.b.clone()
                    .unwrap_or_else(|| format!("({})", doc.bye_label));
            let tp = if m.third_place {
                format!(" [{}]", doc.third_place_label)
            } else {
                String::new()
            };
            let line = format!("  {:>2}  {} – {}{tp}  {}", m.board, m.a, b, m.note);
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    if let Some(c) = &doc.champion {
        out.push_str(&format!("\n{}: {c}\n", doc.champion_label));
    }
    out
}

/// The chart as one HTML page: a table with a column per round, each match
/// spanning the rows of its part of the bracket. A4 up to 32 players, A3 beyond.
pub fn html(doc: &BracketDoc) -> String {
    let p = doc.size.max(2);
    let levels = p.trailing_zeros() as usize;
    // A3 portrait beyond 32 players: 32 first-round matches need the
    // height, and six round columns fit its width.
    let page = if p > 32 {
        "A3 portrait"
    } else {
        "A4 landscape"
    };
    // Font size so that P rows fit on the page.
    let font = if p > 16 { 7.5 } else { 10.0 };
    let mut out = String::new();
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{t}</title>\n<style>\n\
         @page {{ size: {page}; margin: 10mm; }}\n\
         body {{ font-family: sans-serif; font-size: {font}pt; line-height: 1.1; margin: 0; }}\n\
         h1 {{ font-size: 14pt; margin: 0 0 4mm 0; }}\n\
         table.bracket {{ border-collapse: collapse; width: 100%; table-layout: fixed; page-break-inside: avoid; }}\n\
         table.bracket td {{ padding: 0 2mm; vertical-align: middle; border-right: 1px solid #444; }}\n\
         td.m {{ border-bottom: 1px solid #bbb; }}\n\
         td.m div {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}\n\
         td.m .w {{ font-weight: bold; }}\n\
         td.m .n {{ color: #555; font-size: 85%; }}\n\
         th {{ text-align: left; border-bottom: 1px solid #000; }}\n\
         </style></head><body>\n<h1>{t}</h1>\n<table class=\"bracket\">\n<tr>",
        t = escape(&doc.title)
    ));
    for c in 0..levels {
        out.push_str(&format!(
            "<th>{}</th>",
            escape(doc.round_names.get(c).map(String::as_str).unwrap_or(""))
        ));
    }
    out.push_str(&format!("<th>{}</th></tr>\n", escape(&doc.champion_label)));
    // Row i of P/2 rows of round-1 matches... use P rows: round r match k spans 2^r rows.
    for row in 0..p {
        out.push_str("<tr>");
        for c in 0..levels {
            let span = 2usize << c;
            if row % span != 0 {
                continue;
            }
            let k = row / span;
            let m = doc
                .rounds
                .get(c)
                .and_then(|r| r.iter().filter(|m| !m.third_place).nth(k));
            out.push_str(&format!("<td class=\"m\" rowspan=\"{span}\">"));
            match m {
                Some(m) => {
                    let w = |n: &str| {
                        if m.winner.as_deref() == Some(n) {
                            format!("<div class=\"w\">{}</div>", escape(n))
                        } else {
                            format!("<div>{}</div>", escape(n))
                        }
                    };
                    out.push_str(&w(&m.a));
                    out.push_str(&w(&m
                        .b
                        .clone()
                        .unwrap_or_else(|| format!("({})", doc.bye_label))));
                    out.push_str(&format!("<div class=\"n\">{}</div>", escape(&m.note)));
                }
                None => out.push_str("&nbsp;"),
            }
            out.push_str("</td>");
        }
        if row == 0 {
            out.push_str(&format!(
                "<td rowspan=\"{p}\" class=\"m\"><div class=\"w\">{}</div></td>",
                escape(doc.champion.as_deref().unwrap_or(""))
            ));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    if let Some(m) = doc
        .rounds
        .last()
        .and_then(|r| r.iter().find(|m| m.third_place))
    {
        out.push_str(&format!(
            "<p>{}: {} – {} <span class=\"n\">{}</span></p>\n",
            escape(&doc.third_place_label),
            escape(&m.a),
            escape(m.b.as_deref().unwrap_or("")),
            escape(&m.note)
        ));
    }
    out.push_str("</body></html>\n");
    out
}

/// Match slips for the games due, as text.
pub fn slips_text(doc: &BracketDoc) -> String {
    let mut out = String::new();
    for s in &doc.slips {
        out.push_str(&format!(
            "{}  R{} B{}  #{}  {}\n  red   {}\n  black {}\n  {}\n",
            doc.title, s.round, s.board, s.game_no, s.what, s.red, s.black, s.time
        ));
        if let Some(n) = &s.note {
            out.push_str(&format!("  {n}\n"));
        }
        out.push_str("  result: ________   moves: ____   clocks: ______ / ______\n\n");
    }
    out
}

/// Match slips as HTML (several per A4 page).
pub fn slips_html(doc: &BracketDoc) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n\
         @page {{ size: A4; margin: 12mm; }}\nbody {{ font-family: sans-serif; }}\n\
         .slip {{ border: 1px dashed #000; padding: 3mm; margin-bottom: 4mm; page-break-inside: avoid; }}\n\
         </style></head><body>\n",
        escape(&doc.title)
    );
    for s in &doc.slips {
        out.push_str(&format!(
            "<div class=\"slip\"><b>{}</b> R{} B{} #{} — {}<br>red: {}<br>black: {}<br>{}",
            escape(&doc.title),
            s.round,
            s.board,
            s.game_no,
            escape(&s.what),
            escape(&s.red),
            escape(&s.black),
            escape(&s.time)
        ));
        if let Some(n) = &s.note {
            out.push_str(&format!("<br><b>{}</b>", escape(n)));
        }
        out.push_str("<br>result: ________ moves: ____ clocks: ______ / ______</div>\n");
    }
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> BracketDoc {
        let m = |board, a: &str, b: Option<&str>, w: Option<&str>| BracketMatch {
            board,
            a: a.into(),
            b: b.map(String::from),
            winner: w.map(String::from),
            note: String::new(),
            third_place: false,
        };
        BracketDoc {
            title: "杯赛".into(),
            round_names: vec!["R1".into(), "R2".into()],
            rounds: vec![
                vec![
                    m(1, "王天一", None, Some("王天一")),
                    m(2, "赵鑫鑫", Some("许银川"), Some("许银川")),
                ],
                vec![m(1, "王天一", Some("许银川"), None)],
            ],
            size: 4,
            champion: None,
            champion_label: "champion".into(),
            third_place_label: "3rd".into(),
            bye_label: "bye".into(),
            slips: vec![],
        }
    }

    #[test]
    fn text_chart_draws_the_bracket() {
        let t = text(&doc());
        let lines: Vec<&str> = t.lines().collect();
        // Slot rows 0, 2, 4, 6 of the chart follow the title and headings.
        assert!(
            lines[3].starts_with("王天一") && lines[3].ends_with("─┐"),
            "{t}"
        );
        assert!(lines[4].contains("├ 王天一"), "{t}");
        assert!(
            lines[5].starts_with("(bye)  ─┘") && lines[5].ends_with('│'),
            "{t}"
        );
        assert!(
            lines[6].ends_with('├'),
            "the final's winner is not known yet:\n{t}"
        );
        assert!(lines[8].contains("├ 许银川"), "{t}");
        assert!(t.contains("  2  赵鑫鑫 – 许银川"), "{t}");
    }

    #[test]
    fn html_spans_rows_per_round() {
        let h = html(&doc());
        assert!(h.contains("size: A4 landscape"));
        assert_eq!(h.matches("rowspan=\"2\"").count(), 2);
        assert_eq!(h.matches("rowspan=\"4\"").count(), 2, "{h}");
        assert!(h.contains("<div class=\"w\">许银川</div>"));
    }
}

/// One line of a knockout's ranking: rank (`1`, `3=` …), name, each
/// round's match from the player's side (crosstable only), and the round
/// the player went out in (`None`: still in, or the champion).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnockoutRankLine {
    pub rank: String,
    pub name: String,
    pub rounds: Vec<String>,
    pub lost_in_round: Option<u32>,
}

/// A knockout's standings (the ranking of `specs/knockout.md`) or, with
/// round columns, its crosstable: columns `rank,name,[r1…],lost-in-round`.
pub fn ranking_doc(
    event: &super::EventInfo,
    lines: &[KnockoutRankLine],
    rounds: u32,
    crosstable: bool,
    lang: crate::i18n::Lang,
) -> super::Doc {
    use super::{ColKind, Column, Part, Table};
    use crate::i18n::tr;
    let kind = if crosstable {
        "rep.crosstable"
    } else {
        "rep.standings"
    };
    let mut cols = vec![
        Column::new("rank", tr(lang, "rep.col.rank"), ColKind::Number),
        Column::new("name", tr(lang, "rep.col.name"), ColKind::Text),
    ];
    if crosstable {
        for r in 1..=rounds {
            cols.push(Column::new(
                &format!("r{r}"),
                crate::i18n::msg!("ko.round", round = r).render(lang),
                ColKind::Text,
            ));
        }
    }
    cols.push(Column::new(
        "lost-in-round",
        tr(lang, "rep.ko.lost_in_round"),
        ColKind::Number,
    ));
    let mut t = Table::new(cols);
    for l in lines {
        let mut row = vec![l.rank.clone(), l.name.clone()];
        if crosstable {
            let mut cells = l.rounds.clone();
            cells.resize(rounds as usize, String::new());
            row.extend(cells);
        }
        row.push(l.lost_in_round.map(|r| r.to_string()).unwrap_or_default());
        t.rows.push(row);
    }
    super::Doc {
        title: format!("{} · {}", event.name, tr(lang, kind)),
        lang,
        parts: vec![
            Part::Heading(format!("{} · {}", event.name, tr(lang, kind))),
            Part::Table(t),
        ],
        landscape: false,
        csv: None,
    }
}
