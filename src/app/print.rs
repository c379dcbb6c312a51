//! Printing: gathers an event's data for the `report` layer's documents,
//! and hands rendered text to the system's printer (`lp`, else `lpr`).
//! The CLI's `qishe print` and the TUI's Print tab both call this.

use super::{App, AppError, Result};
use crate::domain::{Entry, Event, PairingSystem, Points};
use crate::i18n::Lang;
use crate::report::{
    self, AbsentReason, BoardLine, CheckinData, CrosstableData, Doc, EventInfo, PairingSheetData,
    PlayerLine, SlipsData, StandingsData,
};
use crate::scoring;
use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// The printable documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DocKind {
    /// 对阵表, by board and by name.
    Pairings,
    /// 记分单, one per board.
    Slips,
    /// 名次表.
    Standings,
    /// 交叉表.
    Crosstable,
    /// 循环赛总表 (round-robin events only).
    Wallchart,
    /// 签到表.
    Checkin,
}

impl DocKind {
    pub const ALL: [DocKind; 6] = [
        DocKind::Pairings,
        DocKind::Slips,
        DocKind::Standings,
        DocKind::Crosstable,
        DocKind::Wallchart,
        DocKind::Checkin,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DocKind::Pairings => "pairings",
            DocKind::Slips => "slips",
            DocKind::Standings => "standings",
            DocKind::Crosstable => "crosstable",
            DocKind::Wallchart => "wallchart",
            DocKind::Checkin => "checkin",
        }
    }
}

/// Result slips to an A4 page.
pub const SLIPS_PER_PAGE: usize = 4;

fn event_info(ev: &Event) -> EventInfo {
    EventInfo {
        name: ev.name.clone(),
        date: ev.start_date,
        time_control: Some(ev.settings.time_control.to_string()),
    }
}

fn line(e: &Entry, points: Option<Points>) -> PlayerLine {
    PlayerLine {
        start_no: e.start_no,
        name: e.name.clone(),
        club: e.club.clone(),
        rating: e.rating,
        points,
    }
}

fn reason(why: &str) -> AbsentReason {
    match why {
        "requested bye" => AbsentReason::RequestedBye,
        "late entry" => AbsentReason::LateEntry,
        "withdrawn" => AbsentReason::Withdrawn,
        _ => AbsentReason::Absent,
    }
}

impl App {
    /// Builds a document of `event_key` in `lang`. `round`: the round of a
    /// pairing sheet or slips (default: the last paired), or the round the
    /// standings, crosstable and wall chart are after (default: the last).
    pub fn print_doc(
        &self,
        event_key: &str,
        kind: DocKind,
        round: Option<u32>,
        lang: Lang,
    ) -> Result<Doc> {
        let ev = self.store.resolve_event(event_key)?;
        let info = event_info(&ev);
        match kind {
            DocKind::Pairings | DocKind::Slips => {
                let view = self.round_view(event_key, round)?;
                // Points before the round.
                let data = self.event_data(&ev)?;
                let scheme = self.scheme(&ev)?;
                let before = scoring::standings(&data, &scheme, &[], Some(view.number - 1))?;
                let pts: HashMap<i64, Points> = before
                    .rows
                    .iter()
                    .map(|r| (r.player.id, r.points))
                    .collect();
                let pl = |e: &Entry| line(e, Some(pts.get(&e.id).copied().unwrap_or_default()));
                let boards: Vec<BoardLine> = view
                    .boards
                    .iter()
                    .map(|b| BoardLine {
                        number: b.number,
                        red: pl(&b.red),
                        black: b.black.as_ref().map(pl),
                    })
                    .collect();
                Ok(if kind == DocKind::Pairings {
                    report::pairing_sheet(
                        &PairingSheetData {
                            event: info,
                            round: view.number,
                            boards,
                            absent: view
                                .absent
                                .iter()
                                .map(|(e, why)| (pl(e), reason(why)))
                                .collect(),
                        },
                        lang,
                    )
                } else {
                    report::result_slips(
                        &SlipsData {
                            event: info,
                            round: view.number,
                            boards,
                            per_page: SLIPS_PER_PAGE,
                        },
                        lang,
                    )
                })
            }
            DocKind::Standings => {
                let (_, st) = self.standings(event_key, round)?;
                let entries = self.entries_by_id(&ev)?;
                Ok(report::standings(
                    &StandingsData {
                        event: info,
                        after_round: st.after_round,
                        tiebreaks: st.tiebreaks.clone(),
                        rows: st
                            .rows
                            .iter()
                            .map(|r| report::StandingLine {
                                rank: r.rank,
                                shared: r.shared,
                                player: entries
                                    .get(&r.player.id)
                                    .map(|e| line(e, Some(r.points)))
                                    .unwrap_or_else(|| PlayerLine {
                                        start_no: r.player.start_no,
                                        name: r.player.name.clone(),
                                        points: Some(r.points),
                                        ..Default::default()
                                    }),
                                values: r.values.iter().map(|v| v.1).collect(),
                            })
                            .collect(),
                    },
                    lang,
                ))
            }
            DocKind::Crosstable | DocKind::Wallchart => {
                if kind == DocKind::Wallchart && ev.settings.system != PairingSystem::Berger {
                    return Err(AppError::Invalid(format!(
                        "{} is a Swiss event ({}); the wall chart is for round-robins: print the crosstable instead",
                        ev.name,
                        ev.settings.system.code()
                    )));
                }
                let (_, st) = self.standings(event_key, round)?;
                let data = self.event_data(&ev)?;
                let scheme = self.scheme(&ev)?;
                let ct = scoring::crosstable(&data, &scheme, Some(st.after_round))?;
                let entries = self.entries_by_id(&ev)?;
                let rows = ct
                    .rows
                    .iter()
                    .filter_map(|r| {
                        let e = entries.get(&r.player.id)?;
                        let rank = st.row(r.player.id).map(|s| (s.rank, s.shared));
                        Some(report::CrossLine {
                            player: line(e, Some(r.points)),
                            rank,
                            cells: r.cells.clone(),
                        })
                    })
                    .collect();
                let d = CrosstableData {
                    event: info,
                    after_round: ct.rounds,
                    rows,
                };
                Ok(if kind == DocKind::Crosstable {
                    report::crosstable(&d, lang)
                } else {
                    report::wall_chart(&d, lang)
                })
            }
            DocKind::Checkin => {
                let players = self
                    .store
                    .entries(ev.id)?
                    .iter()
                    .map(|e| line(e, None))
                    .collect();
                Ok(report::checkin_sheet(
                    &CheckinData {
                        event: info,
                        players,
                    },
                    lang,
                ))
            }
        }
    }

    fn entries_by_id(&self, ev: &Event) -> Result<HashMap<i64, Entry>> {
        Ok(self
            .store
            .entries(ev.id)?
            .into_iter()
            .map(|e| (e.id, e))
            .collect())
    }
}

/// Sends `text` to a printer through `lp` (or `lpr` where there is no
/// `lp`); `printer` names a queue, else the system default. Returns what
/// the print system said (the job id).
pub fn send_to_printer(text: &str, printer: Option<&str>) -> Result<String> {
    let candidates: [(&str, &str); 2] = [("lp", "-d"), ("lpr", "-P")];
    for (prog, flag) in candidates {
        let mut cmd = Command::new(prog);
        if let Some(p) = printer {
            cmd.arg(flag).arg(p);
        }
        let child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(AppError::Invalid(format!("cannot run {prog}: {e}"))),
        };
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(text.as_bytes())
                .map_err(|e| AppError::Invalid(format!("cannot send to {prog}: {e}")))?;
        }
        let out = child
            .wait_with_output()
            .map_err(|e| AppError::Invalid(format!("{prog} failed: {e}")))?;
        if !out.status.success() {
            return Err(AppError::Invalid(format!(
                "{prog} refused the job: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        return Ok(String::from_utf8_lossy(&out.stdout).trim().to_string());
    }
    Err(AppError::Invalid(
        "no print command found (neither lp nor lpr): install CUPS (e.g. `apt-get install cups-client`), or write the document to a file with -o and print it from another program".into(),
    ))
}
