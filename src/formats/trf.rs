//! FIDE TRF-16 tournament report files: a column-exact reader, a writer that
//! round-trips, and the conversion to the pairing model ([`SwissState`]).
//!
//! Player lines (`001`) are read by position: start number 5–8, sex 10,
//! title 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68,
//! birth 70–79, points 81–84, rank 86–89, then one 10-column block per round
//! from column 92: opponent (4), colour (`w`/`b`/`-`), result.

use crate::domain::{Colour, Points};
use crate::pairing::{GameScore, PairingPlayer, RoundKind, RoundRecord, SwissState};
use std::fmt::Write as _;

/// A malformed TRF: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("TRF line {line}, column {column}: {message}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character position).
    pub column: usize,
    pub message: String,
}

impl TrfError {
    /// The error as a keyed message: line and column in the UI language;
    /// the reason as the reader gave it.
    pub fn msg(&self) -> crate::i18n::Msg {
        crate::i18n::msg!(
            "err.trf.at",
            line = self.line,
            column = self.column,
            why = &self.message
        )
    }
}

fn err(line: usize, column: usize, message: impl Into<String>) -> TrfError {
    TrfError {
        line,
        column,
        message: message.into(),
    }
}

/// One round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfRound {
    /// Opponent's start number; 0 for none (`0000`).
    pub opponent: u32,
    /// `Some` for `w`/`b`, `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result code: `1 0 = W D L + - U F H Z` or `' '` (not paired).
    pub result: char,
}

impl TrfRound {
    /// A blank block (not paired, no request).
    pub const BLANK: TrfRound = TrfRound {
        opponent: 0,
        colour: None,
        result: ' ',
    };

    pub fn is_blank(&self) -> bool {
        self.opponent == 0 && self.colour.is_none() && self.result == ' '
    }

    /// A game over the board (or an unrated game `W D L`).
    pub fn is_played(&self) -> bool {
        self.opponent != 0 && matches!(self.result, '1' | '0' | '=' | 'W' | 'D' | 'L')
    }

    /// Did the pairing of this round include the player (a game, a forfeit
    /// either way, a pairing-allocated bye)? Byes asked for in advance and
    /// absences (`0000 - -`) do not.
    pub fn participated(&self) -> bool {
        self.opponent != 0 || matches!(self.result, 'U' | '+')
    }
}

/// One `001` player line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    pub id: u32,
    pub sex: String,
    pub title: String,
    pub name: String,
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// The points column as written.
    pub points: Points,
    pub rank: u32,
    pub rounds: Vec<TrfRound>,
}

/// Point values of the results (hundredths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSettings {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
    pub full_bye: Points,
    pub half_bye: Points,
    pub zero_bye: Points,
}

impl Default for PointSettings {
    fn default() -> Self {
        PointSettings {
            win: Points::new(1),
            draw: Points(50),
            loss: Points::ZERO,
            forfeit_win: Points::new(1),
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::new(1),
            full_bye: Points::new(1),
            half_bye: Points(50),
            zero_bye: Points::ZERO,
        }
    }
}

/// A parsed TRF-16 file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trf {
    /// Header lines other than `001`, `XXR`, `XXC`, `XXP`, `XXS`, kept verbatim in order.
    pub other_lines: Vec<String>,
    pub players: Vec<TrfPlayer>,
    /// `XXR`: rounds planned.
    pub total_rounds: Option<u32>,
    /// `XXC`: colour of the top seed in round 1 (`white1` → red).
    pub first_colour: Option<Colour>,
    /// `XXP`: groups of start numbers that must not meet each other.
    pub forbidden: Vec<Vec<u32>>,
    /// `XXS` point settings, when present (`W=1 D=0.5 …`).
    pub points: Option<PointSettings>,
    /// The line each player was read from (parallel to `players`; empty
    /// for a file built in memory).
    pub player_lines: Vec<usize>,
}

/// The most rounds a file may have (as the club database allows).
pub const MAX_ROUNDS: u32 = 999;

fn field(chars: &[char], from: usize, to: usize) -> String {
    // 1-based inclusive column range.
    let a = (from - 1).min(chars.len());
    let b = to.min(chars.len());
    chars[a..b].iter().collect::<String>()
}

fn parse_uint(s: &str, line: usize, col: usize, what: &str) -> Result<u32, TrfError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    t.parse::<u32>()
        .map_err(|_| err(line, col, format!("{what} \"{t}\" is not a whole number")))
}

fn parse_points(s: &str, line: usize, col: usize) -> Result<Points, TrfError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(Points::ZERO);
    }
    let p: Points = t
        .parse()
        .map_err(|_| err(line, col, format!("points \"{t}\" are not a number")))?;
    if p.0 < 0 || p.0 > 100_000 {
        return Err(err(line, col, format!("points \"{t}\" out of range")));
    }
    Ok(p)
}

impl Trf {
    /// Parses TRF-16 text. Lines end in `\n`, `\r\n` or a bare `\r` (what the
    /// endorsed pairing engine and older programs write).
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let mut trf = Trf::default();
        let mut bbu = false;
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        for (i, raw) in text.lines().enumerate() {
            let ln = i + 1;
            let line = raw.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let chars: Vec<char> = line.chars().collect();
            let code: String = chars.iter().take(3).collect();
            // Swiss-Manager's column rulers (`DDD SSSS sTTT NNNN…`, or digits
            // counting the columns) are not data.
            let digits_only = line.chars().all(|c| c.is_ascii_digit() || c == ' ');
            let ruler = code == "DDD"
                || digits_only && (line.starts_with(' ') || !line.contains(' ') && line.len() > 10);
            if ruler {
                continue;
            }
            match code.as_str() {
                "001" => {
                    trf.players.push(parse_player(&chars, ln)?);
                    trf.player_lines.push(ln);
                }
                "XXR" | "142" => {
                    let v = field(&chars, 4, chars.len());
                    let n = parse_uint(&v, ln, 5, "XXR rounds")?;
                    if n == 0 || n > MAX_ROUNDS {
                        return Err(err(ln, 5, format!("XXR rounds must be 1 to {MAX_ROUNDS}")));
                    }
                    trf.total_rounds = Some(n);
                }
                "XXC" => {
                    let v = field(&chars, 4, chars.len());
                    let t = v.trim();
                    let c = if t.starts_with("white") {
                        Colour::Red
                    } else if t.starts_with("black") {
                        Colour::Black
                    } else {
                        return Err(err(ln, 5, format!("XXC \"{t}\" is not white1 or black1")));
                    };
                    trf.first_colour = Some(c);
                }
                // TRF-25: the colour of the first player in round 1.
                "152" => {
                    let t = field(&chars, 4, chars.len());
                    trf.first_colour = Some(match t.trim() {
                        "W" | "w" => Colour::Red,
                        "B" | "b" => Colour::Black,
                        other => return Err(err(ln, 5, format!("152 \"{other}\" is not W or B"))),
                    });
                }
                "XXP" => {
                    let v = field(&chars, 4, chars.len());
                    let mut group = Vec::new();
                    let mut col = 4;
                    for tok in v.split(' ') {
                        if !tok.is_empty() {
                            group.push(parse_uint(tok, ln, col + 1, "XXP start number")?);
                        }
                        col += tok.chars().count() + 1;
                    }
                    if group.len() >= 2 {
                        trf.forbidden.push(group);
                    }
                }
                // The points-system lines the endorsed engine reads (one
                // decimal, columns 5–8): a win also sets the forfeit win, the
                // full-point and (unless `BBU`) the pairing-allocated bye,
                // a draw the half-point bye.
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let v = parse_points(&field(&chars, 4, chars.len()), ln, 5)?;
                    let st = trf.points.get_or_insert_with(PointSettings::default);
                    match code.as_str() {
                        "BBW" => {
                            st.win = v;
                            st.forfeit_win = v;
                            st.full_bye = v;
                            if !bbu {
                                st.pairing_bye = v;
                            }
                        }
                        "BBD" => {
                            st.draw = v;
                            st.half_bye = v;
                        }
                        "BBL" => st.loss = v,
                        "BBZ" => st.zero_bye = v,
                        "BBF" => st.forfeit_loss = v,
                        _ => {
                            st.pairing_bye = v;
                            bbu = true;
                        }
                    }
                }
                "XXS" => {
                    let v = field(&chars, 4, chars.len());
                    trf.points = Some(parse_settings(&v, ln)?);
                }
                _ => {
                    if chars.len() >= 3 && chars[..3].iter().all(|c| c.is_ascii_alphanumeric()) {
                        trf.other_lines.push(line.to_string());
                    } else {
                        return Err(err(ln, 1, "a TRF line starts with a 3-character code"));
                    }
                }
            }
        }
        trf.check_consistency()?;
        Ok(trf)
    }

    /// Writes TRF-16 text (header lines, `XX` lines, then the player lines).
    pub fn write(&self) -> String {
        let mut out = String::new();
        for l in &self.other_lines {
            out.push_str(l);
            out.push('\n');
        }
        if let Some(r) = self.total_rounds {
            let _ = writeln!(out, "XXR {r}");
        }
        if let Some(c) = self.first_colour {
            let _ = writeln!(
                out,
                "XXC {}",
                if c == Colour::Red { "white1" } else { "black1" }
            );
        }
        if let Some(s) = self.points.filter(|s| *s != PointSettings::default()) {
            // What the endorsed engine reads; it knows one decimal only.
            let tenths =
                |p: Points| (p.0 % 10 == 0).then(|| format!("{}.{}", p.0 / 100, p.0 % 100 / 10));
            for (code, p) in [
                ("BBW", s.win),
                ("BBD", s.draw),
                ("BBL", s.loss),
                ("BBZ", s.zero_bye),
                ("BBF", s.forfeit_loss),
                ("BBU", s.pairing_bye),
            ] {
                if let Some(t) = tenths(p) {
                    let _ = writeln!(out, "{code} {t:>4}");
                }
            }
        }
        if let Some(s) = &self.points {
            let _ = writeln!(
                out,
                "XXS W={} D={} L={} FW={} FL={} U={} F={} H={} Z={}",
                s.win,
                s.draw,
                s.loss,
                s.forfeit_win,
                s.forfeit_loss,
                s.pairing_bye,
                s.full_bye,
                s.half_bye,
                s.zero_bye
            );
        }
        for g in &self.forbidden {
            out.push_str("XXP");
            for id in g {
                let _ = write!(out, " {id}");
            }
            out.push('\n');
        }
        for p in &self.players {
            let pts = format!("{:.1}", p.points.0 as f64 / 100.0);
            let pts = if p.points.0 % 10 == 0 {
                pts
            } else {
                p.points.to_string()
            };
            // Fields are cut to their columns so that long names cannot
            // shift the rest of the line.
            let cut = |x: &str, w: usize| x.chars().take(w).collect::<String>();
            let mut l = format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
                p.id,
                cut(&p.sex, 1),
                cut(&p.title, 3),
                cut(&p.name, 33),
                if p.rating == 0 {
                    String::new()
                } else {
                    p.rating.to_string()
                },
                cut(&p.federation, 3),
                cut(&p.fide_id, 11),
                cut(&p.birth, 10),
                pts,
                if p.rank == 0 {
                    String::new()
                } else {
                    p.rank.to_string()
                },
            );
            for r in &p.rounds {
                let opp = if r.is_blank() {
                    "    ".to_string()
                } else if r.opponent == 0 {
                    "0000".to_string()
                } else {
                    format!("{:>4}", r.opponent)
                };
                let c = match r.colour {
                    Some(Colour::Red) => 'w',
                    Some(Colour::Black) => 'b',
                    None if r.is_blank() => ' ',
                    None => '-',
                };
                let _ = write!(l, "  {opp} {c} {}", r.result);
            }
            out.push_str(l.trim_end());
            out.push('\n');
        }
        out
    }

    /// The point settings in force (`XXS` or the standard 1 / ½ / 0).
    pub fn settings(&self) -> PointSettings {
        self.points.unwrap_or_default()
    }

    /// Rounds that have been played, read as the endorsed engine reads
    /// them: a column is played when someone was paired in it (a game, a
    /// forfeit, a pairing-allocated bye) or when a player has an entry in a
    /// later column. The column after that holds the byes asked for in
    /// advance for the round to pair, unless every player has an entry
    /// there (then it is a played round too).
    pub fn played_rounds(&self) -> usize {
        let mut k = 0;
        for p in &self.players {
            for (i, r) in p.rounds.iter().enumerate() {
                if r.is_blank() {
                    continue;
                }
                k = k.max(i);
                if r.participated() {
                    k = k.max(i + 1);
                }
            }
        }
        if !self.players.is_empty() && self.players.iter().all(|p| p.rounds.len() > k) {
            k += 1;
        }
        k
    }

    /// The colour of the first player in round 1: as written (`XXC`,
    /// `152`), else inferred from the first round with colours the way the
    /// endorsed engine does, else red.
    pub fn initial_colour(&self) -> Colour {
        if let Some(c) = self.first_colour {
            return c;
        }
        let first = self
            .players
            .iter()
            .filter_map(|p| p.rounds.iter().position(|r| r.colour.is_some()))
            .min();
        let Some(first) = first else {
            return Colour::Red;
        };
        let mut order: Vec<&TrfPlayer> = self.players.iter().collect();
        order.sort_by_key(|p| p.id);
        let mut number = 0usize;
        for p in order {
            if !p.rounds.iter().take(first + 1).any(|r| r.participated()) {
                continue;
            }
            if let Some(c) = p.rounds.get(first).and_then(|r| r.colour) {
                return if number % 2 == 1 { c.opposite() } else { c };
            }
            number += 1;
        }
        Colour::Red
    }

    /// Builds the pairing model for the round after the last played one.
    /// Blocks in the column of that round (`0000 - H`, `Z`, `F`) are byes
    /// asked for in advance: those players are not paired.
    pub fn to_swiss_state(&self) -> Result<SwissState, TrfError> {
        let k = self.played_rounds();
        let s = self.settings();
        let ids: std::collections::HashSet<u32> = self.players.iter().map(|p| p.id).collect();
        let mut players = Vec::new();
        for (index, p) in self.players.iter().enumerate() {
            let mut history = Vec::new();
            for r in 0..k {
                let b = p.rounds.get(r).copied().unwrap_or(TrfRound::BLANK);
                if b.opponent != 0 && !ids.contains(&b.opponent) {
                    return Err(err(
                        self.line_of(index),
                        92 + 10 * r,
                        format!(
                            "player {} meets unknown player {} in round {}",
                            p.id,
                            b.opponent,
                            r + 1
                        ),
                    ));
                }
                let opp = if b.opponent == 0 {
                    None
                } else {
                    Some(b.opponent)
                };
                let rec = match b.result {
                    '1' | 'W' | '0' | 'L' | '=' | 'D' if opp.is_some() => {
                        let (g, pts) = match b.result {
                            '1' | 'W' => (GameScore::Win, s.win),
                            '0' | 'L' => (GameScore::Loss, s.loss),
                            _ => (GameScore::Draw, s.draw),
                        };
                        RoundRecord {
                            opponent: opp,
                            colour: b.colour,
                            kind: RoundKind::Played(g),
                            points: pts,
                        }
                    }
                    '+' => RoundRecord {
                        opponent: opp,
                        colour: b.colour,
                        kind: RoundKind::ForfeitWin,
                        points: s.forfeit_win,
                    },
                    // `0000 - -`: absent, not a forfeit.
                    '-' if opp.is_none() => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::NotPaired,
                        points: s.forfeit_loss,
                    },
                    '-' => RoundRecord {
                        opponent: opp,
                        colour: b.colour,
                        kind: RoundKind::ForfeitLoss,
                        points: s.forfeit_loss,
                    },
                    'U' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::PairingBye,
                        points: s.pairing_bye,
                    },
                    // A full-point bye given in advance: not a pairing.
                    'F' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.full_bye,
                    },
                    'H' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.half_bye,
                    },
                    'Z' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.zero_bye,
                    },
                    ' ' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::NotPaired,
                        points: Points::ZERO,
                    },
                    c => {
                        return Err(err(
                            self.line_of(index),
                            92 + 10 * r + 7,
                            format!(
                                "player {}: result '{c}' in round {} needs an opponent",
                                p.id,
                                r + 1
                            ),
                        ))
                    }
                };
                history.push(rec);
            }
            let next = p.rounds.get(k).copied().unwrap_or(TrfRound::BLANK);
            let available = next.is_blank() && p.rounds.iter().skip(k + 1).all(|r| r.is_blank());
            players.push(PairingPlayer {
                id: p.id,
                name: p.name.clone(),
                rating: p.rating,
                club: None,
                history,
                available,
            });
        }
        players.sort_by_key(|p| p.id);
        let mut forbidden = Vec::new();
        for g in &self.forbidden {
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    if a != b {
                        forbidden.push((a, b));
                    }
                }
            }
        }
        Ok(SwissState {
            players,
            round: k as u32 + 1,
            total_rounds: self.total_rounds.unwrap_or(k as u32 + 1).max(k as u32 + 1),
            forbidden,
            first_colour: self.initial_colour(),
            win_points: s.win,
            draw_points: s.draw,
        })
    }
}

impl Trf {
    /// A TRF of the pairing model (for `qishe export trf`): one block per
    /// completed round, and `0000 - H`/`Z` in the next round's column for the
    /// players who are not available for it. Reading it back gives `state`
    /// again (points of 1 / ½ / 0; other schemes go in an `XXS` line).
    pub fn from_swiss_state(state: &SwissState, title: &str) -> Trf {
        let s = PointSettings {
            win: state.win_points,
            draw: state.draw_points,
            ..PointSettings::default()
        };
        let mut players = Vec::new();
        for p in &state.players {
            let mut rounds: Vec<TrfRound> = p
                .history
                .iter()
                .map(|r| {
                    let result = match r.kind {
                        RoundKind::Played(GameScore::Win) => '1',
                        RoundKind::Played(GameScore::Draw) => '=',
                        RoundKind::Played(GameScore::Loss) => '0',
                        RoundKind::ForfeitWin => '+',
                        RoundKind::ForfeitLoss => '-',
                        RoundKind::PairingBye => 'U',
                        RoundKind::RequestedBye
                            if r.points > Points::ZERO && r.points >= state.win_points =>
                        {
                            'F'
                        }
                        RoundKind::RequestedBye if r.points > Points::ZERO => 'H',
                        RoundKind::RequestedBye => 'Z',
                        RoundKind::NotPaired => ' ',
                    };
                    if result == ' ' {
                        TrfRound::BLANK
                    } else {
                        TrfRound {
                            opponent: r.opponent.unwrap_or(0),
                            colour: r.colour,
                            result,
                        }
                    }
                })
                .collect();
            if !p.available {
                rounds.push(TrfRound {
                    opponent: 0,
                    colour: None,
                    result: 'H',
                });
            }
            while rounds.last().is_some_and(|r| r.is_blank()) {
                rounds.pop();
            }
            players.push(TrfPlayer {
                id: p.id,
                sex: String::new(),
                title: String::new(),
                name: p.name.clone(),
                rating: p.rating,
                federation: String::new(),
                fide_id: String::new(),
                birth: String::new(),
                points: p.points(),
                rank: 0,
                rounds,
            });
        }
        let mut forbidden = Vec::new();
        for &(a, b) in &state.forbidden {
            forbidden.push(vec![a, b]);
        }
        Trf {
            other_lines: vec![format!("012 {title}")],
            players,
            total_rounds: Some(state.total_rounds),
            first_colour: Some(state.first_colour),
            forbidden,
            points: (s != PointSettings::default()).then_some(s),
            player_lines: Vec::new(),
        }
    }
}

fn parse_settings(v: &str, ln: usize) -> Result<PointSettings, TrfError> {
    let mut s = PointSettings::default();
    let mut col = 4;
    for tok in v.split(' ') {
        let c = col + 1;
        col += tok.chars().count() + 1;
        if tok.is_empty() {
            continue;
        }
        let (k, val) = tok
            .split_once('=')
            .ok_or_else(|| err(ln, c, format!("XXS item \"{tok}\" is not KEY=POINTS")))?;
        let p = parse_points(val, ln, c)?;
        match k {
            "W" => s.win = p,
            "D" => s.draw = p,
            "L" => s.loss = p,
            "FW" => s.forfeit_win = p,
            "FL" => s.forfeit_loss = p,
            "U" => s.pairing_bye = p,
            "F" => s.full_bye = p,
            "H" => s.half_bye = p,
            "Z" => s.zero_bye = p,
            _ => return Err(err(ln, c, format!("unknown XXS key \"{k}\""))),
        }
    }
    Ok(s)
}

fn parse_player(chars: &[char], ln: usize) -> Result<TrfPlayer, TrfError> {
    if chars.len() < 8 {
        return Err(err(ln, chars.len() + 1, "player line too short"));
    }
    let id = parse_uint(&field(chars, 5, 8), ln, 5, "start number")?;
    if id == 0 {
        return Err(err(ln, 5, "start number missing"));
    }
    let rating = parse_uint(&field(chars, 49, 52), ln, 49, "rating")?;
    let points = parse_points(&field(chars, 81, 84), ln, 81)?;
    let rank = parse_uint(&field(chars, 86, 89), ln, 86, "rank")?;
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        let block = field(chars, start, start + 7);
        if block.trim().is_empty() {
            rounds.push(TrfRound::BLANK);
            start += 10;
            continue;
        }
        for (off, name) in [(4usize, "space"), (6, "space")] {
            if let Some(&c) = chars.get(start - 1 + off) {
                if c != ' ' {
                    return Err(err(
                        ln,
                        start + off,
                        format!("expected a {name} in the round block, found '{c}'"),
                    ));
                }
            }
        }
        if let Some(&c) = chars.get(start - 2) {
            if c != ' ' {
                return Err(err(ln, start - 1, "round blocks are 10 columns wide"));
            }
        }
        let opp_s = field(chars, start, start + 3);
        let opponent = parse_uint(&opp_s, ln, start, "opponent")?;
        let colour = match chars.get(start + 4).copied().unwrap_or(' ') {
            'w' | 'W' => Some(Colour::Red),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => return Err(err(ln, start + 5, format!("colour '{c}' is not w, b or -"))),
        };
        let result = chars.get(start + 6).copied().unwrap_or(' ');
        let result = match result {
            '1' | '0' | '=' | 'W' | 'D' | 'L' | '+' | '-' | 'U' | 'F' | 'H' | 'Z' | ' ' => result,
            'w' => 'W',
            'd' => 'D',
            'l' => 'L',
            c => {
                return Err(err(
                    ln,
                    start + 7,
                    format!("result '{c}' is not a TRF result code"),
                ))
            }
        };
        if opponent == id {
            return Err(err(ln, start, "a player cannot meet himself"));
        }
        if opponent != 0 && matches!(result, 'U' | 'F' | 'H' | 'Z') {
            return Err(err(
                ln,
                start + 7,
                format!("bye '{result}' with an opponent"),
            ));
        }
        if opponent != 0 && colour.is_none() && matches!(result, '1' | '0' | '=' | 'W' | 'D' | 'L')
        {
            return Err(err(ln, start + 5, "a played game needs a colour"));
        }
        rounds.push(TrfRound {
            opponent,
            colour,
            result,
        });
        start += 10;
    }
    while rounds.last().is_some_and(|r| r.is_blank()) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        id,
        sex: field(chars, 10, 10).trim().to_string(),
        title: field(chars, 11, 13).trim().to_string(),
        name: field(chars, 15, 47).trim().to_string(),
        rating,
        federation: field(chars, 54, 56).trim().to_string(),
        fide_id: field(chars, 58, 68).trim().to_string(),
        birth: field(chars, 70, 79).trim().to_string(),
        points,
        rank,
        rounds,
    })
}

mod check;

#[cfg(test)]
mod tests;
