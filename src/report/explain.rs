//! `standings --explain A` and the TUI's `e`: how a player's tie-break
//! values are made, as text in the reader's language.

use crate::i18n::{tr, Lang};
use crate::scoring::{Breakdown, DirectDetail, PartKind, RoundKind};

/// A player's tie-break values, one block per criterion with the rounds it
/// is made of.
pub fn breakdown_text(l: Lang, b: &Breakdown) -> String {
    let mut out = format!(
        "{} (#{}): {} {} · {}\n",
        b.player.name,
        b.player.start_no,
        b.points,
        tr(l, "explain.points"),
        crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(b.after_round))
            .render(l)
    );
    for it in &b.items {
        let label = it.tiebreak.name(l, false);
        out.push_str(&format!("{} ({label}): {}\n", it.tiebreak.code(), it.value));
        for p in &it.parts {
            let round = crate::i18n::msg!("explain.round", n = p.round).render(l);
            let what = match p.round_kind {
                RoundKind::ForfeitWin => Some("explain.kind.forfeit_win"),
                RoundKind::ForfeitLoss => Some("explain.kind.forfeit_loss"),
                RoundKind::DoubleForfeit => Some("explain.kind.double_forfeit"),
                RoundKind::PairingBye => Some("explain.kind.pairing_bye"),
                RoundKind::RequestedBye => Some("explain.kind.requested_bye"),
                RoundKind::Absent => Some("explain.kind.absent"),
                RoundKind::Pending => Some("explain.kind.pending"),
                RoundKind::Played => None,
            };
            let opp = p
                .opponent
                .as_ref()
                .map(|o| format!("#{} {}", o.start_no, o.name));
            let mut who = match p.kind {
                PartKind::Virtual => tr(l, "explain.virtual").to_string(),
                PartKind::Own if it.parts.iter().all(|q| q.opponent.is_none()) => {
                    tr(l, "explain.running").to_string()
                }
                _ => String::new(),
            };
            for extra in [what.map(|k| tr(l, k).to_string()), opp]
                .into_iter()
                .flatten()
            {
                if !who.is_empty() {
                    who.push_str(", ");
                }
                who.push_str(&extra);
            }
            let mut flags = Vec::new();
            if p.vur {
                flags.push(tr(l, "explain.vur"));
            }
            if p.cut {
                flags.push(tr(l, "explain.not_counted"));
            }
            let flags = if flags.is_empty() {
                String::new()
            } else {
                format!("  [{}]", flags.join(", "))
            };
            out.push_str(&format!(
                "  {round:<5} {who:<40} {:>8}{flags}\n",
                p.value.to_string()
            ));
        }
        if let Some(d) = &it.direct {
            direct_text(l, d, &mut out);
        }
    }
    out
}

/// `direct`: the tied players, their games, the mini-table and the rule
/// that ordered them.
fn direct_text(l: Lang, d: &DirectDetail, out: &mut String) {
    let who = |p: &crate::scoring::PlayerRef| format!("#{} {}", p.start_no, p.name);
    if d.rows.len() < 2 {
        out.push_str(&format!("  {}\n", tr(l, "explain.de.alone")));
        return;
    }
    let tied: Vec<String> = d.rows.iter().map(|r| who(&r.player)).collect();
    out.push_str(&format!(
        "  {}: {}\n",
        tr(l, "explain.de.tied"),
        tied.join(", ")
    ));
    if d.games.is_empty() {
        out.push_str(&format!("  {}\n", tr(l, "explain.de.no_games")));
    }
    for g in &d.games {
        let round = crate::i18n::msg!("explain.round", n = g.round).render(l);
        let pair = format!("{} – {}", who(&g.a), who(&g.b));
        out.push_str(&format!(
            "  {round:<5} {pair:<40} {}–{}\n",
            g.a_points, g.b_points
        ));
    }
    for r in &d.rows {
        let mut line = format!(
            "  {:<24} {} {}  {} {}/{}",
            who(&r.player),
            tr(l, "explain.de.score"),
            r.score,
            tr(l, "explain.de.met"),
            r.met,
            r.others
        );
        if d.fide && !d.all_met {
            line.push_str(&format!("  {} {}", tr(l, "explain.de.best"), r.best));
        }
        line.push_str(&format!("  → {}\n", r.value));
        out.push_str(&line);
    }
    let why = if d.all_met {
        "explain.de.all_met"
    } else if d.fide {
        "explain.de.not_all_met"
    } else {
        "explain.de.not_applied"
    };
    out.push_str(&format!("  {}\n", tr(l, why)));
}
