//! The season table (年度积分榜): one column per event of the season,
//! results not counted in parentheses, unqualified players marked `*`.

use super::*;
use crate::domain::Fraction;
use crate::scoring::season::SeasonRow;

/// An event's column of the season table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonColumn {
    pub name: String,
    pub weight: Fraction,
    pub finished: bool,
    /// A knockout whose champion is known, not finished yet.
    pub decided: bool,
}

/// What the season table prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonData {
    pub name: String,
    /// The rule as written (`placement:10,8,6,5,4,3,2,1`, `score:0.5`).
    pub rule: String,
    pub best: Option<u32>,
    pub min_events: u32,
    pub participation: Fraction,
    pub events: Vec<SeasonColumn>,
    pub rows: Vec<SeasonRow>,
}

/// Events that fit an upright page of text beside the fixed columns.
const UPRIGHT_EVENTS: usize = 5;

fn decimal(f: Fraction) -> String {
    crate::scoring::season::decimal(f)
}

/// A row's cells as printed: rank (`3=`, `9*`), name, total, events, wins,
/// best, then one cell per event, a result not counted in parentheses.
pub fn season_cells(r: &SeasonRow) -> Vec<String> {
    let mut cells = vec![
        r.rank_cell(),
        r.name.clone(),
        r.total.to_string(),
        r.events.to_string(),
        r.wins.to_string(),
        r.best.to_string(),
    ];
    for x in &r.results {
        cells.push(match x {
            Some(x) if x.counted => x.value.to_string(),
            Some(x) => format!("({})", x.value),
            None => String::new(),
        });
    }
    cells
}

/// The season table as a document. Its CSV is the data (`rank, name,
/// total, events, wins, best`, then one column per event headed by the
/// event's name, empty where the player has no result).
pub fn season_table(d: &SeasonData, lang: Lang) -> Doc {
    let title = format!("{} · {}", d.name, tr(lang, "rep.season"));
    let fixed = [
        ("rank", "rep.col.rank", ColKind::Number),
        ("name", "rep.col.name", ColKind::Text),
        ("total", "rep.season.total", ColKind::Number),
        ("events", "rep.season.events", ColKind::Number),
        ("wins", "rep.season.wins", ColKind::Number),
        ("best", "rep.season.best", ColKind::Number),
    ];
    let mut cols: Vec<Column> = fixed
        .iter()
        .map(|(k, key, kind)| named(k, lang, key, *kind))
        .collect();
    let mut data_cols = cols.clone();
    for (i, e) in d.events.iter().enumerate() {
        cols.push(
            Column::new(&e.name, e.name.clone(), ColKind::Number).with_short(Some(fill(
                lang,
                "rep.season.event_short",
                i as u32 + 1,
            ))),
        );
        data_cols.push(Column::new(&e.name, e.name.clone(), ColKind::Number));
    }
    let mut shown = Table::new(cols);
    let mut data = Table::new(data_cols);
    for r in &d.rows {
        let a = season_cells(r);
        let mut b = a[..6].to_vec();
        for x in &r.results {
            b.push(x.map(|x| x.value.to_string()).unwrap_or_default());
        }
        shown.rows.push(a);
        data.rows.push(b);
    }
    let best = match d.best {
        Some(n) => n.to_string(),
        None => tr(lang, "season.best_all").to_string(),
    };
    let mut parts = vec![
        Part::Heading(title.clone()),
        Part::Info(vec![
            (tr(lang, "rep.season.rule").to_string(), d.rule.clone()),
            (tr(lang, "rep.season.best_n").to_string(), best),
            (
                tr(lang, "rep.season.min_events").to_string(),
                d.min_events.to_string(),
            ),
            (
                tr(lang, "rep.season.participation").to_string(),
                decimal(d.participation),
            ),
        ]),
    ];
    if d.rows.is_empty() {
        parts.push(Part::Note(tr(lang, "season.nobody").to_string()));
    } else {
        parts.push(Part::Table(shown));
    }
    let weighted: Vec<String> = d
        .events
        .iter()
        .filter(|e| e.weight != Fraction::ONE)
        .map(|e| format!("{} ×{}", e.name, decimal(e.weight)))
        .collect();
    if !weighted.is_empty() {
        parts.push(Part::Note(
            crate::i18n::msg!(
                "rep.season.weights",
                list = weighted.join(tr(lang, "rep.list_sep"))
            )
            .render(lang),
        ));
    }
    if d.rows.iter().any(|r| !r.qualified) {
        parts.push(Part::Note(format!(
            "* {}",
            crate::i18n::msg!("season.unqualified_note", min = d.min_events).render(lang)
        )));
    }
    if d.rows
        .iter()
        .any(|r| r.results.iter().flatten().any(|x| !x.counted))
    {
        parts.push(Part::Note(format!(
            "( ) {}",
            tr(lang, "season.dropped_note")
        )));
    }
    for e in d.events.iter().filter(|e| !e.finished) {
        let key = if e.decided {
            "season.decided_not_finished"
        } else {
            "season.not_finished"
        };
        parts.push(Part::Note(
            crate::i18n::msg!(key, event = &e.name).render(lang),
        ));
    }
    Doc {
        title,
        lang,
        parts,
        landscape: d.events.len() > UPRIGHT_EVENTS,
        csv: Some(data),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::season::SeasonResult;

    fn row(rank: u32, name: &str, qualified: bool, results: Vec<Option<(i64, bool)>>) -> SeasonRow {
        let results: Vec<Option<SeasonResult>> = results
            .into_iter()
            .map(|x| {
                x.map(|(v, counted)| SeasonResult {
                    rank: 1,
                    shared: false,
                    points: Points::ZERO,
                    rule_points: Fraction::whole(v),
                    weight: Fraction::ONE,
                    participation: Fraction::ZERO,
                    value: Fraction::whole(v),
                    counted,
                })
            })
            .collect();
        let total = results
            .iter()
            .flatten()
            .filter(|x| x.counted)
            .fold(Fraction::ZERO, |a, x| a.checked_add(x.value).unwrap());
        SeasonRow {
            rank,
            shared: false,
            qualified,
            member: rank as i64,
            name: name.into(),
            total,
            events: results.iter().flatten().count() as u32,
            wins: 0,
            best: Fraction::whole(10),
            results,
        }
    }

    fn data(events: usize) -> SeasonData {
        SeasonData {
            name: "2026".into(),
            rule: "placement:10,8,6".into(),
            best: Some(1),
            min_events: 2,
            participation: Fraction::ZERO,
            events: (0..events)
                .map(|i| SeasonColumn {
                    name: format!("周赛{}", i + 1),
                    weight: if i == 0 {
                        Fraction::whole(2)
                    } else {
                        Fraction::ONE
                    },
                    finished: i + 1 < events,
                    decided: false,
                })
                .collect(),
            rows: vec![
                row(
                    1,
                    "王天一",
                    true,
                    [Some((10, true)), Some((8, false))]
                        .into_iter()
                        .chain((2..events).map(|_| None))
                        .collect(),
                ),
                row(
                    2,
                    "郑惟桐",
                    false,
                    [None, Some((6, true))]
                        .into_iter()
                        .chain((2..events).map(|_| None))
                        .collect(),
                ),
            ],
        }
    }

    #[test]
    fn dropped_results_print_in_parentheses_and_csv_keeps_the_values() {
        let doc = season_table(&data(3), Lang::ZhHans);
        let text = crate::report::render_text(&doc, 60);
        assert!(text.contains("(8)"), "{text}");
        assert!(text.contains("2*"), "{text}");
        assert!(
            text.contains("周赛3"),
            "the unfinished event's note: {text}"
        );
        assert!(text.contains("周赛1 ×2"), "weights noted: {text}");
        let csv = crate::report::render_csv(
            &doc,
            crate::report::CsvOptions {
                bom: false,
                headings: false,
            },
            &|c| c.to_string(),
        )
        .unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "rank,name,total,events,wins,best,周赛1,周赛2,周赛3"
        );
        assert_eq!(lines[1], "1,王天一,10,2,0,10,10,8,");
        assert_eq!(lines[2], "2*,郑惟桐,6,1,0,10,,6,");
    }

    #[test]
    fn many_events_print_across_the_page() {
        assert!(!season_table(&data(3), Lang::En).landscape);
        assert!(season_table(&data(12), Lang::En).landscape);
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
            let doc = season_table(&data(12), lang);
            let text = crate::report::render_text(&doc, 60);
            assert!(
                text.lines()
                    .all(|l| unicode_width::UnicodeWidthStr::width(l) <= 132),
                "{text}"
            );
        }
    }
}
