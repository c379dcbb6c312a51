//! `qishe print KIND EVENT`: documents to stdout, a file or a printer.

use super::{CliError, CliResult, Ctx};
use crate::app::print::{DocKind, DocOptions, OutputFormat, PrintOptions};
use crate::app::RoundNo;
use crate::domain::NameOrder;
use crate::i18n::Lang;
use crate::report::{CsvOptions, Doc, Part, DEFAULT_LINES_PER_PAGE, MIN_WIDTH};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Which document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    Pairings,
    Slips,
    Standings,
    Crosstable,
    Wallchart,
    Checkin,
    Season,
    Bracket,
    Prizes,
    Certificates,
    Programme,
    ResultsBook,
    TableCards,
    ScoreSheets,
}

impl From<Kind> for DocKind {
    fn from(k: Kind) -> DocKind {
        match k {
            Kind::Pairings => DocKind::Pairings,
            Kind::Slips => DocKind::Slips,
            Kind::Standings => DocKind::Standings,
            Kind::Crosstable => DocKind::Crosstable,
            Kind::Wallchart => DocKind::Wallchart,
            Kind::Checkin => DocKind::Checkin,
            Kind::Season => DocKind::Season,
            Kind::Bracket => DocKind::Bracket,
            Kind::Prizes => DocKind::Prizes,
            Kind::Certificates => DocKind::Certificates,
            Kind::Programme => DocKind::Programme,
            Kind::ResultsBook => DocKind::ResultsBook,
            Kind::TableCards => DocKind::TableCards,
            Kind::ScoreSheets => DocKind::ScoreSheets,
        }
    }
}

/// Output format of a document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    #[default]
    Text,
    Html,
    Csv,
    Pdf,
    Png,
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    #[arg(value_enum)]
    pub kind: Kind,
    pub event: String,
    #[arg(short, long, alias = "after-round", value_parser = super::round_no())]
    pub round: Option<RoundNo>,
    #[arg(short, long, value_enum, default_value_t = PrintFormat::Text)]
    pub format: PrintFormat,
    #[arg(short, long, value_name = "FILE")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub output: Option<PathBuf>,
    #[arg(long)]
    pub force: bool,
    #[arg(long, value_name = "PATH")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub font: Option<PathBuf>,
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "")]
    pub printer: Option<String>,
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    #[arg(long, conflicts_with = "lang")]
    pub other_lang: bool,
    #[arg(long, default_value_t = DEFAULT_LINES_PER_PAGE)]
    pub lines_per_page: usize,
    #[arg(long, value_name = "N")]
    pub width: Option<usize>,
    #[arg(long)]
    pub no_bom: bool,
    #[arg(long, value_name = "STYLE")]
    pub headers: Option<String>,
    #[arg(long)]
    pub progress: bool,
    #[arg(long)]
    pub tiebreaks: bool,
    #[arg(long)]
    pub rating: bool,
    #[arg(long, value_name = "ORDER", value_parser = name_order)]
    pub order: Option<NameOrder>,
    #[arg(long, value_name = "FILE")]
    pub template: Option<PathBuf>,
}

fn name_order(s: &str) -> Result<NameOrder, super::parse_error::ValueError> {
    NameOrder::from_code(s).ok_or_else(|| {
        super::parse_error::ValueError(crate::i18n::msg!("cli.err.not_name_order", value = s))
    })
}

/// The language of the CSV header row, `None` for the stable keys.
fn header_lang(h: &str, doc: Lang) -> CliResult<Option<Lang>> {
    Ok(match h {
        "codes" => None,
        "text" => Some(doc),
        "zh" => Some(Lang::ZhHans),
        code => Some(Lang::from_code(code).ok_or_else(|| {
            CliError::msg(crate::i18n::msg!("err.cli.unknown_headers", value = code))
        })?),
    })
}

pub fn run(ctx: &Ctx, a: PrintArgs) -> CliResult {
    let lang = match &a.lang {
        Some(code) => Some(Lang::from_code(code).ok_or_else(|| {
            CliError::msg(crate::i18n::msg!("err.cli.unknown_lang", value = code))
        })?),
        None => None,
    };
    if a.format != PrintFormat::Csv && (a.no_bom || a.headers.is_some()) {
        return Err(CliError::msg(crate::i18n::msg!("err.cli.csv_only")));
    }
    if a.format != PrintFormat::Text && a.width.is_some() {
        return Err(CliError::msg(crate::i18n::msg!("err.cli.width_text_only")));
    }
    if let Some(w) = a.width.filter(|w| *w < MIN_WIDTH) {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.width_too_narrow",
            width = w,
            min = MIN_WIDTH
        )));
    }
    if a.font.is_some() && !matches!(a.format, PrintFormat::Png | PrintFormat::Pdf) {
        return Err(CliError::msg(crate::i18n::msg!("err.cli.font_png_only")));
    }
    if a.format == PrintFormat::Png {
        crate::app::png::check_png_kind(a.kind.into())?;
        if a.printer.is_some() {
            return Err(CliError::msg(crate::i18n::msg!("err.cli.printer_png")));
        }
        if a.output.is_none() {
            return Err(CliError::msg(crate::i18n::msg!("err.cli.png_needs_output")));
        }
    }
    if a.printer.is_some() && a.format == PrintFormat::Csv {
        return Err(CliError::msg(crate::i18n::msg!("err.cli.printer_csv")));
    }
    if a.lines_per_page < 12 {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.lines_per_page",
            lines = a.lines_per_page
        )));
    }
    if a.format == PrintFormat::Pdf && a.output.is_none() && a.printer.is_none() {
        return Err(CliError::msg(crate::i18n::msg!("err.cli.pdf_needs_output")));
    }
    if a.printer.is_some() && a.output.is_some() {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.printer_or_output"
        )));
    }
    let mut app = ctx.open()?;
    if let Some(t) = &a.template {
        app.config.certificate_template = Some(t.clone());
    }
    // What is printed: an event's document, or `print season`'s table of
    // the season named.
    let kind: crate::app::print::DocKind = a.kind.into();
    let event = match kind {
        crate::app::print::DocKind::Season => None,
        _ => Some(app.find_event(&a.event)?.key()),
    };
    // Without --lang: the club's language (config, locale, else the event's).
    let lang = match lang {
        Some(l) => l,
        None => {
            let l = match event {
                Some(e) => app.document_lang(e)?,
                None => app.season_lang(app.find_season(&a.event)?)?,
            };
            if a.other_lang {
                l.other()
            } else {
                l
            }
        }
    };
    let dopts = DocOptions {
        progress: a.progress,
        tiebreaks: a.tiebreaks,
        rating: a.rating,
        name_order: a.order,
    };
    let build = |app: &crate::app::App, lang| match event {
        Some(e) => app.print_doc_with(e, kind, a.round, lang, dopts),
        None => app
            .find_season(&a.event)
            .and_then(|s| app.print_season_doc(s, lang)),
    };
    let mut doc = build(&app, lang)?;
    let heads = match &a.headers {
        Some(h) => header_lang(h, lang)?,
        None => None,
    };
    if let Some(hl) = heads {
        // Headings in another language: the same document built in it.
        if hl != lang {
            let other = build(&app, hl)?;
            set_headings(&mut doc, &other);
        }
    }
    if let (PrintFormat::Png, Some(path)) = (a.format, &a.output) {
        // A season or a crosstable that does not fit an upright page: landscape.
        let png = app.png_pages_of(a.kind.into(), &doc, a.font.as_deref())?;
        if !png.missing.is_empty() {
            let chars: String = png.missing.iter().take(12).collect();
            let note =
                crate::i18n::msg!("cli.png.missing", path = png.font.display(), chars = chars);
            note!("{}", note.render(ctx.lang));
        }
        for p in app.write_png_pages(path, &png.pages, a.force)? {
            say!("{}", p.display());
        }
        return Ok(());
    }
    let opts = PrintOptions {
        width: a.width,
        csv: CsvOptions {
            bom: !a.no_bom,
            headings: heads.is_some(),
        },
        csv_formulas: super::output::csv_formulas_allowed(),
    };
    let format = match a.format {
        PrintFormat::Text => OutputFormat::Text {
            lines_per_page: a.lines_per_page,
        },
        PrintFormat::Html => OutputFormat::Html,
        PrintFormat::Csv => OutputFormat::Csv,
        PrintFormat::Pdf => OutputFormat::Pdf,
        PrintFormat::Png => unreachable!("PNG pages are written above"),
    };
    if let Some(p) = &a.printer {
        let p = Some(p.as_str()).filter(|s| !s.is_empty());
        let job = app.print_to(&doc, format, &opts, a.font.as_deref(), p)?;
        note!("{job}");
        return Ok(());
    }
    let (out, note) = app.render_bytes(&doc, format, &opts, a.font.as_deref())?;
    if let Some(n) = note {
        note!("{}", n.render(ctx.lang));
    }
    match a.output {
        Some(path) => Ok(app.write_output(&path, &out, a.force, &[])?),
        None => {
            // PDF never comes here (it needs -o or --printer): the text
            // goes through the CLI's one sanitising writer.
            say_raw!("{}", String::from_utf8_lossy(&out));
            Ok(())
        }
    }
}

/// Takes the column headings of `from` (the same document in another
/// language) into `doc`'s CSV table.
fn set_headings(doc: &mut Doc, from: &Doc) {
    fn table(d: &mut Doc) -> Option<&mut crate::report::Table> {
        if d.csv.is_some() {
            return d.csv.as_mut();
        }
        d.parts.iter_mut().find_map(|p| match p {
            Part::Table(t) => Some(t),
            _ => None,
        })
    }
    let mut from = from.clone();
    let (Some(t), Some(f)) = (table(doc), table(&mut from)) else {
        return;
    };
    for (c, h) in t.columns.iter_mut().zip(&f.columns) {
        c.heading = h.heading.clone();
    }
}
