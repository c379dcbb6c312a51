//! A team from scratch on the Teams tab: `n` opens a form for the team's
//! name, club and players (names or member ids in board order, optional:
//! `a` adds them one by one later; unknown names become new members when
//! ticked), the same rules as `qishe team add`; `i` reads a teams CSV,
//! shows what it would add and asks before it writes (as the members
//! import does). A refusal stays in the form with what was typed.

use super::super::component::{Reply, Ui};
use super::super::keymap::Action;
use super::{TeamsCmd, TeamsTab};
use crate::i18n::tr;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// What the form is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamFormKind {
    /// A new team: name, club, players, create unknown names.
    NewTeam,
    /// A teams CSV: its path.
    Import,
}

/// The form: text lines, and a tick box for a new team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamForm {
    pub kind: TeamFormKind,
    /// (label key, text) per line.
    pub fields: Vec<(&'static str, String)>,
    /// New team: unknown names become new members.
    pub create: bool,
    /// The focused line (the tick box is the last).
    pub focus: usize,
    /// The app's refusal of the last submit, in the UI language.
    pub error: Option<String>,
}

impl TeamForm {
    pub fn new(kind: TeamFormKind) -> TeamForm {
        let fields = match kind {
            TeamFormKind::NewTeam => vec![
                ("tui.teams.field.name", String::new()),
                ("col.club", String::new()),
                ("tui.teams.field.players", String::new()),
            ],
            TeamFormKind::Import => vec![("tui.field.path", String::new())],
        };
        TeamForm {
            kind,
            fields,
            create: true,
            focus: 0,
            error: None,
        }
    }

    fn lines(&self) -> usize {
        self.fields.len() + usize::from(self.kind == TeamFormKind::NewTeam)
    }

    fn value(&self, i: usize) -> &str {
        self.fields[i].1.trim()
    }
}

/// Keys while the form is open.
pub fn update(t: &mut TeamsTab, a: Action, ui: &Ui) -> Reply<TeamsCmd> {
    let event = t.event;
    let Some(f) = t.team_form.as_mut() else {
        return Reply::Ignored;
    };
    let n = f.lines();
    let on_box = f.focus == f.fields.len();
    match a {
        Action::Cancel | Action::Back => t.team_form = None,
        Action::NextField | Action::Down => f.focus = (f.focus + 1) % n,
        Action::PrevField | Action::Up => f.focus = (f.focus + n - 1) % n,
        Action::ChoiceNext | Action::ChoicePrev | Action::Input(' ') if on_box => {
            f.create = !f.create
        }
        Action::Input(c) if !on_box => f.fields[f.focus].1.push(c),
        Action::Backspace if !on_box => {
            f.fields[f.focus].1.pop();
        }
        Action::Submit => {
            return match f.kind {
                TeamFormKind::NewTeam => {
                    if f.value(0).is_empty() {
                        f.error = Some(ui.t("tui.err.name_required"));
                        return Reply::Handled;
                    }
                    Reply::Run(TeamsCmd::NewTeam {
                        event,
                        name: f.value(0).to_string(),
                        club: Some(f.value(1).to_string()).filter(|c| !c.is_empty()),
                        players: f
                            .value(2)
                            .split([',', '，', '、', ' '])
                            .map(|p| p.trim().to_string())
                            .filter(|p| !p.is_empty())
                            .collect(),
                        create: f.create,
                    })
                }
                TeamFormKind::Import => Reply::Run(TeamsCmd::PreviewImport {
                    event,
                    path: f.value(0).to_string(),
                }),
            };
        }
        Action::ForceQuit => return Reply::Quit,
        _ => {}
    }
    Reply::Handled
}

/// Draws the form in the middle of `area`.
pub fn draw(m: &Ui, e: &TeamForm, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let h = e.lines() as u16 + 4 + u16::from(e.error.is_some()) * 2;
    let w = 64.min(area.width);
    let x = area.x + (area.width - w) / 2;
    let y = area.y + area.height.saturating_sub(h) / 2;
    let boxed = Rect::new(x, y, w, h.min(area.height));
    f.render_widget(Clear, boxed);
    let line = |i: usize, text: String| {
        let l = Line::from(format!("{} {text}", if e.focus == i { "▶" } else { " " }));
        if e.focus == i {
            l.reversed()
        } else {
            l
        }
    };
    let mut lines: Vec<Line> = e
        .fields
        .iter()
        .enumerate()
        .map(|(i, (label, v))| {
            let cursor = if e.focus == i { "▏" } else { "" };
            line(i, format!("{}: {v}{cursor}", tr(lang, label)))
        })
        .collect();
    if e.kind == TeamFormKind::NewTeam {
        let mark = if e.create { "[x]" } else { "[ ]" };
        lines.push(line(
            e.fields.len(),
            format!("{mark} {}", tr(lang, "tui.teams.roster_create")),
        ));
    }
    lines.push(Line::from(""));
    let keys = match e.kind {
        TeamFormKind::NewTeam => "tui.teams.new_team_keys",
        TeamFormKind::Import => "tui.teams.import_keys",
    };
    lines.push(Line::from(tr(lang, keys).to_string()).italic());
    if let Some(err) = &e.error {
        lines.push(Line::from(err.clone()).red().bold());
    }
    let title = match e.kind {
        TeamFormKind::NewTeam => "tui.teams.new_team",
        TeamFormKind::Import => "tui.teams.import",
    };
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(" {} ", tr(lang, title)))),
        boxed,
    );
}
