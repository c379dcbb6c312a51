//! `qishe result pending|confirm|reject|pin`: the results players reported
//! from the served pages (`qishe serve`), which wait for the arbiter.

use super::{CliResult, Ctx};
use crate::app::EventResult;
use crate::app::{BoardNo, RoundNo};
use crate::i18n::msg;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum ReportCmd {
    Pending {
        event: String,
    },
    Confirm {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        #[arg(value_parser = super::board_no())]
        board: BoardNo,
        #[arg(long)]
        result: Option<String>,
    },
    Reject {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        #[arg(value_parser = super::board_no())]
        board: BoardNo,
    },
    Pin {
        event: String,
        pin: Option<String>,
    },
}

pub fn run(ctx: &Ctx, cmd: ReportCmd) -> CliResult {
    let mut app = ctx.open()?;
    let l = ctx.lang;
    match cmd {
        ReportCmd::Pending { event } => {
            let ev = app.find_event(&event)?;
            let pending = app.pending_reports(ev.key())?;
            if pending.is_empty() {
                say!("{}", msg!("cli.reports.none", event = &ev.name).render(l));
            }
            let name = |e: &Option<crate::domain::Entry>| {
                e.as_ref()
                    .map(|e| format!("{} {}", e.start_no, e.name))
                    .unwrap_or_default()
            };
            for p in pending {
                let reports: Vec<String> = p
                    .reports
                    .iter()
                    .map(|r| {
                        msg!(
                            "cli.reports.report",
                            result = &r.result,
                            source = &r.source,
                            at = r.at.replace('T', " ")
                        )
                        .render(l)
                    })
                    .collect();
                let key = match p.conflict() {
                    true => "cli.reports.board_conflict",
                    false => "cli.reports.board",
                };
                say!(
                    "{}",
                    msg!(
                        key,
                        round = p.round,
                        board = p.board,
                        red = name(&p.red),
                        black = name(&p.black),
                        reports = reports.join("; ")
                    )
                    .render(l)
                );
                if p.conflict() {
                    say!(
                        "{}",
                        msg!(
                            "cli.reports.conflict",
                            results = p.results().join(" / "),
                            event = &event,
                            round = p.round,
                            board = p.board
                        )
                        .render(l)
                    );
                }
            }
        }
        ReportCmd::Confirm {
            event,
            round,
            board,
            result,
        } => {
            let id = app.find_event(&event)?.key();
            let g = match app.confirm_report(id, round, board, result.as_deref())? {
                EventResult::Game(g) => g,
                EventResult::Knockout(r) => r.game.clone(),
            };
            let line = result_line(&app, id, (round, board), &g)?;
            say!("{}", line.render(l));
        }
        ReportCmd::Reject {
            event,
            round,
            board,
        } => {
            let id = app.find_event(&event)?.key();
            let n = app.reject_reports(id, round, board)?;
            say!(
                "{}",
                msg!("cli.reports.rejected", round, board, n).render(l)
            );
        }
        ReportCmd::Pin { event, pin } => {
            let ev = app.find_event(&event)?;
            app.set_entry_pin(ev.key(), pin.as_deref())?;
            let key = match pin.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
                Some(_) => "cli.reports.pin_set",
                None => "cli.reports.pin_cleared",
            };
            say!("{}", msg!(key, event = &ev.name).render(l));
        }
    }
    Ok(())
}

/// The line that confirms a stored result, naming the game's own red and
/// black: game 2 of a 分先 round or a knockout's game may be played the
/// other way round from the board, and `1-0` means that game's red won.
pub fn result_line(
    app: &crate::app::App,
    event: crate::app::EventId,
    (round, board): (RoundNo, BoardNo),
    g: &crate::domain::Game,
) -> Result<crate::i18n::Msg, super::CliError> {
    let (red, black) = app.game_players(event, g)?;
    Ok(crate::i18n::msg!(
        "cli.out.result",
        round = round,
        board = board,
        game = g.game_no,
        red,
        black,
        outcome = g.outcome.code()
    ))
}
