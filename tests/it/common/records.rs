//! Game records shared by the repetition tests.

/// A chariot attacking a protected horse every move: a chase only in the
/// simple rule; idle in the asian and cxa2011 books, so a draw.
pub const PROTECTED_HORSE: &str = r#"[Game "Chinese Chess"]
[FEN "R8/4ak3/2n6/9/3n5/9/9/9/9/4K4 w - - 0 1"]
[Format "ICCS"]

1. a9-a7 c7-d9 2. a7-a9 d9-c7 *
"#;

/// Four quiet opening moves: nothing repeats.
pub const NO_REPEAT: &str = r#"[Game "Chinese Chess"]
[Format "ICCS"]

1. h2-e2 h9-g7 2. h0-g2 i9-h9 *
"#;
