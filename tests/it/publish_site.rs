//! The published site: a page per player and per game with a
//! record, every page valid HTML5 (html5ever, the parser of Servo, reports
//! each parse error) whose links all resolve to files of the site; the game
//! page's board shows the final position without script and steps with
//! it, in Chromium with the network off.

use crate::common::chromium::find as chromium;
use crate::common::shared_or_skip;
use crate::common::Club;

use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn pgn(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/testdata/pgn")
        .join(name)
}

/// Four players, two rounds; round 1 board 1 has a record (the game of
/// `ccgc2006_01_gbk.pgn`, 宝岛一号 v 相眼竞技 0-1, 13 moves).
fn event_with_a_record() -> Club {
    event_with_clubs(["台北", "<b>&Co</b>", "上海", "杭州"])
}

/// [`event_with_a_record`] with the four players' clubs.
fn event_with_clubs(clubs: [&str; 4]) -> Club {
    let c = Club::new();
    for (n, club) in ["宝岛一号", "王强", "相眼竞技", "张伟"]
        .into_iter()
        .zip(clubs)
    {
        c.ok(&["player", "add", n, "--club", club]);
    }
    c.ok(&[
        "event", "new", "机赛", "--system", "berger", "--rounds", "3",
    ]);
    c.ok(&[
        "event",
        "enter",
        "机赛",
        "宝岛一号",
        "王强",
        "相眼竞技",
        "张伟",
    ]);
    c.ok(&["round", "pair", "机赛"]);
    c.ok(&["result", "机赛", "1", "1", "1-0"]);
    c.ok(&["result", "机赛", "1", "2", "1/2-1/2"]);
    c.ok(&["round", "pair", "机赛"]);
    c.ok(&["result", "机赛", "2", "1", "0-1"]);
    c.ok(&["result", "机赛", "2", "2", "1-0"]);
    c
}

/// The boards of round `r` as `round show` lists them: (board, red
/// start number, red name, black start number, black name).
fn boards(c: &Club, r: u32) -> Vec<(u32, u32, String, u32, String)> {
    let out = c.ok(&["round", "show", "机赛", &r.to_string(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = |x: &serde_json::Value| x.as_str().unwrap().parse::<u32>().unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                n(&b["board"]),
                n(&b["red_no"]),
                b["red"].as_str().unwrap().to_string(),
                n(&b["black_no"]),
                b["black"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn parse(path: &Path) -> RcDom {
    let bytes = std::fs::read(path).unwrap();
    html5ever::parse_document(RcDom::default(), Default::default())
        .from_utf8()
        .read_from(&mut &bytes[..])
        .unwrap()
}

fn attr(h: &Handle, name: &str) -> Option<String> {
    match &h.data {
        NodeData::Element { attrs, .. } => attrs
            .borrow()
            .iter()
            .find(|a| &*a.name.local == name)
            .map(|a| a.value.to_string()),
        _ => None,
    }
}

fn tag(h: &Handle) -> Option<String> {
    match &h.data {
        NodeData::Element { name, .. } => Some(name.local.to_string()),
        _ => None,
    }
}

/// Every element below `h`, in document order.
fn elements(h: &Handle, out: &mut Vec<Handle>) {
    for c in h.children.borrow().iter() {
        if tag(c).is_some() {
            out.push(c.clone());
        }
        elements(c, out);
    }
}

fn text(h: &Handle) -> String {
    let mut s = String::new();
    if let NodeData::Text { contents } = &h.data {
        s.push_str(&contents.borrow());
    }
    for c in h.children.borrow().iter() {
        s.push_str(&text(c));
    }
    s
}

fn html_files(site: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![site.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_page_parses_as_html5_without_errors_and_every_link_resolves() {
    shared_or_skip!("testdata/pgn");
    let c = event_with_a_record();
    let rec = pgn("ccgc2006_01_gbk.pgn");
    c.ok(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--record",
        rec.to_str().unwrap(),
        "--record-wins",
    ]);
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    // The parser reports what is wrong (a stray end tag here).
    let bad = c.path("bad.html");
    std::fs::write(&bad, "<!DOCTYPE html><title>x</title><p>a</div>").unwrap();
    assert!(!parse(&bad).errors.borrow().is_empty());
    let files = html_files(&site);
    // index, 2 rounds, 2 standings, crosstable, 4 players, 1 game; twice.
    assert_eq!(files.len(), 22, "{files:?}");
    for f in &files {
        let dom = parse(f);
        let errors = dom.errors.borrow();
        assert!(errors.is_empty(), "{f:?}: {errors:?}");
        let mut els = Vec::new();
        elements(&dom.document, &mut els);
        for e in &els {
            // Nothing is loaded from anywhere: no src, no stylesheet link.
            assert!(attr(e, "src").is_none(), "{f:?} loads {:?}", attr(e, "src"));
            assert_ne!(tag(e).as_deref(), Some("link"), "{f:?}");
            if let Some(href) = attr(e, "href") {
                let target = f.parent().unwrap().join(&href);
                assert!(target.is_file(), "{f:?} links to a missing {href}");
            }
        }
    }
    // Every player's page is linked from the index.
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    for n in 1..=4 {
        assert!(
            index.contains(&format!("href=\"player-{n}.html\"")),
            "{index}"
        );
    }
    assert!(index.contains("href=\"game-1-1.html\""), "{index}");
}

#[test]
fn a_player_page_lists_each_round_with_the_opponent_linked_and_the_running_score() {
    let c = event_with_a_record();
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    let standings = c.ok(&["standings", "机赛", "--format", "json"]);
    let st: serde_json::Value = serde_json::from_str(&standings).unwrap();
    let rounds = [boards(&c, 1), boards(&c, 2)];
    for no in 1..=4u32 {
        let dom = parse(&site.join(format!("player-{no}.html")));
        let mut els = Vec::new();
        elements(&dom.document, &mut els);
        let h1 = els
            .iter()
            .find(|e| tag(e).as_deref() == Some("h1"))
            .unwrap();
        let name = text(h1).rsplit(" · ").next().unwrap().to_string();
        let row = st
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name.as_str())
            .unwrap_or_else(|| panic!("{name} not in {standings}"));
        let lines: Vec<&Handle> = els
            .iter()
            .filter(|e| tag(e).as_deref() == Some("tr"))
            .skip(1)
            .collect();
        assert_eq!(lines.len(), 2, "one line per round");
        let mut total = 0.0;
        for (i, tr) in lines.iter().enumerate() {
            let mut cells = Vec::new();
            elements(tr, &mut cells);
            let tds: Vec<String> = cells
                .iter()
                .filter(|e| tag(e).as_deref() == Some("td"))
                .map(text)
                .collect();
            assert_eq!(tds[0], (i + 1).to_string());
            // The opponent, linked to his page, is the one on the board.
            let a = cells
                .iter()
                .find(|e| tag(e).as_deref() == Some("a"))
                .unwrap();
            let href = attr(a, "href").unwrap();
            let opp: u32 = href
                .trim_start_matches("player-")
                .trim_end_matches(".html")
                .parse()
                .unwrap();
            let board = rounds[i]
                .iter()
                .find(|b| b.1 == no || b.3 == no)
                .unwrap_or_else(|| panic!("{no} not on a board of round {}", i + 1));
            let (colour, opp_no, opp_name) = match board.1 == no {
                true => ("Red", board.3, &board.4),
                false => ("Black", board.1, &board.2),
            };
            assert_eq!(opp, opp_no);
            assert_eq!(text(a), format!("{opp} {opp_name}"));
            let zh = if colour == "Red" { "红方" } else { "黑方" };
            assert!(tds[1] == colour || tds[1] == zh, "{tds:?}");
            total += tds[4].parse::<f64>().unwrap();
            assert_eq!(tds[5].parse::<f64>().unwrap(), total, "{tds:?}");
        }
        let pts: f64 = row["points"].as_str().unwrap().parse().unwrap();
        assert_eq!(total, pts, "{name}");
    }
}

/// `qishe game stats`'s final position of a record file.
fn stats_final_fen(c: &Club, file: &Path) -> String {
    let out = c.ok(&["game", "stats", file.to_str().unwrap()]);
    out.lines()
        .find_map(|l| l.trim().strip_prefix("final position "))
        .unwrap_or_else(|| panic!("{out}"))
        .to_string()
}

#[test]
fn a_game_page_shows_the_final_position_and_the_moves_in_chinese_without_script() {
    shared_or_skip!("testdata/pgn");
    let c = event_with_a_record();
    let rec = pgn("ccgc2006_01_gbk.pgn");
    c.ok(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--record",
        rec.to_str().unwrap(),
        "--record-wins",
    ]);
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    let fen = stats_final_fen(&c, &rec);
    let pages: Vec<PathBuf> = html_files(&site)
        .into_iter()
        .filter(|p| p.ends_with("game-1-1.html"))
        .collect();
    assert_eq!(pages.len(), 2, "one page per language");
    for page in pages {
        let dom = parse(&page);
        let mut els = Vec::new();
        elements(&dom.document, &mut els);
        let html = els
            .iter()
            .find(|e| tag(e).as_deref() == Some("html"))
            .unwrap();
        let first = match attr(html, "lang").as_deref() {
            Some("en") => "炮八平五 (C8.5)",
            _ => "炮八平五",
        };
        let board = els
            .iter()
            .find(|e| attr(e, "id").as_deref() == Some("board"))
            .unwrap();
        assert_eq!(attr(board, "data-fen").unwrap(), fen);
        // The drawn points are that position: 32 − captured pieces.
        let drawn = board
            .children
            .borrow()
            .iter()
            .filter(|p| !text(p).is_empty())
            .count();
        let pieces = fen
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_alphabetic())
            .count();
        assert_eq!(drawn, pieces);
        assert_eq!(board.children.borrow().len(), 90);
        let moves: Vec<String> = els
            .iter()
            .filter(|e| attr(e, "data-ply").is_some() && tag(e).as_deref() == Some("span"))
            .map(text)
            .collect();
        assert_eq!(moves.len(), 26);
        assert_eq!(moves[0], first);
        // The step buttons wait hidden for the script.
        let ctl = els
            .iter()
            .find(|e| attr(e, "class").as_deref() == Some("ctl"))
            .unwrap();
        assert!(attr(ctl, "hidden").is_some());
        // Players linked to their pages.
        let b = &boards(&c, 1)[0];
        let links: Vec<(String, String)> = els
            .iter()
            .filter_map(|e| Some((attr(e, "href")?, text(e))))
            .collect();
        assert!(links.contains(&(format!("player-{}.html", b.1), format!("{} {}", b.1, b.2))));
        assert!(links.contains(&(format!("player-{}.html", b.3), format!("{} {}", b.3, b.4))));
    }
}

/// Chromium's DOM of `page` after a probe script pressed `keys` one by one
/// (real keydown events, answered by the page's own script) and wrote the
/// board's ply and FEN after each into the page; with the network off and
/// Chromium's network log in `netlog`.
fn step_in_chromium(chrome: &Path, page: &Path, keys: &[&str], netlog: &Path) -> String {
    let html = std::fs::read_to_string(page).unwrap();
    let keys: Vec<String> = keys.iter().map(|k| format!("'{k}'")).collect();
    let probe = format!(
        "<script>
window.addEventListener('load', function () {{
  var b = document.getElementById('board'), out = ['START ' + b.dataset.ply];
  [{}].forEach(function (k) {{
    document.dispatchEvent(new KeyboardEvent('keydown', {{ key: k, bubbles: true }}));
    out.push(k + ' ' + b.dataset.ply + ' ' + b.dataset.fen);
  }});
  var p = document.createElement('pre'); p.id = 'probe'; p.textContent = out.join('\\n') + '\\nEND';
  document.body.appendChild(p);
}});
</script>",
        keys.join(",")
    );
    let probed = page.with_file_name("probe.html");
    std::fs::write(&probed, html.replace("</body>", &format!("{probe}</body>"))).unwrap();
    let log = format!("--log-net-log={}", netlog.display());
    crate::common::chromium::dump_dom(
        chrome,
        &probed,
        &page.with_file_name("chrome-profile"),
        2000,
        &[
            // The network off: no name resolves, every proxy connection fails.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9",
            &log,
        ],
        Duration::from_secs(120),
    )
    .stdout
}

#[test]
fn the_board_steps_with_the_arrow_keys_in_chromium_and_no_request_leaves() {
    shared_or_skip!("testdata/pgn");
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED the_board_steps_with_the_arrow_keys_in_chromium: no chromium");
        return;
    };
    let c = event_with_a_record();
    let rec = pgn("ccgc2006_01_gbk.pgn");
    c.ok(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--record",
        rec.to_str().unwrap(),
        "--record-wins",
    ]);
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    let netlog = c.path("net.json");
    let dom = step_in_chromium(
        &chrome,
        &site.join("game-1-1.html"),
        &[
            "ArrowRight",
            "ArrowRight",
            "ArrowLeft",
            "End",
            "Home",
            "ArrowLeft",
        ],
        &netlog,
    );
    let probe = dom
        .split("<pre id=\"probe\">")
        .nth(1)
        .and_then(|s| s.split("END").next())
        .unwrap_or_else(|| panic!("the probe did not run: {dom}"));
    let lines: Vec<Vec<&str>> = probe.lines().map(|l| l.splitn(3, ' ').collect()).collect();
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    assert_eq!(
        lines[0],
        ["START", "0"],
        "the script starts at the first position"
    );
    assert_eq!(lines[1][1], "1");
    assert_ne!(lines[1][2], start, "the first move changed the board");
    assert_eq!(lines[2][1], "2");
    assert_eq!(lines[3][1..], lines[1][1..], "back one move");
    assert_eq!(lines[4][1], "26");
    assert_eq!(lines[4][2], stats_final_fen(&c, &rec), "the last position");
    assert_eq!(lines[5][1..], ["0", start]);
    assert_eq!(lines[6][1], "0", "nothing before the first position");
    // No request left the page: in Chromium's network log, no request that
    // a page started (Chromium's own have no origin) …
    let log = std::fs::read_to_string(&netlog).unwrap();
    assert_eq!(page_requests(&log), Vec::<String>::new());
    // … which a page with one remote image would show.
    let control = site.join("control.html");
    std::fs::write(
        &control,
        "<!DOCTYPE html><title>x</title><img src=\"http://example.invalid/x.png\">",
    )
    .unwrap();
    let log2 = c.path("net2.json");
    step_in_chromium(&chrome, &control, &[], &log2);
    let log2 = std::fs::read_to_string(&log2).unwrap();
    assert!(
        page_requests(&log2)
            .iter()
            .any(|u| u.contains("example.invalid")),
        "the check sees a page's request"
    );
}

/// The http(s)/ws(s) URLs of requests a page started, from a Chromium
/// network log (JSON); Chromium's own requests say "not an origin".
fn page_requests(log: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(log).expect("a complete network log");
    let mut urls = Vec::new();
    for e in v["events"].as_array().unwrap() {
        let p = &e["params"];
        let (Some(url), Some(from)) = (p["url"].as_str(), p["initiator"].as_str()) else {
            continue;
        };
        let remote = ["http:", "https:", "ws:", "wss:"]
            .iter()
            .any(|s| url.starts_with(s));
        if remote && from != "not an origin" {
            urls.push(url.to_string());
        }
    }
    urls
}

/// Attributes that make a browser fetch or go somewhere.
const URL_ATTRS: &[&str] = &[
    "src",
    "href",
    "srcset",
    "action",
    "formaction",
    "poster",
    "data",
    "background",
    "cite",
    "manifest",
    "ping",
    "xlink:href",
];

/// The site works with the network off: no page names anything outside the
/// site — no URL attribute leaves it, no style loads (`url(`, `@import`),
/// no script fetches, no `<meta http-equiv>` redirects. A club named like a
/// web address is printed as text, never as a link.
#[test]
fn no_page_names_anything_on_the_network() {
    shared_or_skip!("testdata/pgn");
    let c = event_with_clubs(["台北", "https://club.example/王", "上海", "杭州"]);
    let rec = pgn("ccgc2006_01_gbk.pgn");
    c.ok(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--record",
        rec.to_str().unwrap(),
        "--record-wins",
    ]);
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    let files = html_files(&site);
    assert!(files.len() >= 20, "{files:?}");
    let mut club_shown = 0;
    for f in &files {
        let dom = parse(f);
        let mut els = Vec::new();
        elements(&dom.document, &mut els);
        for e in &els {
            let NodeData::Element { attrs, .. } = &e.data else {
                continue;
            };
            for a in attrs.borrow().iter() {
                let name = a.name.local.to_string();
                let value = a.value.to_string();
                let lower = value.trim().to_ascii_lowercase();
                if URL_ATTRS.contains(&name.as_str()) {
                    // Only files of the site: relative, no scheme, no host.
                    assert!(
                        !lower.contains(':') && !lower.starts_with("//") && !lower.starts_with('/'),
                        "{f:?}: {name}={value:?}"
                    );
                }
                if name == "style" {
                    assert!(!lower.contains("url("), "{f:?}: style={value:?}");
                }
                if name.starts_with("on") {
                    assert!(!lower.contains("http"), "{f:?}: {name}={value:?}");
                }
            }
            match tag(e).as_deref() {
                Some("style") => {
                    let css = text(e).to_ascii_lowercase();
                    assert!(
                        !css.contains("url(") && !css.contains("@import"),
                        "{f:?}: {css}"
                    );
                }
                Some("script") => {
                    let js = text(e);
                    for word in ["fetch(", "XMLHttpRequest", "import(", "WebSocket", "http"] {
                        assert!(!js.contains(word), "{f:?}: script uses {word}");
                    }
                    assert!(attr(e, "src").is_none(), "{f:?}");
                }
                Some("meta") => assert!(attr(e, "http-equiv").is_none(), "{f:?}"),
                Some("link" | "iframe" | "object" | "embed" | "base") => {
                    panic!("{f:?}: a <{}> element", tag(e).unwrap())
                }
                _ => {}
            }
        }
        let page = std::fs::read_to_string(f).unwrap();
        club_shown += usize::from(page.contains("https://club.example/王"));
    }
    // The club is shown (as text: the checks above saw no such link).
    assert!(
        club_shown > 0,
        "the club named like an address is on no page"
    );
}

/// The game page's embedded moves, replayed move by move with the
/// xiangqi core from the page's first position, pass through every
/// position the page's script shows and end on the stored record's final
/// position, which `qishe game stats` gives too (two records: 13 and 31
/// moves).
#[test]
fn the_game_pages_moves_replay_to_the_records_final_position() {
    shared_or_skip!("testdata/pgn");
    use qishe::xiangqi::{parse_move, Position};
    let c = event_with_a_record();
    let games = [
        ("1", "0-1", pgn("ccgc2006_01_gbk.pgn")),
        ("2", "1/2-1/2", pgn("ccgc2006_02_gbk.pgn")),
    ];
    for (board, result, rec) in &games {
        c.ok(&[
            "result",
            "机赛",
            "1",
            board,
            result,
            "--record",
            rec.to_str().unwrap(),
            "--record-wins",
        ]);
    }
    let site = c.path("site");
    c.ok(&["publish", "机赛", "-o", site.to_str().unwrap()]);
    for (board, _, rec) in &games {
        let want = stats_final_fen(&c, rec);
        let name = format!("game-1-{board}.html");
        let pages: Vec<PathBuf> = html_files(&site)
            .into_iter()
            .filter(|p| p.ends_with(&name))
            .collect();
        assert_eq!(pages.len(), 2, "{name}: one page per language");
        for page in pages {
            let dom = parse(&page);
            let mut els = Vec::new();
            elements(&dom.document, &mut els);
            let data = els
                .iter()
                .find(|e| attr(e, "id").as_deref() == Some("game-data"))
                .map(text)
                .unwrap();
            let data: serde_json::Value = serde_json::from_str(&data).unwrap();
            let fens: Vec<&str> = data["fens"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_str().unwrap())
                .collect();
            // The moves as the page prints them; the English page adds the
            // WXF form in brackets.
            let moves: Vec<String> = els
                .iter()
                .filter(|e| attr(e, "data-ply").is_some() && tag(e).as_deref() == Some("span"))
                .map(|e| text(e).split(" (").next().unwrap().to_string())
                .collect();
            assert_eq!(moves.len() + 1, fens.len(), "{page:?}");
            let mut pos = Position::from_fen(fens[0]).unwrap();
            for (i, m) in moves.iter().enumerate() {
                let mv = parse_move(&pos, m)
                    .unwrap_or_else(|e| panic!("{page:?} ply {}: {m}: {e:?}", i + 1));
                pos = pos.after(mv);
                assert_eq!(pos.fen(), fens[i + 1], "{page:?} after ply {} ({m})", i + 1);
            }
            assert_eq!(pos.fen(), want, "{page:?}");
            let board_el = els
                .iter()
                .find(|e| attr(e, "id").as_deref() == Some("board"))
                .unwrap();
            assert_eq!(attr(board_el, "data-fen").unwrap(), want, "{page:?}");
        }
    }
}
