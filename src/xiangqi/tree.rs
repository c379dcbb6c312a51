//! The move tree of the binary formats (XQF, CBR): both store it in
//! pre-order, each move followed by its continuation and then by the
//! alternatives to it. The readers decode their records into `Node`s;
//! this turns the tree into a main line with comments and variations,
//! checking every move.

use super::board::{Move, Piece, Position, Square};
use super::notation::MoveTextError;
use super::record::{move_number, GameRecord, ImportError, ReadNote, ReadOptions, Variation};

/// Deeper trees than this are refused: no game is 2,000 plies long (the
/// tree is read and dropped without recursion, see [`build`]).
pub(super) const MAX_DEPTH: usize = 2000;

/// A move of the tree with its comment and what follows it: the main
/// continuation first, then the alternatives to that continuation.
pub(super) struct Node {
    /// The move, `None` when a point lies off the board.
    pub mv: Option<Move>,
    /// The move as the file has it, for messages.
    pub text: String,
    pub comment: Option<String>,
    pub children: Vec<Node>,
}

// A long line is a chain of nested nodes: they are dropped one by one,
// never by a recursion as deep as the line.
impl Drop for Node {
    fn drop(&mut self) {
        let mut rest = std::mem::take(&mut self.children);
        while let Some(mut n) = rest.pop() {
            rest.append(&mut n.children);
        }
    }
}

/// What a reader found at its place in the records.
pub(super) enum Found {
    /// A move, whether its continuation follows, and whether an
    /// alternative to it follows (after that continuation).
    Move {
        node: Node,
        next: bool,
        alternative: bool,
    },
    /// The moves of this level end here.
    EndOfLevel,
    /// Nothing more is read: every open level ends with what it has.
    Stop,
}

/// Builds the tree from records stored in pre-order (a move, its
/// continuation, then the alternatives to it) with a stack of open levels
/// instead of a recursion, so no file can overflow the stack. `read(main)`
/// gives the next record (`main`: it would be a move of the main line);
/// more than [`MAX_DEPTH`] open levels are `too_deep`.
pub(super) fn build(
    mut read: impl FnMut(bool) -> Result<Found, ImportError>,
    too_deep: impl Fn() -> ImportError,
) -> Result<Vec<Node>, ImportError> {
    struct Level {
        kids: Vec<Node>,
        main: bool,
        /// The move whose continuation this level is, and whether an
        /// alternative to that move follows the level.
        parent: Option<(Node, bool)>,
    }
    let mut open = vec![Level {
        kids: Vec::new(),
        main: true,
        parent: None,
    }];
    loop {
        let top = open.last_mut().expect("the root level stays open");
        let on_main = top.main && top.kids.is_empty();
        let mut stop = false;
        match read(on_main)? {
            Found::Move {
                node,
                next: true,
                alternative,
            } => {
                if open.len() >= MAX_DEPTH {
                    return Err(too_deep());
                }
                open.push(Level {
                    kids: Vec::new(),
                    main: on_main,
                    parent: Some((node, alternative)),
                });
                continue;
            }
            Found::Move {
                node, alternative, ..
            } => {
                top.kids.push(node);
                if alternative {
                    continue;
                }
            }
            Found::EndOfLevel => {}
            Found::Stop => stop = true,
        }
        // The level is complete: it becomes its move's continuation, and
        // the level above goes on when an alternative follows that move.
        loop {
            let level = open.pop().expect("the root level stays open");
            let Some((mut node, alternative)) = level.parent else {
                return Ok(level.kids);
            };
            node.children = level.kids;
            open.last_mut()
                .expect("a parent level is open")
                .kids
                .push(node);
            if alternative && !stop {
                break;
            }
        }
    }
}

impl Node {
    pub fn new(from: Option<Square>, to: Option<Square>, text: String) -> Node {
        Node {
            mv: from.zip(to).map(|(f, t)| Move::new(f, t)),
            text,
            comment: None,
            children: Vec::new(),
        }
    }
}

/// The start position: the header's side to move, unless the first move
/// is the other side's (then the move decides, as other readers do).
pub(super) fn start_position(
    pieces: &[(Square, Piece)],
    side: crate::domain::Colour,
    first: Option<&Node>,
) -> Result<Position, crate::i18n::Msg> {
    let pos = Position::from_pieces(pieces, side)?;
    let mover = first
        .and_then(|n| n.mv)
        .and_then(|m| pos.piece_at(m.from()))
        .map(|p| p.colour);
    match mover {
        Some(c) if c != side => Position::from_pieces(pieces, c).or(Ok(pos)),
        _ => Ok(pos),
    }
}

/// The line through the first of `kids` from `start`, the others being
/// alternatives to its first move. A bad move ends a variation (the line
/// so far is kept) and is an error on the main line unless the legal
/// prefix is to be kept (with a note).
pub(super) fn to_line(
    kids: &[Node],
    start: &Position,
    g: &GameRecord,
    main: bool,
    depth: usize,
    opts: ReadOptions,
    notes: &mut Vec<ReadNote>,
) -> Result<Variation, ImportError> {
    let mut line = Variation::default();
    let mut pos = start.clone();
    let mut cur = kids;
    let mut k = 0;
    while let Some(first) = cur.first() {
        let Some(m) = first.mv.filter(|&m| pos.is_legal(m)) else {
            let e = ImportError::Move {
                game: g.label(),
                move_no: move_number(start, k),
                side: pos.side_to_move(),
                text: first.text.clone(),
                line: 0,
                source: MoveTextError::Illegal {
                    text: first.text.clone(),
                },
            };
            if main && !(opts.keep_legal_prefix && k > 0) {
                return Err(e);
            }
            if main {
                notes.push(ReadNote {
                    index: g.index,
                    msg: crate::i18n::msg!(
                        "note.record.legal_prefix",
                        game = g.label(),
                        plies = k,
                        why = e.msg()
                    ),
                });
            }
            break;
        };
        if cur.len() > 1 && depth + 1 >= super::record::MAX_VARIATION_DEPTH {
            notes.push(super::record::too_deep(g.index, &g.label(), cur.len() - 1));
        }
        for alt in cur[1..]
            .iter()
            .filter(|_| depth + 1 < super::record::MAX_VARIATION_DEPTH)
        {
            let one = std::slice::from_ref(alt);
            if let Ok(mut v) = to_line(one, &pos, g, false, depth + 1, opts, notes) {
                if !v.moves.is_empty() {
                    v.at = k;
                    line.variations.push(v);
                }
            }
        }
        pos.make(m);
        line.moves.push(m);
        k += 1;
        if let Some(c) = &first.comment {
            line.comments.push((k, c.clone()));
        }
        cur = &first.children;
    }
    Ok(line)
}

/// Fills a game's moves, comments and variations from its tree (its
/// opening comment already in place).
pub(super) fn fill(
    g: &mut GameRecord,
    kids: &[Node],
    opts: ReadOptions,
) -> Result<Vec<ReadNote>, ImportError> {
    let mut notes = Vec::new();
    let start = g.start.clone();
    let line = to_line(kids, &start, g, true, 0, opts, &mut notes)?;
    g.moves = line.moves;
    g.comments.extend(line.comments);
    g.variations = line.variations;
    Ok(notes)
}
