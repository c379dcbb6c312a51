//! The one member picker: a search line over a list of members, a
//! selection, and (when `multi`) marks set with Space. The entry picker of
//! an event and the member page's head-to-head picker both use it.

use super::component::Ui;
use super::draw::fit;
use super::keymap::Action;
use crate::domain::Member;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, Row, Table, TableState};
use ratatui::Frame;

/// Rows PageUp / PageDown move in the list.
use super::keymap::PAGE;

/// A picker's state: what is typed, the selected row, the marked ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    pub query: String,
    pub sel: usize,
    /// Ids marked with Space (only when `multi`).
    pub marked: Vec<i64>,
    pub multi: bool,
}

/// What a key did to the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// Close the picker.
    Cancel,
    /// Take the marked ids, or else the selected one.
    Submit,
    /// The key changed the picker (or did nothing).
    Handled,
}

impl Picker {
    pub fn new(multi: bool) -> Picker {
        Picker {
            multi,
            ..Default::default()
        }
    }

    /// Applies a key; `ids` are the candidates for the current query, in
    /// the order shown.
    pub fn handle(&mut self, a: Action, ids: &[i64]) -> Picked {
        let last = ids.len().saturating_sub(1);
        match a {
            Action::Cancel => return Picked::Cancel,
            Action::Submit | Action::TakePicked => return Picked::Submit,
            Action::Backspace => {
                self.query.pop();
                self.sel = 0;
            }
            Action::Mark if self.multi => {
                // Space marks the member (Enter takes all the marked).
                if let Some(&id) = ids.get(self.sel) {
                    match self.marked.iter().position(|x| *x == id) {
                        Some(i) => {
                            self.marked.remove(i);
                        }
                        None => self.marked.push(id),
                    }
                }
            }
            Action::Input(c) => {
                self.query.push(c);
                self.sel = 0;
            }
            Action::PrevField => self.sel = self.sel.saturating_sub(1),
            Action::NextField => self.sel = (self.sel + 1).min(last),
            Action::PageUp => self.sel = self.sel.saturating_sub(PAGE),
            Action::PageDown => self.sel = (self.sel + PAGE).min(last),
            _ => {}
        }
        Picked::Handled
    }

    /// The marked ids, or else the selected one.
    pub fn chosen(&self, ids: &[i64]) -> Vec<i64> {
        if !self.marked.is_empty() {
            return self.marked.clone();
        }
        ids.get(self.sel).copied().into_iter().collect()
    }
}

/// Draws the picker over `main`: a titled box with the members `list`
/// (id, name, rating, club), marks and their count when `multi`.
pub fn draw(m: &Ui, p: &Picker, title_key: &str, list: &[&Member], f: &mut Frame, main: Rect) {
    let [v] = Layout::vertical([Constraint::Length(main.height.saturating_sub(2).max(5))])
        .flex(Flex::Center)
        .areas(main);
    let [area] = Layout::horizontal([Constraint::Length(50.min(main.width))])
        .flex(Flex::Center)
        .areas(v);
    super::draw::clear(f, area);
    let rows: Vec<Row> = list
        .iter()
        .map(|x| {
            let mark = match (p.multi, p.marked.contains(&x.id)) {
                (false, _) => "",
                (true, true) => "✓",
                (true, false) => " ",
            };
            Row::new(vec![
                format!("{mark}{}", x.id),
                fit(&x.name, 14),
                x.rating.map(|r| r.to_string()).unwrap_or_default(),
                fit(x.club.as_deref().unwrap_or(""), 20),
            ])
        })
        .collect();
    let mut block = Block::bordered().title(format!(" {}: {}▏ ", m.t(title_key), p.query));
    if p.multi {
        block = block.title_bottom(format!(
            " {} ",
            crate::i18n::msg!("tui.picker.marked", count = p.marked.len()).render(m.lang)
        ));
    }
    let t = Table::new(
        rows,
        [
            Constraint::Length(6),
            Constraint::Length(14),
            Constraint::Length(6),
            Constraint::Min(8),
        ],
    )
    .row_highlight_style(Style::new().reversed())
    .block(block);
    let mut st = TableState::default().with_selected((!list.is_empty()).then_some(p.sel));
    f.render_stateful_widget(t, area, &mut st);
}
