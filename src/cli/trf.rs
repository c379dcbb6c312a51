//! `qishe pair-trf`: pair the next round of a TRF file (TRF-16 or TRF-2026).
//! Owned by the pairing work.

use super::{CliError, CliResult};
use crate::domain::PairingSystem;
use crate::formats::trf::Trf;
use crate::pairing::{self, PairingConfig, PairingError, RoundPairing};
use clap::Args;
use std::path::PathBuf;

// Pair the round after the last one in a TRF file (TRF-16 or TRF-2026).
#[derive(Debug, Args)]
pub struct PairTrfArgs {
    #[arg(long, default_value = "dutch")]
    pub system: String,
    #[arg(value_parser = crate::cli::path_arg())]
    pub input: PathBuf,
    #[arg(short = 'p', long = "pairings", num_args = 0..=1, default_missing_value = "-")]
    pub output: Option<String>,
    #[arg(long)]
    pub force: bool,
}

/// The conformance format: the number of pairs, then `red black` per board,
/// the pairing-allocated bye as `N 0`.
pub fn format_pairing(p: &RoundPairing, file_ids: &[u32]) -> String {
    // A file numbered by its line order (`XXC rank`) gets its own numbers.
    let id = |n: u32| file_ids.get(n as usize - 1).copied().unwrap_or(n);
    let mut out = format!("{}\n", p.boards.len() + p.bye.is_some() as usize);
    for b in &p.boards {
        out.push_str(&format!("{} {}\n", id(b.red), id(b.black)));
    }
    if let Some(b) = p.bye {
        out.push_str(&format!("{} 0\n", id(b)));
    }
    out
}

/// Exit statuses of `pair-trf`, those of the endorsed engine.
pub mod exit {
    /// No pairing satisfies the absolute criteria.
    pub const NO_VALID_PAIRING: i32 = 1;
    /// The file is not a valid tournament (with line and column).
    pub const BAD_INPUT: i32 = 3;
    /// The file could not be read or the pairing not written.
    pub const FILE_ERROR: i32 = 5;
}

fn fail(code: i32, message: crate::i18n::Msg) -> CliError {
    CliError { message, code }
}

pub fn run(args: PairTrfArgs) -> CliResult {
    use crate::i18n::msg;
    let system = PairingSystem::from_code(&args.system).ok_or_else(|| {
        let why = msg!(
            "err.cli.unknown_system",
            value = &args.system,
            allowed = "dutch, cxa, berger"
        );
        CliError::usage(crate::i18n::with_near(
            why,
            &args.system,
            ["dutch", "cxa", "berger"],
        ))
    })?;
    let in_file = |why: crate::i18n::Msg| msg!("err.app.in_file", file = args.input.display(), why);
    let bytes = crate::app::output::read_input(&args.input, crate::app::InputKind::Trf)
        .map_err(|e| fail(exit::FILE_ERROR, e.msg()))?;
    let text = crate::formats::trf::decode(&bytes);
    // The output is refused before a pairing that can take many seconds.
    let protected = crate::app::output::Protected {
        database: None,
        inputs: vec![args.input.clone()],
    };
    if let Some(path) = args.output.as_deref().filter(|p| *p != "-") {
        crate::app::output::check_output(std::path::Path::new(path), args.force, &protected)
            .map_err(|e| fail(exit::FILE_ERROR, e.msg()))?;
    }
    let bad = |m: crate::i18n::Msg| fail(exit::BAD_INPUT, in_file(m));
    if let Some((line, code)) = Trf::team_record(&text) {
        return Err(bad(msg!("err.trf.team_pairing", line, code)));
    }
    let mut trf = Trf::parse(&text).map_err(|e| bad(e.msg()))?;
    // Without `XXR` / `142` the rounds its other records name, when they
    // leave a round to pair; else the file is refused, as the endorsed
    // engine refuses it, since the last round is paired by its own rules.
    if trf.total_rounds.is_none() {
        let named = trf.rounds_named();
        if named as usize <= trf.played_rounds() {
            return Err(bad(msg!("err.trf.no_total_rounds")));
        }
        trf.total_rounds = Some(named);
    }
    // `192` naming another system than the one asked for.
    if let Some(code) = trf.system.as_deref() {
        let dutch = crate::formats::trf::dutch_code(code).is_some();
        if dutch != (system == PairingSystem::Dutch) {
            return Err(bad(msg!(
                "err.trf26.other_system",
                code,
                system = system.code()
            )));
        }
    }
    let state = crate::pairing::SwissState::from_trf(&trf).map_err(|e| bad(e.msg()))?;
    if let Some(total) = trf.total_rounds {
        if state.round > total {
            return Err(bad(crate::i18n::msg!(
                "err.trf.all_rounds_played",
                total = total
            )));
        }
    }
    let pairing = pairing::pair(&state, &PairingConfig::new(system)).map_err(|e| {
        let code = match e {
            PairingError::NoLegalPairing { .. } => exit::NO_VALID_PAIRING,
            _ => exit::BAD_INPUT,
        };
        fail(code, in_file(e.msg()))
    })?;
    if pairing.boards.is_empty() && pairing.bye.is_none() {
        return Err(fail(
            exit::NO_VALID_PAIRING,
            in_file(msg!("err.trf.nobody_to_pair")),
        ));
    }
    // No `XXC` / `152` and no colour played yet: the lot for the first
    // player's colour was never written down. White for player 1, said
    // (the endorsed engine refuses such a file).
    let no_colour = trf.first_colour.is_none()
        && trf
            .players
            .iter()
            .all(|p| p.rounds.iter().all(|r| r.colour.is_none()));
    if no_colour && !pairing.boards.is_empty() {
        note!(
            "{}",
            in_file(msg!("note.trf.assumed_white1")).render(crate::i18n::Lang::from_env())
        );
    }
    let text = format_pairing(&pairing, &trf.file_ids);
    match args.output.as_deref() {
        None | Some("-") => say_raw!("{text}"),
        Some(path) => crate::app::output::write_output(
            std::path::Path::new(path),
            text.as_bytes(),
            args.force,
            &protected,
        )
        .map_err(|e| fail(exit::FILE_ERROR, e.msg()))?,
    }
    Ok(())
}
