//! `qishe pair-trf`: pair the next round of a TRF-16 file.
//! Owned by the pairing work (issue 3).

use super::{CliError, CliResult};
use crate::domain::PairingSystem;
use crate::formats::trf::Trf;
use crate::pairing::{self, PairingConfig, RoundPairing};
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
    /// Replace the pairings file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// The conformance format: the number of pairs, then `red black` per board,
/// the pairing-allocated bye as `N 0`.
pub fn format_pairing(p: &RoundPairing) -> String {
    let mut out = format!("{}\n", p.boards.len() + p.bye.is_some() as usize);
    for b in &p.boards {
        out.push_str(&format!("{} {}\n", b.red, b.black));
    }
    if let Some(b) = p.bye {
        out.push_str(&format!("{b} 0\n"));
    }
    out
}

pub fn run(args: PairTrfArgs) -> CliResult {
    let system = match args.system.as_str() {
        "dutch" => PairingSystem::Dutch,
        "cxa" => PairingSystem::Cxa,
        "berger" => PairingSystem::Berger,
        other => {
            return Err(CliError::msg(format!(
                "unknown pairing system \"{other}\" (dutch, cxa, berger)"
            )))
        }
    };
    let bytes = std::fs::read(&args.input)
        .map_err(|e| CliError::msg(format!("{}: {e}", args.input.display())))?;
    let text = String::from_utf8_lossy(&bytes);
    let trf =
        Trf::parse(&text).map_err(|e| CliError::msg(format!("{}: {e}", args.input.display())))?;
    let state = trf.to_swiss_state()?;
    let pairing = pairing::pair(&state, &PairingConfig::new(system))?;
    let text = format_pairing(&pairing);
    match args.output.as_deref() {
        None | Some("-") => print!("{text}"),
        Some(path) => crate::app::output::write_output(
            std::path::Path::new(path),
            text.as_bytes(),
            args.force,
            &crate::app::output::Protected {
                database: None,
                inputs: vec![args.input.clone()],
            },
        )?,
    }
    Ok(())
}
