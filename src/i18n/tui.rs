//! Texts of the terminal UI's screens.

use super::Text;

pub(super) static TEXTS: &[Text] = &[];
