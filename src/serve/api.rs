//! The JSON the pages use and tests call. Points are written as strings
//! (`"2.5"`): exact, as qishe keeps them, never a float.

use crate::app::RoundNo;
use crate::app::{App, EventId, EventRound, EventStandings, Result};
use crate::domain::{Entry, EventKind};
use serde_json::{json, Value};

fn kind_code(k: EventKind) -> &'static str {
    k.key().trim_start_matches("kind.")
}

fn player(e: &Entry) -> Value {
    json!({"no": e.start_no, "name": e.name, "club": e.club})
}

/// `GET /api/events`.
pub fn events(app: &App) -> Result<Value> {
    let list: Vec<Value> = app
        .event_summaries()?
        .into_iter()
        .map(|s| {
            json!({
                "id": s.event.id,
                "name": s.event.name,
                "status": s.event.status.code(),
                "champion_decided": s.champion_decided,
                "kind": kind_code(s.kind),
                "rounds_paired": s.rounds_paired,
                "rounds": s.event.settings.rounds,
                "players": s.players,
            })
        })
        .collect();
    Ok(Value::Array(list))
}

/// A board's result in the result notation: `null` while a game is open.
fn result_of(codes: &[String]) -> Value {
    if codes.is_empty() || codes.iter().any(|c| c == "*" || c.is_empty()) {
        Value::Null
    } else {
        Value::String(codes.join(" "))
    }
}

/// `GET /api/events/ID/rounds/N`: boards for every kind; a team event's
/// matches and a knockout's matches besides.
pub fn round(app: &App, id: EventId, n: u32) -> Result<Value> {
    Ok(match app.event_round(id, Some(RoundNo(n)))? {
        EventRound::Individual(v) => {
            let boards: Vec<Value> = v
                .boards
                .iter()
                .filter_map(|b| {
                    let black = b.black.as_ref()?;
                    Some(json!({
                        "board": b.number,
                        "red": player(&b.red),
                        "black": player(black),
                        "result": result_of(&b.results),
                    }))
                })
                .collect();
            let mut byes: Vec<Value> = v
                .boards
                .iter()
                .filter(|b| b.black.is_none())
                .map(|b| {
                    let mut p = player(&b.red);
                    p["board"] = json!(b.number);
                    p["reason"] = json!("bye");
                    p
                })
                .collect();
            byes.extend(v.absent.iter().map(|(e, why)| {
                let mut p = player(e);
                p["reason"] = json!(why.trim_start_matches("rep.reason."));
                p
            }));
            json!({"round": v.number, "kind": "individual", "boards": boards, "byes": byes})
        }
        EventRound::Team(v) => {
            let mut boards = Vec::new();
            let matches: Vec<Value> = v
                .matches
                .iter()
                .map(|m| {
                    for b in &m.boards {
                        let (red, black) = match b.home_red {
                            true => (&b.home, &b.away),
                            false => (&b.away, &b.home),
                        };
                        boards.push(json!({
                            "board": b.number,
                            "match": m.number,
                            "match_board": b.board,
                            "red": {"name": red},
                            "black": {"name": black},
                            "result": match b.result.as_str() {
                                "" | "*" => Value::Null,
                                r => json!(r),
                            },
                        }));
                    }
                    json!({
                        "match": m.number,
                        "home": m.home,
                        "away": m.away,
                        "home_game_points": m.home_game_points.to_string(),
                        "away_game_points": m.away_game_points.to_string(),
                        "home_match_points": m.home_match_points.to_string(),
                        "away_match_points": m.away_match_points.to_string(),
                    })
                })
                .collect();
            json!({"round": v.round, "kind": "team", "boards": boards, "matches": matches, "byes": []})
        }
        EventRound::Knockout { round, matches } => {
            let mut byes = Vec::new();
            let mut boards = Vec::new();
            for m in &matches {
                let Some(b) = &m.b else {
                    let mut p = player(&m.a);
                    p["board"] = json!(m.board);
                    p["reason"] = json!("bye");
                    byes.push(p);
                    continue;
                };
                let (red, black) = match m.first_red == m.a.id {
                    true => (&m.a, b),
                    false => (b, &m.a),
                };
                let games: Vec<Value> = m
                    .games
                    .iter()
                    .map(|g| json!({"game": g.game_no, "result": g.outcome.code()}))
                    .collect();
                boards.push(json!({
                    "board": m.board,
                    "red": player(red),
                    "black": player(black),
                    "result": match m.games.first() {
                        Some(g) if g.outcome != crate::domain::Outcome::Unplayed => json!(g.outcome.code()),
                        _ => Value::Null,
                    },
                    "games": games,
                    "winner": m.winner.as_ref().map(player),
                    "third_place": m.third_place,
                }));
            }
            json!({"round": round, "kind": "knockout", "boards": boards, "byes": byes})
        }
    })
}

/// A standings row's tie-break values by code, as JSON.
fn tiebreaks<'a>(values: impl Iterator<Item = (&'a str, Value)>) -> Value {
    Value::Object(values.map(|(c, v)| (c.to_string(), v)).collect())
}

/// `GET /api/events/ID/standings`: an array, one row per player (a team
/// event: per team), after the complete rounds (a knockout: its ranking).
pub fn standings(app: &App, id: EventId) -> Result<Value> {
    Ok(match app.event_standings(id, None)? {
        EventStandings::Individual(s) => {
            let rows: Vec<Value> = s
                .rows
                .iter()
                .map(|r| {
                    let tb = tiebreaks(
                        r.values
                            .iter()
                            .map(|(t, v)| (t.code(), json!(v.to_string()))),
                    );
                    json!({
                        "rank": r.rank,
                        "shared": r.shared,
                        "no": r.player.start_no,
                        "name": r.player.name,
                        "points": r.points.to_string(),
                        "tiebreaks": tb,
                    })
                })
                .collect();
            Value::Array(rows)
        }
        EventStandings::Team(s) => {
            let rows: Vec<Value> = s
                .rows
                .iter()
                .map(|r| {
                    let tb = tiebreaks(
                        r.values
                            .iter()
                            .map(|(t, v)| (t.code(), json!(v.shown().map(|p| p.to_string())))),
                    );
                    json!({
                        "rank": r.rank,
                        "shared": r.shared,
                        "no": r.team.no,
                        "name": r.team.name,
                        "points": r.match_points.to_string(),
                        "game_points": r.game_points.to_string(),
                        "tiebreaks": tb,
                    })
                })
                .collect();
            Value::Array(rows)
        }
        EventStandings::Knockout(s) => {
            let rows: Vec<Value> = s
                .rows
                .iter()
                .map(|r| {
                    json!({
                        "rank": r.rank,
                        "no": r.entry.start_no,
                        "name": r.entry.name,
                        "lost_in_round": r.lost_in_round,
                    })
                })
                .collect();
            Value::Array(rows)
        }
    })
}
