//! The event's paperwork through the real binary: the programme book
//! (秩序册), the results book (成绩册), table cards (台签), score sheets
//! (记录纸) and certificates, for a Swiss, a round robin, a team event and
//! a knockout, in 简体, 繁體 and English, as text and HTML. The tests
//! check the structure: the sections, names and numbers each must show.

use crate::common::pdf::{self, FONT};
use crate::common::Club;

const PLAYERS: [(&str, &str, &str); 6] = [
    ("王天一", "m", "杭州"),
    ("郑惟桐", "m", "四川"),
    ("唐丹", "f", "北京"),
    ("许银川", "m", "广东"),
    ("王琳娜", "f", "黑龙江"),
    ("赵鑫鑫", "m", "浙江"),
];

fn club() -> Club {
    let c = Club::new();
    for (i, (n, sex, club)) in PLAYERS.iter().enumerate() {
        let rating = (2700 - 20 * i).to_string();
        c.ok(&[
            "player", "add", n, "--sex", sex, "--club", club, "--rating", &rating, "--born", "1990",
        ]);
    }
    c
}

/// A Swiss of 6 with round 1 paired and played, round 2 paired.
fn swiss(c: &Club) {
    c.ok(&[
        "event",
        "new",
        "瑞士赛",
        "--system",
        "dutch",
        "--rounds",
        "5",
        "--date",
        "2026-12-05",
    ]);
    let mut enter = vec!["event", "enter", "瑞士赛"];
    enter.extend(PLAYERS.iter().map(|p| p.0));
    c.ok(&enter);
    c.ok(&["event", "schedule", "瑞士赛", "1", "2026-12-05 09:00"]);
    c.ok(&["round", "pair", "瑞士赛"]);
    for b in 1..=3 {
        c.ok(&["result", "瑞士赛", "1", &b.to_string(), "1-0"]);
    }
    c.ok(&["round", "pair", "瑞士赛"]);
}

fn round_robin(c: &Club) {
    c.ok(&[
        "event",
        "new",
        "循环赛",
        "--system",
        "berger",
        "--rounds",
        "3",
    ]);
    c.ok(&[
        "event",
        "enter",
        "循环赛",
        "王天一",
        "郑惟桐",
        "唐丹",
        "许银川",
    ]);
    c.ok(&["round", "pair", "循环赛"]);
}

fn team(c: &Club) {
    c.ok(&[
        "event",
        "new",
        "团体赛",
        "--teams",
        "--boards",
        "2",
        "--scheme",
        "standard",
        "--system",
        "berger",
        "--rounds",
        "1",
    ]);
    c.ok(&[
        "team",
        "add",
        "团体赛",
        "红队",
        "--players",
        "王天一,郑惟桐",
    ]);
    c.ok(&["team", "add", "团体赛", "黑队", "--players", "唐丹,许银川"]);
    c.ok(&["round", "pair", "团体赛"]);
}

fn knockout(c: &Club) {
    c.ok(&["event", "new", "淘汰赛", "--system", "knockout"]);
    c.ok(&[
        "event",
        "enter",
        "淘汰赛",
        "王天一",
        "郑惟桐",
        "唐丹",
        "许银川",
    ]);
    c.ok(&["round", "pair", "淘汰赛"]);
}

fn print(c: &Club, kind: &str, ev: &str, lang: &str, more: &[&str]) -> String {
    let mut args = vec!["print", kind, ev, "--lang", lang];
    args.extend(more);
    c.ok(&args)
}

#[test]
fn the_programme_book_of_each_kind_of_event() {
    let c = club();
    swiss(&c);
    round_robin(&c);
    team(&c);
    knockout(&c);
    for ev in ["瑞士赛", "循环赛", "团体赛", "淘汰赛"] {
        let t = print(&c, "programme", ev, "zh-Hans", &[]);
        for want in [
            "秩序册",
            ev,
            "竞赛规程摘要",
            "竞赛日程",
            "裁判长",
            "参赛名单",
            "王天一",
            "许银川",
            "对阵表",
        ] {
            assert!(t.contains(want), "{ev}: {want}\n{t}");
        }
        let h = print(&c, "programme", ev, "zh-Hant", &["--format", "html"]);
        assert!(h.contains("秩序冊") && h.contains("競賽規程摘要"), "{ev}");
        let e = print(&c, "programme", ev, "en", &[]);
        assert!(
            e.contains("Programme") && e.contains("Participants"),
            "{ev}\n{e}"
        );
    }
    let t = print(&c, "programme", "瑞士赛", "zh-Hans", &[]);
    assert!(t.contains("2026-12-05 09:00"), "{t}");
    // The rules speak the reader's language, not the settings' codes.
    assert!(t.contains("中国象棋协会 2011 年规则"), "{t}");
    assert!(t.contains("轮空者对手分: 按最低分; 请假轮空: 记0分"), "{t}");
    for code in ["cxa2011", "lowest", "standard"] {
        assert!(!t.contains(code), "{code}\n{t}");
    }
    let e = print(&c, "programme", "瑞士赛", "en", &[]);
    assert!(
        e.contains("Chinese Xiangqi Association rules (2011)"),
        "{e}"
    );
    assert!(
        e.contains("opponent counts lowest score; requested bye scores 0"),
        "{e}"
    );
    assert!(t.contains("杭州") && t.contains("女"), "{t}");
    let t = print(&c, "programme", "团体赛", "zh-Hans", &[]);
    assert!(t.contains("红队") && t.contains("黑队"), "{t}");
    let t = print(&c, "programme", "淘汰赛", "zh-Hans", &[]);
    assert!(t.contains("上半区"), "{t}");
}

#[test]
fn the_results_book_of_each_kind_of_event() {
    let c = club();
    swiss(&c);
    round_robin(&c);
    team(&c);
    knockout(&c);
    let t = print(&c, "results-book", "瑞士赛", "zh-Hans", &[]);
    for want in [
        "成绩册",
        "第1轮",
        "名次表",
        "交叉表",
        "裁判长签字",
        "王天一",
    ] {
        assert!(t.contains(want), "{want}\n{t}");
    }
    // With a prize list, the prize sheet is in the book.
    let f = c.path("p.csv");
    std::fs::write(&f, "category,place,value\noverall,1,500\nsex=f,1,200\n").unwrap();
    c.ok(&["event", "prizes", "瑞士赛", f.to_str().unwrap()]);
    let t = print(&c, "results-book", "瑞士赛", "zh-Hans", &[]);
    assert!(t.contains("奖金分配表") && t.contains("女子第1名"), "{t}");
    let h = print(&c, "results-book", "循环赛", "en", &["--format", "html"]);
    assert!(h.contains("Results book"), "{h}");
    let t = print(&c, "results-book", "团体赛", "zh-Hant", &[]);
    assert!(t.contains("成績冊") && t.contains("红队"), "{t}");
    // The bracket chart with every round's matches and games.
    let t = print(&c, "results-book", "淘汰赛", "zh-Hans", &[]);
    assert!(t.contains("对阵图") && t.contains("晋级"), "{t}");
}

#[test]
fn table_cards_and_score_sheets_of_a_round() {
    let c = club();
    swiss(&c);
    team(&c);
    knockout(&c);
    // Round 1 of the Swiss: three boards, a card and a sheet each.
    let h = print(
        &c,
        "table-cards",
        "瑞士赛",
        "zh-Hans",
        &["--round", "1", "--format", "html"],
    );
    assert_eq!(h.matches("class=\"card\"").count(), 3, "{h}");
    for b in 1..=3 {
        assert!(h.contains(&format!("第{b}台")), "{b}");
    }
    let t = print(&c, "table-cards", "瑞士赛", "en", &["--round", "1"]);
    assert!(t.contains("B o a r d   1") || t.contains("Board 1"), "{t}");
    // Without a round: a name card per player.
    let h = print(
        &c,
        "table-cards",
        "瑞士赛",
        "zh-Hans",
        &["--format", "html"],
    );
    assert_eq!(h.matches("class=\"card\"").count(), 6);
    assert!(h.contains("唐丹"));
    let h = print(
        &c,
        "score-sheets",
        "瑞士赛",
        "zh-Hans",
        &["--round", "2", "--format", "html"],
    );
    assert_eq!(h.matches("对局记录纸").count(), 3, "three sheets");
    assert!(h.contains(">100</td>") && h.contains(">50</td>"));
    assert!(h.contains("红方签字") && h.contains("裁判签字"));
    let t = print(&c, "score-sheets", "瑞士赛", "zh-Hant", &["--round", "1"]);
    assert!(t.contains("記錄紙") || t.contains("對局記錄紙"), "{t}");
    // A team match's boards, labelled with the match.
    let h = print(
        &c,
        "score-sheets",
        "团体赛",
        "zh-Hans",
        &["--round", "1", "--format", "html"],
    );
    assert!(
        h.contains("红队 – 黑队") || h.contains("黑队 – 红队"),
        "{h}"
    );
    let h = print(
        &c,
        "table-cards",
        "淘汰赛",
        "en",
        &["--round", "1", "--format", "html"],
    );
    assert_eq!(h.matches("class=\"card\"").count(), 2);
    // A round not paired yet.
    let e = c.fails(&["print", "score-sheets", "瑞士赛", "--round", "4"]);
    assert!(e.contains("4"), "{e}");
}

#[test]
fn certificates_a_page_per_prize_from_the_clubs_template() {
    let c = club();
    swiss(&c);
    let f = c.path("p.csv");
    std::fs::write(
        &f,
        "category,place,value\noverall,1,500\noverall,2,300\nsex=f,1,奖杯\n",
    )
    .unwrap();
    c.ok(&["event", "prizes", "瑞士赛", f.to_str().unwrap()]);
    let h = print(
        &c,
        "certificates",
        "瑞士赛",
        "zh-Hans",
        &["--format", "html"],
    );
    assert_eq!(h.matches("class=\"cert\"").count(), 3, "{h}");
    assert!(h.contains("A4 landscape"));
    assert!(h.contains("荣誉证书") && h.contains("总名次第1名") && h.contains("女子第1名"));
    assert!(
        !h.contains(">500<") && !h.contains("500"),
        "no amount on a certificate"
    );
    let e = print(&c, "certificates", "瑞士赛", "en", &["--format", "html"]);
    assert!(e.contains("Certificate of Award") && e.contains("总名次第1名 (Overall, place 1)"));
    // A page each.
    assert_eq!(e.matches("<section>").count(), 3);
    let t = print(&c, "certificates", "瑞士赛", "en", &[]);
    assert_eq!(t.matches('\x0c').count(), 2, "{t}");
    // The club's template.
    let tpl = c.path("cert.toml");
    std::fs::write(
        &tpl,
        "title = \"奖状\"\nlines = [\"{event} · {prize}\"]\nfooter = [\"{organiser}\"]\norganiser = \"红星象棋协会\"\n",
    )
    .unwrap();
    let h = print(
        &c,
        "certificates",
        "瑞士赛",
        "zh-Hans",
        &["--format", "html", "--template", tpl.to_str().unwrap()],
    );
    assert!(
        h.contains("奖状") && h.contains("红星象棋协会") && h.contains("瑞士赛 · 总名次第1名"),
        "{h}"
    );
    // A typo in the template names its line.
    std::fs::write(&tpl, "title = \"奖状\"\nlines = [\"{prise}\"]\n").unwrap();
    let e = c.fails(&[
        "print",
        "certificates",
        "瑞士赛",
        "--template",
        tpl.to_str().unwrap(),
    ]);
    assert!(
        e.contains("cert.toml") && e.contains(":2:") && e.contains("{prise}"),
        "{e}"
    );
}

/// A player holding two prizes of one place (a share of the overall money
/// and the place's item, prizes.md §5) gets one certificate for it; the
/// prize sheet still lists both.
#[test]
fn one_certificate_for_two_prizes_of_one_place() {
    let c = club();
    swiss(&c);
    // After round 1 three players are level on 1 point: overall places
    // 1..3 share 300 + 0 + 0, and place 2's item goes to position 2 too.
    let f = c.path("p.csv");
    std::fs::write(&f, "category,place,value\noverall,1,300\noverall,2,证书\n").unwrap();
    c.ok(&[
        "event",
        "prizes",
        "瑞士赛",
        f.to_str().unwrap(),
        "--sharing",
        "equal",
    ]);
    let sheet = c.ok(&["prizes", "瑞士赛", "--format", "csv"]);
    let place2: Vec<&str> = sheet
        .lines()
        .filter(|l| l.contains(",overall,2,"))
        .collect();
    assert_eq!(place2.len(), 2, "money and item of place 2: {sheet}");
    let h = print(
        &c,
        "certificates",
        "瑞士赛",
        "zh-Hans",
        &["--format", "html"],
    );
    assert_eq!(h.matches("class=\"cert\"").count(), 3, "{h}");
    assert_eq!(h.matches("总名次第2名").count(), 1, "{h}");
    assert_eq!(h.matches("总名次第3名").count(), 1, "{h}");
}

/// `qishe print KIND EVENT --format pdf` in 简体: the file's pages
/// (counted in the file) and its text layer through pdftotext, when
/// installed.
fn pdf(c: &Club, kind: &str, ev: &str, more: &[&str]) -> (usize, Option<String>) {
    pdf_in(c, kind, ev, "zh-Hans", more)
}

/// Every paperwork document as a PDF: the programme book, the results
/// book, table cards (a folded page a board), score sheets (a page a
/// game) and certificates (a page a prize), their pages counted and their
/// names in the text layer.
#[test]
fn every_paperwork_document_is_a_pdf() {
    pdf::font_or_skip!();
    let c = club();
    swiss(&c);
    let f = c.path("p.csv");
    std::fs::write(&f, "category,place,value\noverall,1,500\nsex=f,1,奖杯\n").unwrap();
    c.ok(&["event", "prizes", "瑞士赛", f.to_str().unwrap()]);
    let check =
        |kind: &str, more: &[&str], pages: std::ops::RangeInclusive<usize>, wants: &[&str]| {
            let (n, text) = pdf(&c, kind, "瑞士赛", more);
            assert!(pages.contains(&n), "{kind}: {n} pages");
            if let Some(t) = text {
                for w in wants {
                    assert!(t.contains(w), "{kind}: {w}\n{t}");
                }
            }
        };
    check("programme", &[], 2..=12, &["秩序册", "王天一", "唐丹"]);
    check(
        "results-book",
        &[],
        3..=20,
        &["成绩册", "名次表", "裁判长签字"],
    );
    // Three boards in round 1: a folded card each; six players: a name card each.
    check("table-cards", &["--round", "1"], 3..=3, &["第1台", "第3台"]);
    check("table-cards", &[], 6..=6, &["唐丹", "赵鑫鑫"]);
    check(
        "score-sheets",
        &["--round", "2"],
        3..=3,
        &["对局记录纸", "100", "裁判签字"],
    );
    check(
        "certificates",
        &[],
        2..=2,
        &["荣誉证书", "总名次第1名", "女子第1名"],
    );
}

/// `qishe print KIND EVENT --format pdf --lang LANG` into `KIND-LANG.pdf`:
/// A4 pages (upright or turned) with the font embedded, and the text layer.
fn pdf_in(c: &Club, kind: &str, ev: &str, lang: &str, more: &[&str]) -> (usize, Option<String>) {
    let out = c.path(&format!("{kind}-{lang}.pdf"));
    let mut args = vec![
        "print",
        kind,
        ev,
        "--lang",
        lang,
        "--format",
        "pdf",
        "--font",
        FONT,
        "-o",
        out.to_str().unwrap(),
        "--force",
    ];
    args.extend(more);
    c.ok(&args);
    let facts = pdf::facts(&std::fs::read(&out).unwrap());
    assert!(facts.all_a4(), "{kind} {lang}: A4, {:?}", facts.media);
    (facts.pages, pdf::text(&out))
}

/// A team event of three teams on two boards, two rounds played, and a
/// knockout of four played to its end: every document of each as a PDF
/// in 繁體 and English, its words in that language and the names in it.
#[test]
fn every_document_of_a_team_event_and_a_knockout_is_a_pdf_in_traditional_and_english() {
    pdf::font_or_skip!();
    let c = club();
    c.ok(&[
        "event",
        "new",
        "團體賽",
        "--teams",
        "--boards",
        "2",
        "--scheme",
        "standard",
        "--system",
        "berger",
        "--rounds",
        "3",
    ]);
    for (t, p) in [
        ("紅隊", "王天一,郑惟桐"),
        ("黑隊", "唐丹,许银川"),
        ("藍隊", "王琳娜,赵鑫鑫"),
    ] {
        c.ok(&["team", "add", "團體賽", t, "--players", p]);
    }
    for r in ["1", "2"] {
        c.ok(&["round", "pair", "團體賽"]);
        let show = c.ok(&["round", "show", "團體賽", r, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&show).unwrap();
        for (i, b) in v.as_array().unwrap().iter().enumerate() {
            let board = b["board"].as_str().unwrap().to_string();
            let res = ["1-0", "1/2-1/2", "0-1"][i % 3];
            c.ok(&["result", "團體賽", r, &board, res]);
        }
    }
    knockout(&c);
    // The match slips of the games due, before any is played.
    for lang in ["zh-Hant", "en"] {
        let (pages, text) = pdf_in(&c, "slips", "淘汰赛", lang, &[]);
        assert!(pages >= 1);
        if let Some(t) = text {
            assert!(t.contains("王天一") && t.contains("许银川"), "{lang}\n{t}");
        }
    }
    // Each match's due games until the final is decided: red wins.
    for _ in 0..12 {
        let slips = c.ok(&["knockout", "slips", "淘汰赛", "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&slips).unwrap();
        let Some(s) = v.as_array().and_then(|a| a.first()) else {
            let paired = c.run(&["round", "pair", "淘汰赛"]);
            if !paired.status.success() {
                break;
            }
            continue;
        };
        let n = |k: &str| {
            s[k].as_u64()
                .map(|x| x.to_string())
                .unwrap_or_else(|| s[k].as_str().unwrap().to_string())
        };
        let (r, b, g) = (n("round"), n("board"), n("game"));
        c.ok(&["result", "淘汰赛", &r, &b, "1-0", "--game", &g]);
    }
    let (_, text) = pdf_in(&c, "standings", "淘汰赛", "en", &[]);
    if let Some(t) = &text {
        assert!(t.contains("Standings"), "{t}");
    }
    let team_docs: [(&str, &[&str]); 9] = [
        ("pairings", &["--round", "2"]),
        ("slips", &["--round", "2"]),
        ("standings", &[]),
        ("crosstable", &[]),
        ("checkin", &[]),
        ("programme", &[]),
        ("results-book", &[]),
        ("table-cards", &["--round", "2"]),
        ("score-sheets", &["--round", "2"]),
    ];
    let ko_docs: [(&str, &[&str]); 9] = [
        ("pairings", &["--round", "1"]),
        ("standings", &[]),
        ("crosstable", &[]),
        ("bracket", &[]),
        ("checkin", &[]),
        ("programme", &[]),
        ("results-book", &[]),
        ("table-cards", &["--round", "1"]),
        ("score-sheets", &["--round", "1"]),
    ];
    for (ev, docs, names) in [
        ("團體賽", &team_docs[..], ["紅隊", "唐丹"]),
        ("淘汰赛", &ko_docs[..], ["王天一", "许银川"]),
    ] {
        for (kind, more) in docs {
            for lang in ["zh-Hant", "en"] {
                let (pages, text) = pdf_in(&c, kind, ev, lang, more);
                assert!(pages >= 1, "{ev} {kind} {lang}");
                let Some(t) = text else { continue };
                assert!(t.contains(ev), "{ev} {kind} {lang}: the event\n{t}");
                // Some name of the event on every document.
                assert!(
                    names.iter().any(|n| t.contains(n)) || *kind == "checkin" && t.contains("王"),
                    "{ev} {kind} {lang}: a name\n{t}"
                );
                // 繁體 words, no 简体 ones the headings use.
                if lang == "zh-Hant" {
                    for simplified in ["对阵表", "签到表", "成绩册", "秩序册", "记录纸", "轮空"]
                    {
                        assert!(!t.contains(simplified), "{ev} {kind}: {simplified}\n{t}");
                    }
                } else {
                    assert!(
                        !t.contains("第1轮") && !t.contains("第1輪") && !t.contains("名次"),
                        "{ev} {kind} en\n{t}"
                    );
                }
            }
        }
        let (_, t) = pdf_in(&c, "results-book", ev, "zh-Hant", &[]);
        if let Some(t) = t {
            assert!(t.contains("成績冊"), "{t}");
        }
        let (_, t) = pdf_in(&c, "programme", ev, "en", &[]);
        if let Some(t) = t {
            assert!(t.contains("Programme") && t.contains("Participants"), "{t}");
        }
    }
    // The team results book: the matches of both rounds, the standings
    // with every board's game points, the board prizes.
    let (_, t) = pdf_in(&c, "results-book", "團體賽", "en", &[]);
    if let Some(t) = t {
        for want in [
            "Round 1",
            "Round 2",
            "Board GP",
            "Board prizes",
            "紅隊",
            "藍隊",
        ] {
            assert!(t.contains(want), "{want}\n{t}");
        }
    }
}
