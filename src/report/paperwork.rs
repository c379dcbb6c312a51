//! The paper of the playing hall: table cards (台签) and move-recording
//! sheets (记录纸), built from plain data and drawn by every renderer (the
//! text and HTML forms of [`Card`] and [`ScoreSheet`] are here).

use super::html::escape;
use super::text::fit;
use super::{Card, Doc, Part, ScoreSheet};
use crate::i18n::{msg, tr, Lang};
use unicode_width::UnicodeWidthStr;

/// One side of a board as a card or a sheet shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub club: Option<String>,
    /// Start number (or seed); 0: none.
    pub no: u32,
}

impl Seat {
    fn label(&self) -> String {
        let mut s = String::new();
        if self.no > 0 {
            s.push_str(&format!("({}) ", self.no));
        }
        s.push_str(&self.name);
        if let Some(c) = self.club.as_ref().filter(|c| !c.is_empty()) {
            s.push_str(&format!(" · {c}"));
        }
        s
    }
}

/// A board of a round: its number (as the hall numbers it), an optional
/// label (a team match: `第2场 红星 – 蓝天`), red and black.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HallBoard {
    pub number: u32,
    pub label: Option<String>,
    pub red: Seat,
    /// `None`: a bye (no card, no sheet).
    pub black: Option<Seat>,
}

/// What the table cards and the score sheets show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallData {
    pub event: String,
    pub date: Option<chrono::NaiveDate>,
    /// `None`: name cards, one per player in `players`.
    pub round: Option<u32>,
    pub boards: Vec<HallBoard>,
    pub players: Vec<Seat>,
    /// The moves a score sheet has rows for.
    pub moves: u32,
}

/// Table cards: with a round, a folded card per board (board number
/// large, both names); without, a name card per player.
pub fn table_cards(d: &HallData, lang: Lang) -> Doc {
    let mut cards = Vec::new();
    match d.round {
        Some(r) => {
            let head = format!(
                "{} · {}",
                d.event,
                msg!("book.round", round = r).render(lang)
            );
            for b in d.boards.iter().filter(|b| b.black.is_some()) {
                let mut lines = Vec::new();
                if let Some(l) = &b.label {
                    lines.push(l.clone());
                }
                lines.push(format!("{} {}", tr(lang, "rep.col.red"), b.red.label()));
                if let Some(bl) = &b.black {
                    lines.push(format!("{} {}", tr(lang, "rep.col.black"), bl.label()));
                }
                cards.push(Card {
                    head: head.clone(),
                    big: msg!("book.board", board = b.number).render(lang),
                    lines,
                });
            }
        }
        None => {
            for p in &d.players {
                cards.push(Card {
                    head: d.event.clone(),
                    big: p.name.clone(),
                    lines: p.club.iter().filter(|c| !c.is_empty()).cloned().collect(),
                });
            }
        }
    }
    let mut parts = Vec::new();
    for (i, c) in cards.into_iter().enumerate() {
        if i > 0 {
            parts.push(Part::PageBreak);
        }
        parts.push(Part::Card(c));
    }
    if parts.is_empty() {
        parts.push(Part::Note(tr(lang, "book.no_boards").to_string()));
    }
    let kind = tr(lang, "book.table_cards");
    Doc {
        title: match d.round {
            Some(r) => format!(
                "{} · {kind} · {}",
                d.event,
                msg!("book.round", round = r).render(lang)
            ),
            None => format!("{} · {kind}", d.event),
        },
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}

/// Move-recording sheets: one per game of the round.
pub fn score_sheets(d: &HallData, lang: Lang) -> Doc {
    let r = d.round.unwrap_or(1);
    let mut parts = Vec::new();
    for b in d.boards.iter() {
        let Some(black) = &b.black else { continue };
        if !parts.is_empty() {
            parts.push(Part::PageBreak);
        }
        let mut info = vec![
            (tr(lang, "book.label.event").to_string(), d.event.clone()),
            (tr(lang, "book.label.round").to_string(), r.to_string()),
            (
                tr(lang, "book.label.board").to_string(),
                b.number.to_string(),
            ),
        ];
        if let Some(l) = &b.label {
            info.push((tr(lang, "book.label.match").to_string(), l.clone()));
        }
        info.push((
            tr(lang, "book.label.date").to_string(),
            d.date.map(|x| x.to_string()).unwrap_or_default(),
        ));
        parts.push(Part::ScoreSheet(ScoreSheet {
            title: tr(lang, "book.score_sheet").to_string(),
            info,
            sides: [
                (tr(lang, "rep.col.red").to_string(), b.red.label()),
                (tr(lang, "rep.col.black").to_string(), black.label()),
            ],
            moves: d.moves,
            columns: [
                tr(lang, "book.col.move").to_string(),
                tr(lang, "rep.col.red").to_string(),
                tr(lang, "rep.col.black").to_string(),
            ],
            boxes: [
                "book.box.result",
                "book.box.moves",
                "book.box.red_time",
                "book.box.black_time",
                "book.box.red_sign",
                "book.box.black_sign",
                "book.box.arbiter_sign",
            ]
            .iter()
            .map(|k| tr(lang, k).to_string())
            .collect(),
        }));
    }
    if parts.is_empty() {
        parts.push(Part::Note(tr(lang, "book.no_boards").to_string()));
    }
    Doc {
        title: format!(
            "{} · {} · {}",
            d.event,
            tr(lang, "book.score_sheets"),
            msg!("book.round", round = r).render(lang)
        ),
        lang,
        parts,
        landscape: false,
        csv: None,
    }
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

/// A score sheet as text: the head, both names, the move grid in two
/// columns, the boxes.
pub fn score_sheet_lines(s: &ScoreSheet, width: usize) -> Vec<String> {
    let mut out = vec![centre(&s.title, width), String::new()];
    out.push(
        s.info
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("   "),
    );
    for (side, name) in &s.sides {
        out.push(format!("{side}: {name}"));
    }
    out.push(String::new());
    let half = s.moves.div_ceil(2);
    let cell = (width.saturating_sub(2 * 5 + 3)) / 4;
    let col = |t: &str, w: usize| {
        let t = fit(t, w);
        format!("{t}{}", " ".repeat(w.saturating_sub(t.width())))
    };
    let head = format!(
        "{} {} {} | {} {} {}",
        col(&s.columns[0], 4),
        col(&s.columns[1], cell),
        col(&s.columns[2], cell),
        col(&s.columns[0], 4),
        col(&s.columns[1], cell),
        col(&s.columns[2], cell)
    );
    out.push(head);
    let blank = "_".repeat(cell.saturating_sub(1));
    for i in 1..=half {
        let right = i + half;
        let r = if right <= s.moves {
            format!("{right:>4} {blank}  {blank}")
        } else {
            String::new()
        };
        out.push(format!("{i:>4} {blank}  {blank}  | {r}"));
    }
    out.push(String::new());
    for b in &s.boxes {
        out.push(format!("{b}: ______________"));
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn hall(round: Option<u32>) -> HallData {
        HallData {
            event: "春季赛".into(),
            date: None,
            round,
            boards: vec![
                HallBoard {
                    number: 1,
                    label: None,
                    red: Seat {
                        name: "王强".into(),
                        club: Some("红星".into()),
                        no: 1,
                    },
                    black: Some(Seat {
                        name: "李娜".into(),
                        club: None,
                        no: 2,
                    }),
                },
                HallBoard {
                    number: 2,
                    label: None,
                    red: Seat {
                        name: "张伟".into(),
                        ..Default::default()
                    },
                    black: None,
                },
            ],
            players: vec![Seat {
                name: "王强".into(),
                club: Some("红星".into()),
                no: 1,
            }],
            moves: 100,
        }
    }

    #[test]
    fn a_card_per_board_or_per_player_and_a_sheet_per_game() {
        let d = table_cards(&hall(Some(3)), Lang::ZhHans);
        let cards: Vec<&Card> = d
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Card(c) => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(cards.len(), 1, "the bye gets no card");
        assert!(cards[0].lines.iter().any(|l| l.contains("王强")));
        let d = table_cards(&hall(None), Lang::En);
        assert!(matches!(&d.parts[0], Part::Card(c) if c.big == "王强"));
        let d = score_sheets(&hall(Some(3)), Lang::ZhHans);
        let Part::ScoreSheet(s) = &d.parts[0] else {
            panic!()
        };
        assert_eq!(s.moves, 100);
        let text = score_sheet_lines(s, 80).join("\n");
        assert!(text.contains("  50 ") && text.contains(" 100 "), "{text}");
        assert!(!text.contains(" 101 "));
        let html = score_sheet_html(s);
        assert!(html.contains(">100</td>") && html.contains("李娜"));
    }
}
