//! Undo and redo: every change is captured row by row in the
//! store, so undo restores the exact previous state and redo replays it.

use super::{App, Result};

impl App {
    /// Undoes the newest change not undone yet; returns its summary in the
    /// UI language.
    pub fn undo(&mut self) -> Result<String> {
        let lang = self.lang();
        Ok(self.store.undo_last()?.render(lang))
    }

    /// What [`App::undo`] would take back (its summary), without doing it.
    pub fn undo_preview(&self) -> Result<Option<String>> {
        Ok(self.store.next_undo()?.map(|s| s.render(self.lang())))
    }

    /// What [`App::redo`] would replay (its summary), without doing it.
    pub fn redo_preview(&self) -> Result<Option<String>> {
        Ok(self.store.next_redo()?.map(|s| s.render(self.lang())))
    }

    /// Redoes what the newest undo took back; returns its summary.
    pub fn redo(&mut self) -> Result<String> {
        let lang = self.lang();
        Ok(self.store.redo_last()?.render(lang))
    }
}

#[cfg(test)]
mod tests {
    use crate::app::{App, BoardNo, KnockoutSettings, ResultInput, RoundNo};
    use crate::config::Config;
    use crate::domain::{EventSettings, EventStatus, NewMember, Outcome, RequestedByeValue};
    use proptest::prelude::*;

    const NAMES: [&str; 8] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"];
    const EVENTS: [&str; 2] = ["周赛", "月赛"];
    /// The seasons of the sequences: placement, and score:0.5.
    const SEASONS: [&str; 2] = ["年度", "积分"];
    /// The knockout of the sequences.
    const CUP: &str = "杯赛";
    /// The team event of the fault script, and its teams.
    const LEAGUE: &str = "联赛";
    const TEAMS: [&str; 4] = ["红队", "黑队", "蓝队", "白队"];

    /// One change a secretary can make, with small indices into the club.
    #[derive(Clone, Debug)]
    enum Op {
        AddMember(usize, i32),
        EditRating(usize, i32),
        Retire(usize),
        ImportMembers(usize),
        NewEvent(usize, u32),
        Enter(usize, Vec<usize>),
        Withdraw(usize, usize),
        Forbid(usize, usize, usize),
        Bye(usize, usize, u32, bool),
        Pair(usize),
        Result(usize, u32, u32, u8),
        Swap(usize, u32, usize, usize),
        Unpair(usize, bool),
        Status(usize, u8),
        /// A games CSV into an event: round, which players.
        ImportGames(usize, u32, usize),
        /// A TRF file as a new event (the second one of a name is refused).
        ImportTrf(usize),
        NewKnockout,
        KoEnter(Vec<usize>),
        KoPair,
        /// Round, board, outcome, force.
        KoResult(u32, u32, u8, bool),
        /// Round, board, the winner drawn.
        KoLot(u32, u32, usize),
        /// A team event (Berger, 2 boards, 3 rounds).
        NewTeamEvent,
        /// Two teams from a teams CSV, two more added one by one.
        ImportTeams,
        AddTeam(usize),
        PairTeams,
        /// Round, board, outcome of a team event's game.
        TeamResult(u32, u32, u8),
        /// A team games CSV for a new round.
        ImportTeamGames(u32),
        /// A season (0: placement, 1: score:0.5), by index into SEASONS.
        NewSeason(usize),
        /// Season, event (EVENTS, then the knockout), weight ×2.
        SeasonAdd(usize, usize, bool),
        SeasonWeight(usize, usize),
        SeasonRemove(usize, usize),
        DeleteSeason(usize),
        Undo,
        Redo,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (0..8usize, 1000..2600i32).prop_map(|(m, r)| Op::AddMember(m, r)),
            (0..8usize, 1000..2600i32).prop_map(|(m, r)| Op::EditRating(m, r)),
            (0..8usize).prop_map(Op::Retire),
            (0..3usize).prop_map(Op::ImportMembers),
            (0..2usize, 1..4u32).prop_map(|(e, r)| Op::NewEvent(e, r)),
            (0..2usize, proptest::collection::vec(0..8usize, 1..4))
                .prop_map(|(e, ms)| Op::Enter(e, ms)),
            (0..2usize, 0..8usize).prop_map(|(e, m)| Op::Withdraw(e, m)),
            (0..2usize, 0..8usize, 0..8usize).prop_map(|(e, a, b)| Op::Forbid(e, a, b)),
            (0..2usize, 0..8usize, 1..4u32, any::<bool>())
                .prop_map(|(e, m, r, h)| Op::Bye(e, m, r, h)),
            (0..2usize).prop_map(Op::Pair),
            (0..2usize).prop_map(Op::Pair),
            (0..2usize, 1..4u32, 1..5u32, 0..4u8).prop_map(|(e, r, b, o)| Op::Result(e, r, b, o)),
            (0..2usize, 1..4u32, 1..5u32, 0..4u8).prop_map(|(e, r, b, o)| Op::Result(e, r, b, o)),
            (0..2usize, 1..4u32, 0..8usize, 0..8usize)
                .prop_map(|(e, r, a, b)| Op::Swap(e, r, a, b)),
            (0..2usize, any::<bool>()).prop_map(|(e, f)| Op::Unpair(e, f)),
            (0..2usize, 0..3u8).prop_map(|(e, s)| Op::Status(e, s)),
            (0..2usize, 1..4u32, 0..4usize).prop_map(|(e, r, k)| Op::ImportGames(e, r, k)),
            (0..2usize).prop_map(Op::ImportTrf),
            Just(Op::NewKnockout),
            proptest::collection::vec(0..8usize, 1..5).prop_map(Op::KoEnter),
            Just(Op::KoPair),
            (1..4u32, 1..5u32, 0..4u8, any::<bool>())
                .prop_map(|(r, b, o, f)| Op::KoResult(r, b, o, f)),
            (1..4u32, 1..5u32, 0..8usize).prop_map(|(r, b, m)| Op::KoLot(r, b, m)),
            Just(Op::NewTeamEvent),
            Just(Op::ImportTeams),
            (0..4usize).prop_map(Op::AddTeam),
            Just(Op::PairTeams),
            (1..4u32, 1..5u32, 0..4u8).prop_map(|(r, b, o)| Op::TeamResult(r, b, o)),
            (1..4u32).prop_map(Op::ImportTeamGames),
            (0..2usize).prop_map(Op::NewSeason),
            (0..2usize, 0..3usize, any::<bool>()).prop_map(|(s, e, w)| Op::SeasonAdd(s, e, w)),
            (0..2usize, 0..3usize).prop_map(|(s, e)| Op::SeasonWeight(s, e)),
            (0..2usize, 0..3usize).prop_map(|(s, e)| Op::SeasonRemove(s, e)),
            (0..2usize).prop_map(Op::DeleteSeason),
            Just(Op::Undo),
            Just(Op::Redo),
        ]
    }

    /// A typed result with only its outcome (index into four outcomes).
    fn result(o: u8) -> ResultInput {
        let outcome = [
            Outcome::RedWin,
            Outcome::BlackWin,
            Outcome::Draw,
            Outcome::RedForfeits,
        ][o as usize];
        ResultInput {
            outcome: Some(outcome),
            ..Default::default()
        }
    }

    /// Applies `op`; errors are fine (a refused change), a panic is not.
    fn apply(app: &mut App, op: &Op) -> Result<(), String> {
        let e = |x: crate::app::AppError| x.to_string();
        let s = |x: crate::store::StoreError| x.to_string();
        match op {
            Op::AddMember(m, r) => app
                .add_member(&NewMember {
                    name: NAMES[*m].into(),
                    rating: Some(*r),
                    ..Default::default()
                })
                .map(|_| ())
                .map_err(e),
            Op::EditRating(m, r) => {
                let mut mem = app.store.resolve_member(NAMES[*m]).map_err(s)?;
                mem.rating = Some(*r);
                app.store.update_member(&mem).map_err(s)
            }
            Op::Retire(m) => {
                let mut mem = app.store.resolve_member(NAMES[*m]).map_err(s)?;
                mem.retired = !mem.retired;
                app.store.update_member(&mem).map_err(s)
            }
            Op::ImportMembers(k) => {
                let csv = format!("name,rating\n{},1500\n{},1600\n", NAMES[*k], NAMES[k + 4]);
                app.import_members(csv.as_bytes(), "m.csv", *k == 1)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::NewEvent(ev, rounds) => {
                let settings = EventSettings {
                    rounds: *rounds,
                    ..Default::default()
                };
                app.create_event(EVENTS[*ev], None, &settings)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::Enter(ev, ms) => {
                let names: Vec<String> = ms.iter().map(|m| NAMES[*m].to_string()).collect();
                app.enter_players(
                    app.find_event(EVENTS[*ev]).map_err(e)?.key(),
                    &app.find_members(&names).map_err(e)?,
                )
                .map(|_| ())
                .map_err(e)
            }
            Op::Withdraw(ev, m) => {
                let event = app.store.resolve_event(EVENTS[*ev]).map_err(s)?;
                let entry = app.store.resolve_entry(event.id, NAMES[*m]).map_err(s)?;
                app.store.withdraw(&entry, None).map_err(s)
            }
            Op::Forbid(ev, a, b) => {
                let event = app.store.resolve_event(EVENTS[*ev]).map_err(s)?;
                let x = app.store.resolve_entry(event.id, NAMES[*a]).map_err(s)?;
                let y = app.store.resolve_entry(event.id, NAMES[*b]).map_err(s)?;
                app.store.forbid_pair(event.id, &x, &y).map_err(s)
            }
            Op::Bye(ev, m, r, half) => {
                let event = app.store.resolve_event(EVENTS[*ev]).map_err(s)?;
                let x = app.store.resolve_entry(event.id, NAMES[*m]).map_err(s)?;
                let v = if *half {
                    RequestedByeValue::Half
                } else {
                    RequestedByeValue::Zero
                };
                app.store.request_bye(&x, *r, v).map_err(s)
            }
            Op::Pair(ev) => app
                .pair_next_round(app.find_event(EVENTS[*ev]).map_err(e)?.key())
                .map(|_| ())
                .map_err(e),
            Op::Result(ev, r, b, o) => app
                .record_result(
                    app.find_event(EVENTS[*ev]).map_err(e)?.key(),
                    RoundNo(*r),
                    BoardNo(*b),
                    &result(*o),
                )
                .map(|_| ())
                .map_err(e),
            Op::Swap(ev, r, a, b) => {
                let event = app.find_event(EVENTS[*ev]).map_err(e)?.key();
                let a = app.find_entry(event, NAMES[*a]).map_err(e)?.key();
                let b = app.find_entry(event, NAMES[*b]).map_err(e)?.key();
                app.swap_players(event, RoundNo(*r), a, b, true)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::Unpair(ev, force) => app
                .unpair_last(app.find_event(EVENTS[*ev]).map_err(e)?.key(), *force)
                .map(|_| ())
                .map_err(e),
            Op::Status(ev, st) => {
                let event = app.store.resolve_event(EVENTS[*ev]).map_err(s)?;
                let status = [
                    EventStatus::Planned,
                    EventStatus::Running,
                    EventStatus::Finished,
                ][*st as usize];
                app.store.set_event_status(event.id, status).map_err(s)
            }
            Op::ImportGames(ev, r, k) => {
                let csv = format!(
                    "round,red,black,result\n{r},{},{},1-0\n{r},{},{},1/2-1/2\n",
                    NAMES[*k],
                    NAMES[k + 4],
                    NAMES[(k + 1) % 4],
                    NAMES[(k + 1) % 4 + 4],
                );
                app.import_games(
                    app.find_event(EVENTS[*ev]).map_err(e)?.key(),
                    csv.as_bytes(),
                    "g.csv",
                )
                .map(|_| ())
                .map_err(e)
            }
            Op::ImportTrf(k) => {
                let line = |id: u32, opp: u32, colour: char, res: char| {
                    format!(
                        "001 {id:>4}      Player {id:<26} 2000                             0.0    1  {opp:>4} {colour} {res}"
                    )
                };
                let trf = [
                    "012 Imported".to_string(),
                    "XXR 3".to_string(),
                    line(1, 2, 'w', '1'),
                    line(2, 1, 'b', '0'),
                ]
                .join("\n");
                app.import_trf(trf.as_bytes(), "t.trf", Some(["TRF", "TRF 2"][*k]))
                    .map(|_| ())
                    .map_err(e)
            }
            Op::NewKnockout => app
                .create_knockout(
                    CUP,
                    None,
                    &EventSettings::default(),
                    &KnockoutSettings::default(),
                    None,
                )
                .map(|_| ())
                .map_err(e),
            Op::KoEnter(ms) => {
                let names: Vec<String> = ms.iter().map(|m| NAMES[*m].to_string()).collect();
                app.enter_players(
                    app.find_event(CUP).map_err(e)?.key(),
                    &app.find_members(&names).map_err(e)?,
                )
                .map(|_| ())
                .map_err(e)
            }
            Op::KoPair => app
                .knockout_pair(app.find_event(CUP).map_err(e)?.key())
                .map(|_| ())
                .map_err(e),
            Op::KoResult(r, b, o, force) => app
                .knockout_result(
                    app.find_event(CUP).map_err(e)?.key(),
                    RoundNo(*r),
                    BoardNo(*b),
                    &result(*o),
                    *force,
                )
                .map(|_| ())
                .map_err(e),
            Op::KoLot(r, b, m) => {
                let cup = app.find_event(CUP).map_err(e)?.key();
                let winner = app.find_entry(cup, NAMES[*m]).map_err(e)?.key();
                app.knockout_lot(cup, RoundNo(*r), BoardNo(*b), winner)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::NewTeamEvent => {
                let s = EventSettings {
                    system: crate::domain::PairingSystem::Berger,
                    rounds: 3,
                    tiebreaks: crate::domain::TieBreakList::empty(crate::domain::EventKind::Team),
                    ..Default::default()
                };
                let ts = crate::domain::TeamSettings {
                    boards: 2,
                    ..Default::default()
                };
                app.create_team_event(LEAGUE, None, &s, &ts)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::ImportTeams => {
                let csv = format!(
                    "team,board,name\n{0},1,{2}\n{0},2,{3}\n{1},1,{4}\n{1},2,{5}\n",
                    TEAMS[0], TEAMS[1], NAMES[0], NAMES[1], NAMES[2], NAMES[3]
                );
                app.import_teams(
                    app.find_event(LEAGUE).map_err(e)?.key(),
                    csv.as_bytes(),
                    "teams.csv",
                )
                .map(|_| ())
                .map_err(e)
            }
            Op::AddTeam(t) => {
                let players = [NAMES[2 * t].to_string(), NAMES[2 * t + 1].to_string()];
                let ev = app.find_event(LEAGUE).map_err(e)?.key();
                let roster = app.find_roster(ev, TEAMS[*t], &players, false).map_err(e)?;
                app.add_team(ev, TEAMS[*t], None, None, &roster)
                    .map(|_| ())
                    .map_err(e)
            }
            Op::PairTeams => app
                .pair_team_round(app.find_event(LEAGUE).map_err(e)?.key())
                .map(|_| ())
                .map_err(e),
            Op::TeamResult(r, b, o) => app
                .record_result(
                    app.find_event(LEAGUE).map_err(e)?.key(),
                    RoundNo(*r),
                    BoardNo(*b),
                    &result(*o),
                )
                .map(|_| ())
                .map_err(e),
            Op::ImportTeamGames(r) => {
                let csv = format!(
                    "round,home,away,board,red,black,result\n\
                     {r},{t0},{t2},1,{a},{e},1-0\n{r},{t0},{t2},2,{f},{b},0-1\n\
                     {r},{t1},{t3},1,{c},{g},1/2-1/2\n{r},{t1},{t3},2,{h},{d},1-0\n",
                    t0 = TEAMS[0],
                    t1 = TEAMS[1],
                    t2 = TEAMS[2],
                    t3 = TEAMS[3],
                    a = NAMES[0],
                    b = NAMES[1],
                    c = NAMES[2],
                    d = NAMES[3],
                    e = NAMES[4],
                    f = NAMES[5],
                    g = NAMES[6],
                    h = NAMES[7],
                );
                app.import_team_games(
                    app.find_event(LEAGUE).map_err(e)?.key(),
                    csv.as_bytes(),
                    "team_games.csv",
                )
                .map(|_| ())
                .map_err(e)
            }
            Op::NewSeason(k) => app
                .create_season(&crate::app::SeasonDraft {
                    name: SEASONS[*k].into(),
                    rule: (*k == 1).then(|| "score:0.5".into()),
                    best: Some(2),
                    min_events: Some(1),
                    participation: Some("1".into()),
                })
                .map(|_| ())
                .map_err(e),
            Op::SeasonAdd(k, ev, w) => {
                let ev = if *ev < 2 { EVENTS[*ev] } else { CUP };
                let w = if *w { "2" } else { "1" };
                let ev = app.find_event(ev).map_err(e)?.key();
                let s = app.find_season(SEASONS[*k]).map_err(e)?;
                app.season_add_event(s, ev, Some(w)).map_err(e)
            }
            Op::SeasonWeight(k, ev) => {
                let ev = if *ev < 2 { EVENTS[*ev] } else { CUP };
                let ev = app.find_event(ev).map_err(e)?.key();
                let s = app.find_season(SEASONS[*k]).map_err(e)?;
                app.season_set_weight(s, ev, "0.5").map_err(e)
            }
            Op::SeasonRemove(k, ev) => {
                let ev = if *ev < 2 { EVENTS[*ev] } else { CUP };
                let ev = app.find_event(ev).map_err(e)?.key();
                let s = app.find_season(SEASONS[*k]).map_err(e)?;
                app.season_remove_event(s, ev).map_err(e)
            }
            Op::DeleteSeason(k) => {
                let s = app.find_season(SEASONS[*k]).map_err(e)?;
                app.delete_season(s).map_err(e)
            }
            Op::Undo => app.undo().map(|_| ()).map_err(e),
            Op::Redo => app.redo().map(|_| ()).map_err(e),
        }
    }

    fn undo_all(app: &mut App) {
        for _ in 0..10_000 {
            if app.undo().is_err() {
                return;
            }
        }
        panic!("undo never ran out");
    }

    proptest! {
        // `PROPTEST_CASES=1000 cargo test --lib app::undo` runs the issue's
        // 1,000 sequences of 50 changes.
        #![proptest_config(ProptestConfig::with_cases(crate::test_cases(64)))]

        /// Any sequence of changes, undone to the end, gives back the start
        /// exactly; a refused change changes nothing; undo then redo of the
        /// last change gives back the state after it.
        #[test]
        fn undo_all_restores_the_start_exactly(ops in proptest::collection::vec(op(), 50)) {
            let mut app = App::in_memory(Config::default()).unwrap();
            let start = app.store.dump_for_tests();
            for op in &ops {
                let before = app.store.dump_for_tests();
                match apply(&mut app, op) {
                    Err(_) => prop_assert_eq!(app.store.dump_for_tests(), before, "{:?} failed but changed the club", op),
                    // (a change that changed nothing may log nothing)
                    Ok(()) if !matches!(op, Op::Undo | Op::Redo)
                        && app.store.dump_for_tests() != before =>
                    {
                        let after = app.store.dump_for_tests();
                        app.undo().unwrap();
                        prop_assert_eq!(app.store.dump_for_tests(), before.clone(), "undo of {:?}", op);
                        app.redo().unwrap();
                        prop_assert_eq!(app.store.dump_for_tests(), after, "redo of {:?}", op);
                    }
                    Ok(()) => {}
                }
            }
            undo_all(&mut app);
            prop_assert_eq!(app.store.dump_for_tests(), start);
        }
    }

    /// A fault at every step of every kind of change: the change is all or
    /// nothing, every time.
    #[test]
    fn a_failure_at_any_step_changes_nothing() {
        let mut app = App::in_memory(Config::default()).unwrap();
        let script = [
            Op::AddMember(0, 2000),
            Op::AddMember(1, 1900),
            Op::ImportMembers(2),
            Op::AddMember(3, 1700),
            Op::EditRating(3, 1750),
            Op::NewEvent(0, 3),
            Op::Enter(0, vec![0, 1, 2, 3]),
            Op::Enter(0, vec![6]),
            Op::Forbid(0, 0, 3),
            Op::Bye(0, 6, 2, true),
            Op::Pair(0),
            Op::Swap(0, 1, 0, 1),
            Op::Result(0, 1, 1, 0),
            Op::Result(0, 1, 2, 2),
            Op::Unpair(0, true),
            Op::Pair(0),
            Op::Withdraw(0, 2),
            Op::Status(0, 2),
            Op::Undo,
            Op::Redo,
        ];
        let faults = fail_every_step(&mut app, &script);
        assert!(faults > script.len(), "only {faults} faults injected");
    }

    /// The same for the imports (members, games CSV, TRF), a knockout
    /// from its draw to its second round, a team event (teams CSV, a
    /// team added, a round paired, results, a team games CSV) and a season
    /// (made, events added, a weight changed, one removed, deleted): a
    /// fault at any write leaves the club and its action log as they were.
    #[test]
    fn a_failure_at_any_step_of_an_import_a_knockout_or_a_team_event_changes_nothing() {
        let mut app = App::in_memory(Config::default()).unwrap();
        let mut script: Vec<Op> = (0..8)
            .map(|m| Op::AddMember(m, 2000 - 10 * m as i32))
            .collect();
        script.extend([
            Op::ImportMembers(1),
            Op::ImportTrf(0),
            Op::NewEvent(1, 3),
            Op::ImportGames(1, 1, 0),
            Op::ImportGames(1, 2, 1),
            Op::NewKnockout,
            Op::KoEnter(vec![0, 1, 2, 3]),
            Op::KoPair,
            Op::KoResult(1, 1, 0, false),
            Op::KoResult(1, 2, 1, false),
            Op::KoPair,
            Op::KoResult(2, 1, 1, false),
            Op::NewTeamEvent,
            Op::ImportTeams,
            Op::AddTeam(2),
            Op::AddTeam(3),
            Op::PairTeams,
            Op::TeamResult(1, 1, 0),
            Op::TeamResult(1, 2, 2),
            Op::TeamResult(1, 3, 1),
            Op::TeamResult(1, 4, 3),
            Op::ImportTeamGames(2),
            Op::NewSeason(0),
            Op::SeasonAdd(0, 1, true),
            Op::SeasonAdd(0, 2, false),
            Op::SeasonWeight(0, 2),
            Op::SeasonRemove(0, 1),
            Op::DeleteSeason(0),
            Op::Undo,
            Op::Redo,
        ]);
        let faults = fail_every_step(&mut app, &script);
        assert!(faults > script.len(), "only {faults} faults injected");
    }

    /// Runs each op with a fault injected at write 0, 1, 2, … until it
    /// succeeds; every failed try must leave the club and the log as they
    /// were. Returns how many faults were injected. Every op of the script
    /// must succeed without a fault (a script error otherwise).
    fn fail_every_step(app: &mut App, script: &[Op]) -> usize {
        let mut faults = 0;
        for op in script {
            let mut n = 0;
            loop {
                let before = app.store.dump_for_tests();
                let log_before = app.store.log_entries(1000).unwrap();
                app.store.inject_fault(Some(n));
                let r = apply(app, op);
                app.store.inject_fault(None);
                match r {
                    Err(why) if !why.contains("injected fault") => {
                        panic!("{op:?} is refused without a fault: {why}")
                    }
                    Err(why) => {
                        assert_eq!(
                            app.store.dump_for_tests(),
                            before,
                            "{op:?} at step {n}: {why}"
                        );
                        assert_eq!(app.store.log_entries(1000).unwrap(), log_before);
                        faults += 1;
                        n += 1;
                        assert!(n < 1000, "{op:?} never succeeds: {why}");
                    }
                    Ok(()) => break,
                }
            }
        }
        faults
    }
}
