//! The statistics screen: the totals of `qishe stats` over the
//! events a filter selects, bar charts of red wins / draws / black wins and
//! of the draw rate by rating difference and by time control, and the club
//! rating list (as of the filter's end date). Panes switch with `Tab`; `f`
//! edits the filter (dates, time control, scheme), checked before use.

use super::component::{cycle, Reply, Ui};
use super::draw::pad;
use super::keymap::Action;
use super::page_cmd::PageCmd;
use crate::app::{RatingList, StatsFilter};
use crate::domain::{format_duration_ms, TimeControl};
use crate::history::{Bucket, Stats};
use chrono::NaiveDate;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Bar, BarChart, BarGroup, Block, Borders, Clear, Paragraph, Row, Table, TableState, Tabs,
};
use ratatui::Frame;

/// The filter fields, in order: i18n keys of their labels.
pub const FIELDS: [&str; 4] = [
    "tui.stats.from",
    "tui.stats.to",
    "col.time_control",
    "col.scheme",
];

/// The panes (`Tab` cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsPane {
    Overview,
    RatingDiff,
    TimeControl,
    Ratings,
}

impl StatsPane {
    pub const ALL: [StatsPane; 4] = [
        StatsPane::Overview,
        StatsPane::RatingDiff,
        StatsPane::TimeControl,
        StatsPane::Ratings,
    ];
    fn key(self) -> &'static str {
        match self {
            StatsPane::Overview => "tui.stats.overview",
            StatsPane::RatingDiff => "tui.stats.by_rating",
            StatsPane::TimeControl => "tui.stats.by_tc",
            StatsPane::Ratings => "tui.stats.ratings",
        }
    }
}

/// The open statistics screen.
#[derive(Clone, Debug)]
pub struct StatsPage {
    /// The filter as being typed.
    pub fields: [String; 4],
    /// The filter the figures were computed with.
    pub applied: [String; 4],
    /// The field being edited (the filter line has the keyboard).
    pub editing: Option<usize>,
    pub stats: Stats,
    pub ratings: RatingList,
    pub pane: StatsPane,
    /// Selected row of the rating list.
    pub sel: usize,
}

impl StatsPage {
    pub fn new(stats: Stats, ratings: RatingList, fields: [String; 4]) -> StatsPage {
        StatsPage {
            applied: fields.clone(),
            fields,
            editing: None,
            stats,
            ratings,
            pane: StatsPane::Overview,
            sel: 0,
        }
    }

    /// New figures for a filter that was applied.
    pub fn set(&mut self, stats: Stats, ratings: RatingList, fields: [String; 4]) {
        self.stats = stats;
        self.ratings = ratings;
        self.applied = fields.clone();
        self.fields = fields;
        self.editing = None;
        self.sel = 0;
    }
}

/// The filter typed into the four fields, or a translated error naming
/// the field. Empty fields do not filter.
pub fn parse_filter(m: &Ui, fields: &[String; 4]) -> Result<StatsFilter, String> {
    let bad =
        |i: usize, why: &str, text: &str| format!("{}: {} \"{text}\"", m.t(FIELDS[i]), m.t(why));
    let date = |i: usize| -> Result<Option<NaiveDate>, String> {
        let t = fields[i].trim();
        if t.is_empty() {
            return Ok(None);
        }
        crate::domain::typed::date(t)
            .map(Some)
            .map_err(|_| bad(i, "tui.stats.err.date", t))
    };
    let from = date(0)?;
    let to = date(1)?;
    if let (Some(a), Some(b)) = (from, to) {
        if a > b {
            return Err(format!("{}: {a} > {b}", m.t("tui.stats.err.range")));
        }
    }
    let tc = fields[2].trim();
    let time_control = if tc.is_empty() {
        None
    } else {
        Some(
            tc.parse::<TimeControl>()
                .map_err(|_| bad(2, "tui.stats.err.tc", tc))?,
        )
    };
    let s = fields[3].trim();
    let scheme = if s.is_empty() {
        None
    } else if crate::config::SCHEMES.contains(&s) {
        Some(s.to_string())
    } else {
        return Err(bad(3, "tui.stats.err.scheme", s));
    };
    Ok(StatsFilter {
        from,
        to,
        events: Vec::new(),
        time_control,
        scheme,
    })
}

/// The scheme field's choices: none, then every scheme.
fn scheme_step(cur: &str, step: isize) -> String {
    let mut all: Vec<&str> = vec![""];
    all.extend(crate::config::SCHEMES.iter().copied());
    let n = all.len() as isize;
    let i = all.iter().position(|s| *s == cur.trim()).unwrap_or(0) as isize;
    all[((i + step).rem_euclid(n)) as usize].to_string()
}

impl StatsPage {
    /// Applies an action: `/` edits the filter, `Enter` applies it.
    pub fn update(&mut self, a: Action, ui: &Ui) -> Reply<PageCmd> {
        let p = self;
        if let Some(i) = p.editing {
            match a {
                Action::Cancel => {
                    p.fields = p.applied.clone();
                    p.editing = None;
                }
                Action::NextField => p.editing = Some((i + 1) % FIELDS.len()),
                Action::PrevField => p.editing = Some((i + FIELDS.len() - 1) % FIELDS.len()),
                Action::ChoiceNext | Action::ChoicePrev if i == 3 => {
                    let step = if a == Action::ChoiceNext { 1 } else { -1 };
                    p.fields[3] = scheme_step(&p.fields[3], step);
                }
                Action::Backspace => {
                    p.fields[i].pop();
                }
                Action::Input(c) => p.fields[i].push(c),
                Action::Submit => {
                    let fields = p.fields.clone();
                    return match parse_filter(ui, &fields) {
                        Ok(filter) => Reply::Run(PageCmd::Stats { filter, fields }),
                        Err(e) => Reply::error(e),
                    };
                }
                _ => {}
            }
            return Reply::Handled;
        }
        match a {
            Action::Back | Action::Quit | Action::Cancel => return Reply::Close,
            Action::Help => return Reply::Help,
            Action::Filter => p.editing = Some(0),
            Action::NextTab | Action::PrevTab => {
                p.pane = cycle(&StatsPane::ALL, p.pane, a == Action::NextTab);
                p.sel = 0;
            }
            Action::Up => p.sel = p.sel.saturating_sub(1),
            Action::Down if p.pane == StatsPane::Ratings => {
                p.sel = (p.sel + 1).min(p.ratings.rows.len().saturating_sub(1))
            }
            Action::Top => p.sel = 0,
            Action::Bottom => p.sel = p.ratings.rows.len().saturating_sub(1),
            _ => {}
        }
        Reply::Handled
    }
}

fn pct(x: f64) -> String {
    format!("{x:.1}%")
}

/// Draws the screen in the main area.
pub fn draw(m: &Ui, p: &StatsPage, f: &mut Frame, main: Rect) {
    f.render_widget(Clear, main);
    let [filter, tabs, body] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(3),
    ])
    .areas(main);
    draw_filter(m, p, f, filter);
    let titles: Vec<String> = StatsPane::ALL.iter().map(|x| m.t(x.key())).collect();
    let sel = StatsPane::ALL
        .iter()
        .position(|x| *x == p.pane)
        .unwrap_or(0);
    f.render_widget(
        Tabs::new(titles)
            .select(sel)
            .highlight_style(Style::new().reversed()),
        tabs,
    );
    let block = Block::new().borders(Borders::TOP);
    let inner = block.inner(body);
    f.render_widget(block, body);
    match p.pane {
        StatsPane::Overview => draw_overview(m, &p.stats, f, inner),
        StatsPane::RatingDiff => draw_buckets(
            m,
            &p.stats.draw_rate_by_rating_diff,
            "tui.stats.band",
            f,
            inner,
        ),
        StatsPane::TimeControl => draw_buckets(
            m,
            &p.stats.draw_rate_by_time_control,
            "col.time_control",
            f,
            inner,
        ),
        StatsPane::Ratings => draw_ratings(m, &p.ratings, p.sel, f, inner),
    }
}

fn draw_filter(m: &Ui, p: &StatsPage, f: &mut Frame, area: Rect) {
    let mut spans = vec![Span::raw(format!("{}: ", m.t("tui.stats.filter"))).bold()];
    for (i, key) in FIELDS.iter().enumerate() {
        let editing = p.editing == Some(i);
        let v = &p.fields[i];
        let shown = if v.is_empty() && !editing {
            "—".to_string()
        } else if i == 3 && editing {
            format!("‹{v}›")
        } else {
            v.clone()
        };
        spans.push(Span::raw(format!("{} ", m.t(key))));
        let value = Span::raw(format!("{shown}{}", if editing { "▏" } else { "" }));
        spans.push(if editing {
            value.reversed()
        } else {
            value.bold()
        });
        spans.push(Span::raw("  "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn draw_overview(m: &Ui, s: &Stats, f: &mut Frame, area: Rect) {
    let [left, right] =
        Layout::horizontal([Constraint::Length(42), Constraint::Min(10)]).areas(area);
    let row = |k: &str, v: String| Line::from(vec![Span::raw(pad(&m.t(k), 10)), Span::raw(v)]);
    let mut lines = vec![
        row("tui.stats.games", format!("{:>6}", s.games)),
        row(
            "tui.stats.red_wins",
            format!("{:>6}  {:>6}", s.red_wins, pct(s.red_win_pct)),
        ),
        row(
            "tui.stats.draws",
            format!("{:>6}  {:>6}", s.draws, pct(s.draw_pct)),
        ),
        row(
            "tui.stats.black_wins",
            format!("{:>6}  {:>6}", s.black_wins, pct(s.black_win_pct)),
        ),
        row(
            "tui.stats.red_score",
            match s.red_score.mean {
                Some(x) => format!(
                    "{x:>6.3}  95% CI [{:.3}, {:.3}]",
                    s.red_score.ci95[0], s.red_score.ci95[1]
                ),
                None => format!("{:>6}", "—"),
            },
        ),
        row(
            "tui.stats.forfeits",
            format!("{:>6}  {}", s.forfeits, m.t("tui.stats.not_counted")),
        ),
        row(
            "tui.stats.moves",
            match s.average_moves {
                Some(x) => format!(
                    "{x:>6.1}  ({} {})",
                    s.games_with_moves,
                    m.t("tui.member.games")
                ),
                None => format!("{:>6}", "—"),
            },
        ),
        row(
            "tui.stats.clock",
            match (s.clock.red_ms, s.clock.black_ms) {
                (Some(r), Some(b)) => format!(
                    "{} {}  {} {}",
                    m.t("judge.side.red"),
                    format_duration_ms(r.round() as i64),
                    m.t("judge.side.black"),
                    format_duration_ms(b.round() as i64)
                ),
                _ => format!("{:>6}", "—"),
            },
        ),
        Line::from(""),
        Line::from(m.t("tui.stats.terminations")).bold(),
    ];
    for (code, n) in &s.terminations {
        lines.push(Line::from(format!(
            "  {}{n:>6}",
            pad(&m.tr_or(&format!("tui.term.{code}"), code), 10)
        )));
    }
    f.render_widget(Paragraph::new(lines), left);
    let bars = [
        (
            "tui.stats.red_wins",
            s.red_wins,
            s.red_win_pct,
            Style::new().red(),
        ),
        ("tui.stats.draws", s.draws, s.draw_pct, Style::new()),
        (
            "tui.stats.black_wins",
            s.black_wins,
            s.black_win_pct,
            Style::new().blue(),
        ),
    ]
    .map(|(k, n, pc, st)| {
        Bar::default()
            .label(Line::from(m.t(k)))
            .value(n)
            .text_value(format!("{n} {}", pct(pc)))
            .style(st)
    });
    let chart = BarChart::default()
        .block(Block::bordered().title(format!(" {} ", m.t("tui.stats.results"))))
        .direction(Direction::Horizontal)
        .bar_width(1)
        .bar_gap(1)
        .data(BarGroup::default().bars(&bars));
    let labels = bars_labels(
        m,
        &[
            "tui.stats.red_wins",
            "tui.stats.draws",
            "tui.stats.black_wins",
        ],
    );
    draw_chart(
        f,
        chart,
        right.intersection(Rect { height: 8, ..right }),
        labels,
    );
}

fn bars_labels(m: &Ui, keys: &[&str]) -> u16 {
    keys.iter()
        .map(|k| unicode_width::UnicodeWidthStr::width(m.t(k).as_str()))
        .max()
        .unwrap_or(0) as u16
}

/// Draws a bordered horizontal bar chart if its labels and some bar fit
/// (ratatui's horizontal chart cannot draw narrower than its labels).
fn draw_chart(f: &mut Frame, chart: BarChart, area: Rect, label_width: u16) {
    if area.width >= label_width + 8 && area.height >= 3 {
        f.render_widget(chart, area);
    }
}

fn bucket_label(m: &Ui, b: &Bucket) -> String {
    if b.label == "unrated" {
        m.t("tui.member.unrated")
    } else {
        b.label.clone()
    }
}

fn draw_buckets(m: &Ui, buckets: &[Bucket], first_col: &str, f: &mut Frame, area: Rect) {
    if buckets.is_empty() {
        f.render_widget(Paragraph::new(m.t("tui.stats.no_games")), area);
        return;
    }
    let [left, right] =
        Layout::horizontal([Constraint::Length(47), Constraint::Min(10)]).areas(area);
    let rows: Vec<Row> = buckets
        .iter()
        .map(|b| {
            Row::new(vec![
                bucket_label(m, b),
                b.games.to_string(),
                b.red_wins.to_string(),
                b.draws.to_string(),
                b.black_wins.to_string(),
                pct(b.draw_rate * 100.0),
            ])
        })
        .collect();
    let header = Row::new(
        [
            first_col,
            "tui.stats.games",
            "tui.stats.red_short",
            "tui.stats.draw_short",
            "tui.stats.black_short",
            "tui.stats.draw_rate",
        ]
        .iter()
        .map(|k| m.t(k)),
    )
    .bold()
    .underlined();
    f.render_widget(
        Table::new(
            rows,
            [
                Constraint::Length(12),
                Constraint::Length(5),
                Constraint::Length(5),
                Constraint::Length(5),
                Constraint::Length(5),
                Constraint::Length(9),
            ],
        )
        .header(header),
        left,
    );
    // Bars in tenths of a percent (chart coordinates only).
    let bars: Vec<Bar> = buckets
        .iter()
        .map(|b| {
            Bar::default()
                .label(Line::from(bucket_label(m, b)))
                .value((b.draw_rate * 1000.0).round() as u64)
                .text_value(pct(b.draw_rate * 100.0))
        })
        .collect();
    let label_width = buckets
        .iter()
        .map(|b| unicode_width::UnicodeWidthStr::width(bucket_label(m, b).as_str()))
        .max()
        .unwrap_or(0) as u16;
    let h = (buckets.len() as u16 * 2 + 1).min(right.height);
    let chart = BarChart::default()
        .block(Block::bordered().title(format!(" {} ", m.t("tui.stats.draw_rate"))))
        .direction(Direction::Horizontal)
        .bar_width(1)
        .bar_gap(1)
        .max(1000)
        .data(BarGroup::default().bars(&bars));
    draw_chart(f, chart, Rect { height: h, ..right }, label_width);
}

fn draw_ratings(m: &Ui, list: &RatingList, sel: usize, f: &mut Frame, area: Rect) {
    let [title, table, below] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(2),
        Constraint::Length(if list.unrated.is_empty() { 0 } else { 1 }),
    ])
    .areas(area);
    f.render_widget(
        Paragraph::new(format!(
            "{}{} ({} {})",
            m.t("tui.stats.ratings"),
            list.as_of
                .map(|d| format!(" {} {d}", m.t("tui.stats.as_of")))
                .unwrap_or_default(),
            list.events,
            m.t("tui.stats.finished_events")
        )),
        title,
    );
    if list.rows.is_empty() {
        f.render_widget(Paragraph::new(m.t("tui.member.none")), table);
    } else {
        let rows: Vec<Row> = list
            .rows
            .iter()
            .map(|r| {
                Row::new(vec![
                    r.rank.to_string(),
                    r.name.clone(),
                    r.rating.to_string(),
                    r.games.to_string(),
                    r.events.to_string(),
                    format!("{:+}", r.last_change),
                ])
            })
            .collect();
        let header = Row::new(
            [
                "tui.standings.rank",
                "col.name",
                "col.rating",
                "tui.stats.games",
                "tui.member.events",
                "tui.member.last",
            ]
            .iter()
            .map(|k| m.t(k)),
        )
        .bold()
        .underlined();
        let t = Table::new(
            rows,
            [
                Constraint::Length(5),
                Constraint::Length(14),
                Constraint::Length(7),
                Constraint::Length(6),
                Constraint::Length(6),
                Constraint::Min(6),
            ],
        )
        .header(header)
        .row_highlight_style(Style::new().reversed());
        let mut st = TableState::default().with_selected(Some(sel));
        f.render_stateful_widget(t, table, &mut st);
    }
    if !list.unrated.is_empty() {
        let v: Vec<String> = list
            .unrated
            .iter()
            .map(|(_, n, g)| format!("{n} ({g})"))
            .collect();
        f.render_widget(
            Paragraph::new(format!("{}: {}", m.t("tui.member.unrated"), v.join(", "))),
            below,
        );
    }
}
