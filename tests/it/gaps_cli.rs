//! Gaps a secretary hits on the command line: `event new`'s default date,
//! the games export, `--allow-clubmates` on a team event.

use super::common::Club;

/// `event new` without `--date` starts the event today (the local date;
/// the tests fix it through `SOURCE_DATE_EPOCH` to 2026-12-03), as the
/// TUI's form does; `--help` says so in every language.
#[test]
fn event_new_without_a_date_starts_today() {
    let c = Club::new();
    c.ok(&["event", "new", "周赛", "--system", "dutch", "--rounds", "5"]);
    c.ok(&["event", "new", "月赛", "--date", "2026-01-10"]);
    let list = c.ok(&["event", "list", "--format", "csv"]);
    let dates: Vec<&str> = list
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert_eq!(dates, ["2026-12-03", "2026-01-10"], "{list}");
    for (lang, words) in [
        ("en_US.UTF-8", "today when left out"),
        ("zh_CN.UTF-8", "不写则为今天"),
        ("zh_TW.UTF-8", "不寫則為今天"),
    ] {
        let o = c.run_lang(lang, &["event", "new", "--help"]);
        let help = String::from_utf8(o.stdout).unwrap();
        assert!(help.contains(words), "{lang}: {help}");
    }
}
