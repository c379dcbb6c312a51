//! Table tests of the repetition rulings: constructed cycles
//! (pieces + moves, every move played through the board and the repeat
//! verified), each ruled under the three rule books, and each again with
//! the colours swapped (board turned round), where the rulings swap.

use qishe::domain::Colour;
use qishe::xiangqi::repetition::rules::{Class, Judgement};
use qishe::xiangqi::repetition::{judge, latest_repetition, RuleSet};
use qishe::xiangqi::{parse_move, Move, Position};

/// A FEN from pieces on points (`("R", "a0")`, upper case red).
fn fen<S: AsRef<str>>(pieces: &[(S, S)], red_to_move: bool) -> String {
    let mut grid = [['.'; 9]; 10];
    for (p, sq) in pieces {
        let (p, sq) = (p.as_ref(), sq.as_ref());
        let b = sq.as_bytes();
        let (f, r) = ((b[0] - b'a') as usize, (b[1] - b'0') as usize);
        assert_eq!(grid[r][f], '.', "two pieces on {sq}");
        grid[r][f] = p.chars().next().unwrap();
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut gap = 0;
            for &cell in &grid[r] {
                match cell {
                    '.' => gap += 1,
                    c => {
                        if gap > 0 {
                            s.push_str(&gap.to_string());
                            gap = 0;
                        }
                        s.push(c);
                    }
                }
            }
            if gap > 0 {
                s.push_str(&gap.to_string());
            }
            s
        })
        .collect();
    format!("{} {}", rows.join("/"), if red_to_move { "w" } else { "b" })
}

fn play(start: &Position, moves: &str) -> Vec<Move> {
    let mut p = start.clone();
    moves
        .split_whitespace()
        .map(|t| {
            let m = parse_move(&p, t).unwrap_or_else(|e| panic!("{t} in {}: {e}", p.fen()));
            p.make(m);
            m
        })
        .collect()
}

struct Case {
    name: &'static str,
    pieces: &'static [(&'static str, &'static str)],
    red_to_move: bool,
    moves: &'static str,
    /// Expected rulings under simple, asian, cxa2011: 'R' red must change,
    /// 'B' black must change, 'D' draw.
    expect: [char; 3],
    /// Expected classes of the cycle's moves under each book (first move
    /// of the cycle first), or "" to skip: c check, m mate threat, h chase,
    /// i idle.
    classes: [&'static str; 3],
}

fn ruling_char(j: &Judgement) -> char {
    match j.must_change {
        Some(Colour::Red) => 'R',
        Some(Colour::Black) => 'B',
        None => 'D',
    }
}

fn class_char(c: Class) -> char {
    match c {
        Class::Check => 'c',
        Class::MateThreat => 'm',
        Class::Chase => 'h',
        Class::Idle => 'i',
    }
}

fn run(case: &Case) -> Vec<String> {
    let start = Position::from_fen(&fen(case.pieces, case.red_to_move))
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut failures = run_on(case, &start, case.moves, case.expect);
    // The same cycle with the colours swapped (the board turned round):
    // the rulings swap too.
    let flip = |sq: &str| {
        let b = sq.as_bytes();
        format!(
            "{}{}",
            (b'i' - (b[0] - b'a')) as char,
            (b'9' - (b[1] - b'0')) as char
        )
    };
    let pieces: Vec<(String, String)> = case
        .pieces
        .iter()
        .map(|(p, sq)| {
            let c = p.chars().next().unwrap();
            let swapped = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            (swapped.to_string(), flip(sq))
        })
        .collect();
    let mirrored = Position::from_fen(&fen(&pieces, !case.red_to_move))
        .unwrap_or_else(|e| panic!("{} (colours swapped): {e}", case.name));
    let moves: Vec<String> = case
        .moves
        .split_whitespace()
        .map(|m| format!("{}{}", flip(&m[..2]), flip(&m[2..])))
        .collect();
    let expect = case.expect.map(|c| match c {
        'R' => 'B',
        'B' => 'R',
        other => other,
    });
    failures.extend(
        run_on(case, &mirrored, &moves.join(" "), expect)
            .into_iter()
            .map(|f| format!("(colours swapped) {f}")),
    );
    failures
}

fn run_on(case: &Case, start: &Position, moves: &str, expect: [char; 3]) -> Vec<String> {
    let start = start.clone();
    let moves = play(&start, moves);
    let rep = latest_repetition(&start, &moves)
        .unwrap_or_else(|| panic!("{}: no position repeats", case.name));
    // The cycle must end the game: the last position is the repeated one.
    assert_eq!(
        rep.again,
        moves.len(),
        "{}: the game runs on after the repeat",
        case.name
    );
    let mut failures = Vec::new();
    for (i, rules) in RuleSet::ALL.into_iter().enumerate() {
        let j = judge(&start, &moves, rules).unwrap();
        let got = ruling_char(&j);
        let classes: String = j.moves.iter().map(|m| class_char(m.class)).collect();
        let bad_ruling = got != expect[i];
        let bad_classes = !case.classes[i].is_empty() && classes != case.classes[i];
        if bad_ruling || bad_classes {
            failures.push(format!(
                "{} [{}]: ruling {got} (want {}), classes {classes} (want {})\n{}",
                case.name,
                rules.code(),
                expect[i],
                case.classes[i],
                j.text(qishe::i18n::Lang::ZhHans)
            ));
        }
    }
    failures
}

fn check_all(cases: &[Case]) {
    let failures: Vec<String> = cases.iter().flat_map(run).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn basic_cycles() {
    check_all(&[
        Case {
            name: "perpetual check by a chariot against king moves",
            pieces: &[("K", "d0"), ("R", "a0"), ("k", "e9")],
            red_to_move: true,
            moves: "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8",
            expect: ['R', 'R', 'R'],
            classes: ["cici", "cici", "cici"],
        },
        Case {
            name: "a pawn may not check every move",
            pieces: &[("K", "d0"), ("R", "a8"), ("P", "d8"), ("k", "e9")],
            red_to_move: true,
            moves: "d8e8 e9f9 e8f8 f9e9 f8e8 e9f9",
            expect: ['R', 'R', 'R'],
            classes: ["cici", "cici", "cici"],
        },
        Case {
            name: "a pawn may chase every move",
            pieces: &[("K", "f0"), ("P", "e6"), ("c", "d7"), ("k", "e9")],
            red_to_move: true,
            moves: "e6d6 d7e7 d6e6 e7d7",
            expect: ['D', 'D', 'D'],
            classes: ["iiii", "iiii", "iiii"],
        },
        Case {
            name: "a king may chase every move",
            pieces: &[("K", "e2"), ("c", "d1"), ("k", "f9")],
            red_to_move: true,
            moves: "e2e1 d1d2 e1e2 d2d1",
            expect: ['D', 'D', 'D'],
            classes: ["iiii", "iiii", "iiii"],
        },
        Case {
            name: "a chariot chases an unprotected horse",
            pieces: &[("K", "e0"), ("R", "a9"), ("n", "c7"), ("k", "f8")],
            red_to_move: true,
            moves: "a9a7 c7d9 a7a9 d9c7",
            expect: ['R', 'R', 'R'],
            classes: ["hihi", "hihi", "hihi"],
        },
        Case {
            name: "a chariot attacks a protected horse: a chase only in the simple rule",
            pieces: &[
                ("K", "e0"),
                ("R", "a9"),
                ("n", "c7"),
                ("n", "d5"),
                ("a", "e8"),
                ("k", "f8"),
            ],
            red_to_move: true,
            moves: "a9a7 c7d9 a7a9 d9c7",
            expect: ['R', 'D', 'D'],
            classes: ["hihi", "iiii", "iiii"],
        },
        Case {
            name: "a horse chases a protected chariot",
            pieces: &[
                ("K", "e0"),
                ("N", "e5"),
                ("r", "d6"),
                ("r", "d9"),
                ("n", "e7"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e5c4 d6g6 c4e5 g6d6",
            expect: ['R', 'R', 'R'],
            classes: ["hihi", "hihm", "hihm"],
        },
    ]);
}

#[test]
fn threats_standing_and_alternating() {
    check_all(&[
        Case {
            name: "a checks-only mate threat renewed every move (the defender walks into the chariot's file)",
            pieces: &[
                ("K", "e0"),
                ("R", "a2"),
                ("P", "g8"),
                ("p", "a4"),
                ("a", "f7"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "a2b2 a4b4 b2a2 b4a4",
            expect: ['D', 'D', 'R'],
            classes: ["iiii", "mimi", "mimi"],
        },
        Case {
            name: "a chase created before the cycle does not count",
            pieces: &[
                ("K", "e0"),
                ("A", "e1"),
                ("R", "a7"),
                ("n", "c7"),
                ("a", "e8"),
                ("k", "f8"),
            ],
            red_to_move: true,
            moves: "e1d0 e8d9 d0e1 d9e8",
            expect: ['D', 'D', 'D'],
            classes: ["iiii", "iiii", "iiii"],
        },
        Case {
            name: "mutual chase: each chariot chases two unprotected cannons in turn",
            pieces: &[
                ("K", "e0"),
                ("R", "a7"),
                ("C", "g2"),
                ("C", "g3"),
                ("r", "i2"),
                ("c", "c7"),
                ("c", "c6"),
                ("k", "f8"),
            ],
            red_to_move: true,
            moves: "a7a6 i2i3 a6a7 i3i2",
            expect: ['D', 'D', 'D'],
            classes: ["hhhh", "hhhh", "hhhh"],
        },
        Case {
            name: "one chariot chases two unprotected cannons in turn against idle moves",
            pieces: &[
                ("K", "e0"),
                ("R", "a7"),
                ("c", "c7"),
                ("c", "c6"),
                ("a", "e8"),
                ("k", "f8"),
            ],
            red_to_move: true,
            moves: "a7a6 e8d9 a6a7 d9e8",
            expect: ['R', 'D', 'R'],
            classes: ["hihi", "hihi", "hihi"],
        },
        Case {
            name: "a chariot chases one unprotected crossed pawn",
            pieces: &[("K", "e0"), ("R", "c1"), ("p", "c4"), ("k", "f8")],
            red_to_move: false,
            moves: "c4d4 c1d1 d4c4 d1c1",
            expect: ['R', 'R', 'R'],
            classes: ["ihih", "ihih", "ihih"],
        },
        Case {
            name: "a chariot attacks a crossed pawn protected by a chariot",
            pieces: &[("K", "e0"), ("R", "c1"), ("p", "c4"), ("r", "i4"), ("k", "f8")],
            red_to_move: false,
            moves: "c4d4 c1d1 d4c4 d1c1",
            expect: ['R', 'D', 'D'],
            classes: ["ihih", "iiii", "iiii"],
        },
        Case {
            name: "a chariot attacks two unprotected uncrossed pawns in turn",
            pieces: &[
                ("K", "e0"),
                ("R", "a5"),
                ("p", "a6"),
                ("p", "c6"),
                ("a", "e8"),
                ("k", "f8"),
            ],
            red_to_move: true,
            moves: "a5c5 e8d9 c5a5 d9e8",
            expect: ['R', 'D', 'D'],
            classes: ["hihi", "iiii", "iiii"],
        },
    ]);
}

#[test]
fn chariots_cannons_and_checks() {
    check_all(&[
        Case {
            name: "a cannon chases a protected chariot over screens",
            pieces: &[
                ("K", "d0"),
                ("C", "b3"),
                ("p", "d3"),
                ("p", "d4"),
                ("r", "f3"),
                ("r", "f9"),
                ("k", "e9"),
            ],
            red_to_move: false,
            moves: "f3f4 b3b4 f4f3 b4b3",
            expect: ['R', 'R', 'R'],
            classes: ["ihih", "ihih", "ihih"],
        },
        Case {
            name: "a cannon chases an unprotected chariot over screens",
            pieces: &[
                ("K", "d0"),
                ("C", "b3"),
                ("p", "d3"),
                ("p", "d4"),
                ("r", "f3"),
                ("k", "e9"),
            ],
            red_to_move: false,
            moves: "f3f4 b3b4 f4f3 b4b3",
            expect: ['R', 'R', 'R'],
            classes: ["ihih", "ihih", "ihih"],
        },
        Case {
            name: "a chariot offers an exchange to a chariot every move",
            pieces: &[("K", "d0"), ("A", "e1"), ("R", "b3"), ("r", "f3"), ("k", "e9")],
            red_to_move: false,
            moves: "f3f4 b3b4 f4f3 b4b3",
            expect: ['R', 'D', 'D'],
            classes: ["ihih", "iiii", "iiii"],
        },
        Case {
            name: "a horse chases an unprotected chariot",
            pieces: &[
                ("K", "e0"),
                ("N", "e5"),
                ("r", "d6"),
                ("n", "e7"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e5c4 d6g6 c4e5 g6d6",
            expect: ['R', 'R', 'R'],
            classes: ["hihi", "hihi", "hihi"],
        },
        Case {
            name: "perpetual check against king moves that unmask horses chasing two unprotected cannons",
            pieces: &[
                ("K", "f0"),
                ("R", "d3"),
                ("C", "c7"),
                ("C", "f7"),
                ("n", "d9"),
                ("n", "e9"),
                ("k", "e8"),
            ],
            red_to_move: true,
            moves: "d3e3 e8d8 e3d3 d8e8",
            expect: ['R', 'R', 'B'],
            classes: ["chch", "chch", "chch"],
        },
    ]);
}

#[test]
fn mixed_cycles_pins_and_horses() {
    check_all(&[
        Case {
            name: "one check one chase against king moves unmasking chases of two cannons",
            pieces: &[
                ("K", "f0"),
                ("R", "f3"),
                ("C", "c7"),
                ("C", "f7"),
                ("p", "f4"),
                ("n", "d9"),
                ("n", "e9"),
                ("k", "e8"),
            ],
            red_to_move: true,
            moves: "f3e3 e8d8 e3f3 d8e8",
            expect: ['R', 'R', 'D'],
            classes: ["chhh", "chhh", "chhh"],
        },
        Case {
            name: "a horse chases an unprotected cannon",
            pieces: &[("K", "e0"), ("N", "e5"), ("c", "d6"), ("k", "f9")],
            red_to_move: true,
            moves: "e5c4 d6g6 c4e5 g6d6",
            expect: ['R', 'R', 'R'],
            classes: ["hihi", "hihi", "hihi"],
        },
        Case {
            name: "a horse attacks a protected cannon",
            pieces: &[
                ("K", "e0"),
                ("A", "e1"),
                ("N", "e5"),
                ("c", "d6"),
                ("r", "d9"),
                ("n", "e7"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e5c4 d6g6 c4e5 g6d6",
            expect: ['R', 'D', 'D'],
            classes: ["hihi", "iiii", "iiii"],
        },
        Case {
            name: "a pinned chariot does not chase",
            pieces: &[
                ("K", "e0"),
                ("R", "e3"),
                ("c", "b2"),
                ("r", "e8"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e3e2 b2b3 e2e3 b3b2",
            expect: ['D', 'D', 'D'],
            classes: ["iiii", "iiii", "iiii"],
        },
        Case {
            name: "the same chariot unpinned chases the cannon",
            pieces: &[
                ("K", "d0"),
                ("R", "e3"),
                ("c", "b2"),
                ("r", "e8"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e3e2 b2b3 e2e3 b3b2",
            expect: ['R', 'R', 'R'],
            classes: ["hihi", "hihi", "hihi"],
        },
        Case {
            name: "perpetual check by a horse",
            pieces: &[("K", "d0"), ("N", "e7"), ("k", "e9")],
            red_to_move: true,
            moves: "e7g8 e9f9 g8e7 f9e9",
            expect: ['R', 'R', 'R'],
            classes: ["cici", "cici", "cici"],
        },
    ]);
}

#[test]
fn more_checks_and_counter_attacks() {
    check_all(&[
        Case {
            name: "perpetual check by a cannon over pawns",
            pieces: &[
                ("K", "d0"),
                ("C", "e5"),
                ("P", "e7"),
                ("P", "f7"),
                ("k", "f9"),
            ],
            red_to_move: true,
            moves: "e5f5 f9e9 f5e5 e9f9",
            expect: ['R', 'R', 'R'],
            classes: ["cici", "cici", "cici"],
        },
        Case {
            name: "a chariot chases a horse that counter-attacks it once",
            pieces: &[("K", "e0"), ("R", "a9"), ("n", "c7"), ("k", "f8")],
            red_to_move: true,
            moves: "a9a7 c7b9 a7a9 b9c7",
            expect: ['R', 'R', 'R'],
            classes: ["hhhi", "hhhi", "hhhi"],
        },
    ]);
}

#[test]
fn horses_out_and_back_from_the_start_is_a_draw_everywhere() {
    let start = Position::start();
    let moves = play(&start, "h0g2 h9g7 g2h0 g7h9 h0g2");
    for rules in RuleSet::ALL {
        let j = judge(&start, &moves, rules).unwrap();
        assert_eq!((j.repetition.first, j.repetition.again), (1, 5));
        assert_eq!(j.must_change, None, "{}", rules.code());
        assert!(j.moves.iter().all(|m| m.class == Class::Idle));
    }
}
