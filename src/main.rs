use clap::Parser;

fn main() {
    let cli = qishe::cli::Cli::parse();
    if let Err(e) = qishe::cli::run(cli) {
        eprintln!("qishe: {}", e.message);
        std::process::exit(e.code);
    }
}
