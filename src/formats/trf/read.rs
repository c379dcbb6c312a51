//! Reading a TRF file: the line loop of [`Trf::parse`] and the
//! column-exact fields of a player line.

use super::columns::{field, parse_points, parse_uint};
use super::records;
use super::*;
use crate::i18n::msg;

impl Trf {
    /// Parses TRF text (TRF-16, TRF(x), TRF-2026). Lines end in `\n`,
    /// `\r\n` or a bare `\r` (what TRF-2026, the endorsed pairing engine
    /// and older programs write); `###` lines are comments.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let mut trf = Trf::default();
        let mut bbu = false;
        let mut by_line_order = false;
        let text = text.trim_start_matches('\u{FEFF}');
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        for (i, raw) in text.lines().enumerate() {
            let ln = i + 1;
            // Trailing blanks and tabs (some programs end a `240` line
            // with a tab) are not fields.
            let line = raw.trim_end();
            if line.trim().is_empty() || line.starts_with("###") {
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
            // A tab shifts every field after it (a text editor's
            // alignment), so a record read by its columns cannot have one.
            const BY_COLUMNS: [&str; 7] = ["001", "132", "162", "240", "250", "260", "XXA"];
            if BY_COLUMNS.contains(&code.as_str()) {
                if let Some(i) = chars.iter().position(|&c| c == '\t') {
                    return Err(err(ln, i + 1, msg!("err.trf.tab")));
                }
            }
            match code.as_str() {
                "001" => {
                    trf.players.push(parse_player(&chars, ln)?);
                    trf.player_lines.push(ln);
                }
                "XXR" | "142" => {
                    let v = field(&chars, 4, chars.len());
                    let n = parse_uint(&v, ln, 5, "err.trf.what.xxr")?;
                    if n == 0 || n > MAX_ROUNDS {
                        return Err(err(ln, 5, msg!("err.trf.rounds", max = MAX_ROUNDS)));
                    }
                    trf.total_rounds = Some(n);
                }
                // JaVaFo's words, in any order: `white1` / `black1` (the
                // first player's colour in round 1) and `rank` (pair by the
                // order of the player lines).
                "XXC" => {
                    let v = field(&chars, 4, chars.len());
                    for word in v.split_whitespace() {
                        if word.starts_with("white") {
                            trf.first_colour = Some(Colour::Red);
                        } else if word.starts_with("black") {
                            trf.first_colour = Some(Colour::Black);
                        } else if word == "rank" {
                            by_line_order = true;
                        } else {
                            return Err(err(ln, 5, msg!("err.trf.xxc", value = v.trim())));
                        }
                    }
                }
                // TRF-25: the colour of the first player in round 1.
                "152" => {
                    let t = field(&chars, 4, chars.len());
                    trf.first_colour = Some(match t.trim() {
                        "W" | "w" => Colour::Red,
                        "B" | "b" => Colour::Black,
                        other => return Err(err(ln, 5, msg!("err.trf.152", value = other))),
                    });
                }
                // A `132` without dates is kept as it is, written back;
                // dates written one to a line add up, round by round.
                "132" => {
                    let mut own = Vec::new();
                    records::parse_132(&chars, ln, &mut own)?;
                    match own.is_empty() {
                        true => trf.other_lines.push(line.to_string()),
                        false => records::parse_132(&chars, ln, &mut trf.round_dates)?,
                    }
                }
                "162" => {
                    let st = trf.points.get_or_insert_with(PointSettings::default);
                    records::parse_162(&chars, ln, st, &mut bbu)?;
                }
                "192" => {
                    let code = field(&chars, 5, chars.len()).trim().to_string();
                    if code.is_empty() {
                        return Err(err(ln, 5, msg!("err.trf26.no_system")));
                    }
                    trf.system = Some(code);
                }
                "240" => {
                    trf.byes.push(records::parse_240(&chars, ln)?);
                    trf.record_lines.byes.push(ln);
                }
                "250" => {
                    trf.accelerations.push(records::parse_250(&chars, ln)?);
                    trf.record_lines.accel.push(ln);
                }
                "XXA" => {
                    trf.accelerations.push(records::parse_xxa(&chars, ln)?);
                    trf.record_lines.accel.push(ln);
                }
                "260" => {
                    trf.prohibited.push(records::parse_260(&chars, ln)?);
                    trf.record_lines.prohibited.push(ln);
                }
                "XXP" => {
                    let v = field(&chars, 4, chars.len());
                    let mut group = Vec::new();
                    let mut col = 4;
                    for tok in v.split(' ') {
                        if !tok.is_empty() {
                            group.push(parse_uint(tok, ln, col + 1, "err.trf.what.xxp")?);
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
                        return Err(err(ln, 1, msg!("err.trf.code")));
                    }
                }
            }
        }
        trf.check_consistency()?;
        trf.check_records()?;
        if by_line_order {
            trf.number_by_line_order();
        }
        Ok(trf)
    }

    /// `XXC rank`: the order of the player lines is the pairing order and
    /// the numbers in them only name the players (lichess writes its
    /// players by rating with numbers out of that order, and pairs them
    /// so with the endorsed engine). The players take start numbers
    /// 1, 2, … in line order, every number of the file follows, and
    /// [`Trf::file_ids`] keeps the file's own. Nothing changes when the
    /// lines are numbered 1, 2, … already.
    fn number_by_line_order(&mut self) {
        let old: Vec<u32> = self.players.iter().map(|p| p.id).collect();
        if old.iter().zip(1..).all(|(&id, n)| id == n) {
            return;
        }
        let map: std::collections::HashMap<u32, u32> = old.iter().copied().zip(1..).collect();
        let new = |id: &mut u32| *id = map.get(id).copied().unwrap_or(*id);
        for p in &mut self.players {
            new(&mut p.id);
            for r in &mut p.rounds {
                if r.opponent != 0 {
                    new(&mut r.opponent);
                }
            }
        }
        self.byes
            .iter_mut()
            .for_each(|b| b.ids.iter_mut().for_each(new));
        let prohibited = self.prohibited.iter_mut().flat_map(|p| p.ids.iter_mut());
        prohibited.for_each(new);
        self.forbidden.iter_mut().flatten().for_each(new);
        // A `250` range of the file's numbers is the players it names,
        // one range per run of consecutive new numbers.
        let mut accel = Vec::new();
        let mut lines = Vec::new();
        for (rec, &ln) in self.accelerations.iter().zip(&self.record_lines.accel) {
            match *rec {
                AccelRecord::PerRound { id, ref points } => {
                    let mut id = id;
                    new(&mut id);
                    accel.push(AccelRecord::PerRound {
                        id,
                        points: points.clone(),
                    });
                    lines.push(ln);
                }
                AccelRecord::Range {
                    points,
                    first_round,
                    last_round,
                    first_id,
                    last_id,
                } => {
                    let mut ids: Vec<u32> = (first_id..=last_id)
                        .filter_map(|i| map.get(&i).copied())
                        .collect();
                    ids.sort_unstable();
                    for run in ids.chunk_by(|a, b| b == &(a + 1)) {
                        accel.push(AccelRecord::Range {
                            points,
                            first_round,
                            last_round,
                            first_id: run[0],
                            last_id: run[run.len() - 1],
                        });
                        lines.push(ln);
                    }
                }
            }
        }
        self.accelerations = accel;
        self.record_lines.accel = lines;
        self.file_ids = old;
    }
}

impl Trf {
    /// The first line of a team tournament's records (`013` TRF-16 teams,
    /// `310` TRF-2026 teams) and its code: such a file is not an
    /// individual tournament, whatever its player lines say.
    pub fn team_record(text: &str) -> Option<(usize, &'static str)> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        text.lines().enumerate().find_map(|(i, l)| {
            ["013", "310"]
                .into_iter()
                .find(|c| l.starts_with(c))
                .map(|c| (i + 1, c))
        })
    }
}

pub(super) fn parse_settings(v: &str, ln: usize) -> Result<PointSettings, TrfError> {
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
            .ok_or_else(|| err(ln, c, msg!("err.trf.xxs_item", value = tok)))?;
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
            _ => return Err(err(ln, c, msg!("err.trf.xxs_key", value = k))),
        }
    }
    Ok(s)
}

pub(super) fn parse_player(chars: &[char], ln: usize) -> Result<TrfPlayer, TrfError> {
    if chars.len() < 8 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf.short")));
    }
    let id = parse_uint(&field(chars, 5, 8), ln, 5, "err.trf.what.start_number")?;
    if id == 0 {
        return Err(err(ln, 5, msg!("err.trf.no_start_number")));
    }
    let rating = parse_uint(&field(chars, 49, 52), ln, 49, "err.trf.what.rating")?;
    let points = parse_points(&field(chars, 81, 84), ln, 81)?;
    let rank = parse_uint(&field(chars, 86, 89), ln, 86, "err.trf.what.rank")?;
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        let block = field(chars, start, start + 7);
        if block.trim().is_empty() {
            rounds.push(TrfRound::BLANK);
            start += 10;
            continue;
        }
        for off in [4usize, 6] {
            if let Some(&c) = chars.get(start - 1 + off) {
                if c != ' ' {
                    return Err(err(ln, start + off, msg!("err.trf.block_space", found = c)));
                }
            }
        }
        if let Some(&c) = chars.get(start - 2) {
            if c != ' ' {
                return Err(err(ln, start - 1, msg!("err.trf.block_width")));
            }
        }
        let opp_s = field(chars, start, start + 3);
        let opponent = parse_uint(&opp_s, ln, start, "err.trf.what.opponent")?;
        let colour = match chars.get(start + 4).copied().unwrap_or(' ') {
            'w' | 'W' => Some(Colour::Red),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => return Err(err(ln, start + 5, msg!("err.trf.colour", value = c))),
        };
        let result = chars.get(start + 6).copied().unwrap_or(' ');
        let result = match result {
            '1' | '0' | '=' | 'W' | 'D' | 'L' | '+' | '-' | 'U' | 'F' | 'H' | 'Z' | ' ' => result,
            'w' => 'W',
            'd' => 'D',
            'l' => 'L',
            c => return Err(err(ln, start + 7, msg!("err.trf.result", value = c))),
        };
        if opponent == id {
            return Err(err(ln, start, msg!("err.trf.self")));
        }
        if opponent != 0 && matches!(result, 'U' | 'F' | 'H' | 'Z') {
            return Err(err(
                ln,
                start + 7,
                msg!("err.trf.bye_opponent", value = result),
            ));
        }
        if opponent != 0 && colour.is_none() && matches!(result, '1' | '0' | '=' | 'W' | 'D' | 'L')
        {
            return Err(err(ln, start + 5, msg!("err.trf.needs_colour")));
        }
        // `0000 - +`, a won round without an opponent, is how older
        // programs write the pairing-allocated bye (the endorsed engine
        // reads it so): read as `U`, not as an absence.
        let result = if opponent == 0 && result == '+' {
            'U'
        } else {
            result
        };
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
