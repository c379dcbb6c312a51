//! What a knockout prints: the bracket chart, ratings with play-offs, the
//! slips of each play-off step, the ranking as standings and crosstable.

use super::*;

/// A decided bracket of `n` players (names 选手01 俱乐部 …), the higher
/// seed winning every match.
fn full_data(n: usize) -> qishe::report::bracket::KnockoutData {
    use qishe::report::bracket::{KnockoutData, KoMatch, KoPlayer};
    let p = n.next_power_of_two();
    let mut order = vec![1usize];
    while order.len() < p {
        let size = 2 * order.len();
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    let name = |s: usize| format!("选手{s:02} 俱乐部");
    let player = |s: usize| KoPlayer {
        seed: s as u32,
        name: name(s),
    };
    let mut current: Vec<usize> = order;
    let mut rounds = Vec::new();
    while current.len() > 1 {
        let r: Vec<KoMatch> = current
            .chunks(2)
            .enumerate()
            .map(|(i, c)| KoMatch {
                round: qishe::app::RoundNo(rounds.len() as u32 + 1),
                board: qishe::app::BoardNo(i as u32 + 1),
                third_place: false,
                a: player(c[0]),
                b: (c[1] <= n).then(|| player(c[1])),
                winner: Some(name(c[0].min(c[1]))),
                decided_by: Some(if c[1] <= n { "games" } else { "bye" }.into()),
                score: None,
                games: Vec::new(),
                due: None,
                lot_due: false,
                problem: None,
            })
            .collect();
        current = current.chunks(2).map(|c| c[0].min(c[1])).collect();
        rounds.push(r);
    }
    KnockoutData {
        event: qishe::report::EventInfo {
            name: "俱乐部冠军赛".into(),
            ..Default::default()
        },
        total_rounds: rounds.len() as u32,
        size: p,
        rounds,
        champion: Some(name(1)),
        ladder: Vec::new(),
        regular_games: 1,
    }
}

/// A bracket prints a page-sized chart: the whole bracket up to 16
/// players, beyond that a section per 16 first-round slots (each one
/// table of at most 31 rows, kept on one page) and then the rounds after
/// them; every slot and the champion are on it, names cut to fit 80
/// columns of text.
#[test]
fn the_bracket_chart_has_every_slot_in_page_sized_sections() {
    use qishe::report::{render_html, render_text, Part};
    for n in [7, 16, 20, 33, 64] {
        let doc = qishe::report::bracket::bracket_chart(&full_data(n), qishe::i18n::Lang::ZhHans);
        let charts: Vec<&qishe::report::Table> = doc
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Table(t) if t.columns[0].key.starts_with("chart-") => Some(t),
                _ => None,
            })
            .collect();
        let p = n.next_power_of_two();
        let sections = if p <= 16 { 1 } else { p / 16 + 1 };
        assert_eq!(charts.len(), sections, "{n} players");
        assert!(charts.iter().all(|t| t.rows.len() <= 31), "{n} players");
        let t = render_text(&doc, 60);
        for s in 1..=n {
            assert!(t.contains(&format!("选手{s:02}")), "slot {s} of {n}");
        }
        let width = |l: &str| unicode_width::UnicodeWidthStr::width(l.trim_start_matches('\x0c'));
        assert!(t.lines().all(|l| width(l) <= 80), "{t}");
        assert!(t.contains("冠军: 选手01 俱乐部"), "{t}");
        let h = render_html(&doc);
        assert_eq!(h.matches("<table class=\"chart\">").count(), sections);
        assert!(h.contains(
            "table.chart { border-collapse: collapse; margin-bottom: 4mm; break-inside: avoid;"
        ));
    }
    let t = render_text(
        &qishe::report::bracket::bracket_chart(&full_data(64), qishe::i18n::Lang::ZhHans),
        60,
    );
    for name in [
        "1/32决赛",
        "1/16决赛",
        "1/8决赛",
        "四分之一决赛",
        "半决赛",
        "决赛",
    ] {
        assert!(t.contains(name), "{name}:\n{t}");
    }
    assert!(t.contains("第1区") && t.contains("第4区"), "{t}");
}

/// The rating list after a two-player knockout: a drawn game 1 and a
/// sudden-death play-off won by S02 (with `opts`).
fn ratings_after_knockout(opts: &[&str]) -> String {
    let c = club(2);
    let mut o = vec!["--scheme", "standard", "--playoff", "sudden-death:1,lot"];
    o.extend_from_slice(opts);
    knockout(&c, "K2", 2, &o);
    pair(&c, "K2");
    play(&c, "K2", 1, 1, None, &[]);
    play(&c, "K2", 1, 1, Some("S02"), &[]);
    assert_eq!(
        decided(&bracket(&c, "K2"), 1, 1),
        (Some("S02".into()), Some("sudden-death".into()))
    );
    c.ok(&["event", "finish", "K2"]);
    // Play-off games are in the members' history either way.
    c.ok(&["ratings", "--changes", "--format", "csv"])
}

#[test]
fn play_off_games_are_rated_only_with_rate_playoffs() {
    // The same draw alone, as a one-round event.
    let c = club(2);
    c.ok(&[
        "event", "new", "R1", "--rounds", "1", "--scheme", "standard",
    ]);
    c.ok(&["event", "enter", "R1", "S01", "S02"]);
    c.ok(&["round", "pair", "R1"]);
    c.ok(&["result", "R1", "1", "1", "1/2-1/2"]);
    c.ok(&["event", "finish", "R1"]);
    let draw_only = c.ok(&["ratings", "--changes", "--format", "csv"]);
    let default = ratings_after_knockout(&[]);
    let rated = ratings_after_knockout(&["--rate-playoffs"]);
    let strip = |s: &str| s.replace("K2", "E").replace("R1", "E");
    assert_eq!(
        strip(&default),
        strip(&draw_only),
        "only the regular game is rated"
    );
    assert_ne!(
        strip(&rated),
        strip(&draw_only),
        "the play-off game counts too"
    );
}

/// Each play-off step has its own time control and label: they
/// are on the slips of the game due, and a clock reading is checked
/// against the step's time control; armageddon keeps its odds when the
/// settings give it none; more settings than steps are refused.
#[test]
fn each_playoff_step_has_its_own_time_control_and_label() {
    let c = club(2);
    let e = c.fails(&[
        "event",
        "new",
        "多余",
        "--system",
        "knockout",
        "--playoff",
        "games:1,armageddon",
        "--playoff-times",
        "15+10;5+3;3+2",
    ]);
    assert!(e.contains("3 play-off step settings"), "{e}");
    knockout(
        &c,
        "快棋杯",
        2,
        &[
            "--playoff",
            "games:1,games:1,armageddon",
            "--playoff-times",
            "15+10;5+3",
            "--playoff-labels",
            "快棋加赛;超快棋加赛;一局定胜负",
        ],
    );
    c.ok(&["round", "pair", "快棋杯"]);
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "1"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯", "--lang", "zh-Hans"]);
    assert!(slips.contains("快棋加赛"), "{slips}");
    assert!(slips.contains("15分钟, 每步加10秒"), "{slips}");
    let json = c.ok(&["knockout", "slips", "快棋杯", "--format", "json"]);
    assert!(json.contains("\"time\":\"15+10\""), "{json}");
    // A clock past the step's 15 minutes (+10 s a move) cannot be right.
    let e = c.fails(&[
        "result",
        "快棋杯",
        "1",
        "1",
        "1/2-1/2",
        "--game",
        "2",
        "--red-used",
        "40:00",
        "--black-used",
        "10:00",
        "--moves",
        "30",
    ]);
    assert!(!e.is_empty());
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "2"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯", "--lang", "zh-Hans"]);
    assert!(
        slips.contains("超快棋加赛") && slips.contains("5分钟, 每步加3秒"),
        "{slips}"
    );
    assert!(!slips.contains("15分钟"), "{slips}");
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "3"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯", "--lang", "zh-Hans"]);
    assert!(slips.contains("一局定胜负"), "{slips}");
    assert!(slips.contains("红方5分钟, 黑方4分钟, 每步加3秒"), "{slips}");
    let text = c.ok(&["bracket", "快棋杯", "--format", "text"]);
    assert!(text.contains("一局定胜负"), "{text}");
}

/// `print standings` and `print crosstable` of a knockout are its ranking
/// (rank, name, lost in round; the crosstable with each round's opponent),
/// not the Swiss tables: the printed CSV equals `standings --format csv`.
#[test]
fn printed_standings_and_crosstable_of_a_knockout_are_its_ranking() {
    let c = club(4);
    knockout(&c, "小杯", 4, &[]);
    c.ok(&["round", "pair", "小杯"]);
    play(&c, "小杯", 1, 1, Some("S01"), &[]);
    play(&c, "小杯", 1, 2, Some("S03"), &[]);
    c.ok(&["round", "pair", "小杯"]);
    play(&c, "小杯", 2, 1, Some("S03"), &[]);
    // Printed CSV carries a BOM for spreadsheets; `--no-bom` is the machine form.
    let with_bom = c.ok(&["print", "standings", "小杯", "--format", "csv"]);
    assert!(with_bom.starts_with('\u{feff}'), "{with_bom}");
    let printed = c.ok(&["print", "standings", "小杯", "--format", "csv", "--no-bom"]);
    let standings = c.ok(&["standings", "小杯", "--format", "csv"]);
    assert!(printed.starts_with("rank,name,lost-in-round"), "{printed}");
    assert_eq!(printed, standings);
    let rows = csv_lines(&printed);
    assert_eq!(rows[1], ["1", "S03", ""]);
    assert_eq!(rows[2], ["2", "S01", "2"]);
    let cross = c.ok(&["print", "crosstable", "小杯", "--format", "csv", "--no-bom"]);
    let rows = csv_lines(&cross);
    assert_eq!(rows[0], ["rank", "name", "r1", "r2", "lost-in-round"]);
    // A cell starting with `+` is neutralised for spreadsheets by default.
    // Each match in games from the player's side: one game won is 1–0.
    assert_eq!(rows[1], ["1", "S03", "'+S02 1–0", "'+S01 1–0", ""]);
    let raw = c.ok(&[
        "print",
        "crosstable",
        "小杯",
        "--format",
        "csv",
        "--no-bom",
        "--csv-formulas",
    ]);
    assert_eq!(csv_lines(&raw)[1], ["1", "S03", "+S02 1–0", "+S01 1–0", ""]);
    let text = c.ok(&["print", "crosstable", "小杯", "--lang", "en"]);
    assert!(text.contains("Lost in round"), "{text}");
}

fn csv_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// The printed standings name the round each player went out in (决赛,
/// 半决赛, 四分之一决赛 / Final, Semi-finals, Quarter-finals), as the TUI
/// does, in text and HTML; the CSV keeps the round's number.
/// The line of a rendered table that holds `name`.
fn line_of(text: &str, name: &str) -> String {
    text.lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
        .to_string()
}

/// An event's printed standings as CSV, without the byte-order mark.
fn standings_csv(c: &Club, event: &str) -> String {
    c.ok(&["print", "standings", event, "--format", "csv", "--no-bom"])
}

#[test]
fn printed_standings_of_a_knockout_name_the_round_a_player_went_out_in() {
    let c = club(8);
    knockout(&c, "八强赛", 8, &[]);
    for round in 1..=3 {
        pair(&c, "八强赛");
        for _ in 0..3 {
            favourites_win(&c, "八强赛", round);
        }
    }
    // The line of each player in a rendered table.
    let cases = [
        ("zh-Hans", ["决赛", "半决赛", "四分之一决赛"]),
        ("en", ["Final", "Semi-finals", "Quarter-finals"]),
    ];
    for (lang, [fin, semi, quarter]) in cases {
        for doc in ["standings", "crosstable"] {
            let text = c.ok(&["print", doc, "八强赛", "--lang", lang]);
            let html = c.ok(&["print", doc, "八强赛", "--lang", lang, "--format", "html"]);
            for (name, round) in [("S02", fin), ("S03", semi), ("S08", quarter)] {
                let t = line_of(&text, &format!(" {name} "));
                assert!(t.trim_end().ends_with(round), "{lang} {doc}: {t}");
                let h = line_of(&html, &format!(">{name}<"));
                assert!(h.contains(&format!(">{round}<")), "{lang} {doc}: {h}");
            }
            let t = line_of(&text, " S02 ");
            assert!(!t.contains(semi), "{t}");
            // The champion went out in no round: the column says champion.
            let t = line_of(&text, " S01 ");
            assert!(!t.trim_end().ends_with(fin), "{t}");
            let champion = if lang == "en" { "champion" } else { "冠军" };
            assert!(t.trim_end().ends_with(champion), "{lang} {doc}: {t}");
        }
    }
    let csv = standings_csv(&c, "八强赛");
    assert!(
        csv.lines().any(|l| l.trim_end().ends_with(",S08,1")),
        "{csv}"
    );
    let cli = c.ok(&["standings", "八强赛"]);
    assert!(line_of(&cli, " S04").contains("Semi-finals"), "{cli}");
}

/// On a ranking so far, a player not out yet is said to be still in, not
/// left blank beside a shared first place; CSV keeps the column empty.
#[test]
fn a_ranking_so_far_says_who_is_still_in() {
    let c = club(8);
    knockout(&c, "八强赛", 8, &[]);
    pair(&c, "八强赛");
    for _ in 0..3 {
        favourites_win(&c, "八强赛", 1);
    }
    for (lang, still_in, quarter) in [
        ("zh-Hans", "未出局", "四分之一决赛"),
        ("zh-Hant", "未出局", "四分之一決賽"),
        ("en", "still in", "Quarter-finals"),
    ] {
        let text = c.ok(&["print", "standings", "八强赛", "--lang", lang]);
        assert!(
            line_of(&text, " S01 ").trim_end().ends_with(still_in),
            "{lang}: {text}"
        );
        assert!(
            line_of(&text, " S08 ").trim_end().ends_with(quarter),
            "{lang}: {text}"
        );
        let html = c.ok(&[
            "print",
            "standings",
            "八强赛",
            "--lang",
            lang,
            "--format",
            "html",
        ]);
        assert!(html.contains(&format!(">{still_in}<")), "{lang}: {html}");
    }
    let cli = c.ok(&["standings", "八强赛"]);
    assert!(
        line_of(&cli, " S01").trim_end().ends_with("still in"),
        "{cli}"
    );
    let csv = standings_csv(&c, "八强赛");
    assert!(
        csv.lines().any(|l| l.trim_end().ends_with(",S01,")),
        "{csv}"
    );
}

#[test]
fn event_show_says_the_play_offs_and_the_third_place_match() {
    let c = club(4);
    knockout(
        &c,
        "杯",
        4,
        &["--playoff", "games:2 armageddon", "--third-place"],
    );
    let en = c.ok(&["event", "show", "杯"]);
    assert!(
        en.contains("Play-offs 2-game play-off → armageddon  third-place match yes"),
        "{en}"
    );
    let o = c.run_lang("zh_TW.UTF-8", &["event", "show", "杯"]);
    let tw = String::from_utf8(o.stdout).unwrap();
    assert!(
        tw.contains("加賽辦法 加賽2局 → 和棋黑勝  三四名決賽 是"),
        "{tw}"
    );
    // An individual event has no such line.
    c.ok(&["event", "new", "周赛"]);
    let o = c.run_lang("zh_CN.UTF-8", &["event", "show", "周赛"]);
    let zh = String::from_utf8(o.stdout).unwrap();
    assert!(!zh.contains("加赛办法"), "{zh}");
}
