//! Prints the HTML pairing sheet and result slips with headless Chromium
//! and checks the number of PDF pages. Skips (with a message) when
//! Chromium is not installed; `.ci/run` installs it.

use crate::report_support;

use qishe::i18n::Lang;
use qishe::report::{self, render_html};
use report_support::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub(crate) use crate::common::chromium::find as chromium;

/// Prints `html` to a PDF with Chromium and returns the PDF's bytes.
pub(crate) fn print_pdf(chrome: &Path, dir: &Path, name: &str, html: &str) -> Vec<u8> {
    let src = dir.join(format!("{name}.html"));
    let pdf = dir.join(format!("{name}.pdf"));
    std::fs::write(&src, html).unwrap();
    let to = format!("--print-to-pdf={}", pdf.display());
    crate::common::chromium::run(
        chrome,
        &src,
        &dir.join(format!("profile-{name}")),
        &["--no-pdf-header-footer", &to],
        Duration::from_secs(120),
    );
    std::fs::read(&pdf).expect("chromium wrote the PDF")
}

/// Page objects in a PDF: `/Type /Page` (not `/Pages`), with or without
/// the space. Chromium's PDFs keep page dictionaries uncompressed.
pub(crate) fn count_pages(pdf: &[u8]) -> usize {
    let mut n = 0;
    for pat in [&b"/Type /Page"[..], &b"/Type/Page"[..]] {
        let mut i = 0;
        while i + pat.len() <= pdf.len() {
            if &pdf[i..i + pat.len()] == pat {
                let next = pdf.get(i + pat.len()).copied().unwrap_or(b' ');
                if !next.is_ascii_alphanumeric() {
                    n += 1;
                }
                i += pat.len();
            } else {
                i += 1;
            }
        }
    }
    n
}

#[test]
fn chromium_prints_the_expected_number_of_pages() {
    let Some(chrome) = chromium() else {
        eprintln!(
            "SKIPPED chromium_prints_the_expected_number_of_pages: chromium is not installed \
             (apt-get install chromium; .ci/run does this)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(&str, String, usize)> = vec![
        // The board list and the by-name list: one page each.
        (
            "pairings2",
            render_html(&report::pairing_sheet(&pairing_data(2), Lang::ZhHans)),
            2,
        ),
        // Two slips share a page.
        (
            "slips2",
            render_html(&report::result_slips(&slips_data(2), Lang::ZhHans)),
            1,
        ),
        // 120 boards at four slips a page.
        (
            "slips120",
            render_html(&report::result_slips(&slips_data(120), Lang::En)),
            30,
        ),
    ];
    let html120 = render_html(&report::pairing_sheet(&pairing_data(120), Lang::ZhHans));
    // One Chromium per document, all at once: most of the time is start-up.
    let counts: Vec<(String, usize)> = std::thread::scope(|s| {
        let jobs: Vec<_> = cases
            .iter()
            .map(|(name, html, _)| (*name, html.as_str()))
            .chain([("pairings120", html120.as_str())])
            .map(|(name, html)| {
                let (chrome, dir) = (&chrome, dir.path());
                s.spawn(move || {
                    let pdf = print_pdf(chrome, dir, name, html);
                    assert!(pdf.starts_with(b"%PDF"), "{name}: not a PDF");
                    (name.to_string(), count_pages(&pdf))
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap()).collect()
    });
    for ((name, _, want), (_, got)) in cases.iter().zip(&counts) {
        assert_eq!(got, want, "{name}: pages");
    }
    // 120 boards do not fit one page: the board list breaks over several
    // pages (headings repeat), then the by-name list starts a new page.
    let pages = counts[3].1;
    assert!(pages >= 6, "pairings120: {pages} pages");
    eprintln!("pairings120: {pages} pages");
}

#[test]
fn page_counting_reads_page_objects_only() {
    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] >>\n2 0 obj << /Type /Page >>\n3 0 obj <</Type/Page/Parent 1 0 R>>";
    assert_eq!(count_pages(pdf), 2);
}

/// Writes the HTML files of the chromium test to `$QISHE_REPORT_DUMP` for a
/// look by eye (`QISHE_REPORT_DUMP=/tmp/x cargo test --test report_chromium dump`).
#[test]
fn dump_html_for_inspection() {
    let Some(dir) = std::env::var_os("QISHE_REPORT_DUMP") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, html) in [
        (
            "pairings120",
            render_html(&report::pairing_sheet(&pairing_data(120), Lang::ZhHans)),
        ),
        (
            "slips10",
            render_html(&report::result_slips(&slips_data(10), Lang::En)),
        ),
        (
            "standings",
            render_html(&report::standings(&standings_data(10), Lang::ZhHans)),
        ),
        (
            "wallchart",
            render_html(&report::wall_chart(&round_robin(8, 7), Lang::ZhHans)),
        ),
        (
            "crosstable",
            render_html(&report::crosstable(&round_robin(9, 5), Lang::En)),
        ),
        (
            "checkin",
            render_html(&report::checkin_sheet(&checkin_data(24), Lang::ZhHans)),
        ),
    ] {
        std::fs::write(dir.join(format!("{name}.html")), html).unwrap();
    }
}
