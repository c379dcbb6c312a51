//! `qishe serve`: the server started in-process on 127.0.0.1 with a
//! random port over a club the real binary made; a plain `TcpStream`
//! client. Children: `serve/chromium.rs` (a page at 360 px sees a result
//! appear without a reload), `serve/tui.rs` (the TUI's serve form and its
//! QR code, the conflict pop-up of the Results tab).

mod chromium;
mod tui;

use crate::common::Club;
use qishe::config::Config;
use qishe::i18n::Lang;
use qishe::serve::{start, Running, ServeOptions};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An HTTP answer: status, headers (lower-case names) and body.
pub(crate) struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request as written (`target` goes on the request line
/// untouched, so `/../x` reaches the server as is).
pub(crate) fn http(addr: SocketAddr, method: &str, target: &str, body: Option<&str>) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Accept-Language: en\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

pub(crate) fn get(addr: SocketAddr, target: &str) -> Answer {
    http(addr, "GET", target, None)
}

/// A club night: members A–E, the Dutch event "Night" (id 1) with round 1
/// paired (two boards and a bye).
pub(crate) fn night() -> Club {
    let c = Club::new();
    c.five_members();
    c.dutch_event("Night", &[], &["A", "B", "C", "D", "E"]);
    c.ok(&["round", "pair", "Night"]);
    c
}

pub(crate) fn serve(c: &Club, pin: Option<&str>) -> Running {
    let config = Config {
        language: Some(Lang::En),
        ..Config::default()
    };
    start(ServeOptions {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: c.db.clone(),
        config,
        entry_pin: pin.map(str::to_string),
    })
    .expect("the server starts")
}

fn report(addr: SocketAddr, board: u32, result: &str, pin: &str) -> Answer {
    http(
        addr,
        "POST",
        &format!("/api/events/1/rounds/1/boards/{board}/result"),
        Some(&format!("{{\"result\": \"{result}\", \"pin\": \"{pin}\"}}")),
    )
}

fn board(round: &serde_json::Value, n: u64) -> &serde_json::Value {
    round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == n)
        .unwrap_or_else(|| panic!("no board {n} in {round}"))
}

#[test]
fn the_api_answers_with_events_rounds_and_standings() {
    let c = night();
    let s = serve(&c, None);
    let events = get(s.addr, "/api/events").json();
    assert_eq!(events[0]["id"], 1);
    assert_eq!(events[0]["name"], "Night");
    assert_eq!(events[0]["status"], "running");
    assert_eq!(events[0]["rounds_paired"], 1);
    assert_eq!(events[0]["rounds"], 5);
    let r = get(s.addr, "/api/events/1/rounds/1");
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("application/json"));
    let r = r.json();
    assert_eq!(r["round"], 1);
    assert_eq!(r["boards"].as_array().unwrap().len(), 2);
    let b1 = board(&r, 1);
    assert!(b1["result"].is_null(), "{b1}");
    assert!(b1["red"]["name"].is_string() && b1["black"]["no"].is_u64());
    assert_eq!(r["byes"][0]["reason"], "bye");
    // Standings: every player, no round complete yet.
    let st = get(s.addr, "/api/events/1/standings").json();
    assert_eq!(st.as_array().unwrap().len(), 5);
    assert_eq!(st[0]["points"], "0.00");
    // Unknown event and round.
    assert_eq!(get(s.addr, "/api/events/9/rounds/1").status, 404);
    assert_eq!(get(s.addr, "/api/events/1/rounds/4").status, 404);
    s.stop();
}

#[test]
fn a_reported_result_waits_for_the_arbiter_and_a_wrong_pin_changes_nothing() {
    let c = night();
    c.ok(&["result", "pin", "Night", "4321"]);
    let s = serve(&c, None);
    let v0 = get(s.addr, "/api/events/1/version").json()["version"].clone();
    let wrong = report(s.addr, 1, "1-0", "1111");
    assert_eq!(wrong.status, 403, "{}", wrong.body);
    assert!(wrong.json()["error"]
        .as_str()
        .unwrap()
        .contains("wrong PIN"));
    assert!(c
        .ok(&["result", "pending", "Night"])
        .contains("no reported result"));
    let ok = report(s.addr, 1, "1-0", "4321");
    assert_eq!(ok.status, 202, "{}", ok.body);
    assert_eq!(ok.json()["pending"], true);
    // Pending: not a result, the event unchanged.
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert!(board(&r, 1)["result"].is_null());
    assert_eq!(get(s.addr, "/api/events/1/version").json()["version"], v0);
    let pending = c.ok(&["result", "pending", "Night"]);
    assert!(
        pending.contains("board 1") && pending.contains("1-0"),
        "{pending}"
    );
    assert!(c.ok(&["log"]).lines().count() > 0);
    // The arbiter confirms: now it is the result, and undo takes it back.
    c.ok(&["result", "confirm", "Night", "1", "1"]);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert_eq!(board(&r, 1)["result"], "1-0");
    assert!(c
        .ok(&["result", "pending", "Night"])
        .contains("no reported result"));
    c.ok(&["undo"]);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert!(board(&r, 1)["result"].is_null());
    // Not a result of the notation, a board that is not there.
    assert_eq!(report(s.addr, 2, "2-0", "4321").status, 400);
    assert_eq!(report(s.addr, 7, "1-0", "4321").status, 400);
    s.stop();
}

#[test]
fn two_different_reports_are_a_conflict_the_arbiter_settles() {
    let c = night();
    let s = serve(&c, Some("77"));
    assert_eq!(report(s.addr, 2, "1-0", "77").status, 202);
    assert_eq!(report(s.addr, 2, "0-1", "77").status, 202);
    let pending = c.ok(&["result", "pending", "Night"]);
    assert!(pending.contains("disagree"), "{pending}");
    let refused = c.fails(&["result", "confirm", "Night", "1", "2"]);
    assert!(refused.contains("disagree"), "{refused}");
    // The arbiter types his own: that answers the reports.
    c.ok(&["result", "Night", "1", "2", "1/2-1/2"]);
    assert!(c
        .ok(&["result", "pending", "Night"])
        .contains("no reported result"));
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert_eq!(board(&r, 2)["result"], "1/2-1/2");
    s.stop();
}

#[test]
fn a_conflicting_board_is_confirmed_only_with_the_result_the_arbiter_names() {
    let c = night();
    let s = serve(&c, Some("77"));
    assert_eq!(report(s.addr, 1, "1-0", "77").status, 202);
    assert_eq!(report(s.addr, 1, "1-0", "77").status, 202);
    assert_eq!(report(s.addr, 1, "0-1", "77").status, 202);
    assert_eq!(report(s.addr, 2, "1/2-1/2", "77").status, 202);
    // The pending list: a conflict line under the board whose reports
    // differ, naming both results and how to decide; none under the other.
    let pending = c.ok(&["result", "pending", "Night"]);
    let lines: Vec<&str> = pending.lines().collect();
    let conflicts: Vec<&&str> = lines.iter().filter(|l| l.contains("conflict")).collect();
    assert_eq!(conflicts.len(), 1, "{pending}");
    assert!(
        conflicts[0].contains("1-0 / 0-1") && conflicts[0].contains("--result"),
        "{pending}"
    );
    let at = lines.iter().position(|l| l.contains("conflict")).unwrap();
    assert!(lines[at - 1].contains("board 1"), "{pending}");
    // Without saying which: refused, naming the results and the option;
    // nothing stored.
    let refused = c.fails(&["result", "confirm", "Night", "1", "1"]);
    assert!(
        refused.contains("1-0, 0-1") && refused.contains("--result"),
        "{refused}"
    );
    assert!(board(&get(s.addr, "/api/events/1/rounds/1").json(), 1)["result"].is_null());
    // Not a result: refused too.
    let bad = c.fails(&["result", "confirm", "Night", "1", "1", "--result", "2-0"]);
    assert!(bad.contains("2-0"), "{bad}");
    // The arbiter names the minority's report: it stands, the reports close.
    c.ok(&["result", "confirm", "Night", "1", "1", "--result", "0-1"]);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert_eq!(board(&r, 1)["result"], "0-1");
    let pending = c.ok(&["result", "pending", "Night"]);
    assert!(
        !pending.contains("board 1") && pending.contains("board 2"),
        "{pending}"
    );
    // Agreeing reports need no --result.
    c.ok(&["result", "confirm", "Night", "1", "2"]);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert_eq!(board(&r, 2)["result"], "1/2-1/2");
    s.stop();
}

#[test]
fn a_players_page_says_his_board_and_colour_while_the_round_is_played() {
    let c = night();
    let s = serve(&c, None);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    let b1 = board(&r, 1);
    let seat = |p: &serde_json::Value| {
        (
            p["no"].as_u64().unwrap(),
            format!("{} {}", p["no"], p["name"].as_str().unwrap()),
        )
    };
    let (red, red_seat) = seat(&b1["red"]);
    let (black, black_seat) = seat(&b1["black"]);
    let page = |no: u64| {
        let a = get(s.addr, &format!("/e/1/en/player-{no}.html"));
        assert_eq!(a.status, 200);
        a.body
    };
    let p = page(red);
    assert!(
        p.contains("Next game")
            && p.contains(&format!("round 1, board 1, Red, against {black_seat}")),
        "{p}"
    );
    assert!(page(black).contains(&format!("round 1, board 1, Black, against {red_seat}")));
    let bye = r["byes"][0]["no"].as_u64().unwrap();
    assert!(page(bye).contains("round 1: bye"));
    // In 简体 too.
    let zh = get(s.addr, &format!("/e/1/zh-Hans/player-{red}.html")).body;
    assert!(
        zh.contains("下一盘") && zh.contains("第1轮 第1台, 红方"),
        "{zh}"
    );
    // His result in: no game to go to until the next round is paired.
    c.ok(&["result", "Night", "1", "1", "1-0"]);
    assert!(!page(red).contains("Next game"));
    assert!(
        page(bye).contains("round 1: bye"),
        "a bye's board has no game"
    );
    s.stop();
}

#[test]
fn a_served_page_leaves_out_what_only_paper_needs() {
    let c = night();
    let s = serve(&c, None);
    let page = get(s.addr, "/e/1/en/round-1.html").body;
    assert!(page.contains("<table class=\"doc\""), "{page}");
    assert!(
        !page.contains("____") && !page.contains("imprint"),
        "no line to sign, no print date:\n{page}"
    );
    s.stop();
}

#[test]
fn an_event_with_a_reporting_pin_still_pairs_its_next_round() {
    let c = night();
    c.ok(&["result", "pin", "Night", "4321"]);
    c.ok(&["result", "Night", "1", "1", "1-0"]);
    c.ok(&["result", "Night", "1", "2", "0-1"]);
    let out = c.ok(&["round", "pair", "Night"]);
    assert!(out.contains("2"), "{out}");
    let s = serve(&c, None);
    assert_eq!(get(s.addr, "/api/events/1/rounds/2").status, 200);
    s.stop();
}

#[test]
fn without_a_pin_reporting_is_off_and_wrong_pins_pause_an_address() {
    let c = night();
    let s = serve(&c, None);
    let off = report(s.addr, 1, "1-0", "");
    assert_eq!(off.status, 403);
    assert!(off.json()["error"].as_str().unwrap().contains("off"));
    s.stop();
    let s = serve(&c, Some("2468"));
    for _ in 0..qishe::serve::WRONG_PIN_LIMIT {
        assert_eq!(report(s.addr, 1, "1-0", "0000").status, 403);
    }
    // Paused: even the right PIN waits, and nothing is stored.
    let paused = report(s.addr, 1, "1-0", "2468");
    assert_eq!(paused.status, 429);
    assert!(paused.header("retry-after").is_some());
    assert!(c
        .ok(&["result", "pending", "Night"])
        .contains("no reported result"));
    // A body too big or not JSON is refused before anything is read.
    let big = format!("{{\"result\": \"1-0\", \"pin\": \"{}\"}}", "9".repeat(5000));
    let r = http(
        s.addr,
        "POST",
        "/api/events/1/rounds/1/boards/1/result",
        Some(&big),
    );
    assert_eq!(r.status, 413);
    s.stop();
}

#[test]
fn a_result_entered_from_the_cli_shows_in_the_next_request() {
    let c = night();
    let s = serve(&c, None);
    let v0 = get(s.addr, "/api/events/1/version").json()["version"].clone();
    let page0 = get(s.addr, "/e/1/en/round-1.html");
    assert_eq!(page0.status, 200);
    c.ok(&["result", "Night", "1", "2", "0-1"]);
    let r = get(s.addr, "/api/events/1/rounds/1").json();
    assert_eq!(board(&r, 2)["result"], "0-1");
    assert_ne!(get(s.addr, "/api/events/1/version").json()["version"], v0);
    let page1 = get(s.addr, "/e/1/en/round-1.html");
    assert_ne!(page0.body, page1.body, "the page follows the result");
    s.stop();
}

#[test]
fn the_pages_are_served_in_the_readers_language() {
    let c = night();
    let s = serve(&c, None);
    let home = get(s.addr, "/e/1");
    assert_eq!(home.status, 303);
    assert_eq!(home.header("location"), Some("/e/1/en/index.html"));
    let zh = get(s.addr, "/e/1/?lang=zh-Hant");
    assert_eq!(zh.header("location"), Some("/e/1/zh-Hant/index.html"));
    for page in [
        "index.html",
        "round-1.html",
        "player-1.html",
        "standings.html",
    ] {
        let p = get(s.addr, &format!("/e/1/zh-Hans/{page}"));
        assert!(
            p.status == 200 || page == "standings.html",
            "{page}: {}",
            p.status
        );
        if p.status == 200 {
            assert!(p.body.contains("lang=\"zh-Hans\""), "{page}");
            assert!(p.body.contains("/api/events/1/version"), "{page} is live");
        }
    }
    let list = get(s.addr, "/?lang=zh-Hans");
    assert!(list.body.contains("Night") && list.body.contains("赛事"));
    let tv = get(s.addr, "/tv/1");
    assert_eq!(tv.status, 200);
    assert!(tv.body.contains("round-1.html") && tv.body.contains("standings.html"));
    s.stop();
}

#[test]
fn nothing_outside_the_sites_pages_is_served() {
    let c = night();
    let s = serve(&c, None);
    for target in [
        "/../club.db",
        "/%2e%2e/club.db",
        "/%2e%2e/",
        "/e/1/en/..%2f..%2fclub.db",
        "/e/1/en/%2e%2e%2fclub.db",
        "/e/1/en/../../club.db",
        "/club.db",
        "/e/1/en/",
        "/e/1/xx/index.html",
        "/e/1/en/round-1.html/../../../club.db",
        "/e/",
        "/static/",
    ] {
        let r = get(s.addr, target);
        assert!(
            r.status == 404 || r.status == 400 || (target == "/e/1/en/" && r.status == 200),
            "{target}: {}",
            r.status
        );
        assert!(
            !r.body.contains("SQLite format"),
            "{target} served the database"
        );
        assert!(!r.body.contains("Index of"), "{target} listed a folder");
    }
    s.stop();
}

#[test]
fn a_name_with_a_script_is_escaped_everywhere() {
    let c = Club::new();
    c.five_members();
    c.ok(&["player", "add", "<script>alert(1)</script>"]);
    c.ok(&[
        "event",
        "new",
        "<b>Night</b>",
        "--system",
        "dutch",
        "--rounds",
        "3",
    ]);
    c.ok(&[
        "event",
        "enter",
        "1",
        "A",
        "B",
        "C",
        "<script>alert(1)</script>",
    ]);
    c.ok(&["round", "pair", "1"]);
    let s = serve(&c, Some("1"));
    for target in [
        "/",
        "/e/1/en/index.html",
        "/e/1/en/round-1.html",
        "/tv/1",
        "/e/1/en/player-4.html",
    ] {
        let r = get(s.addr, target);
        assert_eq!(r.status, 200, "{target}");
        assert!(!r.body.contains("<script>alert"), "{target}: raw script");
        assert!(!r.body.contains("<b>Night"), "{target}: raw tag");
    }
    assert!(get(s.addr, "/e/1/en/round-1.html")
        .body
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    // The API's JSON keeps the name as it is (JSON is not HTML).
    let r = get(s.addr, "/api/events/1/rounds/1");
    assert!(r.body.contains("<script>alert(1)</script>") || r.body.contains("\\u003cscript"));
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("application/json"));
    s.stop();
}

#[test]
fn the_printed_pairing_sheet_carries_the_served_rounds_qr_code() {
    let c = night();
    let plain = c.ok(&["print", "pairings", "Night"]);
    assert!(!plain.contains("/e/1/"), "no address known, no code");
    std::fs::write(
        c.path("config.toml"),
        "language = \"en\"\nserve_url = \"http://192.168.1.20:8080\"\n",
    )
    .unwrap();
    let text = c.ok(&["print", "pairings", "Night"]);
    assert!(
        text.contains("http://192.168.1.20:8080/e/1/en/round-1.html"),
        "{text}"
    );
    assert!(text.contains('█') && text.contains('▀'), "{text}");
    let html = c.ok(&["print", "pairings", "Night", "--format", "html"]);
    assert!(html.contains("<svg") && html.contains("round-1.html"));
    // A bad address is said with its line, and nothing is printed.
    std::fs::write(c.path("config.toml"), "serve_url = \"192.168.1.20\"\n").unwrap();
    let e = c.fails(&["print", "pairings", "Night"]);
    assert!(e.contains("serve_url"), "{e}");
}
