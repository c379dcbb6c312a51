use super::*;
use crate::domain::NewMember;

fn member(s: &mut Store, name: &str, rating: Option<i32>) -> i64 {
    s.add_member(&NewMember {
        name: name.into(),
        rating,
        club: Some("棋社".into()),
        ..Default::default()
    })
    .unwrap()
    .id
}

#[test]
fn event_round_trips_with_every_setting() {
    let mut s = Store::open_in_memory().unwrap();
    let mut settings = EventSettings {
        scheme: "draw-0.8".into(),
        system: PairingSystem::Cxa,
        rounds: 9,
        games_per_round: 2,
        time_control: "red=60,black=30,inc=15".parse().unwrap(),
        tiebreaks: crate::domain::TieBreakList::from_column(
            crate::domain::EventKind::Individual,
            "opponent-score,wins",
        ),
        byes: ByeSettings {
            opponent_score: ByeOpponentScore::Own,
            requested: RequestedByeValue::Half,
            forfeits_to_drop: 3,
        },
        ..Default::default()
    };
    settings.scheme_settings =
        crate::domain::SchemeConstants::from_map(json!({"draw": "0.8"}).as_object().unwrap())
            .unwrap();
    settings.pairing_settings.options.round1_method = Some(2);
    let date = chrono::NaiveDate::from_ymd_opt(2026, 11, 30);
    let e = s.create_event("周赛 第48期", date, &settings).unwrap();
    let back = s.event(e.id).unwrap();
    assert_eq!(back.settings, settings);
    assert_eq!(back.start_date, date);
    assert_eq!(back.status, EventStatus::Planned);
    assert_eq!(s.resolve_event("周赛 第48期").unwrap().id, e.id);
    assert!(s.create_event("周赛 第48期", None, &settings).is_err());
    s.set_event_status(e.id, EventStatus::Running).unwrap();
    assert_eq!(s.event(e.id).unwrap().status, EventStatus::Running);
}

/// The column as every qishe wrote it (codes joined by commas) reads
/// as the event's kind and writes back byte for byte.
#[test]
fn the_tiebreaks_column_reads_by_the_events_kind_and_writes_back_unchanged() {
    let mut s = Store::open_in_memory().unwrap();
    let one = s
        .create_event("周赛", None, &EventSettings::default())
        .unwrap();
    let team = s
        .create_team_event(
            "联赛",
            None,
            &EventSettings::default(),
            &crate::domain::TeamSettings::default(),
        )
        .unwrap();
    let column = |s: &Store, id: i64| -> String {
        s.conn
            .query_row("SELECT tiebreaks FROM event WHERE id=?1", [id], |r| {
                r.get(0)
            })
            .unwrap()
    };
    // Written as an older qishe wrote it, straight into the column.
    for (id, text) in [
        (one.id, "wins,opponent-score"),
        (team.id, "match-wins,direct"),
    ] {
        s.conn
            .execute(
                "UPDATE event SET tiebreaks=?1 WHERE id=?2",
                params![text, id],
            )
            .unwrap();
    }
    let ev = s.event(one.id).unwrap();
    assert_eq!(ev.settings.tiebreaks.kind(), EventKind::Individual);
    assert_eq!(ev.settings.tiebreaks.codes(), ["wins", "opponent-score"]);
    let tev = s.event(team.id).unwrap();
    assert_eq!(tev.settings.tiebreaks.kind(), EventKind::Team);
    assert_eq!(tev.settings.tiebreaks.codes(), ["match-wins", "direct"]);
    // The list of events reads the same kinds.
    let all = s.events().unwrap();
    let t = all.iter().find(|e| e.id == team.id).unwrap();
    assert_eq!(t.settings.tiebreaks, tev.settings.tiebreaks);
    let sums = s.event_summaries().unwrap();
    let t = sums.iter().find(|e| e.event.id == team.id).unwrap();
    assert!(t.team && !t.knockout);
    assert_eq!(t.event.settings.tiebreaks.kind(), EventKind::Team);
    // Written back (a rename): the column is unchanged.
    s.update_event(team.id, "联赛二", None, &tev.settings)
        .unwrap();
    s.update_event(one.id, "周赛二", None, &ev.settings)
        .unwrap();
    assert_eq!(column(&s, team.id), "match-wins,direct");
    assert_eq!(column(&s, one.id), "wins,opponent-score");
    assert_eq!(
        s.event(team.id).unwrap().settings.tiebreaks,
        tev.settings.tiebreaks
    );
}

/// The scheme constants as every qishe wrote them (a JSON object of
/// numbers and texts) read typed and write back byte for byte; a name
/// no scheme has is refused by name when the row is read.
#[test]
fn the_scheme_settings_column_reads_typed_and_writes_back_unchanged() {
    let mut s = Store::open_in_memory().unwrap();
    let ev = s
        .create_event("周赛", None, &EventSettings::default())
        .unwrap();
    let column = |s: &Store| -> String {
        s.conn
            .query_row(
                "SELECT scheme_settings FROM event WHERE id=?1",
                [ev.id],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert_eq!(column(&s), "{}");
    for text in [
        r#"{"draw":"0.8"}"#,
        r#"{"draw":0.7,"residual_cap":"0.5","win":2}"#,
        r#"{"black_loss":-1,"values":"3:1:2:0"}"#,
        r#"{"red_win":2.0,"unrated_rating":1400}"#,
    ] {
        // Written as an older qishe wrote it: `serde_json::to_string`
        // of the map.
        let old: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text).unwrap();
        let written = serde_json::to_string(&old).unwrap();
        assert_eq!(written, text);
        s.conn
            .execute(
                "UPDATE event SET scheme_settings=?1 WHERE id=?2",
                params![written, ev.id],
            )
            .unwrap();
        let back = s.event(ev.id).unwrap();
        assert_eq!(back.settings.scheme_settings.iter().count(), old.len());
        s.update_event(ev.id, "周赛", None, &back.settings).unwrap();
        assert_eq!(column(&s), text);
        assert_eq!(s.event(ev.id).unwrap().settings, back.settings);
    }
    s.conn
        .execute(
            "UPDATE event SET scheme_settings=?1 WHERE id=?2",
            params![r#"{"drawn":1}"#, ev.id],
        )
        .unwrap();
    let e = s.event(ev.id).unwrap_err();
    assert!(matches!(e, StoreError::Invalid(_)), "{e:?}");
    let zh = e.msg().render(crate::i18n::Lang::ZhHans);
    assert!(zh.contains("未知的设置项 \"drawn\""), "{zh}");
    assert!(!zh.contains("Conversion"), "{zh}");
}

#[test]
fn entries_are_numbered_by_rating_then_name() {
    let mut s = Store::open_in_memory().unwrap();
    let e = s
        .create_event("E", None, &EventSettings::default())
        .unwrap();
    let a = member(&mut s, "乙", Some(2000));
    let b = member(&mut s, "甲", Some(2000));
    let c = member(&mut s, "丙", Some(2300));
    let d = member(&mut s, "丁", None);
    s.enter_members(e.id, &[a, b]).unwrap();
    s.enter_members(e.id, &[c, d]).unwrap();
    let order: Vec<(u32, String)> = s
        .entries(e.id)
        .unwrap()
        .into_iter()
        .map(|x| (x.start_no, x.name))
        .collect();
    // 丙 2300 first; 乙 and 甲 tie on 2000 and sort by name (code point order); 丁 unrated last.
    assert_eq!(order[0], (1, "丙".to_string()));
    assert_eq!(order[3], (4, "丁".to_string()));
    let mut mid = vec![order[1].1.clone(), order[2].1.clone()];
    mid.sort();
    assert_eq!(mid, vec![order[1].1.clone(), order[2].1.clone()]);
    assert!(s.enter_members(e.id, &[a]).is_err(), "entered twice");
    let en = s.resolve_entry(e.id, "丙").unwrap();
    assert_eq!(en.club.as_deref(), Some("棋社"));
    assert_eq!(s.resolve_entry(e.id, "#4").unwrap().name, "丁");
}

#[test]
fn withdraw_forbid_and_byes_round_trip() {
    let mut s = Store::open_in_memory().unwrap();
    let e = s
        .create_event("E", None, &EventSettings::default())
        .unwrap();
    let a = member(&mut s, "甲", Some(1));
    let b = member(&mut s, "乙", Some(2));
    s.enter_members(e.id, &[a, b]).unwrap();
    let ea = s.resolve_entry(e.id, "甲").unwrap();
    let eb = s.resolve_entry(e.id, "乙").unwrap();
    s.forbid_pair(e.id, &ea, &eb).unwrap();
    let f = s.forbidden_pairs(e.id).unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].a.min(f[0].b), f[0].a.max(f[0].b)),
        (ea.id.min(eb.id), ea.id.max(eb.id))
    );
    s.request_bye(&ea, 2, RequestedByeValue::Half).unwrap();
    assert_eq!(
        s.requested_byes(e.id).unwrap()[0].value,
        RequestedByeValue::Half
    );
    s.withdraw(&eb, Some(3)).unwrap();
    let eb2 = s.resolve_entry(e.id, "乙").unwrap();
    assert_eq!(eb2.status, EntryStatus::Withdrawn { after_round: 3 });
    s.undo_last().unwrap();
    assert_eq!(
        s.resolve_entry(e.id, "乙").unwrap().status,
        EntryStatus::Active
    );
}
