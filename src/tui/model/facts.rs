//! The facts a result form asks for besides the clocks and moves: those
//! the open event's scheme or tie-breaks read from the game — a draw's
//! residual material (余子) under 大分小分调整法, a draw's first strike (攻方)
//! under 和棋差额计分法, the moves by piece of a two-game round, the fouls
//! when a tie-break counts them. Without them the secretary was told to
//! reopen the form for a fact it had no field for.

use super::{Field, Form, Model};
use crate::app::ResultInput;
use crate::domain::{FirstStrike, Game, Material, Outcome, PieceMoves};
use crate::i18n::{tr, Lang};
use crate::scoring::SchemeKind;

const RED_RESIDUAL: &str = "tui.field.red_residual";
const BLACK_RESIDUAL: &str = "tui.field.black_residual";
const FIRST_STRIKE: &str = "tui.field.first_strike";
const RED_PIECES: &str = "tui.field.red_pieces";
const BLACK_PIECES: &str = "tui.field.black_pieces";
const RED_FOULS: &str = "tui.field.red_fouls";
const BLACK_FOULS: &str = "tui.field.black_fouls";

/// The labels of the facts the open event reads from a game ending in
/// `outcome`, in the form's order.
pub(super) fn labels(m: &Model, outcome: Outcome) -> Vec<&'static str> {
    // A knockout's games are scored by its own rules, which read none.
    let Some(e) = m
        .open
        .ev
        .event
        .as_ref()
        .filter(|_| m.open.bracket.is_none())
    else {
        return Vec::new();
    };
    let draw = outcome == Outcome::Draw;
    let mut v = Vec::new();
    match SchemeKind::from_id(&e.settings.scheme).ok() {
        Some(SchemeKind::Draw08) if draw => v.extend([RED_RESIDUAL, BLACK_RESIDUAL]),
        Some(SchemeKind::AttackerDefender) if draw => v.push(FIRST_STRIKE),
        Some(SchemeKind::TwoGame | SchemeKind::HuTwoGame) if outcome.is_played() => {
            v.extend([RED_PIECES, BLACK_PIECES])
        }
        _ => {}
    }
    if outcome.is_played() && e.settings.tiebreaks.codes().iter().any(|c| c == "fouls") {
        v.extend([RED_FOULS, BLACK_FOULS]);
    }
    v
}

/// A stored game's facts as the form shows them, by label.
pub(super) fn texts(g: &Game) -> Vec<(&'static str, String)> {
    let f = &g.facts;
    let material = |m: Option<Material>| m.map(|m| m.letters()).unwrap_or_default();
    let pieces = |p: Option<PieceMoves>| p.map(|p| p.text()).unwrap_or_default();
    let fouls = |n: u32| if n == 0 { String::new() } else { n.to_string() };
    vec![
        (RED_RESIDUAL, material(f.red_residual)),
        (BLACK_RESIDUAL, material(f.black_residual)),
        (
            FIRST_STRIKE,
            f.first_strike.map(|s| s.text()).unwrap_or_default(),
        ),
        (RED_PIECES, pieces(f.red_pieces)),
        (BLACK_PIECES, pieces(f.black_pieces)),
        (RED_FOULS, fouls(f.red_fouls)),
        (BLACK_FOULS, fouls(f.black_fouls)),
    ]
}

/// Adds the fields `labels` to `form`, each filled from `stored`.
pub(super) fn add_fields(form: &mut Form, labels: &[&'static str], stored: Option<&Game>) {
    let shown = stored.map(texts).unwrap_or_default();
    for &label in labels {
        let value = shown
            .iter()
            .find(|(l, _)| *l == label)
            .map(|(_, t)| t.clone())
            .unwrap_or_default();
        form.fields.push(Field::text(label, value));
    }
}

/// Reads the form's fact fields into `input`; an empty field leaves the
/// stored fact as it is. An error names the field and what it takes.
pub(super) fn read(lang: Lang, f: &Form, input: &mut ResultInput) -> Result<(), String> {
    let shown = |label: &str| f.fields.iter().any(|x| x.label == label);
    let typed = |label: &'static str| -> Option<&str> {
        Some(f.value(label)).filter(|t| shown(label) && !t.is_empty())
    };
    let bad = |label: &str, why: String| format!("{}: {why}", tr(lang, label));
    for (label, slot) in [
        (RED_RESIDUAL, &mut input.red_residual),
        (BLACK_RESIDUAL, &mut input.black_residual),
    ] {
        if let Some(t) = typed(label) {
            *slot = Some(Material::parse(t).map_err(|e| bad(label, e.msg().render(lang)))?);
        }
    }
    if let Some(t) = typed(FIRST_STRIKE) {
        input.first_strike = Some(FirstStrike::parse(t).ok_or_else(|| {
            bad(
                FIRST_STRIKE,
                format!("\"{t}\" {}", tr(lang, "tui.err.first_strike")),
            )
        })?);
    }
    for (label, slot) in [
        (RED_PIECES, &mut input.red_pieces),
        (BLACK_PIECES, &mut input.black_pieces),
    ] {
        if let Some(t) = typed(label) {
            *slot = Some(PieceMoves::parse(t).ok_or_else(|| {
                bad(
                    label,
                    format!("\"{t}\" {}", tr(lang, "err.cli.not_piece_moves")),
                )
            })?);
        }
    }
    for (label, slot) in [
        (RED_FOULS, &mut input.red_fouls),
        (BLACK_FOULS, &mut input.black_fouls),
    ] {
        if shown(label) {
            let t = f.value(label);
            *slot = Some(if t.is_empty() {
                0
            } else {
                t.parse::<u32>()
                    .map_err(|_| bad(label, format!("{} \"{t}\"", tr(lang, "tui.err.number"))))?
            });
        }
    }
    Ok(())
}
