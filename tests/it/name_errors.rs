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
