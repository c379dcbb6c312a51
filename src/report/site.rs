//! Pages only the published site has (`qishe publish`): a page per player
//! (results round by round, opponents linked) and a page per game with a
//! record (a board that steps through the moves). Plain data in, one HTML
//! page out; the page head and print CSS are [`super::render_html`]'s.
//!
//! The game page works without JavaScript: the final position is drawn in
//! the HTML and the moves are a list. With JavaScript, a few hundred bytes
//! of inline script step the board (buttons, arrow keys, Home/End, a click
//! on a move, `#ply=N` in the address); nothing is loaded from anywhere.

use super::html::escape;
use super::{render_html, Doc, Part};
use crate::domain::{AfterRound, BoardNo, Colour, Points, RoundNo};
use crate::i18n::{tr, Lang};
use crate::scoring::{CrossCell, RoundKind, RoundResult};
use std::fmt::Write;

/// A link to another page of the site: its file name and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub file: String,
    pub text: String,
}

/// A round of a player's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRound {
    pub cell: CrossCell,
    /// The opponent's page (start number and name as the text).
    pub opponent: Option<Link>,
    /// Score after this round.
    pub total: Points,
    /// The round's games with a record (their pages).
    pub games: Vec<Link>,
    /// When the round starts, as printed (`2026-12-05 19:30`).
    pub starts: Option<String>,
    /// A knockout's match this round, from the player's side: went
    /// through (`Some(true)`), out (`Some(false)`) or open (`None`), and
    /// the match in games (`1–1, 快棋 1½–½`; 轮空; 不战而胜). `None` for
    /// other events: their round reads in points.
    pub knockout: Option<(Option<bool>, String)>,
}

/// Everything a player's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPageData {
    pub event: String,
    /// With `points` set.
    pub player: super::PlayerLine,
    pub rank: Option<(u32, bool)>,
    pub after_round: AfterRound,
    pub rounds: Vec<PlayerRound>,
    /// The game he is to play now: the last paired round's, while its
    /// result is not in.
    pub next: Option<NextGame>,
}

/// A player's game in the round being played: where he sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextGame {
    pub round: RoundNo,
    pub board: BoardNo,
    /// His colour; `None`: a bye.
    pub colour: Option<Colour>,
    /// His opponent (start number and name).
    pub opponent: Option<String>,
}

/// Everything a game's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePageData {
    pub event: String,
    pub round: RoundNo,
    pub board: BoardNo,
    /// 0: the board's one game; 1, 2: a two-game round's games.
    pub game_no: u32,
    pub red: Link,
    pub black: Link,
    /// The result as printed (红胜 …), empty when not in.
    pub result: String,
    /// The moves as written in the page's notation, one per ply.
    pub moves: Vec<String>,
    /// The position before the first move and after every move (FEN);
    /// one more than `moves`.
    pub fens: Vec<String>,
}

/// The title of a game's page: `event · round 3 · board 2 (· game 1)`.
pub fn game_title(d: &GamePageData, lang: Lang) -> String {
    let mut t = format!(
        "{} · {} · {}",
        d.event,
        fill(lang, "rep.round_n", d.round.get()),
        fill(lang, "rep.board_n", d.board.get())
    );
    if d.game_no > 0 {
        t.push_str(" · ");
        t.push_str(&fill(lang, "rep.game_n", d.game_no));
    }
    t
}

/// The numbered text `key` (`第{n}轮`, `Board {n}`) for `n`.
fn fill(lang: Lang, key: &'static str, n: u32) -> String {
    crate::i18n::Msg::new(key).with("n", n).render(lang)
}

fn short(p: Points) -> String {
    super::short_points(p)
}

/// `page` with `body` at the end of its section and `head` (style,
/// script) at the end of its head.
fn inject(page: String, head: &str, body: &str) -> String {
    let page = page.replacen("</head>", &format!("{head}</head>"), 1);
    match page.rfind("</section>") {
        Some(i) => format!("{}{body}{}", &page[..i], &page[i..]),
        None => page,
    }
}

fn link(o: &mut String, l: &Link) {
    let _ = write!(o, "<a href=\"{}\">{}</a>", escape(&l.file), escape(&l.text));
}

/// A player's result in a round, in words: 胜 / 和 / 负, 轮空, 请假, 弃权 ….
fn result_words(c: &CrossCell, lang: Lang) -> String {
    let base = match c.result {
        Some(RoundResult::Win) => tr(lang, "rep.site.win"),
        Some(RoundResult::Draw) => tr(lang, "rep.site.draw"),
        Some(RoundResult::Loss) => tr(lang, "rep.site.loss"),
        None => "",
    };
    let why = match c.kind {
        RoundKind::PairingBye => tr(lang, "rep.bye"),
        RoundKind::RequestedBye => tr(lang, "rep.reason.requested_bye"),
        RoundKind::ForfeitWin | RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => {
            tr(lang, "rep.site.forfeit")
        }
        RoundKind::Absent => tr(lang, "rep.reason.absent"),
        RoundKind::Pending => "?",
        _ => "",
    };
    match (base.is_empty(), why.is_empty()) {
        (_, true) => base.to_string(),
        (true, false) => why.to_string(),
        (false, false) => format!("{base} ({why})"),
    }
}

/// A player's page: name, club, rating, rank and score, then every round
/// with colour, opponent (linked), result, score after it and the games.
pub fn player_page(d: &PlayerPageData, lang: Lang) -> String {
    let p = &d.player;
    let title = format!("{} · {}", d.event, p.name);
    // His game now, on a line of its own above the rest.
    let mut next = Vec::new();
    if let Some(n) = &d.next {
        let text = match (n.colour, &n.opponent) {
            (Some(c), Some(o)) => crate::i18n::msg!(
                "rep.site.next_board",
                round = n.round,
                board = n.board,
                colour = crate::i18n::Msg::new(match c {
                    Colour::Red => "rep.col.red",
                    Colour::Black => "rep.col.black",
                }),
                opponent = o
            ),
            _ => crate::i18n::msg!("rep.site.next_bye", round = n.round),
        };
        next.push((tr(lang, "rep.site.next").to_string(), text.render(lang)));
    }
    let mut info = vec![(tr(lang, "rep.col.no").to_string(), p.start_no.to_string())];
    if let Some(c) = p.club.as_ref().filter(|c| !c.is_empty()) {
        info.push((tr(lang, "rep.col.club").to_string(), c.clone()));
    }
    if let Some(r) = p.rating {
        info.push((tr(lang, "rep.col.rating").to_string(), r.to_string()));
    }
    // A knockout's player has no points: his rank is the bracket's.
    let knockout = d.rounds.iter().any(|r| r.knockout.is_some());
    if !knockout {
        info.push((
            tr(lang, "rep.col.points").to_string(),
            p.points.map(short).unwrap_or_default(),
        ));
    }
    if let Some((r, shared)) = d.rank {
        let r = if shared {
            format!("{r}=")
        } else {
            r.to_string()
        };
        info.push((tr(lang, "rep.col.rank").to_string(), r));
    }
    info.push((
        String::new(),
        crate::report::after_round_msg(d.after_round).render(lang),
    ));
    let doc = Doc {
        title: title.clone(),
        lang,
        parts: [Part::Heading(title)]
            .into_iter()
            .chain((!next.is_empty()).then_some(Part::Info(next)))
            .chain([Part::Info(info)])
            .collect(),
        landscape: false,
        csv: None,
    };
    let mut o = String::from("<table class=\"doc\" id=\"rounds\">\n<thead><tr>");
    let starts = d.rounds.iter().any(|r| r.starts.is_some());
    let mut heads = vec!["rep.site.round", "rep.col.colour", "rep.col.opponent"];
    match knockout {
        true => heads.extend(["rep.col.result", "kp.col.score"]),
        false => heads.extend(["rep.col.result", "rep.site.round_points", "rep.site.total"]),
    }
    heads.push("rep.site.games");
    for (i, h) in heads.iter().enumerate() {
        let _ = write!(o, "<th>{}</th>", escape(tr(lang, h)));
        if i == 0 && starts {
            let _ = write!(o, "<th>{}</th>", escape(tr(lang, "rep.site.starts")));
        }
    }
    o.push_str("</tr></thead>\n<tbody>\n");
    for r in &d.rounds {
        let c = &r.cell;
        let _ = write!(o, "<tr><td class=\"num\">{}</td>", c.round);
        if starts {
            let _ = write!(
                o,
                "<td class=\"mark\">{}</td>",
                escape(r.starts.as_deref().unwrap_or(""))
            );
        }
        let colour = match c.colour {
            Some(Colour::Red) => tr(lang, "rep.col.red"),
            Some(Colour::Black) => tr(lang, "rep.col.black"),
            None => "",
        };
        let _ = write!(o, "<td class=\"mark\">{}</td><td class=\"name\">", colour);
        if let Some(l) = &r.opponent {
            link(&mut o, l);
        }
        match &r.knockout {
            Some((through, words)) => {
                let result = match through {
                    Some(true) => tr(lang, "rep.site.win"),
                    Some(false) => tr(lang, "rep.site.loss"),
                    None => "?",
                };
                let _ = write!(
                    o,
                    "</td><td class=\"mark\">{}</td><td>{}</td><td>",
                    escape(result),
                    escape(words)
                );
            }
            None => {
                let _ = write!(
                    o,
                    "</td><td class=\"mark\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>",
                    escape(&result_words(c, lang)),
                    short(c.points),
                    short(r.total)
                );
            }
        }
        for (i, g) in r.games.iter().enumerate() {
            if i > 0 {
                o.push(' ');
            }
            link(&mut o, g);
        }
        o.push_str("</td></tr>\n");
    }
    o.push_str("</tbody>\n</table>\n");
    inject(render_html(&doc), "", &o)
}

/// The board's style: a 9 × 10 grid of points, pieces as round discs.
const BOARD_CSS: &str = "<style>
div.bw { position: relative; width: max-content; margin: 3mm 0; }
div.board { position: relative; display: grid; grid-template-columns: repeat(9, 2.4em); grid-template-rows: repeat(10, 2.4em); width: max-content; padding: 0.6em; background: #f3d9a4; border: 0.3mm solid #000; }
div.bw svg.marks { position: absolute; z-index: 1; left: calc(0.3mm + 0.6em); top: calc(0.3mm + 0.6em); width: 21.6em; height: 24em; pointer-events: none; }
div.board span { position: relative; z-index: 2; --vp: center top; --vs: 1px 100%; --hp: center; --hs: 100% 1px; display: flex; align-items: center; justify-content: center; background: linear-gradient(#555, #555) var(--vp) / var(--vs) no-repeat, linear-gradient(#555, #555) var(--hp) / var(--hs) no-repeat; font-size: 1.25em; }
div.board span.vd { --vp: center bottom; --vs: 1px 50%; }
div.board span.vu { --vp: center top; --vs: 1px 50%; }
div.board span.hr { --hp: right center; --hs: 50% 1px; }
div.board span.hl { --hp: left center; --hs: 50% 1px; }
div.board span.r, div.board span.b { background: #fff8e8; border: 0.5mm solid currentColor; border-radius: 50%; margin: 0.12em; }
div.board span.r { color: #c00; }
div.board span.b { color: #000; }
ol.moves { columns: 2; }
ol.moves li span { padding: 0 0.3em; cursor: pointer; }
ol.moves li span.now { background: #ffe08a; }
div.ctl button { font-size: 1.1em; min-width: 3em; margin-right: 1mm; }
@media print { div.ctl { display: none; } }
</style>
";

/// The stepping script: reads the positions (FEN) from the page, draws
/// one on the board's 90 points, marks the move, answers the buttons, the
/// arrow keys, Home/End, a click on a move and `#ply=N`.
const BOARD_JS: &str = "<script>
(function () {
  var d = JSON.parse(document.getElementById('game-data').textContent);
  var b = document.getElementById('board'), pts = b.children;
  var mv = document.querySelectorAll('ol.moves span[data-ply]');
  var n = d.fens.length - 1, at = n;
  function draw(k) {
    at = Math.max(0, Math.min(n, k));
    var rows = d.fens[at].split(' ')[0].split('/'), i = 0;
    rows.forEach(function (row) {
      row.split('').forEach(function (ch) {
        if (ch >= '1' && ch <= '9') {
          for (var e = 0; e < +ch; e++) { pts[i].textContent = ''; pts[i].className = pts[i].dataset.base; i++; }
        } else {
          pts[i].textContent = d.glyphs[ch] || ch;
          pts[i].className = pts[i].dataset.base + ' ' + (ch < 'a' ? 'r' : 'b'); i++;
        }
      });
    });
    b.dataset.ply = at; b.dataset.fen = d.fens[at];
    mv.forEach(function (s) { s.className = +s.dataset.ply === at ? 'now' : ''; });
    document.getElementById('ply-now').textContent = at + ' / ' + n;
  }
  var go = { first: function () { return 0; }, prev: function () { return at - 1; },
             next: function () { return at + 1; }, last: function () { return n; } };
  document.querySelectorAll('div.ctl button').forEach(function (btn) {
    btn.addEventListener('click', function () { draw(go[btn.dataset.go]()); });
  });
  mv.forEach(function (s) { s.addEventListener('click', function () { draw(+s.dataset.ply); }); });
  document.addEventListener('keydown', function (e) {
    var k = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (k) { e.preventDefault(); draw(go[k]()); }
  });
  document.querySelector('div.ctl').hidden = false;
  var m = /ply=(\\d+)/.exec(location.hash);
  draw(m ? +m[1] : 0);
})();
</script>
";

/// A piece's glyph in the page's language, by its FEN letter.
fn glyph(lang: Lang, ch: char) -> &'static str {
    let hant = lang == Lang::ZhHant;
    match ch {
        'K' => ["帅", "帥"][hant as usize],
        'A' => "仕",
        'B' => "相",
        'N' => ["马", "傌"][hant as usize],
        'R' => ["车", "俥"][hant as usize],
        'C' => "炮",
        'P' => "兵",
        'k' => ["将", "將"][hant as usize],
        'a' => "士",
        'b' => "象",
        'n' => ["马", "馬"][hant as usize],
        'r' => ["车", "車"][hant as usize],
        'c' => ["炮", "砲"][hant as usize],
        'p' => "卒",
        _ => "",
    }
}

/// A JSON string literal that is safe inside `<script>` (no `<`, `>`, `&`).
fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '<' | '>' | '&' => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// The 90 points of a FEN's placement, top row (black's side) first:
/// `' '` for an empty point, else the piece's FEN letter.
fn points_of(fen: &str) -> Vec<char> {
    let mut v = Vec::with_capacity(90);
    for ch in fen.split(' ').next().unwrap_or("").chars() {
        match ch {
            '/' => {}
            '1'..='9' => v.extend(std::iter::repeat_n(' ', ch as usize - '0' as usize)),
            c => v.push(c),
        }
    }
    v.resize(90, ' ');
    v
}

/// Which lines meet at point `i` (0..90, top row first): the board's
/// edges stop at the point, and the files (but the two edge ones) stop at
/// the river between the fifth and sixth rows.
fn line_class(i: usize) -> &'static str {
    let (row, file) = (i / 9, i % 9);
    let edge_file = file == 0 || file == 8;
    let v = match row {
        0 => "vd",
        9 => "vu",
        4 if !edge_file => "vu",
        5 if !edge_file => "vd",
        _ => "",
    };
    let h = match file {
        0 => "hr",
        8 => "hl",
        _ => "",
    };
    match (v, h) {
        ("", h) => h,
        (v, "") => v,
        ("vd", "hr") => "vd hr",
        ("vd", _) => "vd hl",
        (_, "hr") => "vu hr",
        _ => "vu hl",
    }
}

/// What the points' lines do not draw: the palaces' diagonals and the
/// river's words (楚河 汉界): an SVG over the board's background and under
/// its pieces, beside the board's 90 points (a cell is one unit, a point
/// at the middle of its cell).
fn board_marks(o: &mut String, lang: Lang) {
    o.push_str("<svg class=\"marks\" viewBox=\"0 0 9 10\" aria-hidden=\"true\">");
    o.push_str("<g stroke=\"#555\" stroke-width=\"0.04\">");
    for (top, bottom) in [(0.5, 2.5), (7.5, 9.5)] {
        let _ = write!(
            o,
            "<line x1=\"3.5\" y1=\"{top}\" x2=\"5.5\" y2=\"{bottom}\"/><line x1=\"5.5\" y1=\"{top}\" x2=\"3.5\" y2=\"{bottom}\"/>"
        );
    }
    o.push_str("</g>");
    let (chu, han) = (
        tr(lang, "rep.site.river_chu"),
        tr(lang, "rep.site.river_han"),
    );
    let _ = write!(
        o,
        "<g font-size=\"0.55\" fill=\"#555\" text-anchor=\"middle\" dominant-baseline=\"central\"><text x=\"2.5\" y=\"5\" letter-spacing=\"0.5\">{}</text><text x=\"6.5\" y=\"5\" letter-spacing=\"0.5\">{}</text></g></svg>",
        escape(chu),
        escape(han)
    );
}

/// A game's page: players (linked), result, the board at the final
/// position, the stepping controls (shown by the script) and the moves.
pub fn game_page(d: &GamePageData, lang: Lang) -> String {
    let title = game_title(d, lang);
    let doc = Doc {
        title: title.clone(),
        lang,
        parts: vec![Part::Heading(title)],
        landscape: false,
        csv: None,
    };
    let mut o = String::from("<p class=\"info\">");
    let _ = write!(
        o,
        "<span class=\"k\">{}:</span> ",
        escape(tr(lang, "rep.col.red"))
    );
    link(&mut o, &d.red);
    let _ = write!(
        o,
        " <span class=\"k\">{}:</span> ",
        escape(tr(lang, "rep.col.black"))
    );
    link(&mut o, &d.black);
    if !d.result.is_empty() {
        let _ = write!(
            o,
            " <span class=\"k\">{}:</span> {}",
            escape(tr(lang, "rep.col.result")),
            escape(&d.result)
        );
    }
    o.push_str("</p>\n");
    let last = d.fens.last().map(String::as_str).unwrap_or("");
    let mut marks = String::new();
    board_marks(&mut marks, lang);
    let _ = write!(
        o,
        "<div class=\"bw\">{marks}<div class=\"board\" id=\"board\" data-ply=\"{}\" data-fen=\"{}\">",
        d.fens.len().saturating_sub(1),
        escape(last)
    );
    for (i, ch) in points_of(last).into_iter().enumerate() {
        let base = line_class(i);
        let class = match ch {
            ' ' => base.to_string(),
            c if c.is_ascii_uppercase() => format!("{base} r"),
            _ => format!("{base} b"),
        };
        let _ = write!(
            o,
            "<span data-base=\"{base}\" class=\"{}\">{}</span>",
            class.trim(),
            glyph(lang, ch)
        );
    }
    o.push_str("</div></div>\n");
    let _ = writeln!(
        o,
        "<div class=\"ctl\" hidden><button type=\"button\" data-go=\"first\" title=\"Home\">|&lt;</button><button type=\"button\" data-go=\"prev\" title=\"&#8592;\">&lt;</button><button type=\"button\" data-go=\"next\" title=\"&#8594;\">&gt;</button><button type=\"button\" data-go=\"last\" title=\"End\">&gt;|</button> <span id=\"ply-now\"></span></div>"
    );
    let _ = writeln!(o, "<h2>{}</h2>", escape(tr(lang, "rep.site.moves")));
    o.push_str("<ol class=\"moves\">\n");
    for (i, pair) in d.moves.chunks(2).enumerate() {
        o.push_str("<li>");
        for (j, m) in pair.iter().enumerate() {
            let ply = 2 * i + j + 1;
            let _ = write!(o, "<span data-ply=\"{ply}\">{}</span>", escape(m));
        }
        o.push_str("</li>\n");
    }
    o.push_str("</ol>\n");
    let mut glyphs = String::from("{");
    for (i, c) in "KABNRCPkabnrcp".chars().enumerate() {
        if i > 0 {
            glyphs.push(',');
        }
        let _ = write!(glyphs, "\"{c}\":{}", json_str(glyph(lang, c)));
    }
    glyphs.push('}');
    let fens: Vec<String> = d.fens.iter().map(|f| json_str(f)).collect();
    let _ = writeln!(
        o,
        "<script type=\"application/json\" id=\"game-data\">{{\"glyphs\":{glyphs},\"fens\":[{}]}}</script>",
        fens.join(",")
    );
    o.push_str(BOARD_JS);
    inject(render_html(&doc), BOARD_CSS, &o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_cannot_end_the_script() {
        let s = json_str("</script><b>\"x\"\\");
        assert!(!s.contains('<') && !s.contains('>'), "{s}");
        let back: String = serde_json::from_str(&s).unwrap();
        assert_eq!(back, "</script><b>\"x\"\\");
    }

    #[test]
    fn a_fen_placement_gives_ninety_points_top_row_first() {
        let p = points_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
        assert_eq!(p.len(), 90);
        assert_eq!(p[0], 'r');
        assert_eq!(p[4], 'k');
        assert_eq!(p[85], 'K');
        assert_eq!(p[19], 'c');
        assert_eq!(p[9], ' ');
    }
}
