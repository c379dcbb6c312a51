//! The model (everything the screen shows), `update` (Action → state change
//! and maybe a [`Command`] for the app layer) and `execute` (runs a command
//! against the [`App`] and refreshes the model's data).

use super::keymap::{resolve, Action, Ctx};
use crate::app::{
    invalid, App, EntryId, EventDraft, EventId, MemberId, PlacedGame, ResultInput, RoundView,
};
use crate::domain::{
    Entry, EntryStatus, Event, EventSettings, Member, NewMember, Outcome, PairingSystem,
    TimeControl,
};
use crate::i18n::{io_msg, tr, Lang};
use crate::scoring::{Crosstable, Standings};
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
    /// Team events only (issue 19).
    Teams,
    /// Knockouts only (issue 20).
    Bracket,
    Round,
    Results,
    Standings,
    Crosstable,
    Print,
}

impl Tab {
    pub const ALL: [Tab; 8] = [
        Tab::Players,
        Tab::Teams,
        Tab::Bracket,
        Tab::Round,
        Tab::Results,
        Tab::Standings,
        Tab::Crosstable,
        Tab::Print,
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
            Tab::Print => Ctx::Print,
        }
    }
}

/// One field of a form: free text, or a choice among `choices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// i18n key of the label.
    pub label: &'static str,
    pub value: String,
    pub choices: Vec<String>,
}

impl Field {
    pub(crate) fn text(label: &'static str, value: impl Into<String>) -> Field {
        Field {
            label,
            value: value.into(),
            choices: Vec::new(),
        }
    }
    pub(crate) fn choice(label: &'static str, choices: &[&str], current: &str) -> Field {
        Field {
            label,
            value: current.to_string(),
            choices: choices.iter().map(|s| s.to_string()).collect(),
        }
    }
    fn cycle(&mut self, step: isize) {
        if self.choices.is_empty() {
            return;
        }
        let n = self.choices.len() as isize;
        let i = self
            .choices
            .iter()
            .position(|c| *c == self.value)
            .unwrap_or(0) as isize;
        self.value = self.choices[((i + step).rem_euclid(n)) as usize].clone();
    }
}

/// What a form is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormKind {
    AddMember,
    EditMember(Member),
    NewEvent,
    Result {
        round: u32,
        board: u32,
        outcome: Outcome,
        /// The result already entered there (the form asks before
        /// replacing it).
        replaces: Option<Outcome>,
    },
    ImportMembers,
    AttachRecord {
        round: u32,
        board: u32,
    },
    Print,
}

/// A modal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub fields: Vec<Field>,
    pub focus: usize,
}

impl Form {
    pub fn title_key(&self) -> &'static str {
        match self.kind {
            FormKind::AddMember => "tui.form.add_member",
            FormKind::EditMember(_) => "tui.form.edit_member",
            FormKind::NewEvent => "tui.form.new_event",
            FormKind::Result { .. } => "tui.form.result",
            FormKind::ImportMembers => "tui.form.import",
            FormKind::AttachRecord { .. } => "tui.form.attach",
            FormKind::Print => "tui.form.print",
        }
    }
    pub fn value(&self, label: &str) -> &str {
        self.fields
            .iter()
            .find(|f| f.label == label)
            .map(|f| f.value.trim())
            .unwrap_or("")
    }
}

/// A command for the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    AddMember(NewMember),
    UpdateMember(Member),
    RetireMember(i64),
    CreateEvent {
        name: String,
        draft: EventDraft,
        /// The first day (`None`: today).
        date: Option<chrono::NaiveDate>,
    },
    OpenEvent(i64),
    EnterPlayer {
        event: i64,
        member: i64,
    },
    /// Every member marked in the picker, at once.
    EnterPlayers {
        event: i64,
        members: Vec<i64>,
    },
    Withdraw {
        event: i64,
        entry: i64,
    },
    PairNext(i64),
    /// Remove the last round; `force` when it has results (the question
    /// said how many).
    Unpair {
        event: i64,
        force: bool,
    },
    /// How a player's tie-break values are made (issue 16), in a box.
    ExplainPlayer {
        event: i64,
        start_no: u32,
    },
    SwapColours {
        event: i64,
        round: u32,
        red: u32,
        black: u32,
        insist: bool,
    },
    /// Two players (start numbers) change places in a round.
    SwapPlayers {
        event: i64,
        round: u32,
        a: u32,
        b: u32,
        insist: bool,
    },
    RecordResult {
        event: i64,
        round: u32,
        board: u32,
        input: ResultInput,
    },
    /// Read a member CSV and ask before importing it.
    PreviewImport(String),
    ImportMembers(String),
    RequestBye {
        event: i64,
        entry: i64,
        round: u32,
    },
    Forbid {
        event: i64,
        a: i64,
        b: i64,
    },
    AttachRecord {
        event: i64,
        round: u32,
        board: u32,
        path: String,
        /// The secretary saw and accepted what the record differs in.
        checked: bool,
    },
    Print {
        event: i64,
        doc: String,
        format: String,
        to_printer: bool,
        path: String,
        printer: String,
        /// After this round (`None`: the last).
        round: Option<u32>,
        /// Replace an existing file (asked first).
        force: bool,
    },
    /// Say what `Undo` would take back and ask.
    PreviewUndo,
    Undo,
    Redo,
    /// Ask before finishing (how many rounds are missing) or reopening.
    PreviewFinish(i64),
    Finish(i64),
    Reopen(i64),
    /// Open a form (after a question was answered yes).
    OpenForm(Form),
    /// Reload the model's data (after a worker changed the database).
    Reload,
    /// A command of the ruling dialog, member page or statistics screen.
    Page(super::pages::PageCmd),
    /// A command of the Teams tab (issue 19).
    Teams(super::teams::TeamsCmd),
    /// A command of the Bracket tab (issue 20).
    Bracket(super::bracket::BracketCmd),
}

/// A destructive action waiting for `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirm {
    pub message: String,
    pub command: Command,
}

/// The open event and what its tabs show.
#[derive(Clone, Debug, Default)]
pub struct EventData {
    pub event: Option<Event>,
    pub entries: Vec<Entry>,
    pub paired: u32,
    pub round: Option<RoundView>,
    pub games: Vec<PlacedGame>,
    pub standings: Option<Standings>,
    pub crosstable: Option<Crosstable>,
    pub byes: Vec<crate::domain::RequestedBye>,
    pub forbidden: Vec<crate::domain::ForbiddenPair>,
    /// Why standings could not be computed (e.g. an inconsistent result).
    pub standings_error: Option<String>,
    /// Each entry's points before the shown round (Round tab, by entry id).
    pub points_before: std::collections::HashMap<i64, crate::domain::Points>,
}

/// Everything `view` draws.
pub struct Model {
    pub lang: Lang,
    /// The rule book the repetition dialog opens with (config.toml).
    pub repetition_rules: crate::xiangqi::repetition::RuleSet,
    pub club_name: String,
    /// What the new-event form starts from: `[event]` in config.toml.
    pub event_defaults: EventSettings,
    pub screen: Screen,
    pub tab: Tab,
    pub members: Vec<Member>,
    pub events: Vec<Event>,
    pub ev: EventData,
    /// Selected row per list (club, events, tab).
    pub member_sel: usize,
    pub event_sel: usize,
    pub row_sel: usize,
    pub search: String,
    pub searching: bool,
    /// Picking a member to enter into the event (search text).
    pub picker: Option<String>,
    pub picker_sel: usize,
    pub form: Option<Form>,
    pub confirm: Option<Confirm>,
    /// Notes for the arbiter on the round just paired, shown until a key.
    pub notice: Option<String>,
    pub help: bool,
    /// The last message, and whether it is an error.
    pub status: Option<(String, bool)>,
    /// Long work in progress (drawn before the work starts).
    pub busy: Option<String>,
    /// A board number typed on the Results tab.
    pub board_input: String,
    /// The round the event's tabs show (`[` / `]`); `None`: the last paired.
    pub round_sel: Option<u32>,
    /// The form just submitted: it comes back, as typed, when its command
    /// fails or its question is answered no.
    pub submitted: Option<Form>,
    /// Members marked in the entry picker (space).
    pub marked: Vec<i64>,
    /// First line of the scrollable list of choices under a form.
    pub form_scroll: usize,
    /// Standings row marked with `e`.
    pub explain_mark: Option<usize>,
    /// Players row marked with `f` (forbidding a pair).
    pub forbid_mark: Option<usize>,
    /// A manual change refused by the rule check, waiting to be insisted on.
    pub pending_insist: Option<Command>,
    /// Pinyin readings of the members' names and clubs (search).
    pub pinyin: super::search::PinyinIndex,
    /// Work running on a worker thread (see `worker`).
    pub job: Option<super::worker::Job>,
    /// A player marked on the Round tab for a move (see `boards`).
    pub mover: Option<super::boards::Mover>,
    pub quit: bool,
    /// Ruling dialog, member page, statistics screen (see `pages`).
    pub pages: super::pages::Pages,
    /// The Teams tab of an open team event (see `teams`).
    pub teams: Option<super::teams::TeamsTab>,
    /// The Bracket tab of an open knockout (see `bracket`).
    pub bracket: Option<super::bracket::BracketTab>,
}

impl Model {
    /// Loads the model from the club (members and events; an event's data
    /// only when one is opened).
    pub fn load(app: &App) -> crate::app::Result<Model> {
        let mut m = Model {
            lang: app.lang(),
            repetition_rules: app.config.repetition_rules,
            club_name: app.config.club.clone(),
            event_defaults: app.config.event.clone(),
            screen: Screen::Club,
            tab: Tab::Players,
            members: Vec::new(),
            events: Vec::new(),
            ev: EventData::default(),
            member_sel: 0,
            event_sel: 0,
            row_sel: 0,
            search: String::new(),
            searching: false,
            picker: None,
            picker_sel: 0,
            form: None,
            confirm: None,
            notice: None,
            help: false,
            status: None,
            busy: None,
            board_input: String::new(),
            round_sel: None,
            submitted: None,
            marked: Vec::new(),
            form_scroll: 0,
            explain_mark: None,
            forbid_mark: None,
            pending_insist: None,
            pinyin: Default::default(),
            job: None,
            mover: None,
            quit: false,
            pages: Default::default(),
            teams: None,
            bracket: None,
        };
        m.refresh(app)?;
        Ok(m)
    }

    pub fn t(&self, key: &str) -> String {
        tr(self.lang, key).to_string()
    }

    /// Reloads the data from the club.
    pub fn refresh(&mut self, app: &App) -> crate::app::Result<()> {
        self.members = app.members(true)?;
        self.pinyin = super::search::PinyinIndex::build(
            self.members
                .iter()
                .flat_map(|m| std::iter::once(m.name.as_str()).chain(m.club.as_deref())),
        );
        self.events = app.events()?;
        if let Some(id) = self.ev.event.as_ref().map(|e| e.id) {
            self.load_event(app, id)?;
        }
        Ok(())
    }

    /// Loads an event's tabs.
    pub fn load_event(&mut self, app: &App, id: i64) -> crate::app::Result<()> {
        let v = app.event_view(EventId(id))?;
        // A round picked with [ / ]: its boards, and the tables after it.
        let pick = self.round_sel.filter(|&r| r >= 1 && r < v.paired);
        self.round_sel = pick;
        let (round, games, tables) = match pick {
            Some(r) => (
                Some(app.round_view(&id.to_string(), Some(r))?),
                app.games(EventId(id), Some(r))?
                    .into_iter()
                    .filter(|g| g.round == r)
                    .collect(),
                app.tables(&v.event, Some(r)),
            ),
            None => (v.round, v.games, v.tables),
        };
        let (standings, crosstable, standings_error) = match tables {
            Ok((s, c)) => (Some(s), Some(c), None),
            Err(e) => (None, None, Some(e.render(self.lang))),
        };
        let mut points_before = std::collections::HashMap::new();
        if let Some(n) = round.as_ref().map(|r| r.number).filter(|&n| n > 1) {
            if let Ok((st, _)) = app.tables(&v.event, Some(n - 1)) {
                points_before = st.rows.iter().map(|r| (r.player.id, r.points)).collect();
            }
        }
        self.ev = EventData {
            byes: v.byes,
            forbidden: v.forbidden,
            entries: v.entries,
            event: Some(v.event),
            paired: v.paired,
            round,
            games,
            standings,
            crosstable,
            standings_error,
            points_before,
        };
        super::teams::load(self, app)?;
        super::bracket::load(self, app)?;
        Ok(())
    }

    /// The tabs of the open event: Teams only for a team event, Bracket
    /// only for a knockout.
    pub fn tabs(&self) -> Vec<Tab> {
        Tab::ALL
            .into_iter()
            .filter(|t| match t {
                Tab::Teams => self.teams.is_some(),
                Tab::Bracket => self.bracket.is_some(),
                _ => true,
            })
            .collect()
    }

    /// Members matching the search (name, its pinyin initials or full
    /// pinyin, rating, club and its pinyin, member id), ranked: names that
    /// start with the query (as typed or read as pinyin) first, then other
    /// name matches, then the rest; in pinyin order within a rank; retired
    /// ones last.
    pub fn filtered_members(&self, query: &str) -> Vec<&Member> {
        let q = query.trim().to_lowercase();
        let py = super::search::normalise(query);
        let rank = |m: &Member| -> u8 {
            let name = m.name.to_lowercase();
            if q.is_empty() || name.starts_with(&q) || self.pinyin.starts(&m.name, &py) {
                0
            } else if name.contains(&q) || self.pinyin.matches(&m.name, &py) {
                1
            } else {
                2
            }
        };
        let mut v: Vec<&Member> = self
            .members
            .iter()
            .filter(|m| {
                q.is_empty()
                    || m.name.to_lowercase().contains(&q)
                    || self.pinyin.matches(&m.name, &py)
                    || m.club
                        .as_deref()
                        .is_some_and(|c| self.pinyin.matches(c, &py))
                    || m.club.as_deref().unwrap_or("").to_lowercase().contains(&q)
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
        v.sort_by_cached_key(|m| (m.retired, rank(m), self.pinyin.key(&m.name), m.id));
        v
    }

    /// Members not yet entered in the open event, filtered by the picker.
    pub fn pickable(&self) -> Vec<&Member> {
        let entered: Vec<i64> = self.ev.entries.iter().map(|e| e.member_id).collect();
        self.filtered_members(self.picker.as_deref().unwrap_or(""))
            .into_iter()
            .filter(|m| !m.retired && !entered.contains(&m.id))
            .collect()
    }

    /// The contexts whose bindings apply now, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.confirm.is_some() {
            return vec![Ctx::Confirm];
        }
        if let Some(c) = super::pages::contexts(self) {
            return c;
        }
        if self.form.is_some() || self.searching || self.picker.is_some() {
            return vec![Ctx::Form];
        }
        if let Some(c) = super::teams::contexts(self).or_else(|| super::bracket::contexts(self)) {
            return c;
        }
        if self.mover.is_some() && self.screen == Screen::Event && self.tab == Tab::Round {
            return vec![Ctx::Move, Ctx::Global];
        }
        match self.screen {
            Screen::Club => vec![Ctx::Club, Ctx::List, Ctx::Global],
            Screen::Events => vec![Ctx::Events, Ctx::List, Ctx::Global],
            Screen::Event => vec![self.tab.ctx(), Ctx::Event, Ctx::Global],
        }
    }

    /// Number of rows in the current list.
    fn rows(&self) -> usize {
        match self.screen {
            Screen::Club => self.filtered_members(&self.search).len(),
            Screen::Events => self.events.len(),
            Screen::Event => match self.tab {
                Tab::Print | Tab::Teams | Tab::Bracket => 0,
                Tab::Players => self.ev.entries.len(),
                Tab::Round | Tab::Results => {
                    self.ev.round.as_ref().map(|r| r.boards.len()).unwrap_or(0)
                }
                Tab::Standings => self
                    .ev
                    .standings
                    .as_ref()
                    .map(|s| s.rows.len())
                    .unwrap_or(0),
                Tab::Crosstable => self
                    .ev
                    .crosstable
                    .as_ref()
                    .map(|c| c.rows.len())
                    .unwrap_or(0),
            },
        }
    }

    fn sel_mut(&mut self) -> &mut usize {
        if self.picker.is_some() {
            return &mut self.picker_sel;
        }
        match self.screen {
            Screen::Club => &mut self.member_sel,
            Screen::Events => &mut self.event_sel,
            Screen::Event => &mut self.row_sel,
        }
    }

    fn event_id(&self) -> Option<i64> {
        self.ev.event.as_ref().map(|e| e.id)
    }

    fn selected_board(&self) -> Option<&crate::app::BoardView> {
        self.ev.round.as_ref()?.boards.get(self.row_sel)
    }

    /// Moves the Results selection to the first board without a result,
    /// from the current one on.
    pub fn next_unfinished(&mut self) {
        if let Some(r) = &self.ev.round {
            let n = r.boards.len();
            let open = |i: usize| {
                let b = &r.boards[i];
                b.black.is_some() && b.results.iter().all(|x| x == "*")
                    || b.black.is_some() && b.results.is_empty()
            };
            if let Some(i) = (0..n).map(|k| (self.row_sel + k) % n).find(|&i| open(i)) {
                self.row_sel = i;
            }
        }
    }
}

/// The component interface of a screen: map a key to an action.
pub trait Component {
    fn handle(&mut self, key: KeyEvent) -> Option<Action>;
}

impl Component for Model {
    fn handle(&mut self, key: KeyEvent) -> Option<Action> {
        let ctxs = self.contexts();
        if self.screen == Screen::Event && self.tab == Tab::Results && ctxs[0] == Ctx::Results {
            if let crossterm::event::KeyCode::Char(c) = key.code {
                if c.is_ascii_digit() {
                    return Some(Action::Input(c));
                }
            }
            if key.code == crossterm::event::KeyCode::Backspace {
                return Some(Action::Backspace);
            }
        }
        resolve(&ctxs, &key)
    }
}

fn opt_text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn parse_opt<T: std::str::FromStr>(lang: Lang, label: &str, s: &str) -> Result<Option<T>, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse().map(Some).map_err(|_| {
        format!(
            "{}: {} \"{t}\"",
            tr(lang, label),
            tr(lang, "tui.err.number")
        )
    })
}

fn member_form(kind: FormKind, m: Option<&Member>) -> Form {
    let g = |f: fn(&Member) -> String| m.map(f).unwrap_or_default();
    Form {
        kind,
        fields: vec![
            Field::text("col.name", g(|m| m.name.clone())),
            Field::text(
                "col.rating",
                g(|m| m.rating.map(|r| r.to_string()).unwrap_or_default()),
            ),
            Field::text("col.club", g(|m| m.club.clone().unwrap_or_default())),
            Field::text("col.ext_id", g(|m| m.ext_id.clone().unwrap_or_default())),
        ],
        focus: 0,
    }
}

fn event_form(d: &EventSettings) -> Form {
    let systems: Vec<&str> = PairingSystem::ALL.iter().map(|s| s.code()).collect();
    Form {
        kind: FormKind::NewEvent,
        fields: vec![
            Field::text("col.event", ""),
            Field::choice("col.scheme", crate::config::SCHEMES, &d.scheme),
            Field::choice("col.system", &systems, d.system.code()),
            Field::text("col.rounds", d.rounds.to_string()),
            Field::text(
                "tui.field.red_base",
                (d.time_control.red_base_ms / 60_000).to_string(),
            ),
            Field::text(
                "tui.field.black_base",
                (d.time_control.black_base_ms / 60_000).to_string(),
            ),
            Field::text(
                "tui.field.increment",
                (d.time_control.increment_ms / 1000).to_string(),
            ),
            Field::text("tui.field.tiebreaks", d.tiebreaks.join(",")),
            Field::text("col.date", ""),
            Field::choice("tui.field.games_per_round", &["auto", "1", "2"], "auto"),
            Field::choice(
                "tui.field.bye_opponent_score",
                &["lowest", "zero", "own"],
                d.byes.opponent_score.code(),
            ),
            Field::choice("tui.field.double", &["no", "yes"], "no"),
        ],
        focus: 0,
    }
}

/// Turns a submitted form into a command (or an error to show in the form).
fn submit(lang: Lang, f: &Form) -> Result<Command, String> {
    match &f.kind {
        FormKind::AddMember | FormKind::EditMember(_) => {
            let name = f.value("col.name").to_string();
            if name.is_empty() {
                return Err(tr(lang, "tui.err.name_required").to_string());
            }
            let rating = parse_opt::<i32>(lang, "col.rating", f.value("col.rating"))?;
            if let Some(r) = rating.filter(|r| !(0..=3500).contains(r)) {
                return Err(format!(
                    "{}: {}",
                    tr(lang, "col.rating"),
                    tr(lang, "tui.err.rating_range").replace("{value}", &r.to_string())
                ));
            }
            let club = opt_text(f.value("col.club"));
            let ext_id = opt_text(f.value("col.ext_id"));
            Ok(match &f.kind {
                FormKind::EditMember(m) => Command::UpdateMember(Member {
                    name,
                    rating,
                    club,
                    ext_id,
                    ..m.clone()
                }),
                _ => Command::AddMember(NewMember {
                    name,
                    rating,
                    club,
                    ext_id,
                    ..Default::default()
                }),
            })
        }
        FormKind::NewEvent => {
            let name = f.value("col.event").to_string();
            if name.is_empty() {
                return Err(tr(lang, "tui.err.name_required").to_string());
            }
            let mut s = EventDraft {
                scheme: Some(f.value("col.scheme").to_string()),
                system: PairingSystem::from_code(f.value("col.system")),
                rounds: parse_opt::<u32>(lang, "col.rounds", f.value("col.rounds"))?,
                ..Default::default()
            };
            let min = |label: &str| parse_opt::<i64>(lang, label, f.value(label));
            let red = min("tui.field.red_base")?.unwrap_or(90);
            let black = min("tui.field.black_base")?.unwrap_or(red);
            let inc = min("tui.field.increment")?.unwrap_or(0);
            s.time_control = Some(TimeControl {
                red_base_ms: red * 60_000,
                black_base_ms: black * 60_000,
                increment_ms: inc * 1000,
            });
            s.tiebreaks = Some(
                f.value("tui.field.tiebreaks")
                    .split([',', ' ', '，', '、'])
                    .filter(|t| !t.is_empty())
                    .map(|t| {
                        tiebreak_code(t).ok_or_else(|| {
                            format!(
                                "{}: {}",
                                tr(lang, "tui.field.tiebreaks"),
                                tr(lang, "tui.err.unknown_tiebreak").replace("{value}", t)
                            )
                        })
                    })
                    .collect::<Result<Vec<String>, String>>()?,
            );
            s.games_per_round = f.value("tui.field.games_per_round").parse().ok();
            s.bye_opponent_score =
                crate::domain::ByeOpponentScore::from_code(f.value("tui.field.bye_opponent_score"));
            s.double = f.value("tui.field.double") == "yes";
            let date = match f.value("col.date") {
                "" => None,
                t => Some(
                    chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").map_err(|_| {
                        format!(
                            "{}: {}",
                            tr(lang, "col.date"),
                            tr(lang, "tui.err.date").replace("{value}", t)
                        )
                    })?,
                ),
            };
            Ok(Command::CreateEvent {
                name,
                draft: s,
                date,
            })
        }
        FormKind::Result {
            round,
            board,
            outcome,
            ..
        } => {
            let mut input = super::entry::result_input(lang, f, *outcome)?;
            // Only the Teams and Bracket tabs add a game field.
            input.game_no = parse_opt::<u32>(lang, "tui.field.game", f.value("tui.field.game"))?;
            Ok(Command::RecordResult {
                event: 0,
                round: *round,
                board: *board,
                input,
            })
        }
        FormKind::ImportMembers => Ok(Command::PreviewImport(
            f.value("tui.field.path").to_string(),
        )),
        FormKind::Print => Ok(Command::Print {
            event: 0,
            doc: f.value("tui.print.doc").to_string(),
            format: f.value("tui.print.format").to_string(),
            to_printer: f.value("tui.print.dest") == "printer",
            path: f.value("tui.field.path").to_string(),
            printer: f.value("tui.print.printer").to_string(),
            round: None,
            force: false,
        }),
        FormKind::AttachRecord { round, board } => Ok(Command::AttachRecord {
            event: 0,
            round: *round,
            board: *board,
            path: f.value("tui.field.path").to_string(),
            checked: false,
        }),
    }
}

/// A tie-break as typed: its code, or its name in any UI language
/// (对手分, 對手分, Opp).
pub fn tiebreak_code(t: &str) -> Option<String> {
    let t = t.trim();
    crate::config::TIEBREAKS
        .iter()
        .find(|c| {
            **c == t
                || [Lang::ZhHans, Lang::ZhHant, Lang::En]
                    .into_iter()
                    .any(|l| tr(l, &format!("tui.tb.{c}")).eq_ignore_ascii_case(t))
        })
        .map(|c| c.to_string())
}

/// The question a submitted form asks before its command runs: a result
/// that replaces another, a member whose name and club are taken.
fn form_question(m: &Model, f: &Form, cmd: &Command) -> Option<String> {
    match (&f.kind, cmd) {
        (
            FormKind::Result {
                board,
                outcome,
                replaces: Some(old),
                ..
            },
            _,
        ) if old != outcome => Some(super::entry::replace_question(m, *board, *old, *outcome)),
        (FormKind::AddMember, Command::AddMember(nm)) => {
            let club = nm.club.as_deref().unwrap_or("").trim();
            m.members
                .iter()
                .find(|x| {
                    x.name.trim() == nm.name.trim()
                        && x.club.as_deref().unwrap_or("").trim() == club
                })
                .map(|x| {
                    m.t("tui.confirm.duplicate_member")
                        .replace("{name}", &x.name)
                        .replace("{id}", &x.id.to_string())
                })
        }
        _ => None,
    }
}

/// The Print form's formats for a document: slips have no CSV.
fn fix_print_format(f: &mut Form) {
    if f.kind != FormKind::Print {
        return;
    }
    let doc = f.value("tui.print.doc").to_string();
    if let Some(fl) = f.fields.iter_mut().find(|x| x.label == "tui.print.format") {
        fl.choices = PRINT_FORMATS
            .iter()
            .filter(|x| !(doc == "slips" && **x == "csv") && (doc != "site" || **x == "html"))
            .map(|x| x.to_string())
            .collect();
        if !fl.choices.contains(&fl.value) {
            fl.value = fl.choices[0].clone();
        }
    }
}

/// The documents and formats the Print tab offers (codes of `app::print`).
pub const PRINT_DOCS: &[&str] = &[
    "pairings",
    "slips",
    "standings",
    "crosstable",
    "wallchart",
    "checkin",
    "site",
    "trf",
    "backup",
];
pub const PRINT_FORMATS: &[&str] = &["text", "html", "csv"];
pub const PRINT_DESTS: &[&str] = &["file", "printer"];

fn print_form() -> Form {
    Form {
        kind: FormKind::Print,
        fields: vec![
            Field::choice("tui.print.doc", PRINT_DOCS, "pairings"),
            Field::choice("tui.print.format", PRINT_FORMATS, "text"),
            Field::choice("tui.print.dest", PRINT_DESTS, "file"),
            Field::text("tui.field.path", ""),
            Field::text("tui.print.printer", ""),
        ],
        focus: 0,
    }
}

fn path_form(kind: FormKind) -> Form {
    Form {
        kind,
        fields: vec![Field::text("tui.field.path", "")],
        focus: 0,
    }
}

/// Applies an action. Returns a command for the app layer, if any.
pub fn update(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    if a == ForceQuit {
        m.quit = true;
        return None;
    }
    // A typed board number lives until the next key that is not a digit:
    // that key uses it (or says there is no such board), any other
    // forgets it.
    let digit = matches!(a, Input(c) if c.is_ascii_digit()) || a == Backspace;
    let typed = if digit {
        None
    } else {
        Some(std::mem::take(&mut m.board_input)).filter(|t| !t.is_empty())
    };
    if m.help {
        // Any key closes help.
        m.help = false;
        return None;
    }
    if m.notice.is_some() {
        // Any key closes the pairing notes.
        m.notice = None;
        return None;
    }
    if let Some(c) = m.confirm.take() {
        return match a {
            Confirm => Some(c.command),
            _ => {
                // A form's question answered no: back to the form as typed.
                if let Some(f) = m.submitted.take() {
                    m.form = Some(f);
                }
                m.status = Some((m.t("tui.msg.cancelled"), false));
                None
            }
        };
    }
    if let Some(r) = super::pages::update(m, a) {
        return r;
    }
    if m.form.is_none() {
        m.submitted = None;
    }
    if let Some(form) = m.form.as_mut() {
        match a {
            Cancel => m.form = None,
            NextField => form.focus = (form.focus + 1) % form.fields.len(),
            PrevField => form.focus = (form.focus + form.fields.len() - 1) % form.fields.len(),
            ChoiceNext => {
                form.fields[form.focus].cycle(1);
                fix_print_format(form);
            }
            ChoicePrev => {
                form.fields[form.focus].cycle(-1);
                fix_print_format(form);
            }
            PageDown => m.form_scroll += 5,
            PageUp => m.form_scroll = m.form_scroll.saturating_sub(5),
            Backspace => {
                form.fields[form.focus].value.pop();
            }
            Input(c) => {
                let f = &mut form.fields[form.focus];
                if f.choices.is_empty() {
                    f.value.push(c);
                } else if c == ' ' {
                    f.cycle(1);
                    fix_print_format(form);
                }
            }
            Submit => match submit(m.lang, form) {
                Ok(mut cmd) => {
                    if let Command::RecordResult { event, .. }
                    | Command::AttachRecord { event, .. }
                    | Command::Print { event, .. } = &mut cmd
                    {
                        *event = m.event_id().unwrap_or(0);
                    }
                    if let Command::Print { round, .. } = &mut cmd {
                        *round = m.round_sel;
                    }
                    let form = m.form.take();
                    m.form_scroll = 0;
                    let question = form.as_ref().and_then(|f| form_question(m, f, &cmd));
                    m.submitted = form;
                    if let Some(q) = question {
                        m.confirm = Some(self::Confirm {
                            message: q,
                            command: cmd,
                        });
                        return None;
                    }
                    return Some(cmd);
                }
                Err(e) => m.status = Some((e, true)),
            },
            _ => {}
        }
        return None;
    }
    if m.searching {
        match a {
            Cancel => {
                m.searching = false;
                m.search.clear();
            }
            Submit | NextField => m.searching = false,
            Backspace => {
                m.search.pop();
            }
            Input(c) => {
                m.search.push(c);
                m.member_sel = 0;
            }
            PrevField => m.member_sel = m.member_sel.saturating_sub(1),
            _ => {}
        }
        return None;
    }
    if let Some(q) = m.picker.as_mut() {
        match a {
            Cancel => {
                m.picker = None;
                m.marked.clear();
            }
            Backspace => {
                q.pop();
                m.picker_sel = 0;
            }
            Input(' ') => {
                // Space marks the member for entering (Enter enters all).
                if let Some(id) = m.pickable().get(m.picker_sel).map(|x| x.id) {
                    match m.marked.iter().position(|x| *x == id) {
                        Some(i) => {
                            m.marked.remove(i);
                        }
                        None => m.marked.push(id),
                    }
                }
            }
            Input(c) => {
                q.push(c);
                m.picker_sel = 0;
            }
            PrevField => m.picker_sel = m.picker_sel.saturating_sub(1),
            PageUp => m.picker_sel = m.picker_sel.saturating_sub(PAGE),
            PageDown => {
                let n = m.pickable().len();
                m.picker_sel = (m.picker_sel + PAGE).min(n.saturating_sub(1));
            }
            NextField => {
                let n = m.pickable().len();
                if m.picker_sel + 1 < n {
                    m.picker_sel += 1;
                }
            }
            Submit => {
                let event = m.event_id()?;
                if !m.marked.is_empty() {
                    return Some(Command::EnterPlayers {
                        event,
                        members: m.marked.clone(),
                    });
                }
                let member = m.pickable().get(m.picker_sel).map(|x| x.id);
                if let Some(member) = member {
                    return Some(Command::EnterPlayer { event, member });
                }
            }
            _ => {}
        }
        return None;
    }
    if m.mover.is_some() || a == MarkMove {
        if let Some(r) = super::boards::update(m, a) {
            return r;
        }
    }
    if let Some(r) = super::teams::update(m, a).or_else(|| super::bracket::update(m, a)) {
        return r;
    }
    match a {
        Quit => {
            if m.screen == Screen::Event {
                back(m);
            } else {
                m.quit = true;
            }
        }
        Back => back(m),
        Help => m.help = true,
        Undo => return Some(Command::PreviewUndo),
        Redo => return Some(Command::Redo),
        PageUp => {
            let s = m.sel_mut();
            *s = s.saturating_sub(PAGE);
        }
        PageDown => {
            let n = m.rows();
            let s = m.sel_mut();
            *s = (*s + PAGE).min(n.saturating_sub(1));
        }
        PrevRound | NextRound => {
            let paired = m.ev.paired;
            if m.screen != Screen::Event || paired == 0 {
                return None;
            }
            let cur = m.round_sel.unwrap_or(paired);
            let new = if a == PrevRound {
                cur.saturating_sub(1).max(1)
            } else {
                (cur + 1).min(paired)
            };
            m.round_sel = (new < paired).then_some(new);
            m.row_sel = 0;
            m.status = None;
            return Some(Command::Reload);
        }
        FinishEvent => {
            let id = match m.screen {
                Screen::Events => m.events.get(m.event_sel).map(|e| e.id),
                _ => m.event_id(),
            };
            return id.map(Command::PreviewFinish);
        }
        Up => {
            let s = m.sel_mut();
            *s = s.saturating_sub(1);
        }
        Down => {
            let n = m.rows();
            let s = m.sel_mut();
            if *s + 1 < n {
                *s += 1;
            }
        }
        Top => *m.sel_mut() = 0,
        Bottom => {
            let n = m.rows();
            *m.sel_mut() = n.saturating_sub(1);
        }
        NextTab | PrevTab => {
            let fwd = a == NextTab;
            m.status = None;
            match m.screen {
                Screen::Club => m.screen = Screen::Events,
                Screen::Events => m.screen = Screen::Club,
                Screen::Event => {
                    let tabs = m.tabs();
                    let i = tabs.iter().position(|t| *t == m.tab).unwrap_or(0);
                    let n = tabs.len();
                    m.tab = tabs[if fwd { (i + 1) % n } else { (i + n - 1) % n }];
                    m.row_sel = 0;
                    m.explain_mark = None;
                    m.forbid_mark = None;
                    if m.tab == Tab::Results {
                        m.next_unfinished();
                    }
                }
            }
        }
        Search => {
            m.searching = true;
        }
        SelectTab(i) => {
            m.status = None;
            match m.screen {
                Screen::Club | Screen::Events => {
                    m.screen = if i == 0 { Screen::Club } else { Screen::Events };
                }
                Screen::Event => {
                    if let Some(t) = m.tabs().get(i) {
                        m.tab = *t;
                        m.row_sel = 0;
                        m.explain_mark = None;
                        m.forbid_mark = None;
                        if m.tab == Tab::Results {
                            m.next_unfinished();
                        }
                    }
                }
            }
        }
        SelectRow(i) if i < m.rows() => *m.sel_mut() = i,
        Add => m.form = Some(member_form(FormKind::AddMember, None)),
        Edit => {
            let sel = m
                .filtered_members(&m.search)
                .get(m.member_sel)
                .cloned()
                .cloned();
            if let Some(mem) = sel {
                m.form = Some(member_form(FormKind::EditMember(mem.clone()), Some(&mem)));
            }
        }
        Retire => {
            let sel = m
                .filtered_members(&m.search)
                .get(m.member_sel)
                .cloned()
                .cloned();
            if let Some(mem) = sel.filter(|x| !x.retired) {
                m.confirm = Some(self::Confirm {
                    message: format!("{} {}?", m.t("tui.confirm.retire"), mem.name),
                    command: Command::RetireMember(mem.id),
                });
            }
        }
        NewEvent => m.form = Some(event_form(&m.event_defaults)),
        Import => m.form = Some(path_form(FormKind::ImportMembers)),
        PrintDoc => m.form = Some(print_form()),
        RequestBye => {
            if let (Some(e), Some(ev)) = (m.ev.entries.get(m.row_sel), m.event_id()) {
                return Some(Command::RequestBye {
                    event: ev,
                    entry: e.id,
                    round: m.ev.paired + 1,
                });
            }
        }
        Forbid => {
            let here = m.row_sel;
            match m.forbid_mark.take() {
                None => {
                    m.forbid_mark = Some(here);
                    m.status = Some((m.t("tui.msg.forbid_mark"), false));
                }
                Some(first) if first != here => {
                    let ids = (m.ev.entries.get(first), m.ev.entries.get(here));
                    if let ((Some(a), Some(b)), Some(ev)) = (ids, m.event_id()) {
                        return Some(Command::Forbid {
                            event: ev,
                            a: a.id,
                            b: b.id,
                        });
                    }
                }
                Some(_) => {}
            }
        }
        AttachRecord => {
            if !super::entry::take_board(m, typed) {
                return None;
            }
            let round = super::entry::shown_round(m);
            if let Some(b) = m.selected_board().filter(|b| b.black.is_some()) {
                m.form = Some(path_form(FormKind::AttachRecord {
                    round,
                    board: b.number,
                }));
            }
        }
        Open => {
            if let Some(e) = m.events.get(m.event_sel) {
                return Some(Command::OpenEvent(e.id));
            }
        }
        EnterPlayer => {
            m.picker = Some(String::new());
            m.picker_sel = 0;
            m.marked.clear();
        }
        Withdraw => {
            if let (Some(e), Some(ev)) = (m.ev.entries.get(m.row_sel), m.event_id()) {
                if e.status == EntryStatus::Active {
                    m.confirm = Some(self::Confirm {
                        message: format!("{} {}?", m.t("tui.confirm.withdraw"), e.name),
                        command: Command::Withdraw {
                            event: ev,
                            entry: e.id,
                        },
                    });
                }
            }
        }
        PairNext => {
            if let Some(ev) = m.event_id() {
                m.busy = Some(m.t("tui.msg.pairing"));
                return Some(Command::PairNext(ev));
            }
        }
        Unpair => {
            if m.round_sel.is_some() {
                m.status = Some((m.t("tui.err.unpair_last"), true));
                return None;
            }
            if let Some(ev) = m.event_id() {
                if m.ev.paired > 0 {
                    let results = m.ev.round.as_ref().map_or(0, |r| {
                        r.boards
                            .iter()
                            .flat_map(|b| &b.results)
                            .filter(|x| *x != "*")
                            .count()
                    });
                    let mut message = format!("{} {}?", m.t("tui.confirm.unpair"), m.ev.paired);
                    if results > 0 {
                        message.push(' ');
                        message.push_str(
                            &m.t("tui.confirm.unpair_results")
                                .replace("{count}", &results.to_string()),
                        );
                    }
                    m.confirm = Some(self::Confirm {
                        message,
                        command: Command::Unpair {
                            event: ev,
                            force: results > 0,
                        },
                    });
                }
            }
        }
        SwapColours => {
            // A refused change opens the insist dialog (see `boards`).
            if super::boards::refused(m) {
                return None;
            }
            let round = super::entry::shown_round(m);
            if let (Some(b), Some(ev)) = (m.selected_board(), m.event_id()) {
                if let Some(black) = &b.black {
                    return Some(Command::SwapColours {
                        event: ev,
                        round,
                        red: b.red.start_no,
                        black: black.start_no,
                        insist: false,
                    });
                }
            }
        }
        Input(c) if c.is_ascii_digit() => {
            if m.board_input.len() >= 3 {
                m.board_input.clear();
            }
            m.board_input.push(c);
            if let Ok(n) = m.board_input.parse::<u32>() {
                if let Some(i) =
                    m.ev.round
                        .as_ref()
                        .and_then(|r| r.boards.iter().position(|b| b.number == n))
                {
                    m.row_sel = i;
                }
            }
        }
        Backspace => {
            m.board_input.pop();
        }
        RedWin | Draw | BlackWin | RedForfeits | BlackForfeits => {
            let outcome = match a {
                RedWin => Outcome::RedWin,
                Draw => Outcome::Draw,
                BlackWin => Outcome::BlackWin,
                RedForfeits => Outcome::RedForfeits,
                _ => Outcome::BlackForfeits,
            };
            return super::entry::result_key(m, outcome, typed);
        }
        Explain => {
            let here = m.row_sel;
            match m.explain_mark.take() {
                None => {
                    m.explain_mark = Some(here);
                    m.status = Some((m.t("tui.msg.explain_mark"), false));
                }
                Some(first) if first == here => {
                    let row = m.ev.standings.as_ref().and_then(|st| st.rows.get(here));
                    if let (Some(ev), Some(row)) = (&m.ev.event, row) {
                        return Some(Command::ExplainPlayer {
                            event: ev.id,
                            start_no: row.player.start_no,
                        });
                    }
                }
                Some(first) => {
                    if let Some(st) = &m.ev.standings {
                        if let (Some(a), Some(b)) = (st.rows.get(first), st.rows.get(here)) {
                            let text = match st.explain(a.player.id, b.player.id) {
                                Ok(x) => explain_text(m.lang, &x),
                                Err(e) => e.msg().render(m.lang),
                            };
                            m.status = Some((text, false));
                        }
                    }
                }
            }
        }
        _ => {}
    }
    None
}

/// Rows PageUp / PageDown move.
const PAGE: usize = 10;

fn back(m: &mut Model) {
    m.status = None;
    if m.screen == Screen::Event {
        m.screen = Screen::Events;
        m.ev = EventData::default();
        m.teams = None;
        m.bracket = None;
        m.row_sel = 0;
        m.round_sel = None;
    }
}

/// An explanation in the UI language.
pub fn explain_text(lang: Lang, x: &crate::scoring::Explanation) -> String {
    match (&x.criterion, x.a_value, x.b_value, x.ahead) {
        (Some(c), Some(av), Some(bv), Some(ahead)) => {
            let (w, l) = if ahead == x.a.id {
                (&x.a.name, &x.b.name)
            } else {
                (&x.b.name, &x.a.name)
            };
            let crit = crate::i18n::tr(lang, &format!("tui.tb.{c}")).to_string();
            let crit = if crit.starts_with("tui.tb.") {
                c.clone()
            } else {
                crit
            };
            format!(
                "{w} {} {l} {} {crit}{}: {} {av} : {} {bv}{}",
                tr(lang, "tui.explain.ahead_of"),
                tr(lang, "tui.explain.on"),
                x.detail
                    .as_deref()
                    .map(|d| format!(" ({d})"))
                    .unwrap_or_default(),
                x.a.name,
                x.b.name,
                x.table_shows
                    .map(|t| format!(
                        " ({})",
                        tr(lang, "explain.table_shows").replace("{}", &t.to_string())
                    ))
                    .unwrap_or_default()
            )
        }
        _ => format!(
            "{} / {}: {}",
            x.a.name,
            x.b.name,
            tr(lang, "tui.explain.tied")
        ),
    }
}

/// Runs a command against the club and refreshes the model. Errors become
/// the status line (translated prefix, the app's message).
pub fn execute(app: &mut App, m: &mut Model, cmd: Command) {
    m.busy = None;
    let r = run_command(app, m, cmd);
    let submitted = m.submitted.take();
    match r {
        Ok(Some(msg)) => m.status = Some((msg, false)),
        Ok(None) => {}
        Err(e) => {
            let text = super::worker::error_text(m.lang, &e);
            m.status = Some((format!("{}: {text}", m.t("tui.err.prefix")), true));
            // The form comes back as typed, the error under it.
            if m.form.is_none() && m.confirm.is_none() {
                m.form = submitted;
            }
        }
    }
    if let Err(e) = m.refresh(app) {
        let text = super::worker::error_text(m.lang, &e);
        m.status = Some((format!("{}: {text}", m.t("tui.err.prefix")), true));
    }
    let n = m.rows();
    let s = m.sel_mut();
    if *s >= n {
        *s = n.saturating_sub(1);
    }
}

/// A file the secretary named that cannot be read.
pub(crate) fn read_error(path: &str, e: &std::io::Error) -> crate::app::AppError {
    invalid!("tui.err.read_file", path, why = io_msg(e))
}

/// The question before a member import: who will be added and who skipped
/// as already a member. Reading a large file takes a while, so the worker
/// runs this too.
pub(crate) fn import_preview_text(app: &App, lang: Lang, path: &str) -> crate::app::Result<String> {
    let t = |k: &str| tr(lang, k).to_string();
    let bytes = std::fs::read(path).map_err(|e| read_error(path, &e))?;
    let p = app.preview_member_import(&bytes, path)?;
    // A few names of each list: the dialog has ten lines at most.
    let few = |v: &[String]| {
        let mut s = v.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
        if v.len() > 8 {
            s.push_str(&format!(", … (+{})", v.len() - 8));
        }
        s
    };
    let mut msg = format!(
        "{} {}: {}",
        t("tui.preview.add"),
        p.added.len(),
        few(&p.added)
    );
    if !p.duplicates.is_empty() {
        msg.push_str(&format!(
            "; {} {}: {}",
            t("tui.preview.skip"),
            p.duplicates.len(),
            few(&p.duplicates)
        ));
    }
    msg.push_str(&format!(" — {}", t("tui.preview.question")));
    Ok(msg)
}

fn run_command(app: &mut App, m: &mut Model, cmd: Command) -> crate::app::Result<Option<String>> {
    let lang = m.lang;
    let t = |k: &str| tr(lang, k).to_string();
    // Work that may run on the worker takes the same path here.
    if super::worker::is_long(&cmd) {
        let o = super::effects::run(app, lang, &cmd, &|_, _| {})?;
        super::effects::apply(m, o);
        return Ok(None);
    }
    Ok(Some(match cmd {
        Command::AddMember(nm) => {
            let x = app.add_member(&nm)?;
            format!("{}: {}", t("tui.msg.added"), x.name)
        }
        Command::UpdateMember(mem) => {
            app.edit_member(&mem)?;
            format!("{}: {}", t("tui.msg.saved"), mem.name)
        }
        Command::RetireMember(id) => {
            let mem = app.retire_member(MemberId(id))?;
            format!("{}: {}", t("tui.msg.retired"), mem.name)
        }
        Command::CreateEvent { name, draft, date } => {
            let today = date.unwrap_or_else(|| chrono::Local::now().date_naive());
            let settings = app.event_settings(&draft)?;
            let e = app.create_event(&name, Some(today), &settings)?;
            m.load_event(app, e.id)?;
            m.screen = Screen::Event;
            m.tab = Tab::Players;
            m.row_sel = 0;
            format!("{}: {}", t("tui.msg.created"), e.name)
        }
        Command::ExplainPlayer { event, start_no } => {
            let (_, b) = app.explain_player(&event.to_string(), None, &format!("#{start_no}"))?;
            m.notice = Some(crate::report::breakdown_text(lang, &b));
            return Ok(None);
        }
        Command::OpenEvent(id) => {
            m.load_event(app, id)?;
            // The last message was about another screen.
            m.status = None;
            m.screen = Screen::Event;
            m.tab = if m.ev.paired > 0 {
                Tab::Round
            } else {
                Tab::Players
            };
            m.row_sel = 0;
            return Ok(None);
        }
        Command::EnterPlayer { event, member } => {
            let e = app.enter_players(&event.to_string(), &[member.to_string()])?;
            m.picker = None;
            let names: Vec<String> = e.iter().map(|x| x.name.clone()).collect();
            format!("{}: {}", t("tui.msg.entered"), names.join(", "))
        }
        Command::EnterPlayers { event, members } => {
            let keys: Vec<String> = members.iter().map(|x| x.to_string()).collect();
            let e = app.enter_players(&event.to_string(), &keys)?;
            m.picker = None;
            m.marked.clear();
            format!("{}: {}", t("tui.msg.entered"), e.len())
        }
        Command::Withdraw { event, entry } => {
            let e = app.withdraw(EventId(event), EntryId(entry), None)?;
            format!("{}: {}", t("tui.msg.withdrawn"), e.name)
        }
        Command::Unpair { event, force } => {
            let r = app.unpair_last(&event_key(app, event)?, force)?;
            m.round_sel = None;
            format!("{} {r}", t("tui.msg.unpaired"))
        }
        cmd @ (Command::SwapColours { .. } | Command::SwapPlayers { .. }) => {
            return super::boards::run_swap(app, m, cmd);
        }
        Command::RecordResult {
            event,
            round,
            board,
            input,
        } => {
            let g = app.record_result(&event_key(app, event)?, round, board, &input)?;
            m.load_event(app, event)?;
            m.next_unfinished();
            format!(
                "{} {board}: {}",
                t("tui.msg.result"),
                super::entry::outcome_text(lang, g.outcome)
            )
        }
        Command::RequestBye {
            event,
            entry,
            round,
        } => {
            let e = app.request_bye(EventId(event), EntryId(entry), round, None)?;
            format!("{}: {} {round}", e.name, t("tui.msg.bye"))
        }
        Command::Forbid { event, a, b } => {
            let (ea, eb) = app.forbid_pair(EventId(event), EntryId(a), EntryId(b))?;
            format!("{} / {}: {}", ea.name, eb.name, t("tui.msg.forbidden"))
        }
        Command::AttachRecord {
            event,
            round,
            board,
            path,
            checked,
        } => {
            let bytes = std::fs::read(&path).map_err(|e| read_error(&path, &e))?;
            // A record the reader refuses is reported with its file.
            let with_file = |e| match e {
                crate::app::AppError::Record { source, .. } => crate::app::AppError::Record {
                    file: path.clone(),
                    source,
                },
                other => other,
            };
            if !checked {
                if let Some(q) =
                    super::entry::record_question(app, m, board, &bytes).map_err(with_file)?
                {
                    m.confirm = Some(Confirm {
                        message: q,
                        command: Command::AttachRecord {
                            event,
                            round,
                            board,
                            path,
                            checked: true,
                        },
                    });
                    return Ok(None);
                }
            }
            let g = app
                .attach_record(&event.to_string(), round, board, 1, &bytes)
                .map_err(with_file)?;
            format!(
                "{} {board}: {} {}",
                t("tui.msg.attached"),
                super::entry::outcome_text(lang, g.outcome),
                g.moves.map(|x| x.to_string()).unwrap_or_default()
            )
        }
        Command::Print {
            event,
            doc,
            format,
            to_printer,
            path,
            printer,
            round,
            force,
        } => {
            use crate::app::print::{render, send, DocKind, OutputFormat};
            use std::path::Path;
            // The club's own files: a backup never replaces a file.
            if doc == "backup" {
                let path = if path.is_empty() {
                    format!(
                        "qishe-backup-{}.db",
                        chrono::Local::now().format("%Y%m%d-%H%M")
                    )
                } else {
                    path
                };
                app.backup(Path::new(&path))?;
                return Ok(Some(format!("{}: {path}", t("tui.print.written"))));
            }
            // The event's static site: a folder (an earlier site is rewritten).
            if doc == "site" {
                let path = if path.is_empty() {
                    format!("event{event}-site")
                } else {
                    path
                };
                let files = app.publish(&event.to_string(), Path::new(&path), false)?;
                let n = files.len();
                return Ok(Some(format!("{}: {path} ({n})", t("tui.print.written"))));
            }
            let (data, path) = if doc == "trf" {
                let path = if path.is_empty() {
                    format!("event{event}.trf")
                } else {
                    path
                };
                (app.export_trf(&event.to_string())?, path)
            } else {
                let kind = DocKind::ALL
                    .into_iter()
                    .find(|k| k.code() == doc)
                    .ok_or_else(|| invalid!("tui.err.no_document", doc = &doc))?;
                if to_printer && format != "text" {
                    return Err(invalid!("tui.print.text_only"));
                }
                let d = app.print_doc(&event.to_string(), kind, round, lang)?;
                let f = match format.as_str() {
                    "html" => OutputFormat::Html,
                    "csv" => OutputFormat::Csv,
                    _ => OutputFormat::Text {
                        lines_per_page: crate::report::DEFAULT_LINES_PER_PAGE,
                    },
                };
                let out = render(&d, f)?;
                if to_printer {
                    let job = send(&out, f, Some(printer.as_str()).filter(|p| !p.is_empty()))?;
                    return Ok(Some(format!("{}: {job}", t("tui.print.sent"))));
                }
                let ext = if format == "text" {
                    "txt"
                } else {
                    format.as_str()
                };
                let path = if path.is_empty() {
                    format!("event{event}-{doc}.{ext}")
                } else {
                    path
                };
                (out, path)
            };
            // An existing file is replaced only after a question (issue
            // 21); never the club database (write_output refuses it).
            if !force && Path::new(&path).exists() {
                m.confirm = Some(Confirm {
                    message: t("tui.confirm.replace_file").replace("{path}", &path),
                    command: Command::Print {
                        event,
                        doc,
                        format,
                        to_printer,
                        path,
                        printer,
                        round,
                        force: true,
                    },
                });
                return Ok(None);
            }
            app.write_output(Path::new(&path), data.as_bytes(), force, &[])?;
            format!("{}: {path}", t("tui.print.written"))
        }
        Command::Reload => return Ok(None),
        Command::PairNext(_) | Command::PreviewImport(_) | Command::ImportMembers(_) => {
            unreachable!("long commands run in effects::run")
        }
        Command::PreviewUndo => {
            let what = app
                .undo_preview()?
                .ok_or_else(|| invalid!("tui.err.nothing_to_undo"))?;
            m.confirm = Some(Confirm {
                message: format!("{} {what}?", t("tui.confirm.undo")),
                command: Command::Undo,
            });
            return Ok(None);
        }
        Command::Undo => {
            let what = app.undo()?;
            format!("{}: {what}", t("tui.msg.undone"))
        }
        Command::Redo => {
            let what = app.redo()?;
            format!("{}: {what}", t("tui.msg.redone"))
        }
        Command::PreviewFinish(id) => {
            let e = app.event(EventId(id))?;
            let (message, command) = if e.status == crate::domain::EventStatus::Finished {
                (
                    t("tui.confirm.reopen").replace("{event}", &e.name),
                    Command::Reopen(id),
                )
            } else {
                let missing = app.rounds_missing(&id.to_string())?;
                let mut q = t("tui.confirm.finish").replace("{event}", &e.name);
                if missing > 0 {
                    q.push(' ');
                    q.push_str(
                        &t("tui.confirm.finish_missing")
                            .replace("{missing}", &missing.to_string())
                            .replace("{rounds}", &e.settings.rounds.to_string()),
                    );
                }
                (q, Command::Finish(id))
            };
            m.confirm = Some(Confirm { message, command });
            return Ok(None);
        }
        Command::Finish(id) => {
            app.finish_event(EventId(id), true)?;
            t("tui.msg.finished")
        }
        Command::Reopen(id) => {
            app.set_event_status(EventId(id), crate::domain::EventStatus::Running)?;
            t("tui.msg.reopened")
        }
        Command::OpenForm(f) => {
            m.form = Some(f);
            return Ok(None);
        }
        Command::Page(c) => return super::pages::run(app, m, c),
        Command::Teams(c) => return super::teams::run(app, m, c),
        Command::Bracket(c) => return super::bracket::run(app, m, c),
    }))
}

/// The key the app layer resolves an event by.
fn event_key(app: &App, id: i64) -> crate::app::Result<String> {
    // The id form is unambiguous (names may repeat across years).
    app.event(EventId(id))?;
    Ok(id.to_string())
}

/// The pairing system's notes on a round just paired, one per line in the
/// UI language; `None` when it has none.
pub fn pairing_notice(lang: Lang, notes: &[crate::i18n::Msg]) -> Option<String> {
    if notes.is_empty() {
        return None;
    }
    let lines: Vec<String> = notes
        .iter()
        .map(|n| format!("• {}", n.render(lang)))
        .collect();
    Some(lines.join("\n"))
}
