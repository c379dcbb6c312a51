//! `qishe game …`: game records (statistics, display, conversion).
//! Owned by the game-records work (issue 5).

use super::{CliError, CliResult};
use crate::xiangqi::{self, game_stats, pgn, GameRecord, ImportedFile, Notation};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

#[derive(Debug, Subcommand)]
pub enum GameCmd {
    /// Statistics of every game in a file (PGN, XQF or DhtmlXQ).
    Stats(StatsArgs),
    /// Print the moves of every game, two a line like a score sheet.
    Show(ShowArgs),
    /// Convert a game file to PGN in a chosen notation (written to stdout
    /// unless --output is given).
    Convert(ConvertArgs),
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StatsFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum NotationArg {
    Chinese,
    Traditional,
    Wxf,
    Iccs,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Chinese => Notation::Chinese,
            NotationArg::Traditional => Notation::Traditional,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Iccs => Notation::Iccs,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TargetFormat {
    Pgn,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The game file.
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub format: StatsFormat,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The game file.
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "chinese")]
    pub notation: NotationArg,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The game file.
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "pgn")]
    pub to: TargetFormat,
    #[arg(long, value_enum, default_value = "chinese")]
    pub notation: NotationArg,
    /// Where to write (default: stdout).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

fn load(path: &Path) -> CliResult<ImportedFile> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::msg(format!("{}: {e}", path.display())))?;
    xiangqi::read_games(&bytes).map_err(|e| CliError {
        message: format!("{}: {e}", path.display()),
        code: 2,
    })
}

pub fn run(cmd: GameCmd) -> CliResult {
    match cmd {
        GameCmd::Stats(a) => stats(a),
        GameCmd::Show(a) => show(a),
        GameCmd::Convert(a) => convert(a),
    }
}

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly.
fn emit(text: &str) -> CliResult {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::msg(format!("writing the output: {e}"))),
    }
}

fn stats(a: StatsArgs) -> CliResult {
    let file = load(&a.file)?;
    let text = match a.format {
        StatsFormat::Json => {
            let v: Vec<_> = file
                .games
                .iter()
                .map(|g| game_stats(g).to_json(g))
                .collect();
            format!("{}\n", serde_json::to_string_pretty(&v)?)
        }
        StatsFormat::Text => file.games.iter().map(stats_text).collect(),
    };
    emit(&text)
}

fn stats_text(g: &GameRecord) -> String {
    let s = game_stats(g);
    let mut out = String::new();
    out.push_str(&format!(
        "{}: result {}\n",
        g.label(),
        g.result.as_deref().unwrap_or("unknown")
    ));
    out.push_str(&format!(
        "  plies {}, full moves {}\n  final position {}\n",
        s.plies, s.full_moves, s.final_fen
    ));
    out.push_str(&format!(
        "  material   red {:<12} black {}\n",
        s.red_material.letters(),
        s.black_material.letters()
    ));
    out.push_str(&format!(
        "  piece moves (车/马炮/兵/士象/将)  red {}  black {}\n",
        s.red_moves.text(),
        s.black_moves.text()
    ));
    out.push_str(&format!("  first strike {}\n", s.first_strike.text()));
    if let Some(t) = s.ending {
        out.push_str(&format!("  ends in {}\n", t.code()));
    }
    out
}

fn show(a: ShowArgs) -> CliResult {
    let file = load(&a.file)?;
    let mut text = String::new();
    for (i, g) in file.games.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&format!(
            "{}  {}\n",
            g.label(),
            g.tag("Event").unwrap_or_default()
        ));
        text.push_str(&pgn::score_sheet(g, a.notation.into()));
        if let Some(r) = &g.result {
            text.push_str(&format!("{r}\n"));
        }
    }
    emit(&text)
}

fn convert(a: ConvertArgs) -> CliResult {
    let file = load(&a.file)?;
    let TargetFormat::Pgn = a.to;
    let text = pgn::write_pgn(&file.games, a.notation.into());
    match a.output {
        Some(p) => {
            std::fs::write(&p, text).map_err(|e| CliError::msg(format!("{}: {e}", p.display())))?
        }
        None => emit(&text)?,
    }
    Ok(())
}
