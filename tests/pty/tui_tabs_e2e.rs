//! The Teams tab and the Bracket tab in a real
//! pseudo-terminal, in 简体: the events are set up through the CLI, then
//! the `qishe` binary is driven by keystrokes and its screen read back.

use crate::pty;
use pty::{cli, start, Tui};

fn quit(t: &mut Tui) {
    t.send("q");
    t.send("q");
    t.wait_exit();
}

#[test]
fn a_four_team_round_lineup_pairing_results_and_standings_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "language = \"zh-Hans\"\n").unwrap();
    let db = dir.path().join("club.db");
    cli(dir.path(), &db, &["init"]);
    cli(
        dir.path(),
        &db,
        &[
            "event", "new", "联赛", "--teams", "--boards", "2", "--system", "berger", "--rounds",
            "3",
        ],
    );
    for (team, players) in [
        ("东城", "东一,东二,东三"),
        ("西城", "西一,西二,西三"),
        ("南城", "南一,南二,南三"),
        ("北城", "北一,北二,北三"),
    ] {
        cli(
            dir.path(),
            &db,
            &[
                "team",
                "add",
                "联赛",
                team,
                "--players",
                players,
                "--create",
            ],
        );
    }
    let mut t = start(dir.path(), &db);
    t.wait_for("会员 (12)");
    t.send("\t");
    t.wait_for("赛事 (1)");
    t.send("\r");
    t.wait_for("棋手 (12)");
    t.send("\t");
    t.wait_for("替补");
    // 东城's lineup: 东一 and the reserve 东三; first against the order.
    let s = t.wait_for("东城");
    assert!(s.contains("团体") && !s.contains("对阵图"), "{s}");
    t.send("o");
    t.wait_for("Enter 保存");
    t.send("2");
    t.send("1");
    t.send("\r");
    let s = t.wait_for("不符合名单顺序");
    assert!(s.contains("Enter 保存"), "the form stays open:\n{s}");
    // The focus went round to board 1 again.
    t.send("1");
    t.send("3");
    t.send("\r");
    t.wait_for("出场名单已保存");
    t.send("p");
    t.wait_for("已编排 轮次 1");
    t.send("v");
    t.wait_for("进行中");
    for (board, (key, code)) in [("r", "红胜"), ("d", "和"), ("b", "黑胜"), ("b", "黑胜")]
        .iter()
        .enumerate()
    {
        t.send(key);
        t.wait_for("红方耗时");
        t.send("\r");
        // The board as the matches view names it.
        t.wait_for(&format!(
            "已录入 场次 {} 台 {}: {code}",
            board / 2 + 1,
            board % 2 + 1
        ));
    }
    let s = t.wait_for("和局");
    assert!(s.contains("3 : 1"), "{s}");
    assert!(!s.contains("进行中"), "{s}");
    t.send("v");
    let s = t.wait_for("团体名次");
    let lines: Vec<&str> = s.lines().filter(|l| l.contains("城")).collect();
    assert!(lines.len() >= 4, "{s}");
    t.send("v");
    t.wait_for("台次奖");
    quit(&mut t);
}

#[test]
fn an_eight_player_knockout_to_its_champion() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "language = \"zh-Hans\"\n").unwrap();
    let db = dir.path().join("club.db");
    cli(dir.path(), &db, &["init"]);
    let names: Vec<String> = (1..=8).map(|i| format!("P{i}")).collect();
    for (i, n) in names.iter().enumerate() {
        cli(
            dir.path(),
            &db,
            &["player", "add", n, "--rating", &(2500 - 10 * i).to_string()],
        );
    }
    cli(
        dir.path(),
        &db,
        &["event", "new", "杯赛", "--system", "knockout"],
    );
    let mut args = vec!["event", "enter", "杯赛"];
    args.extend(names.iter().map(String::as_str));
    cli(dir.path(), &db, &args);
    let mut t = start(dir.path(), &db);
    t.wait_for("会员 (8)");
    t.send("\t");
    t.send("\r");
    t.wait_for("棋手 (8)");
    t.send("\t");
    t.wait_for("种子顺序 (8)");
    t.send("p");
    t.wait_for("已编排 轮次 1");
    // Match 1 drawn, then two play-off games.
    t.send("d");
    t.wait_for("红方耗时");
    t.send("\r");
    t.wait_for("加赛 2 局");
    t.send("r");
    t.wait_for("第几盘: 2");
    t.send("\r");
    t.wait_for("第 3 盘");
    t.send("b");
    t.wait_for("第几盘: 3");
    t.send("\r");
    // The play-off in games, from the upper player's side.
    t.wait_for("加赛 0–2");
    for board in 2..=4 {
        t.send("\x1b[B"); // ↓
        t.send("r");
        t.wait_for("红方耗时");
        t.send("\r");
        t.wait_for(&format!("已录入 第 1 轮 第 {board} 场: 红胜"));
    }
    t.send("p");
    t.wait_for("已编排 轮次 2");
    for board in 1..=2 {
        if board == 2 {
            t.send("\x1b[B");
        }
        t.send("r");
        t.wait_for("红方耗时");
        t.send("\r");
        t.wait_for(&format!("已录入 第 2 轮 第 {board} 场: 红胜"));
    }
    t.send("p");
    t.wait_for("已编排 轮次 3");
    t.send("r");
    t.wait_for("红方耗时");
    t.send("\r");
    let s = t.wait_for("胜者");
    assert!(s.contains("冠军"), "{s}");
    quit(&mut t);
}
