//! `qishe ratings`, `qishe stats`, `qishe player vs`, the history part of
//! `qishe player show`, and `qishe standings --compare-schemes`.

use super::output::{opt, Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::{App, RatingList, SchemeComparison, StatsFilter};
use crate::domain::{format_duration_ms, TimeControl};
use crate::history::{HeadToHead, MemberGame, MemberHistory, Stats};
use crate::i18n::{msg, tr, Lang};
use chrono::NaiveDate;
use clap::Args;
use unicode_width::UnicodeWidthStr;

/// A column heading in the user's language (`hist.<key>`).
fn h(l: Lang, key: &str) -> String {
    tr(l, &format!("hist.{key}")).to_string()
}

/// A label of the statistics summary, padded to 12 display columns.
fn label(l: Lang, key: &str) -> String {
    let t = h(l, key);
    let pad = 12usize.saturating_sub(t.width());
    format!("{t}{}", " ".repeat(pad))
}

// `qishe ratings [--as-of DATE] [--changes] [--format …]`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    #[arg(long, value_name = "DATE", value_parser = super::typed::date)]
    pub as_of: Option<NaiveDate>,
    #[arg(long)]
    pub changes: bool,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

// `qishe stats [--from DATE] [--to DATE] [--event E]… [--time-control TC] [--scheme S]`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[arg(long, value_name = "DATE", value_parser = super::typed::date)]
    pub from: Option<NaiveDate>,
    #[arg(long, value_name = "DATE", value_parser = super::typed::date)]
    pub to: Option<NaiveDate>,
    #[arg(long)]
    pub event: Vec<String>,
    #[arg(long)]
    pub time_control: Option<String>,
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
    say_raw!("{}", render_ratings(&list, a.changes, a.format, ctx.lang)?);
    Ok(())
}

/// The rating list as text, CSV or JSON.
pub fn render_ratings(list: &RatingList, changes: bool, f: Format, l: Lang) -> CliResult<String> {
    if f == Format::Json {
        return json(list);
    }
    let mut out = String::new();
    if changes {
        let mut t = Table::new(&[
            ("name", h(l, "name"), false),
            ("event", h(l, "event"), false),
            ("date", h(l, "date"), false),
            ("games", h(l, "games"), true),
            ("score", h(l, "score"), true),
            ("before", h(l, "before"), true),
            ("after", h(l, "after"), true),
            ("change", h(l, "change"), true),
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
        ("rank", h(l, "rank"), true),
        ("name", h(l, "name"), false),
        ("rating", h(l, "rating"), true),
        ("games", h(l, "games"), true),
        ("events", h(l, "events"), true),
        ("last_change", h(l, "last"), true),
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
        let as_of = list
            .as_of
            .map(|d| msg!("hist.as_of", date = d).render(l))
            .unwrap_or_default();
        let title = msg!("hist.rating_list", as_of, events = list.events);
        out.push_str(&title.render(l));
        out.push('\n');
    }
    out.push_str(&t.render(f));
    if f == Format::Text && !list.unrated.is_empty() {
        out.push_str(&h(l, "unrated"));
        out.push_str(
            &list
                .unrated
                .iter()
                .map(|(_, n, g)| msg!("hist.name_games", name = n, games = *g).render(l))
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
    say_raw!("{}", render_stats(&s, a.format, ctx.lang)?);
    Ok(())
}

/// Statistics as text, CSV (one row per group) or JSON (totals first).
pub fn render_stats(s: &Stats, f: Format, l: Lang) -> CliResult<String> {
    if f == Format::Json {
        return json(s);
    }
    let cols = [
        ("group", h(l, "group"), false),
        ("label", "".into(), false),
        ("games", h(l, "games"), true),
        ("red_wins", h(l, "red_wins"), true),
        ("draws", h(l, "draws"), true),
        ("black_wins", h(l, "black_wins"), true),
        ("draw_pct", h(l, "draw_pct"), true),
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
    out.push_str(&format!("{}{:>8}\n", label(l, "games"), s.games));
    for (key, n, p) in [
        ("red_wins", s.red_wins, s.red_win_pct),
        ("draws", s.draws, s.draw_pct),
        ("black_wins", s.black_wins, s.black_win_pct),
    ] {
        out.push_str(&format!("{}{n:>8}  {:>5}%\n", label(l, key), pct(p)));
    }
    match s.red_score.mean {
        Some(m) => out.push_str(&format!(
            "{}{m:>8.3}  95% CI [{:.3}, {:.3}]\n",
            label(l, "red_score"),
            s.red_score.ci95[0],
            s.red_score.ci95[1]
        )),
        None => out.push_str(&format!("{}{:>8}\n", label(l, "red_score"), "-")),
    }
    out.push_str(&format!(
        "{}{:>8}  {}\n",
        label(l, "forfeits"),
        s.forfeits,
        h(l, "not_games")
    ));
    if let Some(m) = s.average_moves {
        let of = msg!("hist.average_of", games = s.games_with_moves).render(l);
        out.push_str(&format!("{}{m:>8.1}  {of}\n", label(l, "moves")));
    }
    if let (Some(r), Some(b)) = (s.clock.red_ms, s.clock.black_ms) {
        let used = msg!(
            "hist.clock_used",
            red = format_duration_ms(r.round() as i64),
            black = format_duration_ms(b.round() as i64)
        );
        let of = msg!("hist.average_of", games = s.clock.games).render(l);
        out.push_str(&format!("{}{}  {of}\n", label(l, "clock"), used.render(l)));
    }
    out.push('\n');
    out.push_str(&t.text());
    if !s.terminations.is_empty() {
        out.push('\n');
        let mut tt = Table::new(&[
            ("termination", h(l, "termination"), false),
            ("games", h(l, "games"), true),
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

fn games_table(games: &[MemberGame], l: Lang) -> Table {
    let mut t = Table::new(&[
        ("event", h(l, "event"), false),
        ("date", h(l, "date"), false),
        ("round", h(l, "round"), true),
        ("colour", h(l, "colour"), false),
        ("opponent", h(l, "opponent"), false),
        ("result", h(l, "result"), false),
        ("termination", h(l, "termination"), false),
        ("moves", h(l, "moves"), true),
        ("clock", h(l, "clock"), true),
    ]);
    for g in games {
        t.push(game_row(g));
    }
    t
}

/// The history part of `qishe player show` (text).
pub fn render_member_history(hist: &MemberHistory, l: Lang) -> String {
    let mut out = String::new();
    if hist.games.is_empty() {
        out.push_str(&format!("\n{}\n", h(l, "no_games")));
        return out;
    }
    let mut ev = Table::new(&[
        ("event", h(l, "event"), false),
        ("date", h(l, "date"), false),
        ("games", h(l, "games"), true),
        ("score", h(l, "score"), true),
    ]);
    for e in &hist.events {
        ev.push(vec![
            e.event.clone(),
            e.date.to_string(),
            e.games.to_string(),
            e.score.to_string(),
        ]);
    }
    let mut yr = Table::new(&[
        ("year", h(l, "year"), true),
        ("games", h(l, "games"), true),
        ("wins", h(l, "wins"), true),
        ("draws", h(l, "draws"), true),
        ("losses", h(l, "losses"), true),
        ("forfeits", h(l, "forfeits"), true),
        ("score", h(l, "score"), true),
    ]);
    for y in &hist.years {
        yr.push(y.cells());
    }
    out.push_str(&format!("\n{}\n", h(l, "events_title")));
    out.push_str(&ev.text());
    out.push_str(&format!("\n{}\n", h(l, "by_year")));
    out.push_str(&yr.text());
    out.push_str(&format!("\n{}\n", h(l, "games_title")));
    out.push_str(&games_table(&hist.games, l).text());
    out
}

/// `qishe player vs A B`.
pub fn run_vs(app: &App, a: &str, b: &str, f: Format) -> CliResult {
    let (ma, mb) = (app.find_member(a)?, app.find_member(b)?);
    if ma.id == mb.id {
        // Named as the user typed them: "杨国栋 and 16 are the same member".
        return Err(CliError::msg(msg!("err.app.same_member", a, b)));
    }
    let h = app.head_to_head(ma.key(), mb.key())?;
    say_raw!("{}", render_vs(&h, f, app.lang())?);
    Ok(())
}

pub fn render_vs(hh: &HeadToHead, f: Format, l: Lang) -> CliResult<String> {
    match f {
        Format::Json => json(hh),
        Format::Csv => Ok(games_table(&hh.list, l).csv()),
        Format::Text => {
            let line = msg!(
                "hist.vs",
                a = &hh.a_name,
                b = &hh.b_name,
                games = hh.games,
                wins = hh.a_wins,
                draws = hh.draws,
                losses = hh.b_wins,
                score = hh.a_score
            );
            let mut out = line.render(l) + "\n";
            let wdl = |v: &[u32; 3]| format!("{}-{}-{}", v[0], v[1], v[2]);
            let colours = msg!(
                "hist.vs_colours",
                a = &hh.a_name,
                red = wdl(&hh.a_red),
                black = wdl(&hh.a_black)
            );
            out.push_str(&(colours.render(l) + "\n"));
            if !hh.list.is_empty() {
                out.push('\n');
                out.push_str(&games_table(&hh.list, l).text());
            }
            Ok(out)
        }
    }
}

/// `qishe standings EVENT --compare-schemes a,b,c`.
pub fn run_compare(ctx: &Ctx, event: &str, schemes: &[String], f: Format) -> CliResult {
    let app = ctx.open()?;
    let event = app.find_event(event)?.key();
    let c = app.compare_schemes(event, &App::find_schemes(schemes)?)?;
    say_raw!("{}", render_compare(&c, f, ctx.lang));
    Ok(())
}

/// Standings side by side: rank, points and rank change per scheme.
pub fn render_compare(c: &SchemeComparison, f: Format, l: Lang) -> String {
    // Stable keys for CSV/JSON (per scheme), headings for text.
    let mut keys: Vec<String> = vec!["name".into()];
    let mut cols: Vec<(&'static str, String, bool)> = vec![("", h(l, "name"), false)];
    let ok: Vec<usize> = (0..c.columns.len())
        .filter(|&i| c.columns[i].standings.is_ok())
        .collect();
    for &i in &ok {
        let id = &c.columns[i].scheme;
        keys.push(format!("{id}_rank"));
        cols.push(("", format!("{id} {}", h(l, "rank")), true));
        keys.push(format!("{id}_points"));
        cols.push(("", h(l, "points"), true));
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
        let schemes = c
            .columns
            .iter()
            .map(|x| x.scheme.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let title = msg!("hist.compare", event = &c.event.name, schemes);
        out.push_str(&(title.render(l) + "\n"));
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
            let line = msg!(
                "hist.cannot_rescore",
                scheme = &col.scheme,
                why = why.clone()
            );
            let line = line.render(l) + "\n";
            if f == Format::Text {
                out.push_str(&line);
            } else {
                note_raw!("{line}");
            }
        }
    }
    out
}
