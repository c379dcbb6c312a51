//! The pages of issues 8 and 9 hooked into the model with a few lines: the
//! repetition ruling dialog ([`super::judge`]), the member page
//! ([`super::member`]) and the statistics screen ([`super::stats`]).
//! `model.rs` asks here for the contexts, the update and the command runner;
//! `view.rs` asks here to draw.

use super::judge::JudgeDialog;
use super::keymap::{Action, Ctx};
use super::member::MemberPage;
use super::model::{Command, Confirm, Model};
use super::stats::StatsPage;
use crate::app::{App, StatsFilter};
use crate::domain::Colour;
use crate::i18n::tr;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;

/// The open pages (at most one of member and stats; the ruling dialog over
/// an event's Results tab).
#[derive(Clone, Debug, Default)]
pub struct Pages {
    pub judge: Option<JudgeDialog>,
    pub member: Option<MemberPage>,
    pub stats: Option<StatsPage>,
    /// The archive screen (issue 23, `archive.rs`).
    pub archive: Option<super::archive::ArchivePage>,
}

/// What the pages ask of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum PageCmd {
    /// Store a repetition ruling (`App::apply_ruling`).
    ApplyRuling {
        event: i64,
        round: u32,
        board: u32,
        game_no: u32,
        must_change: Option<Colour>,
    },
    /// Open a member's page.
    OpenMember(i64),
    /// Head-to-head of the page's member (`a`) against `b`.
    HeadToHead { a: i64, b: i64 },
    /// Open (or refilter) the statistics screen; `fields` are the filter
    /// texts as typed (from, to, time control, scheme).
    Stats {
        filter: StatsFilter,
        fields: [String; 4],
    },
    /// The archive screen's commands.
    Archive(super::archive::ArchiveCmd),
}

/// The contexts while a page has the keyboard (`None`: no page open).
pub fn contexts(m: &Model) -> Option<Vec<Ctx>> {
    if m.pages.judge.is_some() {
        return Some(vec![Ctx::Judge]);
    }
    if let Some(p) = &m.pages.member {
        return Some(if p.picker.is_some() {
            vec![Ctx::Form]
        } else {
            vec![Ctx::Member, Ctx::Page]
        });
    }
    if let Some(p) = &m.pages.stats {
        return Some(if p.editing.is_some() {
            vec![Ctx::Form]
        } else {
            vec![Ctx::Stats, Ctx::Page]
        });
    }
    if let Some(p) = &m.pages.archive {
        return Some(if p.editing.is_some() {
            vec![Ctx::Form]
        } else if p.view.is_some() {
            vec![Ctx::ArchiveGame, Ctx::Page]
        } else {
            vec![Ctx::Archive, Ctx::Page]
        });
    }
    None
}

/// Applies an action to the open page, or opens one. `None`: not a page's
/// business (the model's own update goes on).
pub fn update(m: &mut Model, a: Action) -> Option<Option<Command>> {
    if m.pages.judge.is_some() {
        return Some(super::judge::update(m, a));
    }
    if m.pages.member.is_some() {
        return Some(super::member::update(m, a));
    }
    if m.pages.stats.is_some() {
        return Some(super::stats::update(m, a));
    }
    if m.pages.archive.is_some() {
        return Some(super::archive::update(m, a));
    }
    match a {
        Action::Archive => Some(Some(super::archive::open())),
        Action::Judge => {
            match JudgeDialog::open(m) {
                Ok(Some(d)) => m.pages.judge = Some(d),
                Ok(None) => {}
                Err(msg) => m.status = Some((msg, true)),
            }
            Some(None)
        }
        Action::MemberPage => {
            let id = m
                .filtered_members(&m.search)
                .get(m.member_sel)
                .map(|x| x.id);
            Some(id.map(|id| Command::Page(PageCmd::OpenMember(id))))
        }
        Action::Statistics => Some(Some(Command::Page(PageCmd::Stats {
            filter: StatsFilter::default(),
            fields: Default::default(),
        }))),
        _ => None,
    }
}

/// Asks before a command runs (the ruling is stored only after `y`).
pub fn confirm(m: &mut Model, message: String, cmd: PageCmd) {
    m.ask(Confirm {
        message,
        command: Command::Page(cmd),
    });
}

/// Runs a page's command against the club.
pub fn run(app: &mut App, m: &mut Model, cmd: PageCmd) -> crate::app::Result<Option<String>> {
    let lang = m.lang;
    let t = |k: &str| tr(lang, k).to_string();
    match cmd {
        PageCmd::ApplyRuling {
            event,
            round,
            board,
            game_no,
            must_change,
        } => {
            let g = app.apply_ruling(&event.to_string(), round, board, game_no, must_change)?;
            m.pages.judge = None;
            Ok(Some(format!(
                "{} {board}: {} ({})",
                t("tui.judge.stored"),
                g.outcome.code(),
                g.termination.map(|x| x.code()).unwrap_or("-")
            )))
        }
        PageCmd::OpenMember(id) => {
            show(m, Loaded::Member(Box::new(MemberPage::load(app, id)?)));
            Ok(None)
        }
        PageCmd::HeadToHead { a, b } => {
            let h = app.head_to_head(&a.to_string(), &b.to_string())?;
            if let Some(p) = m.pages.member.as_mut() {
                p.show_head_to_head(h);
            }
            Ok(None)
        }
        PageCmd::Stats { filter, fields } => {
            show(m, load_stats(app, &filter, fields)?);
            Ok(None)
        }
        PageCmd::Archive(c) => super::archive::run(app, m, c),
    }
}

/// A page's data read from the club, ready to show: what the worker sends
/// back when it opened a page (reading ten years of games takes a while).
#[derive(Debug)]
pub enum Loaded {
    Member(Box<MemberPage>),
    Stats {
        stats: Box<crate::history::Stats>,
        ratings: crate::app::RatingList,
        fields: [String; 4],
    },
}

/// Whether a page command reads much of the club's history (and so runs
/// off the event loop).
pub fn is_long(cmd: &PageCmd) -> bool {
    matches!(cmd, PageCmd::OpenMember(_) | PageCmd::Stats { .. })
}

/// Reads what a long page command shows.
pub fn load(app: &App, cmd: &PageCmd) -> crate::app::Result<Option<Loaded>> {
    Ok(match cmd {
        PageCmd::OpenMember(id) => Some(Loaded::Member(Box::new(MemberPage::load(app, *id)?))),
        PageCmd::Stats { filter, fields } => Some(load_stats(app, filter, fields.clone())?),
        _ => None,
    })
}

fn load_stats(app: &App, filter: &StatsFilter, fields: [String; 4]) -> crate::app::Result<Loaded> {
    let h = app.history()?;
    let (stats, ratings) = app.stats_and_ratings_in(&h, filter)?;
    Ok(Loaded::Stats {
        stats: Box::new(stats),
        ratings,
        fields,
    })
}

/// Opens (or refreshes) the page `loaded` holds.
pub fn show(m: &mut Model, loaded: Loaded) {
    match loaded {
        Loaded::Member(page) => m.pages.member = Some(*page),
        Loaded::Stats {
            stats,
            ratings,
            fields,
        } => match m.pages.stats.as_mut() {
            Some(p) => p.set(*stats, ratings, fields),
            None => m.pages.stats = Some(StatsPage::new(*stats, ratings, fields)),
        },
    }
}

/// Draws the open page: the member and statistics pages take the header
/// line and the main area; the ruling dialog sits over the Results tab.
pub fn draw(m: &Model, f: &mut Frame, head: Rect, main: Rect) {
    let title = if let Some(p) = &m.pages.member {
        super::member::draw(m, p, f, main);
        Some(format!("{} › {}", m.t("tui.screen.club"), p.member.name))
    } else if let Some(p) = &m.pages.stats {
        super::stats::draw(m, p, f, main);
        Some(m.t("tui.stats.title"))
    } else if let Some(p) = &m.pages.archive {
        super::archive::draw(m, p, f, main);
        Some(m.t("tui.archive.title"))
    } else {
        None
    };
    if let Some(title) = title {
        f.render_widget(Clear, head);
        f.render_widget(
            Paragraph::new(format!("{}  {title}", m.masthead())).bold(),
            head,
        );
    }
    if let Some(d) = &m.pages.judge {
        super::judge::draw(m, d, f, main);
    }
}

/// A translated text with the key as a fallback for codes without a text
/// (`tui.term.<code>`, …).
pub fn tr_or(m: &Model, key: &str, fallback: &str) -> String {
    if crate::i18n::has(key) {
        m.t(key)
    } else {
        fallback.to_string()
    }
}

/// `s` padded with spaces to `w` display columns (CJK counts two).
pub fn pad(s: &str, w: usize) -> String {
    let n = unicode_width::UnicodeWidthStr::width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}
