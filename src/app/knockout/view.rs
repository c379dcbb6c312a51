//! The bracket as shown and printed, and the final ranking.

use super::{BracketView, KnockoutRank, MatchView, NextStep, Slot};
use crate::app::{App, Result};
use crate::domain::Entry;
use crate::i18n::msg;
use crate::pairing::knockout as ko;
use crate::report::bracket::{BracketDoc, BracketMatch, Slip};
use std::collections::HashMap;

impl App {
    /// The bracket as a printable chart with the slips of the games due.
    pub fn bracket_doc(&self, b: &BracketView, lang: crate::i18n::Lang) -> BracketDoc {
        let rounds = b
            .rounds
            .iter()
            .map(|r| {
                r.iter()
                    .map(|m| {
                        let note = match (&m.score, m.decided_by) {
                            (Some(s), Some(by)) => format!("{}–{} {by}", s[0], s[1]),
                            (None, Some(by)) => by.to_string(),
                            _ => m.next.as_ref().map(|n| n.text(lang)).unwrap_or_default(),
                        };
                        BracketMatch {
                            board: m.board,
                            a: m.a.name.clone(),
                            b: m.b.as_ref().map(|x| x.name.clone()),
                            winner: m.winner.as_ref().map(|x| x.name.clone()),
                            note,
                            third_place: m.third_place,
                        }
                    })
                    .collect()
            })
            .collect();
        let mut slips = Vec::new();
        for m in b.rounds.iter().flatten() {
            if let Some(NextStep::Game {
                game_no,
                red,
                black,
                step,
                time,
                ..
            }) = &m.next
            {
                slips.push(Slip {
                    round: m.round,
                    board: m.board,
                    game_no: *game_no,
                    red: red.clone(),
                    black: black.clone(),
                    what: m.next.as_ref().map(|n| n.text(lang)).unwrap_or_default(),
                    time: time.clone(),
                    note: (step.as_deref() == Some("armageddon"))
                        .then(|| msg!("ko.armageddon_note", red).render(lang)),
                });
            }
        }
        BracketDoc {
            title: format!("{} — {}", b.event, msg!("ko.bracket").render(lang)),
            round_names: (1..=b.total_rounds)
                .map(|r| msg!("ko.round", round = r).render(lang))
                .collect(),
            rounds,
            size: ko::bracket_size(b.entries),
            champion: b.champion.as_ref().map(|c| c.name.clone()),
            champion_label: msg!("ko.champion").render(lang),
            third_place_label: msg!("ko.third_place").render(lang),
            bye_label: msg!("ko.bye").render(lang),
            slips,
        }
    }

    /// The bracket with every match's state.
    pub fn bracket(&self, event: &str) -> Result<BracketView> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let rounds: Vec<Vec<MatchView>> = br
            .rounds
            .iter()
            .map(|r| r.iter().map(|s| br.view(s)).collect())
            .collect();
        let champion = if br.rounds.len() as u32 == br.total {
            rounds
                .last()
                .and_then(|r| r.iter().find(|m| m.board == 1 && !m.third_place))
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
        event: &str,
        crosstable: bool,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        use crate::report::bracket::{ranking_doc, KnockoutRankLine};
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
                                let mark = match &m.winner {
                                    Some(w) if w.id == id => "+",
                                    Some(_) => "-",
                                    None => "",
                                };
                                format!("{mark}{}", other.name)
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
        Ok(ranking_doc(&info, &lines, b.total_rounds, crosstable, lang))
    }

    /// The final ranking (or as far as known): 1, 2, 3=, 5=, … by seed
    /// within a shared place.
    pub fn knockout_ranking(&self, event: &str) -> Result<Vec<KnockoutRank>> {
        let ev = self.store.resolve_event(event)?;
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
