//! The writing acts, one door each whatever the event's kind: pairing the
//! next round, recording a result, importing a games CSV. Each answers
//! with its kind's own outcome, which the front ends render.

use super::EventKind;
use crate::app::teams::{TeamGamesReport, TeamPairOutcome};
use crate::app::{App, EventId, KnockoutResult, MatchView, PairOutcome, Result, ResultInput};
use crate::domain::Game;
use crate::domain::{BoardNo, RoundNo};
use crate::pairing::{PairedBoard, RoundPairing};
use crate::store::GamesImportReport;

/// A round just paired, by the event's kind.
#[derive(Clone, Debug)]
pub enum EventPairing {
    Individual(PairOutcome),
    /// The matches of the teams (home, away).
    Team(TeamPairOutcome),
    /// The round's matches of the bracket.
    Knockout {
        round: RoundNo,
        matches: Vec<MatchView>,
    },
}

impl EventPairing {
    /// The round paired.
    pub fn round(&self) -> RoundNo {
        match self {
            EventPairing::Individual(o) => o.round,
            EventPairing::Team(o) => o.round,
            EventPairing::Knockout { round, .. } => *round,
        }
    }

    /// The round as boards of start numbers, for every kind: a team
    /// event's teams, a knockout's matches with red of their first game.
    pub fn into_outcome(self) -> PairOutcome {
        match self {
            EventPairing::Individual(o) => o,
            EventPairing::Team(o) => PairOutcome {
                round: o.round,
                pairing: o.pairing,
                violations: Vec::new(),
            },
            EventPairing::Knockout { round, matches } => {
                let mut pairing = RoundPairing::default();
                for m in &matches {
                    match &m.b {
                        Some(b) => {
                            let (red, black) = if m.first_red == m.a.id {
                                (m.a.start_no, b.start_no)
                            } else {
                                (b.start_no, m.a.start_no)
                            };
                            pairing.boards.push(PairedBoard { red, black });
                        }
                        None => pairing.bye = Some(m.a.start_no),
                    }
                }
                PairOutcome {
                    round,
                    pairing,
                    violations: Vec::new(),
                }
            }
        }
    }
}

/// A result just recorded, by the event's kind.
#[derive(Clone, Debug)]
pub enum EventResult {
    /// The stored game of an individual or a team event.
    Game(Game),
    /// A knockout's game with its match as it now stands and the later
    /// matches a correction re-paired.
    Knockout(Box<KnockoutResult>),
}

impl EventResult {
    /// The stored game.
    pub fn game(&self) -> &Game {
        match self {
            EventResult::Game(g) => g,
            EventResult::Knockout(r) => &r.game,
        }
    }
}

/// A games CSV just imported, by the event's kind.
#[derive(Clone, Debug)]
pub enum EventImport {
    Individual(GamesImportReport),
    Team(TeamGamesReport),
    /// The games attached to the bracket's matches.
    Knockout {
        games: usize,
    },
}

impl App {
    /// Pairs the next round of the event, whatever its kind: an individual
    /// event's boards, a team event's matches, a knockout's next round of
    /// the bracket. One transaction; undoable.
    pub fn event_pair(&mut self, id: EventId) -> Result<EventPairing> {
        self.event_pair_with(id, false)
    }

    /// [`App::event_pair`], with the club rule relaxed for this round when
    /// `allow_clubmates` and the rule leaves it unpaired (see
    /// [`App::club_rule_blocks`]): clubmates of an individual event, teams
    /// of one club in a team event. Refused for an event without a club
    /// rule (a knockout, a system or setting that keeps no clubmates
    /// apart): there is nothing to relax.
    pub fn event_pair_with(&mut self, id: EventId, allow_clubmates: bool) -> Result<EventPairing> {
        let ev = self.event(id)?;
        // The rule relaxed: an individual event's clubmates rule; a team
        // event's teams of one club kept apart (on unless turned off).
        let has_club_rule = match self.kind_of(&ev)? {
            EventKind::Individual => self.pairing_config(&ev)?.keeps_clubs_apart(),
            EventKind::Team => self.pairing_config(&ev)?.cxa.avoid_same_club,
            EventKind::Knockout => false,
        };
        if allow_clubmates && !has_club_rule {
            return Err(crate::app::invalid!(
                "err.app.no_club_rule",
                event = &ev.name
            ));
        }
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => {
                EventPairing::Individual(self.pair_individual_round(&ev, allow_clubmates)?)
            }
            EventKind::Team => EventPairing::Team(self.pair_team_round_with(key, allow_clubmates)?),
            EventKind::Knockout => {
                let matches = self.knockout_pair(key)?;
                let round = match matches.first() {
                    Some(m) => m.round,
                    None => RoundNo(self.rounds_paired(id)?),
                };
                EventPairing::Knockout { round, matches }
            }
        })
    }

    /// Records (or corrects) a game of round `round`, board `board`,
    /// whatever the event's kind: a team event's board is numbered across
    /// the round's matches; a knockout's board is its match, the game the
    /// input's (default: the game due) — `force` lets a correction re-pair
    /// the later matches it changes.
    pub fn event_result(
        &mut self,
        id: EventId,
        round: RoundNo,
        board: BoardNo,
        input: &ResultInput,
        force: bool,
    ) -> Result<EventResult> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(id)?;
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Knockout => {
                let r = self.knockout_result(key, RoundNo(round), BoardNo(board), input, force)?;
                // The arbiter's result answers what players reported.
                self.settle_reports(id, RoundNo(round), BoardNo(board))?;
                EventResult::Knockout(Box::new(r))
            }
            EventKind::Individual | EventKind::Team => {
                EventResult::Game(self.record_result(key, RoundNo(round), BoardNo(board), input)?)
            }
        })
    }

    /// Imports a games CSV into the event, whatever its kind (all or
    /// nothing): an individual event's rounds (`dir` is the CSV's folder,
    /// for its record paths), a team event's matches, a knockout's games
    /// attached to their matches.
    pub fn event_import_games(
        &mut self,
        id: EventId,
        bytes: &[u8],
        file: &str,
        dir: Option<&std::path::Path>,
        record_wins: bool,
    ) -> Result<EventImport> {
        let ev = self.event(id)?;
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => {
                EventImport::Individual(self.import_games_in(key, bytes, file, dir, record_wins)?)
            }
            EventKind::Team => EventImport::Team(self.import_team_games(key, bytes, file)?),
            EventKind::Knockout => EventImport::Knockout {
                games: self.knockout_import(key, bytes, file)?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EventDraft;
    use crate::config::Config;
    use crate::domain::{EventSettings, NewMember, Outcome, PairingSystem, TeamSettings};

    /// Members 甲 乙 丙 丁 (seeds in that order) and 东1–东2, 西1–西2.
    fn club() -> App {
        let mut app = App::in_memory(Config::default()).unwrap();
        let names = ["甲", "乙", "丙", "丁", "东1", "东2", "西1", "西2"];
        for (i, n) in names.iter().enumerate() {
            app.add_member(&NewMember {
                name: n.to_string(),
                rating: Some(2000 - 10 * i as i32),
                ..Default::default()
            })
            .unwrap();
        }
        app
    }

    fn four() -> Vec<String> {
        ["甲", "乙", "丙", "丁"].map(String::from).to_vec()
    }

    fn draw() -> ResultInput {
        ResultInput {
            outcome: Some(Outcome::Draw),
            ..Default::default()
        }
    }

    #[test]
    fn pairing_recording_and_importing_answer_for_each_kind() {
        let mut app = club();
        // An individual round robin: its boards, a game.
        let s = EventSettings {
            system: PairingSystem::Berger,
            rounds: 3,
            ..Default::default()
        };
        let ind = app.create_event("周赛", None, &s).unwrap().key();
        app.enter_players(
            app.find_event("周赛").unwrap().key(),
            &app.find_members(&four()).unwrap(),
        )
        .unwrap();
        let p = app.event_pair(ind).unwrap();
        let EventPairing::Individual(o) = &p else {
            panic!("{p:?}");
        };
        assert_eq!((p.round(), o.pairing.boards.len()), (RoundNo(1), 2));
        let r = app
            .event_result(ind, RoundNo(1), BoardNo(1), &draw(), false)
            .unwrap();
        assert!(matches!(&r, EventResult::Game(g) if g.outcome == Outcome::Draw));
        // A team event: its matches by team name; its board numbered across
        // the round's matches; its games CSV.
        let d = EventDraft {
            kind: EventKind::Team,
            system: Some(PairingSystem::Berger),
            rounds: Some(1),
            team: Some(TeamSettings {
                boards: 2,
                ..Default::default()
            }),
            ..Default::default()
        };
        let team = app.create_event_of("联赛", None, &d).unwrap().key();
        for t in ["东", "西"] {
            let ps: Vec<String> = (1..=2).map(|i| format!("{t}{i}")).collect();
            app.add_team(
                app.find_event("联赛").unwrap().key(),
                &format!("{t}城"),
                None,
                None,
                &app.find_members(&ps)
                    .unwrap()
                    .into_iter()
                    .map(crate::app::teams::RosterPlayer::Member)
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        }
        let p = app.event_pair(team).unwrap();
        let EventPairing::Team(o) = &p else {
            panic!("{p:?}");
        };
        assert_eq!(o.matches.len(), 1, "{o:?}");
        let (home, away) = &o.matches[0];
        assert!(away.is_some() && [home, away.as_ref().unwrap()].contains(&&"东城".to_string()));
        let r = app
            .event_result(team, RoundNo(1), BoardNo(2), &draw(), false)
            .unwrap();
        assert!(matches!(r, EventResult::Game(_)));
        // The same round through the kind-free door gives its boards.
        assert_eq!(p.clone().into_outcome().round, RoundNo(1));
        // A knockout: the bracket's matches; a game with its match; the
        // games CSV attached to the matches.
        let d = EventDraft {
            kind: EventKind::Knockout,
            ..Default::default()
        };
        let ko = app.create_event_of("杯赛", None, &d).unwrap().key();
        app.enter_players(
            app.find_event("杯赛").unwrap().key(),
            &app.find_members(&four()).unwrap(),
        )
        .unwrap();
        let p = app.event_pair(ko).unwrap();
        let EventPairing::Knockout { round, matches } = &p else {
            panic!("{p:?}");
        };
        assert_eq!((*round, matches.len()), (RoundNo(1), 2));
        // Seeds 1 – 4 on the first match: the kind-free outcome has red of
        // its first game on board 1.
        let out = p.clone().into_outcome();
        let b1 = out.pairing.boards[0];
        assert_eq!(
            [b1.red.min(b1.black), b1.red.max(b1.black)],
            [
                matches[0].a.start_no,
                matches[0].b.as_ref().unwrap().start_no
            ]
        );
        let r = app
            .event_result(ko, RoundNo(1), BoardNo(1), &draw(), false)
            .unwrap();
        let EventResult::Knockout(k) = &r else {
            panic!("{r:?}");
        };
        assert_eq!((k.game.game_no, k.view.board), (1, BoardNo(1)));
        assert!(k.view.winner.is_none(), "a drawn game does not decide it");
        // Board 2 (乙 – 丙) from a games CSV, red of its first game.
        let m2 = &matches[1];
        let b = m2.b.as_ref().unwrap();
        let (red, black) = if m2.first_red == m2.a.id {
            (&m2.a.name, &b.name)
        } else {
            (&b.name, &m2.a.name)
        };
        let csv = format!("round,game,red,black,result\n1,1,{red},{black},1-0\n");
        let i = app
            .event_import_games(ko, csv.as_bytes(), "g.csv", None, false)
            .unwrap();
        assert!(matches!(i, EventImport::Knockout { games: 1 }), "{i:?}");
        // An individual event's import: its rounds made from the file.
        let month = app.create_event("月赛", None, &s).unwrap().key();
        let csv = "round,red,black,result\n1,甲,乙,1-0\n1,丙,丁,0-1\n";
        let i = app
            .event_import_games(month, csv.as_bytes(), "g.csv", None, false)
            .unwrap();
        let EventImport::Individual(r) = &i else {
            panic!("{i:?}");
        };
        assert_eq!((r.games, r.rounds), (2, 1));
    }
}
