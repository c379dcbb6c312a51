//! The forbidden-pair form: the second row marked with `f` opens it, to
//! keep the two players apart (in every round, or in a range of rounds
//! added to the pair's others) or to lift the pair (in every round, or in
//! the rounds typed).

use super::*;
use crate::app::{EntryId, RoundNo};

/// The form for the pair `a`, `b` of `event`: no rounds (every round),
/// keep apart.
pub(in crate::tui::model) fn forbid_form(event: EventId, a: EntryId, b: EntryId) -> Form {
    Form {
        kind: FormKind::Forbid { event, a, b },
        fields: vec![
            Field::text("tui.field.forbid_rounds", ""),
            Field::choice("tui.field.forbid_lift", &["no", "yes"], "no"),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}

/// `3` or `1-4`; blank: every round.
fn rounds(lang: Lang, text: &str) -> Result<Option<(RoundNo, RoundNo)>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || crate::i18n::msg!("cli.err.not_round_range", value = text).render(lang);
    let (x, y) = text.split_once('-').unwrap_or((text, text));
    let x: u32 = x.trim().parse().map_err(|_| bad())?;
    let y: u32 = y.trim().parse().map_err(|_| bad())?;
    if x == 0 || y < x {
        return Err(bad());
    }
    Ok(Some((RoundNo(x), RoundNo(y))))
}

/// The command of a submitted forbid form.
pub(in crate::tui::model) fn submit_forbid(lang: Lang, f: &Form) -> Result<Command, String> {
    let FormKind::Forbid { event, a, b } = f.kind else {
        unreachable!("a forbid form");
    };
    Ok(Command::Forbid {
        event,
        a,
        b,
        rounds: rounds(lang, f.value("tui.field.forbid_rounds"))?,
        lift: f.value("tui.field.forbid_lift") == "yes",
    })
}
