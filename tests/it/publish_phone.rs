//! The published site (`qishe publish`) on a phone: every page of a site
//! laid out in headless Chromium 360 px wide, where the page body never
//! scrolls sideways (a table wider than the screen scrolls inside its own
//! box); the crosstables of 24 and 60 players; a 繁體 site when the
//! config says so. Skips (with a message) when Chromium is not installed.

use crate::common::chromium::find as chromium;
use crate::common::Club;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The phone's width in CSS pixels.
const PHONE: u32 = 360;

/// What Chromium measured on one page at [`PHONE`] width.
#[derive(Debug)]
struct Measured {
    page: String,
    /// The page body's scroll width and the window's inner width.
    body: u32,
    inner: u32,
    /// The first name cell stays put while its table scrolls (`sticky`).
    sticky_names: bool,
    /// Tables wider than their box: (class, table width, box width,
    /// whether that box scrolls sideways by itself).
    wide: Vec<(String, u32, u32, bool)>,
}

/// The probe each page runs in an iframe of the phone's width: the
/// scrolling element's width against the window's, and each table wider
/// than its box with the box's own `overflow-x`.
const PROBE: &str = r#"<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
<pre id="out"></pre>
<script>
var pages = PAGES, out = [], i = 0;
function next() {
  if (i >= pages.length) { document.getElementById('out').textContent = out.join('\n') + '\nEND'; return; }
  var f = document.createElement('iframe');
  f.style.width = 'WIDTHpx'; f.style.height = '800px'; f.style.border = '0';
  f.onload = function () { try { measure(f); } catch (e) { out.push('ERROR ' + pages[i] + ' ' + e); i = pages.length; next(); } };
  f.src = pages[i];
  document.body.appendChild(f);
}
function measure(f) {
    var w = f.contentWindow, d = f.contentDocument, s = d.scrollingElement;
    var line = [pages[i], s.scrollWidth, w.innerWidth];
    d.querySelectorAll('table').forEach(function (t) {
      // The box that holds the table: the table itself when it is a block.
      var box = t, scrolls = false;
      while (box && box !== d.body) {
        var o = w.getComputedStyle(box).overflowX;
        if (o === 'auto' || o === 'scroll') { scrolls = true; break; }
        box = box.parentElement;
      }
      var bw = scrolls ? box.clientWidth : t.getBoundingClientRect().width;
      if (t.scrollWidth > bw + 1 || t.getBoundingClientRect().right > w.innerWidth + 1)
        line.push((t.className || 'table') + ':' + t.scrollWidth + ':' + Math.round(bw) + ':' + (scrolls ? 1 : 0)
          + ':' + Math.round(t.getBoundingClientRect().right));
    });
    var nm = d.querySelector('td.name');
    line.splice(3, 0, nm && w.getComputedStyle(nm).position === 'sticky' ? 1 : 0);
    out.push(line.join(' '));
    document.body.removeChild(f);
    i += 1; next();
}
window.addEventListener('load', next);
</script></body></html>"#;

/// Lays out `pages` (paths under `site`) in one headless Chromium, each
/// in a [`PHONE`]-wide frame, and returns what it measured.
fn measure(chrome: &Path, site: &Path, pages: &[PathBuf]) -> Vec<Measured> {
    // A probe in each folder (a language's pages), beside its pages: a
    // frame in another folder may be another origin to Chromium.
    let mut dirs: Vec<&Path> = pages.iter().map(|p| p.parent().unwrap()).collect();
    dirs.dedup();
    dirs.sort();
    dirs.dedup();
    let mut all = Vec::new();
    for dir in dirs {
        let here: Vec<PathBuf> = pages
            .iter()
            .filter(|p| p.parent() == Some(dir))
            .cloned()
            .collect();
        for (p, mut m) in here.iter().zip(measure_in(chrome, dir, &here)) {
            m.page = p.strip_prefix(site).unwrap().to_string_lossy().into_owned();
            all.push((p.clone(), m));
        }
    }
    pages
        .iter()
        .map(|p| {
            let i = all.iter().position(|(q, _)| q == p).unwrap();
            all.remove(i).1
        })
        .collect()
}

/// [`measure`] for pages of one folder `dir`.
fn measure_in(chrome: &Path, dir: &Path, pages: &[PathBuf]) -> Vec<Measured> {
    let site = dir;
    let list: Vec<String> = pages
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(site).unwrap().to_string_lossy();
            format!("'{}'", rel.replace('\\', "/"))
        })
        .collect();
    let probe = PROBE
        .replace("PAGES", &format!("[{}]", list.join(",")))
        .replace("WIDTH", &PHONE.to_string());
    let file = site.join("phone-probe.html");
    std::fs::write(&file, probe).unwrap();
    let out = crate::common::chromium::dump_dom(
        chrome,
        &file,
        &site.with_file_name("phone-profile"),
        60_000,
        // The frames are the site's own files: same origin for the probe.
        &["--allow-file-access-from-files", "--window-size=800,900"],
        Duration::from_secs(300),
    );
    std::fs::remove_file(&file).unwrap();
    let dom = out.stdout;
    let text = dom
        .split("<pre id=\"out\">")
        .nth(1)
        .and_then(|t| t.split("</pre>").next())
        .unwrap_or("");
    assert!(
        text.ends_with("END") && !text.contains("ERROR"),
        "the probe did not finish: {text}\n{dom}\n{}",
        out.stderr
    );
    let got: Vec<Measured> = text
        .lines()
        .filter(|l| *l != "END")
        .map(|l| {
            let mut it = l.split(' ');
            let page = it.next().unwrap().to_string();
            let body = it.next().unwrap().parse().unwrap();
            let inner = it.next().unwrap().parse().unwrap();
            let sticky_names = it.next() == Some("1");
            let wide = it
                .map(|w| {
                    let f: Vec<&str> = w.split(':').collect();
                    (
                        f[0].to_string(),
                        f[1].parse().unwrap(),
                        f[2].parse().unwrap(),
                        f[3] == "1",
                    )
                })
                .collect();
            Measured {
                page,
                body,
                inner,
                sticky_names,
                wide,
            }
        })
        .collect();
    assert_eq!(got.len(), pages.len(), "{text}");
    got
}

/// The site's HTML pages (both languages).
fn site_pages(site: &Path) -> Vec<PathBuf> {
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

/// Every page: the body fits the phone; each table wider than the phone
/// scrolls inside its own box.
fn assert_fits(m: &[Measured]) {
    for p in m {
        assert_eq!(p.inner, PHONE, "{}: the frame's width", p.page);
        assert!(
            p.body <= p.inner,
            "{}: the page body scrolls sideways ({} px in {} px): {:?}",
            p.page,
            p.body,
            p.inner,
            p.wide
        );
        for (class, w, bw, scrolls) in &p.wide {
            assert!(
                *scrolls,
                "{}: a table ({class}) {w} px wide in {bw} px does not scroll inside its box",
                p.page
            );
        }
    }
}

/// `n` members with names of two to four characters and long clubs, in
/// an event `name` of `system`, its first `played` rounds played.
fn event(c: &Club, name: &str, n: usize, system: &str, rounds: &str, played: u32) {
    let family = ["王", "欧阳", "郑", "司马", "赵", "许", "上官", "吕"];
    let given = ["天一", "惟桐", "银川", "琦琳", "鑫鑫", "钦", "晓东", "文君"];
    let clubs = [
        "杭州市象棋协会少年宫分会",
        "四川成都",
        "Shanghai Xiangqi Club",
        "北京",
    ];
    let mut csv = String::from("姓名,单位,等级分\n");
    let mut names = Vec::new();
    for i in 0..n {
        let nm = format!("{}{}{}", family[i % 8], given[(i / 8) % 8], i / 64);
        let nm = nm.trim_end_matches('0').to_string();
        csv.push_str(&format!("{nm},{},{}\n", clubs[i % 4], 2400 - 7 * i));
        names.push(nm);
    }
    let f = format!("{name}.csv");
    std::fs::write(c.path(&f), csv).unwrap();
    // Members of an earlier event of the club are entered again.
    c.ok(&["player", "import", &f, "--skip-duplicates"]);
    c.ok(&["event", "new", name, "--system", system, "--rounds", rounds]);
    let mut enter = vec!["event", "enter", name];
    enter.extend(names.iter().map(String::as_str));
    c.ok(&enter);
    for round in 1..=played {
        let r = round.to_string();
        c.ok(&["round", "pair", name]);
        let games = c.ok(&["round", "show", name, &r, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&games).unwrap();
        for (i, b) in v.as_array().unwrap().iter().enumerate() {
            let board = b["board"].as_str().unwrap();
            let res = ["1-0", "0-1", "1/2-1/2"][(i + round as usize) % 3];
            if b["result"].as_str() == Some("*") {
                c.ok(&["result", name, &r, board, res]);
            }
        }
    }
}

/// The site's folder of its second language (`en`, `zh-Hans`, …: which
/// one depends on the language the site is published in first).
fn twin(site: &Path) -> PathBuf {
    let dirs: Vec<PathBuf> = std::fs::read_dir(site)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(
        dirs.len(),
        1,
        "one folder for the second language: {dirs:?}"
    );
    dirs[0].clone()
}

fn publish(c: &Club, event: &str) -> PathBuf {
    let site = c.path(&format!("site-{event}"));
    c.ok(&["publish", event, "-o", site.to_str().unwrap()]);
    site
}

#[test]
fn every_page_of_a_swiss_site_fits_a_phone() {
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED every_page_of_a_swiss_site_fits_a_phone: no chromium");
        return;
    };
    let c = Club::new();
    event(&c, "秋季公开赛", 24, "dutch", "7", 3);
    let site = publish(&c, "秋季公开赛");
    let pages = site_pages(&site);
    // index, rounds 1-3, standings after 1-3, crosstable and 24 players, twice.
    assert!(pages.len() >= 2 * 32, "{}", pages.len());
    for p in &pages {
        let html = std::fs::read_to_string(p).unwrap();
        assert!(
            html.contains("<meta name=\"viewport\" content=\"width=device-width"),
            "{p:?}: no viewport"
        );
    }
    assert_fits(&measure(&chrome, &site, &pages));
}

/// Crosstables of a round robin of 24 and of 60: wider than any phone,
/// they scroll inside their own box while the page body stays put, and a
/// player's name stays in sight while they scroll.
#[test]
fn crosstables_of_24_and_60_players_scroll_inside_their_box() {
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED crosstables_of_24_and_60_players: no chromium");
        return;
    };
    let c = Club::new();
    for (ev, n, played) in [("循环24", 24, 6), ("循环60", 60, 3)] {
        event(&c, ev, n, "berger", &(n - 1).to_string(), played);
        let site = publish(&c, ev);
        let pages: Vec<PathBuf> = [
            "crosstable.html",
            "standings-1.html",
            "round-1.html",
            "index.html",
        ]
        .iter()
        .map(|f| site.join(f))
        .chain(
            ["crosstable.html", "round-1.html"]
                .iter()
                .map(|f| twin(&site).join(f)),
        )
        .collect();
        let m = measure(&chrome, &site, &pages);
        assert_fits(&m);
        // The crosstable is wider than the phone: it is one that scrolls.
        let cross = &m[0];
        assert!(
            cross.wide.iter().any(|(_, w, _, s)| *s && *w > PHONE * 2),
            "{ev}: the crosstable should be wide and scroll in its box: {cross:?}"
        );
        // Its names stay in sight while it scrolls.
        assert!(
            cross.sticky_names,
            "{ev}: the names should stay while the crosstable scrolls: {cross:?}"
        );
    }
}

/// A club whose config says 繁體 publishes its site in 繁體 at the top,
/// and it fits a phone as well.
#[test]
fn a_traditional_chinese_site_fits_a_phone() {
    let c = Club::new();
    std::fs::write(
        c.path("config.toml"),
        "language = \"zh-Hant\"\nclub = \"臺北象棋會\"\n",
    )
    .unwrap();
    event(&c, "春季賽", 10, "dutch", "5", 2);
    let site = publish(&c, "春季賽");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("lang=\"zh-Hant\""), "{index}");
    let round = std::fs::read_to_string(site.join("round-1.html")).unwrap();
    assert!(round.contains("lang=\"zh-Hant\""), "{round}");
    // 繁體 words, not 简体 ones: 對陣表, 名次表 / 排名.
    assert!(round.contains("對陣"), "{round}");
    assert!(!round.contains("对阵"), "{round}");
    let standings = std::fs::read_to_string(site.join("standings-1.html")).unwrap();
    assert!(!standings.contains("名次表") || standings.contains("lang=\"zh-Hant\""));
    // The twin in the other language, linked from each page.
    assert!(round.contains("hreflang="), "{round}");
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED the phone part of a_traditional_chinese_site: no chromium");
        return;
    };
    let pages = site_pages(&site);
    assert_fits(&measure(&chrome, &site, &pages));
}

/// A knockout of 32 (its bracket is five rounds wide, far wider than a
/// phone) and a team league of 10 teams of 4 boards: every page of their
/// sites fits the phone, the bracket and the team tables scrolling inside
/// their own box.
#[test]
fn knockout_and_team_sites_fit_a_phone() {
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED knockout_and_team_sites_fit_a_phone: no chromium");
        return;
    };
    let c = Club::new();
    let mut csv = String::from("姓名,单位,等级分\n");
    for i in 0..72 {
        csv.push_str(&format!(
            "欧阳棋手{i},杭州市象棋协会少年宫分会,{}\n",
            2400 - 5 * i
        ));
    }
    std::fs::write(c.path("m.csv"), csv).unwrap();
    c.ok(&["player", "import", "m.csv"]);

    c.ok(&["event", "new", "冬季淘汰赛", "--system", "knockout"]);
    let mut enter = vec!["event".to_string(), "enter".into(), "冬季淘汰赛".into()];
    enter.extend((0..32).map(|i| format!("欧阳棋手{i}")));
    c.ok(&enter.iter().map(String::as_str).collect::<Vec<_>>());
    c.ok(&["round", "pair", "冬季淘汰赛"]);
    for board in 1..=16 {
        let res = ["1-0", "0-1"][board % 2];
        c.ok(&["result", "冬季淘汰赛", "1", &board.to_string(), res]);
    }
    c.ok(&["round", "pair", "冬季淘汰赛"]);

    c.ok(&[
        "event",
        "new",
        "团体联赛",
        "--teams",
        "--boards",
        "4",
        "--system",
        "berger",
        "--rounds",
        "9",
    ]);
    for t in 0..10 {
        let players: Vec<String> = (0..4)
            .map(|b| format!("欧阳棋手{}", 32 + 4 * t + b))
            .collect();
        c.ok(&[
            "team",
            "add",
            "团体联赛",
            &format!("杭州市第{t}象棋俱乐部代表队"),
            "--players",
            &players.join(","),
        ]);
    }
    c.ok(&["round", "pair", "团体联赛"]);

    for ev in ["冬季淘汰赛", "团体联赛"] {
        let site = publish(&c, ev);
        let pages = site_pages(&site);
        assert!(pages.len() >= 4, "{ev}: {pages:?}");
        let m = measure(&chrome, &site, &pages);
        assert_fits(&m);
        if ev == "冬季淘汰赛" {
            // The bracket is wider than the phone: it is one that scrolls.
            let bracket = m
                .iter()
                .find(|p| p.page.ends_with("bracket.html"))
                .expect("the knockout site has a bracket page");
            assert!(
                bracket.wide.iter().any(|(_, w, _, s)| *s && *w > PHONE),
                "the bracket should be wider than the phone and scroll in its box: {bracket:?}"
            );
        }
    }
}

/// A bracket of 8 (three rounds and the champion) with four-character
/// names fits a phone's width whole: on a narrow screen the chart's
/// headings wrap and its columns narrow, so the reader sees the final
/// and the champion without scrolling the chart sideways.
#[test]
fn an_eight_player_bracket_fits_a_phone_without_scrolling() {
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED an_eight_player_bracket_fits_a_phone_without_scrolling: no chromium");
        return;
    };
    let c = Club::new();
    let names = [
        "欧阳靖宇",
        "司马长风",
        "诸葛明亮",
        "上官婉儿",
        "皇甫嵩山",
        "慕容复兴",
        "东方不败",
        "令狐冲霄",
    ];
    for (i, n) in names.iter().enumerate() {
        c.ok(&[
            "player",
            "add",
            n,
            "--rating",
            &(2400 - 10 * i as i32).to_string(),
        ]);
    }
    c.ok(&[
        "event",
        "new",
        "冠军杯",
        "--system",
        "knockout",
        "--third-place",
    ]);
    let mut enter = vec!["event", "enter", "冠军杯"];
    enter.extend(names);
    c.ok(&enter);
    c.ok(&["round", "pair", "冠军杯"]);
    for board in 1..=4 {
        c.ok(&["result", "冠军杯", "1", &board.to_string(), "1-0"]);
    }
    c.ok(&["round", "pair", "冠军杯"]);
    let site = publish(&c, "冠军杯");
    let pages: Vec<PathBuf> = site_pages(&site)
        .into_iter()
        .filter(|p| p.ends_with("bracket.html"))
        .collect();
    assert_eq!(pages.len(), 2, "English and 简体: {pages:?}");
    let m = measure(&chrome, &site, &pages);
    assert_fits(&m);
    for p in &m {
        assert!(
            !p.wide.iter().any(|(class, ..)| class == "chart"),
            "{}: the chart is wider than the phone: {:?}",
            p.page,
            p.wide
        );
    }
}
