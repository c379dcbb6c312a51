//! Values typed with a Chinese input method in full-width mode: a number
//! (`１８００`) or a date (`２０２６-０３-０１`) means one thing only and
//! is read as its ASCII twin (`domain::typed::halfwidth`); anything else
//! is refused in the reader's language.

use super::parse_error::ValueError;
use crate::domain::typed::halfwidth;
use crate::i18n::msg;
use clap::builder::TypedValueParser;
use std::ffi::OsStr;

/// A value parser that reads full-width digits and signs as ASCII before
/// `P` parses the value (so `P`'s range and its refusals stay as they
/// are).
#[derive(Clone)]
pub(crate) struct Halfwidth<P>(pub P);

impl<P: TypedValueParser> TypedValueParser for Halfwidth<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        match value.to_str() {
            Some(text) => {
                let folded = halfwidth(text);
                self.0.parse_ref(cmd, arg, OsStr::new(folded.trim()))
            }
            None => self.0.parse_ref(cmd, arg, value),
        }
    }
}

/// A whole number of type `T`, full-width digits too.
pub(crate) fn whole<T>() -> Halfwidth<<T as clap::builder::ValueParserFactory>::Parser>
where
    T: clap::builder::ValueParserFactory,
{
    Halfwidth(T::value_parser())
}

/// A date as a Chinese secretary writes it: `2026-03-01`, `2026/3/1`,
/// `2026.3.1` or `2026年3月1日`, full-width digits too. A day the
/// calendar has not (`2026-02-30`) is said so.
pub(crate) fn date(s: &str) -> Result<chrono::NaiveDate, ValueError> {
    let t = halfwidth(s);
    let t = t.trim();
    let parts: Vec<&str> = t
        .trim_end_matches('日')
        .split(['-', '/', '.', '年', '月'])
        .collect();
    let numbers: Option<Vec<u32>> = match parts.as_slice() {
        [y, m, d] if [y, m, d].iter().all(|p| is_digits(p)) && y.len() == 4 => {
            [y, m, d].iter().map(|p| p.parse().ok()).collect()
        }
        _ => None,
    };
    let Some([y, m, d]) = numbers.as_deref().map(|n| [n[0], n[1], n[2]]) else {
        return Err(ValueError(msg!("cli.err.not_a_date", value = s)));
    };
    chrono::NaiveDate::from_ymd_opt(y as i32, m, d)
        .ok_or_else(|| ValueError(msg!("cli.err.no_such_day", value = s)))
}

fn is_digits(p: &str) -> bool {
    !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_date_is_read_as_a_secretary_writes_it() {
        let first = NaiveDate::from_ymd_opt(2026, 3, 1);
        for typed in [
            "2026-03-01",
            "2026-3-1",
            "2026/3/1",
            "2026.03.01",
            "2026年3月1日",
            "２０２６-０３-０１",
            "２０２６／３／１",
            " 2026-03-01 ",
        ] {
            assert_eq!(date(typed).ok(), first, "{typed}");
        }
        for (typed, key) in [
            ("2026-02-30", "cli.err.no_such_day"),
            ("2026-13-01", "cli.err.no_such_day"),
            ("26-3-1", "cli.err.not_a_date"),
            ("2026-03", "cli.err.not_a_date"),
            ("tomorrow", "cli.err.not_a_date"),
            ("2026-03-01x", "cli.err.not_a_date"),
            ("", "cli.err.not_a_date"),
        ] {
            assert_eq!(date(typed).unwrap_err().0.key, key, "{typed}");
        }
    }
}
