//! The repetition ruling dialog of the Results tab (issue 8): the latest
//! repetition cycle of the selected board's game record, judged under a
//! rule book chosen with ←/→; `Tab` moves to the board's next game with a
//! record (two-game rounds); `Enter` stores the ruling after a
//! confirmation (undoable with `u`), `Esc` closes without change.

use super::keymap::Action;
use super::model::{Command, Model};
use super::pages::{confirm, PageCmd};
use crate::domain::{Colour, Outcome};
use crate::xiangqi::repetition::rules::Class;
use crate::xiangqi::repetition::{judge, Judgement, RuleSet};
use crate::xiangqi::GameRecord;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Row, Table, Wrap};
use ratatui::Frame;

/// The open dialog.
#[derive(Clone, Debug)]
pub struct JudgeDialog {
    pub event: i64,
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    /// How many games of the board have a record (`Tab` cycles them).
    pub games: usize,
    /// The result stored now (`1/2-1/2`, `*`…), shown in the confirmation.
    pub stored: String,
    pub red: String,
    pub black: String,
    pub record: GameRecord,
    pub judgement: Judgement,
    /// First move row shown (the cycle can be longer than the dialog).
    pub scroll: usize,
}

impl JudgeDialog {
    /// The dialog for the selected board of the Results tab. `Err`: a
    /// translated message (bye, no record, no repetition); `Ok(None)`: no
    /// board selected.
    pub fn open(m: &Model) -> Result<Option<JudgeDialog>, String> {
        Self::open_game(m, None)
    }

    /// The dialog for the board's first game with a record after game
    /// `after` (wrapping round to the first), or its first one.
    pub fn open_game(m: &Model, after: Option<u32>) -> Result<Option<JudgeDialog>, String> {
        let Some(event) = m.ev.event.as_ref().map(|e| e.id) else {
            return Ok(None);
        };
        let Some(b) = m.ev.round.as_ref().and_then(|r| r.boards.get(m.row_sel)) else {
            return Ok(None);
        };
        let Some(black) = &b.black else {
            return Err(m.t("tui.err.bye_board"));
        };
        let with_record: Vec<_> =
            m.ev.games
                .iter()
                .filter(|g| g.board == b.number && g.game.record.is_some())
                .collect();
        let first = with_record.iter().min_by_key(|g| g.game.game_no).copied();
        let placed = match after {
            None => first,
            Some(a) => with_record
                .iter()
                .filter(|g| g.game.game_no > a)
                .min_by_key(|g| g.game.game_no)
                .copied()
                .or(first),
        };
        let Some((text, game_no, stored)) = placed.and_then(|g| {
            g.game
                .record
                .as_ref()
                .map(|r| (r, g.game.game_no, g.game.outcome.code().to_string()))
        }) else {
            return Err(format!(
                "{} {}: {}",
                m.t("tui.round.board"),
                b.number,
                m.t("tui.judge.no_record")
            ));
        };
        let record = crate::xiangqi::read_games(text.as_bytes())
            .map_err(|e| {
                format!(
                    "{}: {}",
                    m.t("tui.judge.bad_record"),
                    e.msg().render(m.lang)
                )
            })?
            .games
            .into_iter()
            .next()
            .ok_or_else(|| m.t("tui.judge.no_record"))?;
        let judgement =
            judge(&record.start, &record.moves, m.repetition_rules).ok_or_else(|| {
                format!(
                    "{} {}: {} ({} {})",
                    m.t("tui.round.board"),
                    b.number,
                    m.t("tui.judge.no_repetition"),
                    record.moves.len(),
                    m.t("tui.judge.plies")
                )
            })?;
        Ok(Some(JudgeDialog {
            event,
            round: super::entry::shown_round(m),
            board: b.number,
            game_no,
            games: with_record.len(),
            stored,
            red: b.red.name.clone(),
            black: black.name.clone(),
            record,
            judgement,
            scroll: 0,
        }))
    }

    pub fn rules(&self) -> RuleSet {
        self.judgement.rules
    }

    /// Judges the same cycle under another rule book.
    pub fn set_rules(&mut self, rules: RuleSet) {
        if let Some(j) = judge(&self.record.start, &self.record.moves, rules) {
            self.judgement = j;
        }
    }

    /// The result the ruling stores.
    pub fn outcome(&self) -> Outcome {
        match self.judgement.must_change {
            Some(Colour::Red) => Outcome::BlackWin,
            Some(Colour::Black) => Outcome::RedWin,
            None => Outcome::Draw,
        }
    }
}

pub fn update(m: &mut Model, a: Action) -> Option<Command> {
    let d = m.pages.judge.as_mut()?;
    match a {
        Action::Cancel | Action::Back | Action::Quit => m.pages.judge = None,
        Action::ChoiceNext | Action::ChoicePrev => {
            let all = RuleSet::ALL;
            let i = all.iter().position(|r| *r == d.rules()).unwrap_or(0);
            let n = all.len();
            let j = if a == Action::ChoiceNext {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            };
            d.set_rules(all[j]);
            d.scroll = 0;
        }
        Action::NextTab => {
            // The board's next game with a record; a game whose record
            // has no repetition leaves the dialog as it was.
            let after = d.game_no;
            let rules = d.rules();
            match JudgeDialog::open_game(m, Some(after)) {
                Ok(Some(mut next)) => {
                    next.set_rules(rules);
                    m.pages.judge = Some(next);
                }
                Ok(None) => {}
                Err(msg) => m.status = Some((msg, true)),
            }
        }
        Action::Up => d.scroll = d.scroll.saturating_sub(1),
        Action::Down => d.scroll = (d.scroll + 1).min(d.judgement.moves.len().saturating_sub(1)),
        Action::Help => m.show_help(),
        Action::Submit => {
            let lang = m.lang;
            let t = |k: &str| crate::i18n::tr(lang, k).to_string();
            // Short enough for one line of the confirmation box (the
            // board and rule book are on the dialog under it).
            let message = format!(
                "{} → {} ({} {}); {}?",
                d.judgement.ruling_text(lang),
                d.outcome().code(),
                t("tui.judge.now"),
                d.stored,
                t("tui.judge.confirm"),
            );
            let cmd = PageCmd::ApplyRuling {
                event: d.event,
                round: d.round,
                board: d.board,
                game_no: d.game_no,
                must_change: d.judgement.must_change,
            };
            confirm(m, message, cmd);
        }
        _ => {}
    }
    None
}

fn class_key(c: Class) -> &'static str {
    match c {
        Class::Check => "judge.class.check",
        Class::MateThreat => "judge.class.mate",
        Class::Chase => "judge.class.chase",
        Class::Idle => "judge.class.idle",
    }
}

fn side_key(c: Colour) -> &'static str {
    match c {
        Colour::Red => "judge.side.red",
        Colour::Black => "judge.side.black",
    }
}

/// Draws the dialog over the main area.
pub fn draw(m: &Model, d: &JudgeDialog, f: &mut Frame, main: Rect) {
    // The whole main area: a wide character of the tab under it cut by
    // the dialog's edge would show through.
    let area = main;
    f.render_widget(Clear, area);
    let j = &d.judgement;
    let game = if d.games > 1 || d.game_no > 1 {
        format!(
            " {}",
            m.t("tui.judge.game_n")
                .replace("{n}", &d.game_no.to_string())
        )
    } else {
        String::new()
    };
    let title = format!(
        " {} — {} {}{game}: {} – {} ",
        m.t("judge.title"),
        m.t("tui.round.board"),
        d.board,
        d.red,
        d.black
    );
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    // Rule books, the cycle, the ruling and its reason.
    let mut books = vec![Span::raw(format!("{}: ", m.t("tui.judge.rules")))];
    for r in RuleSet::ALL {
        books.push(if r == j.rules {
            Span::raw(format!("[{}]", r.code())).reversed().bold()
        } else {
            Span::raw(format!(" {} ", r.code()))
        });
    }
    books.push(Span::raw(format!(
        "   {} {}–{}",
        m.t("judge.plies"),
        j.repetition.first + 1,
        j.repetition.again
    )));
    let lang = m.lang;
    let ruling = vec![
        Line::from(vec![
            Span::raw(format!("{}: ", m.t("judge.ruling"))).bold(),
            Span::raw(j.ruling_text(lang)).bold(),
            Span::raw(format!(" → {}", d.outcome().code())),
        ]),
        Line::from(format!("{}: {}", m.t("judge.reason"), j.reason(lang))),
    ];
    let reason_height = 4;
    let [books_area, moves_area, ruling_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(reason_height),
    ])
    .areas(inner);
    f.render_widget(Paragraph::new(Line::from(books)), books_area);
    let rows: Vec<Row> = j
        .moves
        .iter()
        .skip(d.scroll)
        .map(|mv| {
            let side = m.t(side_key(mv.facts.side));
            let cells = vec![
                mv.facts.ply.to_string(),
                side,
                mv.facts.chinese.clone(),
                mv.facts.mv.iccs(),
                m.t(class_key(mv.class)),
                mv.targets(j.rules, lang).join(", "),
            ];
            let row = Row::new(cells);
            if mv.facts.side == Colour::Red {
                row.style(Style::new().red())
            } else {
                row
            }
        })
        .collect();
    let header = Row::new(
        [
            "tui.judge.ply",
            "tui.judge.side",
            "tui.judge.move",
            "ICCS",
            "tui.judge.class",
            "tui.judge.targets",
        ]
        .iter()
        .map(|k| super::pages::tr_or(m, k, k)),
    )
    .bold()
    .underlined();
    let table = Table::new(
        rows,
        [
            Constraint::Length(4),
            Constraint::Length(5),
            Constraint::Length(9),
            Constraint::Length(5),
            Constraint::Length(11),
            Constraint::Min(10),
        ],
    )
    .header(header);
    f.render_widget(table, moves_area);
    f.render_widget(
        Paragraph::new(ruling).wrap(Wrap { trim: true }),
        ruling_area,
    );
}
