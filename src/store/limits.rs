//! The limits of `domain/limits.rs`, applied by the store before any SQL
//! runs: every write of a member, event, team or game is checked here
//! whatever door it came through (CLI, TUI, CSV, TRF, an edit).

use super::{Result, StoreError};
use crate::domain::{limits, EventSettings, Game, NewMember};

fn invalid(m: crate::i18n::Msg) -> StoreError {
    StoreError::Invalid(m)
}

pub(crate) fn member(m: &NewMember) -> Result<()> {
    limits::member(m).map_err(invalid)
}

pub(crate) fn event(name: &str, s: &EventSettings) -> Result<()> {
    limits::event(name, s).map_err(invalid)
}

pub(crate) fn team(name: &str, club: Option<&str>, captain: Option<&str>) -> Result<()> {
    limits::team(name, club, captain).map_err(invalid)
}

pub(crate) fn game(g: &Game) -> Result<()> {
    limits::game(g).map_err(invalid)
}
