use clap::Parser;

fn main() {
    // A closed pipe (`qishe player list | head`) ends qishe quietly, as it
    // ends any Unix tool, instead of panicking in println! (issue 21). Every
    // change is committed before its report is printed, so nothing is lost.
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = qishe::cli::Cli::parse();
    if let Err((e, lang)) = qishe::cli::run(cli) {
        // Through the one terminal sanitiser: an error may quote a name.
        let line = format!("qishe: {}", e.render(lang));
        eprintln!("{}", qishe::formats::safe::terminal_text(&line));
        std::process::exit(e.code);
    }
}
