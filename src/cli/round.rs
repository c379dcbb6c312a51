//! `qishe round …`: pair, show, change and unpair rounds.

use super::output::{opt, Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::RoundNo;
use crate::app::{EventPairing, EventRound, PairOutcome};
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum RoundCmd {
    Pair {
        event: String,
        #[arg(long)]
        allow_clubmates: bool,
    },
    Show {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: Option<RoundNo>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Unpair {
        event: String,
        #[arg(long)]
        force: bool,
    },
    Swap {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        a: String,
        b: String,
        #[arg(long)]
        insist: bool,
    },
    Set {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        boards: Vec<String>,
        #[arg(long)]
        insist: bool,
    },
}

fn report(o: &PairOutcome, stored: bool, lang: crate::i18n::Lang) -> CliResult {
    for v in &o.violations {
        note!(
            "{}",
            crate::i18n::msg!("cli.out.warning", what = v.msg()).render(lang)
        );
    }
    for n in &o.pairing.notes {
        note!(
            "{}",
            crate::i18n::msg!("cli.out.note", what = n.render(lang)).render(lang)
        );
    }
    if !stored {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.rules_broken",
            round = o.round,
            count = o.violations.len()
        )));
    }
    Ok(())
}

pub fn run(ctx: &Ctx, cmd: RoundCmd) -> CliResult {
    let mut app = ctx.open()?;
    match cmd {
        RoundCmd::Pair {
            event,
            allow_clubmates,
        } => {
            // The app pairs by the event's kind; the CLI renders its answer.
            let id = app.find_event(&event)?.key();
            let l = ctx.lang;
            let paired = match app.event_pair_with(id, allow_clubmates) {
                Err(
                    e @ crate::app::AppError::Pairing(
                        crate::pairing::PairingError::NoLegalPairing { .. },
                    ),
                ) => {
                    // The way on: the arbiter sets the boards himself.
                    let next = app.rounds_paired(id)? + 1;
                    let mut hint =
                        crate::i18n::msg!("cli.hint.set_boards", event = &event, round = next);
                    // When the club rule is what blocks the round, the
                    // option that relaxes it for this round comes first.
                    if !allow_clubmates && app.club_rule_blocks(id)? {
                        hint = crate::i18n::msg!(
                            "cli.err.with_hint",
                            error = crate::i18n::msg!("cli.hint.allow_clubmates", event = &event),
                            hint
                        );
                    }
                    return Err(CliError::msg(crate::i18n::msg!(
                        "cli.err.with_hint",
                        error = e.msg(),
                        hint
                    )));
                }
                r => r?,
            };
            match paired {
                EventPairing::Knockout { round, matches } => {
                    super::knockout::print_pairing(round, &matches, l)
                }
                EventPairing::Team(o) => {
                    for n in &o.pairing.notes {
                        note!(
                            "{}",
                            crate::i18n::msg!("cli.out.note", what = n.render(l)).render(l)
                        );
                    }
                    let n = o.matches.len();
                    say!(
                        "{}",
                        crate::i18n::msg!("cli.out.round_matches", round = o.round, n).render(l)
                    );
                    for (i, (h, a)) in o.matches.iter().enumerate() {
                        match a {
                            Some(a) => say!("{}\t{h}\t{a}", i + 1),
                            None => say!("{}\t{h}\tBYE", i + 1),
                        }
                    }
                }
                EventPairing::Individual(o) => {
                    report(&o, true, l)?;
                    let n = o.pairing.boards.len() + o.pairing.bye.is_some() as usize;
                    let line = crate::i18n::msg!("cli.out.round_boards", round = o.round, n);
                    say!("{}", line.render(l));
                    print_round(&app, id, Some(o.round), Format::Text)?;
                }
            }
        }
        RoundCmd::Show {
            event,
            round,
            format,
        } if format == Format::Text => {
            // The round as its kind has it: an individual event's boards, a
            // team event's matches with their boards, a knockout's matches.
            // CSV and JSON keep the boards for every kind.
            let id = app.find_event(&event)?.key();
            match app.event_round(id, round)? {
                EventRound::Individual(v) => print_view(&v, format, app.lang()),
                EventRound::Team(v) => {
                    say_raw!("{}", super::team::round_table(&v, ctx.lang).render(format))
                }
                EventRound::Knockout { round, matches } => {
                    super::knockout::print_pairing(round, &matches, ctx.lang)
                }
            }
        }
        RoundCmd::Show {
            event,
            round,
            format,
        } => print_round(&app, app.find_event(&event)?.key(), round, format)?,
        RoundCmd::Unpair { event, force } => {
            let r = app.unpair_last(app.find_event(&event)?.key(), force)?;
            say!(
                "{}",
                crate::i18n::msg!("cli.out.round_removed", round = r).render(ctx.lang)
            );
        }
        RoundCmd::Swap {
            event,
            round,
            a,
            b,
            insist,
        } => {
            let event = app.find_event(&event)?.key();
            let a = app.find_entry(event, &a)?.key();
            let b = app.find_entry(event, &b)?.key();
            let o = app.swap_players(event, round, a, b, insist)?;
            report(&o, o.violations.is_empty() || insist, ctx.lang)?;
            print_round(&app, event, Some(round), Format::Text)?;
        }
        RoundCmd::Set {
            event,
            round,
            boards,
            insist,
        } => {
            let parsed = boards
                .iter()
                .map(|b| crate::app::parse_board(b))
                .collect::<Result<Vec<_>, _>>()?;
            let event = app.find_event(&event)?.key();
            let o = app.set_boards(event, round, &parsed, insist)?;
            report(&o, o.violations.is_empty() || insist, ctx.lang)?;
            print_round(&app, event, Some(round), Format::Text)?;
        }
    }
    Ok(())
}

fn print_round(
    app: &crate::app::App,
    event: crate::app::EventId,
    round: Option<RoundNo>,
    format: Format,
) -> CliResult {
    print_view(&app.round_view(event, round)?, format, app.lang());
    Ok(())
}

/// A round's boards (the individual view of any kind's round).
fn print_view(v: &crate::app::RoundView, format: Format, l: crate::i18n::Lang) {
    let h = |key: &str, en: &str| super::output::heading(l, key, en);
    let mut t = Table::new(&[
        ("board", h("rep.col.board", "board"), true),
        ("red_no", h("col.no", "no"), true),
        ("red", h("rep.col.red", "red"), false),
        ("black_no", h("col.no", "no"), true),
        ("black", h("rep.col.black", "black"), false),
        ("result", h("rep.col.result", "result"), false),
    ]);
    for b in &v.boards {
        t.push(vec![
            b.number.to_string(),
            b.red.start_no.to_string(),
            b.red.name.clone(),
            opt(&b.black.as_ref().map(|e| e.start_no)),
            b.black
                .as_ref()
                .map(|e| e.name.clone())
                .unwrap_or_else(|| match format {
                    Format::Text => crate::i18n::tr(l, "cl.bye").into(),
                    _ => "BYE".into(),
                }),
            b.results.join(" "),
        ]);
    }
    say_raw!("{}", t.render(format));
    if format == Format::Text {
        for (e, why) in &v.absent {
            say!("  #{} {}: {}", e.start_no, e.name, crate::i18n::tr(l, why));
        }
    }
}
