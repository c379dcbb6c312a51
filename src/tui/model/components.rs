//! The model's side of its components (see `tui/component.rs`): it hands
//! an action to the component that has the keyboard, turns the component's
//! [`Reply`] into a status line, a question or a [`Command`], and opens the
//! pages. Their commands run through the one command path (`effects.rs`).

use super::*;
use crate::app::StatsFilter;
use crate::tui::checkin::CheckInCmd;
use crate::tui::component::Reply;
use crate::tui::judge::JudgeDialog;
use crate::tui::pages::{Loaded, PageCmd};
use crate::tui::stats::StatsPage;

impl Model {
    /// What the components are given to draw and answer with.
    pub fn ui(&self) -> Ui {
        Ui::new(self.lang)
    }

    /// Acts on a component's reply: `wrap` turns its command into the
    /// model's, `close` closes it. `None`: the component ignored the action.
    fn reply<C>(
        &mut self,
        r: Reply<C>,
        wrap: impl FnOnce(C) -> Command,
        close: impl FnOnce(&mut Model),
    ) -> Option<Option<Command>> {
        Some(match r {
            Reply::Ignored => return None,
            Reply::Handled => None,
            Reply::Run(c) => Some(wrap(c)),
            Reply::CloseAndRun(c) => {
                close(self);
                Some(wrap(c))
            }
            Reply::Ask(message, c) => {
                self.ask(Confirm {
                    message,
                    command: wrap(c),
                });
                None
            }
            Reply::Say(text, error) => {
                self.say(text, error);
                None
            }
            Reply::Help => {
                self.show_help();
                None
            }
            Reply::Reload => Some(Command::Reload),
            Reply::Close => {
                close(self);
                None
            }
            Reply::Quit => {
                self.request_quit();
                None
            }
            Reply::ResultKey(k) => super::entry::match_result_key(self, k),
        })
    }

    /// Members the member page's head-to-head picker offers for its search.
    pub fn page_candidates(&self) -> Vec<&Member> {
        match self.nav.pages.member.as_ref().and_then(|p| p.query()) {
            Some(q) => self.filtered_members(q),
            None => Vec::new(),
        }
    }

    /// Opens (or refreshes) the page `loaded` holds.
    pub fn show(&mut self, loaded: Loaded) {
        match loaded {
            Loaded::Member(page) => self.nav.pages.member = Some(*page),
            Loaded::Stats {
                stats,
                ratings,
                fields,
            } => match self.nav.pages.stats.as_mut() {
                Some(p) => p.set(*stats, ratings, fields),
                None => self.nav.pages.stats = Some(StatsPage::new(*stats, ratings, fields)),
            },
        }
    }
}

/// Hands an action to the open pop-up (the action log, the check-in).
/// `None`: none is open.
pub fn update_popups(m: &mut Model, a: Action) -> Option<Option<Command>> {
    let close = |m: &mut Model| m.popups.modal = None;
    match m.popups.modal.as_mut()? {
        Modal::Log(v) => {
            let r = v.update(a);
            m.reply(r, Command::Log, close)
        }
        Modal::CheckIn(v) => {
            let r = v.update(a);
            let pairing = m.t("tui.msg.pairing");
            let busy = &mut m.popups.busy;
            let wrap = |c| match c {
                CheckInCmd::Pair {
                    event,
                    present,
                    excused,
                } => {
                    *busy = Some(pairing);
                    Command::PairPresent {
                        event,
                        present,
                        excused,
                    }
                }
                c => Command::CheckIn(c),
            };
            let r = r.map(wrap);
            m.reply(r, |c| c, close)
        }
        _ => None,
    }
}

/// Hands an action to the open page, or opens one. `None`: not a page's
/// business (the model's own update goes on).
pub fn update_pages(m: &mut Model, a: Action) -> Option<Option<Command>> {
    let ui = m.ui();
    if let Some(d) = m.nav.pages.judge.as_mut() {
        let r = d.update(a, &ui);
        return Some(
            m.reply(r, Command::Page, |m| m.nav.pages.judge = None)
                .flatten(),
        );
    }
    if m.nav.pages.member.is_some() {
        let ids: Vec<i64> = m.page_candidates().iter().map(|x| x.id).collect();
        let r = m.nav.pages.member.as_mut()?.update(a, &ui, &ids);
        return Some(
            m.reply(r, Command::Page, |m| m.nav.pages.member = None)
                .flatten(),
        );
    }
    if let Some(p) = m.nav.pages.stats.as_mut() {
        let r = p.update(a, &ui);
        return Some(
            m.reply(r, Command::Page, |m| m.nav.pages.stats = None)
                .flatten(),
        );
    }
    if let Some(p) = m.nav.pages.season.as_mut() {
        let r = p.update(a, &ui).map(PageCmd::Season);
        return Some(
            m.reply(r, Command::Page, |m| m.nav.pages.season = None)
                .flatten(),
        );
    }
    if let Some(p) = m.nav.pages.archive.as_mut() {
        let r = p.update(a).map(PageCmd::Archive);
        return Some(
            m.reply(r, Command::Page, |m| m.nav.pages.archive = None)
                .flatten(),
        );
    }
    match a {
        Action::Season => Some(Some(Command::Page(PageCmd::Season(
            crate::tui::season::open(),
        )))),
        Action::Archive => Some(Some(Command::Page(PageCmd::Archive(
            crate::tui::archive::open(),
        )))),
        Action::Judge => {
            let event = m.event_id()?;
            let round = super::entry::shown_round(m);
            let board = m.selected_board()?;
            match JudgeDialog::open(
                &ui,
                event,
                round,
                board,
                &m.open.ev.games,
                m.prefs.repetition_rules,
            ) {
                Ok(d) => m.nav.pages.judge = Some(d),
                Err(msg) => m.say(msg, true),
            }
            Some(None)
        }
        Action::MemberPage => {
            let id = m
                .filtered_members(&m.nav.search)
                .get(m.nav.member_sel)
                .map(|x| x.id);
            Some(id.map(|id| Command::Page(PageCmd::OpenMember(crate::app::MemberId(id)))))
        }
        Action::Statistics => Some(Some(Command::Page(PageCmd::Stats {
            filter: StatsFilter::default(),
            fields: Default::default(),
        }))),
        _ => None,
    }
}

/// Hands an action to the Teams or Bracket tab (a form of theirs has the
/// keyboard wherever it is; other keys only while the tab is shown).
pub fn update_tabs(m: &mut Model, a: Action) -> Option<Option<Command>> {
    let ui = m.ui();
    let on = |tab| m.nav.screen == Screen::Event && m.nav.tab == tab;
    let (teams_shown, bracket_shown) = (on(Tab::Teams), on(Tab::Bracket));
    let prizes_shown = on(Tab::Prizes);
    if a == Action::Prizes && m.nav.screen == Screen::Event {
        if let Some(p) = m.open.prizes.as_mut() {
            p.pinned = true;
            m.nav.tab = Tab::Prizes;
            m.popups.status = None;
            return Some(None);
        }
    }
    if let Some(p) = m.open.prizes.as_mut() {
        let r = p.update(a, &ui, prizes_shown);
        if let Some(c) = m.reply(r, Command::Prizes, |_| {}) {
            return Some(c);
        }
    }
    if let Some(t) = m.open.teams.as_mut() {
        let r = t.update(a, &ui, teams_shown);
        if let Some(c) = m.reply(r, Command::Teams, |_| {}) {
            return Some(c);
        }
    }
    if let Some(b) = m.open.bracket.as_mut() {
        let r = b.update(a, &ui, bracket_shown);
        return m.reply(r, Command::Bracket, |_| {});
    }
    None
}
