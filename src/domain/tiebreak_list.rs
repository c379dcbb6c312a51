//! An event's tie-break list as its settings hold it: the codes after
//! points, tagged with the kind of event they rank ([`EventKind`]). The
//! codes themselves are the scoring layer's (`scoring::TieBreaks` reads
//! them for the list's own kind and makes a list from a parsed one), so
//! what reads a list cannot take a team list for an individual one: the
//! kind travels with the codes. The database column keeps the codes
//! joined by commas, as always; the store tags them with the event's kind
//! (its team or knockout row).

use super::EventKind;
use serde::Serialize;

/// The codes of an event's tie-breaks and the kind of event they are for.
/// Empty: the kind's default order. Written by serde (an event as JSON)
/// but never read by it: a list is read only through the scoring layer or
/// the store's column.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TieBreakList {
    kind: EventKind,
    codes: Vec<String>,
}

impl TieBreakList {
    /// A list of `kind` with `codes` (blank codes dropped). Private: a
    /// list is made only by [`TieBreakList::checked`] (the scoring layer,
    /// once it has read the codes for the kind) and
    /// [`TieBreakList::from_column`] (the store, from the column with the
    /// event's kind); anything else goes through `scoring::TieBreaks`.
    fn new<S: AsRef<str>>(kind: EventKind, codes: &[S]) -> TieBreakList {
        TieBreakList {
            kind,
            codes: codes
                .iter()
                .map(|c| c.as_ref().trim())
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect(),
        }
    }

    /// The codes of a list the scoring layer has read for `kind`
    /// (`scoring::TieBreaks::list`, its only caller).
    pub(crate) fn checked(kind: EventKind, codes: &[String]) -> TieBreakList {
        TieBreakList::new(kind, codes)
    }

    /// No codes: the default order of the kind (or nothing, a knockout).
    pub fn empty(kind: EventKind) -> TieBreakList {
        TieBreakList {
            kind,
            codes: Vec::new(),
        }
    }

    /// The column's text (`wins,buchholz`) read as a list of `kind`: the
    /// store's, for a row as it was written (its readers check it against
    /// the event's kind through `scoring::TieBreaks`).
    pub(crate) fn from_column(kind: EventKind, text: &str) -> TieBreakList {
        TieBreakList::new(kind, &text.split(',').collect::<Vec<_>>())
    }

    /// The column's text: the codes joined by commas.
    pub fn to_column(&self) -> String {
        self.codes.join(",")
    }

    pub fn kind(&self) -> EventKind {
        self.kind
    }

    pub fn codes(&self) -> &[String] {
        &self.codes
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_reads_and_writes_back_unchanged() {
        for text in ["", "wins", "opponent-score,wins", "match-wins,game-points"] {
            let l = TieBreakList::from_column(EventKind::Team, text);
            assert_eq!(l.to_column(), text);
            assert_eq!(l.kind(), EventKind::Team);
        }
        let l = TieBreakList::from_column(EventKind::Individual, " wins , ,buchholz");
        assert_eq!(l.codes(), ["wins", "buchholz"]);
        assert!(TieBreakList::empty(EventKind::Knockout).is_empty());
    }
}
