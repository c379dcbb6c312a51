//! Knockout events on the command line: `event new --system knockout`,
//! `round pair`, `result … --game N`, `knockout lot`, `import games`,
//! `bracket` and `standings` for knockouts (`specs/knockout.md`).

use super::output::{Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::{App, BracketView, EventId, KnockoutResult, MatchView};
use crate::app::{BoardNo, RoundNo};
use crate::i18n::Lang;
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum KnockoutCmd {
    Lot {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        #[arg(value_parser = super::board_no())]
        board: BoardNo,
        winner: String,
    },
    Place {
        event: String,
        slots: Vec<String>,
    },
    Slips {
        event: String,
        #[arg(long, value_enum, default_value_t)]
        format: ChartFormat,
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
}

/// How to write the bracket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ChartFormat {
    #[default]
    Text,
    Json,
    Html,
}

// `qishe bracket EVENT --format text|json|html`.
#[derive(Debug, clap::Args)]
pub struct BracketArgs {
    pub event: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: ChartFormat,
    #[arg(short, long)]
    #[arg(value_parser = crate::cli::path_arg())]
    pub output: Option<PathBuf>,
    #[arg(long)]
    pub force: bool,
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

/// The language asked for, else the club's for the event.
fn doc_lang(app: &App, event: EventId, asked: Option<&str>) -> CliResult<Lang> {
    match asked {
        Some(code) => Lang::from_code(code)
            .ok_or_else(|| CliError::msg(crate::i18n::msg!("err.cli.unknown_lang", value = code))),
        None => Ok(app.document_lang(event)?),
    }
}

fn match_line(m: &MatchView, lang: Lang) -> String {
    use crate::i18n::msg;
    let b = m.b.as_ref().map(|b| b.name.as_str()).unwrap_or("—");
    let red = if m.b.is_none() {
        String::new()
    } else if m.first_red == m.a.id {
        format!("  {}", msg!("cl.ko.red", name = &m.a.name).render(lang))
    } else {
        format!("  {}", msg!("cl.ko.red", name = b).render(lang))
    };
    let state = match (&m.winner, m.decided_by) {
        (Some(w), Some(by)) => {
            // The match in games, as the bracket shows it (`1–0`,
            // `½–½, 加赛 2–0`, `轮空`); alone after round 1: a walkover.
            let by = match (&m.b, by) {
                (None, "forfeit") => crate::i18n::tr(lang, "kp.walkover").to_string(),
                _ => crate::report::bracket::match_words(lang, m.score.as_ref(), Some(by)),
            };
            msg!("cl.ko.winner", name = &w.name, by).render(lang)
        }
        // Decided without a winner: both forfeited.
        (None, Some(_)) => crate::i18n::tr(lang, "kp.both_out").to_string(),
        _ => m.next.as_ref().map(|n| n.text(lang)).unwrap_or_default(),
    };
    let tp = if m.third_place {
        format!(" {}", crate::i18n::tr(lang, "cl.ko.third_place"))
    } else {
        String::new()
    };
    format!("  {:>2}  {} – {}{red}{tp}  {state}", m.board, m.a.name, b)
}

/// A knockout's round just paired (`round pair`).
pub fn print_pairing(round: RoundNo, ms: &[MatchView], lang: Lang) {
    let line = crate::i18n::msg!("cli.out.round_matches", round, n = ms.len());
    say!("{}", line.render(lang));
    // A place of the round with nobody to play (both matches before it
    // forfeited by both) has no match: said on its own line.
    let mut place = 1;
    for m in ms {
        if !m.third_place {
            for p in place..m.board.get() {
                say!("  {p:>2}  {}", crate::i18n::tr(lang, "kp.nobody"));
            }
            place = m.board.get() + 1;
        }
        say!("{}", match_line(m, lang));
    }
}

/// What a knockout game's `result` changed: its match as it now stands and
/// the later matches re-paired (after the result line).
pub fn print_result(r: &KnockoutResult, lang: Lang) {
    say!("{}", match_line(&r.view, lang));
    for (rd, bd) in &r.repaired {
        say!(
            "{}",
            crate::i18n::msg!("cli.out.repaired", round = rd, board = bd).render(lang)
        );
    }
}

/// `standings` for a knockout: rank, name, the round lost in.
pub fn print_standings(
    lang: crate::i18n::Lang,
    st: &crate::app::KnockoutStandings,
    format: Format,
) -> CliResult {
    let rows = st.rows.clone();
    let h = |key: &str, en: &str| super::output::heading(lang, key, en);
    let mut t = Table::new(&[
        ("rank", h("rep.col.rank", "rank"), true),
        ("name", h("col.name", "name"), false),
        (
            "lost-in-round",
            h("rep.ko.lost_in_round", "lost-in-round"),
            true,
        ),
    ]);
    let still_in = rows.iter().filter(|r| r.lost_in_round.is_none()).count();
    for r in rows {
        // The text shows the places the players still in share (`1–4`);
        // CSV and JSON keep the rank.
        let rank = match format {
            Format::Text => {
                crate::report::bracket::shown_rank(&r.rank, r.lost_in_round, still_in, st.decided)
            }
            _ => r.rank.clone(),
        };
        t.push(vec![
            rank,
            r.entry.name,
            // The text names the round (决赛, 半决赛, …); CSV and JSON
            // keep its number.
            // A player not out: the champion, or still in.
            match (r.lost_in_round, format) {
                (Some(x), Format::Text) => {
                    crate::app::knockout_round_name(lang, RoundNo(x), st.rounds)
                }
                (Some(x), _) => x.to_string(),
                (None, Format::Text) => {
                    crate::i18n::tr(lang, crate::report::bracket::not_out_key(st.decided))
                        .to_string()
                }
                (None, _) => String::new(),
            },
        ]);
    }
    say_raw!("{}", t.render(format));
    Ok(())
}

/// The bracket as the spec's JSON. A place of a paired round with nobody
/// to play (both matches before it forfeited by both) is an explicit
/// empty slot, `"empty": "both-forfeited"`, as the text and HTML bracket
/// say `kp.nobody` there.
pub fn bracket_json(b: &BracketView) -> serde_json::Value {
    use serde_json::json;
    let rounds = b.rounds.iter().enumerate().map(|(i, r)| {
        // The places of round i + 1: half of those before it.
        let places = b
            .total_rounds
            .checked_sub(i as u32 + 1)
            .and_then(|k| 1u32.checked_shl(k))
            .unwrap_or(0);
        let mut matches = Vec::new();
        let mut place = 1;
        let empty_to = |matches: &mut Vec<serde_json::Value>, to: u32, place: &mut u32| {
            while *place < to {
                matches.push(json!({
                    "board": *place,
                    "a": null,
                    "b": null,
                    "winner": null,
                    "decided_by": null,
                    "empty": "both-forfeited",
                }));
                *place += 1;
            }
        };
        for m in r {
            if !m.third_place {
                empty_to(&mut matches, m.board.get(), &mut place);
                place = m.board.get() + 1;
            }
            // The third-place match follows the final as board 2.
            matches.push(json!({
                "board": m.board,
                "a": m.a.name,
                "b": m.b.as_ref().map(|b| b.name.clone()),
                "winner": m.winner.as_ref().map(|w| w.name.clone()),
                "decided_by": m.decided_by,
            }));
        }
        empty_to(&mut matches, places + 1, &mut place);
        json!({ "round": i + 1, "matches": matches })
    });
    json!({
        "rounds": rounds.collect::<Vec<_>>(),
        "champion": b.champion.as_ref().map(|c| c.name.clone()),
    })
}

pub fn run_bracket(ctx: &Ctx, a: BracketArgs) -> CliResult {
    use crate::app::print::DocKind;
    let app = ctx.open()?;
    let event = app.find_event(&a.event)?.key();
    let out = match a.format {
        ChartFormat::Json => format!("{}\n", bracket_json(&app.bracket(event)?)),
        ChartFormat::Text | ChartFormat::Html => {
            let lang = doc_lang(&app, event, a.lang.as_deref())?;
            let doc = app.print_doc(event, DocKind::Bracket, None, lang)?;
            render(&doc, a.format)
        }
    };
    match a.output {
        Some(p) => app.write_output(&p, out.as_bytes(), a.force, &[])?,
        None => say_raw!("{out}"),
    }
    Ok(())
}

fn render(doc: &crate::report::Doc, format: ChartFormat) -> String {
    match format {
        ChartFormat::Html => crate::report::render_html(doc),
        _ => crate::report::render_text(doc, crate::report::DEFAULT_LINES_PER_PAGE),
    }
}

/// The games due, for programs: round, board, game, red, black, step
/// (`null` for a regular game) and time control.
fn slips_json(b: &BracketView) -> serde_json::Value {
    use crate::app::NextStep;
    use serde_json::json;
    let due: Vec<serde_json::Value> = b
        .rounds
        .iter()
        .flatten()
        .filter_map(|m| match &m.next {
            Some(NextStep::Game {
                game_no,
                red,
                black,
                step,
                time,
                ..
            }) => Some(json!({
                "round": m.round,
                "board": m.board,
                "game": game_no,
                "red": red,
                "black": black,
                "step": step,
                "time": time,
            })),
            _ => None,
        })
        .collect();
    json!(due)
}

pub fn run(ctx: &Ctx, cmd: KnockoutCmd) -> CliResult {
    let mut app = ctx.open()?;
    match cmd {
        KnockoutCmd::Lot {
            event,
            round,
            board,
            winner,
        } => {
            let event = app.find_event(&event)?.key();
            // The act's state before the name typed: a lot that is not
            // due is said before a typo in the winner's name.
            app.check_knockout_lot(event, round, board)?;
            let winner = app.find_entry(event, &winner)?.key();
            let m = app.knockout_lot(event, round, board, winner)?;
            say!("{}", match_line(&m, ctx.lang));
        }
        KnockoutCmd::Place { event, slots } => {
            let event = app.find_event(&event)?.key();
            app.check_knockout_place(event)?;
            let placed = app.find_slots(event, &slots)?;
            app.knockout_place(event, &placed)?;
            let line = crate::i18n::msg!("cli.out.slots_placed", n = slots.len());
            say!("{}", line.render(ctx.lang));
        }
        KnockoutCmd::Slips {
            event,
            format,
            lang,
        } => {
            let event = app.find_event(&event)?.key();
            let out = match format {
                ChartFormat::Json => format!("{}\n", slips_json(&app.bracket(event)?)),
                _ => {
                    let lang = doc_lang(&app, event, lang.as_deref())?;
                    let kind = crate::app::print::DocKind::Slips;
                    render(&app.print_doc(event, kind, None, lang)?, format)
                }
            };
            say_raw!("{out}");
        }
    }
    Ok(())
}
