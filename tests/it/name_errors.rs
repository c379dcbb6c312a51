//! What the CLI prints for a name it cannot resolve — an unknown or
//! ambiguous member, player, team or season member — in each language.
//! The snapshot was taken while the app's doors still took names, so
//! resolving names at the CLI's edge changes no text.

use super::common::Club;

#[test]
fn unknown_and_ambiguous_names_read_the_same() {
    let c = Club::new();
    c.five_members();
    // Two members of one name.
    c.ok(&["player", "add", "张三", "--rating", "1500"]);
    c.ok(&["player", "add", "张三", "--rating", "1400"]);
    c.dutch_event("Open", &[], &["A", "B", "C", "D"]);
    c.ok(&["round", "pair", "Open"]);
    c.ok(&["event", "new", "League", "--teams", "--boards", "2"]);
    c.ok(&["team", "add", "League", "Red", "--players", "A,B"]);
    c.ok(&["team", "add", "League", "Black", "--players", "C,D"]);
    c.ok(&["season", "new", "S2026"]);
    c.ok(&["season", "add", "S2026", "Open"]);
    let cases: &[&[&str]] = &[
        &["standings", "Open", "--explain", "Nobody"],
        &["standings", "Open", "--explain", "#9"],
        &[
            "standings",
            "Open",
            "--explain",
            "Nobody",
            "--after-round",
            "3",
        ],
        &["event", "enter", "Open", "Nobody"],
        &["event", "enter", "Open", "张三"],
        &["event", "enter", "Open", "#99"],
        &["team", "add", "League", "Green", "--players", "E,Nobody"],
        &["team", "add", "League", "Green", "--players", "E,张三"],
        &["team", "lineup", "League", "1", "Blue", "A,B"],
        &["team", "lineup", "League", "1", "9", "A,B"],
        &["team", "lineup", "League", "1", "Red", "A,Nobody"],
        &["team", "roster", "League", "Blue", "add", "E"],
        &["team", "roster", "League", "Red", "add", "Nobody"],
        &["team", "roster", "League", "Red", "add", "张三"],
        &["team", "roster", "League", "Red", "remove", "E"],
        &["season", "standings", "S2026", "--explain", "Nobody"],
    ];
    let mut all = String::new();
    for args in cases {
        for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8", "en_US.UTF-8"] {
            let o = c.run_lang(locale, args);
            all.push_str(&format!(
                "{} [{locale}] {}: {}",
                args.join(" "),
                o.status.code().unwrap_or(-1),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
    }
    insta::assert_snapshot!(all);
}

/// An event or member name typed with a slip — a missing space, one wrong
/// character — is refused and the name meant is named back; a name near
/// nothing gets no suggestion.
#[test]
fn a_slip_in_an_event_or_member_name_is_named_back() {
    let c = Club::new();
    c.ok(&["player", "add", "何晓东", "--rating", "2195"]);
    c.ok(&["player", "add", "刘红梅", "--rating", "2335"]);
    c.ok(&["event", "new", "周四快棋 第12期"]);
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &["standings", "周四快棋第12期"],
            "周四快棋第12期",
            "周四快棋 第12期",
        ),
        (&["player", "show", "何小东"], "何小东", "何晓东"),
        (
            &["event", "enter", "周四快棋 第12期", "刘红霉"],
            "刘红霉",
            "刘红梅",
        ),
    ];
    for (args, typed, meant) in cases {
        for (locale, hint) in [
            ("zh_CN.UTF-8", "是否要写"),
            ("zh_TW.UTF-8", "是否要寫"),
            ("en_US.UTF-8", "did you mean"),
        ] {
            let out = c.run_lang(locale, args);
            assert!(!out.status.success(), "{args:?}");
            let e = String::from_utf8_lossy(&out.stderr);
            assert!(
                e.contains(typed) && e.contains(hint) && e.contains(&format!("\"{meant}\"")),
                "{locale} {args:?}: {e}"
            );
        }
    }
    let e = c.fails(&["player", "show", "张三丰"]);
    assert!(e.contains("张三丰") && !e.contains("何晓东"), "{e}");
    // Nothing was entered by the refused command.
    let list = c.ok(&["event", "show", "周四快棋 第12期"]);
    assert!(!list.contains("刘红梅"), "{list}");
}

/// A name typed in the other script — 繁體 for a name kept in 简体, or the
/// other way round — names the member, event, entry, team and season it
/// means; two members whose names differ only in script are asked apart.
#[test]
fn a_name_in_the_other_script_names_what_it_means() {
    let c = Club::new();
    c.ok(&["player", "add", "陈磊", "--rating", "1548"]);
    c.ok(&["player", "add", "何晓东", "--rating", "2195"]);
    c.ok(&["player", "add", "郭佳琪", "--rating", "2240"]);
    c.ok(&["player", "add", "黃志強", "--rating", "2342"]);
    let show = c.ok(&["player", "show", "陳磊"]);
    assert!(show.contains("陈磊") && show.contains("1548"), "{show}");
    // Kept in 繁體, typed in 简体.
    let show = c.ok(&["player", "show", "黄志强"]);
    assert!(show.contains("黃志強"), "{show}");
    c.ok(&["event", "new", "冬季積分賽", "--rounds", "3"]);
    c.ok(&[
        "event",
        "enter",
        "冬季积分赛",
        "陳磊",
        "何曉東",
        "郭佳琪",
        "黄志强",
    ]);
    let shown = c.ok(&["event", "show", "冬季积分赛"]);
    for name in ["陈磊", "何晓东", "郭佳琪", "黃志強"] {
        assert!(shown.contains(name), "{name}: {shown}");
    }
    c.ok(&["round", "pair", "冬季积分赛"]);
    let explain = c.ok(&["standings", "冬季积分赛", "--explain", "陳磊", "何曉東"]);
    assert!(
        explain.contains("陈磊") && explain.contains("何晓东"),
        "{explain}"
    );
    c.ok(&["season", "new", "年度積分"]);
    c.ok(&["season", "add", "年度积分", "冬季積分賽"]);
    let season = c.ok(&["season", "show", "年度積分"]);
    assert!(season.contains("冬季積分賽"), "{season}");
    c.ok(&["event", "new", "團體賽", "--teams", "--boards", "2"]);
    c.ok(&["team", "add", "團體賽", "錢塘", "--players", "陳磊,何曉東"]);
    c.ok(&["team", "roster", "团体赛", "钱塘", "add", "郭佳琪"]);
    let teams = c.ok(&["team", "list", "團體賽"]);
    assert!(teams.contains("郭佳琪"), "{teams}");
    // Two members whose names differ only in script: the exact name wins,
    // the folded one is ambiguous and lists both.
    c.ok(&["player", "add", "陳磊", "--rating", "1600"]);
    let exact = c.ok(&["player", "show", "陈磊"]);
    assert!(exact.contains("1548") && !exact.contains("1600"), "{exact}");
    // Two members of one 繁體 name, typed in 简体: both are listed.
    c.ok(&["player", "add", "劉芳", "--rating", "2206"]);
    c.ok(&["player", "add", "劉芳", "--rating", "2000"]);
    let e = c.fails(&["player", "show", "刘芳"]);
    assert!(e.contains("#6 劉芳") && e.contains("#7 劉芳"), "{e}");
}

#[test]
fn a_member_added_in_the_other_script_is_flagged_as_a_possible_duplicate() {
    let c = Club::new();
    c.ok(&["player", "add", "陈磊", "--club", "西湖棋会"]);
    // 陳磊 of 西湖棋會 is 陈磊 of 西湖棋会 written in 繁體: added, and said.
    let out = c.run_lang(
        "zh_CN.UTF-8",
        &["player", "add", "陳磊", "--club", "西湖棋會"],
    );
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("已有同名同单位的会员 陈磊 (编号 1): 请确认不是同一人"),
        "{said}"
    );
    let out = c.run(&["player", "add", "陳磊", "--club", "西湖棋會"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("member 陈磊 (id 1) has this name and club"),
        "{said}"
    );
    // Another club's 陳磊 is not flagged.
    let out = c.run(&["player", "add", "陳磊", "--club", "香港"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).is_empty());
    // The members CSV import judges its rows by the same rule.
    std::fs::write(c.path("m.csv"), "姓名,单位\n陳磊,西湖棋会\n王天一,杭州\n").unwrap();
    let err = c.fails(&["player", "import", "m.csv"]);
    assert!(
        err.contains("m.csv:2: 陳磊 (西湖棋会) duplicates member #"),
        "{err}"
    );
    assert!(!c.ok(&["player", "list"]).contains("王天一"));
}
