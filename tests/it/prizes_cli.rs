//! Prize lists through the real binary (specs/prizes.md §6, §7): the club
//! of the spec's examples entered with `player add`, its standings
//! imported from a TRF file that gives exactly the examples' points and
//! order (`data/prizes/README.md`), the lists stored with `event prizes`
//! and the allocations read back as CSV, JSON and text.

use crate::common::Club;
use std::path::Path;

/// The club of the examples: name, sex, born, rating, club (`-`: none).
const MEMBERS: [(&str, &str, &str, &str, &str); 12] = [
    ("王强", "m", "1985", "2210", "红星"),
    ("李娜", "f", "1990", "2050", "蓝天"),
    ("张伟", "m", "1958", "1980", "红星"),
    ("刘洋", "m", "2011", "1720", "-"),
    ("陈静", "f", "2010", "1650", "蓝天"),
    ("赵磊", "m", "1962", "0", "红星"),
    ("孙丽", "f", "-", "1540", "蓝天"),
    ("周杰", "m", "1975", "1420", "红星"),
    ("吴敏", "f", "2012", "1380", "-"),
    ("郑浩", "m", "-", "-", "-"),
    ("冯刚", "m", "1970", "1500", "-"),
    ("何平", "m", "1980", "1300", "-"),
];

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/prizes")
        .join(name)
        .display()
        .to_string()
}

/// The club with its members, and the event of example `n` (1 or 2)
/// imported as `示例N`.
fn club(n: u32) -> Club {
    let c = Club::new();
    for (name, sex, born, rating, club) in MEMBERS {
        let mut args = vec!["player", "add", name, "--sex", sex];
        if born != "-" {
            args.extend(["--born", born]);
        }
        if rating != "-" {
            args.extend(["--rating", rating]);
        }
        if club != "-" {
            args.extend(["--club", club]);
        }
        c.ok(&args);
    }
    let trf = data(&format!("example{n}.trf"));
    c.ok(&["import", "trf", &trf, "--name", &format!("示例{n}")]);
    c
}

fn write(c: &Club, name: &str, text: &str) -> String {
    let p = c.path(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

const LIST_1: &str = "category,place,value
overall,1,2000
overall,2,1200
overall,3,800
overall,4,500
sex=f,1,1500
sex=f,2,400
born>=2010,1,300
born<=1965,1,300
unrated,1,200
born>=2015,1,200
club=红星,1,奖杯
overall,5,证书
";

const LIST_2: &str = "category,place,value
overall,1,2000
overall,2,1000
overall,3,500
overall,4,300
overall,5,证书
sex=f,1,400
born<=1965,1,300
";

#[test]
fn the_imported_standings_are_the_examples() {
    let c = club(2);
    let out = c.ok(&["standings", "示例2", "--format", "csv"]);
    let rows: Vec<(String, String, String)> = out
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].into(), f[1].into(), f[2].into())
        })
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(names, MEMBERS.map(|m| m.0));
    let points: Vec<&str> = rows.iter().map(|r| r.2.as_str()).collect();
    assert_eq!(
        points,
        [
            "5.50", "5.00", "4.50", "4.50", "4.50", "4.00", "3.50", "3.50", "3.00", "2.50", "2.00",
            "1.00"
        ]
    );
}

#[test]
fn example_1_as_csv() {
    let c = club(1);
    let f = write(&c, "prizes.csv", LIST_1);
    c.ok(&["event", "prizes", "示例1", &f]);
    let out = c.ok(&["prizes", "示例1", "--format", "csv"]);
    assert_eq!(
        out,
        "rank,name,category,place,amount,item
1,王强,overall,1,2000,
2,李娜,sex=f,1,1500,
3,张伟,overall,2,1200,
4,刘洋,overall,3,800,
5,陈静,overall,4,500,
6,赵磊,born<=1965,1,300,
7,孙丽,sex=f,2,400,
8,周杰,club=红星,1,,奖杯
9,吴敏,born>=2010,1,300,
10,郑浩,unrated,1,200,
11,冯刚,overall,5,,证书
"
    );
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["prizes", "示例1", "--format", "json"])).unwrap();
    assert_eq!(json["sharing"], "none");
    assert_eq!(json["event"], "示例1");
    assert_eq!(
        json["not_awarded"],
        serde_json::json!([{"category": "born>=2015", "place": 1, "value": "200"}])
    );
    assert_eq!(json["prizes"][7]["item"], "奖杯");
    assert_eq!(json["prizes"][7]["amount"], serde_json::Value::Null);
}

#[test]
fn example_2_equal_and_3_hort_as_the_spec_prints_them() {
    let c = club(2);
    let f = write(&c, "list.csv", LIST_2);
    c.ok(&["event", "prizes", "示例2", &f, "--sharing", "equal"]);
    assert_eq!(
        c.ok(&["prizes", "示例2", "--format", "csv"]),
        "rank,name,category,place,amount,item
1,王强,overall,1,2000,
2,李娜,overall,2,1000,
3,张伟,overall,3,267,
4,刘洋,overall,4,267,
5,陈静,overall,5,266,
5,陈静,overall,5,,证书
6,赵磊,born<=1965,1,300,
7,孙丽,sex=f,1,400,
"
    );
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["prizes", "示例2", "--format", "json"])).unwrap();
    assert_eq!(json["sharing"], "equal");
    assert_eq!(
        json["prizes"][2],
        serde_json::json!({"rank": 3, "name": "张伟", "category": "overall", "place": 3, "amount": 267, "item": null})
    );
    assert_eq!(json["not_awarded"], serde_json::json!([]));
    let text = c.ok(&["prizes", "示例2"]);
    assert!(text.contains("267 (800 ÷ 3, 同分均分)"), "{text}");
    assert!(text.contains("266 (800 ÷ 3, 同分均分)"), "{text}");
    assert!(text.contains("总名次第3名"), "{text}");
    assert!(text.contains("女子第1名"), "{text}");
    assert!(text.contains("老年组 (1965年及以前出生) 第1名"), "{text}");
    assert!(
        text.contains("money handed out: 4500 of the list's 4500"),
        "{text}"
    );

    c.ok(&["event", "prizes", "示例2", &f, "--sharing", "hort"]);
    let csv = c.ok(&["prizes", "示例2", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        &lines[3..6],
        [
            "3,张伟,overall,3,384,",
            "4,刘洋,overall,4,283,",
            "5,陈静,overall,5,133,"
        ]
    );
    let text = c.ok(&["prizes", "示例2"]);
    assert!(text.contains("384 (500 ÷ 2 + 800 ÷ 6, Hort制)"), "{text}");

    // The same list without sharing (§5, after example 3).
    c.ok(&["event", "prizes", "示例2", &f]);
    assert_eq!(
        c.ok(&["prizes", "示例2", "--format", "csv"]),
        "rank,name,category,place,amount,item
1,王强,overall,1,2000,
2,李娜,overall,2,1000,
3,张伟,overall,3,500,
4,刘洋,overall,4,300,
5,陈静,sex=f,1,400,
6,赵磊,born<=1965,1,300,
7,孙丽,overall,5,,证书
"
    );
}

#[test]
fn the_text_is_a_preview_until_the_event_is_finished_and_names_what_went_to_nobody() {
    let c = club(1);
    let f = write(&c, "prizes.csv", LIST_1);
    c.ok(&["event", "prizes", "示例1", &f]);
    let text = c.ok(&["prizes", "示例1"]);
    assert!(text.contains("preview"), "{text}");
    assert!(
        text.contains("少年组 (2015年及以后出生) 第1名 (Juniors (born 2015 or later), place 1) (200): nobody eligible"),
        "{text}"
    );
    // Overall 2 passed over 李娜, who had the women's prize.
    let line = text.lines().find(|l| l.contains("张伟")).unwrap();
    assert!(line.contains("李娜 already had a prize"), "{line}");
    assert!(
        text.contains("money handed out: 7200 of the list's 7400"),
        "{text}"
    );
    c.ok(&["event", "finish", "示例1", "--force"]);
    let text = c.ok(&["prizes", "示例1"]);
    assert!(!text.contains("preview"), "{text}");
}

#[test]
fn a_corrected_result_changes_the_allocation() {
    let c = club(2);
    let f = write(
        &c,
        "list.csv",
        "category,place,value\noverall,1,100\noverall,2,50\n",
    );
    c.ok(&["event", "prizes", "示例2", &f]);
    let before = c.ok(&["prizes", "示例2", "--format", "csv"]);
    assert!(before.contains("1,王强,overall,1,100,"), "{before}");
    assert!(before.contains("2,李娜,overall,2,50,"), "{before}");
    // Round 8, board 1: 吴敏 (red) v 王强 was 0-1; now red wins, and 王强
    // (4.5) drops below 李娜 (5).
    let show = c.ok(&["round", "show", "示例2", "8", "--format", "csv"]);
    assert!(show.contains("1,9,吴敏,1,王强,0-1"), "{show}");
    c.ok(&["result", "示例2", "8", "1", "1-0"]);
    let after = c.ok(&["prizes", "示例2", "--format", "csv"]);
    assert!(after.contains("1,李娜,overall,1,100,"), "{after}");
    assert!(!after.contains("王强"), "{after}");
}

#[test]
fn storing_is_one_undoable_change_replacing_the_earlier_list() {
    let c = club(2);
    let one = write(&c, "one.csv", "category,place,value\noverall,1,100\n");
    let two = write(&c, "two.csv", "category,place,value\noverall,1,900\n");
    // No list yet: an error, exit status 1.
    let o = c.run(&["prizes", "示例2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no prize list"));
    c.ok(&["event", "prizes", "示例2", &one]);
    c.ok(&["event", "prizes", "示例2", &two, "--sharing", "hort"]);
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["prizes", "示例2", "--format", "json"])).unwrap();
    assert_eq!(
        (
            json["sharing"].as_str(),
            json["prizes"][0]["amount"].as_u64()
        ),
        (Some("hort"), Some(900))
    );
    c.ok(&["undo"]);
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["prizes", "示例2", "--format", "json"])).unwrap();
    assert_eq!(
        (
            json["sharing"].as_str(),
            json["prizes"][0]["amount"].as_u64()
        ),
        (Some("none"), Some(100))
    );
    c.ok(&["undo"]);
    assert_eq!(c.run(&["prizes", "示例2"]).status.code(), Some(1));
    c.ok(&["redo"]);
    assert!(c
        .ok(&["prizes", "示例2", "--format", "csv"])
        .contains(",100,"));
}

#[test]
fn a_bad_file_is_refused_with_file_line_and_reason_and_changes_nothing() {
    let c = club(2);
    let good = write(&c, "good.csv", "category,place,value\noverall,1,100\n");
    c.ok(&["event", "prizes", "示例2", &good]);
    let log_before = c.ok(&["log"]);
    let cases = [
        ("category,place,amount\noverall,1,100\n", "prizes.csv:1: the header must be category,place,value"),
        ("category,place,value\noverall,1\n", "prizes.csv:2: 2 fields"),
        ("category,place,value\nwomen,1,100\n", "prizes.csv:2: unknown category \"women\""),
        ("category,place,value\noverall,0,100\n", "prizes.csv:2: place \"0\" is not a whole number"),
        (
            "category,place,value\noverall,1,500\nsex=f,1,300\nsex=f,2,200\nsex=f,3,100\nsex=f,3,50\n",
            "prizes.csv:6: place 3 of sex=f: expected place 4",
        ),
        (
            "category,place,value\noverall,1,500\nsex=f,1,300\noverall,2,200\nsex=f,3,100\n",
            "prizes.csv:5: place 3 of sex=f: expected place 2",
        ),
        ("category,place,value\noverall,1,\n", "prizes.csv:2: the value is empty"),
        ("category,place,value\noverall,1,12.5\n", "prizes.csv:2: unclear amount \"12.5\""),
        ("category,place,value\noverall,1,0\n", "prizes.csv:2: unclear amount \"0\""),
        ("category,place,value\noverall,1,300\noverall,2,500\n", "prizes.csv:3: place 2 of overall is 500, more than place 1 (300)"),
        ("category,place,value\noverall,1,奖杯\noverall,2,500\n", "prizes.csv:3: place 2 of overall is money after an item"),
    ];
    for (text, want) in cases {
        let f = write(&c, "prizes.csv", text);
        let o = c.run(&["event", "prizes", "示例2", &f, "--sharing", "equal"]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{text}\n{err}");
    }
    assert_eq!(c.ok(&["log"]), log_before);
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["prizes", "示例2", "--format", "json"])).unwrap();
    assert_eq!(json["sharing"], "none");
    // An unknown sharing mode.
    let e = c.fails(&["event", "prizes", "示例2", &good, "--sharing", "split"]);
    assert!(e.contains("\"split\" is not a sharing mode"), "{e}");
}

#[test]
fn team_events_and_knockouts_are_refused() {
    let c = club(2);
    let f = write(&c, "p.csv", "category,place,value\noverall,1,100\n");
    c.ok(&[
        "event", "new", "团体", "--teams", "--boards", "2", "--system", "dutch", "--rounds", "3",
    ]);
    let e = c.fails(&["event", "prizes", "团体", &f]);
    assert!(e.contains("团体 is a team event"), "{e}");
    assert!(c.fails(&["prizes", "团体"]).contains("team event"));
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    let e = c.fails(&["event", "prizes", "杯赛", &f]);
    assert!(e.contains("杯赛 is a knockout"), "{e}");
}

#[test]
fn the_prize_sheet_prints_every_winner_with_a_signature_box() {
    let c = club(2);
    let f = write(&c, "list.csv", LIST_2);
    c.ok(&["event", "prizes", "示例2", &f, "--sharing", "equal"]);
    for lang in ["zh-Hans", "zh-Hant", "en"] {
        let text = c.ok(&["print", "prizes", "示例2", "--lang", lang]);
        for name in ["王强", "李娜", "张伟", "刘洋", "陈静", "赵磊", "孙丽"] {
            assert!(text.contains(name), "{lang}: {name}\n{text}");
        }
        let html = c.ok(&[
            "print", "prizes", "示例2", "--lang", lang, "--format", "html",
        ]);
        assert!(html.contains("267 (800 ÷ 3, 同分均分)"), "{lang}");
        let sign = match lang {
            "zh-Hant" => "領獎人簽字",
            _ => "领奖人签字",
        };
        assert!(html.contains(sign), "{lang}");
    }
    let text = c.ok(&["print", "prizes", "示例2", "--lang", "zh-Hans"]);
    assert!(text.contains("奖金分配表"), "{text}");
    assert!(text.contains("裁判长签字"), "{text}");
    assert!(text.contains("同分均分"), "{text}");
    assert!(text.contains("第3–5名同分 (张伟, 刘洋, 陈静)"), "{text}");
    // In list order: overall 1 before the women's prize.
    assert!(text.find("王强").unwrap() < text.find("孙丽").unwrap());
}

#[test]
fn rating_and_club_are_the_entrys_and_a_withdrawn_player_keeps_his_prizes() {
    let c = club(2);
    // After the event the members' rating and club change, and 王强
    // withdraws; the prizes still follow the start list's rating and club
    // (§1.3) and 王强 stays eligible (§2.3).
    c.ok(&[
        "player", "edit", "王强", "--rating", "1500", "--club", "蓝天",
    ]);
    c.ok(&[
        "player", "edit", "李娜", "--rating", "1900", "--club", "红星",
    ]);
    c.ok(&["event", "withdraw", "示例2", "王强"]);
    let f = write(
        &c,
        "list.csv",
        "category,place,value\noverall,1,1000\nrating<2000,1,300\nclub=蓝天,1,200\nclub=红星,1,100\n",
    );
    c.ok(&["event", "prizes", "示例2", &f]);
    let csv = c.ok(&["prizes", "示例2", "--format", "csv"]);
    // none: overall 1 → 王强 (withdrawn, first); rating<2000 on the entry
    // → 张伟 (1980), not 李娜 (2050 when entered); club=蓝天 → 李娜 (her
    // entry's club), club=红星 → 王强 and 张伟 have prizes, so 赵磊 (6).
    let want = "rank,name,category,place,amount,item
1,王强,overall,1,1000,
2,李娜,club=蓝天,1,200,
3,张伟,rating<2000,1,300,
6,赵磊,club=红星,1,100,
";
    assert_eq!(csv, want);
}

/// The prize sheet and certificates are an individual event's: a knockout
/// and a team event are refused in words a secretary can act on (where
/// their places or board prizes are), in every language, and nothing
/// is written.
#[test]
fn a_knockout_and_a_team_event_are_told_where_their_places_are() {
    let c = Club::new();
    for (name, ..) in &MEMBERS[..4] {
        c.ok(&["player", "add", name]);
    }
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯赛", "王强", "李娜", "张伟", "刘洋"]);
    c.ok(&["event", "new", "联赛", "--teams", "--boards", "2"]);
    let out = c.path("p.pdf");
    for (ev, hans, hant, en) in [
        (
            "杯赛",
            "淘汰赛的名次见对阵图和名次表 (qishe print bracket 杯赛)",
            "淘汰賽的名次見對陣圖和名次表",
            "its places are on its bracket and standings (qishe print bracket 杯赛)",
        ),
        (
            "联赛",
            "团体赛的台次奖见名次表 (qishe standings 联赛 --boards)",
            "團體賽的台次獎見名次表",
            "its board prizes are on its standings (qishe standings 联赛 --boards)",
        ),
    ] {
        for args in [
            vec!["prizes", ev],
            vec!["print", "certificates", ev, "-o", out.to_str().unwrap()],
        ] {
            for (locale, want) in [("zh_CN.UTF-8", hans), ("zh_TW.UTF-8", hant), ("C", en)] {
                let o = c.run_lang(locale, &args);
                let err = String::from_utf8_lossy(&o.stderr);
                assert!(
                    !o.status.success() && err.contains(want),
                    "{args:?} {locale}: {err}"
                );
            }
        }
    }
    assert!(!out.exists());
}
