//! The command line: clap subcommands that mirror the TUI's actions.
//! No arguments opens the TUI.

/// Prints a line on stdout through the one terminal sanitiser
/// (`output::emit`): every line the CLI prints goes through it or its
/// siblings below, never `println!` (tests/it/architecture.rs).
macro_rules! say {
    () => {
        $crate::cli::output::emit(false, "\n")
    };
    ($($t:tt)*) => {
        $crate::cli::output::emit(false, &format!("{}\n", format_args!($($t)*)))
    };
}

/// As [`say!`], without the line break.
macro_rules! say_raw {
    ($($t:tt)*) => {
        $crate::cli::output::emit(false, &format!($($t)*))
    };
}

/// As [`say!`], on stderr.
macro_rules! note {
    () => {
        $crate::cli::output::emit(true, "\n")
    };
    ($($t:tt)*) => {
        $crate::cli::output::emit(true, &format!("{}\n", format_args!($($t)*)))
    };
}

/// As [`note!`], without the line break.
macro_rules! note_raw {
    ($($t:tt)*) => {
        $crate::cli::output::emit(true, &format!($($t)*))
    };
}

pub mod archive;
pub mod console;
pub mod demo;
mod error;
pub mod event;
pub mod exchange;
pub mod game;
pub mod help;
pub mod history;
pub mod knockout;
pub mod output;
mod parse_error;
pub mod player;
pub mod print;
pub mod prizes;
pub mod publish;
pub mod reports;
pub mod round;
pub mod scoring;
pub mod season;
pub mod serve;
pub mod stdout;
pub mod team;
pub mod trf;
mod typed;

pub use error::{CliError, CliResult};

use crate::app::App;
use crate::config::Config;
use crate::i18n::{tr, Lang};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

// The command line's shape; every help text (about, argument help) is in
// the i18n tables, put on the commands by `help.rs`.
#[derive(Debug, Parser)]
#[command(name = "qishe", bin_name = "qishe", version)]
pub struct Cli {
    #[arg(long, global = true, value_name = "PATH")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub config: Option<PathBuf>,
    #[arg(long, global = true, value_name = "PATH")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub db: Option<PathBuf>,
    #[arg(long, global = true)]
    pub csv_formulas: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Init,
    #[command(subcommand)]
    Player(player::PlayerCmd),
    #[command(subcommand)]
    Event(event::EventCmd),
    #[command(subcommand)]
    Team(team::TeamCmd),
    Result(Box<scoring::ResultArgs>),
    Standings(scoring::StandingsArgs),
    Prizes(prizes::PrizesArgs),
    Print(print::PrintArgs),
    Publish(publish::PublishArgs),
    Serve(serve::ServeArgs),
    Ratings(history::RatingsArgs),
    Stats(history::StatsArgs),
    #[command(subcommand)]
    Season(season::SeasonCmd),
    #[command(subcommand)]
    Knockout(knockout::KnockoutCmd),
    Bracket(knockout::BracketArgs),
    #[command(subcommand)]
    Round(round::RoundCmd),
    #[command(subcommand)]
    Import(exchange::ImportCmd),
    #[command(subcommand)]
    Export(exchange::ExportCmd),
    #[command(subcommand)]
    Game(game::GameCmd),
    #[command(subcommand)]
    Archive(archive::ArchiveCmd),
    PairTrf(trf::PairTrfArgs),
    Backup {
        #[arg(value_parser = crate::cli::path_arg())]
        path: PathBuf,
    },
    Check,
    Restore {
        backup: PathBuf,
        #[arg(long)]
        yes: bool,
    },
    Undo,
    Redo,
    Demo(demo::DemoArgs),
    Log {
        #[arg(short = 'n', long, default_value_t = 20)]
        count: usize,
    },
}

/// What every command needs: the settings and where the database is.
pub struct Ctx {
    pub config: Config,
    pub db: PathBuf,
    pub lang: Lang,
}

impl Ctx {
    /// Opens the club (creating the database on first use).
    pub fn open(&self) -> CliResult<App> {
        Ok(App::open(self.config.clone(), &self.db)?)
    }
}

/// Runs the parsed command line; a failure comes back with the language
/// to say it in (the config's, else the locale's).
/// Reads a file the user named for an import: its bytes and its file name
/// (what import messages and logs call it).
fn read_input(file: &std::path::Path, kind: crate::app::InputKind) -> CliResult<(Vec<u8>, String)> {
    let bytes = crate::app::output::read_input(file, kind)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.display().to_string());
    Ok((bytes, name))
}

/// The parser of every path argument: the path with the platform's
/// separator (`config::native_path`), so that qishe shows it in one style.
pub(crate) fn path_arg() -> impl clap::builder::TypedValueParser<Value = PathBuf> {
    use clap::builder::TypedValueParser;
    clap::builder::PathBufValueParser::new().map(crate::config::native_path)
}

/// The parser of a round number: 1 or more, typed at the edge (clap's own
/// words for 0 or for what is no number), full-width digits too.
pub(crate) fn round_no() -> impl clap::builder::TypedValueParser<Value = crate::app::RoundNo> {
    use clap::builder::TypedValueParser;
    typed::Halfwidth(clap::value_parser!(u32).range(1..)).map(crate::app::RoundNo)
}

/// The parser of `--after-round` on a withdrawal: a round number, where 0
/// is before the first round.
pub(crate) fn after_round_no() -> impl clap::builder::TypedValueParser<Value = crate::app::RoundNo>
{
    use clap::builder::TypedValueParser;
    typed::Halfwidth(clap::value_parser!(u32)).map(crate::app::RoundNo)
}

/// The parser of a board number, typed at the edge (the app refuses one
/// its round has not, 0 too).
pub(crate) fn board_no() -> impl clap::builder::TypedValueParser<Value = crate::app::BoardNo> {
    use clap::builder::TypedValueParser;
    typed::Halfwidth(clap::value_parser!(u32)).map(crate::app::BoardNo)
}

/// Ends qishe with `code` after the console is put back as it was found
/// (and, in a console window of its own, a failure waited on: `console.rs`).
pub fn exit(code: i32) -> ! {
    console::finish(code != 0);
    std::process::exit(code)
}

pub fn run(cli: Cli) -> Result<(), (CliError, Lang)> {
    output::allow_csv_formulas(cli.csv_formulas);
    // Commands on files alone need no config or database.
    let cmd = match cli.command {
        Some(Command::Game(c)) if !c.needs_db() => {
            return game::run(c, cli.config.as_deref()).map_err(|e| (e, Lang::from_env()))
        }
        Some(Command::PairTrf(a)) => return trf::run(a).map_err(|e| (e, Lang::from_env())),
        other => other,
    };
    let config = Config::discover(cli.config.as_deref())
        .map_err(|e| (CliError::from(e), Lang::from_env()))?;
    let db = config.database_path(cli.db.as_deref());
    let lang = config.language.unwrap_or_else(Lang::from_env);
    stdout::set_lang(lang);
    if cmd.is_some() {
        crate::app::announce_waits(lang);
    }
    let ctx = Ctx { config, db, lang };
    run_command(&ctx, cmd).map_err(|e| (e, lang))
}

fn run_command(ctx: &Ctx, cmd: Option<Command>) -> CliResult {
    match cmd {
        None => {
            crate::tui::check_keys(&ctx.config)?;
            // The screens need a terminal both ways: started from a script,
            // a pipe or a service, say so instead of failing to draw.
            use std::io::IsTerminal;
            if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
                return Err(CliError::usage(crate::i18n::msg!("cli.tui.needs_terminal")));
            }
            crate::tui::run(ctx.open()?).map_err(CliError::from)
        }
        Some(Command::Init) => {
            let app = App::open_init(ctx.config.clone(), &ctx.db)?;
            say!(
                "{} (schema {})",
                app.db_path().display(),
                app.schema_version()?
            );
            Ok(())
        }
        Some(Command::Player(c)) => player::run(ctx, c),
        Some(Command::Event(event::EventCmd::New(a))) if event::is_knockout(&a) => {
            event::check_new_options(&a)?;
            if a.rounds.is_some() {
                note!(
                    "{}",
                    crate::i18n::msg!("cli.note.knockout_rounds").render(ctx.lang)
                );
            }
            event::run(ctx, event::EventCmd::New(a))
        }
        Some(Command::Event(event::EventCmd::New(a))) => {
            event::check_new_options(&a)?;
            event::run(ctx, event::EventCmd::New(a))
        }
        Some(Command::Event(c)) => event::run(ctx, c),
        Some(Command::Team(c)) => team::run(ctx, c),
        Some(Command::Result(a)) => scoring::run_result(ctx, *a),
        Some(Command::Serve(a)) => serve::run(ctx, a),
        Some(Command::Standings(a)) => scoring::run_standings(ctx, a),
        Some(Command::Prizes(a)) => prizes::run(ctx, a),
        Some(Command::Print(a)) => print::run(ctx, a),
        Some(Command::Publish(a)) => publish::run(ctx, a),
        Some(Command::Ratings(a)) => history::run_ratings(ctx, a),
        Some(Command::Stats(a)) => history::run_stats(ctx, a),
        Some(Command::Round(c)) => round::run(ctx, c),
        Some(Command::Season(c)) => season::run(ctx, c),
        Some(Command::Knockout(c)) => knockout::run(ctx, c),
        Some(Command::Bracket(a)) => knockout::run_bracket(ctx, a),
        Some(Command::Import(c)) => exchange::run_import(ctx, c),
        Some(Command::Export(c)) => exchange::run_export(ctx, c),
        Some(Command::Backup { path }) => {
            let app = ctx.open()?;
            app.backup(&path)?;
            say!("{}", path.display());
            Ok(())
        }
        Some(Command::Demo(a)) => demo::run(ctx, a),
        Some(Command::Restore { backup, yes }) => restore(ctx, &backup, yes),
        Some(Command::Check) => {
            let app = ctx.open()?;
            let verdict = app.integrity_check()?;
            if verdict == "ok" {
                say!("ok");
                Ok(())
            } else {
                Err(CliError::msg(crate::i18n::msg!(
                    "err.cli.check_damaged",
                    path = app.db_path().display(),
                    verdict
                )))
            }
        }
        Some(Command::Undo) => {
            let mut app = ctx.open()?;
            let what = app.undo()?;
            say!(
                "{}",
                crate::i18n::msg!("cli.undone", what).render(app.lang())
            );
            Ok(())
        }
        Some(Command::Redo) => {
            let mut app = ctx.open()?;
            let what = app.redo()?;
            say!(
                "{}",
                crate::i18n::msg!("cli.redone", what).render(app.lang())
            );
            Ok(())
        }
        Some(Command::Log { count }) => {
            let app = ctx.open()?;
            let lang = app.lang();
            for e in app.log(count)? {
                say!(
                    "{}  {}{}",
                    e.at,
                    e.summary.render(lang),
                    if e.undone {
                        format!("  ({})", tr(lang, "cli.log_undone"))
                    } else {
                        String::new()
                    }
                );
            }
            Ok(())
        }
        Some(Command::Game(c)) => game::run_with_db(ctx, c),
        Some(Command::Archive(c)) => archive::run(ctx, c),
        Some(Command::PairTrf(_)) => unreachable!("handled above"),
    }
}

/// `qishe restore BACKUP [--yes]`: works on a club that cannot be opened
/// (the reason one restores), so it does not open it first.
fn restore(ctx: &Ctx, backup: &std::path::Path, yes: bool) -> CliResult {
    use std::io::IsTerminal;
    let lang = ctx.lang;
    let info = crate::app::check_backup(backup)?;
    let saved = crate::app::saved_club_path(&ctx.db);
    if !yes {
        if !std::io::stdin().is_terminal() {
            return Err(CliError::usage(crate::i18n::msg!("cli.restore.needs_yes")));
        }
        let when = info
            .last_change
            .clone()
            .unwrap_or_else(|| tr(lang, "cli.restore.never").to_string());
        let q = crate::i18n::msg!(
            "cli.restore.question",
            db = ctx.db.display(),
            backup = backup.display(),
            members = info.members,
            events = info.events,
            when,
            saved = saved.display()
        );
        note_raw!("{}", q.render(lang));
        let mut answer = String::new();
        std::io::stdin().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes" | "是" | "是的") {
            say!("{}", tr(lang, "cli.restore.cancelled"));
            return Ok(());
        }
    }
    crate::app::restore_club(ctx.config.clone(), &ctx.db, backup, &saved)?;
    let done = crate::i18n::msg!(
        "cli.restore.done",
        db = ctx.db.display(),
        backup = backup.display(),
        saved = saved.display()
    );
    say!("{}", done.render(lang));
    Ok(())
}
