//! `qishe --help`, each command's help and clap's parse errors in the
//! user's language (config.toml's `language`, else the locale's): the
//! texts come from the i18n tables (`cli.about.*`, `cli.arg.*`), once.

use crate::common::Club;
use qishe::cli::help::{about_key, arg_key, value_key};
use qishe::i18n::{has, tr, Lang};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every command of the tree, as its path of subcommand names.
fn paths(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(path.clone());
    for s in cmd.get_subcommands() {
        path.push(s.get_name().to_string());
        paths(s, path, out);
        path.pop();
    }
}

#[test]
fn the_top_level_help_is_in_the_locale_s_language() {
    let c = Club::new();
    let o = c.run_lang("zh_CN.UTF-8", &["--help"]);
    assert!(o.status.success());
    let zh = stdout(&o);
    assert!(zh.contains("用法:"), "{zh}");
    assert!(zh.contains("命令:") && zh.contains("选项:"), "{zh}");
    for cmd in ["print", "result", "standings", "event"] {
        let key = about_key(&[cmd]);
        let about = tr(Lang::ZhHans, &key);
        assert!(about
            .chars()
            .any(|ch| ('\u{4e00}'..='\u{9fff}').contains(&ch)));
        assert!(zh.contains(about), "{cmd}: {about:?} not in {zh}");
    }
    assert!(zh.contains("打印对阵表"), "{zh}");
    assert!(!zh.contains("Print pairing sheets"), "{zh}");
    assert!(!zh.contains("Usage:") && !zh.contains("Options:"), "{zh}");

    let en = c.ok(&["--help"]);
    assert!(en.contains("Usage:") && en.contains("Commands:"), "{en}");
    assert!(en.contains(tr(Lang::En, &about_key(&["print"]))), "{en}");
    assert!(en.contains("Print pairing sheets"), "{en}");
    assert!(!en.contains("用法"), "{en}");
}

#[test]
fn a_subcommand_s_help_and_its_arguments_are_translated() {
    let c = Club::new();
    let zh = stdout(&c.run_lang("zh_CN.UTF-8", &["print", "--help"]));
    assert!(
        zh.starts_with(tr(Lang::ZhHans, &about_key(&["print"]))),
        "{zh}"
    );
    assert!(
        zh.contains(tr(Lang::ZhHans, &arg_key(&["print"], "round"))),
        "{zh}"
    );
    assert!(zh.contains("显示帮助"), "{zh}");
    // The documents' meanings, one a line in the long help.
    assert!(zh.contains("可选值:"), "{zh}");
    let key = value_key(&["print"], "kind", "pairings");
    let pairings = tr(Lang::ZhHans, &key);
    assert!(zh.contains(&format!("- pairings:      {pairings}")), "{zh}");
    assert!(!zh.contains("Pairing sheet"), "{zh}");
    let short = stdout(&c.run_lang("zh_CN.UTF-8", &["print", "-h"]));
    assert!(short.contains("[可选值: pairings, slips,"), "{short}");
    let en = c.ok(&["print", "--help"]);
    assert!(
        en.contains(tr(Lang::En, &arg_key(&["print"], "round"))),
        "{en}"
    );
    assert!(en.contains("Print help"), "{en}");
}

#[test]
fn config_toml_s_language_chooses_the_help_s_language() {
    let c = Club::new();
    std::fs::write(c.path("config.toml"), "language = \"zh-Hant\"\n").unwrap();
    // The locale says English; config.toml says 繁體.
    let o = c.run(&["--help"]);
    let out = stdout(&o);
    assert!(out.contains("用法:"), "{out}");
    assert!(
        out.contains(tr(Lang::ZhHant, &about_key(&["print"]))),
        "{out}"
    );
}

#[test]
fn a_parse_error_names_the_help_of_its_command() {
    let c = Club::new();
    let o = c.run_lang("zh_CN.UTF-8", &["print", "--frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("不认识的参数 --frobnicate"), "{err}");
    assert!(err.contains("用 qishe print --help 查看用法"), "{err}");
    let o = c.run(&["event", "new", "--rounds"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("qishe event new --help shows the usage"),
        "{err}"
    );
    // An unknown command names the top-level help.
    let err = stderr(&c.run_lang("zh_CN.UTF-8", &["frobnicate"]));
    assert!(err.contains("用 qishe --help 查看用法"), "{err}");
}

/// Every command has its about in the tables, in three languages, and
/// the derive gives none of its own: one source of text.
#[test]
fn every_command_s_about_comes_from_the_tables_only() {
    let cmd = <qishe::cli::Cli as clap::CommandFactory>::command();
    let mut all = Vec::new();
    paths(&cmd, &mut Vec::new(), &mut all);
    assert!(all.len() > 60, "{}", all.len());
    let mut missing = Vec::new();
    let mut twice = Vec::new();
    for p in &all {
        let p: Vec<&str> = p.iter().map(String::as_str).collect();
        let key = about_key(&p);
        if !has(&key) {
            missing.push(key.clone());
        }
        let mut sub = &cmd;
        for n in &p {
            sub = sub.find_subcommand(n).unwrap();
        }
        if sub.get_about().is_some() || sub.get_long_about().is_some() {
            twice.push(key.clone());
        }
        // An argument's help is in one place: the tables or the derive.
        for a in sub.get_arguments() {
            let key = arg_key(&p, a.get_id().as_str());
            if has(&key) && (a.get_help().is_some() || a.get_long_help().is_some()) {
                twice.push(key);
            }
            for v in a.get_possible_values() {
                let key = value_key(&p, a.get_id().as_str(), v.get_name());
                if has(&key) && v.get_help().is_some() {
                    twice.push(key);
                }
            }
        }
    }
    assert!(missing.is_empty(), "no about in the tables: {missing:?}");
    assert!(twice.is_empty(), "written twice: {twice:?}");
}

/// Every argument of every command has its help in the tables, in
/// each of the three languages: `qishe result --help` shows no empty
/// line for EVENT, ROUND or BOARD.
#[test]
fn every_argument_has_its_help_from_the_tables() {
    let cmd = <qishe::cli::Cli as clap::CommandFactory>::command();
    let mut all = Vec::new();
    paths(&cmd, &mut Vec::new(), &mut all);
    let mut checked = 0;
    let mut missing = Vec::new();
    let mut untranslated = Vec::new();
    for p in &all {
        let p: Vec<&str> = p.iter().map(String::as_str).collect();
        let mut sub = &cmd;
        for n in &p {
            sub = sub.find_subcommand(n).unwrap();
        }
        for a in sub.get_arguments() {
            // A global option's help is written once, at the top.
            if a.is_global_set() && !p.is_empty() {
                continue;
            }
            checked += 1;
            let key = arg_key(&p, a.get_id().as_str());
            match qishe::i18n::all().find(|t| t.0 == key) {
                Some((_, hans, hant, en)) => {
                    if [hans, hant, en].iter().any(|t| t.trim().is_empty()) {
                        missing.push(key);
                    } else if hans == en || hant == en {
                        untranslated.push(key);
                    }
                }
                None => missing.push(key),
            }
        }
    }
    assert!(checked > 250, "{checked} arguments");
    assert!(
        missing.is_empty(),
        "{} arguments with no help in the tables: {missing:?}",
        missing.len()
    );
    assert!(untranslated.is_empty(), "left in English: {untranslated:?}");
}

/// A valid command line is parsed by the derive's own tree and only help,
/// version and errors by the translated one (`help::parse`): the two
/// trees must take the same commands and arguments, each the same way.
#[test]
fn the_translated_tree_takes_the_same_arguments_as_the_derive() {
    let plain = <qishe::cli::Cli as clap::CommandFactory>::command();
    let mut all = Vec::new();
    paths(&plain, &mut Vec::new(), &mut all);
    for lang in [Lang::ZhHans, Lang::En] {
        let mut shown = qishe::cli::help::command(lang);
        shown.build();
        let mut plain = plain.clone();
        plain.build();
        for p in &all {
            let (mut a, mut b) = (&plain, &shown);
            for n in p {
                a = a.find_subcommand(n).unwrap();
                b = b.find_subcommand(n).unwrap_or_else(|| panic!("{p:?}"));
            }
            let shape = |c: &clap::Command| {
                let mut v: Vec<String> = c
                    .get_arguments()
                    .map(|x| {
                        format!(
                            "{} {:?} {:?} {:?} {} {} {:?} {:?}",
                            x.get_id(),
                            x.get_short(),
                            x.get_long(),
                            x.get_index(),
                            x.is_required_set(),
                            x.is_global_set(),
                            x.get_action(),
                            x.get_num_args(),
                        )
                    })
                    .collect();
                v.sort();
                let mut subs: Vec<String> = c
                    .get_subcommands()
                    .map(|s| s.get_name().to_string())
                    .collect();
                subs.sort();
                (v, subs)
            };
            assert_eq!(shape(a), shape(b), "{p:?} in {lang:?}");
        }
    }
}

/// Every command's help, short (`-h`) and long (`--help`), in 简体 and
/// 繁體 has none of clap's English around the names: no `Usage:`,
/// `[OPTIONS]`, `<COMMAND>`, headings, `[default: …]`, `[possible values:
/// …]` or `[alias: …]` — the defaults and values are there, headed in the
/// language; only command, option and value names stay as typed.
#[test]
fn every_command_s_help_has_no_english_but_the_names() {
    const ENGLISH: &[&str] = &[
        "Usage",
        "OPTIONS",
        "COMMAND",
        "Options:",
        "Arguments:",
        "Commands:",
        "default:",
        "ossible values",
        "alias",
        "Print help",
        "Print version",
        "Print this message",
    ];
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let mut root = qishe::cli::help::command(lang);
        let mut all = Vec::new();
        paths(&root, &mut Vec::new(), &mut all);
        for path in &all {
            let mut cmd = &mut root;
            for p in path {
                cmd = cmd.find_subcommand_mut(p).unwrap();
            }
            for text in [
                cmd.render_help().to_string(),
                cmd.render_long_help().to_string(),
            ] {
                for w in ENGLISH {
                    assert!(!text.contains(w), "{lang:?} {path:?}: {w}\n{text}");
                }
                // No clap placeholder left in English (`<EVENT>`,
                // `<ROUND>`); one letter (`<N>`) is a symbol.
                let upper = |c: char| c.is_ascii_uppercase() || c == '_';
                for piece in text.split('<').skip(1) {
                    let name = piece.split('>').next().unwrap_or("");
                    assert!(
                        name.chars().count() < 2 || !name.chars().all(upper),
                        "{lang:?} {path:?}: <{name}>\n{text}"
                    );
                }
            }
        }
    }
    // Through the binary: the defaults and values headed in Chinese.
    let c = Club::new();
    let o = c.run_lang("zh_CN.UTF-8", &["print", "--help"]);
    let zh = stdout(&o);
    assert!(
        zh.contains("用法: qishe print [选项] <种类> <赛事>"),
        "{zh}"
    );
    let result = stdout(&c.run_lang("zh_CN.UTF-8", &["result", "--help"]));
    assert!(result.contains("<赛事> <轮次> <台次> <结果>"), "{result}");
    assert!(result.contains("--red-used <红方用时>"), "{result}");
    let result = stdout(&c.run_lang("zh_TW.UTF-8", &["result", "-h"]));
    assert!(result.contains("<賽事> <輪次> <台次> <結果>"), "{result}");
    // A parse error names the missing arguments the same way.
    let e = stderr(&c.run_lang("zh_CN.UTF-8", &["result"]));
    assert!(e.contains("<赛事>, <轮次>, <台次>, <结果>"), "{e}");
    assert!(zh.contains("[默认: text]"), "{zh}");
    let o = c.run_lang("zh_TW.UTF-8", &["event", "new", "-h"]);
    let hant = stdout(&o);
    assert!(hant.contains("[可選值: draw, residual]"), "{hant}");
    for w in ENGLISH {
        assert!(!hant.contains(w), "{w}\n{hant}");
    }
    // English keeps clap's words.
    let en = stdout(&c.run_lang("en_US.UTF-8", &["print", "--help"]));
    assert!(
        en.contains("Usage: qishe print [OPTIONS] <KIND> <EVENT>"),
        "{en}"
    );
    let en = stdout(&c.run_lang("en_US.UTF-8", &["result", "--help"]));
    assert!(en.contains("<EVENT> <ROUND> <BOARD> <OUTCOME>"), "{en}");
    let e = stderr(&c.run_lang("en_US.UTF-8", &["result"]));
    assert!(e.contains("<EVENT>"), "{e}");
    // The hidden alias still works.
    c.ok(&["event", "new", "E"]);
    let o = c.run(&["print", "standings", "E", "--after-round", "1"]);
    assert!(
        !stderr(&o).contains("unexpected argument"),
        "{}",
        stderr(&o)
    );
}
