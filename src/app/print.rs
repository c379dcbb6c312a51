//! Printing: gathers an event's data for the `report` layer's documents,
//! and hands rendered text to the system's printer (`lp`, else `lpr`).
//! The CLI's `qishe print` and the TUI's Print tab both call this.

use super::{App, Result};
use crate::app::EventId;
use crate::domain::AfterRound;
use crate::domain::RoundNo;
use crate::domain::{Entry, Event, EventKind, NameOrder, PairingSystem, Points};
use crate::i18n::Lang;
use crate::report::{
    self, AbsentReason, BoardLine, CheckinData, CrosstableData, Doc, EventInfo, PairingSheetData,
    PlayerLine, SlipsData, StandingsData,
};
use crate::scoring;
use std::collections::HashMap;

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
    /// 年度积分榜: a season's table (the key names a season, not an
    /// event; not among an event's documents, [`DocKind::ALL`]).
    Season,
    /// 对阵图 (knockouts only).
    Bracket,
    /// 奖金分配表: who gets which prize, with signatures.
    Prizes,
    /// 获奖证书: a landscape page per prize given.
    Certificates,
    /// 秩序册: the programme book before round 1.
    Programme,
    /// 成绩册: the results book after the last round.
    ResultsBook,
    /// 台签: a folded card per board (with a round) or per player.
    TableCards,
    /// 记录纸: a move-recording sheet per game of a round.
    ScoreSheets,
}

impl DocKind {
    pub const ALL: [DocKind; 13] = [
        DocKind::Pairings,
        DocKind::Slips,
        DocKind::Standings,
        DocKind::Crosstable,
        DocKind::Wallchart,
        DocKind::Checkin,
        DocKind::Prizes,
        DocKind::Certificates,
        DocKind::Programme,
        DocKind::ResultsBook,
        DocKind::TableCards,
        DocKind::ScoreSheets,
        DocKind::Bracket,
    ];

    /// Whether an event of `kind`, paired by `system`, prints this
    /// document: the bracket is a knockout's, the wall chart a round
    /// robin's, the prize sheet and certificates an individual event's
    /// (a team event's prizes are its board prizes, on its standings).
    pub fn offered(self, kind: EventKind, system: PairingSystem) -> bool {
        match self {
            DocKind::Bracket => kind == EventKind::Knockout,
            DocKind::Wallchart => kind != EventKind::Knockout && system == PairingSystem::Berger,
            DocKind::Prizes | DocKind::Certificates => kind == EventKind::Individual,
            DocKind::Season => false,
            _ => true,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            DocKind::Pairings => "pairings",
            DocKind::Slips => "slips",
            DocKind::Standings => "standings",
            DocKind::Crosstable => "crosstable",
            DocKind::Wallchart => "wallchart",
            DocKind::Checkin => "checkin",
            DocKind::Prizes => "prizes",
            DocKind::Certificates => "certificates",
            DocKind::Programme => "programme",
            DocKind::ResultsBook => "results-book",
            DocKind::TableCards => "table-cards",
            DocKind::ScoreSheets => "score-sheets",
            DocKind::Season => "season",
            DocKind::Bracket => "bracket",
        }
    }
}

/// Why an event of `event_kind` does not print `doc`: the event, what
/// it is, the document's code and the kinds of event that print it.
fn not_offered(ev: &Event, event_kind: EventKind, doc: DocKind) -> super::AppError {
    use crate::i18n::{msg, Msg};
    // The prize sheet and certificates say where a knockout's places and
    // a team event's board prizes are printed instead.
    match (doc, event_kind) {
        (DocKind::Prizes | DocKind::Certificates, EventKind::Knockout) => {
            return super::invalid!("err.prizes.knockout", event = &ev.name);
        }
        (DocKind::Prizes | DocKind::Certificates, EventKind::Team) => {
            return super::invalid!("err.prizes.team_event", event = &ev.name);
        }
        _ => {}
    }
    let system = ev.settings.system.code();
    let what = match event_kind {
        EventKind::Knockout => Msg::new("print.kind.knockout"),
        EventKind::Team => msg!("print.kind.team", system),
        EventKind::Individual if ev.settings.system == PairingSystem::Berger => {
            Msg::new("print.kind.round_robin")
        }
        EventKind::Individual => msg!("print.kind.swiss", system),
    };
    let offered = Msg::new(match doc {
        DocKind::Bracket => "print.offered.bracket",
        // A knockout's own chart is its bracket, not the crosstable.
        DocKind::Wallchart if event_kind == EventKind::Knockout => {
            "print.offered.wallchart_knockout"
        }
        DocKind::Wallchart => "print.offered.wallchart",
        _ => "print.offered.season",
    });
    super::invalid!(
        "err.print.not_offered",
        event = &ev.name,
        kind = what,
        code = doc.code(),
        offered
    )
}

/// Result slips to an A4 page.
pub const SLIPS_PER_PAGE: usize = 4;

pub(super) fn event_info(ev: &Event, name_order: NameOrder) -> EventInfo {
    EventInfo {
        name: ev.name.clone(),
        date: ev.start_date,
        time_control: Some(ev.settings.time_control.to_string()),
        rounds: Some(ev.settings.rounds),
        games_per_round: ev.settings.games_per_round,
        round_start: None,
        name_order,
        round_robin: ev.settings.system == PairingSystem::Berger,
    }
}

fn line(e: &Entry, points: Option<Points>) -> PlayerLine {
    PlayerLine {
        start_no: e.start_no,
        name: e.name.clone(),
        club: e.club.clone(),
        rating: e.rating,
        points,
        virtual_points: None,
    }
}

/// The round view's reason (an i18n key, `rep.reason.*`) as the report's.
fn reason(why: &str) -> AbsentReason {
    match why {
        "rep.reason.requested_bye" => AbsentReason::RequestedBye,
        "rep.reason.late_entry" => AbsentReason::LateEntry,
        "rep.reason.withdrawn" => AbsentReason::Withdrawn,
        _ => AbsentReason::Absent,
    }
}

/// Whether `s` is written in Chinese characters.
fn han(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

impl App {
    /// The language of an event's documents when none is asked for: the
    /// config's `language`, else the locale's when it names one, else the
    /// club's own: Chinese when the event's name or most of its players'
    /// names are written in Chinese characters, English otherwise.
    pub fn document_lang(&self, event: EventId) -> Result<Lang> {
        if let Some(l) = self.config.language.or_else(Lang::from_env_named) {
            return Ok(l);
        }
        let ev = self.event(event)?;
        let entries = self.store.entries(ev.id)?;
        let chinese = entries.iter().filter(|e| han(&e.name)).count();
        Ok(
            match han(&ev.name) || (chinese > 0 && 2 * chinese >= entries.len()) {
                true => Lang::ZhHans,
                false => Lang::En,
            },
        )
    }

    /// The language of a season's documents (`print season`) when none is
    /// asked for: the config's or the locale's, else Chinese when the
    /// season's name or one of its events' names is.
    pub fn season_lang(&self, season: crate::domain::SeasonId) -> Result<Lang> {
        if let Some(l) = self.config.language.or_else(Lang::from_env_named) {
            return Ok(l);
        }
        let s = self.season(season)?;
        let chinese = han(&s.name) || s.events.iter().any(|e| han(&e.name));
        Ok(if chinese { Lang::ZhHans } else { Lang::En })
    }

    /// A season's standings as a document (`print season`).
    pub fn print_season_doc(&self, season: crate::domain::SeasonId, lang: Lang) -> Result<Doc> {
        let t = self.season_standings(season)?;
        Ok(self.season_doc(&t, lang))
    }

    /// Builds a document of `event_key` in `lang`. `round`: the round of a
    /// pairing sheet or slips (default: the last paired), or the round the
    /// standings, crosstable and wall chart are after (default: the last).
    pub fn print_doc(
        &self,
        event_key: EventId,
        kind: DocKind,
        round: Option<RoundNo>,
        lang: Lang,
    ) -> Result<Doc> {
        self.print_doc_with(event_key, kind, round, lang, DocOptions::default())
    }

    /// [`Self::print_doc`] with the wide extras chosen; stamped with the
    /// event's imprint (the club, organiser, venue, arbiters, print date).
    pub fn print_doc_with(
        &self,
        event_key: EventId,
        kind: DocKind,
        round: Option<RoundNo>,
        lang: Lang,
        opts: DocOptions,
    ) -> Result<Doc> {
        if kind == DocKind::Season {
            // A season is no event: its document comes from print_season_doc.
            let ev = self.event(event_key)?;
            return Err(super::invalid!(
                "err.app.season_doc_of_event",
                event = &ev.name
            ));
        }
        // At the door: a document the event's kind does not print is
        // refused here, whichever front end asked (CLI, TUI, site, serve).
        let ev = self.event(event_key)?;
        let event_kind = self.kind_of(&ev)?;
        if !kind.offered(event_kind, ev.settings.system) {
            return Err(not_offered(&ev, event_kind, kind));
        }
        let mut doc = self.build_doc(event_key, kind, round, lang, opts)?;
        self.stamp(event_key, &mut doc)?;
        // Where the club's pages are served: the round's page as a QR code.
        if let (DocKind::Pairings, Some(base)) = (kind, self.config.serve_url.as_deref()) {
            let ev = self.event(event_key)?;
            let r = match round {
                Some(r) => r.get(),
                None => self.store.rounds_paired(ev.id)?,
            };
            let url = format!("{base}/e/{}/{}/round-{r}.html", ev.id, lang.code());
            let caption = crate::i18n::tr(lang, "serve.qr_caption");
            if let Some(q) = crate::report::QrPart::new(caption, &url) {
                doc.parts.push(crate::report::Part::Qr(q));
            }
        }
        Ok(doc)
    }

    fn build_doc(
        &self,
        event_key: EventId,
        kind: DocKind,
        round: Option<RoundNo>,
        lang: Lang,
        opts: DocOptions,
    ) -> Result<Doc> {
        let ev = self.event(event_key)?;
        let info = event_info(&ev, opts.name_order.unwrap_or(self.config.name_order));
        match kind {
            DocKind::Prizes => return self.prize_sheet(event_key, lang, info),
            DocKind::Certificates => return self.certificates_doc(event_key, lang, info),
            DocKind::Programme => return self.programme_doc(event_key, lang, info),
            DocKind::ResultsBook => return self.results_book_doc(event_key, lang, info),
            DocKind::TableCards => return self.table_cards_doc(event_key, round, lang),
            DocKind::ScoreSheets => return self.score_sheets_doc(event_key, round, lang),
            _ => {}
        }
        let knockout = self.knockout_settings(&ev)?.is_some();
        if kind == DocKind::Bracket && !knockout {
            return Err(super::invalid!("err.ko.not_knockout", event = &ev.name));
        }
        // Team events print their own documents.
        if self.team_settings_of(&ev)?.is_some() {
            return self.print_team_doc(event_key, kind, round, lang, info);
        }
        if knockout {
            match kind {
                // A knockout's standings and crosstable are its ranking.
                DocKind::Standings | DocKind::Crosstable | DocKind::Wallchart => {
                    return self.print_knockout_doc(
                        event_key,
                        kind != DocKind::Standings,
                        lang,
                        info,
                    );
                }
                DocKind::Pairings | DocKind::Slips | DocKind::Bracket => {
                    return self.print_knockout_paper(event_key, kind, round, lang, info);
                }
                DocKind::Checkin
                | DocKind::Season
                | DocKind::Prizes
                | DocKind::Certificates
                | DocKind::Programme
                | DocKind::ResultsBook
                | DocKind::TableCards
                | DocKind::ScoreSheets => {}
            }
        }
        match kind {
            DocKind::Pairings | DocKind::Slips => {
                let view = self.round_view(event_key, round)?;
                // Points before the round.
                let data = self.event_data(&ev)?;
                let scheme = self.scheme(&ev)?;
                let before = scoring::standings(&data, &scheme, &[], Some(view.number.get() - 1))?;
                let pts: HashMap<i64, Points> = before
                    .rows
                    .iter()
                    .map(|r| (r.player.id, r.points))
                    .collect();
                // Accelerated pairings: the round's virtual points, apart.
                let vp = self.virtual_points(&ev)?;
                let pl = |e: &Entry| PlayerLine {
                    virtual_points: Some(crate::pairing::accel::at(
                        &vp,
                        e.start_no,
                        view.number.get(),
                    ))
                    .filter(|v| *v != Points::ZERO),
                    ..line(e, Some(pts.get(&e.id).copied().unwrap_or_default()))
                };
                let boards: Vec<BoardLine> = view
                    .boards
                    .iter()
                    .map(|b| BoardLine {
                        number: b.number,
                        red: pl(&b.red),
                        black: b.black.as_ref().map(pl),
                        results: b.results.clone(),
                    })
                    .collect();
                let info = EventInfo {
                    round_start: super::schedule::round_start(&ev, view.number),
                    ..info
                };
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
                let progress = match opts.progress {
                    true => self.progress(&ev, st.after_round)?,
                    false => HashMap::new(),
                };
                Ok(report::standings(
                    &StandingsData {
                        event: info,
                        after_round: AfterRound::counting(st.after_round),
                        in_progress: st.in_progress,
                        tiebreaks: st.tiebreaks.clone(),
                        rating: opts.rating,
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
                                progress: progress.get(&r.player.id).cloned().unwrap_or_default(),
                            })
                            .collect(),
                    },
                    lang,
                ))
            }
            DocKind::Crosstable | DocKind::Wallchart => {
                let (_, st) = self.standings(event_key, round)?;
                let data = self.event_data(&ev)?;
                let scheme = self.scheme(&ev)?;
                let ct = scoring::crosstable(&data, &scheme, Some(st.after_round))?;
                let entries = self.entries_by_id(&ev)?;
                let mut games = match ev.settings.games_per_round == 2 {
                    true => self.game_marks(&ev, ct.rounds)?,
                    false => HashMap::new(),
                };
                let tb_cols = opts.tiebreaks && kind == DocKind::Crosstable;
                let rows = ct
                    .rows
                    .iter()
                    .filter_map(|r| {
                        let e = entries.get(&r.player.id)?;
                        let s = st.row(r.player.id);
                        Some(report::CrossLine {
                            player: line(e, Some(r.points)),
                            rank: s.map(|s| (s.rank, s.shared)),
                            cells: r.cells.clone(),
                            games: games.remove(&r.player.id).unwrap_or_default(),
                            values: match (tb_cols, s) {
                                (true, Some(s)) => s.values.iter().map(|v| v.1).collect(),
                                _ => Vec::new(),
                            },
                        })
                    })
                    .collect();
                let d = CrosstableData {
                    event: info,
                    after_round: AfterRound::counting(ct.rounds),
                    rows,
                    tiebreaks: match tb_cols {
                        true => st.tiebreaks.clone(),
                        false => Vec::new(),
                    },
                };
                Ok(if kind == DocKind::Crosstable {
                    report::crosstable(&d, lang)
                } else {
                    report::wall_chart(&d, lang)
                })
            }
            DocKind::Prizes
            | DocKind::Certificates
            | DocKind::Programme
            | DocKind::ResultsBook
            | DocKind::TableCards
            | DocKind::ScoreSheets => unreachable!("printed above"),
            DocKind::Bracket => Err(super::invalid!("err.ko.not_knockout", event = &ev.name)),
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
            DocKind::Season => unreachable!("a season's table is built above"),
        }
    }

    /// Each player's score after rounds 1..=`after` (entry id → scores).
    fn progress(&self, ev: &Event, after: u32) -> Result<HashMap<i64, Vec<Points>>> {
        let data = self.event_data(ev)?;
        let scheme = self.scheme(ev)?;
        let ct = scoring::crosstable(&data, &scheme, Some(after))?;
        Ok(ct
            .rows
            .iter()
            .map(|r| {
                let mut total = Points::ZERO;
                let v = (1..=after)
                    .map(|n| {
                        total = r
                            .cells
                            .iter()
                            .filter(|c| c.round == n)
                            .fold(total, |t, c| t + c.points);
                        total
                    })
                    .collect();
                (r.player.id, v)
            })
            .collect())
    }

    /// The games of two-game rounds up to `after` as each player's
    /// crosstable marks (entry id → marks).
    fn game_marks(&self, ev: &Event, after: u32) -> Result<HashMap<i64, Vec<report::GameMark>>> {
        use crate::domain::{Colour, Outcome};
        use crate::scoring::RoundResult::{Draw, Loss, Win};
        let mut out: HashMap<i64, Vec<report::GameMark>> = HashMap::new();
        for g in self.store.games(ev.id, Some(after))? {
            let (red, forfeit) = match g.game.outcome {
                Outcome::RedWin => (Some(Win), false),
                Outcome::BlackWin => (Some(Loss), false),
                Outcome::Draw => (Some(Draw), false),
                Outcome::RedForfeits => (Some(Loss), true),
                Outcome::BlackForfeits => (Some(Win), true),
                Outcome::DoubleForfeit => (Some(Loss), true),
                Outcome::Unplayed => (None, false),
            };
            let black = match g.game.outcome {
                Outcome::DoubleForfeit => Some(Loss),
                _ => red.map(|r| match r {
                    Win => Loss,
                    Loss => Win,
                    Draw => Draw,
                }),
            };
            for (id, colour, result) in [
                (g.game.red, Colour::Red, red),
                (g.game.black, Colour::Black, black),
            ] {
                out.entry(id).or_default().push(report::GameMark {
                    round: RoundNo(g.round),
                    game_no: g.game.game_no,
                    colour,
                    result,
                    forfeit,
                });
            }
        }
        Ok(out)
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

/// What a document shows beyond its kind: the wide extras, asked for
/// (text must still fit its width).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DocOptions {
    /// Standings: the score after each round.
    pub progress: bool,
    /// Standings: the players' ratings.
    pub rating: bool,
    /// Crosstable: the event's tie-break columns.
    pub tiebreaks: bool,
    /// By-name lists: this order instead of the config's `name_order`.
    pub name_order: Option<NameOrder>,
}

/// How a document is written out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// Fixed-width text, pages of this many lines.
    Text {
        lines_per_page: usize,
    },
    Html,
    Csv,
    /// A PDF file (bytes: [`App::render_bytes`]).
    Pdf,
}

/// How a document is laid out beyond its format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Widest text line (display columns); `None`: 80, or 132 (or more)
    /// for documents whose tables need it (`report::auto_width`).
    pub width: Option<usize>,
    /// CSV: the header row, the byte-order mark.
    pub csv: report::CsvOptions,
    /// CSV: write cells that begin with `= + - @` as they are (by default
    /// they get a leading `'` so a spreadsheet does not run them).
    pub csv_formulas: bool,
}

/// Renders a document: the one place both front ends turn a [`Doc`] into
/// text, HTML or CSV (default options: 80 columns, CSV with a BOM and
/// formula-safe cells).
pub fn render(doc: &Doc, format: OutputFormat) -> Result<String> {
    render_with(doc, format, &PrintOptions::default())
}

/// [`render`] with the text width and the CSV options chosen. A PDF is
/// bytes made with a font: [`App::render_bytes`].
pub fn render_with(doc: &Doc, format: OutputFormat, opts: &PrintOptions) -> Result<String> {
    Ok(match format {
        OutputFormat::Text { lines_per_page } => match opts.width {
            Some(width) => report::render_text_width(doc, lines_per_page, width),
            None => report::render_text_auto(doc, lines_per_page),
        },
        OutputFormat::Html => report::render_html(doc),
        OutputFormat::Csv => {
            let raw = opts.csv_formulas;
            let cell = move |c: &str| match raw {
                true => c.to_string(),
                false => crate::formats::safe::csv_cell(c).into_owned(),
            };
            report::render_csv(doc, opts.csv, &cell)
                .map_err(|e| super::AppError::Invalid(e.msg()))?
        }
        OutputFormat::Pdf => return Err(super::invalid!("err.app.pdf_is_bytes")),
    })
}
