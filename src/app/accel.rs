//! Accelerated pairings of an event (FIDE C.04.5.1, Baku): which players
//! get virtual points in which rounds. The rule is `pairing::accel`; here
//! the event's side of it.
//!
//! Kept in the event's pairing settings, so they need no table of their
//! own and are undone like any other change:
//! - `acceleration` = `"baku"` ([`crate::domain::PairingOptions::acceleration`]): FIDE's rule. GA is the first 2·⌈N/4⌉
//!   players of round 1's pairing list (the entries from round 1); late
//!   entries take the next start numbers, so the last GA player stays the
//!   same. The rounds are the event's; neither can change once round 1 is
//!   paired (`App::edit_event` refuses).
//! - `virtual_points`: explicit points (from a TRF's `250` / `XXA`
//!   records), by entry id: a list of hundredths per round, used exactly.

use super::{invalid, App, Result, RoundNo};
use crate::domain::{
    Acceleration, Entry, EntryStatus, Event, EventSettings, PairingSystem, Points,
};
use crate::pairing::accel::{self, VirtualPoints};

/// The acceleration methods `event new --acceleration` takes.
pub const METHODS: &[&str] = &["none", "baku"];

/// Is the event accelerated (by rule or by explicit points)?
pub fn is_accelerated(s: &EventSettings) -> bool {
    let o = &s.pairing_settings.options;
    o.acceleration.is_some() || o.virtual_points.is_some()
}

/// Sets the acceleration method in `s` (`none` takes it away), checked:
/// Baku needs the Dutch system and a scheme whose win is two draws and
/// whose loss is nothing.
pub fn set_method(s: &mut EventSettings, method: &str) -> Result<()> {
    match method.trim() {
        "none" | "" => {
            s.pairing_settings.options.acceleration = None;
        }
        "baku" => {
            s.pairing_settings.options.acceleration = Some(Acceleration::Baku);
        }
        other => {
            return Err(invalid!(
                "err.accel.unknown_method",
                value = other,
                allowed = METHODS.join(", ")
            ))
        }
    }
    check(s)
}

/// An accelerated event must be Dutch, scored win = 2 × draw, loss 0.
pub fn check(s: &EventSettings) -> Result<()> {
    if !is_accelerated(s) {
        return Ok(());
    }
    if s.system != PairingSystem::Dutch {
        return Err(invalid!("err.accel.dutch_only"));
    }
    let scheme = crate::scoring::Scheme::from_id(&s.scheme, &s.scheme_settings)?;
    let win = scheme.win_value();
    let (half, zero) = (win.half(), Points::ZERO);
    // Only a six-value scheme (chess's too) can be win = 2 × draw, loss 0.
    let standard = scheme
        .settings()
        .six_values()
        .is_some_and(|v| v.six() == [win, half, zero, win, half, zero]);
    if !standard {
        return Err(invalid!("err.accel.scheme", scheme = &s.scheme));
    }
    Ok(())
}

/// The event's virtual points by start number (empty when not
/// accelerated).
pub fn virtual_points(ev: &Event, entries: &[Entry], win: Points) -> VirtualPoints {
    let s = &ev.settings;
    if let Some(t) = &s.pairing_settings.options.virtual_points {
        return entries
            .iter()
            .filter_map(|e| Some((e.start_no, t.get(&e.id)?.clone())))
            .collect();
    }
    if s.pairing_settings.options.acceleration != Some(Acceleration::Baku) {
        return VirtualPoints::new();
    }
    let mut order: Vec<&Entry> = entries.iter().collect();
    order.sort_by_key(|e| e.start_no);
    let ids: Vec<u32> = order.iter().map(|e| e.start_no).collect();
    let at_start: Vec<u32> = order
        .iter()
        .filter(|e| e.first_round <= 1 && e.status != EntryStatus::Withdrawn { after_round: 0 })
        .map(|e| e.start_no)
        .collect();
    accel::baku(&ids, &at_start, s.rounds, win, win.half())
}

impl App {
    /// The event's virtual points by start number (empty when it is not
    /// accelerated).
    pub fn virtual_points(&self, ev: &Event) -> Result<VirtualPoints> {
        let entries = self.store.entries(ev.id)?;
        let win = self.scheme(ev)?.win_value();
        Ok(virtual_points(ev, &entries, win))
    }

    /// The virtual points each entry (by entry id) gets when round `round`
    /// is paired; entries without any are left out.
    pub fn virtual_points_in(
        &self,
        ev: &Event,
        round: RoundNo,
    ) -> Result<std::collections::HashMap<i64, Points>> {
        let entries = self.store.entries(ev.id)?;
        let win = self.scheme(ev)?.win_value();
        let vp = virtual_points(ev, &entries, win);
        Ok(entries
            .iter()
            .map(|e| (e.id, accel::at(&vp, e.start_no, round.get())))
            .filter(|(_, p)| *p != Points::ZERO)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EventDraft;
    use crate::config::Config;
    use crate::domain::NewMember;
    use std::collections::BTreeMap;

    /// A club of `n` members and a 7-round Dutch event of them, Baku.
    fn baku_event(n: usize) -> App {
        let mut app = App::in_memory(Config::default()).unwrap();
        let mut names = Vec::new();
        for i in 1..=n {
            let name = format!("P{i:02}");
            app.add_member(&NewMember {
                name: name.clone(),
                rating: Some(2400 - i as i32),
                ..Default::default()
            })
            .unwrap();
            names.push(name);
        }
        let d = EventDraft {
            scheme: Some("chess".into()),
            system: Some(PairingSystem::Dutch),
            rounds: Some(7),
            acceleration: Some("baku".into()),
            ..Default::default()
        };
        let s = app.event_settings(&d).unwrap();
        app.create_event("Open", None, &s).unwrap();
        app.enter_players(
            app.find_event("Open").unwrap().key(),
            &app.find_members(&names).unwrap(),
        )
        .unwrap();
        app
    }

    #[test]
    fn ga_is_fixed_before_round_one_and_late_entries_join_gb() {
        let mut app = baku_event(13);
        let ev = app.store.resolve_event("Open").unwrap();
        let vp = app.virtual_points(&ev).unwrap();
        // 13 players: GA = 2·⌈13/4⌉ = 8 (the engine's own rule: 7).
        assert_eq!(
            vp.keys().copied().collect::<Vec<_>>(),
            (1..=8).collect::<Vec<_>>()
        );
        assert_eq!(
            vp[&8],
            vec![Points(100), Points(100), Points(50), Points(50)]
        );
        app.pair_next_round(app.find_event("Open").unwrap().key())
            .unwrap();
        app.add_member(&NewMember {
            name: "Late".into(),
            rating: Some(2800),
            ..Default::default()
        })
        .unwrap();
        app.enter_players(
            app.find_event("Open").unwrap().key(),
            &app.find_members(&["Late".to_string()]).unwrap(),
        )
        .unwrap();
        let vp = app.virtual_points(&ev).unwrap();
        assert_eq!(vp.len(), 8, "the late entry (#14) is in GB: {vp:?}");
        assert!(!vp.contains_key(&14));
        // The rounds (and with them the accelerated rounds) are locked.
        let d = EventDraft {
            rounds: Some(9),
            ..Default::default()
        };
        let e = app.edit_event(ev.key(), "Open", None, &d).unwrap_err();
        assert!(e.to_string().contains("rounds"), "{e}");
    }

    #[test]
    fn the_pairing_state_carries_the_points_and_standings_do_not() {
        let mut app = baku_event(12);
        let ev = app.store.resolve_event("Open").unwrap();
        let st = app.swiss_state(&ev, RoundNo(1)).unwrap();
        assert_eq!(st.virtual_now(1), Points(100));
        assert_eq!(st.virtual_now(7), Points::ZERO);
        let out = app
            .pair_next_round(app.find_event("Open").unwrap().key())
            .unwrap();
        // GA (1..=6) among itself: 1–4, 5–2, 3–6.
        let b = &out.pairing.boards[0];
        assert_eq!((b.red.min(b.black), b.red.max(b.black)), (1, 4));
        assert!(st.players.iter().all(|p| p.points() == Points::ZERO));
    }

    #[test]
    fn explicit_points_are_kept_by_entry() {
        let app = baku_event(4);
        let mut ev = app.store.resolve_event("Open").unwrap();
        let entries = app.store.entries(ev.id).unwrap();
        let mut t = BTreeMap::new();
        t.insert(entries[2].id, vec![Points(150)]);
        ev.settings.pairing_settings.options.acceleration = None;
        ev.settings.pairing_settings.options.virtual_points = Some(t);
        let vp = virtual_points(&ev, &entries, Points(100));
        assert_eq!(vp.len(), 1);
        assert_eq!(vp[&entries[2].start_no], vec![Points(150)]);
    }

    #[test]
    fn baku_needs_the_dutch_system_and_a_two_draw_win() {
        let app = App::in_memory(Config::default()).unwrap();
        for (scheme, system, ok) in [
            ("chess", PairingSystem::Dutch, true),
            ("standard", PairingSystem::Dutch, true),
            ("three-point", PairingSystem::Dutch, false),
            ("armageddon", PairingSystem::Dutch, false),
            ("two-game", PairingSystem::Dutch, false),
            ("chess", PairingSystem::Cxa, false),
        ] {
            let d = EventDraft {
                scheme: Some(scheme.into()),
                system: Some(system),
                acceleration: Some("baku".into()),
                ..Default::default()
            };
            assert_eq!(app.event_settings(&d).is_ok(), ok, "{scheme} {system:?}");
        }
        let d = EventDraft {
            acceleration: Some("fast".into()),
            ..Default::default()
        };
        assert!(app.event_settings(&d).is_err());
    }
}
