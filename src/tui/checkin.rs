//! The check-in pop-up (签到, `C` on the Players tab): the players of the
//! next round by name (pinyin or 笔画, as the printed sheet), Space cycling each present → absent (no notice) → absent,
//! excused (`a` marks everyone present, again: everyone absent). Enter
//! records the check-in (the absent get a zero bye for the round, the
//! excused the event's requested-bye value, see `App::check_in_marked`);
//! `p` records it and pairs everyone present. A component (see
//! `component.rs`), like the action log.

use super::component::{Reply, Ui};
use super::keymap::Action;
use super::search::PinyinIndex;
use crate::app::{App, Attendance, EntryId, EventId, RoundNo};
use crate::domain::NameOrder;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, Row, Table, TableState};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// One player of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRow {
    pub entry: EntryId,
    pub start_no: u32,
    pub name: String,
    pub club: String,
    pub mark: Attendance,
}

/// The open check-in: the event, the round and its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInView {
    pub event: EventId,
    pub round: RoundNo,
    pub rows: Vec<CheckRow>,
    pub sel: usize,
}

impl CheckInView {
    /// Puts the rows in name order, as the printed check-in sheet (pinyin
    /// or 笔画).
    pub fn sort_by_name(&mut self, names: &PinyinIndex, order: NameOrder) {
        self.rows
            .sort_by_cached_key(|r| (names.sort_key(&r.name, order), r.start_no));
    }

    /// The entries marked `mark`.
    pub fn marked(&self, mark: Attendance) -> Vec<EntryId> {
        self.rows
            .iter()
            .filter(|r| r.mark == mark)
            .map(|r| r.entry)
            .collect()
    }
}

/// What the check-in asks of the app layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckInCmd {
    /// Read the next round's players and open the pop-up.
    Open(EventId),
    /// Record who is present and who is excused (the others are absent).
    Save {
        event: EventId,
        present: Vec<EntryId>,
        excused: Vec<EntryId>,
    },
    /// Record the check-in, then pair everyone present (the model runs
    /// it as its long `PairPresent` work).
    Pair {
        event: EventId,
        present: Vec<EntryId>,
        excused: Vec<EntryId>,
    },
}

impl CheckInView {
    /// Keys while the check-in is open.
    pub fn update(&mut self, a: Action) -> Reply<CheckInCmd> {
        let v = self;
        if a.move_in_list(&mut v.sel, v.rows.len()) {
            return Reply::Handled;
        }
        match a {
            Action::Cancel | Action::Back | Action::Quit => return Reply::Close,
            Action::Toggle => {
                // The row stays selected: its next press goes on to excused.
                if let Some(r) = v.rows.get_mut(v.sel) {
                    r.mark = r.mark.next();
                }
            }
            Action::AllPresent => {
                let all = v.rows.iter().all(|r| r.mark == Attendance::Present);
                let mark = if all {
                    Attendance::Absent
                } else {
                    Attendance::Present
                };
                v.rows.iter_mut().for_each(|r| r.mark = mark);
            }
            Action::Submit | Action::PairNext => {
                let event = v.event;
                let present = v.marked(Attendance::Present);
                let excused = v.marked(Attendance::Excused);
                return Reply::CloseAndRun(if a == Action::PairNext {
                    CheckInCmd::Pair {
                        event,
                        present,
                        excused,
                    }
                } else {
                    CheckInCmd::Save {
                        event,
                        present,
                        excused,
                    }
                });
            }
            _ => {}
        }
        Reply::Handled
    }
}

/// Runs a check-in command: the pop-up to open (its rows by start
/// number; [`CheckInView::sort_by_name`] puts them in name order), or what
/// was recorded.
pub fn run(
    app: &mut App,
    lang: crate::i18n::Lang,
    c: &CheckInCmd,
) -> crate::app::Result<(Option<CheckInView>, Option<String>)> {
    match c {
        CheckInCmd::Open(event) => {
            let event = *event;
            let list = app.check_in_list(event)?;
            let rows: Vec<CheckRow> = list
                .rows
                .into_iter()
                .map(|r| CheckRow {
                    entry: EntryId(r.entry.id),
                    start_no: r.entry.start_no,
                    name: r.entry.name,
                    club: r.entry.club.unwrap_or_default(),
                    mark: r.mark,
                })
                .collect();
            let view = CheckInView {
                event,
                round: list.round,
                rows,
                sel: 0,
            };
            Ok((Some(view), None))
        }
        CheckInCmd::Save {
            event,
            present,
            excused,
        }
        | CheckInCmd::Pair {
            event,
            present,
            excused,
        } => Ok((None, Some(save(app, lang, *event, present, excused)?))),
    }
}

/// Records the check-in; the status line says how many are present.
pub fn save(
    app: &mut App,
    lang: crate::i18n::Lang,
    event: EventId,
    present: &[EntryId],
    excused: &[EntryId],
) -> crate::app::Result<String> {
    let c = app.check_in_marked(event, present, excused)?;
    let said = if c.excused == 0 {
        crate::i18n::msg!(
            "log.check_in",
            round = c.round,
            present = c.present,
            absent = c.absent
        )
    } else {
        crate::i18n::msg!(
            "log.check_in_excused",
            round = c.round,
            present = c.present,
            excused = c.excused,
            absent = c.absent
        )
    };
    Ok(said.render(lang))
}

/// Draws the check-in over `main`.
pub fn draw(m: &Ui, v: &CheckInView, f: &mut Frame, main: Rect) {
    let area = Rect {
        x: main.x + 1,
        y: main.y,
        width: main.width.saturating_sub(2).min(70),
        height: main.height,
    };
    super::draw::clear(f, area);
    let label = |a: Attendance| {
        m.t(match a {
            Attendance::Present => "tui.checkin.present",
            Attendance::Absent => "tui.checkin.absent",
            Attendance::Excused => "tui.checkin.excused",
        })
    };
    let marks = [Attendance::Present, Attendance::Absent, Attendance::Excused];
    let mark_w = marks.iter().map(|&a| label(a).width()).max().unwrap_or(0) as u16;
    let rows: Vec<Row> = v
        .rows
        .iter()
        .map(|r| {
            let row = Row::new(vec![
                match r.mark {
                    Attendance::Present => "☑",
                    Attendance::Absent => "☐",
                    Attendance::Excused => "☒",
                }
                .to_string(),
                r.start_no.to_string(),
                super::draw::fit(&r.name, 16),
                super::draw::fit(&r.club, 20),
                label(r.mark),
            ]);
            if r.mark == Attendance::Present {
                row
            } else {
                row.dim()
            }
        })
        .collect();
    let count = v
        .rows
        .iter()
        .filter(|r| r.mark == Attendance::Present)
        .count();
    let title = crate::i18n::msg!(
        "tui.checkin.title",
        round = v.round,
        present = count,
        total = v.rows.len()
    )
    .render(m.lang);
    let t = Table::new(
        rows,
        [
            Constraint::Length(2),
            Constraint::Length(4),
            Constraint::Length(16),
            Constraint::Min(8),
            Constraint::Length(mark_w),
        ],
    )
    .row_highlight_style(Style::new().reversed())
    .block(
        Block::bordered()
            .title(format!(" {title} "))
            .title_bottom(format!(
                " {} ",
                super::draw::fit(
                    &m.t("tui.checkin.keys"),
                    area.width.saturating_sub(4) as usize
                )
            )),
    );
    let mut st = TableState::default().with_selected((!v.rows.is_empty()).then_some(v.sel));
    f.render_stateful_widget(t, area, &mut st);
}
