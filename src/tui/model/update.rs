//! `update`: an [`Action`] changes the model and may return a [`Command`].

use super::*;
use crate::app::{EntryId, EventId, MemberId, RoundNo};
use crate::domain::EntryStatus;
use crate::tui::picker::{Picked, Picker};

/// Applies an action. Returns a command for the app layer, if any.
///
/// The pop-ups, the pages' components, an open form, the search line and
/// the picker take the key first, in that order; what is left goes to the
/// screen's keys ([`screen_keys`]).
pub fn update(m: &mut Model, a: Action) -> Option<Command> {
    if a == Action::ForceQuit {
        m.request_quit();
        return None;
    }
    // A typed board number lives until the next key that is not a digit:
    // that key uses it (or says there is no such board), any other
    // forgets it.
    let digit = matches!(a, Action::Input(c) if c.is_ascii_digit()) || a == Action::Backspace;
    let typed = if digit {
        None
    } else {
        Some(std::mem::take(&mut m.open.board_input)).filter(|t| !t.is_empty())
    };
    if matches!(
        m.popups.modal,
        Some(Modal::Help | Modal::Notice(_) | Modal::Served { .. })
    ) {
        // Any key closes help and the pairing notes.
        m.popups.modal = None;
        return None;
    }
    if matches!(m.popups.modal, Some(Modal::Reports(_))) {
        return report_choice_keys(m, a);
    }
    if let Some(Modal::Confirm(c)) = m.popups.modal.take_if(|x| matches!(x, Modal::Confirm(_))) {
        return confirm_keys(m, a, c);
    }
    if let Some(r) = super::components::update_popups(m, a) {
        return r;
    }
    if let Some(r) = super::components::update_pages(m, a) {
        return r;
    }
    if m.form().is_none() {
        m.form_state.submitted = None;
    }
    if matches!(m.popups.modal, Some(Modal::Form(_))) {
        return form_keys(m, a);
    }
    if m.nav.searching {
        search_keys(m, a);
        return None;
    }
    if matches!(m.popups.modal, Some(Modal::Picker(_))) {
        return picker_keys(m, a);
    }
    if m.open.mover.is_some() || a == Action::MarkMove {
        if let Some(r) = super::boards::update(m, a) {
            return r;
        }
    }
    if let Some(r) = super::components::update_tabs(m, a) {
        return r;
    }
    screen_keys(m, a, typed)
}

/// A question's answer: yes runs its command; anything else cancels.
fn confirm_keys(m: &mut Model, a: Action, c: Confirm) -> Option<Command> {
    match a {
        Action::Confirm => Some(c.command),
        _ => {
            // A form's question answered no: back to the form as typed.
            if let Some(f) = m.form_state.submitted.take() {
                m.set_form(f);
            }
            m.popups.status = Some((m.t("tui.msg.cancelled"), false));
            None
        }
    }
}

/// The keys of an open form.
fn form_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    let Some(Modal::Form(form)) = m.popups.modal.as_mut() else {
        return None;
    };
    if m.form_state.discarding {
        match a {
            Confirm => {
                m.form_state.discarding = false;
                m.popups.modal = None;
                m.popups.status = Some((m.t("tui.msg.discarded"), false));
            }
            Cancel => m.form_state.discarding = false,
            _ => {}
        }
        return None;
    }
    // Typing into the field an error names, or choosing there, ends the error.
    if matches!(a, ChoiceNext | ChoicePrev | Backspace | Input(_))
        && m.form_state.error.as_ref().map(|e| e.0) == Some(form.fields[form.focus].label)
    {
        m.form_state.error = None;
    }
    match a {
        Cancel if form.edited() => m.form_state.discarding = true,
        Cancel => m.popups.modal = None,
        NextField => form.focus = (form.focus + 1) % form.fields.len(),
        PrevField => form.focus = (form.focus + form.fields.len() - 1) % form.fields.len(),
        ChoiceNext => {
            form.fields[form.focus].cycle(1);
            fix_print_format(form);
            fix_event_form(form);
        }
        ChoicePrev => {
            form.fields[form.focus].cycle(-1);
            fix_print_format(form);
            fix_event_form(form);
        }
        PageDown => m.form_state.scroll += 5,
        PageUp => m.form_state.scroll = m.form_state.scroll.saturating_sub(5),
        Backspace => {
            form.fields[form.focus].value.pop();
            if form.fields[form.focus].label == "tui.field.game" {
                super::entry::refill_facts(form);
            }
        }
        Input(c) => {
            let f = &mut form.fields[form.focus];
            if f.choices.is_empty() {
                f.value.push(c);
                if f.label == "tui.field.game" {
                    super::entry::refill_facts(form);
                }
            } else if c == ' ' {
                f.cycle(1);
                fix_print_format(form);
                fix_event_form(form);
            }
        }
        Submit => match submit(m.lang, form) {
            Ok(cmd) => {
                m.form_state.error = None;
                return submitted(m, cmd);
            }
            Err(e) => {
                m.form_state.error = field_error(m.lang, form, &e);
                m.say(e, true);
            }
        },
        _ => {}
    }
    None
}

/// The field a form's error names (`等级分: 看不懂 "abc"` names 等级分) and
/// the reason, the field focused; `None` when the error names none.
fn field_error(lang: Lang, form: &mut Form, error: &str) -> Option<(&'static str, String)> {
    let (i, reason) = form.fields.iter().enumerate().find_map(|(i, f)| {
        error
            .strip_prefix(tr(lang, f.label))
            .and_then(|rest| rest.strip_prefix(": "))
            .map(|reason| (i, reason.to_string()))
    })?;
    form.focus = i;
    Some((form.fields[i].label, reason))
}

/// A form submitted as `cmd`: the form closes (kept, to come back to if
/// its question is answered no) and the command runs, or its question is
/// asked first.
fn submitted(m: &mut Model, mut cmd: Command) -> Option<Command> {
    if let Command::RecordResult { event, .. }
    | Command::AttachRecord { event, .. }
    | Command::SetBoards { event, .. } = &mut cmd
    {
        *event = m.event_id().unwrap_or(EventId(0));
    }
    if let Command::Print(PrintJob { event, .. }) = &mut cmd {
        *event = m.event_id().unwrap_or(EventId(0));
    }
    if let Command::Print(job) = &mut cmd {
        job.round = m.nav.round_sel;
    }
    let form = match m.popups.modal.take() {
        Some(Modal::Form(f)) => Some(f),
        _ => None,
    };
    m.form_state.scroll = 0;
    let question = form.as_ref().and_then(|f| form_question(m, f, &cmd));
    m.form_state.submitted = form;
    if let Some(q) = question {
        m.ask(self::Confirm {
            message: q,
            command: cmd,
        });
        return None;
    }
    Some(cmd)
}

/// The keys of the members' search line.
fn search_keys(m: &mut Model, a: Action) {
    use Action::*;
    match a {
        Cancel => {
            m.nav.searching = false;
            m.nav.search.clear();
        }
        Submit | NextField => m.nav.searching = false,
        Backspace => {
            m.nav.search.pop();
        }
        Input(c) => {
            m.nav.search.push(c);
            m.nav.member_sel = 0;
        }
        PrevField => m.nav.member_sel = m.nav.member_sel.saturating_sub(1),
        _ => {}
    }
}

/// The keys of the picker that enters players: one or the marked ones.
fn picker_keys(m: &mut Model, a: Action) -> Option<Command> {
    let ids: Vec<i64> = m.pickable().iter().map(|x| x.id).collect();
    let event = m.event_id();
    let Some(Modal::Picker(p)) = m.popups.modal.as_mut() else {
        return None;
    };
    let none_marked = p.marked.is_empty();
    match p.handle(a, &ids) {
        Picked::Cancel => m.popups.modal = None,
        Picked::Submit => {
            let mut members = p.chosen(&ids);
            let event = event?;
            return match (none_marked, members.len()) {
                (_, 0) => None,
                (true, 1) => Some(Command::EnterPlayer {
                    event,
                    member: MemberId(members.remove(0)),
                }),
                _ => Some(Command::EnterPlayers {
                    event,
                    members: members.into_iter().map(MemberId).collect(),
                }),
            };
        }
        Picked::Handled => {}
    }
    None
}

/// The keys of the screen and tab shown, by what they act on.
fn screen_keys(m: &mut Model, a: Action, typed: Option<String>) -> Option<Command> {
    use Action::*;
    match a {
        Quit | Back | Help | Undo | Redo | ActionLog | Search | Serve => general_keys(m, a),
        Up | Down | Top | Bottom | PageUp | PageDown | SelectRow(_) => {
            move_keys(m, a);
            None
        }
        NextTab | PrevTab | SelectTab(_) | PrevRound | NextRound => tab_keys(m, a),
        Add | Edit | Retire | Import => {
            member_keys(m, a);
            None
        }
        NewEvent | EditEvent | Open | FinishEvent | PrintDoc | CheckIn => event_keys(m, a),
        ImportTrf => {
            m.set_form(trf_import_form());
            None
        }
        RequestBye | Forbid | EnterPlayer | Withdraw => player_keys(m, a),
        PairNext | SetBoards | Unpair | SwapColours => round_keys(m, a),
        Input(_) | Backspace => {
            board_number_keys(m, a);
            None
        }
        RedWin | Draw | BlackWin | RedForfeits | BlackForfeits | AcceptReport | AttachRecord => {
            result_keys(m, a, typed)
        }
        Explain => explain_key(m),
        _ => None,
    }
}

/// Keys that mean the same on every screen.
fn general_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    match a {
        Quit => {
            if m.nav.screen == Screen::Event {
                back(m);
            } else {
                m.request_quit();
            }
        }
        Back => back(m),
        Help => m.show_help(),
        Undo => return Some(Command::PreviewUndo),
        Redo => return Some(Command::Redo),
        ActionLog => return Some(Command::Log(super::super::log::LogCmd::Show)),
        Search => m.nav.searching = true,
        Serve => return m.event_id().map(Command::ServeForm),
        _ => {}
    }
    None
}

/// Moving the selection in the list shown.
fn move_keys(m: &mut Model, a: Action) {
    use Action::*;
    let n = m.rows();
    let s = m.sel_mut();
    match a {
        Up => *s = s.saturating_sub(1),
        Down if *s + 1 < n => *s += 1,
        PageUp => *s = s.saturating_sub(PAGE),
        PageDown => *s = (*s + PAGE).min(n.saturating_sub(1)),
        Top => *s = 0,
        Bottom => *s = n.saturating_sub(1),
        SelectRow(i) if i < n => *s = i,
        _ => {}
    }
}

/// Switching screens, tabs and the round shown.
fn tab_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    match a {
        PrevRound | NextRound => {
            let paired = m.open.ev.paired;
            if m.nav.screen != Screen::Event || paired == 0 {
                return None;
            }
            let cur = m.nav.round_sel.unwrap_or(RoundNo(paired));
            let new = if a == PrevRound {
                cur.prev()
            } else {
                cur.next_upto(paired)
            };
            m.nav.round_sel = (new.get() < paired).then_some(new);
            m.nav.row_sel = 0;
            m.popups.status = None;
            return Some(Command::ShowRound);
        }
        NextTab | PrevTab => {
            m.popups.status = None;
            match m.nav.screen {
                Screen::Club => m.nav.screen = Screen::Events,
                Screen::Events => m.nav.screen = Screen::Club,
                Screen::Event => {
                    let tab = crate::tui::component::cycle(&m.tabs(), m.nav.tab, a == NextTab);
                    show_tab(m, tab);
                }
            }
        }
        SelectTab(i) => {
            m.popups.status = None;
            match m.nav.screen {
                Screen::Club | Screen::Events => {
                    m.nav.screen = if i == 0 { Screen::Club } else { Screen::Events };
                }
                Screen::Event => {
                    if let Some(t) = m.tabs().get(i) {
                        show_tab(m, *t);
                    }
                }
            }
        }
        _ => {}
    }
    None
}

/// Shows an event's tab from its top, with no pair marked.
fn show_tab(m: &mut Model, tab: Tab) {
    m.nav.tab = tab;
    m.nav.row_sel = 0;
    m.marks.explain = None;
    m.marks.forbid = None;
    if m.nav.tab == Tab::Results {
        m.next_unfinished();
    }
}

/// The members list's keys.
fn member_keys(m: &mut Model, a: Action) {
    use Action::*;
    let sel = m
        .filtered_members(&m.nav.search)
        .get(m.nav.member_sel)
        .cloned()
        .cloned();
    match a {
        Add => m.set_form(member_form(FormKind::AddMember, None)),
        Import => m.set_form(path_form(FormKind::ImportMembers)),
        Edit => {
            if let Some(mem) = sel {
                m.set_form(member_form(FormKind::EditMember(mem.clone()), Some(&mem)));
            }
        }
        Retire => {
            if let Some(mem) = sel.filter(|x| !x.retired) {
                m.ask(self::Confirm {
                    message: format!("{} {}?", m.t("tui.confirm.retire"), mem.name),
                    command: Command::RetireMember(MemberId(mem.id)),
                });
            }
        }
        _ => {}
    }
}

/// Keys that act on an event as a whole (the events list's or the open one).
fn event_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    match a {
        NewEvent => m.set_form(event_form(&m.prefs.event_defaults, &m.prefs.team_tiebreaks)),
        PrintDoc => m.set_form(print_form(&m.print_docs())),
        Open => {
            return m
                .club
                .events
                .get(m.nav.event_sel)
                .map(|e| Command::OpenEvent(EventId(e.id)))
        }
        CheckIn => {
            let open = super::super::checkin::CheckInCmd::Open;
            return m.event_id().map(|ev| Command::CheckIn(open(ev)));
        }
        EditEvent => {
            let e = match m.nav.screen {
                Screen::Event => m.open.ev.event.as_ref(),
                _ => m.club.events.get(m.nav.event_sel),
            };
            if let Some(e) = e {
                let kind = m.club.event_kinds.get(&e.id).copied().unwrap_or_default();
                m.set_form(edit_event_form(e, kind));
            }
        }
        FinishEvent => {
            let id = match m.nav.screen {
                Screen::Events => m.club.events.get(m.nav.event_sel).map(|e| e.key()),
                _ => m.event_id(),
            };
            return id.map(Command::PreviewFinish);
        }
        _ => {}
    }
    None
}

/// The Players tab's keys.
fn player_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    match a {
        EnterPlayer => m.popups.modal = Some(Modal::Picker(Picker::new(true))),
        RequestBye => {
            if let (Some(e), Some(ev)) = (m.open.ev.entries.get(m.nav.row_sel), m.event_id()) {
                return Some(Command::RequestBye {
                    event: ev,
                    entry: EntryId(e.id),
                    round: RoundNo(m.open.ev.paired + 1),
                });
            }
        }
        Forbid => return forbid_key(m),
        Withdraw => {
            if let (Some(e), Some(ev)) = (m.open.ev.entries.get(m.nav.row_sel), m.event_id()) {
                if e.status == EntryStatus::Active {
                    m.ask(self::Confirm {
                        message: format!("{} {}?", m.t("tui.confirm.withdraw"), e.name),
                        command: Command::Withdraw {
                            event: ev,
                            entry: EntryId(e.id),
                        },
                    });
                }
            }
        }
        _ => {}
    }
    None
}

/// `Forbid` marks a player; on a second player it opens the form that
/// keeps the pair apart (every round, or some) or lifts it.
fn forbid_key(m: &mut Model) -> Option<Command> {
    let here = m.nav.row_sel;
    match m.marks.forbid.take() {
        None => {
            m.marks.forbid = Some(here);
            m.popups.status = Some((m.t("tui.msg.forbid_mark"), false));
        }
        Some(first) if first != here => {
            let ids = (m.open.ev.entries.get(first), m.open.ev.entries.get(here));
            if let ((Some(a), Some(b)), Some(ev)) = (ids, m.event_id()) {
                let form = super::forms::forbid_form(ev, EntryId(a.id), EntryId(b.id));
                m.set_form(form);
            }
        }
        Some(_) => {}
    }
    None
}

/// The Round tab's keys: pair, unpair, swap colours.
fn round_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    match a {
        PairNext => {
            let ev = m.event_id()?;
            m.popups.busy = Some(m.t("tui.msg.pairing"));
            Some(Command::PairNext(ev))
        }
        Unpair => unpair_key(m),
        SetBoards => {
            m.event_id()?;
            let round = crate::app::RoundNo(m.open.ev.paired + 1);
            m.set_form(super::forms::set_boards_form(round));
            None
        }
        SwapColours => {
            // A refused change opens the insist dialog (see `boards`).
            if super::boards::refused(m) {
                return None;
            }
            let round = super::entry::shown_round(m);
            let (b, ev) = (m.selected_board()?, m.event_id()?);
            let black = b.black.as_ref()?;
            Some(Command::SwapColours {
                event: ev,
                round,
                red: b.red.key(),
                black: black.key(),
                insist: false,
            })
        }
        _ => None,
    }
}

/// Removing the last round asks first, and says how many results go with it.
fn unpair_key(m: &mut Model) -> Option<Command> {
    if m.nav.round_sel.is_some() {
        m.say(m.t("tui.err.unpair_last"), true);
        return None;
    }
    let ev = m.event_id()?;
    if m.open.ev.paired == 0 {
        return None;
    }
    let results = m.open.ev.round.as_ref().map_or(0, |r| {
        r.boards
            .iter()
            .flat_map(|b| &b.results)
            .filter(|x| *x != "*")
            .count()
    });
    let mut message = format!("{} {}?", m.t("tui.confirm.unpair"), m.open.ev.paired);
    if results > 0 {
        message.push(' ');
        message.push_str(
            &crate::i18n::msg!("tui.confirm.unpair_results", count = results).render(m.lang),
        );
    }
    m.ask(self::Confirm {
        message,
        command: Command::Unpair {
            event: ev,
            force: results > 0,
        },
    });
    None
}

/// A board number typed digit by digit selects that board.
fn board_number_keys(m: &mut Model, a: Action) {
    match a {
        Action::Input(c) if c.is_ascii_digit() => {
            if m.open.board_input.len() >= 3 {
                m.open.board_input.clear();
            }
            m.open.board_input.push(c);
            if let Ok(n) = m.open.board_input.parse::<u32>() {
                if let Some(i) = m
                    .open
                    .ev
                    .round
                    .as_ref()
                    .and_then(|r| r.boards.iter().position(|b| b.number.get() == n))
                {
                    m.nav.row_sel = i;
                }
            }
        }
        Action::Backspace => {
            m.open.board_input.pop();
        }
        _ => {}
    }
}

/// The Results tab's keys, on the selected board or the one typed.
fn result_keys(m: &mut Model, a: Action, typed: Option<String>) -> Option<Command> {
    use Action::*;
    match a {
        AcceptReport => {
            if !super::entry::take_board(m, typed) {
                return None;
            }
            let round = super::entry::shown_round(m);
            let (Some(ev), Some(b)) = (m.event_id(), m.selected_board()) else {
                return None;
            };
            let board = b.number;
            let names = (
                b.red.name.clone(),
                b.black.as_ref().map(|e| e.name.clone()).unwrap_or_default(),
            );
            let pending = m
                .open
                .ev
                .pending
                .iter()
                .find(|p| (p.round, p.board) == (round, board));
            if let Some(p) = pending.filter(|p| p.conflict()) {
                let choice = report_choice(m.lang, ev, p, names);
                m.popups.modal = Some(Modal::Reports(choice));
                return None;
            }
            if pending.is_some() {
                return Some(Command::PreviewReport {
                    event: ev,
                    round,
                    board,
                });
            }
            m.popups.status = Some((m.t("tui.report.none"), false));
            None
        }
        AttachRecord => {
            if !super::entry::take_board(m, typed) {
                return None;
            }
            let round = super::entry::shown_round(m);
            if let Some(b) = m.selected_board().filter(|b| b.black.is_some()) {
                m.set_form(path_form(FormKind::AttachRecord {
                    round,
                    board: b.number,
                }));
            }
            None
        }
        _ => {
            let outcome = a.outcome()?;
            super::entry::result_key(m, outcome, typed)
        }
    }
}

/// `Explain` marks a standings row; on the same row it opens that
/// player's breakdown, on another it says why one is ahead of the other.
fn explain_key(m: &mut Model) -> Option<Command> {
    let here = m.nav.row_sel;
    match m.marks.explain.take() {
        None => {
            m.marks.explain = Some(here);
            m.popups.status = Some((m.t("tui.msg.explain_mark"), false));
        }
        Some(first) if first == here => {
            let st = m.open.ev.standings.as_ref().and_then(|s| s.individual());
            let row = st.and_then(|st| st.rows.get(here));
            if let (Some(ev), Some(row)) = (&m.open.ev.event, row) {
                return Some(Command::ExplainPlayer {
                    event: ev.key(),
                    entry: crate::app::EntryId(row.player.id),
                });
            }
        }
        Some(first) => {
            if let Some(st) = m.open.ev.standings.as_ref().and_then(|s| s.individual()) {
                if let (Some(a), Some(b)) = (st.rows.get(first), st.rows.get(here)) {
                    let text = match st.explain(a.player.id, b.player.id) {
                        Ok(x) => x.msg().render(m.lang),
                        Err(e) => e.msg().render(m.lang),
                    };
                    m.popups.status = Some((text, false));
                }
            }
        }
    }
    None
}

/// Rows PageUp / PageDown move.
pub(super) const PAGE: usize = 10;

pub(super) fn back(m: &mut Model) {
    m.popups.status = None;
    if m.nav.screen == Screen::Event {
        m.nav.screen = Screen::Events;
        m.open.ev = EventData::default();
        m.open.teams = None;
        m.open.bracket = None;
        m.nav.row_sel = 0;
        m.nav.round_sel = None;
    }
}

/// The conflict pop-up of a board whose reports disagree: one row per
/// result reported, with who reported it and when.
fn report_choice(
    lang: Lang,
    event: EventId,
    p: &crate::app::PendingBoard,
    (red, black): (String, String),
) -> ReportChoice {
    let choices = p
        .results()
        .into_iter()
        .map(|code| {
            let who = p
                .reports
                .iter()
                .filter(|r| r.result == code)
                .map(|r| format!("{} {}", r.source, r.at.replace('T', " ")))
                .collect();
            (code.to_string(), who)
        })
        .collect();
    ReportChoice {
        event,
        round: p.round,
        board: p.board,
        place: crate::i18n::msg!(
            "tui.report.conflict_place",
            round = p.round,
            board = p.board,
            red = &red,
            black = &black
        )
        .render(lang),
        choices,
        sel: 0,
    }
}

/// The conflict pop-up's keys: ↑↓ and Enter pick a reported result, a
/// result key enters the arbiter's own, Esc closes it.
fn report_choice_keys(m: &mut Model, a: Action) -> Option<Command> {
    use Action::*;
    let Some(Modal::Reports(rc)) = m.popups.modal.as_mut() else {
        return None;
    };
    let chosen = match a {
        Up => {
            rc.sel = rc.sel.saturating_sub(1);
            None
        }
        Down => {
            rc.sel = (rc.sel + 1).min(rc.choices.len().saturating_sub(1));
            None
        }
        Submit => rc.choices.get(rc.sel).map(|(code, _)| code.clone()),
        RedWin | Draw | BlackWin | RedForfeits | BlackForfeits => {
            a.outcome().map(|o| o.code().to_string())
        }
        Cancel => {
            m.popups.modal = None;
            None
        }
        _ => None,
    };
    let result = chosen?;
    let Some(Modal::Reports(rc)) = m.popups.modal.take() else {
        return None;
    };
    Some(Command::ConfirmReport {
        event: rc.event,
        round: rc.round,
        board: rc.board,
        result: Some(result),
    })
}
