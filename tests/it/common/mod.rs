//! Helpers for end-to-end tests that run the real binary on a database file.
#![allow(dead_code)]

pub mod chromium;
pub mod pdf;
pub mod records;
pub mod tui;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Club {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
}

impl Club {
    pub fn new() -> Club {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.db");
        Club { dir, db }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs qishe on this club's database, from its directory (so no stray config is read).
    pub fn run(&self, args: &[&str]) -> Output {
        run_in(self.dir.path(), &self.db, args)
    }

    /// [`Club::run`] with `LANG` set to `locale` (`zh_CN.UTF-8`, …).
    pub fn run_lang(&self, locale: &str, args: &[&str]) -> Output {
        output_of(
            qishe()
                .env("LANG", locale)
                .current_dir(self.dir.path())
                .arg("--db")
                .arg(&self.db)
                .args(args),
        )
    }

    /// Runs and expects success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(
            o.status.success(),
            "qishe {args:?} failed: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    }

    /// Adds members A to E, rated 2000 down to 1600.
    pub fn five_members(&self) {
        for (n, r) in [
            ("A", "2000"),
            ("B", "1900"),
            ("C", "1800"),
            ("D", "1700"),
            ("E", "1600"),
        ] {
            self.ok(&["player", "add", n, "--rating", r]);
        }
    }

    /// A five-round Dutch event `name` (`more` added to `event new`) with
    /// `players`, already members, entered in that order.
    pub fn dutch_event(&self, name: &str, more: &[&str], players: &[&str]) {
        let mut new = vec!["event", "new", name, "--system", "dutch", "--rounds", "5"];
        new.extend(more);
        self.ok(&new);
        let mut enter = vec!["event", "enter", name];
        enter.extend(players);
        self.ok(&enter);
    }

    /// Runs and expects failure; returns stderr.
    pub fn fails(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(!o.status.success(), "qishe {args:?} should have failed");
        String::from_utf8(o.stderr).unwrap()
    }
}

/// Seven names the printing tests share: Chinese names of two, three and
/// four characters and a Latin one.
pub const SEVEN: [&str; 7] = [
    "王天一",
    "郑惟桐",
    "许银川",
    "欧阳琦琳",
    "Li Wei",
    "赵鑫鑫",
    "吕钦",
];

/// Adds a member to the club by name with a rating: the set-up of the
/// tests that build an event through the app.
pub fn member(app: &mut qishe::app::App, name: &str, rating: i32) {
    app.add_member(&qishe::domain::NewMember {
        name: name.into(),
        rating: Some(rating),
        ..Default::default()
    })
    .unwrap();
}

/// The binary under test: this build's, or `QISHE_TEST_BIN` (to show a new
/// test failing on an older build).
pub fn qishe() -> Command {
    let bin = std::env::var_os("QISHE_TEST_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_qishe")));
    let mut c = Command::new(bin);
    // Documents carry their print date: one fixed day (2026-12-03).
    c.env("LANG", "en_US.UTF-8")
        .env("SOURCE_DATE_EPOCH", "1796299200")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    c
}

pub fn run_in(dir: &Path, db: &Path, args: &[&str]) -> Output {
    output_of(qishe().current_dir(dir).arg("--db").arg(db).args(args))
}

/// Runs `cmd` to its end, its start tried again as [`retry_start`] says.
pub fn output_of(cmd: &mut Command) -> Output {
    retry_start(|| cmd.output())
}

/// Starts `cmd`, its start tried again as [`retry_start`] says.
pub fn spawn_of(cmd: &mut Command) -> std::process::Child {
    retry_start(|| cmd.spawn())
}

/// Runs `start` (a process start). Under wine on a loaded machine, starting
/// a process now and then fails with ERROR_INTERNAL_ERROR (1359, "Internal
/// error") before the program runs at all; that is wine's, so the start is
/// tried again, up to five times (Windows only; any other error fails the
/// test at once).
fn retry_start<T>(mut start: impl FnMut() -> std::io::Result<T>) -> T {
    const ERROR_INTERNAL_ERROR: i32 = 1359;
    let mut tries = 0;
    loop {
        match start() {
            Err(e)
                if cfg!(windows) && e.raw_os_error() == Some(ERROR_INTERNAL_ERROR) && tries < 5 =>
            {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
            r => return r.unwrap(),
        }
    }
}

/// The endorsed Dutch engine in `../shared` (bbpPairings), or `None` with
/// the reason on stderr: on Windows (it is a Linux program) or when this
/// checkout has no `../shared` beside it. The calling test then checks what
/// it can without the engine, or says it was skipped.
pub fn reference_engine() -> Option<PathBuf> {
    if cfg!(windows) {
        eprintln!("skipped: the endorsed engine does not run on Windows");
        return None;
    }
    shared("tools/bbpPairings/bbpPairings")
}

/// `rel` under `../shared` (the conformance cases, real game records and
/// the endorsed engine the project is checked against), or `None` when this
/// checkout has no `../shared` beside it (a bare clone): the calling test
/// then says it was skipped and returns, through [`shared_or_skip`].
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if p.exists() {
        return Some(p);
    }
    let test = std::thread::current().name().unwrap_or("?").to_string();
    eprintln!("skipped {test}: {} is missing", p.display());
    None
}

/// The path of `rel` under `../shared`, or return from the test (see [`shared`]).
macro_rules! shared_or_skip {
    ($rel:expr) => {
        match $crate::common::shared($rel) {
            Some(p) => p,
            None => return,
        }
    };
}
pub(crate) use shared_or_skip;

/// A property test's case count: `PROPTEST_CASES` when set, else the test's own default.
pub fn cases(default: u32) -> u32 {
    proptest_cases(default)
}

fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
