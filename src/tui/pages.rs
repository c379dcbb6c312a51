//! The full-screen pages and the ruling dialog, held together: the
//! repetition ruling dialog ([`super::judge`]), the member page
//! ([`super::member`]), the statistics screen ([`super::stats`]) and the
//! archive ([`super::archive`]). Each page owns its state and answers
//! actions with a [`super::component::Reply`]; the model (`model/pages.rs`)
//! opens them, hands them their actions and runs their commands.

use super::component::Ui;
use super::judge::JudgeDialog;
use super::keymap::Ctx;
use super::member::MemberPage;
pub use super::page_cmd::PageCmd;
use super::stats::StatsPage;
use crate::app::{App, StatsFilter};
use crate::domain::Member;
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
    /// The archive screen (`archive.rs`).
    pub archive: Option<super::archive::ArchivePage>,
    /// The Season screen (`season.rs`).
    pub season: Option<super::season::SeasonPage>,
}

impl Pages {
    /// The contexts while a page has the keyboard (`None`: no page open).
    pub fn contexts(&self) -> Option<Vec<Ctx>> {
        if self.judge.is_some() {
            return Some(vec![Ctx::Judge]);
        }
        if let Some(p) = &self.member {
            return Some(if p.picker.is_some() {
                vec![Ctx::Form]
            } else {
                vec![Ctx::Member, Ctx::Page]
            });
        }
        if let Some(p) = &self.stats {
            return Some(if p.editing.is_some() {
                vec![Ctx::Form]
            } else {
                vec![Ctx::Stats, Ctx::Page]
            });
        }
        if let Some(p) = &self.season {
            return Some(if p.form.is_some() {
                vec![Ctx::Form]
            } else {
                vec![Ctx::Season, Ctx::Page]
            });
        }
        if let Some(p) = &self.archive {
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
    let (stats, ratings) = app.stats_and_ratings(filter)?;
    Ok(Loaded::Stats {
        stats: Box::new(stats),
        ratings,
        fields,
    })
}

/// Draws the open page: the member and statistics pages take the header
/// line and the main area; the ruling dialog sits over the Results tab.
/// `masthead`: the program's and the club's name; `candidates`: the
/// members the member page's picker offers.
pub fn draw(
    p: &Pages,
    m: &Ui,
    masthead: &str,
    candidates: &[&Member],
    f: &mut Frame,
    head: Rect,
    main: Rect,
) {
    let pages = p;
    let title = if let Some(p) = &pages.member {
        super::member::draw(m, p, candidates, f, main);
        Some(format!("{} › {}", m.t("tui.screen.club"), p.member.name))
    } else if let Some(p) = &pages.stats {
        super::stats::draw(m, p, f, main);
        Some(m.t("tui.stats.title"))
    } else if let Some(p) = &pages.season {
        super::season::draw(m, p, f, main);
        Some(m.t("tui.season.title"))
    } else if let Some(p) = &pages.archive {
        super::archive::draw(m, p, f, main);
        Some(m.t("tui.archive.title"))
    } else {
        None
    };
    if let Some(title) = title {
        f.render_widget(Clear, head);
        f.render_widget(Paragraph::new(format!("{masthead}  {title}")).bold(), head);
    }
    if let Some(d) = &pages.judge {
        super::judge::draw(m, d, f, main);
    }
}
