fn main() {
    // A closed pipe (`qishe player list | head`) ends qishe quietly, as it
    // ends any Unix tool, instead of panicking in println!. Every
    // change is committed before its report is printed, so nothing is lost.
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // The help and clap's errors in the user's language.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = qishe::cli::help::parse(args);
    qishe::cli::console::start();
    let code = match qishe::cli::run(cli) {
        Ok(()) => 0,
        Err((e, lang)) => {
            // Through the one terminal sanitiser: an error may quote a name.
            let line = format!("qishe: {}", e.render(lang));
            eprintln!("{}", qishe::formats::safe::terminal_text(&line));
            e.code
        }
    };
    qishe::cli::exit(code)
}
