//! `qishe publish EVENT -o DIR`: the event as a static website.

use super::{CliResult, Ctx};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PublishArgs {
    /// The event (id or name).
    pub event: String,
    /// The folder to write the site into (created if missing).
    #[arg(short, long, value_name = "DIR")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub output: PathBuf,
    /// Write into a folder that holds other files.
    #[arg(long)]
    pub force: bool,
}

pub fn run(ctx: &Ctx, a: PublishArgs) -> CliResult {
    let app = ctx.open()?;
    let files = app.publish(&a.event, &a.output, a.force)?;
    let line = crate::i18n::msg!(
        "cli.out.site_pages",
        path = a.output.display(),
        n = files.len()
    );
    say!("{}", line.render(ctx.lang));
    Ok(())
}
