//! `qishe result …`, `qishe import games …` and `qishe standings …`.

use super::output::{Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::{parse_clock, ClockInput, EventImport, EventResult, EventStandings, ResultInput};
use crate::app::{BoardNo, RoundNo};
use crate::domain::{FirstStrike, Material, Outcome, PieceMoves, Termination};
use crate::i18n::tr;
use clap::Args;
use std::path::PathBuf;

// `qishe result EVENT ROUND BOARD OUTCOME [options]`, or the players'
// reports: `qishe result pending|confirm|reject|pin …`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ResultArgs {
    #[command(subcommand)]
    pub reports: Option<super::reports::ReportCmd>,
    #[arg(required = true)]
    pub event: Option<String>,
    #[arg(required = true, value_parser = super::round_no())]
    pub round: Option<RoundNo>,
    #[arg(required = true, value_parser = super::board_no())]
    pub board: Option<BoardNo>,
    #[arg(required = true, allow_hyphen_values = true)]
    pub outcome: Option<String>,
    #[arg(long, value_parser = super::typed::Halfwidth(clap::value_parser!(u32).range(1..)))]
    pub game: Option<u32>,
    #[arg(long = "match", value_name = "M", value_parser = super::typed::Halfwidth(clap::value_parser!(u32).range(1..)))]
    pub match_no: Option<u32>,
    #[arg(long, value_parser = super::typed::whole::<u32>())]
    pub moves: Option<u32>,
    #[arg(long, conflicts_with = "red_left")]
    pub red_used: Option<String>,
    #[arg(long)]
    pub red_left: Option<String>,
    #[arg(long, conflicts_with = "black_left")]
    pub black_used: Option<String>,
    #[arg(long)]
    pub black_left: Option<String>,
    #[arg(long)]
    pub termination: Option<String>,
    #[arg(long, value_parser = super::typed::whole::<u32>())]
    pub red_fouls: Option<u32>,
    #[arg(long, value_parser = super::typed::whole::<u32>())]
    pub black_fouls: Option<u32>,
    #[arg(long)]
    pub red_residual: Option<String>,
    #[arg(long)]
    pub black_residual: Option<String>,
    #[arg(long)]
    pub first_strike: Option<String>,
    #[arg(long)]
    pub red_pieces: Option<String>,
    #[arg(long)]
    pub black_pieces: Option<String>,
    #[arg(long, value_name = "FILE")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub record: Option<PathBuf>,
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub record_game: usize,
    #[arg(long)]
    pub record_wins: bool,
    #[arg(long)]
    pub force: bool,
}

/// Imports into an event (reached through `qishe import games`).
#[derive(Debug)]
pub enum ImportCmd {
    Games {
        event: String,
        file: PathBuf,
        record_wins: bool,
    },
}

// `qishe standings EVENT [--after-round N] [--format …] [--explain A B]`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    pub event: String,
    #[arg(long, value_parser = super::round_no())]
    pub after_round: Option<RoundNo>,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    #[arg(long, num_args = 1..=2, value_names = ["A", "B"])]
    pub explain: Option<Vec<String>>,
    #[arg(long)]
    pub boards: bool,
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "SCHEMES",
        conflicts_with = "explain"
    )]
    pub compare_schemes: Option<Vec<String>>,
}

fn bad(what: &str, v: &str, why: crate::i18n::Msg) -> CliError {
    CliError::usage(crate::i18n::msg!(
        "err.cli.bad_value",
        option = what,
        value = v,
        why
    ))
}

fn result_input(a: &ResultArgs) -> CliResult<ResultInput> {
    let outcome = a.outcome.as_deref().unwrap_or_default();
    let clock = |used: &Option<String>, left: &Option<String>| -> CliResult<Option<ClockInput>> {
        Ok(match (used, left) {
            (Some(u), _) => Some(ClockInput::Used(parse_clock(u)?)),
            (None, Some(l)) => Some(ClockInput::Left(parse_clock(l)?)),
            (None, None) => None,
        })
    };
    let material = |what: &str, v: &Option<String>| -> CliResult<Option<Material>> {
        v.as_deref()
            .map(|t| Material::parse(t).map_err(|e| bad(what, t, e.msg())))
            .transpose()
    };
    let pieces = |what: &str, v: &Option<String>| -> CliResult<Option<PieceMoves>> {
        v.as_deref()
            .map(|t| {
                PieceMoves::parse(t)
                    .ok_or_else(|| bad(what, t, crate::i18n::msg!("err.cli.not_piece_moves")))
            })
            .transpose()
    };
    Ok(ResultInput {
        outcome: Some(outcome.parse::<Outcome>().map_err(|_| {
            CliError::usage(crate::i18n::msg!("err.cli.not_a_result", value = outcome))
        })?),
        game_no: a.game,
        moves: a.moves,
        red_clock: clock(&a.red_used, &a.red_left)?,
        black_clock: clock(&a.black_used, &a.black_left)?,
        termination: a
            .termination
            .as_deref()
            .map(|t| {
                Termination::from_code(t).ok_or_else(|| {
                    bad(
                        "termination",
                        t,
                        crate::i18n::msg!("err.cli.not_one_of", allowed = Termination::codes()),
                    )
                })
            })
            .transpose()?,
        red_fouls: a.red_fouls,
        black_fouls: a.black_fouls,
        red_residual: material("red-residual", &a.red_residual)?,
        black_residual: material("black-residual", &a.black_residual)?,
        first_strike: a
            .first_strike
            .as_deref()
            .map(|t| {
                FirstStrike::parse(t).ok_or_else(|| {
                    bad(
                        "first-strike",
                        t,
                        crate::i18n::msg!("err.cli.not_first_strike"),
                    )
                })
            })
            .transpose()?,
        red_pieces: pieces("red-pieces", &a.red_pieces)?,
        black_pieces: pieces("black-pieces", &a.black_pieces)?,
        record: None,
    })
}

pub fn run_result(ctx: &Ctx, a: ResultArgs) -> CliResult {
    let mut a = a;
    if let Some(cmd) = a.reports.take() {
        return super::reports::run(ctx, cmd);
    }
    let input = result_input(&a)?;
    let mut app = ctx.open()?;
    // clap requires the positionals whenever no subcommand is given.
    let event = a.event.clone().unwrap_or_default();
    let round = a.round.unwrap_or(RoundNo(0));
    let mut board = a.board.unwrap_or(BoardNo(0));
    let id = app.find_event(&event)?.key();
    if let Some(m) = a.match_no {
        board = app.team_board_number(id, round, m, board)?;
    }
    // The app records by the event's kind; the CLI renders its answer.
    let (g, knockout) = match &a.record {
        None => match app.event_result(id, round, board, &input, a.force)? {
            EventResult::Game(g) => (g, None),
            EventResult::Knockout(r) => (r.game.clone(), Some(*r)),
        },
        Some(path) => {
            let bytes =
                crate::app::output::read_record_file(path, crate::app::output::RECORD_LIMIT)?;
            let name = path.display().to_string();
            let rec = crate::app::load_record(&bytes, &name, a.record_game.saturating_sub(1))?;
            let (g, overridden) =
                app.record_result_with_record(id, round, board, input, &rec, a.record_wins)?;
            for d in overridden {
                note!(
                    "{}",
                    crate::i18n::msg!("cli.out.record_wins", what = d).render(ctx.lang)
                );
            }
            (g, None)
        }
    };
    say!(
        "{}",
        super::reports::result_line(&app, id, (round, board), &g)?.render(ctx.lang)
    );
    if let Some(r) = knockout {
        super::knockout::print_result(&r, ctx.lang);
    } else if let Some(m) = app.result_note(id, round, board)? {
        note!(
            "{}",
            crate::i18n::msg!(
                "cli.note.result_lacks",
                why = m,
                event = &event,
                round,
                board
            )
            .render(ctx.lang)
        );
    }
    Ok(())
}

pub fn run_import(ctx: &Ctx, cmd: ImportCmd) -> CliResult {
    match cmd {
        ImportCmd::Games {
            event,
            file,
            record_wins,
        } => {
            let (bytes, name) = super::read_input(&file, crate::app::InputKind::Games)?;
            let mut app = ctx.open()?;
            let id = app.find_event(&event)?.key();
            let dir = file.parent().map(|p| p.to_path_buf());
            // The app imports by the event's kind; the CLI renders its answer.
            let line =
                match app.event_import_games(id, &bytes, &name, dir.as_deref(), record_wins)? {
                    EventImport::Knockout { games } => {
                        crate::i18n::msg!("cli.out.imported_games", n = games)
                    }
                    EventImport::Team(r) => {
                        crate::i18n::msg!("cli.out.imported_rounds", n = r.games, rounds = r.rounds)
                    }
                    EventImport::Individual(r) => crate::i18n::msg!(
                        "cli.out.games_imported",
                        n = r.games,
                        rounds = r.rounds,
                        members = r.new_members.len(),
                        entered = r.new_members.len() + r.new_entries.len()
                    ),
                };
            say!("{}", line.render(ctx.lang));
            Ok(())
        }
    }
}

pub fn run_standings(ctx: &Ctx, a: StandingsArgs) -> CliResult {
    if let Some(list) = &a.compare_schemes {
        return super::history::run_compare(ctx, &a.event, list, a.format);
    }
    let app = ctx.open()?;
    // The app answers for the event's kind; the CLI only renders it.
    let id = app.find_event(&a.event)?.key();
    let st = match app.event_standings(id, a.after_round)? {
        EventStandings::Knockout(k) => {
            return super::knockout::print_standings(ctx.lang, &k, a.format)
        }
        EventStandings::Team(t) => return run_team_standings(&app, &a, t),
        EventStandings::Individual(st) => st,
    };
    if let Some([one]) = a.explain.as_deref() {
        let who = app.find_ranked_player(id, one)?;
        let (_, b) = app.explain_player(id, a.after_round, who)?;
        say_raw!("{}", crate::report::breakdown_text(ctx.lang, &b));
        return Ok(());
    }
    if let Some(pair) = &a.explain {
        let who = |k: &str| {
            let k = k.trim();
            let key = k.strip_prefix('#').unwrap_or(k);
            st.find(key).map(|r| r.player.id)
        };
        let (x, y) = (who(&pair[0])?, who(&pair[1])?);
        let ex = st.explain(x, y)?;
        say!("{}", ex.msg().render(ctx.lang));
        return Ok(());
    }
    let l = ctx.lang;
    let h = |key: &str, en: &str| super::output::heading(l, key, en);
    let mut cols: Vec<(&'static str, String, bool)> = vec![
        ("rank", h("rep.col.rank", "rank"), true),
        ("name", tr(l, "col.name").into(), false),
        ("points", h("rep.col.points", "points"), true),
    ];
    for t in &st.tiebreaks {
        let head = match l {
            crate::i18n::Lang::En => t.code().to_string(),
            _ => t.name(l, false),
        };
        cols.push((t.code(), head, true));
    }
    let mut table = Table::new(&cols);
    for r in &st.rows {
        let rank = if a.format == Format::Text && r.shared {
            format!("{}=", r.rank)
        } else {
            r.rank.to_string()
        };
        let mut row = vec![rank, r.player.name.clone(), r.points.to_string()];
        row.extend(r.values.iter().map(|(_, v)| v.to_string()));
        table.push(row);
    }
    if a.format == Format::Text {
        match st.in_progress {
            Some(n) => say!(
                "{} · {}",
                crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(
                    st.after_round
                ))
                .render(l),
                crate::i18n::msg!("rep.in_progress", n).render(l)
            ),
            None => say!(
                "{}",
                crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(
                    st.after_round
                ))
                .render(l)
            ),
        }
    }
    say_raw!("{}", table.render(a.format));
    Ok(())
}

/// `qishe standings` for a team event: the team standings, `--boards` the
/// board prizes, `--explain A B` for two teams.
fn run_team_standings(
    app: &crate::app::App,
    a: &StandingsArgs,
    st: crate::scoring::team::TeamStandings,
) -> CliResult {
    let lang = app.lang();
    if a.boards {
        let rows = app.team_board_prizes(app.find_event(&a.event)?.key(), a.after_round)?;
        say_raw!(
            "{}",
            super::team::board_prizes_table(&rows, a.format, lang).render(a.format)
        );
        return Ok(());
    }
    if let Some(pair) = &a.explain {
        let ex = st.explain(&pair[0], &pair[1])?;
        let show = |v: &crate::scoring::team::TeamValue| {
            if v.0.is_empty() {
                "-".to_string()
            } else {
                v.0.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("/")
            }
        };
        // A criterion by its code in English, by its name in Chinese.
        let name = |code: &str| match code {
            "match-points" => super::output::heading(lang, "rep.team.match_points", code),
            _ => super::output::heading(lang, &format!("tb.team.{code}"), code),
        };
        let versus = crate::i18n::msg!("cl.versus", a = &ex.a.team.name, b = &ex.b.team.name);
        say!("{}", versus.render(lang));
        for (code, x, y) in &ex.steps {
            let step = crate::i18n::msg!("cl.step", name = name(code), a = show(x), b = show(y));
            say!("{}", step.render(lang));
        }
        match &ex.decided_by {
            Some(c) => say!(
                "{}",
                crate::i18n::msg!("cli.out.decided_by", code = name(c)).render(lang)
            ),
            None => say!("{}", tr(lang, "cli.out.tied_all")),
        }
        return Ok(());
    }
    if a.format == Format::Text {
        let after =
            crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(st.after_round))
                .render(lang);
        match st.in_progress {
            Some(n) => say!(
                "{after} · {}",
                crate::i18n::msg!("rep.in_progress", n).render(lang)
            ),
            None => say!("{after}"),
        }
    }
    say_raw!(
        "{}",
        super::team::standings_table(&st, a.format, lang).render(a.format)
    );
    Ok(())
}
