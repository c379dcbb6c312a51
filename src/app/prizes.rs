//! Prize lists (specs/prizes.md): storing an event's list and sharing
//! mode, and the allocation over its current standings. The rules are the
//! pure `scoring::prizes`; the file is read by `formats::prizes_csv`.

use super::{invalid, App, Result};
use crate::app::EventId;
use crate::domain::{Entry, Event, EventStatus, PrizeFacts, PrizeList, Sharing};
use crate::formats::prizes_csv::read_prizes_csv;
use crate::i18n::msg;
use crate::scoring::prizes::{allocate, explain, Allocation, Contender, Why};
use std::collections::HashMap;

/// An event's prizes as they stand: the list, the field in standings
/// order and who gets what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeReport {
    pub event: Event,
    pub list: PrizeList,
    /// The standings, best first.
    pub field: Vec<Contender>,
    /// The entry of each player of `field` (club, start number).
    pub entries: Vec<Entry>,
    pub alloc: Allocation,
    /// The event is finished: the allocation is final, not a preview.
    pub finished: bool,
    /// The standings are after this round.
    pub after_round: u32,
}

impl PrizeReport {
    /// Why player `player` (index in the field) got what he got.
    pub fn explain(&self, player: usize) -> Vec<Why> {
        explain(&self.list, &self.field, &self.alloc, player)
    }
}

impl App {
    /// The event by key, refused when it is a team event or a knockout
    /// (the prize sheet and certificates are for individual events).
    fn individual_event(&self, key: EventId) -> Result<Event> {
        let ev = self.event(key)?;
        if self.team_settings_of(&ev)?.is_some() {
            return Err(invalid!("err.prizes.team_event", event = &ev.name));
        }
        if self.knockout_settings(&ev)?.is_some() {
            return Err(invalid!("err.prizes.knockout", event = &ev.name));
        }
        Ok(ev)
    }

    /// Reads a prize list CSV (`file` names it in messages) and stores it
    /// with `sharing` as the event's list, replacing any earlier one: one
    /// change. A bad file changes nothing. Returns the number of prizes.
    pub fn set_prizes_csv(
        &mut self,
        event: EventId,
        bytes: &[u8],
        file: &str,
        sharing: Sharing,
    ) -> Result<usize> {
        let ev = self.individual_event(event)?;
        let prizes: Vec<_> = read_prizes_csv(bytes, file)
            .map_err(|e| super::AppError::Invalid(e.msg()))?
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        let n = prizes.len();
        let list = PrizeList { sharing, prizes };
        self.store.set_prize_list(
            ev.id,
            &list,
            msg!(
                "log.prizes.set",
                event = &ev.name,
                file,
                count = n,
                sharing = sharing.code()
            ),
        )?;
        Ok(n)
    }

    /// Stores `list` as the event's prize list (the TUI's editor), after
    /// the checks a file gets: it is written out as CSV and read back.
    pub fn set_prize_list(&mut self, event: EventId, list: &PrizeList) -> Result<()> {
        let ev = self.individual_event(event)?;
        check_prize_list(list).map_err(super::AppError::Invalid)?;
        self.store.set_prize_list(
            ev.id,
            list,
            msg!(
                "log.prizes.set",
                event = &ev.name,
                file = "-",
                count = list.prizes.len(),
                sharing = list.sharing.code()
            ),
        )?;
        Ok(())
    }

    /// The event's stored prize list, if any.
    pub fn prize_list(&self, event: EventId) -> Result<Option<PrizeList>> {
        let ev = self.individual_event(event)?;
        Ok(self.store.prize_list(ev.id)?)
    }

    /// The allocation of the event's prize list over its current standings
    /// (a corrected result changes it). No list stored: an error.
    pub fn prizes(&self, event: EventId) -> Result<PrizeReport> {
        let ev = self.individual_event(event)?;
        let list = self
            .store
            .prize_list(ev.id)?
            .ok_or_else(|| invalid!("err.prizes.no_list", event = &ev.name))?;
        let (ev, st) = self.standings(event, None)?;
        let entries: HashMap<i64, Entry> = self
            .store
            .entries(ev.id)?
            .into_iter()
            .map(|e| (e.id, e))
            .collect();
        let mut field = Vec::with_capacity(st.rows.len());
        let mut in_order = Vec::with_capacity(st.rows.len());
        for r in &st.rows {
            let Some(e) = entries.get(&r.player.id) else {
                continue;
            };
            let m = self.store.member(e.member_id)?;
            field.push(Contender {
                rank: r.rank,
                name: r.player.name.clone(),
                points: r.points,
                facts: PrizeFacts {
                    sex: m.sex,
                    born: m.born,
                    rating: e.rating,
                    club: e.club.clone(),
                },
            });
            in_order.push(e.clone());
        }
        let alloc = allocate(&list, &field);
        Ok(PrizeReport {
            finished: ev.status == EventStatus::Finished,
            event: ev,
            list,
            field,
            entries: in_order,
            alloc,
            after_round: st.after_round,
        })
    }
}

impl App {
    /// The prize sheet (奖金分配表) of the event in `lang`.
    pub(super) fn prize_sheet(
        &self,
        event: EventId,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        Ok(crate::report::prizes::prize_sheet(
            &self.prize_data(event, info)?,
            lang,
        ))
    }

    /// The certificates (获奖证书) of the event in `lang`: a page per prize
    /// given (one for a player holding two prizes of one place), in list
    /// order, from the club's template (config.toml's
    /// `certificate_template`) or the language's default.
    pub(super) fn certificates_doc(
        &self,
        event: EventId,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        use crate::report::prizes::prize_label;
        let template = match &self.config.certificate_template {
            None => Default::default(),
            Some(path) => {
                let text =
                    crate::files::input::read_utf8(path, crate::files::input::Kind::Template)?;
                crate::config::parse_certificate_template(&text, &path.display().to_string())?
            }
        };
        let organiser = template
            .organiser
            .clone()
            .unwrap_or_else(|| self.config.club.clone());
        let d = self.prize_data(event, info)?;
        let date = d
            .event
            .date
            .map(|x| x.to_string())
            .unwrap_or_else(|| chrono::Local::now().date_naive().to_string());
        let date = self
            .event(event)?
            .end_date
            .map(|x| x.to_string())
            .unwrap_or(date);
        let certificates = d
            .certificate_awards()
            .into_iter()
            .map(|a| {
                let c = &d.field[a.player];
                vec![
                    ("name", c.name.clone()),
                    ("event", d.event.name.clone()),
                    ("prize", prize_label(lang, &a.category, a.place)),
                    ("category", a.category.code()),
                    ("place", a.place.to_string()),
                    ("rank", c.rank.to_string()),
                    ("date", date.clone()),
                    ("organiser", organiser.clone()),
                    (
                        "club",
                        d.clubs.get(a.player).cloned().flatten().unwrap_or_default(),
                    ),
                ]
            })
            .collect();
        Ok(crate::report::certificate::certificates(
            &crate::report::certificate::CertificatesData {
                event: d.event.name.clone(),
                template,
                certificates,
            },
            lang,
        ))
    }

    /// What the prize documents show.
    pub(super) fn prize_data(
        &self,
        event: EventId,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::prizes::PrizeData> {
        let r = self.prizes(event)?;
        Ok(crate::report::prizes::PrizeData {
            event: info,
            clubs: r.entries.iter().map(|e| e.club.clone()).collect(),
            list: r.list,
            field: r.field,
            alloc: r.alloc,
            finished: r.finished,
            after_round: r.after_round,
        })
    }
}

/// Is `list` one a prize list file could hold (prizes.md §1)? The reason
/// when not.
pub fn check_prize_list(list: &PrizeList) -> std::result::Result<(), crate::i18n::Msg> {
    read_prizes_csv(prize_list_csv(list).as_bytes(), "-")
        .map(|_| ())
        .map_err(|e| e.message)
}

/// A prize list as the CSV `qishe event prizes` reads.
pub fn prize_list_csv(list: &PrizeList) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(["category", "place", "value"]);
    for p in &list.prizes {
        let _ = w.write_record([p.category.code(), p.place.to_string(), p.value.text()]);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}
