//! The archive screen in a real pseudo-terminal, in 简体: a game
//! file is imported through the CLI, then `A` opens the archive, Enter a
//! game, → steps the board and `p` searches the position shown.

use crate::pty;
use pty::{cli, start};

const GAMES: &str = "[Event \"西湖杯\"]\n[Date \"2024.05.01\"]\n[Red \"许银川\"]\n\
[Black \"吕钦\"]\n[Result \"1-0\"]\n\n1. 炮二平五 {中炮} 马８进７ 2. 马二进三 1-0\n\n\
[Event \"西湖杯\"]\n[Date \"2024.05.02\"]\n[Red \"吕钦\"]\n[Black \"胡荣华\"]\n\
[Result \"0-1\"]\n\n1. 兵七进一 卒７进１ 0-1\n";

#[test]
fn the_archive_screen_steps_a_game_and_searches_its_position() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "language = \"zh-Hans\"\n").unwrap();
    let db = dir.path().join("club.db");
    let file = dir.path().join("games.pgn");
    std::fs::write(&file, GAMES).unwrap();
    cli(dir.path(), &db, &["init"]);
    cli(
        dir.path(),
        &db,
        &["archive", "import", file.to_str().unwrap()],
    );
    let mut t = start(dir.path(), &db);
    t.wait_for("会员 (0)");
    t.send("A");
    t.wait_for("棋谱库");
    t.wait_for("胡荣华");
    // The first game (oldest first) in the view.
    t.send("\r");
    t.wait_for("0/3");
    t.send("\x1b[C");
    let s = t.wait_for("1/3");
    assert!(s.contains("中炮"), "{s}");
    t.send("\x1b[F");
    t.wait_for("3/3");
    t.send("\x1b[H");
    t.wait_for("0/3");
    // The start position: both games stood there.
    t.send("p");
    let s = t.wait_for("下一步");
    assert!(s.contains("炮二平五") && s.contains("兵七进一"), "{s}");
    t.send("\x1b");
    std::thread::sleep(std::time::Duration::from_millis(100));
    t.send("q");
    t.wait_exit();
}
