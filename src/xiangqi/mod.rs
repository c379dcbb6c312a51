//! The `xiangqi` layer: board and rules, notations, game-record formats
//! (PGN, XQF, DhtmlXQ) and per-game statistics. Pure: bytes and text in,
//! values out; no file or terminal IO.

pub mod board;

pub use board::{FenError, Kind, Move, Piece, Position, Square, START_FEN};

#[cfg(test)]
mod tests;
