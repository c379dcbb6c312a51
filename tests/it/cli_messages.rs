//! The command line speaks the user's language: its own checks,
//! the app's errors and config errors come out in 简体, 繁體 or English, by
//! the config's `language`, else the locale.

use crate::common::Club;
use std::process::Output;

/// Runs qishe on the club with `LANG` set to `locale`.
fn run_in_locale(club: &Club, locale: &str, args: &[&str]) -> Output {
    club.run_lang(locale, args)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_clis_own_checks_speak_chinese_and_english() {
    let club = Club::new();
    club.ok(&["player", "add", "甲"]);
    club.ok(&["event", "new", "周赛", "--rounds", "3"]);
    let args = ["print", "standings", "周赛", "--width", "5"];
    let en = run_in_locale(&club, "en_US.UTF-8", &args);
    assert!(!en.status.success());
    assert!(
        stderr(&en).contains("--width 5 is too narrow"),
        "{}",
        stderr(&en)
    );
    let zh = run_in_locale(&club, "zh_CN.UTF-8", &args);
    assert!(!zh.status.success());
    assert!(stderr(&zh).contains("--width 5 太窄"), "{}", stderr(&zh));
    let tw = run_in_locale(&club, "zh_TW.UTF-8", &["event", "enter", "周赛"]);
    assert!(
        stderr(&tw).contains("請至少給出一名要報名的棋手"),
        "{}",
        stderr(&tw)
    );
    let board = ["round", "set", "周赛", "1", "x-y"];
    let zh = run_in_locale(&club, "zh_CN.UTF-8", &board);
    let en = run_in_locale(&club, "C", &board);
    assert!(stderr(&zh).contains("不是一台对局"), "{}", stderr(&zh));
    assert!(stderr(&en).contains("is not a board"), "{}", stderr(&en));
}

#[test]
fn the_apps_errors_and_the_enum_checks_speak_the_users_language() {
    let club = Club::new();
    let args = ["event", "new", "周赛", "--scheme", "standart"];
    let zh = run_in_locale(&club, "zh_CN.UTF-8", &args);
    assert_eq!(zh.status.code(), Some(1));
    let e = stderr(&zh);
    assert!(
        e.contains("未知的计分方案 \"standart\"") && e.contains("three-point"),
        "{e}"
    );
    let en = run_in_locale(&club, "en_US.UTF-8", &args);
    assert!(
        stderr(&en).contains("unknown scoring scheme \"standart\""),
        "{}",
        stderr(&en)
    );
    // A tie-break typo on the command line, read as the enum at the edge.
    let e = club.fails(&["event", "new", "周赛", "--tiebreaks", "wins,bucholz"]);
    assert!(
        e.contains("bucholz") && e.contains("sonneborn-berger"),
        "{e}"
    );
    // Nothing was created by the refused commands.
    assert!(!club.ok(&["event", "list"]).contains("周赛"));
    // A time control the CLI reads itself, in Chinese.
    let zh = run_in_locale(
        &club,
        "zh_CN.UTF-8",
        &["event", "new", "周赛", "--time-control", "ninety"],
    );
    assert!(stderr(&zh).contains("不是用时设置"), "{}", stderr(&zh));
}

#[test]
fn config_errors_say_file_line_and_column_in_the_configs_language() {
    let club = Club::new();
    let config = club.path("config.toml");
    std::fs::write(
        &config,
        "language = \"zh-Hant\"\n[event]\nrounds = 5\n[event.pairing]\nround1_methd = 3\n",
    )
    .unwrap();
    let o = run_in_locale(&club, "en_US.UTF-8", &["player", "list"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    // The config did not load, so its language is not known yet: the locale's.
    assert!(
        e.contains("config.toml:5:1: [event.pairing] has no setting \"round1_methd\""),
        "{e}"
    );
    assert!(e.contains("did you mean \"round1_method\"?"), "{e}");
    let o = run_in_locale(&club, "zh_TW.UTF-8", &["player", "list"]);
    assert!(
        stderr(&o).contains("第5行第1欄: [event.pairing] 沒有設定項"),
        "{}",
        stderr(&o)
    );
    // A config that loads speaks its own language, whatever the locale.
    std::fs::write(&config, "language = \"zh-Hant\"\n").unwrap();
    let o = run_in_locale(&club, "en_US.UTF-8", &["event", "show", "沒有這個"]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(!e.is_ascii(), "{e}");
}

/// A mistyped key, value or type in the config is said in the reader's
/// language (not serde's English) and names what was probably meant; the
/// command does nothing.
#[test]
fn config_typos_are_translated_and_suggest_the_name_meant() {
    let club = Club::new();
    let config = club.path("config.toml");
    let cases: [(&str, &str, &str, &str); 4] = [
        (
            "club = \"x\"\nlanguge = \"en\"\n",
            "config.toml 第2行第1列: 未知的设置项 \"languge\"，是否要写 \"language\"?",
            "未知的設定項 \"languge\"，是否要寫 \"language\"?",
            "config.toml:2:1: unknown key \"languge\"; did you mean \"language\"?",
        ),
        (
            "[event]\nscheme = \"standrad\"\n",
            "第2行第10列: 未知的值 \"standrad\"，是否要写 \"standard\"?",
            "未知的值 \"standrad\"，是否要寫 \"standard\"?",
            "config.toml:2:10: unknown value \"standrad\"; did you mean \"standard\"?",
        ),
        (
            "club = 5\n",
            "第1行第8列: 值的类型不对: 应为字符串（用双引号括起，如 \"a4\"），写的是整数 5",
            "值的類型不對: 應為字串",
            "config.toml:1:8: wrong type: expected a string (in double quotes, like \"a4\"), found the integer 5",
        ),
        (
            "[event]\ntiebreaks = [\"buchholtz\"]\n",
            "是否要写 \"buchholz\"?",
            "是否要寫 \"buchholz\"?",
            "did you mean \"buchholz\"?",
        ),
    ];
    for (text, zh, tw, en) in cases {
        std::fs::write(&config, text).unwrap();
        for (locale, want) in [
            ("zh_CN.UTF-8", zh),
            ("zh_TW.UTF-8", tw),
            ("en_US.UTF-8", en),
        ] {
            let o = run_in_locale(&club, locale, &["player", "add", "甲"]);
            assert_eq!(o.status.code(), Some(1), "{text}");
            let e = stderr(&o);
            assert!(e.contains(want), "{locale} {text}: {e}");
            for english in [
                "unknown field",
                "unknown variant",
                "invalid type",
                "expected one of",
            ] {
                assert!(!e.contains(english), "{locale}: serde's English in {e}");
            }
        }
    }
    // Nothing was added while the config was wrong.
    std::fs::write(&config, "club = \"x\"\n").unwrap();
    let list = club.ok(&["player", "list"]);
    assert!(!list.contains('甲'), "{list}");
}

/// A command line clap cannot parse is refused in the reader's language:
/// the argument, the value, why, and what was probably meant; English
/// readers keep clap's own words. Nothing is done (exit 2).
#[test]
fn parse_errors_speak_the_readers_language() {
    let club = Club::new();
    club.ok(&["player", "add", "甲"]);
    let cases: [(&[&str], &str, &str); 5] = [
        (
            &["result", "周赛", "0", "1", "1-0"],
            "<轮次> 的值 \"0\" 无效: 须为整数，至少为 1",
            "<輪次> 的值 \"0\" 無效: 須為整數，至少為 1",
        ),
        (
            &["player", "add", "乙", "--ratng", "1500"],
            "不认识的参数 --ratng，是否要写 --rating?",
            "不認識的參數 --ratng，是否要寫 --rating?",
        ),
        (
            &["playr", "list"],
            "不认识的命令 \"playr\"，是否要写 \"player\"?",
            "不認識的命令 \"playr\"，是否要寫 \"player\"?",
        ),
        (
            &["result", "周赛"],
            "缺少参数: <轮次>, <台次>, <结果>",
            "缺少參數: <輪次>, <台次>, <結果>",
        ),
        (
            &["player", "add", "乙", "--rating", "x"],
            "--rating <等级分> 的值 \"x\" 无效: 须为整数",
            "須為整數",
        ),
    ];
    for (args, zh, tw) in cases {
        for (locale, want) in [("zh_CN.UTF-8", zh), ("zh_TW.UTF-8", tw)] {
            let o = run_in_locale(&club, locale, args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            let e = stderr(&o);
            assert!(
                e.starts_with("qishe: ") && e.contains(want),
                "{locale} {args:?}: {e}"
            );
            for english in ["error:", "tip:", "Usage:", "For more information"] {
                assert!(
                    !e.contains(english),
                    "{locale} {args:?}: clap's English in {e}"
                );
            }
        }
        let en = stderr(&run_in_locale(&club, "en_US.UTF-8", args));
        assert!(en.starts_with("error: "), "{args:?}: {en}");
    }
    let list = club.ok(&["player", "list"]);
    assert!(!list.contains('乙'), "{list}");
}

/// What a command prints when it has done its work is in the user's
/// language too, and stays English in an English one.
#[test]
fn a_commands_report_speaks_the_users_language() {
    let club = Club::new();
    club.five_members();
    club.ok(&["event", "new", "周赛", "--system", "dutch", "--rounds", "3"]);
    club.ok(&["event", "enter", "周赛", "A", "B", "C", "D", "E"]);
    let stdout = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let zh = run_in_locale(&club, "zh_CN.UTF-8", &["round", "pair", "周赛"]);
    assert!(stdout(&zh).starts_with("第1轮: 3 台"), "{}", stdout(&zh));
    let tw = run_in_locale(&club, "zh_TW.UTF-8", &["round", "unpair", "周赛"]);
    assert_eq!(stdout(&tw).trim(), "第1輪已取消");
    let en = run_in_locale(&club, "en_US.UTF-8", &["round", "pair", "周赛"]);
    assert!(
        stdout(&en).starts_with("round 1: 3 boards"),
        "{}",
        stdout(&en)
    );
    let csv = club.path("m.csv");
    std::fs::write(&csv, "name,rating\nF,1500\nA,2000\n").unwrap();
    let zh = run_in_locale(
        &club,
        "zh_CN.UTF-8",
        &[
            "player",
            "import",
            csv.to_str().unwrap(),
            "--skip-duplicates",
        ],
    );
    assert_eq!(stdout(&zh).trim(), "已导入 1 名会员", "{}", stderr(&zh));
    assert!(stderr(&zh).starts_with("跳过: "), "{}", stderr(&zh));
}

/// The action log of team and knockout events, and of imports, is kept as
/// keyed messages: `qishe log` reads it in the user's language.
/// A knockout's name has the same limits as any event's.
#[test]
fn the_log_of_a_knockout_speaks_the_users_language() {
    let club = Club::new();
    club.five_members();
    let new = ["event", "new", "杯赛", "--system", "knockout"];
    run_in_locale(&club, "zh_CN.UTF-8", &new);
    let log = |locale| {
        let o = run_in_locale(&club, locale, &["log"]);
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    assert!(
        log("zh_CN.UTF-8").contains("新建淘汰赛 杯赛"),
        "{}",
        log("zh_CN.UTF-8")
    );
    assert!(log("zh_TW.UTF-8").contains("新建淘汰賽 杯赛"));
    assert!(log("en_US.UTF-8").contains("new knockout 杯赛"));
    let long = "杯".repeat(2000);
    let e = club.fails(&["event", "new", &long, "--system", "knockout"]);
    assert!(e.contains("2000 characters; at most 100"), "{e}");
}

/// `[keys]` rebinds the TUI's keys; a typo in it stops the TUI before it
/// starts, with the file, line and column.
#[test]
fn a_typo_in_keys_stops_the_tui_with_its_line_and_column() {
    let club = Club::new();
    let config = club.path("config.toml");
    std::fs::write(
        &config,
        "club = \"x\"\n[keys]\nred-win = \"w\"\nblak-win = \"x\"\n",
    )
    .unwrap();
    // No command: the TUI, which checks [keys] before taking the terminal
    // (config.toml in the club's folder is found there).
    let o = run_in_locale(&club, "en_US.UTF-8", &[]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("config.toml:4:1") || e.contains("line 4"), "{e}");
    assert!(e.contains("blak-win"), "{e}");
    // The same file without the typo is a valid config for every command.
    std::fs::write(&config, "club = \"x\"\n[keys]\nred-win = \"w\"\n").unwrap();
    let o = run_in_locale(&club, "en_US.UTF-8", &["player", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The rating list and the statistics read in the user's language; their
/// CSV keys stay the same in every language.
#[test]
fn the_history_reports_speak_the_users_language() {
    let club = Club::new();
    club.five_members();
    club.ok(&["event", "new", "周赛", "--system", "dutch", "--rounds", "1"]);
    club.ok(&["event", "enter", "周赛", "A", "B", "C", "D"]);
    club.ok(&["round", "pair", "周赛"]);
    club.ok(&["result", "周赛", "1", "1", "1-0"]);
    club.ok(&["result", "周赛", "1", "2", "1/2-1/2"]);
    club.ok(&["event", "finish", "周赛"]);
    let out = |locale, args: &[&str]| {
        String::from_utf8_lossy(&run_in_locale(&club, locale, args).stdout).into_owned()
    };
    let zh = out("zh_CN.UTF-8", &["ratings"]);
    assert!(zh.starts_with("等级分表: 已结束赛事 1 个"), "{zh}");
    assert!(zh.contains("名次  姓名"), "{zh}");
    let tw = out("zh_TW.UTF-8", &["stats"]);
    assert!(tw.contains("紅勝") && tw.contains("和棋"), "{tw}");
    let en = out("en_US.UTF-8", &["stats"]);
    assert!(en.starts_with("games"), "{en}");
    let csv = |locale| out(locale, &["ratings", "--format", "csv"]);
    assert_eq!(
        csv("zh_CN.UTF-8").lines().next(),
        csv("en_US.UTF-8").lines().next()
    );
}

#[test]
fn a_pairing_option_of_another_system_is_refused_on_the_command_line_and_in_config() {
    let club = Club::new();
    let e = club.fails(&["event", "new", "错", "--system", "dutch", "--double"]);
    assert!(
        e.contains("double_round_robin") && e.contains("round-robin") && e.contains("Dutch"),
        "{e}"
    );
    assert!(!club.ok(&["event", "list"]).contains("错"));
    std::fs::write(
        club.path("config.toml"),
        "[event]\nsystem = \"dutch\"\n[event.pairing]\nround1_method = 2\n",
    )
    .unwrap();
    let o = run_in_locale(&club, "zh_CN.UTF-8", &["event", "list"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains("第4行第1列") && e.contains("round1_method"),
        "{e}"
    );
    assert!(e.contains("积分编排") && e.contains("瑞士制"), "{e}");
    // The same option under the Chinese method loads.
    std::fs::write(
        club.path("config.toml"),
        "[event]\nsystem = \"cxa\"\n[event.pairing]\nround1_method = 2\n",
    )
    .unwrap();
    club.ok(&["event", "new", "积分赛"]);
    // ... and is no default of an event paired by another system.
    club.ok(&["event", "new", "周赛", "--system", "dutch"]);
}

/// A round or a board is typed where clap reads it (`cli::round_no`,
/// `cli::board_no`): a round of 0 and what is no number are refused with
/// clap's own words naming the argument, before the club is opened; a
/// board of 0 passes the edge and is the app's to refuse.
#[test]
fn a_round_or_board_that_is_no_number_is_refused_by_clap_naming_it() {
    let club = Club::new();
    for (args, want) in [
        (
            &["round", "show", "E", "0"][..],
            "invalid value '0' for '[ROUND]': 0 is not in 1..=4294967295",
        ),
        (
            &["round", "swap", "E", "x", "a", "b"][..],
            "invalid value 'x' for '<ROUND>': invalid digit found in string",
        ),
        (
            &["result", "E", "1", "x", "1-0"][..],
            "invalid value 'x' for '<BOARD>': invalid digit found in string",
        ),
        (
            &["result", "confirm", "E", "0", "1"][..],
            "invalid value '0' for '<ROUND>': 0 is not in 1..=4294967295",
        ),
        (
            &["standings", "E", "--after-round", "0"][..],
            "invalid value '0' for '--after-round <AFTER_ROUND>': 0 is not in 1..=4294967295",
        ),
        (
            &["event", "withdraw", "E", "p", "--after-round", "x"][..],
            "invalid value 'x' for '--after-round <AFTER_ROUND>': invalid digit found in string",
        ),
        (
            &["print", "crosstable", "E", "-r", "0"][..],
            "invalid value '0' for '--round <ROUND>': 0 is not in 1..=4294967295",
        ),
    ] {
        let o = run_in_locale(&club, "en_US.UTF-8", args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
    // Board 0 reaches the app, which looks for the event first.
    let e = club.fails(&["result", "E", "1", "0", "1-0"]);
    assert!(e.contains("no event \"E\""), "{e}");
}
