//! `qishe game …`: game records (statistics, display, conversion).
//! Owned by the game-records work.

use super::output::TextOrJson;
use super::{CliError, CliResult};
use crate::app::{BoardNo, RoundNo};
use crate::i18n::Lang;
use crate::xiangqi::repetition::{judge, Judgement, RuleSet};
use crate::xiangqi::{self, game_stats, pgn, GameRecord, ImportedFile, Notation};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

#[derive(Debug, Subcommand)]
pub enum GameCmd {
    Stats(StatsArgs),
    Show(ShowArgs),
    Convert(ConvertArgs),
    Judge(JudgeArgs),
}

impl GameCmd {
    /// Does the command need the club database (`judge --apply`)?
    pub fn needs_db(&self) -> bool {
        matches!(self, GameCmd::Judge(a) if !a.apply.is_empty())
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RulesArg {
    Simple,
    Asian,
    Cxa2011,
}

impl From<RulesArg> for RuleSet {
    fn from(r: RulesArg) -> RuleSet {
        match r {
            RulesArg::Simple => RuleSet::Simple,
            RulesArg::Asian => RuleSet::Asian,
            RulesArg::Cxa2011 => RuleSet::Cxa2011,
        }
    }
}

#[derive(Debug, Args)]
pub struct JudgeArgs {
    #[arg(value_parser = crate::cli::path_arg())]
    pub file: PathBuf,
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: TextOrJson,
    #[arg(long, num_args = 3, value_names = ["EVENT", "ROUND", "BOARD"])]
    pub apply: Vec<String>,
    #[arg(long, default_value_t = 1)]
    pub game_no: u32,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum NotationArg {
    Chinese,
    Traditional,
    Wxf,
    Iccs,
    Xboard,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Chinese => Notation::Chinese,
            NotationArg::Traditional => Notation::Traditional,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Xboard => Notation::Xboard,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TargetFormat {
    Pgn,
    Dhtmlxq,
}

// How the readers treat what real files get wrong.
#[derive(Debug, Args, Clone, Copy)]
pub struct ReadArgs {
    #[arg(long)]
    pub keep_legal_prefix: bool,
}

impl ReadArgs {
    pub fn options(self) -> xiangqi::ReadOptions {
        xiangqi::ReadOptions {
            keep_legal_prefix: self.keep_legal_prefix,
        }
    }
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    #[arg(value_parser = crate::cli::path_arg())]
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub format: TextOrJson,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[arg(value_parser = crate::cli::path_arg())]
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "chinese")]
    pub notation: NotationArg,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[arg(value_parser = crate::cli::path_arg())]
    pub file: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
    #[arg(long, value_enum, default_value = "pgn")]
    pub to: TargetFormat,
    #[arg(long, value_enum, default_value = "chinese")]
    pub notation: NotationArg,
    #[arg(long, short)]
    #[arg(value_parser = crate::cli::path_arg())]
    pub output: Option<PathBuf>,
    #[arg(long)]
    pub force: bool,
}

fn load(path: &Path) -> CliResult<ImportedFile> {
    load_with(path, xiangqi::ReadOptions::default())
}

/// Reads a game file; each skipped game and each note goes to stderr
/// (file, game number, line, reason). No game at all is exit status 1.
fn load_with(path: &Path, opts: xiangqi::ReadOptions) -> CliResult<ImportedFile> {
    // The game commands run without a club (no config): the environment's
    // language, as their errors use.
    let lang = crate::i18n::Lang::from_env();
    let bytes = crate::app::output::read_input(path, crate::app::InputKind::Record)?;
    let file = xiangqi::read_games_with(&bytes, opts).map_err(|e| {
        CliError::msg(crate::i18n::msg!(
            "err.app.in_file",
            file = path.display(),
            why = e.msg()
        ))
    })?;
    for s in &file.skipped {
        note!("{}: {}", path.display(), s.msg().render(lang));
    }
    for n in &file.notes {
        let note = crate::i18n::msg!("cli.out.note", what = n.msg.render(lang));
        note!("{}: {}", path.display(), note.render(lang));
    }
    Ok(file)
}

/// After the output: exit status 3 when some games were skipped.
fn partly(path: &Path, file: &ImportedFile) -> CliResult {
    if file.skipped.is_empty() {
        return Ok(());
    }
    let read = file.games.len();
    Err(CliError {
        message: crate::i18n::msg!(
            if file.skipped.len() == 1 {
                "err.cli.game_skipped"
            } else {
                "err.cli.games_skipped"
            },
            path = path.display(),
            skipped = file.skipped.len(),
            read
        ),
        code: 3,
    })
}

/// The game commands on files alone; `config` is `--config`, read only
/// when a setting is needed (the judge's default rule book).
pub fn run(cmd: GameCmd, config: Option<&std::path::Path>) -> CliResult {
    match cmd {
        GameCmd::Stats(a) => stats(a),
        GameCmd::Show(a) => show(a),
        GameCmd::Convert(a) => convert(a),
        GameCmd::Judge(a) => judge_cmd(a, Judged::Files(config)),
    }
}

/// Where the judge finds its settings.
enum Judged<'a> {
    Files(Option<&'a std::path::Path>),
    Club(&'a super::Ctx),
}

/// The game commands that write to the club database.
pub fn run_with_db(ctx: &super::Ctx, cmd: GameCmd) -> CliResult {
    match cmd {
        GameCmd::Judge(a) => judge_cmd(a, Judged::Club(ctx)),
        other => run(other, None),
    }
}

/// Rules on the game's latest repetition; prints the report (both
/// languages in text) and, with --apply, stores the ruling.
fn judge_cmd(a: JudgeArgs, with: Judged) -> CliResult {
    let ctx = match with {
        Judged::Club(ctx) => Some(ctx),
        Judged::Files(_) => None,
    };
    let file = load(&a.file)?;
    let n = file.games.len();
    let g = a
        .game
        .checked_sub(1)
        .and_then(|i| file.games.get(i))
        .ok_or_else(|| {
            CliError::msg(crate::i18n::msg!(
                if n == 1 {
                    "err.cli.no_such_game_of_one"
                } else {
                    "err.cli.no_such_game"
                },
                path = a.file.display(),
                game = a.game,
                count = n
            ))
        })?;
    let rules = match (a.rules, &with) {
        (Some(r), _) => r.into(),
        (None, Judged::Club(ctx)) => ctx.config.repetition_rules,
        (None, Judged::Files(path)) => crate::config::Config::discover(*path)?.repetition_rules,
    };
    let j: Judgement = judge(&g.start, &g.moves, rules).ok_or_else(|| {
        CliError::msg(crate::i18n::msg!(
            "err.cli.no_repetition",
            path = a.file.display(),
            game = g.label(),
            moves = g.moves.len()
        ))
    })?;
    // --apply's numbers are checked before anything is printed.
    let apply = match a.apply.as_slice() {
        [event, round, board] => {
            let num = |what: &str, s: &str| -> CliResult<u32> {
                s.parse().map_err(|_| {
                    CliError::msg(crate::i18n::msg!(
                        "err.cli.apply_not_number",
                        what,
                        value = s
                    ))
                })
            };
            Some((event.as_str(), num("round", round)?, num("board", board)?))
        }
        _ => None,
    };
    let text = match a.format {
        TextOrJson::Json => format!("{}\n", serde_json::to_string_pretty(&j.to_json())?),
        TextOrJson::Text => format!("{}\n{}", j.text(Lang::ZhHans), j.text(Lang::En)),
    };
    emit(&text)?;
    if let (Some(ctx), Some((event, round, board))) = (ctx, apply) {
        let mut app = ctx.open()?;
        let event = app.find_event(event)?.key();
        let game = app.apply_ruling(
            event,
            RoundNo(round),
            BoardNo(board),
            a.game_no,
            j.must_change,
        )?;
        let line = crate::i18n::msg!(
            "cli.out.ruling_stored",
            round,
            board,
            game = a.game_no,
            outcome = game.outcome.code(),
            termination = game.facts.termination.map(|t| t.code()).unwrap_or("-")
        );
        note!("{}", line.render(ctx.lang));
    }
    Ok(())
}

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly.
fn emit(text: &str) -> CliResult {
    use std::io::Write;
    let text = crate::formats::safe::terminal_text(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::msg(crate::i18n::msg!(
            "err.cli.write_output",
            why = crate::i18n::io_msg(&e)
        ))),
    }
}

fn stats(a: StatsArgs) -> CliResult {
    let file = load_with(&a.file, a.read.options())?;
    let text = match a.format {
        TextOrJson::Json => {
            let v: Vec<_> = file
                .games
                .iter()
                .map(|g| game_stats(g).to_json(g))
                .collect();
            format!("{}\n", serde_json::to_string_pretty(&v)?)
        }
        TextOrJson::Text => file.games.iter().map(stats_text).collect(),
    };
    emit(&text)?;
    partly(&a.file, &file)
}

/// A game's statistics as text, in the environment's language (the codes
/// — result, FEN, material letters, the first strike — as they are).
fn stats_text(g: &GameRecord) -> String {
    use crate::i18n::msg;
    let lang = crate::i18n::Lang::from_env();
    let s = game_stats(g);
    let result = match g.result.as_deref() {
        Some(r) => msg!("cli.stats.result", result = r),
        None => msg!("cli.stats.no_result"),
    };
    let mut lines = vec![
        msg!("cli.stats.head", game = g.label(), result),
        msg!(
            "cli.stats.length",
            plies = s.plies,
            moves = s.full_moves,
            fen = &s.final_fen
        ),
        msg!(
            "cli.stats.material",
            red = format!("{:<12}", s.red_material.letters()),
            black = s.black_material.letters()
        ),
        msg!(
            "cli.stats.piece_moves",
            red = s.red_moves.text(),
            black = s.black_moves.text()
        ),
        msg!("cli.stats.first_strike", what = s.first_strike.text()),
    ];
    if let Some(t) = s.ending {
        lines.push(msg!("cli.stats.ends_in", code = t.code()));
    }
    lines.iter().map(|m| m.render(lang) + "\n").collect()
}

fn show(a: ShowArgs) -> CliResult {
    let file = load_with(&a.file, a.read.options())?;
    let lang = crate::i18n::Lang::from_env();
    let mut text = String::new();
    for (i, g) in file.games.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&format!(
            "{}  {}\n",
            g.label().render(lang),
            g.tag("Event").unwrap_or_default()
        ));
        text.push_str(&pgn::score_sheet(g, a.notation.into()));
        if let Some(r) = &g.result {
            text.push_str(&format!("{r}\n"));
        }
    }
    emit(&text)?;
    partly(&a.file, &file)
}

fn convert(a: ConvertArgs) -> CliResult {
    let file = load_with(&a.file, a.read.options())?;
    let text = match a.to {
        TargetFormat::Pgn => pgn::write_pgn(&file.games, a.notation.into()),
        TargetFormat::Dhtmlxq => xiangqi::dhtmlxq::write_dhtmlxq(&file.games),
    };
    match a.output {
        Some(p) => crate::app::output::write_output(
            &p,
            text.as_bytes(),
            a.force,
            &crate::app::output::Protected {
                database: None,
                inputs: vec![a.file.clone()],
            },
        )?,
        None => emit(&text)?,
    }
    partly(&a.file, &file)
}
