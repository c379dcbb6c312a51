//! The site served live (`qishe serve`): which file names are pages, and
//! one page built on request with the navigation bar of the whole site.

use super::super::print::DocKind;
use super::super::{App, Result};
use super::{cell_link, nav, other_name, with_nav, Nav, Page};
use crate::app::EventId;
use crate::domain::RoundNo;
use crate::i18n::Lang;
use crate::report::{self, render_html};

/// A page of an event's site as served live (`qishe serve`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SitePage {
    pub title: String,
    /// The page with its navigation bar; the language link points at
    /// `twin` + the page's file.
    pub html: String,
}

/// The file names a site page may have (nothing else is ever built, so
/// nothing else is ever served).
pub fn is_site_file(file: &str) -> bool {
    let Some(stem) = file.strip_suffix(".html") else {
        return false;
    };
    let numbers = |rest: &str, max: usize| {
        let parts: Vec<&str> = rest.split('-').collect();
        (1..=max).contains(&parts.len())
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.len() <= 6 && p.bytes().all(|b| b.is_ascii_digit()))
    };
    match stem {
        "index" | "standings" | "crosstable" | "bracket" => true,
        _ => {
            if let Some(r) = stem.strip_prefix("round-") {
                numbers(r, 1)
            } else if let Some(r) = stem.strip_prefix("standings-") {
                numbers(r, 1)
            } else if let Some(r) = stem.strip_prefix("player-") {
                numbers(r, 1)
            } else if let Some(r) = stem.strip_prefix("game-") {
                numbers(r, 3) && r.split('-').count() >= 2
            } else {
                false
            }
        }
    }
}

impl App {
    /// One page of the event's site in `lang`, as `qishe publish` writes
    /// it, with the navigation bar; `standings.html` is the latest
    /// standings. `None` when the event has no such page. A round,
    /// standings, crosstable or bracket page is built alone; the index and
    /// the player and game pages with the site's pages.
    pub fn site_page(
        &self,
        event_key: EventId,
        file: &str,
        lang: Lang,
        twin: &str,
    ) -> Result<Option<SitePage>> {
        if !is_site_file(file) {
            return Ok(None);
        }
        let event = self.event(event_key)?;
        let paired = self.store.rounds_paired(event.id)?;
        let counted = match self.event_standings(event.key(), None)? {
            super::super::EventStandings::Individual(st) => st.after_round,
            super::super::EventStandings::Team(st) => st.after_round,
            super::super::EventStandings::Knockout(_) => 0,
        };
        let knockout = self.kind_of(&event)? == super::super::EventKind::Knockout;
        let file = match file {
            "standings.html" if !knockout && counted > 0 => format!("standings-{counted}.html"),
            f => f.to_string(),
        };
        // The navigation bar needs only the pages' names.
        let mut stubs = vec![stub("index.html", Nav::Index)];
        if knockout && paired > 0 {
            stubs.push(stub("bracket.html", Nav::Bracket));
            stubs.push(stub("standings.html", Nav::Standings(paired)));
        }
        for r in 1..=paired {
            stubs.push(stub(&format!("round-{r}.html"), Nav::Round(r)));
        }
        for r in 1..=counted {
            stubs.push(stub(&format!("standings-{r}.html"), Nav::Standings(r)));
        }
        if counted > 0 || knockout && paired > 0 {
            stubs.push(stub("crosstable.html", Nav::Crosstable));
        }
        let full = super::super::print::DocOptions {
            progress: true,
            tiebreaks: true,
            rating: true,
            name_order: None,
        };
        let number = |prefix: &str| -> Option<u32> {
            file.strip_prefix(prefix)?
                .strip_suffix(".html")?
                .parse()
                .ok()
        };
        let one = |d: report::Doc, round: Option<u32>| -> Result<(String, String)> {
            // Links to player and game pages by the site's names: the
            // players' pages exist for an individual event or a knockout.
            let (players, games) = self.site_file_names(&event)?;
            let pf: Vec<&str> = players.iter().map(String::as_str).collect();
            let gf: Vec<&str> = games.iter().map(String::as_str).collect();
            let linked =
                |t: &report::Table, row: usize, col: usize| cell_link(t, row, col, round, &pf, &gf);
            Ok((d.title.clone(), report::render_html_linked(&d, &linked)))
        };
        let built = if let Some(r) = number("round-").filter(|r| (1..=paired).contains(r)) {
            Some(one(
                self.print_doc(event_key, DocKind::Pairings, Some(RoundNo(r)), lang)?,
                Some(r),
            )?)
        } else if let Some(r) = number("standings-").filter(|r| (1..=counted).contains(r)) {
            Some(one(
                self.print_doc_with(event_key, DocKind::Standings, Some(RoundNo(r)), lang, full)?,
                None,
            )?)
        } else if file == "standings.html" && knockout && paired > 0 {
            Some(one(
                self.print_doc_with(event_key, DocKind::Standings, None, lang, full)?,
                None,
            )?)
        } else if file == "crosstable.html" && (counted > 0 || knockout && paired > 0) {
            Some(one(
                self.print_doc_with(event_key, DocKind::Crosstable, None, lang, full)?,
                None,
            )?)
        } else if file == "bracket.html" && knockout && paired > 0 {
            let d = self.print_doc(event_key, DocKind::Bracket, None, lang)?;
            Some((d.title.clone(), render_html(&d)))
        } else if file == "index.html" || file.starts_with("player-") || file.starts_with("game-") {
            self.site_pages(event_key, lang)?
                .into_iter()
                .find(|p| p.file == file)
                .map(|p| (p.title, p.html))
        } else {
            None
        };
        Ok(built.map(|(title, html)| {
            let nav = nav(&stubs, lang, other_name(lang));
            SitePage {
                title,
                html: with_nav(&html, &nav, &file, twin),
            }
        }))
    }
}

impl App {
    /// The names of the player and game pages `people_and_games` makes,
    /// without making them: a page per entry (none for a team event), a
    /// page per game with a record.
    fn site_file_names(&self, ev: &crate::domain::Event) -> Result<(Vec<String>, Vec<String>)> {
        if self.team_settings_of(ev)?.is_some() {
            return Ok((Vec::new(), Vec::new()));
        }
        let players = self
            .store
            .entries(ev.id)?
            .iter()
            .map(|e| format!("player-{}.html", e.start_no))
            .collect();
        let two = ev.settings.games_per_round == 2;
        let games = self
            .store
            .games(ev.id, None)?
            .into_iter()
            .filter(|g| g.game.facts.record.is_some())
            .map(|g| match two {
                false => format!("game-{}-{}.html", g.round, g.board),
                true => format!("game-{}-{}-{}.html", g.round, g.board, g.game.game_no),
            })
            .collect();
        Ok((players, games))
    }
}

/// A page's name and place in the navigation bar, without its contents.
fn stub(file: &str, nav: Nav) -> Page {
    Page {
        file: file.to_string(),
        title: String::new(),
        html: String::new(),
        nav,
    }
}

#[cfg(test)]
mod site_file_tests {
    use super::is_site_file;

    #[test]
    fn only_the_sites_own_names_are_pages() {
        for ok in [
            "index.html",
            "round-3.html",
            "standings.html",
            "standings-2.html",
            "player-12.html",
            "game-1-4.html",
            "game-1-4-2.html",
            "bracket.html",
        ] {
            assert!(is_site_file(ok), "{ok}");
        }
        for bad in [
            "../club.db",
            "round-.html",
            "round-1-2.html",
            "game-1.html",
            "index.htm",
            "player-1/../../x.html",
            "%2e%2e",
            "round-+1.html",
            "",
        ] {
            assert!(!is_site_file(bad), "{bad}");
        }
    }
}
