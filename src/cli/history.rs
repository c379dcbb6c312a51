//! `qishe ratings`, `qishe stats`, `qishe player vs`, the history part of
//! `qishe player show`, and `qishe standings --compare-schemes`.

use super::output::{opt, Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::{App, RatingList, SchemeComparison, StatsFilter};
use crate::domain::{format_duration_ms, TimeControl};
use crate::history::{HeadToHead, MemberGame, MemberHistory, Stats};
use chrono::NaiveDate;
use clap::Args;

/// `qishe ratings [--as-of DATE] [--changes] [--format …]`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// The list as it stood after the events up to this date (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<NaiveDate>,
    /// One row per member and event: the rating before, after, the change.
    #[arg(long)]
    pub changes: bool,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `qishe stats [--from DATE] [--to DATE] [--event E]… [--time-control TC] [--scheme S]`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// First event date counted (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub from: Option<NaiveDate>,
    /// Last event date counted.
    #[arg(long, value_name = "DATE")]
    pub to: Option<NaiveDate>,
    /// Only this event (name or id); repeat for several.
    #[arg(long)]
    pub event: Vec<String>,
    /// Only events with this time control (e.g. 90+30).
    #[arg(long)]
    pub time_control: Option<String>,
    /// Only events scored with this scheme.
    #[arg(long)]
    pub scheme: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

fn pct(x: f64) -> String {
    format!("{x:.1}")
}

fn signed(d: i32) -> String {
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

fn json<T: serde::Serialize>(v: &T) -> CliResult<String> {
    // Straight from the struct, so fields keep their order (totals first).
    Ok(serde_json::to_string_pretty(v)? + "\n")
}

pub fn run_ratings(ctx: &Ctx, a: RatingsArgs) -> CliResult {
    let app = ctx.open()?;
    let list = app.rating_list(a.as_of)?;
    print!("{}", render_ratings(&list, a.changes, a.format)?);
    Ok(())
}

/// The rating list as text, CSV or JSON.
pub fn render_ratings(list: &RatingList, changes: bool, f: Format) -> CliResult<String> {
    if f == Format::Json {
        return json(list);
    }
    let mut out = String::new();
    if changes {
        let mut t = Table::new(&[
            ("name", "name".into(), false),
            ("event", "event".into(), false),
            ("date", "date".into(), false),
            ("games", "games".into(), true),
            ("score", "score".into(), true),
            ("before", "before".into(), true),
            ("after", "after".into(), true),
            ("change", "change".into(), true),
        ]);
        for r in &list.rows {
            for c in &r.changes {
                t.push(vec![
                    r.name.clone(),
                    c.event.clone(),
                    c.date.to_string(),
                    c.games.to_string(),
                    c.score.to_string(),
                    opt(&c.before),
                    opt(&c.after),
                    signed(c.delta),
                ]);
            }
        }
        out.push_str(&t.render(f));
        return Ok(out);
    }
    let mut t = Table::new(&[
        ("rank", "rank".into(), true),
        ("name", "name".into(), false),
        ("rating", "rating".into(), true),
        ("games", "games".into(), true),
        ("events", "events".into(), true),
        ("last_change", "last".into(), true),
    ]);
    for r in &list.rows {
        t.push(vec![
            r.rank.to_string(),
            r.name.clone(),
            r.rating.to_string(),
            r.games.to_string(),
            r.events.to_string(),
            signed(r.last_change),
        ]);
    }
    if f == Format::Text {
        out.push_str(&format!(
            "rating list{} after {} finished events\n",
            list.as_of
                .map(|d| format!(" as of {d}"))
                .unwrap_or_default(),
            list.events
        ));
    }
    out.push_str(&t.render(f));
    if f == Format::Text && !list.unrated.is_empty() {
        out.push_str("not yet rated: ");
        out.push_str(
            &list
                .unrated
                .iter()
                .map(|(_, n, g)| format!("{n} ({g} games)"))
                .collect::<Vec<_>>()
                .join(", "),
        );
        out.push('\n');
    }
    Ok(out)
}

pub fn run_stats(ctx: &Ctx, a: StatsArgs) -> CliResult {
    let time_control = a
        .time_control
        .as_deref()
        .map(|t| {
            t.parse::<TimeControl>().map_err(|e| {
                CliError::usage(crate::i18n::msg!(
                    "err.cli.option",
                    option = "--time-control",
                    why = e.msg()
                ))
            })
        })
        .transpose()?;
    if let (Some(f), Some(t)) = (a.from, a.to) {
        if f > t {
            return Err(CliError::usage(crate::i18n::msg!(
                "err.cli.from_after_to",
                from = f,
                to = t
            )));
        }
    }
    let app = ctx.open()?;
    let s = app.stats(&StatsFilter {
        from: a.from,
        to: a.to,
        events: a.event,
        time_control,
        scheme: a.scheme,
    })?;
    print!("{}", render_stats(&s, a.format)?);
    Ok(())
}

/// Statistics as text, CSV (one row per group) or JSON (totals first).
pub fn render_stats(s: &Stats, f: Format) -> CliResult<String> {
    if f == Format::Json {
        return json(s);
    }
    let cols = [
        ("group", "group".to_string(), false),
        ("label", "".into(), false),
        ("games", "games".into(), true),
        ("red_wins", "red wins".into(), true),
        ("draws", "draws".into(), true),
        ("black_wins", "black wins".into(), true),
        ("draw_pct", "draw %".into(), true),
    ];
    let mut t = Table::new(&cols);
    let row = |group: &str, b: &crate::history::Bucket| {
        vec![
            group.to_string(),
            b.label.clone(),
            b.games.to_string(),
            b.red_wins.to_string(),
            b.draws.to_string(),
            b.black_wins.to_string(),
            pct(b.draw_rate * 100.0),
        ]
    };
    for b in &s.draw_rate_by_rating_diff {
        t.push(row("rating-diff", b));
    }
    for b in &s.draw_rate_by_time_control {
        t.push(row("time-control", b));
    }
    if f == Format::Csv {
        let mut all = Table::new(&cols);
        all.push(vec![
            "total".into(),
            "".into(),
            s.games.to_string(),
            s.red_wins.to_string(),
            s.draws.to_string(),
            s.black_wins.to_string(),
            pct(s.draw_pct),
        ]);
        all.rows.extend(t.rows);
        for (code, n) in &s.terminations {
            all.push(vec![
                "termination".into(),
                code.clone(),
                n.to_string(),
                "".into(),
                "".into(),
                "".into(),
                "".into(),
            ]);
        }
        return Ok(all.csv());
    }
    let mut out = String::new();
    out.push_str(&format!("games       {:>8}\n", s.games));
    out.push_str(&format!(
        "red wins    {:>8}  {:>5}%\n",
        s.red_wins,
        pct(s.red_win_pct)
    ));
    out.push_str(&format!(
        "draws       {:>8}  {:>5}%\n",
        s.draws,
        pct(s.draw_pct)
    ));
    out.push_str(&format!(
        "black wins  {:>8}  {:>5}%\n",
        s.black_wins,
        pct(s.black_win_pct)
    ));
    match s.red_score.mean {
        Some(m) => out.push_str(&format!(
            "red score   {m:>8.3}  95% CI [{:.3}, {:.3}]\n",
            s.red_score.ci95[0], s.red_score.ci95[1]
        )),
        None => out.push_str("red score          -\n"),
    }
    out.push_str(&format!(
        "forfeits    {:>8}  (not counted as games)\n",
        s.forfeits
    ));
    if let Some(m) = s.average_moves {
        out.push_str(&format!(
            "moves       {m:>8.1}  average of {} games\n",
            s.games_with_moves
        ));
    }
    if let (Some(r), Some(b)) = (s.clock.red_ms, s.clock.black_ms) {
        out.push_str(&format!(
            "clock used  red {} black {}  average of {} games\n",
            format_duration_ms(r.round() as i64),
            format_duration_ms(b.round() as i64),
            s.clock.games
        ));
    }
    out.push('\n');
    out.push_str(&t.text());
    if !s.terminations.is_empty() {
        out.push('\n');
        let mut tt = Table::new(&[
            ("termination", "termination".into(), false),
            ("games", "games".into(), true),
        ]);
        for (code, n) in &s.terminations {
            tt.push(vec![code.clone(), n.to_string()]);
        }
        out.push_str(&tt.text());
    }
    Ok(out)
}

fn game_row(g: &MemberGame) -> Vec<String> {
    vec![
        g.event.clone(),
        g.date.to_string(),
        g.round.to_string(),
        g.colour.code().into(),
        g.opponent.clone(),
        g.result.mark().into(),
        g.termination.map(|t| t.code()).unwrap_or_default().into(),
        opt(&g.moves),
        g.used_ms.map(format_duration_ms).unwrap_or_default(),
    ]
}

fn games_table(games: &[MemberGame]) -> Table {
    let mut t = Table::new(&[
        ("event", "event".into(), false),
        ("date", "date".into(), false),
        ("round", "round".into(), true),
        ("colour", "colour".into(), false),
        ("opponent", "opponent".into(), false),
        ("result", "result".into(), false),
        ("termination", "termination".into(), false),
        ("moves", "moves".into(), true),
        ("clock", "clock".into(), true),
    ]);
    for g in games {
        t.push(game_row(g));
    }
    t
}

/// The history part of `qishe player show` (text).
pub fn render_member_history(h: &MemberHistory) -> String {
    let mut out = String::new();
    if h.games.is_empty() {
        out.push_str("\nno games yet\n");
        return out;
    }
    let mut ev = Table::new(&[
        ("event", "event".into(), false),
        ("date", "date".into(), false),
        ("games", "games".into(), true),
        ("score", "score".into(), true),
    ]);
    for e in &h.events {
        ev.push(vec![
            e.event.clone(),
            e.date.to_string(),
            e.games.to_string(),
            e.score.to_string(),
        ]);
    }
    let mut yr = Table::new(&[
        ("year", "year".into(), true),
        ("games", "games".into(), true),
        ("wins", "wins".into(), true),
        ("draws", "draws".into(), true),
        ("losses", "losses".into(), true),
        ("forfeits", "forfeits".into(), true),
        ("score", "score".into(), true),
    ]);
    for y in &h.years {
        yr.push(vec![
            y.year.to_string(),
            y.games.to_string(),
            y.wins.to_string(),
            y.draws.to_string(),
            y.losses.to_string(),
            y.forfeits.to_string(),
            y.score.to_string(),
        ]);
    }
    out.push_str("\nevents\n");
    out.push_str(&ev.text());
    out.push_str("\nscore by year\n");
    out.push_str(&yr.text());
    out.push_str("\ngames\n");
    out.push_str(&games_table(&h.games).text());
    out
}

/// `qishe player vs A B`.
pub fn run_vs(app: &App, a: &str, b: &str, f: Format) -> CliResult {
    let h = app.head_to_head(a, b)?;
    print!("{}", render_vs(&h, f)?);
    Ok(())
}

pub fn render_vs(h: &HeadToHead, f: Format) -> CliResult<String> {
    match f {
        Format::Json => json(h),
        Format::Csv => Ok(games_table(&h.list).csv()),
        Format::Text => {
            let mut out = format!(
                "{} v {}: {} games, {} wins, {} draws, {} losses, score {}\n",
                h.a_name, h.b_name, h.games, h.a_wins, h.draws, h.b_wins, h.a_score
            );
            out.push_str(&format!(
                "{} with red: {}-{}-{}; with black: {}-{}-{} (wins-draws-losses)\n",
                h.a_name,
                h.a_red[0],
                h.a_red[1],
                h.a_red[2],
                h.a_black[0],
                h.a_black[1],
                h.a_black[2]
            ));
            if !h.list.is_empty() {
                out.push('\n');
                out.push_str(&games_table(&h.list).text());
            }
            Ok(out)
        }
    }
}

/// `qishe standings EVENT --compare-schemes a,b,c`.
pub fn run_compare(ctx: &Ctx, event: &str, schemes: &[String], f: Format) -> CliResult {
    let app = ctx.open()?;
    let c = app.compare_schemes(event, schemes)?;
    print!("{}", render_compare(&c, f));
    Ok(())
}

/// Standings side by side: rank, points and rank change per scheme.
pub fn render_compare(c: &SchemeComparison, f: Format) -> String {
    // Stable keys for CSV/JSON (per scheme), headings for text.
    let mut keys: Vec<String> = vec!["name".into()];
    let mut cols: Vec<(&'static str, String, bool)> = vec![("", "name".into(), false)];
    let ok: Vec<usize> = (0..c.columns.len())
        .filter(|&i| c.columns[i].standings.is_ok())
        .collect();
    for &i in &ok {
        let id = &c.columns[i].scheme;
        keys.push(format!("{id}_rank"));
        cols.push(("", format!("{id} rank"), true));
        keys.push(format!("{id}_points"));
        cols.push(("", "points".into(), true));
        if i > 0 {
            keys.push(format!("{id}_change"));
            cols.push(("", "±".into(), true));
        }
    }
    let mut t = Table::new(&cols);
    for p in c.order() {
        let mut row = vec![p.name.clone()];
        for &i in &ok {
            match c.place(i, p.id) {
                Some((rank, shared, points)) => {
                    row.push(if shared && f == Format::Text {
                        format!("{rank}=")
                    } else {
                        rank.to_string()
                    });
                    row.push(points.to_string());
                }
                None => {
                    row.push(String::new());
                    row.push(String::new());
                }
            }
            if i > 0 {
                row.push(
                    c.rank_change(i, p.id)
                        .map(|d| match d {
                            0 => "=".to_string(),
                            d if d > 0 => format!("+{d}"),
                            d => d.to_string(),
                        })
                        .unwrap_or_default(),
                );
            }
        }
        t.push(row);
    }
    let mut out = String::new();
    if f == Format::Text {
        out.push_str(&format!(
            "{}: standings under {} (first: the event's own scheme)\n",
            c.event.name,
            c.columns
                .iter()
                .map(|x| x.scheme.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    match f {
        Format::Text => out.push_str(&t.text()),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            let _ = w.write_record(&keys);
            for r in &t.rows {
                let _ = w.write_record(r);
            }
            out.push_str(&String::from_utf8_lossy(
                &w.into_inner().unwrap_or_default(),
            ));
        }
        Format::Json => {
            let rows: Vec<serde_json::Value> = t
                .rows
                .iter()
                .map(|r| {
                    serde_json::Value::Object(
                        keys.iter()
                            .cloned()
                            .zip(r.iter().map(|v| serde_json::Value::String(v.clone())))
                            .collect(),
                    )
                })
                .collect();
            out.push_str(&serde_json::to_string_pretty(&rows).unwrap_or_default());
            out.push('\n');
        }
    }
    for col in &c.columns {
        if let Err(why) = &col.standings {
            let line = format!("{}: cannot re-score: {why}\n", col.scheme);
            if f == Format::Text {
                out.push_str(&line);
            } else {
                eprint!("{line}");
            }
        }
    }
    out
}
