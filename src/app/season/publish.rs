//! `qishe publish --season SEASON -o DIR`: the season's page (the season
//! table, in the club's language at the top of DIR and in the other
//! language under `DIR/<code>/`) linking every event of the season, each
//! published as its own site under `DIR/event-<id>/`.

use super::super::publish::SITE_MARKER;
use super::super::{invalid, App, EventId, Result};
use crate::i18n::{io_msg, tr};
use crate::report::{escape_html, render_html};
use std::path::{Path, PathBuf};

/// The folder of an event's own site inside the season's.
pub fn event_dir(event_id: i64) -> String {
    format!("event-{event_id}")
}

impl App {
    /// Writes the season's site into `dir` (created if missing): its page
    /// and every event's site; returns the files written.
    pub fn publish_season(
        &self,
        season: crate::domain::SeasonId,
        dir: &Path,
        force: bool,
    ) -> Result<Vec<PathBuf>> {
        let io = |e: std::io::Error| {
            invalid!("err.app.publish_io", dir = dir.display(), why = io_msg(&e))
        };
        if dir.exists() && !dir.join(SITE_MARKER).exists() && !force {
            let busy = std::fs::read_dir(dir).map_err(io)?.next().is_some();
            if busy {
                return Err(invalid!("err.app.publish_not_site", dir = dir.display()));
            }
        }
        let t = self.season_standings(season)?;
        let lang = self.season_lang(season)?;
        let other = lang.other();
        // Every file through the one writer (never through a link planted
        // in an earlier site, never onto the database); the language and
        // event folders are the site's own, never a link.
        let protected = self.protected(&[]);
        crate::files::output::make_folder(dir, false)?;
        crate::files::output::make_folder(&dir.join(other.code()), true)?;
        let mut written = Vec::new();
        for e in &t.info.events {
            let sub = dir.join(event_dir(e.event_id));
            crate::files::output::make_folder(&sub, true)?;
            written.extend(self.publish(EventId(e.event_id), &sub, true)?);
        }
        for (l, path, up, twin) in [
            (
                lang,
                dir.join("index.html"),
                "",
                format!("{}/index.html", other.code()),
            ),
            (
                other,
                dir.join(other.code()).join("index.html"),
                "../",
                "../index.html".to_string(),
            ),
        ] {
            let doc = self.season_doc(&t, l);
            // Each event's own site: its page in this language.
            let sub = if l == lang {
                String::new()
            } else {
                format!("{}/", l.code())
            };
            let mut list = format!(
                "<h2>{}</h2>\n<ul class=\"site\">\n",
                escape_html(tr(l, "rep.site.season_events"))
            );
            for e in &t.info.events {
                let href = format!("{up}{}/{sub}index.html", event_dir(e.event_id));
                list.push_str(&format!(
                    "<li><a href=\"{}\">{}</a></li>\n",
                    escape_html(&href),
                    escape_html(&e.name)
                ));
            }
            list.push_str("</ul>\n</section>\n</body>");
            let nav = format!(
                "<nav class=\"site\" style=\"margin-bottom:4mm\"><a href=\"{}\" hreflang=\"{}\">{}</a></nav>\n",
                escape_html(&twin),
                l.other().code(),
                escape_html(tr(l, "rep.site.other_lang"))
            );
            let html = render_html(&doc)
                .replacen("</section>\n</body>", &list, 1)
                .replacen("<body>\n", &format!("<body>\n{nav}"), 1);
            crate::files::output::write_file(&path, html.as_bytes(), true, &protected)?;
            written.push(path);
        }
        // The marker lists the season's own pages (each event's site keeps
        // its own marker in its folder).
        let marker = format!(
            "qishe static site\nindex.html\n{}/index.html\n",
            other.code()
        );
        crate::files::output::write_file(
            &dir.join(SITE_MARKER),
            marker.as_bytes(),
            true,
            &protected,
        )?;
        Ok(written)
    }
}
