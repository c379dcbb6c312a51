//! Commands for the app layer and running them: `execute` runs a
//! [`Command`] against the [`App`] and refreshes the model's data.

use super::*;
use crate::app::{invalid, App, EntryId, EventId, MemberId};
use crate::app::{EventDraft, ResultInput};
use crate::domain::{Member, NewMember};
use crate::i18n::io_msg;

/// A command for the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    AddMember(NewMember),
    UpdateMember(Member),
    RetireMember(i64),
    CreateEvent {
        name: String,
        draft: EventDraft,
        /// The first day (`None`: today).
        date: Option<chrono::NaiveDate>,
    },
    OpenEvent(i64),
    EnterPlayer {
        event: i64,
        member: i64,
    },
    /// Every member marked in the picker, at once.
    EnterPlayers {
        event: i64,
        members: Vec<i64>,
    },
    Withdraw {
        event: i64,
        entry: i64,
    },
    PairNext(i64),
    /// Remove the last round; `force` when it has results (the question
    /// said how many).
    Unpair {
        event: i64,
        force: bool,
    },
    /// How a player's tie-break values are made (issue 16), in a box.
    ExplainPlayer {
        event: i64,
        start_no: u32,
    },
    SwapColours {
        event: i64,
        round: u32,
        red: u32,
        black: u32,
        insist: bool,
    },
    /// Two players (start numbers) change places in a round.
    SwapPlayers {
        event: i64,
        round: u32,
        a: u32,
        b: u32,
        insist: bool,
    },
    RecordResult {
        event: i64,
        round: u32,
        board: u32,
        input: ResultInput,
    },
    /// Read a member CSV and ask before importing it.
    PreviewImport(String),
    ImportMembers(String),
    RequestBye {
        event: i64,
        entry: i64,
        round: u32,
    },
    Forbid {
        event: i64,
        a: i64,
        b: i64,
    },
    AttachRecord {
        event: i64,
        round: u32,
        board: u32,
        path: String,
        /// The secretary saw and accepted what the record differs in.
        checked: bool,
    },
    Print {
        event: i64,
        doc: String,
        format: String,
        to_printer: bool,
        path: String,
        printer: String,
        /// After this round (`None`: the last).
        round: Option<u32>,
        /// Replace an existing file (asked first).
        force: bool,
    },
    /// Say what `Undo` would take back and ask.
    PreviewUndo,
    Undo,
    Redo,
    /// Ask before finishing (how many rounds are missing) or reopening.
    PreviewFinish(i64),
    Finish(i64),
    Reopen(i64),
    /// Open a form (after a question was answered yes).
    OpenForm(Form),
    /// Reload the model's data (after a worker changed the database).
    Reload,
    /// A command of the ruling dialog, member page or statistics screen.
    Page(super::super::pages::PageCmd),
    /// A command of the Teams tab (issue 19).
    Teams(super::super::teams::TeamsCmd),
    /// A command of the Bracket tab (issue 20).
    Bracket(super::super::bracket::BracketCmd),
    /// A command of the action log pop-up.
    Log(super::super::log::LogCmd),
    /// A command of the check-in pop-up.
    CheckIn(super::super::checkin::CheckInCmd),
    /// Record the check-in, then pair everyone present (long work).
    PairPresent {
        event: i64,
        present: Vec<i64>,
        excused: Vec<i64>,
    },
    /// Change an event's name, date and settings.
    EditEvent {
        event: i64,
        name: String,
        draft: EventDraft,
        date: Option<chrono::NaiveDate>,
    },
}

/// A destructive action waiting for `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirm {
    pub message: String,
    pub command: Command,
}

/// Runs a command against the club and refreshes the model. Errors become
/// the status line (translated prefix, the app's message).
pub fn execute(app: &mut App, m: &mut Model, cmd: Command) {
    m.busy = None;
    let r = run_command(app, m, cmd);
    let submitted = m.submitted.take();
    match r {
        Ok(Some(msg)) => m.status = Some((msg, false)),
        Ok(None) => {}
        Err(e) => {
            let text = super::worker::error_text(m.lang, &e);
            m.status = Some((format!("{}: {text}", m.t("tui.err.prefix")), true));
            // The form comes back as typed, the error under it.
            if let (None, Some(f)) = (&m.modal, submitted) {
                m.set_form(f);
            }
        }
    }
    if let Err(e) = m.refresh(app) {
        let text = super::worker::error_text(m.lang, &e);
        m.status = Some((format!("{}: {text}", m.t("tui.err.prefix")), true));
    }
    let n = m.rows();
    let s = m.sel_mut();
    if *s >= n {
        *s = n.saturating_sub(1);
    }
}

/// A file the secretary named that cannot be read.
pub(crate) fn read_error(path: &str, e: &std::io::Error) -> crate::app::AppError {
    invalid!("tui.err.read_file", path, why = io_msg(e))
}

/// The question before a member import: who will be added and who skipped
/// as already a member. Reading a large file takes a while, so the worker
/// runs this too.
pub(crate) fn import_preview_text(app: &App, lang: Lang, path: &str) -> crate::app::Result<String> {
    let t = |k: &str| tr(lang, k).to_string();
    let bytes = std::fs::read(path).map_err(|e| read_error(path, &e))?;
    let p = app.preview_member_import(&bytes, path)?;
    // A few names of each list: the dialog has ten lines at most.
    let few = |v: &[String]| {
        let mut s = v.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
        if v.len() > 8 {
            s.push_str(&format!(", … (+{})", v.len() - 8));
        }
        s
    };
    let mut msg = format!(
        "{} {}: {}",
        t("tui.preview.add"),
        p.added.len(),
        few(&p.added)
    );
    if !p.duplicates.is_empty() {
        msg.push_str(&format!(
            "; {} {}: {}",
            t("tui.preview.skip"),
            p.duplicates.len(),
            few(&p.duplicates)
        ));
    }
    msg.push_str(&format!(" — {}", t("tui.preview.question")));
    Ok(msg)
}

fn run_command(app: &mut App, m: &mut Model, cmd: Command) -> crate::app::Result<Option<String>> {
    let lang = m.lang;
    let t = |k: &str| tr(lang, k).to_string();
    // Work that may run on the worker takes the same path here.
    if super::worker::is_long(&cmd) {
        let o = super::effects::run(app, lang, &cmd, &|_, _| {})?;
        super::effects::apply(m, o);
        return Ok(None);
    }
    Ok(Some(match cmd {
        Command::AddMember(nm) => {
            let x = app.add_member(&nm)?;
            format!("{}: {}", t("tui.msg.added"), x.name)
        }
        Command::UpdateMember(mem) => {
            app.edit_member(&mem)?;
            format!("{}: {}", t("tui.msg.saved"), mem.name)
        }
        Command::RetireMember(id) => {
            let mem = app.retire_member(MemberId(id))?;
            format!("{}: {}", t("tui.msg.retired"), mem.name)
        }
        Command::CreateEvent { name, draft, date } => {
            let today = date.unwrap_or_else(|| chrono::Local::now().date_naive());
            let settings = app.event_settings(&draft)?;
            let e = app.create_event(&name, Some(today), &settings)?;
            m.load_event(app, e.id)?;
            m.screen = Screen::Event;
            m.tab = Tab::Players;
            m.row_sel = 0;
            format!("{}: {}", t("tui.msg.created"), e.name)
        }
        Command::ExplainPlayer { event, start_no } => {
            let (_, b) = app.explain_player(&event.to_string(), None, &format!("#{start_no}"))?;
            m.set_notice(crate::report::breakdown_text(lang, &b));
            return Ok(None);
        }
        Command::OpenEvent(id) => {
            m.load_event(app, id)?;
            // The last message was about another screen.
            m.status = None;
            m.screen = Screen::Event;
            m.tab = if m.ev.paired > 0 {
                Tab::Round
            } else {
                Tab::Players
            };
            m.row_sel = 0;
            return Ok(None);
        }
        Command::EnterPlayer { event, member } => {
            let e = app.enter_players(&event.to_string(), &[member.to_string()])?;
            m.modal = None;
            let names: Vec<String> = e.iter().map(|x| x.name.clone()).collect();
            format!("{}: {}", t("tui.msg.entered"), names.join(", "))
        }
        Command::EnterPlayers { event, members } => {
            let keys: Vec<String> = members.iter().map(|x| x.to_string()).collect();
            let e = app.enter_players(&event.to_string(), &keys)?;
            m.modal = None;
            format!("{}: {}", t("tui.msg.entered"), e.len())
        }
        Command::Withdraw { event, entry } => {
            let e = app.withdraw(EventId(event), EntryId(entry), None)?;
            format!("{}: {}", t("tui.msg.withdrawn"), e.name)
        }
        Command::Unpair { event, force } => {
            let r = app.unpair_last(&event_key(app, event)?, force)?;
            m.round_sel = None;
            format!("{} {r}", t("tui.msg.unpaired"))
        }
        cmd @ (Command::SwapColours { .. } | Command::SwapPlayers { .. }) => {
            return super::boards::run_swap(app, m, cmd);
        }
        Command::RecordResult {
            event,
            round,
            board,
            input,
        } => {
            let g = app.record_result(&event_key(app, event)?, round, board, &input)?;
            m.load_event(app, event)?;
            m.next_unfinished();
            format!(
                "{} {board}: {}",
                t("tui.msg.result"),
                crate::tui::component::outcome_text(lang, g.outcome)
            )
        }
        Command::RequestBye {
            event,
            entry,
            round,
        } => {
            let e = app.request_bye(EventId(event), EntryId(entry), round, None)?;
            format!("{}: {} {round}", e.name, t("tui.msg.bye"))
        }
        Command::Forbid { event, a, b } => {
            let (ea, eb) = app.forbid_pair(EventId(event), EntryId(a), EntryId(b))?;
            format!("{} / {}: {}", ea.name, eb.name, t("tui.msg.forbidden"))
        }
        Command::AttachRecord {
            event,
            round,
            board,
            path,
            checked,
        } => {
            let bytes = std::fs::read(&path).map_err(|e| read_error(&path, &e))?;
            // A record the reader refuses is reported with its file.
            let with_file = |e| match e {
                crate::app::AppError::Record { source, .. } => crate::app::AppError::Record {
                    file: path.clone(),
                    source,
                },
                other => other,
            };
            if !checked {
                if let Some(q) =
                    super::entry::record_question(app, m, board, &bytes).map_err(with_file)?
                {
                    m.ask(Confirm {
                        message: q,
                        command: Command::AttachRecord {
                            event,
                            round,
                            board,
                            path,
                            checked: true,
                        },
                    });
                    return Ok(None);
                }
            }
            let g = app
                .attach_record(&event.to_string(), round, board, 1, &bytes)
                .map_err(with_file)?;
            format!(
                "{} {board}: {} {}",
                t("tui.msg.attached"),
                crate::tui::component::outcome_text(lang, g.outcome),
                g.facts.moves.map(|x| x.to_string()).unwrap_or_default()
            )
        }
        Command::Print {
            event,
            doc,
            format,
            to_printer,
            path,
            printer,
            round,
            force,
        } => {
            use crate::app::print::{render, send, DocKind, OutputFormat};
            use std::path::Path;
            // Before a file is replaced, a question whose yes is this same
            // print again, forced.
            let ask_replace = |m: &mut Model, shown: &str, path: String| {
                m.ask(Confirm {
                    message: t("tui.confirm.replace_file").replace("{path}", shown),
                    command: Command::Print {
                        event,
                        doc: doc.clone(),
                        format: format.clone(),
                        to_printer,
                        path,
                        printer: printer.clone(),
                        round,
                        force: true,
                    },
                });
            };
            // The club's own files: a backup never replaces a file.
            if doc == "backup" {
                let path = if path.is_empty() {
                    format!(
                        "qishe-backup-{}.db",
                        chrono::Local::now().format("%Y%m%d-%H%M")
                    )
                } else {
                    path
                };
                app.backup(Path::new(&path))?;
                return Ok(Some(format!("{}: {path}", t("tui.print.written"))));
            }
            // The event's static site: a folder (an earlier site is rewritten).
            if doc == "site" {
                let path = if path.is_empty() {
                    format!("event{event}-site")
                } else {
                    path
                };
                let files = app.publish(&event.to_string(), Path::new(&path), false)?;
                let n = files.len();
                return Ok(Some(format!("{}: {path} ({n})", t("tui.print.written"))));
            }
            let (data, path) = if doc == "trf" {
                let path = if path.is_empty() {
                    format!("event{event}.trf")
                } else {
                    path
                };
                (app.export_trf(&event.to_string())?, path)
            } else {
                let kind = DocKind::ALL
                    .into_iter()
                    .find(|k| k.code() == doc)
                    .ok_or_else(|| invalid!("tui.err.no_document", doc = &doc))?;
                if to_printer && format != "text" {
                    return Err(invalid!("tui.print.text_only"));
                }
                if format == "png" {
                    crate::app::png::check_png_kind(kind)?;
                }
                let d = app.print_doc(&event.to_string(), kind, round, lang)?;
                // PNG pages for chat groups: one file, or name-1.png,
                // name-2.png, … beside the one named.
                if format == "png" {
                    let path = if path.is_empty() {
                        format!("event{event}-{doc}.png")
                    } else {
                        path
                    };
                    let png = app.png_pages(&d, None)?;
                    let targets = crate::app::png::page_paths(Path::new(&path), png.pages.len());
                    if let Some(old) = targets.iter().find(|p| p.exists()).filter(|_| !force) {
                        ask_replace(m, &old.display().to_string(), path);
                        return Ok(None);
                    }
                    let written = app.write_png_pages(Path::new(&path), &png.pages, force)?;
                    let names: Vec<String> =
                        written.iter().map(|p| p.display().to_string()).collect();
                    let mut out = format!("{}: {}", t("tui.print.written"), names.join(", "));
                    if !png.missing.is_empty() {
                        let chars: String = png.missing.iter().take(12).collect();
                        let note = crate::i18n::msg!(
                            "cli.png.missing",
                            path = png.font.display(),
                            chars = chars
                        );
                        out = format!("{out} · {}", note.render(lang));
                    }
                    return Ok(Some(out));
                }
                let f = match format.as_str() {
                    "html" => OutputFormat::Html,
                    "csv" => OutputFormat::Csv,
                    _ => OutputFormat::Text {
                        lines_per_page: crate::report::DEFAULT_LINES_PER_PAGE,
                    },
                };
                let out = render(&d, f)?;
                if to_printer {
                    let job = send(&out, f, Some(printer.as_str()).filter(|p| !p.is_empty()))?;
                    return Ok(Some(format!("{}: {job}", t("tui.print.sent"))));
                }
                let ext = if format == "text" {
                    "txt"
                } else {
                    format.as_str()
                };
                let path = if path.is_empty() {
                    format!("event{event}-{doc}.{ext}")
                } else {
                    path
                };
                (out, path)
            };
            // An existing file is replaced only after a question (issue
            // 21); never the club database (write_output refuses it).
            if !force && Path::new(&path).exists() {
                ask_replace(m, &path.clone(), path);
                return Ok(None);
            }
            app.write_output(Path::new(&path), data.as_bytes(), force, &[])?;
            format!("{}: {path}", t("tui.print.written"))
        }
        Command::Reload => return Ok(None),
        Command::PairNext(_)
        | Command::PairPresent { .. }
        | Command::PreviewImport(_)
        | Command::ImportMembers(_) => {
            unreachable!("long commands run in effects::run")
        }
        Command::PreviewUndo => {
            let what = app
                .undo_preview()?
                .ok_or_else(|| invalid!("tui.err.nothing_to_undo"))?;
            m.ask(Confirm {
                message: format!("{} {what}?", t("tui.confirm.undo")),
                command: Command::Undo,
            });
            return Ok(None);
        }
        Command::Undo => {
            let what = app.undo()?;
            format!("{}: {what}", t("tui.msg.undone"))
        }
        Command::Redo => {
            let what = app.redo()?;
            format!("{}: {what}", t("tui.msg.redone"))
        }
        Command::PreviewFinish(id) => {
            let e = app.event(EventId(id))?;
            let (message, command) = if e.status == crate::domain::EventStatus::Finished {
                (
                    t("tui.confirm.reopen").replace("{event}", &e.name),
                    Command::Reopen(id),
                )
            } else {
                let missing = app.rounds_missing(&id.to_string())?;
                let mut q = t("tui.confirm.finish").replace("{event}", &e.name);
                if missing > 0 {
                    q.push(' ');
                    q.push_str(
                        &t("tui.confirm.finish_missing")
                            .replace("{missing}", &missing.to_string())
                            .replace("{rounds}", &e.settings.rounds.to_string()),
                    );
                }
                (q, Command::Finish(id))
            };
            m.ask(Confirm { message, command });
            return Ok(None);
        }
        Command::Finish(id) => {
            app.finish_event(EventId(id), true)?;
            t("tui.msg.finished")
        }
        Command::Reopen(id) => {
            app.set_event_status(EventId(id), crate::domain::EventStatus::Running)?;
            t("tui.msg.reopened")
        }
        Command::OpenForm(f) => {
            m.set_form(f);
            return Ok(None);
        }
        c @ (Command::Page(_)
        | Command::Teams(_)
        | Command::Bracket(_)
        | Command::Log(_)
        | Command::CheckIn(_)) => return super::components::run(app, m, c),
        Command::EditEvent {
            event,
            name,
            draft,
            date,
        } => {
            app.edit_event(EventId(event), &name, date, &draft)?;
            t("tui.msg.event_saved")
        }
    }))
}

/// The key the app layer resolves an event by.
fn event_key(app: &App, id: i64) -> crate::app::Result<String> {
    // The id form is unambiguous (names may repeat across years).
    app.event(EventId(id))?;
    Ok(id.to_string())
}

/// The pairing system's notes on a round just paired, one per line in the
/// UI language; `None` when it has none.
pub fn pairing_notice(lang: Lang, notes: &[crate::i18n::Msg]) -> Option<String> {
    if notes.is_empty() {
        return None;
    }
    let lines: Vec<String> = notes
        .iter()
        .map(|n| format!("• {}", n.render(lang)))
        .collect();
    Some(lines.join("\n"))
}
