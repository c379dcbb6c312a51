//! `qishe archive …`: the club's game archive: import a folder
//! tree of game files, search it, a member's openings.

use super::game::ReadArgs;
use super::output::{Format, Table, TextOrJson};
use super::{CliError, CliResult, Ctx};
use crate::app::archive::{ArchiveSearchInput, Repertoire};
use crate::domain::archive::ArchiveQuery;
use crate::i18n::tr;
use clap::{Args, Subcommand};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum ArchiveCmd {
    Import(ImportArgs),
    Search(SearchArgs),
    Openings(OpeningsArgs),
    Reclassify,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    #[arg(required = true)]
    #[arg(value_parser = crate::cli::path_arg())]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    #[arg(long, value_enum, default_value = "text")]
    pub format: TextOrJson,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    #[arg(long)]
    pub player: Option<String>,
    #[arg(long)]
    pub opponent: Option<String>,
    #[arg(long)]
    pub from: Option<String>,
    #[arg(long)]
    pub to: Option<String>,
    #[arg(long)]
    pub event: Option<String>,
    #[arg(long)]
    pub result: Option<String>,
    #[arg(long)]
    pub eco: Option<String>,
    #[arg(long)]
    pub fen: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct OpeningsArgs {
    pub member: String,
    #[arg(long, value_enum, default_value = "text")]
    pub format: TextOrJson,
}

pub fn run(ctx: &Ctx, cmd: ArchiveCmd) -> CliResult {
    match cmd {
        ArchiveCmd::Import(a) => import(ctx, a),
        ArchiveCmd::Search(a) => search(ctx, a),
        ArchiveCmd::Openings(a) => openings(ctx, a),
        ArchiveCmd::Reclassify => {
            let (changed, total) = ctx.open()?.archive_reclassify()?;
            let line = crate::i18n::msg!("cli.out.archive_reclassified", changed, total);
            say!("{}", line.render(ctx.lang));
            Ok(())
        }
    }
}

fn import(ctx: &Ctx, a: ImportArgs) -> CliResult {
    let mut app = ctx.open()?;
    let bar = std::io::stderr().is_terminal();
    let report = app.archive_import(&a.paths, a.read.options(), &mut |done, all| {
        if bar && all > 0 {
            let w = 30;
            let filled = done * w / all;
            note_raw!(
                "\r[{}{}] {done}/{all}",
                "#".repeat(filled),
                " ".repeat(w - filled)
            );
            if done == all {
                note!();
            }
        }
    })?;
    for f in &report.files {
        if let Some(e) = &f.error {
            note!("{}: {e}", f.path);
        }
        for s in &f.skipped {
            note!("{}: {s}", f.path);
        }
        for n in &f.notes {
            let note = crate::i18n::msg!("cli.out.note", what = n);
            note!("{}: {}", f.path, note.render(ctx.lang));
        }
    }
    if a.format == TextOrJson::Json {
        say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        let line = crate::i18n::msg!(
            "cli.out.archive_imported",
            files = report.files.len(),
            read = report.read(),
            added = report.added(),
            duplicates = report.duplicates(),
            skipped = report.skipped(),
            failed = report.failed_files()
        );
        say!("{}", line.render(ctx.lang));
    }
    if report.skipped() > 0 || report.failed_files() > 0 {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.archive_skipped",
            skipped = report.skipped(),
            files = report.failed_files()
        ))
        .code(3));
    }
    Ok(())
}

fn search(ctx: &Ctx, a: SearchArgs) -> CliResult {
    let mut app = ctx.open()?;
    let input = ArchiveSearchInput {
        query: ArchiveQuery {
            player: a.player,
            opponent: a.opponent,
            from: a.from,
            to: a.to,
            event: a.event,
            result: a.result,
            eco: a.eco,
            positions: Vec::new(),
        },
        fen: a.fen.clone(),
    };
    let found = app.archive_search(&input)?;
    if a.format == Format::Json {
        say!("{}", serde_json::to_string_pretty(&found.games)?);
        return Ok(());
    }
    let l = ctx.lang;
    let mut cols = vec![
        ("id", tr(l, "col.id").to_string(), true),
        ("date", tr(l, "col.date").to_string(), false),
        ("red", tr(l, "col.red").to_string(), false),
        ("black", tr(l, "col.black").to_string(), false),
        ("result", tr(l, "col.result").to_string(), false),
        ("eco", "ECCO".to_string(), false),
        ("event", tr(l, "col.event").to_string(), false),
    ];
    if a.fen.is_some() {
        cols.push(("ply", tr(l, "col.archive_ply").to_string(), true));
        cols.push(("next", tr(l, "col.archive_next").to_string(), false));
    }
    let mut t = Table::new(&cols);
    for h in &found.games {
        let g = &h.game;
        let mut row = vec![
            g.id.to_string(),
            g.date.clone().unwrap_or_default(),
            g.red.clone().unwrap_or_default(),
            g.black.clone().unwrap_or_default(),
            g.result.clone().unwrap_or_default(),
            g.eco.clone().unwrap_or_default(),
            g.event.clone().unwrap_or_default(),
        ];
        if a.fen.is_some() {
            row.push(h.ply.map(|p| p.to_string()).unwrap_or_default());
            row.push(h.next.clone().unwrap_or_default());
        }
        t.push(row);
    }
    say_raw!("{}", t.render(a.format));
    if a.fen.is_some() && a.format == Format::Text && !found.next_moves.is_empty() {
        say!();
        let mut n = Table::new(&[
            ("next", tr(l, "col.archive_next").to_string(), false),
            ("games", tr(l, "col.archive_games").to_string(), true),
            ("red-wins", "1-0".to_string(), true),
            ("draws", "1/2-1/2".to_string(), true),
            ("black-wins", "0-1".to_string(), true),
        ]);
        for m in &found.next_moves {
            n.push(vec![
                format!("{} ({})", m.text, m.iccs),
                m.games.to_string(),
                m.red_wins.to_string(),
                m.draws.to_string(),
                m.black_wins.to_string(),
            ]);
        }
        say_raw!("{}", n.text());
    }
    Ok(())
}

fn openings(ctx: &Ctx, a: OpeningsArgs) -> CliResult {
    let app = ctx.open()?;
    let m = app.find_member(&a.member)?;
    let rep: Repertoire = app.opening_stats(crate::app::MemberId(m.id))?;
    if a.format == TextOrJson::Json {
        say!("{}", serde_json::to_string_pretty(&rep)?);
        return Ok(());
    }
    say!("{}", openings_text(&rep, ctx.lang));
    Ok(())
}

/// The repertoire as two small tables (as red, as black).
pub fn openings_text(rep: &Repertoire, l: crate::i18n::Lang) -> String {
    let mut out = String::new();
    for (key, lines) in [("col.red", &rep.as_red), ("col.black", &rep.as_black)] {
        out.push_str(&format!("{} · {}\n", rep.member, tr(l, key)));
        let mut t = Table::new(&[
            ("eco", "ECCO".to_string(), false),
            ("games", tr(l, "col.archive_games").to_string(), true),
            ("wins", "+".to_string(), true),
            ("draws", "=".to_string(), true),
            ("losses", "-".to_string(), true),
            ("score", tr(l, "col.archive_score").to_string(), true),
        ]);
        for o in lines {
            t.push(vec![
                o.eco.clone(),
                o.games.to_string(),
                o.wins.to_string(),
                o.draws.to_string(),
                o.losses.to_string(),
                o.score.to_string(),
            ]);
        }
        out.push_str(&t.text());
    }
    out
}
