//! An event's tie-break list, typed by the event's kind: the individual
//! codes (CXA and FIDE, [`TieBreak`]), the team codes ([`TeamTieBreak`]),
//! or none for a knockout (its places are the bracket's, shared places by
//! seed; a level match goes to the play-off ladder). Parsed once, at the
//! edge (the command line, config.toml, a form), so a list of the wrong
//! kind never reaches an event.

use super::team::TeamTieBreak;
use super::{ScoringError, TieBreak};
use crate::domain::{EventKind, TieBreakList};

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
        // A code of the other kind is named as such, not as unknown.
        let other = |code: &str, other: EventKind| ScoringError::TieBreakOtherKind {
            code: code.to_string(),
            other,
            kind,
            allowed: TieBreaks::allowed(kind).join(", "),
        };
        match kind {
            EventKind::Individual => {
                if let Some(c) = codes
                    .iter()
                    .find(|c| TieBreak::parse(c).is_err() && TeamTieBreak::parse(c).is_ok())
                {
                    return Err(other(c, EventKind::Team));
                }
                Ok(TieBreaks::Individual(TieBreak::parse_list(&codes)?))
            }
            EventKind::Team => {
                if let Some(c) = codes.iter().find(|c| {
                    !TeamTieBreak::is_primary(c)
                        && TeamTieBreak::parse(c).is_err()
                        && TieBreak::parse(c).is_ok()
                }) {
                    return Err(other(c, EventKind::Individual));
                }
                Ok(TieBreaks::Team(
                    codes
                        .iter()
                        .filter(|c| !TeamTieBreak::is_primary(c))
                        .map(|c| TeamTieBreak::parse(c))
                        .collect::<Result<_, _>>()?,
                ))
            }
            EventKind::Knockout if codes.is_empty() => Ok(TieBreaks::Knockout),
            EventKind::Knockout => Err(ScoringError::KnockoutTieBreaks {
                codes: codes.join(", "),
            }),
        }
    }

    /// An event's list ([`TieBreakList`]) read for its own kind.
    pub fn of(list: &TieBreakList) -> Result<TieBreaks, ScoringError> {
        TieBreaks::parse(list.kind(), list.codes())
    }

    /// An event's list read for an event of `kind`: an empty list is the
    /// kind's default whatever its tag; codes of another kind are
    /// refused, naming them and the kind.
    pub fn for_event(kind: EventKind, list: &TieBreakList) -> Result<TieBreaks, ScoringError> {
        if list.is_empty() {
            return TieBreaks::parse::<&str>(kind, &[]);
        }
        if list.kind() != kind {
            return Err(ScoringError::TieBreaksKind {
                codes: list.codes().join(", "),
                kind,
            });
        }
        TieBreaks::of(list)
    }

    /// The list of an individual event: its codes, or `None` when it has
    /// none (the scheme's default order applies).
    pub fn individual(list: &TieBreakList) -> Result<Option<Vec<TieBreak>>, ScoringError> {
        match TieBreaks::for_event(EventKind::Individual, list)? {
            TieBreaks::Individual(v) if v.is_empty() => Ok(None),
            TieBreaks::Individual(v) => Ok(Some(v)),
            _ => unreachable!("read for an individual event"),
        }
    }

    /// The list of a team event: its codes, else the default order.
    pub fn team(list: &TieBreakList) -> Result<Vec<TeamTieBreak>, ScoringError> {
        match TieBreaks::for_event(EventKind::Team, list)? {
            TieBreaks::Team(v) if v.is_empty() => Ok(TeamTieBreak::DEFAULT.to_vec()),
            TieBreaks::Team(v) => Ok(v),
            _ => unreachable!("read for a team event"),
        }
    }

    /// The list as an event's settings keep it: the codes, tagged with
    /// the kind.
    pub fn list(&self) -> TieBreakList {
        TieBreakList::checked(self.kind(), &self.codes())
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
        assert!(matches!(e, ScoringError::TieBreakOtherKind { .. }), "{e}");
        let e = TieBreaks::parse(EventKind::Individual, &["game-pionts"]).unwrap_err();
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

    #[test]
    fn a_code_of_the_other_kind_is_refused_as_such_in_every_language() {
        use crate::i18n::Lang;
        let e = TieBreaks::parse(EventKind::Individual, &["wins", "match-wins"]).unwrap_err();
        let en = e.msg().render(Lang::En);
        assert!(
            en.contains("match-wins") && en.contains("team event") && en.contains("buchholz"),
            "{en}"
        );
        let hans = e.msg().render(Lang::ZhHans);
        assert!(
            hans.contains("match-wins") && hans.contains("团体赛") && hans.contains("个人赛"),
            "{hans}"
        );
        let hant = e.msg().render(Lang::ZhHant);
        assert!(
            hant.contains("match-wins") && hant.contains("團體賽") && hant.contains("個人賽"),
            "{hant}"
        );
        let e = TieBreaks::parse(EventKind::Team, &["game-points", "buchholz"]).unwrap_err();
        let en = e.msg().render(Lang::En);
        assert!(
            en.contains("buchholz") && en.contains("game-points"),
            "{en}"
        );
        assert!(e.msg().render(Lang::ZhHans).contains("个人赛"));
        assert!(e.msg().render(Lang::ZhHant).contains("個人賽"));
        // A list tagged with another kind names the kind it was read for.
        let list = TieBreakList::from_column(EventKind::Team, "direct");
        let e = TieBreaks::for_event(EventKind::Individual, &list).unwrap_err();
        assert!(e.msg().render(Lang::ZhHans).contains("个人赛"));
        assert!(e.msg().render(Lang::ZhHant).contains("個人賽"));
        assert!(e.msg().render(Lang::En).contains("individual"));
    }

    #[test]
    fn an_events_list_is_read_for_its_own_kind_only() {
        let team = TieBreaks::parse(EventKind::Team, &["match-wins", "direct"]).unwrap();
        let list = team.list();
        assert_eq!(list.kind(), EventKind::Team);
        assert_eq!(list.to_column(), "match-wins,direct");
        assert_eq!(TieBreaks::of(&list).unwrap(), team);
        assert_eq!(
            TieBreaks::team(&list).unwrap(),
            [TeamTieBreak::MatchWins, TeamTieBreak::Direct]
        );
        // A team list never reads as an individual one, even where the
        // codes are both kinds' (`direct`).
        let e = TieBreaks::individual(&list).unwrap_err();
        assert!(matches!(e, ScoringError::TieBreaksKind { .. }), "{e}");
        assert!(e.to_string().contains("match-wins, direct"), "{e}");
        let both = TieBreakList::from_column(EventKind::Team, "direct");
        assert!(TieBreaks::individual(&both).is_err());
        let ind = TieBreakList::from_column(EventKind::Individual, "direct");
        assert!(TieBreaks::team(&ind).is_err());
        assert_eq!(
            TieBreaks::individual(&ind).unwrap(),
            Some(vec![TieBreak::Direct])
        );
        // Empty: the kind's default, whatever the tag.
        let none = TieBreakList::empty(EventKind::Individual);
        assert_eq!(TieBreaks::team(&none).unwrap(), TeamTieBreak::DEFAULT);
        assert_eq!(TieBreaks::individual(&none).unwrap(), None);
        assert_eq!(
            TieBreaks::for_event(EventKind::Knockout, &none).unwrap(),
            TieBreaks::Knockout
        );
    }
}
