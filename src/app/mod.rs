//! The commands a secretary can give. The CLI and the TUI both call these;
//! neither talks to the store directly.
//!
//! The door, by what a secretary does (each `impl App` block lives in the
//! file of its act; the types below are the door's own, no store type
//! crosses it):
//! - the door itself: typed ids resolved once at the edge, the reads every
//!   screen needs, the small writes (`door`), and the answer for any
//!   event's kind (`kind`);
//! - members (`members`);
//! - events: settings, accelerated pairings, the schedule, check-in, prize
//!   lists, TRF files (`accel`, `schedule`, `checkin`, `prizes`, `trf`);
//! - rounds and results: pairing, result entry, rulings, game records,
//!   players' reports (`rounds`, `results`, `input`, `judge`, `records`,
//!   `reports`);
//! - teams (`teams`) and knockouts (`knockout`);
//! - the archive of game files (`archive`);
//! - history: the club's memory and its seasons (`history`, `season`);
//! - printing and publishing (`print`, `paperwork`, `imprint`, `pdf`,
//!   `png`, `printer`, `publish`, `output`);
//! - the club file: undo and redo, backup and restore (`undo`, `restore`);
//! - what only the TUI asks (`tui_support`).

// ---- the door: typed ids, reads, answers for any kind ----
mod door;
mod forbidden;
pub use forbidden::forbidden_pair_msg;
mod kind;
pub use crate::domain::{AfterRound, BoardNo, RoundNo, SeasonId};
pub use crate::files::input::Kind as InputKind;
/// A scoring scheme by kind, as [`App::compare_schemes`] takes it.
pub use crate::scoring::SchemeKind;
pub use door::{
    EntryId, EventDraft, EventId, EventSummary, EventView, LogEntry, MemberId, PlacedGame, TeamId,
};
#[cfg(any(test, feature = "testkit"))]
pub use kind::NewEventKind;
pub use kind::{knockout_round_name, BoardPlace};
pub use kind::{
    EventCrosstable, EventImport, EventKind, EventPairing, EventResult, EventRound, EventStandings,
    KnockoutCell, KnockoutCrossRow, KnockoutCrosstable, KnockoutStandings,
};

// ---- members ----
mod members;
pub use members::may_duplicate;

// ---- events ----
pub mod accel;
mod checkin;
pub mod prizes;
pub mod schedule;
mod trf;
/// Which TRF edition an export writes (`export trf --trf 2016|2026`).
pub use crate::formats::trf::TrfVersion;
pub use checkin::{Attendance, CheckInList, CheckInRow, CheckedIn};
pub use trf::{TrfImport, TrfImportOptions};

// ---- rounds and results ----
mod input;
mod judge;
mod records;
pub mod reports;
mod results;
mod rounds;
pub use input::{parse_board, parse_boards, parse_clock, ClockInput, ResultInput};
pub use records::{load_record, RecordAttachment};
pub use reports::{serve_addr, PendingBoard, PinRefusal, ServeChoice};
#[cfg(any(test, feature = "testkit"))]
pub use rounds::set_before_round_save;
pub use rounds::{BoardView, PairOutcome, RoundView};

// ---- teams ----
pub mod teams;

// ---- knockouts ----
mod knockout;
pub use knockout::{
    BracketView, KnockoutRank, KnockoutResult, KnockoutSettings, MatchScore, MatchView, NextStep,
    SeedSource,
};

// ---- archive ----
pub mod archive;

// ---- history ----
mod history;
mod season;
#[cfg(any(test, feature = "testkit"))]
pub use history::{build_history_db, HistorySpec};
pub use history::{
    rating_list, stat_games, RatingChangeRow, RatingList, RatingRow, SchemeColumn,
    SchemeComparison, StatsFilter,
};
pub use season::{MemberSeasonRank, SeasonDraft, SeasonEventInfo, SeasonInfo, SeasonTable};

// ---- printing and publishing ----
mod games_export;
pub use games_export::{ExportedGame, GamesFormat};
pub mod imprint;
pub mod output;
mod paperwork;
pub mod pdf;
pub mod png;
pub mod print;
pub mod printer;
pub mod publish;

// ---- the club file: undo, backup, restore ----
mod restore;
mod undo;
pub use restore::{check_backup, restore_club, saved_club_path, BackupInfo};

// ---- what only the TUI asks ----
mod tui_support;
pub use tui_support::{ImportPreview, RecordPreview};

/// Shows a notice on stderr while a command waits for another qishe to
/// finish with the database (the CLI; the TUI waits with its spinner).
pub fn announce_waits(lang: crate::i18n::Lang) {
    crate::store::set_wait_notice(Some(
        crate::i18n::tr(lang, "note.store.waiting").to_string(),
    ));
}

use crate::config::{Config, ConfigError};
use crate::domain::{Entry, Event, EventSettings, Member, NewMember};
use crate::formats::games_csv::GamesCsvError;
use crate::formats::members_csv::MembersCsvError;
use crate::i18n::{msg, Lang, Msg};
use crate::pairing::PairingError;
use crate::scoring::ScoringError;
use crate::store::{Store, StoreError};
use crate::xiangqi::ImportError;
use std::path::Path;

/// Why a command failed. Every variant renders through [`AppError::msg`]:
/// `Display` is its English (what the CLI prints), the TUI renders the same
/// message in the UI language.
#[derive(Debug)]
pub enum AppError {
    /// The database refused or failed.
    Store(StoreError),
    /// The config file is wrong.
    Config(ConfigError),
    /// A member CSV is wrong.
    MembersCsv(MembersCsvError),
    /// A games CSV is wrong.
    GamesCsv(GamesCsvError),
    /// Scores or standings cannot be computed, or a result is impossible.
    Scoring(Box<ScoringError>),
    /// The pairing system found no pairing.
    Pairing(PairingError),
    /// A game-record file (PGN, XQF, DhtmlXQ) cannot be read.
    Record {
        /// The file as the user named it (empty when unknown).
        file: String,
        source: Box<ImportError>,
    },
    /// Input that is understood but not acceptable.
    Invalid(Msg),
    /// The next round cannot be paired: `name` has no result in `round`.
    RoundNotFinished { round: u32, name: String, next: u32 },
    /// Every round of the event is paired already.
    AllRoundsPaired { rounds: u32, event: String },
}

impl AppError {
    /// The error as a keyed message, for any UI language.
    pub fn msg(&self) -> Msg {
        match self {
            AppError::Store(e) => e.msg(),
            AppError::Config(e) => e.msg(),
            AppError::MembersCsv(e) => e.msg(),
            AppError::GamesCsv(e) => e.msg(),
            AppError::Scoring(e) => e.msg(),
            AppError::Pairing(e) => e.msg(),
            AppError::Record { file, source } if file.is_empty() => source.msg(),
            AppError::Record { file, source } => {
                msg!("err.app.in_file", file, why = source.msg())
            }
            AppError::Invalid(m) => m.clone(),
            AppError::RoundNotFinished { round, name, next } => {
                msg!("err.app.round_not_finished", round, name, next)
            }
            AppError::AllRoundsPaired { rounds, event } => {
                msg!("err.app.all_rounds_paired", rounds, event)
            }
        }
    }

    /// The error in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        self.msg().render(lang)
    }
}

crate::i18n::english_display!(AppError);

impl std::error::Error for AppError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AppError::Store(e) => Some(e),
            AppError::Config(e) => Some(e),
            AppError::MembersCsv(e) => Some(e),
            AppError::GamesCsv(e) => Some(e),
            AppError::Scoring(e) => Some(e.as_ref()),
            AppError::Pairing(e) => Some(e),
            AppError::Record { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}

macro_rules! from_error {
    ($($t:ty => $v:ident),* $(,)?) => {
        $(impl From<$t> for AppError {
            fn from(e: $t) -> AppError {
                AppError::$v(e)
            }
        })*
    };
}
from_error!(
    StoreError => Store,
    ConfigError => Config,
    MembersCsvError => MembersCsv,
    GamesCsvError => GamesCsv,
    PairingError => Pairing,
);

impl From<ScoringError> for AppError {
    fn from(e: ScoringError) -> AppError {
        AppError::Scoring(Box::new(e))
    }
}

impl From<Msg> for AppError {
    fn from(m: Msg) -> AppError {
        AppError::Invalid(m)
    }
}

/// An [`AppError::Invalid`] from a key and its arguments, as [`msg!`] takes them.
macro_rules! invalid {
    ($($t:tt)*) => {
        $crate::app::AppError::Invalid($crate::i18n::msg!($($t)*))
    };
}
pub(crate) use invalid;

pub type Result<T, E = AppError> = std::result::Result<T, E>;

/// An open club: its settings and its database.
pub struct App {
    /// Private: front ends go through `App` methods (tests/it/architecture.rs).
    store: Store,
    pub config: Config,
}

/// What a member import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: usize,
    /// `file:line: name (club) …` for each duplicate row skipped.
    pub duplicates: Vec<crate::i18n::Msg>,
}

impl App {
    /// Opens the database at `db` with `config`.
    pub fn open(config: Config, db: &Path) -> Result<App> {
        // A backup or demo killed half-way left its temporary file here.
        crate::files::output::clean_stale(crate::files::output::folder_of(db));
        crate::files::input::check_regular(db, crate::files::input::Kind::Database)?;
        let store = Store::open(db)?;
        Ok(App { store, config })
    }

    /// The store, for tests and benches that build fixtures directly
    /// (feature `testkit`). Front ends must not use it
    /// (tests/it/architecture.rs).
    #[cfg(any(test, feature = "testkit"))]
    pub fn store_for_tests(&mut self) -> &mut Store {
        &mut self.store
    }

    /// Opens the database at `db` for `qishe init`: an existing empty file
    /// becomes a new club (any other command refuses it).
    pub fn open_init(config: Config, db: &Path) -> Result<App> {
        crate::files::input::check_regular(db, crate::files::input::Kind::Database)?;
        let store = Store::open_init(db)?;
        Ok(App { store, config })
    }

    /// An in-memory club (tests).
    pub fn in_memory(config: Config) -> Result<App> {
        Ok(App {
            store: Store::open_in_memory()?,
            config,
        })
    }

    /// The UI language: the config's, else the system locale's.
    pub fn lang(&self) -> Lang {
        self.config.language.unwrap_or_else(Lang::from_env)
    }

    /// Adds a member.
    pub fn add_member(&mut self, m: &NewMember) -> Result<Member> {
        self.check_member_id_free(m.ext_id.as_deref(), None)?;
        Ok(self.store.add_member(m)?)
    }

    /// Creates an individual event with its settings in full (the front
    /// ends go through [`App::create_event_of`]).
    pub(crate) fn create_event(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
    ) -> Result<Event> {
        self.check_settings(settings)?;
        Ok(self.store.create_event(name, date, settings)?)
    }

    /// Enters members into an event.
    pub fn enter_players(&mut self, event: EventId, members: &[MemberId]) -> Result<Vec<Entry>> {
        let ev = self.event(event)?;
        self.check_entries_open(&ev)?;
        let ids: Vec<i64> = members.iter().map(|m| m.0).collect();
        Ok(self.store.enter_members(ev.id, &ids)?)
    }

    /// A knockout's field is closed once its bracket is drawn (round 1
    /// paired): a late entry would redraw the bracket under the games
    /// played. Swiss and round-robin events take late entries.
    pub(crate) fn check_entries_open(&self, ev: &crate::domain::Event) -> Result<()> {
        let paired = self.store.rounds_paired(ev.id)?;
        if paired > 0 && self.knockout_settings(ev)?.is_some() {
            return Err(invalid!("err.ko.entries_closed", event = &ev.name));
        }
        Ok(())
    }
}

/// A test club: two members in event "E" (default settings) with round 1
/// paired, one board.
#[cfg(test)]
pub(crate) fn two_players_paired() -> App {
    let mut app = App::in_memory(Config::default()).unwrap();
    for (n, r) in [("王天一", 2700), ("郑惟桐", 2680)] {
        app.add_member(&NewMember {
            name: n.into(),
            rating: Some(r),
            ..Default::default()
        })
        .unwrap();
    }
    app.create_event("E", None, &EventSettings::default())
        .unwrap();
    app.enter_players(
        app.find_event("E").unwrap().key(),
        &app.find_members(&["1", "2"]).unwrap(),
    )
    .unwrap();
    app.pair_next_round(app.find_event("E").unwrap().key())
        .unwrap();
    app
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lower layers' errors: `Display` is the English of the keyed
    /// message (by construction, `i18n::english_display!`), and the Chinese
    /// fills every argument and is translated.
    #[test]
    fn lower_layer_errors_fill_their_arguments_in_every_language() {
        use crate::domain::Colour;
        use crate::xiangqi::MoveTextError;
        let sql = rusqlite::Error::InvalidQuery;
        let json = serde_json::from_str::<i32>("x").unwrap_err();
        let path = std::path::PathBuf::from("/club/棋社.db");
        let move_error = crate::xiangqi::parse_move(&crate::xiangqi::Position::start(), "z9z9")
            .map(|_| ())
            .unwrap_err();
        let _: &MoveTextError = &move_error;
        let cases: Vec<(String, Msg)> = vec![
            {
                let e = StoreError::TooNew {
                    path: path.clone(),
                    found: 9,
                    supported: 7,
                };
                (e.to_string(), e.msg())
            },
            {
                let e = StoreError::Corrupt {
                    path: path.clone(),
                    detail: "file is not a database".into(),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = StoreError::Open {
                    path: path.clone(),
                    source: rusqlite::Error::InvalidQuery,
                };
                (e.to_string(), e.msg())
            },
            {
                let e = StoreError::Ambiguous {
                    what: "member",
                    name: "王一".into(),
                    candidates: "#1 王一 (杭州), #2 王一".into(),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = StoreError::Sql(sql);
                (e.to_string(), e.msg())
            },
            {
                let e = StoreError::Json(json);
                (e.to_string(), e.msg())
            },
            {
                let e = ConfigError {
                    file: "qishe.toml".into(),
                    line: 3,
                    column: 7,
                    why: msg!("err.config.syntax", why = "expected a number"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = PairingError::NoLegalPairing {
                    round: 4,
                    why: msg!("err.pairing.cannot_all_pair", count = 7, ids = "3, 5"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = PairingError::InvalidState(msg!("err.pairing.duplicate_start_numbers"));
                (e.to_string(), e.msg())
            },
            {
                let e = PairingError::RoundOutOfRange {
                    round: 8,
                    why: msg!("err.pairing.rr_single_rounds", players = 8, rounds = 7),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Move {
                    game: crate::i18n::msg!("record.game", n = 1),
                    move_no: 12,
                    side: Colour::Black,
                    text: "z9z9".into(),
                    line: 5,
                    source: move_error.clone(),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Move {
                    game: crate::i18n::msg!("record.game", n = 1),
                    move_no: 12,
                    side: Colour::Red,
                    text: "z9z9".into(),
                    line: 0,
                    source: move_error,
                };
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Syntax {
                    line: 2,
                    col: 14,
                    msg: msg!("err.pgn.comment_open"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Xqf(msg!("err.xqf.too_deep"));
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Cbr(msg!("err.cbr.cut_short", at = 2214));
                (e.to_string(), e.msg())
            },
            {
                let e = ImportError::Dhtml(msg!("err.dhtml.binit_length", n = 63));
                (e.to_string(), e.msg())
            },
            (ImportError::NoGame.to_string(), ImportError::NoGame.msg()),
            {
                let e = MoveTextError::Illegal {
                    text: "炮二平五".into(),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = MoveTextError::Ambiguous {
                    text: "马八进七".into(),
                    candidates: vec!["b0c2".into(), "b0a2".into(), "h0g2".into()],
                };
                (e.to_string(), e.msg())
            },
            {
                let e = MoveTextError::Unreadable {
                    text: "xx".into(),
                    why: "err.notation.no_wxf_verb",
                };
                (e.to_string(), e.msg())
            },
            {
                use crate::xiangqi::FenError;
                let e = FenError::Letter {
                    fen: "rnbakabnr/9".into(),
                    ch: 'z',
                    col: 3,
                };
                (e.to_string(), e.msg())
            },
            {
                use crate::xiangqi::FenError;
                let e = FenError::RankWidth {
                    fen: "x".into(),
                    rank: 4,
                };
                (e.to_string(), e.msg())
            },
            {
                use crate::xiangqi::FenError;
                (
                    FenError::Ranks("x".into()).to_string(),
                    FenError::Ranks("x".into()).msg(),
                )
            },
            {
                use crate::xiangqi::FenError;
                (
                    FenError::Side("x".into()).to_string(),
                    FenError::Side("x".into()).msg(),
                )
            },
            {
                let e = ImportError::Fen {
                    game: crate::i18n::msg!("record.game", n = 1),
                    source: crate::xiangqi::FenError::Side("x".into()),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = crate::formats::trf::TrfError {
                    line: 3,
                    column: 5,
                    message: crate::i18n::msg!("err.trf.short"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = GamesCsvError {
                    file: "g.csv".into(),
                    line: 4,
                    column: Some("red".into()),
                    message: crate::i18n::msg!("err.csv.empty"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = GamesCsvError {
                    file: "g.csv".into(),
                    line: 4,
                    column: None,
                    message: crate::i18n::msg!("err.csv.empty"),
                };
                (e.to_string(), e.msg())
            },
            {
                let e = crate::report::CsvError::NoTable("名次表".into());
                (e.to_string(), e.msg())
            },
            {
                let e = crate::report::CsvError::Write("x".into());
                (e.to_string(), e.msg())
            },
        ];
        for (display, m) in cases {
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let text = m.render(lang);
                assert!(!text.contains('{') || display.contains('{'), "{text}");
                if crate::i18n::tr(lang, m.key) != crate::i18n::tr(Lang::En, m.key) {
                    assert_ne!(text, display, "{} is not translated", m.key);
                }
            }
        }
    }

    #[test]
    fn duplicates_stop_an_import_unless_skipped() {
        let mut app = App::in_memory(Config::default()).unwrap();
        app.add_member(&NewMember {
            name: "王天一".into(),
            club: Some("杭州".into()),
            ..Default::default()
        })
        .unwrap();
        let csv = "姓名,单位\n王天一,杭州\n郑惟桐,四川\n郑惟桐,四川\n王天一,北京\n";
        let e = app
            .import_members(csv.as_bytes(), "m.csv", false)
            .unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("m.csv:2: 王天一 (杭州) duplicates member #1"),
            "{msg}"
        );
        assert!(
            msg.contains("m.csv:4: 郑惟桐 (四川) duplicates line 3"),
            "{msg}"
        );
        assert_eq!(app.store.members(true).unwrap().len(), 1, "nothing written");
        let r = app.import_members(csv.as_bytes(), "m.csv", true).unwrap();
        assert_eq!(r.added, 2, "郑惟桐 and 王天一 of 北京");
        assert_eq!(r.duplicates.len(), 2);
        assert_eq!(app.store.members(true).unwrap().len(), 3);
    }

    #[test]
    fn events_refuse_unknown_schemes_and_tiebreaks() {
        let mut app = App::in_memory(Config::default()).unwrap();
        let s = EventSettings {
            scheme: "nope".into(),
            ..Default::default()
        };
        assert!(app.create_event("E", None, &s).is_err());
        let s = EventSettings {
            // As a stored row could hold it (no other way makes an
            // unchecked list).
            tiebreaks: crate::domain::TieBreakList::from_column(
                crate::domain::EventKind::Individual,
                "buchholz-cut0",
            ),
            ..Default::default()
        };
        assert!(app.create_event("E", None, &s).is_err());
        assert!(app.store.events().unwrap().is_empty());
    }
}
