//! The Teams tab of a team event: the teams with their rosters
//! (board order, reserves, captain) and each team's lineup for the round
//! shown; a lineup editor that picks from the roster and shows the app's
//! refusal inside the form (what was picked stays); the matches of a round
//! with game points and the match result, a board's result entered through
//! the ordinary result form (the next board comes up by itself); the team
//! standings and the board prizes. A component: the model hands it its
//! actions and runs its commands; the drawing is in `draw.rs`, the roster
//! form in `roster.rs`.

mod draw;
mod new_team;
mod roster;

pub use draw::{cross_table, draw, match_head, standings_table};
pub use new_team::{TeamForm, TeamFormKind};
pub use roster::RosterEditor;

use super::component::{BoardResult, Reply, Ui};
use super::keymap::{Action, Ctx};
use crate::app::teams::{TeamCrosstable, TeamRoundView, TeamView};
use crate::app::App;
use crate::app::RoundNo;
use crate::app::{EntryId, EventId, TeamId};
use crate::domain::Event;
use crate::scoring::team::{BoardPrizeRow, TeamStandings};

/// What the tab shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Teams,
    Matches,
    Standings,
    Prizes,
    Cross,
}

impl View {
    pub const ALL: [View; 5] = [
        View::Teams,
        View::Matches,
        View::Standings,
        View::Prizes,
        View::Cross,
    ];
    pub fn key(self) -> &'static str {
        match self {
            View::Teams => "tui.teams.view.teams",
            View::Matches => "tui.teams.view.matches",
            View::Standings => "tui.teams.view.standings",
            View::Prizes => "tui.teams.view.prizes",
            View::Cross => "tui.teams.view.cross",
        }
    }
}

/// The tab's state and the data it shows (read from the app on every load).
#[derive(Clone, Debug)]
pub struct TeamsTab {
    pub event: EventId,
    pub view: View,
    /// The round whose lineups and matches are shown (1 ..= paired + 1).
    pub round: RoundNo,
    /// The selected row of the view (team, board, standings or prize row).
    pub sel: usize,
    pub boards: u32,
    pub games_per_round: u32,
    /// The event's scheme: which games of a board swap its colours.
    pub scheme: Option<crate::app::SchemeKind>,
    pub paired: u32,
    /// Every team (pairing order) with its lineup for `round`.
    pub teams: Vec<(TeamView, Vec<Option<i64>>)>,
    /// The matches of `round`, once it is paired.
    pub matches: Option<TeamRoundView>,
    /// The team standings, or why they cannot be computed.
    pub standings: Result<TeamStandings, String>,
    pub prizes: Vec<BoardPrizeRow>,
    /// The crosstable of the teams, or why it cannot be computed.
    pub cross: Result<TeamCrosstable, String>,
    pub editor: Option<LineupEditor>,
    /// The roster form (`a` / `x` on the teams view).
    pub roster_editor: Option<RosterEditor>,
    /// A new team (`n`) or a teams CSV (`i`).
    pub team_form: Option<TeamForm>,
    /// A result key on a board without a result: once it is stored the
    /// selection moves to the next board without one ([`TeamsTab::after_result`]).
    pub advance: bool,
}

/// The lineup form: one roster pick per board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineupEditor {
    /// The team (its id; its name, shown).
    pub id: TeamId,
    pub team: String,
    pub round: RoundNo,
    /// The roster in board order: (entry id, name).
    pub roster: Vec<(i64, String)>,
    /// Per board the roster index picked (`None`: the board stays empty).
    pub picks: Vec<Option<usize>>,
    pub focus: usize,
    /// The app's refusal of the last submit, in the UI language.
    pub error: Option<String>,
}

impl LineupEditor {
    /// The players as the app takes them, board by board (`None`: the
    /// board stays empty).
    pub fn players(&self) -> Vec<Option<EntryId>> {
        self.picks
            .iter()
            .map(|p| p.map(|i| EntryId(self.roster[i].0)))
            .collect()
    }

    fn cycle(&mut self, step: isize) {
        let n = self.roster.len() as isize + 1; // roster + empty
        let cur = self.picks[self.focus].map_or(0, |i| i as isize + 1);
        let next = (cur + step).rem_euclid(n);
        self.picks[self.focus] = (next > 0).then(|| next as usize - 1);
    }
}

/// What the tab asks of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum TeamsCmd {
    SetLineup {
        event: EventId,
        round: RoundNo,
        team: TeamId,
        /// The team's name, for the status line.
        name: String,
        players: Vec<Option<EntryId>>,
    },
    /// A roster change (`qishe team roster`).
    Roster {
        event: EventId,
        team: TeamId,
        /// The team's name, for the status line.
        name: String,
        change: roster::TypedChange,
        force: bool,
    },
    /// A new team (`qishe team add`).
    NewTeam {
        event: EventId,
        name: String,
        club: Option<String>,
        players: Vec<String>,
        create: bool,
    },
    /// Read a teams CSV and ask before importing it.
    PreviewImport { event: EventId, path: String },
    /// Import a teams CSV (`qishe import teams`).
    Import { event: EventId, path: String },
}

/// (Re)reads the tab's data when the open event is a team event (its
/// `kind`, as the per-kind door `App::kind_of` answers); keeps the view,
/// round, selection and an open lineup form across reloads.
pub fn load(
    app: &App,
    lang: crate::i18n::Lang,
    ev: &Event,
    kind: crate::app::EventKind,
    paired: u32,
    prev: Option<TeamsTab>,
) -> crate::app::Result<Option<TeamsTab>> {
    if kind != crate::app::EventKind::Team {
        return Ok(None);
    }
    let key = ev.key();
    let (_, ts) = app.team_event(key)?;
    let not_team = || crate::i18n::msg!("err.team.not_team_event", event = &ev.name).render(lang);
    let prev = prev.filter(|t| t.event == key);
    // A round paired since the last read is the one the secretary wants to
    // see next (its matches, its results); otherwise the round stays put.
    let round = match &prev {
        Some(t) if paired > t.paired => RoundNo(paired),
        Some(t) => t.round.within(paired + 1),
        None => RoundNo(paired.max(1)),
    };
    let mut t = TeamsTab {
        event: key,
        view: prev.as_ref().map_or(View::Teams, |t| t.view),
        round,
        sel: prev.as_ref().map_or(0, |t| t.sel),
        boards: ts.boards,
        games_per_round: ev.settings.games_per_round,
        scheme: crate::app::SchemeKind::from_id(&ev.settings.scheme).ok(),
        paired,
        teams: app.team_lineups(key, round)?,
        // The round and the tables through the doors that answer for the
        // event's kind (a team event's, as checked above).
        matches: if round.get() <= paired {
            app.event_round(key, Some(round))?.into_team()
        } else {
            None
        },
        standings: app
            .event_standings(key, None)
            .map_err(|e| e.render(lang))
            .and_then(|s| s.into_team().ok_or_else(not_team)),
        prizes: app.team_board_prizes(key, None).unwrap_or_default(),
        cross: app
            .event_crosstable(key, None)
            .map_err(|e| e.render(lang))
            .and_then(|c| c.into_team().ok_or_else(not_team)),
        editor: prev.as_ref().and_then(|t| t.editor.clone()),
        roster_editor: prev.as_ref().and_then(|t| t.roster_editor.clone()),
        team_form: prev.as_ref().and_then(|t| t.team_form.clone()),
        advance: false,
    };
    t.advance = prev.as_ref().is_some_and(|p| p.advance);
    let n = rows(&t);
    if t.sel >= n {
        t.sel = n.saturating_sub(1);
    }
    Ok(Some(t))
}

/// The boards of the matches shown, in order: (match index, board index).
pub fn board_rows(t: &TeamsTab) -> Vec<(usize, usize)> {
    t.matches
        .as_ref()
        .map(|r| {
            r.matches
                .iter()
                .enumerate()
                .flat_map(|(i, mt)| (0..mt.boards.len()).map(move |b| (i, b)))
                .collect()
        })
        .unwrap_or_default()
}

fn rows(t: &TeamsTab) -> usize {
    match t.view {
        View::Teams => t.teams.len(),
        View::Matches => board_rows(t).len(),
        View::Standings => t.standings.as_ref().map_or(0, |s| s.rows.len()),
        View::Prizes => t.prizes.len(),
        View::Cross => t.cross.as_ref().map_or(0, |x| x.rows.len()),
    }
}

/// Whether a board still waits for a result (both players seated).
fn pending(t: &TeamsTab, (mi, bi): (usize, usize)) -> bool {
    let Some(r) = &t.matches else { return false };
    let b = &r.matches[mi].boards[bi];
    !b.home.is_empty() && !b.away.is_empty() && b.home_points.is_none()
}

/// Moves the Matches selection to the first board without a result, from
/// the current one on (wrapping).
fn next_pending(t: &mut TeamsTab) {
    let v = board_rows(t);
    let n = v.len();
    if let Some(i) = (0..n).map(|k| (t.sel + k) % n).find(|&i| pending(t, v[i])) {
        t.sel = i;
    }
}

impl TeamsTab {
    /// The contexts while the lineup or roster form is open (`None`: no
    /// form).
    pub fn contexts(&self) -> Option<Vec<Ctx>> {
        (self.editor.is_some() || self.roster_editor.is_some() || self.team_form.is_some())
            .then(|| vec![Ctx::Form])
    }

    /// Applies an action; `shown`: the tab is on screen (an open form has
    /// the keyboard wherever it is).
    pub fn update(&mut self, a: Action, ui: &Ui, shown: bool) -> Reply<TeamsCmd> {
        if self.editor.is_some() {
            return self.editor_update(a);
        }
        if self.roster_editor.is_some() {
            return roster::update(self, a);
        }
        if self.team_form.is_some() {
            return new_team::update(self, a, ui);
        }
        if !shown {
            return Reply::Ignored;
        }
        let t = self;
        let n = rows(t);
        match a {
            Action::NextView => {
                let i = View::ALL.iter().position(|v| *v == t.view).unwrap_or(0);
                t.view = View::ALL[(i + 1) % View::ALL.len()];
                t.sel = 0;
                if t.view == View::Matches {
                    next_pending(t);
                }
            }
            Action::PrevRound | Action::NextRound => {
                let r = if a == Action::PrevRound {
                    t.round.prev()
                } else {
                    t.round.next_upto(t.paired + 1)
                };
                if r != t.round {
                    t.round = r;
                    t.sel = 0;
                    return Reply::Reload;
                }
            }
            _ if a.move_in_list(&mut t.sel, n) => {}
            Action::SelectRow(i) if i < n => t.sel = i,
            Action::NewTeam => t.team_form = Some(TeamForm::new(TeamFormKind::NewTeam)),
            Action::Import => t.team_form = Some(TeamForm::new(TeamFormKind::Import)),
            Action::RosterAdd | Action::RosterRemove => {
                if t.view != View::Teams {
                    t.view = View::Teams;
                    t.sel = 0;
                }
                if let Err(why) = roster::open(t, a == Action::RosterRemove) {
                    return Reply::error(ui.t(why));
                }
            }
            Action::Lineup => {
                if t.view != View::Teams {
                    t.view = View::Teams;
                    t.sel = 0;
                }
                if t.teams.is_empty() {
                    return Reply::error(ui.t("tui.teams.no_teams"));
                }
                if let Some((v, lineup)) = t.teams.get(t.sel) {
                    let roster: Vec<(i64, String)> =
                        v.roster.iter().map(|e| (e.id, e.name.clone())).collect();
                    let picks = lineup
                        .iter()
                        .map(|p| p.and_then(|id| roster.iter().position(|r| r.0 == id)))
                        .collect();
                    t.editor = Some(LineupEditor {
                        id: v.team.key(),
                        team: v.team.name.clone(),
                        round: t.round,
                        roster,
                        picks,
                        focus: 0,
                        error: None,
                    });
                }
            }
            Action::RedWin
            | Action::Draw
            | Action::BlackWin
            | Action::RedForfeits
            | Action::BlackForfeits => return t.result(a, ui),
            _ => return Reply::Ignored,
        }
        Reply::Handled
    }

    /// A result key on the Matches view: the result form of the selected
    /// board (a forfeit goes straight in).
    fn result(&mut self, a: Action, ui: &Ui) -> Reply<TeamsCmd> {
        let t = self;
        if t.view != View::Matches {
            return Reply::error(ui.t("tui.teams.results_on_matches"));
        }
        let (Some(&(mi, bi)), Some(r), Some(outcome)) =
            (board_rows(t).get(t.sel), t.matches.as_ref(), a.outcome())
        else {
            return Reply::Handled;
        };
        let mt = &r.matches[mi];
        let b = &mt.boards[bi];
        if b.home.is_empty() || b.away.is_empty() {
            return Reply::error(ui.t("tui.teams.empty_board"));
        }
        // The first game of the board without a result (two-game boards).
        let codes: Vec<&str> = b.result.split_whitespace().collect();
        let game = codes
            .iter()
            .position(|c| *c == "*")
            .map_or(codes.len() + 1, |i| i + 1)
            .clamp(1, t.games_per_round.max(1) as usize) as u32;
        // The game's result so far: the form asks before replacing it.
        let replaces = codes.get(game as usize - 1).and_then(|c| {
            crate::domain::Outcome::ALL
                .into_iter()
                .find(|o| o.code() == *c)
        });
        let (red, black) = if b.home_red {
            (&b.home, &b.away)
        } else {
            (&b.away, &b.home)
        };
        // The board as the Matches view names it; on a board of several
        // games, without colours (game 2 of 分先 swaps them): the form
        // names the red and black of the game it holds (`sides`).
        let gpr = t.games_per_round.max(1);
        let place = match gpr {
            1 => crate::i18n::msg!(
                "tui.teams.place",
                m = mt.number,
                b = b.board,
                red = red.as_str(),
                black = black.as_str()
            ),
            _ => crate::i18n::msg!("place.team_board", m = mt.number, b = b.board),
        }
        .render(ui.lang);
        let sides = match gpr {
            1 => Vec::new(),
            _ => (1..=gpr)
                .map(|n| match t.scheme.is_some_and(|k| k.swaps_colours_in(n)) {
                    true => (n, black.clone(), red.clone()),
                    false => (n, red.clone(), black.clone()),
                })
                .collect(),
        };
        let (round, board, event) = (r.round, b.number, t.event);
        // Like the Results tab: after a result on a board that had none,
        // the next board without a result comes up; a correction stays.
        t.advance = replaces.is_none();
        Reply::ResultKey(BoardResult {
            event,
            round,
            board,
            outcome,
            game: (t.games_per_round > 1).then_some(game),
            replaces,
            results: codes
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let o = crate::domain::Outcome::ALL
                        .into_iter()
                        .find(|o| o.code() == *c)?;
                    Some((i as u32 + 1, o))
                })
                .collect(),
            place,
            sides,
        })
    }

    /// After a result was stored: the next board without a result when the
    /// one entered had none (the Results tab's rule); else the cursor stays.
    pub fn after_result(&mut self) {
        if std::mem::take(&mut self.advance) && self.view == View::Matches {
            next_pending(self);
        }
    }

    fn editor_update(&mut self, a: Action) -> Reply<TeamsCmd> {
        let event = self.event;
        let Some(e) = self.editor.as_mut() else {
            return Reply::Ignored;
        };
        let n = e.picks.len().max(1);
        match a {
            Action::Cancel | Action::Back => self.editor = None,
            Action::NextField | Action::Down => e.focus = (e.focus + 1) % n,
            Action::PrevField | Action::Up => e.focus = (e.focus + n - 1) % n,
            Action::ChoiceNext | Action::Input(' ') => e.cycle(1),
            Action::ChoicePrev => e.cycle(-1),
            Action::Backspace | Action::Input('-') | Action::Input('0') => e.picks[e.focus] = None,
            Action::Input(c) if c.is_ascii_digit() => {
                let i = c.to_digit(10).unwrap_or(0) as usize;
                if i >= 1 && i <= e.roster.len() {
                    e.picks[e.focus] = Some(i - 1);
                    e.focus = (e.focus + 1) % n;
                }
            }
            Action::Submit => {
                return Reply::Run(TeamsCmd::SetLineup {
                    event,
                    round: e.round,
                    team: e.id,
                    name: e.team.clone(),
                    players: e.players(),
                })
            }
            Action::ForceQuit => return Reply::Quit,
            _ => {}
        }
        Reply::Handled
    }
}

/// Runs a command of the tab against the club: the status line's text.
pub fn run(app: &mut App, ui: &Ui, cmd: &TeamsCmd) -> crate::app::Result<String> {
    match cmd {
        TeamsCmd::SetLineup {
            event,
            round,
            team,
            name,
            players,
        } => {
            app.set_team_lineup(*event, *round, *team, players)?;
            Ok(format!(
                "{}: {name} ({} {round})",
                ui.t("tui.teams.lineup_saved"),
                ui.t("tui.round.title")
            ))
        }
        TeamsCmd::Roster {
            event,
            team,
            name,
            change,
            force,
        } => roster::run(app, ui, (*event, *team, name), change, *force),
        TeamsCmd::NewTeam {
            event,
            name,
            club,
            players,
            create,
        } => {
            let roster = app.find_roster(*event, name, players, *create)?;
            let t = app.add_team(*event, name, club.as_deref(), None, &roster)?;
            Ok(
                crate::i18n::msg!("tui.teams.team_added", team = &t.name, n = t.roster.len())
                    .render(ui.lang),
            )
        }
        TeamsCmd::PreviewImport { event, path } => {
            // The model asks with [`import_question`] first; run directly,
            // it imports.
            run(
                app,
                ui,
                &TeamsCmd::Import {
                    event: *event,
                    path: path.clone(),
                },
            )
        }
        TeamsCmd::Import { event, path } => {
            let bytes = crate::app::output::read_record_file(
                std::path::Path::new(path),
                crate::app::output::RECORD_LIMIT,
            )?;
            let teams = app.import_teams(*event, &bytes, path)?;
            Ok(crate::i18n::msg!("tui.teams.imported", n = teams.len()).render(ui.lang))
        }
    }
}

/// The question before a teams CSV is imported: the teams and players it
/// would add, new members marked.
pub fn import_question(
    app: &App,
    ui: &Ui,
    event: EventId,
    path: &str,
) -> crate::app::Result<String> {
    let bytes = crate::app::output::read_record_file(
        std::path::Path::new(path),
        crate::app::output::RECORD_LIMIT,
    )?;
    let p = app.preview_teams_import(event, &bytes, path)?;
    let new = ui.t("tui.teams.new_member");
    let teams: Vec<String> = p
        .teams
        .iter()
        .map(|(team, roster)| {
            let names: Vec<String> = roster
                .iter()
                .map(|(n, is_new)| {
                    if *is_new {
                        format!("{n}{new}")
                    } else {
                        n.clone()
                    }
                })
                .collect();
            format!("{team} ({}): {}", roster.len(), names.join(", "))
        })
        .collect();
    Ok(crate::i18n::msg!(
        "tui.teams.import_question",
        n = p.teams.len(),
        teams = teams.join("; ")
    )
    .render(ui.lang))
}

impl TeamsTab {
    /// After a command of the tab: stored, its form closes; refused, the
    /// app's message stays in the form with what was picked.
    pub fn ran(&mut self, ui: &Ui, r: Result<(), &crate::app::AppError>) {
        match r {
            Ok(()) => {
                self.editor = None;
                self.roster_editor = None;
                self.team_form = None;
            }
            Err(e) => {
                let text = Some(e.render(ui.lang));
                if let Some(ed) = self.editor.as_mut() {
                    ed.error = text;
                } else if let Some(ed) = self.roster_editor.as_mut() {
                    ed.error = text;
                } else if let Some(ed) = self.team_form.as_mut() {
                    ed.error = text;
                }
            }
        }
    }
}
