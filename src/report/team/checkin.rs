//! The check-in sheet of a team event, by team: each team's roster in
//! board order (reserves marked), with the player's rating and room to
//! sign; the team, not the player's club, is what the arbiter checks.

use super::{c, heading};
use crate::i18n::{tr, Lang};
use crate::report::{ColKind, Doc, EventInfo, Part, Table};

/// A roster member on the check-in sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamCheckinLine {
    /// Roster position (1 = board 1).
    pub position: u32,
    pub start_no: u32,
    pub name: String,
    pub rating: Option<i32>,
    /// Beyond the first B of the roster.
    pub reserve: bool,
}

/// The teams in pairing order, each with its roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamCheckinData {
    pub event: EventInfo,
    pub teams: Vec<(String, Vec<TeamCheckinLine>)>,
}

/// The check-in sheet (签到表) by team.
pub fn team_checkin_sheet(d: &TeamCheckinData, lang: Lang) -> Doc {
    let cols = |with_team: bool| {
        let mut v = Vec::new();
        if with_team {
            v.push(c(lang, "team", "rep.team.team", ColKind::Text));
        }
        v.extend([
            c(lang, "board", "tp.roster_no", ColKind::Text),
            c(lang, "no", "rep.col.no", ColKind::Number),
            c(lang, "name", "rep.col.name", ColKind::Text),
            c(lang, "rating", "rep.col.rating", ColKind::Number),
            c(lang, "signature", "rep.col.signature", ColKind::WriteIn(16)),
        ]);
        v
    };
    let mut parts = vec![heading(&d.event, lang, "rep.checkin")];
    let mut csv = Table::new(cols(true));
    for (team, lines) in &d.teams {
        parts.push(Part::Note(team.clone()));
        let mut t = Table::new(cols(false));
        for l in lines {
            let pos = match l.reserve {
                true => format!("{} ({})", l.position, tr(lang, "tp.reserve")),
                false => l.position.to_string(),
            };
            let row = vec![
                pos,
                l.start_no.to_string(),
                l.name.clone(),
                l.rating.map(|r| r.to_string()).unwrap_or_default(),
                String::new(),
            ];
            let mut full = vec![team.clone()];
            full.extend(row.iter().cloned());
            csv.rows.push(full);
            t.rows.push(row);
        }
        parts.push(Part::Table(t));
    }
    Doc {
        title: format!("{} · {}", d.event.name, tr(lang, "rep.checkin")),
        lang,
        parts,
        landscape: false,
        csv: Some(csv),
    }
}
