//! The model: everything the screen shows (state). Its roles live in
//! child modules: `form` (what a form is), `forms` (the forms and
//! submitting them), `update` (Action → state change and maybe a
//! [`Command`]), `components` (the model's side of the page components:
//! their keys and replies), `command` (the commands), `execute` (running
//! one inline), `effects` (the one command path: `run` against the
//! [`App`], `apply` to the model), `outcome` (what a command came to and
//! what it changed), `worker` (long work on a thread), `print`, `load` (reading the
//! club into the model), and the
//! Round and Results tabs' own logic (`boards`, `entry`). The files import
//! each other one way only (`tests/it/architecture.rs`, names re-exported
//! here counted as imports of the file that defines them).

pub mod boards;
mod command;
mod components;
pub mod effects;
pub mod entry;
mod execute;
mod facts;
mod form;
mod forms;
mod imports;
mod load;
pub mod outcome;
mod pair;
pub mod print;
mod state;
mod update;
pub mod worker;

pub use command::*;
pub use execute::execute;
pub use form::*;
pub use forms::*;
use state::{Club, Nav, OpenEvent, Popups};
pub use update::*;

use super::component::Ui;
use super::keymap::{Action, Ctx};
use crate::app::teams::TeamRoundView;
use crate::app::{App, EventCrosstable, EventId, EventKind, EventStandings, PlacedGame, RoundView};
use crate::app::{BoardNo, RoundNo};
use crate::domain::{Entry, Event, EventSettings, Member};
use crate::i18n::{tr, Lang};
use crossterm::event::KeyEvent;

/// The top screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Club,
    Events,
    Event,
}

/// The tabs of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Players,
    /// Team events only.
    Teams,
    /// Knockouts only.
    Bracket,
    Round,
    Results,
    Standings,
    Crosstable,
    Print,
    /// Individual events only: the prize list and who gets what (last, so
    /// the other tabs keep their places).
    Prizes,
}

impl Tab {
    pub const ALL: [Tab; 9] = [
        Tab::Players,
        Tab::Teams,
        Tab::Bracket,
        Tab::Round,
        Tab::Results,
        Tab::Standings,
        Tab::Crosstable,
        Tab::Print,
        Tab::Prizes,
    ];
    pub fn key(self) -> &'static str {
        match self {
            Tab::Players => "tui.tab.players",
            Tab::Teams => "tui.tab.teams",
            Tab::Bracket => "tui.tab.bracket",
            Tab::Round => "tui.tab.round",
            Tab::Results => "tui.tab.results",
            Tab::Standings => "tui.tab.standings",
            Tab::Crosstable => "tui.tab.crosstable",
            Tab::Prizes => "tui.tab.prizes",
            Tab::Print => "tui.tab.print",
        }
    }
    fn ctx(self) -> Ctx {
        match self {
            Tab::Players => Ctx::Players,
            Tab::Teams => Ctx::Teams,
            Tab::Bracket => Ctx::Bracket,
            Tab::Round => Ctx::Round,
            Tab::Results => Ctx::Results,
            Tab::Standings => Ctx::Standings,
            Tab::Crosstable => Ctx::Crosstable,
            Tab::Prizes => Ctx::Prizes,
            Tab::Print => Ctx::Print,
        }
    }
}

/// The open event and what its tabs show.
#[derive(Clone, Debug, Default)]
pub struct EventData {
    event: Option<Event>,
    /// Individual, team or knockout (what the tables are).
    kind: Option<EventKind>,
    entries: Vec<Entry>,
    paired: u32,
    round: Option<RoundView>,
    /// A team event's shown round as matches (the Round and Results tabs
    /// list its boards under a header per match).
    team_round: Option<TeamRoundView>,
    games: Vec<PlacedGame>,
    /// The standings for the event's kind (the app's door decides).
    standings: Option<EventStandings>,
    crosstable: Option<EventCrosstable>,
    byes: Vec<crate::domain::RequestedBye>,
    forbidden: Vec<crate::domain::ForbiddenPair>,
    /// Why standings could not be computed (e.g. an inconsistent result).
    standings_error: Option<String>,
    /// Each entry's points before the shown round (Round tab, by entry id).
    points_before: std::collections::HashMap<i64, crate::domain::Points>,
    /// Accelerated pairings: the virtual points of the shown round (Round
    /// tab, by entry id), shown apart from the points.
    virtual_now: std::collections::HashMap<i64, crate::domain::Points>,
    /// Results players reported from the served pages, waiting for the
    /// arbiter (Results tab: a mark on the board, Enter accepts).
    pending: Vec<crate::app::PendingBoard>,
    /// The round the tables are after (`None`: the complete rounds).
    tables_after: Option<RoundNo>,
    /// What is out of date and read when a tab shows it ([`Model::fill`]).
    stale: Stale,
}

/// The open event's data, read by the screens; the model alone changes it.
impl EventData {
    pub fn event(&self) -> Option<&Event> {
        self.event.as_ref()
    }

    pub fn kind(&self) -> Option<EventKind> {
        self.kind
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many rounds are paired.
    pub fn paired(&self) -> u32 {
        self.paired
    }

    /// The round shown (the latest, or the one picked with [ / ]).
    pub fn round(&self) -> Option<&RoundView> {
        self.round.as_ref()
    }

    pub fn games(&self) -> &[PlacedGame] {
        &self.games
    }

    /// A team event's shown round as matches with their scores.
    pub fn team_round(&self) -> Option<&TeamRoundView> {
        self.team_round.as_ref()
    }

    pub fn standings(&self) -> Option<&EventStandings> {
        self.standings.as_ref()
    }

    pub fn crosstable(&self) -> Option<&EventCrosstable> {
        self.crosstable.as_ref()
    }

    pub fn byes(&self) -> &[crate::domain::RequestedBye] {
        &self.byes
    }

    pub fn forbidden(&self) -> &[crate::domain::ForbiddenPair] {
        &self.forbidden
    }

    /// Why standings could not be computed.
    pub fn standings_error(&self) -> Option<&str> {
        self.standings_error.as_deref()
    }

    /// Each entry's points before the shown round, by entry id.
    pub fn points_before(&self) -> &std::collections::HashMap<i64, crate::domain::Points> {
        &self.points_before
    }

    /// The virtual points of the shown round, by entry id.
    pub fn virtual_now(&self) -> &std::collections::HashMap<i64, crate::domain::Points> {
        &self.virtual_now
    }

    /// Results reported from the served pages, waiting for the arbiter.
    pub fn pending(&self) -> &[crate::app::PendingBoard] {
        &self.pending
    }

    /// The round the tables are after (`None`: the complete rounds).
    pub fn tables_after(&self) -> Option<RoundNo> {
        self.tables_after
    }
}

/// Parts of the open event that are read only when a tab shows them: the
/// tables and the prize report cost the most, and a result entered on the
/// Results tab changes them without them being seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stale {
    /// Standings and crosstable.
    pub tables: bool,
    /// The prize report.
    pub prizes: bool,
}

/// The pop-ups; at most one is open (`Model::modal`).
#[derive(Clone, Debug, PartialEq)]
pub enum Modal {
    /// The keys of the screen under it; any key closes it.
    Help,
    /// Notes for the arbiter (the round just paired, a breakdown), shown
    /// until a key.
    Notice(String),
    /// A question waiting for `y`.
    Confirm(Confirm),
    Form(Form),
    /// Picking members to enter into the event.
    Picker(super::picker::Picker),
    /// The action log (see `log`).
    Log(super::log::LogView),
    /// The check-in of the next round (see `checkin`).
    CheckIn(super::checkin::CheckInView),
    /// The served pages: where phones open them, and the QR code of the
    /// event's address; any key closes it.
    Served {
        lines: Vec<String>,
        qr: Vec<String>,
    },
    /// Reports that disagree on one board: the arbiter picks the result
    /// that stands, or presses a result key for his own.
    Reports(ReportChoice),
}

/// The conflict pop-up of the Results tab: a board's reports grouped by
/// the result they name.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportChoice {
    pub event: EventId,
    pub round: RoundNo,
    pub board: BoardNo,
    /// Round, board and players, as the title says them.
    pub place: String,
    /// The different results reported (codes: `1-0` …), first reported
    /// first, each with its reports (who, when).
    pub choices: Vec<(String, Vec<String>)>,
    /// The chosen row.
    pub sel: usize,
}

/// What config.toml says, read once when the TUI starts.
#[derive(Clone, Debug)]
pub struct Prefs {
    /// The rule book the repetition dialog opens with.
    pub(in crate::tui) repetition_rules: crate::xiangqi::repetition::RuleSet,
    pub(in crate::tui) club_name: String,
    /// The order of by-name lists (`name_order`: pinyin or 笔画).
    pub(in crate::tui) name_order: crate::domain::NameOrder,
    /// What the new-event form starts from: `[event]`.
    pub(in crate::tui) event_defaults: EventSettings,
    /// The team tie-breaks (codes), for a new team event.
    pub(in crate::tui) team_tiebreaks: Vec<String>,
}

impl Prefs {
    fn of(config: &crate::config::Config) -> Prefs {
        Prefs {
            repetition_rules: config.repetition_rules,
            club_name: config.club.clone(),
            name_order: config.name_order,
            event_defaults: config.event.clone(),
            team_tiebreaks: config
                .team_tiebreaks
                .iter()
                .map(|t| t.code().to_string())
                .collect(),
        }
    }
}

/// A form's state beside the pop-up that shows it.
#[derive(Clone, Debug, Default)]
pub struct FormState {
    /// The form just submitted: it comes back, as typed, when its command
    /// fails or its question is answered no.
    pub(in crate::tui) submitted: Option<Form>,
    /// First line of the scrollable list of choices under a form.
    pub(in crate::tui) scroll: usize,
    /// Esc was pressed on a form that holds what the secretary typed: the
    /// form asks, on its last line, whether to throw it away.
    pub(in crate::tui) discarding: bool,
    /// The field the last refused submit named (its label key) and why:
    /// shown under that field until it is changed or the form submitted.
    pub(in crate::tui) error: Option<(&'static str, String)>,
}

/// Rows marked for an act of two keys, and a change waiting for `y`.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Standings row marked with `e`.
    pub(in crate::tui) explain: Option<usize>,
    /// Players row marked with `f` (forbidding a pair).
    pub(in crate::tui) forbid: Option<usize>,
    /// A manual change refused by the rule check, waiting to be insisted on.
    pub(in crate::tui) insist: Option<Command>,
}

/// Everything `view` draws.
pub struct Model {
    lang: Lang,
    /// What config.toml says, read once at start (the TUI's own code only).
    pub(in crate::tui) prefs: Prefs,
    /// Where the secretary is.
    nav: Nav,
    /// The club's members and events.
    club: Club,
    /// The open event: its data and its tabs' own state.
    open: OpenEvent,
    /// The pop-up, the status line and long work in progress.
    popups: Popups,
    /// The submitted form and the scroll of a form's choices (the TUI's own
    /// code only).
    pub(in crate::tui) form_state: FormState,
    /// Rows marked for a two-key act and a change waiting to be insisted
    /// on (the TUI's own code only).
    pub(in crate::tui) marks: Marks,
    quit: bool,
    /// The keys in force (config.toml `[keys]` applied).
    keymap: super::keymap::Keymap,
}

impl Model {
    /// Loads the model from the club (members and events; an event's data
    /// only when one is opened).
    pub fn load(app: &App) -> crate::app::Result<Model> {
        let mut m = Model {
            lang: app.lang(),
            prefs: Prefs::of(&app.config),
            nav: Nav {
                screen: Screen::Club,
                tab: Tab::Players,
                member_sel: 0,
                event_sel: 0,
                row_sel: 0,
                round_sel: None,
                search: String::new(),
                searching: false,
                pages: Default::default(),
            },
            club: Club::default(),
            open: OpenEvent::default(),
            popups: Popups::default(),
            form_state: FormState::default(),
            marks: Marks::default(),
            quit: false,
            // Checked before the TUI starts (`tui::check_keys`).
            keymap: super::keymap::Keymap::from_config(&app.config).unwrap_or_default(),
        };
        m.refresh(app)?;
        Ok(m)
    }

    /// The language the screens speak.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The secretary asked to leave (the main loop stops).
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Asks the main loop to stop.
    pub(in crate::tui) fn request_quit(&mut self) {
        self.quit = true;
    }

    /// The keys in force (config.toml `[keys]` applied).
    pub fn keymap(&self) -> &super::keymap::Keymap {
        &self.keymap
    }

    pub fn form(&self) -> Option<&Form> {
        match &self.popups.modal {
            Some(Modal::Form(f)) => Some(f),
            _ => None,
        }
    }
    pub fn form_mut(&mut self) -> Option<&mut Form> {
        match &mut self.popups.modal {
            Some(Modal::Form(f)) => Some(f),
            _ => None,
        }
    }
    pub fn confirm(&self) -> Option<&Confirm> {
        match &self.popups.modal {
            Some(Modal::Confirm(c)) => Some(c),
            _ => None,
        }
    }
    pub fn notice(&self) -> Option<&str> {
        match &self.popups.modal {
            Some(Modal::Notice(n)) => Some(n),
            _ => None,
        }
    }
    pub fn picker(&self) -> Option<&super::picker::Picker> {
        match &self.popups.modal {
            Some(Modal::Picker(p)) => Some(p),
            _ => None,
        }
    }
    pub fn help(&self) -> bool {
        self.popups.modal == Some(Modal::Help)
    }
    /// Opens a form (over whatever pop-up was open).
    pub fn set_form(&mut self, f: Form) {
        self.form_state.discarding = false;
        self.form_state.error = None;
        self.popups.modal = Some(Modal::Form(f));
    }
    /// The open form's field that a refused submit named, and why.
    pub fn form_error(&self) -> Option<(&'static str, &str)> {
        self.form()?;
        self.form_state
            .error
            .as_ref()
            .map(|(label, why)| (*label, why.as_str()))
    }
    /// The open form asks whether to throw away what it holds.
    pub fn discarding(&self) -> bool {
        self.form_state.discarding && self.form().is_some()
    }
    /// Asks a question.
    pub fn ask(&mut self, c: Confirm) {
        self.popups.modal = Some(Modal::Confirm(c));
    }
    pub fn show_help(&mut self) {
        self.popups.modal = Some(Modal::Help);
    }
    pub fn set_notice(&mut self, text: String) {
        self.popups.modal = Some(Modal::Notice(text));
    }

    pub fn t(&self, key: &str) -> String {
        tr(self.lang, key).to_string()
    }

    /// The program's name and the club's, once when they are the same
    /// (the default club name is 棋社, which is also the program's name in
    /// Chinese).
    pub fn masthead(&self) -> String {
        let title = self.t("app.title");
        if self.prefs.club_name.trim().is_empty() || self.prefs.club_name.trim() == title {
            title
        } else {
            format!("{title} {}", self.prefs.club_name)
        }
    }

    /// The tabs of the open event: Teams only for a team event, Bracket
    /// only for a knockout, Prizes for an individual event once it has a
    /// prize list (or `P` opened it).
    pub fn tabs(&self) -> Vec<Tab> {
        Tab::ALL
            .into_iter()
            .filter(|t| match t {
                Tab::Teams => self.open.teams.is_some(),
                Tab::Bracket => self.open.bracket.is_some(),
                Tab::Prizes => self.open.prizes.as_ref().is_some_and(|p| p.shown()),
                _ => true,
            })
            .collect()
    }

    /// Members matching the search (name, its pinyin initials or full
    /// pinyin, rating, club and its pinyin, member id), ranked: names that
    /// start with the query (as typed or read as pinyin) first, then other
    /// name matches, then the rest; in name order (pinyin, or 笔画 as
    /// config.toml's `name_order` says) within a rank; retired ones last.
    pub fn filtered_members(&self, query: &str) -> Vec<&Member> {
        // Names and clubs compare in either script (陳 finds 陈).
        let q = crate::i18n::fold_script(query);
        let py = super::search::normalise(query);
        let rank = |m: &Member| -> u8 {
            let name = crate::i18n::fold_script(&m.name);
            if q.is_empty() || name.starts_with(&q) || self.club.pinyin.starts(&m.name, &py) {
                0
            } else if name.contains(&q) || self.club.pinyin.matches(&m.name, &py) {
                1
            } else {
                2
            }
        };
        let mut v: Vec<&Member> = self
            .club
            .members
            .iter()
            .filter(|m| {
                q.is_empty()
                    || crate::i18n::fold_script(&m.name).contains(&q)
                    || self.club.pinyin.matches(&m.name, &py)
                    || m.club
                        .as_deref()
                        .is_some_and(|c| self.club.pinyin.matches(c, &py))
                    || crate::i18n::fold_script(m.club.as_deref().unwrap_or("")).contains(&q)
                    || m.rating
                        .map(|r| r.to_string().starts_with(&q))
                        .unwrap_or(false)
                    || m.ext_id
                        .as_deref()
                        .unwrap_or("")
                        .to_lowercase()
                        .contains(&q)
            })
            .collect();
        let order = self.prefs.name_order;
        v.sort_by_cached_key(|m| {
            let name = self.club.pinyin.sort_key(&m.name, order);
            (m.retired, rank(m), name, m.id)
        });
        v
    }

    /// Members not yet entered in the open event, filtered by the picker.
    pub fn pickable(&self) -> Vec<&Member> {
        let entered: Vec<i64> = self.open.ev.entries.iter().map(|e| e.member_id).collect();
        self.filtered_members(self.picker().map_or("", |p| p.query.as_str()))
            .into_iter()
            .filter(|m| !m.retired && !entered.contains(&m.id))
            .collect()
    }

    /// The contexts whose bindings apply now, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.confirm().is_some() {
            return vec![Ctx::Confirm];
        }
        if self.discarding() {
            return vec![Ctx::Discard];
        }
        if let Some(Modal::Log(_)) = self.popups.modal {
            return vec![Ctx::Log, Ctx::Global];
        }
        if let Some(Modal::CheckIn(_)) = self.popups.modal {
            return vec![Ctx::CheckIn, Ctx::Global];
        }
        if let Some(Modal::Reports(_)) = self.popups.modal {
            return vec![Ctx::Reports];
        }
        if let Some(c) = self.nav.pages.contexts() {
            return c;
        }
        if self.picker().is_some_and(|p| p.multi) {
            return vec![Ctx::Picker, Ctx::Form];
        }
        if self.form().is_some() || self.nav.searching || self.picker().is_some() {
            return vec![Ctx::Form];
        }
        let tabs = self.open.teams.as_ref().and_then(|t| t.contexts());
        let tabs = tabs.or_else(|| self.open.prizes.as_ref().and_then(|p| p.contexts()));
        if let Some(c) = tabs.or_else(|| self.open.bracket.as_ref().and_then(|b| b.contexts())) {
            return c;
        }
        if self.open.mover.is_some()
            && self.nav.screen == Screen::Event
            && self.nav.tab == Tab::Round
        {
            return vec![Ctx::Move, Ctx::Global];
        }
        match self.nav.screen {
            Screen::Club => vec![Ctx::Club, Ctx::List, Ctx::Global],
            Screen::Events => vec![Ctx::Events, Ctx::List, Ctx::Global],
            Screen::Event => vec![self.nav.tab.ctx(), Ctx::Event, Ctx::Global],
        }
    }

    /// Number of rows in the current list.
    fn rows(&self) -> usize {
        match self.nav.screen {
            Screen::Club => self.filtered_members(&self.nav.search).len(),
            Screen::Events => self.club.events.len(),
            Screen::Event => match self.nav.tab {
                Tab::Print | Tab::Teams | Tab::Bracket | Tab::Prizes => 0,
                Tab::Players => self.open.ev.entries.len(),
                Tab::Round | Tab::Results => self
                    .open
                    .ev
                    .round
                    .as_ref()
                    .map(|r| r.boards.len())
                    .unwrap_or(0),
                Tab::Standings => self.open.ev.standings.as_ref().map_or(0, |s| s.len()),
                Tab::Crosstable => self.open.ev.crosstable.as_ref().map_or(0, |c| c.len()),
            },
        }
    }

    fn sel_mut(&mut self) -> &mut usize {
        if let Some(Modal::Picker(p)) = &mut self.popups.modal {
            return &mut p.sel;
        }
        match self.nav.screen {
            Screen::Club => &mut self.nav.member_sel,
            Screen::Events => &mut self.nav.event_sel,
            Screen::Event => &mut self.nav.row_sel,
        }
    }

    fn event_id(&self) -> Option<EventId> {
        self.open.ev.event.as_ref().map(|e| e.key())
    }

    /// The documents the Print tab offers for the open event (its kind's:
    /// a knockout's bracket, a round robin's wall chart, …).
    pub fn print_docs(&self) -> Vec<&'static str> {
        match &self.open.ev.event {
            Some(e) => print_docs(self.open.ev.kind.unwrap_or_default(), e.settings.system),
            None => PRINT_DOCS.to_vec(),
        }
    }

    fn selected_board(&self) -> Option<&crate::app::BoardView> {
        self.open.ev.round.as_ref()?.boards.get(self.nav.row_sel)
    }

    /// Moves the Results selection to the first board without a result,
    /// from the current one on.
    pub fn next_unfinished(&mut self) {
        if let Some(r) = &self.open.ev.round {
            let n = r.boards.len();
            // A knockout's board is open while its match is undecided (a
            // drawn game leaves a play-off game due).
            let matches = self.open.bracket.as_ref().and_then(|b| {
                b.bracket
                    .rounds
                    .get((r.number.get() as usize).wrapping_sub(1))
            });
            let open = |i: usize| {
                let b = &r.boards[i];
                if let Some(ms) = matches {
                    return ms
                        .iter()
                        .find(|x| x.board == b.number)
                        .is_some_and(|x| x.b.is_some() && x.decided_by.is_none());
                }
                b.black.is_some() && b.results.iter().all(|x| x == "*")
                    || b.black.is_some() && b.results.is_empty()
            };
            if let Some(i) = (0..n)
                .map(|k| (self.nav.row_sel + k) % n)
                .find(|&i| open(i))
            {
                self.nav.row_sel = i;
            }
        }
    }
}

/// `key` with a full-width character (`１`, `ｒ`) as its ASCII twin.
fn halfwidth_key(mut key: KeyEvent) -> KeyEvent {
    if let crossterm::event::KeyCode::Char(c) = key.code {
        let folded = crate::domain::typed::halfwidth(c.encode_utf8(&mut [0; 4]));
        if let (Some(f), None) = (folded.chars().next(), folded.chars().nth(1)) {
            key.code = crossterm::event::KeyCode::Char(f);
        }
    }
    key
}

/// The component interface of a screen: map a key to an action.
pub trait Component {
    fn handle(&mut self, key: KeyEvent) -> Option<Action>;
}

impl Component for Model {
    fn handle(&mut self, key: KeyEvent) -> Option<Action> {
        let ctxs = self.contexts();
        // Outside text (a form, a search) a key is a command: a full-width
        // one from a Chinese input method (`１`, `ｒ`) is its ASCII twin.
        let key = if ctxs.contains(&Ctx::Form) {
            key
        } else {
            halfwidth_key(key)
        };
        if self.nav.screen == Screen::Event
            && self.nav.tab == Tab::Results
            && ctxs[0] == Ctx::Results
        {
            if let crossterm::event::KeyCode::Char(c) = key.code {
                if c.is_ascii_digit() {
                    return Some(Action::Input(c));
                }
            }
            if key.code == crossterm::event::KeyCode::Backspace {
                return Some(Action::Backspace);
            }
        }
        self.keymap.resolve(&ctxs, &key)
    }
}
