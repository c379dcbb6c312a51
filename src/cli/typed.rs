//! Values typed with a Chinese input method in full-width mode: a number
//! (`１８００`) or a date (`２０２６-０３-０１`) means one thing only and
//! is read as its ASCII twin (`domain::typed::halfwidth`); anything else
//! is refused in the reader's language.

use super::parse_error::ValueError;
use crate::domain::typed::halfwidth;
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

/// A date as [`crate::domain::typed::date`] reads it (`2026/3/1`,
/// `2026年3月1日`, full-width digits too), its refusal keyed.
pub(crate) fn date(s: &str) -> Result<chrono::NaiveDate, ValueError> {
    crate::domain::typed::date(s).map_err(ValueError)
}
