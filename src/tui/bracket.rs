//! The Bracket tab of a knockout: the seeds before round 1,
//! then the bracket drawn as text (rounds as columns, as many as fit the
//! terminal's width; the view scrolls to the selected match), and below it
//! the selected match: its games, what decided it, or what it needs next
//! (a regular game, a play-off game with its ladder step and time control,
//! a lot). Result keys open the ordinary result form with the due game's
//! number; `L` records the winner drawn by lot; `p` pairs the next round.
//! A component (see `component.rs`): the model hands it its keys and runs
//! its commands; the view asks it to draw.

use super::component::{BoardResult, Reply, Ui};
use super::draw::pad;
use super::keymap::{Action, Ctx};
use crate::app::{App, BracketView, MatchView, NextStep};
use crate::app::{BoardNo, RoundNo};
use crate::app::{EntryId, EventId};
use crate::domain::{Entry, Event};
use crate::i18n::{msg, tr, Lang};
use crate::report::bracket::games_count;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The narrowest round column (a seed, a short name and a score).
pub const MIN_COLUMN: u16 = 20;
/// Lines of one round-1 match: upper player, lower player, a note, a gap.
const BLOCK: usize = 4;

/// The tab's state and the bracket it shows.
#[derive(Clone, Debug)]
pub struct BracketTab {
    pub event: EventId,
    pub bracket: BracketView,
    /// The entries by seed (the seeding view before round 1).
    pub seeds: Vec<Entry>,
    /// The selected round (round 1 before any is paired) and match in it.
    pub round: RoundNo,
    pub sel: usize,
    /// The lot dialog: which of the two players won the lot.
    pub lot: Option<LotPick>,
}

/// Picking the winner of a lot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LotPick {
    pub round: RoundNo,
    pub board: BoardNo,
    /// The two players: (start number, name).
    pub players: [(u32, String); 2],
    /// Their entries, in the same order.
    pub ids: [EntryId; 2],
    pub pick: usize,
}

/// What the tab asks of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum BracketCmd {
    Lot {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        /// The winner's entry.
        winner: EntryId,
    },
}

impl BracketTab {
    /// The selected match.
    pub fn selected(&self) -> Option<&MatchView> {
        self.bracket.rounds.get(self.column())?.get(self.sel)
    }

    /// The index in the selected round of the match at place `board`, else
    /// of the next one below it, else the last match.
    fn index_near(&self, board: u32) -> usize {
        let ms = self
            .bracket
            .rounds
            .get(self.column())
            .map_or(&[][..], |r| &r[..]);
        ms.iter()
            .position(|x| !x.third_place && x.board.get() >= board)
            .unwrap_or(ms.len().saturating_sub(1))
    }

    /// The selected round's column (its index into `bracket.rounds`).
    fn column(&self) -> usize {
        self.round.get().saturating_sub(1) as usize
    }
}

/// (Re)reads the bracket when the open event is a knockout (its `kind`, as
/// the per-kind door `App::kind_of` answers); keeps the selection across
/// reloads.
pub fn load(
    app: &App,
    ev: &Event,
    kind: crate::app::EventKind,
    prev: Option<BracketTab>,
) -> crate::app::Result<Option<BracketTab>> {
    if kind != crate::app::EventKind::Knockout {
        return Ok(None);
    }
    let key = ev.key();
    let bracket = app.bracket(key)?;
    let prev = prev.filter(|b| b.event == key);
    let paired = bracket.rounds.len();
    let (round, sel, lot) = match prev {
        // A new round was paired: go to it.
        Some(p) if p.bracket.rounds.len() == paired => (p.round, p.sel, p.lot),
        _ => (RoundNo(paired as u32), 0, None),
    };
    let mut b = BracketTab {
        event: key,
        seeds: app.knockout_entries(key)?,
        bracket,
        round: round.within(paired as u32),
        sel,
        lot,
    };
    let n = b.bracket.rounds.get(b.column()).map_or(0, |r| r.len());
    b.sel = b.sel.min(n.saturating_sub(1));
    Ok(Some(b))
}

impl BracketTab {
    /// The contexts while the lot dialog is open (`None`: it is not).
    pub fn contexts(&self) -> Option<Vec<Ctx>> {
        self.lot.as_ref().map(|_| vec![Ctx::Form])
    }

    /// Applies an action; `shown`: the tab is on screen (the lot dialog
    /// has the keyboard wherever it is).
    pub fn update(&mut self, a: Action, ui: &Ui, shown: bool) -> Reply<BracketCmd> {
        if self.lot.is_some() {
            return self.lot_update(a);
        }
        if !shown {
            return Reply::Ignored;
        }
        let b = self;
        let rounds = b.bracket.rounds.len();
        let n = b.bracket.rounds.get(b.column()).map_or(0, |r| r.len());
        match a {
            _ if a.move_in_list(&mut b.sel, n) => {}
            Action::PrevRound => {
                if b.round > RoundNo::FIRST {
                    // The upper of the two matches that led here (by
                    // place: a place with nobody has no match).
                    let board = b.selected().map_or(1, |x| x.board.get());
                    b.round = b.round.prev();
                    b.sel = b.index_near(2 * board - 1);
                }
            }
            Action::NextRound => {
                if b.column() + 1 < rounds {
                    // The third-place match sits under the final.
                    let third = b.selected().is_some_and(|x| x.third_place);
                    let board = b.selected().map_or(1, |x| x.board.get());
                    b.round = b.round.next_upto(rounds as u32);
                    let len = b.bracket.rounds[b.column()].len();
                    b.sel = if third {
                        len - 1
                    } else {
                        b.index_near(board.div_ceil(2))
                    };
                }
            }
            Action::RedWin
            | Action::Draw
            | Action::BlackWin
            | Action::RedForfeits
            | Action::BlackForfeits => return b.result(a, ui),
            Action::Lot => {
                let Some(mv) = b.selected() else {
                    return Reply::Handled;
                };
                match (&mv.next, &mv.b) {
                    (Some(NextStep::Lot), Some(other)) => {
                        b.lot = Some(LotPick {
                            round: mv.round,
                            board: mv.board,
                            players: [
                                (mv.a.start_no, mv.a.name.clone()),
                                (other.start_no, other.name.clone()),
                            ],
                            ids: [mv.a.key(), other.key()],
                            pick: 0,
                        })
                    }
                    _ => return Reply::error(ui.t("tui.ko.no_lot")),
                }
            }
            _ => return Reply::Ignored,
        }
        Reply::Handled
    }

    /// A result key: the result form of the game the selected match needs
    /// (the game number can be changed there to correct an earlier game); a
    /// forfeit goes straight in.
    fn result(&self, a: Action, ui: &Ui) -> Reply<BracketCmd> {
        let (Some(mv), Some(outcome)) = (self.selected(), a.outcome()) else {
            return Reply::Handled;
        };
        match match_result(self.event, mv, outcome, ui.lang) {
            Ok(k) => Reply::ResultKey(k),
            Err(e) => Reply::error(e),
        }
    }

    fn lot_update(&mut self, a: Action) -> Reply<BracketCmd> {
        let event = self.event;
        let Some(lot) = self.lot.as_mut() else {
            return Reply::Ignored;
        };
        match a {
            Action::Cancel | Action::Back => self.lot = None,
            Action::ChoiceNext
            | Action::ChoicePrev
            | Action::NextField
            | Action::PrevField
            | Action::Input(' ') => lot.pick = 1 - lot.pick,
            Action::Submit => {
                let cmd = BracketCmd::Lot {
                    event,
                    round: lot.round,
                    board: lot.board,
                    winner: lot.ids[lot.pick],
                };
                self.lot = None;
                return Reply::Run(cmd);
            }
            Action::ForceQuit => return Reply::Quit,
            _ => {}
        }
        Reply::Handled
    }
}

/// Runs a command of the tab.
pub fn run(app: &mut App, ui: &Ui, cmd: &BracketCmd) -> crate::app::Result<Option<String>> {
    match cmd {
        BracketCmd::Lot {
            event,
            round,
            board,
            winner,
        } => {
            let v = app.knockout_lot(*event, *round, *board, *winner)?;
            let name = v.winner.map(|w| w.name).unwrap_or_default();
            Ok(Some(format!("{}: {name}", ui.t("tui.ko.lot_won"))))
        }
    }
}

// ---- drawing ----

fn t(lang: Lang, key: &str) -> String {
    tr(lang, key).to_string()
}

/// `s` cut to `w` display columns (an ellipsis marks the cut).
fn fit(s: &str, w: usize) -> String {
    if s.width() <= w {
        return pad(s, w);
    }
    let mut out = String::new();
    for ch in s.chars() {
        if out.width() + ch.to_string().width() + 1 > w {
            break;
        }
        out.push(ch);
    }
    out.push('…');
    pad(&out, w)
}

/// A step of the ladder in words (`games:2` → 加赛 2 局).
pub fn step_text(lang: Lang, code: &str) -> String {
    let (kind, k) = code.split_once(':').unwrap_or((code, ""));
    match crate::i18n::key(&format!("tui.ko.step.{kind}")) {
        Some(key) => crate::i18n::Msg::new(key).with("k", k).render(lang),
        None => code.to_string(),
    }
}

/// What the selected match needs, in words, with the step's time control.
pub fn next_text(lang: Lang, n: &NextStep) -> String {
    match n {
        NextStep::Game {
            game_no,
            red,
            black,
            step,
            time,
            label,
        } => {
            let what = match step {
                None => msg!("ko.due.regular", game = game_no).render(lang),
                Some(s) => msg!(
                    "tui.ko.due_playoff",
                    step = label.clone().unwrap_or_else(|| step_text(lang, s)),
                    game = game_no
                )
                .render(lang),
            };
            let time = time
                .parse::<crate::domain::TimeControl>()
                .map_or_else(|_| time.clone(), |tc| tc.text(lang));
            let mut s = format!(
                "{what}: {} {red} – {} {black}  ({} {time})",
                t(lang, "tui.round.red"),
                t(lang, "tui.round.black"),
                t(lang, "tui.ko.time")
            );
            if step.as_deref() == Some("armageddon") {
                s.push_str(&format!(
                    " · {}",
                    msg!("ko.armageddon_note", red = red).render(lang)
                ));
            }
            s
        }
        other => other.text(lang),
    }
}

/// How a decided match was decided, with each play-off step's games in
/// games when it had some: `加赛 2–0`, `快棋 1–1, 超快棋 1½–½`, `加赛 1–1,
/// 和棋黑胜`, `常规局定胜负`.
fn decision_note(lang: Lang, mv: &MatchView, by: &str) -> String {
    // Both forfeited: no winner; alone after round 1: a walkover.
    match (&mv.winner, &mv.b, by) {
        (None, _, _) => return t(lang, "kp.both_out"),
        (Some(_), None, "forfeit") => return t(lang, "kp.walkover"),
        _ => {}
    }
    // Each play-off step apart (report::bracket's words), then what
    // decided it unless the last step's score says so.
    let mut words = crate::report::bracket::decision_words(lang, mv.score.as_ref(), None);
    if words.is_empty() || !matches!(by, "playoff-games" | "sudden-death") {
        words.push(decided_text(lang, by));
    }
    words.join(", ")
}

/// A result key on a knockout match (the Bracket tab's, the Results
/// tab's): the game the match needs, else its last game to correct; why
/// not on a bye or a match waiting for its lot.
pub fn match_result(
    event: EventId,
    mv: &MatchView,
    outcome: crate::domain::Outcome,
    lang: Lang,
) -> std::result::Result<BoardResult, String> {
    let Some(b) = mv.b.as_ref() else {
        return Err(t(lang, "tui.err.bye_board"));
    };
    let game = match &mv.next {
        Some(NextStep::Game { game_no, .. }) => *game_no,
        Some(NextStep::Lot) => return Err(t(lang, "tui.ko.lot_due")),
        // Decided (a correction) or stuck: the last game, to be changed.
        _ => mv.games.iter().map(|g| g.game_no).max().unwrap_or(1),
    };
    let stored = mv.games.iter().find(|g| g.game_no == game);
    // The match as the tab names it; the game is the form's first field
    // and the tab's header names its red and black.
    let place = msg!("tui.ko.match_at", round = mv.round, m = mv.board).render(lang);
    let name = |id: i64| {
        if id == b.id {
            b.name.clone()
        } else {
            mv.a.name.clone()
        }
    };
    let mut sides: Vec<(u32, String, String)> = mv
        .games
        .iter()
        .map(|g| (g.game_no, name(g.red), name(g.black)))
        .collect();
    if let Some(NextStep::Game {
        game_no,
        red,
        black,
        ..
    }) = &mv.next
    {
        if !sides.iter().any(|s| s.0 == *game_no) {
            sides.push((*game_no, red.clone(), black.clone()));
        }
    }
    Ok(BoardResult {
        event,
        round: mv.round,
        board: mv.board,
        outcome,
        game: Some(game),
        replaces: stored.map(|g| g.outcome),
        results: mv.games.iter().map(|g| (g.game_no, g.outcome)).collect(),
        place,
        sides,
    })
}

/// What decided a match, in words.
fn decided_text(lang: Lang, code: &str) -> String {
    let key = format!("tui.ko.by.{code}");
    if crate::i18n::has(&key) {
        t(lang, &key)
    } else {
        code.to_string()
    }
}

/// The first line of the match `i` of round `r` (0-based) in the drawing.
fn top_line(r: usize, i: usize) -> usize {
    let block = BLOCK << r;
    i * block + (block - (BLOCK - 1)) / 2
}

/// The bracket as lines of text, `columns` rounds from `first` on, each
/// `width` wide; the selected match is marked. Rounds not yet paired are
/// drawn as empty slots.
pub fn bracket_lines(
    lang: Lang,
    b: &BracketTab,
    first: usize,
    columns: usize,
    width: usize,
) -> Vec<Line<'static>> {
    let total = b.bracket.total_rounds.max(1) as usize;
    let p = 1usize << total;
    let height = (p / 2) * BLOCK + BLOCK;
    let mut grid: Vec<Vec<Span<'static>>> = vec![Vec::new(); height];
    let blank = " ".repeat(width);
    for c in 0..columns {
        let r = first + c;
        let mut col: Vec<Span<'static>> = vec![Span::raw(blank.clone()); height];
        if r < total {
            let count = p >> (r + 1);
            let played = b.bracket.rounds.get(r);
            for i in 0..count {
                let top = top_line(r, i);
                let mv = played.and_then(|ms| {
                    ms.iter()
                        .find(|x| !x.third_place && x.board == BoardNo(i as u32 + 1))
                });
                // A paired round's place without a match: nobody came
                // through to it (both matches before forfeited by both).
                if mv.is_none() && played.is_some() {
                    col[top] = Span::raw(fit(&format!(" {}", t(lang, "ko.nobody")), width)).dim();
                    col[top + 1] = Span::raw(fit(" ·", width)).dim();
                    continue;
                }
                if mv.is_none() && r > 0 {
                    // Not paired yet: whoever is through to it already
                    // (a bye's winner, a decided match's), else a dot.
                    for k in 0..2 {
                        let through = b.bracket.rounds.get(r - 1).and_then(|ms| {
                            ms.iter()
                                .find(|x| {
                                    !x.third_place && x.board == BoardNo((2 * i + k) as u32 + 1)
                                })
                                .and_then(|x| x.winner.as_ref())
                        });
                        col[top + k] = match through {
                            Some(e) => {
                                Span::raw(fit(&format!("{:>2} {}", e.start_no, e.name), width))
                            }
                            None => Span::raw(fit(" ·", width)).dim(),
                        };
                    }
                    continue;
                }
                put_match(lang, b, mv, r, top, width, &mut col);
            }
            if r + 1 == total {
                if let Some(mv) = played.and_then(|ms| ms.iter().find(|x| x.third_place)) {
                    let top = top_line(r, 0) + BLOCK + 1;
                    if top + 2 < height {
                        col[top - 1] = Span::raw(fit(&t(lang, "ko.third_place"), width)).italic();
                        put_match(lang, b, Some(mv), r, top, width, &mut col);
                    }
                }
            }
        } else if r == total {
            let top = top_line(r - 1, 0);
            col[top] = Span::raw(fit(&t(lang, "ko.champion"), width)).bold();
            if let Some(ch) = &b.bracket.champion {
                col[top + 1] =
                    Span::raw(fit(&format!("{:>2} {}", ch.start_no, ch.name), width)).bold();
            }
        }
        for (line, s) in grid.iter_mut().zip(col) {
            line.push(s);
        }
    }
    grid.into_iter().map(Line::from).collect()
}

fn put_match(
    lang: Lang,
    b: &BracketTab,
    mv: Option<&MatchView>,
    r: usize,
    top: usize,
    width: usize,
    col: &mut [Span<'static>],
) {
    let inner = width.saturating_sub(2);
    let Some(mv) = mv else {
        col[top] = Span::raw(fit(" ·", width)).dim();
        col[top + 1] = Span::raw(fit(" ·", width)).dim();
        return;
    };
    let selected = b.column() == r
        && b.selected()
            .is_some_and(|s| s.board == mv.board && s.third_place == mv.third_place);
    // Each side's regular games, in games; the play-off apart in the note.
    let score = |i: usize| -> String {
        match &mv.score {
            Some(s) if s.regular_games > 0 => games_count(s.regular[i]),
            _ => String::new(),
        }
    };
    let side = |e: Option<&Entry>, i: usize| -> Span<'static> {
        let text = match e {
            Some(e) => {
                let sc = score(i);
                let name_w = inner.saturating_sub(sc.width() + 4);
                format!("{:>2} {} {sc}", e.start_no, fit(&e.name, name_w))
            }
            None => format!("   {}", t(lang, "ko.bye")),
        };
        let won = e.is_some_and(|e| mv.winner.as_ref().is_some_and(|w| w.id == e.id));
        // The two lines of a match joined at the right: ┐ over ┘.
        let mut s = Span::raw(format!(
            "{}{}{}",
            if won { "▸" } else { " " },
            fit(&text, width - 2),
            if i == 0 { "┐" } else { "┘" }
        ));
        if won {
            s = s.bold();
        }
        if selected {
            s = s.reversed();
        }
        s
    };
    col[top] = side(Some(&mv.a), 0);
    col[top + 1] = side(mv.b.as_ref(), 1);
    let note = match (&mv.decided_by, &mv.next) {
        (Some(by), _) => decision_note(lang, mv, by),
        (
            None,
            Some(NextStep::Game {
                step: Some(s),
                label,
                ..
            }),
        ) => label.clone().unwrap_or_else(|| step_text(lang, s)),
        (None, Some(NextStep::Lot)) => t(lang, "ko.due.lot"),
        _ => String::new(),
    };
    col[top + 2] = Span::raw(fit(&format!("  {note}"), width)).dim();
}

/// Draws the tab.
pub fn draw(m: &Ui, b: &BracketTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    if b.bracket.rounds.is_empty() {
        draw_seeds(m, b, f, area);
        return;
    }
    let [chart, detail] = Layout::vertical([Constraint::Min(4), Constraint::Length(7)]).areas(area);
    let total = b.bracket.total_rounds.max(1) as usize;
    let columns_all = total + 1; // and the champion
    let fit_cols = ((chart.width / MIN_COLUMN) as usize).clamp(1, columns_all);
    let width = (chart.width as usize / fit_cols).max(MIN_COLUMN as usize);
    // The selected round stays in view.
    let first = b
        .column()
        .saturating_sub(fit_cols - 1)
        .min(columns_all - fit_cols);
    let lines = bracket_lines(lang, b, first, fit_cols, width);
    let h = chart.height.saturating_sub(1) as usize;
    let sel_top = if b.selected().is_some_and(|x| x.third_place) {
        top_line(b.column(), 0) + BLOCK + 1
    } else {
        top_line(b.column(), b.sel)
    };
    let offset = (sel_top + 3).saturating_sub(h);
    let name = |r: usize| crate::app::knockout_round_name(lang, RoundNo(r as u32), total as u32);
    let last = (first + fit_cols).min(total);
    let title = format!(
        " {} · {} {}–{} ({}–{}) / {} {} ",
        t(lang, "ko.bracket"),
        t(lang, "tui.round.title"),
        first + 1,
        last,
        name(first + 1),
        name(last),
        total,
        if fit_cols < columns_all {
            "← →"
        } else {
            ""
        }
    );
    f.render_widget(
        Paragraph::new(lines)
            .scroll((offset as u16, 0))
            .block(Block::new().borders(Borders::TOP).title(title)),
        chart,
    );
    draw_detail(m, b, f, detail);
    if let Some(l) = &b.lot {
        draw_lot(m, l, f, area);
    }
}

fn draw_seeds(m: &Ui, b: &BracketTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let mut lines = vec![Line::from(t(lang, "tui.ko.seeds_intro")).italic()];
    for e in &b.seeds {
        lines.push(Line::from(format!(
            "{:>3}  {}  {}",
            e.start_no,
            pad(&e.name, 14),
            e.rating.map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    f.render_widget(
        Paragraph::new(lines).block(Block::new().borders(Borders::TOP).title(format!(
            " {} ({}) ",
            t(lang, "tui.ko.seeds"),
            b.seeds.len()
        ))),
        area,
    );
}

fn draw_detail(m: &Ui, b: &BracketTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let Some(mv) = b.selected() else { return };
    let name = |id: i64| {
        if mv.a.id == id {
            mv.a.name.clone()
        } else {
            mv.b.as_ref().map(|x| x.name.clone()).unwrap_or_default()
        }
    };
    // The players as the game due seats them (red – black); a decided
    // match or a lot: the bracket's upper and lower player.
    let players = match &mv.next {
        Some(NextStep::Game { red, black, .. }) => format!(
            "{} {red} – {} {black}",
            t(lang, "tui.round.red"),
            t(lang, "tui.round.black")
        ),
        _ => format!(
            "{} – {}",
            mv.a.name,
            mv.b.as_ref().map_or(t(lang, "ko.bye"), |x| x.name.clone())
        ),
    };
    let mut lines = vec![Line::from(format!(
        "{}{}: {players}",
        msg!("tui.ko.match_at", round = mv.round, m = mv.board).render(lang),
        if mv.third_place {
            format!(" ({})", t(lang, "ko.third_place"))
        } else {
            String::new()
        },
    ))
    .bold()];
    let games: Vec<String> = mv
        .games
        .iter()
        .map(|g| {
            format!(
                "{}. {} – {} {}",
                g.game_no,
                name(g.red),
                name(g.black),
                super::component::outcome_text(lang, g.outcome)
            )
        })
        .collect();
    if !games.is_empty() {
        lines.push(Line::from(games.join("   ")));
    }
    match (&mv.winner, &mv.decided_by, &mv.next) {
        (Some(w), Some(by), _) => lines.push(Line::from(format!(
            "{}: {} ({})",
            t(lang, "tui.ko.winner"),
            w.name,
            decision_note(lang, mv, by)
        ))),
        (None, Some(by), _) => lines.push(Line::from(decision_note(lang, mv, by))),
        (_, _, Some(n)) => {
            lines.push(Line::from(format!(
                "{}: {}",
                t(lang, "tui.ko.next"),
                next_text(lang, n)
            )));
            if matches!(n, NextStep::Lot) {
                lines.push(Line::from(t(lang, "tui.ko.lot_hint")).italic());
            }
        }
        _ => {}
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::new().borders(Borders::TOP)),
        area,
    );
}

fn draw_lot(m: &Ui, l: &LotPick, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let w = 50.min(area.width);
    let boxed = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + area.height.saturating_sub(6) / 2,
        w,
        6.min(area.height),
    );
    f.render_widget(Clear, boxed);
    let mut lines = Vec::new();
    for (i, (no, name)) in l.players.iter().enumerate() {
        let line = Line::from(format!(
            "{} {no} {name}",
            if i == l.pick { "▶" } else { " " }
        ));
        lines.push(if i == l.pick { line.reversed() } else { line });
    }
    lines.push(Line::from(t(lang, "tui.ko.lot_keys")).italic());
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(
            " {} · {} {} {} {} ",
            t(lang, "tui.ko.lot_title"),
            t(lang, "tui.round.title"),
            l.round,
            t(lang, "tui.round.board"),
            l.board
        ))),
        boxed,
    );
}
