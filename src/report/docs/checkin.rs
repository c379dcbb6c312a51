//! The check-in sheet.

use super::*;

/// The check-in sheet (签到表): name, club, rating, paid and signature
/// columns to fill in.
pub fn checkin_sheet(d: &CheckinData, lang: Lang) -> Doc {
    let title = format!("{} · {}", d.event.name, tr(lang, "rep.checkin"));
    let mut t = Table::new(vec![
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
        col(lang, "rep.col.rating", ColKind::Number),
        col(lang, "rep.col.paid", ColKind::WriteIn(6)),
        col(lang, "rep.col.signature", ColKind::WriteIn(16)),
    ]);
    let mut players: Vec<&PlayerLine> = d.players.iter().collect();
    sort_by_name(&mut players, d.event.name_order, |p| (&p.name, p.start_no));
    for p in players {
        t.rows.push(vec![
            p.start_no.to_string(),
            p.name.clone(),
            p.club.clone().unwrap_or_default(),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            String::new(),
            String::new(),
        ]);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.checkin"),
            info(&d.event, lang, None),
            Part::Table(t),
        ],
        landscape: false,
        csv: None,
    }
}
