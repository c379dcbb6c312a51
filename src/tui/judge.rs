//! The repetition ruling dialog of the Results tab: the latest
//! repetition cycle of the selected board's game record, judged under a
//! rule book chosen with ←/→; `Tab` moves to the board's next game with a
//! record (two-game rounds); `Enter` stores the ruling after a
//! confirmation (undoable with `u`), `Esc` closes without change.

use super::component::{cycle, Reply, Ui};
use super::keymap::Action;
use super::page_cmd::PageCmd;
use crate::app::{BoardNo, BoardView, EventId, PlacedGame, RoundNo};
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
    pub event: EventId,
    pub round: RoundNo,
    pub board: BoardNo,
    pub game_no: u32,
    /// The result stored now (`1/2-1/2`, `*`…), shown in the confirmation.
    pub stored: String,
    pub red: String,
    pub black: String,
    pub record: GameRecord,
    pub judgement: Judgement,
    /// First move row shown (the cycle can be longer than the dialog).
    pub scroll: usize,
    /// The board's games with a record (`Tab` cycles them).
    pub recorded: Vec<Recorded>,
}

/// A game of the board with a record: its number, the record's text and
/// the result stored now.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub game_no: u32,
    pub text: String,
    pub stored: String,
}

impl JudgeDialog {
    /// The dialog for board `b` of round `round` (the Results tab's
    /// selection); `games` are the round's games. `Err`: a translated
    /// message (bye, no record, no repetition).
    pub fn open(
        ui: &Ui,
        event: EventId,
        round: RoundNo,
        b: &BoardView,
        games: &[PlacedGame],
        rules: RuleSet,
    ) -> Result<JudgeDialog, String> {
        let Some(black) = &b.black else {
            return Err(ui.t("tui.err.bye_board"));
        };
        let mut recorded: Vec<Recorded> = games
            .iter()
            .filter(|g| g.board == b.number.get())
            .filter_map(|g| {
                g.game.facts.record.as_ref().map(|r| Recorded {
                    game_no: g.game.game_no,
                    text: r.clone(),
                    stored: g.game.outcome.code().to_string(),
                })
            })
            .collect();
        recorded.sort_by_key(|g| g.game_no);
        let Some(first) = recorded.first() else {
            return Err(format!(
                "{} {}: {}",
                ui.t("tui.round.board"),
                b.number,
                ui.t("tui.judge.no_record")
            ));
        };
        let (record, judgement) = judged(ui, b.number, first, rules)?;
        Ok(JudgeDialog {
            event,
            round,
            board: b.number,
            game_no: first.game_no,
            stored: first.stored.clone(),
            red: b.red.name.clone(),
            black: black.name.clone(),
            record,
            judgement,
            scroll: 0,
            recorded,
        })
    }

    /// Moves to the board's next game with a record (wrapping round to
    /// the first), judged under the same rule book. `Err`: its record has
    /// no repetition (the dialog stays as it was).
    pub fn next_game(&mut self, ui: &Ui) -> Result<(), String> {
        let next = self
            .recorded
            .iter()
            .find(|g| g.game_no > self.game_no)
            .or(self.recorded.first())
            .cloned();
        let Some(g) = next else {
            return Ok(());
        };
        let (record, judgement) = judged(ui, self.board, &g, self.rules())?;
        self.game_no = g.game_no;
        self.stored = g.stored;
        self.record = record;
        self.judgement = judgement;
        self.scroll = 0;
        Ok(())
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

/// Reads a game's record and finds its latest repetition.
fn judged(
    ui: &Ui,
    board: BoardNo,
    g: &Recorded,
    rules: RuleSet,
) -> Result<(GameRecord, Judgement), String> {
    let record = crate::xiangqi::read_games(g.text.as_bytes())
        .map_err(|e| {
            format!(
                "{}: {}",
                ui.t("tui.judge.bad_record"),
                e.msg().render(ui.lang)
            )
        })?
        .games
        .into_iter()
        .next()
        .ok_or_else(|| ui.t("tui.judge.no_record"))?;
    let judgement = judge(&record.start, &record.moves, rules).ok_or_else(|| {
        format!(
            "{} {board}: {} ({} {})",
            ui.t("tui.round.board"),
            ui.t("tui.judge.no_repetition"),
            record.moves.len(),
            ui.t("tui.judge.plies")
        )
    })?;
    Ok((record, judgement))
}

impl JudgeDialog {
    /// Applies an action: ←/→ change the rule book, `Tab` the game, `Enter`
    /// asks before storing the ruling.
    pub fn update(&mut self, a: Action, ui: &Ui) -> Reply<PageCmd> {
        let d = self;
        match a {
            Action::Cancel | Action::Back | Action::Quit => return Reply::Close,
            Action::ChoiceNext | Action::ChoicePrev => {
                d.set_rules(cycle(&RuleSet::ALL, d.rules(), a == Action::ChoiceNext));
                d.scroll = 0;
            }
            Action::NextTab => {
                if let Err(msg) = d.next_game(ui) {
                    return Reply::error(msg);
                }
            }
            Action::Up => d.scroll = d.scroll.saturating_sub(1),
            Action::Down => {
                d.scroll = (d.scroll + 1).min(d.judgement.moves.len().saturating_sub(1))
            }
            Action::Help => return Reply::Help,
            Action::Submit => {
                // Short enough for one line of the confirmation box (the
                // board and rule book are on the dialog under it).
                let message = format!(
                    "{} → {} ({} {}); {}?",
                    d.judgement.ruling_text(ui.lang),
                    d.outcome().code(),
                    ui.t("tui.judge.now"),
                    d.stored,
                    ui.t("tui.judge.confirm"),
                );
                let cmd = PageCmd::ApplyRuling {
                    event: d.event,
                    round: d.round,
                    board: d.board,
                    game_no: d.game_no,
                    must_change: d.judgement.must_change,
                };
                return Reply::Ask(message, cmd);
            }
            _ => {}
        }
        Reply::Handled
    }
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
pub fn draw(m: &Ui, d: &JudgeDialog, f: &mut Frame, main: Rect) {
    // The whole main area: a wide character of the tab under it cut by
    // the dialog's edge would show through.
    let area = main;
    f.render_widget(Clear, area);
    let j = &d.judgement;
    let game = if d.recorded.len() > 1 || d.game_no > 1 {
        format!(
            " {}",
            crate::i18n::msg!("tui.judge.game_n", n = d.game_no).render(m.lang)
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
        .map(|k| m.tr_or(k, k)),
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
