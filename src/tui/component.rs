//! The contract between the model and its page components (the pickers,
//! the pop-ups, the pages and the Teams and Bracket tabs). A component owns
//! its state; it answers an action with a [`Reply`] (handled, not handled,
//! or what it asks of the model) and draws itself from its own state and
//! the [`Ui`] it is given. Components import this module, the keymap and
//! the drawing helpers, never the model: the model holds them and turns
//! their replies into status lines, questions and commands.

use crate::app::{BoardNo, EventId, RoundNo};
use crate::domain::Outcome;
use crate::i18n::{tr, Lang};

/// What a component needs from the screen around it: the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ui {
    pub lang: Lang,
}

impl Ui {
    pub fn new(lang: Lang) -> Ui {
        Ui { lang }
    }

    /// The text of `key` in the user's language.
    pub fn t(&self, key: &str) -> String {
        tr(self.lang, key).to_string()
    }

    /// A translated text with `fallback` for codes without a text
    /// (`tui.term.<code>`, …).
    pub fn tr_or(&self, key: &str, fallback: &str) -> String {
        if crate::i18n::has(key) {
            self.t(key)
        } else {
            fallback.to_string()
        }
    }
}

/// The item after `cur` in `all` (before it when `forward` is false),
/// wrapping round: tabs, panes, rule books. `cur` not in `all`: the first.
pub fn cycle<T: PartialEq + Copy>(all: &[T], cur: T, forward: bool) -> T {
    let n = all.len();
    match all.iter().position(|x| *x == cur) {
        Some(i) if forward => all[(i + 1) % n],
        Some(i) => all[(i + n - 1) % n],
        None => all[0],
    }
}

/// A component's answer to an action. `C` is the component's own command
/// type (the model wraps it into its `Command`).
#[derive(Clone, Debug, PartialEq)]
pub enum Reply<C> {
    /// Not this component's action: the model's own update goes on.
    Ignored,
    /// Handled; nothing more to do.
    Handled,
    /// Run this command against the club.
    Run(C),
    /// Close the component and run this command.
    CloseAndRun(C),
    /// Ask this question; run the command after `y`.
    Ask(String, C),
    /// A message for the status line (`true`: an error).
    Say(String, bool),
    /// Show the keys of the screen.
    Help,
    /// Reread the club's data (the component shows another round).
    Reload,
    /// Close the component.
    Close,
    /// Quit the program now (Ctrl-C).
    Quit,
    /// A result key on a board of a match: open the result form, or store
    /// a forfeit at once.
    ResultKey(BoardResult),
}

/// A result key on a board of a team match or a knockout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardResult {
    pub event: EventId,
    pub round: RoundNo,
    pub board: BoardNo,
    pub outcome: Outcome,
    /// The game the form opens with (`None`: the board's next).
    pub game: Option<u32>,
    /// The result that game has already (the form asks before replacing it).
    pub replaces: Option<Outcome>,
    /// Every game of the board or match with a result (game number,
    /// result): a form changed to another game asks before replacing its.
    pub results: Vec<(u32, Outcome)>,
    /// The board as the screen names it, with its players: `场次 2 台 1
    /// 红方 甲 – 黑方 乙`, `第 1 轮 第 2 场 第 3 盘 红方 …`.
    pub place: String,
    /// Red and black of each game (game number, red, black), where the
    /// place alone does not say it (a knockout's games alternate colours).
    pub sides: Vec<(u32, String, String)>,
}

impl<C> Reply<C> {
    /// The same reply with the command turned into another type.
    pub fn map<D>(self, f: impl FnOnce(C) -> D) -> Reply<D> {
        match self {
            Reply::Ignored => Reply::Ignored,
            Reply::Handled => Reply::Handled,
            Reply::Run(c) => Reply::Run(f(c)),
            Reply::CloseAndRun(c) => Reply::CloseAndRun(f(c)),
            Reply::Ask(q, c) => Reply::Ask(q, f(c)),
            Reply::Say(s, e) => Reply::Say(s, e),
            Reply::Help => Reply::Help,
            Reply::Reload => Reply::Reload,
            Reply::Close => Reply::Close,
            Reply::Quit => Reply::Quit,
            Reply::ResultKey(k) => Reply::ResultKey(k),
        }
    }

    /// An error for the status line.
    pub fn error(text: String) -> Reply<C> {
        Reply::Say(text, true)
    }
}

/// A result code as the secretary reads it: 红胜 / 和 / 黑胜 / 红方弃权 …
/// in Chinese, the codes (1-0 …) in English.
pub fn outcome_text(lang: Lang, o: Outcome) -> String {
    tr(lang, o.word_key()).to_string()
}

/// [`outcome_text`] of a stored result code (the code itself if unknown).
pub fn code_text(lang: Lang, code: &str) -> String {
    Outcome::ALL
        .into_iter()
        .find(|o| o.code() == code)
        .map(|o| outcome_text(lang, o))
        .unwrap_or_else(|| code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mapped_reply_keeps_its_question_and_wraps_its_command() {
        let r: Reply<u32> = Reply::Ask("sure?".into(), 7);
        assert_eq!(r.map(|n| n * 2), Reply::Ask("sure?".into(), 14));
        let r: Reply<u32> = Reply::Say("no".into(), true);
        assert_eq!(r.map(|n| n + 1), Reply::<u32>::error("no".into()));
        assert_eq!(Ui::new(Lang::En).tr_or("no.such.key", "x"), "x");
        assert_eq!(cycle(&[1, 2, 3], 3, true), 1);
        assert_eq!(cycle(&[1, 2, 3], 1, false), 3);
        assert_eq!(cycle(&[1, 2, 3], 2, true), 3);
    }
}
