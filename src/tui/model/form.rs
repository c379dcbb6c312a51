//! What a form is: its fields ([`Field`]), what it is for ([`FormKind`])
//! and the form itself ([`Form`]). Its own file so that the files that
//! carry a form (a command, an outcome, result entry) need not
//! import `forms`, which builds and submits them.

use crate::domain::{Member, Outcome};

/// One field of a form: free text, or a choice among `choices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// i18n key of the label.
    pub label: &'static str,
    pub value: String,
    pub choices: Vec<String>,
    /// The value the form opened with: a field left at it asks for no
    /// change (a setting the secretary did not touch is not sent).
    pub initial: String,
}

impl Field {
    pub(crate) fn text(label: &'static str, value: impl Into<String>) -> Field {
        let value = value.into();
        Field {
            label,
            initial: value.clone(),
            value,
            choices: Vec::new(),
        }
    }
    pub(crate) fn choice(label: &'static str, choices: &[&str], current: &str) -> Field {
        Field {
            label,
            value: current.to_string(),
            initial: current.to_string(),
            choices: choices.iter().map(|s| s.to_string()).collect(),
        }
    }
    /// The value differs from the one the form opened with.
    pub(crate) fn changed(&self) -> bool {
        self.value.trim() != self.initial.trim()
    }
    pub(crate) fn cycle(&mut self, step: isize) {
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
    /// Changing an event's name, date and settings (its id).
    EditEvent(crate::app::EventId),
    Result {
        round: crate::app::RoundNo,
        board: crate::app::BoardNo,
        outcome: Outcome,
        /// The result already entered there (the form asks before
        /// replacing it).
        replaces: Option<Outcome>,
        /// The board as a Teams or Bracket tab names it (`场次 2 台 1 …`);
        /// `None`: the round's board number.
        place: Option<String>,
        /// A match's games with a result so far (game number, result):
        /// when the form's game field names one of them, the form asks
        /// before replacing it.
        results: Vec<(u32, Outcome)>,
        /// Each stored game's clocks, moves and other facts as the form
        /// shows them (game number, (field label, text) pairs): a form whose
        /// game field changes shows that game's, never another game's.
        facts: Vec<(u32, Vec<(&'static str, String)>)>,
        /// Who is red and who black in each game of the board (game
        /// number, red, black): game 2 of a 分先 round or a knockout's
        /// play-off game may swap the colours the row shows, so the form
        /// names them for the game its game field holds.
        sides: Vec<(u32, String, String)>,
    },
    ImportMembers,
    /// A TRF file (another program's event) to import as a new event.
    ImportTrf,
    /// The boards of the next round, typed by hand (`1-3 4-2 5-0`).
    SetBoards(crate::app::RoundNo),
    AttachRecord {
        round: crate::app::RoundNo,
        board: crate::app::BoardNo,
    },
    Print,
    /// How to serve the event's pages (its id): this computer only or
    /// the club's network, the port, the reporting PIN.
    Serve(crate::app::EventId),
    /// Keep two entries of an event apart, or lift their pair.
    Forbid {
        event: crate::app::EventId,
        a: crate::app::EntryId,
        b: crate::app::EntryId,
    },
}

/// A modal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub fields: Vec<Field>,
    pub focus: usize,
    /// Fields kept while not shown (the event form's fields of another
    /// kind of event), so switching back finds them as typed.
    pub stash: Vec<Field>,
}

impl Form {
    pub fn title_key(&self) -> &'static str {
        match self.kind {
            FormKind::AddMember => "tui.form.add_member",
            FormKind::EditMember(_) => "tui.form.edit_member",
            FormKind::NewEvent => "tui.form.new_event",
            FormKind::EditEvent(_) => "tui.form.edit_event",
            FormKind::Result { .. } => "tui.form.result",
            FormKind::ImportMembers => "tui.form.import",
            FormKind::ImportTrf => "tui.form.import_trf",
            FormKind::SetBoards(_) => "tui.form.set_boards",
            FormKind::AttachRecord { .. } => "tui.form.attach",
            FormKind::Print => "tui.form.print",
            FormKind::Serve(_) => "tui.form.serve",
            FormKind::Forbid { .. } => "tui.form.forbid",
        }
    }
    pub fn value(&self, label: &str) -> &str {
        self.fields
            .iter()
            .find(|f| f.label == label)
            .map(|f| f.value.trim())
            .unwrap_or("")
    }
    /// The field `label` is shown and its value is not the one the form
    /// opened with.
    pub fn changed(&self, label: &str) -> bool {
        self.fields.iter().any(|f| f.label == label && f.changed())
    }
    /// Some field, shown or kept aside, holds other than what the form
    /// opened with: closing it would lose what the secretary typed.
    pub fn edited(&self) -> bool {
        self.fields.iter().chain(&self.stash).any(Field::changed)
    }
}
