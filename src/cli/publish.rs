//! `qishe publish EVENT -o DIR`: the event as a static website;
//! `qishe publish --season SEASON -o DIR`: the season's.

use super::{CliResult, Ctx};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PublishArgs {
    #[arg(required_unless_present = "season", conflicts_with = "season")]
    pub event: Option<String>,
    #[arg(long, value_name = "SEASON")]
    pub season: Option<String>,
    #[arg(short, long, value_name = "DIR")]
    #[arg(value_parser = crate::cli::path_arg())]
    pub output: PathBuf,
    #[arg(long)]
    pub force: bool,
}

pub fn run(ctx: &Ctx, a: PublishArgs) -> CliResult {
    let app = ctx.open()?;
    let files = match (&a.season, &a.event) {
        (Some(s), _) => app.publish_season(app.find_season(s)?, &a.output, a.force)?,
        (None, Some(e)) => app.publish(app.find_event(e)?.key(), &a.output, a.force)?,
        (None, None) => unreachable!("clap requires an event or --season"),
    };
    let line = crate::i18n::msg!(
        "cli.out.site_pages",
        path = a.output.display(),
        n = files.len()
    );
    say!("{}", line.render(ctx.lang));
    Ok(())
}
