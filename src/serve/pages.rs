//! The served pages' own parts: the events list, the not-found page, the
//! TV mode, and what a site page gets when served live (a script that
//! follows the event's version and swaps in the new page without a
//! reload; on a round page, the form that reports a result). The site's
//! pages themselves are `app::publish`'s. Every name is escaped.

use crate::app::{EventSummary, RoundNo};
use crate::i18n::{tr, Lang};
use crate::report::escape_html as e;

const STYLE: &str = "\
* { box-sizing: border-box; }
body { margin: 8mm; max-width: 210mm; font-size: 11pt; line-height: 1.35; }
h1 { font-size: 15pt; margin: 0 0 3mm 0; }
ul.events { list-style: none; padding: 0; }
ul.events li { padding: 2.5mm 0; border-bottom: 1px solid #ddd; }
ul.events a { font-size: 12.5pt; }
span.meta { color: #555; display: block; font-size: 10pt; }
span.meta a { font-size: inherit; margin-left: 1mm; }
@media screen and (max-width: 640px) { body { margin: 3mm; } }
";

const FORM_STYLE: &str = "\
form.report { margin-top: 6mm; padding: 3mm; border: 1px solid #888; border-radius: 2mm; max-width: 110mm; }
form.report h2 { font-size: 12pt; margin: 0 0 2mm 0; }
form.report label { display: block; margin: 1.5mm 0; }
form.report input, form.report select, form.report button { font-size: 12pt; padding: 1mm 2mm; }
form.report input[name=board] { width: 6em; }
form.report p.msg { min-height: 1.4em; margin: 2mm 0 0 0; font-weight: bold; }
p.live { color: #555; font-size: 9pt; }
@media screen and (max-width: 640px) { table.doc td, table.doc th { white-space: nowrap; } }
";

fn frame(lang: Lang, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        lang.code(),
        e(title)
    )
}

/// `/`: the club's events, each linking to its pages and its TV mode.
pub fn events(lang: Lang, list: &[EventSummary]) -> String {
    let mut b = format!(
        "<h1>{}</h1>\n<ul class=\"events\">\n",
        e(tr(lang, "serve.events"))
    );
    for s in list {
        let id = s.event.id;
        b.push_str(&format!(
            "<li><a href=\"/e/{id}/{code}/index.html\">{}</a> \
             <span class=\"meta\">{} · {} · {} <a href=\"/tv/{id}?lang={code}\">{}</a></span></li>\n",
            e(&s.event.name),
            e(tr(lang, s.kind.key())),
            e(tr(lang, s.status_key())),
            e(&crate::i18n::msg!(
                "serve.rounds_paired",
                paired = s.rounds_paired,
                rounds = s.event.settings.rounds
            )
            .render(lang)),
            e(tr(lang, "serve.tv")),
            code = lang.code(),
        ));
    }
    if list.is_empty() {
        b.push_str(&format!("<li>{}</li>\n", e(tr(lang, "serve.no_events"))));
    }
    b.push_str("</ul>\n");
    frame(lang, tr(lang, "serve.events"), &b)
}

/// Anything that is not one of the server's pages.
pub fn not_found(lang: Lang) -> String {
    let b = format!(
        "<h1>{}</h1>\n<p><a href=\"/\">{}</a></p>\n",
        e(tr(lang, "serve.not_found")),
        e(tr(lang, "serve.events"))
    );
    frame(lang, tr(lang, "serve.not_found"), &b)
}

/// A string as a JavaScript string literal inside a `<script>`: JSON, with
/// `<` written as `\u003c` so no text closes the script.
fn js(s: &str) -> String {
    serde_json::to_string(s)
        .unwrap_or_default()
        .replace('<', "\\u003c")
}

/// The script that follows the event's version every 2 s and, when it
/// changes, fetches the page again and swaps its navigation and contents
/// in place (no reload, the form keeps what was typed); `data-swaps` on
/// `<html>` counts the swaps.
fn live_script(id: i64) -> String {
    format!(
        "<script>\n(function(){{var v=null,busy=false,u={url};\n\
function swap(){{fetch(location.href,{{cache:'no-store'}}).then(function(r){{return r.text()}}).then(function(t){{\
var d=new DOMParser().parseFromString(t,'text/html');\
['nav.site','section'].forEach(function(sel){{var n=d.querySelector(sel),o=document.querySelector(sel);if(n&&o){{o.replaceWith(n)}}}});\
document.title=d.title;var h=document.documentElement;h.setAttribute('data-swaps',(+h.getAttribute('data-swaps')||0)+1);}}).finally(function(){{busy=false}})}}\n\
function tick(){{if(busy)return;fetch(u,{{cache:'no-store'}}).then(function(r){{return r.json()}}).then(function(j){{\
if(v!==null&&j.version!==v){{busy=true;swap()}}v=j.version}}).catch(function(){{}})}}\n\
tick();setInterval(tick,2000);}})();\n</script>\n",
        url = js(&format!("/api/events/{id}/version"))
    )
}

/// The form on a round's page: board, result, PIN; sent as JSON, the
/// answer said under it (sent and waiting for the arbiter, wrong PIN, …).
fn report_form(lang: Lang, id: i64, round: RoundNo) -> String {
    let t = |k: &str| e(tr(lang, k));
    let options = [
        ("1-0", "serve.red_wins"),
        ("1/2-1/2", "serve.draw"),
        ("0-1", "serve.black_wins"),
    ]
    .iter()
    .map(|(v, k)| format!("<option value=\"{v}\">{} ({v})</option>", t(k)))
    .collect::<String>();
    format!(
        "<form class=\"report\" id=\"report\">\n<h2>{title}</h2>\n\
<label>{board} <input name=\"board\" type=\"number\" min=\"1\" inputmode=\"numeric\" required></label>\n\
<label>{result} <select name=\"result\">{options}</select></label>\n\
<label>{pin} <input name=\"pin\" type=\"password\" autocomplete=\"off\" inputmode=\"numeric\" required></label>\n\
<button type=\"submit\">{send}</button>\n<p class=\"msg\" role=\"status\"></p>\n</form>\n\
<script>\n(function(){{var f=document.getElementById('report'),m=f.querySelector('p.msg');\n\
var q=new URLSearchParams(location.search).get('board');if(q)f.board.value=q;\n\
f.addEventListener('submit',function(ev){{ev.preventDefault();m.textContent='';\n\
var b=parseInt(f.board.value,10);if(!(b>0))return;\n\
fetch('/api/events/{id}/rounds/{round}/boards/'+b+'/result?lang={code}',{{method:'POST',headers:{{'Content-Type':'application/json'}},\
body:JSON.stringify({{result:f.result.value,pin:f.pin.value}})}}).then(function(r){{return r.json().then(function(j){{\
m.textContent=r.status===202?j.message:(j.error||{failed});if(r.status===202)f.pin.value='';}})}}).catch(function(){{m.textContent={failed}}});}});}})();\n</script>\n",
        title = t("serve.report_title"),
        board = t("serve.board"),
        result = t("serve.result"),
        pin = t("serve.pin"),
        send = t("serve.send"),
        failed = js(tr(lang, "serve.failed")),
        code = lang.code(),
    )
}

/// A site page as served live: the live script, a link to the events,
/// and on a round's page (when reporting is on) the report form.
pub fn live(lang: Lang, id: i64, html: &str, report_round: Option<RoundNo>) -> String {
    let mut tail = String::new();
    if let Some(r) = report_round {
        tail.push_str(&report_form(lang, id, r));
    }
    tail.push_str(&format!(
        "<p class=\"live\">{} · <a href=\"/\">{}</a> · <a href=\"/tv/{id}?lang={}\">{}</a></p>\n",
        e(tr(lang, "serve.live")),
        e(tr(lang, "serve.events")),
        lang.code(),
        e(tr(lang, "serve.tv")),
    ));
    tail.push_str(&live_script(id));
    let html = screen_only(html).replacen("</style>", &format!("{FORM_STYLE}</style>"), 1);
    match html.rfind("</body>") {
        Some(i) => format!("{}{tail}{}", &html[..i], &html[i..]),
        None => format!("{html}{tail}"),
    }
}

/// A site page without what only paper needs: the print date and the
/// lines to sign on (a live page is read, never printed).
fn screen_only(html: &str) -> String {
    html.lines()
        .filter(|l| {
            let l = l.trim_start();
            !(l.starts_with("<p class=\"info imprint\">")
                || l.starts_with("<p class=\"note\">") && l.contains("____"))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `/tv/ID`: the current round's pairings and the standings in turn, in
/// large type, each fetched afresh from the site's pages (so the TV
/// follows the results as they come in).
pub fn tv(lang: Lang, id: i64, name: &str, paired: u32) -> String {
    let base = format!("/e/{id}/{}/", lang.code());
    let pages: Vec<String> = match paired {
        0 => vec![format!("{base}index.html")],
        r => vec![
            format!("{base}round-{r}.html"),
            format!("{base}standings.html"),
        ],
    };
    let pages_js = serde_json::to_string(&pages)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let body = format!(
        "<div id=\"tv\"><h1 class=\"tv\">{}</h1><div id=\"screen\"></div></div>\n\
<script>\n(function(){{var pages={pages_js},i=0,v=null,s=document.getElementById('screen');\n\
function show(){{fetch(pages[i%pages.length],{{cache:'no-store'}}).then(function(r){{return r.ok?r.text():''}}).then(function(t){{\
var d=new DOMParser().parseFromString(t,'text/html'),n=d.querySelector('section');\
if(n){{s.innerHTML='';s.appendChild(n)}}}}).catch(function(){{}})}}\n\
function tick(){{fetch({ver},{{cache:'no-store'}}).then(function(r){{return r.json()}}).then(function(j){{if(v!==null&&j.version!==v){{location.reload()}}v=j.version}}).catch(function(){{}})}}\n\
show();setInterval(function(){{i++;show()}},15000);setInterval(function(){{show()}},4000);setInterval(tick,3000);tick();}})();\n</script>\n",
        e(name),
        ver = js(&format!("/api/events/{id}/version")),
    );
    let style = "\
body { margin: 0; background: #111; color: #f4f4f4; font-size: 2.2vw; }
#tv { padding: 1.5vw 2.5vw; }
h1.tv { font-size: 2.6vw; margin: 0 0 1vw 0; color: #ffd54a; }
#screen h1 { font-size: 2.4vw; }
#screen table { border-collapse: collapse; width: 100%; }
#screen th, #screen td { border-bottom: 1px solid #555; padding: 0.35vw 0.8vw; text-align: left; }
#screen th { color: #bbb; font-weight: normal; }
#screen a { color: inherit; text-decoration: none; }
#screen table { font-size: 1.9vw; }
#screen th, #screen td { padding: 0.2vw 0.8vw; }
#screen p.info, #screen p.note { color: #bbb; }
#screen p.info span.k { font-weight: bold; margin-right: 0.5vw; }
#screen p.info span.v { margin-right: 2vw; }
#screen p.imprint, #screen p.sign { display: none; }
";
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{style}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        lang.code(),
        e(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The served list of events says a knockout's champion is decided
    /// (决出冠军) before the event is finished.
    #[test]
    fn the_events_page_says_a_knockouts_champion_is_decided() {
        use crate::app::{App, BoardNo, KnockoutSettings, NewEventKind, ResultInput, RoundNo};
        use crate::domain::{EventSettings, NewMember, Outcome};
        let mut app = App::in_memory(crate::config::Config::default()).unwrap();
        for n in ["甲", "乙"] {
            app.add_member(&NewMember {
                name: n.into(),
                ..Default::default()
            })
            .unwrap();
        }
        let ko = KnockoutSettings::default();
        let ev = app
            .create_event_with(
                "杯赛",
                None,
                &EventSettings::default(),
                NewEventKind::Knockout(&ko),
            )
            .unwrap()
            .key();
        let names = ["甲".to_string(), "乙".to_string()];
        app.enter_players(ev, &app.find_members(&names).unwrap())
            .unwrap();
        app.event_pair(ev).unwrap();
        let page = |app: &App| events(Lang::ZhHans, &app.event_summaries().unwrap());
        assert!(page(&app).contains("进行中"), "{}", page(&app));
        app.record_result(
            ev,
            RoundNo(1),
            BoardNo(1),
            &ResultInput {
                outcome: Some(Outcome::RedWin),
                ..Default::default()
            },
        )
        .unwrap();
        assert!(page(&app).contains("决出冠军"), "{}", page(&app));
    }

    #[test]
    fn script_strings_cannot_close_the_script() {
        assert_eq!(js("</script>"), "\"\\u003c/script>\"");
    }

    #[test]
    fn a_name_in_the_tv_title_is_escaped() {
        let page = tv(Lang::En, 1, "<script>alert(1)</script>", 2);
        assert!(!page.contains("<script>alert"));
        assert!(page.contains("&lt;script&gt;alert(1)"));
    }
}
