//! Drawing the Teams tab: the views' titles with the round,
//! the teams with roster and lineup, the matches board by board, the team
//! standings, the board prizes and the lineup form. Split from `teams.rs`
//! (the tab's state, keys and commands) when it passed 800 lines.

use super::super::component::Ui;
use super::super::draw::{pad, table as list};
use super::{LineupEditor, TeamsTab, View};
use crate::app::teams::{TeamCrosstable, TeamView};
use crate::domain::{short_points, Points};
use crate::i18n::{tr, Lang};
use crate::scoring::team::{MatchStatus, TeamStandings, TeamTieBreak};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, TableState, Wrap};
use ratatui::Frame;

fn t(lang: Lang, key: &str) -> String {
    tr(lang, key).to_string()
}

/// Draws the tab: the views' titles with the round, then the view.
pub fn draw(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let [top, body] = Layout::vertical([Constraint::Length(1), Constraint::Min(2)]).areas(area);
    let mut spans = Vec::new();
    for v in View::ALL {
        let s = format!(" {} ", t(lang, v.key()));
        spans.push(if v == tab.view {
            Span::styled(s, Style::new().reversed())
        } else {
            Span::raw(s)
        });
    }
    spans.push(Span::raw(format!(
        "   {} {}  ({})",
        t(lang, "tui.round.title"),
        tab.round,
        t(lang, "tui.teams.round_keys")
    )));
    f.render_widget(Paragraph::new(Line::from(spans)), top);
    match tab.view {
        View::Teams => draw_teams(m, tab, f, body),
        View::Matches => draw_matches(m, tab, f, body),
        View::Standings => draw_standings(m, tab, f, body),
        View::Prizes => draw_prizes(m, tab, f, body),
        View::Cross => draw_cross(m, tab, f, body),
    }
    if let Some(e) = &tab.editor {
        draw_editor(m, e, f, area);
    }
    if let Some(e) = &tab.roster_editor {
        super::roster::draw(m, e, f, area);
    }
    if let Some(e) = &tab.team_form {
        super::new_team::draw(m, e, f, area);
    }
}

fn name_of(v: &TeamView, id: Option<i64>) -> String {
    id.and_then(|id| v.roster.iter().find(|e| e.id == id))
        .map(|e| e.name.clone())
        .unwrap_or_else(|| "-".into())
}

fn draw_teams(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    if tab.teams.is_empty() {
        // No team yet: how to make one.
        f.render_widget(
            Paragraph::new(t(lang, "tui.teams.no_teams")).wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(45), Constraint::Min(20)]).areas(area);
    let rows = tab
        .teams
        .iter()
        .map(|(v, _)| {
            Row::new(vec![
                v.no.to_string(),
                v.team.name.clone(),
                v.team.club.clone().unwrap_or_default(),
                v.average.to_string(),
            ])
        })
        .collect();
    list(
        f,
        left,
        format!(" {} ({}) ", t(lang, "tui.tab.teams"), tab.teams.len()),
        ["col.no", "col.team", "col.club", "col.average"]
            .iter()
            .map(|k| t(lang, k))
            .collect(),
        vec![
            Constraint::Length(3),
            Constraint::Length(12),
            Constraint::Length(10),
            Constraint::Min(5),
        ],
        rows,
        (!tab.teams.is_empty()).then_some(tab.sel),
    );
    let Some((v, lineup)) = tab.teams.get(tab.sel) else {
        return;
    };
    let mut lines = vec![Line::from(format!(
        "{}: {}",
        t(lang, "col.captain"),
        v.team.captain.clone().unwrap_or_else(|| "-".into())
    ))];
    lines.push(
        Line::from(format!(
            "{} {}  {}",
            pad(&t(lang, "col.board"), 5),
            pad(&t(lang, "col.name"), 12),
            t(lang, "col.rating")
        ))
        .bold(),
    );
    for (i, e) in v.roster.iter().enumerate() {
        let place = if i < tab.boards as usize {
            format!("{}", i + 1)
        } else {
            t(lang, "tui.teams.reserve")
        };
        lines.push(Line::from(format!(
            "{} {}  {}",
            pad(&place, 5),
            pad(&e.name, 12),
            e.rating.map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    lines.push(Line::from(""));
    lines.push(
        Line::from(format!(
            "{} {} {}:",
            t(lang, "tui.teams.lineup"),
            t(lang, "tui.round.title"),
            tab.round
        ))
        .bold(),
    );
    for (b, p) in lineup.iter().enumerate() {
        lines.push(Line::from(format!(
            "{} {}  {}",
            t(lang, "tui.round.board"),
            b + 1,
            name_of(v, *p)
        )));
    }
    f.render_widget(
        Paragraph::new(lines).block(
            Block::new()
                .borders(Borders::TOP | Borders::LEFT)
                .title(format!(" {} ", v.team.name)),
        ),
        right,
    );
}

/// A match's header line: `场次 1  东城 1½ : ½ 西城  进行中`, the game
/// points so far while boards come in, then who won on match points.
pub fn match_head(lang: Lang, mt: &crate::app::teams::MatchView) -> String {
    let (hp, ap) = if mt.status == MatchStatus::Pending {
        mt.boards
            .iter()
            .fold((Points::default(), Points::default()), |(h, a), b| {
                (
                    h + b.home_points.unwrap_or_default(),
                    a + b.away_points.unwrap_or_default(),
                )
            })
    } else {
        (mt.home_game_points, mt.away_game_points)
    };
    match &mt.away {
        Some(away) => format!(
            "{} {}  {} {} : {} {}  {}",
            t(lang, "col.match"),
            mt.number,
            mt.home,
            short_points(hp),
            short_points(ap),
            away,
            match_result(lang, mt)
        ),
        None => format!(
            "{} {}  {}  {}",
            t(lang, "col.match"),
            mt.number,
            mt.home,
            match_result(lang, mt)
        ),
    }
}

/// The match result from the home team's side, in words.
fn match_result(lang: Lang, mt: &crate::app::teams::MatchView) -> String {
    match mt.status {
        MatchStatus::Pending => t(lang, "tui.teams.in_progress"),
        MatchStatus::Bye => t(lang, "tui.round.bye"),
        MatchStatus::Forfeit { .. } | MatchStatus::Played => {
            let (h, a) = (mt.home_match_points, mt.away_match_points);
            let who = if h > a {
                format!("{} {}", mt.home, t(lang, "tui.teams.wins"))
            } else if a > h {
                format!(
                    "{} {}",
                    mt.away.clone().unwrap_or_default(),
                    t(lang, "tui.teams.wins")
                )
            } else {
                t(lang, "tui.teams.drawn")
            };
            format!(
                "{who} ({} {}:{})",
                t(lang, "rep.team.match_points"),
                short_points(h),
                short_points(a)
            )
        }
    }
}

/// A board's result in words (红胜 / 和 / 黑胜 / 红方弃权 …, the codes in
/// English), one per game on two-game boards; `*` while none is in.
pub(super) fn board_result(lang: Lang, codes: &str) -> String {
    if codes.trim().is_empty() {
        return "*".into();
    }
    codes
        .split_whitespace()
        .map(|c| super::super::component::code_text(lang, c))
        .collect::<Vec<_>>()
        .join(" ")
}

fn draw_matches(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let Some(r) = &tab.matches else {
        f.render_widget(
            Paragraph::new(t(lang, "tui.teams.not_paired")).wrap(Wrap { trim: true }),
            area,
        );
        return;
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut selected = None;
    let mut k = 0;
    for mt in &r.matches {
        rows.push(Row::new(vec![match_head(lang, mt)]).bold());
        for b in &mt.boards {
            if k == tab.sel {
                selected = Some(rows.len());
            }
            k += 1;
            let (red, black) = if b.home_red {
                (&b.home, &b.away)
            } else {
                (&b.away, &b.home)
            };
            let pts = match (b.home_points, b.away_points) {
                (Some(h), Some(a)) => format!("{}:{}", short_points(h), short_points(a)),
                _ => String::new(),
            };
            rows.push(Row::new(vec![format!(
                "  {} {}  {}  {}  {}  {}",
                t(lang, "tui.round.board"),
                b.board,
                pad(red, 12),
                pad(&board_result(lang, &b.result), 9),
                pad(black, 12),
                pts
            )]));
        }
    }
    let tbl = Table::new(rows, [Constraint::Min(10)])
        .row_highlight_style(Style::new().reversed())
        .block(Block::new().borders(Borders::TOP).title(format!(
            " {} {} ({} {}) ",
            t(lang, "tui.round.title"),
            r.round,
            t(lang, "tui.teams.home_red"),
            t(lang, "tui.teams.odd_boards")
        )));
    let visible = area.height.saturating_sub(1).max(1) as usize;
    let offset = selected.map_or(0, |s| s - s % visible);
    let mut st = TableState::default()
        .with_offset(offset)
        .with_selected(selected);
    f.render_stateful_widget(tbl, area, &mut st);
}

fn tb_label(lang: Lang, code: &str) -> String {
    let k = format!("tb.team.{code}");
    if crate::i18n::has(&k) {
        t(lang, &k)
    } else {
        code.to_string()
    }
}

fn draw_standings(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    match &tab.standings {
        Ok(st) => standings_table(m, st, Some(tab.sel), f, area),
        Err(e) => {
            f.render_widget(Paragraph::new(e.clone()).wrap(Wrap { trim: true }), area);
        }
    }
}

/// The team standings as a table (the Teams tab's view and the event's
/// Standings tab): rank, team, match points, game points, the tie-breaks;
/// the title names the rounds counted and a round in progress.
pub fn standings_table(m: &Ui, st: &TeamStandings, sel: Option<usize>, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let mut header: Vec<String> = [
        "tui.standings.rank",
        "col.team",
        "rep.team.match_points",
        "rep.team.game_points",
    ]
    .iter()
    .map(|k| t(lang, k))
    .collect();
    let tbs: Vec<_> = st
        .tiebreaks
        .iter()
        .filter(|x| **x != TeamTieBreak::GamePoints)
        .collect();
    header.extend(tbs.iter().map(|x| tb_label(lang, x.code())));
    let mut widths = vec![
        Constraint::Length(5),
        Constraint::Length(12),
        Constraint::Length(6),
        Constraint::Length(6),
    ];
    widths.extend(tbs.iter().map(|_| Constraint::Length(9)));
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                format!("{}{}", r.rank, if r.shared { "=" } else { "" }),
                r.team.name.clone(),
                short_points(r.match_points),
                short_points(r.game_points),
            ];
            // 直胜 as the documents show it (the matches among the teams
            // level on match points, where they met).
            cells.extend(
                r.values
                    .iter()
                    .enumerate()
                    .filter(|(_, (x, _))| *x != TeamTieBreak::GamePoints)
                    .map(|(i, (t, _))| {
                        r.shown_value(i)
                            .shown_text(*t, short_points)
                            .unwrap_or_default()
                    }),
            );
            Row::new(cells)
        })
        .collect();
    let title = crate::tui::draw::standings_title(lang, st.after_round, st.in_progress);
    list(
        f,
        area,
        title,
        header,
        widths,
        rows,
        sel.filter(|_| !st.rows.is_empty()),
    );
}

fn draw_prizes(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let rows = tab
        .prizes
        .iter()
        .map(|p| {
            Row::new(vec![
                p.board.to_string(),
                format!("{}{}", p.rank, if p.shared { "=" } else { "" }),
                p.name.clone(),
                p.team_name.clone(),
                short_points(p.game_points),
                p.games.to_string(),
                p.percent.to_string(),
            ])
        })
        .collect();
    list(
        f,
        area,
        format!(" {} ", t(lang, "rep.team.board_prizes")),
        [
            "col.board",
            "tui.standings.rank",
            "col.name",
            "col.team",
            "rep.team.game_points",
            "rep.team.games",
            "rep.team.percent",
        ]
        .iter()
        .map(|k| t(lang, k))
        .collect(),
        vec![
            Constraint::Length(5),
            Constraint::Length(5),
            Constraint::Length(12),
            Constraint::Length(12),
            Constraint::Length(6),
            Constraint::Length(6),
            Constraint::Min(6),
        ],
        rows,
        (!tab.prizes.is_empty()).then_some(tab.sel),
    );
}

/// The crosstable of the teams: game points against each team (both legs
/// of a double round robin), then match points, game points and rank.
fn draw_cross(m: &Ui, tab: &TeamsTab, f: &mut Frame, area: Rect) {
    match &tab.cross {
        Ok(x) => cross_table(m, x, Some(tab.sel), f, area),
        Err(e) => {
            f.render_widget(Paragraph::new(e.clone()).wrap(Wrap { trim: true }), area);
        }
    }
}

/// The crosstable of the teams (the Teams tab's view and the event's
/// Crosstable tab): game points per pairing, the team's own cell marked.
pub fn cross_table(m: &Ui, x: &TeamCrosstable, sel: Option<usize>, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let mut header = vec![t(lang, "col.no"), t(lang, "col.team")];
    header.extend((1..=x.teams.len()).map(|i| i.to_string()));
    header.extend(
        [
            "rep.team.match_points",
            "rep.team.game_points",
            "tui.standings.rank",
        ]
        .iter()
        .map(|k| t(lang, k)),
    );
    let mut widths = vec![Constraint::Length(3), Constraint::Length(10)];
    widths.extend(x.teams.iter().map(|_| Constraint::Length(5)));
    widths.extend([
        Constraint::Length(5),
        Constraint::Length(5),
        Constraint::Min(4),
    ]);
    let rows = x
        .teams
        .iter()
        .zip(&x.rows)
        .enumerate()
        .map(|(i, (name, (cells, mp, gp, rank)))| {
            let mut v = vec![(i + 1).to_string(), name.clone()];
            v.extend(cells.iter().enumerate().map(|(j, c)| {
                if i == j {
                    "×".to_string()
                } else {
                    c.clone()
                }
            }));
            v.extend([mp.clone(), gp.clone(), rank.clone()]);
            Row::new(v)
        })
        .collect();
    list(
        f,
        area,
        format!(
            " {} · {} ",
            t(lang, "tui.teams.view.cross"),
            crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(x.after_round))
                .render(lang)
        ),
        header,
        widths,
        rows,
        sel.filter(|_| !x.rows.is_empty()),
    );
}

fn draw_editor(m: &Ui, e: &LineupEditor, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let h = e.picks.len() as u16 + 5 + u16::from(e.error.is_some()) * 2;
    let w = 60.min(area.width);
    let x = area.x + (area.width - w) / 2;
    let y = area.y + area.height.saturating_sub(h) / 2;
    let boxed = Rect::new(x, y, w, h.min(area.height));
    f.render_widget(Clear, boxed);
    let mut lines = Vec::new();
    for (i, p) in e.picks.iter().enumerate() {
        let who = match p {
            Some(k) => format!("{}. {}", k + 1, e.roster[*k].1),
            None => "-".into(),
        };
        let line = Line::from(format!(
            "{} {} {}: ‹ {who} ›",
            if i == e.focus { "▶" } else { " " },
            t(lang, "tui.round.board"),
            i + 1
        ));
        lines.push(if i == e.focus { line.reversed() } else { line });
    }
    lines.push(Line::from(""));
    lines.push(Line::from(t(lang, "tui.teams.lineup_keys")).italic());
    if let Some(err) = &e.error {
        lines.push(Line::from(err.clone()).red().bold());
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(
                " {} {} · {} {} ",
                t(lang, "tui.teams.lineup"),
                e.team,
                t(lang, "tui.round.title"),
                e.round
            ))),
        boxed,
    );
}
