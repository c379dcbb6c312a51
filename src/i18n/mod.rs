//! The translation layer: every user-facing text by key, in 简体, 繁體 and English.

use serde::{Deserialize, Serialize};

/// A UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// 简体中文
    ZhHans,
    /// 繁體中文
    ZhHant,
    En,
}

impl Lang {
    pub fn from_code(s: &str) -> Option<Lang> {
        match s.trim() {
            "zh-Hans" | "zh-CN" | "zh_CN" | "zh" => Some(Lang::ZhHans),
            "zh-Hant" | "zh-TW" | "zh_TW" | "zh-HK" | "zh_HK" => Some(Lang::ZhHant),
            "en" | "en-US" | "en-GB" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
            Lang::En => "en",
        }
    }

    /// From a POSIX locale value (`LANG`, `LC_ALL`): zh_CN → 简体,
    /// zh_TW / zh_HK / zh_MO → 繁體, anything else English.
    pub fn from_locale(locale: &str) -> Lang {
        let l = locale.to_ascii_lowercase();
        if l.starts_with("zh") {
            if l.contains("tw") || l.contains("hk") || l.contains("mo") || l.contains("hant") {
                Lang::ZhHant
            } else {
                Lang::ZhHans
            }
        } else {
            Lang::En
        }
    }

    /// The language of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`);
    /// on Windows, where these are seldom set, else the user's display
    /// language.
    pub fn from_env() -> Lang {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var) {
                if !v.is_empty() {
                    return Lang::from_locale(&v);
                }
            }
        }
        #[cfg(windows)]
        return Lang::windows_ui();
        #[cfg(not(windows))]
        Lang::En
    }

    /// The Windows user's display language (`GetUserDefaultUILanguage`).
    #[cfg(windows)]
    pub fn windows_ui() -> Lang {
        // SAFETY: no arguments; it cannot fail.
        let id = unsafe { windows_sys::Win32::Globalization::GetUserDefaultUILanguage() };
        Lang::from_langid(id)
    }

    /// A Windows language identifier: Chinese (primary language 0x04) of
    /// Taiwan, Hong Kong or Macao (sublanguages 1, 3, 5) → 繁體, other
    /// Chinese → 简体, anything else English.
    pub fn from_langid(id: u16) -> Lang {
        match (id & 0x3ff, id >> 10) {
            (0x04, 1 | 3 | 5) => Lang::ZhHant,
            (0x04, _) => Lang::ZhHans,
            _ => Lang::En,
        }
    }

    /// The language the environment names, if it names one: `None` for
    /// an unset locale, `C` and `POSIX` (a server's or container's default,
    /// which says nothing about the club). Windows' display language is not
    /// asked here: it is the UI's (`from_env`), while documents without a
    /// named locale follow the club's own language.
    pub fn from_env_named() -> Option<Lang> {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var) {
                if !v.is_empty() {
                    let base = v.split(['.', '@']).next().unwrap_or("");
                    return match base {
                        "" | "C" | "POSIX" => None,
                        _ => Some(Lang::from_locale(&v)),
                    };
                }
            }
        }
        None
    }

    /// The other UI language (for documents printed "in the other language").
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::ZhHans,
            _ => Lang::En,
        }
    }
}

mod archive;
mod bracket;
mod cli;
mod cli_help;
mod cli_lines;
mod cli_parse;
mod cli_value_names;
mod console;
mod database;
mod errors;
mod files_and_limits;
mod judge;
mod kinds;
mod knockout;
mod msg;
mod near;
mod notes;
mod paperwork;
mod printing;
mod prizes;
mod records;
mod report;
mod result_entry;
mod script;
mod season;
mod serve;
mod tabs;
mod team;
mod team_docs;
mod trf2026;
mod tui;

pub(crate) use msg::{english_display, msg};
pub use msg::{fill, io_msg, join_msgs, placeholders, Arg, IntoArg, Msg};
pub use near::{closest, with_near};
pub use script::{fold_script, one_in_other_script, same_name};

/// One translated text: (key, 简体, 繁體, English).
pub type Text = (&'static str, &'static str, &'static str, &'static str);

/// Every table of texts: the core's here, each front end's in its own file.
static TABLES: &[&[Text]] = &[
    TEXTS,
    errors::TEXTS,
    tui::TEXTS,
    report::TEXTS,
    judge::TEXTS,
    notes::TEXTS,
    team::TEXTS,
    knockout::TEXTS,
    database::TEXTS,
    tabs::TEXTS,
    archive::TEXTS,
    records::TEXTS,
    result_entry::TEXTS,
    console::TEXTS,
    cli::TEXTS,
    prizes::TEXTS,
    paperwork::TEXTS,
    printing::TEXTS,
    season::TEXTS,
    bracket::TEXTS,
    team_docs::TEXTS,
    cli_lines::TEXTS,
    cli_help::TEXTS,
    cli_parse::TEXTS,
    cli_value_names::TEXTS,
    kinds::TEXTS,
    files_and_limits::TEXTS,
    trf2026::TEXTS,
    serve::TEXTS,
];

/// Texts shared by the CLI and every screen.
static TEXTS: &[Text] = &[
    ("app.title", "棋社", "棋社", "qishe"),
    ("app.quit_hint", "按 q 退出", "按 q 退出", "press q to quit"),
    ("col.id", "编号", "編號", "id"),
    ("col.no", "序号", "序號", "no"),
    ("col.name", "姓名", "姓名", "name"),
    ("col.rating", "等级分", "等級分", "rating"),
    ("col.club", "单位", "單位", "club"),
    ("col.born", "出生", "出生", "born"),
    ("col.sex", "性别", "性別", "sex"),
    ("col.status", "状态", "狀態", "status"),
    ("col.event", "赛事", "賽事", "event"),
    ("col.scheme", "计分", "計分", "scheme"),
    ("col.system", "编排", "編排", "system"),
    ("col.rounds", "轮次", "輪次", "rounds"),
    ("col.time_control", "用时", "用時", "time control"),
    ("col.date", "日期", "日期", "date"),
    ("col.players", "人数", "人數", "players"),
    ("col.ext_id", "会员号", "會員號", "member id"),
    ("status.active", "在赛", "在賽", "active"),
    ("status.retired", "退会", "退會", "retired"),
    ("status.withdrawn", "退赛", "退賽", "withdrawn"),
    ("status.planned", "筹备", "籌備", "planned"),
    ("status.running", "进行中", "進行中", "running"),
    ("status.decided", "决出冠军", "決出冠軍", "decided"),
    ("status.finished", "已结束", "已結束", "finished"),
];

/// The text for `key` in `lang`; the key itself when unknown (a missing
/// translation shows up in snapshots instead of crashing).
pub fn tr(lang: Lang, key: &str) -> &str {
    match all().find(|t| t.0 == key) {
        Some((_, hans, hant, en)) => match lang {
            Lang::ZhHans => hans,
            Lang::ZhHant => hant,
            Lang::En => en,
        },
        None => key,
    }
}

/// The table's own key equal to `key` (a key made at run time, such as
/// `tui.ko.step.{kind}`, as a message's key), or `None` when there is no
/// text for it.
pub fn key(key: &str) -> Option<&'static str> {
    all().find(|t| t.0 == key).map(|t| t.0)
}

/// Is there a text for `key`?
pub fn has(key: &str) -> bool {
    all().any(|t| t.0 == key)
}

/// Every text of every table (tests check them all).
pub fn all() -> impl Iterator<Item = &'static Text> {
    TABLES.iter().flat_map(|t| t.iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_language_ids_map_to_the_three_languages() {
        // zh-CN, zh-SG; zh-TW, zh-HK, zh-MO; en-US, ja-JP
        assert_eq!(Lang::from_langid(0x0804), Lang::ZhHans);
        assert_eq!(Lang::from_langid(0x1004), Lang::ZhHans);
        assert_eq!(Lang::from_langid(0x0404), Lang::ZhHant);
        assert_eq!(Lang::from_langid(0x0c04), Lang::ZhHant);
        assert_eq!(Lang::from_langid(0x1404), Lang::ZhHant);
        assert_eq!(Lang::from_langid(0x0409), Lang::En);
        assert_eq!(Lang::from_langid(0x0411), Lang::En);
    }

    #[test]
    fn keys_are_unique_and_every_language_is_filled() {
        let mut keys: Vec<&str> = all().map(|t| t.0).collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "duplicate keys");
        for (k, a, b, c) in all() {
            assert!(!a.is_empty() && !b.is_empty() && !c.is_empty(), "{k}");
        }
    }

    #[test]
    fn every_translation_has_the_placeholders_of_its_english() {
        for (k, hans, hant, en) in all() {
            let want = placeholders(en);
            for (lang, text) in [("zh-Hans", hans), ("zh-Hant", hant)] {
                let got = placeholders(text);
                if *k == "explain.criterion" {
                    // Named in Chinese, by its code in English.
                    assert_eq!((&got[..], &want[..]), (&["name"][..], &["code"][..]));
                } else if k.starts_with("err.io.") {
                    // The English is the system's own text; Chinese may
                    // name the kind instead, but never invents an argument.
                    assert!(got.iter().all(|p| want.contains(p)), "{k} {lang}: {got:?}");
                } else {
                    assert_eq!(got, want, "{k} {lang}: {text}");
                }
            }
        }
    }

    /// Every `msg!(…)` / `invalid!(…)` in the source names a key that exists
    /// and passes exactly the arguments its texts use, so that no
    /// `{placeholder}` is left unfilled in any language.
    #[test]
    fn every_message_call_site_fills_its_placeholders() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut checked = 0;
        let mut stack = vec![src];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                // Keys passed around as plain strings (reasons, fields)
                // must exist too.
                for quoted in text.split("\"err.").skip(1) {
                    let key = quoted.split('"').next().unwrap_or("");
                    let is_key = key.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"._".contains(&b)
                    });
                    if is_key && !key.is_empty() && !key.ends_with('.') {
                        assert!(has(&format!("err.{key}")), "{}: err.{key}", path.display());
                    }
                }
                for (key, args) in message_calls(&text) {
                    if key.starts_with("t.") {
                        continue; // the reader's own test below
                    }
                    let Some((_, hans, hant, en)) = all().find(|t| t.0 == key) else {
                        panic!("{}: no text for {key}", path.display());
                    };
                    let mut args = args.clone();
                    args.sort_unstable();
                    args.dedup();
                    for t in [hans, hant, en] {
                        assert_eq!(
                            placeholders(t),
                            args,
                            "{}: {key} is given {args:?}",
                            path.display()
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} call sites found");
        // Keys passed as plain names (`Msg::new(key)`) take no arguments.
        for (k, hans, hant, en) in all() {
            if k.starts_with("err.field.")
                || k.starts_with("err.fact.")
                || k.starts_with("err.notation.")
                || k.contains(".expected.")
            {
                for t in [hans, hant, en] {
                    assert!(placeholders(t).is_empty(), "{k}: {t}");
                }
            }
        }
    }

    /// The `(key, argument names)` of each `msg!` / `invalid!` call in
    /// `text` whose key is a string literal (a key in a variable is checked
    /// by the placeholder test above: its texts share one argument set).
    fn message_calls(text: &str) -> Vec<(&str, Vec<&str>)> {
        let mut out = Vec::new();
        for mac in ["msg!(", "invalid!("] {
            let mut rest = text;
            while let Some(at) = rest.find(mac) {
                let line_start = rest[..at].rfind('\n').map_or(0, |n| n + 1);
                let in_comment = rest[line_start..at].trim_start().starts_with("//");
                let body = &rest[at + mac.len()..];
                rest = body;
                if in_comment {
                    continue;
                }
                let Some(args) = top_level_args(body) else {
                    continue;
                };
                let Some(key) = args
                    .first()
                    .and_then(|k| k.strip_prefix('"'))
                    .and_then(|k| k.strip_suffix('"'))
                else {
                    continue;
                };
                let names = args[1..]
                    .iter()
                    .map(|a| a.split('=').next().unwrap_or("").trim())
                    .filter(|a| !a.is_empty())
                    .collect();
                out.push((key, names));
            }
        }
        out
    }

    /// The comma-separated arguments of a call whose `(` was just read.
    fn top_level_args(body: &str) -> Option<Vec<&str>> {
        let (mut depth, mut start, mut in_str) = (0i32, 0, false);
        let mut args = Vec::new();
        let bytes = body.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if in_str {
                match b {
                    b'\\' => i += 1,
                    b'"' => in_str = false,
                    _ => {}
                }
            } else {
                match b {
                    b'"' => in_str = true,
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' if depth == 0 => {
                        args.push(body[start..i].trim());
                        args.retain(|a| !a.is_empty());
                        return Some(args);
                    }
                    b')' | b']' | b'}' => depth -= 1,
                    b'|' if depth == 0 => return None, // a closure: not a call site
                    b',' if depth == 0 => {
                        args.push(body[start..i].trim());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        None
    }

    #[test]
    fn message_calls_are_read_with_their_argument_names() {
        let calls = message_calls(
            r#"x(msg!("t.a", round, board = b.f(1, 2), why = "a, b"), invalid!("t.b"))
            // msg!("t.c")"#,
        );
        assert_eq!(
            calls,
            vec![("t.a", vec!["round", "board", "why"]), ("t.b", vec![])]
        );
    }

    #[test]
    fn locale_detection() {
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::ZhHans);
        assert_eq!(Lang::from_locale("zh_TW.UTF-8"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("zh_HK"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("C"), Lang::En);
        assert_eq!(tr(Lang::ZhHant, "col.rating"), "等級分");
        assert_eq!(tr(Lang::En, "no.such.key"), "no.such.key");
    }
}
