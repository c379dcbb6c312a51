//! Printing: the two-game crosstable (both games of a round in
//! its cell), tie-break columns on the crosstable, rating and progression
//! (score after each round) columns on the standings.

use crate::common::Club;
use qishe::domain::Points;
use std::collections::HashMap;
use unicode_width::UnicodeWidthStr;

/// The rows of a printed CSV (`--no-bom --csv-formulas`) as maps from the
/// header keys.
fn csv_rows(text: &str) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let heads: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            heads
                .iter()
                .cloned()
                .zip(rec.iter().map(String::from))
                .collect()
        })
        .collect()
}

fn print_csv(c: &Club, args: &[&str]) -> Vec<HashMap<String, String>> {
    let mut a = vec!["print"];
    a.extend_from_slice(args);
    a.extend([
        "--format",
        "csv",
        "--no-bom",
        "--csv-formulas",
        "--lang",
        "en",
    ]);
    csv_rows(&c.ok(&a))
}

/// (red number, black number) of each board of round `r`.
fn boards(c: &Club, ev: &str, r: u32) -> Vec<(String, String)> {
    let out = c.ok(&["round", "show", ev, &r.to_string(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["red_no"].as_str().unwrap().to_string(),
                b["black_no"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_two_game_crosstable_cell_shows_both_games_colours_and_results() {
    let c = Club::new();
    for n in ["甲", "乙", "丙", "丁"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&["event", "new", "E", "--scheme", "two-game", "--rounds", "2"]);
    c.ok(&["event", "enter", "E", "甲", "乙", "丙", "丁"]);
    c.ok(&["round", "pair", "E"]);
    c.ok(&["result", "E", "1", "1", "1-0"]);
    c.ok(&["result", "E", "1", "1", "1/2-1/2", "--game", "2"]);
    c.ok(&["result", "E", "1", "2", "0-1"]);
    let b = boards(&c, "E", 1);
    let rows = print_csv(&c, &["crosstable", "E", "-r", "1"]);
    let cell = |no: &str| {
        rows.iter()
            .find(|r| r["no"] == no)
            .unwrap_or_else(|| panic!("{no}: {rows:?}"))["r1"]
            .clone()
    };
    // Board 1: game 1 red wins, game 2 (colours swapped) drawn.
    assert_eq!(cell(&b[0].0), format!("{}r+b=", b[0].1));
    assert_eq!(cell(&b[0].1), format!("{}b-r=", b[0].0));
    // Board 2: game 2 not in yet.
    assert_eq!(cell(&b[1].0), format!("{}r-b?", b[1].1));
    // In Chinese: 红 / 黑.
    let zh = c.ok(&["print", "crosstable", "E", "-r", "1", "--lang", "zh-Hans"]);
    assert!(zh.contains(&format!("{}红+黑=", b[0].1)), "{zh}");
}

/// Six rated players, two rounds played.
fn swiss() -> Club {
    let c = Club::new();
    for (i, n) in ["王天一", "郑惟桐", "许银川", "欧阳琦琳", "赵鑫鑫", "吕钦"]
        .iter()
        .enumerate()
    {
        let rating = (2400 - 50 * i).to_string();
        c.ok(&["player", "add", n, "--rating", &rating]);
    }
    c.ok(&["event", "new", "S", "--system", "dutch", "--rounds", "5"]);
    c.ok(&[
        "event",
        "enter",
        "S",
        "王天一",
        "郑惟桐",
        "许银川",
        "欧阳琦琳",
        "赵鑫鑫",
        "吕钦",
    ]);
    for (r, res) in [
        (1, ["1-0", "1/2-1/2", "0-1"]),
        (2, ["0-1", "1-0", "1/2-1/2"]),
    ] {
        c.ok(&["round", "pair", "S"]);
        for (b, x) in res.iter().enumerate() {
            c.ok(&["result", "S", &r.to_string(), &(b + 1).to_string(), x]);
        }
    }
    c
}

#[test]
fn standings_show_ratings_and_with_progress_the_score_after_each_round() {
    let c = swiss();
    let rows = print_csv(&c, &["standings", "S", "--progress", "--rating"]);
    let after1 = print_csv(&c, &["standings", "S", "-r", "1"]);
    let members = c.ok(&["player", "list", "--format", "json"]);
    let members: serde_json::Value = serde_json::from_str(&members).unwrap();
    assert_eq!(rows.len(), 6);
    for r in &rows {
        assert_eq!(r["after2"], r["points"], "{r:?}");
        let one = after1.iter().find(|x| x["name"] == r["name"]).unwrap();
        assert_eq!(r["after1"], one["points"], "{r:?}");
        let m = members
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == r["name"].as_str())
            .unwrap();
        assert_eq!(
            r["rating"],
            m["rating"]
                .as_str()
                .map_or_else(|| m["rating"].to_string(), String::from),
            "{r:?}"
        );
    }
    // Without --progress: no progression columns.
    let plain = print_csv(&c, &["standings", "S"]);
    assert!(!plain[0].contains_key("after1") && !plain[0].contains_key("rating"));
    // Text with the progression prints across the page (132 columns);
    // the legend says what the columns are.
    let text = c.ok(&[
        "print",
        "standings",
        "S",
        "--progress",
        "--rating",
        "--lang",
        "zh-Hans",
    ]);
    for l in text.lines() {
        assert!(l.width() <= 132, "{} columns: {l}", l.width());
    }
    assert!(text.contains("该轮后的累计积分"), "{text}");
    assert!(
        text.lines().any(|l| l.width() > 80),
        "across the page: {text}"
    );
    // Without the extras the standings keep to 80 columns.
    let text = c.ok(&["print", "standings", "S", "--lang", "zh-Hans"]);
    assert!(text.lines().all(|l| l.width() <= 80), "{text}");
}

#[test]
fn the_crosstable_with_tiebreaks_shows_the_standings_values() {
    let c = swiss();
    let st = c.ok(&["standings", "S", "--format", "json"]);
    let st: serde_json::Value = serde_json::from_str(&st).unwrap();
    let rows = print_csv(&c, &["crosstable", "S", "--tiebreaks"]);
    let plain = print_csv(&c, &["crosstable", "S"]);
    let codes: Vec<String> = st[0]
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| !["name", "rank", "points"].contains(&k.as_str()))
        .cloned()
        .collect();
    assert!(!codes.is_empty());
    for s in st.as_array().unwrap() {
        let r = rows
            .iter()
            .find(|r| Some(r["name"].as_str()) == s["name"].as_str())
            .unwrap();
        for code in &codes {
            // Exact points: `1.50` in the standings is `1.5` printed.
            let want: Points = s[code].as_str().unwrap().parse().unwrap();
            let got: Points = r[code].parse().unwrap_or_else(|_| panic!("{code}: {r:?}"));
            assert_eq!(got, want, "{code} of {}", s["name"]);
        }
        assert!(!plain[0].contains_key(&codes[0]));
    }
}

#[test]
fn a_scheduled_round_prints_its_start_on_the_pairing_sheet_and_undo_removes_it() {
    let c = swiss();
    // Round 3 (not paired yet) starts on the Saturday afternoon.
    c.ok(&["event", "schedule", "S", "3", "2026-12-05 14:00"]);
    c.ok(&["round", "pair", "S"]);
    let sheet = |r: &str| c.ok(&["print", "pairings", "S", "-r", r, "--lang", "zh-Hans"]);
    let three = sheet("3");
    assert!(three.contains("开赛时间: 2026-12-05 14:00"), "{three}");
    // Another round has no start time.
    assert!(!sheet("2").contains("开赛时间"));
    let en = c.ok(&["print", "pairings", "S", "-r", "3", "--lang", "en"]);
    assert!(en.contains("Starts: 2026-12-05 14:00"), "{en}");
    // Bad input changes nothing and says what is wrong.
    let e = c.fails(&["event", "schedule", "S", "6", "2026-12-06 09:00"]);
    assert!(e.contains("round 6"), "{e}");
    let e = c.fails(&["event", "schedule", "S", "4", "Saturday 9am"]);
    assert!(e.contains("Saturday 9am"), "{e}");
    // Moved, then the move undone.
    c.ok(&["event", "schedule", "S", "3", "2026-12-05T15:30"]);
    assert!(sheet("3").contains("2026-12-05 15:30"));
    c.ok(&["undo"]);
    assert!(sheet("3").contains("2026-12-05 14:00"));
    c.ok(&["event", "schedule", "S", "3", "--clear"]);
    assert!(!sheet("3").contains("开赛时间"));
    // Pairing still reads the event's settings.
    c.ok(&["round", "unpair", "S"]);
    c.ok(&["round", "pair", "S"]);
}

#[test]
fn by_name_lists_follow_pinyin_or_stroke_order() {
    let c = swiss();
    let names = |args: &[&str]| -> Vec<String> {
        print_csv(&c, args)
            .into_iter()
            .map(|r| r["name"].clone())
            .collect()
    };
    let pinyin = ["吕钦", "欧阳琦琳", "王天一", "许银川", "赵鑫鑫", "郑惟桐"];
    // 王 4 strokes, 吕 and 许 6 (lü before xu), 欧 and 郑 8, 赵 9.
    let strokes = ["王天一", "吕钦", "许银川", "欧阳琦琳", "郑惟桐", "赵鑫鑫"];
    assert_eq!(names(&["checkin", "S"]), pinyin);
    assert_eq!(names(&["checkin", "S", "--order", "strokes"]), strokes);
    // The club's setting; --order still wins.
    std::fs::write(c.path("config.toml"), "name_order = \"strokes\"\n").unwrap();
    assert_eq!(names(&["checkin", "S"]), strokes);
    assert_eq!(names(&["checkin", "S", "--order", "pinyin"]), pinyin);
    // The pairing sheet's by-name page too (its second table).
    let text = c.ok(&["print", "pairings", "S", "--lang", "zh-Hans"]);
    let by_name = text.split('\u{c}').nth(1).unwrap_or(&text);
    // The name column (the first); opponents' names stand further right.
    let firsts: Vec<&str> = by_name
        .lines()
        .filter_map(|l| l.split('|').next())
        .map(str::trim)
        .filter(|n| strokes.contains(n))
        .collect();
    assert_eq!(firsts, strokes, "{by_name}");
    // A wrong setting names its line and column.
    std::fs::write(c.path("config.toml"), "\nname_order = \"bihua\"\n").unwrap();
    let e = c.fails(&["print", "checkin", "S"]);
    assert!(e.contains("bihua") && e.contains(":2:"), "{e}");
}

/// An accelerated open of `n` players named `name(i)` in four `clubs`,
/// round 1 paired and played, round 2 paired.
fn accelerated_open(name: impl Fn(usize) -> String, n: usize, clubs: [&str; 4]) -> Club {
    let c = Club::new();
    let names: Vec<String> = (1..=n).map(&name).collect();
    for (i, p) in names.iter().enumerate() {
        let rating = (2300 - 40 * i).to_string();
        c.ok(&[
            "player",
            "add",
            p,
            "--rating",
            &rating,
            "--club",
            clubs[i % 4],
        ]);
    }
    c.ok(&[
        "event",
        "new",
        "O",
        "--system",
        "dutch",
        "--acceleration",
        "baku",
    ]);
    let mut enter = vec!["event", "enter", "O"];
    enter.extend(names.iter().map(String::as_str));
    c.ok(&enter);
    c.ok(&["round", "pair", "O"]);
    for b in 1..=n / 2 {
        c.ok(&["result", "O", "1", &b.to_string(), "1-0"]);
    }
    c.ok(&["round", "pair", "O"]);
    c
}

/// The by-board lines of a printed text pairing sheet (those naming a
/// board number first).
fn board_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(" | ") && l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

#[test]
fn an_english_pairing_sheet_keeps_names_whole_where_80_columns_would_cut_them() {
    // Twelve columns (points and virtual points of both sides) leave an
    // 80-column line five columns a name: every "Player N" read "Playe…".
    let c = accelerated_open(
        |i| format!("Player {i}"),
        16,
        ["Red Star", "Blue Sky", "Green Hill", "Golden Gate"],
    );
    let text = c.ok(&["print", "pairings", "O", "--lang", "en"]);
    let lines = board_lines(&text);
    assert_eq!(lines.len(), 8, "{text}");
    for l in &lines {
        assert!(!l.contains('…'), "a cut cell in {l:?}\n{text}");
        assert_eq!(l.matches("Player ").count(), 2, "{l:?}");
    }
    let widest = text.lines().map(|l| l.width()).max().unwrap();
    assert!((81..=132).contains(&widest), "{widest} columns\n{text}");
    // The sheet says it is wider than a portrait page.
    assert!(text.contains(&format!("{widest} columns wide")), "{text}");
    // The same sheet in Chinese (wider headings: 台次, 加速分): every name
    // whole too.
    let zh = accelerated_open(|i| format!("棋手{i}"), 16, ["红星", "蓝天", "绿野", "金门"]);
    let text = zh.ok(&["print", "pairings", "O", "--lang", "zh-Hans"]);
    let lines = board_lines(&text);
    assert_eq!(lines.len(), 8, "{text}");
    for l in &lines {
        assert!(!l.contains('…'), "a cut cell in {l:?}\n{text}");
    }
    assert!(text.lines().all(|l| l.width_cjk() <= 132), "{text}");
}
