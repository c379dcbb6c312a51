//! Long work off the event loop. Pairing a round and importing a member
//! CSV run on a worker thread with their own [`App`] opened on the same
//! database file (WAL mode lets the two connections share it; a SQLite
//! connection is not shared across threads). While the work runs the loop
//! keeps drawing a spinner with the elapsed seconds and, where the work can
//! count, its progress; keys other than Ctrl-C are ignored. The outcome
//! comes back as a [`Done`] message, which [`finished`] turns into a model
//! change and a reload of the model's data.
//!
//! An in-memory club (tests) has no file a second connection could open;
//! its commands run on the event loop's thread as before.

use super::model::{Command, Model, Tab};
use crate::app::App;
use crate::i18n::{tr, Lang};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The spinner's frames (one per tenth of a second).
pub const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// Rows done and rows to do, written by the worker, read by the loop.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    /// 0 while unknown.
    total: AtomicUsize,
}

/// Work in progress on a worker thread, and what the screen shows of it.
#[derive(Debug)]
pub struct Job {
    /// i18n key of what is being done.
    pub label: &'static str,
    /// Whole seconds since it started (updated by [`tick`]).
    pub elapsed_s: u64,
    /// The spinner frame (updated by [`tick`]).
    pub frame: usize,
    /// Rows done and rows to do, when the work counts them.
    pub count: Option<(usize, usize)>,
    started: Instant,
    progress: Arc<Progress>,
    rx: Receiver<Done>,
}

/// The outcome of a job: the command it ran and its message (or the
/// translated error).
#[derive(Clone, Debug, PartialEq)]
pub struct Done {
    pub command: Command,
    pub result: Result<String, String>,
}

/// An app error in the UI language: every error is a keyed message, its
/// arguments (names, paths, numbers) inserted as they are.
pub fn error_text(lang: Lang, e: &crate::app::AppError) -> String {
    e.render(lang)
}

/// Whether a command is long enough to run off the event loop.
pub fn is_long(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::PairNext(_) | Command::ImportMembers(_) | Command::PreviewImport(_)
    )
}

/// i18n key of what a long command does.
pub fn label(cmd: &Command) -> &'static str {
    match cmd {
        Command::ImportMembers(_) => "tui.msg.importing",
        Command::PreviewImport(_) => "tui.msg.previewing",
        _ => "tui.msg.pairing",
    }
}

/// Starts `cmd` on a worker thread with its own connection to the club's
/// database file. `None` when the club has no file (in memory): the caller
/// runs the command itself.
pub fn start(app: &App, lang: Lang, cmd: Command) -> Option<Job> {
    let path = app.store.path().to_path_buf();
    if path.as_os_str() == ":memory:" {
        return None;
    }
    let config = app.config.clone();
    let progress = Arc::new(Progress::default());
    let (tx, rx) = mpsc::channel();
    let p = Arc::clone(&progress);
    let label = label(&cmd);
    std::thread::spawn(move || {
        let result = App::open(config, &path)
            .and_then(|mut app| work(&mut app, lang, &cmd, &p))
            .map_err(|e| format!("{}: {}", tr(lang, "tui.err.prefix"), error_text(lang, &e)));
        // The loop may be gone (Ctrl-C); then nobody needs the answer.
        let _ = tx.send(Done {
            command: cmd,
            result,
        });
    });
    Some(Job {
        label,
        elapsed_s: 0,
        frame: 0,
        count: None,
        started: Instant::now(),
        progress,
        rx,
    })
}

/// What the worker does: the command against its own app.
fn work(app: &mut App, lang: Lang, cmd: &Command, p: &Progress) -> crate::app::Result<String> {
    let t = |k: &str| tr(lang, k).to_string();
    match cmd {
        Command::PairNext(ev) => {
            let o = app.pair_next_round(&ev.to_string())?;
            Ok(format!("{} {}", t("tui.msg.paired"), o.round))
        }
        Command::PreviewImport(path) => super::model::import_preview_text(app, lang, path),
        Command::ImportMembers(path) => {
            let bytes = std::fs::read(path).map_err(|e| super::model::read_error(path, &e))?;
            let r = app.import_members_with(&bytes, path, true, &|done, total| {
                p.total.store(total, Ordering::Relaxed);
                p.done.store(done, Ordering::Relaxed);
            })?;
            Ok(format!("{}: {}", t("tui.msg.imported"), r.added))
        }
        other => Err(crate::app::AppError::Invalid(crate::i18n::msg!(
            "tui.err.not_on_worker",
            command = format!("{other:?}")
        ))),
    }
}

/// Updates the spinner, the elapsed time and the progress of the running
/// job from the clock and the worker.
pub fn tick(job: &mut Job) {
    let ms = job.started.elapsed().as_millis();
    job.elapsed_s = (ms / 1000) as u64;
    job.frame = (ms / 100) as usize % SPINNER.len();
    let total = job.progress.total.load(Ordering::Relaxed);
    job.count = (total > 0).then(|| (job.progress.done.load(Ordering::Relaxed), total));
}

/// Applies a finished job to the model: the message on the status line,
/// the Round tab after a pairing. Returns the command that reloads the
/// model's data (the worker changed the database behind it).
pub fn finished(m: &mut Model, done: Done) -> Option<Command> {
    m.job = None;
    m.busy = None;
    // A preview changed nothing: it only asks whether to import.
    if let (Command::PreviewImport(path), Ok(message)) = (&done.command, &done.result) {
        m.confirm = Some(super::model::Confirm {
            message: message.clone(),
            command: Command::ImportMembers(path.clone()),
        });
        return None;
    }
    match done.result {
        Ok(msg) => {
            if let Command::PairNext(_) = done.command {
                m.tab = Tab::Round;
                m.row_sel = 0;
            }
            m.status = Some((msg, false));
        }
        Err(e) => m.status = Some((e, true)),
    }
    Some(Command::Reload)
}

/// Called by the event loop between frames: advances the spinner and, when
/// the worker has answered, applies its answer and reloads the data.
pub fn poll(app: &mut App, m: &mut Model) {
    let Some(job) = m.job.as_mut() else { return };
    tick(job);
    let done = match job.rx.try_recv() {
        Ok(d) => d,
        Err(TryRecvError::Empty) => return,
        Err(TryRecvError::Disconnected) => lost(m),
    };
    if let Some(cmd) = finished(m, done) {
        super::model::execute(app, m, cmd);
    }
}

/// Waits (at most `timeout`) for the running job and applies its answer;
/// false if it is still running. For tests and for quitting cleanly.
pub fn wait(app: &mut App, m: &mut Model, timeout: Duration) -> bool {
    let Some(job) = m.job.as_mut() else {
        return true;
    };
    let done = match job.rx.recv_timeout(timeout) {
        Ok(d) => d,
        Err(RecvTimeoutError::Timeout) => return false,
        Err(RecvTimeoutError::Disconnected) => lost(m),
    };
    if let Some(cmd) = finished(m, done) {
        super::model::execute(app, m, cmd);
    }
    true
}

/// A worker that ended without answering (it panicked).
fn lost(m: &Model) -> Done {
    Done {
        command: Command::Reload,
        result: Err(format!(
            "{}: {}",
            m.t("tui.err.prefix"),
            m.t("tui.err.worker_lost")
        )),
    }
}

/// The busy box's line: spinner, what runs, seconds, rows when counted.
pub fn busy_text(m: &Model, j: &Job) -> String {
    let mut s = format!(
        "{} {} {} {}",
        SPINNER[j.frame % SPINNER.len()],
        m.t(j.label),
        j.elapsed_s,
        m.t("tui.work.seconds")
    );
    if let Some((done, total)) = j.count {
        s.push_str(&format!("  {done}/{total} {}", m.t("tui.work.rows")));
    }
    s
}
