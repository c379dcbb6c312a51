//! The Prizes tab of an individual event (specs/prizes.md), among the
//! tabs once the event has a prize list (`P` on any tab opens it before):
//! who gets what
//! from the current standings, in standings order, and under it why the
//! selected player got this prize and not that one; a second view lists
//! the prize list itself. `o` loads a list from a CSV file, `a` adds a
//! prize (`category,place,value`), `x` removes the selected one, `s`
//! changes the sharing mode; each is one undoable change. A component:
//! the model hands it its keys and runs its commands; the view asks it to
//! draw.

use super::component::{Reply, Ui};
use super::draw::fit;
use super::keymap::{Action, Ctx};
use crate::app::prizes::{check_prize_list, PrizeReport};
use crate::app::App;
use crate::app::EventId;
use crate::domain::{Category, Event, Prize, PrizeList, PrizeValue, Sharing};
use crate::i18n::msg;
use crate::report::prizes::{award_value, prize_label, sharing_name, unawarded_reason, why_text};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// What the tab shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The standings with each player's prizes, and the explanation.
    Winners,
    /// The prize list as stored.
    List,
}

/// A line being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The path of a prize list CSV.
    Load(String),
    /// A prize as `category,place,value`.
    Add(String),
}

/// The tab's state and what it shows.
#[derive(Clone, Debug)]
pub struct PrizesTab {
    pub event: EventId,
    pub view: View,
    /// The stored list (`None`: none yet).
    pub list: Option<PrizeList>,
    /// The allocation, or why it cannot be made.
    pub report: Option<Result<PrizeReport, String>>,
    /// The selected player (Winners) or prize (List).
    pub sel: usize,
    pub prompt: Option<Prompt>,
    /// Opened with `P` before the event had a list: the tab stays.
    pub pinned: bool,
}

/// What the tab asks of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum PrizesCmd {
    /// Read a CSV file and store it (keeping the sharing mode).
    Load {
        event: EventId,
        path: String,
        sharing: Sharing,
    },
    /// Store this list.
    Set { event: EventId, list: PrizeList },
}

/// (Re)reads the prize list and its allocation when the open event is an
/// individual one (none for team events and knockouts); keeps the view and
/// the selection across reloads.
pub fn load(
    app: &App,
    ui: &Ui,
    ev: &Event,
    team_or_knockout: bool,
    prev: Option<PrizesTab>,
) -> Option<PrizesTab> {
    if team_or_knockout {
        return None;
    }
    let key = ev.key();
    let list = app.prize_list(key).ok().flatten();
    let report = list
        .as_ref()
        .map(|_| app.prizes(key).map_err(|e| e.render(ui.lang)));
    let prev = prev.filter(|p| p.event == key);
    let mut t = PrizesTab {
        event: key,
        view: prev.as_ref().map_or(View::Winners, |p| p.view),
        list,
        report,
        sel: prev.as_ref().map_or(0, |p| p.sel),
        pinned: prev.as_ref().is_some_and(|p| p.pinned),
        prompt: prev.and_then(|p| p.prompt),
    };
    t.sel = t.sel.min(t.rows().saturating_sub(1));
    Some(t)
}

/// Runs a command of the tab; the status line to show.
pub fn run(app: &mut App, ui: &Ui, c: &PrizesCmd) -> crate::app::Result<String> {
    match c {
        PrizesCmd::Load {
            event,
            path,
            sharing,
        } => {
            let p = std::path::Path::new(path.trim());
            let bytes = crate::app::output::read_input(p, crate::app::InputKind::Prizes)?;
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.clone());
            let n = app.set_prizes_csv(*event, &bytes, &name, *sharing)?;
            Ok(msg!("tui.prizes.loaded", count = n).render(ui.lang))
        }
        PrizesCmd::Set { event, list } => {
            app.set_prize_list(*event, list)?;
            Ok(ui.t("tui.prizes.saved"))
        }
    }
}

impl PrizesTab {
    /// Is the tab among the event's tabs: once there is a list, or after
    /// `P`.
    pub fn shown(&self) -> bool {
        self.list.is_some() || self.pinned
    }

    fn rows(&self) -> usize {
        match self.view {
            View::Winners => match &self.report {
                Some(Ok(r)) => r.field.len(),
                _ => 0,
            },
            View::List => self.list.as_ref().map_or(0, |l| l.prizes.len()),
        }
    }

    /// The contexts while a line is typed (`None`: none is).
    pub fn contexts(&self) -> Option<Vec<Ctx>> {
        self.prompt.as_ref().map(|_| vec![Ctx::Form])
    }

    fn sharing(&self) -> Sharing {
        self.list.as_ref().map_or(Sharing::None, |l| l.sharing)
    }

    /// Applies an action; `shown`: the tab is on screen (a line being
    /// typed has the keyboard wherever it is).
    pub fn update(&mut self, a: Action, ui: &Ui, shown: bool) -> Reply<PrizesCmd> {
        if self.prompt.is_some() {
            return self.prompt_update(a, ui);
        }
        if !shown {
            return Reply::Ignored;
        }
        let n = self.rows();
        match a {
            _ if a.move_in_list(&mut self.sel, n) => Reply::Handled,
            Action::NextView => {
                self.view = match self.view {
                    View::Winners => View::List,
                    View::List => View::Winners,
                };
                self.sel = 0;
                Reply::Handled
            }
            Action::Import => {
                self.prompt = Some(Prompt::Load(String::new()));
                Reply::Handled
            }
            Action::Add => {
                self.prompt = Some(Prompt::Add(String::new()));
                Reply::Handled
            }
            Action::Toggle => {
                let Some(list) = &self.list else {
                    return Reply::error(ui.t("tui.prizes.no_list"));
                };
                let next = crate::tui::component::cycle(&Sharing::ALL, list.sharing, true);
                Reply::Run(PrizesCmd::Set {
                    event: self.event,
                    list: PrizeList {
                        sharing: next,
                        prizes: list.prizes.clone(),
                    },
                })
            }
            Action::Retire if self.view == View::List => {
                let Some(list) = &self.list else {
                    return Reply::Handled;
                };
                let Some(p) = list.prizes.get(self.sel) else {
                    return Reply::Handled;
                };
                // The places after it in its category move up one.
                let mut prizes = list.prizes.clone();
                let gone = prizes.remove(self.sel);
                for q in prizes.iter_mut() {
                    if q.category == gone.category && q.place > gone.place {
                        q.place -= 1;
                    }
                }
                let question = msg!(
                    "tui.prizes.remove_q",
                    prize = prize_label(ui.lang, &p.category, p.place),
                    value = p.value.text()
                )
                .render(ui.lang);
                Reply::Ask(
                    question,
                    PrizesCmd::Set {
                        event: self.event,
                        list: PrizeList {
                            sharing: list.sharing,
                            prizes,
                        },
                    },
                )
            }
            _ => Reply::Ignored,
        }
    }

    fn prompt_update(&mut self, a: Action, ui: &Ui) -> Reply<PrizesCmd> {
        let Some(p) = self.prompt.as_mut() else {
            return Reply::Ignored;
        };
        let buf = match p {
            Prompt::Load(b) | Prompt::Add(b) => b,
        };
        match a {
            Action::Input(c) => {
                buf.push(c);
                Reply::Handled
            }
            Action::Backspace => {
                buf.pop();
                Reply::Handled
            }
            Action::Cancel | Action::Back => {
                self.prompt = None;
                Reply::Handled
            }
            Action::Submit => {
                let p = self.prompt.take().expect("checked above");
                match p {
                    Prompt::Load(path) if path.trim().is_empty() => Reply::Handled,
                    Prompt::Load(path) => Reply::Run(PrizesCmd::Load {
                        event: self.event,
                        path,
                        sharing: self.sharing(),
                    }),
                    Prompt::Add(line) => match self.with_added(&line) {
                        Ok(list) => Reply::Run(PrizesCmd::Set {
                            event: self.event,
                            list,
                        }),
                        Err(why) => {
                            // Keep what was typed.
                            self.prompt = Some(Prompt::Add(line));
                            Reply::error(why.render(ui.lang))
                        }
                    },
                }
            }
            Action::ForceQuit => Reply::Quit,
            _ => Reply::Handled,
        }
    }

    /// The list with the prize typed as `category,place,value` added (the
    /// place may be left out: the next of its category). The app checks
    /// the whole list as it checks a file.
    fn with_added(&self, line: &str) -> Result<PrizeList, crate::i18n::Msg> {
        let mut list = self.list.clone().unwrap_or_default();
        let f: Vec<&str> = line.split([',', '，']).map(str::trim).collect();
        let (cat, place, value) = match f.as_slice() {
            [c, v] => (*c, None, *v),
            [c, p, v] => (*c, Some(*p), *v),
            _ => return Err(msg!("tui.prizes.add_format")),
        };
        let category =
            Category::parse(cat).ok_or_else(|| msg!("err.prizes_csv.category", value = cat))?;
        let next = list
            .prizes
            .iter()
            .filter(|p| p.category == category)
            .map(|p| p.place)
            .max()
            .unwrap_or(0)
            + 1;
        let place = match place {
            None => next,
            Some(p) => p
                .parse::<u32>()
                .ok()
                .filter(|p| *p >= 1)
                .ok_or_else(|| msg!("err.prizes_csv.place", value = p))?,
        };
        // Written out and read back by the app: the file's rules decide.
        let value = match value.parse::<u64>() {
            Ok(m) if value.bytes().all(|b| b.is_ascii_digit()) => PrizeValue::Money(m),
            _ => PrizeValue::Item(value.to_string()),
        };
        list.prizes.push(Prize {
            category,
            place,
            value,
        });
        // Checked here first, so the refusal shows while the line is kept.
        check_prize_list(&list)?;
        Ok(list)
    }
}

/// Draws the tab.
pub fn draw(ui: &Ui, t: &PrizesTab, f: &mut Frame, area: Rect) {
    let [head, body] = Layout::vertical([Constraint::Length(2), Constraint::Min(3)]).areas(area);
    let mut top = vec![Line::from(match &t.list {
        Some(l) => format!(
            "{}: {}   {}: {}",
            ui.t("prize.label.sharing"),
            sharing_name(ui.lang, l.sharing),
            ui.t("tui.prizes.count"),
            l.prizes.len()
        ),
        None => ui.t("tui.prizes.no_list"),
    })];
    if let Some(Ok(r)) = &t.report {
        if !r.finished {
            top.push(Line::from(ui.t("prize.preview")).italic());
        }
    }
    f.render_widget(Paragraph::new(top), head);
    match t.view {
        View::Winners => draw_winners(ui, t, f, body),
        View::List => draw_list(ui, t, f, body),
    }
    if let Some(p) = &t.prompt {
        let (label, text) = match p {
            Prompt::Load(b) => (ui.t("tui.prizes.prompt_load"), b),
            Prompt::Add(b) => (ui.t("tui.prizes.prompt_add"), b),
        };
        let w = area.width.min(76);
        let r = Rect {
            x: area.x + (area.width - w) / 2,
            y: area.y + area.height / 3,
            width: w,
            height: 3,
        };
        f.render_widget(Clear, r);
        f.render_widget(
            Paragraph::new(format!("{text}_"))
                .block(Block::default().borders(Borders::ALL).title(label)),
            r,
        );
    }
}

fn draw_winners(ui: &Ui, t: &PrizesTab, f: &mut Frame, area: Rect) {
    let r = match &t.report {
        None => {
            f.render_widget(
                Paragraph::new(ui.t("tui.prizes.hint")).wrap(Wrap { trim: false }),
                area,
            );
            return;
        }
        Some(Err(e)) => {
            f.render_widget(Paragraph::new(e.clone()).red(), area);
            return;
        }
        Some(Ok(r)) => r,
    };
    let [list, why] =
        Layout::vertical([Constraint::Percentage(55), Constraint::Min(4)]).areas(area);
    // One line per player: rank, name, his prizes.
    let height = list.height.saturating_sub(1) as usize;
    let start = t.sel.saturating_sub(height.saturating_sub(1));
    let mut lines = vec![Line::from(format!(
        "{:>4}  {}  {}",
        ui.t("prize.col.rank"),
        fit(&ui.t("col.name"), 10),
        ui.t("prize.col.prize")
    ))
    .bold()];
    for (k, c) in r.field.iter().enumerate().skip(start).take(height) {
        let got: Vec<String> = r
            .alloc
            .of_player(k)
            .map(|(_, a)| {
                format!(
                    "{} {}",
                    prize_label(ui.lang, &a.category, a.place),
                    award_value(ui.lang, a)
                )
            })
            .collect();
        let text = format!(
            "{:>4}  {}  {}",
            c.rank,
            fit(&c.name, 10),
            if got.is_empty() {
                "—".to_string()
            } else {
                got.join(" · ")
            }
        );
        let line = Line::from(text);
        lines.push(if k == t.sel { line.reversed() } else { line });
    }
    f.render_widget(Paragraph::new(lines), list);
    // Why the selected player got what he got.
    let mut text: Vec<Line> = Vec::new();
    if let Some(c) = r.field.get(t.sel) {
        for w in r.explain(t.sel) {
            text.push(Line::from(format!(
                "· {}",
                why_text(ui.lang, &r.list, &r.field, &r.alloc, t.sel, &w)
            )));
        }
        if r.list.sharing == Sharing::None {
            text.push(Line::from(ui.t("prize.why.order")).dim());
        }
        let title = msg!("tui.prizes.why_title", name = &c.name).render(ui.lang);
        f.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::TOP).title(title)),
            why,
        );
    }
}

fn draw_list(ui: &Ui, t: &PrizesTab, f: &mut Frame, area: Rect) {
    let Some(l) = &t.list else {
        f.render_widget(
            Paragraph::new(ui.t("tui.prizes.hint")).wrap(Wrap { trim: false }),
            area,
        );
        return;
    };
    let not_given = |i: usize| -> Option<String> {
        match &t.report {
            Some(Ok(r)) => r
                .alloc
                .not_awarded
                .iter()
                .find(|n| n.prize == i)
                .map(|n| unawarded_reason(ui.lang, n.why)),
            _ => None,
        }
    };
    let height = area.height as usize;
    let start = t.sel.saturating_sub(height.saturating_sub(1));
    let lines: Vec<Line> = l
        .prizes
        .iter()
        .enumerate()
        .skip(start)
        .take(height)
        .map(|(i, p)| {
            let mut s = format!(
                "{:<18} {:<40} {}",
                p.category.code(),
                fit(&prize_label(ui.lang, &p.category, p.place), 40),
                p.value.text()
            );
            if let Some(why) = not_given(i) {
                s = format!("{s}  ({why})");
            }
            let line = Line::from(s);
            if i == t.sel {
                line.reversed()
            } else {
                line
            }
        })
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}
