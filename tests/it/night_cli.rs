//! The night lane's CLI side: the action log and undo speak the
//! UI language; rows written before keyed summaries still show their text.

use crate::common::Club;

/// Runs qishe on the club with `LANG` set.
fn in_lang(c: &Club, lang: &str, args: &[&str]) -> String {
    let o = c.run_lang(lang, args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn four_players(c: &Club) {
    for n in ["甲", "乙", "丙", "丁"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&["event", "new", "周赛", "--rounds", "3"]);
    c.ok(&["event", "enter", "周赛", "甲", "乙", "丙", "丁"]);
    c.ok(&["round", "pair", "周赛"]);
}

#[test]
fn log_and_undo_speak_the_ui_language() {
    let c = Club::new();
    four_players(&c);
    let zh = in_lang(&c, "zh_CN.UTF-8", &["log", "-n", "3"]);
    assert!(zh.contains("周赛 第 1 轮编排（2 台）"), "{zh}");
    assert!(zh.contains("周赛 报名 4 人"), "{zh}");
    let en = c.ok(&["log", "-n", "3"]);
    assert!(en.contains("pair round 1 of 周赛 (2 boards)"), "{en}");
    let undone = in_lang(&c, "zh_CN.UTF-8", &["undo"]);
    assert_eq!(undone.trim(), "已撤销: 周赛 第 1 轮编排（2 台）");
    let zh = in_lang(&c, "zh_TW.UTF-8", &["log", "-n", "2"]);
    let mut lines = zh.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .contains("撤銷: 周赛 第 1 輪編排（2 台）"),
        "{zh}"
    );
    assert!(lines.next().unwrap().ends_with("  (已撤銷)"), "{zh}");
    let redone = c.ok(&["redo"]);
    assert_eq!(redone.trim(), "redone: pair round 1 of 周赛 (2 boards)");
}

#[test]
fn rows_written_before_keyed_summaries_show_their_text() {
    let c = Club::new();
    four_players(&c);
    {
        // A row as an older qishe wrote it: English text, no keyed message.
        let db = rusqlite::Connection::open(&c.db).unwrap();
        db.execute(
            "INSERT INTO action_log(action, summary, undo) VALUES ('member-add', 'add member 戊 (#9)', '[]')",
            [],
        )
        .unwrap();
    }
    let zh = in_lang(&c, "zh_CN.UTF-8", &["log", "-n", "1"]);
    assert!(zh.contains("add member 戊 (#9)"), "{zh}");
    assert_eq!(
        in_lang(&c, "zh_CN.UTF-8", &["undo"]).trim(),
        "已撤销: add member 戊 (#9)"
    );
    let zh = in_lang(&c, "zh_CN.UTF-8", &["log", "-n", "1"]);
    assert!(zh.contains("撤销: add member 戊 (#9)"), "{zh}");
    assert_eq!(
        in_lang(&c, "zh_CN.UTF-8", &["redo"]).trim(),
        "已重做: add member 戊 (#9)"
    );
}
