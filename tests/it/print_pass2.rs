//! Printing, second pass: documents an arbiter pins up without a
//! pen. Slips never lose a row, CSV opens as UTF-8 in Excel and lists every
//! player, wall charts show where every point comes from, documents come
//! out in the club's language and fit 80 columns.

use crate::common::chromium::find as chromium;
use crate::common::{self, Club};
use crate::report_support::*;

use qishe::i18n::Lang;
use qishe::report::{self, render_html, render_text};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use unicode_width::UnicodeWidthStr;

const BOM: &str = "\u{feff}";

/// A 40-character club: the name that made board 12 lose its signature row.
const LONG_CLUB: &str =
    "中华人民共和国浙江省杭州市西湖区文三路东方明珠象棋俱乐部青少年培训中心第一分部甲";

/// Chromium's DOM after a script measured, in print width, every slip:
/// the script writes `OVERFLOW k` into the page for each slip whose last
/// row (the signature) ends below the slip's own box or is cut off.
fn dump_dom(chrome: &Path, dir: &Path, name: &str, html: &str) -> String {
    let probe = r#"<style>@media screen { body { margin: 0 !important; width: 186mm !important; max-width: none !important; } }</style>
<script>
window.addEventListener('load', function () {
  var bad = [];
  document.querySelectorAll('div.slip').forEach(function (s, i) {
    var box = s.getBoundingClientRect();
    var rows = s.querySelectorAll('tr');
    var last = rows[rows.length - 1].getBoundingClientRect();
    var clipped = getComputedStyle(s).overflow === 'hidden' && s.scrollHeight > s.clientHeight + 1;
    if (last.bottom > box.bottom + 0.5 || clipped) bad.push(i);
  });
  var p = document.createElement('p');
  p.id = 'probe';
  p.textContent = 'SLIPS ' + document.querySelectorAll('div.slip').length + ' OVERFLOW ' + bad.join(',') + ' END';
  document.body.appendChild(p);
});
</script>
"#;
    let html = html.replace("</body>", &format!("{probe}</body>"));
    let src = dir.join(format!("{name}.html"));
    std::fs::write(&src, html).unwrap();
    crate::common::chromium::dump_dom(
        chrome,
        &src,
        &dir.join(format!("p-{name}")),
        2000,
        &[],
        Duration::from_secs(120),
    )
    .stdout
}

#[test]
fn a_slip_with_a_40_character_club_keeps_its_signature_row() {
    assert_eq!(LONG_CLUB.chars().count(), 40);
    let mut d = slips_data(8);
    for b in &mut d.boards {
        b.red.club = Some(LONG_CLUB.into());
        if let Some(x) = &mut b.black {
            x.club = Some(format!("{LONG_CLUB} <Berlin & Co>"));
        }
    }
    let html = render_html(&report::result_slips(&d, Lang::ZhHans));
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED a_slip_with_a_40_character_club_keeps_its_signature_row: no chromium");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let dom = dump_dom(&chrome, dir.path(), "slips", &html);
    assert!(dom.contains("SLIPS 8 OVERFLOW  END"), "{}", probe_of(&dom));
}

fn probe_of(dom: &str) -> &str {
    dom.find("SLIPS").map_or("(no probe result)", |i| &dom[i..])
}

/// A Swiss event of 7 (a bye every round), round 1 played, one player
/// withdrawn after round 1, one requested bye in round 2, round 2 paired.
fn swiss() -> Club {
    let c = Club::new();
    for (n, club) in [
        ("王天一", "杭州"),
        ("郑惟桐", "四川"),
        ("许银川", "广东"),
        ("欧阳琦琳", "北京"),
        ("Li Wei", "Berlin"),
        ("赵鑫鑫", "浙江"),
        ("吕钦", "广东"),
        ("=HYPERLINK(\"x\")", "@club"),
        ("蒋川", "北京"),
    ] {
        c.ok(&["player", "add", n, "--club", club]);
    }
    c.dutch_event(
        "秋季赛",
        &["--date", "2026-11-28"],
        &[&crate::common::SEVEN[..], &["=HYPERLINK(\"x\")", "蒋川"]].concat(),
    );
    c.ok(&["round", "pair", "秋季赛"]);
    for b in 1..=4 {
        c.ok(&["result", "秋季赛", "1", &b.to_string(), "1-0"]);
    }
    c.ok(&["event", "withdraw", "秋季赛", "吕钦", "--after-round", "1"]);
    c.ok(&["event", "bye", "秋季赛", "蒋川", "2"]);
    c.ok(&["round", "pair", "秋季赛"]);
    c
}

#[test]
fn a_chinese_results_sheet_says_red_won_and_its_csv_keeps_the_codes() {
    let c = swiss();
    let text = c.ok(&[
        "print",
        "pairings",
        "秋季赛",
        "--round",
        "1",
        "--lang",
        "zh-Hans",
    ]);
    assert!(text.contains("红胜"), "{text}");
    assert!(!text.contains("1-0"), "{text}");
    let zh_hant = c.ok(&[
        "print",
        "pairings",
        "秋季赛",
        "--round",
        "1",
        "--lang",
        "zh-Hant",
    ]);
    assert!(zh_hant.contains("紅勝"), "{zh_hant}");
    let en = c.ok(&[
        "print",
        "pairings",
        "秋季赛",
        "--round",
        "1",
        "--lang",
        "en",
    ]);
    assert!(en.contains("1-0"), "{en}");
    let csv = c.ok(&[
        "print",
        "pairings",
        "秋季赛",
        "--round",
        "1",
        "--format",
        "csv",
        "--lang",
        "zh-Hans",
    ]);
    assert!(csv.contains(",1-0,"), "{csv}");
    assert!(!csv.contains("红胜"), "{csv}");
}

#[test]
fn csv_opens_as_utf8_with_a_bom_unless_asked_not_to() {
    let c = swiss();
    let out = c.ok(&["print", "standings", "秋季赛", "--format", "csv"]);
    assert!(out.starts_with(BOM), "{out}");
    let file = c.path("standings.csv");
    c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "csv",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(std::fs::read(&file).unwrap().starts_with(BOM.as_bytes()));
    let plain = c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "csv",
        "--no-bom",
    ]);
    assert!(plain.starts_with("rank,"), "{plain}");
    // --no-bom means nothing for text.
    let e = c.fails(&["print", "standings", "秋季赛", "--no-bom"]);
    assert!(e.contains("--no-bom"), "{e}");
}

fn csv_rows(out: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_reader(out.trim_start_matches(BOM).as_bytes());
    let head = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|x| x.unwrap().iter().map(String::from).collect())
        .collect();
    (head, rows)
}

#[test]
fn the_pairings_csv_has_every_player_bye_and_absent_included() {
    let c = swiss();
    let out = c.ok(&["print", "pairings", "秋季赛", "--format", "csv", "--no-bom"]);
    let (head, rows) = csv_rows(&out);
    let col = |k: &str| {
        head.iter()
            .position(|h| h == k)
            .unwrap_or_else(|| panic!("{k}: {head:?}"))
    };
    let (red, black, note) = (col("red"), col("black"), col("note"));
    let mut names: Vec<&str> = rows
        .iter()
        .flat_map(|r| [r[red].as_str(), r[black].as_str()])
        .filter(|n| !n.is_empty())
        .collect();
    names.sort();
    // 9 entered: 3 boards (6), the pairing bye, the requested bye and the withdrawn.
    assert_eq!(names.len(), 9, "{out}");
    names.dedup();
    assert_eq!(names.len(), 9, "{out}");
    let notes: Vec<&str> = rows.iter().map(|r| r[note].as_str()).collect();
    assert!(notes.contains(&"bye"), "{out}");
    assert!(notes.contains(&"withdrawn"), "{out}");
    assert!(notes.contains(&"requested-bye"), "{out}");
    // A name that looks like a formula is neutralised in every print CSV.
    assert!(out.contains("'=HYPERLINK"), "{out}");
    assert!(!out.contains(",=HYPERLINK"), "{out}");
}

#[test]
fn a_withdrawn_player_is_labelled_withdrawn_not_absent() {
    let c = swiss();
    let zh = c.ok(&["print", "pairings", "秋季赛", "--lang", "zh-Hans"]);
    let line = zh.lines().find(|l| l.contains("吕钦")).unwrap();
    assert!(line.contains("退赛"), "{zh}");
    let line = zh.lines().find(|l| l.contains("蒋川")).unwrap();
    assert!(line.contains("请假"), "{zh}");
}

#[test]
fn csv_headers_in_chinese_on_request() {
    let c = swiss();
    let out = c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "csv",
        "--lang",
        "zh-Hans",
        "--headers",
        "zh",
    ]);
    let (head, _) = csv_rows(&out);
    assert_eq!(&head[..3], ["名次", "序号", "姓名"], "{out}");
    let out = c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "csv",
        "--lang",
        "zh-Hans",
    ]);
    let (head, _) = csv_rows(&out);
    assert_eq!(&head[..3], ["rank", "no", "name"], "{out}");
}

#[test]
fn documents_default_to_the_clubs_language() {
    let c = swiss();
    // No config, a locale that names no language: the club's Chinese.
    for lang in ["C", "POSIX", "C.UTF-8", ""] {
        let o = crate::common::output_of(
            common::qishe()
                .current_dir(c.dir.path())
                .env("LANG", lang)
                .args([
                    "--db",
                    c.db.to_str().unwrap(),
                    "print",
                    "pairings",
                    "秋季赛",
                ]),
        );
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("对阵表"), "LANG={lang}: {text}");
    }
    // The config's language wins.
    std::fs::write(c.path("config.toml"), "language = \"zh-Hant\"\n").unwrap();
    let text = c.ok(&["print", "pairings", "秋季赛"]);
    assert!(text.contains("對陣表"), "{text}");
}

#[test]
fn wall_chart_shows_bye_points() {
    let c = Club::new();
    for n in ["甲", "乙", "丙", "丁", "戊"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&[
        "event",
        "new",
        "循环赛",
        "--system",
        "berger",
        "--rounds",
        "5",
        "--bye-scores",
    ]);
    c.ok(&["event", "enter", "循环赛", "甲", "乙", "丙", "丁", "戊"]);
    for r in 1..=2 {
        c.ok(&["round", "pair", "循环赛"]);
        for b in 1..=2 {
            c.ok(&["result", "循环赛", &r.to_string(), &b.to_string(), "1-0"]);
        }
    }
    let out = c.ok(&[
        "print",
        "wallchart",
        "循环赛",
        "--format",
        "csv",
        "--no-bom",
    ]);
    let (head, rows) = csv_rows(&out);
    let bye = head.iter().position(|h| h == "bye").expect("a bye column");
    let pts = head.iter().position(|h| h == "points").unwrap();
    let grid: Vec<usize> = head
        .iter()
        .enumerate()
        .filter(|(_, h)| h.starts_with("vs"))
        .map(|(i, _)| i)
        .collect();
    let mut byes = 0;
    for r in &rows {
        // Standard scoring: a win 2, a draw 1; the bye column holds its points.
        let from_games: i64 = grid
            .iter()
            .map(|&i| 2 * r[i].matches('+').count() as i64 + r[i].matches('=').count() as i64)
            .sum();
        let from_bye: i64 = if r[bye].is_empty() {
            0
        } else {
            byes += 1;
            r[bye].parse().unwrap()
        };
        assert_eq!(
            from_games + from_bye,
            r[pts].parse::<i64>().unwrap(),
            "{r:?}"
        );
    }
    assert_eq!(byes, 2, "{out}");
}

/// Long names and clubs, 67 players: the text pairing sheet still fits 80
/// columns (names and clubs cut with an ellipsis, alike even at 132), and
/// `--width` widens it.
#[test]
fn a_67_player_pairing_sheet_fits_80_columns() {
    let c = Club::new();
    let mut names = Vec::new();
    for i in 1..=67 {
        let name = match i % 4 {
            0 => format!("欧阳诸葛司马上官{i}"),
            1 => format!("Maximilian Alexander von Hohenzollern-Sigmaringen {i}"),
            2 => format!("王{i}"),
            _ => format!("<b>O'Brien & \"Co\"</b> {i}"),
        };
        let club = if i % 3 == 0 {
            LONG_CLUB.to_string()
        } else {
            format!("Club {i}")
        };
        c.ok(&[
            "player",
            "add",
            &name,
            "--club",
            &club,
            "--rating",
            &(2000 + i).to_string(),
        ]);
        names.push(name);
    }
    c.ok(&["event", "new", "大赛", "--system", "dutch", "--rounds", "7"]);
    let mut args = vec!["event".to_string(), "enter".into(), "大赛".into()];
    args.extend(names.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    c.ok(&args);
    c.ok(&["round", "pair", "大赛"]);
    for kind in ["pairings", "slips", "standings", "checkin", "crosstable"] {
        let text = c.ok(&["print", kind, "大赛", "--lang", "zh-Hans"]);
        // A form feed starts each page; it takes no column on paper.
        // Chinese output: … and · are two columns, as Chinese fonts draw them.
        let widest = text
            .lines()
            .map(|l| l.trim_start_matches('\x0c'))
            .max_by_key(|l| l.width_cjk())
            .unwrap();
        // 80 columns, unless cutting made two names alike and the
        // landscape width tells them apart (a list with one name column):
        // then as wide as that, and the sheet says so. Two names a line
        // (the pairing sheet) stay alike at 132: 80.
        let w = widest.width_cjk();
        let wide_ok = kind != "pairings" && w <= 132 && text.contains(&format!("本表宽 {w} 列"));
        assert!(w <= 80 || wide_ok, "{kind}: {w} columns: {widest}\n{text}");
        assert!(
            text.contains('…'),
            "{kind}: long names are cut with an ellipsis"
        );
    }
    let wide = c.ok(&["print", "pairings", "大赛", "--width", "160"]);
    let widest = wide
        .lines()
        .map(|l| l.trim_start_matches('\x0c').width())
        .max()
        .unwrap();
    assert!(widest > 80 && widest <= 160, "{widest}");
    let e = c.fails(&["print", "pairings", "大赛", "--width", "30"]);
    assert!(e.contains("--width"), "{e}");
    // CSV keeps every name whole.
    let csv = c.ok(&["print", "pairings", "大赛", "--format", "csv"]);
    assert!(csv.starts_with(BOM));
    assert!(csv.contains("Maximilian Alexander von Hohenzollern-Sigmaringen 1"));
}

/// Text slips of one run all have the same width.
#[test]
fn text_slips_share_one_width() {
    let mut d = slips_data(6);
    d.boards[2].red.club = Some(LONG_CLUB.into());
    let text = render_text(&report::result_slips(&d, Lang::ZhHans), 60);
    let widths: std::collections::BTreeSet<usize> = text
        .lines()
        .filter(|l| l.contains(" | "))
        .map(|l| l.width_cjk())
        .collect();
    assert_eq!(widths.len(), 1, "{widths:?}\n{text}");
}

/// Every page of a multi-page HTML document, printed by Chromium, carries
/// the title (event, kind, round) and `第N/M页`.
#[test]
fn every_printed_page_carries_title_and_page_number() {
    let Some(chrome) = chromium() else {
        eprintln!("SKIPPED every_printed_page_carries_title_and_page_number: no chromium");
        return;
    };
    if Command::new("pdftotext").arg("-v").output().is_err() {
        eprintln!("SKIPPED every_printed_page_carries_title_and_page_number: no pdftotext");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let doc = report::pairing_sheet(&pairing_data(120), Lang::ZhHans);
    let html = render_html(&doc);
    let pdf = crate::report_chromium::print_pdf(&chrome, dir.path(), "p120", &html);
    let n = crate::report_chromium::count_pages(&pdf);
    assert!(n >= 4, "{n} pages");
    let file = dir.path().join("p120.pdf");
    for page in 1..=n {
        let out = Command::new("pdftotext")
            .args(["-f", &page.to_string(), "-l", &page.to_string()])
            .arg(&file)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("2026 秋季象棋公开赛 · 对阵表 · 第3轮"),
            "page {page}: {text}"
        );
        assert!(
            text.contains(&format!("第{page}/{n}页")),
            "page {page}: {text}"
        );
    }
}

/// Two-game rounds: a result column per game and a slip per game, the
/// second with the colours swapped.
#[test]
fn two_game_rounds_print_two_games() {
    let mut d = pairing_data(3);
    d.event.games_per_round = 2;
    d.boards[0].results = vec!["1-0".into(), "1/2-1/2".into()];
    let doc = report::pairing_sheet(&d, Lang::ZhHans);
    let text = render_text(&doc, 60);
    assert!(text.contains("第1局") && text.contains("第2局"), "{text}");
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 |"))
        .unwrap();
    let cells: Vec<&str> = row.split(" | ").map(str::trim).collect();
    // Results in words in a Chinese document; the codes in English.
    assert_eq!(&cells[5..7], ["红胜", "和"], "{row}");
    let en = render_text(&report::pairing_sheet(&d, Lang::En), 60);
    let row = en
        .lines()
        .find(|l| l.trim_start().starts_with("1 |"))
        .unwrap();
    let cells: Vec<&str> = row.split(" | ").map(str::trim).collect();
    assert_eq!(&cells[5..7], ["1-0", "1/2-1/2"], "{row}");
    let mut s = slips_data(3);
    s.event.games_per_round = 2;
    let slips = render_text(&report::result_slips(&s, Lang::ZhHans), 60);
    assert_eq!(slips.matches("第2局").count(), 3, "{slips}");
    assert_eq!(slips.matches("第1局").count(), 3, "{slips}");
    // Board 1: the red player of game 1 plays black in game 2.
    let red1 = s.boards[0].red.name.clone();
    let g2 = slips.split("第1台 · 第2局").nth(1).unwrap();
    let names = g2.lines().find(|l| l.contains(&red1)).unwrap();
    let black = s.boards[0].black.as_ref().unwrap().name.clone();
    assert!(
        names.find(&black).unwrap() < names.find(&red1).unwrap(),
        "{names}"
    );
}

#[test]
fn by_name_lists_are_in_pinyin_order() {
    let names = ["张伟", "Li Wei", "王强", "安琪", "吴杰"];
    let mut d = checkin_data(5);
    for (p, n) in d.players.iter_mut().zip(names) {
        p.name = n.into();
    }
    let text = render_text(&report::checkin_sheet(&d, Lang::ZhHans), 60);
    let order: Vec<&str> = text
        .lines()
        .filter_map(|l| names.iter().find(|n| l.contains(*n)).copied())
        .collect();
    assert_eq!(order, ["安琪", "Li Wei", "王强", "吴杰", "张伟"], "{text}");
}

/// `qishe publish`: a static site in the club's language with the other
/// language beside it; every link resolves, nothing comes from the network;
/// re-running updates it; a folder of other files is refused.
#[test]
fn publish_writes_a_self_contained_site() {
    let c = swiss();
    let site = c.path("site");
    let s = site.to_str().unwrap();
    c.ok(&["publish", "秋季赛", "-o", s]);
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("lang=\"zh-Hans\"") || index.contains("lang=\"en\""));
    let mut files = Vec::new();
    for sub in [site.clone(), site.join("zh-Hans"), site.join("en")] {
        if let Ok(rd) = std::fs::read_dir(&sub) {
            for e in rd {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "html") {
                    files.push(p);
                }
            }
        }
    }
    // index, rounds 1–2, standings after 1, crosstable, 9 players; in two
    // languages.
    assert_eq!(files.len(), 28, "{files:?}");
    for f in &files {
        let html = std::fs::read_to_string(f).unwrap();
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{f:?}"
        );
        assert!(html.starts_with("<!DOCTYPE html>"), "{f:?}");
        // Every link points at a page of the site.
        for href in html.split("href=\"").skip(1) {
            let target = &href[..href.find('"').unwrap()];
            let path = f.parent().unwrap().join(target);
            assert!(path.is_file(), "{f:?} links to a missing {target}");
        }
    }
    // Round 1's page shows its results.
    let r1 = std::fs::read_to_string(site.join("round-1.html")).unwrap();
    assert!(r1.contains("1-0"), "{r1}");
    // Again: updated in place.
    c.ok(&["result", "秋季赛", "2", "1", "1-0"]);
    c.ok(&["publish", "秋季赛", "-o", s]);
    // A folder of other files is refused, nothing written; --force writes.
    let other = c.path("docs");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let e = c.fails(&["publish", "秋季赛", "-o", other.to_str().unwrap()]);
    assert!(e.contains("--force"), "{e}");
    assert!(!other.join("index.html").exists());
    c.ok(&[
        "publish",
        "秋季赛",
        "-o",
        other.to_str().unwrap(),
        "--force",
    ]);
    assert!(other.join("index.html").is_file());
    assert_eq!(
        std::fs::read_to_string(other.join("notes.txt")).unwrap(),
        "mine"
    );
}
