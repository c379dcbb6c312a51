//! `qishe season …`: the club season (年度积分榜, `specs/season.md` §9).

use super::output::{pad, Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::{SeasonDraft, SeasonInfo, SeasonTable};
use crate::i18n::{msg, tr, Lang};
use crate::scoring::season::decimal;
use clap::Subcommand;
use serde_json::{json, Value};

#[derive(Debug, Subcommand)]
pub enum SeasonCmd {
    New {
        name: String,
        #[arg(long)]
        rule: Option<String>,
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        best: Option<String>,
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        min_events: Option<String>,
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        participation: Option<String>,
    },
    Add {
        season: String,
        event: String,
        #[arg(long, value_name = "W", allow_hyphen_values = true)]
        weight: Option<String>,
    },
    Weight {
        season: String,
        event: String,
        weight: String,
    },
    RemoveEvent {
        season: String,
        event: String,
    },
    Standings {
        season: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        #[arg(long, value_name = "NAME")]
        explain: Option<String>,
    },
    List {
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Show {
        season: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Delete {
        season: String,
    },
}

/// A whole number option (`--best`, `--min-events`), refused in one line.
fn whole(v: Option<String>, key: &'static str, min: u32) -> CliResult<Option<u32>> {
    match v {
        None => Ok(None),
        Some(t) => match t.trim().parse::<u32>() {
            Ok(n) if n >= min => Ok(Some(n)),
            _ => Err(CliError::usage(msg!(key, value = t.trim()))),
        },
    }
}

pub fn run(ctx: &Ctx, cmd: SeasonCmd) -> CliResult {
    let mut app = ctx.open()?;
    let l = ctx.lang;
    match cmd {
        SeasonCmd::New {
            name,
            rule,
            best,
            min_events,
            participation,
        } => {
            let d = SeasonDraft {
                name,
                rule,
                best: whole(best, "err.season.bad_best_value", 1)?,
                min_events: whole(min_events, "err.season.bad_min_events", 0)?,
                participation,
            };
            let s = app.create_season(&d)?;
            say!("{}\t{}", s.id, s.name);
        }
        SeasonCmd::Add {
            season,
            event,
            weight,
        } => {
            let event = app.find_event(&event)?.key();
            let season = app.find_season(&season)?;
            app.season_add_event(season, event, weight.as_deref())?;
            let s = app.season(season)?;
            if let Some(e) = s.events.last() {
                let line = msg!(
                    "cli.season.added",
                    event = &e.name,
                    season = &s.name,
                    weight = decimal(e.weight)
                );
                say!("{}", line.render(l));
            }
        }
        SeasonCmd::Weight {
            season,
            event,
            weight,
        } => {
            let event = app.find_event(&event)?.key();
            app.season_set_weight(app.find_season(&season)?, event, &weight)?;
            say!("{}", tr(l, "cli.season.done"));
        }
        SeasonCmd::RemoveEvent { season, event } => {
            let event = app.find_event(&event)?.key();
            app.season_remove_event(app.find_season(&season)?, event)?;
            say!("{}", tr(l, "cli.season.done"));
        }
        SeasonCmd::Delete { season } => {
            app.delete_season(app.find_season(&season)?)?;
            say!("{}", tr(l, "cli.season.done"));
        }
        SeasonCmd::Standings {
            season,
            format,
            explain,
        } => {
            let season = app.find_season(&season)?;
            if let Some(who) = explain {
                let member = app.find_season_player(season, &who)?;
                let (t, i) = app.season_explain(season, member)?;
                say_raw!("{}", explain_text(&t, i, l));
                return Ok(());
            }
            let t = app.season_standings(season)?;
            match format {
                Format::Text => say_raw!("{}", standings_text(&t, l)),
                Format::Csv => {
                    let doc = app.season_doc(&t, l);
                    let out = crate::report::render_csv(
                        &doc,
                        crate::report::CsvOptions {
                            bom: false,
                            headings: false,
                        },
                        &csv_cell,
                    )
                    .map_err(|e| CliError::msg(e.msg()))?;
                    say_raw!("{out}");
                }
                Format::Json => say!("{}", standings_json(&t)),
            }
        }
        SeasonCmd::List { format } => {
            let mut t = Table::new(&[
                ("id", tr(l, "col.id").into(), true),
                ("name", tr(l, "col.season").into(), false),
                ("rule", tr(l, "col.season_rule").into(), false),
                ("best", tr(l, "col.season_best").into(), true),
                ("min_events", tr(l, "col.season_min").into(), true),
                (
                    "participation",
                    tr(l, "col.season_participation").into(),
                    true,
                ),
                ("events", tr(l, "col.season_events").into(), true),
                ("finished", tr(l, "col.season_finished").into(), true),
            ]);
            for s in app.seasons()? {
                t.push(vec![
                    s.id.to_string(),
                    s.name.clone(),
                    s.settings.rule.code(),
                    s.settings.best.map(|b| b.to_string()).unwrap_or_default(),
                    s.settings.min_events.to_string(),
                    decimal(s.settings.participation),
                    s.events.len().to_string(),
                    s.events.iter().filter(|e| e.finished()).count().to_string(),
                ]);
            }
            say_raw!("{}", t.render(format));
        }
        SeasonCmd::Show { season, format } => {
            let s = app.season(app.find_season(&season)?)?;
            match format {
                Format::Json => say!("{}", season_json(&s)),
                _ => {
                    if format == Format::Text {
                        say_raw!("{}", settings_text(&s, l));
                    }
                    let mut t = Table::new(&[
                        ("event", tr(l, "col.event").into(), false),
                        ("weight", tr(l, "col.season_weight").into(), true),
                        ("status", tr(l, "col.status").into(), false),
                        ("date", tr(l, "col.date").into(), false),
                    ]);
                    for e in &s.events {
                        t.push(vec![
                            e.name.clone(),
                            decimal(e.weight),
                            tr(l, e.status_key()).into(),
                            e.date.map(|d| d.to_string()).unwrap_or_default(),
                        ]);
                    }
                    say_raw!("{}", t.render(format));
                }
            }
        }
    }
    Ok(())
}

/// A CSV cell: formulas neutralised unless `--csv-formulas`.
fn csv_cell(c: &str) -> String {
    if super::output::csv_formulas_allowed() {
        c.to_string()
    } else {
        crate::formats::safe::csv_cell(c).into_owned()
    }
}

/// A value as a JSON number: whole numbers as integers, else the rounded
/// two-decimal value (`7.33`).
fn number(v: crate::domain::Fraction) -> Value {
    let h = v.round_hundredths();
    if h % 100 == 0 {
        json!((h / 100) as i64)
    } else {
        let text = v.to_string();
        text.parse::<f64>().map(|f| json!(f)).unwrap_or(Value::Null)
    }
}

fn season_json(s: &SeasonInfo) -> Value {
    json!({
        "season": s.name,
        "rule": s.settings.rule.code(),
        "best": s.settings.best,
        "min_events": s.settings.min_events,
        "participation": number(s.settings.participation),
        "events": s.events.iter().map(|e| json!({
            "name": e.name,
            "weight": number(e.weight),
            "finished": e.finished(),
            "status": e.status_key().trim_start_matches("status."),
        })).collect::<Vec<_>>(),
    })
}

/// The JSON of §9.
pub fn standings_json(t: &SeasonTable) -> Value {
    let mut v = season_json(&t.info);
    let names: Vec<&str> = t.info.events.iter().map(|e| e.name.as_str()).collect();
    v["standings"] = t
        .standings
        .rows
        .iter()
        .map(|r| {
            let mut results = serde_json::Map::new();
            let mut counted = Vec::new();
            for (name, x) in names.iter().zip(&r.results) {
                if let Some(x) = x {
                    results.insert(name.to_string(), number(x.value));
                    if x.counted {
                        counted.push(name.to_string());
                    }
                }
            }
            json!({
                "rank": r.rank,
                "shared": r.shared,
                "qualified": r.qualified,
                "name": r.name,
                "total": number(r.total),
                "events": r.events,
                "wins": r.wins,
                "best": number(r.best),
                "results": results,
                "counted": counted,
            })
        })
        .collect();
    v
}

/// The settings block of the text outputs.
fn settings_text(s: &SeasonInfo, l: Lang) -> String {
    let best = match s.settings.best {
        Some(b) => b.to_string(),
        None => tr(l, "season.best_all").to_string(),
    };
    let line = msg!(
        "cli.season.settings",
        rule = s.settings.rule.code(),
        best,
        min = s.settings.min_events,
        participation = decimal(s.settings.participation)
    );
    format!("{}\n  {}\n", s.name, line.render(l))
}

/// Text: the settings, the table (results not counted in parentheses,
/// unqualified players marked `*` with a footnote), one note per event
/// not finished.
pub fn standings_text(t: &SeasonTable, l: Lang) -> String {
    let mut out = settings_text(&t.info, l);
    out.push('\n');
    let mut cols: Vec<(&'static str, String, bool)> = vec![
        ("rank", tr(l, "col.rank").into(), true),
        ("name", tr(l, "col.name").into(), false),
        ("total", tr(l, "col.season_total").into(), true),
        ("events", tr(l, "col.season_events").into(), true),
        ("wins", tr(l, "col.season_wins").into(), true),
        ("best", tr(l, "col.season_best_result").into(), true),
    ];
    for e in &t.info.events {
        cols.push(("event", e.name.clone(), true));
    }
    let mut table = Table::new(&cols);
    for r in &t.standings.rows {
        table.push(crate::report::season_cells(r));
    }
    if t.standings.rows.is_empty() {
        out.push_str(tr(l, "season.nobody"));
        out.push('\n');
    } else {
        out.push_str(&table.text());
    }
    if t.standings.rows.iter().any(|r| !r.qualified) {
        let m = msg!("season.unqualified_note", min = t.info.settings.min_events);
        out.push_str(&format!("* {}\n", m.render(l)));
    }
    if t.standings
        .rows
        .iter()
        .any(|r| r.results.iter().flatten().any(|x| !x.counted))
    {
        out.push_str(&format!("( ) {}\n", tr(l, "season.dropped_note")));
    }
    for e in t.info.events.iter().filter(|e| !e.finished()) {
        let key = if e.champion_decided {
            "season.decided_not_finished"
        } else {
            "season.not_finished"
        };
        out.push_str(&msg!(key, event = &e.name).render(l));
        out.push('\n');
    }
    out
}

/// `--explain NAME`: each result of the player with its rule points,
/// weight and participation, counted or dropped.
fn explain_text(t: &SeasonTable, i: usize, l: Lang) -> String {
    let r = &t.standings.rows[i];
    let mut out = format!(
        "{} — {}\n{}\n",
        r.name,
        t.info.name,
        msg!(
            "cli.season.explain_head",
            rank = r.rank_cell(),
            total = r.total.to_string(),
            events = r.events,
            wins = r.wins,
            best = r.best.to_string()
        )
        .render(l)
    );
    let heads = [
        tr(l, "col.event").to_string(),
        tr(l, "col.rank").to_string(),
        tr(l, "col.season_rule_points").to_string(),
        tr(l, "col.season_weight").to_string(),
        tr(l, "col.season_participation").to_string(),
        tr(l, "col.season_result").to_string(),
        String::new(),
    ];
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (e, x) in t.info.events.iter().zip(&r.results) {
        let row = match x {
            Some(x) => vec![
                e.name.clone(),
                format!("{}{}", x.rank, if x.shared { "=" } else { "" }),
                x.rule_points.to_string(),
                decimal(x.weight),
                decimal(x.participation),
                x.value.to_string(),
                tr(
                    l,
                    if x.counted {
                        "season.counted"
                    } else {
                        "season.dropped"
                    },
                )
                .to_string(),
            ],
            None => vec![
                e.name.clone(),
                String::new(),
                String::new(),
                decimal(e.weight),
                String::new(),
                String::new(),
                tr(
                    l,
                    if e.finished() {
                        "season.no_result"
                    } else {
                        "season.not_finished_short"
                    },
                )
                .to_string(),
            ],
        };
        rows.push(row);
    }
    use unicode_width::UnicodeWidthStr;
    let widths: Vec<usize> = (0..heads.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].width())
                .chain([heads[c].width()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .enumerate()
            .map(|(c, s)| pad(s, widths[c], c > 0 && c < 6))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    out.push_str(&line(&heads));
    out.push('\n');
    for r in &rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out
}
