//! The one keymap table: key → [`Action`] per context. The help bar and the
//! `?` help are generated from it, so a binding and its help cannot drift.

use crate::config::ConfigError;
use crate::i18n::msg;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

mod table;

use table::b;
pub use table::KEYMAP;

/// What a key asks for. Resolved here, executed in `update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Quit,
    ForceQuit,
    Back,
    Help,
    Up,
    Down,
    Top,
    Bottom,
    NextTab,
    PrevTab,
    Search,
    Add,
    Edit,
    Retire,
    Open,
    NewEvent,
    EnterPlayer,
    Withdraw,
    PairNext,
    /// Round tab: set the next round's boards by hand (when the rules
    /// leave no pairing, or the arbiter pairs it himself).
    SetBoards,
    Unpair,
    SwapColours,
    RedWin,
    Draw,
    BlackWin,
    RedForfeits,
    BlackForfeits,
    Explain,
    Import,
    /// Events list: make an event of another program's TRF file.
    ImportTrf,
    RequestBye,
    Forbid,
    AttachRecord,
    PrintDoc,
    Undo,
    Confirm,
    Cancel,
    Submit,
    NextField,
    PrevField,
    ChoiceNext,
    ChoicePrev,
    /// Round tab: mark a player to move, or swap with the marked one.
    MarkMove,
    /// Round tab, moving: the other player of the board (red ↔ black).
    OtherSide,
    /// A mouse click on a tab of the header (index).
    SelectTab(usize),
    /// A mouse click on a row of the list (index).
    SelectRow(usize),
    /// Round tab, moving: a click on a board's red (`false`) or black
    /// (`true`) player.
    SelectSeat(usize, bool),
    /// A character typed into the focused text field or search.
    Input(char),
    Backspace,
    /// Results tab: the repetition ruling of the selected board's record.
    Judge,
    /// Club screen: the selected member's page.
    MemberPage,
    /// Club and Events screens: the statistics screen.
    Statistics,
    /// Member page: head-to-head against another member.
    HeadToHead,
    /// Statistics screen: edit the filter.
    Filter,
    /// Teams tab: the next view (teams, matches, standings, board prizes).
    NextView,
    /// Event tabs: the round before (Bracket tab: the round to the left).
    PrevRound,
    /// Event tabs: the round after (Bracket tab: the round to the right).
    NextRound,
    /// Teams tab: set the selected team's lineup for the round shown.
    Lineup,
    /// Bracket tab: record the winner drawn by lot.
    Lot,
    /// Teams tab: a new team.
    NewTeam,
    /// Teams tab: a player joins the selected team's roster.
    RosterAdd,
    /// Teams tab: a player leaves the selected team's roster (not the club).
    RosterRemove,
    /// Redo what the last undo took back.
    Redo,
    PageUp,
    PageDown,
    /// Finish the event (or reopen a finished one), after a question.
    FinishEvent,
    /// Open the action log.
    ActionLog,
    /// Players tab: the check-in of the next round.
    CheckIn,
    /// Check-in: present ↔ absent.
    Toggle,
    /// Check-in: everyone present (again: nobody).
    AllPresent,
    /// Events list and Players tab: the event's settings.
    EditEvent,
    /// Club and Events screens: the game archive.
    Archive,
    /// Archive game view: one move back / forward.
    StepBack,
    StepForward,
    /// Archive game view: every game that reached the position shown.
    PositionSearch,
    /// Event tabs: the Prizes tab (shown once the event has a prize list,
    /// or after this key).
    Prizes,
    /// Club and Events screens: the Season screen (年度积分榜).
    Season,
    /// Season screen: a new season.
    NewSeason,
    /// Season screen: add an event (with its weight) to the season.
    SeasonAdd,
    /// Season screen: take the selected event out of the season.
    SeasonRemove,
    /// Season screen: the table's event column to the left / right.
    ColumnLeft,
    ColumnRight,
    /// Event tabs: serve the club's pages on the network and show the
    /// address with its QR code.
    Serve,
    /// Results tab: accept the result a player reported for the board.
    AcceptReport,
    /// The entry picker: mark the selected member (several at once).
    Mark,
    /// The entry picker: enter the marked members, or else the selected one.
    TakePicked,
}

/// Rows a PageUp or PageDown moves in a list.
pub const PAGE: usize = 10;

impl Action {
    /// The outcome a result key stands for (`None`: not a result key).
    pub fn outcome(self) -> Option<crate::domain::Outcome> {
        use crate::domain::Outcome;
        Some(match self {
            Action::RedWin => Outcome::RedWin,
            Action::Draw => Outcome::Draw,
            Action::BlackWin => Outcome::BlackWin,
            Action::RedForfeits => Outcome::RedForfeits,
            Action::BlackForfeits => Outcome::BlackForfeits,
            _ => return None,
        })
    }

    /// Moves the selection `sel` of a list of `len` rows for the navigation
    /// keys (up, down, page up and down, top, bottom); false, with `sel`
    /// unchanged, for any other action.
    pub fn move_in_list(self, sel: &mut usize, len: usize) -> bool {
        let last = len.saturating_sub(1);
        *sel = match self {
            Action::Up => sel.saturating_sub(1),
            Action::Down => (*sel + 1).min(last),
            Action::PageUp => sel.saturating_sub(PAGE),
            Action::PageDown => (*sel + PAGE).min(last),
            Action::Top => 0,
            Action::Bottom => last,
            _ => return false,
        };
        true
    }

    /// The kebab-case name (config files, help texts: `action.<name>`).
    pub fn name(self) -> &'static str {
        use Action::*;
        match self {
            Quit => "quit",
            ForceQuit => "force-quit",
            Back => "back",
            Help => "help",
            Up => "up",
            Down => "down",
            Top => "top",
            Bottom => "bottom",
            NextTab => "next-tab",
            PrevTab => "prev-tab",
            Search => "search",
            Add => "add",
            Edit => "edit",
            Retire => "retire",
            Open => "open",
            NewEvent => "new-event",
            EnterPlayer => "enter-player",
            Withdraw => "withdraw",
            PairNext => "pair-next",
            SetBoards => "set-boards",
            Unpair => "unpair",
            SwapColours => "swap-colours",
            RedWin => "red-win",
            Draw => "draw",
            BlackWin => "black-win",
            RedForfeits => "red-forfeits",
            BlackForfeits => "black-forfeits",
            Explain => "explain",
            Import => "import",
            ImportTrf => "import-trf",
            RequestBye => "request-bye",
            Forbid => "forbid",
            AttachRecord => "attach-record",
            PrintDoc => "print",
            Undo => "undo",
            Confirm => "confirm",
            Cancel => "cancel",
            Submit => "submit",
            NextField => "next-field",
            PrevField => "prev-field",
            ChoiceNext => "choice-next",
            ChoicePrev => "choice-prev",
            MarkMove => "mark-move",
            OtherSide => "other-side",
            SelectTab(_) => "select-tab",
            SelectRow(_) => "select-row",
            SelectSeat(..) => "select-seat",
            Input(_) => "input",
            Backspace => "backspace",
            Judge => "judge",
            MemberPage => "member-page",
            Statistics => "statistics",
            HeadToHead => "head-to-head",
            Filter => "filter",
            NextView => "next-view",
            PrevRound => "prev-round",
            NextRound => "next-round",
            Lineup => "lineup",
            Lot => "lot",
            NewTeam => "new-team",
            RosterAdd => "roster-add",
            RosterRemove => "roster-remove",
            Redo => "redo",
            PageUp => "page-up",
            PageDown => "page-down",
            FinishEvent => "finish-event",
            ActionLog => "action-log",
            CheckIn => "check-in",
            Toggle => "toggle",
            AllPresent => "all-present",
            EditEvent => "edit-event",
            Archive => "archive",
            StepBack => "step-back",
            StepForward => "step-forward",
            PositionSearch => "position-search",
            Prizes => "prizes",
            Season => "season",
            NewSeason => "new-season",
            SeasonAdd => "season-add",
            SeasonRemove => "season-remove",
            ColumnLeft => "column-left",
            ColumnRight => "column-right",
            Serve => "serve",
            AcceptReport => "accept-report",
            Mark => "mark",
            TakePicked => "take-picked",
        }
    }

    /// The i18n key of the action's help text.
    pub fn help_key(self) -> String {
        format!("action.{}", self.name())
    }
}

/// Where a key is pressed: each screen, tab and modal has its own bindings;
/// `Global` ones apply everywhere except in text entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ctx {
    Global,
    /// Club and Events (the top screen): navigation shared by lists.
    List,
    Club,
    Events,
    Players,
    Round,
    Results,
    Standings,
    Crosstable,
    Print,
    /// An event's tabs (shared).
    Event,
    /// A form or a search field has the keyboard.
    Form,
    /// The entry picker (with `Form` after it: typed text searches).
    Picker,
    Confirm,
    /// An open form whose Esc asks whether to throw away what it holds.
    Discard,
    /// Round tab while a player is marked for a move.
    Move,
    /// The repetition ruling dialog (Results tab).
    Judge,
    /// The member page.
    Member,
    /// The statistics screen.
    Stats,
    /// Shared by the member page and the statistics screen.
    Page,
    /// The Teams tab of a team event.
    Teams,
    /// The Bracket tab of a knockout.
    Bracket,
    /// The Prizes tab of an individual event.
    Prizes,
    /// The action log pop-up.
    Log,
    /// The check-in pop-up.
    CheckIn,
    /// The pop-up of a board whose reports disagree.
    Reports,
    /// The archive screen's game list, and its game view.
    Archive,
    ArchiveGame,
    /// The Season screen.
    Season,
}

/// One binding.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub ctx: Ctx,
    pub code: KeyCode,
    pub mods: KeyModifiers,
    pub action: Action,
    /// Shown on the bottom bar (the most useful few).
    pub bar: bool,
}

fn same_key(bd: &Binding, key: &KeyEvent) -> bool {
    // Shifted letters arrive with SHIFT on some terminals and without on others.
    let mods = key.modifiers - KeyModifiers::SHIFT;
    let want = bd.mods - KeyModifiers::SHIFT;
    bd.code == key.code && mods == want
}

/// The keys in force: [`KEYMAP`] with the `[keys]` of config.toml applied.
#[derive(Clone, Debug)]
pub struct Keymap(Vec<Binding>);

impl Default for Keymap {
    fn default() -> Self {
        Keymap(KEYMAP.to_vec())
    }
}

impl Keymap {
    /// [`KEYMAP`] with `[keys]` applied: each named action takes the key
    /// given in place of its own, in every context it has a key in (a
    /// binding of that key to another action there gives way). An unknown
    /// action or key is an error at its line and column.
    pub fn from_config(config: &crate::config::Config) -> Result<Keymap, ConfigError> {
        let file = config
            .source
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "config.toml".into());
        let err = |(line, column): (usize, usize), why| ConfigError {
            file: file.clone(),
            line,
            column,
            why,
        };
        // (action, its new key) for each line of [keys].
        let mut new: Vec<(Action, Binding)> = Vec::new();
        for kb in &config.keys {
            let action = KEYMAP
                .iter()
                .map(|b| b.action)
                .find(|a| a.name() == kb.action)
                .ok_or_else(|| {
                    err(
                        kb.action_at,
                        msg!("err.config.unknown_action", value = &kb.action),
                    )
                })?;
            let (code, mods) = parse_key(&kb.key)
                .ok_or_else(|| err(kb.key_at, msg!("err.config.bad_key", value = &kb.key)))?;
            new.push((action, b(Ctx::Global, code, mods, action, false)));
        }
        let contexts = |action: Action| {
            KEYMAP
                .iter()
                .filter(move |b| b.action == action)
                .map(|b| b.ctx)
        };
        let mut map: Vec<Binding> = Vec::new();
        for bd in KEYMAP {
            match new.iter().find(|(a, _)| *a == bd.action) {
                // A rebound action: its new key where it had its first.
                Some((_, key)) => {
                    if !map.iter().any(|m| m.action == bd.action && m.ctx == bd.ctx) {
                        map.push(Binding {
                            ctx: bd.ctx,
                            bar: bd.bar,
                            ..*key
                        });
                    }
                }
                // Another action's binding on a key given away here: gone.
                None if new
                    .iter()
                    .any(|(a, key)| same_binding(bd, key) && contexts(*a).any(|c| c == bd.ctx)) => {
                }
                None => map.push(*bd),
            }
        }
        Ok(Keymap(map))
    }

    /// The action of `key` in the given contexts (see [`resolve`]).
    pub fn resolve(&self, ctxs: &[Ctx], key: &KeyEvent) -> Option<Action> {
        resolve_in(&self.0, ctxs, key)
    }

    /// The (keys, action) pairs of the contexts (see [`help_entries`]).
    pub fn help_entries(&self, ctxs: &[Ctx], bar_only: bool) -> Vec<(String, Action)> {
        help_entries_in(&self.0, ctxs, bar_only)
    }
}

/// Two bindings on the same key (shift aside, as [`same_key`]).
fn same_binding(a: &Binding, b: &Binding) -> bool {
    a.code == b.code && a.mods - KeyModifiers::SHIFT == b.mods - KeyModifiers::SHIFT
}

/// A key as config.toml writes it: one character but a digit (`r`, `R`,
/// `=`), a name
/// (`enter`, `esc`, `tab`, `backtab`, `space`, `backspace`, `delete`,
/// `up`, `down`, `left`, `right`, `home`, `end`, `pageup`, `pagedown`,
/// `f1`…`f12`), either after `ctrl+`.
pub fn parse_key(text: &str) -> Option<(KeyCode, KeyModifiers)> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let (mods, rest) = match lower
        .strip_prefix("ctrl+")
        .or_else(|| lower.strip_prefix("ctrl-"))
    {
        Some(_) => (KeyModifiers::CONTROL, &t[5..]),
        None => (KeyModifiers::NONE, t),
    };
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        // Digits type a board number on the results: never a key here.
        (Some(c), None) if !c.is_control() && !c.is_ascii_digit() => {
            let c = if mods == KeyModifiers::CONTROL {
                c.to_ascii_lowercase()
            } else {
                c
            };
            KeyCode::Char(c)
        }
        _ => match rest.to_ascii_lowercase().as_str() {
            "enter" => KeyCode::Enter,
            "esc" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "backtab" => KeyCode::BackTab,
            "space" => KeyCode::Char(' '),
            "backspace" => KeyCode::Backspace,
            "delete" => KeyCode::Delete,
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "pageup" => KeyCode::PageUp,
            "pagedown" => KeyCode::PageDown,
            f => KeyCode::F(
                f.strip_prefix('f')?
                    .parse()
                    .ok()
                    .filter(|n| (1..=12).contains(n))?,
            ),
        },
    };
    Some((code, mods))
}

/// The action of `key` in the given contexts (searched in order), by the
/// built-in keys. In a text context (`Form`) only `Form` bindings count and
/// any other character is input.
pub fn resolve(ctxs: &[Ctx], key: &KeyEvent) -> Option<Action> {
    resolve_in(KEYMAP, ctxs, key)
}

fn resolve_in(map: &[Binding], ctxs: &[Ctx], key: &KeyEvent) -> Option<Action> {
    for c in ctxs {
        if let Some(bd) = map.iter().find(|bd| bd.ctx == *c && same_key(bd, key)) {
            return Some(bd.action);
        }
    }
    if ctxs.contains(&Ctx::Form) {
        if let KeyCode::Char(ch) = key.code {
            if !key.modifiers.contains(KeyModifiers::CONTROL) {
                return Some(Action::Input(ch));
            }
        }
    }
    None
}

/// The label of a key as help shows it.
pub fn key_label(code: KeyCode, mods: KeyModifiers) -> String {
    let k = match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::BackTab => "S-Tab".into(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::Backspace => "⌫".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        other => format!("{other:?}"),
    };
    if mods.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{k}")
    } else {
        k
    }
}

/// Every (keys, action) of the contexts, keys of one action joined by `/`,
/// in table order. `bar_only` keeps the bottom bar's few.
pub fn help_entries(ctxs: &[Ctx], bar_only: bool) -> Vec<(String, Action)> {
    help_entries_in(KEYMAP, ctxs, bar_only)
}

fn help_entries_in(map: &[Binding], ctxs: &[Ctx], bar_only: bool) -> Vec<(String, Action)> {
    let mut out: Vec<(String, Action)> = Vec::new();
    for (i, c) in ctxs.iter().enumerate() {
        for bd in map.iter().filter(|bd| bd.ctx == *c) {
            if bar_only && !bd.bar {
                continue;
            }
            // A key a more specific context binds does this there, not
            // this: the help lists each key once, with what it does here.
            let shadowed = map
                .iter()
                .any(|x| ctxs[..i].contains(&x.ctx) && same_binding(x, bd));
            if shadowed {
                continue;
            }
            let label = key_label(bd.code, bd.mods);
            match out.iter_mut().find(|(_, a)| *a == bd.action) {
                Some((keys, _)) => {
                    if !keys.split('/').any(|k| k == label) {
                        keys.push('/');
                        keys.push_str(&label);
                    }
                }
                None => out.push((label, bd.action)),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::table::N;
    use super::*;
    use crate::config::Config;

    fn key(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    fn keymap(toml: &str) -> Result<Keymap, ConfigError> {
        let c = Config::parse(toml, "config.toml", std::path::Path::new(".")).unwrap();
        Keymap::from_config(&c)
    }

    #[test]
    fn keys_as_config_writes_them() {
        let c = KeyModifiers::CONTROL;
        assert_eq!(parse_key("w"), Some((KeyCode::Char('w'), N)));
        assert_eq!(parse_key("R"), Some((KeyCode::Char('R'), N)));
        assert_eq!(parse_key("Ctrl+S"), Some((KeyCode::Char('s'), c)));
        assert_eq!(parse_key("ctrl-enter"), Some((KeyCode::Enter, c)));
        assert_eq!(parse_key("PageDown"), Some((KeyCode::PageDown, N)));
        assert_eq!(parse_key("space"), Some((KeyCode::Char(' '), N)));
        assert_eq!(parse_key("f12"), Some((KeyCode::F(12), N)));
        for bad in ["", "ctrl+", "f13", "enterr", "ab", "1"] {
            assert_eq!(parse_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_rebound_action_answers_its_new_key_only_and_help_shows_it() {
        let m = keymap("[keys]\nred-win = \"w\"\ndraw = \"r\"\n").unwrap();
        let ctxs = [Ctx::Results, Ctx::Event, Ctx::Global];
        let one = key(KeyCode::Char('w'), N);
        let r = key(KeyCode::Char('r'), N);
        assert_eq!(resolve(&ctxs, &r), Some(Action::RedWin));
        assert_eq!(m.resolve(&ctxs, &one), Some(Action::RedWin));
        // `r` now draws; `d` no longer does anything on the results.
        assert_eq!(m.resolve(&ctxs, &r), Some(Action::Draw));
        assert_eq!(
            m.resolve(&[Ctx::Results], &key(KeyCode::Char('d'), N)),
            None
        );
        // Every context red-win had a key in has the new one (the bracket too).
        assert_eq!(m.resolve(&[Ctx::Bracket], &one), Some(Action::RedWin));
        let help = m.help_entries(&[Ctx::Results], false);
        assert!(
            help.contains(&("w".to_string(), Action::RedWin)),
            "{help:?}"
        );
        assert!(help.contains(&("r".to_string(), Action::Draw)), "{help:?}");
        // The built-in map is untouched.
        assert_eq!(Keymap::default().resolve(&ctxs, &r), Some(Action::RedWin));
    }

    #[test]
    fn an_unknown_action_or_key_is_named_at_its_line_and_column() {
        let e = keymap("club = \"x\"\n[keys]\nred-wn = \"w\"\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        assert!(
            e.msg().en().contains("unknown action \"red-wn\""),
            "{}",
            e.msg().en()
        );
        let e = keymap("[keys]\ndraw = \"ctrl+\"\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
        assert!(
            e.msg().en().contains("\"ctrl+\" is not a key"),
            "{}",
            e.msg().en()
        );
    }
}
