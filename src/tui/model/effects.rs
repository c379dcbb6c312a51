//! The one command path: [`run`] does a [`Command`] against an [`App`] and
//! says what came of it as an [`Outcome`] (it never touches the model);
//! [`apply`] puts that on the model. Short commands run inline
//! (`model::execute`); long ones (pairing, imports, the member page,
//! statistics) run the very same `run` on the worker thread, which has its
//! own `App`, and send the `Outcome` back. So tests and users take one
//! path.

use super::imports::{import_members, import_trf};
pub use super::outcome::{Changed, Outcome};
use super::pair::{pair, pair_allowing_clubmates};
use super::print::print;
use super::{Command, Confirm, Model, Screen, Tab};
use crate::app::{invalid, App, EventId, MemberId};
use crate::app::{BoardNo, RoundNo};
use crate::i18n::{tr, Lang};
use crate::tui::component::{outcome_text, Ui};
use crate::tui::log::LogRan;
use crate::tui::pages::PageCmd;

/// Runs `cmd` against `app`, calling `progress(done, total)` where the
/// work counts rows. One arm per command; the longer ones have a function
/// of their own below.
pub fn run(
    app: &mut App,
    lang: Lang,
    cmd: &Command,
    progress: &dyn Fn(usize, usize),
) -> crate::app::Result<Outcome> {
    let t = |k: &str| tr(lang, k).to_string();
    let said = |s: String| Ok(Outcome::Said(s));
    match cmd {
        Command::PairNext(ev) => pair(app, lang, *ev, None),
        Command::PairAllowingClubmates(ev) => pair_allowing_clubmates(app, lang, *ev),
        Command::SetBoards { .. } => super::boards::run_set(app, lang, cmd),
        Command::PairPresent {
            event,
            present,
            excused,
        } => {
            let checked = crate::tui::checkin::save(app, lang, *event, present, excused)?;
            pair(app, lang, *event, Some(checked))
        }
        Command::PreviewImport(path) => Ok(Outcome::Ask {
            question: super::import_preview_text(app, lang, path)?,
            then: Command::ImportMembers(path.clone()),
        }),
        Command::ImportMembers(path) => import_members(app, lang, path, progress),
        Command::ImportTrf { .. } => import_trf(app, lang, cmd),
        Command::AddMember(nm) => {
            let x = app.add_member(nm)?;
            said(format!("{}: {}", t("tui.msg.added"), x.name))
        }
        Command::UpdateMember(mem) => {
            app.edit_member(mem)?;
            said(format!("{}: {}", t("tui.msg.saved"), mem.name))
        }
        Command::RetireMember(id) => {
            let mem = app.retire_member(*id)?;
            said(format!("{}: {}", t("tui.msg.retired"), mem.name))
        }
        c @ Command::CreateEvent { .. } => create_event(app, lang, c),
        Command::ExplainPlayer { event, entry } => {
            let (_, b) = app.explain_player(*event, None, *entry)?;
            Ok(Outcome::Notice(crate::report::breakdown_text(lang, &b)))
        }
        Command::OpenEvent(id) => open_event(app, *id),
        Command::EnterPlayer { event, member } => enter(app, lang, *event, &[*member], true),
        Command::EnterPlayers { event, members } => enter(app, lang, *event, members, false),
        Command::Withdraw { event, entry } => {
            let e = app.withdraw(*event, *entry, None)?;
            said(format!("{}: {}", t("tui.msg.withdrawn"), e.name))
        }
        Command::Unpair { event, force } => {
            let r = app.unpair_last(*event, *force)?;
            Ok(Outcome::Unpaired(format!("{} {r}", t("tui.msg.unpaired"))))
        }
        Command::SwapColours { .. } | Command::SwapPlayers { .. } => {
            super::boards::run_swap(app, lang, cmd)
        }
        Command::RecordResult {
            event,
            round,
            board,
            input,
        } => {
            let g = app.record_result(*event, *round, *board, input)?;
            recorded(app, lang, (*event, *round, *board), &g)
        }
        Command::PreviewReport {
            event,
            round,
            board,
        } => preview_report(app, lang, (*event, *round, *board)),
        Command::ConfirmReport {
            event,
            round,
            board,
            result,
        } => confirm_report(app, lang, (*event, *round, *board), result.as_deref()),
        Command::ServeForm(event) => {
            let choice = app.serve_choice(*event)?;
            Ok(Outcome::Form(Box::new(super::forms::serve_form(
                *event, &choice,
            ))))
        }
        Command::Serve { event, choice } => serve(app, lang, *event, choice),
        Command::RequestBye {
            event,
            entry,
            round,
        } => {
            let e = app.request_bye(*event, *entry, *round, None)?;
            said(format!("{}: {} {round}", e.name, t("tui.msg.bye")))
        }
        Command::Forbid { .. } => forbid(app, lang, cmd),
        Command::AttachRecord {
            event,
            round,
            board,
            path,
            checked,
        } => attach_record(app, lang, (*event, *round, *board), path, *checked),
        Command::Print(job) => print(app, lang, job),
        Command::Reload => said(String::new()),
        Command::ShowRound => Ok(Outcome::RoundShown),
        Command::PreviewUndo => {
            let what = app
                .undo_preview()?
                .ok_or_else(|| invalid!("tui.err.nothing_to_undo"))?;
            Ok(Outcome::Ask {
                question: format!("{} {what}?", t("tui.confirm.undo")),
                then: Command::Undo,
            })
        }
        Command::Undo => said(format!("{}: {}", t("tui.msg.undone"), app.undo()?)),
        Command::Redo => said(format!("{}: {}", t("tui.msg.redone"), app.redo()?)),
        Command::PreviewFinish(id) => preview_finish(app, lang, *id),
        Command::Finish(id) => {
            app.finish_event(*id, true)?;
            said(t("tui.msg.finished"))
        }
        Command::Reopen(id) => {
            app.set_event_status(*id, crate::domain::EventStatus::Running)?;
            said(t("tui.msg.reopened"))
        }
        Command::OpenForm(f) => Ok(Outcome::Form(Box::new(f.clone()))),
        Command::EditEvent {
            event,
            name,
            draft,
            date,
        } => {
            app.edit_event(*event, name, *date, draft)?;
            said(t("tui.msg.event_saved"))
        }
        Command::Page(c) => run_page(app, lang, c),
        Command::Teams(c) => run_teams(app, lang, c),
        Command::Bracket(c) => {
            said(crate::tui::bracket::run(app, &Ui::new(lang), c)?.unwrap_or_default())
        }
        Command::Prizes(c) => said(crate::tui::prizes::run(app, &Ui::new(lang), c)?),
        Command::Log(c) => run_log(app, lang, c),
        Command::CheckIn(c) => Ok(match crate::tui::checkin::run(app, lang, c)? {
            (Some(v), _) => Outcome::CheckIn(v),
            (None, done) => Outcome::Said(done.unwrap_or_default()),
        }),
    }
}

/// Opens an event on the tab its state calls for.
fn open_event(app: &App, id: EventId) -> crate::app::Result<Outcome> {
    let e = app.event(id)?;
    Ok(Outcome::Opened {
        paired: app.rounds_paired(id)?,
        event: Box::new(e),
        tab: None,
        // The last message was about another screen.
        message: None,
        created: false,
    })
}

/// Accepts a result players reported, as the arbiter's own.
fn confirm_report(
    app: &mut App,
    lang: Lang,
    (event, round, board): (EventId, RoundNo, BoardNo),
    chosen: Option<&str>,
) -> crate::app::Result<Outcome> {
    let g = match app.confirm_report(event, round, board, chosen)? {
        crate::app::EventResult::Game(g) => g,
        crate::app::EventResult::Knockout(r) => r.game.clone(),
    };
    recorded(app, lang, (event, round, board), &g)
}

/// Runs an action-log command: a question, or the log to show.
fn run_log(app: &mut App, lang: Lang, c: &crate::tui::log::LogCmd) -> crate::app::Result<Outcome> {
    Ok(
        match crate::tui::log::run(app, &Ui::new(lang), c.clone())? {
            LogRan::Ask(question, then) => Outcome::Ask {
                question,
                then: Command::Log(then),
            },
            LogRan::Show(v, done) => Outcome::Log(v, done),
        },
    )
}

/// Enters members in an event: said by name (one picked) or by count
/// (the marked ones).
fn enter(
    app: &mut App,
    lang: Lang,
    event: EventId,
    members: &[MemberId],
    by_name: bool,
) -> crate::app::Result<Outcome> {
    let e = app.enter_players(event, members)?;
    let entered = tr(lang, "tui.msg.entered");
    Ok(Outcome::Entered(if by_name {
        let names: Vec<String> = e.iter().map(|x| x.name.clone()).collect();
        format!("{entered}: {}", names.join(", "))
    } else {
        format!("{entered}: {}", e.len())
    }))
}

/// Creates an event and opens it.
fn create_event(app: &mut App, lang: Lang, c: &Command) -> crate::app::Result<Outcome> {
    let Command::CreateEvent {
        name,
        draft,
        seed,
        date,
    } = c
    else {
        unreachable!("create_event runs Command::CreateEvent")
    };
    let today = date.unwrap_or_else(crate::app::imprint::today);
    let mut draft = draft.clone();
    if let Some((from, top)) = seed {
        draft.seed_from = Some(app.find_seed(from, *top)?);
    }
    let e = app.create_event_of(name, Some(today), &draft)?;
    let message = format!("{}: {}", tr(lang, "tui.msg.created"), e.name);
    // A team event starts on its Teams tab (teams hold the players).
    let tab = match draft.kind {
        crate::app::EventKind::Team => Tab::Teams,
        _ => Tab::Players,
    };
    Ok(Outcome::Opened {
        event: Box::new(e),
        paired: 0,
        tab: Some(tab),
        message: Some(message),
        created: true,
    })
}

/// A result stored on board `at` (event, round, board): said with the
/// board as the event's kind names it (场次 2 台 1, 第 1 轮 第 2 场), and,
/// past a board's first game, that game's own red and black (game 2 of
/// 分先 and a knockout's games swap the colours the board shows).
fn recorded(
    app: &App,
    lang: Lang,
    (event, round, board): (EventId, RoundNo, BoardNo),
    g: &crate::domain::Game,
) -> crate::app::Result<Outcome> {
    let mut place = app.board_place(event, round, board)?.msg().render(lang);
    if g.game_no > 1 {
        let (red, black) = app.game_players(event, g)?;
        let sides = crate::i18n::msg!("tui.form.game_sides", game = g.game_no, red, black);
        place = format!("{place} · {}", sides.render(lang));
    }
    let mut message = crate::i18n::msg!(
        "tui.msg.result_at",
        place,
        outcome = outcome_text(lang, g.outcome)
    )
    .render(lang);
    // What the board still lacks is said now, while the score sheet is at hand.
    if let Some(why) = app.result_note(event, round, board)? {
        message = crate::i18n::msg!("tui.msg.result_lacks", saved = message, why).render(lang);
    }
    Ok(Outcome::Recorded {
        message,
        event,
        round,
    })
}

/// The question before a result players reported is accepted.
fn preview_report(
    app: &App,
    lang: Lang,
    (event, round, board): (EventId, RoundNo, BoardNo),
) -> crate::app::Result<Outcome> {
    let pending = app.pending_reports(event)?;
    let Some(p) = pending
        .iter()
        .find(|p| (p.round, p.board) == (round, board))
    else {
        return Ok(Outcome::Said(tr(lang, "tui.report.none").to_string()));
    };
    let Some(result) = p.agreed() else {
        return Err(invalid!(
            "err.serve.conflict",
            round = round,
            board = board,
            results = p.results().join(", ")
        ));
    };
    let outcome = result
        .parse::<crate::domain::Outcome>()
        .map(|o| outcome_text(lang, o))
        .unwrap_or_else(|_| result.to_string());
    let place = app.board_place(event, round, board)?;
    Ok(Outcome::Ask {
        question: crate::i18n::msg!(
            "tui.report.accept",
            place = place.msg(),
            outcome = outcome,
            n = p.reports.len()
        )
        .render(lang),
        then: Command::ConfirmReport {
            event,
            round,
            board,
            result: None,
        },
    })
}

/// Serves the club's pages in the background as the secretary chose
/// (this computer or the club's network, port, PIN), remembered by the
/// event: where phones open them, and the QR code of the event's page.
/// Keeps a pair apart (every round, or a range added to its others) or
/// lifts it (every round, or some).
fn forbid(app: &mut App, lang: Lang, cmd: &Command) -> crate::app::Result<Outcome> {
    let Command::Forbid {
        event,
        a,
        b,
        rounds,
        lift,
    } = cmd
    else {
        unreachable!("a forbid command");
    };
    let (ea, eb) = match lift {
        true => app.lift_forbidden(*event, *a, *b, *rounds)?,
        false => app.forbid_pair_in(*event, *a, *b, *rounds)?,
    };
    // The pair as it is now: with the ranges it is kept apart in, or lifted.
    let key = (ea.id.min(eb.id), ea.id.max(eb.id));
    let (done, ranges) = crate::domain::forbidden_by_pair(&app.forbidden_pairs(*event)?)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map_or(("tui.msg.forbid_lifted", vec![]), |(_, r)| {
            ("tui.msg.forbidden", r)
        });
    let pair = crate::app::forbidden_pair_msg(&ea.name, &eb.name, &ranges).render(lang);
    Ok(Outcome::Said(format!("{pair}: {}", tr(lang, done))))
}

fn serve(
    app: &mut App,
    lang: Lang,
    event: EventId,
    choice: &crate::app::ServeChoice,
) -> crate::app::Result<Outcome> {
    app.set_serve_choice(event, choice)?;
    let asked = crate::app::serve_addr(choice.lan, choice.port);
    let addr = crate::serve::background(crate::serve::ServeOptions {
        addr: asked,
        db: app.db_path().to_path_buf(),
        config: app.config.clone(),
        entry_pin: None,
    })
    .map_err(|e| {
        invalid!(
            "serve.cannot_listen",
            addr = asked.to_string(),
            why = crate::i18n::io_msg(&e)
        )
    })?;
    let (lines, qr) = crate::serve::tui_lines(lang, addr, event.0, choice.pin.is_some());
    Ok(Outcome::Served { lines, qr })
}

/// Attaches a game record to board `at`; unless `checked`, asks first
/// when the record does not fit the board.
fn attach_record(
    app: &mut App,
    lang: Lang,
    at: (EventId, RoundNo, BoardNo),
    path: &str,
    checked: bool,
) -> crate::app::Result<Outcome> {
    let (event, round, board) = at;
    let bytes =
        crate::app::output::read_input(std::path::Path::new(path), crate::app::InputKind::Record)?;
    // A record the reader refuses is reported with its file.
    let with_file = |e| match e {
        crate::app::AppError::Record { source, .. } => crate::app::AppError::Record {
            file: path.to_string(),
            source,
        },
        other => other,
    };
    if !checked {
        if let Some(q) = super::entry::record_question(app, lang, at, &bytes).map_err(with_file)? {
            return Ok(Outcome::Ask {
                question: q,
                then: Command::AttachRecord {
                    event,
                    round,
                    board,
                    path: path.to_string(),
                    checked: true,
                },
            });
        }
    }
    let g = app
        .attach_record(event, round, board, 1, &bytes)
        .map_err(with_file)?;
    Ok(Outcome::Said(format!(
        "{} {board}: {} {}",
        tr(lang, "tui.msg.attached"),
        outcome_text(lang, g.outcome),
        g.facts.moves.map(|x| x.to_string()).unwrap_or_default()
    )))
}

/// The question before an event is finished (with the rounds it misses)
/// or reopened.
fn preview_finish(app: &App, lang: Lang, id: EventId) -> crate::app::Result<Outcome> {
    let e = app.event(id)?;
    let (question, then) = if e.status == crate::domain::EventStatus::Finished {
        (
            crate::i18n::msg!("tui.confirm.reopen", event = &e.name).render(lang),
            Command::Reopen(id),
        )
    } else {
        let missing = app.rounds_missing(id)?;
        let mut q = crate::i18n::msg!("tui.confirm.finish", event = &e.name).render(lang);
        if missing > 0 {
            q.push(' ');
            q.push_str(
                &crate::i18n::msg!(
                    "tui.confirm.finish_missing",
                    missing,
                    rounds = e.settings.rounds
                )
                .render(lang),
            );
        }
        (q, Command::Finish(id))
    };
    Ok(Outcome::Ask { question, then })
}

/// Runs a Teams tab's command; a teams CSV asks before it is imported.
fn run_teams(
    app: &mut App,
    lang: Lang,
    c: &crate::tui::teams::TeamsCmd,
) -> crate::app::Result<Outcome> {
    use crate::tui::teams::TeamsCmd;
    Ok(match c {
        TeamsCmd::PreviewImport { event, path } => Outcome::Ask {
            question: crate::tui::teams::import_question(app, &Ui::new(lang), *event, path)?,
            then: Command::Teams(TeamsCmd::Import {
                event: *event,
                path: path.clone(),
            }),
        },
        c => Outcome::Said(crate::tui::teams::run(app, &Ui::new(lang), c)?),
    })
}

/// Runs a page's command against the club.
fn run_page(app: &mut App, lang: Lang, cmd: &PageCmd) -> crate::app::Result<Outcome> {
    Ok(match cmd {
        PageCmd::ApplyRuling {
            event,
            round,
            board,
            game_no,
            must_change,
        } => {
            let g = app.apply_ruling(*event, *round, *board, *game_no, *must_change)?;
            Outcome::Ruled {
                message: format!(
                    "{} {board}: {} ({})",
                    tr(lang, "tui.judge.stored"),
                    g.outcome.code(),
                    g.facts.termination.map(|x| x.code()).unwrap_or("-")
                ),
                event: *event,
                round: *round,
            }
        }
        PageCmd::OpenMember(_) | PageCmd::Stats { .. } => {
            match crate::tui::pages::load(app, cmd)? {
                Some(l) => Outcome::Loaded(l),
                None => Outcome::Said(String::new()),
            }
        }
        PageCmd::HeadToHead { a, b } => Outcome::HeadToHead(Box::new(app.head_to_head(*a, *b)?)),
        PageCmd::Archive(c) => Outcome::Archive(crate::tui::archive::run(app, lang, c)?),
        PageCmd::Season(c) => match crate::tui::season::run(app, lang, c)? {
            crate::tui::season::SeasonDone::Open(id) => {
                run(app, lang, &Command::OpenEvent(id), &|_, _| {})?
            }
            crate::tui::season::SeasonDone::Ask { question, then } => Outcome::Ask {
                question,
                then: Command::Page(PageCmd::Season(then)),
            },
            done => Outcome::Season(done),
        },
    })
}

/// Puts an outcome on the model (before the model rereads the club).
pub fn apply(m: &mut Model, o: Outcome) {
    let say = |m: &mut Model, message: String| {
        if !message.is_empty() {
            m.popups.status = Some((message, false));
        }
    };
    match o {
        Outcome::Said(message) => say(m, message),
        Outcome::RoundShown => {}
        Outcome::Paired { message, notice } => {
            // The Teams and Bracket tabs show the new round themselves.
            if !matches!(m.nav.tab, Tab::Teams | Tab::Bracket) {
                m.nav.tab = Tab::Round;
            }
            m.nav.round_sel = None;
            m.nav.row_sel = 0;
            if let Some(n) = notice {
                m.set_notice(n);
            }
            m.popups.status = Some((message, false));
        }
        Outcome::Ask { question, then } => {
            m.ask(Confirm {
                message: question,
                command: then,
            });
        }
        Outcome::Loaded(l) => m.show(l),
        Outcome::Notice(text) => m.set_notice(text),
        Outcome::Served { lines, qr } => m.popups.modal = Some(super::Modal::Served { lines, qr }),
        Outcome::Opened {
            event,
            paired,
            tab,
            message,
            ..
        } => {
            m.open.ev = super::EventData {
                event: Some(*event),
                ..Default::default()
            };
            m.nav.screen = Screen::Event;
            m.nav.tab = tab.unwrap_or(if paired > 0 { Tab::Round } else { Tab::Players });
            m.nav.row_sel = 0;
            m.popups.status = message.map(|s| (s, false));
        }
        Outcome::Entered(message) => {
            m.popups.modal = None;
            say(m, message);
        }
        Outcome::Unpaired(message) => {
            m.nav.round_sel = None;
            say(m, message);
        }
        Outcome::Recorded { message, .. } => say(m, message),
        Outcome::Form(f) => m.set_form(*f),
        Outcome::Ruled { message, .. } => {
            m.nav.pages.judge = None;
            say(m, message);
        }
        Outcome::HeadToHead(h) => {
            if let Some(p) = m.nav.pages.member.as_mut() {
                p.show_head_to_head(*h);
            }
        }
        Outcome::Archive(done) => {
            let ui = m.ui();
            if let Some(s) = crate::tui::archive::show(&mut m.nav.pages.archive, &ui, done) {
                say(m, s);
            }
        }
        Outcome::Season(done) => {
            if let Some(s) = crate::tui::season::show(&mut m.nav.pages.season, done) {
                say(m, s);
            }
        }
        Outcome::Log(v, done) => {
            m.popups.modal = Some(super::Modal::Log(v));
            if let Some(s) = done {
                say(m, s);
            }
        }
        Outcome::CheckIn(mut v) => {
            v.sort_by_name(&m.club.pinyin, m.prefs.name_order);
            m.popups.modal = Some(super::Modal::CheckIn(v));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::domain::{EventSettings, NewMember};

    fn club() -> (App, EventId) {
        let mut app = App::in_memory(Config {
            language: Some(Lang::En),
            ..Config::default()
        })
        .unwrap();
        for n in ["甲", "乙", "丙", "丁"] {
            app.add_member(&NewMember {
                name: n.into(),
                ..Default::default()
            })
            .unwrap();
        }
        let e = app
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let all: Vec<String> = (1..=4).map(|i| i.to_string()).collect();
        app.enter_players(
            app.find_event("E").unwrap().key(),
            &app.find_members(&all).unwrap(),
        )
        .unwrap();
        (app, e.key())
    }

    /// Runs a command in English with no progress shown; it must succeed.
    fn run_ok(app: &mut App, cmd: &Command) -> Outcome {
        run(app, Lang::En, cmd, &|_, _| {}).unwrap()
    }

    #[test]
    fn a_pairing_outcome_moves_the_model_to_the_round() {
        let (mut app, ev) = club();
        let o = run_ok(&mut app, &Command::PairNext(ev));
        let Outcome::Paired { message, .. } = &o else {
            panic!("{o:?}")
        };
        assert_eq!(message, "paired round 1");
        assert_eq!(app.rounds_paired(ev).unwrap(), 1);
        let mut m = Model::load(&app).unwrap();
        m.load_event(&app, ev).unwrap();
        apply(&mut m, o);
        assert_eq!(m.nav.tab, Tab::Round);
        assert_eq!(m.popups.status, Some(("paired round 1".into(), false)));
    }

    #[test]
    fn a_short_command_takes_the_same_path_and_changes_only_the_model_it_is_applied_to() {
        let (mut app, ev) = club();
        let mut m = Model::load(&app).unwrap();
        // Opening an event: nothing changes on the model until `apply`.
        let o = run_ok(&mut app, &Command::OpenEvent(ev));
        assert_eq!(m.nav.screen, Screen::Club);
        apply(&mut m, o);
        m.refresh(&app).unwrap();
        assert_eq!((m.nav.screen, m.nav.tab), (Screen::Event, Tab::Players));
        assert_eq!(m.open.ev.entries.len(), 4);
        // A question comes back as an outcome too (nothing to undo is an
        // error; after a pairing, undo asks).
        let e = run_ok(&mut app, &Command::PreviewFinish(ev));
        let Outcome::Ask { then, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(then, Command::Finish(ev));
    }

    #[test]
    fn a_result_rereads_its_round_and_the_tables_only_when_a_tab_shows_them() {
        let (mut app, ev) = club();
        run_ok(&mut app, &Command::PairNext(ev));
        let mut m = Model::load(&app).unwrap();
        crate::tui::execute(&mut app, &mut m, Command::OpenEvent(ev));
        m.nav.tab = Tab::Results;
        let members = m.club.members.len();
        app.add_member(&NewMember {
            name: "戊".into(),
            ..Default::default()
        })
        .unwrap();
        for board in 1..=2 {
            let input = crate::app::ResultInput {
                outcome: Some(crate::domain::Outcome::RedWin),
                ..Default::default()
            };
            let cmd = Command::RecordResult {
                event: ev,
                round: RoundNo(1),
                board: BoardNo(board),
                input,
            };
            crate::tui::execute(&mut app, &mut m, cmd);
            assert_eq!(
                m.popups.status.as_ref().map(|s| s.1),
                Some(false),
                "{:?}",
                m.popups.status
            );
        }
        // The round's boards show both results; the members were not read.
        let round = m.open.ev.round.as_ref().unwrap();
        assert!(
            round.boards.iter().all(|b| b.results == ["1-0"]),
            "{round:?}"
        );
        assert!(m.open.ev.games.iter().all(|g| g.round == 1));
        assert_eq!(m.open.ev.games.len(), 2);
        assert_eq!(m.club.members.len(), members);
        // The tables wait for a tab that shows them.
        assert!(m.open.ev.stale.tables);
        m.nav.tab = Tab::Standings;
        m.fill(&app);
        assert!(!m.open.ev.stale.tables);
        let st = m
            .open
            .ev
            .standings
            .as_ref()
            .and_then(|s| s.individual())
            .unwrap();
        assert_eq!(st.after_round, 1);
        let want = app.event_standings(ev, None).unwrap();
        let want = want.individual().unwrap();
        let pts = |s: &crate::scoring::Standings| -> Vec<_> {
            s.rows.iter().map(|r| (r.player.id, r.points)).collect()
        };
        assert_eq!(pts(st), pts(want));
        assert!(m.open.ev.crosstable.is_some());
    }

    #[test]
    fn a_round_key_rereads_the_open_event_only_and_shows_that_round() {
        let (mut app, ev) = club();
        for _ in 0..2 {
            run_ok(&mut app, &Command::PairNext(ev));
            let games = app.games(ev, None).unwrap();
            let round = app.rounds_paired(ev).unwrap();
            for g in games.iter().filter(|g| g.round == round) {
                let input = crate::app::ResultInput {
                    outcome: Some(crate::domain::Outcome::RedWin),
                    ..Default::default()
                };
                app.record_result(
                    app.find_event("E").unwrap().key(),
                    RoundNo(round),
                    BoardNo(g.board),
                    &input,
                )
                .unwrap();
            }
        }
        let mut m = Model::load(&app).unwrap();
        m.load_event(&app, ev).unwrap();
        m.nav.screen = Screen::Event;
        let members = m.club.members.len();
        // A member added behind the TUI's back: a round key does not read
        // the members again, only the open event.
        app.add_member(&NewMember {
            name: "戊".into(),
            ..Default::default()
        })
        .unwrap();
        let c = super::super::update::update(&mut m, crate::tui::keymap::Action::PrevRound);
        assert_eq!(c, Some(Command::ShowRound));
        let o = run_ok(&mut app, &Command::ShowRound);
        assert!(matches!(o.changed(), Changed::OpenedEvent), "{o:?}");
        apply(&mut m, o);
        m.reread(&app, Changed::OpenedEvent).unwrap();
        assert_eq!(m.nav.round_sel, Some(RoundNo(1)));
        assert_eq!(m.open.ev.round.as_ref().map(|r| r.number), Some(RoundNo(1)));
        assert_eq!(m.club.members.len(), members);
    }
}
