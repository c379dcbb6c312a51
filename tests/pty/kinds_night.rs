//! A team league night and a knockout cup in a pseudo-terminal, in 简体,
//! from an empty database to the printed final standings, with no CLI
//! call: members added, a team event made on the new-event form, one team
//! made from scratch and one imported from a teams CSV after its preview,
//! the match paired and entered board by board, the team standings; then a
//! knockout with a play-off ladder and a third-place match made on the same
//! form, its four players entered, played through the Bracket tab (a
//! drawn semi-final decided by a play-off game), its final ranks on the
//! 名次 tab, and both standings printed to files.

use crate::pty;
use pty::{start, Tui};

const TAB: &str = "\t";
const BACKTAB: &str = "\x1b[Z";
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";
const ESC: &str = "\x1b";

/// The four members, highest rated first (the knockout's seeds).
const MEMBERS: [(&str, u32); 2] = [("东一", 2300), ("东二", 2250)];

fn quit(t: &mut Tui) {
    t.send("q");
    t.send("q");
    t.wait_exit();
}

/// On the Print tab: the standings printed as text to `path`; `before`:
/// how many documents the event's list has before them (a knockout's
/// bracket comes after its slips).
fn print_standings(t: &mut Tui, path: &std::path::Path, before: usize) -> String {
    t.wait_for("按 Enter 选择文档");
    t.send("\r");
    t.wait_for("对阵表");
    for _ in 0..before {
        t.send(RIGHT);
    }
    t.wait_for("名次表");
    for _ in 0..3 {
        t.send(TAB);
    }
    t.send(path.to_str().unwrap());
    t.send("\r");
    t.wait_for("已写入");
    std::fs::read_to_string(path).unwrap()
}

/// The lines of `text` holding the names, in their order on the page.
fn order(text: &str, names: &[&str]) -> Vec<usize> {
    names
        .iter()
        .map(|n| text.find(n).unwrap_or_else(|| panic!("no {n} in:\n{text}")))
        .collect()
}

#[test]
fn a_team_league_night_and_a_knockout_cup_in_chinese_without_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "language = \"zh-Hans\"\n").unwrap();
    let csv = dir.path().join("teams.csv");
    std::fs::write(
        &csv,
        "team,board,name,club,rating\n西城,1,西一,,2200\n西城,2,西二,,2150\n",
    )
    .unwrap();
    let mut t = start(dir.path(), &dir.path().join("club.db"));
    t.wait_for("会员 (0)");
    for (name, rating) in MEMBERS {
        t.send("a");
        t.wait_for("新会员");
        t.send(name);
        t.send(TAB);
        t.send(&rating.to_string());
        t.send("\r");
        t.wait_for(&format!("已添加: {name}"));
    }

    // The team event: the kind is the form's last field.
    t.send(TAB);
    t.wait_for("赛事 (0)");
    t.send("n");
    t.wait_for("新赛事");
    t.send("联赛");
    t.send(BACKTAB);
    t.send(RIGHT);
    t.wait_for("每场台数");
    // kind → name → scheme → system (dutch → cxa → berger) → rounds → boards.
    t.send(TAB);
    t.send(TAB);
    t.send(TAB);
    t.send(RIGHT);
    t.send(RIGHT);
    t.wait_for("循环赛");
    t.send(TAB);
    t.send("\x7f");
    t.send("1");
    t.send(TAB);
    t.send("\x7f");
    t.send("2");
    t.send("\r");
    t.wait_for("已创建赛事");
    let s = t.wait_for("还没有队伍");
    assert!(s.contains("按 n 新建队伍"), "{s}");
    // A key with no team to act on says why.
    t.send("o");
    t.wait_for("还没有队伍");
    // 东城 from scratch, 西城 from the CSV after its preview.
    t.send("n");
    t.wait_for("队员 (按台次");
    t.send("东城");
    t.send(TAB);
    t.send(TAB);
    t.send("东一,东二");
    t.send("\r");
    t.wait_for("已添加队伍 东城 (2 名队员)");
    t.send("i");
    t.wait_for("导入队伍 (CSV)");
    t.send(csv.to_str().unwrap());
    t.send("\r");
    let s = t.wait_for("导入吗?");
    assert!(s.contains("西城 (2)") && s.contains("西一 (新会员)"), "{s}");
    t.send("y");
    t.wait_for("已导入 1 支队伍");
    // The match: paired on the Teams tab, entered board by board.
    t.send("p");
    t.wait_for("已编排 轮次 1");
    t.send("v");
    t.wait_for("进行中");
    t.send("r");
    t.wait_for("场次 1 台 1");
    t.send("\r");
    t.wait_for("已录入 场次 1 台 1: 红胜");
    t.send("d");
    t.wait_for("场次 1 台 2");
    t.send("\r");
    t.wait_for("已录入 场次 1 台 2: 和");
    // The event's 名次 tab: the team standings after round 1.
    for _ in 0..3 {
        t.send(TAB);
    }
    let s = t.wait_for("场分");
    assert!(s.contains("名次 · 第1轮后"), "{s}");
    let st = order(&s, &["东城", "西城"]);
    assert!(st[0] < st[1], "东城 won 1.5 – 0.5:\n{s}");
    t.send(TAB);
    t.send(TAB);
    let league = print_standings(&mut t, &dir.path().join("league.txt"), 2);
    let o = order(&league, &["东城", "西城"]);
    assert!(o[0] < o[1], "{league}");

    // The knockout: play-off ladder and third place on the same form.
    t.send(ESC);
    t.wait_for("赛事 (1)");
    t.send("n");
    t.wait_for("新赛事");
    t.send("杯赛");
    t.send(BACKTAB);
    t.send(RIGHT);
    t.send(RIGHT);
    t.wait_for("加赛规则");
    // kind → name → scheme → ladder → third place.
    t.send(TAB);
    t.send(TAB);
    t.send(TAB);
    t.send("games:1,armageddon");
    t.send(TAB);
    t.send(RIGHT);
    t.send("\r");
    t.wait_for("已创建赛事");
    t.send("a");
    t.wait_for("空格选择");
    for i in 0..4 {
        if i > 0 {
            t.send(DOWN);
        }
        t.send(" ");
        t.wait_for(&format!("已选 {}", i + 1));
    }
    t.send("\r");
    t.wait_for("棋手 (4)");
    t.send(TAB);
    t.wait_for("种子顺序 (4)");
    t.send("p");
    t.wait_for("已编排 轮次 1");
    // Semi-final 1 (东一 – 西二) drawn: one play-off game, colours
    // swapped, 西二 (red) wins it.
    t.send("d");
    t.wait_for("第 1 轮 第 1 场");
    t.send("\r");
    let s = t.wait_for("红方 西二 – 黑方 东一");
    assert!(s.contains("加赛 1 局"), "{s}");
    t.send("r");
    t.wait_for("第几盘: 2");
    t.send("\r");
    // The play-off in games, from the upper player's side.
    t.wait_for("加赛 0–1");
    // Semi-final 2: 东二 (red) wins.
    t.send(DOWN);
    t.send("r");
    t.wait_for("第 1 轮 第 2 场");
    t.send("\r");
    t.wait_for("已录入 第 1 轮 第 2 场: 红胜");
    // The final and the third-place match: red wins each.
    t.send("p");
    t.wait_for("已编排 轮次 2");
    t.send("r");
    t.wait_for("第 2 轮 第 1 场");
    t.send("\r");
    t.wait_for("已录入 第 2 轮 第 1 场: 红胜");
    t.send(DOWN);
    t.send("r");
    t.wait_for("第 2 轮 第 2 场");
    t.send("\r");
    t.wait_for("已录入 第 2 轮 第 2 场: 红胜");
    // 名次: the bracket's final ranks.
    for _ in 0..3 {
        t.send(TAB);
    }
    let s = t.wait_for("最终名次");
    assert!(s.contains("冠军") && s.contains("半决赛"), "{s}");
    let ranks = ["东二", "西二", "西一", "东一"];
    let o = order(&s, &ranks);
    assert!(o.windows(2).all(|w| w[0] < w[1]), "{s}");
    t.send(TAB);
    t.send(TAB);
    let cup = print_standings(&mut t, &dir.path().join("cup.txt"), 3);
    let o = order(&cup, &ranks);
    assert!(o.windows(2).all(|w| w[0] < w[1]), "{cup}");
    quit(&mut t);
}
