//! DhtmlXQ: the `[DhtmlXQ]…[/DhtmlXQ]` blocks that web pages embed, with
//! `[DhtmlXQ_movelist]` of four digits per move (from-file, from-row,
//! to-file, to-row; files from red's left, rows from black's back rank).

use super::board::{Move, Piece, Position, Square};
use super::notation::MoveTextError;
use super::pgn::PgnRead;
use super::record::{move_number, GameRecord, ImportError, ReadNote, ReadOptions, Skipped};
use crate::domain::Colour;
use crate::i18n::msg;

/// Does the text hold a DhtmlXQ block?
pub fn is_dhtmlxq(text: &str) -> bool {
    text.contains("[DhtmlXQ")
}

/// The value of `[DhtmlXQ_name]…[/DhtmlXQ_name]` in a block.
fn field<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[DhtmlXQ_{name}]");
    let close = format!("[/DhtmlXQ_{name}]");
    let a = block.find(&open)? + open.len();
    let b = block[a..].find(&close)? + a;
    Some(&block[a..b])
}

fn err(why: crate::i18n::Msg) -> ImportError {
    ImportError::Dhtml(why)
}

/// A DhtmlXQ point: file digit, row digit (row 0 = black's back rank).
fn point(f: u8, r: u8) -> Option<Square> {
    if f > 8 || r > 9 {
        return None;
    }
    Square::new(f, 9 - r)
}

/// `DhtmlXQ_binit`: 32 two-digit points in slot order (red then black:
/// R H E A K A E H R C C P P P P P), `99` for a missing piece.
fn binit(s: &str) -> Result<Position, ImportError> {
    use super::board::PIECE_SLOTS as SLOTS;
    let d: Vec<u8> = s
        .trim()
        .bytes()
        .map(|b| {
            if b.is_ascii_digit() {
                Ok(b - b'0')
            } else {
                Err(err(msg!("err.dhtml.binit_digit")))
            }
        })
        .collect::<Result<_, _>>()?;
    if d.len() != 64 {
        return Err(err(msg!("err.dhtml.binit_length", n = d.len())));
    }
    let mut pieces = Vec::new();
    for i in 0..32 {
        if let Some(sq) = point(d[2 * i], d[2 * i + 1]) {
            let colour = if i < 16 { Colour::Red } else { Colour::Black };
            pieces.push((sq, Piece::new(colour, SLOTS[i % 16])));
        }
    }
    Position::from_pieces(&pieces, Colour::Red).map_err(|e| err(msg!("err.dhtml.binit", why = e)))
}

/// Reads every DhtmlXQ block of a text (an HTML page or a bare block);
/// the first bad block is an error.
pub fn read_dhtmlxq(text: &str) -> Result<Vec<GameRecord>, ImportError> {
    let r = read_dhtmlxq_with(text, ReadOptions::default());
    if let Some(s) = r.skipped.into_iter().next() {
        return Err(s.error);
    }
    if r.games.is_empty() {
        return Err(ImportError::NoGame);
    }
    Ok(r.games)
}

/// Every `[DhtmlXQ_name…]…[/DhtmlXQ_name…]` field of a block whose name
/// starts with `prefix`: (the rest of the name, value).
fn fields<'a>(block: &'a str, prefix: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("[DhtmlXQ_{prefix}");
    let mut out = Vec::new();
    let mut rest = block;
    while let Some(a) = rest.find(&open) {
        let after = &rest[a + open.len()..];
        let Some(close) = after.find(']') else { break };
        let name = &after[..close];
        let body = &after[close + 1..];
        let end_tag = format!("[/DhtmlXQ_{prefix}{name}]");
        let Some(b) = body.find(&end_tag) else {
            rest = body;
            continue;
        };
        out.push((name, &body[..b]));
        rest = &body[b + end_tag.len()..];
    }
    out
}

/// Four-digit moves played from `pos`.
fn play_digits(
    g: &GameRecord,
    start: &Position,
    first_ply: usize,
    list: &str,
) -> Result<Vec<Move>, ImportError> {
    let list: Vec<u8> = list.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !list.len().is_multiple_of(4) {
        return Err(err(msg!(
            "err.dhtml.move_list",
            game = g.label(),
            n = list.len()
        )));
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (i, c) in list.chunks(4).enumerate() {
        let text = String::from_utf8_lossy(c).to_string();
        let bad = |e: MoveTextError, pos: &Position| ImportError::Move {
            game: g.label(),
            move_no: move_number(&g.start, first_ply + i),
            side: pos.side_to_move(),
            text: text.clone(),
            line: 0,
            source: e,
        };
        let dig: Option<Vec<u8>> = c
            .iter()
            .map(|b| b.is_ascii_digit().then(|| b - b'0'))
            .collect();
        let m = dig
            .and_then(|d| Some(Move::new(point(d[0], d[1])?, point(d[2], d[3])?)))
            .ok_or_else(|| {
                bad(
                    MoveTextError::Unreadable {
                        text: text.clone(),
                        why: "err.notation.not_four_digits",
                    },
                    &pos,
                )
            })?;
        if !pos.is_legal(m) {
            return Err(bad(MoveTextError::Illegal { text: text.clone() }, &pos));
        }
        pos.make(m);
        moves.push(m);
    }
    Ok(moves)
}

/// A DhtmlXQ comment: `||` stands for a line break.
fn comment_text(v: &str) -> String {
    v.replace("||", "\n").trim().to_string()
}

/// Reads every DhtmlXQ block, block by block: a bad block is skipped and
/// reported, the others read. Comments (`DhtmlXQ_commentN`, after ply N;
/// `DhtmlXQ_commentB_N` in branch B) and branches
/// (`DhtmlXQ_move_P_N_B`: branch B of parent branch P, its first move
/// being ply N, counted from 1) are kept.
pub fn read_dhtmlxq_with(text: &str, opts: ReadOptions) -> PgnRead {
    let mut blocks: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(a) = rest.find("[DhtmlXQ]") {
        let body = &rest[a + 9..];
        let end = body.find("[/DhtmlXQ]").unwrap_or(body.len());
        blocks.push(&body[..end]);
        rest = &body[end..];
    }
    if blocks.is_empty() && text.contains("[DhtmlXQ_movelist]") {
        blocks.push(text);
    }
    let mut out = PgnRead::default();
    for (index, block) in blocks.into_iter().enumerate() {
        match read_block(index, block, opts) {
            Ok((g, notes)) => {
                out.games.push(g);
                out.notes.extend(notes);
            }
            Err(error) => out.skipped.push(Skipped {
                index,
                line: 0,
                error,
            }),
        }
    }
    out
}

fn read_block(
    index: usize,
    block: &str,
    opts: ReadOptions,
) -> Result<(GameRecord, Vec<ReadNote>), ImportError> {
    let mut notes = Vec::new();
    let mut g = GameRecord::new(index);
    for (tag, name) in TAGS {
        if let Some(v) = field(block, name).map(str::trim).filter(|v| !v.is_empty()) {
            g.tags.push((tag.to_string(), v.to_string()));
        }
    }
    g.result = field(block, "result").and_then(super::record::normalise_result);
    if let Some(b) = field(block, "binit").filter(|b| !b.trim().is_empty()) {
        g.start = binit(b)?;
    }
    let list = field(block, "movelist").unwrap_or("");
    // The side to move is not written: the first move decides.
    let digits: Vec<char> = list.chars().filter(|c| !c.is_whitespace()).collect();
    let first4: String = digits.iter().take(4).collect();
    if let Some(m) = play_digits(&g, &g.start, 0, &first4)
        .err()
        .and(first_square(list))
    {
        if g.start
            .piece_at(m)
            .is_some_and(|p| p.colour != g.start.side_to_move())
        {
            let mut flipped = g.start.clone();
            flipped.set_side_to_move(flipped.side_to_move().opposite());
            g.start = flipped;
        }
    }
    g.moves = match play_digits(&g, &g.start, 0, list) {
        Ok(m) => m,
        Err(e) if opts.keep_legal_prefix => {
            let mut keep = Vec::new();
            for k in (1..=digits.len() / 4).rev() {
                let prefix: String = digits[..4 * k].iter().collect();
                if let Ok(m) = play_digits(&g, &g.start, 0, &prefix) {
                    keep = m;
                    break;
                }
            }
            if keep.is_empty() {
                return Err(e);
            }
            notes.push(ReadNote {
                index,
                msg: crate::i18n::msg!(
                    "note.record.legal_prefix",
                    game = g.label(),
                    plies = keep.len(),
                    why = e.msg()
                ),
            });
            keep
        }
        Err(e) => return Err(e),
    };
    // Comments of the main line.
    for (name, v) in fields(block, "comment") {
        if let Ok(ply) = name.parse::<usize>() {
            let c = comment_text(v);
            if !c.is_empty() && ply <= g.moves.len() {
                g.comments.push((ply, c));
            }
        }
    }
    g.comments.sort_by_key(|(p, _)| *p);
    // Branches, parents before children (a branch's number is larger
    // than its parent's).
    let mut branches: Vec<(usize, usize, usize, &str)> = fields(block, "move_")
        .into_iter()
        .filter_map(|(name, v)| {
            let n: Vec<usize> = name.split('_').filter_map(|x| x.parse().ok()).collect();
            (n.len() == 3).then(|| (n[0], n[1], n[2], v))
        })
        .collect();
    branches.sort_by_key(|b| b.2);
    // Every comment field once (`commentB_N` of branch B), not a scan of
    // the block per branch: 30,000 branches must not cost 30,000 scans.
    let mut branch_comments: std::collections::HashMap<usize, Vec<(usize, &str)>> =
        std::collections::HashMap::new();
    for (name, v) in fields(block, "comment") {
        if let Some((b, n)) = name.split_once('_') {
            if let (Ok(b), Ok(n)) = (b.parse::<usize>(), n.parse::<usize>()) {
                branch_comments.entry(b).or_default().push((n, v));
            }
        }
    }
    // Where each branch stands: its path of variation indices from the
    // main line, and the ply its first move is.
    let mut placed: std::collections::HashMap<usize, (Vec<usize>, usize)> =
        std::collections::HashMap::new();
    let mut too_deep = 0;
    let mut deep: std::collections::HashSet<usize> = std::collections::HashSet::new();
    for (parent, step, id, list) in branches {
        let Some(ply) = step.checked_sub(1) else {
            continue;
        };
        let parent_path: Option<(Vec<usize>, usize)> = if parent == 0 {
            Some((Vec::new(), 0))
        } else {
            placed.get(&parent).cloned()
        };
        let dropped = |notes: &mut Vec<ReadNote>| {
            notes.push(ReadNote {
                index,
                msg: crate::i18n::msg!("note.record.branch_dropped", game = g.label(), branch = id),
            })
        };
        let Some((path, parent_first)) = parent_path else {
            // A child of a branch left out for its depth goes with it.
            if deep.contains(&parent) {
                deep.insert(id);
                too_deep += 1;
            } else {
                dropped(&mut notes);
            }
            continue;
        };
        if path.len() + 1 >= super::record::MAX_VARIATION_DEPTH {
            deep.insert(id);
            too_deep += 1;
            continue;
        }
        // The parent line and the position before its move at `ply`.
        let (parent_moves, parent_start) = line_at(&g, &path);
        let Some(local) = ply.checked_sub(parent_first) else {
            dropped(&mut notes);
            continue;
        };
        if local >= parent_moves.len() {
            dropped(&mut notes);
            continue;
        }
        let mut pos = parent_start;
        for &m in &parent_moves[..local] {
            pos.make(m);
        }
        let Ok(moves) = play_digits(&g, &pos, ply, list) else {
            dropped(&mut notes);
            continue;
        };
        if moves.is_empty() {
            continue;
        }
        let mut comments: Vec<(usize, String)> = branch_comments
            .get(&id)
            .map(|c| c.as_slice())
            .unwrap_or_default()
            .iter()
            .filter_map(|&(abs, v)| {
                let rel = abs.checked_sub(ply)?;
                let c = comment_text(v);
                (!c.is_empty() && rel <= moves.len()).then_some((rel, c))
            })
            .collect();
        comments.sort_by_key(|(p, _)| *p);
        let v = super::record::Variation {
            at: local,
            moves,
            comments,
            variations: Vec::new(),
        };
        let list = variations_at(&mut g, &path);
        list.push(v);
        let mut my_path = path;
        my_path.push(list.len() - 1);
        placed.insert(id, (my_path, ply));
    }
    if too_deep > 0 {
        notes.push(super::record::too_deep(index, &g.label(), too_deep));
    }
    Ok((g, notes))
}

/// The square the first move leaves, if the list starts with four digits.
fn first_square(list: &str) -> Option<Square> {
    let d: Vec<u8> = list
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .take(2)
        .map(|b| b.wrapping_sub(b'0'))
        .collect();
    (d.len() == 2).then(|| point(d[0], d[1])).flatten()
}

/// The moves and start position of the line at a path of variation
/// indices (empty: the main line).
fn line_at(g: &GameRecord, path: &[usize]) -> (Vec<Move>, Position) {
    let mut moves = g.moves.clone();
    let mut start = g.start.clone();
    let mut vars = &g.variations;
    for &k in path {
        let v = &vars[k];
        for &m in &moves[..v.at] {
            start.make(m);
        }
        moves = v.moves.clone();
        vars = &v.variations;
    }
    (moves, start)
}

fn variations_at<'a>(
    g: &'a mut GameRecord,
    path: &[usize],
) -> &'a mut Vec<super::record::Variation> {
    let mut vars = &mut g.variations;
    for &k in path {
        vars = &mut vars[k].variations;
    }
    vars
}

const TAGS: [(&str, &str); 7] = [
    ("Title", "title"),
    ("Event", "event"),
    ("Date", "date"),
    ("Site", "place"),
    ("Round", "round"),
    ("Red", "red"),
    ("Black", "black"),
];

/// A move as DhtmlXQ writes it.
fn digits(m: Move) -> String {
    let p = |s: Square| format!("{}{}", s.file(), 9 - s.rank());
    format!("{}{}", p(m.from()), p(m.to()))
}

/// Writes games as DhtmlXQ blocks, with comments and branches.
pub fn write_dhtmlxq(games: &[GameRecord]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str("[DhtmlXQ]\n");
        for (tag, name) in TAGS {
            if let Some(v) = g.tag(tag) {
                out.push_str(&format!(
                    "[DhtmlXQ_{name}]{}[/DhtmlXQ_{name}]\n",
                    v.replace('[', "(").replace(']', ")")
                ));
            }
        }
        if let Some(r) = &g.result {
            let text = match r.as_str() {
                "1-0" => "红胜",
                "0-1" => "黑胜",
                "1/2-1/2" => "和棋",
                other => other,
            };
            out.push_str(&format!("[DhtmlXQ_result]{text}[/DhtmlXQ_result]\n"));
        }
        if g.start != Position::start() {
            out.push_str(&format!(
                "[DhtmlXQ_binit]{}[/DhtmlXQ_binit]\n",
                binit_text(&g.start)
            ));
        }
        let list: String = g.moves.iter().map(|&m| digits(m)).collect();
        out.push_str(&format!("[DhtmlXQ_movelist]{list}[/DhtmlXQ_movelist]\n"));
        let comment = |c: &str| c.replace('\n', "||").replace('[', "(").replace(']', ")");
        for (ply, c) in &g.comments {
            out.push_str(&format!(
                "[DhtmlXQ_comment{ply}]{}[/DhtmlXQ_comment{ply}]\n",
                comment(c)
            ));
        }
        let mut next = 0usize;
        let mut stack: Vec<(usize, usize, &super::record::Variation)> = Vec::new();
        // (parent id, ply of the parent's first move, variation)
        for v in g.variations.iter().rev() {
            stack.push((0, 0, v));
        }
        while let Some((parent, first, v)) = stack.pop() {
            next += 1;
            let id = next;
            let ply = first + v.at;
            let list: String = v.moves.iter().map(|&m| digits(m)).collect();
            out.push_str(&format!(
                "[DhtmlXQ_move_{parent}_{}_{id}]{list}[/DhtmlXQ_move_{parent}_{}_{id}]\n",
                ply + 1,
                ply + 1
            ));
            for (rel, c) in &v.comments {
                let abs = ply + rel;
                out.push_str(&format!(
                    "[DhtmlXQ_comment{id}_{abs}]{}[/DhtmlXQ_comment{id}_{abs}]\n",
                    comment(c)
                ));
            }
            for sub in v.variations.iter().rev() {
                stack.push((id, ply, sub));
            }
        }
        out.push_str("[/DhtmlXQ]\n");
    }
    out
}

/// `DhtmlXQ_binit` of a position: 32 points in slot order, `99` for a
/// missing piece.
fn binit_text(pos: &Position) -> String {
    use super::board::PIECE_SLOTS as SLOTS;
    let mut used = [false; 90];
    let mut out = String::new();
    for i in 0..32 {
        let colour = if i < 16 { Colour::Red } else { Colour::Black };
        let want = Piece::new(colour, SLOTS[i % 16]);
        let at = pos
            .pieces()
            .find(|&(s, p)| p == want && !used[s.index()])
            .map(|(s, _)| s);
        match at {
            Some(s) => {
                used[s.index()] = true;
                out.push_str(&format!("{}{}", s.file(), 9 - s.rank()));
            }
            None => out.push_str("99"),
        }
    }
    out
}
