//! XBoard/WinBoard-style algebraic moves for xiangqi, as XBoard and the
//! sites that follow it write them under `[Variant "xiangqi"]`: `Che3`,
//! `Nhg8`, `Rxh10`, `Pab5`, `Ch10+`. Files a–i from red's left, ranks
//! 1–10 from red's side (one more than ICCS, whose ranks are 0–9); the
//! piece letter K A B N R C P (E and H read as B and N; none read as a
//! pawn); the from-file and/or from-rank only when two pieces of the kind
//! could go to the square; `x` before a capture, `+`/`#` after a check.

use super::board::{Kind, Move, Position, Square};
use super::move_error::MoveTextError;

/// A move text in this form, taken apart.
struct San {
    kind: Kind,
    from_file: Option<u8>,
    /// 0-based (ICCS) rank.
    from_rank: Option<u8>,
    to: Square,
}

/// A rank written 1–10, 0-based; `None` when there is none at `i`.
fn rank_at(c: &[char], i: &mut usize) -> Option<u8> {
    match (c.get(*i), c.get(*i + 1)) {
        (Some('1'), Some('0')) => {
            *i += 2;
            Some(9)
        }
        (Some(&d), _) if ('1'..='9').contains(&d) => {
            *i += 1;
            Some(d as u8 - b'1')
        }
        _ => None,
    }
}

fn file_at(c: &[char], i: &mut usize) -> Option<u8> {
    match c.get(*i) {
        Some(&f) if ('a'..='i').contains(&f) => {
            *i += 1;
            Some(f as u8 - b'a')
        }
        _ => None,
    }
}

/// Takes a text apart if it has the algebraic form (none otherwise: it
/// is then another notation's).
fn split(c: &[char]) -> Option<San> {
    let mut end = c.len();
    while end > 0 && matches!(c[end - 1], '+' | '#' | '!' | '?') {
        end -= 1;
    }
    let c = &c[..end];
    let mut i = 0;
    let kind = match c.first() {
        Some('K') => Some(Kind::King),
        Some('A') => Some(Kind::Advisor),
        Some('B' | 'E') => Some(Kind::Elephant),
        Some('N' | 'H') => Some(Kind::Horse),
        Some('R') => Some(Kind::Chariot),
        Some('C') => Some(Kind::Cannon),
        Some('P') => Some(Kind::Pawn),
        _ => None,
    };
    if kind.is_some() {
        i += 1;
    }
    // The to-square is the last file and rank; what stands before it (a
    // from-file, a from-rank, `x` or `-`) disambiguates.
    let mut squares: Vec<(Option<u8>, Option<u8>)> = Vec::new();
    let mut capture = false;
    while i < c.len() {
        if matches!(c[i], 'x' | ':' | '-') {
            if capture {
                return None;
            }
            capture = true;
            i += 1;
            continue;
        }
        let f = file_at(c, &mut i);
        let r = rank_at(c, &mut i);
        if f.is_none() && r.is_none() {
            return None;
        }
        squares.push((f, r));
    }
    let (to_file, to_rank) = match squares.pop()? {
        (Some(f), Some(r)) => (f, r),
        _ => return None,
    };
    let (from_file, from_rank) = match squares.as_slice() {
        [] => (None, None),
        [(f, r)] => (*f, *r),
        _ => return None,
    };
    Some(San {
        kind: kind.unwrap_or(Kind::Pawn),
        from_file,
        from_rank,
        to: Square::new(to_file, to_rank)?,
    })
}

/// Reads an algebraic move: `None` when the text has another form.
pub(super) fn parse(pos: &Position, text: &str, c: &[char]) -> Option<Result<Move, MoveTextError>> {
    let san = split(c)?;
    let mut pseudo = Vec::with_capacity(64);
    pos.pseudo_moves(&mut pseudo);
    let mut found: Vec<Move> = pseudo
        .into_iter()
        .filter(|&m| {
            m.to() == san.to
                && pos.piece_at(m.from()).is_some_and(|p| p.kind == san.kind)
                && san.from_file.is_none_or(|f| m.from().file() == f)
                && san.from_rank.is_none_or(|r| m.from().rank() == r)
                && pos.is_legal(m)
        })
        .collect();
    Some(match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveTextError::Illegal {
            text: text.to_string(),
        }),
        _ => {
            found.sort_by_key(|m| m.iccs());
            Err(MoveTextError::Ambiguous {
                text: text.to_string(),
                candidates: found.iter().map(|m| m.iccs()).collect(),
            })
        }
    })
}

/// Writes a legal move of the side to move in algebraic form.
pub(super) fn write(pos: &Position, m: Move) -> String {
    let Some(pc) = pos.piece_at(m.from()) else {
        return m.iccs();
    };
    let mut s = String::with_capacity(8);
    s.push(match pc.kind {
        Kind::King => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'B',
        Kind::Horse => 'N',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Pawn => 'P',
    });
    // Other pieces of the kind that could go there too.
    let rivals: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&o| {
            o.to() == m.to()
                && o.from() != m.from()
                && pos.piece_at(o.from()).is_some_and(|p| p.kind == pc.kind)
        })
        .collect();
    let (file, rank) = (m.from().file(), m.from().rank());
    let file_char = |f: u8| (b'a' + f) as char;
    let rank_text = |r: u8| (r + 1).to_string();
    if !rivals.is_empty() {
        if rivals.iter().all(|o| o.from().file() != file) {
            s.push(file_char(file));
        } else if rivals.iter().all(|o| o.from().rank() != rank) {
            s.push_str(&rank_text(rank));
        } else {
            s.push(file_char(file));
            s.push_str(&rank_text(rank));
        }
    }
    if pos.piece_at(m.to()).is_some() {
        s.push('x');
    }
    s.push(file_char(m.to().file()));
    s.push_str(&rank_text(m.to().rank()));
    let after = pos.after(m);
    if after.in_check() {
        s.push('+');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::notation::{parse_iccs, parse_move, write_move, Notation};
    use super::super::Position;

    fn play(pos: &mut Position, iccs: &str) {
        let m = parse_iccs(iccs).unwrap();
        assert!(pos.is_legal(m), "{iccs}");
        pos.make(m);
    }

    #[test]
    fn the_opening_of_a_game_elephantchess_io_published() {
        // 1. Che3 Nhg8 2. Nhg3 Rih10 3. Rih1 Nbc8: ranks 1–10, the from-
        // file written where another piece of the kind could go there.
        let mut pos = Position::start();
        let want = [
            ("Che3", "h2e2"),
            ("Nhg8", "h9g7"),
            ("Nhg3", "h0g2"),
            ("Rih10", "i9h9"),
            ("Rih1", "i0h0"),
            ("Nbc8", "b9c7"),
        ];
        for (san, iccs) in want {
            let m = parse_move(&pos, san).unwrap();
            assert_eq!(m.iccs(), iccs, "{san}");
            pos.make(m);
        }
    }

    #[test]
    fn writing_names_the_from_file_only_when_needed_and_marks_captures_and_checks() {
        let mut pos = Position::start();
        // Both cannons could go to e3: the from-file says which.
        let m = parse_iccs("h2e2").unwrap();
        assert_eq!(write_move(&pos, m, Notation::Xboard), "Che3");
        play(&mut pos, "h2e2");
        play(&mut pos, "h9g7");
        // The central cannon takes the centre pawn over its own pawn.
        let take = parse_iccs("e2e6").unwrap();
        assert_eq!(write_move(&pos, take, Notation::Xboard), "Cxe7");
        // The corner chariot alone goes up the a-file.
        let r = parse_iccs("a0a1").unwrap();
        assert_eq!(write_move(&pos, r, Notation::Xboard), "Ra2");
        // A check on rank 10.
        let end = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K4R w").unwrap();
        let c = parse_iccs("i0i9").unwrap();
        assert_eq!(write_move(&end, c, Notation::Xboard), "Ri10+");
        assert_eq!(parse_move(&end, "Ri10+"), Ok(c));
        // Every written move reads back as itself.
        for m in pos.legal_moves() {
            let t = write_move(&pos, m, Notation::Xboard);
            assert_eq!(parse_move(&pos, &t), Ok(m), "{t}");
        }
    }

    #[test]
    fn a_mixed_case_move_is_algebraic_even_when_it_reads_as_coordinates() {
        // Found by the notation round-trip proptest: `C7b5` (the cannon on
        // b7 of two on the b-file) also reads as ICCS c7b5, a legal horse move.
        let pos =
            Position::from_fen("r2a5/6r1n/2n1k4/1c4p1p/p1bPp1P2/P7P/4PCR2/1c2B4/3NK4/3A1ABN1 b")
                .unwrap();
        assert_eq!(parse_move(&pos, "C7b5").unwrap().iccs(), "b6b4");
        assert_eq!(parse_move(&pos, "c7b5").unwrap().iccs(), "c7b5");
    }

    #[test]
    fn other_notations_are_not_read_as_algebraic() {
        let pos = Position::start();
        for (text, iccs) in [("C2.5", "h2e2"), ("H2+3", "h0g2"), ("h2e2", "h2e2")] {
            assert_eq!(parse_move(&pos, text).unwrap().iccs(), iccs, "{text}");
        }
        assert!(parse_move(&pos, "Ce9").is_err(), "no red cannon reaches e9");
    }
}
