//! Texts of printed documents.

use super::Text;

pub(super) static TEXTS: &[Text] = &[];
