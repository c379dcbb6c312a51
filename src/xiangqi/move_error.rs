//! Why a move text was refused: one error for every notation's reader
//! (`notation.rs`, and the SAN-style coordinates of `san.rs`).

/// Why a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not a move in any known notation (`why` is the i18n key
    /// of the reason).
    Unreadable { text: String, why: &'static str },
    /// The text reads as a move, but no legal move fits it.
    Illegal { text: String },
    /// More than one legal move fits the text.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl MoveTextError {
    /// The error as a keyed message.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match self {
            MoveTextError::Unreadable { text, why } => {
                msg!(
                    "err.move.unreadable",
                    text,
                    why = crate::i18n::Msg::new(why)
                )
            }
            MoveTextError::Illegal { text } => msg!("err.move.illegal", text),
            MoveTextError::Ambiguous { text, candidates } => {
                // "a or b or c", the separator in the UI language.
                let either = candidates
                    .iter()
                    .rev()
                    .fold(None, |rest, c| {
                        Some(match rest {
                            None => msg!("err.move.one", candidate = c),
                            Some(rest) => msg!("err.move.either", a = c, b = rest),
                        })
                    })
                    .unwrap_or_else(|| msg!("err.move.one", candidate = ""));
                msg!("err.move.ambiguous", text, candidates = either)
            }
        }
    }
}

crate::i18n::english_display!(MoveTextError);
