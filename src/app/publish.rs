//! `qishe publish EVENT -o DIR`: the event as a self-contained static site
//! (no network): an index, every round's pairings with the results
//! entered, the standings after each complete round, the crosstable (a
//! knockout: its bracket chart, its rounds, its ranking and crosstable; a
//! team event: its team documents), a
//! page per player (`player-N.html`, N the start number) and a page per
//! game with a record (`game-R-B.html`, `game-R-B-G.html` in two-game
//! rounds) whose board steps through the moves with a little inline
//! script; in the club's language at the top of DIR and in the other
//! language under `DIR/<code>/`, each page linking to its twin.
//! Re-running rewrites the site; DIR must be empty, new, or an earlier site
//! (the `.qishe-site` marker) unless `force`.

use super::print::DocKind;
use super::{App, Result};
use crate::app::EventId;
use crate::domain::AfterRound;
use crate::domain::Entry;
use crate::domain::{BoardNo, RoundNo};
use crate::i18n::{io_msg, tr, Lang};
use crate::report::{self, render_html};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

mod live;

pub use live::{is_site_file, SitePage};

/// The file that marks a folder as a site qishe wrote.
pub const SITE_MARKER: &str = ".qishe-site";

/// The marker's first line; the pages the site wrote follow, a line each.
const MARKER_HEAD: &str = "qishe static site\n";

/// The pages an earlier run listed in the site's marker (none for a
/// marker without a list, or no marker).
fn site_pages_listed(dir: &Path) -> Vec<String> {
    let marker = dir.join(SITE_MARKER);
    let Ok(text) = crate::files::input::read_utf8(&marker, crate::files::input::Kind::Config)
    else {
        return Vec::new();
    };
    text.lines().skip(1).map(str::to_string).collect()
}

/// A page name the marker may list for removal: `x.html` or
/// `<lang>/x.html`, nothing that leaves the folder.
fn own_page(rel: &str) -> Option<&Path> {
    let p = Path::new(rel);
    let plain = p
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    (plain && p.components().count() <= 2 && rel.ends_with(".html")).then_some(p)
}

/// One page of the site: its file name and HTML, and what it is in the
/// navigation bar (player and game pages are listed on the index only).
struct Page {
    file: String,
    title: String,
    html: String,
    nav: Nav,
}

/// A page's place in the navigation bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Nav {
    Index,
    Round(u32),
    Standings(u32),
    Crosstable,
    Bracket,
    /// Listed on the index only.
    None,
}

/// The page a table cell links to: a name to its player's page (the start
/// number beside it: `no`, `red_no`, `black_no`, `opponent_no`), a board's
/// result (on round `round`'s pairing sheet) to its game's page.
fn cell_link(
    t: &report::Table,
    row: usize,
    col: usize,
    round: Option<u32>,
    players: &[&str],
    games: &[&str],
) -> Option<String> {
    let key = t.columns.get(col)?.key.as_str();
    let cell = |k: &str| -> Option<u32> {
        let j = t.columns.iter().position(|c| c.key == k)?;
        t.rows.get(row)?.get(j)?.trim().parse().ok()
    };
    let no_key = match key {
        "name" => "no",
        "red" => "red_no",
        "black" => "black_no",
        "opponent" => "opponent_no",
        "result" | "result_1" | "result_2" => {
            let (r, b) = (round?, cell("board")?);
            let game = match key {
                "result_2" => 2,
                _ => 1,
            };
            return [
                format!("game-{r}-{b}.html"),
                format!("game-{r}-{b}-{game}.html"),
            ]
            .into_iter()
            .find(|f| games.contains(&f.as_str()));
        }
        _ => return None,
    };
    let f = format!("player-{}.html", cell(no_key)?);
    players.contains(&f.as_str()).then_some(f)
}

impl App {
    /// Writes the site of `event_key` into `dir` (created if missing) and
    /// returns the files written.
    pub fn publish(&self, event_key: EventId, dir: &Path, force: bool) -> Result<Vec<PathBuf>> {
        let io = |e: std::io::Error| {
            super::invalid!("err.app.publish_io", dir = dir.display(), why = io_msg(&e))
        };
        if dir.exists() && !dir.join(SITE_MARKER).exists() && !force {
            let busy = std::fs::read_dir(dir).map_err(io)?.next().is_some();
            if busy {
                return Err(super::invalid!(
                    "err.app.publish_not_site",
                    dir = dir.display()
                ));
            }
        }
        let lang = self.document_lang(event_key)?;
        let other = lang.other();
        // Every page through the one writer: never through a link planted
        // in an earlier site (`round-1.html -> ../club.db`), never onto
        // the database; the language folder is the site's own, never a link.
        let protected = self.protected(&[]);
        let mut pages_by_lang = Vec::new();
        for (l, sub, twin) in [
            (lang, PathBuf::new(), format!("{}/", other.code())),
            (other, PathBuf::from(other.code()), "../".to_string()),
        ] {
            pages_by_lang.push((l, sub, twin, self.site_pages(event_key, l)?));
        }
        crate::files::output::make_folder(dir, false)?;
        crate::files::output::make_folder(&dir.join(other.code()), true)?;
        let old_pages = site_pages_listed(dir);
        let mut written = Vec::new();
        let mut listed_now = Vec::new();
        for (l, sub, twin, pages) in &pages_by_lang {
            let nav = nav(pages, *l, other_name(*l));
            for p in pages {
                let html = with_nav(&p.html, &nav, &p.file, twin);
                let rel = sub.join(&p.file);
                let path = dir.join(&rel);
                crate::files::output::write_file(&path, html.as_bytes(), true, &protected)?;
                written.push(path);
                listed_now.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
        // Pages an earlier run wrote that this site no longer has (a round
        // unpaired since): removed, and only those the marker lists.
        for old in old_pages.iter().filter(|o| !listed_now.contains(o)) {
            if let Some(rel) = own_page(old) {
                crate::files::output::remove_own_file(&dir.join(rel))?;
            }
        }
        let mut marker = String::from(MARKER_HEAD);
        for p in &listed_now {
            marker.push_str(p);
            marker.push('\n');
        }
        crate::files::output::write_file(
            &dir.join(SITE_MARKER),
            marker.as_bytes(),
            true,
            &protected,
        )?;
        Ok(written)
    }

    /// The site's pages in one language.
    fn site_pages(&self, event_key: EventId, lang: Lang) -> Result<Vec<Page>> {
        let event = self.event(event_key)?;
        let paired = self.store.rounds_paired(event.id)?;
        let ev = event.name.clone();
        // The rounds the standings count, for the event's kind; a
        // knockout's ranking is one page, whatever the round.
        let counted = match self.event_standings(event.key(), None)? {
            super::EventStandings::Individual(st) => st.after_round,
            super::EventStandings::Team(st) => st.after_round,
            super::EventStandings::Knockout(_) => 0,
        };
        let knockout = self.kind_of(&event)? == super::EventKind::Knockout;
        let mut pages = Vec::new();
        let mut links = Vec::new();
        if knockout && paired > 0 {
            let d = self.print_doc(event_key, DocKind::Bracket, None, lang)?;
            links.push(("bracket.html".to_string(), d.title.clone()));
            pages.push(Page {
                file: "bracket.html".into(),
                title: d.title.clone(),
                html: render_html(&d),
                nav: Nav::Bracket,
            });
        }
        // A web page has room for the progression and tie-break columns.
        let full = super::print::DocOptions {
            progress: true,
            tiebreaks: true,
            rating: true,
            name_order: None,
        };
        let (players, games) = self.people_and_games(event_key, lang)?;
        let player_files: Vec<&str> = players.iter().map(|p| p.file.as_str()).collect();
        let game_files: Vec<&str> = games.iter().map(|p| p.file.as_str()).collect();
        for r in 1..=paired {
            let d = self.print_doc(event_key, DocKind::Pairings, Some(RoundNo(r)), lang)?;
            links.push((format!("round-{r}.html"), d.title.clone()));
            let linked = |t: &report::Table, row: usize, col: usize| {
                cell_link(t, row, col, Some(r), &player_files, &game_files)
            };
            pages.push(Page {
                file: format!("round-{r}.html"),
                title: d.title.clone(),
                html: report::render_html_linked(&d, &linked),
                nav: Nav::Round(r),
            });
        }
        let linked = |t: &report::Table, row: usize, col: usize| {
            cell_link(t, row, col, None, &player_files, &game_files)
        };
        if knockout && paired > 0 {
            let d = self.print_doc_with(event_key, DocKind::Standings, None, lang, full)?;
            links.push(("standings.html".to_string(), d.title.clone()));
            pages.push(Page {
                file: "standings.html".into(),
                title: d.title.clone(),
                html: report::render_html_linked(&d, &linked),
                nav: Nav::Standings(paired),
            });
        }
        for r in 1..=counted {
            let d =
                self.print_doc_with(event_key, DocKind::Standings, Some(RoundNo(r)), lang, full)?;
            links.push((format!("standings-{r}.html"), d.title.clone()));
            pages.push(Page {
                file: format!("standings-{r}.html"),
                title: d.title.clone(),
                html: report::render_html_linked(&d, &linked),
                nav: Nav::Standings(r),
            });
        }
        if counted > 0 || knockout && paired > 0 {
            let d = self.print_doc_with(event_key, DocKind::Crosstable, None, lang, full)?;
            links.push(("crosstable.html".into(), d.title.clone()));
            pages.push(Page {
                file: "crosstable.html".into(),
                title: d.title.clone(),
                html: report::render_html_linked(&d, &linked),
                nav: Nav::Crosstable,
            });
        }
        let index = report::Doc {
            title: ev.clone(),
            lang,
            parts: vec![report::Part::Heading(ev)],
            landscape: false,
            csv: None,
        };
        let mut list = link_list(&links);
        for (key, id, more) in [
            ("rep.site.players", "players", &players),
            ("rep.site.games", "games", &games),
        ] {
            if !more.is_empty() {
                list.push_str(&format!("<h2 id=\"{id}\">{}</h2>\n", tr(lang, key)));
                let l: Vec<(String, String)> = more
                    .iter()
                    .map(|p| (p.file.clone(), p.title.clone()))
                    .collect();
                list.push_str(&link_list(&l));
            }
        }
        list.push_str("</section>\n</body>");
        let html = render_html(&index).replacen("</section>\n</body>", &list, 1);
        pages.extend(players);
        pages.extend(games);
        pages.insert(
            0,
            Page {
                file: "index.html".into(),
                title: tr(lang, "rep.site.index").to_string(),
                html,
                nav: Nav::Index,
            },
        );
        Ok(pages)
    }
}

/// Links as a list.
fn link_list(links: &[(String, String)]) -> String {
    let mut list = String::from("<ul class=\"site\">\n");
    for (file, title) in links {
        list.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>\n",
            report::escape_html(file),
            report::escape_html(title)
        ));
    }
    list.push_str("</ul>\n");
    list
}

fn other_name(l: Lang) -> &'static str {
    match l.other() {
        Lang::En => "English",
        Lang::ZhHant => "繁體中文",
        Lang::ZhHans => "简体中文",
    }
}

/// The navigation bar in two parts around the target of its last link,
/// the same page in the other language (which differs by page).
struct NavBar {
    head: String,
    tail: String,
}

/// The navigation bar, short enough for a phone: the event (the index,
/// which lists the players and games), the rounds by number, the latest
/// standings, the crosstable, the bracket, and the other language.
fn nav(pages: &[Page], lang: Lang, other: &str) -> NavBar {
    let e = report::escape_html;
    let a = |file: &str, text: &str| format!("<a href=\"{}\">{}</a>", e(file), e(text));
    let mut s = String::from("<nav class=\"site\">");
    let mut items = Vec::new();
    if let Some(p) = pages.iter().find(|p| p.nav == Nav::Index) {
        items.push(a(&p.file, tr(lang, "rep.site.nav_event")));
    }
    let rounds: Vec<String> = pages
        .iter()
        .filter_map(|p| match p.nav {
            Nav::Round(r) => Some(a(&p.file, &r.to_string())),
            _ => None,
        })
        .collect();
    if !rounds.is_empty() {
        items.push(format!(
            "<span class=\"k\">{}</span>{}",
            e(tr(lang, "rep.site.nav_rounds")),
            rounds.join(" ")
        ));
    }
    if let Some(p) = pages.iter().rfind(|p| matches!(p.nav, Nav::Standings(_))) {
        items.push(a(&p.file, tr(lang, "rep.site.nav_standings")));
    }
    for (kind, key) in [
        (Nav::Crosstable, "rep.site.nav_crosstable"),
        (Nav::Bracket, "rep.site.nav_bracket"),
    ] {
        if let Some(p) = pages.iter().find(|p| p.nav == kind) {
            items.push(a(&p.file, tr(lang, key)));
        }
    }
    items.push("<a href=\"".to_string());
    s.push_str(&items.join(" · "));
    NavBar {
        head: s,
        tail: format!(
            "\" hreflang=\"{}\">{}</a></nav>\n",
            lang.other().code(),
            e(other)
        ),
    }
}

/// The page with the navigation bar after `<body>`; the language link
/// points at the same page in the other language.
fn with_nav(html: &str, nav: &NavBar, file: &str, twin: &str) -> String {
    let href = report::escape_html(&format!("{twin}{file}"));
    let bar = format!("{}{href}{}", nav.head, nav.tail);
    html.replacen("<body>\n", &format!("<body>\n{bar}"), 1)
}

impl App {
    /// Each entry's game in the last paired round while its result is not
    /// in (a board is open while one of its games has none), by entry id.
    fn next_games(
        &self,
        event_id: i64,
        games: &[crate::store::PlacedGame],
        by_id: &HashMap<i64, &Entry>,
    ) -> Result<HashMap<i64, crate::report::site::NextGame>> {
        use crate::domain::{Colour, Outcome};
        use crate::report::site::NextGame;
        let mut out = HashMap::new();
        let round = self.store.rounds_paired(event_id)?;
        if round == 0 {
            return Ok(out);
        }
        let name = |id: i64| by_id.get(&id).map(|e| format!("{} {}", e.start_no, e.name));
        for b in self.store.boards(event_id, Some(round))? {
            // A bye is said for the whole round.
            let Some(black) = b.black else {
                out.insert(
                    b.red,
                    NextGame {
                        round: RoundNo(round),
                        board: BoardNo(b.number),
                        colour: None,
                        opponent: None,
                    },
                );
                continue;
            };
            let mut on_board = games
                .iter()
                .filter(|g| g.round == round && g.board == b.number)
                .peekable();
            let open =
                on_board.peek().is_none() || on_board.any(|g| g.game.outcome == Outcome::Unplayed);
            if !open {
                continue;
            }
            for (me, colour, them) in [(b.red, Colour::Red, black), (black, Colour::Black, b.red)] {
                out.insert(
                    me,
                    NextGame {
                        round: RoundNo(round),
                        board: BoardNo(b.number),
                        colour: Some(colour),
                        opponent: name(them),
                    },
                );
            }
        }
        Ok(out)
    }

    /// The player pages (in start-number order) and the game pages (in
    /// round, board, game order) of an individual event in `lang`; none
    /// for a team event (its site is the team documents).
    fn people_and_games(&self, event_key: EventId, lang: Lang) -> Result<(Vec<Page>, Vec<Page>)> {
        use crate::report::site::{self, GamePageData, Link, PlayerPageData, PlayerRound};
        use crate::xiangqi::{read_pgn, write_move, Notation};
        let ev = self.event(event_key)?;
        if self.team_settings_of(&ev)?.is_some() {
            return Ok((Vec::new(), Vec::new()));
        }
        let entries = self.store.entries(ev.id)?;
        let by_id: HashMap<i64, &Entry> = entries.iter().map(|e| (e.id, e)).collect();
        let by_no: HashMap<u32, &Entry> = entries.iter().map(|e| (e.start_no, e)).collect();
        let player_link = |e: &Entry| Link {
            file: format!("player-{}.html", e.start_no),
            text: format!("{} {}", e.start_no, e.name),
        };
        let two = ev.settings.games_per_round == 2;
        // Games with a record: their pages, and links by (round, entry).
        let mut games = Vec::new();
        let mut links: HashMap<(u32, i64), Vec<Link>> = HashMap::new();
        let all_games = self.store.games(ev.id, None)?;
        let next = self.next_games(ev.id, &all_games, &by_id)?;
        for g in all_games {
            let Some(pgn) = g.game.facts.record.as_deref() else {
                continue;
            };
            let Some(rec) = read_pgn(pgn).ok().and_then(|v| v.into_iter().next()) else {
                continue;
            };
            let (Some(red), Some(black)) = (by_id.get(&g.game.red), by_id.get(&g.game.black))
            else {
                continue;
            };
            let game_no = if two { g.game.game_no } else { 0 };
            let file = match game_no {
                0 => format!("game-{}-{}.html", g.round, g.board),
                n => format!("game-{}-{}-{n}.html", g.round, g.board),
            };
            let mut pos = rec.start.clone();
            let mut fens = vec![pos.fen()];
            let mut moves = Vec::new();
            for &m in &rec.moves {
                moves.push(match lang {
                    Lang::ZhHant => write_move(&pos, m, Notation::Traditional),
                    Lang::ZhHans => write_move(&pos, m, Notation::Chinese),
                    Lang::En => format!(
                        "{} ({})",
                        write_move(&pos, m, Notation::Chinese),
                        write_move(&pos, m, Notation::Wxf)
                    ),
                });
                pos.make(m);
                fens.push(pos.fen());
            }
            let result = match g.game.outcome {
                crate::domain::Outcome::Unplayed => String::new(),
                o => crate::i18n::tr(lang, o.word_key()).to_string(),
            };
            let d = GamePageData {
                event: ev.name.clone(),
                round: RoundNo(g.round),
                board: BoardNo(g.board),
                game_no,
                red: player_link(red),
                black: player_link(black),
                result,
                moves,
                fens,
            };
            let title = site::game_title(&d, lang);
            let text = match game_no {
                0 => crate::i18n::tr(lang, "rep.site.games").to_string(),
                n => crate::i18n::msg!("rep.game_n", n).render(lang),
            };
            for id in [red.id, black.id] {
                links.entry((g.round, id)).or_default().push(Link {
                    file: file.clone(),
                    text: text.clone(),
                });
            }
            games.push(Page {
                file,
                title,
                html: site::game_page(&d, lang),
                nav: Nav::None,
            });
        }
        // Each player's rank for the event's kind (a knockout's is its
        // bracket's: 1, 2, 3=, 5= …).
        let ranks: HashMap<i64, (u32, bool)> = match self.event_standings(ev.key(), None)? {
            super::EventStandings::Individual(st) => st
                .rows
                .iter()
                .map(|r| (r.player.id, (r.rank, r.shared)))
                .collect(),
            super::EventStandings::Knockout(st) => st
                .rows
                .iter()
                .filter_map(|r| {
                    let shared = r.rank.ends_with('=');
                    let n = r.rank.trim_end_matches('=').parse().ok()?;
                    Some((r.entry.id, (n, shared)))
                })
                .collect(),
            super::EventStandings::Team(_) => HashMap::new(),
        };
        // A knockout's rounds read as matches, from each player's side.
        let matches = match self.knockout_settings(&ev)? {
            Some(_) => knockout_sides(&self.bracket(ev.key())?, lang),
            None => HashMap::new(),
        };
        let data = self.event_data(&ev)?;
        let scheme = self.scheme(&ev)?;
        let ct = crate::scoring::crosstable(&data, &scheme, None)?;
        let mut players = Vec::new();
        let mut rows: Vec<_> = ct.rows.iter().collect();
        rows.sort_by_key(|r| r.player.start_no);
        for r in rows {
            let Some(e) = by_id.get(&r.player.id) else {
                continue;
            };
            let mut total = crate::domain::Points::default();
            let mut rounds = Vec::new();
            let mut cells = r.cells.clone();
            cells.sort_by_key(|c| c.round);
            for c in cells {
                total += c.points;
                rounds.push(PlayerRound {
                    opponent: c
                        .opponent_start_no
                        .and_then(|n| by_no.get(&n))
                        .map(|o| player_link(o)),
                    total,
                    games: links.remove(&(c.round, e.id)).unwrap_or_default(),
                    starts: None,
                    knockout: matches.get(&(c.round, e.id)).cloned(),
                    cell: c,
                });
            }
            let d = PlayerPageData {
                event: ev.name.clone(),
                player: crate::report::PlayerLine {
                    start_no: e.start_no,
                    name: e.name.clone(),
                    club: e.club.clone(),
                    rating: e.rating,
                    points: Some(r.points),
                    virtual_points: None,
                },
                rank: ranks.get(&r.player.id).copied(),
                after_round: AfterRound::counting(ct.rounds),
                rounds,
                next: next.get(&e.id).cloned(),
            };
            players.push(Page {
                file: format!("player-{}.html", e.start_no),
                title: format!("{} {}", e.start_no, e.name),
                html: site::player_page(&d, lang),
                nav: Nav::None,
            });
        }
        Ok((players, games))
    }
}

/// Each knockout match from each player's side, by (round, entry id):
/// through, out or open, and the match in games as the bracket shows it
/// (`1–1, 快棋 1½–½`; 轮空; 不战而胜; 双方弃权, 均出局).
fn knockout_sides(
    b: &super::BracketView,
    lang: Lang,
) -> HashMap<(u32, i64), (Option<bool>, String)> {
    use crate::report::bracket::match_words;
    let mut out = HashMap::new();
    for m in b.rounds.iter().flatten() {
        let sides = std::iter::once((&m.a, true)).chain(m.b.as_ref().map(|x| (x, false)));
        for (e, upper) in sides {
            let through = match (&m.winner, m.decided_by) {
                (Some(w), _) => Some(w.id == e.id),
                (None, Some(_)) => Some(false),
                (None, None) => None,
            };
            let words = match (&m.b, m.decided_by, &m.winner) {
                (None, Some("bye"), _) => tr(lang, "kp.by.bye").to_string(),
                (None, _, _) => tr(lang, "kp.walkover").to_string(),
                (Some(_), Some(_), None) => tr(lang, "kp.both_out").to_string(),
                _ => {
                    let score = m.score.clone().map(|s| if upper { s } else { s.swapped() });
                    match_words(lang, score.as_ref(), m.decided_by)
                }
            };
            out.insert((m.round.get(), e.id), (through, words));
        }
    }
    out
}
