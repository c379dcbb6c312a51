//! A TOML file's parse error as a keyed message in the reader's language.
//!
//! The `toml` crate reports two kinds of errors: syntax errors from its
//! parser, and serde's data errors (an unknown key, an unknown value, a
//! wrong type, a missing key). Serde's messages have a fixed English form
//! (`unknown field `x`, expected one of `a`, `b``); the data errors are
//! recognised by that form and said again by key, with the closest allowed
//! name offered when the reader seems to have mistyped one. Anything not
//! recognised keeps the parser's own words inside a translated frame.

use crate::i18n::{closest, msg, Msg};

/// The message for a TOML parse error's text (`toml::de::Error::message`).
pub fn toml_msg(message: &str) -> Msg {
    let why = message.trim();
    if let Some(rest) = why.strip_prefix("unknown field `") {
        if let Some((name, allowed)) = split_name(rest) {
            return unknown(
                ("err.config.unknown_key", "err.config.unknown_key_near"),
                name,
                allowed,
            );
        }
    }
    if let Some(rest) = why.strip_prefix("unknown variant `") {
        if let Some((name, allowed)) = split_name(rest) {
            return unknown(
                ("err.config.unknown_value", "err.config.unknown_value_near"),
                name,
                allowed,
            );
        }
    }
    if let Some(rest) = why.strip_prefix("missing field `") {
        if let Some(name) = rest.strip_suffix('`') {
            return msg!("err.config.missing_key", key = name);
        }
    }
    if let Some(rest) = why.strip_prefix("duplicate field `") {
        if let Some(name) = rest.strip_suffix('`') {
            return msg!("err.config.duplicate_key", key = name);
        }
    }
    // The parser's own duplicate (`duplicate key `club` in document
    // root`, `… in table `event``).
    if let Some(rest) = why.strip_prefix("duplicate key `") {
        if let Some((name, _)) = rest.split_once('`') {
            return msg!("err.config.duplicate_key", key = name);
        }
    }
    // A value of the right type that the type cannot hold (a negative
    // number where a count is meant, a number too large).
    if let Some(rest) = why.strip_prefix("invalid value: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            let expected = match expected {
                e if e.starts_with('u') && e[1..].bytes().all(|b| b.is_ascii_digit()) => {
                    "cfg.want.whole"
                }
                e => expected_key(e),
            };
            return msg!(
                "err.config.invalid_value",
                found = found_value(found),
                expected = Msg::new(expected)
            );
        }
    }
    if let Some(rest) = why.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return msg!(
                "err.config.wrong_type",
                found = found_value(found),
                expected = Msg::new(expected_key(expected))
            );
        }
    }
    if why.is_empty() {
        return msg!("err.config.syntax", why = "invalid TOML");
    }
    msg!("err.config.syntax", why)
}

/// `name`, and what follows it, from "name`, expected one of `a`, `b`".
fn split_name(rest: &str) -> Option<(&str, &str)> {
    let (name, after) = rest.split_once('`')?;
    Some((name, after.trim_start_matches(',').trim()))
}

/// The allowed names of "expected one of `a`, `b`" or "expected `a`" (none
/// for "there are no fields").
fn allowed_names(text: &str) -> Vec<&str> {
    let list = text
        .strip_prefix("expected one of ")
        .or_else(|| text.strip_prefix("expected "))
        .unwrap_or("");
    list.split(", ")
        .filter_map(|n| n.strip_prefix('`')?.strip_suffix('`'))
        .collect()
}

/// An unknown name: `keys` are the message without and with a nearest
/// allowed name.
fn unknown(keys: (&'static str, &'static str), name: &str, rest: &str) -> Msg {
    let allowed = allowed_names(rest);
    let listed = allowed.join(", ");
    match closest(name, allowed.iter().copied()) {
        Some(near) => msg!(keys.1, name, allowed = listed, near),
        None => msg!(keys.0, name, allowed = listed),
    }
}

/// The value serde found, in the reader's words: its kind translated, the
/// value as written.
fn found_value(found: &str) -> Msg {
    let kinds = [
        ("string ", "cfg.kind.string"),
        ("integer ", "cfg.kind.integer"),
        ("floating point ", "cfg.kind.float"),
        ("boolean ", "cfg.kind.boolean"),
    ];
    for (prefix, key) in kinds {
        if let Some(value) = found.strip_prefix(prefix) {
            return msg!(key, value = value.trim_matches(['`', '"']));
        }
    }
    match found {
        "sequence" => Msg::new("cfg.kind.list"),
        "map" => Msg::new("cfg.kind.table"),
        _ => msg!("cfg.kind.other", value = found),
    }
}

/// The kind serde expected, by key.
fn expected_key(expected: &str) -> &'static str {
    match expected {
        "a string" | "a borrowed string" | "string" => "cfg.want.string",
        "a boolean" | "bool" => "cfg.want.boolean",
        "a sequence" => "cfg.want.list",
        "a map" | "struct" => "cfg.want.table",
        e if e.starts_with("struct ") || e.starts_with("a map") => "cfg.want.table",
        e if e.starts_with('u') || e.starts_with('i') || e.contains("integer") => {
            "cfg.want.integer"
        }
        e if e.starts_with('f') || e.contains("float") => "cfg.want.number",
        _ => "cfg.want.other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn an_unknown_key_is_named_with_the_nearest_allowed_one() {
        let m = toml_msg("unknown field `languge`, expected one of `club`, `language`, `database`");
        assert_eq!(m.key, "err.config.unknown_key_near");
        let zh = m.render(Lang::ZhHans);
        assert!(zh.contains("languge") && zh.contains("language"), "{zh}");
        assert!(!zh.contains("unknown field"), "{zh}");
        let en = m.render(Lang::En);
        assert!(en.contains("did you mean \"language\""), "{en}");
    }

    #[test]
    fn a_name_far_from_every_allowed_one_gets_the_list_only() {
        let m = toml_msg("unknown field `xyz`, expected one of `club`, `language`");
        assert_eq!(m.key, "err.config.unknown_key");
        assert!(m.render(Lang::En).contains("club, language"));
    }

    #[test]
    fn an_unknown_value_and_a_wrong_type_are_said_in_chinese() {
        let m = toml_msg("unknown variant `standrad`, expected one of `standard`, `three-point`");
        assert_eq!(m.key, "err.config.unknown_value_near");
        assert!(m.render(Lang::ZhHans).contains("standard"));
        let m = toml_msg("invalid type: integer `5`, expected a string");
        let zh = m.render(Lang::ZhHans);
        assert!(zh.contains("字符串") && zh.contains('5'), "{zh}");
        let m = toml_msg("invalid type: string \"x\", expected u32");
        assert!(
            m.render(Lang::ZhHant).contains("整數"),
            "{}",
            m.render(Lang::ZhHant)
        );
    }

    #[test]
    fn a_negative_count_and_a_key_given_twice_are_said_in_chinese() {
        let m = toml_msg("invalid value: integer `-3`, expected u32");
        let zh = m.render(Lang::ZhHans);
        assert!(zh.contains("-3") && zh.contains("非负整数"), "{zh}");
        assert!(!zh.contains("expected"), "{zh}");
        assert!(m.render(Lang::En).contains("a whole number 0 or more"));
        let m = toml_msg("duplicate key `club` in document root");
        let zh = m.render(Lang::ZhHans);
        assert!(zh.contains("\"club\" 写了两次"), "{zh}");
    }

    #[test]
    fn a_syntax_error_keeps_the_parsers_words_in_a_translated_frame() {
        let m = toml_msg("invalid basic string\n");
        assert_eq!(m.key, "err.config.syntax");
        assert!(m.render(Lang::ZhHans).contains("invalid basic string"));
    }
}
