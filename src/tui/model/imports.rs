//! Files another program wrote, read into the club from the TUI: a
//! members CSV (after its preview) and a TRF file made an event.

use super::outcome::Outcome;
use super::{Command, Tab};
use crate::app::App;
use crate::i18n::{tr, Lang};

/// Imports a members CSV (after its preview was answered yes).
pub(super) fn import_members(
    app: &mut App,
    lang: Lang,
    path: &str,
    progress: &dyn Fn(usize, usize),
) -> crate::app::Result<Outcome> {
    let bytes =
        crate::app::output::read_input(std::path::Path::new(path), crate::app::InputKind::Members)?;
    let r = app.import_members_with(&bytes, path, true, progress)?;
    let imported = tr(lang, "tui.msg.imported");
    Ok(Outcome::Said(format!("{imported}: {}", r.added)))
}

/// Makes an event of a TRF file and opens it on its Standings tab (its
/// rounds played) or its Players tab; what the reader noted follows the
/// count on the status line.
pub(super) fn import_trf(app: &mut App, lang: Lang, c: &Command) -> crate::app::Result<Outcome> {
    let Command::ImportTrf { path, name, scheme } = c else {
        unreachable!("import_trf runs Command::ImportTrf")
    };
    let file = std::path::Path::new(path);
    let bytes = crate::app::output::read_input(file, crate::app::InputKind::Trf)?;
    let fname = file
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
    let opts = crate::app::TrfImportOptions {
        scheme: scheme.clone(),
        tiebreaks: Vec::new(),
    };
    let r = app.import_trf_with(&bytes, &fname, name.as_deref(), &opts)?;
    let mut said = vec![crate::i18n::msg!(
        "tui.msg.trf_imported",
        event = r.event.name.clone(),
        players = r.players,
        rounds = r.rounds
    )];
    said.extend(r.notes.iter().cloned());
    let message = said
        .iter()
        .map(|m| m.render(lang))
        .collect::<Vec<_>>()
        .join("; ");
    let paired = app.rounds_paired(crate::app::EventId(r.event.id))?;
    let tab = if r.rounds > 0 {
        Tab::Standings
    } else {
        Tab::Players
    };
    Ok(Outcome::Opened {
        event: Box::new(r.event),
        paired,
        tab: Some(tab),
        message: Some(message),
        created: true,
    })
}
