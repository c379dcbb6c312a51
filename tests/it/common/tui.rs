//! Key helpers for the TUI tests that drive a `Model` against a real club.
#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::config::Config;
use qishe::i18n::Lang;
use qishe::tui::{press, Model};

pub fn k(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn c(ch: char) -> KeyEvent {
    k(KeyCode::Char(ch))
}

/// One key through the model, as the event loop would press it.
pub fn go(app: &mut App, m: &mut Model, key: KeyEvent) {
    press(app, m, key, &mut |_| {});
}

pub fn typed(app: &mut App, m: &mut Model, text: &str) {
    for ch in text.chars() {
        go(app, m, c(ch));
    }
}

/// The test club's settings in language `lang`.
pub fn config(lang: Lang) -> Config {
    Config {
        club: "西湖棋社".into(),
        language: Some(lang),
        ..Config::default()
    }
}
