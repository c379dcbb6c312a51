//! A knockout round on paper: the pairing sheet (its matches, the games
//! played and the game due of each, with the play-off step and time
//! control; no points, no absentees: a player knocked out is simply not
//! in the round) and the match slips, one per game due.

use super::chart::{games_table, info, match_table, push_games};
use super::*;
use crate::report::{Part, Slip, SlipCell, SlipRow};

/// The pairing sheet (对阵表) of knockout round `round`.
pub fn knockout_pairings(d: &KnockoutData, round: u32, lang: Lang) -> Doc {
    let name = round_name(lang, round, d.total_rounds);
    let round_n = tr(lang, "rep.round_n").replace("{}", &round.to_string());
    let title = format!("{} · {} · {name}", d.event.name, tr(lang, "rep.pairings"));
    let mut parts = vec![
        Part::Heading(format!("{} · {}", d.event.name, tr(lang, "rep.pairings"))),
        Part::Info(vec![(String::new(), format!("{name} ({round_n})"))]),
        info(d, lang),
    ];
    if let Some(t) = d.event.round_start {
        parts.push(Part::Info(vec![(
            tr(lang, "rep.round_start").to_string(),
            t.format("%Y-%m-%d %H:%M").to_string(),
        )]));
    }
    let ms: Vec<&KoMatch> = d
        .rounds
        .get(round as usize - 1)
        .map(|r| r.iter().collect())
        .unwrap_or_default();
    let last = round == d.total_rounds;
    let tree: Vec<&KoMatch> = ms.iter().copied().filter(|m| !m.third_place).collect();
    parts.push(Part::Table(match_table(&tree, lang, last)));
    push_games(&mut parts, games_table(tree.into_iter(), lang, true));
    // The third-place match under its own heading, with its own games.
    if let Some(m) = ms.iter().find(|m| m.third_place) {
        parts.push(Part::Heading(tr(lang, "kp.third_place").to_string()));
        parts.push(Part::Table(match_table(&[m], lang, true)));
        push_games(&mut parts, games_table(std::iter::once(*m), lang, true));
    }
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}

/// Match slips (记分单): one per game due in the bracket, `per_page` to a
/// page, each with the players, the play-off step and its time control,
/// tick boxes for the result and rows to sign.
pub fn knockout_slips(d: &KnockoutData, lang: Lang, per_page: usize) -> Doc {
    let title = format!("{} · {}", d.event.name, tr(lang, "rep.slips"));
    let mut slips = Vec::new();
    for m in d.rounds.iter().flatten() {
        let Some(g) = &m.due else { continue };
        let seed = |name: &str| {
            [&Some(m.a.clone()), &m.b]
                .into_iter()
                .flatten()
                .find(|p| p.name == name)
                .map(with_seed)
                .unwrap_or_else(|| name.to_string())
        };
        let which = match m.third_place {
            true => tr(lang, "kp.third_place").to_string(),
            false => format!(
                "{} · {}",
                round_name(lang, m.round, d.total_rounds),
                msg!("kp.match_n", n = m.board).render(lang)
            ),
        };
        let mut rows = vec![
            SlipRow::Sides {
                label: tr(lang, "rep.col.name").to_string(),
                red: SlipCell::Text(seed(&g.red)),
                black: SlipCell::Text(seed(&g.black)),
            },
            SlipRow::Span {
                label: tr(lang, "kp.slip.stage").to_string(),
                cell: SlipCell::Text(format!(
                    "{} · {}",
                    stage_words(lang, &g.stage),
                    tr(lang, "rep.game_n").replace("{}", &g.game_no.to_string())
                )),
            },
            SlipRow::Span {
                label: tr(lang, "kp.slip.time").to_string(),
                cell: SlipCell::Text(time_words(lang, &g.time)),
            },
        ];
        let so_far = score_words(m);
        if !so_far.is_empty() {
            let po = decided_text(lang, m);
            let po = match po.is_empty() {
                true => String::new(),
                false => format!(" ({po})"),
            };
            rows.push(SlipRow::Span {
                label: tr(lang, "kp.slip.score").to_string(),
                cell: SlipCell::Text(format!("{} {so_far} {}{po}", m.a.name, b_name(m))),
            });
        }
        if matches!(&g.stage, KoStage::Playoff { code, .. } if code == "armageddon") {
            rows.push(SlipRow::Span {
                label: tr(lang, "kp.slip.note").to_string(),
                cell: SlipCell::Text(
                    msg!("kp.armageddon_note", red = &g.red, black = &g.black).render(lang),
                ),
            });
        }
        rows.extend([
            SlipRow::Span {
                label: tr(lang, "rep.slip.result").to_string(),
                cell: SlipCell::Boxes(vec![
                    tr(lang, "rep.slip.red_wins").to_string(),
                    tr(lang, "rep.slip.draw").to_string(),
                    tr(lang, "rep.slip.black_wins").to_string(),
                ]),
            },
            SlipRow::Span {
                label: tr(lang, "rep.slip.moves").to_string(),
                cell: SlipCell::Blank,
            },
            SlipRow::Sides {
                label: tr(lang, "rep.slip.clock").to_string(),
                red: SlipCell::Blank,
                black: SlipCell::Blank,
            },
            SlipRow::Sides {
                label: tr(lang, "rep.slip.signature").to_string(),
                red: SlipCell::Blank,
                black: SlipCell::Blank,
            },
            SlipRow::Span {
                label: tr(lang, "rep.slip.arbiter").to_string(),
                cell: SlipCell::Blank,
            },
        ]);
        slips.push(Slip {
            title: format!(
                "{} · {which} · {}",
                d.event.name,
                tr(lang, "rep.game_n").replace("{}", &g.game_no.to_string())
            ),
            sides: [
                tr(lang, "rep.slip.red").to_string(),
                tr(lang, "rep.slip.black").to_string(),
            ],
            rows,
        });
    }
    let parts = match slips.is_empty() {
        true => vec![
            Part::Heading(title.clone()),
            Part::Note(tr(lang, "kp.no_games_due").to_string()),
        ],
        false => vec![Part::Slips {
            per_page: per_page.max(1),
            slips,
        }],
    };
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}

fn b_name(m: &KoMatch) -> String {
    m.b.as_ref().map(|b| b.name.clone()).unwrap_or_default()
}
