//! The standings after a round.

use super::*;

/// The standings (名次表) with the event's tie-break columns.
pub fn standings(d: &StandingsData, lang: Lang) -> Doc {
    let title = title_after(&d.event, lang, "rep.standings", d.after_round);
    let mut cols = vec![
        col(lang, "rep.col.rank", ColKind::Number),
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
    ];
    let rated = d.rating;
    if rated {
        cols.push(col(lang, "rep.col.rating", ColKind::Number));
    }
    cols.push(col(lang, "rep.col.points", ColKind::Number));
    for (i, t) in d.tiebreaks.iter().enumerate() {
        cols.push(tiebreak_col(lang, i, *t));
    }
    // Progression: the score after each round (asked for; wide).
    let rounds = d.rows.iter().map(|r| r.progress.len()).max().unwrap_or(0) as u32;
    for r in 1..=rounds {
        cols.push(round_col(lang, &format!("after{r}"), r, ColKind::Number));
    }
    let mut t = Table::new(cols);
    for r in &d.rows {
        let mut row = vec![
            rank_text(r.rank, r.shared),
            r.player.start_no.to_string(),
            r.player.name.clone(),
            r.player.club.clone().unwrap_or_default(),
        ];
        if rated {
            row.push(r.player.rating.map(|x| x.to_string()).unwrap_or_default());
        }
        row.push(opt_points(r.player.points));
        let mut values: Vec<String> = r.values.iter().map(|v| short_points(*v)).collect();
        values.resize(d.tiebreaks.len(), String::new());
        row.extend(values);
        row.extend(r.progress.iter().map(|v| short_points(*v)));
        row.resize(t.columns.len(), String::new());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.standings"),
            {
                let mut i = info(
                    &d.event,
                    lang,
                    Some(crate::report::after_round_msg(d.after_round)),
                );
                if let (Part::Info(v), Some(n)) = (&mut i, d.in_progress) {
                    v.insert(1, (String::new(), fill(lang, "rep.in_progress", n)));
                }
                i
            },
            Part::Table(t),
            Part::Note(tiebreak_legend(&d.tiebreaks, &d.event, lang)),
        ]
        .into_iter()
        .chain((rounds > 0).then(|| Part::Note(tr(lang, "rep.progress.legend").to_string())))
        .collect(),
        // Progression columns: across the page (132 columns of text).
        landscape: rounds > 0,
        csv: None,
    }
}

/// `名次依次按：积分、对手分、小分` — the order that decides ranks, with
/// the tie-breaks' full names.
/// Each name begins with a capital in English ("Points, Opponents' score
/// (Buchholz), Wins, Buchholz Cut 1"), as the column headings do. When a
/// criterion follows an edition of FIDE C.07 where its code names none
/// (the Buchholz family), the edition the event's start date gives
/// (`… (FIDE C.07, 2024 edition)`).
pub(super) fn tiebreak_legend(tbs: &[TieBreak], event: &EventInfo, lang: Lang) -> String {
    let mut names = vec![tr(lang, "tbl.points").to_string()];
    for t in tbs {
        let long = format!("tbl.{}", t.code());
        names.push(match crate::i18n::has(&long) {
            true => tr(lang, &long).to_string(),
            false => t.name(lang, false),
        });
    }
    let capital = |n: &String| {
        let mut c = n.chars();
        c.next()
            .map(|first| first.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    };
    let names: Vec<String> = names.iter().map(capital).collect();
    let list = names.join(tr(lang, "rep.list_sep"));
    let legend = crate::i18n::msg!("rep.tb_order", list).render(lang);
    match tbs.iter().any(|t| t.follows_edition()) {
        true => {
            let year = crate::domain::c07_edition(event.date);
            legend + &crate::i18n::msg!("rep.c07_edition", year).render(lang)
        }
        false => legend,
    }
}
