//! qishe (棋社): a Xiangqi club's tournament manager.
//!
//! Layers (see `../shared/DESIGN.md`): `cli` and `tui` call `app`, which calls
//! `store` (the only SQL) and the pure cores `domain`, `pairing`, `scoring`,
//! `xiangqi`, `report` and `formats`.

pub mod app;
pub mod cli;
pub mod config;
pub mod domain;
pub mod files;
pub mod formats;
pub mod history;
pub mod i18n;
pub mod pairing;
pub mod report;
pub mod scoring;
pub mod serve;
pub mod store;
pub mod tui;
pub mod xiangqi;

/// A unit property test's case count: `PROPTEST_CASES` when set, else the test's own default.
#[cfg(test)]
pub(crate) fn test_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
