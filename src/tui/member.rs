//! The member page: details, club rating, every event with its
//! score, every game in a scrollable table, score by year, and a
//! head-to-head against another member picked by name (`v`). Mirrors
//! `qishe player show` and `qishe player vs`.

use super::component::{cycle, Reply, Ui};
use super::keymap::Action;
use super::page_cmd::PageCmd;
use super::picker::{Picked, Picker};
use crate::app::{App, RatingRow};
use crate::domain::{format_duration_ms, Colour, Member};
use crate::history::{HeadToHead, MemberGame, MemberHistory};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, TableState, Tabs};
use ratatui::Frame;

/// The panes of the page (`Tab` cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberPane {
    Games,
    Events,
    Years,
    HeadToHead,
}

impl MemberPane {
    fn key(self) -> &'static str {
        match self {
            MemberPane::Games => "tui.member.games",
            MemberPane::Events => "tui.member.events",
            MemberPane::Years => "tui.member.years",
            MemberPane::HeadToHead => "tui.member.h2h",
        }
    }
}

/// An open member page.
#[derive(Clone, Debug)]
pub struct MemberPage {
    pub member: Member,
    pub history: MemberHistory,
    /// Per event: the member's points as the event scores them (its
    /// scheme), shown instead of the 1/½/0 game score.
    pub event_points: std::collections::HashMap<crate::app::EventId, crate::domain::Points>,
    /// The member's line of the rating list (none when not rated yet).
    pub rating: Option<RatingRow>,
    /// Not rated yet: rated games played so far.
    pub pending: Option<u32>,
    pub pane: MemberPane,
    /// Selected row of the pane.
    pub sel: usize,
    pub h2h: Option<HeadToHead>,
    /// Picking the opponent of a head-to-head (search text).
    pub picker: Option<Picker>,
    /// The member's rank in each season he has a result in.
    pub seasons: Vec<crate::app::MemberSeasonRank>,
}

impl MemberPage {
    /// Loads a member's page from the club.
    pub fn load(app: &App, id: crate::app::MemberId) -> crate::app::Result<MemberPage> {
        let member = app.member(id)?;
        // The member's games only, and the rating list of now from the
        // store's kept replay (not a replay of the club's every game).
        let history = app.member_history(id)?;
        let list = app.rating_list(None)?;
        let ids: Vec<crate::app::EventId> = history
            .events
            .iter()
            .map(|e| crate::app::EventId(e.event_id))
            .collect();
        let event_points = app.member_event_points(id, &ids)?;
        Ok(MemberPage {
            event_points,
            rating: list.rows.iter().find(|r| r.member_id == id.0).cloned(),
            pending: list
                .unrated
                .iter()
                .find(|(m, _, _)| *m == id.0)
                .map(|x| x.2),
            member,
            history,
            pane: MemberPane::Games,
            sel: 0,
            h2h: None,
            picker: None,
            seasons: app.member_season_ranks(id)?,
        })
    }

    /// The panes offered (head-to-head once one was asked for).
    pub fn panes(&self) -> Vec<MemberPane> {
        let mut v = vec![MemberPane::Games, MemberPane::Events, MemberPane::Years];
        if self.h2h.is_some() {
            v.push(MemberPane::HeadToHead);
        }
        v
    }

    pub fn rows(&self) -> usize {
        match self.pane {
            MemberPane::Games => self.history.games.len(),
            MemberPane::Events => self.history.events.len(),
            MemberPane::Years => self.history.years.len(),
            MemberPane::HeadToHead => self.h2h.as_ref().map_or(0, |h| h.list.len()),
        }
    }

    pub fn show_head_to_head(&mut self, h: HeadToHead) {
        self.h2h = Some(h);
        self.pane = MemberPane::HeadToHead;
        self.sel = 0;
        self.picker = None;
    }
}

impl MemberPage {
    /// The search text of the head-to-head picker (`None`: not picking).
    pub fn query(&self) -> Option<&str> {
        self.picker.as_ref().map(|p| p.query.as_str())
    }

    /// Applies an action. `candidates`: the members the head-to-head
    /// picker offers for its search text, in the order shown (the model
    /// searches; the page's own member is left out here).
    pub fn update(&mut self, a: Action, ui: &Ui, candidates: &[i64]) -> Reply<PageCmd> {
        let p = self;
        let ids: Vec<i64> = candidates
            .iter()
            .copied()
            .filter(|x| *x != p.member.id)
            .collect();
        if let Some(q) = p.picker.as_mut() {
            match q.handle(a, &ids) {
                Picked::Cancel => p.picker = None,
                Picked::Submit => match q.chosen(&ids).first() {
                    Some(&b) => {
                        return Reply::Run(PageCmd::HeadToHead {
                            a: crate::app::MemberId(p.member.id),
                            b: crate::app::MemberId(b),
                        })
                    }
                    None => return Reply::error(ui.t("tui.member.no_match")),
                },
                Picked::Handled => {}
            }
            return Reply::Handled;
        }
        match a {
            Action::Back | Action::Quit | Action::Cancel => return Reply::Close,
            Action::Help => return Reply::Help,
            Action::HeadToHead => {
                p.picker = Some(Picker::new(false));
            }
            Action::NextTab | Action::PrevTab => {
                p.pane = cycle(&p.panes(), p.pane, a == Action::NextTab);
                p.sel = 0;
            }
            Action::Up => p.sel = p.sel.saturating_sub(1),
            Action::Down => p.sel = (p.sel + 1).min(p.rows().saturating_sub(1)),
            Action::Top => p.sel = 0,
            Action::Bottom => p.sel = p.rows().saturating_sub(1),
            _ => {}
        }
        Reply::Handled
    }
}

fn colour(m: &Ui, c: Colour) -> String {
    m.t(match c {
        Colour::Red => "judge.side.red",
        Colour::Black => "judge.side.black",
    })
}

fn game_cells(m: &Ui, g: &MemberGame) -> Vec<String> {
    vec![
        g.date.to_string(),
        g.event.clone(),
        g.round.to_string(),
        colour(m, g.colour),
        g.opponent.clone(),
        g.result.mark().to_string(),
        g.termination
            .map(|t| m.tr_or(&format!("tui.term.{}", t.code()), t.code()))
            .unwrap_or_default(),
        g.moves.map(|x| x.to_string()).unwrap_or_default(),
        g.used_ms.map(format_duration_ms).unwrap_or_default(),
    ]
}

fn games_table(m: &Ui, games: &[MemberGame], sel: usize, f: &mut Frame, area: Rect) {
    let header = [
        "col.date",
        "col.event",
        "tui.member.round",
        "tui.member.colour",
        "tui.member.opponent",
        "tui.round.result",
        "tui.member.termination",
        "tui.field.moves",
        "tui.member.clock",
    ];
    let rows = games
        .iter()
        .map(|g| {
            let r = Row::new(game_cells(m, g));
            if g.colour == Colour::Red {
                r.style(Style::new().red())
            } else {
                r
            }
        })
        .collect();
    let widths = [
        Constraint::Length(10),
        Constraint::Min(8),
        Constraint::Length(4),
        Constraint::Length(5),
        Constraint::Length(10),
        Constraint::Length(6),
        Constraint::Length(10),
        Constraint::Length(5),
        Constraint::Length(7),
    ];
    table(m, f, area, &header, widths.to_vec(), rows, games.len(), sel);
}

#[allow(clippy::too_many_arguments)]
fn table(
    m: &Ui,
    f: &mut Frame,
    area: Rect,
    header: &[&str],
    widths: Vec<Constraint>,
    rows: Vec<Row>,
    n: usize,
    sel: usize,
) {
    if n == 0 {
        f.render_widget(Paragraph::new(m.t("tui.member.none")), area);
        return;
    }
    let t = Table::new(rows, widths)
        .header(Row::new(header.iter().map(|k| m.t(k))).bold().underlined())
        .row_highlight_style(Style::new().reversed());
    let mut st = TableState::default().with_selected(Some(sel));
    f.render_stateful_widget(t, area, &mut st);
}

/// Draws the page in the main area; `candidates` as for `update`.
pub fn draw(m: &Ui, p: &MemberPage, candidates: &[&Member], f: &mut Frame, main: Rect) {
    f.render_widget(Clear, main);
    let [details, tabs, body] = Layout::vertical([
        Constraint::Length(if p.seasons.is_empty() { 2 } else { 3 }),
        Constraint::Length(1),
        Constraint::Min(3),
    ])
    .areas(main);
    f.render_widget(Paragraph::new(detail_lines(m, p)), details);
    let panes = p.panes();
    let titles: Vec<String> = panes.iter().map(|x| m.t(x.key())).collect();
    let sel = panes.iter().position(|x| *x == p.pane).unwrap_or(0);
    f.render_widget(
        Tabs::new(titles)
            .select(sel)
            .highlight_style(Style::new().reversed()),
        tabs,
    );
    let body_block = Block::new().borders(Borders::TOP);
    let inner = body_block.inner(body);
    f.render_widget(body_block, body);
    match p.pane {
        MemberPane::Games => games_table(m, &p.history.games, p.sel, f, inner),
        MemberPane::Events => events_table(m, p, f, inner),
        MemberPane::Years => years_table(m, p, f, inner),
        MemberPane::HeadToHead => {
            if let Some(h) = &p.h2h {
                draw_h2h(m, h, p.sel, f, inner);
            }
        }
    }
    if let Some(q) = &p.picker {
        let list: Vec<&Member> = candidates
            .iter()
            .copied()
            .filter(|x| x.id != p.member.id)
            .collect();
        super::picker::draw(m, q, "tui.member.pick", &list, f, main);
    }
}

/// The page's head: who, the club rating and the games, the season ranks.
fn detail_lines(m: &Ui, p: &MemberPage) -> Vec<Line<'static>> {
    let mem = &p.member;
    let mut first = format!("{}  #{}", mem.name, mem.id);
    if let Some(c) = &mem.club {
        first.push_str(&format!("  {c}"));
    }
    if let Some(x) = &mem.ext_id {
        first.push_str(&format!("  {} {x}", m.t("col.ext_id")));
    }
    if let Some(b) = mem.born {
        first.push_str(&format!("  {} {b}", m.t("col.born")));
    }
    if let Some(s) = mem.sex {
        first.push_str(&format!("  {} {}", m.t("col.sex"), s.code()));
    }
    if let Some(r) = mem.rating {
        first.push_str(&format!("  {} {r}", m.t("tui.member.entered")));
    }
    if mem.retired {
        first.push_str(&format!("  ({})", m.t("status.retired")));
    }
    let rating = match (&p.rating, p.pending) {
        (Some(r), _) => format!(
            "{} {} ({} {}, {} {:+})",
            m.t("tui.member.club_rating"),
            r.rating,
            m.t("tui.member.rank"),
            r.rank,
            m.t("tui.member.last"),
            r.last_change
        ),
        (None, Some(g)) => format!("{} ({g})", m.t("tui.member.unrated")),
        (None, None) => m.t("tui.member.unrated"),
    };
    let (mut w, mut d, mut l, mut score) = (0, 0, 0, crate::domain::Points::new(0));
    for y in &p.history.years {
        w += y.wins;
        d += y.draws;
        l += y.losses;
        score += y.score;
    }
    let second = format!(
        "{rating}  {} {}: {w}/{d}/{l}  {} {score}",
        m.t("tui.member.games_wdl"),
        w + d + l,
        m.t("tui.member.score")
    );
    let mut lines = vec![Line::from(first).bold(), Line::from(second)];
    if !p.seasons.is_empty() {
        let ranks: Vec<String> = p
            .seasons
            .iter()
            .map(|s| {
                crate::i18n::msg!(
                    "tui.season.member_rank",
                    season = &s.season,
                    rank = s.row.rank_cell(),
                    of = s.of,
                    total = s.row.total.to_string(),
                    events = s.row.events
                )
                .render(m.lang)
            })
            .collect();
        lines.push(Line::from(format!(
            "{}: {}",
            m.t("tui.season.member_title"),
            ranks.join("  ·  ")
        )));
    }
    lines
}

/// The events pane: each event with the member's games, points and the
/// rating change it brought (finished events only).
fn events_table(m: &Ui, p: &MemberPage, f: &mut Frame, inner: Rect) {
    let rows = p
        .history
        .events
        .iter()
        .map(|e| {
            let change = p
                .rating
                .as_ref()
                .and_then(|r| r.changes.iter().find(|c| c.event_id == e.event_id))
                .map(|c| {
                    let v = |x: Option<i32>| x.map_or("—".to_string(), |r| r.to_string());
                    format!("{}→{} ({:+})", v(c.before), v(c.after), c.delta)
                })
                .unwrap_or_default();
            Row::new(vec![
                e.date.to_string(),
                e.event.clone(),
                e.games.to_string(),
                p.event_points
                    .get(&crate::app::EventId(e.event_id))
                    .copied()
                    .unwrap_or(e.score)
                    .to_string(),
                change,
            ])
        })
        .collect();
    table(
        m,
        f,
        inner,
        &[
            "col.date",
            "col.event",
            "tui.member.games",
            "tui.member.score",
            "col.rating",
        ],
        vec![
            Constraint::Length(10),
            Constraint::Min(20),
            Constraint::Length(6),
            Constraint::Length(6),
            Constraint::Length(18),
        ],
        rows,
        p.history.events.len(),
        p.sel,
    );
}

/// The years pane: the member's record year by year.
fn years_table(m: &Ui, p: &MemberPage, f: &mut Frame, inner: Rect) {
    let rows = p
        .history
        .years
        .iter()
        .map(|y| Row::new(y.cells()))
        .collect();
    table(
        m,
        f,
        inner,
        &[
            "tui.member.year",
            "tui.member.games",
            "tui.member.wins",
            "tui.member.draws",
            "tui.member.losses",
            "tui.member.forfeits",
            "tui.member.score",
        ],
        vec![Constraint::Length(8); 7],
        rows,
        p.history.years.len(),
        p.sel,
    );
}

fn draw_h2h(m: &Ui, h: &HeadToHead, sel: usize, f: &mut Frame, area: Rect) {
    let [totals, list] = Layout::vertical([Constraint::Length(2), Constraint::Min(2)]).areas(area);
    let lines = vec![
        Line::from(format!(
            "{} {} {}: {} {}, {}/{}/{} ({}), {} {}",
            h.a_name,
            m.t("tui.member.vs"),
            h.b_name,
            h.games,
            m.t("tui.member.games"),
            h.a_wins,
            h.draws,
            h.b_wins,
            m.t("tui.member.wdl"),
            m.t("tui.member.score"),
            h.a_score
        ))
        .bold(),
        Line::from(format!(
            "{}: {}/{}/{}   {}: {}/{}/{}",
            m.t("tui.member.with_red"),
            h.a_red[0],
            h.a_red[1],
            h.a_red[2],
            m.t("tui.member.with_black"),
            h.a_black[0],
            h.a_black[1],
            h.a_black[2]
        )),
    ];
    f.render_widget(Paragraph::new(lines), totals);
    games_table(m, &h.list, sel, f, list);
}
