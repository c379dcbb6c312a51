//! A knockout's documents (淘汰赛): the bracket chart (对阵图) with every
//! round's matches, games and play-offs, the pairing sheet of a round
//! (对阵表: the matches and the games due) and the match slips (记分单, one
//! per game due), and the ranking as standings or crosstable. Built from
//! plain data as [`Doc`]s like every other document, so the text, HTML,
//! CSV and PNG renderers print them.
//!
//! The chart is in `chart.rs`, the round's sheet and slips in `round.rs`.

mod chart;
mod round;

pub use chart::bracket_chart;
pub(crate) use chart::{CHART_KEY, LINK_BAR, LINK_BOTTOM, LINK_KEY, LINK_MID, LINK_TOP};
pub use round::{knockout_pairings, knockout_slips};

use super::{short_points, Doc, EventInfo};
use crate::domain::{Points, TimeControl};
use crate::i18n::{msg, tr, Lang};
use crate::scoring::knockout::PlayoffStep;
pub use crate::scoring::knockout::{MatchScore, StepScore};

/// A player of a match: seed (start number) and name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KoPlayer {
    pub seed: u32,
    pub name: String,
}

/// The part of a match a game belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KoStage {
    Regular,
    /// A play-off step: its code (`games:2`, `armageddon`) and the label
    /// the event's settings give it, if any.
    Playoff {
        code: String,
        label: Option<String>,
    },
}

/// A game of a match: played (with its result code) or due (result empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoGame {
    pub game_no: u32,
    pub red: String,
    pub black: String,
    pub stage: KoStage,
    pub time: TimeControl,
    /// `1-0`, `0-1`, `1/2-1/2`, … ; empty for the game due.
    pub result: String,
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoMatch {
    pub round: crate::domain::RoundNo,
    /// Position in its round from the top of the bracket; the third-place
    /// match follows the final.
    pub board: crate::domain::BoardNo,
    pub third_place: bool,
    pub a: KoPlayer,
    /// `None`: a bye.
    pub b: Option<KoPlayer>,
    /// The winner's name, once decided.
    pub winner: Option<String>,
    /// What decided it (`games`, `playoff-games`, `armageddon`, …).
    pub decided_by: Option<String>,
    /// The match in games (regular, then play-off), for a and b.
    pub score: Option<MatchScore>,
    /// The games played, in order.
    pub games: Vec<KoGame>,
    /// The game due next, if any.
    pub due: Option<KoGame>,
    /// Level at the lot step: the arbiter draws the winner.
    pub lot_due: bool,
    /// Why the stored games cannot be scored, if they cannot.
    pub problem: Option<String>,
}

/// A knockout as its documents show it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnockoutData {
    pub event: EventInfo,
    /// Rounds the knockout has (paired or not).
    pub total_rounds: u32,
    /// The bracket size P (a power of two).
    pub size: usize,
    /// The paired rounds' matches, in bracket order.
    pub rounds: Vec<Vec<KoMatch>>,
    pub champion: Option<String>,
    /// The play-off ladder, step by step (code, label).
    pub ladder: Vec<(String, Option<String>)>,
    /// Regular games of a match.
    pub regular_games: u32,
}

impl KnockoutData {
    /// The matches of round `r` (1-based) that are part of the tree (not
    /// the third-place match), in bracket order.
    fn tree(&self, r: usize) -> Vec<&KoMatch> {
        let mut v: Vec<&KoMatch> = self
            .rounds
            .get(r.wrapping_sub(1))
            .map(|ms| ms.iter().filter(|m| !m.third_place).collect())
            .unwrap_or_default();
        v.sort_by_key(|m| m.board);
        v
    }

    fn third_place(&self) -> Option<&KoMatch> {
        self.rounds.iter().flatten().find(|m| m.third_place)
    }
}

/// The name of round `round` of a knockout of `total` rounds: 决赛,
/// 半决赛, 四分之一决赛, 1/8决赛 … (Final, Semi-finals, Quarter-finals,
/// Round of 16 …); 第N轮 for the early rounds of a very large bracket.
pub fn round_name(lang: Lang, round: u32, total: u32) -> String {
    let key = match total.saturating_sub(round) {
        0 => "kp.round.final",
        1 => "kp.round.semi",
        2 => "kp.round.quarter",
        3 => "kp.round.last16",
        4 => "kp.round.last32",
        5 => "kp.round.last64",
        6 => "kp.round.last128",
        _ => return msg!("kp.round.n", round).render(lang),
    };
    tr(lang, key).to_string()
}

/// What decided a match, in words (加赛, 和棋黑胜 …).
pub fn decided_words(lang: Lang, code: &str) -> String {
    let key = format!("kp.by.{code}");
    match crate::i18n::has(&key) {
        true => tr(lang, &key).to_string(),
        false => code.to_string(),
    }
}

/// A play-off step in words (加赛2局, 和棋黑胜 …); the event's label when
/// it gives one.
pub fn step_words(lang: Lang, code: &str, label: Option<&str>) -> String {
    if let Some(l) = label.filter(|l| !l.trim().is_empty()) {
        return l.to_string();
    }
    let count = |k: &str| k.trim().parse::<u32>().unwrap_or(1);
    match code.split_once(':') {
        Some(("games", k)) => msg!("kp.step.games", n = count(k)).render(lang),
        Some(("sudden-death", k)) => msg!("kp.step.sudden", n = count(k)).render(lang),
        _ => match code {
            "residual" => tr(lang, "kp.step.residual").to_string(),
            "armageddon" => tr(lang, "kp.step.armageddon").to_string(),
            "lot" => tr(lang, "kp.step.lot").to_string(),
            other => other.to_string(),
        },
    }
}

/// A game's stage in words: 常规, or the play-off step.
pub fn stage_words(lang: Lang, s: &KoStage) -> String {
    match s {
        KoStage::Regular => tr(lang, "kp.stage.regular").to_string(),
        KoStage::Playoff { code, label } => step_words(lang, code, label.as_deref()),
    }
}

/// Minutes and seconds without trailing zeros.
fn minutes(ms: i64) -> String {
    short_points(Points::from_hundredths(ms / 600))
}

fn seconds(ms: i64) -> String {
    short_points(Points::from_hundredths(ms / 10))
}

/// A time control in words: `90+30` as 90分钟, 每步加30秒; time odds
/// (armageddon) as 红方5分钟, 黑方4分钟, 每步加3秒.
pub fn time_words(lang: Lang, t: &TimeControl) -> String {
    if t.red_base_ms == t.black_base_ms {
        msg!(
            "kp.time.plain",
            base = minutes(t.red_base_ms),
            inc = seconds(t.increment_ms)
        )
        .render(lang)
    } else {
        msg!(
            "kp.time.odds",
            red = minutes(t.red_base_ms),
            black = minutes(t.black_base_ms),
            inc = seconds(t.increment_ms)
        )
        .render(lang)
    }
}

/// A time control as a column shows it: `90+30`, time odds in words.
pub fn time_short(lang: Lang, t: &TimeControl) -> String {
    match t.red_base_ms == t.black_base_ms {
        true => t.to_string(),
        false => msg!(
            "kp.time.odds_short",
            red = minutes(t.red_base_ms),
            black = minutes(t.black_base_ms),
            inc = seconds(t.increment_ms)
        )
        .render(lang),
    }
}

/// A count of games as a match score shows it: `0`, `½`, `1`, `1½`.
pub fn games_count(p: Points) -> String {
    let h = p.hundredths();
    let (whole, rest) = (h.div_euclid(100), h.rem_euclid(100));
    match (whole, rest) {
        (0, 50) => "½".into(),
        (w, 50) => format!("{w}½"),
        (w, 0) => w.to_string(),
        // Not a count of whole and half games: shown as the number.
        _ => super::short_points(p),
    }
}

/// A match's regular games from a's side, in games: `1–0`, `1½–½`
/// (whatever points the scheme gives a game). Empty before a game is played.
pub fn games_score(s: &MatchScore) -> String {
    if s.regular_games == 0 {
        return String::new();
    }
    format!(
        "{}–{}",
        games_count(s.regular[0]),
        games_count(s.regular[1])
    )
}

/// A match's score as the club reads it, from a's side: the regular
/// games, in games (`1–0`, `1½–½`). Empty for a bye or a match not begun.
pub fn score_words(m: &KoMatch) -> String {
    match (&m.score, &m.b) {
        (Some(s), Some(_)) => games_score(s),
        _ => String::new(),
    }
}

/// How a decided (or open) match got there, in words: each play-off step
/// that had games with its own score in games, by its label when the
/// event gives one (`加赛 2–0`; `快棋 1–1, 超快棋 1½–½`; `加赛 1–1,
/// 和棋黑胜`), then what decided it unless that is the regular games or the
/// play-off games just shown (和棋黑胜, 抽签, 弃权, 轮空, 赛制规则, …).
pub fn decision_words(
    lang: Lang,
    score: Option<&MatchScore>,
    decided_by: Option<&str>,
) -> Vec<String> {
    let steps: Vec<String> = score
        .map(|s| s.steps.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|t| step_score_words(lang, t))
        .collect();
    let by = match decided_by {
        Some("playoff-games" | "sudden-death") if !steps.is_empty() => None,
        Some(by) => Some(decided_words(lang, by)),
        None => None,
    };
    steps.into_iter().chain(by).collect()
}

/// One play-off step with its score in games: `快棋 1½–½` (the event's
/// label), else `加赛 1½–½` / `突然死亡 1–0`.
pub fn step_score_words(lang: Lang, t: &StepScore) -> String {
    let score = format!("{}–{}", games_count(t.score[0]), games_count(t.score[1]));
    match t.label.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
        Some(label) => format!("{label} {score}"),
        None => match t.step {
            PlayoffStep::SuddenDeath(_) => msg!("kp.score.sudden", score).render(lang),
            _ => msg!("kp.score.playoff", score).render(lang),
        },
    }
}

/// A match in one cell, from a's side, as a crosstable or a result line
/// shows it: the regular games in games, then the play-off games apart
/// and what decided it (`1–0`; `½–½, 加赛 2–0`; `1–1, 加赛 1–1, 和棋黑胜`;
/// `1–0, 弃权`; `轮空`); the words `常规对局` left out, the score says it.
pub fn match_words(lang: Lang, score: Option<&MatchScore>, decided_by: Option<&str>) -> String {
    let regular = score.map(games_score).filter(|s| !s.is_empty());
    let by = decided_by.filter(|b| *b != "games");
    regular
        .into_iter()
        .chain(decision_words(lang, score, by))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a match was decided, in words, with the play-off score in games
/// when there were play-off games (`加赛 1½–½`; `加赛 1–1, 和棋黑胜`);
/// for a match still open, the play-off score so far and what it waits for.
pub fn decided_text(lang: Lang, m: &KoMatch) -> String {
    if m.winner.is_none() && m.decided_by.is_some() {
        return tr(lang, "kp.both_out").to_string();
    }
    if m.b.is_none() && m.decided_by.as_deref() == Some("forfeit") {
        return tr(lang, "kp.walkover").to_string();
    }
    let mut words = decision_words(lang, m.score.as_ref(), m.decided_by.as_deref());
    if m.decided_by.is_none() {
        words.extend(Some(state_words(lang, m)).filter(|s| !s.is_empty()));
    }
    words.join(", ")
}

/// Where an undecided match stands: the game due, a lot to draw, or the
/// problem with its games.
pub fn state_words(lang: Lang, m: &KoMatch) -> String {
    if let Some(p) = &m.problem {
        return p.clone();
    }
    if m.lot_due {
        return tr(lang, "kp.state.lot").to_string();
    }
    match &m.due {
        Some(g) => msg!("kp.state.due", game = g.game_no).render(lang),
        None => String::new(),
    }
}

/// A player with his seed: `王天一 (1)`.
fn with_seed(p: &KoPlayer) -> String {
    format!("{} ({})", p.name, p.seed)
}

/// One line of a knockout's ranking: rank (`1`, `3=` …), name, each
/// round's match from the player's side (crosstable only), and the round
/// the player went out in (`None`: still in, or the champion once the
/// bracket is decided).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnockoutRankLine {
    pub rank: String,
    pub name: String,
    pub rounds: Vec<String>,
    pub lost_in_round: Option<u32>,
}

/// What a player not out is: the champion once the bracket is decided,
/// else still in (a blank read as "no round" on a ranking so far).
pub fn not_out_key(decided: bool) -> &'static str {
    match decided {
        true => "ko.champion",
        false => "ko.still_in",
    }
}

/// The rank a knockout's ranking shows a player: while the champion is
/// not known, the `still_in` players not out share the places 1 to
/// `still_in` (`1–4`), rather than `1=` as if all had won; else `rank`.
/// (The rank itself, `1=`, stays in CSV and JSON.)
pub fn shown_rank(
    rank: &str,
    lost_in_round: Option<u32>,
    still_in: usize,
    decided: bool,
) -> String {
    match (lost_in_round, decided) {
        (None, false) if still_in > 1 => format!("1–{still_in}"),
        _ => rank.to_string(),
    }
}

/// A knockout's standings (the ranking of `specs/knockout.md`) or, with
/// round columns, its crosstable: columns `rank,name,[r1…],lost-in-round`.
pub fn ranking_doc(
    event: &super::EventInfo,
    lines: &[KnockoutRankLine],
    rounds: u32,
    decided: bool,
    crosstable: bool,
    lang: crate::i18n::Lang,
) -> super::Doc {
    use super::{ColKind, Column, Part, Table};
    use crate::i18n::tr;
    let kind = if crosstable {
        "rep.crosstable"
    } else {
        "rep.standings"
    };
    let mut cols = vec![
        Column::new("rank", tr(lang, "rep.col.rank"), ColKind::Number),
        Column::new("name", tr(lang, "rep.col.name"), ColKind::Text),
    ];
    if crosstable {
        for r in 1..=rounds {
            cols.push(Column::new(
                &format!("r{r}"),
                round_name(lang, r, rounds),
                ColKind::Text,
            ));
        }
    }
    // The round a player went out in, by its name (决赛, 半决赛, …); the
    // CSV keeps its number for programs.
    let mut csv = Table::new(cols.clone());
    cols.push(Column::new(
        "lost-in-round",
        tr(lang, "rep.ko.lost_in_round"),
        ColKind::Text,
    ));
    csv.columns.push(Column::new(
        "lost-in-round",
        tr(lang, "rep.ko.lost_in_round"),
        ColKind::Number,
    ));
    let mut t = Table::new(cols);
    let still_in = lines.iter().filter(|l| l.lost_in_round.is_none()).count();
    for l in lines {
        let mut row = vec![l.rank.clone(), l.name.clone()];
        if crosstable {
            let mut cells = l.rounds.clone();
            cells.resize(rounds as usize, String::new());
            row.extend(cells);
        }
        let mut csv_row = row.clone();
        csv_row.push(l.lost_in_round.map(|r| r.to_string()).unwrap_or_default());
        csv.rows.push(csv_row);
        row[0] = shown_rank(&l.rank, l.lost_in_round, still_in, decided);
        row.push(match l.lost_in_round {
            Some(r) => round_name(lang, r, rounds),
            None => tr(lang, not_out_key(decided)).to_string(),
        });
        t.rows.push(row);
    }
    super::Doc {
        title: format!("{} · {}", event.name, tr(lang, kind)),
        lang,
        parts: vec![
            Part::Heading(format!("{} · {}", event.name, tr(lang, kind))),
            Part::Table(t),
        ],
        landscape: false,
        csv: Some(csv),
    }
}
