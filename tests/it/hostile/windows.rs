//! Files and values as a Chinese Windows user brings them: CRLF line
//! ends, full-width digits and punctuation.

use super::paired_club;

/// The file's text with every `\n` made `\r\n`.
fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

// A bad row of a CSV saved on Windows is named by its own line, as it is
// in the same file with `\n` line ends: the csv reader's own count is one
// low there (it starts a record before the `\n` of the `\r\n`).
#[test]
fn a_bad_row_of_a_crlf_csv_is_named_by_its_own_line() {
    let c = paired_club();
    c.ok(&["event", "new", "Teams", "--teams", "--rounds", "3"]);
    let cases: [(&str, &[&str], &str, &str); 4] = [
        (
            "members.csv",
            &["player", "import"],
            "name,rating\nX,1800\nY,abc\n",
            ":3:",
        ),
        (
            "dups.csv",
            &["player", "import"],
            "name,club\nX,北京\n\nX,北京\n",
            ":4: X (北京)",
        ),
        (
            "games.csv",
            &["import", "games", "T"],
            "round,red,black,result\n1,A,B,1-0\n1,C,D,2-0\n",
            ":3:",
        ),
        (
            "teams.csv",
            &["import", "teams", "Teams"],
            "team,board,name,club,rating\nR,1,P,x,1500\nR,x,Q,x,1500\n",
            ":3:",
        ),
    ];
    for (file, cmd, text, said) in cases {
        for (ends, body) in [("lf", text.to_string()), ("crlf", crlf(text))] {
            let name = format!("{ends}-{file}");
            std::fs::write(c.path(&name), &body).unwrap();
            let mut args = cmd.to_vec();
            args.push(&name);
            let e = c.fails(&args);
            assert!(e.contains(&format!("{name}{said}")), "{ends} {file}: {e}");
        }
    }
    super::intact(&c);
}

// A result typed with a Chinese input method in full-width mode, or as a
// score with a colon, means one thing: it is taken, on the command line and
// in a games CSV alike. An impossible one is still refused, as typed.
#[test]
fn a_result_typed_in_full_width_or_with_a_colon_is_taken() {
    let c = paired_club();
    let board_of = |c: &crate::common::Club| c.ok(&["round", "show", "T", "1"]);
    for (typed, code) in [
        ("１-０", "1-0"),
        ("１：０", "1-0"),
        ("0:1", "0-1"),
        ("½：½", "1/2-1/2"),
    ] {
        let said = c.ok(&["result", "T", "1", "1", typed]);
        assert!(said.contains(code), "{typed}: {said}");
        assert!(board_of(&c).contains(code), "{typed}");
    }
    let before = board_of(&c);
    let e = c.fails(&["result", "T", "1", "1", "２-０"]);
    assert!(e.contains("\"２-０\""), "{e}");
    assert_eq!(board_of(&c), before);
    std::fs::write(
        c.path("games.csv"),
        "round,red,black,result\r\n１,A,B,１：０\r\n1,C,D,0:1\r\n",
    )
    .unwrap();
    let t = c.ok(&["event", "new", "Imported", "--rounds", "3"]);
    assert!(!t.is_empty());
    c.ok(&["import", "games", "Imported", "games.csv"]);
    let round = c.ok(&["round", "show", "Imported", "1"]);
    assert!(round.contains("1-0") && round.contains("0-1"), "{round}");
}

// Numbers and dates typed in full-width digits on the command line are
// read as they are meant; a date the calendar has not is refused in the
// reader's language (it was clap's English), and nothing is written.
#[test]
fn numbers_and_dates_typed_in_full_width_on_the_command_line() {
    let c = paired_club();
    c.ok(&["result", "T", "１", "１", "1-0"]);
    assert!(c.ok(&["round", "show", "T", "1"]).contains("1-0"));
    c.ok(&[
        "player",
        "add",
        "E",
        "--rating",
        "１８００",
        "--born",
        "２０００",
    ]);
    let e = c.ok(&["player", "show", "E"]);
    assert!(e.contains("1800") && e.contains("2000"), "{e}");
    c.ok(&[
        "event",
        "new",
        "F",
        "--rounds",
        "５",
        "--date",
        "２０２６年３月１日",
    ]);
    let f = c.ok(&["event", "list"]);
    let f = f.lines().find(|l| l.contains(" F ")).unwrap();
    assert!(f.contains("2026-03-01") && f.contains("0/5"), "{f}");
    let before = c.ok(&["event", "list"]);
    for (lang, said) in [
        ("zh_CN.UTF-8", "日历上没有 2026-02-30 这一天"),
        ("zh_TW.UTF-8", "日曆上沒有 2026-02-30 這一天"),
        ("en_US.UTF-8", "2026-02-30 is no day of the calendar"),
    ] {
        let o = c.run_lang(lang, &["event", "new", "G", "--date", "2026-02-30"]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{e}");
        assert!(e.contains(said), "{lang}: {e}");
        assert!(!e.contains("clap"), "{lang}: {e}");
    }
    let o = c.run_lang("zh_CN.UTF-8", &["event", "new", "G", "--date", "3月1日"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("\"3月1日\" 不是日期"), "{e}");
    assert_eq!(c.ok(&["event", "list"]), before);
}

// Why a row of a members CSV is a duplicate is said in the reader's
// language (it was English inside a Chinese sentence), both when it stops
// the import and when it is skipped.
#[test]
fn a_duplicate_row_is_said_in_the_readers_language() {
    let c = paired_club();
    std::fs::write(
        c.path("dups.csv"),
        "姓名,编号\r\nA,\r\n新,X1\r\n新人,X1\r\n",
    )
    .unwrap();
    for (lang, same, id_used) in [
        (
            "zh_CN.UTF-8",
            "dups.csv:2: A 与 会员 #1 重复",
            "dups.csv:4: 新人: 编号 X1 已被 第3行 使用",
        ),
        (
            "zh_TW.UTF-8",
            "dups.csv:2: A 與 會員 #1 重複",
            "dups.csv:4: 新人: 編號 X1 已被 第3行 使用",
        ),
        (
            "en_US.UTF-8",
            "dups.csv:2: A duplicates member #1",
            "dups.csv:4: 新人: id X1 is already used by line 3",
        ),
    ] {
        let o = c.run_lang(lang, &["player", "import", "dups.csv"]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success());
        assert!(e.contains(same) && e.contains(id_used), "{lang}: {e}");
    }
    assert!(
        !c.ok(&["player", "list"]).contains('新'),
        "nothing imported"
    );
    let o = c.run_lang(
        "zh_CN.UTF-8",
        &["player", "import", "dups.csv", "--skip-duplicates"],
    );
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{e}");
    assert!(e.contains("跳过: dups.csv:2: A 与 会员 #1 重复"), "{e}");
    assert!(c.ok(&["player", "list"]).contains('新'));
}

// A value out of a limit names its field in the reader's language: the
// Chinese refusal said `rating 为 -5` and `name 含有控制字符`.
#[test]
fn a_value_out_of_its_limit_names_its_field_in_the_readers_language() {
    let c = paired_club();
    std::fs::write(c.path("neg.csv"), "姓名,等级分\n王五,-5\n").unwrap();
    std::fs::write(c.path("nl.csv"), "姓名,等级分\n\"王\n五\",1500\n").unwrap();
    for (lang, rating, name) in [
        ("zh_CN.UTF-8", "等级分 为 -5, 超出范围", "姓名 含有控制字符"),
        ("zh_TW.UTF-8", "等級分 為 -5, 超出範圍", "姓名 含有控制字元"),
        (
            "en_US.UTF-8",
            "rating -5 is out of range",
            "name holds a control character",
        ),
    ] {
        let o = c.run_lang(lang, &["player", "import", "neg.csv"]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("neg.csv") && e.contains(rating), "{lang}: {e}");
        let o = c.run_lang(lang, &["player", "import", "nl.csv"]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("nl.csv") && e.contains(name), "{lang}: {e}");
        let o = c.run_lang(lang, &["result", "T", "1", "1", "1-0", "--moves", "99999"]);
        assert!(!o.status.success());
    }
    let o = c.run_lang(
        "zh_CN.UTF-8",
        &["result", "T", "1", "1", "1-0", "--moves", "99999"],
    );
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("回合数 为 99999"), "{e}");
    assert!(!c.ok(&["player", "list"]).contains('王'));
    assert!(!c.ok(&["round", "show", "T", "1"]).contains("1-0"));
}

// The TUI's forms read numbers and dates as the command line does: full
// width digits, 2026/3/1 and 2026年3月1日 taken; a day the calendar has not
// refused by its field with the reason, the form kept as typed.
#[test]
fn the_tuis_forms_read_full_width_numbers_and_dates() {
    use crate::common::tui::{c, config, go, k, typed};
    use crossterm::event::KeyCode;
    use qishe::i18n::Lang;
    use qishe::tui::Model;
    let mut app = qishe::app::App::in_memory(config(Lang::ZhHans)).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    typed(&mut app, &mut m, "王五");
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "１８００");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status());
    assert_eq!(app.find_member("王五").unwrap().rating, Some(1800));

    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "周赛");
    let at = |m: &Model| {
        let f = m.form().expect("the event form");
        let date = f.fields.iter().position(|f| f.label == "col.date").unwrap();
        (date + f.fields.len() - f.focus) % f.fields.len()
    };
    for _ in 0..at(&m) {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    typed(&mut app, &mut m, "2026-02-30");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (said, error) = m.status().cloned().expect("a refusal");
    assert!(error, "{said}");
    assert!(
        said.contains("日期") && said.contains("日历上没有 2026-02-30 这一天"),
        "{said}"
    );
    let f = m.form().expect("the form stays open");
    assert!(f.fields.iter().any(|f| f.value == "2026-02-30"), "as typed");
    assert!(f.fields.iter().any(|f| f.value == "周赛"), "as typed");
    assert!(app.events().unwrap().is_empty(), "nothing written");
    for _ in 0.."2026-02-30".chars().count() {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "２０２６年３月１日");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status());
    let ev = &app.events().unwrap()[0];
    assert_eq!(
        ev.start_date.map(|d| d.to_string()).as_deref(),
        Some("2026-03-01")
    );
}

// An Excel workbook given where a CSV is read is said to be one, with the
// way out (Save As CSV UTF-8); other binary bytes are said to be no text.
// It was a screenful of escaped bytes as an "unknown column".
#[test]
fn an_excel_workbook_given_as_a_csv_is_said_to_be_one() {
    let c = paired_club();
    c.ok(&["event", "new", "Teams", "--teams", "--rounds", "3"]);
    let mut xlsx = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00".to_vec();
    xlsx.extend(std::iter::repeat_n(0xA5u8, 3000));
    std::fs::write(c.path("players.xlsx"), &xlsx).unwrap();
    let mut bin: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
    bin[0] = 0;
    std::fs::write(c.path("players.csv"), &bin).unwrap();
    let before = c.ok(&["player", "list"]);
    for cmd in [
        &["player", "import"][..],
        &["import", "games", "T"][..],
        &["import", "teams", "Teams"][..],
    ] {
        for (lang, file, said) in [
            (
                "zh_CN.UTF-8",
                "players.xlsx",
                "这是 Excel 工作簿 (.xlsx), 不是 CSV 文件",
            ),
            ("zh_TW.UTF-8", "players.xlsx", "這是 Excel 活頁簿 (.xlsx)"),
            (
                "en_US.UTF-8",
                "players.xlsx",
                "Save As \"CSV UTF-8 (Comma delimited)\"",
            ),
            ("zh_CN.UTF-8", "players.csv", "这不是文本文件"),
        ] {
            let mut args = cmd.to_vec();
            args.push(file);
            let o = c.run_lang(lang, &args);
            let e = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success());
            assert!(e.contains(file) && e.contains(said), "{lang} {args:?}: {e}");
            assert!(e.len() < 400, "a short message: {e}");
        }
    }
    assert_eq!(c.ok(&["player", "list"]), before);
    super::intact(&c);
}

// A Chinese input method in full-width mode sends `２` and `ｒ`: outside a
// form they are the keys `2` and `r` (a board number typed, then red
// wins); inside a form they stay as typed.
#[test]
fn full_width_keys_are_the_keys_outside_a_form() {
    use crate::common::tui::{c, go, k};
    use crate::tui_night::{club, open};
    use crossterm::event::KeyCode;
    use qishe::domain::Outcome;
    use qishe::i18n::Lang;
    use qishe::tui::model::FormKind;
    use qishe::tui::Tab;
    let (mut app, ev) = club(Lang::ZhHans);
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('２'));
    assert_eq!(m.board_input(), "2");
    go(&mut app, &mut m, c('ｒ'));
    let f = m.form().expect("the result form of board 2");
    assert!(matches!(f.kind, FormKind::Result { board, .. } if board.get() == 2));
    // In the form, full-width text stays as typed, and the moves and a
    // clock typed so are read as numbers.
    for (label, text) in [
        ("tui.field.moves", "４２"),
        ("tui.field.red_used", "１：３０：００"),
    ] {
        let f = m.form().expect("still the form");
        let at = f.fields.iter().position(|f| f.label == label).unwrap();
        while m.form().unwrap().focus != at {
            go(&mut app, &mut m, k(KeyCode::Tab));
        }
        while !m.form().unwrap().fields[at].value.is_empty() {
            go(&mut app, &mut m, k(KeyCode::Backspace));
        }
        for ch in text.chars() {
            go(&mut app, &mut m, c(ch));
        }
        assert_eq!(m.form().unwrap().fields[at].value, text, "as typed");
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status());
    let g = app
        .games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == 2)
        .unwrap();
    assert_eq!(g.game.outcome, Outcome::RedWin);
    assert_eq!(g.game.facts.moves, Some(42));
    assert_eq!(g.game.facts.red_used_ms, Some(5_400_000));
}
