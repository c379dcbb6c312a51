//! A team league on paper, in the user's language: six teams on four
//! boards with long names, one with an unrated player and one with no
//! rated player on its first boards; two rounds played, the third
//! under way with an empty board.

use crate::common::Club;

/// A team and its roster: (name, rating).
type Roster = (&'static str, [(&'static str, Option<u32>); 5]);

const TEAMS: [Roster; 6] = [
    (
        "北京威凯建设象棋队",
        [
            ("蒋川", Some(2650)),
            ("王天一", Some(2700)),
            ("唐丹", Some(2400)),
            ("刘欢", Some(2380)),
            ("么毅", Some(2300)),
        ],
    ),
    (
        "杭州环境集团象棋队",
        [
            ("王家瑞", Some(2600)),
            ("赵鑫鑫", Some(2600)),
            ("黄竹风", Some(2500)),
            ("郭凤达", Some(2450)),
            ("茹一淳", None),
        ],
    ),
    (
        "深圳中国银行象棋队",
        [
            ("许银川", Some(2640)),
            ("李少庚", Some(2500)),
            ("黎德志", Some(2450)),
            ("曹岩磊", Some(2400)),
            ("杨辉", Some(2300)),
        ],
    ),
    (
        "上海金外滩象棋队",
        // One unrated player: the average of the three rated is 2533.
        [
            ("谢靖", Some(2570)),
            ("孙勇征", Some(2550)),
            ("赵玮", Some(2480)),
            ("华辰昊", None),
            ("万科", Some(1500)),
        ],
    ),
    (
        "四川成都懿锦控股象棋队",
        [
            ("郑惟桐", Some(2650)),
            ("孟辰", Some(2560)),
            ("赵攀伟", Some(2500)),
            ("许文章", Some(2400)),
            ("梁妍婷", Some(2300)),
        ],
    ),
    (
        "广东碧桂园象棋队",
        // No rated player on the first four boards: seeded last.
        [
            ("吕钦", None),
            ("张学潮", None),
            ("许国义", None),
            ("黄光颖", None),
            ("陈幸琳", Some(2800)),
        ],
    ),
];

const EV: &str = "象甲联赛";

/// Rows of a CSV output as header → value maps.
fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            head.iter()
                .cloned()
                .zip(rec.unwrap().iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// The league: rounds 1 and 2 played; round 3 paired with 上海金外滩's
/// board 4 left empty, two of its matches finished and one under way.
fn league() -> Club {
    let c = Club::new();
    for (_, players) in TEAMS {
        for (name, rating) in players {
            let r = rating.map(|r| r.to_string());
            let mut args = vec!["player", "add", name];
            if let Some(r) = &r {
                args.extend(["--rating", r]);
            }
            c.ok(&args);
        }
    }
    c.ok(&[
        "event", "new", EV, "--teams", "--boards", "4", "--scheme", "standard", "--system",
        "berger", "--rounds", "5",
    ]);
    for (team, players) in TEAMS {
        let names: Vec<&str> = players.iter().map(|p| p.0).collect();
        c.ok(&["team", "add", EV, team, "--players", &names.join(",")]);
    }
    for round in 1..=3 {
        if round == 3 {
            c.ok(&[
                "team",
                "lineup",
                EV,
                "3",
                "上海金外滩象棋队",
                "谢靖,孙勇征,赵玮,-",
            ]);
        }
        c.ok(&["round", "pair", EV]);
        let show = c.ok(&["round", "show", EV, &round.to_string(), "--format", "csv"]);
        let boards = csv_rows(&show);
        for (i, b) in boards.iter().enumerate() {
            if round == 3 && i >= 10 {
                break;
            }
            // Round 3, board 1: black (the away player) did not come.
            let result = match (round, i) {
                (3, 0) => "+/-",
                _ => ["1-0", "0-1", "1/2-1/2"][(i + round) % 3],
            };
            c.ok(&["result", EV, &round.to_string(), &b["board"], result]);
        }
    }
    c
}

fn width(l: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(l.trim_start_matches('\x0c'))
}

/// Seeding: the average of the rated players among the first four; the
/// team with one unrated player is not pushed to the bottom, the team
/// with none rated there comes last.
#[test]
fn teams_are_seeded_by_the_average_of_their_rated_players() {
    let c = league();
    let list = c.ok(&["team", "list", EV, "--format", "csv"]);
    let order: Vec<String> = list
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(order[5], "广东碧桂园象棋队", "{list}");
    // 上海 2533 (three rated) is above 深圳 (2497).
    let pos = |t: &str| order.iter().position(|x| x == t).unwrap();
    assert!(
        pos("上海金外滩象棋队") < pos("深圳中国银行象棋队"),
        "{list}"
    );
}

/// Standings and crosstable count complete rounds by default, and say
/// which round is under way; the crosstable marks each team's own cell.
#[test]
fn team_standings_count_complete_rounds_and_name_the_one_under_way() {
    let c = league();
    for lang in ["zh-Hans", "zh-Hant", "en"] {
        let st = c.ok(&["print", "standings", EV, "--lang", lang]);
        let (after, progress) = match lang {
            "zh-Hans" => ("第2轮后", "第3轮进行中 (未计入)"),
            "zh-Hant" => ("第2輪後", "第3輪進行中 (未計入)"),
            _ => ("After round 2", "round 3 in progress (not counted)"),
        };
        assert!(st.contains(after) && st.contains(progress), "{st}");
        let ct = c.ok(&["print", "crosstable", EV, "--lang", lang]);
        assert!(ct.contains(after) && ct.contains(progress), "{ct}");
    }
    let printed = c.ok(&["print", "standings", EV, "--format", "csv", "--no-bom"]);
    let after2 = c.ok(&[
        "print",
        "standings",
        EV,
        "--format",
        "csv",
        "--no-bom",
        "--round",
        "2",
    ]);
    assert_eq!(printed, after2);
    // 直胜 is filled where teams level on match points met (北京 beat 四川
    // 5–3 in game points), empty where they have not met yet.
    let direct: std::collections::HashMap<String, String> = csv_rows(&printed)
        .into_iter()
        .map(|r| (r["team"].clone(), r["direct"].clone()))
        .collect();
    assert_eq!(direct["四川成都懿锦控股象棋队"], "0", "{printed}");
    assert_eq!(direct["北京威凯建设象棋队"], "2", "{printed}");
    for not_met in [
        "深圳中国银行象棋队",
        "杭州环境集团象棋队",
        "广东碧桂园象棋队",
    ] {
        assert_eq!(direct[not_met], "", "{printed}");
    }
    let zh = c.ok(&["print", "standings", EV, "--lang", "zh-Hans"]);
    assert!(zh.contains("| 直胜 |"), "{zh}");
    // Each team's own cell is marked, never blank like an unplayed match.
    let csv = c.ok(&["print", "crosstable", EV, "--format", "csv", "--no-bom"]);
    for (i, line) in csv.lines().skip(1).enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[2 + i], "#", "{csv}");
    }
    let html = c.ok(&["print", "crosstable", EV, "--format", "html"]);
    assert_eq!(html.matches("class=\"self\"").count(), 6, "{html}");
}

/// The pairing sheet lists the matches (home, score, away), then each
/// match's boards with each team's player on its own side; the empty
/// board is marked and the present player is not called absent, only
/// the player who was lined up and did not come is; the sheet fits 80
/// columns.
/// `qishe standings` on screen shows 直胜 as the printed standings do: the
/// match points among the teams level on match points where they met,
/// blank where they have not; its CSV keeps the tie-break's own value.
#[test]
fn the_standings_screen_shows_direct_encounter_as_the_printed_standings() {
    let c = league();
    let printed = c.ok(&["print", "standings", EV, "--format", "csv", "--no-bom"]);
    let screen = c.ok(&["standings", EV]);
    // `2.00` on screen is the printed `2`.
    let short = |v: &str| {
        if v.contains('.') {
            v.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            v.to_string()
        }
    };
    let mut filled = 0;
    for r in csv_rows(&printed) {
        let line = screen
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(r["team"].as_str()))
            .unwrap_or_else(|| panic!("{}:\n{screen}", r["team"]));
        // rank, team, match points, game points, 直胜 (blank where not
        // met), 台次分.
        let cells: Vec<&str> = line.split_whitespace().collect();
        let shown = if cells.len() > 5 {
            short(cells[4])
        } else {
            String::new()
        };
        assert_eq!(shown, r["direct"], "{line}\n{printed}");
        filled += usize::from(!shown.is_empty());
    }
    assert_eq!(filled, 2, "{screen}");
}

#[test]
fn team_pairings_list_matches_then_boards_by_team() {
    let c = league();
    let zh = c.ok(&["print", "pairings", EV, "--lang", "zh-Hans"]);
    assert!(zh.lines().all(|l| width(l) <= 80), "{zh}");
    assert!(
        zh.contains("主队") && zh.contains("客队") && zh.contains("比分"),
        "{zh}"
    );
    assert!(!zh.contains("红方"), "{zh}");
    // The one absent: the away player of match 1's board 1, who did not
    // come (not the player facing the empty board, not the reserves).
    assert_eq!(zh.matches("缺席").count(), 1, "{zh}");
    let board1 = zh.lines().find(|l| l.contains("(缺席)")).unwrap();
    assert!(
        board1.starts_with("   1 |") && board1.contains("2:0"),
        "{zh}"
    );
    assert!(zh.contains("(空台)"), "{zh}");
    assert!(zh.contains("第1场  "), "{zh}");
    let en = c.ok(&["print", "pairings", EV, "--lang", "en"]);
    assert!(en.contains("Home") && en.contains("(empty)"), "{en}");
    // Nobody is absent in round 3: not the player facing the empty board
    // (his team scored it), not the reserves who were not lined up.
    let show = c.ok(&["round", "show", EV, "3"]);
    assert!(!show.contains("absent"), "{show}");
}

/// The match score sheet names both teams at its head and fits 80
/// columns: neither 台次 nor a team name is cut.
#[test]
fn match_score_sheets_fit_80_columns() {
    let c = league();
    for lang in ["zh-Hans", "zh-Hant", "en"] {
        let t = c.ok(&["print", "slips", EV, "--lang", lang]);
        assert!(t.lines().all(|l| width(l) <= 80), "{t}");
        assert!(!t.contains('…'), "{t}");
        assert!(t.contains("四川成都懿锦控股象棋队"), "{t}");
    }
    let zh = c.ok(&["print", "slips", EV, "--lang", "zh-Hans"]);
    assert!(zh.contains("台次") && zh.contains("主队队长签名"), "{zh}");
}

/// The check-in sheet goes by team: each team's roster in board order,
/// reserves marked, no club column.
#[test]
fn the_check_in_sheet_goes_by_team() {
    let c = league();
    let zh = c.ok(&["print", "checkin", EV, "--lang", "zh-Hans"]);
    assert!(!zh.contains("单位"), "{zh}");
    assert!(zh.contains("替补"), "{zh}");
    let first = zh.find("广东碧桂园象棋队").unwrap();
    let lv = zh.find("吕钦").unwrap();
    assert!(first < lv, "{zh}");
    let csv = c.ok(&["print", "checkin", EV, "--format", "csv", "--no-bom"]);
    assert!(
        csv.starts_with("team,board,no,name,rating,signature"),
        "{csv}"
    );
    assert!(
        csv.contains("广东碧桂园象棋队,5 (reserve)") || csv.contains("广东碧桂园象棋队,5 (替补)"),
        "{csv}"
    );
}

/// The published site of a team league is its team documents, in the
/// club's language.
#[test]
fn the_published_site_has_the_team_documents() {
    let c = league();
    let dir = c.path("site");
    c.ok(&["publish", EV, "-o", dir.to_str().unwrap()]);
    // The club's language here is English (the tests' locale); the
    // other language's pages are under zh-Hans/.
    let round = std::fs::read_to_string(dir.join("zh-Hans/round-3.html")).unwrap();
    assert!(
        round.contains("主队") && round.contains("(空台)"),
        "{round}"
    );
    assert!(
        !dir.join("standings-3.html").exists(),
        "round 3 is not complete"
    );
    let st = std::fs::read_to_string(dir.join("zh-Hans/standings-2.html")).unwrap();
    assert!(st.contains("名次表") && st.contains("第3轮进行中"), "{st}");
    let en = std::fs::read_to_string(dir.join("round-3.html")).unwrap();
    assert!(en.contains("Home") && en.contains("(empty)"), "{en}");
    // The index tells the standings pages apart by the round they stand
    // after, in every language, as for an individual event (a 繁體 club's
    // site has its pages at the top).
    let hant = c.path("site-hant");
    let o = c.run_lang(
        "zh_TW.UTF-8",
        &["publish", EV, "-o", hant.to_str().unwrap()],
    );
    assert!(o.status.success(), "{o:?}");
    for (index, after) in [
        (dir.join("index.html"), ["After round 1", "After round 2"]),
        (dir.join("zh-Hans/index.html"), ["第1轮后", "第2轮后"]),
        (hant.join("index.html"), ["第1輪後", "第2輪後"]),
    ] {
        let html = std::fs::read_to_string(&index).unwrap();
        let index = index.display();
        for (r, words) in after.iter().enumerate() {
            let link = format!("href=\"standings-{}.html\">", r + 1);
            // The last link: the page list, after the navigation bar.
            let at = html
                .rfind(&link)
                .unwrap_or_else(|| panic!("{link} in {html}"));
            let text = &html[at + link.len()..];
            let text = &text[..text.find("</a>").unwrap()];
            assert!(text.ends_with(words), "{index}: {text}");
        }
        let at = html.rfind("href=\"crosstable.html\">").unwrap();
        assert!(html[at..].contains(after[1]), "{index}");
    }
}
