//! End-to-end tests that run the real binary in a pseudo-terminal.

mod archive_e2e;
mod club_night;
mod kinds_night;
mod pty;
mod season_e2e;
mod tui_e2e;
mod tui_memory_e2e;
mod tui_tabs_e2e;
