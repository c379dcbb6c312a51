//! `qishe import …` and `qishe export …`: files for and from other programs.

use super::{CliResult, Ctx};
use clap::Subcommand;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum ImportCmd {
    Games {
        event: String,
        #[arg(value_parser = crate::cli::path_arg())]
        file: PathBuf,
        #[arg(long)]
        record_wins: bool,
    },
    Teams {
        event: String,
        #[arg(value_parser = crate::cli::path_arg())]
        file: PathBuf,
    },
    Trf {
        #[arg(value_parser = crate::cli::path_arg())]
        file: PathBuf,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        scheme: Option<String>,
        #[arg(long, value_delimiter = ',')]
        tiebreaks: Option<Vec<String>>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ExportCmd {
    Games {
        event: String,
        #[arg(long, default_value = "pgn", value_parser = ["pgn", "csv"])]
        format: String,
        #[arg(long, default_value = "iccs", value_parser = ["iccs", "wxf"])]
        notation: String,
        #[arg(short, long)]
        #[arg(value_parser = crate::cli::path_arg())]
        output: Option<PathBuf>,
        #[arg(long)]
        force: bool,
    },
    Trf {
        event: String,
        #[arg(long = "trf", default_value = "2026", value_parser = ["2016", "2026"])]
        version: String,
        #[arg(short, long)]
        #[arg(value_parser = crate::cli::path_arg())]
        output: Option<PathBuf>,
        #[arg(long)]
        force: bool,
    },
}

fn write_out(app: &crate::app::App, output: Option<PathBuf>, force: bool, text: &str) -> CliResult {
    match output {
        Some(p) => Ok(app.write_output(&p, text.as_bytes(), force, &[])?),
        None => {
            say_raw!("{text}");
            Ok(())
        }
    }
}

pub fn run_import(ctx: &Ctx, cmd: ImportCmd) -> CliResult {
    if let ImportCmd::Games {
        event,
        file,
        record_wins,
    } = cmd
    {
        return super::scoring::run_import(
            ctx,
            super::scoring::ImportCmd::Games {
                event,
                file,
                record_wins,
            },
        );
    }
    let mut app = ctx.open()?;
    match cmd {
        ImportCmd::Games { .. } => unreachable!("handled above"),
        ImportCmd::Teams { event, file } => {
            let (bytes, fname) = super::read_input(&file, crate::app::InputKind::Teams)?;
            let event = app.find_event(&event)?.key();
            let teams = app.import_teams(event, &bytes, &fname)?;
            let players: usize = teams.iter().map(|t| t.roster.len()).sum();
            let line = crate::i18n::msg!("cli.out.teams_players", teams = teams.len(), players);
            say!("{}", line.render(ctx.lang));
        }
        ImportCmd::Trf {
            file,
            name,
            scheme,
            tiebreaks,
        } => {
            let (bytes, fname) = super::read_input(&file, crate::app::InputKind::Trf)?;
            // The tie-breaks are read here, once, for an individual event.
            let tiebreaks = match tiebreaks {
                Some(codes) => crate::scoring::TieBreak::parse_list(&codes)?,
                None => Vec::new(),
            };
            let opts = crate::app::TrfImportOptions { scheme, tiebreaks };
            let r = app.import_trf_with(&bytes, &fname, name.as_deref(), &opts)?;
            for m in &r.matched {
                note!(
                    "{}",
                    crate::i18n::msg!("cli.out.matched", what = m).render(ctx.lang)
                );
            }
            for n in &r.notes {
                note!("{}", n.render(ctx.lang));
            }
            let line = crate::i18n::msg!(
                "cli.out.trf_imported",
                players = r.players,
                rounds = r.rounds
            );
            let line = line.render(ctx.lang);
            say!("{}\t{}\t{line}", r.event.id, r.event.name);
        }
    }
    Ok(())
}

pub fn run_export(ctx: &Ctx, cmd: ExportCmd) -> CliResult {
    let app = ctx.open()?;
    match cmd {
        ExportCmd::Games {
            event,
            format,
            notation,
            output,
            force,
        } => {
            use crate::app::GamesFormat;
            let f = match (format.as_str(), notation.as_str()) {
                ("csv", _) => GamesFormat::Csv,
                (_, "wxf") => GamesFormat::PgnWxf,
                _ => GamesFormat::PgnIccs,
            };
            let event = app.find_event(&event)?.key();
            let bytes = app.export_games(event, f, ctx.lang)?;
            match output {
                Some(p) => Ok(app.write_output(&p, &bytes, force, &[])?),
                None => {
                    say_raw!("{}", String::from_utf8_lossy(&bytes));
                    Ok(())
                }
            }
        }
        ExportCmd::Trf {
            event,
            version,
            output,
            force,
        } => {
            let v = crate::formats::trf::TrfVersion::from_code(&version).unwrap_or_default();
            let event = app.find_event(&event)?.key();
            write_out(&app, output, force, &app.export_trf_as(event, v)?)
        }
    }
}
