//! A command-line parse error in the reader's language.
//!
//! clap words its errors in English only. The common ones — an unknown
//! argument or subcommand, a missing argument, a value out of range or not
//! among the allowed ones, two arguments that exclude each other — are
//! said again here by key, from the error's kind and context (the argument,
//! the value, clap's suggestion). An error not recognised keeps clap's own
//! English; English readers get clap's text as it is.

use crate::i18n::{msg, Msg};
use clap::error::{ContextKind, ContextValue, Error, ErrorKind};

/// Why one of qishe's own value parsers refused a value, keyed: clap
/// shows its English, [`translate`] the message in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError(pub Msg);

impl ValueError {
    pub fn msg(&self) -> Msg {
        self.0.clone()
    }
}

crate::i18n::english_display!(ValueError);

impl std::error::Error for ValueError {}

/// The error as a keyed message, or `None` to print clap's own words.
pub fn translate(err: &Error) -> Option<Msg> {
    let text = |kind| match err.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let why = match err.kind() {
        ErrorKind::UnknownArgument => {
            let arg = text(ContextKind::InvalidArg)?;
            match text(ContextKind::SuggestedArg) {
                Some(near) => msg!("cli.err.unknown_argument_near", arg, near),
                None if looks_negative(&arg) => msg!("cli.err.negative", arg),
                None => msg!("cli.err.unknown_argument", arg),
            }
        }
        ErrorKind::InvalidSubcommand => {
            let name = text(ContextKind::InvalidSubcommand)?;
            // Several near names: each in its own quotes.
            let near = match err.get(ContextKind::SuggestedSubcommand) {
                Some(ContextValue::Strings(v)) => Some(v.join("\" / \"")),
                _ => text(ContextKind::SuggestedSubcommand),
            };
            match near {
                Some(near) => msg!("cli.err.unknown_command_near", name, near),
                None => msg!("cli.err.unknown_command", name),
            }
        }
        ErrorKind::MissingRequiredArgument => {
            msg!("cli.err.missing", args = text(ContextKind::InvalidArg)?)
        }
        ErrorKind::MissingSubcommand => msg!("cli.err.missing_command"),
        ErrorKind::InvalidValue => {
            let arg = text(ContextKind::InvalidArg)?;
            let value = text(ContextKind::InvalidValue).unwrap_or_default();
            if value.is_empty() {
                msg!("cli.err.value_missing", arg)
            } else {
                let allowed = text(ContextKind::ValidValue).unwrap_or_default();
                match text(ContextKind::SuggestedValue) {
                    Some(near) => msg!("cli.err.value_not_allowed_near", arg, value, allowed, near),
                    None => msg!("cli.err.value_not_allowed", arg, value, allowed),
                }
            }
        }
        ErrorKind::ValueValidation => {
            let arg = text(ContextKind::InvalidArg)?;
            let value = text(ContextKind::InvalidValue).unwrap_or_default();
            let source = std::error::Error::source(err);
            let why = match source.and_then(|s| s.downcast_ref::<ValueError>()) {
                Some(own) => own.msg(),
                None => {
                    let source = source.map(|s| s.to_string()).unwrap_or_default();
                    number_reason(&source, &value)?
                }
            };
            msg!("cli.err.bad_value", arg, value, why)
        }
        ErrorKind::ArgumentConflict => {
            let arg = text(ContextKind::InvalidArg)?;
            let other = text(ContextKind::PriorArg)?;
            msg!("cli.err.conflict", arg, other)
        }
        ErrorKind::TooManyValues => {
            msg!(
                "cli.err.extra_value",
                value = text(ContextKind::InvalidValue)?
            )
        }
        ErrorKind::NoEquals => msg!("cli.err.no_equals", arg = text(ContextKind::InvalidArg)?),
        _ => return None,
    };
    Some(why)
}

/// `-5`, `-0.5`: a negative number where qishe took it for an option.
fn looks_negative(arg: &str) -> bool {
    arg.strip_prefix('-')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// Why `value` was refused, from the parser's English: out of range or not
/// a whole number. Any other reason is not known here (`None`).
fn number_reason(source: &str, value: &str) -> Option<Msg> {
    if let Some((_, range)) = source.split_once(" is not in ") {
        let (low, high) = range.split_once("..=")?;
        let (low_n, high_n) = (low.parse::<i128>().ok()?, high.parse::<i128>().ok()?);
        // A bound at the type's own limit is no rule of qishe's: say only
        // the other one.
        let high_is_max = high_n >= i128::from(u32::MAX);
        let low_is_min = low_n <= i128::from(i32::MIN);
        return Some(
            match (value.parse::<i128>().ok(), high_is_max, low_is_min) {
                (Some(v), true, _) if v > high_n => Msg::new("cli.err.too_large"),
                (Some(v), _, true) if v < low_n => Msg::new("cli.err.too_small"),
                (_, true, _) => msg!("cli.err.at_least", low),
                _ => msg!("cli.err.between", low, high),
            },
        );
    }
    match source {
        "invalid digit found in string" | "cannot parse integer from empty string" => {
            Some(Msg::new("cli.err.not_whole_number"))
        }
        "number too large to fit in target type" => Some(Msg::new("cli.err.too_large")),
        "number too small to fit in target type" => Some(Msg::new("cli.err.too_small")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use clap::{Arg, Command};

    fn cmd() -> Command {
        Command::new("qishe").subcommand(
            Command::new("result")
                .arg(
                    Arg::new("round")
                        .value_name("ROUND")
                        .required(true)
                        .value_parser(clap::value_parser!(u32).range(1..)),
                )
                .arg(
                    Arg::new("moves")
                        .long("moves")
                        .value_parser(clap::value_parser!(u32)),
                )
                .arg(
                    Arg::new("format")
                        .long("format")
                        .value_parser(["text", "html", "pdf"]),
                ),
        )
    }

    fn zh(args: &[&str]) -> Option<String> {
        let err = cmd().try_get_matches_from(args).unwrap_err();
        translate(&err).map(|m| m.render(Lang::ZhHans))
    }

    #[test]
    fn values_out_of_range_or_not_numbers_are_said_in_chinese() {
        let m = zh(&["qishe", "result", "0"]).unwrap();
        assert!(m.contains("\"0\"") && m.contains("至少为 1"), "{m}");
        let m = zh(&["qishe", "result", "1", "--moves", "x"]).unwrap();
        assert!(m.contains("--moves") && m.contains("整数"), "{m}");
        let m = zh(&["qishe", "result", "1", "--moves", "99999999999"]).unwrap();
        assert!(m.contains("太大"), "{m}");
    }

    #[test]
    fn unknown_arguments_commands_and_values_name_what_was_meant() {
        let m = zh(&["qishe", "result", "1", "--move", "3"]).unwrap();
        assert!(m.contains("--move") && m.contains("--moves"), "{m}");
        let m = zh(&["qishe", "reslt"]).unwrap();
        assert!(m.contains("reslt") && m.contains("\"result\""), "{m}");
        let m = zh(&["qishe", "result", "1", "--format", "pfd"]).unwrap();
        assert!(m.contains("pfd") && m.contains("text, html, pdf"), "{m}");
        let m = zh(&["qishe", "result"]).unwrap();
        assert!(m.contains("缺少") && m.contains("<ROUND>"), "{m}");
        let m = zh(&["qishe", "result", "1", "-5"]).unwrap();
        assert!(m.contains("负数"), "{m}");
    }
}
