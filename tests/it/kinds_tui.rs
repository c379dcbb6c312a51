//! Team events and knockouts made and run in the TUI (简体): the new-event
//! form's kinds, a team from scratch and a teams CSV with its preview, the
//! keys that do nothing saying why, safe result entry on the Teams and
//! Bracket tabs, help without conflicting keys, and the screens' words.

use crate::common::member;
use crate::common::tui::{c, config, cup, go, k};
use crossterm::event::KeyCode;
use qishe::app::{App, EventId, EventKind};
use qishe::domain::{EventSettings, PairingSystem};
use qishe::i18n::Lang;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "tb.team.", "kind."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

fn keys(app: &mut App, m: &mut Model, s: &str) {
    for ch in s.chars() {
        let key = match ch {
            '\r' => k(KeyCode::Enter),
            '\t' => k(KeyCode::Tab),
            '↓' => k(KeyCode::Down),
            '↑' => k(KeyCode::Up),
            '→' => k(KeyCode::Right),
            '←' => k(KeyCode::Left),
            '⌫' => k(KeyCode::Backspace),
            '⎋' => k(KeyCode::Esc),
            other => c(other),
        };
        go(app, m, key);
    }
}

/// Moves the open form's focus to `label` and gives it `value`: typed into
/// a text field (after clearing it), cycled to on a choice.
fn set(app: &mut App, m: &mut Model, label: &str, value: &str) {
    for _ in 0..40 {
        let f = m.form().expect("a form");
        if f.fields[f.focus].label == label {
            break;
        }
        keys(app, m, "\t");
    }
    let f = m.form().unwrap();
    let field = &f.fields[f.focus];
    assert_eq!(field.label, label, "no field {label}");
    if field.choices.is_empty() {
        for _ in 0..field.value.chars().count() {
            keys(app, m, "⌫");
        }
        crate::common::tui::typed(app, m, value);
    } else {
        for _ in 0..field.choices.len() {
            if m.form().unwrap().fields[m.form().unwrap().focus].value == value {
                return;
            }
            keys(app, m, "→");
        }
        panic!("{label} offers no {value}");
    }
}

fn status(m: &Model) -> String {
    m.status().map(|s| s.0.clone()).unwrap_or_default()
}

#[test]
fn a_team_league_is_created_and_its_teams_made_from_scratch_in_the_tui() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    let mut m = Model::load(&app).unwrap();
    keys(&mut app, &mut m, "\tn");
    assert_eq!(m.screen(), Screen::Events);
    crate::common::tui::typed(&mut app, &mut m, "联赛");
    set(&mut app, &mut m, "tui.field.kind", "team");
    let labels: Vec<&str> = m.form().unwrap().fields.iter().map(|f| f.label).collect();
    for want in [
        "tui.field.boards",
        "tui.field.match_points",
        "tui.field.tied_match",
        "tui.field.min_boards",
        "tui.field.team_tiebreaks",
    ] {
        assert!(labels.contains(&want), "{want}: {labels:?}");
    }
    assert!(!labels.contains(&"tui.field.cxa_round1"), "{labels:?}");
    let s = screen(&m);
    assert!(s.contains("团体赛") && s.contains("每场台数"), "{s}");
    assert!(
        s.contains("局分") && s.contains("直胜"),
        "the team codes:\n{s}"
    );
    set(&mut app, &mut m, "col.system", "berger");
    set(&mut app, &mut m, "col.rounds", "3");
    set(&mut app, &mut m, "tui.field.boards", "2");
    set(&mut app, &mut m, "tui.field.match_points", "3-1-0");
    set(&mut app, &mut m, "tui.field.tied_match", "residual");
    set(
        &mut app,
        &mut m,
        "tui.field.team_tiebreaks",
        "胜场数,game-points",
    );
    keys(&mut app, &mut m, "\r");
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    assert_eq!(m.tab(), Tab::Teams, "a team event opens on its Teams tab");
    let ev = m.ev().event().cloned().unwrap();
    assert_eq!(app.event_kind(ev.key()).unwrap(), EventKind::Team);
    let ts = app.team_settings_of(&ev).unwrap().unwrap();
    assert_eq!(ts.boards, 2);
    assert_eq!(ts.match_points.text(), "3-1-0");
    assert_eq!(ts.tied_match.code(), "residual");
    assert_eq!(ev.settings.tiebreaks.codes(), ["match-wins", "game-points"]);
    assert_eq!(ev.settings.tiebreaks.kind(), qishe::domain::EventKind::Team);
    assert!(screen(&m).contains("还没有队伍") || m.teams().unwrap().teams.is_empty());
    // With no team, each key of a team says why it does nothing.
    for key in ["a", "x", "o"] {
        m.clear_status();
        keys(&mut app, &mut m, key);
        assert!(
            status(&m).contains("还没有队伍"),
            "{key}: {:?}",
            m.status().cloned()
        );
    }
    // A team from scratch: name, club and players (new members).
    keys(&mut app, &mut m, "n");
    crate::common::tui::typed(&mut app, &mut m, "东城");
    keys(&mut app, &mut m, "\t\t");
    crate::common::tui::typed(&mut app, &mut m, "东一,东二,东三");
    assert!(screen(&m).contains("新建队伍"));
    keys(&mut app, &mut m, "\r");
    let t = m.teams().unwrap();
    assert!(t.team_form.is_none(), "{:?}", t.team_form);
    assert_eq!(t.teams.len(), 1);
    let names: Vec<&str> = t.teams[0]
        .0
        .roster
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["东一", "东二", "东三"]);
    assert!(status(&m).contains("东城"), "{:?}", m.status().cloned());
    // `x` on the team now takes a player off its roster: the help says so.
    let help = m.keymap().help_entries(&m.contexts(), false);
    let x = help
        .iter()
        .find(|(k, _)| k.split('/').any(|k| k == "x"))
        .unwrap();
    assert_eq!(x.1.help_key(), "action.roster-remove");
    // A teams CSV: previewed, asked, imported.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("teams.csv");
    std::fs::write(
        &csv,
        "team,board,name,club,rating\n西城,1,西一,,2300\n西城,2,西二,,\n西城,3,东一,,\n",
    )
    .unwrap();
    keys(&mut app, &mut m, "i");
    crate::common::tui::typed(&mut app, &mut m, csv.to_str().unwrap());
    keys(&mut app, &mut m, "\r");
    // 东一 is on 东城 already: the app's refusal stays in the form.
    let t = m.teams().unwrap();
    let err = t.team_form.as_ref().and_then(|f| f.error.clone());
    assert!(
        err.is_some_and(|e| e.contains("东一")),
        "{:?}",
        m.status().cloned()
    );
    keys(&mut app, &mut m, "⎋");
    std::fs::write(
        &csv,
        "team,board,name,club,rating\n西城,1,西一,,2300\n西城,2,西二,,\n",
    )
    .unwrap();
    keys(&mut app, &mut m, "i");
    crate::common::tui::typed(&mut app, &mut m, csv.to_str().unwrap());
    keys(&mut app, &mut m, "\r");
    let q = m.confirm().expect("the preview asks").message.clone();
    assert!(q.contains("西城 (2)") && q.contains("西一 (新会员)"), "{q}");
    assert_eq!(m.teams().unwrap().teams.len(), 1, "nothing yet");
    keys(&mut app, &mut m, "y");
    assert_eq!(m.teams().unwrap().teams.len(), 2);
    // The team standings on the event's 名次 tab: team columns, no round yet.
    keys(&mut app, &mut m, "p");
    while m.tab() != Tab::Standings {
        keys(&mut app, &mut m, "\t");
    }
    let s = screen(&m);
    assert!(
        s.contains("场分") && s.contains("东城") && s.contains("西城"),
        "{s}"
    );
    assert!(s.contains("第1轮进行中 (未计入)"), "{s}");
}

#[test]
fn a_knockout_cup_is_created_in_the_tui_and_its_system_cannot_be_edited_away() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    for i in 1..=4 {
        member(&mut app, &format!("P{i}"), 2500 - 10 * i);
    }
    let mut m = Model::load(&app).unwrap();
    keys(&mut app, &mut m, "\tn");
    crate::common::tui::typed(&mut app, &mut m, "杯赛");
    set(&mut app, &mut m, "tui.field.kind", "knockout");
    let labels: Vec<&str> = m.form().unwrap().fields.iter().map(|f| f.label).collect();
    assert!(!labels.contains(&"col.system") && !labels.contains(&"tui.field.tiebreaks"));
    let s = screen(&m);
    assert!(
        s.contains("加赛规则") && s.contains("加赛 2 局") && s.contains("和棋黑"),
        "{s}"
    );
    set(&mut app, &mut m, "tui.field.playoff", "games:1,armageddon");
    set(&mut app, &mut m, "tui.field.third_place", "yes");
    set(&mut app, &mut m, "tui.field.ko_draw", "lot");
    keys(&mut app, &mut m, "\r");
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let ev = m.ev().event().cloned().unwrap();
    let ko = app.knockout_settings(&ev).unwrap().expect("a knockout");
    assert_eq!(ko.playoff, ["games:1", "armageddon"]);
    assert!(ko.third_place);
    assert_eq!(ko.draw, "lot");
    assert!(m.tabs().contains(&Tab::Bracket));
    // The events list names it 淘汰赛.
    keys(&mut app, &mut m, "⎋");
    assert_eq!(m.screen(), Screen::Events);
    let s = screen(&m);
    assert!(s.contains("淘汰赛"), "{s}");
    // Its settings form: 编排 is 淘汰赛 and offers nothing else.
    keys(&mut app, &mut m, "e");
    let f = m.form().unwrap();
    let sys = f.fields.iter().find(|x| x.label == "col.system").unwrap();
    assert_eq!(sys.choices, ["knockout"]);
    keys(&mut app, &mut m, "\r");
    assert_eq!(app.event_kind(ev.key()).unwrap(), EventKind::Knockout);
    // The app refuses the change itself, with its reason.
    let d = qishe::app::EventDraft {
        system: Some(PairingSystem::Berger),
        ..Default::default()
    };
    let e = app.edit_event(ev.key(), "杯赛", None, &d).unwrap_err();
    assert_eq!(e.msg().key, "err.app.knockout_system");
    assert!(app
        .knockout_settings(&app.event(ev.key()).unwrap())
        .unwrap()
        .is_some());
}

/// Four teams of three (two boards) in a round robin, round 1 paired.
fn team_league() -> (App, EventId) {
    let s = EventSettings {
        system: PairingSystem::Berger,
        rounds: 3,
        ..Default::default()
    };
    let teams: [(&str, &[&str]); 4] = [
        ("东城", &["东1", "东2", "东3"]),
        ("西城", &["西1", "西2", "西3"]),
        ("南城", &["南1", "南2", "南3"]),
        ("北城", &["北1", "北2", "北3"]),
    ];
    let (mut app, ev) = crate::common::tui::team_league_in(
        Lang::ZhHans,
        "联赛",
        &s,
        2,
        &teams,
        |t, i| 2400 - 100 * t as i32 - (i as i32 + 1),
        None,
    );
    app.pair_team_round(ev).unwrap();
    (app, ev)
}

fn open(app: &mut App, tab: Tab) -> Model {
    let mut m = Model::load(app).unwrap();
    keys(app, &mut m, "\t\r");
    while m.tab() != tab {
        keys(app, &mut m, "\t");
    }
    m
}

#[test]
fn the_teams_tab_asks_before_replacing_a_result_and_names_the_board_as_shown() {
    let (mut app, _) = team_league();
    let mut m = open(&mut app, Tab::Teams);
    keys(&mut app, &mut m, "v");
    let t = m.teams().unwrap();
    assert_eq!(t.view, qishe::tui::teams::View::Matches);
    assert_eq!(t.sel, 0);
    // A result on a board without one: the next board comes up.
    keys(&mut app, &mut m, "r");
    let s = screen(&m);
    assert!(s.contains("场次 1 台 1"), "the form names the board:\n{s}");
    keys(&mut app, &mut m, "\r");
    assert_eq!(m.teams().unwrap().sel, 1);
    assert!(
        status(&m).contains("已录入 场次 1 台 1: 红胜"),
        "{:?}",
        m.status().cloned()
    );
    // Back on board 1: a draw replaces 红胜 only after the question.
    keys(&mut app, &mut m, "↑d");
    let s = screen(&m);
    assert!(s.contains("场次 1 台 1") && s.contains("← 红胜"), "{s}");
    keys(&mut app, &mut m, "\r");
    let q = m.confirm().expect("asks before replacing").message.clone();
    assert!(
        q.contains("场次 1 台 1") && q.contains("已有成绩 红胜，改为 和"),
        "{q}"
    );
    assert!(!q.contains("台 4"), "{q}");
    keys(&mut app, &mut m, "y");
    let r = m.teams().unwrap().matches.clone().unwrap();
    assert_eq!(r.matches[0].boards[0].result, "1/2-1/2");
    assert_eq!(m.teams().unwrap().sel, 0, "a correction keeps the cursor");
    // A forfeit over a result asks too; no changes nothing.
    keys(&mut app, &mut m, "f");
    let q = m.confirm().expect("asks").message.clone();
    assert!(q.contains("场次 1 台 1") && q.contains("改为"), "{q}");
    keys(&mut app, &mut m, "n");
    let r = m.teams().unwrap().matches.clone().unwrap();
    assert_eq!(r.matches[0].boards[0].result, "1/2-1/2");
    // A cancelled form moves nothing either.
    keys(&mut app, &mut m, "↓↓r⎋");
    assert_eq!(m.teams().unwrap().sel, 2);
}

#[test]
fn pairing_the_next_round_on_the_teams_tab_shows_its_matches() {
    let (mut app, _) = team_league();
    let mut m = open(&mut app, Tab::Teams);
    keys(&mut app, &mut m, "v");
    assert_eq!(m.teams().unwrap().round.get(), 1);
    // Every board of round 1 (two matches of two boards): each result moves
    // the cursor to the next board without one.
    keys(&mut app, &mut m, "r\rd\rb\rr\r");
    let r1 = m.teams().unwrap().matches.clone().unwrap();
    assert!(r1
        .matches
        .iter()
        .all(|x| x.boards.iter().all(|b| b.home_points.is_some())));
    keys(&mut app, &mut m, "p");
    let t = m.teams().unwrap();
    assert_eq!(t.paired, 2, "{:?}", m.status().cloned());
    assert_eq!(t.round.get(), 2, "the round just paired is shown");
    let s = screen(&m);
    assert!(s.contains("轮次 2"), "{s}");
    let r2 = t.matches.clone().expect("round 2's matches");
    assert!(r2
        .matches
        .iter()
        .all(|x| x.boards.iter().all(|b| b.home_points.is_none())));
    // Stepping back to round 1 stays there across a reload.
    keys(&mut app, &mut m, "[");
    assert_eq!(m.teams().unwrap().round.get(), 1);
    keys(&mut app, &mut m, "v");
    assert_eq!(m.teams().unwrap().round.get(), 1);
}

#[test]
fn the_bracket_header_reads_red_and_black_of_the_game_due_and_r_is_a_win_for_that_red() {
    let (mut app, _) = cup(&["王天一", "赵鑫鑫"], &["games:2", "armageddon"]);
    let mut m = open(&mut app, Tab::Bracket);
    keys(&mut app, &mut m, "p");
    // Game 1 drawn; game 2 swaps colours: 赵鑫鑫 has red.
    keys(&mut app, &mut m, "d\r");
    let s = screen(&m);
    let header = s
        .lines()
        .find(|l| l.contains("第 1 轮 第 1 场"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        header.contains("红方 赵鑫鑫 – 黑方 王天一"),
        "the game due:\n{s}"
    );
    assert!(s.contains("加赛 2 局 · 第 2 盘"), "{s}");
    assert!(!s.contains("games:2"), "{s}");
    keys(&mut app, &mut m, "r");
    let s = screen(&m);
    assert!(
        s.contains("第 1 轮 第 1 场: 红胜"),
        "the form names the match:\n{s}"
    );
    keys(&mut app, &mut m, "\r");
    let mv = m.bracket().unwrap().selected().unwrap().clone();
    let g2 = mv.games.iter().find(|g| g.game_no == 2).unwrap();
    let zhao =
        mv.b.as_ref()
            .filter(|x| x.name == "赵鑫鑫")
            .unwrap_or(&mv.a)
            .id;
    assert_eq!((g2.red, g2.outcome), (zhao, qishe::domain::Outcome::RedWin));
    // Game 3: 王天一 (red) wins: the play-off games are level and the
    // armageddon is due, with its time odds in words.
    keys(&mut app, &mut m, "r\r");
    let s = screen(&m);
    assert!(
        s.contains("和棋黑胜") && s.contains("红 5 分 · 黑 4 分"),
        "{s}"
    );
    // Game 3's own red is named with the win it stored.
    assert!(
        s.contains("已录入 第 1 轮 第 1 场 · 第 3 盘 红方 王天一 – 黑方 赵鑫鑫: 红胜"),
        "{s}"
    );
    assert!(!s.contains("armageddon") && !s.contains("red=5"), "{s}");
    // Correcting game 1 from the form (its game field changed) asks first.
    keys(&mut app, &mut m, "b");
    set(&mut app, &mut m, "tui.field.game", "1");
    keys(&mut app, &mut m, "\r");
    let q = m.confirm().expect("asks before replacing").message.clone();
    assert!(
        q.contains("第 1 场 第 1 盘") && q.contains("已有成绩 和"),
        "{q}"
    );
    keys(&mut app, &mut m, "n");
    let mv = m.bracket().unwrap().selected().unwrap().clone();
    assert_eq!(mv.games[0].outcome, qishe::domain::Outcome::Draw);
}

#[test]
fn help_lists_each_key_once_per_screen_with_what_it_does_there() {
    use qishe::tui::Ctx;
    let km = qishe::tui::keymap::Keymap::default();
    let screens: Vec<Vec<Ctx>> = [
        Ctx::Players,
        Ctx::Teams,
        Ctx::Bracket,
        Ctx::Round,
        Ctx::Results,
        Ctx::Standings,
        Ctx::Crosstable,
        Ctx::Print,
    ]
    .into_iter()
    .map(|c| vec![c, Ctx::Event, Ctx::Global])
    .chain([
        vec![Ctx::Club, Ctx::List, Ctx::Global],
        vec![Ctx::Events, Ctx::List, Ctx::Global],
    ])
    .collect();
    for ctxs in screens {
        let entries = km.help_entries(&ctxs, false);
        let mut seen = std::collections::HashMap::new();
        for (keys, action) in &entries {
            for key in keys.split('/').filter(|k| !k.is_empty()) {
                if let Some(other) = seen.insert(key.to_string(), *action) {
                    panic!("{ctxs:?}: {key} is both {other:?} and {action:?}");
                }
            }
        }
        // What help says a key does is what it does.
        for (keys, action) in &entries {
            for key in keys.split('/').filter(|k| k.len() == 1) {
                if let Some((code, mods)) = qishe::tui::keymap::parse_key(key) {
                    let ev = crossterm::event::KeyEvent::new(code, mods);
                    assert_eq!(km.resolve(&ctxs, &ev), Some(*action), "{ctxs:?} {key}");
                }
            }
        }
    }
    // The Teams tab: the lineup and the action log on keys of their own.
    let teams = [Ctx::Teams, Ctx::Event, Ctx::Global];
    let l =
        crossterm::event::KeyEvent::new(KeyCode::Char('L'), crossterm::event::KeyModifiers::NONE);
    assert_eq!(km.resolve(&teams, &l), Some(qishe::tui::Action::ActionLog));
    assert_eq!(
        qishe::i18n::tr(Lang::ZhHans, "action.roster-remove"),
        "移出队员名单"
    );
}

#[test]
fn the_screens_words_are_the_users_language() {
    // A tie-break's detail and the points criterion, explained in 简体.
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    for (i, n) in ["甲", "乙", "丙", "丁"].iter().enumerate() {
        member(&mut app, n, 2000 - 10 * i as i32);
    }
    let s = EventSettings {
        system: PairingSystem::Berger,
        rounds: 3,
        tiebreaks: qishe::scoring::TieBreaks::parse(
            qishe::domain::EventKind::Individual,
            &["strip-last"],
        )
        .unwrap()
        .list(),
        ..Default::default()
    };
    app.create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    let names: Vec<String> = ["甲", "乙", "丙", "丁"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let mut m = open(&mut app, Tab::Round);
    keys(&mut app, &mut m, "p");
    while m.tab() != Tab::Results {
        keys(&mut app, &mut m, "\t");
    }
    keys(&mut app, &mut m, "r\rr\r");
    while m.tab() != Tab::Standings {
        keys(&mut app, &mut m, "\t");
    }
    keys(&mut app, &mut m, "e↓↓↓e");
    let text = status(&m);
    // The words of `standings --explain` (one message for both front ends).
    assert!(text.contains("在积分上领先"), "{text}");
    assert!(
        !text.contains("points") && !text.contains("score after"),
        "{text}"
    );
    // The time odds in words; the member page's event points are the
    // event's own (2 a win under the standard scheme).
    let tc: qishe::domain::TimeControl = "red=5,black=4,inc=3".parse().unwrap();
    assert_eq!(tc.text(Lang::ZhHans), "红 5 分 · 黑 4 分 · 每步加 3 秒");
    assert_eq!(tc.text(Lang::ZhHant), "紅 5 分 · 黑 4 分 · 每步加 3 秒");
    assert_eq!(tc.text(Lang::En), "red 5 min, black 4 min, +3 s");
    let jia = app.find_member("甲").unwrap();
    let ev = app.find_event("周赛").unwrap();
    let pts = app.member_event_points(jia.key(), &[ev.key()]).unwrap();
    assert_eq!(pts[&ev.key()], qishe::domain::Points::new(2), "{pts:?}");
}

/// The Print tab offers an event the documents of its kind: a knockout
/// its bracket (对阵图) and no wall chart or prize sheet, a team round
/// robin its wall chart and no bracket; the bracket prints from the form.
#[test]
fn the_print_tab_offers_a_knockout_its_bracket_and_prints_it() {
    let (mut app, _) = cup(&["王天一", "赵鑫鑫", "郑惟桐", "许银川"], &[]);
    let mut m = open(&mut app, Tab::Bracket);
    keys(&mut app, &mut m, "p");
    while m.tab() != Tab::Print {
        keys(&mut app, &mut m, "\t");
    }
    let s = screen(&m);
    assert!(s.contains("bracket") && s.contains("对阵图"), "{s}");
    assert!(!s.contains("wallchart") && !s.contains("prizes"), "{s}");
    keys(&mut app, &mut m, "\r");
    let docs = m.form().unwrap().fields[0].choices.clone();
    assert!(docs.contains(&"bracket".to_string()), "{docs:?}");
    for absent in ["wallchart", "prizes", "certificates"] {
        assert!(!docs.contains(&absent.to_string()), "{absent}: {docs:?}");
    }
    // The bracket, as text, to a file named in the form.
    set(&mut app, &mut m, "tui.print.doc", "bracket");
    set(&mut app, &mut m, "tui.print.format", "text");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bracket.txt");
    set(&mut app, &mut m, "tui.field.path", out.to_str().unwrap());
    keys(&mut app, &mut m, "\r");
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {}", status(&m)));
    assert!(text.contains("杯赛 · 对阵图"), "{text}");
    assert!(text.contains("王天一") && text.contains("+-"), "{text}");

    // A team round robin: the wall chart, no bracket.
    let (mut app, _) = team_league();
    let mut m = open(&mut app, Tab::Print);
    keys(&mut app, &mut m, "\r");
    let docs = m.form().unwrap().fields[0].choices.clone();
    assert!(docs.contains(&"wallchart".to_string()), "{docs:?}");
    assert!(!docs.contains(&"bracket".to_string()), "{docs:?}");
}

/// The boards' name cells of the Results tab as shown: does any seat
/// carry points after its start number (`王天一 (1) 2`)?
fn seats_with_points(s: &str) -> Vec<String> {
    s.lines()
        .filter(|l| {
            let b = l.as_bytes();
            (0..b.len()).any(|i| {
                b[i] == b')'
                    && b.get(i + 1) == Some(&b' ')
                    && b.get(i + 2).is_some_and(u8::is_ascii_digit)
                    && b[..i]
                        .iter()
                        .rev()
                        .take_while(|c| c.is_ascii_digit())
                        .count()
                        > 0
            })
        })
        .map(str::to_string)
        .collect()
}

/// A seat shows the player's points before the round only where they
/// mean something: an individual event from round 2 on; never a team
/// event's players (the match points are the team's) or a knockout's.
#[test]
fn the_results_tab_shows_a_players_points_only_in_an_individual_event() {
    use qishe::app::ResultInput;
    use qishe::domain::{BoardNo, Outcome, RoundNo};
    let win = ResultInput {
        outcome: Some(Outcome::RedWin),
        ..Default::default()
    };
    // An individual event: round 1 shows none (all have 0), round 2 the
    // winners' 2 and the losers' 0.
    let (mut app, ev) = crate::tui_night::club(Lang::ZhHans);
    for b in 1..=4 {
        app.record_result(ev, RoundNo(1), BoardNo(b), &win).unwrap();
    }
    let mut m = open(&mut app, Tab::Results);
    assert_eq!(seats_with_points(&screen(&m)), Vec::<String>::new());
    app.pair_next_round(ev).unwrap();
    let mut m2 = open(&mut app, Tab::Results);
    let s = screen(&m2);
    let with = seats_with_points(&s);
    assert_eq!(with.len(), 4, "every board of round 2:\n{s}");
    assert!(s.contains(") 2 ") && s.contains(") 0 "), "{s}");
    keys(&mut app, &mut m2, "[");
    assert_eq!(seats_with_points(&screen(&m2)), Vec::<String>::new());
    keys(&mut app, &mut m, "q");

    // A team league after round 1: its players show no points.
    let (mut app, ev) = team_league();
    let boards = app.round_view(ev, Some(RoundNo(1))).unwrap().boards.len() as u32;
    for b in 1..=boards {
        app.record_result(ev, RoundNo(1), BoardNo(b), &win).unwrap();
    }
    app.pair_next_round(ev).unwrap();
    let m = open(&mut app, Tab::Results);
    let s = screen(&m);
    assert!(s.contains("东1") || s.contains("西1"), "{s}");
    assert_eq!(seats_with_points(&s), Vec::<String>::new(), "{s}");
}

/// A knockout's Results tab counts the matches decided, not the game-1
/// results in: a drawn game 1 leaves its match open (a play-off is due).
#[test]
fn a_knockouts_results_tab_counts_matches_decided() {
    let (mut app, ev) = cup(
        &["王天一", "赵鑫鑫", "郑惟桐", "许银川"],
        &["games:2", "armageddon"],
    );
    app.pair_next_round(ev).unwrap();
    let game1 = |o| qishe::app::ResultInput {
        outcome: Some(o),
        game_no: Some(1),
        ..Default::default()
    };
    use qishe::domain::{BoardNo, Outcome, RoundNo};
    app.event_result(ev, RoundNo(1), BoardNo(1), &game1(Outcome::RedWin), false)
        .unwrap();
    app.event_result(ev, RoundNo(1), BoardNo(2), &game1(Outcome::Draw), false)
        .unwrap();
    let m = open(&mut app, Tab::Results);
    let s = screen(&m);
    assert!(s.contains("已决出 1/2"), "{s}");
    assert!(!s.contains("已录 2/2"), "{s}");
    // The ranking so far: the loser out in the semi-final, the other three
    // still in (not a blank beside a shared first place).
    let m = open(&mut app, Tab::Standings);
    let s = screen(&m);
    assert!(s.contains("名次 (赛事未完)"), "{s}");
    assert_eq!(s.matches("未出局").count(), 3, "{s}");
    assert_eq!(s.matches("半决赛").count(), 1, "{s}");
}

/// A two-game round (分先) on the Results tab: each board shows both
/// games' clocks and moves, game 1's first.
#[test]
fn the_results_tab_of_a_two_game_round_shows_both_games_clocks_and_moves() {
    let club = crate::common::Club::new();
    for n in ["甲", "乙", "丙", "丁"] {
        club.ok(&["player", "add", n]);
    }
    club.ok(&[
        "event", "new", "双局", "--scheme", "two-game", "--system", "cxa", "--rounds", "3",
    ]);
    club.ok(&["event", "enter", "双局", "甲", "乙", "丙", "丁"]);
    club.ok(&["round", "pair", "双局"]);
    let facts = [
        ("1", "1:05:00", "0:58:00", "41"),
        ("2", "0:33:00", "0:47:00", "77"),
    ];
    for (game, red, black, moves) in facts {
        let outcome = if game == "1" { "1-0" } else { "1/2-1/2" };
        club.ok(&[
            "result",
            "双局",
            "1",
            "1",
            outcome,
            "--game",
            game,
            "--red-used",
            red,
            "--black-used",
            black,
            "--moves",
            moves,
        ]);
    }
    let mut app = App::open(config(Lang::ZhHans), &club.db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let mut t = Terminal::new(TestBackend::new(140, 30)).unwrap();
    t.draw(|f| view(&m, f)).unwrap();
    let text = format!("{}", t.backend());
    let row = text
        .lines()
        .find(|l| l.contains("41 / 77"))
        .unwrap_or_else(|| panic!("both games' moves on one row:\n{text}"));
    let red = row.find("1:05:00 / 33:00");
    let black = row.find("58:00 / 47:00");
    assert!(red.is_some() && black.is_some() && red < black, "{row}");
    // Board 2 has no facts yet: its columns stay empty.
    assert!(!text.contains("— / —"), "{text}");
}

/// Plays a paired team round: `home` gives each board's result for the
/// home team of a match (`w`, `d`, `l`), by match number.
fn play_team_round(app: &mut App, ev: EventId, round: u32, home: &[&str]) {
    use qishe::app::{ResultInput, RoundNo};
    use qishe::domain::Outcome;
    let v = app.team_round_view(ev, Some(RoundNo(round))).unwrap();
    for (mt, results) in v.matches.iter().zip(home) {
        for (b, r) in mt.boards.iter().zip(results.chars()) {
            let outcome = match (r, b.home_red) {
                ('d', _) => Outcome::Draw,
                ('w', true) | ('l', false) => Outcome::RedWin,
                _ => Outcome::BlackWin,
            };
            let input = ResultInput {
                outcome: Some(outcome),
                ..Default::default()
            };
            app.record_result(ev, RoundNo(round), b.number, &input)
                .unwrap();
        }
    }
}

/// The Standings tab's 直胜 reads as the printed standings do: the match
/// points among the teams level on match points where they met, though
/// game points parted them before 直胜 was reached.
#[test]
fn the_standings_tab_shows_direct_encounter_as_the_printed_standings() {
    let (mut app, ev) = team_league();
    play_team_round(&mut app, ev, 1, &["wd", "ww"]);
    app.pair_team_round(ev).unwrap();
    play_team_round(&mut app, ev, 2, &["dd", "dd"]);
    let (_, st) = app.team_standings(ev, None).unwrap();
    // Two teams level on match points that met, parted by game points.
    let (a, b) = (&st.rows[0], &st.rows[1]);
    assert_eq!(a.match_points, b.match_points);
    assert_ne!(a.game_points, b.game_points);
    let doc = app
        .print_doc(
            ev,
            qishe::app::print::DocKind::Standings,
            None,
            Lang::ZhHans,
        )
        .unwrap();
    let csv = qishe::app::print::render(&doc, qishe::app::print::OutputFormat::Csv).unwrap();
    let m = open(&mut app, Tab::Standings);
    let s = screen(&m);
    assert!(s.contains("直胜"), "{s}");
    let mut filled = 0;
    for line in csv.lines().skip(1).filter(|l| l.contains('城')) {
        let cells: Vec<&str> = line.trim_start_matches('\u{feff}').split(',').collect();
        let (team, direct) = (cells[1], cells[4]);
        let row = s
            .lines()
            .find(|l| l.contains(team))
            .unwrap_or_else(|| panic!("{team}:\n{s}"));
        let tui: Vec<&str> = row
            .trim_matches(|c: char| c == '"' || c == '│' || c.is_whitespace())
            .split_whitespace()
            .collect();
        // rank, team, match points, game points, 直胜 (blank where not met).
        let shown = if tui.len() > 5 { tui[4] } else { "" };
        assert_eq!(shown, direct, "{team}: {row}\n{csv}");
        filled += usize::from(!direct.is_empty());
    }
    // Both pairs level on match points met: four cells filled.
    assert_eq!(filled, 4, "{csv}");
}

/// A round-robin of six plays 5 rounds whatever its settings said: the
/// events list and the round tab's title say 5.
#[test]
fn the_events_list_and_round_title_give_a_round_robins_table_rounds() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    let names: Vec<String> = (1..=6).map(|i| format!("棋手{i}")).collect();
    for (i, n) in names.iter().enumerate() {
        member(&mut app, n, 2000 - i as i32);
    }
    let s = EventSettings {
        system: PairingSystem::Berger,
        rounds: 7,
        ..Default::default()
    };
    let ev = app
        .create_event_with("循环", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    app.enter_players(ev.key(), &app.find_members(&names).unwrap())
        .unwrap();
    app.event_pair(ev.key()).unwrap();
    let mut m = Model::load(&app).unwrap();
    keys(&mut app, &mut m, "\t");
    let s = screen(&m);
    let row: Vec<&str> = s
        .lines()
        .find(|l| l.contains("循环 "))
        .unwrap_or_else(|| panic!("{s}"))
        .split_whitespace()
        .collect();
    assert!(row.contains(&"5") && !row.contains(&"7"), "{s}");
    keys(&mut app, &mut m, "\r");
    let s = screen(&m);
    assert!(s.contains("轮次 1/5"), "{s}");
}

/// `event show` of `event`, its first line (the name and id) left out.
fn shown_settings(club: &crate::common::Club, event: &str) -> String {
    let out = club.run_lang("zh_CN.UTF-8", &["event", "show", event]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_event_form_sets_a_knockouts_play_off_times_labels_and_rating_as_the_cli_does() {
    let club = crate::common::Club::new();
    let mut app = App::open(config(Lang::ZhHans), &club.db).unwrap();
    for i in 1..=4 {
        member(&mut app, &format!("P{i}"), 2500 - 10 * i);
    }
    let mut m = Model::load(&app).unwrap();
    keys(&mut app, &mut m, "\tn");
    crate::common::tui::typed(&mut app, &mut m, "表杯");
    // Not offered for another kind of event.
    let labels: Vec<&str> = m.form().unwrap().fields.iter().map(|f| f.label).collect();
    assert!(!labels.contains(&"tui.field.playoff_times"), "{labels:?}");
    set(&mut app, &mut m, "tui.field.kind", "knockout");
    set(&mut app, &mut m, "tui.field.playoff", "games:2,armageddon");
    set(&mut app, &mut m, "tui.field.rate_playoffs", "yes");
    // A time the CLI refuses is refused with the CLI's reason, the form kept.
    set(
        &mut app,
        &mut m,
        "tui.field.armageddon_time",
        "red=6,black=x",
    );
    keys(&mut app, &mut m, "\r");
    assert!(m.form().is_some());
    let refused = status(&m);
    let cli = club.run_lang(
        "zh_CN.UTF-8",
        &[
            "event",
            "new",
            "坏杯",
            "--system",
            "knockout",
            "--armageddon-time",
            "red=6,black=x",
        ],
    );
    assert!(!cli.status.success());
    let reason = refused.split_once(": ").map_or("", |x| x.1).to_string();
    assert!(!reason.is_empty(), "{refused}");
    // Under the field, the whole reason, wrapped to the form's width.
    let drawn = screen(&m);
    let lines: Vec<&str> = drawn.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains('↳'))
        .expect("a reason");
    // What stands inside the form's box, line by line.
    let inside = |l: &str| l.split('│').nth(1).unwrap_or("").to_string();
    let under: String = lines[at..]
        .iter()
        .map(|l| inside(l))
        .enumerate()
        .take_while(|(k, l)| *k == 0 || (l.starts_with("      ") && l.trim() != ""))
        .map(|(_, l)| l)
        .collect();
    let bare = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '↳')
            .collect::<String>()
    };
    assert!(bare(&under).contains(&bare(&reason)), "{drawn}");
    assert!(
        reason.chars().count() > 30,
        "a reason longer than a line: {reason}"
    );
    assert!(
        String::from_utf8_lossy(&cli.stderr).contains(&reason),
        "TUI: {refused}\nCLI: {}",
        String::from_utf8_lossy(&cli.stderr)
    );
    set(
        &mut app,
        &mut m,
        "tui.field.armageddon_time",
        "red=6,black=5,inc=2",
    );
    set(&mut app, &mut m, "tui.field.playoff_times", "15+10；");
    set(
        &mut app,
        &mut m,
        "tui.field.playoff_labels",
        "快棋加赛;一局定胜负",
    );
    keys(&mut app, &mut m, "\r");
    assert!(m.form().is_none(), "{:?}", m.status().cloned());

    club.ok(&[
        "event",
        "new",
        "命令杯",
        "--system",
        "knockout",
        "--playoff",
        "games:2,armageddon",
        "--rate-playoffs",
        "--armageddon-time",
        "red=6,black=5,inc=2",
        "--playoff-times",
        "15+10;",
        "--playoff-labels",
        "快棋加赛;一局定胜负",
    ]);
    let app = App::open(config(Lang::ZhHans), &club.db).unwrap();
    let ko = |name: &str| {
        let e = app.find_event(name).unwrap();
        app.knockout_settings(&e).unwrap().expect("a knockout")
    };
    let (tui, cli) = (ko("表杯"), ko("命令杯"));
    assert!(tui.rate_playoffs);
    assert_eq!(tui.armageddon_time.to_string(), "red=6,black=5,inc=2");
    assert_eq!(tui.playoff_times.len(), 2);
    assert_eq!(tui.playoff_labels, ["快棋加赛", "一局定胜负"]);
    assert_eq!(tui, cli);
    let shown = shown_settings(&club, "表杯");
    assert!(shown.contains("快棋加赛"), "{shown}");
    assert_eq!(shown, shown_settings(&club, "命令杯"));
}

#[test]
fn a_team_round_robin_made_in_the_form_without_rounds_plays_one_cycle() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    let mut m = Model::load(&app).unwrap();
    let mut made = Vec::new();
    keys(&mut app, &mut m, "\t");
    for (name, rounds) in [("单循环", None), ("双循环", Some("6"))] {
        keys(&mut app, &mut m, "n");
        crate::common::tui::typed(&mut app, &mut m, name);
        let club_rounds = m.form().unwrap().value("col.rounds").to_string();
        assert_eq!(club_rounds, "7");
        set(&mut app, &mut m, "tui.field.kind", "team");
        // A team event's rounds read empty until typed: one cycle.
        assert_eq!(m.form().unwrap().value("col.rounds"), "");
        set(&mut app, &mut m, "tui.field.kind", "individual");
        assert_eq!(m.form().unwrap().value("col.rounds"), club_rounds);
        set(&mut app, &mut m, "tui.field.kind", "team");
        set(&mut app, &mut m, "col.system", "berger");
        set(&mut app, &mut m, "tui.field.boards", "1");
        if let Some(r) = rounds {
            set(&mut app, &mut m, "col.rounds", r);
        }
        keys(&mut app, &mut m, "\r");
        assert!(m.form().is_none(), "{:?}", m.status().cloned());
        made.push(m.ev().event().unwrap().key());
        keys(&mut app, &mut m, "⎋");
    }
    for ev in &made {
        for t in 1..=4 {
            let p = format!("{}-{t}", ev.0);
            member(&mut app, &p, 2000 + t);
            let roster = app
                .find_members(&[p])
                .unwrap()
                .into_iter()
                .map(qishe::app::teams::RosterPlayer::Member)
                .collect::<Vec<_>>();
            app.add_team(*ev, &format!("队{t}"), None, None, &roster)
                .unwrap();
        }
    }
    // Four teams: three rounds, unless six were asked for.
    assert_eq!(app.event(made[0]).unwrap().settings.rounds, 3);
    assert_eq!(app.event(made[1]).unwrap().settings.rounds, 6);
}
