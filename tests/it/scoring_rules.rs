//! Table tests for the scoring rules of `../shared/specs/scoring.md` and
//! `../shared/specs/cxa-swiss.md` §4–§6, built from their rules and worked
//! examples.
//!
//! The event builder and helpers live here; the tables are in the child
//! modules: single-game schemes, standings and tie-breaks, the two-game
//! schemes, result validation.

use qishe::domain::{
    ByeOpponentScore, ByeSettings, Colour, FirstStrike, Game, Material, Outcome, PieceMoves,
    Points, RequestedByeValue, TimeControl,
};
use qishe::scoring::{
    crosstable, decide_hu_two_game, decide_two_game, excluded_by_forfeits, player_rounds,
    standings, BoardData, EventData, PlayerRef, RoundData, RoundKind, Scheme, SchemeKind,
    ScoringError, Standings, TieBreak, TwoGameStep,
};

fn p(s: &str) -> Points {
    s.parse().unwrap()
}

/// A small event builder: players by name, ids 1.. in order.
struct Ev(EventData);

impl Ev {
    fn new(names: &[&str]) -> Ev {
        Ev(EventData {
            players: names
                .iter()
                .enumerate()
                .map(|(i, n)| PlayerRef {
                    id: i as i64 + 1,
                    start_no: i as u32 + 1,
                    name: n.to_string(),
                    rating: None,
                })
                .collect(),
            rounds: Vec::new(),
            games_per_round: 1,
            time_control: TimeControl::symmetric(90 * 60_000, 30_000),
            byes: ByeSettings::default(),
            planned_rounds: 0,
            round_robin: false,
            c07_2024: false,
        })
    }
    fn id(&self, name: &str) -> i64 {
        self.0.players.iter().find(|p| p.name == name).unwrap().id
    }
    fn round(&mut self, r: u32) -> &mut RoundData {
        if !self.0.rounds.iter().any(|x| x.number == r) {
            self.0.rounds.push(RoundData {
                number: r,
                ..Default::default()
            });
        }
        self.0.rounds.iter_mut().find(|x| x.number == r).unwrap()
    }
    /// Adds a one-game board and returns its game for more facts.
    fn game(&mut self, r: u32, red: &str, black: &str, o: &str) -> &mut Game {
        let (a, b) = (self.id(red), self.id(black));
        let rd = self.round(r);
        let number = rd.boards.len() as u32 + 1;
        rd.boards.push(BoardData {
            number,
            red: a,
            black: Some(b),
            games: vec![Game::bare(a, b, o.parse().unwrap())],
        });
        rd.boards.last_mut().unwrap().games.last_mut().unwrap()
    }
    /// Adds game 2 (colours swapped) to the board of `red` and `black`'s game 1.
    fn game2(&mut self, r: u32, red: &str, black: &str, o: &str) -> &mut Game {
        let (a, b) = (self.id(red), self.id(black));
        let rd = self.round(r);
        let board = rd
            .boards
            .iter_mut()
            .find(|x| x.red == b && x.black == Some(a))
            .unwrap();
        let mut g = Game::bare(a, b, o.parse().unwrap());
        g.game_no = 2;
        board.games.push(g);
        board.games.last_mut().unwrap()
    }
    fn bye(&mut self, r: u32, who: &str) {
        let a = self.id(who);
        let rd = self.round(r);
        let number = rd.boards.len() as u32 + 1;
        rd.boards.push(BoardData {
            number,
            red: a,
            black: None,
            games: vec![],
        });
    }
    fn requested_bye(&mut self, r: u32, who: &str, v: RequestedByeValue) {
        let a = self.id(who);
        self.round(r).requested_byes.push((a, v));
    }
    fn standings(&self, scheme: &Scheme, tbs: &[&str]) -> Standings {
        let tbs = TieBreak::parse_list(tbs).unwrap();
        standings(&self.0, scheme, &tbs, None).unwrap()
    }
}

fn row<'a>(st: &'a Standings, name: &str) -> &'a qishe::scoring::StandingRow {
    st.rows.iter().find(|r| r.player.name == name).unwrap()
}

fn val(st: &Standings, name: &str, code: &str) -> Points {
    let tb = TieBreak::parse(code).unwrap();
    row(st, name)
        .values
        .iter()
        .find(|(t, _)| *t == tb)
        .unwrap()
        .1
}

fn scheme(id: &str) -> Scheme {
    Scheme::from_id(id, &Default::default()).unwrap()
}

/// Points of red and black for one game under a scheme.
fn one_game(id: &str, outcome: &str) -> (Points, Points) {
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", outcome);
    let st = e.standings(&scheme(id), &[]);
    (row(&st, "R").points, row(&st, "B").points)
}

mod schemes;
mod standings;
mod two_game;
mod validation;
