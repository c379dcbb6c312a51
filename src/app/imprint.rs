//! The club's identity on every document: config.toml's `club`,
//! `organiser`, `venue`, `chief_arbiter` and `deputy_arbiters`, each
//! overridden by the event's own (kept in the event's pairing settings
//! as [`crate::domain::EventExtras::identity`], like the round schedule, so it needs no table of
//! its own and is undone like any other change), and the print date.

use super::{invalid, App, Result};
use crate::app::EventId;
use crate::domain::{Event, Identity};
use crate::i18n::{tr, Lang};
use crate::report::{Doc, Imprint};

/// The date documents are printed on: today, or the day of
/// `SOURCE_DATE_EPOCH` (seconds since 1970) when set, for output that
/// must not change from day to day (tests, reproducible builds).
pub fn print_date() -> chrono::NaiveDate {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map(|t| t.date_naive())
        .unwrap_or_else(|| chrono::Local::now().date_naive())
}

/// Today, the local date (the day of `SOURCE_DATE_EPOCH` when set, as for
/// [`print_date`]): the start date a new event gets when none is given, in
/// the CLI's `event new` and the TUI's form alike.
pub fn today() -> chrono::NaiveDate {
    print_date()
}

/// An event's own identity (nothing set: all `None`).
pub fn event_identity(ev: &Event) -> Identity {
    ev.settings
        .pairing_settings
        .extras
        .identity
        .clone()
        .unwrap_or_default()
}

/// The imprint of `id` in `lang`, printed on `date`.
pub fn imprint(id: &Identity, lang: Lang, date: chrono::NaiveDate) -> Imprint {
    let mut pairs = Vec::new();
    let mut put = |key: &str, v: &Option<String>| {
        if let Some(v) = v {
            pairs.push((tr(lang, key).to_string(), v.clone()));
        }
    };
    put("rep.imprint.club", &id.club);
    put("rep.imprint.organiser", &id.organiser);
    put("rep.imprint.venue", &id.venue);
    put("rep.imprint.chief_arbiter", &id.chief_arbiter);
    if !id.deputy_arbiters.is_empty() {
        let sep = match lang {
            Lang::En => ", ",
            _ => "、",
        };
        pairs.push((
            tr(lang, "rep.imprint.deputy_arbiters").to_string(),
            id.deputy_arbiters.join(sep),
        ));
    }
    Imprint {
        pairs,
        club: id.club.clone().or_else(|| id.organiser.clone()),
        printed: crate::i18n::msg!("rep.imprint.printed", date = date.format("%Y-%m-%d"))
            .render(lang),
    }
}

impl App {
    /// The identity printed on `ev`'s documents: the event's own values
    /// over the club's (config.toml).
    pub fn identity_of(&self, ev: &Event) -> Identity {
        event_identity(ev).over(&self.config.identity)
    }

    /// An event's own identity, as set (`event edit`).
    pub fn event_identity(&self, event_key: EventId) -> Result<Identity> {
        Ok(event_identity(&self.event(event_key)?))
    }

    /// Sets an event's own identity (blank values unset); one undoable change.
    pub fn set_event_identity(&mut self, event_key: EventId, id: Identity) -> Result<()> {
        let ev = self.event(event_key)?;
        let id = id.normalized();
        for v in [&id.club, &id.organiser, &id.venue, &id.chief_arbiter]
            .into_iter()
            .flatten()
            .chain(&id.deputy_arbiters)
        {
            if v.chars().count() > 200 || v.chars().any(char::is_control) {
                return Err(invalid!("err.app.identity_value", value = v));
            }
        }
        if id == event_identity(&ev) {
            return Ok(());
        }
        let mut settings = ev.settings.pairing_settings.clone();
        settings.extras.identity = (!id.is_empty()).then_some(id);
        let summary = crate::i18n::msg!("log.event_identity", name = &ev.name);
        Ok(self.store.set_pairing_settings(ev.id, &settings, summary)?)
    }

    /// Puts the event's imprint (its identity over the club's, and the
    /// print date) on `doc`. Every document printed for an event gets it;
    /// a new kind of document built outside [`App::print_doc_with`] calls
    /// this too.
    pub fn stamp(&self, event_key: EventId, doc: &mut Doc) -> Result<()> {
        let ev = self.event(event_key)?;
        doc.stamp(imprint(&self.identity_of(&ev), doc.lang, print_date()));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_imprint_names_what_is_set_in_the_documents_language() {
        let id = Identity {
            club: Some("东城象棋社".into()),
            chief_arbiter: Some("张三".into()),
            deputy_arbiters: vec!["李四".into(), "王五".into()],
            ..Default::default()
        };
        let d = chrono::NaiveDate::from_ymd_opt(2026, 12, 3).unwrap();
        let i = imprint(&id, Lang::ZhHans, d);
        assert_eq!(
            i.pairs,
            [
                ("棋社".to_string(), "东城象棋社".to_string()),
                ("裁判长".into(), "张三".into()),
                ("副裁判长".into(), "李四、王五".into()),
            ]
        );
        assert_eq!(i.printed, "打印日期: 2026-12-03");
        assert_eq!(i.footer(), "东城象棋社 · 打印日期: 2026-12-03");
        let i = imprint(&id, Lang::En, d);
        assert_eq!(i.pairs[2].1, "李四, 王五");
        assert_eq!(i.printed, "Printed 2026-12-03");
        let i = imprint(&Identity::default(), Lang::ZhHant, d);
        assert!(i.pairs.is_empty() && i.club.is_none());
        assert_eq!(i.printed, "列印日期: 2026-12-03");
    }
}
