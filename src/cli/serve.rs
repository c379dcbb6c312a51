//! `qishe serve [--addr HOST:PORT] [--entry-pin PIN]`: the club's events
//! live on the club's network until stopped (Ctrl-C).

use super::{CliError, CliResult, Ctx};
use clap::Args;
use std::net::SocketAddr;

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[arg(long, value_name = "HOST:PORT", default_value = crate::serve::DEFAULT_ADDR)]
    pub addr: SocketAddr,
    #[arg(long, value_name = "PIN")]
    pub entry_pin: Option<String>,
}

pub fn run(ctx: &Ctx, a: ServeArgs) -> CliResult {
    // A club that cannot be opened is said in the user's language first.
    drop(ctx.open()?);
    let running = crate::serve::start(crate::serve::ServeOptions {
        addr: a.addr,
        db: ctx.db.clone(),
        config: ctx.config.clone(),
        entry_pin: a.entry_pin,
    })
    .map_err(|e| {
        CliError::usage(crate::i18n::msg!(
            "serve.cannot_listen",
            addr = a.addr.to_string(),
            why = crate::i18n::io_msg(&e)
        ))
    })?;
    for line in crate::serve::started_lines(ctx.lang, running.addr) {
        note!("{line}");
    }
    note!("{}", crate::i18n::tr(ctx.lang, "serve.stop_hint"));
    running.wait();
    Ok(())
}
