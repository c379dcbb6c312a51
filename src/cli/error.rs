//! The command line's error: a keyed message for stderr, rendered in the
//! user's language, and an exit code.

use crate::i18n::{Lang, Msg};

/// A failed command. Deliberately not `std::error::Error`: every error
/// that can say itself as a keyed message converts into it with `?`.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong, by key (rendered in the user's language at exit).
    pub message: Msg,
    /// Process exit code (2 = usage / bad input, 1 = other failures).
    pub code: i32,
}

impl CliError {
    /// A failure (exit status 1) with a keyed message.
    pub fn msg(message: Msg) -> CliError {
        CliError { message, code: 1 }
    }

    /// Bad input on the command line (exit status 2).
    pub fn usage(message: Msg) -> CliError {
        CliError { message, code: 2 }
    }

    /// The same message with another exit status.
    pub fn code(mut self, code: i32) -> CliError {
        self.code = code;
        self
    }

    /// The message in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        self.message.render(lang)
    }
}

/// An error that can say itself as a keyed message.
pub trait Keyed {
    fn keyed(&self) -> Msg;
}

impl<E: Keyed> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError::msg(e.keyed())
    }
}

/// What every command returns.
pub type CliResult<T = ()> = Result<T, CliError>;

impl Keyed for crate::i18n::Msg {
    fn keyed(&self) -> Msg {
        self.clone()
    }
}

impl Keyed for crate::app::AppError {
    fn keyed(&self) -> Msg {
        self.msg()
    }
}

impl Keyed for crate::config::ConfigError {
    fn keyed(&self) -> Msg {
        self.msg()
    }
}

impl Keyed for crate::scoring::ScoringError {
    fn keyed(&self) -> Msg {
        self.msg()
    }
}

impl Keyed for crate::domain::ParseTimeControlError {
    fn keyed(&self) -> Msg {
        self.msg()
    }
}

impl Keyed for std::io::Error {
    fn keyed(&self) -> Msg {
        crate::i18n::io_msg(self)
    }
}

impl Keyed for serde_json::Error {
    /// Writing JSON of our own structs does not fail; if it ever does, say so.
    fn keyed(&self) -> Msg {
        crate::i18n::msg!("err.cli.internal", why = self)
    }
}
