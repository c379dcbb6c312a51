//! The rules of `specs/season.md`, each with totals computed by hand.

use super::*;

fn fr(n: i128, d: i128) -> Fraction {
    Fraction::new(n, d).unwrap()
}

/// An event: (member, name, rank, points, played) in final order.
fn event(
    name: &str,
    weight: Fraction,
    finished: bool,
    rows: &[(i64, &str, u32, i64, bool)],
) -> SeasonEvent {
    SeasonEvent {
        name: name.into(),
        weight,
        finished,
        places: rows
            .iter()
            .map(|&(member, n, rank, pts, played)| EventPlace {
                member,
                name: n.into(),
                rank,
                points: Points::new(pts),
                played,
            })
            .collect(),
    }
}

fn csv(st: &SeasonStandings) -> Vec<String> {
    st.rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.rank_cell(),
                r.name.clone(),
                r.total.to_string(),
                r.events.to_string(),
                r.wins.to_string(),
                r.best.to_string(),
            ];
            cells.extend(
                r.results
                    .iter()
                    .map(|x| x.map(|x| x.value.to_string()).unwrap_or_default()),
            );
            cells.join(",")
        })
        .collect()
}

fn plain(s: &str) -> String {
    s.to_string()
}

/// Worked example A of the spec, verbatim.
fn example_a() -> (SeasonSettings, Vec<SeasonEvent>) {
    let (zhao, qian, sun, li, zhou) = (1, 2, 3, 4, 5);
    let settings = SeasonSettings {
        rule: SeasonRule::default(),
        best: Some(2),
        min_events: 2,
        participation: Fraction::ONE,
    };
    let one = Fraction::ONE;
    let events = vec![
        event(
            "周赛1",
            one,
            true,
            &[
                (zhao, "赵", 1, 8, true),
                (qian, "钱", 2, 6, true),
                (sun, "孙", 2, 6, true),
                (li, "李", 4, 4, true),
                (zhou, "周", 5, 2, false),
            ],
        ),
        event(
            "周赛2",
            one,
            true,
            &[
                (qian, "钱", 1, 5, true),
                (li, "李", 2, 3, true),
                (zhao, "赵", 2, 3, true),
                (zhou, "周", 2, 3, true),
            ],
        ),
        event(
            "决赛",
            Fraction::whole(2),
            true,
            &[
                (li, "李", 1, 0, true),
                (zhao, "赵", 2, 0, true),
                (qian, "钱", 3, 0, true),
                (sun, "孙", 3, 0, true),
            ],
        ),
        event("周赛3", one, false, &[(zhou, "周", 1, 6, true)]),
    ];
    (settings, events)
}

#[test]
fn worked_example_a_placement() {
    let (settings, events) = example_a();
    let st = season_standings(&settings, &events, plain).unwrap();
    assert_eq!(
        csv(&st),
        [
            "1,李,28.33,3,1,21,6,7.33,21,",
            "2,赵,28,3,1,17,11,7.33,17,",
            "3,钱,23,3,1,12,8,11,12,",
            "4,孙,20,2,0,12,8,,12,",
            "5*,周,7.33,1,0,7.33,,7.33,,",
        ]
    );
    let li = &st.rows[0];
    assert_eq!(li.total, fr(85, 3), "exact, not the sum of rounded values");
    assert_eq!(li.results[1].unwrap().value, fr(22, 3));
    // 李's 6 in 周赛1 is dropped by best 2.
    assert!(!li.results[0].unwrap().counted);
    assert!(li.results[1].unwrap().counted && li.results[2].unwrap().counted);
}

#[test]
fn shared_ranks_share_the_average_of_their_places() {
    let table = SeasonRule::parse("placement:10,8,6,5,4,3,2,1").unwrap();
    let settings = SeasonSettings {
        rule: table,
        ..Default::default()
    };
    // 2= by three: (8+6+5)/3 = 19/3; 5= by four in an 8-value table:
    // (4+3+2+1)/4 = 5/2; 9= by four: 0 (and still played: a result of 0).
    let mut rows = vec![(1, "a", 1, 0, true)];
    rows.extend([
        (2, "b", 2, 0, true),
        (3, "c", 2, 0, true),
        (4, "d", 2, 0, true),
    ]);
    rows.extend((5..=8).map(|m| (m, "e", 5, 0, true)));
    rows.extend((9..=12).map(|m| (m, "f", 9, 0, true)));
    let ev = event("E", Fraction::ONE, true, &rows);
    let st = season_standings(&settings, &[ev], plain).unwrap();
    let value = |m: i64| st.row_of(m).unwrap().total;
    assert_eq!(value(1), Fraction::whole(10));
    assert_eq!(value(2), fr(19, 3));
    assert_eq!(value(5), fr(5, 2));
    assert_eq!(value(9), Fraction::ZERO);
    assert_eq!(value(2).to_string(), "6.33");
    assert_eq!(st.row_of(9).unwrap().events, 1, "a 0 result is a result");
}

#[test]
fn a_tie_that_runs_past_the_table_averages_with_zeros() {
    let settings = SeasonSettings {
        rule: SeasonRule::parse("placement:10,8,6").unwrap(),
        ..Default::default()
    };
    let ev = event(
        "E",
        Fraction::ONE,
        true,
        &[
            (1, "a", 1, 0, true),
            (2, "b", 2, 0, true),
            (3, "c", 2, 0, true),
            (4, "d", 2, 0, true),
        ],
    );
    let st = season_standings(&settings, &[ev], plain).unwrap();
    assert_eq!(st.row_of(2).unwrap().total, fr(14, 3), "(8+6+0)/3");
}

#[test]
fn a_player_who_did_not_play_keeps_his_place_and_gets_nothing() {
    // The 3rd won only by byes and forfeits: nobody gets V3.
    let settings = SeasonSettings::default();
    let ev = event(
        "E",
        Fraction::ONE,
        true,
        &[
            (1, "a", 1, 0, true),
            (2, "b", 2, 0, true),
            (3, "c", 3, 0, false),
            (4, "d", 4, 0, true),
        ],
    );
    let st = season_standings(&settings, &[ev], plain).unwrap();
    assert!(st.row_of(3).is_none(), "no result, not listed");
    assert_eq!(
        st.row_of(4).unwrap().total,
        Fraction::whole(5),
        "V4, not V3"
    );
    assert_eq!(st.rows.len(), 3);
}

#[test]
fn worked_example_b_score_and_tie_breaks() {
    let (jia, yi, bing, ding, wu, ji, geng) = (1, 2, 3, 4, 5, 6, 7);
    let mut settings = SeasonSettings {
        rule: SeasonRule::parse("score:0.5").unwrap(),
        ..Default::default()
    };
    let one = Fraction::ONE;
    let events = vec![
        event(
            "E1",
            one,
            true,
            &[
                (jia, "甲", 1, 8, true),
                (yi, "乙", 2, 6, true),
                (ding, "丁", 3, 4, true),
                (ji, "己", 4, 2, true),
            ],
        ),
        event(
            "E2",
            one,
            true,
            &[
                (bing, "丙", 1, 8, true),
                (yi, "乙", 2, 6, true),
                (jia, "甲", 3, 4, true),
                (geng, "庚", 3, 4, true),
                (ding, "丁", 5, 2, true),
            ],
        ),
        event(
            "E3",
            one,
            true,
            &[
                (wu, "戊", 1, 8, true),
                (ding, "丁", 2, 6, true),
                (ji, "己", 2, 6, true),
                (bing, "丙", 4, 4, true),
                (geng, "庚", 4, 4, true),
            ],
        ),
    ];
    let st = season_standings(&settings, &events, plain).unwrap();
    let line = |m: i64| {
        let r = st.row_of(m).unwrap();
        (
            r.rank_cell(),
            r.total.to_string(),
            r.wins,
            r.best.to_string(),
            r.events,
        )
    };
    assert_eq!(line(jia), ("1=".into(), "6".into(), 1, "4".into(), 2));
    assert_eq!(line(bing), ("1=".into(), "6".into(), 1, "4".into(), 2));
    assert_eq!(
        line(ding),
        ("3".into(), "6".into(), 0, "3".into(), 3),
        "ahead of 乙 on events"
    );
    assert_eq!(line(yi), ("4".into(), "6".into(), 0, "3".into(), 2));
    assert_eq!(
        line(wu),
        ("5".into(), "4".into(), 1, "4".into(), 1),
        "ahead of 己 on wins"
    );
    assert_eq!(
        line(ji),
        ("6".into(), "4".into(), 0, "3".into(), 2),
        "ahead of 庚 on best"
    );
    assert_eq!(line(geng), ("7".into(), "4".into(), 0, "2".into(), 2));
    // A shared rank's rows in name order.
    assert_eq!(st.rows[0].name, "丙");
    assert_eq!(st.rows[1].name, "甲");

    settings.min_events = 3;
    let st = season_standings(&settings, &events, plain).unwrap();
    let cells: Vec<(String, String)> = st
        .rows
        .iter()
        .map(|r| (r.rank_cell(), r.name.clone()))
        .collect();
    let want = [
        ("1", "丁"),
        ("2=*", "丙"),
        ("2=*", "甲"),
        ("4*", "乙"),
        ("5*", "戊"),
        ("6*", "己"),
        ("7*", "庚"),
    ];
    assert_eq!(
        cells,
        want.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn best_n_counts_the_highest_results_and_keeps_the_rest_visible() {
    let settings = SeasonSettings {
        rule: SeasonRule::parse("placement:10,8,6,5").unwrap(),
        best: Some(2),
        ..Default::default()
    };
    // Member 1 finishes 4th, 1st, 3rd, 2nd: results 5, 10, 6, 8 → 10 + 8.
    let evs: Vec<SeasonEvent> = [4, 1, 3, 2]
        .iter()
        .enumerate()
        .map(|(i, &rank)| {
            let mut rows: Vec<(i64, &str, u32, i64, bool)> = (1..=4)
                .filter(|&p| p != rank)
                .map(|p| (10 + p as i64, "x", p, 0, true))
                .collect();
            rows.push((1, "a", rank, 0, true));
            rows.sort_by_key(|r| r.2);
            event(&format!("W{i}"), Fraction::ONE, true, &rows)
        })
        .collect();
    let st = season_standings(&settings, &evs, plain).unwrap();
    let a = st.row_of(1).unwrap();
    assert_eq!(a.total, Fraction::whole(18));
    let counted: Vec<bool> = a.results.iter().map(|r| r.unwrap().counted).collect();
    assert_eq!(counted, [false, true, false, true]);
    assert_eq!(a.events, 4, "events over all results");
    assert_eq!(a.best, Fraction::whole(10));
    assert_eq!(a.wins, 1);
}

#[test]
fn equal_results_at_the_cut_count_the_earlier_event() {
    let settings = SeasonSettings {
        best: Some(1),
        ..Default::default()
    };
    let evs = vec![
        event("A", Fraction::ONE, true, &[(1, "a", 1, 0, true)]),
        event("B", Fraction::ONE, true, &[(1, "a", 1, 0, true)]),
    ];
    let st = season_standings(&settings, &evs, plain).unwrap();
    let r = &st.rows[0];
    assert!(r.results[0].unwrap().counted && !r.results[1].unwrap().counted);
    assert_eq!(r.total, Fraction::whole(10));
    assert_eq!(r.wins, 2, "wins over all results, counted or not");
}

#[test]
fn weight_multiplies_rule_points_and_participation_is_added_once() {
    let settings = SeasonSettings {
        participation: Fraction::parse_decimal("0.5").unwrap(),
        ..Default::default()
    };
    let evs = vec![
        event(
            "Final",
            Fraction::whole(2),
            true,
            &[(1, "a", 1, 0, true), (2, "b", 2, 0, true)],
        ),
        event(
            "Rapid",
            Fraction::parse_decimal("0.5").unwrap(),
            true,
            &[(2, "b", 1, 0, true), (1, "a", 2, 0, true)],
        ),
    ];
    let st = season_standings(&settings, &evs, plain).unwrap();
    // a: 2×10+0.5 = 20.5 and 0.5×8+0.5 = 4.5 → 25; b: 2×8+0.5 + 0.5×10+0.5 = 22.
    let a = st.row_of(1).unwrap();
    assert_eq!(a.results[0].unwrap().value, fr(41, 2));
    assert_eq!(a.results[1].unwrap().value, fr(9, 2));
    assert_eq!(a.total, Fraction::whole(25));
    assert_eq!(st.row_of(2).unwrap().total, Fraction::whole(22));
    assert_eq!(st.rows[0].member, 1);
}

#[test]
fn an_event_with_only_byes_gives_nobody_a_result() {
    let settings = SeasonSettings {
        participation: Fraction::whole(3),
        ..Default::default()
    };
    let evs = vec![event(
        "Byes",
        Fraction::ONE,
        true,
        &[(1, "a", 1, 2, false), (2, "b", 2, 0, false)],
    )];
    let st = season_standings(&settings, &evs, plain).unwrap();
    assert!(st.rows.is_empty());
}

#[test]
fn an_unfinished_event_gives_nothing_yet() {
    let evs = vec![
        event("Done", Fraction::ONE, true, &[(1, "a", 1, 0, true)]),
        event(
            "Open",
            Fraction::ONE,
            false,
            &[(2, "b", 1, 0, true), (1, "a", 2, 0, true)],
        ),
    ];
    let st = season_standings(&SeasonSettings::default(), &evs, plain).unwrap();
    assert_eq!(st.rows.len(), 1);
    let a = &st.rows[0];
    assert_eq!((a.events, a.wins), (1, 1));
    assert!(a.results[1].is_none());
    let none = season_standings(&SeasonSettings::default(), &evs[1..], plain).unwrap();
    assert!(none.rows.is_empty(), "no finished event lists nobody");
}

#[test]
fn unqualified_ranks_continue_after_the_qualified() {
    let settings = SeasonSettings {
        min_events: 2,
        ..Default::default()
    };
    let evs = vec![
        event(
            "A",
            Fraction::ONE,
            true,
            &[
                (1, "a", 1, 0, true),
                (2, "b", 2, 0, true),
                (3, "c", 3, 0, true),
            ],
        ),
        event(
            "B",
            Fraction::ONE,
            true,
            &[(2, "b", 1, 0, true), (3, "c", 2, 0, true)],
        ),
    ];
    let st = season_standings(&settings, &evs, plain).unwrap();
    let cells: Vec<String> = st.rows.iter().map(|r| r.rank_cell()).collect();
    // b 18, c 14 qualified; a 10 (more than c) unqualified, after them.
    assert_eq!(cells, ["1", "2", "3*"]);
    assert_eq!(st.rows[2].member, 1);
}

#[test]
fn rules_parse_and_print_back() {
    assert_eq!(SeasonRule::default().code(), DEFAULT_RULE);
    assert_eq!(
        SeasonRule::parse("placement:12.5,10,0").unwrap().code(),
        "placement:12.5,10,0"
    );
    assert_eq!(
        SeasonRule::parse("score").unwrap(),
        SeasonRule::Score(Fraction::ONE)
    );
    assert_eq!(SeasonRule::parse("score:0.5").unwrap().code(), "score:0.5");
    for bad in [
        "placement",
        "placement:",
        "placement:1,-2",
        "placement:a",
        "score:0",
        "score:-1",
        "points",
        "",
    ] {
        assert!(SeasonRule::parse(bad).is_err(), "{bad}");
    }
    assert!(parse_weight("0").is_err());
    assert!(parse_weight("2").is_ok());
    assert!(parse_participation("0").is_ok());
    assert!(parse_participation("-1").is_err());
}
