//! Snapshots of every document in text and HTML, in 简体 and English,
//! including a 2-board and a 120-board round.

use crate::report_support;

use qishe::i18n::Lang;
use qishe::report::{self, render_html, render_text, Doc};
use report_support::*;

fn both(name: &str, doc: &Doc) {
    let lang = match doc.lang {
        Lang::En => "en",
        _ => "zh",
    };
    insta::assert_snapshot!(format!("{name}_{lang}_text"), render_text(doc, 60));
    insta::assert_snapshot!(format!("{name}_{lang}_html"), render_html(doc));
}

const LANGS: [Lang; 2] = [Lang::ZhHans, Lang::En];

#[test]
fn pairing_sheets() {
    for lang in LANGS {
        both("pairings_2", &report::pairing_sheet(&pairing_data(2), lang));
        both(
            "pairings_120",
            &report::pairing_sheet(&pairing_data(120), lang),
        );
    }
}

#[test]
fn result_slips() {
    for lang in LANGS {
        both("slips_2", &report::result_slips(&slips_data(2), lang));
        both("slips_120", &report::result_slips(&slips_data(120), lang));
    }
}

#[test]
fn standings() {
    for lang in LANGS {
        both("standings", &report::standings(&standings_data(10), lang));
    }
}

#[test]
fn crosstables() {
    for lang in LANGS {
        both("crosstable", &report::crosstable(&round_robin(9, 5), lang));
    }
}

#[test]
fn wall_charts() {
    for lang in LANGS {
        both("wallchart", &report::wall_chart(&round_robin(8, 7), lang));
    }
}

#[test]
fn checkin_sheets() {
    for lang in LANGS {
        both("checkin", &report::checkin_sheet(&checkin_data(24), lang));
    }
}
