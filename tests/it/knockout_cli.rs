//! Knockout events (specs/knockout.md) through the real binary on
//! a database file: brackets, play-off ladders, the scheme's own round
//! rules, seeding from a Swiss qualifier, corrections and bad input.
//!
//! The helpers live here; the tests are in the child modules: whole
//! brackets, seeding / corrections / imports, and what is printed.

use crate::common::Club;
use serde_json::Value;

/// A club with `n` members S01… rated so that S01 is seed 1.
fn club(n: usize) -> Club {
    let c = Club::new();
    for i in 1..=n {
        c.ok(&[
            "player",
            "add",
            &format!("S{i:02}"),
            "--rating",
            &(2500 - 10 * i as i32).to_string(),
        ]);
    }
    c
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("S{i:02}")).collect()
}

fn knockout(c: &Club, ev: &str, n: usize, opts: &[&str]) {
    let mut args = vec!["event", "new", ev, "--system", "knockout"];
    args.extend_from_slice(opts);
    c.ok(&args);
    let ns = names(n);
    let mut args = vec!["event", "enter", ev];
    args.extend(ns.iter().map(String::as_str));
    c.ok(&args);
}

fn bracket(c: &Club, ev: &str) -> Value {
    serde_json::from_str(&c.ok(&["bracket", ev, "--format", "json"])).unwrap()
}

/// (a, b) of every match of a round.
fn pairs(b: &Value, round: usize) -> Vec<(String, Option<String>)> {
    b["rounds"][round - 1]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["a"].as_str().unwrap().to_string(),
                m["b"].as_str().map(String::from),
            )
        })
        .collect()
}

fn decided(b: &Value, round: usize, board: usize) -> (Option<String>, Option<String>) {
    let m = &b["rounds"][round - 1]["matches"][board - 1];
    assert_eq!(m["board"], board as u64);
    (
        m["winner"].as_str().map(String::from),
        m["decided_by"].as_str().map(String::from),
    )
}

/// The game due in a match: (game number, red, black), from the slips' JSON.
fn due(c: &Club, ev: &str, round: u32, board: u32) -> (u32, String, String) {
    let slips: Value =
        serde_json::from_str(&c.ok(&["knockout", "slips", ev, "--format", "json"])).unwrap();
    let s = slips
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["round"] == round && s["board"] == board)
        .unwrap_or_else(|| panic!("no game due in round {round} board {board}:\n{slips}"));
    (
        s["game"].as_u64().unwrap() as u32,
        s["red"].as_str().unwrap().to_string(),
        s["black"].as_str().unwrap().to_string(),
    )
}

/// Plays the game due in a match: `winner` wins it (`None` = a draw), with extra options.
fn play(c: &Club, ev: &str, round: u32, board: u32, winner: Option<&str>, extra: &[&str]) -> u32 {
    let (no, red, _) = due(c, ev, round, board);
    let outcome = match winner {
        None => "1/2-1/2",
        Some(w) if w == red => "1-0",
        Some(_) => "0-1",
    };
    let (r, b, g) = (round.to_string(), board.to_string(), no.to_string());
    let mut args = vec!["result", ev, &r, &b, outcome, "--game", &g];
    args.extend_from_slice(extra);
    c.ok(&args);
    no
}

/// Every match of the round still open: the higher seed (lower number) wins its next game.
fn favourites_win(c: &Club, ev: &str, round: u32) {
    let b = bracket(c, ev);
    for (i, (a, other)) in pairs(&b, round as usize).into_iter().enumerate() {
        let board = i as u32 + 1;
        let Some(other) = other else { continue };
        if decided(&b, round as usize, board as usize).0.is_some() {
            continue;
        }
        let fav = if a < other { a } else { other };
        play(c, ev, round, board, Some(&fav), &[]);
    }
}

fn pair(c: &Club, ev: &str) -> String {
    c.ok(&["round", "pair", ev])
}

fn standings(c: &Club, ev: &str) -> Vec<String> {
    c.ok(&["standings", ev, "--format", "csv"])
        .lines()
        .map(String::from)
        .collect()
}

mod agreement;
mod brackets;
mod changes;
mod outputs;
mod paper;
