//! The paper of the playing hall: table cards (台签) and move-recording
//! sheets (记录纸), built from plain data; `text.rs` and `html.rs` draw
//! their [`Card`] and [`ScoreSheet`] parts.

use super::{Card, Doc, Part, ScoreSheet};
use crate::i18n::{msg, tr, Lang};

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
        let text = super::super::text::score_sheet_lines(s, 80).join("\n");
        assert!(text.contains("  50 ") && text.contains(" 100 "), "{text}");
        assert!(!text.contains(" 101 "));
        let html = super::super::html::score_sheet_html(s);
        assert!(html.contains(">100</td>") && html.contains("李娜"));
    }
}
