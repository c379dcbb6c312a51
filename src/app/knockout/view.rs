//! The bracket as shown and printed, and the final ranking.

use super::{Bracket, BracketView, KnockoutRank, MatchView, Slot};
use crate::app::EventId;
use crate::app::{App, Result};
use crate::domain::{BoardNo, Entry, Outcome, RoundNo};
use crate::i18n::{msg, Lang};
use crate::pairing::knockout as ko;
use crate::report::bracket::{KnockoutData, KoGame, KoMatch, KoPlayer, KoStage};
use crate::report::{Doc, EventInfo};
use crate::scoring::knockout::{MatchState, Phase};
use std::collections::HashMap;

impl Bracket {
    /// A match as the documents show it: players with seeds, the games
    /// played with their stage and time control, the game due.
    fn printed(&self, s: &Slot, lang: Lang) -> KoMatch {
        let player = |id: i64| KoPlayer {
            seed: self.seed(id),
            name: self.name(id),
        };
        let stage = |ph: Phase| match ph {
            Phase::Regular => KoStage::Regular,
            Phase::Playoff { step, .. } => KoStage::Playoff {
                code: step.code(),
                label: self.label_of(ph),
            },
        };
        let mut played: Vec<_> = s
            .games
            .iter()
            .filter(|g| g.outcome != Outcome::Unplayed)
            .collect();
        played.sort_by_key(|g| g.game_no);
        let mut m = KoMatch {
            round: RoundNo(s.round),
            board: BoardNo(s.board),
            third_place: s.third_place,
            a: player(s.a),
            b: s.b.map(player),
            winner: None,
            decided_by: None,
            score: None,
            games: Vec::new(),
            due: None,
            lot_due: false,
            problem: None,
        };
        let game = |no: u32, red: i64, black: i64, ph: Phase, result: &str| KoGame {
            game_no: no,
            red: self.name(red),
            black: self.name(black),
            stage: stage(ph),
            time: self.time_of(ph),
            result: result.to_string(),
        };
        match self.decide(s, &s.games) {
            Ok(st) => {
                m.games = played
                    .iter()
                    .zip(&st.phases)
                    .map(|(g, ph)| game(g.game_no, g.red, g.black, *ph, g.outcome.code()))
                    .collect();
                match st.state {
                    MatchState::Due(d) => {
                        m.due = Some(game(d.game_no, d.red, d.black, d.phase, ""))
                    }
                    MatchState::NeedsLot => m.lot_due = true,
                    MatchState::Decided { .. } | MatchState::BothOut => {}
                }
                m.winner = st.winner().map(|w| self.name(w));
                m.decided_by = st.decided_by().map(|d| d.code().to_string());
                m.score = s.b.map(|_| st.games);
            }
            Err(e) => {
                m.games = played
                    .iter()
                    .map(|g| game(g.game_no, g.red, g.black, Phase::Regular, g.outcome.code()))
                    .collect();
                m.problem = Some(self.match_error(s, e).render(lang));
            }
        }
        m
    }
}

impl App {
    /// A knockout as its documents show it, in `lang`.
    pub(crate) fn knockout_data(
        &self,
        event: EventId,
        info: EventInfo,
        lang: Lang,
    ) -> Result<KnockoutData> {
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let rounds: Vec<Vec<KoMatch>> = br
            .rounds
            .iter()
            .map(|r| r.iter().map(|s| br.printed(s, lang)).collect())
            .collect();
        let champion = match br.rounds.len() as u32 == br.total {
            true => rounds
                .last()
                .and_then(|r| r.iter().find(|m| !m.third_place))
                .and_then(|m| m.winner.clone()),
            false => None,
        };
        let ladder =
            br.rules.ladder.clone().unwrap_or_else(|| {
                crate::scoring::knockout::default_ladder(br.rules.scheme.kind())
            });
        Ok(KnockoutData {
            event: info,
            total_rounds: br.total,
            size: ko::bracket_size(br.entries.len()),
            rounds,
            champion,
            ladder: ladder
                .iter()
                .enumerate()
                .map(|(index, step)| {
                    (
                        step.code(),
                        br.label_of(Phase::Playoff { index, step: *step }),
                    )
                })
                .collect(),
            regular_games: match br.rules.scheme.kind().is_two_game() {
                true => 2,
                false => br.rules.regular.max(1),
            },
        })
    }

    /// A knockout's games a match and its play-off ladder in words
    /// (`加赛2局 → 和棋黑胜`), for the programme's rules.
    /// A knockout's games a match and its play-off ladder in words
    /// (`加赛2局 → 和棋黑胜`).
    pub fn knockout_rules(&self, event: EventId, lang: Lang) -> Result<(u32, String)> {
        let d = self.knockout_data(event, EventInfo::default(), lang)?;
        let steps: Vec<String> = d
            .ladder
            .iter()
            .map(|(code, label)| crate::report::bracket::step_words(lang, code, label.as_deref()))
            .collect();
        Ok((d.regular_games, steps.join(" → ")))
    }

    /// A knockout's document: the bracket chart (`Bracket`), the pairing
    /// sheet of a round (`Pairings`; default the last paired), the match
    /// slips of the games due (`Slips`).
    pub(crate) fn print_knockout_paper(
        &self,
        event: EventId,
        kind: crate::app::print::DocKind,
        round: Option<crate::domain::RoundNo>,
        lang: Lang,
        info: EventInfo,
    ) -> Result<Doc> {
        use crate::app::print::DocKind;
        use crate::report::bracket as rb;
        let ev = self.event(event)?;
        let mut d = self.knockout_data(event, info, lang)?;
        let paired = d.rounds.len() as u32;
        // When the round printed starts (the round schedule): the pairing
        // sheet's round, the slips' (the games due are the last round's).
        let r = match kind {
            DocKind::Pairings => round.map_or(paired, crate::domain::RoundNo::get),
            _ => paired,
        };
        d.event.round_start = crate::app::schedule::round_start(&ev, crate::domain::RoundNo(r));
        Ok(match kind {
            DocKind::Pairings => {
                if paired == 0 {
                    return Err(crate::app::invalid!(
                        "err.app.no_round_yet",
                        event = &ev.name
                    ));
                }
                if r == 0 || r > paired {
                    return Err(crate::app::invalid!(
                        "err.app.round_not_paired_yet",
                        round = r,
                        paired
                    ));
                }
                rb::knockout_pairings(&d, r, lang)
            }
            DocKind::Slips => rb::knockout_slips(&d, lang, crate::app::print::SLIPS_PER_PAGE),
            _ => rb::bracket_chart(&d, lang),
        })
    }
    /// The bracket with every match's state.
    pub fn bracket(&self, event: EventId) -> Result<BracketView> {
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let rounds: Vec<Vec<MatchView>> = br
            .rounds
            .iter()
            .map(|r| r.iter().map(|s| br.view(s)).collect())
            .collect();
        let champion = if br.rounds.len() as u32 == br.total {
            rounds
                .last()
                .and_then(|r| r.iter().find(|m| m.board == BoardNo(1) && !m.third_place))
                .and_then(|m| m.winner.clone())
        } else {
            None
        };
        Ok(BracketView {
            event: ev.name.clone(),
            scheme: ev.settings.scheme.clone(),
            entries: br.entries.len(),
            total_rounds: br.total,
            rounds,
            champion,
            settings: br.settings.clone(),
        })
    }

    /// A knockout's standings or crosstable as a printed document: the
    /// knockout ranking (rank, name, lost in round), the crosstable with
    /// each round's opponent and result from the player's side.
    pub(crate) fn print_knockout_doc(
        &self,
        event: EventId,
        crosstable: bool,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        use crate::report::bracket::{match_words, ranking_doc, KnockoutRankLine};
        let b = self.bracket(event)?;
        let lines: Vec<KnockoutRankLine> =
            self.knockout_ranking(event)?
                .into_iter()
                .map(|r| {
                    let id = r.entry.id;
                    let rounds =
                        b.rounds
                            .iter()
                            .map(|ms| {
                                let Some(m) = ms.iter().find(|m| {
                                    m.a.id == id || m.b.as_ref().is_some_and(|x| x.id == id)
                                }) else {
                                    return String::new();
                                };
                                let Some(other) = (if m.a.id == id {
                                    m.b.as_ref()
                                } else {
                                    Some(&m.a)
                                }) else {
                                    return msg!("ko.bye").render(lang);
                                };
                                let mark = match (&m.winner, m.decided_by) {
                                    (Some(w), _) if w.id == id => "+",
                                    // Lost, or out with the opponent (both forfeited).
                                    (Some(_), _) | (None, Some(_)) => "-",
                                    (None, None) => "",
                                };
                                // The match from this player's side, in games.
                                let score =
                                    m.score
                                        .clone()
                                        .map(|s| if m.a.id == id { s } else { s.swapped() });
                                let words = match_words(lang, score.as_ref(), m.decided_by);
                                match words.is_empty() {
                                    true => format!("{mark}{}", other.name),
                                    false => format!("{mark}{} {words}", other.name),
                                }
                            })
                            .collect();
                    KnockoutRankLine {
                        rank: r.rank,
                        name: r.entry.name,
                        rounds,
                        lost_in_round: r.lost_in_round,
                    }
                })
                .collect();
        let decided = b.champion.is_some();
        Ok(ranking_doc(
            &info,
            &lines,
            b.total_rounds,
            decided,
            crosstable,
            lang,
        ))
    }

    /// The final ranking (or as far as known): 1, 2, 3=, 5=, … by seed
    /// within a shared place.
    pub fn knockout_ranking(&self, event: EventId) -> Result<Vec<KnockoutRank>> {
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let mut by_seed: Vec<&Entry> = br.entries.iter().collect();
        by_seed.sort_by_key(|e| e.start_no);
        let seed_of: HashMap<i64, u32> = by_seed
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i as u32 + 1))
            .collect();
        let result = |s: &Slot| ko::MatchResult {
            a: seed_of[&s.a],
            b: s.b.map(|b| seed_of[&b]),
            winner: br.winner(s).map(|w| seed_of[&w]),
            both_out: br.winner(s).is_none() && br.settled(s),
        };
        let rounds: Vec<Vec<ko::MatchResult>> = br
            .rounds
            .iter()
            .map(|r| r.iter().filter(|s| !s.third_place).map(result).collect())
            .collect();
        let third = br
            .rounds
            .iter()
            .flatten()
            .find(|s| s.third_place)
            .map(result);
        Ok(ko::ranking(by_seed.len(), &rounds, third)
            .into_iter()
            .map(|r| KnockoutRank {
                rank: r.rank_text(),
                entry: by_seed[r.seed as usize - 1].clone(),
                lost_in_round: r.lost_in,
            })
            .collect())
    }
}
