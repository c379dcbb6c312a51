//! Sending a document to a printer with the platform's own means:
//!
//! - Linux and macOS: CUPS, `lp` (or `lpr`), the document on its standard
//!   input; text as it is (a smaller pitch for wide lines), PDF as PDF.
//! - Windows: the PDF written to a file, then SumatraPDF when it is
//!   installed (`-print-to-default` / `-print-to NAME`, silent), else
//!   PowerShell's `Start-Process -Verb Print` / `-Verb PrintTo NAME`
//!   (the PDF viewer registered for it: Acrobat Reader, Foxit, …), else
//!   the PDF is opened in the default viewer (Edge on a stock Windows
//!   10/11) to be printed from there.
//!
//! Where nothing can print, the PDF is written to a new file in the
//! temporary folder and the error says where.

use super::{invalid, Result};
use crate::i18n::io_msg;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What goes to the printer.
pub enum PrintJob<'a> {
    /// Fixed-width text (pages separated by form feeds).
    Text(&'a str),
    /// A PDF.
    Pdf(&'a [u8]),
}

/// `lp` prints 80 columns at its default 10 characters per inch; wider text
/// gets a smaller pitch so lines are not wrapped (which would break the
/// columns): 12 cpi fits 96 columns, 15 cpi 120, 17 cpi 136 on A4.
pub fn cpi_for(text: &str) -> Option<u32> {
    use unicode_width::UnicodeWidthStr;
    let w = text.lines().map(|l| l.width()).max().unwrap_or(0);
    match w {
        0..=80 => None,
        81..=96 => Some(12),
        97..=120 => Some(15),
        _ => Some(17),
    }
}

/// Sends a job to `printer` (the default one when `None`). `name` names
/// the file a PDF is kept in where it must be written first. Returns what
/// the print system said (the job id, or what was done).
pub fn send_to_printer(job: PrintJob, printer: Option<&str>, name: &str) -> Result<String> {
    if cfg!(windows) {
        let pdf = match job {
            PrintJob::Pdf(b) => b,
            // Windows has no text spooler the program can reach.
            PrintJob::Text(_) => return Err(invalid!("err.app.no_print_command")),
        };
        return windows_print(pdf, printer, name);
    }
    match lp(&job, printer) {
        Err(None) => {
            // No lp and no lpr: the PDF is kept where the user can find it.
            let PrintJob::Pdf(pdf) = job else {
                return Err(invalid!("err.app.no_print_command"));
            };
            let path = keep(pdf, name)?;
            Err(invalid!(
                "print.no_printer_pdf_written",
                why = "lp, lpr",
                path = path.display()
            ))
        }
        Err(Some(e)) => Err(e),
        Ok(out) => Ok(out),
    }
}

/// `lp` (or `lpr`) with the job on standard input; `Err(None)`: neither
/// program exists.
fn lp(
    job: &PrintJob,
    printer: Option<&str>,
) -> std::result::Result<String, Option<super::AppError>> {
    let (bytes, cpi) = match job {
        PrintJob::Text(t) => (t.as_bytes(), cpi_for(t)),
        PrintJob::Pdf(b) => (*b, None),
    };
    for (prog, flag) in [("lp", "-d"), ("lpr", "-P")] {
        let mut cmd = Command::new(prog);
        if let Some(p) = printer {
            cmd.arg(flag).arg(p);
        }
        if let Some(c) = cpi {
            cmd.arg("-o").arg(format!("cpi={c}"));
        }
        let child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(Some(invalid!("err.app.cannot_run", prog, why = io_msg(&e)))),
        };
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(bytes)
                .map_err(|e| Some(invalid!("err.app.cannot_send", prog, why = io_msg(&e))))?;
        }
        let out = child
            .wait_with_output()
            .map_err(|e| Some(invalid!("err.app.print_failed", prog, why = io_msg(&e))))?;
        if !out.status.success() {
            return Err(Some(invalid!(
                "err.app.print_refused",
                prog,
                why = String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        return Ok(String::from_utf8_lossy(&out.stdout).trim().to_string());
    }
    Err(None)
}

/// A file name from a document's title: letters, digits and Chinese
/// characters kept, the rest `-`.
pub fn file_stem(title: &str) -> String {
    let mut s: String = title
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    while s.contains("--") {
        s = s.replace("--", "-");
    }
    let s = s.trim_matches('-');
    match s.is_empty() {
        true => "qishe".to_string(),
        false => s.chars().take(60).collect(),
    }
}

/// Writes `pdf` to a new file `qishe-print/STEM.pdf` (or `STEM-2.pdf`, …)
/// in the temporary folder; never replaces a file.
pub fn keep(pdf: &[u8], name: &str) -> Result<PathBuf> {
    let dir = std::env::temp_dir().join("qishe-print");
    let io = |e: std::io::Error| invalid!("err.app.cannot_prepare_pdf", why = io_msg(&e));
    std::fs::create_dir_all(&dir).map_err(io)?;
    let stem = file_stem(name);
    for n in 1.. {
        let path = match n {
            1 => dir.join(format!("{stem}.pdf")),
            n => dir.join(format!("{stem}-{n}.pdf")),
        };
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(pdf).map_err(io)?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(e)),
        }
    }
    unreachable!("some file name is free")
}

/// A way to print a PDF file on Windows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// Where SumatraPDF installs itself (per user, per machine), in order,
/// for the folders of `%LOCALAPPDATA%`, `%ProgramFiles%` and
/// `%ProgramFiles(x86)%`.
pub fn sumatra_paths(local: Option<&Path>, programs: &[&Path]) -> Vec<PathBuf> {
    local
        .into_iter()
        .chain(programs.iter().copied())
        .map(|d| d.join("SumatraPDF").join("SumatraPDF.exe"))
        .collect()
}

/// The ways to print `pdf` on Windows, best first: SumatraPDF where it
/// is (`sumatra`), then PowerShell's print verbs.
pub fn windows_ways(pdf: &Path, printer: Option<&str>, sumatra: Option<&Path>) -> Vec<Way> {
    let file = pdf.display().to_string();
    let mut ways = Vec::new();
    if let Some(exe) = sumatra {
        let mut args: Vec<String> = match printer {
            Some(p) => vec!["-print-to".into(), p.into()],
            None => vec!["-print-to-default".into()],
        };
        args.extend(["-silent".into(), file.clone()]);
        ways.push(Way {
            program: exe.to_path_buf(),
            args,
        });
    }
    // PowerShell single quotes: a quote inside is doubled.
    let q = |s: &str| format!("'{}'", s.replace('\'', "''"));
    let script = match printer {
        Some(p) => format!(
            "Start-Process -FilePath {} -Verb PrintTo -ArgumentList {} -WindowStyle Hidden -ErrorAction Stop",
            q(&file),
            q(&format!("\"{p}\""))
        ),
        None => format!(
            "Start-Process -FilePath {} -Verb Print -WindowStyle Hidden -ErrorAction Stop",
            q(&file)
        ),
    };
    ways.push(Way {
        program: PathBuf::from("powershell.exe"),
        args: vec![
            "-NoProfile".into(),
            "-NonInteractive".into(),
            "-Command".into(),
            script,
        ],
    });
    ways
}

fn windows_print(pdf: &[u8], printer: Option<&str>, name: &str) -> Result<String> {
    let path = keep(pdf, name)?;
    let env = |k: &str| std::env::var_os(k).map(PathBuf::from);
    let local = env("LOCALAPPDATA");
    let programs: Vec<PathBuf> = ["ProgramFiles", "ProgramFiles(x86)"]
        .iter()
        .filter_map(|k| env(k))
        .collect();
    let programs: Vec<&Path> = programs.iter().map(PathBuf::as_path).collect();
    let sumatra = sumatra_paths(local.as_deref(), &programs)
        .into_iter()
        .find(|p| p.is_file());
    let mut tried = Vec::new();
    for way in windows_ways(&path, printer, sumatra.as_deref()) {
        let ok = Command::new(&way.program)
            .args(&way.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Ok(path.display().to_string());
        }
        tried.push(way.program.display().to_string());
    }
    // No silent way: the PDF opens in the default viewer, to print from there.
    let _ = Command::new("explorer.exe").arg(&path).status();
    Err(invalid!(
        "print.no_printer_pdf_written",
        why = tried.join(", "),
        path = path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_text_gets_a_smaller_pitch() {
        assert_eq!(cpi_for(&"x".repeat(80)), None);
        assert_eq!(cpi_for(&"王".repeat(41)), Some(12));
        assert_eq!(cpi_for(&format!("a\n{}", "b".repeat(120))), Some(15));
        assert_eq!(cpi_for(&"c".repeat(121)), Some(17));
    }

    #[test]
    fn windows_prints_with_sumatra_then_the_print_verbs() {
        let pdf = Path::new(r"C:\Temp\qishe-print\秋季赛.pdf");
        let exe = Path::new(r"C:\Program Files\SumatraPDF\SumatraPDF.exe");
        let w = windows_ways(pdf, Some("HP LaserJet"), Some(exe));
        assert_eq!(w.len(), 2);
        assert_eq!(w[0].program, exe);
        assert_eq!(
            w[0].args,
            [
                "-print-to",
                "HP LaserJet",
                "-silent",
                r"C:\Temp\qishe-print\秋季赛.pdf"
            ]
        );
        assert!(w[1].args[3].contains("-Verb PrintTo -ArgumentList '\"HP LaserJet\"'"));
        let w = windows_ways(Path::new(r"C:\it's.pdf"), None, None);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].program, PathBuf::from("powershell.exe"));
        assert!(w[0].args[3].starts_with(r"Start-Process -FilePath 'C:\it''s.pdf' -Verb Print "));
        let paths = sumatra_paths(Some(Path::new("L")), &[Path::new("P")]);
        assert_eq!(paths.len(), 2);
        assert!(paths[0].ends_with("SumatraPDF.exe") && paths[0].starts_with("L"));
    }

    #[test]
    fn kept_pdfs_never_replace_a_file() {
        let name = format!("qishe-test-{}", std::process::id());
        let a = keep(b"%PDF-1", &name).unwrap();
        let b = keep(b"%PDF-2", &name).unwrap();
        assert_ne!(a, b);
        assert_eq!(std::fs::read(&a).unwrap(), b"%PDF-1");
        assert_eq!(std::fs::read(&b).unwrap(), b"%PDF-2");
        let _ = std::fs::remove_file(a);
        let _ = std::fs::remove_file(b);
        assert_eq!(file_stem("秋季赛 · 对阵表 · 第3轮"), "秋季赛-对阵表-第3轮");
        assert_eq!(file_stem("../.."), "qishe");
    }
}
