//! Headless Chromium for the tests that lay out or print qishe's pages.
//! A test skips (with a message) where Chromium is not installed;
//! `.ci/run` installs it.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium on the PATH, by any of its usual names.
pub fn find() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// What one headless Chromium run printed.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
}

/// Runs headless Chromium on `target` (a file or an address) with a new
/// profile in `profile`, the flags that keep it off the network's
/// background services, and `extra` flags; fails the test if it does not
/// finish in `limit` or ends with an error.
pub fn run(
    chrome: &Path,
    target: impl AsRef<OsStr>,
    profile: &Path,
    extra: &[&str],
    limit: Duration,
) -> Run {
    let mut child = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .args(extra)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(target.as_ref())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // Read both pipes while Chromium runs, so a full pipe cannot stall it.
    let out = child.stdout.take().unwrap();
    let err = child.stderr.take().unwrap();
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            r.read_to_end(&mut v).ok();
            String::from_utf8_lossy(&v).into_owned()
        })
    };
    let (out, err) = (read(Box::new(out)), read(Box::new(err)));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("chromium did not finish {:?} in {limit:?}", target.as_ref());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let run = Run {
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    assert!(
        status.success(),
        "chromium failed on {:?}: {status}\n{}",
        target.as_ref(),
        run.stderr
    );
    run
}

/// The DOM of `target` after its scripts ran for `virtual_ms` of virtual
/// time, with `extra` flags.
pub fn dump_dom(
    chrome: &Path,
    target: impl AsRef<OsStr>,
    profile: &Path,
    virtual_ms: u32,
    extra: &[&str],
    limit: Duration,
) -> Run {
    let budget = format!("--virtual-time-budget={virtual_ms}");
    let mut flags = vec![budget.as_str(), "--dump-dom"];
    flags.extend(extra);
    run(chrome, target, profile, &flags, limit)
}
