//! Team events: importing a team event's games CSV.

use super::*;

impl App {
    /// Imports a team event's games CSV (`round,home,away,board,game,red,
    /// black,result,…`). Rows of paired rounds must fit their pairing and
    /// lineups; later rounds are created from the file (matches in the
    /// order they first appear, lineups from the players). All or nothing.
    pub fn import_team_games(
        &mut self,
        event: EventId,
        bytes: &[u8],
        file: &str,
    ) -> Result<TeamGamesReport> {
        let (ev, ts) = self.team_event(event)?;
        let rows = read_team_games_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let views = self.teams_in_order(&ev, &ts)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let stored = self.store.lineups(ev.id)?;
        let matches = self.store.team_matches(ev.id)?;
        let tc = ev.settings.time_control;
        let gpr = ev.settings.games_per_round;
        let at = |line: u64, why: crate::i18n::Msg| invalid!("err.team.at_line", file, line, why);
        let mut into_paired: Vec<(u32, u32, Game)> = Vec::new();
        let mut new_rounds: Vec<NewTeamRound> = Vec::new();
        // (round, board number, game no) already in the file.
        let mut seen: HashMap<(u32, u32), u32> = HashMap::new();
        for (row, cells) in &rows {
            let line = row.line;
            let team = |name: &str| -> Result<&TeamView> {
                views
                    .iter()
                    .find(|v| v.team.name == name)
                    .ok_or_else(|| at(line, crate::i18n::msg!("err.team.unknown", team = name)))
            };
            let home = team(&cells.home)?;
            let away = team(&cells.away)?;
            if cells.board > ts.boards {
                return Err(at(
                    line,
                    crate::i18n::msg!(
                        "err.team.board_range",
                        board = cells.board,
                        boards = ts.boards
                    ),
                ));
            }
            let Some(black_name) = row.black.as_deref() else {
                return Err(at(line, crate::i18n::msg!("err.team.no_bye_rows")));
            };
            let on = |v: &TeamView, name: &str| v.roster.iter().position(|e| e.name == name);
            // Which side each player is on.
            let (hp, ap) = match (
                on(home, &row.red),
                on(away, black_name),
                on(away, &row.red),
                on(home, black_name),
            ) {
                (Some(h), Some(a), _, _) => ((h, row.red.as_str()), (a, black_name)),
                (_, _, Some(a), Some(h)) => ((h, black_name), (a, row.red.as_str())),
                _ => {
                    let who = if on(home, &row.red).is_none() && on(away, &row.red).is_none() {
                        row.red.as_str()
                    } else {
                        black_name
                    };
                    return Err(at(
                        line,
                        crate::i18n::msg!(
                            "err.team.player_not_in_match",
                            player = who,
                            home = &home.team.name,
                            away = &away.team.name
                        ),
                    ));
                }
            };
            let (home_entry, away_entry) = (home.roster[hp.0].id, away.roster[ap.0].id);
            let red_id = if row.red == hp.1 {
                home_entry
            } else {
                away_entry
            };
            let black_id = if red_id == home_entry {
                away_entry
            } else {
                home_entry
            };
            let mut game = Game::bare(red_id, black_id, row.outcome);
            game.facts = row.facts.clone();
            if row.round <= paired {
                let m = matches
                    .iter()
                    .find(|m| {
                        m.round == row.round
                            && m.home == home.team.id
                            && m.away == Some(away.team.id)
                    })
                    .ok_or_else(|| {
                        let actual = matches
                            .iter()
                            .filter(|m| {
                                m.round == row.round
                                    && (m.home == home.team.id
                                        || m.away == Some(home.team.id)
                                        || m.home == away.team.id
                                        || m.away == Some(away.team.id))
                            })
                            .map(|m| {
                                let n = |id: i64| {
                                    views
                                        .iter()
                                        .find(|v| v.team.id == id)
                                        .map(|v| v.team.name.clone())
                                        .unwrap_or_default()
                                };
                                format!(
                                    "{} – {}",
                                    n(m.home),
                                    m.away.map(n).unwrap_or_else(|| "BYE".into())
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("; ");
                        at(
                            line,
                            crate::i18n::msg!(
                                "err.team.no_such_match",
                                round = row.round,
                                home = &home.team.name,
                                away = &away.team.name,
                                paired = actual
                            ),
                        )
                    })?;
                let hl = self.lineup_of(home, row.round, &ts, &stored);
                let al = self.lineup_of(away, row.round, &ts, &stored);
                let bi = (cells.board - 1) as usize;
                for (lineup, entry, v, name) in
                    [(&hl, home_entry, home, hp.1), (&al, away_entry, away, ap.1)]
                {
                    if lineup[bi] != Some(entry) {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.not_in_lineup",
                                player = name,
                                team = &v.team.name,
                                round = row.round,
                                board = cells.board
                            ),
                        ));
                    }
                }
                let number = round_board_number(ts.boards, m.number, cells.board);
                let k = seen.entry((row.round, number)).or_default();
                game.game_no = if row.game_given { row.game } else { *k + 1 };
                *k = (*k).max(game.game_no);
                validate_game(&tc, gpr, &game).map_err(|why| at(line, why.msg()))?;
                into_paired.push((row.round, number, game));
                continue;
            }
            // A new round: must follow the stored ones and the file's.
            let next = paired + new_rounds.len() as u32;
            if row.round != next && row.round != next + 1 {
                return Err(at(
                    line,
                    crate::i18n::msg!("err.team.round_gap", round = row.round, next = next + 1),
                ));
            }
            if row.round == next + 1 {
                new_rounds.push(NewTeamRound {
                    number: row.round,
                    ..Default::default()
                });
            }
            let nr = new_rounds.last_mut().expect("pushed above");
            let mi = match nr
                .matches
                .iter()
                .position(|&(h, a)| h == home.team.id && a == Some(away.team.id))
            {
                Some(i) => i,
                None => {
                    for (t, v) in [(home.team.id, home), (away.team.id, away)] {
                        if nr.matches.iter().any(|&(h, a)| h == t || a == Some(t)) {
                            return Err(at(
                                line,
                                crate::i18n::msg!(
                                    "err.team.two_matches",
                                    team = &v.team.name,
                                    round = row.round
                                ),
                            ));
                        }
                    }
                    nr.matches.push((home.team.id, Some(away.team.id)));
                    nr.lineups
                        .push((home.team.id, vec![None; ts.boards as usize]));
                    nr.lineups
                        .push((away.team.id, vec![None; ts.boards as usize]));
                    nr.matches.len() - 1
                }
            };
            let bi = (cells.board - 1) as usize;
            for (t, entry, name) in [
                (home.team.id, home_entry, hp.1),
                (away.team.id, away_entry, ap.1),
            ] {
                let l = &mut nr
                    .lineups
                    .iter_mut()
                    .find(|(x, _)| *x == t)
                    .expect("added with the match")
                    .1;
                match l[bi] {
                    Some(e) if e != entry => {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.board_taken",
                                board = cells.board,
                                player = name
                            ),
                        ))
                    }
                    _ => {}
                }
                if l.iter()
                    .enumerate()
                    .any(|(i, x)| i != bi && *x == Some(entry))
                {
                    return Err(at(
                        line,
                        crate::i18n::msg!("err.team.two_boards", player = name, round = row.round),
                    ));
                }
                l[bi] = Some(entry);
            }
            let number = round_board_number(ts.boards, mi as u32 + 1, cells.board);
            let k = seen.entry((row.round, number)).or_default();
            game.game_no = if row.game_given { row.game } else { *k + 1 };
            *k = (*k).max(game.game_no);
            validate_game(&tc, gpr, &game).map_err(|why| at(line, why.msg()))?;
            match nr.boards.iter_mut().find(|b| b.number == number) {
                Some(b) => {
                    if b.games.iter().any(|g| g.game_no == game.game_no) {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.game_twice",
                                board = cells.board,
                                game = game.game_no
                            ),
                        ));
                    }
                    b.games.push(game)
                }
                None => {
                    // Board 1 of the match fixes the colours: home red on odd boards.
                    nr.boards.push(NewTeamBoard {
                        number,
                        red: if game.game_no == 1 {
                            game.red
                        } else {
                            game.black
                        },
                        black: if game.game_no == 1 {
                            game.black
                        } else {
                            game.red
                        },
                        games: vec![game],
                    })
                }
            }
        }
        // Lineups read from the file must follow the roster order.
        for nr in &new_rounds {
            for (t, l) in &nr.lineups {
                let v = views
                    .iter()
                    .find(|v| v.team.id == *t)
                    .expect("a known team");
                let pos: Vec<Option<usize>> = l
                    .iter()
                    .map(|e| e.and_then(|e| v.roster.iter().position(|r| r.id == e)))
                    .collect();
                if let Some(board) = lineup_order_break(&pos) {
                    let name = l[board - 1]
                        .and_then(|e| v.roster.iter().find(|r| r.id == e))
                        .map(|r| r.name.clone())
                        .unwrap_or_default();
                    let line = rows
                        .iter()
                        .find(|(r, c)| {
                            r.round == nr.number
                                && c.board == board as u32
                                && (r.red == name || r.black.as_deref() == Some(name.as_str()))
                        })
                        .map(|(r, _)| r.line)
                        .unwrap_or(1);
                    return Err(at(
                        line,
                        crate::i18n::msg!(
                            "err.team.lineup_order",
                            team = &v.team.name,
                            board,
                            player = name
                        ),
                    ));
                }
            }
        }
        let report = TeamGamesReport {
            games: into_paired.len()
                + new_rounds
                    .iter()
                    .flat_map(|r| r.boards.iter())
                    .map(|b| b.games.len())
                    .sum::<usize>(),
            rounds: new_rounds.len(),
        };
        self.store.save_team_rounds(
            ev.id,
            &new_rounds,
            &into_paired,
            "games-import",
            crate::i18n::msg!(
                "log.team_games_import",
                games = report.games,
                rounds = report.rounds,
                event = &ev.name,
                file
            ),
            None,
        )?;
        Ok(report)
    }
}
