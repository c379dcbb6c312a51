//! The documents: plain data in, a [`Doc`] in one language out.
//!
//! The data every document shares and the small helpers are here; each
//! kind of document has its own file: `pairings.rs` (pairing sheet, result
//! slips), `standings.rs` (standings), `cross.rs` (crosstable, wall chart),
//! `checkin.rs` (check-in sheet).

mod checkin;
mod cross;
mod pairings;
mod season;
mod standings;

pub use checkin::checkin_sheet;
pub use cross::{crosstable, wall_chart};
pub(crate) use pairings::game_slip;
pub use pairings::{pairing_sheet, result_slips};
pub use season::{season_cells, season_table, SeasonColumn, SeasonData};
pub use standings::standings;

use super::{ColKind, Column, Doc, Part, Slip, SlipCell, SlipRow, Table};
use crate::domain::{AfterRound, Colour, NameOrder, Points, RoundNo};
use crate::i18n::{tr, Lang, Msg};
use crate::scoring::{CrossCell, RoundKind, RoundResult, TieBreak};

/// What every document's header says about the event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventInfo {
    pub name: String,
    pub date: Option<chrono::NaiveDate>,
    /// As the event shows it (`90+30`).
    pub time_control: Option<String>,
    /// Rounds the event plays (共N轮), when known.
    pub rounds: Option<u32>,
    /// Games a board plays each round (2: two-game rounds, colours
    /// swapped in the second game); 0 or 1: one game.
    pub games_per_round: u32,
    /// When the round of a pairing sheet or slips starts (the schedule),
    /// shown instead of the event's date.
    pub round_start: Option<chrono::NaiveDateTime>,
    /// The order of by-name lists (pairings by name, check-in).
    pub name_order: NameOrder,
    /// A round-robin: a player who sits out a round has a bye (轮空),
    /// however it scores.
    pub round_robin: bool,
}

impl EventInfo {
    fn two_games(&self) -> bool {
        self.games_per_round == 2
    }

    /// When the round is played: its start time where scheduled, else the
    /// event's date (empty when neither is known).
    pub(crate) fn when(&self) -> String {
        match (self.round_start, self.date) {
            (Some(t), _) => t.format("%Y-%m-%d %H:%M").to_string(),
            (None, Some(d)) => d.format("%Y-%m-%d").to_string(),
            (None, None) => String::new(),
        }
    }
}

/// A player as documents show him.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLine {
    pub start_no: u32,
    pub name: String,
    pub club: Option<String>,
    pub rating: Option<i32>,
    /// Points (before the round on a pairing sheet; after it in standings).
    pub points: Option<Points>,
    /// Accelerated pairings: the virtual points the pairing of the round
    /// added (pairing sheets only; never in standings).
    pub virtual_points: Option<Points>,
}

/// A board of a pairing sheet or a slip. `black: None` is a pairing bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub number: crate::domain::BoardNo,
    pub red: PlayerLine,
    pub black: Option<PlayerLine>,
    /// Result codes of the board's games as entered (`1-0`, `*` when not
    /// in); empty before any game is stored.
    pub results: Vec<String>,
}

impl BoardLine {
    /// The entered results for print: blank until one is in, games joined
    /// by ` / ` (`1-0 / 1/2-1/2`), `*` for one still missing.
    /// The result of game `no` (1-based), blank until it is in.
    pub fn game_result(&self, no: usize) -> String {
        match self.results.get(no - 1) {
            Some(r) if r != "*" => r.clone(),
            _ => String::new(),
        }
    }

    pub fn result_text(&self) -> String {
        if self.results.iter().all(|r| r == "*") {
            return String::new();
        }
        self.results.join(" / ")
    }

    /// [`Self::result_text`] in words for people: 红胜 / 和 / 黑胜 … in
    /// Chinese documents (the codes stay in CSV for machines).
    pub fn result_words(&self, lang: Lang) -> String {
        if self.results.iter().all(|r| r == "*") {
            return String::new();
        }
        let words: Vec<String> = self.results.iter().map(|r| result_word(lang, r)).collect();
        words.join(" / ")
    }
}

/// A result code as a printed word (红胜, 和, 黑胜, 红方弃权 …); in English
/// the code itself. Unknown codes are printed as they are.
pub fn result_word(lang: Lang, code: &str) -> String {
    crate::domain::Outcome::ALL
        .into_iter()
        .find(|o| o.code() == code)
        .map(|o| tr(lang, o.word_key()).to_string())
        .unwrap_or_else(|| code.to_string())
}

/// Why a player is not on a board this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbsentReason {
    RequestedBye,
    LateEntry,
    Withdrawn,
    Absent,
}

impl AbsentReason {
    /// Stable code (the pairings CSV's `note`).
    pub fn code(self) -> &'static str {
        match self {
            AbsentReason::RequestedBye => "requested-bye",
            AbsentReason::LateEntry => "late-entry",
            AbsentReason::Withdrawn => "withdrawn",
            AbsentReason::Absent => "absent",
        }
    }

    fn key(self) -> &'static str {
        match self {
            AbsentReason::RequestedBye => "rep.reason.requested_bye",
            AbsentReason::LateEntry => "rep.reason.late_entry",
            AbsentReason::Withdrawn => "rep.reason.withdrawn",
            AbsentReason::Absent => "rep.reason.absent",
        }
    }
}

/// Everything a pairing sheet shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingSheetData {
    pub event: EventInfo,
    pub round: RoundNo,
    pub boards: Vec<BoardLine>,
    pub absent: Vec<(PlayerLine, AbsentReason)>,
}

/// The boards that get result slips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlipsData {
    pub event: EventInfo,
    pub round: RoundNo,
    pub boards: Vec<BoardLine>,
    /// Slips to an A4 page (at least 1).
    pub per_page: usize,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    pub rank: u32,
    pub shared: bool,
    /// With `points` set.
    pub player: PlayerLine,
    /// One value per tie-break of [`StandingsData::tiebreaks`].
    pub values: Vec<Points>,
    /// The score after each round (round 1 first); empty: no progression
    /// columns.
    pub progress: Vec<Points>,
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsData {
    pub event: EventInfo,
    pub after_round: AfterRound,
    /// A paired round whose results are not all in (named, not counted).
    pub in_progress: Option<u32>,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<StandingLine>,
    /// A rating column (asked for).
    pub rating: bool,
}

/// A player's line of a crosstable or wall chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossLine {
    /// With `points` set.
    pub player: PlayerLine,
    pub rank: Option<(u32, bool)>,
    pub cells: Vec<CrossCell>,
    /// Two-game rounds: each game's colour and result for this player
    /// (empty in one-game events).
    pub games: Vec<GameMark>,
    /// One value per tie-break of [`CrosstableData::tiebreaks`].
    pub values: Vec<Points>,
}

/// One game of a two-game round, as a crosstable cell shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameMark {
    pub round: crate::domain::RoundNo,
    pub game_no: u32,
    pub colour: Colour,
    /// `None`: not in yet.
    pub result: Option<RoundResult>,
    /// Decided without play.
    pub forfeit: bool,
}

/// The crosstable (and, for round-robins, the wall chart): rows by start number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrosstableData {
    pub event: EventInfo,
    pub after_round: AfterRound,
    pub rows: Vec<CrossLine>,
    /// Tie-break columns after the points (empty: none).
    pub tiebreaks: Vec<TieBreak>,
}

/// The wall chart shows the crosstable's data as a player × player grid.
pub type WallChartData = CrosstableData;

/// The players expected at the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckinData {
    pub event: EventInfo,
    pub players: Vec<PlayerLine>,
}

/// Points without trailing zeros: `2`, `1.5`, `0.8`, `1.25`.
pub fn short_points(p: Points) -> String {
    let s = p.to_string();
    let s = s.trim_end_matches('0');
    s.trim_end_matches('.').to_string()
}

/// The numbered text `key` (`第{n}轮`, `Board {n}`) for `n`.
fn fill(lang: Lang, key: &'static str, n: u32) -> String {
    crate::i18n::Msg::new(key).with("n", n).render(lang)
}

fn heading(ev: &EventInfo, lang: Lang, key: &str) -> Part {
    Part::Heading(format!("{} · {}", ev.name, tr(lang, key)))
}

/// A document's title after a round: "event · kind · 第N轮后".
fn title_after(ev: &EventInfo, lang: Lang, kind: &str, after_round: AfterRound) -> String {
    format!(
        "{} · {} · {}",
        ev.name,
        tr(lang, kind),
        crate::report::after_round_msg(after_round).render(lang)
    )
}

/// The columns that name a player: start number, name, club.
fn player_cols(lang: Lang) -> Vec<Column> {
    vec![
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
    ]
}

fn info(ev: &EventInfo, lang: Lang, round: Option<Msg>) -> Part {
    let mut v = Vec::new();
    // "Round 3", "after round 3" read as phrases of their own, without a label.
    if let Some(m) = round {
        v.push((String::new(), m.render(lang)));
    }
    if let Some(n) = ev.rounds {
        v.push((String::new(), fill(lang, "rep.rounds_total", n)));
    }
    if let Some(t) = ev.round_start {
        v.push((
            tr(lang, "rep.round_start").to_string(),
            t.format("%Y-%m-%d %H:%M").to_string(),
        ));
    } else if let Some(d) = ev.date {
        v.push((
            tr(lang, "rep.date").to_string(),
            d.format("%Y-%m-%d").to_string(),
        ));
    }
    if let Some(tc) = &ev.time_control {
        v.push((tr(lang, "rep.time_control").to_string(), tc.clone()));
    }
    Part::Info(v)
}

fn col(lang: Lang, key: &str, kind: ColKind) -> Column {
    named(key.trim_start_matches("rep.col."), lang, key, kind)
}

/// A column with the CSV key `csv` and the heading of the text `key`,
/// with the heading's short form (`key.short`) when there is one.
fn named(csv: &str, lang: Lang, key: &str, kind: ColKind) -> Column {
    let short = format!("{key}.short");
    Column::new(csv, tr(lang, key), kind)
        .with_short(crate::i18n::has(&short).then(|| tr(lang, &short).to_string()))
}

/// The column of tie-break `i` (0-based) of a table: its heading, or
/// `比1` when the line is too narrow (the legend names the tie-breaks in
/// order).
fn tiebreak_col(lang: Lang, i: usize, t: TieBreak) -> Column {
    Column::new(t.code(), t.name(lang, false), ColKind::Number)
        .with_short(Some(fill(lang, "rep.col.tb_short", i as u32 + 1)))
        .in_group("tiebreak")
}

/// Round `r`'s column heading (第3轮), short `3`.
fn round_col(lang: Lang, csv: &str, r: u32, kind: ColKind) -> Column {
    Column::new(csv, fill(lang, "rep.col.round_short", r), kind)
        .with_short(Some(fill(lang, "rep.col.round_short.short", r)))
        .in_group("round")
}

fn opt_points(p: Option<Points>) -> String {
    p.map(short_points).unwrap_or_default()
}

fn who(p: &PlayerLine) -> String {
    match &p.club {
        Some(c) if !c.is_empty() => format!("{} {} ({c})", p.start_no, p.name),
        _ => format!("{} {}", p.start_no, p.name),
    }
}

/// A printed result cell in words; blank stays blank.
fn words(lang: Lang, code: &str) -> String {
    if code.is_empty() {
        String::new()
    } else {
        result_word(lang, code)
    }
}

/// 裁判长签名：_____ — the chief arbiter signs a posted sheet.
fn arbiter_line(lang: Lang) -> String {
    format!("{}: {}", tr(lang, "rep.arbiter"), "_".repeat(24))
}

/// Sort key of a name in pinyin order: each Chinese character by its
/// toneless pinyin (the first reading of a heteronym), a run of digits by
/// its number (`棋手2` before `棋手10`), other characters as they are,
/// lowercased; `王` before `吴` before `张`, `Li Wei` among the L.
pub fn name_key(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut k = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut run = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                run.push(d);
            }
            k.push_str(&super::strokes::number_key(&run));
            continue;
        }
        match c.to_pinyin() {
            Some(p) => {
                k.push_str(p.plain());
                // Same reading: the character itself decides, after the syllable.
                k.push('\u{1}');
            }
            None => k.extend(c.to_lowercase()),
        }
    }
    k
}

/// Sorts a by-name list in `order`; the same name by start number.
fn sort_by_name<T>(items: &mut [T], order: NameOrder, key: impl Fn(&T) -> (&str, u32)) {
    match order {
        NameOrder::Pinyin => items.sort_by_cached_key(|x| {
            let (name, no) = key(x);
            (name_key(name), no)
        }),
        NameOrder::Strokes => items.sort_by_cached_key(|x| {
            let (name, no) = key(x);
            (super::strokes::stroke_key(name), no)
        }),
    }
}

fn rank_text(rank: u32, shared: bool) -> String {
    if shared {
        format!("{rank}=")
    } else {
        rank.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_points_drop_trailing_zeros_exactly() {
        assert_eq!(short_points(Points::new(2)), "2");
        assert_eq!(short_points(Points(150)), "1.5");
        assert_eq!(short_points(Points(80)), "0.8");
        assert_eq!(short_points(Points(125)), "1.25");
        assert_eq!(short_points(Points(0)), "0");
        assert_eq!(short_points(Points(-50)), "-0.5");
        assert_eq!(short_points(Points(1000)), "10");
    }
}
