//! Commands for the app layer: [`Command`] and what it carries (the print
//! form's [`PrintJob`], a question's [`Confirm`]). `execute.rs` runs one.

use super::Form;
use crate::app::App;
use crate::app::{BoardNo, EntryId, EventId, MemberId, RoundNo};
use crate::app::{EventDraft, ResultInput};
use crate::domain::{Member, NewMember};
use crate::i18n::{tr, Lang};

/// A command for the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    AddMember(NewMember),
    UpdateMember(Member),
    RetireMember(MemberId),
    CreateEvent {
        name: String,
        draft: Box<EventDraft>,
        /// A knockout's seeds: the event or season as typed, and its top
        /// N (resolved when the command runs, `App::find_seed`).
        seed: Option<(String, u32)>,
        /// The first day (`None`: today).
        date: Option<chrono::NaiveDate>,
    },
    OpenEvent(EventId),
    EnterPlayer {
        event: EventId,
        member: MemberId,
    },
    /// Every member marked in the picker, at once.
    EnterPlayers {
        event: EventId,
        members: Vec<MemberId>,
    },
    Withdraw {
        event: EventId,
        entry: EntryId,
    },
    PairNext(EventId),
    /// The next round paired with clubmates allowed to meet, as the
    /// arbiter agreed after the club rule refused it.
    PairAllowingClubmates(EventId),
    /// The boards of round `round` set by hand (start numbers, red first;
    /// `None`: the bye); `insist` stores them though they break a rule.
    SetBoards {
        event: EventId,
        round: RoundNo,
        boards: Vec<(u32, Option<u32>)>,
        insist: bool,
    },
    /// Remove the last round; `force` when it has results (the question
    /// said how many).
    Unpair {
        event: EventId,
        force: bool,
    },
    /// How a player's tie-break values are made, in a box.
    ExplainPlayer {
        event: EventId,
        entry: EntryId,
    },
    SwapColours {
        event: EventId,
        round: RoundNo,
        red: EntryId,
        black: EntryId,
        insist: bool,
    },
    /// Two players change places in a round.
    SwapPlayers {
        event: EventId,
        round: RoundNo,
        a: EntryId,
        b: EntryId,
        insist: bool,
    },
    RecordResult {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        input: ResultInput,
    },
    /// Ask before a board's reported result is recorded.
    PreviewReport {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
    },
    /// Record a board's reported result as the arbiter's: the one the
    /// reports agree on, else `result` (the one he picked or typed).
    ConfirmReport {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        result: Option<String>,
    },
    /// Open the serve form, filled with the event's remembered choice.
    ServeForm(EventId),
    /// Serve the club's pages as chosen (in the background; a new choice
    /// restarts the server), remember the choice, and show where.
    Serve {
        event: EventId,
        choice: crate::app::ServeChoice,
    },
    /// Read a member CSV and ask before importing it.
    PreviewImport(String),
    ImportMembers(String),
    /// Make an event of a TRF file (`qishe import trf`) and open it.
    ImportTrf {
        path: String,
        name: Option<String>,
        scheme: Option<String>,
    },
    RequestBye {
        event: EventId,
        entry: EntryId,
        round: RoundNo,
    },
    /// Keep `a` and `b` apart (in `rounds`, added to the pair's others;
    /// `None`: every round), or with `lift` lift them (in every round or
    /// in `rounds`).
    Forbid {
        event: EventId,
        a: EntryId,
        b: EntryId,
        rounds: Option<(RoundNo, RoundNo)>,
        lift: bool,
    },
    AttachRecord {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        path: String,
        /// The secretary saw and accepted what the record differs in.
        checked: bool,
    },
    /// Print a document, or write the backup, the site or the TRF.
    Print(PrintJob),
    /// Say what `Undo` would take back and ask.
    PreviewUndo,
    Undo,
    Redo,
    /// Ask before finishing (how many rounds are missing) or reopening.
    PreviewFinish(EventId),
    Finish(EventId),
    Reopen(EventId),
    /// Open a form (after a question was answered yes).
    OpenForm(Form),
    /// Reload the model's data (after a worker changed the database).
    Reload,
    /// Show the round picked with [ / ]: the open event's tabs are read
    /// again, nothing else (nothing was written).
    ShowRound,
    /// A command of the ruling dialog, member page or statistics screen.
    Page(super::super::pages::PageCmd),
    /// A command of the Teams tab.
    Teams(super::super::teams::TeamsCmd),
    /// A command of the Bracket tab.
    Bracket(super::super::bracket::BracketCmd),
    /// A command of the Prizes tab.
    Prizes(super::super::prizes::PrizesCmd),
    /// A command of the action log pop-up.
    Log(super::super::log::LogCmd),
    /// A command of the check-in pop-up.
    CheckIn(super::super::checkin::CheckInCmd),
    /// Record the check-in, then pair everyone present (long work).
    PairPresent {
        event: EventId,
        present: Vec<EntryId>,
        excused: Vec<EntryId>,
    },
    /// Change an event's name, date and settings.
    EditEvent {
        event: EventId,
        name: String,
        draft: Box<EventDraft>,
        date: Option<chrono::NaiveDate>,
    },
}

/// The document to print and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintJob {
    pub event: EventId,
    /// A document code (`DocKind::code`), or `backup`, `site`, `trf`.
    pub doc: String,
    /// `pdf`, `text`, `html`, `csv` or `png`.
    pub format: String,
    pub to_printer: bool,
    /// The file or folder (empty: a name made from the event and document).
    pub path: String,
    pub printer: String,
    /// After this round (`None`: the last).
    pub round: Option<RoundNo>,
    /// Replace an existing file (asked first).
    pub force: bool,
}

/// A destructive action waiting for `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirm {
    pub message: String,
    pub command: Command,
}

/// The question before a member import: who will be added and who skipped
/// as already a member. Reading a large file takes a while, so the worker
/// runs this too.
pub(crate) fn import_preview_text(app: &App, lang: Lang, path: &str) -> crate::app::Result<String> {
    let t = |k: &str| tr(lang, k).to_string();
    let bytes =
        crate::app::output::read_input(std::path::Path::new(path), crate::app::InputKind::Members)?;
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
