//! Team events: settings, teams and rosters, matches and lineups.
//! A team member is an ordinary entry of the event; a board of a match is
//! an ordinary board of the round (see `teams.sql`).

use super::events::rounds_paired;
use super::games::upsert_game;
use super::log::{record, UndoStep};
use super::members::insert as insert_member;
use super::{Result, Store, StoreError};
use crate::domain::{
    Event, EventSettings, EventStatus, Game, NewMember, Outcome, Team, TeamMatch, TeamSettings,
};
use crate::i18n::{msg, Msg};
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::json;

/// A roster member to store: a known member, or a new one to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterMember {
    Known(i64),
    New(NewMember),
}

/// A team to store, roster in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTeam {
    pub name: String,
    pub club: Option<String>,
    pub captain: Option<String>,
    pub roster: Vec<RosterMember>,
}

/// A board of a team round to store: its number in the round, the players,
/// and the games known (none: an unplayed game 1 is stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTeamBoard {
    pub number: u32,
    pub red: i64,
    pub black: i64,
    pub games: Vec<Game>,
}

/// A team round to store: matches (home, away), lineups per team and boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewTeamRound {
    pub number: u32,
    pub matches: Vec<(i64, Option<i64>)>,
    pub lineups: Vec<(i64, Vec<Option<i64>>)>,
    pub boards: Vec<NewTeamBoard>,
}

/// One team's lineup of one round (entry per board; `None` = empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    pub team: i64,
    pub round: u32,
    pub boards: Vec<Option<i64>>,
}

fn entry_for_member(tx: &Transaction<'_>, event_id: i64, member_id: i64) -> Result<(i64, bool)> {
    if let Some(id) = tx
        .query_row(
            "SELECT id FROM entry WHERE event_id=?1 AND member_id=?2",
            params![event_id, member_id],
            |r| r.get(0),
        )
        .optional()?
    {
        return Ok((id, false));
    }
    let (rating, club): (Option<i32>, Option<String>) = tx.query_row(
        "SELECT rating, club FROM member WHERE id=?1",
        [member_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let next_no: i64 = tx.query_row(
        "SELECT coalesce(max(start_no), 0) + 1 FROM entry WHERE event_id=?1",
        [event_id],
        |r| r.get(0),
    )?;
    let first_round = rounds_paired(tx, event_id)? + 1;
    tx.execute(
        "INSERT INTO entry(event_id, member_id, start_no, rating, club, first_round)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![event_id, member_id, next_no, rating, club, first_round],
    )?;
    Ok((tx.last_insert_rowid(), true))
}

fn insert_board(tx: &Transaction<'_>, round_id: i64, b: &NewTeamBoard) -> Result<usize> {
    tx.execute(
        "INSERT INTO board(round_id, number, red, black) VALUES (?1, ?2, ?3, ?4)",
        params![round_id, b.number, b.red, b.black],
    )?;
    let board_id = tx.last_insert_rowid();
    if b.games.is_empty() {
        let mut g = Game::bare(b.red, b.black, Outcome::Unplayed);
        g.board_id = board_id;
        upsert_game(tx, &g)?;
        return Ok(0);
    }
    for g in &b.games {
        let mut g = g.clone();
        g.board_id = board_id;
        upsert_game(tx, &g)?;
    }
    Ok(b.games.len())
}

fn write_lineup(
    tx: &Transaction<'_>,
    team: i64,
    round: u32,
    boards: &[Option<i64>],
    undo: &mut Vec<UndoStep>,
) -> Result<()> {
    let old: Vec<(u32, Option<i64>)> = {
        let mut stmt = tx.prepare(
            "SELECT board, entry_id FROM team_lineup WHERE team_id=?1 AND round=?2 ORDER BY board",
        )?;
        let v = stmt
            .query_map(params![team, round], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        v
    };
    tx.execute(
        "DELETE FROM team_lineup WHERE team_id=?1 AND round=?2",
        params![team, round],
    )?;
    for (i, e) in boards.iter().enumerate() {
        tx.execute(
            "INSERT INTO team_lineup(team_id, round, board, entry_id) VALUES (?1, ?2, ?3, ?4)",
            params![team, round, (i + 1) as i64, e],
        )?;
    }
    undo.push(UndoStep::new(
        "DELETE FROM team_lineup WHERE team_id=?1 AND round=?2",
        vec![json!(team), json!(round)],
    ));
    for (b, e) in old {
        undo.push(UndoStep::new(
            "INSERT INTO team_lineup(team_id, round, board, entry_id) VALUES (?1, ?2, ?3, ?4)",
            vec![json!(team), json!(round), json!(b), json!(e)],
        ));
    }
    Ok(())
}

impl Store {
    /// Creates a team event: the event and its team settings, one change.
    pub fn create_team_event(
        &mut self,
        name: &str,
        start_date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        team: &TeamSettings,
    ) -> Result<Event> {
        let json = serde_json::to_string(team)?;
        self.new_event(
            name,
            start_date,
            settings,
            |tx, id| {
                tx.execute(
                    "INSERT INTO team_event(event_id, settings) VALUES (?1, ?2)",
                    params![id, json],
                )?;
                Ok(())
            },
            |name, id| msg!("log.team_event_new", name, id, boards = team.boards),
        )
    }

    /// The team settings of a team event; `None` for an individual event.
    pub fn team_settings(&self, event_id: i64) -> Result<Option<TeamSettings>> {
        let text: Option<String> = self
            .conn
            .query_row(
                "SELECT settings FROM team_event WHERE event_id=?1",
                [event_id],
                |r| r.get(0),
            )
            .optional()?;
        match text {
            None => Ok(None),
            Some(t) => Ok(Some(serde_json::from_str(&t)?)),
        }
    }

    /// Adds teams with their rosters in one change: unknown members are
    /// added, members are entered into the event. A member already on a team
    /// of the event is refused (`err.team.two_teams`).
    /// `source`: the file the teams came from (empty: typed in).
    pub fn add_teams(
        &mut self,
        event_id: i64,
        teams: &[NewTeam],
        source: &str,
    ) -> Result<Vec<Team>> {
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut undo = Vec::new();
        let mut new_members = Vec::new();
        let mut new_entries = Vec::new();
        let mut team_ids = Vec::new();
        for t in teams {
            let name = t.name.trim();
            super::limits::team(name, t.club.as_deref(), t.captain.as_deref())?;
            let exists: Option<i64> = tx
                .query_row(
                    "SELECT id FROM team WHERE event_id=?1 AND name=?2",
                    params![event_id, name],
                    |r| r.get(0),
                )
                .optional()?;
            if exists.is_some() {
                return Err(StoreError::Invalid(msg!(
                    "err.team.exists",
                    team = name,
                    event = &event.name
                )));
            }
            tx.execute(
                "INSERT INTO team(event_id, name, club, captain) VALUES (?1, ?2, ?3, ?4)",
                params![event_id, name, t.club, t.captain],
            )?;
            let team_id = tx.last_insert_rowid();
            team_ids.push(team_id);
            for (pos, m) in t.roster.iter().enumerate() {
                let member_id = match m {
                    RosterMember::Known(id) => *id,
                    RosterMember::New(nm) => {
                        let id = insert_member(&tx, nm)?;
                        new_members.push(id);
                        id
                    }
                };
                let (entry, fresh) = entry_for_member(&tx, event_id, member_id)?;
                if fresh {
                    new_entries.push(entry);
                }
                let other: Option<String> = tx
                    .query_row(
                        "SELECT t.name FROM team_member tm JOIN team t ON t.id = tm.team_id
                         WHERE tm.entry_id=?1",
                        [entry],
                        |r| r.get(0),
                    )
                    .optional()?;
                if let Some(other) = other {
                    let player: String =
                        tx.query_row("SELECT name FROM member WHERE id=?1", [member_id], |r| {
                            r.get(0)
                        })?;
                    return Err(StoreError::Invalid(msg!(
                        "err.team.two_teams",
                        player,
                        team = name,
                        other
                    )));
                }
                tx.execute(
                    "INSERT INTO team_member(team_id, entry_id, position) VALUES (?1, ?2, ?3)",
                    params![team_id, entry, (pos + 1) as i64],
                )?;
            }
        }
        for id in &team_ids {
            undo.push(UndoStep::new(
                "DELETE FROM team WHERE id=?1",
                vec![json!(id)],
            ));
        }
        for id in &new_entries {
            undo.push(UndoStep::new(
                "DELETE FROM entry WHERE id=?1",
                vec![json!(id)],
            ));
        }
        for id in &new_members {
            undo.push(UndoStep::new(
                "DELETE FROM member WHERE id=?1",
                vec![json!(id)],
            ));
        }
        let names: Vec<&str> = teams.iter().map(|t| t.name.trim()).collect();
        record(
            &tx,
            "team-add",
            match Some(source).filter(|s| !s.is_empty()) {
                Some(source) => msg!(
                    "log.team_add",
                    count = teams.len(),
                    event = &event.name,
                    source,
                    names = names.join(", ")
                ),
                None => msg!(
                    "log.team_add_typed",
                    count = teams.len(),
                    event = &event.name,
                    names = names.join(", ")
                ),
            },
            Some(&undo),
        )?;
        tx.commit()?;
        let all = self.teams(event_id)?;
        Ok(all
            .into_iter()
            .filter(|t| team_ids.contains(&t.id))
            .collect())
    }

    /// The event's teams (in creation order) with their rosters.
    pub fn teams(&self, event_id: i64) -> Result<Vec<Team>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, name, club, captain FROM team WHERE event_id=?1 ORDER BY id")?;
        let mut teams = stmt
            .query_map([event_id], |r| {
                Ok(Team {
                    id: r.get(0)?,
                    event_id,
                    name: r.get(1)?,
                    club: r.get(2)?,
                    captain: r.get(3)?,
                    roster: Vec::new(),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut stmt = self.conn.prepare(
            "SELECT tm.team_id, tm.entry_id FROM team_member tm JOIN team t ON t.id = tm.team_id
             WHERE t.event_id=?1 ORDER BY tm.team_id, tm.position",
        )?;
        let rows = stmt
            .query_map([event_id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (t, e) in rows {
            if let Some(team) = teams.iter_mut().find(|x| x.id == t) {
                team.roster.push(e);
            }
        }
        Ok(teams)
    }

    /// Every stored lineup of the event.
    pub fn lineups(&self, event_id: i64) -> Result<Vec<Lineup>> {
        let mut stmt = self.conn.prepare(
            "SELECT l.team_id, l.round, l.board, l.entry_id FROM team_lineup l
             JOIN team t ON t.id = l.team_id WHERE t.event_id=?1
             ORDER BY l.team_id, l.round, l.board",
        )?;
        let rows = stmt
            .query_map([event_id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, u32>(1)?,
                    r.get::<_, u32>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut out: Vec<Lineup> = Vec::new();
        for (team, round, board, entry) in rows {
            match out.last_mut() {
                Some(l) if l.team == team && l.round == round => {}
                _ => out.push(Lineup {
                    team,
                    round,
                    boards: Vec::new(),
                }),
            }
            let l = out.last_mut().expect("pushed above");
            while l.boards.len() + 1 < board as usize {
                l.boards.push(None);
            }
            l.boards.push(entry);
        }
        Ok(out)
    }

    /// Every match of the event, by round and number.
    pub fn team_matches(&self, event_id: i64) -> Result<Vec<TeamMatch>> {
        self.rows(
            "SELECT m.id, r.number, m.number, m.home, m.away FROM team_match m
             JOIN round r ON r.id = m.round_id WHERE r.event_id=?1 ORDER BY r.number, m.number",
            [event_id],
            |r| {
                Ok(TeamMatch {
                    id: r.get(0)?,
                    round: r.get(1)?,
                    number: r.get(2)?,
                    home: r.get(3)?,
                    away: r.get(4)?,
                })
            },
        )
    }

    /// Stores the next team rounds (pairing or import), one change:
    /// games into boards already paired (`into_paired`: round, board
    /// number, game), then new rounds' matches, lineups, boards and games. `number`s must follow the
    /// rounds stored.
    pub fn save_team_rounds(
        &mut self,
        event_id: i64,
        rounds: &[NewTeamRound],
        into_paired: &[(u32, u32, Game)],
        action: &str,
        summary: Msg,
        expected: Option<u64>,
    ) -> Result<usize> {
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        super::stamp::check_unchanged(&tx, event_id, expected)?;
        let mut undo = Vec::new();
        upsert_round_games(&tx, event_id, into_paired, &mut undo)?;
        let mut games = into_paired.len();
        for rd in rounds {
            let round_id = super::events::insert_next_round(&tx, event_id, rd.number)?;
            undo.push(UndoStep::new(
                "DELETE FROM round WHERE id=?1",
                vec![json!(round_id)],
            ));
            for (i, (home, away)) in rd.matches.iter().enumerate() {
                tx.execute(
                    "INSERT INTO team_match(round_id, number, home, away) VALUES (?1, ?2, ?3, ?4)",
                    params![round_id, (i + 1) as i64, home, away],
                )?;
            }
            for (team, boards) in &rd.lineups {
                write_lineup(&tx, *team, rd.number, boards, &mut undo)?;
            }
            for b in &rd.boards {
                games += insert_board(&tx, round_id, b)?;
            }
        }
        if event.status == EventStatus::Planned {
            tx.execute("UPDATE event SET status='running' WHERE id=?1", [event_id])?;
        }
        undo.push(UndoStep::new(
            "UPDATE event SET status=?2 WHERE id=?1",
            vec![json!(event_id), json!(event.status.code())],
        ));
        record(&tx, action, summary, Some(&undo))?;
        tx.commit()?;
        Ok(games)
    }

    /// Sets a team's lineup for a round, one change. When the round is
    /// paired, the match's boards `replace` (numbers to drop, boards to
    /// insert) are swapped in the same transaction; refused if any of the
    /// dropped boards has a result.
    pub fn set_lineup(
        &mut self,
        event_id: i64,
        lineup: &Lineup,
        replace: Option<(Vec<u32>, Vec<NewTeamBoard>)>,
        summary: Msg,
    ) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut undo = Vec::new();
        if let Some((drop, add)) = &replace {
            let round_id: i64 = tx.query_row(
                "SELECT id FROM round WHERE event_id=?1 AND number=?2",
                params![event_id, lineup.round],
                |r| r.get(0),
            )?;
            for n in drop {
                let old: Option<(i64, i64, Option<i64>)> = tx
                    .query_row(
                        "SELECT id, red, black FROM board WHERE round_id=?1 AND number=?2",
                        params![round_id, n],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )
                    .optional()?;
                let Some((board_id, red, black)) = old else {
                    continue;
                };
                let results: i64 = tx.query_row(
                    "SELECT count(*) FROM game WHERE board_id=?1 AND outcome <> '*'",
                    [board_id],
                    |r| r.get(0),
                )?;
                if results > 0 {
                    return Err(StoreError::Invalid(msg!(
                        "err.team.lineup_after_result",
                        round = lineup.round
                    )));
                }
                tx.execute("DELETE FROM board WHERE id=?1", [board_id])?;
                undo.push(UndoStep::new(
                    "INSERT INTO board(id, round_id, number, red, black) VALUES (?1, ?2, ?3, ?4, ?5)",
                    vec![json!(board_id), json!(round_id), json!(n), json!(red), json!(black)],
                ));
                if let Some(b) = black {
                    undo.push(UndoStep::new(
                        "INSERT INTO game(board_id, game_no, red, black) VALUES (?1, 1, ?2, ?3)",
                        vec![json!(board_id), json!(red), json!(b)],
                    ));
                }
            }
            let mut inserted = Vec::new();
            for b in add {
                insert_board(&tx, round_id, b)?;
                inserted.push(b.number);
            }
            // Undo runs in order: first remove the new boards.
            let mut first: Vec<UndoStep> = inserted
                .iter()
                .map(|n| {
                    UndoStep::new(
                        "DELETE FROM board WHERE round_id=?1 AND number=?2",
                        vec![json!(round_id), json!(n)],
                    )
                })
                .collect();
            first.append(&mut undo);
            undo = first;
        }
        write_lineup(&tx, lineup.team, lineup.round, &lineup.boards, &mut undo)?;
        record(&tx, "team-lineup", summary, Some(&undo))?;
        tx.commit()?;
        Ok(())
    }
}

impl Store {
    /// Replaces a team's roster (entries in board order) in one logged
    /// change: a new member is added to the club and entered into the
    /// event. A member on another team of the event is refused
    /// (`err.team.two_teams`).
    pub fn set_roster(
        &mut self,
        event_id: i64,
        team_id: i64,
        roster: &[RosterMember],
        summary: impl super::log::IntoSummary,
    ) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let team: String =
            tx.query_row("SELECT name FROM team WHERE id=?1", [team_id], |r| r.get(0))?;
        tx.execute("DELETE FROM team_member WHERE team_id=?1", [team_id])?;
        for (pos, m) in roster.iter().enumerate() {
            let member_id = match m {
                RosterMember::Known(id) => *id,
                RosterMember::New(nm) => insert_member(&tx, nm)?,
            };
            let (entry, _) = entry_for_member(&tx, event_id, member_id)?;
            let other: Option<String> = tx
                .query_row(
                    "SELECT t.name FROM team_member tm JOIN team t ON t.id = tm.team_id
                     WHERE tm.entry_id=?1",
                    [entry],
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(other) = other {
                let player: String =
                    tx.query_row("SELECT name FROM member WHERE id=?1", [member_id], |r| {
                        r.get(0)
                    })?;
                return Err(StoreError::Invalid(msg!(
                    "err.team.two_teams",
                    player,
                    team = &team,
                    other
                )));
            }
            tx.execute(
                "INSERT INTO team_member(team_id, entry_id, position) VALUES (?1, ?2, ?3)",
                params![team_id, entry, (pos + 1) as i64],
            )?;
        }
        record(&tx, "team-roster", summary, None)?;
        tx.commit()?;
        Ok(())
    }
}

/// Stores games into boards of paired rounds (by round and board number);
/// undo restores the unplayed games.
fn upsert_round_games(
    tx: &Transaction<'_>,
    event_id: i64,
    games: &[(u32, u32, Game)],
    undo: &mut Vec<UndoStep>,
) -> Result<()> {
    for (round, number, g) in games {
        let board_id: i64 = tx
            .query_row(
                "SELECT b.id FROM board b JOIN round r ON r.id = b.round_id
                 WHERE r.event_id=?1 AND r.number=?2 AND b.number=?3",
                params![event_id, round, number],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| StoreError::NotFound(msg!("err.app.no_board", round, board = number)))?;
        let old: Option<(i64, i64, String)> = tx
            .query_row(
                "SELECT red, black, outcome FROM game WHERE board_id=?1 AND game_no=?2",
                params![board_id, g.game_no],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        undo.push(UndoStep::new(
            "DELETE FROM game WHERE board_id=?1 AND game_no=?2",
            vec![json!(board_id), json!(g.game_no)],
        ));
        if let Some((red, black, outcome)) = old {
            undo.push(UndoStep::new(
                "INSERT INTO game(board_id, game_no, red, black, outcome) VALUES (?1, ?2, ?3, ?4, ?5)",
                vec![json!(board_id), json!(g.game_no), json!(red), json!(black), json!(outcome)],
            ));
        }
        let mut g = g.clone();
        g.board_id = board_id;
        upsert_game(tx, &g)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::EventSettings;

    #[test]
    fn a_version_one_database_gains_the_team_tables() {
        let mut c = rusqlite::Connection::open_in_memory().unwrap();
        // The schema as first released: without the team tables.
        c.execute_batch(include_str!("base.sql")).unwrap();
        c.execute_batch("PRAGMA user_version = 1;").unwrap();
        super::super::migrations::migrate(&mut c).unwrap();
        let n: i64 = c
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type='table' AND name LIKE 'team%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 5);
    }

    #[test]
    fn a_member_on_two_teams_is_refused_and_nothing_is_written_and_undo_removes_a_team() {
        let mut s = Store::open_in_memory().unwrap();
        let ev = s
            .create_team_event(
                "T",
                None,
                &EventSettings::default(),
                &TeamSettings::default(),
            )
            .unwrap();
        assert_eq!(s.team_settings(ev.id).unwrap().unwrap().boards, 4);
        let m = s
            .add_member(&NewMember {
                name: "甲".into(),
                ..Default::default()
            })
            .unwrap();
        let team = |name: &str, roster: Vec<RosterMember>| NewTeam {
            name: name.into(),
            club: None,
            captain: None,
            roster,
        };
        s.add_teams(ev.id, &[team("A", vec![RosterMember::Known(m.id)])], "t")
            .unwrap();
        let new = RosterMember::New(NewMember {
            name: "乙".into(),
            ..Default::default()
        });
        let e = s
            .add_teams(
                ev.id,
                &[team("B", vec![new, RosterMember::Known(m.id)])],
                "t",
            )
            .unwrap_err();
        assert!(e.to_string().contains("two teams"), "{e}");
        assert_eq!(s.teams(ev.id).unwrap().len(), 1);
        assert_eq!(s.members(true).unwrap().len(), 1, "乙 was not added");
        s.undo_last().unwrap();
        assert!(s.teams(ev.id).unwrap().is_empty());
        assert!(s.entries(ev.id).unwrap().is_empty());
    }
}
