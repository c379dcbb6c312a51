//! A knockout on paper, in the user's language: an 8-player cup with
//! play-off games, an armageddon game and a third-place match, printed as
//! the bracket chart, the pairing sheet of each round and the match slips.

use super::*;

/// 8 players, two games a match, `games:2,armageddon`, a third-place
/// match; played up to `upto` rounds (3 = finished):
/// - QF1 S01 2–0; QF2 S04–S05 red wins twice (1–1), S05 takes the
///   play-off 1½–½; QF3 S02–S07 two draws, play-off split, armageddon
///   drawn (S07, black, goes through); QF4 S03 a win and a draw.
/// - SF1 S01 2–0 S05; SF2 S07–S03 red wins twice (1–1 with colours
///   swapped), S03 takes the play-off.
/// - Final S01 a win and a draw; third place S05–S07 1–1, S07 wins the
///   play-off 2–0.
fn cup(upto: u32) -> Club {
    let c = club(8);
    knockout(
        &c,
        "CUP",
        8,
        &[
            "--scheme",
            "standard",
            "--games-per-round",
            "2",
            "--playoff",
            "games:2,armageddon",
            "--third-place",
        ],
    );
    let red_wins = |r: u32, b: u32| {
        let (_, red, _) = due(&c, "CUP", r, b);
        play(&c, "CUP", r, b, Some(&red), &[]);
    };
    pair(&c, "CUP");
    play(&c, "CUP", 1, 1, Some("S01"), &[]);
    play(&c, "CUP", 1, 1, Some("S01"), &[]);
    red_wins(1, 2);
    red_wins(1, 2);
    play(&c, "CUP", 1, 2, Some("S05"), &[]);
    play(&c, "CUP", 1, 2, None, &[]);
    for w in [None, None, Some("S02"), Some("S07"), None] {
        play(&c, "CUP", 1, 3, w, &[]);
    }
    play(&c, "CUP", 1, 4, Some("S03"), &[]);
    play(&c, "CUP", 1, 4, None, &[]);
    if upto < 2 {
        return c;
    }
    pair(&c, "CUP");
    play(&c, "CUP", 2, 1, Some("S01"), &[]);
    play(&c, "CUP", 2, 1, Some("S01"), &[]);
    red_wins(2, 2);
    red_wins(2, 2);
    play(&c, "CUP", 2, 2, Some("S03"), &[]);
    play(&c, "CUP", 2, 2, None, &[]);
    if upto < 3 {
        return c;
    }
    pair(&c, "CUP");
    play(&c, "CUP", 3, 1, Some("S01"), &[]);
    play(&c, "CUP", 3, 1, None, &[]);
    red_wins(3, 2);
    red_wins(3, 2);
    play(&c, "CUP", 3, 2, Some("S07"), &[]);
    play(&c, "CUP", 3, 2, Some("S07"), &[]);
    c
}

/// The table rows of a text document, as trimmed cells.
fn cells(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.contains(" | "))
        .map(|l| l.split(" | ").map(|c| c.trim().to_string()).collect())
        .collect()
}

/// Does a row of the text start with these cells?
fn has_row(text: &str, want: &[&str]) -> bool {
    cells(text)
        .iter()
        .any(|r| r.len() >= want.len() && r.iter().zip(want).all(|(a, b)| a == b))
}

fn chart(c: &Club, lang: &str) -> String {
    c.ok(&["bracket", "CUP", "--lang", lang])
}

/// The chart names the rounds as clubs do, in each language, shows the
/// third-place match as a match of its own (in text too), every match's
/// score, play-offs and who went through, in words, never in codes.
#[test]
fn the_bracket_chart_speaks_the_users_language() {
    let c = cup(3);
    let zh = chart(&c, "zh-Hans");
    for w in [
        "四分之一决赛",
        "半决赛",
        "决赛",
        "三四名决赛",
        "冠军",
        "第三名",
    ] {
        assert!(zh.contains(w), "{w}:\n{zh}");
    }
    // Scores in games (a game won 1, a draw ½), not the scheme's 2/1/0
    // points; play-offs apart, in words.
    assert!(
        has_row(&zh, &["1", "S01 (1)", "2–0", "S08 (8)", "S01", "常规对局"]),
        "{zh}"
    );
    assert!(
        has_row(&zh, &["2", "S04 (4)", "1–1", "S05 (5)", "S05", "加赛 ½–1½"]),
        "{zh}"
    );
    assert!(
        has_row(
            &zh,
            &[
                "3",
                "S02 (2)",
                "1–1",
                "S07 (7)",
                "S07",
                "加赛 1–1, 和棋黑胜"
            ]
        ),
        "{zh}"
    );
    for bad in [
        "playoff-games",
        ".00",
        "round 1",
        "champion",
        "armageddon",
        "games:2",
    ] {
        assert!(!zh.contains(bad), "{bad}:\n{zh}");
    }
    // The third-place match has its own heading and table, with its games.
    let third = zh.split("三四名决赛\n==========").nth(1).expect(&zh);
    assert!(
        has_row(
            third,
            &["2", "S05 (5)", "1–1", "S07 (7)", "S07", "加赛 0–2"]
        ),
        "{third}"
    );
    // Each match's games under its own heading: the final's games are not
    // listed under the third-place match.
    assert!(!third.contains("S01") && !third.contains("S03"), "{third}");
    let fin = zh.split("\n决赛\n====\n").nth(1).expect(&zh);
    let fin = fin.split("三四名决赛\n").next().unwrap();
    assert!(
        has_row(fin, &["1", "2", "常规", "S03", "S01", "和"]),
        "{fin}"
    );
    assert!(!fin.contains("S05") && !fin.contains("S07"), "{fin}");
    assert!(zh.contains("冠军: S01   第三名: S07"), "{zh}");
    // The chart: the champion at the end of the tree.
    assert!(zh.contains("+- S01"), "{zh}");
    let hant = chart(&c, "zh-Hant");
    for w in [
        "四分之一決賽",
        "半決賽",
        "決賽",
        "三四名決賽",
        "冠軍",
        "和棋黑勝",
    ] {
        assert!(hant.contains(w), "{w}:\n{hant}");
    }
    let en = chart(&c, "en");
    for w in [
        "Quarter-finals",
        "Semi-finals",
        "Final",
        "Third-place match",
        "Champion: S01",
        "play-off 1–1, armageddon",
    ] {
        assert!(en.contains(w), "{w}:\n{en}");
    }
    let html = c.ok(&["bracket", "CUP", "--format", "html", "--lang", "zh-Hans"]);
    assert!(html.contains("<th>四分之一决赛</th>"), "{html}");
    assert!(!html.contains("round 1") && !html.contains("playoff-games"));
    // The same document through `print`, and as CSV.
    let printed = c.ok(&["print", "bracket", "CUP", "--lang", "zh-Hans"]);
    assert_eq!(printed, zh);
    // As CSV: every match, what decided it by its code.
    let csv = c.ok(&["print", "bracket", "CUP", "--format", "csv", "--no-bom"]);
    assert!(
        csv.starts_with("round,match,a_seed,a,b_seed,b,score,winner,decided_by\n"),
        "{csv}"
    );
    assert!(
        csv.contains("1,3,2,S02,7,S07,1–1,S07,armageddon\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 4 + 2 + 2, "{csv}");
}

/// A 64-player bracket in English names its early rounds by size.
#[test]
fn round_names_follow_the_bracket_size() {
    use qishe::i18n::Lang;
    use qishe::report::bracket::round_name;
    let names: Vec<String> = (1..=6).map(|r| round_name(Lang::ZhHans, r, 6)).collect();
    assert_eq!(
        names,
        [
            "1/32决赛",
            "1/16决赛",
            "1/8决赛",
            "四分之一决赛",
            "半决赛",
            "决赛"
        ]
    );
    assert_eq!(round_name(Lang::En, 3, 6), "Round of 16");
    assert_eq!(round_name(Lang::ZhHant, 5, 6), "半決賽");
    assert_eq!(round_name(Lang::En, 1, 9), "Round 1");
}

/// A match reads in games wherever it is shown, whatever points the
/// scheme gives a game (here 2/1/0): the printed crosstable from each
/// player's side, the CLI's round and result lines, in every language;
/// the play-off games apart, and what decided the match when it was not
/// the games (和棋黑胜).
#[test]
fn a_knockout_match_reads_in_games_not_points_everywhere() {
    let c = cup(1);
    let cross = c.ok(&["print", "crosstable", "CUP", "--lang", "zh-Hans"]);
    for (name, cell) in [
        ("S01", "+S08 2–0"),
        ("S08", "-S01 0–2"),
        ("S05", "+S04 1–1, 加赛 1½–½"),
        ("S04", "-S05 1–1, 加赛 ½–1½"),
        ("S07", "+S02 1–1, 加赛 1–1, 和棋黑胜"),
        ("S03", "+S06 1½–½"),
    ] {
        let row = cells(&cross)
            .into_iter()
            .find(|r| r.get(1).map(String::as_str) == Some(name))
            .unwrap_or_else(|| panic!("{name}:\n{cross}"));
        assert_eq!(row[2], cell, "{cross}");
    }
    let en = c.ok(&[
        "print",
        "crosstable",
        "CUP",
        "--format",
        "html",
        "--lang",
        "en",
    ]);
    assert!(en.contains("+S02 1–1, play-off 1–1, armageddon"), "{en}");
    let html = c.ok(&[
        "print",
        "crosstable",
        "CUP",
        "--format",
        "html",
        "--lang",
        "zh-Hant",
    ]);
    assert!(html.contains("+S04 1–1, 加賽 1½–½"), "{html}");
    // The CLI's round: who went through and the match in games, from the
    // side of the player named first, as the line pairs them.
    let run = |locale: &str| {
        let out = c.run_lang(locale, &["round", "show", "CUP", "1"]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let zh = run("zh_CN.UTF-8");
    assert!(zh.contains("胜者 S01 (2–0)"), "{zh}");
    assert!(zh.contains("胜者 S05 (1–1, 加赛 ½–1½)"), "{zh}");
    assert!(zh.contains("胜者 S07 (1–1, 加赛 1–1, 和棋黑胜)"), "{zh}");
    let hant = run("zh_TW.UTF-8");
    assert!(hant.contains("勝者 S05 (1–1, 加賽 ½–1½)"), "{hant}");
    let en = run("en_US.UTF-8");
    assert!(en.contains("winner S05 (1–1, play-off ½–1½)"), "{en}");
    for bad in ["4–0", "2–2", "1.5", "3–1"] {
        assert!(
            !zh.contains(bad) && !cross.contains(bad),
            "{bad}:\n{zh}\n{cross}"
        );
    }
}

/// The pairing sheet of a knockout round lists its matches and their
/// games (game number, play-off step, time control), never Swiss points,
/// never calls a knocked-out player absent, and a match whose colours
/// swapped and stood 1–1 reads 1–1 in games, not as two wins for one side.
#[test]
fn a_knockout_round_pairing_sheet_lists_matches_and_games() {
    let c = cup(2);
    let sheet = c.ok(&["print", "pairings", "CUP", "--lang", "zh-Hans"]);
    assert!(sheet.contains("半决赛 (第2轮)"), "{sheet}");
    assert!(
        !sheet.contains("缺席") && !sheet.contains("积分"),
        "{sheet}"
    );
    for out in ["S02", "S04", "S06", "S08"] {
        assert!(!sheet.contains(out), "{out} is out:\n{sheet}");
    }
    // SF2: S07 and S03 each won with red: 1–1 in games, play-off to S03.
    assert!(
        has_row(
            &sheet,
            &["2", "S07 (7)", "1–1", "S03 (3)", "S03", "加赛 ½–1½"]
        ),
        "{sheet}"
    );
    let games: Vec<Vec<String>> = cells(&sheet).into_iter().filter(|r| r[0] == "2").collect();
    assert_eq!(games.len(), 5, "the match row and its four games:\n{sheet}");
    assert_eq!(games[1][1..3], ["1", "常规"], "{sheet}");
    assert_eq!(games[1][5], "90+30", "{sheet}");
    assert_eq!(games[3][1..3], ["3", "加赛2局"], "{sheet}");
    // Round 1 with the armageddon game and its time odds.
    let r1 = c.ok(&["print", "pairings", "CUP", "--round", "1", "--lang", "en"]);
    assert!(r1.contains("Quarter-finals (Round 1)"), "{r1}");
    assert!(
        has_row(
            &r1,
            &[
                "3",
                "5",
                "armageddon",
                "S02",
                "S07",
                "R 5′ B 4′ +3″",
                "1/2-1/2"
            ]
        ),
        "{r1}"
    );
    // The final round: the third-place match's games under its heading,
    // the final's games before it.
    let fin = cup(3).ok(&["print", "pairings", "CUP", "--lang", "en"]);
    let (final_part, third) = fin.split_once("Third-place match\n").expect(&fin);
    assert!(
        has_row(final_part, &["1", "2", "regular", "S03", "S01"]),
        "{fin}"
    );
    assert!(!final_part.contains("S05"), "{fin}");
    assert!(
        has_row(third, &["2", "3", "2-game play-off", "S05", "S07"]),
        "{fin}"
    );
    assert!(!third.contains("S01"), "{fin}");
    let html = c.ok(&[
        "print", "pairings", "CUP", "--format", "html", "--lang", "zh-Hant",
    ]);
    assert!(html.contains("半決賽") && !html.contains("缺席"), "{html}");
}

/// Match slips: one per game due, in the user's language, with the step
/// and its time control, tick boxes for the result and signature rows;
/// the armageddon slip says who must win.
#[test]
fn match_slips_are_one_per_game_due_with_boxes_and_signatures() {
    let c = cup(2);
    pair(&c, "CUP");
    let zh = c.ok(&["knockout", "slips", "CUP", "--lang", "zh-Hans"]);
    assert_eq!(
        zh.matches("[ ] 红胜   [ ] 和棋   [ ] 黑胜").count(),
        2,
        "{zh}"
    );
    assert_eq!(zh.matches("签名").count(), 2, "{zh}");
    assert!(zh.contains("决赛 · 第1场 · 第1局"), "{zh}");
    assert!(zh.contains("三四名决赛 · 第1局"), "{zh}");
    assert!(zh.contains("90分钟, 每步加30秒"), "{zh}");
    assert_eq!(
        c.ok(&["print", "slips", "CUP", "--lang", "zh-Hans"]),
        zh,
        "print slips and knockout slips are one document"
    );
    // Play the third-place match to its armageddon game.
    for w in [Some("S05"), Some("S07"), Some("S05"), Some("S07")] {
        play(&c, "CUP", 3, 2, w, &[]);
    }
    let en = c.ok(&["knockout", "slips", "CUP", "--lang", "en"]);
    assert!(en.contains("Third-place match · Game 5"), "{en}");
    assert!(en.contains("armageddon: red (S05) must win"), "{en}");
    assert!(en.contains("red 5 min, black 4 min, +3 s a move"), "{en}");
    assert!(en.contains("Signature"), "{en}");
    let hant = c.ok(&["knockout", "slips", "CUP", "--lang", "zh-Hant"]);
    assert!(hant.contains("和棋黑勝") && hant.contains("簽名"), "{hant}");
}

/// The published site of a knockout has its bracket, its rounds and its
/// ranking, in both languages.
#[test]
fn the_published_site_has_the_bracket_page() {
    let c = cup(3);
    let dir = c.path("site");
    c.ok(&["publish", "CUP", "-o", dir.to_str().unwrap()]);
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    // The tests' locale is English: English on top, 简体 under zh-Hans/.
    let en = read("bracket.html");
    assert!(
        en.contains("Quarter-finals") && en.contains("Third-place match"),
        "{en}"
    );
    let zh = read("zh-Hans/bracket.html");
    for w in ["四分之一决赛", "半决赛", "三四名决赛", "冠军", "和棋黑胜"] {
        assert!(zh.contains(w), "{w}:\n{zh}");
    }
    assert!(read("index.html").contains("href=\"bracket.html\""));
    let round = read("zh-Hans/round-1.html");
    assert!(
        round.contains("四分之一决赛") && !round.contains("缺席"),
        "{round}"
    );
    let st = read("zh-Hans/standings.html");
    assert!(st.contains("出局轮次"), "{st}");
    assert!(!dir.join("standings-1.html").exists());
    // Each match in games on the site too: QF2 1–1 in games, the play-off
    // ½–1½ (the scheme's points would read 2–2 and 0.5–1.5).
    let chart = read("zh-Hans/bracket.html");
    assert!(
        chart.contains("加赛 ½–1½") && !chart.contains("2–2"),
        "{chart}"
    );
    assert!(round.contains("1–1") && !round.contains("2–2"), "{round}");
}

/// A match decided over more than one play-off step shows each step
/// apart, by the event's label (`1–1, 快棋 1½–½`; `1–1, 快棋 1–1, 超快棋
/// 1–1, 抽签`), never the play-off games summed (`加赛 2–2`): the CLI's
/// round, the bracket as text and HTML, the printed crosstable, the
/// published site; steps without a label read by the step's own word in
/// each language.
#[test]
fn each_play_off_step_is_shown_apart_everywhere() {
    let c = club(4);
    knockout(
        &c,
        "快杯",
        4,
        &[
            "--games-per-round",
            "2",
            "--playoff",
            "games:2,games:2,lot",
            "--playoff-labels",
            "快棋;超快棋",
        ],
    );
    pair(&c, "快杯");
    // Board 1 (S01–S04): a win each; 快棋: S01 wins, then a draw.
    for w in [Some("S01"), Some("S04"), Some("S01"), None] {
        play(&c, "快杯", 1, 1, w, &[]);
    }
    // Board 2 (S02–S03): red wins every game (colours swap): level after
    // both steps, S03 by lot.
    for _ in 0..6 {
        let (_, red, _) = due(&c, "快杯", 1, 2);
        play(&c, "快杯", 1, 2, Some(&red), &[]);
    }
    c.ok(&["knockout", "lot", "快杯", "1", "2", "S03"]);

    let show = |ev: &str, locale: &str| {
        let out = c.run_lang(locale, &["round", "show", ev, "1"]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let round = show("快杯", "zh_CN.UTF-8");
    assert!(round.contains("胜者 S01 (1–1, 快棋 1½–½)"), "{round}");
    assert!(
        round.contains("胜者 S03 (1–1, 快棋 1–1, 超快棋 1–1, 抽签)"),
        "{round}"
    );
    let text = c.ok(&["bracket", "快杯", "--format", "text", "--lang", "zh-Hant"]);
    assert!(
        has_row(
            &text,
            &["1", "S01 (1)", "1–1", "S04 (4)", "S01", "快棋 1½–½"]
        ),
        "{text}"
    );
    assert!(
        has_row(
            &text,
            &[
                "2",
                "S02 (2)",
                "1–1",
                "S03 (3)",
                "S03",
                "快棋 1–1, 超快棋 1–1, 抽籤"
            ]
        ),
        "{text}"
    );
    let cross = c.ok(&["print", "crosstable", "快杯", "--lang", "zh-Hans"]);
    assert!(cross.contains("-S01 1–1, 快棋 ½–1½"), "{cross}");
    assert!(
        cross.contains("+S02 1–1, 快棋 1–1, 超快棋 1–1, 抽签"),
        "{cross}"
    );
    let html = c.ok(&["bracket", "快杯", "--format", "html", "--lang", "en"]);
    assert!(html.contains("快棋 1–1, 超快棋 1–1, lot"), "{html}");
    let site = c.path("site");
    c.ok(&["publish", "快杯", "-o", site.to_str().unwrap()]);
    let chart = std::fs::read_to_string(site.join("zh-Hans/bracket.html")).unwrap();
    assert!(chart.contains("快棋 1–1, 超快棋 1–1, 抽签"), "{chart}");
    // A player's page reads his matches, not Swiss points.
    let page = std::fs::read_to_string(site.join("zh-Hans/player-4.html")).unwrap();
    assert!(page.contains("<td>1–1, 快棋 ½–1½</td>"), "{page}");
    assert!(
        !page.contains("本轮得分") && !page.contains("累计积分"),
        "{page}"
    );
    assert!(!page.contains("积分:"), "{page}");
    let page = std::fs::read_to_string(site.join("player-3.html")).unwrap();
    assert!(
        page.contains("<td>1–1, 快棋 1–1, 超快棋 1–1, lot</td>"),
        "{page}"
    );
    for out in [&round, &text, &cross, &html, &chart, &page] {
        assert!(
            !out.contains("2–2") && !out.contains("2½"),
            "summed:\n{out}"
        );
    }

    // Without labels: each step by its word, in each language.
    knockout(&c, "小杯", 2, &["--playoff", "games:1,games:1,lot"]);
    pair(&c, "小杯");
    play(&c, "小杯", 1, 1, None, &[]);
    play(&c, "小杯", 1, 1, None, &[]);
    play(&c, "小杯", 1, 1, Some("S02"), &[]);
    let en = show("小杯", "en_US.UTF-8");
    assert!(
        en.contains("winner S02 (½–½, play-off ½–½, play-off 0–1)"),
        "{en}"
    );
    let hant = show("小杯", "zh_TW.UTF-8");
    assert!(
        hant.contains("勝者 S02 (½–½, 加賽 ½–½, 加賽 0–1)"),
        "{hant}"
    );
}

/// A Chinese text chart's connectors stand in one column per round,
/// whether a screen draws box drawing one column wide or two: they are
/// ASCII there, one column by either measure.
#[test]
fn a_chinese_text_chart_keeps_its_connectors_in_line() {
    use unicode_width::UnicodeWidthChar;
    let c = cup(3);
    for lang in ["zh-Hans", "zh-Hant"] {
        let zh = chart(&c, lang);
        // The chart: from its rule to the first blank line after it.
        let lines: Vec<&str> = zh
            .lines()
            .skip_while(|l| !l.starts_with("---"))
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .collect();
        assert!(lines.len() >= 15, "{zh}");
        for cjk in [false, true] {
            let mut columns = std::collections::BTreeSet::new();
            for l in &lines {
                let mut x = 0;
                for ch in l.chars() {
                    if "|+│├┐┘".contains(ch) {
                        columns.insert(x);
                    }
                    x += match cjk {
                        true => ch.width_cjk(),
                        false => ch.width(),
                    }
                    .unwrap_or(0);
                }
            }
            // Quarter-finals to semi-finals, to the final, to the champion.
            assert_eq!(columns.len(), 3, "{lang} cjk={cjk} {columns:?}:\n{zh}");
        }
    }
}
