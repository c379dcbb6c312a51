//! Team events: pairing a round, board numbers, team standings and board prizes.

use super::*;
use crate::app::EventId;
use crate::domain::{BoardNo, RoundNo};

impl App {
    /// Pairs the next round of a team event and stores matches, lineups
    /// and boards in one transaction. As for individual events, the round
    /// is stored only if the event is still as it was read (else it is
    /// paired again from the new state).
    pub fn pair_team_round(&mut self, event: EventId) -> Result<TeamPairOutcome> {
        self.pair_team_round_with(event, false)
    }

    /// [`App::pair_team_round`]; with `allow_clubmates`, a round that the
    /// club rule (teams of one club do not meet) leaves unpaired is paired
    /// with that rule off for this round only, every other rule kept, said
    /// in the pairing's notes and the undo log.
    pub(crate) fn pair_team_round_with(
        &mut self,
        event: EventId,
        allow_clubmates: bool,
    ) -> Result<TeamPairOutcome> {
        let id = self.event(event)?.id;
        let mut attempt = 1;
        loop {
            let stamp = self.store.event_stamp(id)?;
            match self.pair_team_round_from(event, stamp, allow_clubmates) {
                Err(AppError::Store(crate::store::StoreError::Changed))
                    if attempt < crate::app::rounds::PAIR_ATTEMPTS =>
                {
                    attempt += 1
                }
                r => return r,
            }
        }
    }

    /// One attempt of [`App::pair_team_round`] from the event as it was
    /// when its stamp was `stamp`.
    fn pair_team_round_from(
        &mut self,
        event: EventId,
        stamp: u64,
        allow_clubmates: bool,
    ) -> Result<TeamPairOutcome> {
        let (ev, ts) = self.team_event(event)?;
        let round = self.store.rounds_paired(ev.id)? + 1;
        if ev.settings.system != crate::domain::PairingSystem::Berger && round > ev.settings.rounds
        {
            return Err(AppError::AllRoundsPaired {
                rounds: ev.settings.rounds,
                event: ev.name.clone(),
            });
        }
        let (views, units) = self.team_units(&ev, &ts, round)?;
        let config = self.pairing_config(&ev)?;
        let state = |apart: bool| state_of(&ev, &ts, &units, round, apart);
        let apart = config.cxa.avoid_same_club;
        let (pairing, relaxed) = match pair_teams(&state(apart), &config) {
            Err(crate::pairing::PairingError::NoLegalPairing { .. })
                if allow_clubmates && apart =>
            {
                let mut p = pair_teams(&state(false), &config.without_club_rule())?;
                p.notes
                    .push(crate::i18n::msg!("note.pairing.clubmates_allowed", round));
                (p, true)
            }
            r => (r?, false),
        };
        let by_no = |no: u32| -> Result<&TeamView> {
            views
                .iter()
                .find(|v| v.no == no)
                .ok_or_else(|| invalid!("err.app.no_start_number", no, event = &ev.name))
        };
        let stored = self.store.lineups(ev.id)?;
        let mut nr = NewTeamRound {
            number: round,
            ..Default::default()
        };
        let mut names = Vec::new();
        for (i, pb) in pairing.boards.iter().enumerate() {
            let (h, a) = (by_no(pb.red)?, by_no(pb.black)?);
            let hl = self.lineup_of(h, round, &ts, &stored);
            let al = self.lineup_of(a, round, &ts, &stored);
            nr.boards
                .extend(match_boards(ts.boards, i as u32 + 1, &hl, &al));
            nr.matches.push((h.team.id, Some(a.team.id)));
            nr.lineups.push((h.team.id, hl));
            nr.lineups.push((a.team.id, al));
            names.push((h.team.name.clone(), Some(a.team.name.clone())));
        }
        if let Some(bye) = pairing.bye {
            let t = by_no(bye)?;
            nr.matches.push((t.team.id, None));
            names.push((t.team.name.clone(), None));
        }
        #[cfg(any(test, feature = "testkit"))]
        crate::app::rounds::before_round_save();
        self.store.save_team_rounds(
            ev.id,
            &[nr],
            &[],
            "round-pair",
            crate::i18n::msg!(
                if relaxed {
                    "log.team_round_pair_clubmates"
                } else {
                    "log.team_round_pair"
                },
                round,
                event = &ev.name,
                matches = names.len()
            ),
            Some(stamp),
        )?;
        Ok(TeamPairOutcome {
            round: RoundNo(round),
            matches: names,
            pairing,
        })
    }

    /// The teams of `ev` in pairing order and as the pairing sees them
    /// before round `round`: refused while fewer than two teams or a match
    /// of an earlier round is pending.
    fn team_units(
        &self,
        ev: &Event,
        ts: &TeamSettings,
        round: u32,
    ) -> Result<(Vec<TeamView>, Vec<TeamUnit>)> {
        let views = self.teams_in_order(ev, ts)?;
        if views.len() < 2 {
            return Err(invalid!("err.team.too_few_teams", event = &ev.name));
        }
        let data = self.team_event_data(ev, ts)?;
        let scheme = self.scheme(ev)?;
        let scores = match_scores(&data, &scheme, round - 1)?;
        if let Some(m) = scores.iter().find(|m| m.status == MatchStatus::Pending) {
            return Err(AppError::RoundNotFinished {
                round: m.round,
                name: views
                    .iter()
                    .find(|v| v.team.id == m.home)
                    .map(|v| v.team.name.clone())
                    .unwrap_or_default(),
                next: round,
            });
        }
        let rounds = team_rounds(&data, &scores, round - 1);
        let no_of: HashMap<i64, u32> = views.iter().map(|v| (v.team.id, v.no)).collect();
        let units: Vec<TeamUnit> = views
            .iter()
            .zip(&rounds)
            .map(|(v, rs)| TeamUnit {
                no: v.no,
                name: v.team.name.clone(),
                rating: v.average.max(0) as u32,
                club: v.team.club.clone(),
                history: rs
                    .iter()
                    .map(|r| {
                        let past = match (r.kind, r.opponent) {
                            (TeamRoundKind::Bye, _) => TeamPast::Bye,
                            (
                                TeamRoundKind::Played
                                | TeamRoundKind::ForfeitWin
                                | TeamRoundKind::ForfeitLoss,
                                Some(o),
                            ) => TeamPast::Match {
                                opponent: no_of.get(&o).copied().unwrap_or(0),
                                home: r.home.unwrap_or(true),
                                result: match r.result {
                                    Some(RoundResult::Win) => GameScore::Win,
                                    Some(RoundResult::Draw) => GameScore::Draw,
                                    _ => GameScore::Loss,
                                },
                                forfeit: r.kind != TeamRoundKind::Played,
                            },
                            _ => TeamPast::NotPaired,
                        };
                        (past, r.match_points)
                    })
                    .collect(),
                available: true,
            })
            .collect();
        Ok((views, units))
    }

    /// Whether the club rule (teams of one club do not meet) is what
    /// leaves the next round of team event `ev` unpaired.
    pub(crate) fn team_club_rule_blocks(&self, ev: &Event) -> Result<bool> {
        let Some(ts) = self.team_settings_of(ev)? else {
            return Ok(false);
        };
        let config = self.pairing_config(ev)?;
        if !config.cxa.avoid_same_club {
            return Ok(false);
        }
        let round = self.store.rounds_paired(ev.id)? + 1;
        let Ok((_, units)) = self.team_units(ev, &ts, round) else {
            return Ok(false);
        };
        let state = |apart: bool| state_of(ev, &ts, &units, round, apart);
        Ok(pair_teams(&state(true), &config).is_err()
            && pair_teams(&state(false), &config.without_club_rule()).is_ok())
    }

    /// The round board number of board `board` of match `match_no`.
    pub fn team_board_number(
        &self,
        event: EventId,
        round: RoundNo,
        match_no: u32,
        board: BoardNo,
    ) -> Result<BoardNo> {
        let board = board.get();
        let (ev, ts) = self.team_event(event)?;
        if board == 0 || board > ts.boards {
            return Err(invalid!("err.team.board_range", board, boards = ts.boards));
        }
        // The match must be one of the round's (a paired round's matches
        // are numbered 1…n); another round's or none is named as such.
        let matches = self
            .store
            .team_matches(ev.id)?
            .into_iter()
            .filter(|m| m.round == round.get())
            .count() as u32;
        if matches > 0 && (match_no == 0 || match_no > matches) {
            return Err(invalid!(
                "err.team.no_match",
                round = round.get(),
                match_no,
                n = matches
            ));
        }
        Ok(BoardNo(round_board_number(ts.boards, match_no, board)))
    }

    /// Team standings after a round (default: the last complete one).
    pub fn team_standings(
        &self,
        event: EventId,
        after: Option<RoundNo>,
    ) -> Result<(Event, TeamStandings)> {
        let after = after.map(RoundNo::get);
        let (ev, ts) = self.team_event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        if let Some(r) = after.filter(|&r| r > paired) {
            return Err(invalid!("err.app.round_not_paired_yet", round = r, paired));
        }
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let tbs = crate::scoring::TieBreaks::team(&ev.settings.tiebreaks)?;
        // Left out: the complete rounds only, as for individual events.
        let st = team_standings(&data, &scheme, &tbs, after)?;
        Ok((ev, st))
    }

    /// Board prizes after a round (default: the standings' complete rounds).
    pub fn team_board_prizes(
        &self,
        event: EventId,
        after: Option<RoundNo>,
    ) -> Result<Vec<BoardPrizeRow>> {
        let after = after.map(RoundNo::get);
        let (ev, ts) = self.team_event(event)?;
        let r = match after {
            Some(r) => r,
            None => self.team_standings(event, None)?.1.after_round,
        };
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        Ok(board_prizes(&data, &scheme, Some(r))?)
    }
}

/// The pairing state of team event `ev`'s round `round` from its teams
/// `units`, keeping teams of one club apart or not.
fn state_of(
    ev: &Event,
    ts: &TeamSettings,
    units: &[crate::pairing::team::TeamUnit],
    round: u32,
    apart: bool,
) -> crate::pairing::SwissState {
    team_state(
        units,
        round,
        ev.settings.rounds,
        ts.match_points.win,
        ts.match_points.draw,
        apart,
    )
}
