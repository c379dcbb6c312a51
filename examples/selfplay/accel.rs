//! Acceleration lines for self-play (`--accelerate`): every tournament
//! file carries explicit virtual points, as `250` or `XXA` records, drawn
//! once per tournament: FIDE's Baku rule (2·⌈N/4⌉ players, ⌈R/2⌉ rounds,
//! a point then a half), random `250` ranges that overlap and overwrite
//! each other, or random `XXA` lines. Sometimes `192
//! FIDE_DUTCH_2025_BAKU` comes along, which explicit lines override.

use super::Rng;

/// One record of virtual points (tenths of a point).
pub enum Line {
    Range {
        tenths: u32,
        first_round: usize,
        last_round: usize,
        first_id: u32,
        last_id: u32,
    },
    Xxa {
        id: u32,
        tenths: Vec<u32>,
    },
}

/// The records of one tournament and whether a `192 …_BAKU` line comes too.
pub struct Accel {
    pub lines: Vec<Line>,
    pub baku_line: bool,
}

/// Draws the acceleration of a tournament of `at_start` players from round
/// 1 (start numbers 1..=at_start), `total` with the late entries, `rounds`
/// rounds.
pub fn draw(rng: &mut Rng, at_start: usize, total: usize, rounds: usize) -> Accel {
    let ga = (2 * at_start.div_ceil(4)).min(at_start) as u32;
    let a = rounds.div_ceil(2);
    let full = a.div_ceil(2);
    let mut lines = Vec::new();
    match rng.below(10) {
        0..=5 => {
            lines.push(Line::Range {
                tenths: 10,
                first_round: 1,
                last_round: full,
                first_id: 1,
                last_id: ga.max(1),
            });
            if a > full {
                lines.push(Line::Range {
                    tenths: 5,
                    first_round: full + 1,
                    last_round: a,
                    first_id: 1,
                    last_id: ga.max(1),
                });
            }
        }
        6..=7 => {
            for _ in 0..rng.range(1, 4) {
                let r1 = rng.range(1, rounds as u64) as usize;
                let r2 = rng.range(r1 as u64, rounds as u64) as usize;
                let p1 = rng.range(1, total as u64) as u32;
                let p2 = rng.range(p1 as u64, total as u64) as u32;
                lines.push(Line::Range {
                    tenths: [5, 10, 15, 20][rng.below(4) as usize],
                    first_round: r1,
                    last_round: r2,
                    first_id: p1,
                    last_id: p2,
                });
            }
        }
        _ => {
            let baku = rng.below(2) == 0;
            for id in 1..=total as u32 {
                let tenths: Vec<u32> = if baku {
                    if id > ga {
                        continue;
                    }
                    (1..=a).map(|r| if r <= full { 10 } else { 5 }).collect()
                } else {
                    let len = rng.range(0, rounds as u64) as usize;
                    (0..len)
                        .map(|_| [0, 0, 5, 10][rng.below(4) as usize])
                        .collect()
                };
                if !tenths.is_empty() {
                    lines.push(Line::Xxa { id, tenths });
                }
            }
        }
    }
    Accel {
        lines,
        baku_line: rng.below(4) == 0,
    }
}

fn pts(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

impl Accel {
    /// The lines for a file whose players are 1..=`max_id` (lines naming
    /// players not in it yet are cut to those who are). A file always has
    /// an explicit line: when none of the drawn ones names a player of
    /// the file yet (or the drawn `XXA` lines are all empty), `XXA 1 0.0`
    /// says "no virtual points" — without it a `192 …_BAKU` line would
    /// leave each program to its own Baku computation, where qishe follows
    /// FIDE's group (2·⌈N/4⌉) and the engine its own (⌈N/2⌉).
    pub fn write(&self, max_id: u32) -> Vec<String> {
        let mut out = Vec::new();
        if self.baku_line {
            out.push("192 FIDE_DUTCH_2025_BAKU".to_string());
        }
        for l in &self.lines {
            match l {
                Line::Range {
                    tenths,
                    first_round,
                    last_round,
                    first_id,
                    last_id,
                } => {
                    if *first_id > max_id {
                        continue;
                    }
                    out.push(format!(
                        "250      {:>4} {first_round:03} {last_round:03} {first_id:04} {:04}",
                        pts(*tenths),
                        (*last_id).min(max_id)
                    ));
                }
                Line::Xxa { id, tenths } => {
                    if *id > max_id {
                        continue;
                    }
                    let mut s = format!("XXA {id:>4}");
                    for t in tenths {
                        s.push_str(&format!(" {:>4}", pts(*t)));
                    }
                    out.push(s);
                }
            }
        }
        if out.len() == usize::from(self.baku_line) {
            out.push(format!("XXA {:>4} {:>4}", 1, pts(0)));
        }
        out
    }
}
