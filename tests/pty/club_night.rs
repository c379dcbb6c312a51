//! The club night end to end in a pseudo-terminal, in 简体, from an
//! empty database and with no CLI call: members added and imported (CSV),
//! an event created with settings from config.toml,
//! eight entered at once, round 1 paired and played, a late entry, the
//! check-in of round 2 (one player excused) and everyone present paired, a
//! manual swap of two boards' red players (read back from the database), a
//! round-1 result corrected after round 2, undo and redo, standings after
//! round 1, the round-2 pairing sheet printed to a file, a withdrawal,
//! rounds 3 to 5 paired and played, standings after round 3, the event
//! finished
//! and the club rating list (Statistics screen) updated; the database is
//! read after the TUI quits.

use crate::pty;
use pty::{start, Tui, PLAYERS};
use std::time::{Duration, Instant};

/// The late entry: a member last in pinyin order (the picker's last row).
const LATE: &str = "周小龙";
/// First in pinyin order: the check-in's first row, excused in round 2.
const EXCUSED: &str = "洪智";
/// The highest rated (start no 1), withdrawn after round 2.
const WITHDRAWN: &str = "王天一";

const TAB: &str = "\t";
const BACKTAB: &str = "\x1b[Z";
const DOWN: &str = "\x1b[B";
const ESC: &str = "\x1b";
const HOME: &str = "\x1b[H";
const CTRL_R: &str = "\x12";

/// The member rows of the Club screen or the rating list.
fn member_lines(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .filter(|l| PLAYERS.iter().any(|p| l.contains(p)))
        .map(str::to_string)
        .collect()
}

/// Board 1's row of the Results tab.
fn board_one(screen: &str) -> &str {
    screen
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("no board 1:\n{screen}"))
}

/// Enters the four results of the Results tab: the board form opens on
/// the key, Enter records it and the next board comes up by itself.
fn play_round(t: &mut Tui, keys: [(&str, &str); 4]) {
    for (board, (key, word)) in keys.iter().enumerate() {
        t.send(key);
        t.wait_for("红方耗时");
        t.send("\r");
        t.wait_for(&format!("已录入 台 {}: {word}", board + 1));
    }
}

/// Waits until the screen no longer shows `what`.
fn wait_gone(t: &Tui, what: &str) {
    let start = Instant::now();
    while t.text().contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "\"{what}\" stayed; the screen:\n{}",
            t.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The red player (entry id) of each board of `round`, read from the
/// database while the TUI runs.
fn reds_of_round(db: &std::path::Path, round: u32) -> Vec<i64> {
    let app = qishe::app::App::open(qishe::config::Config::default(), db).unwrap();
    let ev = app.find_event("周五夜赛").unwrap();
    let mut games = app.games(ev.key(), None).unwrap();
    games.retain(|g| g.round == round);
    games.sort_by_key(|g| g.board);
    games.iter().map(|g| g.game.red).collect()
}

fn quit(t: &mut Tui) {
    t.send("q");
    t.send("q");
    t.wait_exit();
}

#[test]
fn a_club_night_in_chinese_without_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    // The event's settings come from config.toml: five rounds.
    let config = "language = \"zh-Hans\"\n[event]\nrounds = 5\n";
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    // The late entrant comes from a member import (CSV).
    let csv = dir.path().join("members.csv");
    std::fs::write(&csv, format!("姓名,等级分\n{LATE},1200\n")).unwrap();
    let mut t = start(dir.path(), &dir.path().join("club.db"));
    t.wait_for("会员 (0)");
    for (i, name) in PLAYERS.iter().enumerate() {
        t.send("a");
        t.wait_for("新会员");
        t.send(name);
        t.send(TAB);
        t.send(&(2000 - 100 * i).to_string());
        t.send("\r");
        t.wait_for(&format!("已添加: {name}"));
    }
    t.wait_for("会员 (8)");
    t.send("i");
    t.wait_for("导入会员 CSV");
    t.send(csv.to_str().unwrap());
    t.send("\r");
    t.wait_for("导入?");
    t.send("y");
    t.wait_for("已导入: 1");
    let members = member_lines(&t.wait_for("会员 (9)"));
    assert_eq!(members.len(), 8, "{members:?}");

    // A new event opens on its Players tab; everyone entered at once.
    t.send(TAB);
    t.wait_for("赛事 (0)");
    t.send("n");
    t.wait_for("新赛事");
    t.send("周五夜赛");
    let form = t.text();
    assert!(
        form.contains("轮数: 5") || form.contains("轮次: 5"),
        "{form}"
    );
    t.send("\r");
    t.wait_for("已创建赛事");
    t.send("a");
    t.wait_for("空格选择");
    for i in 0..PLAYERS.len() {
        if i > 0 {
            t.send(DOWN);
        }
        t.send(" ");
        t.wait_for(&format!("已选 {}", i + 1));
    }
    t.send("\r");
    t.wait_for("棋手 (8)");

    // Round 1 paired and played.
    t.send(TAB);
    t.wait_for("按 p");
    t.send("p");
    t.wait_for("已编排 轮次 1");
    t.send(TAB);
    play_round(
        &mut t,
        [("r", "红胜"), ("d", "和"), ("b", "黑胜"), ("d", "和")],
    );

    // A late entry after round 1: the one member not entered yet.
    t.send(BACKTAB);
    t.send(BACKTAB);
    t.wait_for("棋手 (8)");
    t.send("a");
    t.wait_for("空格选择");
    t.send(" ");
    t.wait_for("已选 1");
    t.send("\r");
    t.wait_for("棋手 (9)");
    assert!(t.text().contains(LATE));

    // Round 2: the check-in on the Players tab; Space twice marks the first
    // row absent, then excused; `p` there pairs everyone present.
    t.send("C");
    t.wait_for("第 2 轮签到：到场 9/9");
    t.send(" ");
    t.wait_for("到场 8/9");
    t.send(" ");
    t.wait_for("请假");
    t.send("a");
    t.wait_for("到场 9/9");
    t.send("a");
    t.wait_for("到场 0/9");
    t.send("a");
    t.wait_for("到场 9/9");
    t.send(" ");
    t.send(" ");
    t.wait_for("请假");
    t.send("p");
    let s = t.wait_for("已编排 轮次 2");
    assert!(s.contains("8 人到场，1 人请假"), "{s}");

    // A manual swap on the Round tab: board 1's red player and board 3's
    // red player change places (kept after the rule check's question if
    // it asks); the database has the new boards.
    let before = reds_of_round(&dir.path().join("club.db"), 2);
    t.send("m");
    t.wait_for("◆");
    t.send(DOWN);
    t.send(DOWN);
    t.send("m");
    let start = Instant::now();
    loop {
        let s = t.text();
        if s.contains("仍要保存") {
            t.send("y");
        }
        if s.contains("已换人") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{s}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let after = reds_of_round(&dir.path().join("club.db"), 2);
    assert_eq!((after[0], after[2]), (before[2], before[0]), "{before:?}");
    assert_eq!(after[1], before[1]);
    t.send(TAB);
    play_round(
        &mut t,
        [("r", "红胜"), ("r", "红胜"), ("d", "和"), ("b", "黑胜")],
    );

    // Back to round 1: board 1's 红胜 becomes 黑胜, after the question.
    t.send("[");
    t.wait_for("1/");
    t.send("1");
    t.send("b");
    t.wait_for("红方耗时");
    t.send("\r");
    let q = t.wait_for("改为");
    assert!(q.contains("红胜") && q.contains("黑胜"), "{q}");
    t.send("y");
    t.wait_for("已录入 台 1: 黑胜");

    // Undo asks and takes the correction back; Ctrl-R puts it again.
    t.send("u");
    t.wait_for("撤销：");
    t.send("y");
    let s = t.wait_for("已撤销");
    assert!(board_one(&s).contains("红胜"), "{s}");
    t.send(CTRL_R);
    let s = t.wait_for("已重做");
    assert!(board_one(&s).contains("黑胜"), "{s}");

    // Standings after round 1.
    t.send(TAB);
    t.wait_for("名次 · 第1轮后");

    // The round-2 pairing sheet printed to a file.
    t.send(TAB);
    t.send(TAB);
    t.wait_for("打印轮次：1");
    t.send("]");
    t.wait_for("打印轮次：最后一轮");
    let sheet = dir.path().join("r2.txt");
    t.send("\r");
    for _ in 0..3 {
        t.send(TAB);
    }
    t.send(sheet.to_str().unwrap());
    t.send("\r");
    t.wait_for("已写入");
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.contains("第2轮"), "{text}");
    assert!(PLAYERS.iter().all(|p| text.contains(p)), "{text}");
    assert!(text.contains(LATE), "{text}");

    // A withdrawal after round 2 (start no 1, the first row of the Players
    // tab), round 3 paired without him and played, standings after round 3.
    t.send(TAB);
    t.wait_for("棋手 (9)");
    t.send(HOME);
    t.send("w");
    t.wait_for(&format!("确定退赛: {WITHDRAWN}?"));
    t.send("y");
    t.wait_for("已退赛");
    t.send(TAB);
    t.send("p");
    t.wait_for("已编排 轮次 3");
    t.send(TAB);
    play_round(
        &mut t,
        [("d", "和"), ("r", "红胜"), ("b", "黑胜"), ("r", "红胜")],
    );
    t.send(TAB);
    t.wait_for("名次 · 第3轮后");

    // Rounds 4 and 5, the last of the five (Results, then Round tab).
    t.send(BACKTAB);
    for (round, keys) in [
        (4, [("r", "红胜"), ("b", "黑胜"), ("d", "和"), ("d", "和")]),
        (5, [("d", "和"), ("d", "和"), ("r", "红胜"), ("b", "黑胜")]),
    ] {
        t.send(BACKTAB);
        t.wait_for(&format!("轮次 {}/5", round - 1));
        t.send("p");
        t.wait_for(&format!("已编排 轮次 {round}"));
        t.send(TAB);
        play_round(&mut t, keys);
    }

    // Finish the event: the club ratings change.
    t.send(ESC);
    t.wait_for("赛事 (1)");
    t.send("f");
    t.wait_for("结束赛事");
    t.send("y");
    t.wait_for("赛事已结束");
    t.send(BACKTAB);
    t.wait_for("会员 (9)");
    t.send("S");
    t.wait_for("总览");
    wait_gone(&t, "正在处理");
    for _ in 0..3 {
        t.send(TAB);
    }
    let list = t.wait_for("(1 项已结束赛事)");
    let rows = member_lines(&list);
    assert_eq!(rows.len(), 8, "{list}");
    let mut moved = 0;
    for row in &rows {
        // rank, name, rating, games, events, last change
        let cols: Vec<&str> = row.split_whitespace().collect();
        let i = PLAYERS.iter().position(|p| *p == cols[1]).unwrap();
        let games = match cols[1] {
            WITHDRAWN => "2",
            EXCUSED => "4",
            _ => "5",
        };
        assert_eq!((cols[3], cols[4]), (games, "1"), "{list}");
        let rating: i32 = cols[2].parse().unwrap();
        if rating != 2000 - 100 * i as i32 {
            moved += 1;
        }
    }
    assert!(moved > 0, "no rating moved:\n{list}");
    t.send(ESC);
    quit(&mut t);

    // What the database holds: the event finished with five rounds, the
    // withdrawn player not paired in round 3, the
    // late entrant paired in round 2, the excused player's bye.
    let app = qishe::app::App::open(
        qishe::config::Config::default(),
        &dir.path().join("club.db"),
    )
    .unwrap();
    let ev = app.find_event("周五夜赛").unwrap();
    assert_eq!(ev.status, qishe::domain::EventStatus::Finished);
    assert_eq!(ev.settings.rounds, 5, "from config.toml");
    let games = app.games(ev.key(), None).unwrap();
    assert_eq!(games.iter().filter(|g| g.round == 1).count(), 4);
    assert_eq!(games.iter().filter(|g| g.round == 2).count(), 4);
    for round in 3..=5 {
        assert_eq!(games.iter().filter(|g| g.round == round).count(), 4);
    }
    let entries = app.entries(ev.key()).unwrap();
    let id = |name: &str| entries.iter().find(|e| e.name == name).unwrap().id;
    let late = id(LATE);
    let late_played = games
        .iter()
        .any(|g| g.round == 2 && (g.game.red == late || g.game.black == late));
    assert!(late_played, "{games:?}");
    let byes = app.event_view(ev.key()).unwrap().byes;
    assert!(
        byes.iter()
            .any(|b| b.round == 2 && b.entry_id == id(EXCUSED)),
        "{byes:?}"
    );
}
