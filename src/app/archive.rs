//! The club's game archive: bring a folder tree of game files
//! in (one transaction per file, each game once), find games by player,
//! event, date, result, opening or position, and each member's openings.

use super::{invalid, App, MemberId, Result};
use crate::domain::archive::{ArchiveGame, ArchiveQuery, NewArchiveGame};
use crate::domain::Points;
use crate::xiangqi::{
    self, ecco, keys, notation::parse_iccs, pgn, write_move, GameRecord, Notation, Position,
    ReadOptions,
};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// What became of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ArchiveFileReport {
    pub path: String,
    /// Games read from the file.
    pub read: usize,
    /// Of those, new in the archive.
    pub added: usize,
    /// Of those, in the archive already.
    pub duplicates: usize,
    /// Games that could not be read: `game 2 (line 14): why`.
    pub skipped: Vec<String>,
    /// What the readers repaired.
    pub notes: Vec<String>,
    /// The whole file could not be read: why.
    pub error: Option<String>,
}

/// What an import did, file by file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ArchiveImportReport {
    pub files: Vec<ArchiveFileReport>,
}

impl ArchiveImportReport {
    pub fn read(&self) -> usize {
        self.files.iter().map(|f| f.read).sum()
    }
    pub fn added(&self) -> usize {
        self.files.iter().map(|f| f.added).sum()
    }
    pub fn duplicates(&self) -> usize {
        self.files.iter().map(|f| f.duplicates).sum()
    }
    pub fn skipped(&self) -> usize {
        self.files.iter().map(|f| f.skipped.len()).sum()
    }
    pub fn failed_files(&self) -> usize {
        self.files.iter().filter(|f| f.error.is_some()).count()
    }
}

/// A search: the archive filters, and a position as FEN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveSearchInput {
    pub query: ArchiveQuery,
    pub fen: Option<String>,
}

/// A game found, and with a position search where it stood there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArchiveHit {
    #[serde(flatten)]
    pub game: ArchiveGame,
    /// The ply at which the game reached the position (0: the start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// The move played next from it (ICCS), none when the game ended there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// A move played from the searched position, and how those games ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextMove {
    pub iccs: String,
    /// In Chinese notation.
    pub text: String,
    pub games: usize,
    pub red_wins: usize,
    pub draws: usize,
    pub black_wins: usize,
}

/// The games found; with a position, the moves played next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ArchiveSearch {
    pub games: Vec<ArchiveHit>,
    pub next_moves: Vec<NextMove>,
}

/// One opening in a member's repertoire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningLine {
    /// ECCO code, `?` when unclassified.
    pub eco: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Win 1, draw ½, over the games with a result.
    pub score: Points,
}

/// A member's openings as red and as black, from the archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repertoire {
    pub member: String,
    pub as_red: Vec<OpeningLine>,
    pub as_black: Vec<OpeningLine>,
}

/// Extensions of game files an archive folder holds; other files in a
/// folder are passed over (a file named on the command line is always
/// tried).
const GAME_FILES: [&str; 8] = ["pgn", "xqf", "txt", "htm", "html", "cbr", "cbl", "dhtml"];

/// Every file under the paths: folders walked (sorted, so the order is
/// the same each time), files as given.
pub fn archive_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// A folder's game files (`files::input::walk`: no loop through a link
/// back to a parent folder).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    out.extend(crate::files::input::walk(dir, &GAME_FILES));
}

/// Folds `2024.05.01` and `2024/5/1` to `2024-05-01`.
fn fold_date(d: &str) -> String {
    let parts: Vec<&str> = d.trim().split(['.', '/', '-']).collect();
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i > 0 && p.len() == 1 {
                format!("0{p}")
            } else {
                p.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// An event: id, name, start date, end date.
type EventRow = (i64, String, Option<String>, Option<String>);

/// Names to member ids (a name two members share links to neither), and
/// events with their dates.
struct Links {
    members: HashMap<String, Option<i64>>,
    events: Vec<EventRow>,
}

impl Links {
    fn member(&self, name: Option<&str>) -> Option<i64> {
        self.members.get(name?.trim()).copied().flatten()
    }

    /// The event of that name whose dates hold the game's date (or either
    /// date unknown).
    fn event(&self, name: Option<&str>, date: Option<&str>) -> Option<i64> {
        let name = name?.trim();
        let date = date.map(fold_date).filter(|d| !d.is_empty());
        self.events
            .iter()
            .find(|(_, n, start, end)| {
                n == name
                    && match (&date, start) {
                        (Some(d), Some(s)) => {
                            let s = fold_date(s);
                            let e = end.as_deref().map(fold_date).unwrap_or_else(|| s.clone());
                            d.as_str() >= s.as_str() && d.as_str() <= e.as_str()
                        }
                        _ => true,
                    }
            })
            .map(|e| e.0)
    }
}

/// A game ready to store.
fn prepare(g: &GameRecord, source: &str, links: &Links) -> NewArchiveGame {
    // A NUL in a header (an XQF's fixed-width strings) is not stored: SQLite
    // would cut the text there and undo would not give it back exactly.
    let tag = |t: &str| {
        g.tag(t)
            .map(|v| v.replace('\0', ""))
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let result = g
        .result
        .clone()
        .filter(|r| matches!(r.as_str(), "1-0" | "0-1" | "1/2-1/2"));
    NewArchiveGame {
        hash: keys::content_hash(g),
        source: source.to_string(),
        game_no: g.index as u32 + 1,
        event: tag("Event"),
        date: tag("Date"),
        site: tag("Site"),
        round: tag("Round"),
        red: tag("Red"),
        black: tag("Black"),
        result,
        eco: ecco::classify(&g.start, &g.moves),
        start_fen: g.start.fen(),
        moves: {
            let mut s = String::with_capacity(g.moves.len() * 5);
            for (i, m) in g.moves.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                m.push_iccs(&mut s);
            }
            s
        },
        plies: g.moves.len() as u32,
        record: extra_record(g),
        positions: keys::line_keys(g),
        red_member: links.member(g.red()),
        black_member: links.member(g.black()),
        event_id: links.event(g.tag("Event"), g.tag("Date")),
    }
}

/// Tags the archive's own columns hold (with the moves, start and result).
const COLUMN_TAGS: [&str; 10] = [
    "Game", "Event", "Date", "Site", "Round", "Red", "Black", "Result", "FEN", "Format",
];

/// The stored record: empty when the columns hold the whole game (no
/// comment, variation or other tag), else the game as PGN with ICCS moves
/// (lossless, and written without a legal-move search per move as the
/// Chinese notation needs; the game view turns it into Chinese).
fn extra_record(g: &GameRecord) -> String {
    let extra_tag = g
        .tags
        .iter()
        .any(|(k, _)| !COLUMN_TAGS.iter().any(|c| c.eq_ignore_ascii_case(k)));
    if g.comments.is_empty() && g.variations.is_empty() && !extra_tag {
        return String::new();
    }
    pgn::write_pgn(std::slice::from_ref(g), Notation::Iccs).replace('\0', "")
}

/// A stored game's record from its columns: tags, start, main line.
fn rebuild(game: &ArchiveGame) -> GameRecord {
    let mut g = GameRecord::new(game.game_no.saturating_sub(1) as usize);
    let tags = [
        ("Event", &game.event),
        ("Site", &game.site),
        ("Date", &game.date),
        ("Round", &game.round),
        ("Red", &game.red),
        ("Black", &game.black),
    ];
    for (k, v) in tags {
        if let Some(v) = v {
            g.tags.push((k.to_string(), v.clone()));
        }
    }
    g.result = game.result.clone();
    if let Ok(p) = Position::from_fen(&game.start_fen) {
        g.start = p;
    }
    let mut pos = g.start.clone();
    for t in game.moves.split_whitespace() {
        match parse_iccs(t).filter(|&m| pos.is_legal(m)) {
            Some(m) => {
                pos.make(m);
                g.moves.push(m);
            }
            None => break,
        }
    }
    g
}

/// The position keys of a stored game's main line.
fn stored_keys(g: &ArchiveGame) -> Option<Vec<i64>> {
    let mut pos = Position::from_fen(&g.start_fen).ok()?;
    let mut out = vec![keys::position_key(&pos)];
    for t in g.moves.split_whitespace() {
        let m = parse_iccs(t).filter(|&m| pos.is_legal(m))?;
        pos.make(m);
        out.push(keys::position_key(&pos));
    }
    Some(out)
}

impl App {
    fn links(&self) -> Result<Links> {
        let mut members: HashMap<String, Option<i64>> = HashMap::new();
        for (name, id) in self.store.member_ids_by_name()? {
            members
                .entry(name)
                .and_modify(|v| *v = None)
                .or_insert(Some(id));
        }
        Ok(Links {
            members,
            events: self.store.event_names_dates()?,
        })
    }

    /// Imports game files and folders into the archive: each file in one
    /// transaction, each game once (a re-import adds nothing). `progress`
    /// hears (files done, files in all) after each file.
    pub fn archive_import(
        &mut self,
        paths: &[PathBuf],
        opts: ReadOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<ArchiveImportReport> {
        let files = archive_files(paths);
        let links = self.links()?;
        let mut report = ArchiveImportReport::default();
        for (i, path) in files.iter().enumerate() {
            let shown = path.display().to_string();
            let mut fr = ArchiveFileReport {
                path: shown.clone(),
                ..Default::default()
            };
            match crate::files::input::read(path, crate::files::input::Kind::Record) {
                Err(e) => fr.error = Some(e.to_string()),
                Ok(bytes) => match xiangqi::read_games_with(&bytes, opts) {
                    Err(e) => fr.error = Some(e.msg().en()),
                    Ok(file) => {
                        fr.read = file.games.len();
                        fr.skipped = file.skipped.iter().map(|s| s.msg().en()).collect();
                        fr.notes = file.notes.iter().map(|n| n.msg.en()).collect();
                        let games: Vec<NewArchiveGame> = file
                            .games
                            .iter()
                            .map(|g| prepare(g, &shown, &links))
                            .collect();
                        let c = self.store.archive_add_file(&shown, &games)?;
                        fr.added = c.added;
                        fr.duplicates = c.duplicates;
                    }
                },
            }
            report.files.push(fr);
            progress(i + 1, files.len());
        }
        Ok(report)
    }

    /// Finds archive games. With a FEN: every game that reached the
    /// position, where, the move played next, and per next move how the
    /// games ended.
    pub fn archive_search(&mut self, input: &ArchiveSearchInput) -> Result<ArchiveSearch> {
        let mut q = input.query.clone();
        if let Some(r) = &q.result {
            let code = crate::xiangqi::record::normalise_result(r)
                .filter(|c| matches!(c.as_str(), "1-0" | "0-1" | "1/2-1/2"))
                .ok_or_else(|| invalid!("err.archive.bad_result", result = r.clone()))?;
            q.result = Some(code);
        }
        let start = match &input.fen {
            Some(fen) => {
                let p = Position::from_fen(fen).map_err(|e| {
                    invalid!("err.archive.bad_fen", fen = fen.clone(), why = e.msg())
                })?;
                self.archive_reindex()?;
                q.positions = vec![keys::position_key(&p)];
                Some(p)
            }
            None => None,
        };
        let games = self.store.archive_search(&q)?;
        let Some(pos) = start else {
            return Ok(ArchiveSearch {
                games: games
                    .into_iter()
                    .map(|(game, _)| ArchiveHit {
                        game,
                        ply: None,
                        next: None,
                    })
                    .collect(),
                next_moves: Vec::new(),
            });
        };
        let mut hits = Vec::new();
        let mut next: BTreeMap<String, NextMove> = BTreeMap::new();
        for (game, ply) in games {
            let Some(ply) = ply else { continue };
            let mv = game
                .moves
                .split_whitespace()
                .nth(ply as usize)
                .map(String::from);
            if let Some(m) = &mv {
                let e = next.entry(m.clone()).or_insert_with(|| NextMove {
                    iccs: m.clone(),
                    text: parse_iccs(m)
                        .filter(|&x| pos.is_legal(x))
                        .map(|x| write_move(&pos, x, Notation::Chinese))
                        .unwrap_or_else(|| m.clone()),
                    games: 0,
                    red_wins: 0,
                    draws: 0,
                    black_wins: 0,
                });
                e.games += 1;
                match game.result.as_deref() {
                    Some("1-0") => e.red_wins += 1,
                    Some("0-1") => e.black_wins += 1,
                    Some("1/2-1/2") => e.draws += 1,
                    _ => {}
                }
            }
            hits.push(ArchiveHit {
                game,
                ply: Some(ply),
                next: mv,
            });
        }
        let mut next_moves: Vec<NextMove> = next.into_values().collect();
        next_moves.sort_by(|a, b| b.games.cmp(&a.games).then(a.iccs.cmp(&b.iccs)));
        Ok(ArchiveSearch {
            games: hits,
            next_moves,
        })
    }

    /// One archive game as a record: its moves, tags, comments and
    /// variations (from the stored record when it has one, else from the
    /// columns).
    pub fn archive_game(&self, id: i64) -> Result<(ArchiveGame, GameRecord)> {
        let (game, record) = self
            .store
            .archive_game(id)?
            .ok_or_else(|| invalid!("err.archive.no_game", id))?;
        let rebuilt = rebuild(&game);
        let g = if record.is_empty() {
            rebuilt
        } else {
            // A stored record that no longer reads (or disagrees with the
            // columns) gives way to the columns.
            pgn::read_pgn(&record)
                .ok()
                .and_then(|v| v.into_iter().next())
                .filter(|r| r.moves == rebuilt.moves && r.start == rebuilt.start)
                .unwrap_or(rebuilt)
        };
        Ok((game, g))
    }

    /// Gives every archive game the ECCO code this version's classifier
    /// gives its moves (a code is set at import, and a later qishe may
    /// classify better): (codes changed, games), one undoable change.
    pub fn archive_reclassify(&mut self) -> Result<(usize, usize)> {
        let games = self.store.archive_search(&ArchiveQuery::default())?;
        let changed: Vec<(i64, Option<String>)> = games
            .iter()
            .filter_map(|(g, _)| {
                let rec = rebuild(g);
                let code = ecco::classify(&rec.start, &rec.moves);
                (code != g.eco).then_some((g.id, code))
            })
            .collect();
        if !changed.is_empty() {
            self.store.archive_set_eco(&changed)?;
        }
        Ok((changed.len(), games.len()))
    }

    /// Rebuilds the position index of games that lack it (a redone
    /// import: the index is derived data, not in the action log).
    fn archive_reindex(&mut self) -> Result<()> {
        let missing = self.store.archive_unindexed()?;
        if missing.is_empty() {
            return Ok(());
        }
        let rows: Vec<(i64, Vec<i64>)> = missing
            .iter()
            .filter_map(|g| Some((g.id, stored_keys(g)?)))
            .collect();
        self.store.archive_index(&rows)?;
        Ok(())
    }

    /// A member's openings from the archive games linked to them: per
    /// ECCO code as red and as black, with the score.
    pub fn opening_stats(&self, member: MemberId) -> Result<Repertoire> {
        let m = self.store.member(member.0)?;
        let games = self.store.archive_games_of_member(member.0)?;
        let mut red: BTreeMap<String, OpeningLine> = BTreeMap::new();
        let mut black: BTreeMap<String, OpeningLine> = BTreeMap::new();
        for g in &games {
            let eco = g.eco.clone().unwrap_or_else(|| "?".into());
            let as_red = g.red_member == Some(member.0);
            let table = if as_red { &mut red } else { &mut black };
            let line = table.entry(eco.clone()).or_insert(OpeningLine {
                eco,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                score: Points::ZERO,
            });
            line.games += 1;
            let won = if as_red { "1-0" } else { "0-1" };
            let lost = if as_red { "0-1" } else { "1-0" };
            match g.result.as_deref() {
                Some(r) if r == won => {
                    line.wins += 1;
                    line.score += Points::new(1);
                }
                Some(r) if r == lost => line.losses += 1,
                Some("1/2-1/2") => {
                    line.draws += 1;
                    line.score += Points::from_hundredths(50);
                }
                _ => {}
            }
        }
        let sorted = |t: BTreeMap<String, OpeningLine>| {
            let mut v: Vec<OpeningLine> = t.into_values().collect();
            v.sort_by(|a, b| b.games.cmp(&a.games).then(a.eco.cmp(&b.eco)));
            v
        };
        Ok(Repertoire {
            member: m.name,
            as_red: sorted(red),
            as_black: sorted(black),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links() -> Links {
        Links {
            members: HashMap::new(),
            events: Vec::new(),
        }
    }

    #[test]
    fn a_nul_in_a_header_is_never_stored() {
        // XQF keeps its names in fixed-width fields: a NUL can come through.
        let mut g = GameRecord::new(0);
        g.tags.push(("Red".into(), "王天一\0\0".into()));
        g.tags.push(("Annotator".into(), "x\0y".into()));
        g.moves
            .push(crate::xiangqi::parse_move(&g.start, "h2e2").unwrap());
        let n = prepare(&g, "f.xqf", &links());
        assert_eq!(n.red.as_deref(), Some("王天一"));
        assert!(
            !n.record.contains('\0') && n.record.contains("xy"),
            "{}",
            n.record
        );
    }

    #[test]
    fn a_plain_game_stores_no_record_and_a_commented_one_reads_back() {
        let text = "[Event \"E\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
                    1. 炮二平五 马８进７ 2. 马二进三 1-0\n\n\
                    [Event \"E\"]\n[Opening \"中炮\"]\n[Result \"1-0\"]\n\n\
                    1. 炮二平五 {好棋} 马８进７ (1... 炮８平５) 2. 马二进三 1-0\n";
        let games = pgn::read_pgn(text).unwrap();
        let plain = prepare(&games[0], "f.pgn", &links());
        assert_eq!(plain.record, "");
        assert_eq!(plain.moves, "h2e2 h9g7 h0g2");
        let rich = prepare(&games[1], "f.pgn", &links());
        let back = pgn::read_pgn(&rich.record).unwrap();
        assert_eq!(back[0].moves, games[1].moves);
        assert_eq!(back[0].comments, games[1].comments);
        assert_eq!(back[0].variations, games[1].variations);
        assert_eq!(back[0].tag("Opening"), Some("中炮"));
    }
}
