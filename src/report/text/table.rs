//! A table as fixed-width lines: column widths, short headings where the
//! full ones do not fit, text columns cut to the page.

use super::{clean, fit_in, pad, Dw, MIN_TEXT_COL};
use crate::report::{ColKind, Table};

/// The heading, the rule and the rows of a table; every line has the same
/// display width, at most `max` when the text columns can be cut to fit.
/// Headings are never cut while short headings can make room: the second
/// value lists the (short, full) headings used, for a line under the table.
pub(super) fn table_lines(
    t: &Table,
    max: usize,
    cjk: bool,
) -> (Vec<String>, Vec<(String, String)>, NameCuts) {
    let n = t.columns.len();
    // A bracket chart: its connector columns draw the lines, so columns
    // are set apart by a space, not a rule (the widths below count ` | `).
    let link = |i: usize| {
        t.columns[i]
            .key
            .starts_with(crate::report::bracket::LINK_KEY)
    };
    let chart = (0..n).any(link);
    let max = match chart {
        true => max + 2 * n.saturating_sub(1),
        false => max,
    };
    // Box drawing is East Asian Ambiguous: two columns by Chinese output's
    // measure, one on most screens, so a Chinese chart's connectors are
    // drawn in ASCII, one column by either measure, to stay aligned.
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            (0..n)
                .map(|i| {
                    let c = clean(r.get(i).map_or("", |s| s));
                    match cjk && link(i) {
                        true => ascii_link(&c),
                        false => c,
                    }
                })
                .collect()
        })
        .collect();
    let full: Vec<String> = t.columns.iter().map(|c| clean(&c.heading)).collect();
    let shorts: Vec<Option<String>> = t
        .columns
        .iter()
        .map(|c| c.short.as_deref().map(clean))
        .collect();
    let natural = |heads: &[String]| -> Vec<usize> {
        (0..n)
            .map(|i| {
                let min = match t.columns[i].kind {
                    ColKind::WriteIn(w) => w,
                    _ => 1,
                };
                rows.iter()
                    .map(|r| r[i].w(cjk))
                    .chain([heads[i].w(cjk), min])
                    .max()
                    .unwrap_or(1)
            })
            .collect()
    };
    // Short headings, the biggest saving first: as few as make the table
    // fit with room for names, else as few as leave names [`MIN_TEXT_COL`],
    // else all of them.
    let mut states = vec![full.clone()];
    loop {
        let heads = states.last().unwrap();
        let saving = |i: usize| match &shorts[i] {
            Some(s) if heads[i] == full[i] && s.w(cjk) < full[i].w(cjk) => {
                Some(full[i].w(cjk) - s.w(cjk))
            }
            _ => None,
        };
        // One heading at a time, and every column sharing it (积分 of red
        // and of black) with it.
        let Some(i) = (0..n)
            .filter_map(|i| saving(i).map(|s| (s, i)))
            .max_by_key(|&(s, i)| (s, std::cmp::Reverse(i)))
            .map(|(_, i)| i)
        else {
            break;
        };
        let mut next = heads.clone();
        for j in 0..n {
            let group = t.columns[i].group.is_some() && t.columns[j].group == t.columns[i].group;
            if (full[j] == full[i] && shorts[j] == shorts[i]) || (group && shorts[j].is_some()) {
                next[j] = shorts[j].clone().unwrap_or_default();
            }
        }
        states.push(next);
    }
    let heads = states
        .iter()
        .find(|h| room(t, &natural(h), h, COMFORT_NAME, cjk) <= max)
        .or_else(|| {
            states
                .iter()
                .find(|h| room(t, &natural(h), h, MIN_TEXT_COL, cjk) <= max)
        })
        .unwrap_or_else(|| states.last().unwrap())
        .clone();
    let mut used: Vec<(String, String)> = Vec::new();
    for i in 0..n {
        let pair = (heads[i].clone(), full[i].clone());
        if heads[i] != full[i] && !used.contains(&pair) {
            used.push(pair);
        }
    }
    let nat = natural(&heads);
    let widths = narrow(t, nat.clone(), &heads, max, true, cjk);
    let cut_rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .zip(&widths)
                .map(|(c, w)| fit_in(c, *w, cjk))
                .collect()
        })
        .collect();
    let cuts = NameCuts {
        // A name column cut below four Chinese characters.
        short: (0..n).any(|i| is_name(t, i) && widths[i] < nat[i].min(MIN_TEXT_COL)),
        // Two names of a column cut alike ("Playe…" for Player 10 and 11).
        merged: (0..n).filter(|&i| is_name(t, i)).any(|i| {
            let mut seen = std::collections::HashMap::new();
            rows.iter().zip(&cut_rows).any(|(r, c)| {
                let first = seen.entry(c[i].as_str()).or_insert(r[i].as_str());
                *first != r[i].as_str()
            })
        }),
    };
    let rows = cut_rows;
    let heads: Vec<String> = heads
        .iter()
        .zip(&widths)
        .map(|(h, w)| fit_in(h, *w, cjk))
        .collect();
    let line = |cells: &[String], heading: bool| -> String {
        (0..n)
            .map(|i| {
                let kind = if heading {
                    ColKind::Text
                } else {
                    t.columns[i].kind
                };
                pad(&cells[i], widths[i], kind, cjk)
            })
            .collect::<Vec<_>>()
            .join(if chart { " " } else { " | " })
    };
    let rule = match chart {
        true => (0..n)
            .map(|i| match link(i) {
                true => " ".repeat(widths[i]),
                false => "-".repeat(widths[i]),
            })
            .collect::<Vec<_>>()
            .join(" "),
        false => widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .join("-+-"),
    };
    let mut out = vec![line(&heads, true), rule];
    out.extend(rows.iter().map(|r| line(r, false)));
    (out, used, cuts)
}

/// What fitting a table to its width did to its names.
pub(super) struct NameCuts {
    /// A name was cut below [`MIN_TEXT_COL`] (or its own width).
    pub short: bool,
    /// Two different names of a column read alike once cut.
    pub merged: bool,
}

/// A chart connector cell in ASCII: `─` as `-`, corners and the branch
/// as `+`, the bar as `|`.
fn ascii_link(c: &str) -> String {
    c.chars()
        .map(|ch| match ch {
            '─' => '-',
            '┐' | '┘' | '├' => '+',
            '│' => '|',
            other => other,
        })
        .collect()
}

fn is_name(t: &Table, i: usize) -> bool {
    matches!(
        t.columns[i].key.as_str(),
        "name" | "red" | "black" | "opponent" | "a" | "b" | "winner" | "home" | "away"
    )
}

/// Names get at least this many columns before headings stay long.
const COMFORT_NAME: usize = 14;

/// The width of a table whose names keep `names` columns (or less, when
/// no name needs them) and other text [`MIN_TEXT_COL`] (or its heading),
/// every other column as wide as its data and heading.
fn room(t: &Table, widths: &[usize], heads: &[String], names: usize, cjk: bool) -> usize {
    let w: usize = (0..widths.len())
        .map(|i| match t.columns[i].kind {
            ColKind::Text if is_name(t, i) => widths[i].min(names.max(heads[i].w(cjk))),
            ColKind::Text => widths[i].min(MIN_TEXT_COL.max(heads[i].w(cjk))),
            _ => widths[i],
        })
        .sum();
    w + 3 * widths.len().saturating_sub(1)
}

/// Column widths that fit `max` (with the ` | ` separators): the widest
/// text column gives up a column at a time, none below its heading or
/// [`MIN_TEXT_COL`]. Numbers, marks and write-in columns keep their width;
/// as a last resort (`cut_headings`: a very narrow `--width`), numbers give
/// up the part of their heading wider than their data.
fn narrow(
    t: &Table,
    mut widths: Vec<usize>,
    heads: &[String],
    max: usize,
    cut_headings: bool,
    cjk: bool,
) -> Vec<usize> {
    let total = |w: &[usize]| w.iter().sum::<usize>() + 3 * w.len().saturating_sub(1);
    let data = |i: usize| {
        t.rows
            .iter()
            .map(|r| r.get(i).map_or(0, |c| clean(c).w(cjk)))
            .max()
            .unwrap_or(0)
            .max(3)
    };
    let text = |i: usize| t.columns[i].kind == ColKind::Text;
    let numeric = |i: usize| matches!(t.columns[i].kind, ColKind::Number | ColKind::Mark);
    // In turn (widest first): clubs and other text down to MIN_TEXT_COL,
    // then names; clubs and other text down to their heading; names down
    // to their heading; the last resort, number headings.
    let floors: [&dyn Fn(usize) -> Option<usize>; 5] = [
        &|i| (text(i) && !is_name(t, i)).then(|| MIN_TEXT_COL.max(heads[i].w(cjk))),
        &|i| text(i).then(|| MIN_TEXT_COL.max(heads[i].w(cjk))),
        &|i| (text(i) && !is_name(t, i)).then(|| heads[i].w(cjk).max(4)),
        &|i| text(i).then(|| heads[i].w(cjk).max(4)),
        &|i| (cut_headings && numeric(i)).then(|| data(i)),
    ];
    for floor in floors {
        while total(&widths) > max {
            let widest = (0..widths.len())
                .filter(|&i| floor(i).is_some_and(|f| widths[i] > f))
                .max_by_key(|&i| (widths[i], std::cmp::Reverse(i)));
            match widest {
                Some(i) => widths[i] -= 1,
                None => break,
            }
        }
    }
    widths
}
