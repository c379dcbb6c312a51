//! The command line's error: a message for stderr and an exit code.

use std::fmt::Display;

/// A failed command. Deliberately not `std::error::Error`, so that any
/// displayable error converts into it with `?`.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    /// Process exit code (2 = usage / bad input, 1 = other failures).
    pub code: i32,
}

impl CliError {
    pub fn msg(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

impl<E: Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError::msg(e.to_string())
    }
}

/// What every command returns.
pub type CliResult<T = ()> = Result<T, CliError>;
