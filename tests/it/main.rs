//! The integration tests, one binary: a module per former test file.
//! (One binary links the crate once; 34 binaries each linked it again.)
//!
//! `scripts/windows.sh ci` builds this binary for Windows with the cfg
//! `qishe_windows_ci` (CARGO_TARGET_…_RUSTFLAGS, so the exe and its
//! dependencies share that build): only the modules of what differs on
//! Windows, which it runs under wine, and the ones they use. The others
//! carry `#[cfg(not(qishe_windows_ci))]`: at the release profile the
//! whole binary took 150 s of CPU to compile on Linux, the subset 21 s.
#![cfg_attr(qishe_windows_ci, allow(dead_code, unused_imports))]

#[cfg(not(qishe_windows_ci))]
mod accel_fronts;
mod common;
#[cfg(not(qishe_windows_ci))]
mod report_support;

#[cfg(not(qishe_windows_ci))]
mod architecture;
mod archive_cli;
#[cfg(not(qishe_windows_ci))]
mod archive_roundtrip;
#[cfg(not(qishe_windows_ci))]
mod archive_tui;
#[cfg(not(qishe_windows_ci))]
mod berger_tables;
#[cfg(not(qishe_windows_ci))]
mod cli_help;
#[cfg(not(qishe_windows_ci))]
mod cli_messages;
mod cli_zh;
#[cfg(not(qishe_windows_ci))]
mod cxa_examples;
#[cfg(not(qishe_windows_ci))]
mod cxa_rules;
#[cfg(not(qishe_windows_ci))]
mod dutch_bench_set;
#[cfg(not(qishe_windows_ci))]
mod dutch_conformance;
#[cfg(not(qishe_windows_ci))]
mod dutch_properties;
#[cfg(not(qishe_windows_ci))]
mod dutch_qishe_paired;
#[cfg(not(qishe_windows_ci))]
mod dutch_selfplay;
#[cfg(not(qishe_windows_ci))]
mod event_new_kinds;
#[cfg(not(qishe_windows_ci))]
mod event_settings;
#[cfg(not(qishe_windows_ci))]
mod foundation_cli;
#[cfg(not(qishe_windows_ci))]
mod front_ends;
mod games_export_cli;
#[cfg(not(qishe_windows_ci))]
mod games_export_tui;
#[cfg(not(qishe_windows_ci))]
mod games_import_large;
#[cfg(not(qishe_windows_ci))]
mod history_cli;
#[cfg(not(qishe_windows_ci))]
mod history_imports;
#[cfg(not(qishe_windows_ci))]
mod history_ratings;
#[cfg(not(qishe_windows_ci))]
mod history_stats;
mod hostile;
#[cfg(not(qishe_windows_ci))]
mod kinds_messages;
#[cfg(not(qishe_windows_ci))]
mod kinds_tui;
#[cfg(not(qishe_windows_ci))]
mod knockout_cli;
#[cfg(not(qishe_windows_ci))]
mod name_errors;
#[cfg(not(qishe_windows_ci))]
mod night_cli;
#[cfg(not(qishe_windows_ci))]
mod pairing_props;
#[cfg(not(qishe_windows_ci))]
mod paperwork_cli;
mod platform;
#[cfg(not(qishe_windows_ci))]
mod print_columns;
#[cfg(not(qishe_windows_ci))]
mod print_headings;
#[cfg(not(qishe_windows_ci))]
mod print_kinds;
#[cfg(not(qishe_windows_ci))]
mod print_pass2;
mod print_pdf;
#[cfg(not(qishe_windows_ci))]
mod print_png;
#[cfg(not(qishe_windows_ci))]
mod prizes_cli;
#[cfg(not(qishe_windows_ci))]
mod publish_phone;
#[cfg(not(qishe_windows_ci))]
mod publish_site;
#[cfg(not(qishe_windows_ci))]
mod readers_fuzz;
#[cfg(not(qishe_windows_ci))]
mod record_reasons;
#[cfg(not(qishe_windows_ci))]
mod records_cli;
#[cfg(not(qishe_windows_ci))]
mod reform_entry;
mod reliability_cli;
mod reliability_fs;
#[cfg(not(qishe_windows_ci))]
mod repetition_cli;
#[cfg(not(qishe_windows_ci))]
mod repetition_random;
#[cfg(not(qishe_windows_ci))]
mod repetition_table;
#[cfg(not(qishe_windows_ci))]
mod report_chromium;
#[cfg(not(qishe_windows_ci))]
mod report_cli;
#[cfg(not(qishe_windows_ci))]
mod report_snapshots;
#[cfg(not(qishe_windows_ci))]
mod report_text;
#[cfg(not(qishe_windows_ci))]
mod rounds_cli;
#[cfg(not(qishe_windows_ci))]
mod scoring_cli;
#[cfg(not(qishe_windows_ci))]
mod scoring_conformance;
#[cfg(not(qishe_windows_ci))]
mod scoring_props;
#[cfg(not(qishe_windows_ci))]
mod scoring_rules;
#[cfg(not(qishe_windows_ci))]
mod season_cli;
#[cfg(not(qishe_windows_ci))]
mod season_print;
#[cfg(not(qishe_windows_ci))]
mod serve;
#[cfg(not(qishe_windows_ci))]
mod teams_cli;
#[cfg(not(qishe_windows_ci))]
mod teams_paper;
#[cfg(not(qishe_windows_ci))]
mod tiebreaks_2026;
#[cfg(not(qishe_windows_ci))]
mod tiebreaks_cli;
#[cfg(not(qishe_windows_ci))]
mod tiebreaks_kinds;
#[cfg(not(qishe_windows_ci))]
mod trf2026;
#[cfg(not(qishe_windows_ci))]
mod trf_checks;
#[cfg(not(qishe_windows_ci))]
mod trf_clubmates;
#[cfg(not(qishe_windows_ci))]
mod trf_foreign;
#[cfg(not(qishe_windows_ci))]
mod trf_roundtrip;
#[cfg(not(qishe_windows_ci))]
mod trf_tui;
#[cfg(not(qishe_windows_ci))]
mod tui_bar;
#[cfg(not(qishe_windows_ci))]
mod tui_checkin;
#[cfg(not(qishe_windows_ci))]
mod tui_demo;
#[cfg(not(qishe_windows_ci))]
mod tui_keys;
#[cfg(not(qishe_windows_ci))]
mod tui_memory;
#[cfg(not(qishe_windows_ci))]
mod tui_name_order;
mod tui_night;
#[cfg(not(qishe_windows_ci))]
mod tui_prizes;
#[cfg(not(qishe_windows_ci))]
mod tui_season;
#[cfg(not(qishe_windows_ci))]
mod tui_secretary;
#[cfg(not(qishe_windows_ci))]
mod tui_snapshots;
#[cfg(not(qishe_windows_ci))]
mod tui_tabs;
#[cfg(not(qishe_windows_ci))]
mod two_game_entry;
#[cfg(not(qishe_windows_ci))]
mod wait_notice;
#[cfg(not(qishe_windows_ci))]
mod xiangqi_cli;
#[cfg(not(qishe_windows_ci))]
mod xiangqi_fuzz;
#[cfg(not(qishe_windows_ci))]
mod xiangqi_testdata;
