//! A knockout round on paper: the pairing sheet (its matches, the games
//! played and the game due of each, with the play-off step and time
//! control; no points, no absentees: a player knocked out is simply not
//! in the round) and the match slips, one per game due.

use super::chart::{games_table, info, match_table, push_games};
use super::*;
use crate::report::{game_slip, Part, SlipCell, SlipRow};

/// The pairing sheet (对阵表) of knockout round `round`.
pub fn knockout_pairings(d: &KnockoutData, round: u32, lang: Lang) -> Doc {
    let name = round_name(lang, round, d.total_rounds);
    let round_n = crate::i18n::msg!("rep.round_n", n = round).render(lang);
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
/// page; each is the individual event's slip (`game_slip`: the same
/// result, fouls and signature rows) with the match's header rows: the
/// play-off step, its time control, the match score so far.
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
                round_name(lang, m.round.get(), d.total_rounds),
                msg!("kp.match_n", n = m.board).render(lang)
            ),
        };
        let mut rows = vec![
            SlipRow::Span {
                label: tr(lang, "kp.slip.stage").to_string(),
                cell: SlipCell::Text(format!(
                    "{} · {}",
                    stage_words(lang, &g.stage),
                    crate::i18n::msg!("rep.game_n", n = g.game_no).render(lang)
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
        let mut title = format!(
            "{} · {which} · {}",
            d.event.name,
            crate::i18n::msg!("rep.game_n", n = g.game_no).render(lang)
        );
        // When the game is played: the round's start, else the date.
        let when = d.event.when();
        if !when.is_empty() {
            title = format!("{title} · {when}");
        }
        slips.push(game_slip(lang, title, [seed(&g.red), seed(&g.black)], rows));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TimeControl;
    use crate::report::{result_slips, BoardLine, PlayerLine, Slip, SlipsData};

    fn slips(doc: &Doc) -> &[Slip] {
        match &doc.parts[..] {
            [Part::Slips { slips, .. }] => slips,
            other => panic!("{other:?}"),
        }
    }

    /// The knockout's match slip is the individual slip with the match's
    /// header: the same result, fouls and signature rows, in every language.
    #[test]
    fn a_match_slip_prints_the_rows_of_an_individual_slip() {
        // The round's start, from the round schedule.
        let when = crate::report::EventInfo {
            name: "杯赛".into(),
            round_start: chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
                .and_then(|d| d.and_hms_opt(9, 30, 0)),
            ..Default::default()
        };
        let player = |seed: u32, name: &str| KoPlayer {
            seed,
            name: name.into(),
        };
        let ko = KnockoutData {
            total_rounds: 1,
            size: 2,
            rounds: vec![vec![KoMatch {
                round: crate::domain::RoundNo(1),
                board: crate::domain::BoardNo(1),
                third_place: false,
                a: player(1, "王天一"),
                b: Some(player(2, "赵鑫鑫")),
                winner: None,
                decided_by: None,
                score: None,
                games: Vec::new(),
                due: Some(KoGame {
                    game_no: 1,
                    red: "赵鑫鑫".into(),
                    black: "王天一".into(),
                    stage: KoStage::Regular,
                    time: TimeControl::symmetric(900_000, 10_000),
                    result: String::new(),
                }),
                lot_due: false,
                problem: None,
            }]],
            event: when.clone(),
            ..Default::default()
        };
        let line = |start_no: u32, name: &str| PlayerLine {
            start_no,
            name: name.into(),
            ..Default::default()
        };
        let individual = SlipsData {
            event: when.clone(),
            round: crate::domain::RoundNo(1),
            boards: vec![BoardLine {
                number: crate::domain::BoardNo(1),
                red: line(2, "赵鑫鑫"),
                black: Some(line(1, "王天一")),
                results: Vec::new(),
            }],
            per_page: 4,
        };
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
            let k = knockout_slips(&ko, lang, 4);
            let i = result_slips(&individual, lang);
            let (k, i) = (&slips(&k)[0], &slips(&i)[0]);
            assert_eq!(k.sides, i.sides);
            // Both say when the game is played.
            assert!(k.title.ends_with(" · 2026-12-05 09:30"), "{}", k.title);
            assert!(i.title.ends_with(" · 2026-12-05 09:30"), "{}", i.title);
            // The names first, as on the individual slip.
            assert!(
                matches!(&k.rows[0], SlipRow::Sides { red: SlipCell::Text(r), .. } if r.contains("赵鑫鑫"))
            );
            // The individual slip's rows after the names end the match slip.
            let tail = &i.rows[1..];
            assert!(k.rows.len() > i.rows.len(), "{k:?}");
            assert_eq!(&k.rows[k.rows.len() - tail.len()..], tail, "{lang:?}");
            let fouls = tr(lang, "rep.slip.fouls");
            assert!(
                tail.iter()
                    .any(|r| matches!(r, SlipRow::Sides { label, .. } if label == fouls)),
                "{tail:?}"
            );
            let sign = tr(lang, "rep.slip.signature");
            assert!(tail.iter().any(|r| matches!(r,
                SlipRow::Sides { label, red: SlipCell::Sign, black: SlipCell::Sign } if label == sign)));
        }
    }
}
