//! Printing from the Print tab: a document rendered as PDF, text, HTML,
//! CSV or PNG pages and written to a file or sent to a printer; the club's backup,
//! the event's static site, its TRF and its games (PGN or CSV). A file the secretary did not name
//! is never replaced; one she named is replaced only after a question.

use super::outcome::Outcome;
use super::{Command, PrintJob};
use crate::app::{invalid, App};
use crate::i18n::{tr, Lang};

/// Prints `job`: what was written or sent, or the question before a file
/// is replaced (its yes prints again, forced).
pub fn print(app: &mut App, lang: Lang, job: &PrintJob) -> crate::app::Result<Outcome> {
    let t = |k: &str| tr(lang, k).to_string();
    let PrintJob {
        event: id,
        doc,
        format,
        to_printer,
        path,
        printer,
        round,
        force,
    } = job.clone();
    let (doc, printer) = (doc.as_str(), printer.as_str());
    // Files not named by the secretary are named by the event's number.
    let event = id.0;
    // A file named with a format's extension (`r3.txt`, `r3.html`) is
    // written in that format, whatever the format field says.
    let format = match to_printer {
        true => format.as_str(),
        false => format_of_path(&path).unwrap_or(format.as_str()),
    };
    use crate::app::print::{DocKind, OutputFormat, PrintOptions};
    use std::path::Path;
    // Before a file is replaced, a question whose yes is this same
    // print again, forced.
    let ask_replace = |shown: &str, path: String| Outcome::Ask {
        question: crate::i18n::msg!("tui.confirm.replace_file", path = shown).render(lang),
        then: Command::Print(PrintJob {
            path,
            force: true,
            ..job.clone()
        }),
    };
    // Restoring the club from a backup (`qishe restore`): the backup is
    // checked, the question asked, then the club is replaced and this
    // App is the restored club's.
    if doc == "restore" {
        return restore(app, lang, job);
    }
    // The club's own files: a backup never replaces a file.
    if doc == "backup" {
        let path = if path.is_empty() {
            format!(
                "qishe-backup-{}.db",
                chrono::Local::now().format("%Y%m%d-%H%M")
            )
        } else {
            path
        };
        app.backup(Path::new(&path))?;
        return Ok(Outcome::Said(format!("{}: {path}", t("tui.print.written"))));
    }
    // The event's static site: a folder (an earlier site is rewritten).
    if doc == "site" {
        let path = if path.is_empty() {
            format!("event{event}-site")
        } else {
            path
        };
        let files = app.publish(id, Path::new(&path), false)?;
        let n = files.len();
        return Ok(Outcome::Said(format!(
            "{}: {path} ({n})",
            t("tui.print.written")
        )));
    }
    let (data, path, note) = if doc == "games" {
        games(app, lang, id, format, path)?
    } else if doc == "trf" {
        trf(app, id, format, path)?
    } else {
        let kind = DocKind::ALL
            .into_iter()
            .find(|k| k.code() == doc)
            .ok_or_else(|| invalid!("tui.err.no_document", doc = doc))?;
        if to_printer && format == "csv" {
            return Err(invalid!("tui.print.text_only"));
        }
        if format == "png" {
            crate::app::png::check_png_kind(kind)?;
        }
        let d = app.print_doc(id, kind, round, lang)?;
        // PNG pages for chat groups: one file, or name-1.png,
        // name-2.png, … beside the one named.
        if format == "png" {
            let path = if path.is_empty() {
                format!("event{event}-{doc}.png")
            } else {
                path
            };
            let png = app.png_pages_of(kind, &d, None)?;
            let targets = crate::app::png::page_paths(Path::new(&path), png.pages.len());
            if let Some(old) = targets.iter().find(|p| p.exists()).filter(|_| !force) {
                return Ok(ask_replace(&old.display().to_string(), path));
            }
            let written = app.write_png_pages(Path::new(&path), &png.pages, force)?;
            let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
            let mut out = format!("{}: {}", t("tui.print.written"), names.join(", "));
            if !png.missing.is_empty() {
                let chars: String = png.missing.iter().take(12).collect();
                let note =
                    crate::i18n::msg!("cli.png.missing", path = png.font.display(), chars = chars);
                out = format!("{out} · {}", note.render(lang));
            }
            return Ok(Outcome::Said(out));
        }
        let f = match format {
            "html" => OutputFormat::Html,
            "csv" => OutputFormat::Csv,
            "text" => OutputFormat::Text {
                lines_per_page: crate::report::DEFAULT_LINES_PER_PAGE,
            },
            _ => OutputFormat::Pdf,
        };
        let opts = PrintOptions::default();
        if to_printer {
            let p = Some(printer).filter(|p| !p.is_empty());
            let job = app.print_to(&d, f, &opts, None, p)?;
            return Ok(Outcome::Said(format!("{}: {job}", t("tui.print.sent"))));
        }
        let (out, note) = app.render_bytes(&d, f, &opts, None)?;
        let ext = match format {
            "text" => "txt",
            "html" | "csv" => format,
            _ => "pdf",
        };
        let path = if path.is_empty() {
            format!("event{event}-{doc}.{ext}")
        } else {
            path
        };
        (out, path, note)
    };
    // An existing file is replaced only after a question (issue
    // 21); never the club database (write_output refuses it).
    if !force && Path::new(&path).exists() {
        return Ok(ask_replace(&path.clone(), path));
    }
    app.write_output(Path::new(&path), &data, force, &[])?;
    let said = format!("{}: {path}", t("tui.print.written"));
    Ok(Outcome::Said(match note {
        Some(n) => format!("{said} · {}", n.render(lang)),
        None => said,
    }))
}

/// The games export: every game of the event as PGN (ICCS) or CSV, its
/// bytes and the file they go to (unnamed: by the event's number), no note.
/// The event's TRF file in the edition chosen (`trf-2026`, `trf-2016`).
fn trf(
    app: &App,
    id: crate::app::EventId,
    format: &str,
    path: String,
) -> crate::app::Result<(Vec<u8>, String, Option<crate::i18n::Msg>)> {
    let path = if path.is_empty() {
        format!("event{}.trf", id.0)
    } else {
        path
    };
    let version = format
        .strip_prefix("trf-")
        .and_then(crate::app::TrfVersion::from_code)
        .unwrap_or_default();
    Ok((app.export_trf_as(id, version)?.into_bytes(), path, None))
}

fn games(
    app: &App,
    lang: Lang,
    id: crate::app::EventId,
    format: &str,
    path: String,
) -> crate::app::Result<(Vec<u8>, String, Option<crate::i18n::Msg>)> {
    let f = match format {
        "csv" => crate::app::GamesFormat::Csv,
        _ => crate::app::GamesFormat::PgnIccs,
    };
    let path = if path.is_empty() {
        format!("event{}-games.{}", id.0, f.extension())
    } else {
        path
    };
    Ok((app.export_games(id, f, lang)?, path, None))
}

/// The format a file name's extension names, if any.
fn format_of_path(path: &str) -> Option<&'static str> {
    let ext = std::path::Path::new(path)
        .extension()?
        .to_str()?
        .to_ascii_lowercase();
    Some(match ext.as_str() {
        "pdf" => "pdf",
        "txt" | "text" => "text",
        "html" | "htm" => "html",
        "csv" => "csv",
        "png" => "png",
        "pgn" => "pgn",
        _ => return None,
    })
}

/// The Print tab's `restore`: the path names the backup; the first submit
/// checks it and asks, the yes (`force`) restores (see `app::restore_club`).
fn restore(app: &mut App, lang: Lang, job: &PrintJob) -> crate::app::Result<Outcome> {
    use crate::i18n::msg;
    use std::path::Path;
    if job.path.trim().is_empty() {
        return Err(invalid!("tui.restore.needs_path"));
    }
    let db = app.db_path().to_path_buf();
    if db.as_os_str() == ":memory:" {
        return Err(invalid!("tui.restore.no_file"));
    }
    let backup = Path::new(job.path.trim());
    let info = crate::app::check_backup(backup)?;
    if !job.force {
        let when = info
            .last_change
            .clone()
            .unwrap_or_else(|| tr(lang, "cli.restore.never").to_string());
        let question = msg!(
            "tui.restore.question",
            db = db.display(),
            backup = backup.display(),
            members = info.members,
            events = info.events,
            when
        );
        return Ok(Outcome::Ask {
            question: question.render(lang),
            then: Command::Print(PrintJob {
                force: true,
                ..job.clone()
            }),
        });
    }
    let saved = crate::app::saved_club_path(&db);
    *app = crate::app::restore_club(app.config.clone(), &db, backup, &saved)?;
    let done = msg!(
        "cli.restore.done",
        db = db.display(),
        backup = backup.display(),
        saved = saved.display()
    );
    Ok(Outcome::Said(done.render(lang)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_files_extension_names_its_format() {
        assert_eq!(super::format_of_path("第3轮.TXT"), Some("text"));
        assert_eq!(super::format_of_path("/tmp/x.htm"), Some("html"));
        assert_eq!(super::format_of_path("r3.pdf"), Some("pdf"));
        assert_eq!(super::format_of_path("r3"), None);
        assert_eq!(super::format_of_path("r3.doc"), None);
        assert_eq!(super::format_of_path(""), None);
    }
}
