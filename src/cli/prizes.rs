//! `qishe event prizes EVENT FILE.csv [--sharing …]` stores an event's
//! prize list; `qishe prizes EVENT [--format text|csv|json]` prints who
//! gets what (specs/prizes.md §6).

use super::output::{Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::prizes::PrizeReport;
use crate::domain::Sharing;
use crate::i18n::{msg, tr, Lang};
use crate::report::prizes::{
    award_value, passed_over_note, prize_label, share_notes, sharing_name, unawarded_reason,
};
use crate::scoring::prizes::Given;
use clap::Args;
use std::path::Path;

// `qishe prizes`.
#[derive(Debug, Args)]
pub struct PrizesArgs {
    pub event: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// The sharing mode as typed.
pub fn parse_sharing(s: &str) -> CliResult<Sharing> {
    Sharing::from_code(s)
        .ok_or_else(|| CliError::msg(msg!("err.prizes.unknown_sharing", value = s)))
}

/// `qishe event prizes EVENT FILE.csv [--sharing none|equal|hort]`.
pub fn run_set(ctx: &Ctx, event: &str, file: &Path, sharing: &str) -> CliResult {
    let sharing = parse_sharing(sharing)?;
    let (bytes, name) = super::read_input(file, crate::app::InputKind::Prizes)?;
    let mut app = ctx.open()?;
    let ev = app.find_event(event)?;
    let n = app.set_prizes_csv(ev.key(), &bytes, &name, sharing)?;
    say!(
        "{}",
        msg!(
            "cli.prizes.stored",
            event = &ev.name,
            count = n,
            sharing = sharing.code()
        )
        .render(ctx.lang)
    );
    Ok(())
}

/// `qishe prizes EVENT`.
pub fn run(ctx: &Ctx, a: PrizesArgs) -> CliResult {
    let app = ctx.open()?;
    let r = app.prizes(app.find_event(&a.event)?.key())?;
    match a.format {
        Format::Csv => say_raw!("{}", csv_table(&r).csv()),
        Format::Json => say!("{}", json(&r)),
        Format::Text => say_raw!("{}", text(&r, ctx.lang)),
    }
    Ok(())
}

/// §6.3: `rank,name,category,place,amount,item`, in standings order.
fn csv_table(r: &PrizeReport) -> Table {
    let mut t = Table::new(&[
        ("rank", String::new(), true),
        ("name", String::new(), false),
        ("category", String::new(), false),
        ("place", String::new(), true),
        ("amount", String::new(), true),
        ("item", String::new(), false),
    ]);
    for a in r.alloc.in_standings_order() {
        let c = &r.field[a.player];
        let (amount, item) = match &a.given {
            Given::Money(m) => (m.to_string(), String::new()),
            Given::Item(t) => (String::new(), t.clone()),
        };
        t.push(vec![
            c.rank.to_string(),
            c.name.clone(),
            a.category.code(),
            a.place.to_string(),
            amount,
            item,
        ]);
    }
    t
}

/// §6.4.
fn json(r: &PrizeReport) -> String {
    use serde_json::{json, Value};
    let prizes: Vec<Value> = r
        .alloc
        .in_standings_order()
        .into_iter()
        .map(|a| {
            let c = &r.field[a.player];
            let (amount, item) = match &a.given {
                Given::Money(m) => (json!(m), Value::Null),
                Given::Item(t) => (Value::Null, json!(t)),
            };
            json!({
                "rank": c.rank,
                "name": c.name,
                "category": a.category.code(),
                "place": a.place,
                "amount": amount,
                "item": item,
            })
        })
        .collect();
    let not_awarded: Vec<Value> = r
        .alloc
        .not_awarded
        .iter()
        .map(|n| {
            let p = &r.list.prizes[n.prize];
            json!({
                "category": p.category.code(),
                "place": p.place,
                "value": p.value.text(),
            })
        })
        .collect();
    serde_json::to_string_pretty(&json!({
        "event": r.event.name,
        "sharing": r.list.sharing.code(),
        "prizes": prizes,
        "not_awarded": not_awarded,
    }))
    .unwrap_or_default()
}

/// §6.5: the rows as a table with the prizes' names and the shares
/// explained, then the prizes not awarded and the totals.
fn text(r: &PrizeReport, l: Lang) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "{} · {} · {}\n",
        r.event.name,
        tr(l, "prize.title.allocation"),
        msg!("prize.after_round", round = r.after_round).render(l)
    ));
    out.push_str(&format!(
        "{}: {}\n",
        tr(l, "prize.label.sharing"),
        sharing_name(l, r.list.sharing)
    ));
    if !r.finished {
        out.push_str(&format!("{}\n", tr(l, "prize.preview")));
    }
    out.push('\n');
    let mut t = Table::new(&[
        ("rank", tr(l, "prize.col.rank").into(), true),
        ("name", tr(l, "col.name").into(), false),
        ("prize", tr(l, "prize.col.prize").into(), false),
        ("value", tr(l, "prize.col.value").into(), false),
        ("why", tr(l, "prize.col.why").into(), false),
    ]);
    for a in r.alloc.in_standings_order() {
        let c = &r.field[a.player];
        t.push(vec![
            c.rank.to_string(),
            c.name.clone(),
            prize_label(l, &a.category, a.place),
            award_value(l, a),
            passed_over_note(l, &r.field, a),
        ]);
    }
    if t.rows.is_empty() {
        out.push_str(&format!("{}\n", tr(l, "prize.none_given")));
    } else {
        out.push_str(&t.text());
    }
    for n in share_notes(l, &r.field, &r.alloc) {
        out.push_str(&format!("{n}\n"));
    }
    if !r.alloc.not_awarded.is_empty() {
        out.push_str(&format!("\n{}:\n", tr(l, "prize.not_awarded")));
        for n in &r.alloc.not_awarded {
            let p = &r.list.prizes[n.prize];
            out.push_str(&format!(
                "  {}\n",
                msg!(
                    "prize.not_awarded.line",
                    prize = prize_label(l, &p.category, p.place),
                    value = p.value.text(),
                    why = unawarded_reason(l, n.why)
                )
                .render(l)
            ));
        }
    }
    out.push_str(&format!(
        "\n{}\n",
        msg!(
            "prize.total",
            given = r.alloc.money_given(),
            total = r.list.total_money()
        )
        .render(l)
    ));
    out
}
