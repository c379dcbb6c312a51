//! An event's tie-break list, typed by the event's kind: the individual
//! codes (CXA and FIDE, [`TieBreak`]), the team codes ([`TeamTieBreak`]),
//! or none for a knockout (its places are the bracket's, shared places by
//! seed; a level match goes to the play-off ladder). Parsed once, at the
//! edge (the command line, config.toml, a form), so a list of the wrong
//! kind never reaches an event.

use super::team::TeamTieBreak;
use super::{ScoringError, TieBreak};
use crate::domain::EventKind;

/// A tie-break list of one kind of event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TieBreaks {
    Individual(Vec<TieBreak>),
    Team(Vec<TeamTieBreak>),
    /// A knockout has none.
    Knockout,
}

impl TieBreaks {
    /// Reads `codes` as the tie-breaks of an event of `kind`. Individual:
    /// a leading `points` is dropped; a knockout refuses any code (it has
    /// no list: the play-off ladder decides a match).
    pub fn parse<S: AsRef<str>>(kind: EventKind, codes: &[S]) -> Result<TieBreaks, ScoringError> {
        let codes: Vec<&str> = codes
            .iter()
            .map(|c| c.as_ref().trim())
            .filter(|c| !c.is_empty())
            .collect();
        match kind {
            EventKind::Individual => Ok(TieBreaks::Individual(TieBreak::parse_list(&codes)?)),
            EventKind::Team => Ok(TieBreaks::Team(
                codes
                    .iter()
                    .filter(|c| **c != "match-points")
                    .map(|c| TeamTieBreak::parse(c))
                    .collect::<Result<_, _>>()?,
            )),
            EventKind::Knockout if codes.is_empty() => Ok(TieBreaks::Knockout),
            EventKind::Knockout => Err(ScoringError::KnockoutTieBreaks {
                codes: codes.join(", "),
            }),
        }
    }

    /// The kind of event the list is for.
    pub fn kind(&self) -> EventKind {
        match self {
            TieBreaks::Individual(_) => EventKind::Individual,
            TieBreaks::Team(_) => EventKind::Team,
            TieBreaks::Knockout => EventKind::Knockout,
        }
    }

    /// The codes, as an event's settings keep them.
    pub fn codes(&self) -> Vec<String> {
        match self {
            TieBreaks::Individual(v) => v.iter().map(|t| t.code().to_string()).collect(),
            TieBreaks::Team(v) => v.iter().map(|t| t.code().to_string()).collect(),
            TieBreaks::Knockout => Vec::new(),
        }
    }

    /// No codes given (the kind's default order applies).
    pub fn is_empty(&self) -> bool {
        self.codes().is_empty()
    }

    /// Every code an event of `kind` may name.
    pub fn allowed(kind: EventKind) -> Vec<&'static str> {
        match kind {
            EventKind::Individual => TieBreak::CODES.to_vec(),
            EventKind::Team => TeamTieBreak::ALL.iter().map(|t| t.code()).collect(),
            EventKind::Knockout => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_reads_its_own_codes_and_refuses_the_others() {
        let t = TieBreaks::parse(EventKind::Team, &["game-points", "direct"]).unwrap();
        assert_eq!(
            t,
            TieBreaks::Team(vec![TeamTieBreak::GamePoints, TeamTieBreak::Direct])
        );
        assert_eq!(t.codes(), ["game-points", "direct"]);
        let i = TieBreaks::parse(EventKind::Individual, &["points", "wins", "buchholz"]).unwrap();
        assert_eq!(i.codes(), ["wins", "buchholz"]);
        assert_eq!(i.kind(), EventKind::Individual);
        // `direct` is both: each kind reads it as its own.
        assert!(TieBreaks::parse(EventKind::Individual, &["direct"]).is_ok());
        assert!(TieBreaks::parse(EventKind::Team, &["direct"]).is_ok());
        let e = TieBreaks::parse(EventKind::Individual, &["game-points"]).unwrap_err();
        assert!(matches!(e, ScoringError::UnknownTieBreak { .. }), "{e}");
        let e = TieBreaks::parse(EventKind::Team, &["buchholz"]).unwrap_err();
        assert!(e.to_string().contains("game-points"), "{e}");
        assert_eq!(
            TieBreaks::parse::<&str>(EventKind::Knockout, &[]).unwrap(),
            TieBreaks::Knockout
        );
        let e = TieBreaks::parse(EventKind::Knockout, &["wins"]).unwrap_err();
        assert!(e.to_string().contains("--playoff"), "{e}");
    }
}
