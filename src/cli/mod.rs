//! The command line: clap subcommands that mirror the TUI's actions.
//! No arguments opens the TUI.

mod error;
pub mod game;
pub mod trf;

pub use error::{CliError, CliResult};

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// qishe (棋社): a Xiangqi club's tournament manager.
#[derive(Debug, Parser)]
#[command(name = "qishe", version, about, long_about = None)]
pub struct Cli {
    /// Configuration file (default: ./config.toml, then the platform config directory).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Club database (default: the config's `database`, else club.db in the platform data directory).
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Game records: statistics, display, conversion.
    #[command(subcommand)]
    Game(game::GameCmd),
    /// Pair the next round of a TRF-16 tournament file.
    PairTrf(trf::PairTrfArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> CliResult {
    match cli.command {
        None => Err(CliError::msg("the terminal UI is not built yet")),
        Some(Command::Game(c)) => game::run(c),
        Some(Command::PairTrf(a)) => trf::run(a),
    }
}
