//! Long work off the event loop. Pairing a round, importing a member CSV
//! and reading a member's page or the statistics screen (years of games)
//! run on a worker thread with their own [`App`] opened on the same
//! database file (WAL mode lets the two connections share it; a SQLite
//! connection is not shared across threads). While the work runs the loop
//! keeps drawing a spinner with the elapsed seconds and, where the work can
//! count, its progress; keys other than Ctrl-C are ignored. The outcome
//! comes back as a [`Done`] message, which [`finished`] turns into a model
//! change and a reload of the model's data.
//!
//! An in-memory club (tests) has no file a second connection could open;
//! its commands run on the event loop's thread as before.

use super::outcome::{error_text, Outcome};
use super::{Command, Model};
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

/// The outcome of a job (what [`super::effects::run`] said, or the
/// translated error).
#[derive(Debug)]
pub struct Done {
    pub result: Result<Outcome, String>,
}

/// Whether a command is long enough to run off the event loop.
pub fn is_long(cmd: &Command) -> bool {
    match cmd {
        Command::PairNext(_)
        | Command::PairAllowingClubmates(_)
        | Command::PairPresent { .. }
        | Command::ImportMembers(_)
        | Command::ImportTrf { .. }
        | Command::PreviewImport(_) => true,
        Command::Page(p) => crate::tui::pages::is_long(p),
        _ => false,
    }
}

/// i18n key of what a long command does.
pub fn label(cmd: &Command) -> &'static str {
    match cmd {
        Command::ImportMembers(_) | Command::ImportTrf { .. } => "tui.msg.importing",
        Command::PreviewImport(_) => "tui.msg.previewing",
        Command::Page(_) => "tui.msg.loading",
        _ => "tui.msg.pairing",
    }
}

/// Starts `cmd` on a worker thread with its own connection to the club's
/// database file. `None` when the club has no file (in memory): the caller
/// runs the command itself.
pub fn start(app: &App, lang: Lang, cmd: Command) -> Option<Job> {
    let path = app.db_path().to_path_buf();
    if path.as_os_str() == ":memory:" {
        return None;
    }
    let config = app.config.clone();
    let progress = Arc::new(Progress::default());
    let (tx, rx) = mpsc::channel();
    let p = Arc::clone(&progress);
    let label = label(&cmd);
    std::thread::spawn(move || {
        let count = |done: usize, total: usize| {
            p.total.swap(total, Ordering::Relaxed);
            p.done.swap(done, Ordering::Relaxed);
        };
        let result = App::open(config, &path)
            .and_then(|mut app| super::effects::run(&mut app, lang, &cmd, &count))
            .map_err(|e| format!("{}: {}", tr(lang, "tui.err.prefix"), error_text(lang, &e)));
        // The loop may be gone (Ctrl-C); then nobody needs the answer.
        let _ = tx.send(Done { result });
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
    m.popups.job = None;
    m.popups.busy = None;
    // "Busy, please wait" (said to keys pressed meanwhile) is over now.
    if m.popups
        .status
        .as_ref()
        .is_some_and(|(s, _)| *s == m.t("tui.msg.busy_wait"))
    {
        m.popups.status = None;
    }
    match done.result {
        // A preview changed nothing: it only asks whether to import.
        Ok(o @ Outcome::Ask { .. }) => {
            super::effects::apply(m, o);
            return None;
        }
        Ok(o) => super::effects::apply(m, o),
        // A reason longer than the status line (a pairing refusal that
        // names players and clubs) is shown whole in a box as well. The
        // form it came from (a file's path) comes back as typed.
        Err(e) => {
            if let (None, Some(f)) = (&m.popups.modal, m.form_state.submitted.take()) {
                m.set_form(f);
            }
            m.say(e, true)
        }
    }
    Some(Command::Reload)
}

/// Called by the event loop between frames: advances the spinner and, when
/// the worker has answered, applies its answer and reloads the data.
pub fn poll(app: &mut App, m: &mut Model) {
    let Some(job) = m.popups.job.as_mut() else {
        return;
    };
    tick(job);
    let done = match job.rx.try_recv() {
        Ok(d) => d,
        Err(TryRecvError::Empty) => return,
        Err(TryRecvError::Disconnected) => lost(m),
    };
    if let Some(cmd) = finished(m, done) {
        super::execute(app, m, cmd);
    }
}

/// Waits (at most `timeout`) for the running job and applies its answer;
/// false if it is still running. For tests and for quitting cleanly.
pub fn wait(app: &mut App, m: &mut Model, timeout: Duration) -> bool {
    let Some(job) = m.popups.job.as_mut() else {
        return true;
    };
    let done = match job.rx.recv_timeout(timeout) {
        Ok(d) => d,
        Err(RecvTimeoutError::Timeout) => return false,
        Err(RecvTimeoutError::Disconnected) => lost(m),
    };
    if let Some(cmd) = finished(m, done) {
        super::execute(app, m, cmd);
    }
    true
}

/// A worker that ended without answering (it panicked).
fn lost(m: &Model) -> Done {
    Done {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::two_players_paired as paired;
    use crate::app::{AppError, BoardNo, ClockInput, ResultInput, RoundNo};
    use crate::domain::Outcome;

    /// The error in the three languages; the English is what the CLI prints.
    fn three(e: &AppError) -> [String; 3] {
        let en = error_text(Lang::En, e);
        assert_eq!(en, e.to_string(), "Display is the English");
        [error_text(Lang::ZhHans, e), error_text(Lang::ZhHant, e), en]
    }

    #[test]
    fn a_long_error_of_a_job_is_shown_whole_in_a_box_too() {
        let app = paired();
        let mut m = Model::load(&app).unwrap();
        let short = "错误: 文件不存在".to_string();
        finished(
            &mut m,
            Done {
                result: Err(short.clone()),
            },
        );
        assert_eq!(m.notice(), None);
        assert_eq!(m.popups.status, Some((short, true)));
        let long = format!(
            "错误: 按 M 手工编排本轮 · {}",
            "末尾分组找不到配对 ".repeat(8)
        );
        finished(
            &mut m,
            Done {
                result: Err(long.clone()),
            },
        );
        assert_eq!(m.notice(), Some(long.as_str()));
        assert_eq!(m.popups.status, Some((long, true)));
    }

    #[test]
    fn the_busy_notice_goes_when_the_work_is_done() {
        let app = paired();
        let mut m = Model::load(&app).unwrap();
        m.popups.status = Some((m.t("tui.msg.busy_wait"), false));
        finished(
            &mut m,
            Done {
                result: Ok(super::super::effects::Outcome::Said(String::new())),
            },
        );
        assert_eq!(m.popups.status, None);
        // Any other message stays.
        m.popups.status = Some(("kept".into(), false));
        finished(
            &mut m,
            Done {
                result: Ok(super::super::effects::Outcome::Said(String::new())),
            },
        );
        assert_eq!(m.popups.status, Some(("kept".into(), false)));
    }

    /// No word of English (ASCII letters) left in a Chinese message.
    fn no_english(s: &str) {
        assert!(!s.chars().any(|c| c.is_ascii_alphabetic()), "{s}");
    }

    #[test]
    fn a_missing_board_is_named_in_each_language() {
        let mut app = paired();
        let input = ResultInput {
            outcome: Some(Outcome::Draw),
            ..Default::default()
        };
        let e = app
            .record_result(
                app.find_event("E").unwrap().key(),
                RoundNo(3),
                BoardNo(9),
                &input,
            )
            .unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "第3轮没有第9台");
        assert_eq!(hant, "第3輪沒有第9台");
        assert_eq!(en, "round 3 has no board 9");
    }

    #[test]
    fn an_impossible_clock_reading_names_the_game_and_the_side() {
        let mut app = paired();
        let input = ResultInput {
            outcome: Some(Outcome::RedWin),
            moves: Some(30),
            red_clock: Some(ClockInput::Used(9 * 3_600_000)),
            ..Default::default()
        };
        let e = app
            .record_result(
                app.find_event("E").unwrap().key(),
                RoundNo(1),
                BoardNo(1),
                &input,
            )
            .unwrap_err();
        let [hans, hant, en] = three(&e);
        assert!(
            hans.starts_with("第1轮第1台第1局: 红方用时 9:00:00"),
            "{hans}"
        );
        assert!(hans.contains("30 步"), "{hans}");
        assert!(
            hant.starts_with("第1輪第1台第1局: 紅方用時 9:00:00"),
            "{hant}"
        );
        assert!(
            en.starts_with("round 1 board 1 game 1: red used 9:00:00, but after 30 moves"),
            "{en}"
        );
        for zh in [&hans, &hant] {
            // Only the formula's "base + increment" is words: none here.
            no_english(zh);
        }
    }

    #[test]
    fn facts_on_an_unplayed_game_are_refused_in_the_ui_language() {
        let mut app = paired();
        let input = ResultInput {
            outcome: Some(Outcome::RedForfeits),
            moves: Some(12),
            ..Default::default()
        };
        let e = app
            .record_result(
                app.find_event("E").unwrap().key(),
                RoundNo(1),
                BoardNo(1),
                &input,
            )
            .unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "第1轮第1台第1局: 该局未下, 不能有步数");
        assert_eq!(hant, "第1輪第1台第1局: 該局未下, 不能有步數");
        assert_eq!(
            en,
            "round 1 board 1 game 1: the game was not played, so it has no move count"
        );
    }

    #[test]
    fn store_errors_keep_the_name_the_secretary_typed() {
        let app = paired();
        let e = app.find_event("周末快棋").unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "没有赛事 \"周末快棋\"");
        assert_eq!(hant, "沒有賽事 \"周末快棋\"");
        assert_eq!(en, "no event \"周末快棋\"");
        let e = app.member(crate::app::MemberId(999)).unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "没有编号为 999 的会员");
        assert_eq!(hant, "沒有編號為 999 的會員");
        assert_eq!(en, "no member with id 999");
    }

    #[test]
    fn member_csv_errors_give_file_and_line_in_the_ui_language() {
        let mut app = paired();
        let bytes = "姓名,等级分\n王一,2000\n李二,很高\n".as_bytes();
        let e = app.import_members(bytes, "会员.csv", true).unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "会员.csv 第3行: 等级分 列: \"很高\" 不是数字");
        assert_eq!(hant, "会员.csv 第3行: 等级分 欄: \"很高\" 不是數字");
        assert_eq!(en, "会员.csv:3: column 等级分: \"很高\" is not a number");
        let e = app
            .import_members("姓名,段位\n王一,3\n".as_bytes(), "m.csv", true)
            .unwrap_err();
        assert!(error_text(Lang::ZhHans, &e).starts_with("m.csv 第1行: 未知的列 \"段位\""));
    }

    #[test]
    fn a_broken_record_keeps_its_line_and_column() {
        let mut app = paired();
        let pgn = "[Event \"x\"]\n1. h2e2 h9g7 {never closed\n";
        let e = app
            .attach_record(
                app.find_event("E").unwrap().key(),
                RoundNo(1),
                BoardNo(1),
                1,
                pgn.as_bytes(),
            )
            .unwrap_err();
        let AppError::Record { source, .. } = &e else {
            panic!("{e:?}")
        };
        let crate::xiangqi::ImportError::Syntax { line, col, .. } = **source else {
            panic!("{source:?}")
        };
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, format!("第{line}行第{col}列: 注释的 '{{' 没有闭合"));
        assert!(
            hant.starts_with(&format!("第{line}行第{col}欄: ")),
            "{hant}"
        );
        assert!(
            en.starts_with(&format!("line {line}, column {col}: ")),
            "{en}"
        );
        let e = AppError::Record {
            file: "/棋谱/第一局.pgn".into(),
            source: source.clone(),
        };
        assert!(error_text(Lang::ZhHans, &e).starts_with("/棋谱/第一局.pgn: 第2行"));
    }

    #[test]
    fn a_file_that_is_not_there_is_said_in_the_ui_language() {
        let io = std::fs::read("/no/such/dir/x.pgn").unwrap_err();
        let e = crate::app::output::read_input(
            std::path::Path::new("/no/such/dir/x.pgn"),
            crate::app::InputKind::Record,
        )
        .unwrap_err();
        let [hans, hant, en] = three(&e);
        assert_eq!(hans, "无法读取 /no/such/dir/x.pgn: 文件不存在");
        assert_eq!(hant, "無法讀取 /no/such/dir/x.pgn: 檔案不存在");
        assert_eq!(en, format!("cannot read /no/such/dir/x.pgn: {io}"));
    }

    #[test]
    fn pairing_refusals_are_translated() {
        let mut app = paired();
        let e = app
            .pair_next_round(app.find_event("E").unwrap().key())
            .unwrap_err();
        let [hans, _, en] = three(&e);
        assert!(hans.starts_with("第 1 轮尚未结束: "), "{hans}");
        assert!(hans.ends_with("录入全部成绩后才能编排第 2 轮"), "{hans}");
        assert!(en.starts_with("round 1 is not finished: "), "{en}");
    }

    /// The pairing system's own reason is in the UI language too, not only
    /// the frame around it.
    #[test]
    fn a_pairing_systems_reason_is_translated() {
        use crate::domain::Points;
        use crate::pairing::check::{record_round, BoardResult};
        use crate::pairing::dutch::{self, simulate};
        let mut s = simulate::new_event(2, 3);
        let p = dutch::pair(&s).unwrap();
        record_round(&mut s, &p, &[BoardResult::Draw], None, Points::ZERO);
        let e = AppError::Pairing(dutch::pair(&s).unwrap_err());
        // The TUI puts the way on (pairing by hand) before the reason.
        let [hans, hant, en] = [Lang::ZhHans, Lang::ZhHant, Lang::En].map(|l| error_text(l, &e));
        assert_eq!(
            hans,
            "按 M 手工编排本轮 · 第2轮无法按规则编排: 2 名棋手无法全部配对而不重复对局、不违反禁配或先后手规则; 最大的合规配对仍使 1, 2 号棋手没有对手"
        );
        // The key M is the hint's one Latin letter.
        no_english(hant.strip_prefix("按 M 手工編排本輪 · ").unwrap());
        assert!(hant.contains("無法全部配對"), "{hant}");
        assert_eq!(
            en,
            format!("press M to pair this round by hand · {e}"),
            "the reason is the English the CLI prints"
        );
        assert_eq!(
            e.to_string(),
            "no legal pairing exists for round 2: 2 players cannot all be paired without a rematch, a forbidden pair or a colour violation; the largest legal pairing leaves players 1, 2 without an opponent"
        );
    }

    #[test]
    fn print_errors_are_translated() {
        let app = paired();
        let e = app
            .print_doc(
                app.find_event("E").unwrap().key(),
                crate::app::print::DocKind::Wallchart,
                None,
                Lang::En,
            )
            .unwrap_err();
        let [hans, hant, en] = three(&e);
        assert!(hans.starts_with("E 是瑞士制赛事 ("), "{hans}");
        assert!(hant.ends_with("請改印交叉表"), "{hant}");
        assert!(en.ends_with("print the crosstable instead"), "{en}");
    }
}
