//! The crosstable and the round-robin wall chart.

use super::*;

/// A crosstable mark in the document's language: `5r+` in English, `5红+`
/// in Chinese (also 轮空, 请假 for BYE and RB). In a round-robin the
/// player who sits out has a bye (轮空, `BYE`), never a leave, whatever
/// it scores.
fn cross_mark(c: &CrossCell, lang: Lang, round_robin: bool) -> String {
    let sit_out = round_robin && c.kind == RoundKind::RequestedBye;
    let m = match sit_out {
        true => "BYE".to_string(),
        false => c.mark(),
    };
    if lang == Lang::En {
        return m;
    }
    match c.kind {
        RoundKind::PairingBye => return tr(lang, "rep.bye").to_string(),
        RoundKind::RequestedBye if sit_out => return tr(lang, "rep.bye").to_string(),
        RoundKind::RequestedBye => return tr(lang, "rep.reason.requested_bye").to_string(),
        _ => {}
    }
    let opp = c
        .opponent_start_no
        .map(|n| n.to_string())
        .unwrap_or_default();
    let (letter, word) = match c.colour {
        Some(Colour::Red) => ("r", tr(lang, "rep.mark.red")),
        Some(Colour::Black) => ("b", tr(lang, "rep.mark.black")),
        None => return m,
    };
    match m.strip_prefix(&format!("{opp}{letter}")) {
        Some(rest) => format!("{opp}{word}{rest}"),
        None => m,
    }
}

/// A two-game round's cell: the opponent, then each game's colour and
/// result in game order (`5红+黑=`, `5r+b=`; `F` after a forfeit, `?`
/// for a game not in). `None` when the round has no games listed (one-game
/// events, byes).
fn two_game_mark(c: &CrossCell, games: &[GameMark], lang: Lang) -> Option<String> {
    let mut mine: Vec<GameMark> = games
        .iter()
        .filter(|g| g.round.get() == c.round)
        .copied()
        .collect();
    // The other game of the round, not stored yet: colours swapped, pending.
    if let [one] = mine[..] {
        mine.push(GameMark {
            game_no: 3 - one.game_no.clamp(1, 2),
            colour: one.colour.opposite(),
            result: None,
            forfeit: false,
            ..one
        });
    }
    if mine.is_empty() {
        return None;
    }
    mine.sort_by_key(|g| g.game_no);
    let mut s = c
        .opponent_start_no
        .map(|n| n.to_string())
        .unwrap_or_default();
    for g in mine {
        s.push_str(match (g.colour, lang) {
            (Colour::Red, Lang::En) => "r",
            (Colour::Black, Lang::En) => "b",
            (Colour::Red, _) => tr(lang, "rep.mark.red"),
            (Colour::Black, _) => tr(lang, "rep.mark.black"),
        });
        s.push_str(match g.result {
            Some(RoundResult::Win) => "+",
            Some(RoundResult::Draw) => "=",
            Some(RoundResult::Loss) => "-",
            None => "?",
        });
        if g.forfeit {
            s.push('F');
        }
    }
    Some(s)
}

/// The crosstable (交叉表): per player and round, the opponent's start
/// number, the colour and the result.
pub fn crosstable(d: &CrosstableData, lang: Lang) -> Doc {
    let title = title_after(&d.event, lang, "rep.crosstable", d.after_round);
    let mut cols = player_cols(lang);
    for r in 1..=d.after_round.rounds() {
        cols.push(round_col(lang, &format!("r{r}"), r, ColKind::Mark));
    }
    cols.push(col(lang, "rep.col.points", ColKind::Number));
    for (i, t) in d.tiebreaks.iter().enumerate() {
        cols.push(tiebreak_col(lang, i, *t));
    }
    cols.push(col(lang, "rep.col.rank", ColKind::Number));
    let mut t = Table::new(cols);
    // By rank (a final crosstable is read from the top), then start number.
    let mut lines: Vec<&CrossLine> = d.rows.iter().collect();
    lines.sort_by_key(|l| (l.rank.map_or(u32::MAX, |r| r.0), l.player.start_no));
    for l in lines {
        let mut row = vec![
            l.player.start_no.to_string(),
            l.player.name.clone(),
            l.player.club.clone().unwrap_or_default(),
        ];
        for r in 1..=d.after_round.rounds() {
            row.push(
                l.cells
                    .iter()
                    .find(|c| c.round == r)
                    .map(|c| {
                        two_game_mark(c, &l.games, lang)
                            .unwrap_or_else(|| cross_mark(c, lang, d.event.round_robin))
                    })
                    .unwrap_or_default(),
            );
        }
        row.push(opt_points(l.player.points));
        let mut values: Vec<String> = l.values.iter().map(|v| short_points(*v)).collect();
        values.resize(d.tiebreaks.len(), String::new());
        row.extend(values);
        row.push(l.rank.map(|(r, s)| rank_text(r, s)).unwrap_or_default());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.crosstable"),
            info(
                &d.event,
                lang,
                Some(crate::report::after_round_msg(d.after_round)),
            ),
            // The legend above the grid: never left alone on a sheet of its own.
            Part::Note(tr(lang, "rep.cross.legend").to_string()),
            Part::Table(t),
        ]
        .into_iter()
        // With tie-break columns: their names and order (the text cuts the
        // headings of narrow columns).
        .chain((!d.tiebreaks.is_empty()).then(|| {
            Part::Note(super::standings::tiebreak_legend(
                &d.tiebreaks,
                &d.event,
                lang,
            ))
        }))
        .collect(),
        landscape: d.after_round.rounds() as usize + d.tiebreaks.len() > 9,
        csv: None,
    }
}

/// A wall-chart mark: colour and result against one opponent (`r+`,
/// `b=F`; `红+` in Chinese).
fn wall_mark(c: &CrossCell, lang: Lang) -> String {
    let col = match (c.colour, lang) {
        (Some(Colour::Red), Lang::En) => "r",
        (Some(Colour::Black), Lang::En) => "b",
        (Some(Colour::Red), _) => tr(lang, "rep.mark.red"),
        (Some(Colour::Black), _) => tr(lang, "rep.mark.black"),
        (None, _) => "",
    };
    let res = match (c.kind, c.result) {
        (RoundKind::Pending, _) => "?",
        (_, Some(RoundResult::Win)) => "+",
        (_, Some(RoundResult::Draw)) => "=",
        (_, Some(RoundResult::Loss)) => "-",
        (_, None) => "",
    };
    let f = match c.kind {
        RoundKind::ForfeitWin | RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => "F",
        _ => "",
    };
    format!("{col}{res}{f}")
}

/// The wall chart (循环赛总表) of a round-robin: a player × player grid.
/// Two meetings (double round-robin) share a cell, in round order.
pub fn wall_chart(d: &WallChartData, lang: Lang) -> Doc {
    let title = title_after(&d.event, lang, "rep.wallchart", d.after_round);
    let mut cols = player_cols(lang);
    for l in &d.rows {
        cols.push(
            Column::new(
                &format!("vs{}", l.player.start_no),
                l.player.start_no.to_string(),
                ColKind::Mark,
            )
            .in_group("opponent"),
        );
    }
    // Rounds without an opponent (byes, requested byes) get a column of
    // their own, so every point of the total shows where it came from.
    let unopposed = |l: &CrossLine| -> Vec<CrossCell> {
        l.cells
            .iter()
            .filter(|c| c.opponent_start_no.is_none() && c.kind != RoundKind::Absent)
            .cloned()
            .collect()
    };
    let bye_col = d.rows.iter().any(|l| !unopposed(l).is_empty());
    if bye_col {
        cols.push(named("bye", lang, "rep.bye", ColKind::Number));
    }
    cols.push(col(lang, "rep.col.points", ColKind::Number));
    cols.push(col(lang, "rep.col.rank", ColKind::Number));
    let mut t = Table::new(cols);
    for l in &d.rows {
        let mut row = vec![
            l.player.start_no.to_string(),
            l.player.name.clone(),
            l.player.club.clone().unwrap_or_default(),
        ];
        let byes = unopposed(l);
        let bye_cell = match byes.is_empty() {
            true => String::new(),
            false => short_points(byes.iter().map(|c| c.points).sum()),
        };
        for o in &d.rows {
            if o.player.start_no == l.player.start_no {
                row.push("#".into());
                continue;
            }
            let marks: Vec<String> = l
                .cells
                .iter()
                .filter(|c| c.opponent_start_no == Some(o.player.start_no))
                .map(|c| wall_mark(c, lang))
                .collect();
            row.push(marks.join(" "));
        }
        if bye_col {
            row.push(bye_cell);
        }
        row.push(opt_points(l.player.points));
        row.push(l.rank.map(|(r, s)| rank_text(r, s)).unwrap_or_default());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.wallchart"),
            info(
                &d.event,
                lang,
                Some(crate::report::after_round_msg(d.after_round)),
            ),
            // The legend above the grid: never left alone on a sheet of its own.
            Part::Note(tr(lang, "rep.wall.legend").to_string()),
            Part::Table(t),
        ],
        // A column of 6 to 7 text columns a player beside 40 of number,
        // name and totals: more than 7 players do not fit 80 columns.
        landscape: d.rows.len() > 7,
        csv: None,
    }
}
