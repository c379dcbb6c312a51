//! The pairing sheet and the result slips of a round.

use super::*;

/// The pairing sheet (对阵表): boards in order, then byes and absentees,
/// and a second page sorted by name so players find their board.
pub fn pairing_sheet(d: &PairingSheetData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.pairings"),
        fill(lang, "rep.round_n", d.round.get())
    );
    let mut parts = vec![
        heading(&d.event, lang, "rep.pairings"),
        info(
            &d.event,
            lang,
            Some(Msg::new("rep.round_n").with("n", d.round)),
        ),
    ];
    let mut t = Table::new(vec![
        col(lang, "rep.col.board", ColKind::Number),
        named("red_no", lang, "rep.col.no", ColKind::Number),
        Column::new("red", tr(lang, "rep.col.red"), ColKind::Text),
        Column::new("red_club", tr(lang, "rep.col.club"), ColKind::Text),
        named("red_points", lang, "rep.col.points", ColKind::Number),
        col(lang, "rep.col.result", ColKind::WriteIn(7)),
        named("black_points", lang, "rep.col.points", ColKind::Number),
        named("black_no", lang, "rep.col.no", ColKind::Number),
        Column::new("black", tr(lang, "rep.col.black"), ColKind::Text),
        Column::new("black_club", tr(lang, "rep.col.club"), ColKind::Text),
    ]);
    let mut byes = Vec::new();
    // The CSV: every player once (boards, byes, absentees), a `note` saying which.
    let mut csv = t.clone();
    csv.columns
        .push(Column::new("note", tr(lang, "rep.col.note"), ColKind::Text));
    for b in &d.boards {
        let Some(bl) = &b.black else {
            byes.push(who(&b.red));
            csv.rows.push(vec![
                b.number.to_string(),
                b.red.start_no.to_string(),
                b.red.name.clone(),
                b.red.club.clone().unwrap_or_default(),
                opt_points(b.red.points),
                b.result_text(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "bye".into(),
            ]);
            continue;
        };
        let row = vec![
            b.number.to_string(),
            b.red.start_no.to_string(),
            b.red.name.clone(),
            b.red.club.clone().unwrap_or_default(),
            opt_points(b.red.points),
            b.result_text(),
            opt_points(bl.points),
            bl.start_no.to_string(),
            bl.name.clone(),
            bl.club.clone().unwrap_or_default(),
        ];
        let mut c = row.clone();
        c.push(String::new());
        csv.rows.push(c);
        let mut row = row;
        row[5] = b.result_words(lang);
        t.rows.push(row);
    }
    for (p, why) in &d.absent {
        let mut row = vec![String::new(); 11];
        row[1] = p.start_no.to_string();
        row[2] = p.name.clone();
        row[3] = p.club.clone().unwrap_or_default();
        row[4] = opt_points(p.points);
        row[10] = why.code().into();
        csv.rows.push(row);
    }
    let accelerated = d
        .boards
        .iter()
        .flat_map(|b| std::iter::once(&b.red).chain(&b.black))
        .chain(d.absent.iter().map(|a| &a.0))
        .any(|p| p.virtual_points.is_some());
    if accelerated {
        add_virtual_columns(&mut t, &mut csv, d, lang);
    }
    if d.event.two_games() {
        // Two-game rounds: a result column per game (第1局, 第2局).
        let results: Vec<&BoardLine> = d.boards.iter().filter(|b| b.black.is_some()).collect();
        split_results(&mut t, &results, lang);
        for (row, b) in t.rows.iter_mut().zip(&results) {
            row[5] = words(lang, &b.game_result(1));
            row[6] = words(lang, &b.game_result(2));
        }
        let all: Vec<Option<&BoardLine>> = d
            .boards
            .iter()
            .map(Some)
            .chain(d.absent.iter().map(|_| None))
            .collect();
        split_results_opt(&mut csv, &all, lang);
        parts.push(Part::Table(t));
        parts.push(Part::Note(tr(lang, "rep.game2_swaps").to_string()));
    } else {
        parts.push(Part::Table(t));
    }
    if !byes.is_empty() {
        parts.push(Part::Note(format!(
            "{}: {}",
            tr(lang, "rep.bye"),
            byes.join(", ")
        )));
    }
    if !d.absent.is_empty() {
        parts.push(Part::Note(format!("{}:", tr(lang, "rep.absent"))));
        let mut a = Table::new(vec![
            col(lang, "rep.col.no", ColKind::Number),
            col(lang, "rep.col.name", ColKind::Text),
            col(lang, "rep.col.club", ColKind::Text),
            Column::new("reason", tr(lang, "rep.col.result"), ColKind::Text),
        ]);
        a.columns[3].heading = tr(lang, "rep.absent").to_string();
        for (p, why) in &d.absent {
            a.rows.push(vec![
                p.start_no.to_string(),
                p.name.clone(),
                p.club.clone().unwrap_or_default(),
                tr(lang, why.key()).to_string(),
            ]);
        }
        parts.push(Part::Table(a));
    }

    if accelerated {
        parts.push(Part::Note(tr(lang, "rep.virtual_note").to_string()));
    }
    parts.push(Part::Note(arbiter_line(lang)));

    // Second page: by name.
    parts.push(Part::PageBreak);
    parts.push(heading(&d.event, lang, "rep.pairings_by_name"));
    parts.push(info(
        &d.event,
        lang,
        Some(Msg::new("rep.round_n").with("n", d.round)),
    ));
    let mut by_name: Vec<(&PlayerLine, [String; 4])> = Vec::new();
    for b in &d.boards {
        match &b.black {
            Some(bl) => {
                by_name.push((
                    &b.red,
                    [
                        b.number.to_string(),
                        tr(lang, "rep.col.red").to_string(),
                        bl.start_no.to_string(),
                        bl.name.clone(),
                    ],
                ));
                by_name.push((
                    bl,
                    [
                        b.number.to_string(),
                        tr(lang, "rep.col.black").to_string(),
                        b.red.start_no.to_string(),
                        b.red.name.clone(),
                    ],
                ));
            }
            None => by_name.push((
                &b.red,
                [
                    String::new(),
                    tr(lang, "rep.bye").to_string(),
                    String::new(),
                    String::new(),
                ],
            )),
        }
    }
    for (p, why) in &d.absent {
        by_name.push((
            p,
            [
                String::new(),
                tr(lang, why.key()).to_string(),
                String::new(),
                String::new(),
            ],
        ));
    }
    sort_by_name(&mut by_name, d.event.name_order, |(p, _)| {
        (&p.name, p.start_no)
    });
    let mut t = Table::new(vec![
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.club", ColKind::Text),
        col(lang, "rep.col.board", ColKind::Number),
        col(lang, "rep.col.colour", ColKind::Text),
        named("opponent_no", lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.opponent", ColKind::Text),
    ]);
    for (p, [board, colour, opp_no, opp]) in by_name {
        t.rows.push(vec![
            p.name.clone(),
            p.start_no.to_string(),
            p.club.clone().unwrap_or_default(),
            board,
            colour,
            opp_no,
            opp,
        ]);
    }
    parts.push(Part::Table(t));
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: Some(csv),
    }
}

/// Turns the `result` column (index 5) into one column per game.
fn split_results(t: &mut Table, boards: &[&BoardLine], lang: Lang) {
    let opt: Vec<Option<&BoardLine>> = boards.iter().map(|b| Some(*b)).collect();
    split_results_opt(t, &opt, lang);
}

fn split_results_opt(t: &mut Table, boards: &[Option<&BoardLine>], lang: Lang) {
    t.columns[5] = Column::new("result1", fill(lang, "rep.game_n", 1), ColKind::WriteIn(7));
    t.columns.insert(
        6,
        Column::new("result2", fill(lang, "rep.game_n", 2), ColKind::WriteIn(7)),
    );
    for (row, b) in t.rows.iter_mut().zip(boards) {
        let (g1, g2) = b.map_or((String::new(), String::new()), |b| {
            (b.game_result(1), b.game_result(2))
        });
        row[5] = g1;
        row.insert(6, g2);
    }
}

/// Result slips (记分单): one per board with two players, `per_page` to a
/// page with cut lines between them.
pub fn result_slips(d: &SlipsData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.slips"),
        fill(lang, "rep.round_n", d.round.get())
    );
    let games: Vec<u32> = match d.event.two_games() {
        true => vec![1, 2],
        false => vec![0],
    };
    let slips = d
        .boards
        .iter()
        .filter_map(|b| b.black.as_ref().map(|bl| (b, bl)))
        .flat_map(|(b, bl)| games.iter().map(move |g| (b, bl, *g)))
        .map(|(b, bl, g)| {
            // The second game of a two-game round: colours swapped.
            let (red, bl) = match g {
                2 => (bl, &b.red),
                _ => (&b.red, bl),
            };
            (b, red, bl, g)
        })
        .map(|(b, red, bl, g)| {
            let mut t = format!(
                "{} · {} · {}",
                d.event.name,
                fill(lang, "rep.round_n", d.round.get()),
                fill(lang, "rep.board_n", b.number.get())
            );
            if g > 0 {
                t = format!("{t} · {}", fill(lang, "rep.game_n", g));
            }
            // When the game is played: the round's start, else the date.
            let when = d.event.when();
            if !when.is_empty() {
                t = format!("{t} · {when}");
            }
            game_slip(lang, t, [who(red), who(bl)], Vec::new())
        })
        .collect();
    Doc {
        title,
        lang,
        parts: vec![Part::Slips {
            per_page: d.per_page.max(1),
            slips,
        }],
        landscape: false,
        csv: None,
    }
}

/// The slip of one game (记分单): its title, the players' names (red,
/// black), the `header` rows a kind of event adds (a knockout: the match's
/// stage, time control and score), then the rows every slip has: the
/// result's tick boxes, moves, clocks, fouls, the players' and the
/// arbiter's signatures. Every slip qishe prints is made here.
pub(crate) fn game_slip(
    lang: Lang,
    title: String,
    names: [String; 2],
    header: Vec<SlipRow>,
) -> Slip {
    let [red, black] = names;
    let mut rows = vec![SlipRow::Sides {
        label: tr(lang, "rep.col.name").to_string(),
        red: SlipCell::Text(red),
        black: SlipCell::Text(black),
    }];
    rows.extend(header);
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
            label: tr(lang, "rep.slip.fouls").to_string(),
            red: SlipCell::Blank,
            black: SlipCell::Blank,
        },
        SlipRow::Sides {
            label: tr(lang, "rep.slip.signature").to_string(),
            red: SlipCell::Sign,
            black: SlipCell::Sign,
        },
        SlipRow::Span {
            label: tr(lang, "rep.slip.arbiter").to_string(),
            cell: SlipCell::Sign,
        },
    ]);
    Slip {
        title,
        sides: [
            tr(lang, "rep.slip.red").to_string(),
            tr(lang, "rep.slip.black").to_string(),
        ],
        rows,
    }
}

/// Accelerated pairings: each player's virtual points in a column of its
/// own beside his points (they count for this round's pairing only), in
/// the printed table and the CSV alike.
fn add_virtual_columns(t: &mut Table, csv: &mut Table, d: &PairingSheetData, lang: Lang) {
    let v = |p: &PlayerLine| p.virtual_points.map(|x| format!("+{}", short_points(x)));
    let column = |csv_key: &str| named(csv_key, lang, "rep.col.virtual", ColKind::Number);
    // Columns 4 and 6 are the points; insert after each, the later first.
    for table in [&mut *t, &mut *csv] {
        table.columns.insert(7, column("black_virtual"));
        table.columns.insert(5, column("red_virtual"));
    }
    let mut printed = d.boards.iter().filter(|b| b.black.is_some());
    for row in &mut t.rows {
        let b = printed.next().expect("a row per board");
        row.insert(7, b.black.as_ref().and_then(v).unwrap_or_default());
        row.insert(5, v(&b.red).unwrap_or_default());
    }
    let players = d
        .boards
        .iter()
        .map(|b| (Some(&b.red), b.black.as_ref()))
        .chain(d.absent.iter().map(|a| (Some(&a.0), None)));
    for (row, (red, black)) in csv.rows.iter_mut().zip(players) {
        row.insert(7, black.and_then(v).unwrap_or_default());
        row.insert(5, red.and_then(v).unwrap_or_default());
    }
}
