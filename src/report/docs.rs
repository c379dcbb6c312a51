//! The documents: plain data in, a [`Doc`] in one language out.

use super::{ColKind, Column, Doc, Part, Slip, SlipCell, SlipRow, Table};
use crate::domain::{Colour, Points};
use crate::i18n::{tr, Lang};
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
}

impl EventInfo {
    fn two_games(&self) -> bool {
        self.games_per_round == 2
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
}

/// A board of a pairing sheet or a slip. `black: None` is a pairing bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub number: u32,
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
    pub round: u32,
    pub boards: Vec<BoardLine>,
    pub absent: Vec<(PlayerLine, AbsentReason)>,
}

/// The boards that get result slips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlipsData {
    pub event: EventInfo,
    pub round: u32,
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
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsData {
    pub event: EventInfo,
    pub after_round: u32,
    /// A paired round whose results are not all in (named, not counted).
    pub in_progress: Option<u32>,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<StandingLine>,
}

/// A player's line of a crosstable or wall chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossLine {
    /// With `points` set.
    pub player: PlayerLine,
    pub rank: Option<(u32, bool)>,
    pub cells: Vec<CrossCell>,
}

/// The crosstable (and, for round-robins, the wall chart): rows by start number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrosstableData {
    pub event: EventInfo,
    pub after_round: u32,
    pub rows: Vec<CrossLine>,
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

fn fill(lang: Lang, key: &str, n: u32) -> String {
    tr(lang, key).replace("{}", &n.to_string())
}

fn heading(ev: &EventInfo, lang: Lang, key: &str) -> Part {
    Part::Heading(format!("{} · {}", ev.name, tr(lang, key)))
}

fn info(ev: &EventInfo, lang: Lang, round: Option<(&str, u32)>) -> Part {
    let mut v = Vec::new();
    // "Round 3", "after round 3" read as phrases of their own, without a label.
    if let Some((key, n)) = round {
        v.push((String::new(), fill(lang, key, n)));
    }
    if let Some(n) = ev.rounds {
        v.push((String::new(), fill(lang, "rep.rounds_total", n)));
    }
    if let Some(d) = ev.date {
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
    let short = key.trim_start_matches("rep.col.");
    Column::new(short, tr(lang, key), kind)
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

/// The pairing sheet (对阵表): boards in order, then byes and absentees,
/// and a second page sorted by name so players find their board.
pub fn pairing_sheet(d: &PairingSheetData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.pairings"),
        fill(lang, "rep.round_n", d.round)
    );
    let mut parts = vec![
        heading(&d.event, lang, "rep.pairings"),
        info(&d.event, lang, Some(("rep.round_n", d.round))),
    ];
    let mut t = Table::new(vec![
        col(lang, "rep.col.board", ColKind::Number),
        Column::new("red_no", tr(lang, "rep.col.no"), ColKind::Number),
        Column::new("red", tr(lang, "rep.col.red"), ColKind::Text),
        Column::new("red_club", tr(lang, "rep.col.club"), ColKind::Text),
        Column::new("red_points", tr(lang, "rep.col.points"), ColKind::Number),
        col(lang, "rep.col.result", ColKind::WriteIn(7)),
        Column::new("black_points", tr(lang, "rep.col.points"), ColKind::Number),
        Column::new("black_no", tr(lang, "rep.col.no"), ColKind::Number),
        Column::new("black", tr(lang, "rep.col.black"), ColKind::Text),
        Column::new("black_club", tr(lang, "rep.col.club"), ColKind::Text),
    ]);
    let mut byes = Vec::new();
    // The CSV: every player once (boards, byes, absentees), a `note` saying which.
    let mut csv = t.clone();
    csv.columns
        .push(Column::new("note", tr(lang, "rep.col.note"), ColKind::Text));
    for b in &d.boards {
        let Some(bl) = &b.black else {
            byes.push(who(&b.red));
            csv.rows.push(vec![
                b.number.to_string(),
                b.red.start_no.to_string(),
                b.red.name.clone(),
                b.red.club.clone().unwrap_or_default(),
                opt_points(b.red.points),
                b.result_text(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "bye".into(),
            ]);
            continue;
        };
        let row = vec![
            b.number.to_string(),
            b.red.start_no.to_string(),
            b.red.name.clone(),
            b.red.club.clone().unwrap_or_default(),
            opt_points(b.red.points),
            b.result_text(),
            opt_points(bl.points),
            bl.start_no.to_string(),
            bl.name.clone(),
            bl.club.clone().unwrap_or_default(),
        ];
        let mut c = row.clone();
        c.push(String::new());
        csv.rows.push(c);
        let mut row = row;
        row[5] = b.result_words(lang);
        t.rows.push(row);
    }
    for (p, why) in &d.absent {
        let mut row = vec![String::new(); 11];
        row[1] = p.start_no.to_string();
        row[2] = p.name.clone();
        row[3] = p.club.clone().unwrap_or_default();
        row[4] = opt_points(p.points);
        row[10] = why.code().into();
        csv.rows.push(row);
    }
    if d.event.two_games() {
        // Two-game rounds: a result column per game (第1局, 第2局).
        let results: Vec<&BoardLine> = d.boards.iter().filter(|b| b.black.is_some()).collect();
        split_results(&mut t, &results, lang);
        for (row, b) in t.rows.iter_mut().zip(&results) {
            row[5] = words(lang, &b.game_result(1));
            row[6] = words(lang, &b.game_result(2));
        }
        let all: Vec<Option<&BoardLine>> = d
            .boards
            .iter()
            .map(Some)
            .chain(d.absent.iter().map(|_| None))
            .collect();
        split_results_opt(&mut csv, &all, lang);
        parts.push(Part::Table(t));
        parts.push(Part::Note(tr(lang, "rep.game2_swaps").to_string()));
    } else {
        parts.push(Part::Table(t));
    }
    if !byes.is_empty() {
        parts.push(Part::Note(format!(
            "{}: {}",
            tr(lang, "rep.bye"),
            byes.join(", ")
        )));
    }
    if !d.absent.is_empty() {
        parts.push(Part::Note(format!("{}:", tr(lang, "rep.absent"))));
        let mut a = Table::new(vec![
            col(lang, "rep.col.no", ColKind::Number),
            col(lang, "rep.col.name", ColKind::Text),
            col(lang, "rep.col.club", ColKind::Text),
            Column::new("reason", tr(lang, "rep.col.result"), ColKind::Text),
        ]);
        a.columns[3].heading = tr(lang, "rep.absent").to_string();
        for (p, why) in &d.absent {
            a.rows.push(vec![
                p.start_no.to_string(),
                p.name.clone(),
                p.club.clone().unwrap_or_default(),
                tr(lang, why.key()).to_string(),
            ]);
        }
        parts.push(Part::Table(a));
    }

    parts.push(Part::Note(arbiter_line(lang)));

    // Second page: by name.
    parts.push(Part::PageBreak);
    parts.push(heading(&d.event, lang, "rep.pairings_by_name"));
    parts.push(info(&d.event, lang, Some(("rep.round_n", d.round))));
    let mut by_name: Vec<(&PlayerLine, [String; 4])> = Vec::new();
    for b in &d.boards {
        match &b.black {
            Some(bl) => {
                by_name.push((
                    &b.red,
                    [
                        b.number.to_string(),
                        tr(lang, "rep.col.red").to_string(),
                        bl.start_no.to_string(),
                        bl.name.clone(),
                    ],
                ));
                by_name.push((
                    bl,
                    [
                        b.number.to_string(),
                        tr(lang, "rep.col.black").to_string(),
                        b.red.start_no.to_string(),
                        b.red.name.clone(),
                    ],
                ));
            }
            None => by_name.push((
                &b.red,
                [
                    String::new(),
                    tr(lang, "rep.bye").to_string(),
                    String::new(),
                    String::new(),
                ],
            )),
        }
    }
    for (p, why) in &d.absent {
        by_name.push((
            p,
            [
                String::new(),
                tr(lang, why.key()).to_string(),
                String::new(),
                String::new(),
            ],
        ));
    }
    by_name.sort_by_cached_key(|(p, _)| (name_key(&p.name), p.start_no));
    let mut t = Table::new(vec![
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.club", ColKind::Text),
        col(lang, "rep.col.board", ColKind::Number),
        col(lang, "rep.col.colour", ColKind::Text),
        Column::new("opponent_no", tr(lang, "rep.col.no"), ColKind::Number),
        col(lang, "rep.col.opponent", ColKind::Text),
    ]);
    for (p, [board, colour, opp_no, opp]) in by_name {
        t.rows.push(vec![
            p.name.clone(),
            p.start_no.to_string(),
            p.club.clone().unwrap_or_default(),
            board,
            colour,
            opp_no,
            opp,
        ]);
    }
    parts.push(Part::Table(t));
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: Some(csv),
    }
}

/// Turns the `result` column (index 5) into one column per game.
fn split_results(t: &mut Table, boards: &[&BoardLine], lang: Lang) {
    let opt: Vec<Option<&BoardLine>> = boards.iter().map(|b| Some(*b)).collect();
    split_results_opt(t, &opt, lang);
}

fn split_results_opt(t: &mut Table, boards: &[Option<&BoardLine>], lang: Lang) {
    t.columns[5] = Column::new("result1", fill(lang, "rep.game_n", 1), ColKind::WriteIn(7));
    t.columns.insert(
        6,
        Column::new("result2", fill(lang, "rep.game_n", 2), ColKind::WriteIn(7)),
    );
    for (row, b) in t.rows.iter_mut().zip(boards) {
        let (g1, g2) = b.map_or((String::new(), String::new()), |b| {
            (b.game_result(1), b.game_result(2))
        });
        row[5] = g1;
        row.insert(6, g2);
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
/// toneless pinyin (the first reading of a heteronym), other characters as
/// they are, lowercased; `王` before `吴` before `张`, `Li Wei` among the L.
pub fn name_key(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut k = String::new();
    for c in name.chars() {
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

/// Result slips (记分单): one per board with two players, `per_page` to a
/// page with cut lines between them.
pub fn result_slips(d: &SlipsData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.slips"),
        fill(lang, "rep.round_n", d.round)
    );
    let games: Vec<u32> = match d.event.two_games() {
        true => vec![1, 2],
        false => vec![0],
    };
    let slips = d
        .boards
        .iter()
        .filter_map(|b| b.black.as_ref().map(|bl| (b, bl)))
        .flat_map(|(b, bl)| games.iter().map(move |g| (b, bl, *g)))
        .map(|(b, bl, g)| {
            // The second game of a two-game round: colours swapped.
            let (red, bl) = match g {
                2 => (bl, &b.red),
                _ => (&b.red, bl),
            };
            (b, red, bl, g)
        })
        .map(|(b, red, bl, g)| Slip {
            title: match g {
                0 => format!(
                    "{} · {} · {}",
                    d.event.name,
                    fill(lang, "rep.round_n", d.round),
                    fill(lang, "rep.board_n", b.number)
                ),
                _ => format!(
                    "{} · {} · {} · {}",
                    d.event.name,
                    fill(lang, "rep.round_n", d.round),
                    fill(lang, "rep.board_n", b.number),
                    fill(lang, "rep.game_n", g)
                ),
            },
            sides: [
                tr(lang, "rep.slip.red").to_string(),
                tr(lang, "rep.slip.black").to_string(),
            ],
            rows: vec![
                SlipRow::Sides {
                    label: tr(lang, "rep.col.name").to_string(),
                    red: SlipCell::Text(who(red)),
                    black: SlipCell::Text(who(bl)),
                },
                SlipRow::Span {
                    label: tr(lang, "rep.slip.result").to_string(),
                    cell: SlipCell::Boxes(vec![
                        tr(lang, "rep.slip.red_wins").to_string(),
                        tr(lang, "rep.slip.draw").to_string(),
                        tr(lang, "rep.slip.black_wins").to_string(),
                    ]),
                },
                SlipRow::Span {
                    label: tr(lang, "rep.slip.moves").to_string(),
                    cell: SlipCell::Blank,
                },
                SlipRow::Sides {
                    label: tr(lang, "rep.slip.clock").to_string(),
                    red: SlipCell::Blank,
                    black: SlipCell::Blank,
                },
                SlipRow::Sides {
                    label: tr(lang, "rep.slip.fouls").to_string(),
                    red: SlipCell::Blank,
                    black: SlipCell::Blank,
                },
                SlipRow::Sides {
                    label: tr(lang, "rep.slip.signature").to_string(),
                    red: SlipCell::Blank,
                    black: SlipCell::Blank,
                },
                SlipRow::Span {
                    label: tr(lang, "rep.slip.arbiter").to_string(),
                    cell: SlipCell::Blank,
                },
            ],
        })
        .collect();
    Doc {
        title,
        lang,
        parts: vec![Part::Slips {
            per_page: d.per_page.max(1),
            slips,
        }],
        landscape: false,
        csv: None,
    }
}

fn rank_text(rank: u32, shared: bool) -> String {
    if shared {
        format!("{rank}=")
    } else {
        rank.to_string()
    }
}

/// The standings (名次表) with the event's tie-break columns.
pub fn standings(d: &StandingsData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.standings"),
        fill(lang, "rep.after_round", d.after_round)
    );
    let mut cols = vec![
        col(lang, "rep.col.rank", ColKind::Number),
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
        col(lang, "rep.col.points", ColKind::Number),
    ];
    for t in &d.tiebreaks {
        cols.push(Column::new(
            t.code(),
            tr(lang, &format!("tb.{}", t.code())),
            ColKind::Number,
        ));
    }
    let mut t = Table::new(cols);
    for r in &d.rows {
        let mut row = vec![
            rank_text(r.rank, r.shared),
            r.player.start_no.to_string(),
            r.player.name.clone(),
            r.player.club.clone().unwrap_or_default(),
            opt_points(r.player.points),
        ];
        row.extend(r.values.iter().map(|v| short_points(*v)));
        row.resize(t.columns.len(), String::new());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.standings"),
            {
                let mut i = info(&d.event, lang, Some(("rep.after_round", d.after_round)));
                if let (Part::Info(v), Some(n)) = (&mut i, d.in_progress) {
                    v.insert(1, (String::new(), fill(lang, "rep.in_progress", n)));
                }
                i
            },
            Part::Table(t),
            Part::Note(tiebreak_legend(&d.tiebreaks, lang)),
        ],
        landscape: false,
        csv: None,
    }
}

/// `名次依次按：积分、对手分、小分` — the order that decides ranks, with
/// the tie-breaks' full names.
fn tiebreak_legend(tbs: &[TieBreak], lang: Lang) -> String {
    let mut names = vec![tr(lang, "rep.col.points").to_string()];
    for t in tbs {
        let long = format!("tbl.{}", t.code());
        let key = match crate::i18n::has(&long) {
            true => long,
            false => format!("tb.{}", t.code()),
        };
        names.push(tr(lang, &key).to_string());
    }
    tr(lang, "rep.tb_order").replace("{}", &names.join(tr(lang, "rep.list_sep")))
}

/// A crosstable mark in the document's language: `5r+` in English, `5红+`
/// in Chinese (also 轮空, 请假 for BYE and RB).
fn cross_mark(c: &CrossCell, lang: Lang) -> String {
    let m = c.mark();
    if lang == Lang::En {
        return m;
    }
    match c.kind {
        RoundKind::PairingBye => return tr(lang, "rep.bye").to_string(),
        RoundKind::RequestedBye => return tr(lang, "rep.reason.requested_bye").to_string(),
        _ => {}
    }
    let opp = c
        .opponent_start_no
        .map(|n| n.to_string())
        .unwrap_or_default();
    let (letter, word) = match c.colour {
        Some(Colour::Red) => ("r", tr(lang, "rep.mark.red")),
        Some(Colour::Black) => ("b", tr(lang, "rep.mark.black")),
        None => return m,
    };
    match m.strip_prefix(&format!("{opp}{letter}")) {
        Some(rest) => format!("{opp}{word}{rest}"),
        None => m,
    }
}

/// The crosstable (交叉表): per player and round, the opponent's start
/// number, the colour and the result.
pub fn crosstable(d: &CrosstableData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.crosstable"),
        fill(lang, "rep.after_round", d.after_round)
    );
    let mut cols = vec![
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
    ];
    for r in 1..=d.after_round {
        cols.push(Column::new(
            &format!("r{r}"),
            fill(lang, "rep.col.round_short", r),
            ColKind::Mark,
        ));
    }
    cols.push(col(lang, "rep.col.points", ColKind::Number));
    cols.push(col(lang, "rep.col.rank", ColKind::Number));
    let mut t = Table::new(cols);
    // By rank (a final crosstable is read from the top), then start number.
    let mut lines: Vec<&CrossLine> = d.rows.iter().collect();
    lines.sort_by_key(|l| (l.rank.map_or(u32::MAX, |r| r.0), l.player.start_no));
    for l in lines {
        let mut row = vec![
            l.player.start_no.to_string(),
            l.player.name.clone(),
            l.player.club.clone().unwrap_or_default(),
        ];
        for r in 1..=d.after_round {
            row.push(
                l.cells
                    .iter()
                    .find(|c| c.round == r)
                    .map(|c| cross_mark(c, lang))
                    .unwrap_or_default(),
            );
        }
        row.push(opt_points(l.player.points));
        row.push(l.rank.map(|(r, s)| rank_text(r, s)).unwrap_or_default());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.crosstable"),
            info(&d.event, lang, Some(("rep.after_round", d.after_round))),
            // The legend above the grid: never left alone on a sheet of its own.
            Part::Note(tr(lang, "rep.cross.legend").to_string()),
            Part::Table(t),
        ],
        landscape: d.after_round > 9,
        csv: None,
    }
}

/// A wall-chart mark: colour and result against one opponent (`r+`,
/// `b=F`; `红+` in Chinese).
fn wall_mark(c: &CrossCell, lang: Lang) -> String {
    let col = match (c.colour, lang) {
        (Some(Colour::Red), Lang::En) => "r",
        (Some(Colour::Black), Lang::En) => "b",
        (Some(Colour::Red), _) => tr(lang, "rep.mark.red"),
        (Some(Colour::Black), _) => tr(lang, "rep.mark.black"),
        (None, _) => "",
    };
    let res = match (c.kind, c.result) {
        (RoundKind::Pending, _) => "?",
        (_, Some(RoundResult::Win)) => "+",
        (_, Some(RoundResult::Draw)) => "=",
        (_, Some(RoundResult::Loss)) => "-",
        (_, None) => "",
    };
    let f = match c.kind {
        RoundKind::ForfeitWin | RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => "F",
        _ => "",
    };
    format!("{col}{res}{f}")
}

/// The wall chart (循环赛总表) of a round-robin: a player × player grid.
/// Two meetings (double round-robin) share a cell, in round order.
pub fn wall_chart(d: &WallChartData, lang: Lang) -> Doc {
    let title = format!(
        "{} · {} · {}",
        d.event.name,
        tr(lang, "rep.wallchart"),
        fill(lang, "rep.after_round", d.after_round)
    );
    let mut cols = vec![
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
    ];
    for l in &d.rows {
        cols.push(Column::new(
            &format!("vs{}", l.player.start_no),
            l.player.start_no.to_string(),
            ColKind::Mark,
        ));
    }
    // Rounds without an opponent (byes, requested byes) get a column of
    // their own, so every point of the total shows where it came from.
    let unopposed = |l: &CrossLine| -> Vec<CrossCell> {
        l.cells
            .iter()
            .filter(|c| c.opponent_start_no.is_none() && c.kind != RoundKind::Absent)
            .cloned()
            .collect()
    };
    let bye_col = d.rows.iter().any(|l| !unopposed(l).is_empty());
    if bye_col {
        cols.push(Column::new("bye", tr(lang, "rep.bye"), ColKind::Number));
    }
    cols.push(col(lang, "rep.col.points", ColKind::Number));
    cols.push(col(lang, "rep.col.rank", ColKind::Number));
    let mut t = Table::new(cols);
    for l in &d.rows {
        let mut row = vec![
            l.player.start_no.to_string(),
            l.player.name.clone(),
            l.player.club.clone().unwrap_or_default(),
        ];
        let byes = unopposed(l);
        let bye_cell = match byes.is_empty() {
            true => String::new(),
            false => short_points(byes.iter().map(|c| c.points).sum()),
        };
        for o in &d.rows {
            if o.player.start_no == l.player.start_no {
                row.push("#".into());
                continue;
            }
            let marks: Vec<String> = l
                .cells
                .iter()
                .filter(|c| c.opponent_start_no == Some(o.player.start_no))
                .map(|c| wall_mark(c, lang))
                .collect();
            row.push(marks.join(" "));
        }
        if bye_col {
            row.push(bye_cell);
        }
        row.push(opt_points(l.player.points));
        row.push(l.rank.map(|(r, s)| rank_text(r, s)).unwrap_or_default());
        t.rows.push(row);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.wallchart"),
            info(&d.event, lang, Some(("rep.after_round", d.after_round))),
            // The legend above the grid: never left alone on a sheet of its own.
            Part::Note(tr(lang, "rep.wall.legend").to_string()),
            Part::Table(t),
        ],
        landscape: d.rows.len() > 10,
        csv: None,
    }
}

/// The check-in sheet (签到表): name, club, rating, paid and signature
/// columns to fill in.
pub fn checkin_sheet(d: &CheckinData, lang: Lang) -> Doc {
    let title = format!("{} · {}", d.event.name, tr(lang, "rep.checkin"));
    let mut t = Table::new(vec![
        col(lang, "rep.col.no", ColKind::Number),
        col(lang, "rep.col.name", ColKind::Text),
        col(lang, "rep.col.club", ColKind::Text),
        col(lang, "rep.col.rating", ColKind::Number),
        col(lang, "rep.col.paid", ColKind::WriteIn(6)),
        col(lang, "rep.col.signature", ColKind::WriteIn(16)),
    ]);
    let mut players: Vec<&PlayerLine> = d.players.iter().collect();
    players.sort_by_cached_key(|p| (name_key(&p.name), p.start_no));
    for p in players {
        t.rows.push(vec![
            p.start_no.to_string(),
            p.name.clone(),
            p.club.clone().unwrap_or_default(),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            String::new(),
            String::new(),
        ]);
    }
    Doc {
        title,
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.checkin"),
            info(&d.event, lang, None),
            Part::Table(t),
        ],
        landscape: false,
        csv: None,
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
