//! `config.toml`: the club's settings and event defaults.
//!
//! Lookup: `--config PATH`, else `./config.toml`, else the platform config
//! directory; with none, built-in defaults. Unknown keys, wrong types and
//! unknown names are errors that give the file, line and column.

mod certificate;
mod toml_error;
pub use certificate::parse_certificate_template;

use crate::domain::{
    ByeOpponentScore, ByeSettings, EventSettings, PairingKey, PairingOptions, PairingSystem,
    RequestedByeValue, SettingsError, TimeControl,
};
use crate::i18n::{msg, Lang, Msg};
use crate::scoring::team::TeamTieBreak;
use crate::scoring::{SchemeKind, TieBreak};
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Scoring scheme ids a config may name (`../shared/specs/scoring.md`):
/// the enum's own list.
pub const SCHEMES: &[&str] = &crate::scoring::SchemeKind::IDS;

/// Tie-break codes a config may name: the enum's own list.
pub const TIEBREAKS: &[&str] = &crate::scoring::TieBreak::CODES;

/// The keys `[event.pairing]` may hold: the pairing options but those an
/// event is given on its own (the Dutch clubmates rule and the
/// acceleration, individual events' only, and virtual points by entry).
fn pairing_keys() -> impl Iterator<Item = PairingKey> {
    PairingKey::ALL.into_iter().filter(|k| {
        !matches!(
            k,
            PairingKey::Clubmates | PairingKey::Acceleration | PairingKey::VirtualPoints
        )
    })
}

/// A config error, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// What is wrong, by key (`err.config.*`).
    pub why: Msg,
}

impl ConfigError {
    /// The error as a keyed message: where, and what is wrong, in the UI
    /// language (a TOML syntax or type error keeps the reader's own words).
    pub fn msg(&self) -> Msg {
        if self.line == 0 {
            // about the whole file (it cannot be read): no position
            return msg!(
                "err.config.in_file",
                file = &self.file,
                why = self.why.clone()
            );
        }
        msg!(
            "err.config.at",
            file = &self.file,
            line = self.line,
            column = self.column,
            why = self.why.clone()
        )
    }
}

crate::i18n::english_display!(ConfigError);

impl std::error::Error for ConfigError {}

/// The settings in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub club: String,
    pub language: Option<Lang>,
    /// The database file (already resolved relative to the config file).
    pub database: Option<PathBuf>,
    pub event: EventSettings,
    /// The team events' default tie-breaks: `[event] tiebreaks` when it
    /// names team codes (`event.tiebreaks` keeps an individual list).
    pub team_tiebreaks: Vec<crate::scoring::team::TeamTieBreak>,
    /// The `[ratings]` section: the club rating list's K factors.
    pub ratings: crate::history::RatingSettings,
    /// The rule book the repetition ruling uses unless told otherwise.
    pub repetition_rules: crate::xiangqi::repetition::RuleSet,
    /// The order of by-name lists: `pinyin` (default) or `strokes` (笔画).
    pub name_order: crate::domain::NameOrder,
    /// The font PNG pages are drawn with and PDF documents embed (`font`,
    /// or its old name `png_font`; relative to the config file); `None`:
    /// the well-known places (`app::png`).
    pub font: Option<PathBuf>,
    /// The paper PDF documents are laid out on (`paper`: `a4`, `letter`).
    pub paper: crate::domain::Paper,
    /// Who runs the club's events (`organiser`, `venue`, `chief_arbiter`,
    /// `deputy_arbiters`), printed on every document; an event's own
    /// values override these.
    pub identity: crate::domain::Identity,
    /// The certificate template (`certificate_template`, relative to the
    /// config file); `None`: the language's default certificate.
    pub certificate_template: Option<PathBuf>,
    /// Where the club's pages are served (`serve_url`, such as
    /// `http://192.168.1.20:8080`): the printed pairing sheet carries the
    /// QR code of the round's page there.
    pub serve_url: Option<String>,
    /// The file this came from (None = built-in defaults).
    pub source: Option<PathBuf>,
    /// The `[keys]` section: TUI actions bound to other keys, as written;
    /// the TUI checks the names and keys before it starts.
    pub keys: Vec<KeyBinding>,
}

/// One line of `[keys]`: `action-name = "key"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyBinding {
    pub action: String,
    pub key: String,
    /// Where the action's name and the key are written (line, column).
    pub action_at: (usize, usize),
    pub key_at: (usize, usize),
}

impl Default for Config {
    fn default() -> Self {
        Config {
            club: "棋社".into(),
            language: None,
            database: None,
            event: EventSettings::default(),
            team_tiebreaks: Vec::new(),
            ratings: Default::default(),
            repetition_rules: crate::xiangqi::repetition::RuleSet::Cxa2011,
            name_order: Default::default(),
            font: None,
            paper: Default::default(),
            identity: Default::default(),
            certificate_template: None,
            serve_url: None,
            source: None,
            keys: Vec::new(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    club: Option<String>,
    language: Option<Spanned<String>>,
    database: Option<String>,
    event: Option<RawEvent>,
    ratings: Option<RawRatings>,
    repetition_rules: Option<Spanned<String>>,
    name_order: Option<Spanned<String>>,
    png_font: Option<Spanned<String>>,
    font: Option<Spanned<String>>,
    paper: Option<Spanned<String>>,
    organiser: Option<String>,
    venue: Option<String>,
    chief_arbiter: Option<String>,
    deputy_arbiters: Option<Vec<String>>,
    certificate_template: Option<String>,
    serve_url: Option<Spanned<String>>,
    keys: Option<std::collections::BTreeMap<Spanned<String>, Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRatings {
    new_k: Option<u32>,
    new_games: Option<u32>,
    k: Option<u32>,
    high_k: Option<u32>,
    high_threshold: Option<i32>,
    provisional_games: Option<Spanned<u32>>,
    unrated_opponent: Option<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    scheme: Option<SchemeKind>,
    system: Option<PairingSystem>,
    rounds: Option<Spanned<u32>>,
    games_per_round: Option<Spanned<u32>>,
    time_control: Option<Spanned<String>>,
    /// Each code read as a [`TieBreak`] on its own, so a typo names the
    /// element (the TOML reader places errors inside an array at its start).
    tiebreaks: Option<Vec<Spanned<toml::Value>>>,
    byes: Option<RawByes>,
    /// Scheme constants (e.g. `draw = "0.8"`), each checked at load against
    /// the scheme by the scoring layer, so a bad value names its place.
    scheme_settings: Option<std::collections::BTreeMap<String, Spanned<toml::Value>>>,
    /// Pairing options, each checked at load against the pairing layer's
    /// options, so a typo names its place.
    pairing: Option<std::collections::BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawByes {
    opponent_score: Option<Spanned<String>>,
    requested: Option<Spanned<String>>,
    forfeits_to_drop: Option<u32>,
}

/// Line and column (1-based, columns in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

fn toml_to_json(t: &toml::Table) -> serde_json::Map<String, serde_json::Value> {
    // Datetimes and other TOML-only values become their text.
    match serde_json::to_value(t) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

/// One `[event.pairing]` setting against the typed pairing options
/// ([`PairingOptions`]): a key the club's defaults may hold, with a value
/// of its type.
fn check_pairing_setting(key: &str, value: &toml::Value) -> Result<(), Msg> {
    if !pairing_keys().any(|k| k.name() == key) {
        let why = msg!(
            "err.config.unknown_pairing_setting",
            key,
            allowed = pairing_keys()
                .map(PairingKey::name)
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Err(crate::i18n::with_near(
            why,
            key,
            pairing_keys().map(PairingKey::name),
        ));
    }
    let json = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
    let one: serde_json::Map<_, _> = [(key.to_string(), json)].into_iter().collect();
    match PairingOptions::from_map(one) {
        Ok(_) => Ok(()),
        Err(e) => {
            let why = match (key, e) {
                ("double_round_robin" | "round_robin_bye_scores", _) => "true / false".into(),
                ("first_colour", _) => "red / black".into(),
                (_, SettingsError::Value { why, .. }) => why,
                (_, e) => e.to_string(),
            };
            Err(msg!("err.config.pairing_value", key, why))
        }
    }
}

/// `[event] tiebreaks`: a list of one kind, read as individual codes
/// ([`TieBreak`]) or team codes ([`TeamTieBreak`]), or both when every
/// code is both (`direct`, `progressive`). A code of neither kind, or a
/// list that mixes them, names the element.
#[allow(clippy::type_complexity)]
fn read_tiebreaks(
    list: &[Spanned<toml::Value>],
    err_at: &dyn Fn(Range<usize>, Msg) -> ConfigError,
) -> Result<(Option<Vec<TieBreak>>, Option<Vec<TeamTieBreak>>), ConfigError> {
    let mut individual = Some(Vec::new());
    let mut team = Some(Vec::new());
    let mut first: Option<(String, bool)> = None;
    for t in list {
        let code = t.get_ref().as_str().unwrap_or_default().trim();
        if code == "points" || code == "match-points" {
            continue;
        }
        let i = TieBreak::parse(code).ok();
        let m = TeamTieBreak::parse(code).ok();
        if i.is_none() && m.is_none() {
            // Not a string: the reader's type error; else both lists.
            let why = match TieBreak::deserialize(t.get_ref().clone()) {
                Err(e) if !t.get_ref().is_str() => toml_error::toml_msg(e.message()),
                _ => crate::i18n::with_near(
                    msg!(
                        "err.config.unknown_tiebreak_any",
                        code,
                        allowed = TieBreak::CODES.join(", "),
                        team = TeamTieBreak::ALL.map(|t| t.code()).join(", ")
                    ),
                    code,
                    TieBreak::CODES
                        .iter()
                        .copied()
                        .chain(TeamTieBreak::ALL.map(|t| t.code())),
                ),
            };
            return Err(err_at(t.span(), why));
        }
        match (&first, i.is_some(), m.is_some()) {
            (None, true, false) => first = Some((code.to_string(), false)),
            (None, false, true) => first = Some((code.to_string(), true)),
            (Some((f, true)), true, false) | (Some((f, false)), false, true) => {
                return Err(err_at(
                    t.span(),
                    msg!("err.config.tiebreaks_mixed", code, first = f.as_str()),
                ))
            }
            _ => {}
        }
        individual = individual.zip(i).map(|(mut v, x)| {
            v.push(x);
            v
        });
        team = team.zip(m).map(|(mut v, x)| {
            v.push(x);
            v
        });
    }
    Ok((individual, team))
}

impl Config {
    /// Parses a config text. `file` names it in messages; `dir` is where a
    /// relative `database` path starts.
    pub fn parse(text: &str, file: &str, dir: &Path) -> Result<Config, ConfigError> {
        let err_at = |span: Range<usize>, why: Msg| {
            let (line, column) = line_col(text, span.start);
            ConfigError {
                file: file.to_string(),
                line,
                column,
                why,
            }
        };
        // TOML allows no control character but the tab outside strings and
        // no bare CR at all; its parser then says where but not why. Say
        // which character it is (a file saved with old-Mac line ends, a
        // NUL from a damaged copy).
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let crlf = c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n');
            if c.is_control() && c != '\n' && c != '\t' && !crlf {
                let why = if c == '\r' {
                    msg!("err.config.bare_cr")
                } else {
                    msg!("err.config.control", code = format!("U+{:04X}", c as u32))
                };
                return Err(err_at(at..at, why));
            }
        }
        let raw: RawConfig = toml::from_str(text)
            .map_err(|e| err_at(e.span().unwrap_or(0..0), toml_error::toml_msg(e.message())))?;
        let mut c = Config::default();
        let club_set = raw.club.is_some();
        if let Some(club) = raw.club {
            c.club = club;
        }
        if let Some(l) = raw.language {
            c.language = Some(Lang::from_code(l.get_ref()).ok_or_else(|| {
                err_at(
                    l.span(),
                    msg!("err.config.unknown_language", value = l.get_ref()),
                )
            })?);
        }
        if let Some(r) = raw.repetition_rules {
            c.repetition_rules = crate::xiangqi::repetition::RuleSet::from_code(r.get_ref())
                .ok_or_else(|| {
                    err_at(
                        r.span(),
                        msg!("err.config.unknown_repetition_rules", value = r.get_ref()),
                    )
                })?;
        }
        if let Some(o) = raw.name_order {
            c.name_order = crate::domain::NameOrder::from_code(o.get_ref()).ok_or_else(|| {
                err_at(
                    o.span(),
                    msg!("err.config.unknown_name_order", value = o.get_ref()),
                )
            })?;
        }
        if let Some(db) = raw.database {
            let p = native_path(PathBuf::from(db));
            c.database = Some(if p.is_relative() { dir.join(p) } else { p });
        }
        if let Some(f) = raw.certificate_template {
            let p = PathBuf::from(f);
            c.certificate_template = Some(if p.is_relative() { dir.join(p) } else { p });
        }
        // `font` is `png_font`'s new name; both at once is a mistake.
        if let (Some(_), Some(old)) = (&raw.font, &raw.png_font) {
            return Err(err_at(old.span(), msg!("err.config.font_twice")));
        }
        if let Some(f) = raw.font.or(raw.png_font) {
            let p = native_path(PathBuf::from(f.into_inner()));
            c.font = Some(if p.is_relative() { dir.join(p) } else { p });
        }
        if let Some(u) = raw.serve_url {
            let url = u.get_ref().trim().trim_end_matches('/');
            let ok = (url.starts_with("http://") || url.starts_with("https://"))
                && url.len() <= 200
                && !url.chars().any(|c| c.is_whitespace() || c.is_control());
            if !ok {
                return Err(err_at(
                    u.span(),
                    msg!("err.config.serve_url", value = u.get_ref()),
                ));
            }
            c.serve_url = Some(url.to_string());
        }
        if let Some(p) = raw.paper {
            c.paper = crate::domain::Paper::from_code(p.get_ref()).ok_or_else(|| {
                err_at(
                    p.span(),
                    msg!("err.config.unknown_paper", value = p.get_ref()),
                )
            })?;
        }
        c.identity = crate::domain::Identity {
            club: Some(c.club.clone()).filter(|_| club_set),
            organiser: raw.organiser,
            venue: raw.venue,
            chief_arbiter: raw.chief_arbiter,
            deputy_arbiters: raw.deputy_arbiters.unwrap_or_default(),
        }
        .normalized();
        for (action, key) in raw.keys.unwrap_or_default() {
            c.keys.push(KeyBinding {
                action_at: line_col(text, action.span().start),
                key_at: line_col(text, key.span().start),
                action: action.into_inner(),
                key: key.into_inner(),
            });
        }
        if let Some(ev) = raw.event {
            let s = &mut c.event;
            if let Some(v) = ev.scheme {
                s.scheme = v.id().to_string();
            }
            if let Some(v) = ev.system {
                s.system = v;
            }
            if let Some(v) = ev.rounds {
                if *v.get_ref() == 0 {
                    return Err(err_at(v.span(), msg!("err.config.rounds_zero")));
                }
                s.rounds = v.into_inner();
            }
            if let Some(v) = ev.games_per_round {
                if !(1..=2).contains(v.get_ref()) {
                    return Err(err_at(v.span(), msg!("err.config.games_per_round")));
                }
                s.games_per_round = v.into_inner();
            }
            if let Some(v) = ev.time_control {
                s.time_control = v
                    .get_ref()
                    .parse::<TimeControl>()
                    .map_err(|e| err_at(v.span(), e.msg()))?;
            }
            if let Some(list) = ev.tiebreaks {
                let (individual, team) = read_tiebreaks(&list, &err_at)?;
                if let Some(v) = individual {
                    s.tiebreaks = crate::scoring::TieBreaks::Individual(v).list();
                }
                if let Some(v) = team {
                    c.team_tiebreaks = v;
                }
            }
            if let Some(b) = ev.byes {
                let mut bs = ByeSettings::default();
                if let Some(v) = b.opponent_score {
                    bs.opponent_score =
                        ByeOpponentScore::from_code(v.get_ref()).ok_or_else(|| {
                            err_at(
                                v.span(),
                                msg!("err.config.unknown_bye_score", value = v.get_ref()),
                            )
                        })?;
                }
                if let Some(v) = b.requested {
                    bs.requested = RequestedByeValue::from_code(v.get_ref()).ok_or_else(|| {
                        err_at(
                            v.span(),
                            msg!("err.config.unknown_bye_value", value = v.get_ref()),
                        )
                    })?;
                }
                if let Some(v) = b.forfeits_to_drop {
                    bs.forfeits_to_drop = v;
                }
                s.byes = bs;
            }
            if let Some(t) = ev.scheme_settings {
                // The whole table is checked against the scheme; an error
                // points at the first value that is wrong on its own (else
                // at the first value of the table).
                let mut all = toml::Table::new();
                let mut spans = Vec::new();
                for (k, v) in t {
                    spans.push((k.clone(), v.span()));
                    all.insert(k, v.into_inner());
                }
                let check = |m: &toml::Table| {
                    crate::scoring::read_scheme_constants(&s.scheme, &toml_to_json(m))
                };
                let read = check(&all);
                if let Err(e) = &read {
                    let (key, span) = spans
                        .iter()
                        .find(|(k, _)| {
                            let mut one = toml::Table::new();
                            one.insert(k.clone(), all[k.as_str()].clone());
                            check(&one).is_err()
                        })
                        .or(spans.first())
                        .cloned()
                        .unwrap_or_default();
                    return Err(err_at(
                        span,
                        msg!("err.config.scheme_setting", key, why = e.msg()),
                    ));
                }
                if let Ok(c) = read {
                    s.scheme_settings = c;
                }
            }
            if let Some(t) = ev.pairing {
                let mut all = toml::Table::new();
                let mut spans = Vec::new();
                for (k, v) in t {
                    check_pairing_setting(k.get_ref(), v.get_ref())
                        .map_err(|why| err_at(k.span(), why))?;
                    spans.push((k.get_ref().clone(), k.span()));
                    all.insert(k.into_inner(), v.into_inner());
                }
                // Every option is for the systems that read it: `[event]
                // system` (Dutch unless set) must be one of them.
                for (k, span) in spans {
                    let key = PairingKey::from_name(&k);
                    if let Some(key) = key.filter(|key| !key.read_by(s.system)) {
                        return Err(err_at(span, PairingOptions::foreign_msg(key, s.system)));
                    }
                }
                s.pairing_settings.options = PairingOptions::from_map(toml_to_json(&all))
                    .map_err(|e| err_at(0..0, e.msg()))?;
            }
        }
        if let Some(r) = raw.ratings {
            let s = &mut c.ratings;
            s.new_k = r.new_k.unwrap_or(s.new_k);
            s.new_games = r.new_games.unwrap_or(s.new_games);
            s.k = r.k.unwrap_or(s.k);
            s.high_k = r.high_k.unwrap_or(s.high_k);
            s.high_threshold = r.high_threshold.unwrap_or(s.high_threshold);
            s.unrated_opponent = r.unrated_opponent.unwrap_or(s.unrated_opponent);
            if let Some(v) = r.provisional_games {
                if *v.get_ref() == 0 {
                    return Err(err_at(v.span(), msg!("err.config.provisional_games")));
                }
                s.provisional_games = v.into_inner();
            }
        }
        Ok(c)
    }

    /// Reads a config file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        // The one door for input files: a regular file, at most 1 MB.
        let bytes =
            crate::files::input::read(path, crate::files::input::Kind::Config).map_err(|e| {
                ConfigError {
                    file: file.clone(),
                    line: 0,
                    column: 0,
                    why: msg!("err.config.cannot_read", why = e.msg()),
                }
            })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            // the position of the first byte that is not UTF-8
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
            let last = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = 1 + String::from_utf8_lossy(&good[last..]).chars().count();
            ConfigError {
                file: file.clone(),
                line,
                column,
                why: msg!("err.config.not_utf8"),
            }
        })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut c = Config::parse(text, &file, dir)?;
        c.source = Some(path.to_path_buf());
        Ok(c)
    }

    /// Finds and reads the config: `explicit`, else `./config.toml`, else the
    /// platform config directory's `qishe/config.toml`, else `config.toml`
    /// beside the qishe program (the unpacked Windows zip's, found also
    /// from a console in another folder); else defaults.
    pub fn discover(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        if let Some(p) = explicit {
            return Config::load(p);
        }
        // Whatever is there by that name is read (through the one input
        // door, which refuses a device, pipe or folder by name): passing
        // over it would run on defaults that name another database.
        let present = |p: &Path| p.symlink_metadata().is_ok();
        let local = PathBuf::from("config.toml");
        if present(&local) {
            return Config::load(&local);
        }
        if let Some(dirs) = directories::ProjectDirs::from("", "", "qishe") {
            let p = dirs.config_dir().join("config.toml");
            if present(&p) {
                return Config::load(&p);
            }
        }
        let beside = std::env::current_exe()
            .ok()
            .and_then(|exe| Some(exe.parent()?.join("config.toml")));
        if let Some(p) = beside.filter(|p| present(p)) {
            return Config::load(&p);
        }
        Ok(Config::default())
    }

    /// The database path: `explicit`, else the config's, else `club.db` in the
    /// platform data directory.
    pub fn database_path(&self, explicit: Option<&Path>) -> PathBuf {
        if let Some(p) = explicit {
            return p.to_path_buf();
        }
        if let Some(p) = &self.database {
            return p.clone();
        }
        match directories::ProjectDirs::from("", "", "qishe") {
            Some(d) => d.data_dir().join("club.db"),
            None => PathBuf::from("club.db"),
        }
    }
}

/// `path` with the platform's separator: on Windows, where `/` and `\`
/// both separate, every `/` becomes `\` (what qishe shows and joins);
/// elsewhere as it is.
pub fn native_path(path: PathBuf) -> PathBuf {
    #[cfg(windows)]
    {
        use std::os::windows::ffi::{OsStrExt, OsStringExt};
        let wide: Vec<u16> = path
            .as_os_str()
            .encode_wide()
            .map(|c| {
                if c == u16::from(b'/') {
                    u16::from(b'\\')
                } else {
                    c
                }
            })
            .collect();
        PathBuf::from(std::ffi::OsString::from_wide(&wide))
    }
    #[cfg(not(windows))]
    path
}

#[cfg(test)]
mod tests;
