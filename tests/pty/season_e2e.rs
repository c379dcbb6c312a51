//! The season in a real pseudo-terminal, in 简体: three weekly
//! events are played (set up through the CLI), then the secretary, in the
//! TUI only, opens the Season screen (`s`), creates the season (`n`), adds
//! each week's event (`a`, the final with weight 2), takes one out and
//! puts it back, and prints the table as HTML (`p`).

use crate::pty;
use pty::{cli, start};

fn week(dir: &std::path::Path, db: &std::path::Path, name: &str, games: &str) {
    cli(
        dir,
        db,
        &[
            "event",
            "new",
            name,
            "--rounds",
            "1",
            "--tiebreaks",
            "fouls",
        ],
    );
    let file = dir.join(format!("{name}.csv"));
    std::fs::write(&file, format!("round,red,black,result\n{games}")).unwrap();
    cli(dir, db, &["import", "games", name, file.to_str().unwrap()]);
    cli(dir, db, &["event", "finish", name]);
}

#[test]
fn a_secretary_makes_the_season_and_prints_its_table_in_the_tui() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "language = \"zh-Hans\"\n").unwrap();
    let db = dir.path().join("club.db");
    cli(dir.path(), &db, &["init"]);
    // 王天一 wins each week; 许银川 and 赵鑫鑫 draw (2= each: (8+6)/2 = 7).
    for w in ["第1周", "第2周", "第3周"] {
        week(
            dir.path(),
            &db,
            w,
            "1,王天一,郑惟桐,1-0\n1,许银川,赵鑫鑫,1/2-1/2\n",
        );
    }
    let mut t = start(dir.path(), &db);
    t.wait_for("会员");
    t.send("\t");
    t.wait_for("赛事 (3)");
    t.send("s");
    t.wait_for("还没有赛季");
    // A new season: the name, the default rule kept, best 2.
    t.send("n");
    t.wait_for("新建赛季");
    t.send("2026年度");
    t.send("\t\t2");
    t.send("\r");
    t.wait_for("已新建赛季 2026年度");
    // Each week's event: the first offered, twice with weight 1, then the
    // last with weight 2 (Backspace, 2).
    for _ in 0..2 {
        t.send("a");
        t.wait_for("加入赛事");
        t.send("\r");
        t.wait_for("赛事已加入赛季");
    }
    t.send("a");
    t.wait_for("加入赛事");
    t.send("\x7f2\r");
    let s = t.wait_for("×2");
    // 王天一: 10 + 10 + 2×10 with best 2: 20 + 10 = 30.
    assert!(s.contains("王天一") && s.contains("30"), "{s}");
    // Take the selected event out (the events pane).
    t.send("\t\t");
    t.send("x");
    t.wait_for("移出赛季");
    t.send("y");
    t.wait_for("赛事已移出赛季");
    // Print the table as HTML into a file named here.
    t.send("\t");
    t.send("p");
    t.wait_for("打印积分榜");
    t.send("\x1b[C");
    t.wait_for("网页");
    t.send("season.html\r");
    // The status line says the file is written (the name alone shows as
    // soon as it is typed).
    t.wait_for("已写入");
    let html = std::fs::read_to_string(dir.path().join("season.html")).unwrap();
    assert!(html.contains("2026年度 · 年度积分榜"), "{html}");
    assert!(html.contains("王天一"), "{html}");
    t.send("\x1b");
    std::thread::sleep(std::time::Duration::from_millis(100));
    t.send("q");
    t.wait_exit();
}
