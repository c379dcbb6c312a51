//! Forms: the forms the TUI opens (their types in `form.rs`), and turning
//! a submitted form into a [`Command`] (or the field's error).

use super::*;
use crate::app::EventId;
use crate::app::{EventDraft, EventKind};
use crate::domain::Outcome;
use crate::domain::{EventSettings, Member, NewMember, PairingSystem, TimeControl};

mod files;
mod forbid;
mod print;

pub(super) use files::*;
pub(super) use forbid::forbid_form;
pub use print::*;

pub(super) fn opt_text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

pub(super) fn parse_opt<T: std::str::FromStr>(
    lang: Lang,
    label: &str,
    s: &str,
) -> Result<Option<T>, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    crate::domain::typed::number(t).map(Some).ok_or_else(|| {
        format!(
            "{}: {} \"{t}\"",
            tr(lang, label),
            tr(lang, "tui.err.number")
        )
    })
}

pub(super) fn member_form(kind: FormKind, m: Option<&Member>) -> Form {
    let g = |f: fn(&Member) -> String| m.map(f).unwrap_or_default();
    Form {
        kind,
        fields: vec![
            Field::text("col.name", g(|m| m.name.clone())),
            Field::text(
                "col.rating",
                g(|m| m.rating.map(|r| r.to_string()).unwrap_or_default()),
            ),
            Field::text("col.club", g(|m| m.club.clone().unwrap_or_default())),
            Field::text("col.ext_id", g(|m| m.ext_id.clone().unwrap_or_default())),
            Field::text(
                "col.born",
                g(|m| m.born.map(|b| b.to_string()).unwrap_or_default()),
            ),
            Field::choice(
                "col.sex",
                SEXES,
                m.and_then(|m| m.sex).map_or("-", |s| s.code()),
            ),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}

/// The member form's sex choices: not recorded, m, f.
const SEXES: &[&str] = &["-", "m", "f"];

/// The kinds of event the new-event form offers.
pub const EVENT_KINDS: &[&str] = &["individual", "team", "knockout"];

/// The fields the event form shows for a kind of event, in order.
fn kind_labels(kind: &str) -> &'static [&'static str] {
    match kind {
        "team" => &[
            "col.event",
            "col.scheme",
            "col.system",
            "col.rounds",
            "tui.field.boards",
            "tui.field.match_points",
            "tui.field.tied_match",
            "tui.field.min_boards",
            "tui.field.team_tiebreaks",
            "tui.field.red_base",
            "tui.field.black_base",
            "tui.field.increment",
            "col.date",
            "tui.field.games_per_round",
            "tui.field.double",
            "tui.field.kind",
        ],
        "knockout" => &[
            "col.event",
            "col.scheme",
            "tui.field.playoff",
            "tui.field.third_place",
            "tui.field.ko_draw",
            "tui.field.seed_from",
            "tui.field.top",
            "tui.field.rate_playoffs",
            "tui.field.armageddon_time",
            "tui.field.playoff_times",
            "tui.field.playoff_labels",
            "tui.field.red_base",
            "tui.field.black_base",
            "tui.field.increment",
            "col.date",
            "tui.field.games_per_round",
            "tui.field.kind",
        ],
        _ => &[
            "col.event",
            "col.scheme",
            "col.system",
            "col.rounds",
            "tui.field.red_base",
            "tui.field.black_base",
            "tui.field.increment",
            "tui.field.tiebreaks",
            "col.date",
            "tui.field.games_per_round",
            "tui.field.bye_opponent_score",
            "tui.field.double",
            "tui.field.cxa_round1",
            "tui.field.acceleration",
            "tui.field.clubmates",
            "tui.field.kind",
        ],
    }
}

/// The new-event form: an individual event first; the kind field (the
/// last, so the fields above keep their places) switches to a team
/// event's or a knockout's fields (`fix_event_form`).
/// `team_tiebreaks`: config.toml's default for team events.
pub(super) fn event_form(d: &EventSettings, team_tiebreaks: &[String]) -> Form {
    let systems: Vec<&str> = PairingSystem::ALL.iter().map(|s| s.code()).collect();
    let all = vec![
        Field::text("col.event", ""),
        Field::choice("tui.field.kind", EVENT_KINDS, "individual"),
        Field::choice("col.scheme", crate::config::SCHEMES, &d.scheme),
        Field::choice("col.system", &systems, d.system.code()),
        Field::text("col.rounds", d.rounds.to_string()),
        Field::text(
            "tui.field.red_base",
            (d.time_control.red_base_ms / 60_000).to_string(),
        ),
        Field::text(
            "tui.field.black_base",
            (d.time_control.black_base_ms / 60_000).to_string(),
        ),
        Field::text(
            "tui.field.increment",
            (d.time_control.increment_ms / 1000).to_string(),
        ),
        Field::text("tui.field.tiebreaks", d.tiebreaks.codes().join(",")),
        Field::text("col.date", ""),
        Field::choice("tui.field.games_per_round", &["auto", "1", "2"], "auto"),
        Field::choice(
            "tui.field.bye_opponent_score",
            &["lowest", "zero", "own"],
            d.byes.opponent_score.code(),
        ),
        Field::choice("tui.field.double", &["no", "yes"], "no"),
        Field::choice("tui.field.cxa_round1", CXA_ROUND1, round1_code(d)),
        Field::choice(
            "tui.field.acceleration",
            crate::app::accel::METHODS,
            accel_code(d),
        ),
        Field::choice("tui.field.clubmates", CLUBMATES, clubmates_code(d)),
        // A team event's.
        Field::text("tui.field.boards", "4"),
        Field::text("tui.field.match_points", "2-1-0"),
        Field::choice("tui.field.tied_match", &["draw", "residual"], "draw"),
        Field::text("tui.field.min_boards", ""),
        Field::text("tui.field.team_tiebreaks", team_tiebreaks.join(",")),
        // A knockout's.
        Field::text("tui.field.playoff", ""),
        Field::choice("tui.field.third_place", &["no", "yes"], "no"),
        Field::choice("tui.field.ko_draw", &["seed", "lot"], "seed"),
        Field::text("tui.field.seed_from", ""),
        Field::text("tui.field.top", ""),
        Field::choice("tui.field.rate_playoffs", &["no", "yes"], "no"),
        Field::text(
            "tui.field.armageddon_time",
            crate::app::KnockoutSettings::default()
                .armageddon_time
                .to_string(),
        ),
        Field::text("tui.field.playoff_times", ""),
        Field::text("tui.field.playoff_labels", ""),
        // Never shown: the club's rounds, for the rounds field of a kind
        // other than a team event.
        Field::text(DEFAULT_ROUNDS, d.rounds.to_string()),
    ];
    let mut f = Form {
        kind: FormKind::NewEvent,
        fields: Vec::new(),
        focus: 0,
        stash: all,
    };
    show_kind(&mut f, "individual");
    f
}

/// Shows the fields of `kind` (in its order), keeping the others aside.
fn show_kind(f: &mut Form, kind: &str) {
    let mut pool: Vec<Field> = std::mem::take(&mut f.fields);
    pool.append(&mut f.stash);
    for label in kind_labels(kind) {
        if let Some(i) = pool.iter().position(|x| x.label == *label) {
            f.fields.push(pool.remove(i));
        }
    }
    f.stash = pool;
    f.focus = f.focus.min(f.fields.len().saturating_sub(1));
    fit_rounds(f, kind);
}

/// The label of the event form's hidden field holding the club's rounds.
const DEFAULT_ROUNDS: &str = "rounds.default";

/// A rounds field left as it opened reads empty for a team event (a
/// round-robin then plays one cycle, a Swiss the club's rounds) and the
/// club's rounds for another kind.
fn fit_rounds(f: &mut Form, kind: &str) {
    let default = f
        .stash
        .iter()
        .find(|x| x.label == DEFAULT_ROUNDS)
        .map(|x| x.value.clone());
    let Some(r) = f.fields.iter_mut().find(|x| x.label == "col.rounds") else {
        return;
    };
    if r.changed() {
        return;
    }
    let to = match kind {
        "team" => String::new(),
        _ => default.unwrap_or_else(|| r.value.clone()),
    };
    r.value = to.clone();
    r.initial = to;
}

/// After a choice changed on the event form: the fields of the kind chosen.
pub(super) fn fix_event_form(f: &mut Form) {
    if !matches!(f.kind, FormKind::NewEvent) {
        return;
    }
    let kind = f.value("tui.field.kind").to_string();
    let shown: Vec<&str> = f.fields.iter().map(|x| x.label).collect();
    if shown != kind_labels(&kind) {
        show_kind(f, &kind);
        // The focus stays on the kind.
        if let Some(i) = f.fields.iter().position(|x| x.label == "tui.field.kind") {
            f.focus = i;
        }
    }
}

/// The cxa round-1 methods the form offers, in the order of their numbers
/// (1 临近, 2 首尾, 3 拦腰, 4 random, 5 上下半区: the flagged upper half,
/// the unflagged, the flagged lower half, then 拦腰).
pub const CXA_ROUND1: &[&str] = &["adjacent", "head-tail", "split", "random", "halves"];

/// The round-1 method of settings as the form's choice (拦腰 unless set).
fn round1_code(d: &EventSettings) -> &'static str {
    let n = d.pairing_settings.options.round1_method.unwrap_or(3) as usize;
    CXA_ROUND1
        .get(n.wrapping_sub(1))
        .copied()
        .unwrap_or("split")
}

/// The Dutch system's ways of keeping clubmates apart, as the form offers them.
pub const CLUBMATES: &[&str] = &crate::domain::ClubApart::CODES;

/// The acceleration of settings as the form's choice.
fn accel_code(d: &EventSettings) -> &'static str {
    match d.pairing_settings.options.acceleration {
        Some(crate::domain::Acceleration::Baku) => "baku",
        None => "none",
    }
}

fn clubmates_code(d: &EventSettings) -> &'static str {
    d.pairing_settings.options.clubmates().code()
}

/// The event form filled with an event's name, date and settings. Its
/// kind cannot change (the kind field offers only its own), nor can a
/// knockout's system (编排 shows 淘汰赛 and offers nothing else); the
/// team and knockout settings are not edited here.
pub(super) fn edit_event_form(e: &crate::domain::Event, kind: crate::app::EventKind) -> Form {
    let mut f = event_form(&e.settings, &[]);
    f.kind = FormKind::EditEvent(e.key());
    // Only the fields the edit takes: no team or knockout settings.
    let keep: Vec<&str> = kind_labels("individual")
        .iter()
        .copied()
        .filter(|l| match kind {
            crate::app::EventKind::Individual => true,
            crate::app::EventKind::Team => ![
                "tui.field.tiebreaks",
                "tui.field.bye_opponent_score",
                "tui.field.cxa_round1",
                "tui.field.acceleration",
                "tui.field.clubmates",
            ]
            .contains(l),
            crate::app::EventKind::Knockout => ![
                "col.rounds",
                "tui.field.tiebreaks",
                "tui.field.bye_opponent_score",
                "tui.field.double",
                "tui.field.cxa_round1",
                "tui.field.acceleration",
                "tui.field.clubmates",
            ]
            .contains(l),
        })
        .collect();
    // The kind cannot change: no kind field.
    f.fields
        .retain(|x| keep.contains(&x.label) && x.label != "tui.field.kind");
    if kind == crate::app::EventKind::Team {
        let tbs = Field::text(
            "tui.field.team_tiebreaks",
            e.settings.tiebreaks.codes().join(","),
        );
        let at = f
            .fields
            .iter()
            .position(|x| x.label == "col.date")
            .unwrap_or(0);
        f.fields.insert(at, tbs);
    }
    f.stash.clear();
    let s = &e.settings;
    let date = e.start_date.map(|d| d.to_string()).unwrap_or_default();
    let double = s.pairing_settings.options.double_round_robin();
    for fl in &mut f.fields {
        match fl.label {
            "col.event" => fl.value = e.name.clone(),
            "col.date" => fl.value = date.clone(),
            "tui.field.games_per_round" => fl.value = s.games_per_round.to_string(),
            "tui.field.double" => fl.value = if double { "yes" } else { "no" }.into(),
            "col.system" if kind == crate::app::EventKind::Knockout => {
                fl.value = "knockout".into();
                fl.choices = vec!["knockout".into()];
            }
            _ => {}
        }
        fl.initial = fl.value.clone();
    }
    f
}

/// Turns a submitted form into a command (or an error to show in the form).
pub(super) fn submit(lang: Lang, f: &Form) -> Result<Command, String> {
    match &f.kind {
        FormKind::AddMember | FormKind::EditMember(_) => submit_member(lang, f),
        FormKind::NewEvent | FormKind::EditEvent(_) => submit_event(lang, f),
        FormKind::Result {
            round,
            board,
            outcome,
            ..
        } => {
            let mut input = super::entry::result_input(lang, f, *outcome)?;
            // Only the Teams and Bracket tabs add a game field.
            input.game_no = parse_opt::<u32>(lang, "tui.field.game", f.value("tui.field.game"))?;
            Ok(Command::RecordResult {
                event: EventId(0),
                round: *round,
                board: *board,
                input,
            })
        }
        FormKind::SetBoards(round) => Ok(Command::SetBoards {
            event: EventId(0),
            round: *round,
            boards: crate::app::parse_boards(f.value("tui.field.boards_by_hand"))
                .map_err(|e| e.render(lang))?,
            insist: false,
        }),
        FormKind::ImportMembers => Ok(Command::PreviewImport(
            f.value("tui.field.path").to_string(),
        )),
        FormKind::ImportTrf => Ok(submit_trf_import(f)),
        FormKind::Forbid { .. } => forbid::submit_forbid(lang, f),
        FormKind::Serve(event) => {
            let port = parse_opt::<u16>(lang, "tui.field.port", f.value("tui.field.port"))?
                .filter(|p| *p > 0)
                .ok_or_else(|| {
                    crate::i18n::msg!("err.serve.port", value = f.value("tui.field.port"))
                        .render(lang)
                })?;
            Ok(Command::Serve {
                event: *event,
                choice: crate::app::ServeChoice {
                    lan: f.value("tui.field.serve_reach") == "lan",
                    port,
                    pin: opt_text(f.value("tui.field.entry_pin")),
                },
            })
        }
        FormKind::Print => Ok(Command::Print(PrintJob {
            event: EventId(0),
            doc: f.value("tui.print.doc").to_string(),
            format: f.value("tui.print.format").to_string(),
            to_printer: f.value("tui.print.dest") == "printer",
            path: f.value("tui.field.path").to_string(),
            printer: f.value("tui.print.printer").to_string(),
            round: None,
            force: false,
        })),
        FormKind::AttachRecord { round, board } => Ok(Command::AttachRecord {
            event: EventId(0),
            round: *round,
            board: *board,
            path: f.value("tui.field.path").to_string(),
            checked: false,
        }),
    }
}

/// The member form: a new member or the edited one.
fn submit_member(lang: Lang, f: &Form) -> Result<Command, String> {
    let name = f.value("col.name").to_string();
    if name.is_empty() {
        return Err(tr(lang, "tui.err.name_required").to_string());
    }
    let rating = parse_opt::<i32>(lang, "col.rating", f.value("col.rating"))?;
    if let Some(r) = rating.filter(|r| !(0..=3500).contains(r)) {
        return Err(format!(
            "{}: {}",
            tr(lang, "col.rating"),
            crate::i18n::msg!("tui.err.rating_range", value = r).render(lang)
        ));
    }
    let club = opt_text(f.value("col.club"));
    let ext_id = opt_text(f.value("col.ext_id"));
    let born = parse_opt::<i32>(lang, "col.born", f.value("col.born"))?;
    if let Some(b) = born.filter(|b| !(1850..=2100).contains(b)) {
        return Err(format!(
            "{}: {}",
            tr(lang, "col.born"),
            crate::i18n::msg!("tui.err.born_range", value = b).render(lang)
        ));
    }
    let sex = crate::domain::Sex::from_code(f.value("col.sex"));
    Ok(match &f.kind {
        FormKind::EditMember(m) => Command::UpdateMember(Member {
            name,
            rating,
            club,
            ext_id,
            born,
            sex,
            ..m.clone()
        }),
        _ => Command::AddMember(NewMember {
            name,
            rating,
            club,
            ext_id,
            born,
            sex,
        }),
    })
}

/// The new-event form or an event's settings form.
fn submit_event(lang: Lang, f: &Form) -> Result<Command, String> {
    let name = f.value("col.event").to_string();
    if name.is_empty() {
        return Err(tr(lang, "tui.err.name_required").to_string());
    }
    // The kind chosen; an event's settings form has none and is of
    // its event's kind (its fields say which).
    let has = |label: &str| f.fields.iter().any(|x| x.label == label);
    let kind = match f.value("tui.field.kind") {
        "team" => EventKind::Team,
        "knockout" => EventKind::Knockout,
        _ if has("tui.field.team_tiebreaks") => EventKind::Team,
        _ if f.value("col.system") == "knockout" => EventKind::Knockout,
        _ => EventKind::Individual,
    };
    let mut s = EventDraft {
        kind,
        scheme: Some(f.value("col.scheme").to_string()),
        system: PairingSystem::from_code(f.value("col.system")),
        rounds: parse_opt::<u32>(lang, "col.rounds", f.value("col.rounds"))?,
        ..Default::default()
    };
    // A new team event's rounds left as the form opened them are not
    // asked for (the CLI without --rounds): a round-robin plays one cycle.
    if kind == EventKind::Team && matches!(f.kind, FormKind::NewEvent) && !f.changed("col.rounds") {
        s.rounds = None;
    }
    let min = |label: &str| parse_opt::<i64>(lang, label, f.value(label));
    let red = min("tui.field.red_base")?.unwrap_or(90);
    let black = min("tui.field.black_base")?.unwrap_or(red);
    let inc = min("tui.field.increment")?.unwrap_or(0);
    s.time_control = Some(TimeControl {
        red_base_ms: red * 60_000,
        black_base_ms: black * 60_000,
        increment_ms: inc * 1000,
    });
    if kind != EventKind::Knockout {
        s.tiebreaks = Some(event_tiebreaks(lang, f, kind)?);
    }
    if kind == EventKind::Team && matches!(f.kind, FormKind::NewEvent) {
        s.team = Some(team_settings(lang, f)?);
    }
    let mut seed = None;
    if kind == EventKind::Knockout && matches!(f.kind, FormKind::NewEvent) {
        let (ko, typed) = knockout_settings(lang, f)?;
        s.knockout = Some(ko);
        seed = typed;
    }
    s.games_per_round = f.value("tui.field.games_per_round").parse().ok();
    s.bye_opponent_score =
        crate::domain::ByeOpponentScore::from_code(f.value("tui.field.bye_opponent_score"));
    s.double = f.value("tui.field.double") == "yes";
    if kind == EventKind::Individual {
        s.acceleration = Some(f.value("tui.field.acceleration").to_string());
        s.clubmates = Some(f.value("tui.field.clubmates").to_string());
    }
    // Left as the form opened it (the default, or the event's own), the
    // method is not sent: only a method the secretary chose is set.
    s.cxa_round1 = CXA_ROUND1
        .iter()
        .position(|c| *c == f.value("tui.field.cxa_round1"))
        .map(|i| i as u8 + 1)
        .filter(|_| f.changed("tui.field.cxa_round1"));
    let date = match f.value("col.date") {
        "" => None,
        t => Some(
            crate::domain::typed::date(t)
                .map_err(|why| format!("{}: {}", tr(lang, "col.date"), why.render(lang)))?,
        ),
    };
    Ok(match f.kind {
        FormKind::EditEvent(event) => Command::EditEvent {
            event,
            name,
            draft: Box::new(s),
            date,
        },
        _ => Command::CreateEvent {
            name,
            draft: Box::new(s),
            seed,
            date,
        },
    })
}

/// The event form's tie-break list, typed by code or name, for its kind.
fn event_tiebreaks(
    lang: Lang,
    f: &Form,
    kind: EventKind,
) -> Result<crate::scoring::TieBreaks, String> {
    let tb_label = match kind {
        EventKind::Team => "tui.field.team_tiebreaks",
        _ => "tui.field.tiebreaks",
    };
    let codes = f
        .value(tb_label)
        .split([',', ' ', '，', '、'])
        .filter(|t| !t.is_empty())
        .map(|t| {
            tiebreak_code(kind, t).ok_or_else(|| {
                format!(
                    "{}: {}",
                    tr(lang, tb_label),
                    crate::i18n::msg!("tui.err.unknown_tiebreak", value = t).render(lang)
                )
            })
        })
        .collect::<Result<Vec<String>, String>>()?;
    crate::scoring::TieBreaks::parse(kind, &codes)
        .map_err(|e| format!("{}: {}", tr(lang, tb_label), e.msg().render(lang)))
}

/// A tie-break of an event of `kind` as typed: its code, or its name in
/// any UI language (对手分, 對手分, Opp; 局分, GP for a team event).
pub fn tiebreak_code(kind: EventKind, t: &str) -> Option<String> {
    let t = t.trim();
    let prefix = match kind {
        EventKind::Team => "tb.team",
        _ => "tui.tb",
    };
    crate::scoring::TieBreaks::allowed(kind)
        .into_iter()
        .find(|c| {
            *c == t
                || [Lang::ZhHans, Lang::ZhHant, Lang::En]
                    .into_iter()
                    .any(|l| tr(l, &format!("{prefix}.{c}")).eq_ignore_ascii_case(t))
        })
        .map(|c| c.to_string())
        // FIDE's codes (BH/C1, SB, REP, GE…) for an individual event.
        .or_else(|| match kind {
            EventKind::Individual => crate::scoring::TieBreak::parse(t)
                .ok()
                .map(|x| x.code().to_string()),
            _ => None,
        })
}

/// A team event's settings from the form, or the field that is wrong.
fn team_settings(lang: Lang, f: &Form) -> Result<crate::domain::TeamSettings, String> {
    let bad = |label: &str, v: &str| {
        format!(
            "{}: {}",
            tr(lang, label),
            crate::i18n::msg!("tui.err.bad_value", value = v).render(lang)
        )
    };
    let mut ts = crate::domain::TeamSettings {
        boards: parse_opt::<u32>(lang, "tui.field.boards", f.value("tui.field.boards"))?
            .unwrap_or(4),
        min_boards: parse_opt::<u32>(
            lang,
            "tui.field.min_boards",
            f.value("tui.field.min_boards"),
        )?,
        ..Default::default()
    };
    let mp = f.value("tui.field.match_points");
    if !mp.is_empty() {
        ts.match_points = crate::domain::MatchPoints::parse(mp)
            .ok_or_else(|| bad("tui.field.match_points", mp))?;
    }
    ts.tied_match =
        crate::domain::TiedMatch::from_code(f.value("tui.field.tied_match")).unwrap_or_default();
    Ok(ts)
}

/// A knockout's settings and where its seeds come from, or the field
/// that is wrong.
#[allow(clippy::type_complexity)]
fn knockout_settings(
    lang: Lang,
    f: &Form,
) -> Result<(crate::app::KnockoutSettings, Option<(String, u32)>), String> {
    use crate::app::KnockoutSettings;
    // A time control the CLI refuses is refused here, by the same reason.
    let time_error = |label: &str, e: crate::domain::ParseTimeControlError| {
        format!("{}: {}", tr(lang, label), e.msg().render(lang))
    };
    let mut ko = KnockoutSettings {
        playoff: f
            .value("tui.field.playoff")
            .split([',', '，', '、'])
            .map(|x| x.trim().to_string())
            .filter(|x| !x.is_empty())
            .collect(),
        third_place: f.value("tui.field.third_place") == "yes",
        draw: f.value("tui.field.ko_draw").to_string(),
        rate_playoffs: f.value("tui.field.rate_playoffs") == "yes",
        ..Default::default()
    };
    let armageddon = f.value("tui.field.armageddon_time");
    if !armageddon.is_empty() {
        ko.armageddon_time = armageddon
            .parse::<TimeControl>()
            .map_err(|e| time_error("tui.field.armageddon_time", e))?;
    }
    let times = f.value("tui.field.playoff_times");
    if !times.is_empty() {
        ko.playoff_times = KnockoutSettings::parse_playoff_times(times)
            .map_err(|e| time_error("tui.field.playoff_times", e))?;
    }
    let labels = f.value("tui.field.playoff_labels");
    if !labels.is_empty() {
        ko.playoff_labels = KnockoutSettings::parse_playoff_labels(labels);
    }
    let from = f.value("tui.field.seed_from");
    let top = parse_opt::<u32>(lang, "tui.field.top", f.value("tui.field.top"))?;
    let seed = match (from.is_empty(), top) {
        (true, None) => None,
        (false, Some(n)) => Some((from.to_string(), n)),
        (false, None) => {
            return Err(format!(
                "{}: {}",
                tr(lang, "tui.field.top"),
                tr(lang, "tui.err.top_needed")
            ))
        }
        (true, Some(_)) => {
            return Err(format!(
                "{}: {}",
                tr(lang, "tui.field.seed_from"),
                tr(lang, "tui.err.seed_from_needed")
            ))
        }
    };
    Ok((ko, seed))
}

/// The question a submitted form asks before its command runs: a result
/// that replaces another, a member whose name and club are taken.
pub(super) fn form_question(m: &Model, f: &Form, cmd: &Command) -> Option<String> {
    match (&f.kind, cmd) {
        (
            FormKind::Result {
                board,
                outcome,
                place,
                ..
            },
            _,
        ) => {
            let old = replaced(f).filter(|o| o != outcome)?;
            // A match's form names the game its game field holds.
            let place = place.as_ref().map(|p| match f.value("tui.field.game") {
                "" => p.clone(),
                g => crate::i18n::msg!("tui.confirm.game_at", place = p.as_str(), game = g)
                    .render(m.lang),
            });
            Some(match place {
                Some(p) => super::entry::place_question(m.lang, &p, old, *outcome),
                None => super::entry::replace_question(m, *board, old, *outcome),
            })
        }
        (FormKind::AddMember, Command::AddMember(nm)) => m
            .club
            .members
            .iter()
            .find(|x| crate::app::may_duplicate(x, &nm.name, nm.club.as_deref()))
            .map(|x| {
                crate::i18n::msg!("tui.confirm.duplicate_member", name = &x.name, id = x.id)
                    .render(m.lang)
            }),
        _ => None,
    }
}

/// The result a submitted result form would replace: the stored result of
/// the game its game field names (a match's form), else of its board.
fn replaced(f: &Form) -> Option<Outcome> {
    let FormKind::Result {
        replaces, results, ..
    } = &f.kind
    else {
        return None;
    };
    match f.fields.iter().find(|x| x.label == "tui.field.game") {
        Some(g) => {
            let n = crate::domain::typed::number::<u32>(&g.value)?;
            results.iter().find(|r| r.0 == n).map(|r| r.1)
        }
        None => *replaces,
    }
    .filter(|o| *o != Outcome::Unplayed)
}

/// The form that sets round `round`'s boards by hand: one line of
/// `RED-BLACK` start numbers, board 1 first.
pub(super) fn set_boards_form(round: crate::app::RoundNo) -> Form {
    Form {
        kind: FormKind::SetBoards(round),
        fields: vec![Field::text("tui.field.boards_by_hand", "")],
        focus: 0,
        stash: Vec::new(),
    }
}
/// The serve form of `W`, filled with the event's remembered choice.
pub(crate) fn serve_form(event: crate::app::EventId, c: &crate::app::ServeChoice) -> Form {
    Form {
        kind: FormKind::Serve(event),
        fields: vec![
            Field::choice(
                "tui.field.serve_reach",
                &["local", "lan"],
                if c.lan { "lan" } else { "local" },
            ),
            Field::text("tui.field.port", c.port.to_string()),
            Field::text("tui.field.entry_pin", c.pin.clone().unwrap_or_default()),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}
