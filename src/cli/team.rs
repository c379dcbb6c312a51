//! `qishe team …`: teams and rosters, lineups and the matches of a round
//! in a team event (团体赛, `specs/teams.md`).

use super::output::{Format, Table};
use super::{CliResult, Ctx};
use crate::app::teams::TeamRoundView;
use crate::app::RoundNo;
use crate::domain::Points;
use crate::i18n::{tr, Lang};
use crate::scoring::team::TeamStandings;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum TeamCmd {
    Add {
        event: String,
        team: String,
        #[arg(long)]
        club: Option<String>,
        #[arg(long)]
        captain: Option<String>,
        #[arg(long)]
        players: String,
        #[arg(long)]
        create: bool,
    },
    List {
        event: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Lineup {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        team: String,
        players: String,
    },
    Roster {
        event: String,
        team: String,
        #[arg(value_parser = ["add", "remove"])]
        action: String,
        player: String,
        #[arg(long)]
        create: bool,
        #[arg(long)]
        force: bool,
    },
    Round {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: Option<RoundNo>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

fn split(list: &str) -> Vec<String> {
    list.split([',', '，'])
        .map(|s| s.trim().to_string())
        .collect()
}

pub fn run(ctx: &Ctx, cmd: TeamCmd) -> CliResult {
    let mut app = ctx.open()?;
    let l = ctx.lang;
    match cmd {
        TeamCmd::Add {
            event,
            team,
            club,
            captain,
            players,
            create,
        } => {
            let list: Vec<String> = split(&players)
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect();
            let event = app.find_event(&event)?.key();
            let roster = app.find_roster(event, &team, &list, create)?;
            let t = app.add_team(event, &team, club.as_deref(), captain.as_deref(), &roster)?;
            let n = crate::i18n::msg!("cli.out.players", n = t.roster.len());
            say!("{}\t{}\t{}", t.id, t.name, n.render(ctx.lang));
        }
        TeamCmd::List { event, format } => {
            let (ev, ts) = app.team_event(app.find_event(&event)?.key())?;
            let views = app.teams_in_order(&ev, &ts)?;
            let mut t = Table::new(&[
                ("no", tr(l, "col.no").into(), true),
                ("team", tr(l, "col.team").into(), false),
                ("club", tr(l, "col.club").into(), false),
                ("captain", tr(l, "col.captain").into(), false),
                ("average", tr(l, "col.average").into(), true),
                ("roster", tr(l, "col.roster").into(), false),
            ]);
            for v in &views {
                let b = ts.boards as usize;
                let roster: Vec<String> = v
                    .roster
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        if i < b {
                            e.name.clone()
                        } else {
                            format!("({})", e.name)
                        }
                    })
                    .collect();
                t.push(vec![
                    v.no.to_string(),
                    v.team.name.clone(),
                    v.team.club.clone().unwrap_or_default(),
                    v.team.captain.clone().unwrap_or_default(),
                    v.average.to_string(),
                    roster.join(","),
                ]);
            }
            say_raw!("{}", t.render(format));
        }
        TeamCmd::Lineup {
            event,
            round,
            team,
            players,
        } => {
            let event = app.find_event(&event)?.key();
            let id = app.find_team(event, &team)?;
            let lineup = app.find_lineup(event, round, id, &split(&players))?;
            let boards = app.set_team_lineup(event, round, id, &lineup)?;
            let filled = boards.iter().filter(|b| b.is_some()).count();
            let line = crate::i18n::msg!(
                "cli.out.lineup",
                round,
                team = &team,
                filled,
                boards = boards.len()
            );
            say!("{}", line.render(ctx.lang));
        }
        TeamCmd::Roster {
            event,
            team,
            action,
            player,
            create,
            force,
        } => {
            use crate::app::teams::RosterChange;
            let event = app.find_event(&event)?.key();
            let id = app.find_team(event, &team)?;
            let change = if action == "add" {
                RosterChange::Add {
                    player: app.find_reserve(&player, create)?,
                }
            } else {
                RosterChange::Remove {
                    player: app.find_roster_member(event, id, &player)?,
                }
            };
            let t = app.change_roster(event, id, &change, force)?;
            let names: Vec<String> = app
                .knockout_entries(event)?
                .into_iter()
                .filter(|e| t.roster.contains(&e.id))
                .map(|e| (t.roster.iter().position(|x| *x == e.id), e.name))
                .collect::<std::collections::BTreeMap<_, _>>()
                .into_values()
                .collect();
            say!("{}: {}", t.name, names.join(","));
        }
        TeamCmd::Round {
            event,
            round,
            format,
        } => {
            let v = app.team_round_view(app.find_event(&event)?.key(), round)?;
            say_raw!("{}", round_table(&v, l).render(format));
        }
    }
    Ok(())
}

fn pts(p: Option<Points>) -> String {
    p.map(|x| x.to_string()).unwrap_or_default()
}

/// A round's boards, match by match: `match,board,number,home,away,red,black,result,…`.
pub fn round_table(v: &TeamRoundView, l: crate::i18n::Lang) -> Table {
    let mut t = Table::new(&[
        ("match", tr(l, "col.match").into(), true),
        ("board", tr(l, "col.board").into(), true),
        ("number", tr(l, "col.round_board").into(), true),
        ("home", tr(l, "col.home").into(), false),
        ("away", tr(l, "col.away").into(), false),
        ("red", tr(l, "col.red").into(), false),
        ("black", tr(l, "col.black").into(), false),
        ("result", tr(l, "col.result").into(), false),
        ("home-points", tr(l, "col.home_points").into(), true),
        ("away-points", tr(l, "col.away_points").into(), true),
    ]);
    for m in &v.matches {
        let away = m.away.clone().unwrap_or_else(|| tr(l, "col.bye").into());
        if m.away.is_none() {
            t.push(vec![
                m.number.to_string(),
                String::new(),
                String::new(),
                m.home.clone(),
                away,
                String::new(),
                String::new(),
                String::new(),
                m.home_game_points.to_string(),
                String::new(),
            ]);
            continue;
        }
        for b in &m.boards {
            let (red, black) = if b.home_red {
                (&b.home, &b.away)
            } else {
                (&b.away, &b.home)
            };
            t.push(vec![
                m.number.to_string(),
                b.board.to_string(),
                b.number.to_string(),
                m.home.clone(),
                away.clone(),
                red.clone(),
                black.clone(),
                b.result.clone(),
                pts(b.home_points),
                pts(b.away_points),
            ]);
        }
        let pending = m.status == crate::scoring::team::MatchStatus::Pending;
        t.push(vec![
            m.number.to_string(),
            String::new(),
            String::new(),
            m.home.clone(),
            away,
            String::new(),
            String::new(),
            if pending {
                String::new()
            } else {
                format!("{}:{}", m.home_match_points, m.away_match_points)
            },
            if pending {
                String::new()
            } else {
                m.home_game_points.to_string()
            },
            if pending {
                String::new()
            } else {
                m.away_game_points.to_string()
            },
        ]);
    }
    t
}

/// Team standings: `rank,team,match-points,game-points,<tie-break codes>`.
pub fn standings_table(st: &TeamStandings, format: Format, l: Lang) -> Table {
    let h = |key: &str, en: &str| super::output::heading(l, key, en);
    let mut cols: Vec<(&'static str, String, bool)> = vec![
        ("rank", h("rep.col.rank", "rank"), true),
        ("team", h("rep.team.team", "team"), false),
        (
            "match-points",
            h("rep.team.match_points", "match-points"),
            true,
        ),
        (
            "game-points",
            h("rep.team.game_points", "game-points"),
            true,
        ),
    ];
    let shown: Vec<usize> = st
        .tiebreaks
        .iter()
        .enumerate()
        .filter(|(_, t)| t.code() != "game-points")
        .map(|(i, _)| i)
        .collect();
    for &i in &shown {
        let c = st.tiebreaks[i].code();
        cols.push((c, h(&format!("tb.team.{c}"), c), true));
    }
    let mut t = Table::new(&cols);
    for r in &st.rows {
        let rank = if format == Format::Text && r.shared {
            format!("{}=", r.rank)
        } else {
            r.rank.to_string()
        };
        let mut row = vec![
            rank,
            r.team.name.clone(),
            r.match_points.to_string(),
            r.game_points.to_string(),
        ];
        for &i in &shown {
            // board-results: every board's game points (3/2.5/1).
            // CSV and JSON keep the tie-break's own value (`direct` 0 where
            // it does not apply: not tied, or not all met); the text table
            // shows what the documents and the TUI show: `direct` the
            // matches among the teams level on match points, blank where
            // they have not all met.
            let (tb, v) = &r.values[i];
            row.push(if format == Format::Text {
                r.shown_value(i)
                    .shown_text(*tb, |p| p.to_string())
                    .unwrap_or_default()
            } else {
                v.shown_text(*tb, |p| p.to_string())
                    .unwrap_or_else(|| Points::ZERO.to_string())
            });
        }
        t.push(row);
    }
    t
}

/// Board prizes: `board,rank,name,team,game-points,games,percent`.
pub fn board_prizes_table(
    rows: &[crate::scoring::team::BoardPrizeRow],
    format: Format,
    l: Lang,
) -> Table {
    let h = |key: &str, en: &str| super::output::heading(l, key, en);
    let mut t = Table::new(&[
        ("board", h("rep.col.board", "board"), true),
        ("rank", h("rep.col.rank", "rank"), true),
        ("name", h("col.name", "name"), false),
        ("team", h("rep.team.team", "team"), false),
        (
            "game-points",
            h("rep.team.game_points", "game-points"),
            true,
        ),
        ("games", h("rep.team.games", "games"), true),
        ("percent", h("rep.team.percent", "percent"), true),
    ]);
    for r in rows {
        let rank = if format == Format::Text && r.shared {
            format!("{}=", r.rank)
        } else {
            r.rank.to_string()
        };
        t.push(vec![
            r.board.to_string(),
            rank,
            r.name.clone(),
            r.team_name.clone(),
            r.game_points.to_string(),
            r.games.to_string(),
            r.percent.to_string(),
        ]);
    }
    t
}
