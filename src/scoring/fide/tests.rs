use super::*;
use crate::domain::{ByeSettings, Game, Outcome, RequestedByeValue, TimeControl};
use crate::scoring::{
    standings, BoardData, EventData, PlayerRef, RoundData, Scheme, SchemeKind, Standings, TieBreak,
};

/// A chess-scored event of `n` players (ids and start numbers 1..=n).
fn event(n: usize, ratings: &[i32]) -> EventData {
    EventData {
        players: (1..=n)
            .map(|i| PlayerRef {
                id: i as i64,
                start_no: i as u32,
                name: format!("P{i}"),
                rating: ratings.get(i - 1).copied(),
            })
            .collect(),
        rounds: Vec::new(),
        games_per_round: 1,
        time_control: TimeControl::symmetric(90 * 60_000, 30_000),
        byes: ByeSettings::default(),
        planned_rounds: 0,
        round_robin: false,
        c07_2024: false,
    }
}

fn round(ev: &mut EventData, r: u32) -> &mut RoundData {
    if !ev.rounds.iter().any(|x| x.number == r) {
        ev.rounds.push(RoundData {
            number: r,
            ..Default::default()
        });
    }
    ev.rounds.iter_mut().find(|x| x.number == r).unwrap()
}

fn game(ev: &mut EventData, r: u32, red: i64, black: i64, o: Outcome) {
    let rd = round(ev, r);
    let number = rd.boards.len() as u32 + 1;
    rd.boards.push(BoardData {
        number,
        red,
        black: Some(black),
        games: vec![Game::bare(red, black, o)],
    });
}

fn bye(ev: &mut EventData, r: u32, who: i64) {
    let rd = round(ev, r);
    let number = rd.boards.len() as u32 + 1;
    rd.boards.push(BoardData {
        number,
        red: who,
        black: None,
        games: Vec::new(),
    });
}

fn asked_bye(ev: &mut EventData, r: u32, who: i64, v: RequestedByeValue) {
    round(ev, r).requested_byes.push((who, v));
}

const CODES: [TieBreak; 12] = [
    TieBreak::Buchholz,
    TieBreak::BuchholzCut1,
    TieBreak::SonnebornBerger,
    TieBreak::ForeBuchholz,
    TieBreak::RoundsWon,
    TieBreak::GamesWon,
    TieBreak::BlackGames,
    TieBreak::BlackWins,
    TieBreak::Koya,
    TieBreak::Aob,
    TieBreak::Aro,
    TieBreak::Tpr,
];

fn table(ev: &EventData) -> Standings {
    standings(ev, &Scheme::new(SchemeKind::Chess), &CODES, None).unwrap()
}

/// The value of `tb` for player `id`, as text (`1.50`).
fn v(st: &Standings, id: i64, tb: TieBreak) -> String {
    let row = st.row(id).unwrap();
    row.values.iter().find(|x| x.0 == tb).unwrap().1.to_string()
}

#[test]
fn a_requested_bye_is_a_virtual_opponent_and_is_cut_first() {
    // R1: 1-2 1-0, 3-4 1-0. R2: 1-3 draw, 2 asked for a half-point bye,
    // 4 for a zero-point bye. Scores: 1.5, 0.5, 1.5, 0.
    let mut ev = event(4, &[]);
    game(&mut ev, 1, 1, 2, Outcome::RedWin);
    game(&mut ev, 1, 3, 4, Outcome::RedWin);
    game(&mut ev, 2, 1, 3, Outcome::Draw);
    asked_bye(&mut ev, 2, 2, RequestedByeValue::Half);
    asked_bye(&mut ev, 2, 4, RequestedByeValue::Zero);
    let st = table(&ev);
    use TieBreak::*;
    // P2: P1's 1.5 + a virtual opponent with his own 0.5 (no more than
    // all draws, 1.0); the cut removes the bye, not the lower game.
    assert_eq!(v(&st, 2, Buchholz), "2.00");
    assert_eq!(v(&st, 2, BuchholzCut1), "1.50");
    // SB: the loss adds 0, the half bye half of 0.5.
    assert_eq!(v(&st, 2, SonnebornBerger), "0.25");
    // P4's zero bye counts as a draw in his adjusted score (0.5), so
    // P3 gets 0.5 from him; P1 gets 0.5 from P2.
    assert_eq!(v(&st, 3, Buchholz), "2.00");
    assert_eq!(v(&st, 1, Buchholz), "2.00");
    assert_eq!(v(&st, 1, BuchholzCut1), "1.50");
    assert_eq!(v(&st, 1, SonnebornBerger), "1.25");
    // P4: 1.5 from P3, 0 from the virtual opponent of his zero bye.
    assert_eq!(v(&st, 4, Buchholz), "1.50");
    assert_eq!(v(&st, 4, BuchholzCut1), "1.50");
    assert_eq!(v(&st, 2, RoundsWon), "0.00");
}

#[test]
fn a_forfeit_is_no_game_and_its_virtual_opponent_is_capped() {
    // R1: 1-2 won by 1 by forfeit, 3-4 1-0. R2: 1-3 0-1, 2-4 draw.
    // Scores: 1, 0.5, 2, 0.5.
    let mut ev = event(4, &[2000, 1900, 1800, 1700]);
    game(&mut ev, 1, 1, 2, Outcome::BlackForfeits);
    game(&mut ev, 1, 3, 4, Outcome::RedWin);
    game(&mut ev, 2, 1, 3, Outcome::BlackWin);
    game(&mut ev, 2, 2, 4, Outcome::Draw);
    let st = table(&ev);
    use TieBreak::*;
    // Forfeit won: own score 1, capped at P2's 0.5; plus P3's 2.
    assert_eq!(v(&st, 1, Buchholz), "2.50");
    // A forfeit win is not a voluntarily unplayed round: the lowest goes.
    assert_eq!(v(&st, 1, BuchholzCut1), "2.00");
    assert_eq!(v(&st, 1, SonnebornBerger), "0.50");
    // Forfeit lost: 0.5 (own, below P1's 1), cut first.
    assert_eq!(v(&st, 2, Buchholz), "1.00");
    assert_eq!(v(&st, 2, BuchholzCut1), "0.50");
    assert_eq!(v(&st, 2, SonnebornBerger), "0.25");
    assert_eq!(v(&st, 1, RoundsWon), "1.00");
    assert_eq!(v(&st, 1, GamesWon), "0.00");
    assert_eq!(v(&st, 3, BlackGames), "1.00");
    assert_eq!(v(&st, 3, BlackWins), "1.00");
    assert_eq!(v(&st, 2, BlackGames), "0.00", "a forfeit is not a game");
    // Koya: opponents with at least 1 of 2 points are P1 and P3.
    assert_eq!(v(&st, 3, Koya), "1.00");
    assert_eq!(v(&st, 2, Koya), "0.00");
    // Fore-Buchholz: last games as draws: P3 1.5, P1 1.5 (own), P2 0.5.
    assert_eq!(v(&st, 1, ForeBuchholz), "2.00");
    // AOB: P1 met only P3 over the board; P3's Buchholz is 0.5 + 1.
    assert_eq!(v(&st, 1, Aob), "1.50");
    // ARO / TPR over the board only: P3 beat 1700 and 2000.
    assert_eq!(v(&st, 3, Aro), "1850.00");
    assert_eq!(v(&st, 3, Tpr), "2650.00");
    assert_eq!(v(&st, 1, Aro), "1800.00");
    assert_eq!(v(&st, 1, Tpr), "1000.00");
    // P4: 0.5 of 2 against 1800 and 1900 = 25 %, dp −193.
    assert_eq!(v(&st, 4, Aro), "1850.00");
    assert_eq!(v(&st, 4, Tpr), "1657.00");
}

#[test]
fn a_withdrawn_opponents_absences_count_as_draws() {
    // R1: 1-2 1-0, 3-4 draw. P2 withdraws. R2: 1-3 1-0, 4 has the
    // pairing bye. R3: 1-4 draw, 3 has the pairing bye.
    let mut ev = event(4, &[]);
    game(&mut ev, 1, 1, 2, Outcome::RedWin);
    game(&mut ev, 1, 3, 4, Outcome::Draw);
    game(&mut ev, 2, 1, 3, Outcome::RedWin);
    bye(&mut ev, 2, 4);
    game(&mut ev, 3, 1, 4, Outcome::Draw);
    bye(&mut ev, 3, 3);
    let st = table(&ev);
    use TieBreak::*;
    // P2 scored 0 but his two absences count as draws: 1.0.
    assert_eq!(v(&st, 1, Buchholz), "4.50");
    // P2's own rounds after withdrawing: virtual opponents with his 0.
    assert_eq!(v(&st, 2, Buchholz), "2.50");
    // P4's pairing bye: own 2, capped at all draws (1.5).
    assert_eq!(v(&st, 4, Buchholz), "5.50");
}

#[test]
fn a_late_entry_is_counted_with_his_real_score() {
    // P5 enters in round 2. R1: 1-2 1-0, 3-4 1-0. R2: 5-1 1-0, 2-3
    // draw, 4 has the pairing bye.
    let mut ev = event(5, &[]);
    game(&mut ev, 1, 1, 2, Outcome::RedWin);
    game(&mut ev, 1, 3, 4, Outcome::RedWin);
    game(&mut ev, 2, 5, 1, Outcome::RedWin);
    game(&mut ev, 2, 2, 3, Outcome::Draw);
    bye(&mut ev, 2, 4);
    let st = table(&ev);
    use TieBreak::*;
    // P5's missed round 1 is before his last game: it counts as the 0
    // it was, so P1 gets 0.5 (P2) + 1 (P5).
    assert_eq!(v(&st, 1, Buchholz), "1.50");
    // P5 himself: a virtual opponent for round 1 (own 1, at most all
    // draws 1), cut first; P1's 1.
    assert_eq!(v(&st, 5, Buchholz), "2.00");
    assert_eq!(v(&st, 5, BuchholzCut1), "1.00");
}

#[test]
fn a_double_forfeit_is_lost_by_both_and_cut_first() {
    // R1: 1-2 both forfeit, 3-4 1-0. R2: 1-3 1-0, 2-4 0-1.
    let mut ev = event(4, &[]);
    game(&mut ev, 1, 1, 2, Outcome::DoubleForfeit);
    game(&mut ev, 1, 3, 4, Outcome::RedWin);
    game(&mut ev, 2, 1, 3, Outcome::RedWin);
    game(&mut ev, 2, 2, 4, Outcome::BlackWin);
    let st = table(&ev);
    use TieBreak::*;
    // P1: the double forfeit adds min(own 1, P2's 0) = 0, and is cut.
    assert_eq!(v(&st, 1, Buchholz), "1.00");
    assert_eq!(v(&st, 1, BuchholzCut1), "1.00");
    assert_eq!(v(&st, 2, Buchholz), "1.00");
    assert_eq!(v(&st, 1, GamesWon), "1.00");
    assert_eq!(v(&st, 4, BlackGames), "2.00");
    assert_eq!(v(&st, 4, BlackWins), "1.00");
    assert_eq!(v(&st, 2, RoundsWon), "0.00");
}

#[test]
fn rounding_is_half_up() {
    assert_eq!(div_round(5, 2), 3);
    assert_eq!(div_round(7, 3), 2);
    assert_eq!(div_round(8, 3), 3);
    assert_eq!(div_round(0, 0), 0);
}

#[test]
fn dp_table_is_symmetric_around_half() {
    assert_eq!(dp(50), 0);
    assert_eq!(dp(100), 800);
    assert_eq!(dp(0), -800);
    assert_eq!(dp(75), 193);
    assert_eq!(dp(25), -193);
}

/// The order of the players (by id) in a chess-scored table with `direct`
/// right after points.
fn order_by_direct(ev: &EventData) -> Vec<i64> {
    let st = standings(
        ev,
        &Scheme::new(SchemeKind::Chess),
        &[TieBreak::Direct],
        None,
    )
    .unwrap();
    st.rows.iter().map(|r| r.player.id).collect()
}

#[test]
fn direct_encounter_when_not_all_tied_players_met() {
    // Six players, three rounds. P1, P2 and P3 end on 2 points; P1 beat
    // P2, P3 met neither. P1 has 1 of 2 possible; P2 0 of at most 1
    // and P3 at most 2: nobody is ahead for sure, so DE leaves the
    // three tied (start-number order).
    let mut ev = event(6, &[]);
    game(&mut ev, 1, 1, 2, Outcome::RedWin);
    game(&mut ev, 1, 3, 4, Outcome::RedWin);
    game(&mut ev, 1, 5, 6, Outcome::Draw);
    game(&mut ev, 2, 4, 1, Outcome::RedWin);
    game(&mut ev, 2, 2, 5, Outcome::RedWin);
    game(&mut ev, 2, 6, 3, Outcome::RedWin);
    game(&mut ev, 3, 1, 6, Outcome::RedWin);
    game(&mut ev, 3, 3, 5, Outcome::RedWin);
    game(&mut ev, 3, 2, 4, Outcome::RedWin);
    let st = table(&ev);
    for id in [1, 2, 3] {
        assert_eq!(st.row(id).unwrap().points, Points::new(2), "P{id}");
    }
    assert_eq!(&order_by_direct(&ev)[..3], &[1, 2, 3]);

    // Two tied players who met: the winner is ahead, whatever the start
    // numbers say. P2 beats P1, then P1 beats P3 and P4 beats P2.
    let mut ev = event(4, &[]);
    game(&mut ev, 1, 1, 2, Outcome::BlackWin);
    game(&mut ev, 1, 3, 4, Outcome::Draw);
    game(&mut ev, 2, 1, 3, Outcome::RedWin);
    game(&mut ev, 2, 4, 2, Outcome::RedWin);
    assert_eq!(order_by_direct(&ev), vec![4, 2, 1, 3]);

    // Three tied on 2 points in a Swiss: P3 beat both P1 and P2, who
    // did not meet. P3's 2 points beat the most P1 or P2 could have
    // had (1 each): P3 is first; P1 and P2 stay tied.
    let mut ev = event(6, &[]);
    game(&mut ev, 1, 3, 1, Outcome::RedWin);
    game(&mut ev, 1, 2, 4, Outcome::RedWin);
    game(&mut ev, 1, 5, 6, Outcome::Draw);
    game(&mut ev, 2, 2, 3, Outcome::BlackWin);
    game(&mut ev, 2, 1, 5, Outcome::RedWin);
    game(&mut ev, 2, 4, 6, Outcome::Draw);
    game(&mut ev, 3, 3, 4, Outcome::BlackWin);
    game(&mut ev, 3, 1, 6, Outcome::RedWin);
    game(&mut ev, 3, 2, 5, Outcome::RedWin);
    let st = table(&ev);
    for id in [1, 2, 3] {
        assert_eq!(st.row(id).unwrap().points, Points::new(2), "P{id}");
    }
    assert_eq!(&order_by_direct(&ev)[..3], &[3, 1, 2]);
}

#[test]
fn aro_and_tpr_count_unrated_opponents_with_the_substitute_rating() {
    // P1 (2000) beats P2 (unrated) and draws P3 (1800).
    let mut ev = event(3, &[2000, 0, 1800]);
    ev.players[1].rating = None;
    game(&mut ev, 1, 1, 2, Outcome::RedWin);
    game(&mut ev, 2, 3, 1, Outcome::Draw);
    let codes = [TieBreak::Aro, TieBreak::Tpr];
    let plain = standings(&ev, &Scheme::new(SchemeKind::Chess), &codes, None).unwrap();
    assert_eq!(v(&plain, 1, TieBreak::Aro), "1800.00", "unrated left out");
    let mut m = serde_json::Map::new();
    m.insert("unrated_rating".into(), serde_json::json!(1400));
    let sub = Scheme::from_json("chess", &m).unwrap();
    let st = standings(&ev, &sub, &codes, None).unwrap();
    // (1400 + 1800) / 2 = 1600; 1.5 of 2 = 75 %, dp +193.
    assert_eq!(v(&st, 1, TieBreak::Aro), "1600.00");
    assert_eq!(v(&st, 1, TieBreak::Tpr), "1793.00");
}
