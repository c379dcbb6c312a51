//! `qishe publish EVENT -o DIR`: the event as a self-contained static site
//! (no network, no script): an index, every round's pairings with the
//! results entered, the standings after each complete round and the
//! crosstable, in the club's language at the top of DIR and in the other
//! language under `DIR/<code>/`, each page linking to its twin.
//! Re-running rewrites the site; DIR must be empty, new, or an earlier site
//! (the `.qishe-site` marker) unless `force`.

use super::print::DocKind;
use super::{App, Result};
use crate::i18n::{io_msg, tr, Lang};
use crate::report::{self, render_html};
use std::path::{Path, PathBuf};

/// The file that marks a folder as a site qishe wrote.
pub const SITE_MARKER: &str = ".qishe-site";

/// One page of the site: its file name and HTML.
struct Page {
    file: String,
    title: String,
    html: String,
}

impl App {
    /// Writes the site of `event_key` into `dir` (created if missing) and
    /// returns the files written.
    pub fn publish(&self, event_key: &str, dir: &Path, force: bool) -> Result<Vec<PathBuf>> {
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
        let mut written = Vec::new();
        std::fs::create_dir_all(dir.join(other.code())).map_err(io)?;
        std::fs::write(dir.join(SITE_MARKER), "qishe static site\n").map_err(io)?;
        for (l, sub, twin) in [
            (lang, dir.to_path_buf(), format!("{}/", other.code())),
            (other, dir.join(other.code()), "../".to_string()),
        ] {
            let pages = self.site_pages(event_key, l)?;
            let nav = nav(&pages, l, other_name(l));
            for p in &pages {
                let html = with_nav(&p.html, &nav, &p.file, &twin);
                let path = sub.join(&p.file);
                std::fs::write(&path, html).map_err(io)?;
                written.push(path);
            }
        }
        Ok(written)
    }

    /// The site's pages in one language.
    fn site_pages(&self, event_key: &str, lang: Lang) -> Result<Vec<Page>> {
        let event = self.store.resolve_event(event_key)?;
        let paired = self.store.rounds_paired(event.id)?;
        let ev = event.name.clone();
        let (_, st) = self.standings(event_key, None)?;
        let mut pages = Vec::new();
        let mut links = Vec::new();
        for r in 1..=paired {
            let d = self.print_doc(event_key, DocKind::Pairings, Some(r), lang)?;
            links.push((format!("round-{r}.html"), d.title.clone()));
            pages.push(Page {
                file: format!("round-{r}.html"),
                title: d.title.clone(),
                html: render_html(&d),
            });
        }
        for r in 1..=st.after_round {
            let d = self.print_doc(event_key, DocKind::Standings, Some(r), lang)?;
            links.push((format!("standings-{r}.html"), d.title.clone()));
            pages.push(Page {
                file: format!("standings-{r}.html"),
                title: d.title.clone(),
                html: render_html(&d),
            });
        }
        if st.after_round > 0 {
            let d = self.print_doc(event_key, DocKind::Crosstable, None, lang)?;
            links.push(("crosstable.html".into(), d.title.clone()));
            pages.push(Page {
                file: "crosstable.html".into(),
                title: d.title.clone(),
                html: render_html(&d),
            });
        }
        let index = report::Doc {
            title: ev.clone(),
            lang,
            parts: vec![report::Part::Heading(ev)],
            landscape: false,
            csv: None,
        };
        let mut list = String::from("<ul class=\"site\">\n");
        for (file, title) in &links {
            list.push_str(&format!(
                "<li><a href=\"{}\">{}</a></li>\n",
                report::escape_html(file),
                report::escape_html(title)
            ));
        }
        list.push_str("</ul>\n</section>\n</body>");
        let html = render_html(&index).replacen("</section>\n</body>", &list, 1);
        pages.insert(
            0,
            Page {
                file: "index.html".into(),
                title: tr(lang, "rep.site.index").to_string(),
                html,
            },
        );
        Ok(pages)
    }
}

fn other_name(l: Lang) -> &'static str {
    match l.other() {
        Lang::En => "English",
        Lang::ZhHant => "繁體中文",
        Lang::ZhHans => "简体中文",
    }
}

/// The navigation bar: every page of the site and the other language.
fn nav(pages: &[Page], lang: Lang, other: &str) -> String {
    let mut s = String::from("<nav class=\"site\" style=\"margin-bottom:4mm\">");
    for p in pages {
        s.push_str(&format!(
            "<a href=\"{}\">{}</a> · ",
            report::escape_html(&p.file),
            report::escape_html(&p.title)
        ));
    }
    s.push_str(&format!(
        "<a href=\"{{TWIN}}\" hreflang=\"{}\">{}</a></nav>\n",
        lang.other().code(),
        report::escape_html(other)
    ));
    s
}

/// The page with the navigation bar after `<body>`; the language link
/// points at the same page in the other language.
fn with_nav(html: &str, nav: &str, file: &str, twin: &str) -> String {
    let nav = nav.replace("{TWIN}", &report::escape_html(&format!("{twin}{file}")));
    html.replacen("<body>\n", &format!("<body>\n{nav}"), 1)
}
