//! The Season screen (年度积分榜, `specs/season.md` §8): the club's seasons
//! on the left; the selected season's table on the right (one column per
//! event, results not counted in parentheses, unqualified players marked
//! `*`) and its events with weights and status below it. Keys: `n` a new
//! season, `a` add an event with its weight, `x` take the selected event
//! out, `p` print the table (text, HTML, CSV, PNG) or write the season's site, Tab between the panes, ←/→ the table's event column, Enter opens
//! the event of the column or of the events list. Opened with `s` from the
//! Club and Events screens; a page held in `pages.rs`.

use super::component::{cycle, Reply, Ui};
use super::keymap::Action;
use crate::app::{App, SeasonDraft, SeasonInfo, SeasonTable};
use crate::app::{EventId, SeasonId};
use crate::i18n::{msg, Lang};

mod drawing;

pub use drawing::draw;

/// The panes of the screen, in Tab order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pane {
    #[default]
    Seasons,
    Table,
    Events,
}

const PANES: [Pane; 3] = [Pane::Seasons, Pane::Table, Pane::Events];

/// The new-season form's fields (i18n keys of their labels).
pub const NEW_FIELDS: [&str; 5] = [
    "tui.season.f.name",
    "tui.season.f.rule",
    "tui.season.f.best",
    "tui.season.f.min",
    "tui.season.f.participation",
];

/// A form of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeasonForm {
    /// A new season: the fields as typed and the one being edited.
    New { fields: [String; 5], at: usize },
    /// Add an event: the candidate chosen (←/→) and the weight as typed.
    Add { choice: usize, weight: String },
    /// Print the season's table: the format chosen (←/→) and the file or
    /// folder as typed (empty: a name made from the season's).
    Print { format: usize, path: String },
}

/// What the print form offers: the table as text, HTML, CSV or PNG pages,
/// or the season's site (a folder).
pub const PRINT_FORMATS: [&str; 5] = ["text", "html", "csv", "png", "site"];

/// An event that can join the selected season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub id: EventId,
    pub name: String,
}

/// The open Season screen.
#[derive(Clone, Debug, Default)]
pub struct SeasonPage {
    pub seasons: Vec<SeasonInfo>,
    pub sel: usize,
    /// The selected season with its standings.
    pub table: Option<SeasonTable>,
    /// The club's events not yet in the selected season.
    pub candidates: Vec<Candidate>,
    pub pane: Pane,
    /// The selected row of the table and of the events list.
    pub row: usize,
    pub event: usize,
    /// The table's selected event column.
    pub col: usize,
    pub form: Option<SeasonForm>,
}

/// What the screen asks of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum SeasonCmd {
    /// Read the seasons (and open the screen), the one with this id
    /// selected (`None`: the first).
    Load(Option<SeasonId>),
    Create(SeasonDraft),
    AddEvent {
        season: SeasonId,
        event: EventId,
        weight: Option<String>,
    },
    RemoveEvent {
        season: SeasonId,
        event: EventId,
    },
    /// Open an event (the screen closes).
    OpenEvent(EventId),
    /// Print the season's table (`force`: replace the file, asked first).
    Print {
        season: SeasonId,
        format: String,
        path: String,
        force: bool,
    },
}

/// What a command read from the club.
#[derive(Clone, Debug)]
pub enum SeasonDone {
    Loaded {
        seasons: Vec<SeasonInfo>,
        table: Option<Box<SeasonTable>>,
        candidates: Vec<Candidate>,
        message: Option<String>,
    },
    /// The event to open.
    Open(EventId),
    /// A line for the status bar (what was printed).
    Said(String),
    /// A question (replace a file?) before `then` runs.
    Ask { question: String, then: SeasonCmd },
}

/// The command that opens the screen.
pub fn open() -> SeasonCmd {
    SeasonCmd::Load(None)
}

/// Runs a command of the screen against the club.
pub fn run(app: &mut App, lang: Lang, cmd: &SeasonCmd) -> crate::app::Result<SeasonDone> {
    let (select, message) = match cmd {
        SeasonCmd::Load(id) => (*id, None),
        SeasonCmd::Create(d) => {
            let s = app.create_season(d)?;
            let m = msg!("tui.season.created", name = &s.name);
            (Some(s.key()), Some(m.render(lang)))
        }
        SeasonCmd::AddEvent {
            season,
            event,
            weight,
        } => {
            app.season_add_event(*season, *event, weight.as_deref())?;
            (
                Some(*season),
                Some(crate::i18n::tr(lang, "tui.season.added").to_string()),
            )
        }
        SeasonCmd::RemoveEvent { season, event } => {
            app.season_remove_event(*season, *event)?;
            (
                Some(*season),
                Some(crate::i18n::tr(lang, "tui.season.removed").to_string()),
            )
        }
        SeasonCmd::OpenEvent(id) => return Ok(SeasonDone::Open(*id)),
        SeasonCmd::Print { .. } => return print(app, lang, cmd),
    };
    let seasons = app.seasons()?;
    let chosen = select
        .and_then(|id| seasons.iter().find(|s| s.key() == id))
        .or(seasons.first());
    let (table, candidates) = match chosen {
        Some(s) => {
            let t = app.season_standings(s.key())?;
            let inside: Vec<i64> = s.events.iter().map(|e| e.event_id).collect();
            let candidates = app
                .event_summaries()?
                .into_iter()
                .filter(|e| !inside.contains(&e.event.id))
                .map(|e| Candidate {
                    id: e.event.key(),
                    name: e.event.name,
                })
                .collect();
            (Some(Box::new(t)), candidates)
        }
        None => (None, Vec::new()),
    };
    Ok(SeasonDone::Loaded {
        seasons,
        table,
        candidates,
        message,
    })
}

/// Prints the season's table (or writes its site); a file that exists is
/// replaced only after a question.
fn print(app: &mut App, lang: Lang, cmd: &SeasonCmd) -> crate::app::Result<SeasonDone> {
    use crate::app::print::{render, OutputFormat};
    use std::path::Path;
    let SeasonCmd::Print {
        season,
        format,
        path,
        force,
    } = cmd
    else {
        return Ok(SeasonDone::Said(String::new()));
    };
    let t = app.season_standings(*season)?;
    let written = |what: String| {
        SeasonDone::Said(format!(
            "{}: {what}",
            crate::i18n::tr(lang, "tui.print.written")
        ))
    };
    let stem: String = t
        .info
        .name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let ext = match format.as_str() {
        "text" => "txt",
        "site" => "",
        f => f,
    };
    let path = match (path.trim(), format.as_str()) {
        ("", "site") => format!("season-{stem}-site"),
        ("", _) => format!("season-{stem}.{ext}"),
        (p, _) => p.to_string(),
    };
    let ask = |shown: &str| SeasonDone::Ask {
        question: msg!("tui.confirm.replace_file", path = shown).render(lang),
        then: SeasonCmd::Print {
            season: *season,
            format: format.clone(),
            path: path.clone(),
            force: true,
        },
    };
    if format == "site" {
        let files = app.publish_season(*season, Path::new(&path), *force)?;
        return Ok(written(format!("{path} ({})", files.len())));
    }
    let doc = app.season_doc(&t, lang);
    if format == "png" {
        let png = app.png_pages_shaped(&doc, None, doc.landscape)?;
        let targets = crate::app::png::page_paths(Path::new(&path), png.pages.len());
        if let Some(old) = targets.iter().find(|p| p.exists()).filter(|_| !force) {
            return Ok(ask(&old.display().to_string()));
        }
        let files = app.write_png_pages(Path::new(&path), &png.pages, *force)?;
        let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
        return Ok(written(names.join(", ")));
    }
    let f = match format.as_str() {
        "html" => OutputFormat::Html,
        "csv" => OutputFormat::Csv,
        _ => OutputFormat::Text {
            lines_per_page: crate::report::DEFAULT_LINES_PER_PAGE,
        },
    };
    let out = render(&doc, f)?;
    if !force && Path::new(&path).exists() {
        return Ok(ask(&path));
    }
    app.write_output(Path::new(&path), out.as_bytes(), *force, &[])?;
    Ok(written(path))
}

/// Shows what a command read (opening the screen when it is closed); the
/// status line's text, if any. `Open` is the model's to act on.
pub fn show(page: &mut Option<SeasonPage>, done: SeasonDone) -> Option<String> {
    let (seasons, table, candidates, message) = match done {
        SeasonDone::Loaded {
            seasons,
            table,
            candidates,
            message,
        } => (seasons, table, candidates, message),
        // Printed: the print form closes.
        SeasonDone::Said(s) => {
            if let Some(p) = page.as_mut() {
                p.form = None;
            }
            return Some(s);
        }
        SeasonDone::Open(_) | SeasonDone::Ask { .. } => return None,
    };
    let p = page.get_or_insert_with(SeasonPage::default);
    let id = table.as_ref().map(|t| t.info.id);
    p.sel = id
        .and_then(|id| seasons.iter().position(|s| s.id == id))
        .unwrap_or(0);
    p.seasons = seasons;
    p.table = table.map(|t| *t);
    p.candidates = candidates;
    p.form = None;
    let (rows, events) = p.sizes();
    p.row = p.row.min(rows.saturating_sub(1));
    p.event = p.event.min(events.saturating_sub(1));
    p.col = p.col.min(events.saturating_sub(1));
    message
}

impl SeasonPage {
    /// Rows of the table and events of the selected season.
    fn sizes(&self) -> (usize, usize) {
        self.table
            .as_ref()
            .map_or((0, 0), |t| (t.standings.rows.len(), t.info.events.len()))
    }

    fn season_id(&self) -> Option<SeasonId> {
        self.table.as_ref().map(|t| t.info.key())
    }

    /// Applies an action to the open screen.
    pub fn update(&mut self, a: Action, ui: &Ui) -> Reply<SeasonCmd> {
        if self.form.is_some() {
            return self.update_form(a, ui);
        }
        let (rows, events) = self.sizes();
        match a {
            Action::Back | Action::Quit | Action::Cancel => return Reply::Close,
            Action::Help => return Reply::Help,
            Action::NextTab => self.pane = cycle(&PANES, self.pane, true),
            Action::PrevTab => self.pane = cycle(&PANES, self.pane, false),
            Action::ColumnLeft => self.col = self.col.saturating_sub(1),
            Action::ColumnRight => self.col = (self.col + 1).min(events.saturating_sub(1)),
            Action::NewSeason => {
                let mut fields: [String; 5] = Default::default();
                fields[1] = crate::scoring::season::DEFAULT_RULE.to_string();
                self.form = Some(SeasonForm::New { fields, at: 0 });
            }
            Action::SeasonAdd => {
                if self.season_id().is_none() {
                    return Reply::Say(ui.t("tui.season.none"), true);
                }
                if self.candidates.is_empty() {
                    return Reply::Say(ui.t("tui.season.no_candidates"), true);
                }
                self.form = Some(SeasonForm::Add {
                    choice: 0,
                    weight: "1".into(),
                });
            }
            Action::PrintDoc => {
                if self.season_id().is_none() {
                    return Reply::Say(ui.t("tui.season.none"), true);
                }
                self.form = Some(SeasonForm::Print {
                    format: 0,
                    path: String::new(),
                });
            }
            Action::SeasonRemove => {
                let (Some(t), true) = (self.table.as_ref(), events > 0) else {
                    return Reply::Handled;
                };
                let i = if self.pane == Pane::Table {
                    self.col
                } else {
                    self.event
                };
                let e = &t.info.events[i.min(events - 1)];
                let q = msg!(
                    "tui.season.remove_q",
                    event = &e.name,
                    season = &t.info.name
                );
                return Reply::Ask(
                    q.render(ui.lang),
                    SeasonCmd::RemoveEvent {
                        season: t.info.key(),
                        event: EventId(e.event_id),
                    },
                );
            }
            Action::Open => match self.pane {
                Pane::Seasons => {
                    if let Some(s) = self.seasons.get(self.sel) {
                        return Reply::Run(SeasonCmd::Load(Some(s.key())));
                    }
                }
                Pane::Table | Pane::Events => {
                    let i = if self.pane == Pane::Table {
                        self.col
                    } else {
                        self.event
                    };
                    if let Some(e) = self.table.as_ref().and_then(|t| t.info.events.get(i)) {
                        return Reply::CloseAndRun(SeasonCmd::OpenEvent(EventId(e.event_id)));
                    }
                }
            },
            _ => {
                let n = self.seasons.len();
                let moved = match self.pane {
                    Pane::Seasons => {
                        let before = self.sel;
                        let m = a.move_in_list(&mut self.sel, n);
                        // A new season selected: read its table.
                        if m && self.sel != before {
                            let id = self.seasons[self.sel].key();
                            return Reply::Run(SeasonCmd::Load(Some(id)));
                        }
                        m
                    }
                    Pane::Table => a.move_in_list(&mut self.row, rows),
                    Pane::Events => a.move_in_list(&mut self.event, events),
                };
                if !moved {
                    return Reply::Ignored;
                }
            }
        }
        Reply::Handled
    }

    fn update_form(&mut self, a: Action, ui: &Ui) -> Reply<SeasonCmd> {
        let season = self.season_id();
        let ncand = self.candidates.len();
        let Some(form) = self.form.as_mut() else {
            return Reply::Ignored;
        };
        if a == Action::Cancel || a == Action::Back {
            self.form = None;
            return Reply::Handled;
        }
        match form {
            SeasonForm::New { fields, at } => match a {
                Action::NextField => *at = (*at + 1) % NEW_FIELDS.len(),
                Action::PrevField => *at = (*at + NEW_FIELDS.len() - 1) % NEW_FIELDS.len(),
                Action::Backspace => {
                    fields[*at].pop();
                }
                Action::Input(c) => fields[*at].push(c),
                Action::Submit => {
                    let f = |i: usize| Some(fields[i].trim().to_string()).filter(|s| !s.is_empty());
                    let whole =
                        |i: usize, min: u32, key: &'static str| -> Result<Option<u32>, String> {
                            match f(i) {
                                None => Ok(None),
                                Some(t) => match t.parse::<u32>() {
                                    Ok(n) if n >= min => Ok(Some(n)),
                                    _ => Err(msg!(key, value = t).render(ui.lang)),
                                },
                            }
                        };
                    let best = match whole(2, 1, "err.season.bad_best_value") {
                        Ok(b) => b,
                        Err(e) => return Reply::Say(e, true),
                    };
                    let min_events = match whole(3, 0, "err.season.bad_min_events") {
                        Ok(b) => b,
                        Err(e) => return Reply::Say(e, true),
                    };
                    return Reply::Run(SeasonCmd::Create(SeasonDraft {
                        name: fields[0].trim().to_string(),
                        rule: f(1),
                        best,
                        min_events,
                        participation: f(4),
                    }));
                }
                _ => {}
            },
            SeasonForm::Add { choice, weight } => match a {
                Action::ChoiceNext | Action::NextField | Action::Down => {
                    *choice = (*choice + 1) % ncand.max(1)
                }
                Action::ChoicePrev | Action::PrevField | Action::Up => {
                    *choice = (*choice + ncand.max(1) - 1) % ncand.max(1)
                }
                Action::Backspace => {
                    weight.pop();
                }
                Action::Input(c) => weight.push(c),
                Action::Submit if ncand > 0 => {
                    let (Some(season), Some(c)) = (season, self.candidates.get(*choice)) else {
                        return Reply::Handled;
                    };
                    let w = weight.trim().to_string();
                    return Reply::Run(SeasonCmd::AddEvent {
                        season,
                        event: c.id,
                        weight: Some(w).filter(|w| !w.is_empty()),
                    });
                }
                _ => {}
            },
            SeasonForm::Print { format, path } => match a {
                Action::ChoiceNext | Action::Down => *format = (*format + 1) % PRINT_FORMATS.len(),
                Action::ChoicePrev | Action::Up => {
                    *format = (*format + PRINT_FORMATS.len() - 1) % PRINT_FORMATS.len()
                }
                Action::Backspace => {
                    path.pop();
                }
                Action::Input(c) => path.push(c),
                Action::Submit => {
                    let Some(season) = season else {
                        return Reply::Handled;
                    };
                    return Reply::Run(SeasonCmd::Print {
                        season,
                        format: PRINT_FORMATS[*format].to_string(),
                        path: path.trim().to_string(),
                        force: false,
                    });
                }
                _ => {}
            },
        }
        Reply::Handled
    }
}
