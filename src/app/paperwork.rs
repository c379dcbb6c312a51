//! The paperwork of an event beyond its round documents: the programme
//! book (秩序册) before round 1, the results book (成绩册) after the last,
//! table cards (台签) and move-recording sheets (记录纸). The books are the
//! round documents put together behind a cover, with the rules, schedule,
//! start list and signatures that only a book has; every kind of event
//! (Swiss, round robin, team, knockout) gets its own sections.

use super::print::DocKind;
use super::{App, Result};
use crate::app::EventId;
use crate::domain::Event;
use crate::domain::RoundNo;
use crate::i18n::{msg, tr, Lang};
use crate::report::paperwork::{HallBoard, HallData, Seat};
use crate::report::{Certificate, ColKind, Column, Doc, EventInfo, Part, Table};

/// Move rows on a score sheet (回合 1–100).
pub const SCORE_SHEET_MOVES: u32 = 100;

/// Which kind an event is, for the books.
enum Kind {
    Individual,
    Team(crate::domain::TeamSettings),
    Knockout,
}

impl App {
    /// The event's kind (`kind_of`), with a team event's settings.
    fn paper_kind(&self, ev: &Event) -> Result<Kind> {
        Ok(match self.kind_of(ev)? {
            super::EventKind::Knockout => Kind::Knockout,
            super::EventKind::Team => match self.team_settings_of(ev)? {
                Some(ts) => Kind::Team(ts),
                None => Kind::Individual,
            },
            super::EventKind::Individual => Kind::Individual,
        })
    }

    /// The parts of another document of the event (its heading kept), or
    /// nothing when it cannot be made yet (no round paired, no results).
    fn parts_of(
        &self,
        key: EventId,
        kind: DocKind,
        round: Option<RoundNo>,
        lang: Lang,
    ) -> Vec<Part> {
        self.print_doc(key, kind, round, lang)
            .map(|d| d.parts)
            .unwrap_or_default()
    }

    fn cover(&self, ev: &Event, lang: Lang, book: &str) -> Part {
        let dates = match (ev.start_date, ev.end_date) {
            (Some(a), Some(b)) if a != b => format!("{a} — {b}"),
            (Some(a), _) => a.to_string(),
            (None, Some(b)) => b.to_string(),
            (None, None) => String::new(),
        };
        let kind = match self.paper_kind(ev) {
            Ok(Kind::Team(_)) => tr(lang, "book.kind.team").to_string(),
            Ok(Kind::Knockout) => tr(lang, "tui.system.knockout").to_string(),
            _ => tr(lang, &format!("tui.system.{}", ev.settings.system.code())).to_string(),
        };
        Part::Certificate(Certificate {
            title: tr(lang, book).to_string(),
            name: ev.name.clone(),
            lines: vec![
                dates,
                msg!("book.cover.rounds", kind, rounds = ev.settings.rounds).render(lang),
            ],
            footer: vec![self.config.club.clone()],
        })
    }

    /// The rules in brief: scheme, system, rounds, time control, tie-breaks,
    /// the repetition rule book, byes and forfeits.
    fn rules_table(&self, key: EventId, ev: &Event, lang: Lang) -> Result<Table> {
        let s = &ev.settings;
        let mut t = Table::new(vec![
            Column::new("item", tr(lang, "book.col.item"), ColKind::Text),
            Column::new("setting", tr(lang, "book.col.setting"), ColKind::Text),
        ]);
        let mut row = |k: &str, v: String| t.rows.push(vec![tr(lang, k).to_string(), v]);
        let scheme_key = format!("tui.scheme.{}.1", s.scheme);
        row(
            "book.rule.scheme",
            if crate::i18n::has(&scheme_key) {
                tr(lang, &scheme_key)
                    .trim_end_matches(['.', '。'])
                    .to_string()
            } else {
                s.scheme.clone()
            },
        );
        let kind = self.paper_kind(ev)?;
        let system = match kind {
            Kind::Knockout => tr(lang, "tui.system.knockout").to_string(),
            _ => tr(lang, &format!("tui.system.{}", s.system.code())).to_string(),
        };
        row("book.rule.system", system);
        row("book.rule.rounds", s.rounds.to_string());
        // A tie-break's name in the reader's language, else its code.
        let named = |k: String, code: &str| match crate::i18n::has(&k) {
            true => tr(lang, &k).to_string(),
            false => code.to_string(),
        };
        let listed = |v: Vec<String>| match v.is_empty() {
            true => "—".to_string(),
            false => v.join(", "),
        };
        match &kind {
            // A knockout: games a match, the play-offs, places by the bracket.
            Kind::Knockout => {
                let (games, ladder) = self.knockout_rules(key, lang)?;
                row("book.rule.games", games.to_string());
                row("book.rule.time", s.time_control.to_string());
                row("kp.playoffs", ladder);
                row(
                    "book.rule.places",
                    tr(lang, "book.rule.places_by_bracket").to_string(),
                );
            }
            // A team event: boards a team, the team tie-breaks.
            Kind::Team(ts) => {
                row("book.rule.boards", ts.boards.to_string());
                row("book.rule.games", s.games_per_round.to_string());
                row("book.rule.time", s.time_control.to_string());
                let tbs = crate::scoring::TieBreaks::team(&s.tiebreaks)?;
                let names = tbs
                    .iter()
                    .map(|t| named(format!("tb.team.{}", t.code()), t.code()))
                    .collect();
                row("book.rule.tiebreaks", listed(names));
            }
            Kind::Individual => {
                row("book.rule.games", s.games_per_round.to_string());
                row("book.rule.time", s.time_control.to_string());
                let scheme = self.scheme(ev)?;
                let names = self
                    .tiebreaks_of(ev, &scheme)?
                    .iter()
                    .map(|t| t.name(lang, false))
                    .collect();
                row("book.rule.tiebreaks", listed(names));
            }
        }
        row(
            "book.rule.repetition",
            tr(
                lang,
                &format!("book.repetition.{}", self.config.repetition_rules.code()),
            )
            .to_string(),
        );
        // A knockout's loser is out and a bye goes through: neither rule applies.
        if matches!(kind, Kind::Knockout) {
            return Ok(t);
        }
        row(
            "book.rule.forfeits",
            msg!("book.rule.forfeits_value", n = s.byes.forfeits_to_drop).render(lang),
        );
        row(
            "book.rule.bye",
            msg!(
                "book.bye.value",
                opponent = tr(
                    lang,
                    &format!("book.bye.opponent.{}", s.byes.opponent_score.code())
                ),
                requested = tr(
                    lang,
                    &format!("book.bye.requested.{}", s.byes.requested.code())
                )
            )
            .render(lang),
        );
        Ok(t)
    }

    fn schedule_table(&self, ev: &Event, lang: Lang) -> Table {
        let mut t = Table::new(vec![
            Column::new("round", tr(lang, "book.label.round"), ColKind::Number),
            Column::new("start", tr(lang, "book.col.start"), ColKind::Text),
        ]);
        for r in 1..=ev.settings.rounds {
            t.rows.push(vec![
                r.to_string(),
                super::schedule::round_start(ev, RoundNo(r))
                    .map(|d| d.format("%Y-%m-%d %H:%M").to_string())
                    .unwrap_or_default(),
            ]);
        }
        t
    }

    /// The participants by start number: name, sex, club, rating.
    fn start_list(&self, ev: &Event, lang: Lang) -> Result<Table> {
        let mut t = Table::new(vec![
            Column::new("no", tr(lang, "rep.col.no"), ColKind::Number),
            Column::new("name", tr(lang, "rep.col.name"), ColKind::Text),
            Column::new("sex", tr(lang, "col.sex"), ColKind::Mark),
            Column::new("club", tr(lang, "rep.col.club"), ColKind::Text),
            Column::new("rating", tr(lang, "rep.col.rating"), ColKind::Number),
        ]);
        let mut entries = self.store.entries(ev.id)?;
        entries.sort_by_key(|e| e.start_no);
        for e in entries {
            let sex = self
                .store
                .member(e.member_id)?
                .sex
                .map(|s| tr(lang, &format!("book.sex.{}", s.code())).to_string())
                .unwrap_or_default();
            t.rows.push(vec![
                e.start_no.to_string(),
                e.name.clone(),
                sex,
                e.club.clone().unwrap_or_default(),
                e.rating.map(|r| r.to_string()).unwrap_or_default(),
            ]);
        }
        Ok(t)
    }

    fn rosters(&self, ev: &Event, ts: &crate::domain::TeamSettings, lang: Lang) -> Result<Table> {
        let mut t = Table::new(vec![
            Column::new("team", tr(lang, "book.col.team"), ColKind::Text),
            Column::new("board", tr(lang, "book.label.board"), ColKind::Number),
            Column::new("name", tr(lang, "rep.col.name"), ColKind::Text),
            Column::new("club", tr(lang, "rep.col.club"), ColKind::Text),
            Column::new("rating", tr(lang, "rep.col.rating"), ColKind::Number),
        ]);
        for tv in self.teams_in_order(ev, ts)? {
            for (i, e) in tv.roster.iter().enumerate() {
                t.rows.push(vec![
                    if i == 0 {
                        format!("{}. {}", tv.no, tv.team.name)
                    } else {
                        String::new()
                    },
                    (i + 1).to_string(),
                    e.name.clone(),
                    e.club.clone().unwrap_or_default(),
                    e.rating.map(|r| r.to_string()).unwrap_or_default(),
                ]);
            }
        }
        Ok(t)
    }

    /// A knockout's matches round by round: both players, every game, the
    /// winner (`games`: with the games' results).
    fn bracket_table(&self, key: EventId, lang: Lang, first_round_only: bool) -> Result<Table> {
        let b = self.bracket(key)?;
        let mut t = Table::new(vec![
            Column::new("round", tr(lang, "book.label.round"), ColKind::Number),
            Column::new("match", tr(lang, "book.label.board"), ColKind::Number),
            Column::new("upper", tr(lang, "book.col.upper"), ColKind::Text),
            Column::new("lower", tr(lang, "book.col.lower"), ColKind::Text),
            Column::new("games", tr(lang, "book.col.games"), ColKind::Text),
            Column::new("winner", tr(lang, "book.col.winner"), ColKind::Text),
        ]);
        for (ri, round) in b.rounds.iter().enumerate() {
            if first_round_only && ri > 0 {
                break;
            }
            for m in round {
                let seat = |e: &crate::domain::Entry| format!("({}) {}", e.start_no, e.name);
                t.rows.push(vec![
                    m.round.to_string(),
                    m.board.to_string(),
                    seat(&m.a),
                    m.b.as_ref()
                        .map(seat)
                        .unwrap_or_else(|| tr(lang, "book.bye").to_string()),
                    m.games
                        .iter()
                        .map(|g| g.outcome.code())
                        .collect::<Vec<_>>()
                        .join(" "),
                    m.winner
                        .as_ref()
                        .map(|w| w.name.clone())
                        .unwrap_or_default(),
                ]);
            }
        }
        Ok(t)
    }

    /// The programme book (秩序册): cover, rules, schedule, arbiters, the
    /// participants (teams with rosters, a knockout's first round), and
    /// the round-1 pairings when paired.
    pub(super) fn programme_doc(&self, key: EventId, lang: Lang, info: EventInfo) -> Result<Doc> {
        let ev = self.event(key)?;
        let kind = self.paper_kind(&ev)?;
        let mut parts = vec![self.cover(&ev, lang, "book.programme"), Part::PageBreak];
        parts.push(Part::Heading(tr(lang, "book.rules").to_string()));
        parts.push(Part::Table(self.rules_table(key, &ev, lang)?));
        parts.push(Part::Heading(tr(lang, "book.schedule").to_string()));
        parts.push(Part::Table(self.schedule_table(&ev, lang)));
        parts.push(Part::Heading(tr(lang, "book.arbiters").to_string()));
        for k in [
            "book.arbiter.chief",
            "book.arbiter.deputy",
            "book.arbiter.pairing",
        ] {
            parts.push(Part::Note(format!(
                "{}: ______________________",
                tr(lang, k)
            )));
        }
        parts.push(Part::PageBreak);
        parts.push(Part::Heading(tr(lang, "book.participants").to_string()));
        match &kind {
            Kind::Team(ts) => parts.push(Part::Table(self.rosters(&ev, ts, lang)?)),
            _ => parts.push(Part::Table(self.start_list(&ev, lang)?)),
        }
        if let Kind::Knockout = kind {
            if let Ok(t) = self.bracket_table(key, lang, true) {
                if !t.rows.is_empty() {
                    parts.push(Part::Heading(tr(lang, "book.bracket").to_string()));
                    parts.push(Part::Table(t));
                }
            }
        }
        if self.store.rounds_paired(ev.id)? >= 1 {
            let r1 = self.parts_of(key, DocKind::Pairings, Some(RoundNo::FIRST), lang);
            if !r1.is_empty() {
                parts.push(Part::PageBreak);
                parts.extend(r1);
            }
        }
        Ok(Doc {
            title: format!("{} · {}", info.name, tr(lang, "book.programme")),
            lang,
            parts,
            landscape: false,
            csv: None,
        })
    }

    /// The results book (成绩册): cover, every round's results, the final
    /// standings with every tie-break, the crosstable, the prize list, the
    /// arbiters' signatures; a team event's matches and board prizes; a
    /// knockout's bracket with every game.
    pub(super) fn results_book_doc(
        &self,
        key: EventId,
        lang: Lang,
        info: EventInfo,
    ) -> Result<Doc> {
        let ev = self.event(key)?;
        let kind = self.paper_kind(&ev)?;
        let mut parts = vec![self.cover(&ev, lang, "book.results")];
        let paired = self.store.rounds_paired(ev.id)?;
        if let Kind::Knockout = kind {
            // The bracket chart, then every round's matches with every game.
            let chart = self.parts_of(key, DocKind::Bracket, None, lang);
            parts.push(Part::PageBreak);
            if chart.is_empty() {
                let t = self.bracket_table(key, lang, false)?;
                parts.push(Part::Heading(tr(lang, "book.bracket").to_string()));
                parts.push(Part::Table(t));
            } else {
                parts.extend(chart);
            }
        } else {
            for r in 1..=paired {
                let p = self.parts_of(key, DocKind::Pairings, Some(RoundNo(r)), lang);
                if !p.is_empty() {
                    parts.push(Part::PageBreak);
                    parts.extend(p);
                }
            }
        }
        let opts = super::print::DocOptions {
            rating: true,
            tiebreaks: true,
            ..Default::default()
        };
        let standings = self
            .print_doc_with(key, DocKind::Standings, None, lang, opts)
            .map(|d| d.parts)
            .unwrap_or_default();
        if !standings.is_empty() {
            parts.push(Part::PageBreak);
            parts.extend(standings);
        }
        if !matches!(kind, Kind::Knockout) {
            let cross = self
                .print_doc_with(key, DocKind::Crosstable, None, lang, opts)
                .map(|d| d.parts)
                .unwrap_or_default();
            if !cross.is_empty() {
                parts.push(Part::PageBreak);
                parts.extend(cross);
            }
        }
        if let Kind::Individual = kind {
            if self.store.prize_list(ev.id)?.is_some() {
                parts.push(Part::PageBreak);
                parts.extend(self.prize_sheet(key, lang, info.clone())?.parts);
            }
        }
        parts.push(Part::Note(String::new()));
        parts.push(Part::Note(tr(lang, "prize.arbiter_signature").to_string()));
        parts.push(Part::Note(format!(
            "{}: ______________________",
            tr(lang, "book.arbiter.pairing")
        )));
        Ok(Doc {
            title: format!("{} · {}", info.name, tr(lang, "book.results")),
            lang,
            parts,
            landscape: false,
            csv: None,
        })
    }

    /// The boards of `round` as the hall sees them (a team event: every
    /// board of every match, labelled with the match).
    fn hall_boards(
        &self,
        key: EventId,
        ev: &Event,
        round: RoundNo,
        lang: Lang,
    ) -> Result<Vec<HallBoard>> {
        if self.team_settings_of(ev)?.is_some() {
            let v = self.team_round_view(key, Some(round))?;
            let mut out = Vec::new();
            for m in &v.matches {
                let Some(away) = &m.away else { continue };
                let label = msg!("book.match", no = m.number, home = &m.home, away).render(lang);
                for b in &m.boards {
                    let seat = |n: &str| Seat {
                        name: n.to_string(),
                        ..Default::default()
                    };
                    let (red, black) = if b.home_red {
                        (&b.home, &b.away)
                    } else {
                        (&b.away, &b.home)
                    };
                    if red.is_empty() || black.is_empty() {
                        continue;
                    }
                    out.push(HallBoard {
                        number: b.number.get(),
                        label: Some(label.clone()),
                        red: seat(red),
                        black: Some(seat(black)),
                    });
                }
            }
            return Ok(out);
        }
        let v = self.round_view(key, Some(round))?;
        let seat = |e: &crate::domain::Entry| Seat {
            name: e.name.clone(),
            club: e.club.clone(),
            no: e.start_no,
        };
        Ok(v.boards
            .iter()
            .map(|b| HallBoard {
                number: b.number.get(),
                label: None,
                red: seat(&b.red),
                black: b.black.as_ref().map(seat),
            })
            .collect())
    }

    fn hall_data(&self, key: EventId, round: Option<RoundNo>, lang: Lang) -> Result<HallData> {
        let ev = self.event(key)?;
        let boards = match round {
            Some(r) => self.hall_boards(key, &ev, r, lang)?,
            None => Vec::new(),
        };
        let mut entries = self.store.entries(ev.id)?;
        entries.sort_by_key(|e| e.start_no);
        Ok(HallData {
            date: round
                .and_then(|r| super::schedule::round_start(&ev, r).map(|d| d.date()))
                .or(ev.start_date),
            event: ev.name,
            round: round.map(RoundNo::get),
            boards,
            players: entries
                .iter()
                .map(|e| Seat {
                    name: e.name.clone(),
                    club: e.club.clone(),
                    no: e.start_no,
                })
                .collect(),
            moves: SCORE_SHEET_MOVES,
        })
    }

    /// Table cards (台签): with a round, a folded card per board; without,
    /// a name card per player.
    pub(super) fn table_cards_doc(
        &self,
        key: EventId,
        round: Option<RoundNo>,
        lang: Lang,
    ) -> Result<Doc> {
        Ok(crate::report::paperwork::table_cards(
            &self.hall_data(key, round, lang)?,
            lang,
        ))
    }

    /// Move-recording sheets (记录纸) of a round (default: the last paired).
    pub(super) fn score_sheets_doc(
        &self,
        key: EventId,
        round: Option<RoundNo>,
        lang: Lang,
    ) -> Result<Doc> {
        let ev = self.event(key)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let r = round.unwrap_or(RoundNo(paired));
        if r.get() == 0 || r.get() > paired {
            return Err(super::invalid!(
                "err.app.round_not_paired_yet",
                round = r,
                paired
            ));
        }
        Ok(crate::report::paperwork::score_sheets(
            &self.hall_data(key, Some(r), lang)?,
            lang,
        ))
    }
}
