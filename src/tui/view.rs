//! `view`: draws the model. No side effects, no database access.

use super::draw::{fit, key_bar, table};
use super::model::{Modal, Model, Screen, Tab};
use crate::domain::EntryStatus;
use crate::i18n::tr;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Cell, Paragraph, Row, Tabs, Wrap};
use ratatui::Frame;

mod popups;
mod tables;
use popups::*;
use tables::{
    board_facts, draw_crosstable, draw_standings, knockout_match_text, round_columns, seat_tail,
};

/// Draws the whole screen.
pub fn view(m: &Model, f: &mut Frame) {
    let [head, main, status, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(f.area());
    draw_header(m, f, head);
    match m.screen() {
        Screen::Club => draw_club(m, f, main),
        Screen::Events => draw_events(m, f, main),
        Screen::Event => draw_event(m, f, main),
    }
    let ui = m.ui();
    let candidates = m.page_candidates();
    super::pages::draw(m.pages(), &ui, &m.masthead(), &candidates, f, head, main);
    draw_status(m, f, status);
    draw_bar(m, f, bar);
    match m.modal() {
        Some(Modal::Picker(p)) => {
            super::picker::draw(&ui, p, "tui.picker.title", &m.pickable(), f, main)
        }
        Some(Modal::Form(_)) => draw_form(m, f, main),
        Some(Modal::Confirm(c)) => {
            draw_message_box(m, f, "tui.confirm.title", &c.message, "tui.confirm.keys")
        }
        Some(Modal::Notice(text)) => {
            draw_message_box(m, f, "tui.notice.title", text, "tui.notice.keys")
        }
        Some(Modal::Served { lines, qr }) => draw_served(m, f, lines, qr),
        Some(Modal::Reports(rc)) => draw_reports(m, f, rc),
        Some(Modal::Log(v)) => super::log::draw(&ui, v, f, main),
        Some(Modal::CheckIn(v)) => super::checkin::draw(&ui, v, f, main),
        Some(Modal::Help) | None => {}
    }
    if let Some(b) = m.busy() {
        let text = match m.job() {
            Some(j) => super::model::worker::busy_text(m, j),
            None => format!("⏳ {b}"),
        };
        let area = centered(f.area(), 44, 3);
        super::draw::clear(f, area);
        f.render_widget(Paragraph::new(text).block(Block::bordered()), area);
    }
    if m.help() {
        draw_help(m, f);
    }
    // Last: whatever was drawn, no control character reaches the terminal.
    super::draw::clean_controls(f.buffer_mut());
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let [v] = Layout::vertical([Constraint::Length(h.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [c] = Layout::horizontal([Constraint::Length(w.min(area.width))])
        .flex(Flex::Center)
        .areas(v);
    c
}

/// The header's tab titles, the selected one, and the name shown before them.
fn header(m: &Model) -> (Vec<String>, usize, String) {
    match m.screen() {
        Screen::Club | Screen::Events => (
            vec![m.t("tui.screen.club"), m.t("tui.screen.events")],
            usize::from(m.screen() == Screen::Events),
            m.masthead(),
        ),
        Screen::Event => (
            m.tabs().iter().map(|t| m.t(t.key())).collect(),
            m.tabs().iter().position(|t| *t == m.tab()).unwrap_or(0),
            m.ev()
                .event()
                .as_ref()
                .map(|e| e.name.clone())
                .unwrap_or_default(),
        ),
    }
}

fn name_width(name: &str, width: u16) -> u16 {
    (unicode_width::UnicodeWidthStr::width(name) as u16 + 2).min(width / 2)
}

/// Which header tab is at `column` of a screen `width` wide (mouse clicks):
/// the tabs follow the name, each drawn as ` title ` with a `│` between.
pub fn tab_at(m: &Model, width: u16, column: u16) -> Option<usize> {
    let (titles, _, name) = header(m);
    let mut x = name_width(&name, width);
    for (i, t) in titles.iter().enumerate() {
        let w = unicode_width::UnicodeWidthStr::width(t.as_str()) as u16 + 2;
        if column >= x && column < x + w {
            return Some(i);
        }
        x += w + 1;
    }
    None
}

/// The first screen line of list rows (header line, the block's top line
/// and the column headings come before it).
pub const FIRST_ROW_LINE: u16 = 3;

/// The index of the first list row on screen for a terminal `height` lines
/// high: lists scroll by pages, the page holding the selected row (mouse
/// clicks must count from there).
pub fn list_offset(m: &Model, height: u16) -> usize {
    // header, status and bar lines; the block's title and column headings
    let mut rows = height.saturating_sub(3 + 2) as usize;
    let (sel, below) = match m.screen() {
        Screen::Club => (m.member_sel(), 0),
        Screen::Events => (m.event_sel(), 0),
        Screen::Event => {
            let below = match m.tab() {
                Tab::Players => {
                    usize::from(!m.ev().byes().is_empty())
                        + usize::from(!m.ev().forbidden().is_empty())
                }
                Tab::Round | Tab::Results => {
                    m.ev()
                        .round()
                        .as_ref()
                        .map_or(0, |r| if r.absent.is_empty() { 0 } else { 2 })
                }
                _ => 0,
            };
            let sel = match m.tab() {
                Tab::Round | Tab::Results => line_of_board(m, m.row_sel()),
                _ => m.row_sel(),
            };
            (sel, below)
        }
    };
    rows = rows.saturating_sub(below).max(1);
    sel - sel % rows
}

fn draw_header(m: &Model, f: &mut Frame, area: Rect) {
    let (titles, sel, name) = header(m);
    let [l, r] = Layout::horizontal([
        Constraint::Length(name_width(&name, area.width)),
        Constraint::Min(1),
    ])
    .areas(area);
    f.render_widget(Paragraph::new(format!("{name} ")).bold(), l);
    let tabs = Tabs::new(titles)
        .select(sel)
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED));
    f.render_widget(tabs, r);
}

fn draw_status(m: &Model, f: &mut Frame, area: Rect) {
    if let Some((msg, err)) = m.status() {
        let style = if *err {
            Style::new().red().bold()
        } else {
            Style::new().green()
        };
        let text = fit(&msg.replace('\n', " "), area.width as usize);
        f.render_widget(Paragraph::new(text).style(style), area);
    }
}

fn draw_bar(m: &Model, f: &mut Frame, area: Rect) {
    if m.job().is_some() {
        // Keys wait while a worker runs: say so instead of listing them.
        f.render_widget(Paragraph::new(m.t("tui.msg.busy_wait")).dim(), area);
        return;
    }
    let mut spans = Vec::new();
    for (keys, text) in key_bar(m.keymap(), &m.contexts(), m.lang(), area.width as usize) {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(keys, Style::new().reversed()));
        spans.push(Span::raw(format!(" {text}")));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(|x| x.to_string()).unwrap_or_default()
}

fn draw_club(m: &Model, f: &mut Frame, area: Rect) {
    let list = m.filtered_members(m.search());
    let title = if m.searching() || !m.search().is_empty() {
        format!(
            " {} / {}{} ({}) ",
            m.t("tui.club.title"),
            m.search(),
            if m.searching() { "▏" } else { "" },
            list.len()
        )
    } else {
        format!(" {} ({}) ", m.t("tui.club.title"), list.len())
    };
    let rows = list
        .iter()
        .map(|x| {
            let r = Row::new(vec![
                x.id.to_string(),
                fit(&x.name, 14),
                opt(&x.rating),
                fit(&opt(&x.club), 20),
                opt(&x.ext_id),
                if x.retired {
                    m.t("status.retired")
                } else {
                    String::new()
                },
            ]);
            if x.retired {
                r.dim()
            } else {
                r
            }
        })
        .collect();
    table(
        f,
        area,
        title,
        [
            "col.id",
            "col.name",
            "col.rating",
            "col.club",
            "col.ext_id",
            "col.status",
        ]
        .iter()
        .map(|k| m.t(k))
        .collect(),
        vec![
            Constraint::Length(5),
            Constraint::Length(14),
            Constraint::Length(7),
            Constraint::Length(20),
            Constraint::Length(12),
            Constraint::Min(6),
        ],
        rows,
        (!list.is_empty()).then_some(m.member_sel()),
    );
}

/// 编排 on the events list: the kind's own word for a knockout (淘汰赛),
/// the system marked as a team event's, else the pairing system.
fn system_label(m: &Model, e: &crate::domain::Event) -> String {
    use crate::app::EventKind;
    let kind = m.event_kind(e.id);
    let system = label(m, "tui.system", e.settings.system.code());
    match kind {
        Some(EventKind::Knockout) => m.t("tui.system.knockout"),
        Some(EventKind::Team) => crate::i18n::msg!("tui.system.team", system).render(m.lang()),
        _ => system,
    }
}

fn draw_events(m: &Model, f: &mut Frame, area: Rect) {
    // 编排 as wide as its widest label (a team round-robin's, "team
    // round-robin", is 16 columns), so no kind is cut; the name gives way.
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s) as u16;
    let systems: Vec<String> = m.events().iter().map(|e| system_label(m, e)).collect();
    let system_width = systems
        .iter()
        .map(|s| width(s))
        .chain([width(&m.t("col.system"))])
        .max()
        .unwrap_or(0)
        .min(18);
    let rows = m
        .events()
        .iter()
        .zip(&systems)
        .map(|(e, system)| {
            Row::new(vec![
                e.id.to_string(),
                e.name.clone(),
                opt(&e.start_date),
                fit(&label(m, "tui.choice", &e.settings.scheme), 16),
                fit(system, system_width as usize),
                e.settings.rounds.to_string(),
                m.t(&m.event_status_key(e)),
            ])
        })
        .collect();
    table(
        f,
        area,
        format!(" {} ({}) ", m.t("tui.events.title"), m.events().len()),
        [
            "col.id",
            "col.event",
            "col.date",
            "col.scheme",
            "col.system",
            "col.rounds",
            "col.status",
        ]
        .iter()
        .map(|k| m.t(k))
        .collect(),
        vec![
            Constraint::Length(4),
            Constraint::Min(12),
            Constraint::Length(10),
            Constraint::Length(16),
            Constraint::Length(system_width),
            Constraint::Length(6),
            Constraint::Length(8),
        ],
        rows,
        (!m.events().is_empty()).then_some(m.event_sel()),
    );
}

fn draw_event(m: &Model, f: &mut Frame, area: Rect) {
    match m.tab() {
        Tab::Players => draw_players(m, f, area),
        Tab::Round => draw_round(m, f, area, false),
        Tab::Results => draw_round(m, f, area, true),
        Tab::Standings => draw_standings(m, f, area),
        Tab::Crosstable => draw_crosstable(m, f, area),
        Tab::Teams => {
            if let Some(t) = m.teams() {
                super::teams::draw(&m.ui(), t, f, area)
            }
        }
        Tab::Bracket => {
            if let Some(b) = m.bracket() {
                super::bracket::draw(&m.ui(), b, f, area)
            }
        }
        Tab::Prizes => {
            if let Some(p) = m.prizes() {
                super::prizes::draw(&m.ui(), p, f, area)
            }
        }
        Tab::Print => draw_print(m, f, area),
    }
}

fn draw_players(m: &Model, f: &mut Frame, area: Rect) {
    let rows = m
        .ev()
        .entries()
        .iter()
        .map(|e| {
            let status = match e.status {
                EntryStatus::Active if e.first_round > 1 => {
                    format!("{} {}", m.t("tui.players.late"), e.first_round)
                }
                EntryStatus::Active => m.t("status.active"),
                EntryStatus::Withdrawn { after_round } => {
                    format!("{} {after_round}", m.t("status.withdrawn"))
                }
            };
            Row::new(vec![
                e.start_no.to_string(),
                fit(&e.name, 14),
                opt(&e.rating),
                fit(&opt(&e.club), 20),
                status,
            ])
        })
        .collect();
    let name = |id: i64| {
        m.ev()
            .entries()
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.name.clone())
            .unwrap_or_default()
    };
    let mut notes = Vec::new();
    if !m.ev().byes().is_empty() {
        let v: Vec<String> = m
            .ev()
            .byes()
            .iter()
            .map(|b| format!("{} ({})", name(b.entry_id), b.round))
            .collect();
        notes.push(Line::from(format!(
            "{}: {}",
            m.t("tui.players.byes"),
            v.join(", ")
        )));
    }
    if !m.ev().forbidden().is_empty() {
        // A pair a line-part, with its ranges (`甲 / 乙 (第 1–3, 6–8 轮)`).
        let v: Vec<String> = crate::domain::forbidden_by_pair(m.ev().forbidden())
            .into_iter()
            .map(|((a, b), ranges)| {
                crate::app::forbidden_pair_msg(&name(a), &name(b), &ranges).render(m.lang())
            })
            .collect();
        notes.push(Line::from(format!(
            "{}: {}",
            m.t("tui.players.forbidden"),
            v.join("; ")
        )));
    }
    let [area, below] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(notes.len() as u16)]).areas(area);
    f.render_widget(Paragraph::new(notes), below);
    table(
        f,
        area,
        format!(" {} ({}) ", m.t("tui.tab.players"), m.ev().entries().len()),
        ["col.no", "col.name", "col.rating", "col.club", "col.status"]
            .iter()
            .map(|k| m.t(k))
            .collect(),
        vec![
            Constraint::Length(5),
            Constraint::Length(14),
            Constraint::Length(7),
            Constraint::Length(20),
            Constraint::Min(8),
        ],
        rows,
        (!m.ev().entries().is_empty()).then_some(m.row_sel()),
    );
}

fn draw_round(m: &Model, f: &mut Frame, area: Rect, results: bool) {
    let Some(r) = m.ev().round() else {
        let p = Paragraph::new(m.t("tui.round.none")).block(
            Block::new()
                .borders(Borders::TOP)
                .title(format!(" {} ", m.t("tui.tab.round"))),
        );
        f.render_widget(p, area);
        return;
    };
    let (header, widths, name_width) = round_columns(m, results, area.width);
    let lines = round_lines(m);
    // A team match's header is an empty row of the table, its words drawn
    // over the whole line afterwards.
    let rows = lines
        .iter()
        .map(|l| match *l {
            RoundLine::Board(i) => board_row(m, r, (i, &r.boards[i]), results, name_width),
            RoundLine::Match(_) => Row::new(vec![String::new(); header.len()]),
        })
        .collect();
    let [list, absent] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(if r.absent.is_empty() { 0 } else { 2 }),
    ])
    .areas(area);
    let selected = line_of_board(m, m.row_sel());
    table(
        f,
        list,
        round_title(m, r, results),
        header,
        widths,
        rows,
        (!r.boards.is_empty()).then_some(selected),
    );
    if let Some(tr) = m.ev().team_round() {
        // The lines the table shows: the page holding the selection.
        let visible = list.height.saturating_sub(2).max(1) as usize;
        let offset = selected - selected % visible;
        for (k, l) in lines.iter().enumerate().skip(offset).take(visible) {
            let RoundLine::Match(i) = *l else { continue };
            let y = list.y + 2 + (k - offset) as u16;
            let head = super::teams::match_head(m.lang(), &tr.matches[i]);
            f.render_widget(
                Paragraph::new(fit(&format!(" {head}"), list.width as usize)).bold(),
                Rect::new(list.x, y, list.width, 1),
            );
        }
    }
    if !r.absent.is_empty() {
        let names: Vec<String> = r
            .absent
            .iter()
            .map(|(e, why)| format!("{} ({})", e.name, m.t(why)))
            .collect();
        f.render_widget(
            Paragraph::new(format!("{}: {}", m.t("tui.round.absent"), names.join(", ")))
                .wrap(Wrap { trim: true }),
            absent,
        );
    }
}

/// A line of the Round and Results tabs' list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundLine {
    /// A team match's header (its index in the round's matches).
    Match(usize),
    /// A board (its index in the round's boards, the row the cursor counts).
    Board(usize),
}

/// The lines of the Round and Results tabs: the round's boards in order,
/// a team event's under a header per match (the cursor counts boards
/// only, so it never lands on a header).
pub fn round_lines(m: &Model) -> Vec<RoundLine> {
    let Some(r) = m.ev().round() else {
        return Vec::new();
    };
    let team = m.ev().team_round().filter(|t| t.round == r.number);
    let match_of = |b: &crate::app::BoardView| {
        team.and_then(|t| {
            t.matches
                .iter()
                .position(|mt| mt.boards.iter().any(|x| x.number == b.number))
        })
    };
    let mut lines = Vec::with_capacity(r.boards.len());
    let mut last = None;
    for (i, b) in r.boards.iter().enumerate() {
        let mt = match_of(b);
        if mt.is_some() && mt != last {
            lines.push(RoundLine::Match(mt.unwrap_or_default()));
        }
        last = mt;
        lines.push(RoundLine::Board(i));
    }
    lines
}

/// The line the Round and Results tabs draw board `board` on.
pub fn line_of_board(m: &Model, board: usize) -> usize {
    round_lines(m)
        .iter()
        .position(|l| *l == RoundLine::Board(board))
        .unwrap_or(board)
}

/// The board drawn on line `line` of the list (`None`: a match header or
/// past the end); on other lists the row itself.
pub fn row_of_line(m: &Model, line: usize) -> Option<usize> {
    if m.screen() != Screen::Event || !matches!(m.tab(), Tab::Round | Tab::Results) {
        return Some(line);
    }
    match round_lines(m).get(line) {
        Some(RoundLine::Board(i)) => Some(*i),
        Some(RoundLine::Match(_)) => None,
        None => Some(line),
    }
}

/// The Round and Results tabs' title: the round, the results in, and on
/// the Results tab the board number being typed.
fn round_title(m: &Model, r: &crate::app::RoundView, results: bool) -> String {
    let total = m
        .ev()
        .event()
        .as_ref()
        .map(|e| e.settings.rounds)
        .unwrap_or(0);
    // A knockout's round is done match by match (a drawn game 1 leaves a
    // play-off due): its matches decided, from the bracket.
    let matches = m.bracket().and_then(|b| {
        b.bracket
            .rounds
            .get((r.number.get() as usize).wrapping_sub(1))
    });
    let (done, games, words) = match matches {
        Some(ms) => (
            // Decided: a winner, or both out (forfeited by both).
            ms.iter()
                .filter(|x| x.b.is_some() && x.decided_by.is_some())
                .count(),
            ms.iter().filter(|x| x.b.is_some()).count(),
            "tui.round.decided",
        ),
        None => (
            r.boards
                .iter()
                .filter(|b| {
                    b.black.is_some() && !b.results.is_empty() && b.results.iter().all(|x| x != "*")
                })
                .count(),
            r.boards.iter().filter(|b| b.black.is_some()).count(),
            "tui.round.results_in",
        ),
    };
    let mut title = format!(
        " {} {}/{}  {} {done}/{games} ",
        m.t("tui.round.title"),
        r.number,
        total,
        m.t(words)
    );
    if results && !m.board_input().is_empty() {
        title.push_str(&format!(" {} {}▏", m.t("tui.round.board"), m.board_input()));
        if !super::model::entry::typed_board_exists(m) {
            title.push_str(&format!(" ({}) ", m.t("tui.round.no_board")));
        }
    }
    title
}

/// One board of the Round or Results tab (row `i`).
fn board_row(
    m: &Model,
    r: &crate::app::RoundView,
    (i, b): (usize, &crate::app::BoardView),
    results: bool,
    name_width: usize,
) -> Row<'static> {
    let mark = |c| super::model::boards::marker(m, i, c);
    // Name, start number and points before the round ([`seat_tail`]).
    let seat = |c, e: &crate::domain::Entry| {
        let tail = seat_tail(m, e);
        let w = name_width.saturating_sub(unicode_width::UnicodeWidthStr::width(tail.as_str()) + 2);
        format!("{}{}{tail}", mark(c), fit(&e.name, w))
    };
    // A result players reported: marked ✉ until the arbiter
    // accepts it (Enter) or types his own; ✉≠ when reports disagree.
    let reported = m
        .ev()
        .pending()
        .iter()
        .find(|p| p.round == r.number && p.board == b.number)
        .filter(|_| results);
    let (black, res) = match &b.black {
        Some(x) => (
            seat(crate::domain::Colour::Black, x),
            if let Some(p) = reported {
                match p.agreed() {
                    Some(code) => format!("✉{}", super::component::code_text(m.lang(), code)),
                    None => "✉≠".to_string(),
                }
            } else if let Some(text) = knockout_match_text(m, r, b) {
                text
            } else if b.results.is_empty() {
                super::component::code_text(m.lang(), "*")
            } else {
                b.results
                    .iter()
                    .map(|c| super::component::code_text(m.lang(), c))
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        ),
        None => (m.t("tui.round.bye"), String::new()),
    };
    let mut cells = vec![
        Cell::from(b.number.to_string()),
        Cell::from(seat(crate::domain::Colour::Red, &b.red)),
        Cell::from(res),
        Cell::from(black),
    ];
    if results {
        cells.extend(board_facts(m, b.number.get()).map(Cell::from));
    }
    Row::new(cells)
}

/// The translated label `prefix.code`, or the code when there is none.
fn label(m: &Model, prefix: &str, code: &str) -> String {
    let k = format!("{prefix}.{code}");
    if crate::i18n::has(&k) {
        m.t(&k)
    } else {
        code.to_string()
    }
}

pub(super) fn tb_label(m: &Model, code: &str) -> String {
    if let Ok(t) = crate::scoring::TieBreak::parse(code) {
        t.name(m.lang(), true)
    } else {
        code.to_string()
    }
}

fn draw_print(m: &Model, f: &mut Frame, area: Rect) {
    let round = match m.round_sel() {
        Some(r) => r.to_string(),
        None => m.t("tui.print.latest"),
    };
    let mut lines = vec![
        Line::from(m.t("tui.print.intro")),
        Line::from(crate::i18n::msg!("tui.print.round", round).render(m.lang())),
        Line::from(""),
    ];
    let docs = m.print_docs();
    let w = docs.iter().map(|d| d.len()).max().unwrap_or(11);
    for d in docs {
        lines.push(Line::from(format!(
            "  {:<w$} {}",
            d,
            tr(m.lang(), &format!("tui.print.doc.{d}"))
        )));
    }
    let p = Paragraph::new(lines).wrap(Wrap { trim: false }).block(
        Block::new()
            .borders(Borders::TOP)
            .title(format!(" {} ", m.t("tui.tab.print"))),
    );
    f.render_widget(p, area);
}
