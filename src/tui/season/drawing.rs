//! Drawing the Season screen: the seasons, the table with its event
//! columns, the events with their weights, the form.

use super::{Pane, SeasonForm, SeasonPage, NEW_FIELDS, PRINT_FORMATS};
use crate::app::{SeasonInfo, SeasonTable};
use crate::i18n::msg;
use crate::scoring::season::decimal;
use crate::tui::component::Ui;
use crate::tui::draw::pad;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The width of an event column of the table.
const EVENT_COL: usize = 8;

/// Draws the screen into `area`.
pub fn draw(m: &Ui, p: &SeasonPage, f: &mut Frame, area: Rect) {
    f.render_widget(Clear, area);
    let form_height = if p.form.is_some() { 3 } else { 0 };
    let outer = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(4), Constraint::Length(form_height)])
        .split(area);
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Length(22), Constraint::Min(20)])
        .split(outer[0]);
    let focus = |pane: Pane| {
        if p.pane == pane {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        }
    };
    let rev = Style::default().add_modifier(Modifier::REVERSED);
    // The seasons.
    let lines: Vec<Line> = if p.seasons.is_empty() {
        vec![Line::from(m.t("tui.season.empty"))]
    } else {
        p.seasons
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let style = if i == p.sel { rev } else { Style::default() };
                Line::from(Span::styled(s.name.clone(), style))
            })
            .collect()
    };
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::RIGHT).title(Span::styled(
            m.t("tui.season.seasons"),
            focus(Pane::Seasons),
        ))),
        cols[0],
    );
    let right = cols[1];
    match &p.table {
        None => f.render_widget(Paragraph::new(m.t("tui.season.hint")), right),
        Some(t) => {
            let nev = t.info.events.len() as u16;
            let parts = Layout::default()
                .direction(Direction::Vertical)
                .constraints([
                    Constraint::Length(1),
                    Constraint::Min(3),
                    Constraint::Length((nev + 1).clamp(2, 9)),
                ])
                .split(right);
            f.render_widget(Paragraph::new(settings_line(m, &t.info)), parts[0]);
            draw_table(m, p, t, f, parts[1], focus(Pane::Table));
            draw_events(m, p, t, f, parts[2], focus(Pane::Events));
        }
    }
    if let Some(form) = &p.form {
        draw_form(m, p, form, f, outer[1]);
    }
}

fn settings_line(m: &Ui, s: &SeasonInfo) -> String {
    let best = match s.settings.best {
        Some(b) => b.to_string(),
        None => m.t("season.best_all"),
    };
    msg!(
        "cli.season.settings",
        rule = s.settings.rule.code(),
        best,
        min = s.settings.min_events,
        participation = decimal(s.settings.participation)
    )
    .render(m.lang)
}

/// The first event column shown so that `col` is visible in `n` columns.
fn first_shown(col: usize, n: usize) -> usize {
    (col + 1).saturating_sub(n.max(1))
}

fn draw_table(m: &Ui, p: &SeasonPage, t: &SeasonTable, f: &mut Frame, area: Rect, title: Style) {
    let fixed: [(String, usize, bool); 6] = [
        (m.t("col.rank"), 5, true),
        (m.t("col.name"), 12, false),
        (m.t("col.season_total"), 7, true),
        (m.t("col.season_events"), 4, true),
        (m.t("col.season_wins"), 4, true),
        (m.t("col.season_best_result"), 6, true),
    ];
    let fixed_width: usize = fixed.iter().map(|c| c.1 + 1).sum();
    let room = (area.width as usize).saturating_sub(fixed_width);
    let n = (room / (EVENT_COL + 1)).max(1);
    let first = first_shown(p.col, n);
    let shown: Vec<usize> = (first..t.info.events.len()).take(n).collect();
    let cell = |s: &str, w: usize, right: bool| {
        let s = crate::report::fit(s, w);
        if right {
            format!("{}{s}", " ".repeat(w.saturating_sub(s.width())))
        } else {
            pad(&s, w)
        }
    };
    let mut head: Vec<Span> = fixed
        .iter()
        .map(|(h, w, r)| Span::raw(format!("{} ", cell(h, *w, *r))))
        .collect();
    for &i in &shown {
        let style = if i == p.col && p.pane == Pane::Table {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        head.push(Span::styled(
            cell(&t.info.events[i].name, EVENT_COL, true),
            style,
        ));
        head.push(Span::raw(" "));
    }
    let mut lines = vec![Line::from(head).bold()];
    let height = area.height.saturating_sub(2) as usize;
    let top = (p.row + 1).saturating_sub(height.max(1));
    for (k, r) in t.standings.rows.iter().enumerate().skip(top).take(height) {
        let all = crate::report::season_cells(r);
        let mut text = String::new();
        for (c, (_, w, right)) in fixed.iter().enumerate() {
            text.push_str(&cell(&all[c], *w, *right));
            text.push(' ');
        }
        for &i in &shown {
            text.push_str(&cell(&all[6 + i], EVENT_COL, true));
            text.push(' ');
        }
        let style = if k == p.row && p.pane == Pane::Table {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(text, style)));
    }
    let mut notes = Vec::new();
    if t.standings.rows.is_empty() {
        notes.push(m.t("season.nobody"));
    }
    if t.standings.rows.iter().any(|r| !r.qualified) {
        notes.push(format!(
            "* {}",
            msg!("season.unqualified_note", min = t.info.settings.min_events).render(m.lang)
        ));
    }
    if !notes.is_empty() {
        lines.push(Line::from(notes.join("   ")));
    }
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::TOP)
                .title(Span::styled(m.t("rep.season"), title)),
        ),
        area,
    );
}

fn draw_events(m: &Ui, p: &SeasonPage, t: &SeasonTable, f: &mut Frame, area: Rect, title: Style) {
    let height = area.height.saturating_sub(1) as usize;
    let top = (p.event + 1).saturating_sub(height.max(1));
    let lines: Vec<Line> = t
        .info
        .events
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, e)| {
            let status = if e.finished() {
                m.t("status.finished")
            } else if e.champion_decided {
                m.t("status.decided")
            } else {
                m.t("season.not_finished_short")
            };
            let text = format!(
                "{} ×{}  {}{}",
                pad(&crate::report::fit(&e.name, 24), 24),
                decimal(e.weight),
                status,
                e.date.map(|d| format!("  {d}")).unwrap_or_default()
            );
            let style = if i == p.event && p.pane == Pane::Events {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            Line::from(Span::styled(text, style))
        })
        .collect();
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::TOP)
                .title(Span::styled(m.t("tui.season.events"), title)),
        ),
        area,
    );
}

fn draw_form(m: &Ui, p: &SeasonPage, form: &SeasonForm, f: &mut Frame, area: Rect) {
    let rev = Style::default().add_modifier(Modifier::REVERSED);
    let (title, spans) = match form {
        SeasonForm::New { fields, at } => {
            let mut spans = Vec::new();
            for (i, key) in NEW_FIELDS.iter().enumerate() {
                spans.push(Span::raw(format!("{}: ", m.t(key))));
                let v = if fields[i].is_empty() && i != *at {
                    "–".to_string()
                } else {
                    fields[i].clone()
                };
                spans.push(Span::styled(
                    v,
                    if i == *at { rev } else { Style::default() },
                ));
                spans.push(Span::raw("  "));
            }
            (m.t("tui.season.new"), spans)
        }
        SeasonForm::Print { format, path } => {
            let shown = if path.is_empty() {
                m.t("tui.season.default_file")
            } else {
                path.clone()
            };
            (
                m.t("tui.season.print"),
                vec![
                    Span::raw(format!("{}: ◀ ", m.t("tui.season.format"))),
                    Span::styled(
                        m.t(&format!("tui.season.format.{}", PRINT_FORMATS[*format])),
                        Style::default().bold(),
                    ),
                    Span::raw(" ▶   "),
                    Span::raw(format!("{}: ", m.t("tui.season.file"))),
                    Span::styled(shown, rev),
                ],
            )
        }
        SeasonForm::Add { choice, weight } => {
            let name = p
                .candidates
                .get(*choice)
                .map(|c| c.name.clone())
                .unwrap_or_default();
            (
                m.t("tui.season.add"),
                vec![
                    Span::raw(format!("{}: ◀ ", m.t("col.event"))),
                    Span::styled(name, Style::default().bold()),
                    Span::raw(" ▶   "),
                    Span::raw(format!("{}: ", m.t("col.season_weight"))),
                    Span::styled(weight.clone(), rev),
                ],
            )
        }
    };
    f.render_widget(
        Paragraph::new(Line::from(spans))
            .block(Block::default().borders(Borders::TOP).title(title)),
        area,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selected_column_stays_in_view() {
        assert_eq!(first_shown(0, 5), 0);
        assert_eq!(first_shown(4, 5), 0);
        assert_eq!(first_shown(5, 5), 1);
        assert_eq!(first_shown(39, 5), 35);
        assert_eq!(first_shown(3, 0), 3);
    }
}
