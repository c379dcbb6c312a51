//! Cross-line checks of a TRF file: start numbers are unique,
//! every opponent exists, the two lines of a game agree (opponent, colours,
//! results), and no player line has more round blocks than the event has
//! rounds. Each error names the line and column where it shows.

use super::{err, Trf, TrfError, TrfRound, MAX_ROUNDS};
use crate::i18n::msg;
use std::collections::HashMap;

/// Column of round `r`'s block (0-based round) on a player line.
fn block_col(r: usize) -> usize {
    92 + 10 * r
}

fn wins(c: char) -> bool {
    matches!(c, '1' | 'W')
}

fn losses(c: char) -> bool {
    matches!(c, '0' | 'L')
}

fn draws(c: char) -> bool {
    matches!(c, '=' | 'D')
}

/// Do the two results of one pairing fit together?
fn results_agree(a: char, b: char) -> bool {
    match a {
        '+' => b == '-',
        '-' => b == '+' || b == '-',
        c if wins(c) => losses(b),
        c if losses(c) => wins(b),
        c if draws(c) => draws(b),
        // a pairing without a result yet
        ' ' => b == ' ',
        _ => false,
    }
}

impl Trf {
    /// The line a player was read from (0 for a file built in memory).
    pub fn line_of(&self, index: usize) -> usize {
        self.player_lines.get(index).copied().unwrap_or(0)
    }

    /// Checks what single lines cannot show. Called by [`Trf::parse`].
    pub fn check_consistency(&self) -> Result<(), TrfError> {
        let mut index: HashMap<u32, usize> = HashMap::new();
        for (i, p) in self.players.iter().enumerate() {
            if let Some(&first) = index.get(&p.id) {
                return Err(err(
                    self.line_of(i),
                    5,
                    msg!("err.trf.twice", id = p.id, line = self.line_of(first)),
                ));
            }
            index.insert(p.id, i);
        }
        let limit = self.total_rounds.unwrap_or(MAX_ROUNDS).min(MAX_ROUNDS) as usize;
        for (i, p) in self.players.iter().enumerate() {
            let ln = self.line_of(i);
            if p.rounds.len() > limit {
                return Err(err(
                    ln,
                    block_col(limit),
                    if self.total_rounds.is_some() {
                        msg!(
                            "err.trf.blocks_xxr",
                            id = p.id,
                            blocks = p.rounds.len(),
                            limit
                        )
                    } else {
                        msg!(
                            "err.trf.blocks_max",
                            id = p.id,
                            blocks = p.rounds.len(),
                            max = MAX_ROUNDS
                        )
                    },
                ));
            }
            for (r, b) in p.rounds.iter().enumerate() {
                if b.opponent == 0 {
                    continue;
                }
                let Some(&j) = index.get(&b.opponent) else {
                    return Err(err(
                        ln,
                        block_col(r),
                        msg!(
                            "err.trf.unknown_opponent",
                            id = p.id,
                            opponent = b.opponent,
                            round = r + 1
                        ),
                    ));
                };
                let o = self.players[j]
                    .rounds
                    .get(r)
                    .copied()
                    .unwrap_or(TrfRound::BLANK);
                if o.opponent != p.id {
                    return Err(err(
                        ln,
                        block_col(r),
                        if o.opponent == 0 {
                            msg!(
                                "err.trf.mismatch_none",
                                round = r + 1,
                                id = p.id,
                                opponent = b.opponent,
                                line = self.line_of(j)
                            )
                        } else {
                            msg!(
                                "err.trf.mismatch",
                                round = r + 1,
                                id = p.id,
                                opponent = b.opponent,
                                line = self.line_of(j),
                                other = o.opponent
                            )
                        },
                    ));
                }
                if b.colour.is_some() && b.colour == o.colour {
                    return Err(err(
                        ln,
                        block_col(r) + 5,
                        msg!(
                            "err.trf.same_colour",
                            round = r + 1,
                            id = p.id,
                            opponent = b.opponent,
                            line = self.line_of(j)
                        ),
                    ));
                }
                if !results_agree(b.result, o.result) {
                    return Err(err(
                        ln,
                        block_col(r) + 7,
                        msg!(
                            "err.trf.scores",
                            round = r + 1,
                            id = p.id,
                            result = b.result,
                            opponent = b.opponent,
                            other = o.result,
                            line = self.line_of(j)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: u32, blocks: &str) -> String {
        format!(
            "001 {id:>4}      Player {id:<26} 2000                             0.0    1{blocks}"
        )
    }

    fn parse(lines: &[String]) -> Result<Trf, TrfError> {
        Trf::parse(&(lines.join("\n") + "\n"))
    }

    #[test]
    fn a_consistent_file_passes() {
        let t = parse(&[
            "XXR 3".into(),
            line(1, "     2 w 1     3 b ="),
            line(2, "     1 b 0  0000 - U"),
            line(3, "  0000 - H     1 w ="),
        ]);
        assert!(t.is_ok(), "{t:?}");
    }

    #[test]
    fn the_two_lines_of_a_game_must_agree() {
        // results
        let e = parse(&[line(1, "     2 w 1"), line(2, "     1 b 1")]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 99), "{e}");
        assert!(e.to_string().contains("line 2"), "{e}");
        // colours
        let e = parse(&[line(1, "     2 w 1"), line(2, "     1 w 0")]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 97), "{e}");
        // opponent
        let e = parse(&[line(1, "     2 w 1"), line(2, "  0000 - U"), line(3, "")]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 92), "{e}");
        // a forfeit against a played loss
        let e = parse(&[line(1, "     2 w +"), line(2, "     1 b 0")]).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        // a forfeit both ways is fine; so is W against L
        assert!(parse(&[line(1, "     2 w -"), line(2, "     1 b -")]).is_ok());
        assert!(parse(&[line(1, "     2 w W"), line(2, "     1 b L")]).is_ok());
    }

    #[test]
    fn start_numbers_are_unique_and_opponents_exist() {
        let e = parse(&["012 x".into(), line(1, ""), line(2, ""), line(1, "")]).unwrap_err();
        assert_eq!((e.line, e.column), (4, 5), "{e}");
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = parse(&[line(1, "     2 w 1     9 b 0"), line(2, "     1 b 0")]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 102), "{e}");
    }

    #[test]
    fn no_more_round_blocks_than_rounds() {
        let e = parse(&[
            "XXR 1".into(),
            line(1, "     2 w 1  0000 - H"),
            line(2, "     1 b 0"),
        ])
        .unwrap_err();
        assert_eq!((e.line, e.column), (2, 102), "{e}");
        let many = "  0000 - Z".repeat(MAX_ROUNDS as usize + 1);
        let e = parse(&[line(1, &many)]).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.to_string().contains("999"), "{e}");
    }
}
