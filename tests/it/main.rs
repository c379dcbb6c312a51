//! The integration tests, one binary: a module per former test file.
//! (One binary links the crate once; 34 binaries each linked it again.)

mod common;
mod report_support;

mod architecture;
mod berger_tables;
mod cxa_examples;
mod cxa_rules;
mod dutch_bench_set;
mod dutch_conformance;
mod dutch_properties;
mod dutch_selfplay;
mod foundation_cli;
mod front_ends;
mod games_import_large;
mod history_cli;
mod history_ratings;
mod history_stats;
mod knockout_cli;
mod pairing_props;
mod records_cli;
mod reliability_cli;
mod repetition_cli;
mod repetition_random;
mod repetition_table;
mod report_chromium;
mod report_cli;
mod report_snapshots;
mod report_text;
mod rounds_cli;
mod scoring_cli;
mod scoring_conformance;
mod scoring_props;
mod scoring_rules;
mod teams_cli;
mod tiebreaks_cli;
mod tui_demo;
mod tui_keys;
mod tui_memory;
mod tui_secretary;
mod tui_snapshots;
mod xiangqi_cli;
mod xiangqi_fuzz;
mod xiangqi_testdata;
