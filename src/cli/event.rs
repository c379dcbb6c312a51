//! `qishe event …`: events, entries, withdrawals, forbidden pairs, byes.

use super::output::{opt, Format, Table};
use super::{CliError, CliResult, Ctx};
use crate::app::RoundNo;
use crate::app::{App, EventDraft};
use crate::domain::{
    ByeOpponentScore, EntryStatus, EventStatus, PairingSystem, RequestedByeValue, TimeControl,
};
use crate::i18n::{tr, Lang};
use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum EventCmd {
    New(Box<NewArgs>),
    List {
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Show {
        event: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Enter {
        event: String,
        players: Vec<String>,
        #[arg(
            long,
            value_name = "SEASON",
            requires = "top",
            conflicts_with = "players"
        )]
        from_season: Option<String>,
        #[arg(long, value_name = "N", requires = "from_season", value_parser = super::typed::whole::<u32>())]
        top: Option<u32>,
    },
    Withdraw {
        event: String,
        player: String,
        #[arg(long, value_parser = super::after_round_no())]
        after_round: Option<RoundNo>,
    },
    Forbid {
        event: String,
        p1: String,
        p2: String,
        #[arg(long, value_parser = round_range)]
        rounds: Option<(RoundNo, RoundNo)>,
        #[arg(long)]
        lift: bool,
    },
    Bye {
        event: String,
        player: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        #[arg(long)]
        value: Option<String>,
    },
    Schedule {
        event: String,
        #[arg(value_parser = super::round_no())]
        round: RoundNo,
        #[arg(value_parser = round_start, required_unless_present = "clear")]
        start: Option<chrono::NaiveDateTime>,
        #[arg(long, conflicts_with = "start")]
        clear: bool,
    },
    Prizes {
        event: String,
        file: std::path::PathBuf,
        #[arg(long, default_value = "none")]
        sharing: String,
    },
    Edit {
        event: String,
        #[command(flatten)]
        identity: IdentityArgs,
    },
    Finish {
        event: String,
        #[arg(long)]
        force: bool,
    },
}

// Who runs an event, printed on every document of it.
#[derive(Debug, Default, Args)]
pub struct IdentityArgs {
    #[arg(long, value_name = "NAME")]
    pub club: Option<String>,
    #[arg(long, value_name = "NAME")]
    pub organiser: Option<String>,
    #[arg(long, value_name = "PLACE")]
    pub venue: Option<String>,
    #[arg(long, value_name = "NAME")]
    pub chief_arbiter: Option<String>,
    #[arg(long, value_name = "NAMES")]
    pub deputy_arbiters: Option<String>,
}

impl IdentityArgs {
    /// `base` with the values given here (an empty one cleared).
    pub fn over(&self, base: crate::domain::Identity) -> crate::domain::Identity {
        let set = |v: &Option<String>, old: Option<String>| match v {
            Some(x) => Some(x.clone()),
            None => old,
        };
        crate::domain::Identity {
            club: set(&self.club, base.club),
            organiser: set(&self.organiser, base.organiser),
            venue: set(&self.venue, base.venue),
            chief_arbiter: set(&self.chief_arbiter, base.chief_arbiter),
            deputy_arbiters: match &self.deputy_arbiters {
                Some(v) => v
                    .split([',', '、', '，'])
                    .map(|s| s.trim().to_string())
                    .collect(),
                None => base.deputy_arbiters,
            },
        }
        .normalized()
    }
}

#[derive(Debug, Args)]
pub struct NewArgs {
    pub name: String,
    #[arg(long)]
    pub scheme: Option<String>,
    #[arg(long)]
    pub system: Option<String>,
    #[arg(long, value_parser = super::typed::whole::<u32>())]
    pub rounds: Option<u32>,
    #[arg(long, value_parser = super::typed::whole::<u32>())]
    pub games_per_round: Option<u32>,
    #[arg(long)]
    pub time_control: Option<String>,
    #[arg(long)]
    pub tiebreaks: Option<String>,
    #[arg(long, value_parser = super::typed::date)]
    pub date: Option<chrono::NaiveDate>,
    #[arg(long)]
    pub bye_score: Option<String>,
    #[arg(long)]
    pub double: bool,
    #[arg(long)]
    pub playoff: Option<String>,
    #[arg(long)]
    pub third_place: bool,
    #[arg(long, value_name = "EVENT")]
    pub seed_from: Option<String>,
    #[arg(long, value_name = "N", value_parser = super::typed::whole::<u32>())]
    pub top: Option<u32>,
    #[arg(long)]
    pub draw: Option<String>,
    #[arg(long)]
    pub rate_playoffs: bool,
    #[arg(long)]
    pub armageddon_time: Option<String>,
    #[arg(long)]
    pub playoff_times: Option<String>,
    #[arg(long)]
    pub playoff_labels: Option<String>,
    #[arg(long)]
    pub teams: bool,
    #[arg(long, requires = "teams", value_parser = super::typed::whole::<u32>())]
    pub boards: Option<u32>,
    #[arg(long, requires = "teams")]
    pub match_points: Option<String>,
    #[arg(long, requires = "teams", value_parser = ["draw", "residual"])]
    pub tied_match: Option<String>,
    #[arg(long, requires = "teams", value_parser = super::typed::whole::<u32>())]
    pub min_boards: Option<u32>,
    #[arg(long)]
    pub bye_scores: bool,
    #[command(flatten)]
    pub identity: IdentityArgs,
    #[arg(long)]
    pub acceleration: Option<String>,
    #[arg(long, value_parser = ["off", "absolute", "relaxed"])]
    pub clubmates: Option<String>,
}

/// `3` or `1-4`: a range of rounds.
fn round_range(s: &str) -> Result<(RoundNo, RoundNo), super::parse_error::ValueError> {
    let bad =
        || super::parse_error::ValueError(crate::i18n::msg!("cli.err.not_round_range", value = s));
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || b < a {
        return Err(bad());
    }
    Ok((RoundNo(a), RoundNo(b)))
}

fn round_start(s: &str) -> Result<chrono::NaiveDateTime, super::parse_error::ValueError> {
    crate::app::schedule::parse_round_start(s).ok_or_else(|| {
        super::parse_error::ValueError(crate::i18n::msg!("cli.err.not_round_start", value = s))
    })
}

/// A scheme as a reader of `format` knows it: its name in text (新分先制;
/// the id in English, as typed in `--scheme`), its id in CSV and JSON.
fn scheme_text(l: Lang, id: &str, format: Format) -> String {
    match crate::i18n::key(&format!("scheme.name.{id}")) {
        Some(k) if format == Format::Text => tr(l, k).to_string(),
        _ => id.to_string(),
    }
}

/// A pairing system (or `knockout`) as [`scheme_text`] says a scheme.
fn system_text(l: Lang, code: &str, format: Format) -> String {
    match crate::i18n::key(&format!("system.name.{code}")) {
        Some(k) if format == Format::Text => tr(l, k).to_string(),
        _ => code.to_string(),
    }
}

fn status_key(s: EventStatus) -> &'static str {
    match s {
        EventStatus::Planned => "status.planned",
        EventStatus::Running => "status.running",
        EventStatus::Finished => "status.finished",
    }
}

/// `event new --system knockout`: a bracket, made by `knockout.rs`.
pub fn is_knockout(a: &NewArgs) -> bool {
    a.system.as_deref().map(str::trim) == Some("knockout")
}

/// The first option of `event new` that the kind of event asked for has
/// no use for, as typed: a knockout's own options on a Swiss, round robin
/// or team event, and a Swiss's, round robin's or team event's on a
/// knockout. Refused before the club is opened, so nothing changes. A
/// knockout's `--rounds` is only noted (see `cli/mod.rs`): its rounds
/// follow from the entries.
pub fn check_new_options(a: &NewArgs) -> CliResult {
    let knockout_only = [
        ("--playoff", a.playoff.is_some()),
        ("--third-place", a.third_place),
        ("--seed-from", a.seed_from.is_some()),
        ("--top", a.top.is_some()),
        ("--draw", a.draw.is_some()),
        ("--rate-playoffs", a.rate_playoffs),
        ("--armageddon-time", a.armageddon_time.is_some()),
        ("--playoff-times", a.playoff_times.is_some()),
        ("--playoff-labels", a.playoff_labels.is_some()),
    ];
    let not_knockout = [
        ("--double", a.double),
        ("--teams", a.teams),
        ("--bye-score", a.bye_score.is_some()),
        ("--bye-scores", a.bye_scores),
        ("--acceleration", a.acceleration.is_some()),
        ("--clubmates", a.clubmates.is_some()),
    ];
    let (list, key) = if is_knockout(a) {
        (&not_knockout[..], "err.cli.not_for_knockout")
    } else {
        (&knockout_only[..], "err.cli.knockout_only")
    };
    match list.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(CliError::usage(crate::i18n::msg!(key, option = *option))),
        None => Ok(()),
    }
}

/// The draft of `event new` for an event of `kind`: what was typed, read
/// at the edge. A knockout's rounds follow from its entries (`--rounds` is
/// only noted, see `cli/mod.rs`) and its system is the bracket's; the
/// event or season it is seeded from is resolved here.
fn draft(app: &App, a: &NewArgs, kind: crate::app::EventKind) -> CliResult<EventDraft> {
    use crate::app::EventKind;
    let mut d = EventDraft {
        kind,
        scheme: scheme_id(a.scheme.as_deref())?,
        games_per_round: a.games_per_round,
        double: a.double,
        acceleration: a.acceleration.clone(),
        clubmates: a.clubmates.clone(),
        round_robin_bye_scores: a.bye_scores,
        ..Default::default()
    };
    if kind != EventKind::Knockout {
        d.rounds = a.rounds;
        if let Some(v) = &a.system {
            d.system = Some(PairingSystem::from_code(v).ok_or_else(|| {
                let why = crate::i18n::msg!(
                    "err.cli.unknown_system",
                    value = v,
                    allowed = "dutch, cxa, berger, knockout"
                );
                let near = ["dutch", "cxa", "berger", "knockout"];
                CliError::usage(crate::i18n::with_near(why, v, near))
            })?);
        }
    }
    if let Some(v) = &a.time_control {
        d.time_control = Some(v.parse::<TimeControl>()?);
    }
    if let Some(v) = &a.tiebreaks {
        d.tiebreaks = Some(tiebreak_list(kind, v)?);
    }
    if let Some(v) = &a.bye_score {
        d.bye_opponent_score = Some(ByeOpponentScore::from_code(v).ok_or_else(|| {
            CliError::msg(crate::i18n::msg!("err.cli.unknown_bye_score", value = v))
        })?);
    }
    d.identity = Some(a.identity.over(Default::default()));
    if kind == EventKind::Team {
        let mut ts = crate::domain::TeamSettings {
            boards: a.boards.unwrap_or(4),
            min_boards: a.min_boards,
            ..Default::default()
        };
        if let Some(v) = &a.match_points {
            ts.match_points = crate::domain::MatchPoints::parse(v).ok_or_else(|| {
                CliError::msg(crate::i18n::msg!("err.cli.bad_match_points", value = v))
            })?;
        }
        if let Some(v) = &a.tied_match {
            ts.tied_match = crate::domain::TiedMatch::from_code(v).unwrap_or_default();
        }
        d.team = Some(ts);
    }
    if kind == EventKind::Knockout {
        let (k, seed) = knockout_options(a)?;
        d.knockout = Some(k);
        d.seed_from = match seed {
            Some((from, top)) => Some(app.find_seed(&from, top)?),
            None => None,
        };
    }
    Ok(d)
}

/// A knockout's own settings from `event new … --system knockout`, and
/// the event or season it is seeded from (its top N), as typed.
fn knockout_options(
    a: &NewArgs,
) -> CliResult<(crate::app::KnockoutSettings, Option<(String, u32)>)> {
    let mut k = crate::app::KnockoutSettings::default();
    if let Some(p) = &a.playoff {
        k.playoff = p
            .split(',')
            .map(|x| x.trim().to_string())
            .filter(|x| !x.is_empty())
            .collect();
    }
    k.third_place = a.third_place;
    k.rate_playoffs = a.rate_playoffs;
    if let Some(d) = &a.draw {
        k.draw = d.clone();
    }
    if let Some(t) = &a.armageddon_time {
        k.armageddon_time = t.parse::<TimeControl>()?;
    }
    if let Some(t) = &a.playoff_times {
        k.playoff_times = crate::app::KnockoutSettings::parse_playoff_times(t)?;
    }
    if let Some(l) = &a.playoff_labels {
        k.playoff_labels = crate::app::KnockoutSettings::parse_playoff_labels(l);
    }
    let seed = match (&a.seed_from, a.top) {
        (Some(e), Some(n)) => Some((e.clone(), n)),
        (Some(_), None) => {
            return Err(CliError::msg(crate::i18n::msg!(
                "err.cli.seed_from_needs_top"
            )))
        }
        (None, Some(_)) => {
            return Err(CliError::msg(crate::i18n::msg!(
                "err.cli.top_needs_seed_from"
            )))
        }
        (None, None) => None,
    };
    Ok((k, seed))
}

/// Every `event` command.
pub fn run(ctx: &Ctx, cmd: EventCmd) -> CliResult {
    let mut app = ctx.open()?;
    let l = ctx.lang;
    match cmd {
        EventCmd::New(a) => {
            let kind = if is_knockout(&a) {
                crate::app::EventKind::Knockout
            } else if a.teams {
                crate::app::EventKind::Team
            } else {
                crate::app::EventKind::Individual
            };
            // The act's state before the names it refers to: a name
            // already taken is said before a typo in --seed-from.
            app.check_new_event(&a.name)?;
            let d = draft(&app, &a, kind)?;
            // No date given: today, as the TUI's form fills it in.
            let date = a.date.unwrap_or_else(crate::app::imprint::today);
            let e = app.create_event_of(&a.name, Some(date), &d)?;
            say!("{}\t{}", e.id, e.name);
            if kind == crate::app::EventKind::Knockout && d.seed_from.is_some() {
                for en in app.knockout_entries(e.key())? {
                    say!("{}\t{}", en.start_no, en.name);
                }
            }
        }
        EventCmd::Edit { event, identity } => {
            let event = app.find_event(&event)?.key();
            let id = identity.over(app.event_identity(event)?);
            app.set_event_identity(event, id)?;
        }
        EventCmd::List { format } => {
            let mut t = Table::new(&[
                ("id", tr(l, "col.id").into(), true),
                ("name", tr(l, "col.event").into(), false),
                ("date", tr(l, "col.date").into(), false),
                ("scheme", tr(l, "col.scheme").into(), false),
                ("system", tr(l, "col.system").into(), false),
                ("rounds", tr(l, "col.rounds").into(), true),
                ("players", tr(l, "col.players").into(), true),
                ("status", tr(l, "col.status").into(), false),
            ]);
            for sum in app.event_summaries()? {
                let (e, paired, n) = (&sum.event, sum.rounds_paired, sum.players);
                t.push(vec![
                    e.id.to_string(),
                    e.name.clone(),
                    opt(&e.start_date),
                    scheme_text(l, &e.settings.scheme, format),
                    system_text(
                        l,
                        match sum.kind {
                            crate::app::EventKind::Knockout => "knockout",
                            _ => e.settings.system.code(),
                        },
                        format,
                    ),
                    format!("{paired}/{}", e.settings.rounds),
                    n.to_string(),
                    tr(l, sum.status_key()).into(),
                ]);
            }
            say_raw!("{}", t.render(format));
        }
        EventCmd::Show { event, format } => {
            let e = app.find_event(&event)?;
            let s = &e.settings;
            let system = match app.event_kind(e.key())? {
                crate::app::EventKind::Knockout => "knockout",
                _ => s.system.code(),
            };
            if format == Format::Text {
                say!("{} (#{})", e.name, e.id);
                let line = crate::i18n::msg!(
                    "cli.out.event_settings",
                    scheme = scheme_text(l, &s.scheme, format),
                    system = system_text(l, system, format),
                    rounds = s.rounds,
                    paired = app.rounds_paired(e.key())?,
                    games = s.games_per_round,
                    time = &s.time_control
                );
                say!("  {}", line.render(l));
                // The order it ranks by: its own list, else its kind's
                // default (a knockout has none).
                let tbs = app.effective_tiebreaks(e.key())?;
                let team = app.team_settings_of(&e)?;
                if !tbs.is_empty() {
                    // By name in Chinese (a team event's by the team
                    // standings' names); English keeps the codes, as typed
                    // in `--tiebreaks`.
                    let names: Vec<String> = tbs
                        .iter()
                        .map(|c| {
                            let key = format!("tb.team.{c}");
                            match crate::scoring::TieBreak::parse(c) {
                                _ if l == Lang::En => c.clone(),
                                _ if team.is_some() && crate::i18n::has(&key) => {
                                    tr(l, &key).to_string()
                                }
                                Ok(t) => t.name(l, true),
                                _ => c.clone(),
                            }
                        })
                        .collect();
                    // The edition of C.07 the FIDE criteria follow where a
                    // code names none (2024 before March 2026).
                    let edition = tbs
                        .iter()
                        .filter_map(|c| crate::scoring::TieBreak::parse(c).ok())
                        .any(|t| t.follows_edition())
                        .then(|| {
                            crate::i18n::msg!("cli.out.c07_edition", year = e.c07_edition())
                                .render(l)
                        });
                    match edition {
                        Some(ed) => {
                            say!("  {} {} {ed}", tr(l, "cli.out.tiebreaks"), names.join(", "))
                        }
                        None => say!("  {} {}", tr(l, "cli.out.tiebreaks"), names.join(", ")),
                    }
                }
                if let Some(ts) = team {
                    say!("  {} {}", tr(l, "cli.out.boards"), ts.boards);
                }
                // A knockout's play-offs and third-place match, as the
                // bracket's heading says them.
                if let Some(ko) = app.knockout_settings(&e)? {
                    let (_, ladder) = app.knockout_rules(e.key(), l)?;
                    let third = if ko.third_place {
                        "tui.choice.yes"
                    } else {
                        "tui.choice.no"
                    };
                    say!(
                        "  {} {}  {} {}",
                        tr(l, "kp.playoffs"),
                        ladder,
                        tr(l, "ko.third_place"),
                        tr(l, third)
                    );
                }
                // As the event list says it (决出冠军 for a knockout whose
                // champion is known).
                let status = app
                    .event_summaries()?
                    .into_iter()
                    .find(|x| x.event.id == e.id)
                    .map_or(status_key(e.status), |x| x.status_key());
                say!("  {} {}", tr(l, "cli.out.status"), tr(l, status));
                let forbidden = app.forbidden_lines(e.key())?;
                if !forbidden.is_empty() {
                    let v: Vec<String> = forbidden.iter().map(|m| m.render(l)).collect();
                    say!("  {}: {}", tr(l, "tui.players.forbidden"), v.join("; "));
                }
                say!();
            }
            let mut t = Table::new(&[
                ("start_no", tr(l, "col.no").into(), true),
                ("name", tr(l, "col.name").into(), false),
                ("rating", tr(l, "col.rating").into(), true),
                ("club", tr(l, "col.club").into(), false),
                ("status", tr(l, "col.status").into(), false),
            ]);
            for en in app.entries(e.key())? {
                let status = match en.status {
                    EntryStatus::Active if en.first_round > 1 => {
                        format!("{} (R{}+)", tr(l, "status.active"), en.first_round)
                    }
                    EntryStatus::Active => tr(l, "status.active").to_string(),
                    EntryStatus::Withdrawn { after_round } => {
                        format!("{} (R{after_round})", tr(l, "status.withdrawn"))
                    }
                };
                t.push(vec![
                    en.start_no.to_string(),
                    en.name.clone(),
                    opt(&en.rating),
                    opt(&en.club),
                    status,
                ]);
            }
            say_raw!("{}", t.render(format));
        }
        EventCmd::Enter {
            event,
            players,
            from_season,
            top,
        } => {
            if let (Some(season), Some(n)) = (from_season, top) {
                let event = app.find_event(&event)?.key();
                for en in app.enter_from_season(event, app.find_season(&season)?, n)? {
                    say!("{}\t{}", en.start_no, en.name);
                }
                return Ok(());
            }
            if players.is_empty() {
                return Err(CliError::msg(crate::i18n::msg!("err.cli.enter_nobody")));
            }
            let event = app.find_event(&event)?.key();
            let members = app.find_members(&players)?;
            let entries = app.enter_players(event, &members)?;
            for en in entries {
                say!("{}\t{}", en.start_no, en.name);
            }
        }
        EventCmd::Withdraw {
            event,
            player,
            after_round,
        } => {
            let e = app.find_event(&event)?.key();
            let en = app.find_entry(e, &player)?.key();
            app.withdraw(e, en, after_round)?;
        }
        EventCmd::Forbid {
            event,
            p1,
            p2,
            rounds,
            lift,
        } => {
            let e = app.find_event(&event)?.key();
            let a = app.find_entry(e, &p1)?.key();
            let b = app.find_entry(e, &p2)?.key();
            match lift {
                true => app.lift_forbidden(e, a, b, rounds)?,
                false => app.forbid_pair_in(e, a, b, rounds)?,
            };
        }
        EventCmd::Bye {
            event,
            player,
            round,
            value,
        } => {
            let e = app.find_event(&event)?.key();
            let en = app.find_entry(e, &player)?.key();
            let v = match value {
                Some(v) => Some(RequestedByeValue::from_code(&v).ok_or_else(|| {
                    CliError::msg(crate::i18n::msg!("err.cli.unknown_bye_value", value = &v))
                })?),
                None => None,
            };
            app.request_bye(e, en, round, v)?;
        }
        EventCmd::Schedule {
            event,
            round,
            start,
            clear: _,
        } => {
            let event = app.find_event(&event)?.key();
            app.set_round_start(event, round, start)?;
        }
        EventCmd::Prizes {
            event,
            file,
            sharing,
        } => {
            drop(app);
            return super::prizes::run_set(ctx, &event, &file, &sharing);
        }
        EventCmd::Finish { event, force } => {
            let e = app.find_event(&event)?.key();
            let missing = app.finish_event(e, force)?;
            if missing > 0 {
                let line = crate::i18n::msg!("cli.out.finished_missing", n = missing);
                note!("{}", line.render(l));
            }
        }
    }
    Ok(())
}

/// `--scheme ID` read as the scheme enum at the edge (a typo lists the ids).
pub fn scheme_id(v: Option<&str>) -> CliResult<Option<String>> {
    v.map(|v| Ok(crate::scoring::SchemeKind::from_id(v)?.id().to_string()))
        .transpose()
}

/// `--tiebreaks a,b,c`, read once at the edge as the tie-breaks of an
/// event of `kind` (a leading `points` is allowed and dropped: points
/// always rank first).
pub fn tiebreak_list(kind: crate::app::EventKind, v: &str) -> CliResult<crate::scoring::TieBreaks> {
    let codes: Vec<&str> = v.split(',').collect();
    Ok(crate::scoring::TieBreaks::parse(kind, &codes)?)
}
