//! The action log as a pop-up (`L`): every change, newest first, with its
//! time and summary in the UI language; undo (`u`) and redo (`Ctrl-R`)
//! from there ask first, as `u` does elsewhere, and the list comes back
//! after.

use super::component::{Reply, Ui};
use super::keymap::Action;
use crate::app::App;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, Row, Table, TableState};
use ratatui::Frame;

/// Rows the pop-up lists (the newest).
const ROWS: usize = 500;
/// One change as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    /// Local time, `YYYY-MM-DD HH:MM`.
    pub at: String,
    pub summary: String,
    pub undone: bool,
}

/// The open log: its rows and the selected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogView {
    pub rows: Vec<LogRow>,
    pub sel: usize,
}

/// What the log asks of the app layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogCmd {
    /// Read the log and open (or refresh) the pop-up.
    Show,
    /// Ask before undoing the newest change not undone.
    PreviewUndo,
    /// Ask before redoing what the newest undo took back.
    PreviewRedo,
    Undo,
    Redo,
}

/// A stored UTC time (`2026-12-01T03:04:05.678Z`) in local time.
fn local_time(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at)
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_else(|_| at.to_string())
}

impl LogView {
    /// Keys while the log is open.
    pub fn update(&mut self, a: Action) -> Reply<LogCmd> {
        if a.move_in_list(&mut self.sel, self.rows.len()) {
            return Reply::Handled;
        }
        match a {
            Action::Cancel | Action::Back | Action::Quit => Reply::Close,
            Action::Undo => Reply::Run(LogCmd::PreviewUndo),
            Action::Redo => Reply::Run(LogCmd::PreviewRedo),
            _ => Reply::Handled,
        }
    }
}

/// What a log command came to.
#[derive(Clone, Debug, PartialEq)]
pub enum LogRan {
    /// A question before an undo or redo, and what runs after `y`.
    Ask(String, LogCmd),
    /// The list to show (again), and what was done.
    Show(LogView, Option<String>),
}

/// Runs a log command; the pop-up is (re)opened after an undo or redo.
pub fn run(app: &mut App, ui: &Ui, c: LogCmd) -> crate::app::Result<LogRan> {
    let t = |k: &str| ui.t(k);
    let done = match c {
        LogCmd::Show => None,
        LogCmd::PreviewUndo | LogCmd::PreviewRedo => {
            let undo = c == LogCmd::PreviewUndo;
            let (what, nothing, question, then) = if undo {
                (
                    app.undo_preview()?,
                    "tui.err.nothing_to_undo",
                    "tui.confirm.undo",
                    LogCmd::Undo,
                )
            } else {
                (
                    app.redo_preview()?,
                    "tui.err.nothing_to_redo",
                    "tui.confirm.redo",
                    LogCmd::Redo,
                )
            };
            let what = what.ok_or_else(|| crate::app::invalid!(nothing))?;
            return Ok(LogRan::Ask(format!("{} {what}?", t(question)), then));
        }
        LogCmd::Undo => Some(format!("{}: {}", t("tui.msg.undone"), app.undo()?)),
        LogCmd::Redo => Some(format!("{}: {}", t("tui.msg.redone"), app.redo()?)),
    };
    let rows = app
        .log(ROWS)?
        .into_iter()
        .map(|e| LogRow {
            at: local_time(&e.at),
            summary: e.summary.render(ui.lang),
            undone: e.undone,
        })
        .collect();
    Ok(LogRan::Show(LogView { rows, sel: 0 }, done))
}

/// Draws the log over `main`.
pub fn draw(m: &Ui, v: &LogView, f: &mut Frame, main: Rect) {
    let area = Rect {
        x: main.x + 1,
        y: main.y,
        width: main.width.saturating_sub(2),
        height: main.height,
    };
    super::draw::clear(f, area);
    let undone = m.t("tui.log.undone");
    let rows: Vec<Row> = v
        .rows
        .iter()
        .map(|r| {
            let row = Row::new(vec![
                r.at.clone(),
                super::draw::fit(&r.summary, area.width.saturating_sub(30) as usize),
                if r.undone {
                    undone.clone()
                } else {
                    String::new()
                },
            ]);
            if r.undone {
                row.dim()
            } else {
                row
            }
        })
        .collect();
    let t = Table::new(
        rows,
        [
            Constraint::Length(16),
            Constraint::Min(10),
            Constraint::Length(8),
        ],
    )
    .row_highlight_style(Style::new().reversed())
    .block(
        Block::bordered()
            .title(format!(" {} ", m.t("tui.log.title")))
            .title_bottom(format!(" {} ", m.t("tui.log.keys"))),
    );
    let mut st = TableState::default().with_selected((!v.rows.is_empty()).then_some(v.sel));
    f.render_stateful_widget(t, area, &mut st);
}
