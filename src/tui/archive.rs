//! The archive screen: search the club's game archive (player,
//! event, opening, result, dates, a position), a list of the games found
//! and a game view whose board steps through the game (←/→, Home/End) with
//! the move list in Chinese notation and the comments. `p` in the game view
//! searches the position on the board. Opened with `A` from the Club and
//! Events screens; a page held in `pages.rs`.

use super::component::{Reply, Ui};
use super::draw::pad;
use super::keymap::Action;
use crate::app::archive::{ArchiveSearch, ArchiveSearchInput};
use crate::app::App;
use crate::domain::archive::{ArchiveGame, ArchiveQuery};
use crate::domain::Colour;
use crate::i18n::{tr, Lang};
use crate::xiangqi::{write_move, GameRecord, Kind, Notation, Position, Square};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, TableState, Wrap};
use ratatui::Frame;

/// The search fields, in order: i18n keys of their labels.
pub const FIELDS: [&str; 7] = [
    "tui.archive.player",
    "tui.archive.event",
    "tui.archive.eco",
    "tui.archive.result",
    "tui.archive.from",
    "tui.archive.to",
    "tui.archive.fen",
];
const FEN_FIELD: usize = 6;

/// A game open in the view: its record, the Chinese text of each move and
/// the ply shown (0: the start).
#[derive(Clone, Debug)]
pub struct GameView {
    pub game: ArchiveGame,
    pub record: GameRecord,
    pub texts: Vec<String>,
    pub ply: usize,
}

impl GameView {
    pub fn new(game: ArchiveGame, record: GameRecord, notation: Notation) -> GameView {
        let mut pos = record.start.clone();
        let mut texts = Vec::with_capacity(record.moves.len());
        for &m in &record.moves {
            texts.push(write_move(&pos, m, notation));
            pos.make(m);
        }
        GameView {
            game,
            record,
            texts,
            ply: 0,
        }
    }

    /// The position after `ply` moves.
    pub fn position(&self) -> Position {
        let mut p = self.record.start.clone();
        for &m in self.record.moves.iter().take(self.ply) {
            p.make(m);
        }
        p
    }

    /// The comments standing at the ply shown.
    pub fn comments(&self) -> Vec<&str> {
        self.record
            .comments
            .iter()
            .filter(|(p, _)| *p == self.ply)
            .map(|(_, c)| c.as_str())
            .collect()
    }
}

/// The open archive screen.
#[derive(Clone, Debug, Default)]
pub struct ArchivePage {
    /// The search as being typed.
    pub fields: [String; 7],
    /// The field being edited (the search line has the keyboard).
    pub editing: Option<usize>,
    pub found: ArchiveSearch,
    pub sel: usize,
    pub view: Option<GameView>,
}

/// What the archive screen asks of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum ArchiveCmd {
    /// Search (and open the screen): the typed fields with the query.
    Search {
        input: Box<ArchiveSearchInput>,
        fields: Box<[String; 7]>,
    },
    /// Open a game in the view.
    Open(i64),
}

/// The search typed into the fields. Empty fields do not filter.
pub fn input(fields: &[String; 7]) -> ArchiveSearchInput {
    let f = |i: usize| Some(fields[i].trim().to_string()).filter(|s| !s.is_empty());
    ArchiveSearchInput {
        query: ArchiveQuery {
            player: f(0),
            event: f(1),
            eco: f(2),
            result: f(3),
            from: f(4),
            to: f(5),
            ..Default::default()
        },
        fen: f(FEN_FIELD),
    }
}

/// The command that opens the screen: every game.
pub fn open() -> ArchiveCmd {
    search(Default::default())
}

/// The command that searches with the fields.
fn search(fields: [String; 7]) -> ArchiveCmd {
    ArchiveCmd::Search {
        input: Box::new(input(&fields)),
        fields: Box::new(fields),
    }
}

fn notation(lang: Lang) -> Notation {
    if lang == Lang::ZhHant {
        Notation::Traditional
    } else {
        Notation::Chinese
    }
}

/// What a command of the screen read from the club.
#[derive(Clone, Debug)]
pub enum ArchiveDone {
    /// The games a search found, with the fields as typed.
    Found {
        found: ArchiveSearch,
        fields: Box<[String; 7]>,
    },
    /// A game to show in the view.
    Game(Box<GameView>),
}

/// Runs a command of the screen against the club.
pub fn run(app: &mut App, lang: Lang, cmd: &ArchiveCmd) -> crate::app::Result<ArchiveDone> {
    Ok(match cmd {
        ArchiveCmd::Search { input, fields } => ArchiveDone::Found {
            found: app.archive_search(input)?,
            fields: fields.clone(),
        },
        ArchiveCmd::Open(id) => {
            let (game, record) = app.archive_game(*id)?;
            ArchiveDone::Game(Box::new(GameView::new(game, record, notation(lang))))
        }
    })
}

/// Shows what a command read (a search opens the screen when it is
/// closed); the status line's text, if any.
pub fn show(page: &mut Option<ArchivePage>, ui: &Ui, done: ArchiveDone) -> Option<String> {
    match done {
        ArchiveDone::Found { found, fields } => {
            let n = found.games.len();
            let page = page.get_or_insert_with(ArchivePage::default);
            page.fields = *fields;
            page.editing = None;
            page.found = found;
            page.sel = 0;
            page.view = None;
            Some(format!("{}: {n}", ui.t("tui.archive.found")))
        }
        ArchiveDone::Game(view) => {
            if let Some(p) = page.as_mut() {
                p.view = Some(*view);
            }
            None
        }
    }
}

impl ArchivePage {
    /// Applies an action to the open screen.
    pub fn update(&mut self, a: Action) -> Reply<ArchiveCmd> {
        let p = self;
        if let Some(i) = p.editing {
            match a {
                Action::Cancel => p.editing = None,
                Action::NextField => p.editing = Some((i + 1) % FIELDS.len()),
                Action::PrevField => p.editing = Some((i + FIELDS.len() - 1) % FIELDS.len()),
                Action::Backspace => {
                    p.fields[i].pop();
                }
                Action::Input(c) => p.fields[i].push(c),
                Action::Submit => {
                    return Reply::Run(search(p.fields.clone()));
                }
                _ => {}
            }
            return Reply::Handled;
        }
        if let Some(v) = p.view.as_mut() {
            let last = v.record.moves.len();
            match a {
                Action::Back | Action::Quit | Action::Cancel => p.view = None,
                Action::Help => return Reply::Help,
                Action::StepBack | Action::Up => v.ply = v.ply.saturating_sub(1),
                Action::StepForward | Action::Down => v.ply = (v.ply + 1).min(last),
                Action::Top => v.ply = 0,
                Action::Bottom => v.ply = last,
                Action::PositionSearch => {
                    let mut fields = p.fields.clone();
                    fields[FEN_FIELD] = v.position().fen();
                    return Reply::Run(search(fields));
                }
                _ => {}
            }
            return Reply::Handled;
        }
        let n = p.found.games.len();
        match a {
            Action::Back | Action::Quit | Action::Cancel => return Reply::Close,
            Action::Help => return Reply::Help,
            Action::Filter => p.editing = Some(0),
            _ if a.move_in_list(&mut p.sel, n) => {}
            Action::Open => {
                if let Some(id) = p.found.games.get(p.sel).map(|h| h.game.id) {
                    return Reply::Run(ArchiveCmd::Open(id));
                }
            }
            _ => {}
        }
        Reply::Handled
    }
}

/// Draws the screen into `area`.
pub fn draw(m: &Ui, p: &ArchivePage, f: &mut Frame, area: Rect) {
    // The screen below must not show through the board's wide characters.
    f.render_widget(Clear, area);
    match &p.view {
        Some(v) => draw_game(m, v, f, area),
        None => draw_list(m, p, f, area),
    }
}

fn result_text(m: &Ui, r: Option<&str>) -> String {
    match r {
        Some("1-0") => m.t("outcome.red_win"),
        Some("0-1") => m.t("outcome.black_win"),
        Some("1/2-1/2") => m.t("outcome.draw"),
        _ => "*".into(),
    }
}

fn draw_list(m: &Ui, p: &ArchivePage, f: &mut Frame, area: Rect) {
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Min(3),
        ])
        .split(area);
    // The search fields, two lines; the one being edited highlighted.
    let mut spans: Vec<Vec<Span>> = vec![Vec::new(), Vec::new()];
    for (i, key) in FIELDS.iter().enumerate() {
        let line = if i < 4 { 0 } else { 1 };
        let value = if p.fields[i].is_empty() && p.editing != Some(i) {
            "–".to_string()
        } else {
            p.fields[i].clone()
        };
        let style = if p.editing == Some(i) {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        spans[line].push(Span::raw(format!("{}: ", m.t(key))));
        spans[line].push(Span::styled(value, style));
        spans[line].push(Span::raw("   "));
    }
    let search = Paragraph::new(spans.into_iter().map(Line::from).collect::<Vec<_>>()).block(
        Block::default()
            .borders(Borders::BOTTOM)
            .title(m.t("tui.archive.search")),
    );
    f.render_widget(search, rows[0]);
    // With a position: the moves played next from it.
    let next = if p.found.next_moves.is_empty() {
        format!("{}: {}", m.t("tui.archive.found"), p.found.games.len())
    } else {
        let moves: Vec<String> = p
            .found
            .next_moves
            .iter()
            .take(6)
            .map(|n| {
                format!(
                    "{} {} (+{} ={} -{})",
                    n.text, n.games, n.red_wins, n.draws, n.black_wins
                )
            })
            .collect();
        format!("{}: {}", m.t("tui.archive.next"), moves.join("  "))
    };
    f.render_widget(Paragraph::new(next), rows[1]);
    let texts: std::collections::HashMap<&str, &str> = p
        .found
        .next_moves
        .iter()
        .map(|n| (n.iccs.as_str(), n.text.as_str()))
        .collect();
    let with_next = !p.found.next_moves.is_empty();
    let body: Vec<Row> = p
        .found
        .games
        .iter()
        .map(|h| {
            let g = &h.game;
            let mut cells = vec![
                g.date.clone().unwrap_or_default(),
                g.red.clone().unwrap_or_default(),
                g.black.clone().unwrap_or_default(),
                result_text(m, g.result.as_deref()),
                g.eco.clone().unwrap_or_default(),
                g.event.clone().unwrap_or_default(),
                g.plies.to_string(),
            ];
            if with_next {
                let n = h.next.as_deref().unwrap_or("");
                cells.push(texts.get(n).copied().unwrap_or(n).to_string());
            }
            Row::new(cells)
        })
        .collect();
    let mut head = vec![
        m.t("tui.archive.date"),
        m.t("tui.archive.red"),
        m.t("tui.archive.black"),
        m.t("tui.archive.result"),
        m.t("tui.archive.eco"),
        m.t("tui.archive.event"),
        m.t("tui.archive.plies"),
    ];
    let mut widths = vec![
        Constraint::Length(10),
        Constraint::Length(14),
        Constraint::Length(14),
        Constraint::Length(6),
        Constraint::Length(4),
        Constraint::Min(10),
        Constraint::Length(4),
    ];
    if with_next {
        head.push(m.t("tui.archive.next"));
        widths.push(Constraint::Length(10));
    }
    let table = Table::new(body, widths)
        .header(Row::new(head).bold())
        .row_highlight_style(Style::default().add_modifier(Modifier::REVERSED));
    let mut state = TableState::default();
    if !p.found.games.is_empty() {
        state.select(Some(p.sel));
    }
    f.render_stateful_widget(table, rows[2], &mut state);
}

/// The character of a piece (red in 帅仕相马车炮兵, black 将士象马车炮卒).
fn piece_char(kind: Kind, side: Colour, traditional: bool) -> char {
    let red = side == Colour::Red;
    match kind {
        Kind::King if red => '帅',
        Kind::King => '将',
        Kind::Advisor => '士',
        Kind::Elephant if red => '相',
        Kind::Elephant => '象',
        Kind::Horse if red && traditional => '傌',
        Kind::Horse => '马',
        Kind::Chariot if red && traditional => '俥',
        Kind::Chariot if traditional => '車',
        Kind::Chariot => '车',
        Kind::Cannon => '炮',
        Kind::Pawn if red => '兵',
        Kind::Pawn => '卒',
    }
}

/// The board as lines: black's side on top, file numbers above (black's
/// １–９) and below (red's 九–一), the river between ranks 5 and 4.
pub fn board_lines(pos: &Position, lang: Lang) -> Vec<Line<'static>> {
    let traditional = lang == Lang::ZhHant;
    let fix = |c: char| {
        if !traditional {
            return c;
        }
        match c {
            '帅' => '帥',
            '将' => '將',
            '马' => '馬',
            _ => c,
        }
    };
    let mut out = vec![Line::from(" １２３４５６７８９")];
    for rank in (0..10u8).rev() {
        let mut spans = vec![Span::raw(" ")];
        for file in 0..9u8 {
            let sq = Square::new(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                Some(pc) => {
                    let c = fix(piece_char(pc.kind, pc.colour, traditional));
                    let style = if pc.colour == Colour::Red {
                        Style::default().fg(Color::Red).bold()
                    } else {
                        Style::default().bold()
                    };
                    spans.push(Span::styled(c.to_string(), style));
                }
                None => spans.push(Span::raw("・")),
            }
        }
        out.push(Line::from(spans));
        if rank == 5 {
            out.push(Line::from(format!("   {}", tr(lang, "tui.archive.river"))));
        }
    }
    out.push(Line::from(" 九八七六五四三二一"));
    out
}

fn draw_game(m: &Ui, v: &GameView, f: &mut Frame, area: Rect) {
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Length(30), Constraint::Min(20)])
        .split(area);
    let pos = v.position();
    let g = &v.game;
    let mut left = vec![
        Line::from(format!(
            "{} – {}  {}",
            g.red.as_deref().unwrap_or("?"),
            g.black.as_deref().unwrap_or("?"),
            result_text(m, g.result.as_deref())
        )),
        Line::from(format!(
            "{} {}",
            g.event.as_deref().unwrap_or(""),
            g.date.as_deref().unwrap_or("")
        )),
    ];
    left.extend(board_lines(&pos, m.lang));
    left.push(Line::from(format!(
        "{} {}/{}",
        m.t("tui.archive.ply"),
        v.ply,
        v.record.moves.len()
    )));
    f.render_widget(Paragraph::new(left), cols[0]);
    let right = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(4), Constraint::Length(5)])
        .split(cols[1]);
    // The moves two a line (a numbered pair), the last one played marked.
    let lines: Vec<Line> = v
        .texts
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let mut spans = vec![Span::raw(format!("{:>3}. ", i + 1))];
            for (j, t) in pair.iter().enumerate() {
                let ply = i * 2 + j + 1;
                let style = if ply == v.ply {
                    Style::default().add_modifier(Modifier::REVERSED)
                } else {
                    Style::default()
                };
                spans.push(Span::styled(pad(t, 10), style));
            }
            Line::from(spans)
        })
        .collect();
    let height = right[0].height.saturating_sub(2) as usize;
    let row = v.ply.saturating_sub(1) / 2;
    let scroll = row.saturating_sub(height.saturating_sub(1)) as u16;
    f.render_widget(
        Paragraph::new(lines).scroll((scroll, 0)).block(
            Block::default()
                .borders(Borders::ALL)
                .title(m.t("tui.archive.moves")),
        ),
        right[0],
    );
    let comments = v.comments().join(" ");
    f.render_widget(
        Paragraph::new(comments).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(m.t("tui.archive.comment")),
        ),
        right[1],
    );
}
