//! `qishe game …`: game records (statistics, display, conversion).
//! Owned by the game-records work (issue 5).

use super::CliResult;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum GameCmd {}

pub fn run(cmd: GameCmd) -> CliResult {
    match cmd {}
}
