//! Why a FIDE criterion refuses a modifier it does not take.

use super::CutBase;
use crate::i18n::Msg;
use crate::scoring::TieBreak;

impl TieBreak {
    /// Why a known FIDE criterion refuses one of its modifiers (`BH/X1`,
    /// `ARO/P`, `BH/C1/C1`): the modifier, the criterion and the letters
    /// it takes, with the nearest of them. `None` when the base is not
    /// known or every modifier is one it takes.
    pub fn modifier_problem(code: &str) -> Option<Msg> {
        let c = code.trim().replace(['#', '!'], "/");
        let (b, rest) = c.split_once('/')?;
        let upper = b.to_ascii_uppercase();
        let base = match upper.as_str() {
            "AOB" => TieBreak::Aob,
            _ => TieBreak::FIDE_CODES.iter().find(|(f, _)| *f == upper)?.1,
        };
        if base.modified().is_some() || TieBreak::parse_modified(&c).is_some() {
            return None;
        }
        let letters: Vec<String> = if base == TieBreak::Koya {
            vec!["L".into(), "K".into()]
        } else if base == TieBreak::Direct {
            vec!["P".into(), "R".into(), "S".into()]
        } else {
            CutBase::of(base)
                .map(|b| b.letters().iter().map(|c| c.to_string()).collect())
                .unwrap_or_default()
        };
        let forms: Vec<String> = letters
            .iter()
            .map(|l| match l.as_str() {
                "C" | "M" | "K" => format!("{l}1"),
                "U" => "U1000".to_string(),
                "V" => "V2024".to_string(),
                "L" => "L60".to_string(),
                _ => l.clone(),
            })
            .collect();
        // The first modifier it does not take, or the whole list.
        let bad = rest
            .split('/')
            .find(|m| {
                let first = m.chars().next().map(|c| c.to_ascii_uppercase().to_string());
                !first.is_some_and(|f| letters.contains(&f))
            })
            .unwrap_or(rest)
            .to_string();
        let why = modifier_why(&upper, &bad, &letters);
        let allowed = if forms.is_empty() {
            "-".to_string()
        } else {
            forms.join(", ")
        };
        let msg = crate::i18n::msg!(
            "tb.fide.modifier",
            code = code.trim().to_string(),
            modifier = bad.clone(),
            base = upper,
            why,
            allowed
        );
        Some(crate::i18n::with_near(
            msg,
            &bad,
            forms.iter().map(String::as_str),
        ))
    }
}

/// Why criterion `base` (FIDE's name) refuses `modifier`, of which it
/// takes the letters `letters`.
fn modifier_why(base: &str, modifier: &str, letters: &[String]) -> Msg {
    let first = modifier.chars().next().map(|c| c.to_ascii_uppercase());
    let key = match first {
        Some(c) if letters.contains(&c.to_string()) => "tb.fide.why.form",
        Some('C') => "tb.fide.why.cut",
        Some('M') if letters.iter().any(|l| l == "C") => "tb.fide.why.median",
        Some('M') => "tb.fide.why.cut",
        Some('P') => "tb.fide.why.played",
        Some('F') => "tb.fide.why.fore",
        Some('D') => "tb.fide.why.draws",
        Some('U') => "tb.fide.why.unrated",
        Some('N') => "tb.fide.why.plain",
        Some('V') => "tb.fide.why.rules",
        Some('X') => "tb.fide.why.exchange",
        Some('L' | 'K') => "tb.fide.why.limit",
        Some('R' | 'S') => "tb.fide.why.order",
        _ => "tb.fide.why.unknown",
    };
    Msg::new(key).with("base", base.to_string())
}
