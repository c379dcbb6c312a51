//! Roster editing on the Teams tab: `a` adds a reserve at the
//! end of the selected team's roster, `x` takes a player off it. The same
//! rules and messages as `qishe team roster` (the app's `change_roster`):
//! a reserve may join at any time; once round 1 is paired a removal is the
//! arbiter's (the form's second line), and a player in a paired lineup is
//! never removed. A refusal stays in the form with what was typed.

use super::super::component::{Reply, Ui};
use super::super::keymap::Action;
use super::{TeamsCmd, TeamsTab};
use crate::app::teams::RosterChange;
use crate::app::App;
use crate::app::{EventId, MemberId, TeamId};
use crate::i18n::tr;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The roster form of one team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterEditor {
    /// The team (its id; its name, shown).
    pub id: TeamId,
    pub team: String,
    /// Take a player off (else add a reserve).
    pub remove: bool,
    /// Add: the member's name or id as typed.
    pub input: String,
    /// Remove: the roster (member and name, board order) and the one
    /// picked.
    pub roster: Vec<(MemberId, String)>,
    pub pick: usize,
    /// The form's second line: add — an unknown name becomes a new member;
    /// remove — the arbiter changes a roster fixed by round 1's pairing.
    pub flag: bool,
    /// Which line has the focus (0: the player, 1: the flag).
    pub focus: usize,
    /// The app's refusal of the last submit, in the UI language.
    pub error: Option<String>,
}

/// Opens the form for the selected team, or says why not (the key of
/// the reason: no team yet, nobody on the roster to take off).
pub fn open(t: &mut TeamsTab, remove: bool) -> Result<(), &'static str> {
    let Some((v, _)) = t.teams.get(t.sel) else {
        return Err("tui.teams.no_teams");
    };
    if remove && v.roster.is_empty() {
        return Err("tui.teams.roster_empty");
    }
    t.roster_editor = Some(RosterEditor {
        id: v.team.key(),
        team: v.team.name.clone(),
        remove,
        input: String::new(),
        roster: v
            .roster
            .iter()
            .map(|e| (MemberId(e.member_id), e.name.clone()))
            .collect(),
        pick: 0,
        flag: false,
        focus: 0,
        error: None,
    });
    Ok(())
}

/// A roster change as the form has it: a reserve as typed (resolved when
/// it runs) or the player picked to take off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedChange {
    Add { player: String, create: bool },
    Remove { player: MemberId, name: String },
}

/// Keys while the form is open.
pub fn update(t: &mut TeamsTab, a: Action) -> Reply<TeamsCmd> {
    let event = t.event;
    let Some(e) = t.roster_editor.as_mut() else {
        return Reply::Ignored;
    };
    match a {
        Action::Cancel | Action::Back => t.roster_editor = None,
        Action::NextField | Action::PrevField | Action::Down | Action::Up => e.focus = 1 - e.focus,
        Action::ChoiceNext | Action::ChoicePrev if e.focus == 1 => e.flag = !e.flag,
        Action::Input(' ') if e.focus == 1 => e.flag = !e.flag,
        Action::ChoiceNext | Action::ChoicePrev if e.remove => {
            let n = e.roster.len().max(1);
            e.pick = if a == Action::ChoiceNext {
                (e.pick + 1) % n
            } else {
                (e.pick + n - 1) % n
            };
        }
        Action::Input(c) if !e.remove && e.focus == 0 => e.input.push(c),
        Action::Backspace if !e.remove && e.focus == 0 => {
            e.input.pop();
        }
        Action::Submit => {
            let change = match e.roster.get(e.pick) {
                Some((player, name)) if e.remove => TypedChange::Remove {
                    player: *player,
                    name: name.clone(),
                },
                _ if e.remove => return Reply::Handled,
                _ => TypedChange::Add {
                    player: e.input.trim().to_string(),
                    create: e.flag,
                },
            };
            return Reply::Run(TeamsCmd::Roster {
                event,
                team: e.id,
                name: e.team.clone(),
                change,
                force: e.remove && e.flag,
            });
        }
        Action::ForceQuit => return Reply::Quit,
        _ => {}
    }
    Reply::Handled
}

/// Runs the change through the app (the same rules and messages as
/// `qishe team roster`); the tab keeps a refusal in the form.
pub fn run(
    app: &mut App,
    ui: &Ui,
    (event, id, team): (EventId, TeamId, &str),
    change: &TypedChange,
    force: bool,
) -> crate::app::Result<String> {
    let (typed, who) = match change {
        TypedChange::Add { player, create } => (
            RosterChange::Add {
                player: app.find_reserve(player, *create)?,
            },
            player,
        ),
        TypedChange::Remove { player, name } => (RosterChange::Remove { player: *player }, name),
    };
    app.change_roster(event, id, &typed, force)?;
    Ok(format!(
        "{}: {team} · {who}",
        ui.t("tui.teams.roster_saved")
    ))
}

/// Draws the form in the middle of `area`.
pub fn draw(m: &Ui, e: &RosterEditor, f: &mut Frame, area: Rect) {
    let lang = m.lang;
    let h = 6 + u16::from(e.error.is_some()) * 2;
    let w = 60.min(area.width);
    let x = area.x + (area.width - w) / 2;
    let y = area.y + area.height.saturating_sub(h) / 2;
    let boxed = Rect::new(x, y, w, h.min(area.height));
    f.render_widget(Clear, boxed);
    let player = if e.remove {
        format!(
            "‹ {}. {} ›",
            e.pick + 1,
            e.roster
                .get(e.pick)
                .map(|r| r.1.clone())
                .unwrap_or_default()
        )
    } else {
        format!("{}▏", e.input)
    };
    let flag_key = if e.remove {
        "tui.teams.roster_force"
    } else {
        "tui.teams.roster_create"
    };
    let mark = |on: bool| if on { "[x]" } else { "[ ]" };
    let line = |i: usize, text: String| {
        let l = Line::from(format!("{} {text}", if e.focus == i { "▶" } else { " " }));
        if e.focus == i {
            l.reversed()
        } else {
            l
        }
    };
    let mut lines = vec![
        line(0, format!("{}: {player}", tr(lang, "col.name"))),
        line(1, format!("{} {}", mark(e.flag), tr(lang, flag_key))),
        Line::from(""),
        Line::from(tr(lang, "tui.teams.roster_keys").to_string()).italic(),
    ];
    if let Some(err) = &e.error {
        lines.push(Line::from(err.clone()).red().bold());
    }
    let title = if e.remove {
        "tui.teams.roster_remove"
    } else {
        "tui.teams.roster_add"
    };
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(" {} · {} ", tr(lang, title), e.team))),
        boxed,
    );
}
