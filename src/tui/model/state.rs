//! The model's state in groups, each behind `Model`'s methods: [`Nav`]
//! (where the secretary is), [`Club`] (the club's lists), [`OpenEvent`]
//! (the open event and its tabs' own state) and [`Popups`] (what is over
//! the screen or on its last line). Their fields are the model's own
//! (`pub(super)`: `tui/model.rs` and its files); the view, the event loop
//! and the tests go through the getters and movers here.

use super::{boards, worker, EventData, Modal, Model, Screen, Tab};
use crate::app::{EventKind, RoundNo};
use crate::domain::{Event, Member};

/// Where the secretary is: the screen, a page over it, the event's tab,
/// the selected row of each list, the round picked and the search line.
/// Private to the model: the view and the tests read it through
/// [`Model::screen`], [`Model::tab`], … and move it through the navigation
/// methods.
pub struct Nav {
    pub(super) screen: Screen,
    pub(super) tab: Tab,
    /// Selected row per list (club, events, tab).
    pub(super) member_sel: usize,
    pub(super) event_sel: usize,
    pub(super) row_sel: usize,
    /// The round the event's tabs show (`[` / `]`); `None`: the last paired.
    pub(super) round_sel: Option<RoundNo>,
    /// The search line of the members list, and whether it has the keys.
    pub(super) search: String,
    pub(super) searching: bool,
    /// Ruling dialog, member page, statistics screen (see `pages`).
    pub(super) pages: crate::tui::pages::Pages,
}

/// The club's lists as the club screens show them, read by
/// [`Model::refresh`]. Private to the model; read through
/// [`Model::members`], [`Model::events`] and [`Model::event_kind`].
#[derive(Default)]
pub struct Club {
    pub(super) members: Vec<Member>,
    pub(super) events: Vec<Event>,
    /// Each event's kind (individual, team, knockout), by event id.
    pub(super) event_kinds: std::collections::HashMap<i64, EventKind>,
    /// Each event's state as the lists say it (`status.*`, 决出冠军 for a
    /// knockout whose champion is known), by event id.
    pub(super) event_status: std::collections::HashMap<i64, &'static str>,
    /// Pinyin readings of the members' names and clubs (search).
    pub(super) pinyin: crate::tui::search::PinyinIndex,
}

/// The open event: what its tabs show ([`EventData`]) and the tabs' own
/// state (the Teams, Bracket and Prizes tabs, the Round tab's mover, the
/// board number typed on the Results tab). Private to the model; read
/// through [`Model::ev`], [`Model::teams`], [`Model::bracket`],
/// [`Model::prizes`], [`Model::mover`] and [`Model::board_input`].
#[derive(Default)]
pub struct OpenEvent {
    pub(super) ev: EventData,
    /// The Teams tab of an open team event (see `teams`).
    pub(super) teams: Option<crate::tui::teams::TeamsTab>,
    /// The Bracket tab of an open knockout (see `bracket`).
    pub(super) bracket: Option<crate::tui::bracket::BracketTab>,
    /// The Prizes tab of an individual event.
    pub(super) prizes: Option<crate::tui::prizes::PrizesTab>,
    /// A player marked on the Round tab for a move (see `boards`).
    pub(super) mover: Option<boards::Mover>,
    /// A board number typed on the Results tab.
    pub(super) board_input: String,
}

/// What is over the screen or on its last line: the pop-up, the status
/// line and long work in progress. Private to the model; the view reads it
/// through [`Model::modal`], [`Model::status`], [`Model::busy`] and
/// [`Model::job`].
#[derive(Default)]
pub struct Popups {
    /// The pop-up over the screen, if any (one at a time).
    pub(super) modal: Option<Modal>,
    /// The last message, and whether it is an error.
    pub(super) status: Option<(String, bool)>,
    /// Long work in progress (drawn before the work starts).
    pub(super) busy: Option<String>,
    /// Work running on a worker thread (see `worker`).
    pub(super) job: Option<worker::Job>,
    /// The status line's width in columns as last drawn (0 before the
    /// first frame: [`DEFAULT_STATUS_WIDTH`]).
    pub(super) status_width: u16,
}

/// The status line's width assumed before a frame is drawn (and in tests).
pub const DEFAULT_STATUS_WIDTH: u16 = 100;

/// Navigation: where the secretary is, read by the view and moved only
/// through these methods outside the model's own code.
impl Model {
    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.nav.screen
    }

    /// The open event's tab shown.
    pub fn tab(&self) -> Tab {
        self.nav.tab
    }

    /// The selected row of the members list.
    pub fn member_sel(&self) -> usize {
        self.nav.member_sel
    }

    /// The selected row of the events list.
    pub fn event_sel(&self) -> usize {
        self.nav.event_sel
    }

    /// The selected row of the event's tab.
    pub fn row_sel(&self) -> usize {
        self.nav.row_sel
    }

    /// The round the event's tabs show (`None`: the last paired).
    pub fn round_sel(&self) -> Option<RoundNo> {
        self.nav.round_sel
    }

    /// Shows `tab` of the open event (the selection stays where it is).
    pub fn set_tab(&mut self, tab: Tab) {
        self.nav.tab = tab;
    }

    /// Selects row `row` of the members list.
    pub fn select_member(&mut self, row: usize) {
        self.nav.member_sel = row;
    }

    /// Selects row `row` of the events list.
    pub fn select_event(&mut self, row: usize) {
        self.nav.event_sel = row;
    }

    /// Selects row `row` of the event's tab.
    pub fn select_row(&mut self, row: usize) {
        self.nav.row_sel = row;
    }

    /// Picks the round the event's tabs show (`None`: the last paired).
    pub fn pick_round(&mut self, round: Option<RoundNo>) {
        self.nav.round_sel = round;
    }

    /// The members list's search line as typed.
    pub fn search(&self) -> &str {
        &self.nav.search
    }

    /// Whether the search line has the keys.
    pub fn searching(&self) -> bool {
        self.nav.searching
    }

    /// The pages (ruling dialog, member page, statistics, archive).
    pub fn pages(&self) -> &crate::tui::pages::Pages {
        &self.nav.pages
    }
}

/// The club: its members and events.
impl Model {
    /// Every member, retired ones too.
    pub fn members(&self) -> &[Member] {
        &self.club.members
    }

    /// Every event.
    pub fn events(&self) -> &[Event] {
        &self.club.events
    }

    /// An event's state as the lists say it (its `status.*` key).
    pub fn event_status_key(&self, event: &Event) -> String {
        match self.club.event_status.get(&event.id) {
            Some(k) => k.to_string(),
            None => format!("status.{}", event.status.code()),
        }
    }

    /// An event's kind (individual, team, knockout).
    pub fn event_kind(&self, event: i64) -> Option<EventKind> {
        self.club.event_kinds.get(&event).copied()
    }
}

/// The open event and its tabs.
impl Model {
    /// What the open event's tabs show (empty while none is open).
    pub fn ev(&self) -> &EventData {
        &self.open.ev
    }

    /// The Teams tab of an open team event.
    pub fn teams(&self) -> Option<&crate::tui::teams::TeamsTab> {
        self.open.teams.as_ref()
    }

    /// The Bracket tab of an open knockout.
    pub fn bracket(&self) -> Option<&crate::tui::bracket::BracketTab> {
        self.open.bracket.as_ref()
    }

    /// The Prizes tab of an individual event.
    pub fn prizes(&self) -> Option<&crate::tui::prizes::PrizesTab> {
        self.open.prizes.as_ref()
    }

    /// A player marked on the Round tab for a move.
    pub fn mover(&self) -> Option<&boards::Mover> {
        self.open.mover.as_ref()
    }

    /// The board number typed on the Results tab so far.
    pub fn board_input(&self) -> &str {
        &self.open.board_input
    }
}

/// Pop-ups: what is over the screen or on its last line.
impl Model {
    /// The pop-up over the screen, if any.
    pub fn modal(&self) -> Option<&Modal> {
        self.popups.modal.as_ref()
    }

    /// Closes the pop-up, whatever it is.
    pub fn close_modal(&mut self) {
        self.popups.modal = None;
    }

    /// The last message, and whether it is an error.
    pub fn status(&self) -> Option<&(String, bool)> {
        self.popups.status.as_ref()
    }

    /// Puts a message on the status line (`error`: shown as one). An
    /// error wider than the status line (a refusal naming players and
    /// clubs, a file's path and reason) is shown whole in the notice box
    /// as well, unless a pop-up is open (a form keeps what was typed).
    pub fn say(&mut self, text: String, error: bool) {
        let width = match self.popups.status_width {
            0 => DEFAULT_STATUS_WIDTH,
            w => w,
        } as usize;
        if error
            && self.popups.modal.is_none()
            && unicode_width::UnicodeWidthStr::width(text.as_str()) > width
        {
            self.popups.modal = Some(Modal::Notice(text.clone()));
        }
        self.popups.status = Some((text, error));
    }

    /// The width of the status line as drawn (the terminal's columns), for
    /// [`Model::say`] to know what it would cut.
    pub fn set_status_width(&mut self, columns: u16) {
        self.popups.status_width = columns;
    }

    /// Clears the status line.
    pub fn clear_status(&mut self) {
        self.popups.status = None;
    }

    /// Long work in progress, as the busy line says it.
    pub fn busy(&self) -> Option<&str> {
        self.popups.busy.as_deref()
    }

    /// Shows `label` as long work in progress (drawn before it starts).
    pub fn set_busy(&mut self, label: String) {
        self.popups.busy = Some(label);
    }

    /// Hands long work to a worker thread, its label on the busy line.
    pub fn start_job(&mut self, job: worker::Job) {
        self.popups.busy = Some(self.t(job.label));
        self.popups.job = Some(job);
    }

    /// Work running on a worker thread.
    pub fn job(&self) -> Option<&worker::Job> {
        self.popups.job.as_ref()
    }

    /// The worker's job, to wait for it (tests and the event loop).
    pub fn job_mut(&mut self) -> Option<&mut worker::Job> {
        self.popups.job.as_mut()
    }
}
