//! Table tests for the scoring rules of `../shared/specs/scoring.md` and
//! `../shared/specs/cxa-swiss.md` §4–§6, built from their rules and worked
//! examples.

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

#[test]
fn single_game_schemes_score_by_colour() {
    // scheme, red win, red draw, red loss, black win, black draw, black loss
    let table = [
        ("standard", "2", "1", "0", "2", "1", "0"),
        ("three-point", "3", "1", "0", "3", "1", "0"),
        ("red-draw-penalty", "3", "1", "0", "3", "2", "0"),
        ("armageddon", "2", "0", "0", "2", "2", "0"),
        ("draw-0.8", "2", "0.8", "0", "2", "0.8", "0"),
        ("custom", "2", "1", "0", "2", "1", "0"),
    ];
    for (id, rw, rd, rl, bw, bd, bl) in table {
        let mut ev = Ev::new(&["R", "B"]);
        ev.game(1, "R", "B", "1-0");
        let g = ev.game(2, "R", "B", "1/2-1/2");
        g.red_residual = Some(Material::parse("RAAEE").unwrap());
        g.black_residual = Some(Material::parse("RAAEE").unwrap());
        let s = scheme(id);
        let after = |r| {
            let st = standings(&ev.0, &s, &[], Some(r)).unwrap();
            (row(&st, "R").points, row(&st, "B").points)
        };
        assert_eq!(after(1), (p(rw), p(bl)), "{id} red win");
        let (r2, b2) = after(2);
        assert_eq!((r2 - p(rw), b2 - p(bl)), (p(rd), p(bd)), "{id} draw");
        assert_eq!(one_game(id, "0-1"), (p(rl), p(bw)), "{id} black win");
    }
}

#[test]
fn custom_scheme_takes_its_six_values_from_settings() {
    let mut m = serde_json::Map::new();
    m.insert("values".into(), "1:0.5:0:1:0.5:0".into());
    let s = Scheme::from_id("custom", &m).unwrap();
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", "1/2-1/2");
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "R").points, p("0.5"));
    // 4-value form win:red draw:black draw:loss, and single keys.
    let mut m = serde_json::Map::new();
    m.insert("values".into(), "3:1:2:0".into());
    m.insert("black_loss".into(), serde_json::json!(-1));
    let s = Scheme::from_id("custom", &m).unwrap();
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "B").points, p("2"));
    assert_eq!(s.settings.get("black_loss"), p("-1"));
    // TOML overrides too.
    let mut s = Scheme::new(SchemeKind::Draw08);
    let t: toml::Table = toml::from_str("draw = 0.7\nresidual_cap = \"0.5\"").unwrap();
    s.settings.apply_toml(&t).unwrap();
    assert_eq!(s.settings.get("draw"), p("0.7"));
    assert_eq!(s.settings.get("residual_cap"), p("0.5"));
}

#[test]
fn unknown_settings_schemes_and_codes_are_errors_listing_the_allowed() {
    let mut m = serde_json::Map::new();
    m.insert("drawn".into(), serde_json::json!(1));
    let e = Scheme::from_id("draw-0.8", &m).unwrap_err().to_string();
    assert!(e.contains("\"drawn\""), "{e}");
    assert!(
        e.contains("residual_cap") && e.contains("crossed_pawn"),
        "{e}"
    );
    let mut m = serde_json::Map::new();
    m.insert("win".into(), "lots".into());
    assert!(matches!(
        Scheme::from_id("attacker-defender", &m),
        Err(ScoringError::BadSettingValue { .. })
    ));
    let e = Scheme::from_id("go", &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("hu-two-game") && e.contains("attacker-defender"),
        "{e}"
    );
    let e = TieBreak::parse("buchholz-cut9").unwrap_err().to_string();
    assert!(
        e.contains("buchholz-cut1") && e.contains("black-draw-small"),
        "{e}"
    );
    for t in TieBreak::ALL {
        assert_eq!(TieBreak::parse(t.code()).unwrap(), t);
    }
    assert_eq!(
        TieBreak::parse_list(&["points", "small-points", "wins"]).unwrap(),
        vec![TieBreak::SmallPoints, TieBreak::Wins]
    );
}

#[test]
fn default_orders_follow_the_spec() {
    let codes = |id: &str| -> Vec<&'static str> {
        scheme(id)
            .default_tiebreaks()
            .iter()
            .map(|t| t.code())
            .collect()
    };
    for id in ["standard", "three-point", "red-draw-penalty", "armageddon"] {
        assert_eq!(
            codes(id),
            [
                "opponent-score",
                "small-points",
                "wins",
                "fouls",
                "black-games",
                "strip-last"
            ]
        );
    }
    assert_eq!(
        codes("attacker-defender"),
        [
            "small-points",
            "big-wins",
            "small-wins",
            "direct",
            "black-big-wins",
            "black-small-wins"
        ]
    );
    assert_eq!(codes("draw-0.8"), ["small-points", "wins"]);
    assert_eq!(
        codes("two-game"),
        [
            "opponent-score",
            "small-points",
            "red-win-small",
            "win-small",
            "black-draw-small"
        ]
    );
}

#[test]
fn draw_08_worked_example_gives_1_2_and_0_4() {
    let mut e = Ev::new(&["R", "B"]);
    let g = e.game(1, "R", "B", "1/2-1/2");
    g.red_residual = Some(Material::parse("车士士相相").unwrap());
    g.black_residual = Some(Material::parse("炮士士象象").unwrap());
    let st = e.standings(&scheme("draw-0.8"), &["small-points"]);
    assert_eq!(row(&st, "R").points, p("0.8"));
    assert_eq!(row(&st, "B").points, p("0.8"));
    assert_eq!(val(&st, "R", "small-points"), p("1.2"));
    assert_eq!(val(&st, "B", "small-points"), p("0.4"));
}

#[test]
fn draw_08_residual_score_rules() {
    let s = scheme("draw-0.8");
    let m = |x: &str| Material::parse(x).unwrap();
    // D = value(red) − 1 − value(black), 0.1 per unit.
    assert_eq!(s.residual_score(&m("RAAEE"), &m("CAAEE")), p("0.4"));
    assert_eq!(s.residual_score(&m("C"), &m("C")), p("-0.1"));
    assert_eq!(s.residual_score(&m("X"), &m("P")), p("0"));
    // Capped at ±0.8.
    assert_eq!(s.residual_score(&m("RRHH"), &m("")), p("0.8"));
    assert_eq!(s.residual_score(&m("RRHH"), &m("AA")), p("0.8"));
    assert_eq!(s.residual_score(&m("P"), &m("RR")), p("-0.8"));
    // A side without attackers gains nothing from a material lead.
    // Red AAEE (8) v black X (2): D = 5 favours red, who has no attacker.
    assert_eq!(s.residual_score(&m("AAEE"), &m("X")), p("0"));
    // Black AAEE v red H: D = 4 − 1 − 8 = −5 favours black, who has none.
    assert_eq!(s.residual_score(&m("H"), &m("AAEE")), p("0"));
    // ...but the side with attackers still gains when D favours it.
    assert_eq!(s.residual_score(&m("HAAEE"), &m("AA")), p("0.7"));
    // Both without attackers: the plain formula.
    assert_eq!(s.residual_score(&m("AAEE"), &m("AA")), p("0.3"));
    // A decisive game has residual score 0 even with material entered.
    let mut e = Ev::new(&["R", "B"]);
    let g = e.game(1, "R", "B", "1-0");
    g.red_residual = Some(m("RR"));
    g.black_residual = Some(m(""));
    let st = e.standings(&s, &["small-points", "opponent-score"]);
    assert_eq!(
        val(&st, "R", "small-points"),
        val(&st, "R", "opponent-score")
    );
}

#[test]
fn a_missing_field_names_the_game() {
    let mut e = Ev::new(&["张强", "李鸿嘉", "C", "D"]);
    e.game(1, "C", "D", "1/2-1/2");
    e.game(1, "张强", "李鸿嘉", "1/2-1/2");
    let err = standings(&e.0, &scheme("draw-0.8"), &[], None).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("round 1, board 1, game 1 (C – D)"), "{msg}");
    assert!(msg.contains("residual"), "{msg}");
    let err = standings(&e.0, &scheme("attacker-defender"), &[], None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("first strike"), "{err}");
    // Schemes that do not need the field do not ask for it.
    assert!(standings(&e.0, &scheme("standard"), &[], None).is_ok());
}

#[test]
fn attacker_defender_draws_and_counts() {
    let fs = |s: &str| Some(FirstStrike::parse(s).unwrap());
    // (first strike, red points, black points) in a draw
    let table = [
        ("red@12", "1", "2"),   // red attacked: black defended, 小胜
        ("black@30", "2", "1"), // within the 30-move limit
        ("black@31", "1", "2"), // too late: red counts as attacker
        ("none", "1", "2"),     // nobody struck: red is the attacker
        ("black", "2", "1"),    // no move number: taken as within the limit
    ];
    for (strike, r, b) in table {
        let mut e = Ev::new(&["R", "B"]);
        e.game(1, "R", "B", "1/2-1/2").first_strike = fs(strike);
        let st = e.standings(&scheme("attacker-defender"), &[]);
        assert_eq!(
            (row(&st, "R").points, row(&st, "B").points),
            (p(r), p(b)),
            "{strike}"
        );
    }
    assert_eq!(one_game("attacker-defender", "0-1"), (p("0"), p("3")));
    // Counts: B beats R as black (big win), draws as black defender vs C.
    let mut e = Ev::new(&["R", "B", "C"]);
    e.game(1, "R", "B", "0-1");
    e.game(2, "C", "B", "1/2-1/2").first_strike = fs("red@5");
    e.game(3, "B", "C", "1/2-1/2").first_strike = fs("red@5");
    let st = e.standings(
        &scheme("attacker-defender"),
        &[
            "big-wins",
            "small-wins",
            "black-big-wins",
            "black-small-wins",
        ],
    );
    assert_eq!(row(&st, "B").points, p("6")); // 3 + 2 (defender) + 1 (attacker)
    assert_eq!(val(&st, "B", "big-wins"), p("1"));
    assert_eq!(val(&st, "B", "small-wins"), p("1"));
    assert_eq!(val(&st, "B", "black-big-wins"), p("1"));
    assert_eq!(val(&st, "B", "black-small-wins"), p("1"));
    assert_eq!(val(&st, "C", "small-wins"), p("1")); // black defender in round 3
    assert_eq!(val(&st, "C", "black-small-wins"), p("1"));
}

/// cxa-swiss Ex8: P beat Q (final 4) as red, drew T (final 3) as black, and
/// had a bye in round 3 (recorded red, scored 2).
fn ex8() -> Ev {
    let mut e = Ev::new(&["P", "Q", "T", "U", "V", "X"]);
    e.game(1, "P", "Q", "1-0");
    e.game(1, "T", "U", "1-0");
    e.bye(1, "V");
    e.requested_bye(1, "X", RequestedByeValue::Half);
    e.game(2, "T", "P", "1/2-1/2");
    e.game(2, "Q", "V", "1-0");
    e.bye(2, "U");
    e.bye(3, "P");
    e.game(3, "Q", "T", "1-0");
    e.game(3, "U", "V", "1/2-1/2");
    e
}

#[test]
fn cxa_ex8_tiebreaks() {
    let mut e = ex8();
    e.0.byes.opponent_score = ByeOpponentScore::Zero;
    let codes = [
        "opponent-score",
        "progressive",
        "wins",
        "fouls",
        "black-wins",
        "black-games",
        "red-wins",
        "beaten-sum",
        "drawn-sum",
        "lost-sum",
    ];
    let st = e.standings(&scheme("standard"), &codes);
    assert_eq!(row(&st, "Q").points, p("4"));
    assert_eq!(row(&st, "T").points, p("3"));
    assert_eq!(row(&st, "X").points, p("1")); // requested half-bye
    let want = ["7", "10", "2", "0", "0", "1", "2", "4", "3", "0"];
    for (c, w) in codes.iter().zip(want) {
        assert_eq!(val(&st, "P", c), p(w), "A–K: {c}");
    }
    // With the field minimum (1, player X) as the bye's opponent score: A = 8.
    e.0.byes.opponent_score = ByeOpponentScore::Lowest;
    let st = e.standings(&scheme("standard"), &["opponent-score"]);
    assert_eq!(val(&st, "P", "opponent-score"), p("8"));
    // FIDE 2023: the player's own score (5).
    e.0.byes.opponent_score = ByeOpponentScore::Own;
    // (buchholz-cut1 is FIDE's own, with Article 16: see scoring::fide.)
    let st = e.standings(&scheme("standard"), &["opponent-score"]);
    assert_eq!(val(&st, "P", "opponent-score"), p("12"));
}

#[test]
fn byes_requested_byes_and_their_points() {
    for (id, bye_points) in [
        ("standard", "2"),
        ("three-point", "3"),
        ("red-draw-penalty", "3"),
        ("draw-0.8", "2"),
        ("attacker-defender", "3"),
        ("two-game", "2"),
        ("hu-two-game", "2"),
    ] {
        let mut e = Ev::new(&["A", "B"]);
        e.bye(1, "A");
        e.requested_bye(1, "B", RequestedByeValue::Half);
        let s = scheme(id);
        let st = e.standings(&s, &["small-points", "wins"]);
        assert_eq!(row(&st, "A").points, p(bye_points), "{id}");
        assert_eq!(row(&st, "B").points, p(bye_points).half(), "{id} half-bye");
        assert_eq!(
            val(&st, "A", "wins"),
            p("1"),
            "{id}: a pairing bye is a win"
        );
        assert_eq!(
            val(&st, "B", "wins"),
            p("0"),
            "{id}: a requested bye is not"
        );
        if s.kind.is_two_game() {
            assert_eq!(val(&st, "A", "small-points"), p("2"), "{id} bye small");
        }
        e.0.rounds[0].requested_byes[0].1 = RequestedByeValue::Zero;
        let st = e.standings(&s, &[]);
        assert_eq!(row(&st, "B").points, p("0"));
    }
}

#[test]
fn forfeits_score_as_win_and_loss_and_count_as_met() {
    // red-draw-penalty: red forfeits → red gets red-loss (0), black black-win (3).
    assert_eq!(one_game("red-draw-penalty", "-/+"), (p("0"), p("3")));
    assert_eq!(one_game("red-draw-penalty", "+/-"), (p("3"), p("0")));
    assert_eq!(one_game("standard", "-/-"), (p("0"), p("0")));
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "+/-");
    e.game(2, "C", "A", "1-0");
    let ev = &e.0;
    let rounds = player_rounds(ev, &scheme("standard"), 2).unwrap();
    assert_eq!(rounds[0][0].kind, RoundKind::ForfeitWin);
    assert_eq!(rounds[1][0].kind, RoundKind::ForfeitLoss);
    assert_eq!(rounds[1][0].opponent, Some(1));
    assert!(rounds[1][0].kind.met());
    let st = e.standings(&scheme("standard"), &["opponent-score", "wins"]);
    // B's opponent score includes A (forfeits included).
    assert_eq!(val(&st, "B", "opponent-score"), row(&st, "A").points);
    assert_eq!(val(&st, "A", "wins"), p("1"));
    // The crosstable marks the forfeit.
    let ct = crosstable(ev, &scheme("standard"), None).unwrap();
    assert_eq!(ct.rows[0].cells[0].mark(), "2r+F");
    assert_eq!(ct.rows[1].cells[0].mark(), "1b-F");
    assert_eq!(ct.rows[0].cells[1].mark(), "3b-");
    assert_eq!(ct.rows[1].cells[1].mark(), "--");
}

#[test]
fn consecutive_forfeits_exclude_only_as_a_trailing_run() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "-/+");
    e.game(1, "C", "D", "-/+");
    e.game(2, "A", "C", "-/+");
    e.game(2, "B", "D", "1-0");
    e.game(3, "D", "A", "+/-");
    e.game(3, "C", "B", "-/+");
    // A: three forfeits in a row; C: forfeits in rounds 1 and 3 only.
    assert_eq!(excluded_by_forfeits(&e.0, None).unwrap(), vec![1]);
    assert_eq!(
        excluded_by_forfeits(&e.0, Some(1)).unwrap(),
        Vec::<i64>::new()
    );
    e.0.byes.forfeits_to_drop = 1;
    assert_eq!(excluded_by_forfeits(&e.0, None).unwrap(), vec![1, 3]);
    e.0.byes.forfeits_to_drop = 0;
    assert!(excluded_by_forfeits(&e.0, None).unwrap().is_empty());
}

#[test]
fn withdrawn_players_keep_their_score_and_standings_follow_the_cut_off() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "C", "D", "1-0");
    // D withdraws after round 1: absent from round 2.
    e.game(2, "B", "C", "1/2-1/2");
    e.bye(2, "A");
    let s = scheme("standard");
    let st1 = standings(&e.0, &s, &[TieBreak::OpponentScore], Some(1)).unwrap();
    let st2 = standings(&e.0, &s, &[TieBreak::OpponentScore], Some(2)).unwrap();
    assert_eq!(st1.after_round, 1);
    assert_eq!(row(&st1, "C").points, p("2"));
    assert_eq!(row(&st2, "C").points, p("3"));
    assert_eq!(row(&st2, "D").points, p("0"));
    // C's opponent score: D's final 0 + B's final 1.
    assert_eq!(val(&st2, "C", "opponent-score"), p("1"));
    // After round 1, B had 0.
    assert_eq!(val(&st1, "C", "opponent-score"), p("0"));
    let ct = crosstable(&e.0, &s, None).unwrap();
    assert_eq!(ct.rows[3].cells[1].kind, RoundKind::Absent);
    assert_eq!(ct.rows[0].cells[1].mark(), "BYE");
}

#[test]
fn standings_order_shared_ranks_and_explain() {
    // A and B both 2 points, C 2 points; strip-last and direct separate.
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "C", "D", "1/2-1/2");
    e.game(2, "B", "C", "1/2-1/2");
    e.game(2, "D", "A", "1-0");
    e.game(3, "C", "A", "1/2-1/2");
    e.game(3, "B", "D", "1/2-1/2");
    let s = scheme("standard");
    // A: 2+0+1 = 3, B: 0+1+1 = 2, C: 1+1+1 = 3, D: 1+2+1 = 4.
    let st = e.standings(&s, &["strip-last"]);
    let names: Vec<&str> = st.rows.iter().map(|r| r.player.name.as_str()).collect();
    // A (after R2: 2) beats C (after R2: 2)? equal; after R1: A 2 > C 1.
    assert_eq!(names, ["D", "A", "C", "B"]);
    assert_eq!(
        st.rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.criterion.as_deref(), Some("strip-last"));
    assert_eq!(ex.ahead, Some(e.id("A")));
    assert_eq!((ex.a_value, ex.b_value), (Some(p("2")), Some(p("1"))));
    assert_eq!(ex.detail.as_deref(), Some("score after round 1"));
    let text = ex.to_string();
    assert!(text.starts_with("A is ahead of C on strip-last"), "{text}");
    // The table shows the score after round 2, equal (2) for both: the
    // explanation says so instead of seeming to contradict it.
    assert_eq!(row(&st, "A").values[0].1, row(&st, "C").values[0].1);
    assert_eq!(ex.table_shows, Some(row(&st, "A").values[0].1));
    assert!(text.contains("the table shows 2.00 for both"), "{text}");
    let ex = st.explain(e.id("D"), e.id("B")).unwrap();
    assert_eq!(ex.criterion.as_deref(), Some("points"));
    // With no tie-breaks at all, A and C share rank 2 and explain says so.
    let st = e.standings(&s, &[]);
    let a = row(&st, "A");
    let c = row(&st, "C");
    assert_eq!((a.rank, a.shared, c.rank, c.shared), (2, true, 2, true));
    assert_eq!(row(&st, "B").rank, 4);
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.criterion, None);
    assert!(ex.to_string().contains("share the rank"));
    // strip-first: without round 1, A has 1, C has 2.
    let st = e.standings(&s, &["strip-first"]);
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.ahead, Some(e.id("C")));
    assert_eq!(ex.detail.as_deref(), Some("score without round 1"));
    assert!(st.find("C").is_ok() && st.find("3").is_ok() && st.find("Z").is_err());
}

#[test]
fn progressive_fouls_colours_direct() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0").red_fouls = 2;
    e.game(1, "C", "D", "0-1").red_fouls = 1;
    e.game(2, "B", "C", "1-0");
    e.game(2, "D", "A", "1-0");
    // A: 2, 0 → 2; B: 0, 2 → 2; C: 0, 0; D: 2, 2 → 4.
    let s = scheme("standard");
    let st = e.standings(&s, &["progressive", "fouls", "black-games", "red-wins"]);
    assert_eq!(val(&st, "A", "progressive"), p("4")); // 2 + 2
    assert_eq!(val(&st, "B", "progressive"), p("2")); // 0 + 2
    assert_eq!(val(&st, "A", "fouls"), p("2"));
    assert_eq!(val(&st, "D", "black-games"), p("1"));
    assert_eq!(val(&st, "D", "red-wins"), p("1"));
    // Fewer fouls rank higher: A (2 fouls) v B (0) with fouls first.
    let st = e.standings(&s, &["fouls"]);
    let ex = st.explain(e.id("A"), e.id("B")).unwrap();
    assert_eq!(ex.ahead, Some(e.id("B")));
    // direct: A beat B, so A is ahead of B on direct.
    let st = e.standings(&s, &["direct"]);
    assert_eq!(val(&st, "A", "direct"), p("2"));
    assert_eq!(val(&st, "B", "direct"), p("0"));
    assert!(row(&st, "A").rank < row(&st, "B").rank);
    // When not all tied players met, direct does not apply.
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "C", "1-0");
    e.game(1, "B", "D", "1-0");
    let st = e.standings(&s, &["direct"]);
    assert_eq!(val(&st, "A", "direct"), p("0"));
    assert!(row(&st, "A").shared);
}

#[test]
fn small_points_for_single_game_schemes_are_beaten_plus_half_drawn() {
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "1-0");
    e.game(2, "C", "A", "1/2-1/2");
    e.game(3, "B", "C", "1-0");
    // finals: A 3, B 2, C 1.
    let st = e.standings(&scheme("standard"), &["small-points", "sonneborn-berger"]);
    assert_eq!(val(&st, "A", "small-points"), p("2.5")); // B 2 + C 1/2
    assert_eq!(val(&st, "A", "sonneborn-berger"), p("2.5"));
    assert_eq!(val(&st, "B", "small-points"), p("1"));
}

fn two(red: &str, black: &str, o1: &str, o2: &str) -> (Ev, [Game; 2]) {
    let mut e = Ev::new(&[red, black]);
    e.game(1, red, black, o1);
    e.game2(1, black, red, o2);
    let games = e.0.rounds[0].boards[0].games.clone();
    (e, [games[0].clone(), games[1].clone()])
}

fn pm(s: &str) -> Option<PieceMoves> {
    PieceMoves::parse(s)
}

#[test]
fn two_game_rules_a_and_b() {
    let s = scheme("two-game");
    // P red in game 1, black in game 2.
    for (o1, o2, pp, ps, qp, qs, step) in [
        ("1-0", "0-1", "2", "4", "0", "0", TwoGameStep::TwoWins),
        (
            "1-0",
            "1/2-1/2",
            "2",
            "3",
            "0",
            "1",
            TwoGameStep::WinAndDraw,
        ),
        (
            "1/2-1/2",
            "1-0",
            "0",
            "1",
            "2",
            "3",
            TwoGameStep::WinAndDraw,
        ),
        ("0-1", "1-0", "0", "0", "2", "4", TwoGameStep::TwoWins),
    ] {
        let (_, g) = two("P", "Q", o1, o2);
        let d = decide_two_game(&s, 1, 2, &g).unwrap();
        assert_eq!(d.step, step, "{o1} {o2}");
        assert_eq!(d.scores[0], (1, p(pp), p(ps)), "{o1} {o2}");
        assert_eq!(d.scores[1], (2, p(qp), p(qs)), "{o1} {o2}");
    }
}

#[test]
fn two_game_rule_c_chain_step_by_step() {
    let s = scheme("two-game");
    // One win each: P wins game 1 (red), Q wins game 2 (red).
    let base = || {
        let (_, mut g) = two("P", "Q", "1-0", "1-0");
        for x in g.iter_mut() {
            x.moves = Some(40);
            x.red_used_ms = Some(1_000_000);
            x.black_used_ms = Some(1_000_000);
            x.red_pieces = pm("10/10/10/5/5");
            x.black_pieces = pm("10/10/10/5/5");
        }
        g
    };
    let winner = |g: &[Game; 2]| {
        let d = decide_two_game(&s, 1, 2, g).unwrap();
        (d.winner, d.step, d.scores)
    };
    // 1. fewer moves in the game won
    let mut g = base();
    g[1].moves = Some(39);
    assert_eq!(winner(&g).0, Some(2));
    assert_eq!(winner(&g).1, TwoGameStep::Moves);
    // 2. less own time in the game won (P's red time in game 1)
    let mut g = base();
    g[0].red_used_ms = Some(999_000);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(1), TwoGameStep::OwnTime)
    );
    // the loser's time in that game does not matter for step 2
    let mut g = base();
    g[0].black_used_ms = Some(1);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalTime)
    );
    // 3. less own time over both games (Q's black time in game 1 is lower)
    let mut g = base();
    g[0].black_used_ms = Some(900_000);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalTime)
    );
    // 4. fewer pieces in the game won: 车 first, then 马+炮, …
    let mut g = base();
    g[0].red_pieces = pm("10/9/11/5/5");
    assert_eq!((winner(&g).0, winner(&g).1), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].red_pieces = pm("11/0/9/5/15"); // more 车 moves: worse despite fewer others
    assert_eq!((winner(&g).0, winner(&g).1), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].red_pieces = pm("10/10/10/5/4"); // 将 last
    assert_eq!((winner(&g).0, winner(&g).1), (Some(2), TwoGameStep::Pieces));
    // 5. fewer pieces over both games (Q's black pieces in game 1)
    let mut g = base();
    g[0].black_pieces = pm("10/10/9/6/5");
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalPieces)
    );
    // 6. all equal: drawn round, 1 point and 2 small each
    let (w, step, scores) = winner(&base());
    assert_eq!((w, step), (None, TwoGameStep::AllEqual));
    assert_eq!(scores, [(1, p("1"), p("2")), (2, p("1"), p("2"))]);
    // A decided C round: winner 2 points 2 small, loser 0 and 2.
    let mut g = base();
    g[1].moves = Some(39);
    assert_eq!(winner(&g).2, [(1, p("0"), p("2")), (2, p("2"), p("2"))]);
}

#[test]
fn two_game_rule_d_compares_the_game_drawn_as_black() {
    let s = scheme("two-game");
    let base = || {
        let (_, mut g) = two("P", "Q", "1/2-1/2", "1/2-1/2");
        for x in g.iter_mut() {
            x.moves = Some(50);
            x.red_used_ms = Some(600_000);
            x.black_used_ms = Some(600_000);
            x.red_pieces = pm("10/10/10/10/10");
            x.black_pieces = pm("10/10/10/10/10");
        }
        g
    };
    let d = |g: &[Game; 2]| {
        let d = decide_two_game(&s, 1, 2, g).unwrap();
        (d.winner, d.step)
    };
    // P is black in game 2, Q in game 1.
    let mut g = base();
    g[1].moves = Some(30);
    assert_eq!(d(&g), (Some(1), TwoGameStep::Moves));
    let mut g = base();
    g[0].black_used_ms = Some(500_000); // Q's time as black
    assert_eq!(d(&g), (Some(2), TwoGameStep::OwnTime));
    let mut g = base();
    g[0].red_used_ms = Some(500_000); // P's red time: only the total differs
    assert_eq!(d(&g), (Some(1), TwoGameStep::TotalTime));
    let mut g = base();
    g[1].black_pieces = pm("10/10/10/10/9");
    assert_eq!(d(&g), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].red_pieces = pm("9/10/10/10/10"); // Q's pieces as red: only the total
    assert_eq!(d(&g), (Some(2), TwoGameStep::TotalPieces));
    assert_eq!(d(&base()), (None, TwoGameStep::AllEqual));
    // Fields are only needed when a step is reached.
    let (_, mut g) = two("P", "Q", "1/2-1/2", "1/2-1/2");
    g[0].moves = Some(50);
    g[1].moves = Some(40);
    assert_eq!(d(&g), (Some(1), TwoGameStep::Moves));
    g[1].moves = Some(50);
    let err = decide_two_game(&s, 1, 2, &g).unwrap_err().to_string();
    assert!(err.contains("time used"), "{err}");
    assert!(err.contains("game 2"), "{err}");
}

#[test]
fn two_game_event_tiebreaks_and_missing_fields_in_standings() {
    let s = scheme("two-game");
    let (mut e, _) = two("P", "Q", "1-0", "1/2-1/2");
    let st = e.standings(
        &s,
        &[
            "small-points",
            "red-win-small",
            "win-small",
            "black-draw-small",
        ],
    );
    assert_eq!(row(&st, "P").points, p("2"));
    assert_eq!(val(&st, "P", "small-points"), p("3"));
    assert_eq!(val(&st, "P", "red-win-small"), p("2"));
    assert_eq!(val(&st, "P", "win-small"), p("2"));
    assert_eq!(val(&st, "P", "black-draw-small"), p("1"));
    assert_eq!(val(&st, "Q", "black-draw-small"), p("0"));
    assert_eq!(val(&st, "Q", "small-points"), p("1"));
    // One win each without move counts: the standings name the game.
    e.0.rounds[0].boards[0].games[1].outcome = Outcome::RedWin;
    let err = standings(&e.0, &s, &[], None).unwrap_err().to_string();
    assert!(
        err.starts_with("round 1, board 1, game 1 (P – Q)") && err.contains("moves"),
        "{err}"
    );
    // Only game 1 entered: the round is pending and scores nothing yet.
    e.0.rounds[0].boards[0].games.pop();
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "P").points, p("0"));
    // Game 2 with the same colours is refused.
    let (mut e, _) = two("P", "Q", "1-0", "1-0");
    let g = &mut e.0.rounds[0].boards[0].games[1];
    std::mem::swap(&mut g.red, &mut g.black);
    assert!(matches!(
        standings(&e.0, &s, &[], None),
        Err(ScoringError::BadGame { .. })
    ));
}

#[test]
fn hu_two_game_first_to_three() {
    let s = scheme("hu-two-game");
    let hu = |outs: &[&str]| {
        let mut e = Ev::new(&["R", "B"]);
        e.game(1, "R", "B", outs[0]);
        if outs.len() > 1 {
            let mut g = Game::bare(1, 2, outs[1].parse().unwrap());
            g.game_no = 2;
            e.0.rounds[0].boards[0].games.push(g);
        }
        let games = e.0.rounds[0].boards[0].games.clone();
        decide_hu_two_game(&s, 1, 2, &games)
    };
    // (games, red points, red small, black points, black small)
    for (outs, rp, rs, bp, bs) in [
        (&["1-0"][..], "2", "3", "0", "0"),
        (&["0-1"][..], "0", "0", "2", "3"),
        (&["1/2-1/2", "1/2-1/2"][..], "0", "2", "2", "4"),
        (&["1/2-1/2", "1-0"][..], "2", "4", "0", "2"),
        (&["1/2-1/2", "0-1"][..], "0", "1", "2", "5"),
    ] {
        let d = hu(outs).unwrap().unwrap();
        assert_eq!(d.scores[0], (1, p(rp), p(rs)), "{outs:?}");
        assert_eq!(d.scores[1], (2, p(bp), p(bs)), "{outs:?}");
        assert!(d.winner.is_some(), "every round is decisive");
    }
    // A drawn first game alone: undecided.
    assert_eq!(hu(&["1/2-1/2"]).unwrap(), None);
    // A second game after a decisive first one is refused.
    assert!(matches!(
        hu(&["1-0", "1/2-1/2"]),
        Err(ScoringError::BadGame { .. })
    ));
    // The second game keeps the colours.
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", "1/2-1/2");
    e.game2(1, "B", "R", "1-0");
    let err = standings(&e.0, &s, &[], None).unwrap_err().to_string();
    assert!(err.contains("keeps the colours"), "{err}");
}

#[test]
fn armageddon_draw_is_a_black_win_everywhere() {
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", "1/2-1/2");
    let st = e.standings(&scheme("armageddon"), &["wins", "black-wins", "beaten-sum"]);
    assert_eq!(row(&st, "B").points, p("2"));
    assert_eq!(row(&st, "R").points, p("0"));
    assert_eq!(val(&st, "B", "wins"), p("1"));
    assert_eq!(val(&st, "B", "black-wins"), p("1"));
    assert_eq!(val(&st, "B", "beaten-sum"), p("0"));
}

#[test]
fn crosstable_cells() {
    let e = ex8();
    let ct = crosstable(&e.0, &scheme("standard"), None).unwrap();
    assert_eq!(ct.rounds, 3);
    let p_row = &ct.rows[0];
    let marks: Vec<String> = p_row.cells.iter().map(|c| c.mark()).collect();
    assert_eq!(marks, ["2r+", "3b=", "BYE"]);
    assert_eq!(p_row.points, p("5"));
    assert_eq!(p_row.cells[0].opponent_start_no, Some(2));
    assert_eq!(p_row.cells[1].colour, Some(Colour::Black));
    assert_eq!(ct.rows[5].cells[0].mark(), "RB");
    assert_eq!(ct.rows[5].cells[1].mark(), "--");
}

#[test]
fn bad_boards_are_errors_not_panics() {
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "A", "C", "1-0");
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::PlayedTwice { .. })
    ));
    let mut e = Ev::new(&["A", "B"]);
    e.game(1, "A", "B", "1-0").black = 9;
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::BadGame { .. })
    ));
    let mut e = Ev::new(&["A", "B"]);
    e.game(1, "A", "B", "1-0");
    e.0.rounds[0].boards[0].red = 7;
    e.0.rounds[0].boards[0].games.clear();
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::UnknownPlayer { .. })
    ));
}

mod validation {
    use super::*;
    use qishe::domain::Termination;
    use qishe::scoring::{validate_game, InvalidResult};

    fn g(o: &str) -> Game {
        Game::bare(1, 2, o.parse().unwrap())
    }

    #[test]
    fn accepts_possible_games() {
        let tc: TimeControl = "90+30".parse().unwrap();
        let mut x = g("1-0");
        x.moves = Some(40);
        x.red_used_ms = Some(90 * 60_000 + 40 * 30_000 - 1);
        x.black_used_ms = Some(30 * 60_000);
        x.termination = Some(Termination::Checkmate);
        x.red_pieces = PieceMoves::parse("10/10/10/5/5");
        x.black_pieces = PieceMoves::parse("10/10/10/5/4");
        x.first_strike = FirstStrike::parse("red@12");
        assert_eq!(validate_game(&tc, 1, &x), Ok(()));
        assert_eq!(validate_game(&tc, 1, &g("-/+")), Ok(()));
    }

    #[test]
    fn refuses_impossible_input_with_a_reason() {
        let tc: TimeControl = "90+30".parse().unwrap();
        let odds: TimeControl = "red=6,black=4,inc=3".parse().unwrap();
        let with = |o: &str, f: &dyn Fn(&mut Game)| {
            let mut x = g(o);
            f(&mut x);
            x
        };
        // time above base + increment × own moves
        let x = with("1-0", &|x| {
            x.moves = Some(40);
            x.red_used_ms = Some(90 * 60_000 + 40 * 30_000 + 1);
        });
        let e = validate_game(&tc, 1, &x).unwrap_err();
        assert!(matches!(
            e,
            InvalidResult::TimeAboveMax {
                side: Colour::Red,
                ..
            }
        ));
        assert!(e.to_string().contains("at most 1:50:00"), "{e}");
        // the asymmetric clock: black's base is 4 minutes
        let x = with("0-1", &|x| {
            x.moves = Some(10);
            x.black_used_ms = Some(5 * 60_000);
        });
        assert!(matches!(
            validate_game(&odds, 1, &x),
            Err(InvalidResult::TimeAboveMax {
                side: Colour::Black,
                ..
            })
        ));
        // the same time fits red's 6 minutes
        let x = with("0-1", &|x| {
            x.moves = Some(10);
            x.red_used_ms = Some(5 * 60_000);
        });
        assert_eq!(validate_game(&odds, 1, &x), Ok(()));
        // a move count that contradicts the clock: 2 hours in 5 moves
        let x = with("1/2-1/2", &|x| {
            x.moves = Some(5);
            x.black_used_ms = Some(2 * 3_600_000);
        });
        assert!(validate_game(&tc, 1, &x).is_err());
        // a red win on time with red's own flag down
        let x = with("1-0", &|x| {
            x.moves = Some(20);
            x.termination = Some(Termination::Time);
            x.red_used_ms = Some(90 * 60_000 + 20 * 30_000);
            x.black_used_ms = Some(90 * 60_000 + 20 * 30_000);
        });
        let e = validate_game(&tc, 1, &x).unwrap_err();
        assert!(
            matches!(
                e,
                InvalidResult::WinnerFlagDown {
                    side: Colour::Red,
                    ..
                }
            ),
            "{e}"
        );
        // residual material beyond the starting set
        let x = with("1/2-1/2", &|x| {
            x.black_residual = Some(Material {
                chariots: 3,
                ..Default::default()
            })
        });
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::BadMaterial {
                side: Colour::Black,
                ..
            })
        ));
        // a second game in a one-game round
        let x = with("1-0", &|x| x.game_no = 2);
        let e = validate_game(&tc, 1, &x).unwrap_err();
        assert!(e.to_string().contains("one game"), "{e}");
        assert_eq!(validate_game(&tc, 2, &x), Ok(()));
        // negative time (from "time left" above what the clock gave)
        let x = with("1-0", &|x| {
            x.moves = Some(3);
            x.red_used_ms = Some(tc.used_from_left(true, 3, 100 * 60_000));
        });
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::NegativeTime { .. })
        ));
        // facts of a played game on a forfeit
        let x = with("+/-", &|x| x.moves = Some(3));
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::NotPlayed(_))
        ));
        // agreement on a decisive result
        let x = with("1-0", &|x| x.termination = Some(Termination::Agreement));
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::BadTermination { .. })
        ));
        // first strike after the last move; pieces not adding up
        let x = with("1-0", &|x| {
            x.moves = Some(20);
            x.first_strike = FirstStrike::parse("black@21");
        });
        assert!(validate_game(&tc, 1, &x).is_err());
        let x = with("1-0", &|x| {
            x.moves = Some(20);
            x.red_pieces = PieceMoves::parse("5/5/5/5/1");
        });
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::PieceCount { .. })
        ));
        // times without a move count: only the sign can be checked
        let x = with("1-0", &|x| x.red_used_ms = Some(1000));
        assert_eq!(validate_game(&tc, 1, &x), Ok(()));
        let x = with("1-0", &|x| x.black_used_ms = Some(-1));
        assert!(matches!(
            validate_game(&tc, 1, &x),
            Err(InvalidResult::NegativeTime {
                side: Colour::Black
            })
        ));
    }
}
