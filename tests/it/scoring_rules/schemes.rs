//! Single-game schemes: scores by colour, custom values, unknown ids and
//! codes, default orders, draw-0.8, attacker-defender, armageddon.

use super::*;
use qishe::scoring::SchemeSettings;

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
        g.facts.red_residual = Some(Material::parse("RAAEE").unwrap());
        g.facts.black_residual = Some(Material::parse("RAAEE").unwrap());
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
    let s = Scheme::from_json("custom", &m).unwrap();
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", "1/2-1/2");
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "R").points, p("0.5"));
    // 4-value form win:red draw:black draw:loss, and single keys.
    let mut m = serde_json::Map::new();
    m.insert("values".into(), "3:1:2:0".into());
    m.insert("black_loss".into(), serde_json::json!(-1));
    let s = Scheme::from_json("custom", &m).unwrap();
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "B").points, p("2"));
    let SchemeSettings::Custom(v) = s.settings() else {
        panic!("{:?}", s.settings())
    };
    assert_eq!(v.black_loss, p("-1"));
    // TOML overrides too.
    let t: toml::Table = toml::from_str("draw = 0.7\nresidual_cap = \"0.5\"").unwrap();
    let t = match serde_json::to_value(t).unwrap() {
        serde_json::Value::Object(m) => m,
        _ => unreachable!(),
    };
    let s = Scheme::from_json(SchemeKind::Draw08.id(), &t).unwrap();
    let SchemeSettings::Draw08(v) = s.settings() else {
        panic!("{:?}", s.settings())
    };
    assert_eq!((v.draw, v.residual_cap), (p("0.7"), p("0.5")));
}

#[test]
fn unknown_settings_schemes_and_codes_are_errors_listing_the_allowed() {
    let mut m = serde_json::Map::new();
    m.insert("drawn".into(), serde_json::json!(1));
    let e = Scheme::from_json("draw-0.8", &m).unwrap_err().to_string();
    assert!(e.contains("\"drawn\""), "{e}");
    assert!(
        e.contains("residual_cap") && e.contains("crossed_pawn"),
        "{e}"
    );
    let mut m = serde_json::Map::new();
    m.insert("win".into(), "lots".into());
    assert!(matches!(
        Scheme::from_json("attacker-defender", &m),
        Err(ScoringError::BadSettingValue { .. })
    ));
    let e = Scheme::from_id("go", &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("hu-two-game") && e.contains("attacker-defender"),
        "{e}"
    );
    let e = TieBreak::parse("buchholtz").unwrap_err().to_string();
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
    g.facts.red_residual = Some(Material::parse("车士士相相").unwrap());
    g.facts.black_residual = Some(Material::parse("炮士士象象").unwrap());
    let st = e.standings(&scheme("draw-0.8"), &["small-points"]);
    assert_eq!(row(&st, "R").points, p("0.8"));
    assert_eq!(row(&st, "B").points, p("0.8"));
    assert_eq!(val(&st, "R", "small-points"), p("1.2"));
    assert_eq!(val(&st, "B", "small-points"), p("0.4"));
}

#[test]
fn draw_08_residual_score_rules() {
    let d08 = scheme("draw-0.8");
    let SchemeSettings::Draw08(s) = *d08.settings() else {
        unreachable!()
    };
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
    g.facts.red_residual = Some(m("RR"));
    g.facts.black_residual = Some(m(""));
    let st = e.standings(&d08, &["small-points", "opponent-score"]);
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
        e.game(1, "R", "B", "1/2-1/2").facts.first_strike = fs(strike);
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
    e.game(2, "C", "B", "1/2-1/2").facts.first_strike = fs("red@5");
    e.game(3, "B", "C", "1/2-1/2").facts.first_strike = fs("red@5");
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
