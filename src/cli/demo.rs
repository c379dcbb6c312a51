//! `qishe demo [PATH]`: a demo club database built through the app layer —
//! about forty members with Chinese names, a finished seven-round Swiss with
//! clock readings and a few game records, and a running event paired for its
//! next round. Deterministic (a fixed pseudo-random sequence).

use super::{CliError, CliResult, Ctx};
use crate::app::{App, ClockInput, EventId, ResultInput};
use crate::app::{BoardNo, RoundNo};
use crate::domain::{EventSettings, EventStatus, NewMember, Outcome, PairingSystem, TimeControl};
use std::path::PathBuf;

// Arguments of `qishe demo`.
#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    #[arg(value_parser = crate::cli::path_arg())]
    pub path: Option<PathBuf>,
}

const SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "何", "郭", "马", "罗",
];
const GIVEN: &[&str] = &[
    "建国", "志强", "秀英", "文博", "海涛", "丽华", "子轩", "明", "伟", "芳", "浩然", "雨桐", "磊",
    "静怡", "晨", "国栋", "俊杰", "思远", "婷", "鹏飞", "一鸣", "嘉怡", "天宇", "欣然", "勇",
    "晓东", "红梅", "宇航", "佳琪", "永康", "少华", "凯", "梓涵", "德胜", "立新", "春燕", "毅",
    "泽宇", "慧敏", "长青",
];
const CLUBS: &[&str] = &[
    "西湖棋社",
    "钱塘象棋队",
    "拱墅少年宫",
    "滨江棋友会",
    "萧山队",
];

/// Legal opening moves (中炮对屏风马) with a result, attached to a few games.
const RECORD: &str = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n[Result \"1-0\"]\n\
1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c6c5 5. h6g6 h7i7 1-0\n";

/// A small deterministic generator (no dependency, same demo every time).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Runs `qishe demo`.
pub fn run(ctx: &Ctx, args: DemoArgs) -> CliResult {
    let path = args.path.unwrap_or_else(|| PathBuf::from("qishe-demo.db"));
    if path.exists() {
        return Err(CliError::msg(crate::i18n::msg!(
            "err.cli.demo_exists",
            path = path.display()
        )));
    }
    // Built beside `path` and renamed into place when complete.
    crate::app::output::build_new_club(ctx.config.clone(), &path, |app| {
        build_demo(app).map_err(|e| crate::app::AppError::Invalid(e.message))
    })?;
    say!("{}", path.display());
    say!("qishe --db {}", path.display());
    Ok(())
}

fn clock(rng: &mut Lcg, tc: &TimeControl, red: bool, moves: u32) -> i64 {
    let max = tc.max_used_ms(red, moves);
    // Between a third and nine tenths of what the clock allowed, whole seconds.
    let lo = max / 3;
    let span = (max * 9 / 10 - lo).max(1000) as u64;
    (lo + rng.next(span) as i64) / 1000 * 1000
}

fn play_round(
    app: &mut App,
    event: EventId,
    round: u32,
    rng: &mut Lcg,
    records: bool,
) -> CliResult {
    let view = app.round_view(event, Some(RoundNo(round)))?;
    let tc = app.event(event)?.settings.time_control;
    for b in &view.boards {
        let Some(black) = &b.black else { continue };
        let diff = b.red.rating.unwrap_or(1800) - black.rating.unwrap_or(1800) + 40;
        let roll = rng.next(100) as i32;
        let red_win = 38 + diff / 20;
        let outcome = if roll < red_win {
            Outcome::RedWin
        } else if roll < red_win + 30 {
            Outcome::Draw
        } else if roll < 99 {
            Outcome::BlackWin
        } else {
            Outcome::BlackForfeits
        };
        if outcome.is_forfeit() {
            let input = ResultInput {
                outcome: Some(outcome),
                ..Default::default()
            };
            app.record_result(event, RoundNo(round), b.number, &input)?;
            continue;
        }
        if records && b.number == BoardNo(1) {
            app.attach_record(event, RoundNo(round), b.number, 1, RECORD.as_bytes())?;
            continue;
        }
        let moves = 20 + rng.next(60) as u32;
        let input = ResultInput {
            outcome: Some(outcome),
            moves: Some(moves),
            red_clock: Some(ClockInput::Used(clock(rng, &tc, true, moves))),
            black_clock: Some(ClockInput::Used(clock(rng, &tc, false, moves))),
            ..Default::default()
        };
        app.record_result(event, RoundNo(round), b.number, &input)?;
    }
    Ok(())
}

/// Fills an empty club with the demo's members and events.
pub fn build_demo(app: &mut App) -> CliResult {
    let mut rng = Lcg(20_260_307);
    let mut names = Vec::new();
    for i in 0..40 {
        let name = format!(
            "{}{}",
            SURNAMES[(i * 7 + i / 20) % SURNAMES.len()],
            GIVEN[i % GIVEN.len()]
        );
        app.add_member(&NewMember {
            name: name.clone(),
            rating: Some(1500 + rng.next(900) as i32),
            club: Some(CLUBS[rng.next(CLUBS.len() as u64) as usize].to_string()),
            born: Some(1950 + rng.next(60) as i32),
            ..Default::default()
        })?;
        names.push(name);
    }
    let date = chrono::NaiveDate::from_ymd_opt;
    // A finished seven-round Swiss.
    let done = "2025 秋季等级赛";
    let s = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 7,
        time_control: TimeControl::symmetric(60 * 60_000, 30_000),
        ..Default::default()
    };
    let done = app.create_event(done, date(2025, 10, 11), &s)?.key();
    app.enter_players(done, &app.find_members(&names[..24])?)?;
    for r in 1..=7 {
        app.pair_next_round(done)?;
        play_round(app, done, r, &mut rng, r >= 5)?;
    }
    app.finish_event(done, false)?;
    // A running event: two rounds played, the third paired.
    let running = "周四快棋 第12期";
    let s = EventSettings {
        system: PairingSystem::Cxa,
        rounds: 5,
        time_control: TimeControl::symmetric(15 * 60_000, 10_000),
        ..Default::default()
    };
    let running = app.create_event(running, date(2026, 3, 5), &s)?.key();
    app.enter_players(running, &app.find_members(&names[10..28])?)?;
    for r in 1..=2 {
        app.pair_next_round(running)?;
        play_round(app, running, r, &mut rng, false)?;
    }
    app.pair_next_round(running)?;
    app.set_event_status(running, EventStatus::Running)?;
    Ok(())
}
