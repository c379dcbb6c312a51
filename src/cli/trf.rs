//! `qishe pair-trf`: pair the next round of a TRF-16 file.
//! Owned by the pairing work (issue 3).

use super::{CliError, CliResult};
use clap::Args;
use std::path::PathBuf;

/// Pair the round after the last one in a TRF-16 file.
#[derive(Debug, Args)]
pub struct PairTrfArgs {
    /// Pairing system.
    #[arg(long, default_value = "dutch")]
    pub system: String,
    /// The tournament file (TRF-16).
    pub input: PathBuf,
    /// Write the pairing here (`-p` alone or `-p -` writes to stdout).
    #[arg(short = 'p', long = "pairings", num_args = 0..=1, default_missing_value = "-")]
    pub output: Option<String>,
}

pub fn run(_args: PairTrfArgs) -> CliResult {
    Err(CliError::msg("pair-trf is not built yet"))
}
