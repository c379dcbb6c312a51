//! `qishe serve`: the club's events served live over HTTP on the club's
//! own network — the published site's pages in the reader's language,
//! a TV mode, a JSON API, and results reported by players with a PIN
//! (stored as pending for the arbiter, never as results).
//!
//! A front end like the CLI and the TUI: it talks only to `app`. The
//! server runs on its own thread with a small tokio runtime; every
//! database read or write runs on the runtime's blocking pool, each
//! thread with its own `App` on the database file (WAL: readers never
//! wait for the TUI's writes, and the server holds no write lock while
//! it serves). Nothing is read from the file system: every page is built
//! from the database, so no path can reach a file.

// A handler's error is the HTTP answer itself, returned at once: boxing
// it would only add an allocation to every refusal.
#![allow(clippy::result_large_err)]

mod api;
mod pages;
pub mod qr;

use crate::app::{App, EventId, PinRefusal};
use crate::app::{BoardNo, RoundNo};
use crate::config::Config;
use crate::i18n::{msg, tr, Lang};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::cell::RefCell;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The address served when none is given: this computer only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// Wrong PINs from one address before reports from it pause.
pub const WRONG_PIN_LIMIT: u32 = 5;

/// How long reports from an address pause after too many wrong PINs.
pub const PIN_PAUSE: Duration = Duration::from_secs(60);

/// The largest request body read (a report is a few dozen bytes).
const BODY_LIMIT: usize = 1024;

/// Rendered pages kept, by event version; the oldest half is dropped
/// beyond this.
const CACHE_PAGES: usize = 512;

/// What the server serves, and how.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub addr: SocketAddr,
    pub db: PathBuf,
    pub config: Config,
    /// The PIN players type with a result (`--entry-pin`); an event's own
    /// PIN (`qishe result pin`) is asked first. Without either, reporting
    /// is off.
    pub entry_pin: Option<String>,
}

/// A running server; dropping it (or [`Running::stop`]) stops it.
pub struct Running {
    /// The address bound (the port chosen when 0 was asked).
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// Stops serving and waits for the server's thread.
    pub fn stop(mut self) {
        self.shutdown();
    }

    /// Waits until the server ends (it ends only when stopped).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn shutdown(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// What every request shares.
struct Shared {
    db: PathBuf,
    config: Config,
    entry_pin: Option<String>,
    /// The config's language (else the system's): pages in it when the
    /// reader's browser names none qishe has.
    default_lang: Lang,
    /// Wrong PINs by address: how many, and until when reports pause.
    wrong: Mutex<HashMap<IpAddr, (u32, Option<Instant>)>>,
    /// Rendered pages by (event, version, language, page).
    cache: Mutex<PageCache>,
    /// Held while a page is built: when a result changes the event, the
    /// many readers of its round page wait for one build instead of each
    /// building it on the two cores at once.
    building: Mutex<()>,
}

/// Rendered pages by (event, version, language, page name).
type PageCache = HashMap<(i64, u64, Lang, String), Arc<String>>;

thread_local! {
    /// The blocking thread's own club, opened on first use.
    static APP: RefCell<Option<(PathBuf, App)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's `App` on the served database.
fn with_app<T>(s: &Shared, f: impl FnOnce(&mut App) -> T) -> crate::app::Result<T> {
    APP.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(p, _)| *p != s.db) {
            *slot = Some((s.db.clone(), App::open(s.config.clone(), &s.db)?));
        }
        let (_, app) = slot.as_mut().expect("opened above");
        Ok(f(app))
    })
}

/// Starts serving `opts` on a thread of its own; answers once the address
/// is bound (an address in use is said at once).
pub fn start(opts: ServeOptions) -> std::io::Result<Running> {
    let listener = std::net::TcpListener::bind(opts.addr)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    // Open the club once here, so a database that cannot be opened is
    // said before anything is served.
    App::open(opts.config.clone(), &opts.db).map_err(std::io::Error::other)?;
    let default_lang = opts.config.language.unwrap_or_else(Lang::from_env);
    let shared = Arc::new(Shared {
        db: opts.db,
        config: opts.config,
        entry_pin: opts.entry_pin.filter(|p| !p.trim().is_empty()),
        default_lang,
        wrong: Mutex::new(HashMap::new()),
        cache: Mutex::new(HashMap::new()),
        building: Mutex::new(()),
    });
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .thread_name("qishe-serve")
        .enable_io()
        .enable_time()
        .build()?;
    let thread = std::thread::Builder::new()
        .name("qishe-serve".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let app = router(shared).into_make_service_with_connect_info::<SocketAddr>();
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stop_rx.await;
                    })
                    .await;
            });
            runtime.shutdown_timeout(Duration::from_secs(2));
        })?;
    Ok(Running {
        addr,
        stop: Some(stop_tx),
        thread: Some(thread),
    })
}

/// The server the TUI started, with the address and database it was
/// asked for, kept until the program ends or another is asked for.
static BACKGROUND: Mutex<Option<(SocketAddr, PathBuf, Running)>> = Mutex::new(None);

/// Serves `opts` in the background for the rest of the program (the TUI's
/// key): asked again for the same address and database, the running
/// server's address; asked for another (the secretary switched to the
/// club's network, or another port), the running one stops and the new
/// one starts. When the port is taken, another free port is used.
pub fn background(opts: ServeOptions) -> std::io::Result<SocketAddr> {
    let mut slot = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((asked, db, r)) = slot.as_ref() {
        if *asked == opts.addr && *db == opts.db {
            return Ok(r.addr);
        }
    }
    if let Some((_, _, r)) = slot.take() {
        r.stop();
    }
    let asked = opts.addr;
    let db = opts.db.clone();
    let running = match start(opts.clone()) {
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => start(ServeOptions {
            addr: SocketAddr::new(opts.addr.ip(), 0),
            ..opts
        })?,
        r => r?,
    };
    let addr = running.addr;
    *slot = Some((asked, db, running));
    Ok(addr)
}

/// Stops the background server, if one runs (the TUI leaving).
pub fn stop_background() {
    let taken = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some((_, _, r)) = taken {
        r.stop();
    }
}

/// What the TUI's served box says for a server bound to `addr`, and the
/// QR code phones scan: on the club's network, the addresses phones open
/// (this computer's, never 0.0.0.0) and the event's page with its code;
/// this computer only, the address and that phones cannot reach it (no
/// code). `pin`: whether reporting is on.
pub fn tui_lines(
    lang: Lang,
    addr: SocketAddr,
    event: i64,
    pin: bool,
) -> (Vec<String>, Vec<String>) {
    let url = event_url(addr, event, lang);
    let mut lines = Vec::new();
    let lan = addr.ip().is_unspecified();
    if lan {
        for a in reachable_addresses(addr) {
            lines.push(msg!("serve.open_on_phone", url = format!("http://{a}/")).render(lang));
        }
    } else {
        lines.push(msg!("serve.started", addr = addr.to_string()).render(lang));
        lines.push(tr(lang, "tui.serve.local_only").to_string());
    }
    lines.push(msg!("tui.serve.event_url", url = &url).render(lang));
    if !pin {
        lines.push(tr(lang, "tui.serve.no_pin").to_string());
    }
    let qr = if lan {
        qr::text_lines(&url)
    } else {
        Vec::new()
    };
    (lines, qr)
}

/// The address of event `id`'s pages in `lang` for a server bound to
/// `addr` (its first address on the network when bound to 0.0.0.0).
pub fn event_url(addr: SocketAddr, id: i64, lang: Lang) -> String {
    let a = reachable_addresses(addr).into_iter().next().unwrap_or(addr);
    format!("http://{a}/e/{id}/{}/", lang.code())
}

/// The addresses phones on the club's network can open for a server bound
/// to `addr`: itself, unless it is the unspecified address (0.0.0.0), then
/// this computer's addresses on its networks (found by asking the system
/// which address it would send from; nothing is sent).
pub fn reachable_addresses(addr: SocketAddr) -> Vec<SocketAddr> {
    if !addr.ip().is_unspecified() {
        return vec![addr];
    }
    let mut out = Vec::new();
    // A UDP socket "connected" to a private-range address never sends a
    // packet; it only makes the system choose the outgoing interface.
    for probe in ["192.168.0.1:9", "10.0.0.1:9", "172.16.0.1:9"] {
        let Ok(sock) = std::net::UdpSocket::bind("0.0.0.0:0") else {
            continue;
        };
        if sock.connect(probe).is_ok() {
            if let Ok(local) = sock.local_addr() {
                let a = SocketAddr::new(local.ip(), addr.port());
                if !local.ip().is_unspecified() && !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    if out.is_empty() {
        out.push(SocketAddr::new(IpAddr::from([127, 0, 0, 1]), addr.port()));
    }
    out
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(events_page))
        .route("/api/events", get(api_events))
        .route("/api/events/{id}/rounds/{n}", get(api_round))
        .route("/api/events/{id}/standings", get(api_standings))
        .route("/api/events/{id}/version", get(api_version))
        .route(
            "/api/events/{id}/rounds/{n}/boards/{b}/result",
            post(api_report),
        )
        .route("/e/{id}", get(event_home))
        .route("/e/{id}/", get(event_home))
        .route("/e/{id}/{lang}/", get(site_index))
        .route("/e/{id}/{lang}/{file}", get(site_page))
        .route("/tv/{id}", get(tv_page))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(shared)
}

/// The reader's language: `?lang=`, else the browser's Accept-Language
/// (by its q weights), else the config's.
fn negotiate(s: &Shared, query: &HashMap<String, String>, headers: &HeaderMap) -> Lang {
    if let Some(l) = query.get("lang").and_then(|l| Lang::from_code(l)) {
        return l;
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    accept_language(accept).unwrap_or(s.default_lang)
}

/// The best of qishe's languages in an Accept-Language header.
pub fn accept_language(header: &str) -> Option<Lang> {
    let mut best: Option<(f32, Lang)> = None;
    for (i, item) in header.split(',').enumerate().take(32) {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0)
            - i as f32 * 1e-4;
        let lang = if tag.starts_with("zh") {
            if ["tw", "hk", "mo", "hant"].iter().any(|t| tag.contains(t)) {
                Lang::ZhHant
            } else {
                Lang::ZhHans
            }
        } else if tag.starts_with("en") {
            Lang::En
        } else {
            continue;
        };
        if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
            best = Some((q, lang));
        }
    }
    best.map(|(_, l)| l)
}

fn json_response(status: StatusCode, v: &serde_json::Value) -> Response {
    let mut r = (status, v.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn html_response(status: StatusCode, html: String) -> Response {
    let mut r = (status, html).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'unsafe-inline'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    );
    r
}

fn error_json(status: StatusCode, lang: Lang, m: crate::i18n::Msg) -> Response {
    json_response(status, &serde_json::json!({"error": m.render(lang)}))
}

/// Runs `f` on the blocking pool with the thread's `App`; a database that
/// cannot be opened, or a task that failed, is a 500.
async fn blocking<T: Send + 'static>(
    s: &Arc<Shared>,
    f: impl FnOnce(&mut App) -> T + Send + 'static,
) -> Result<T, Response> {
    let s2 = s.clone();
    let lang = s.default_lang;
    match tokio::task::spawn_blocking(move || with_app(&s2, f)).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(error_json(StatusCode::INTERNAL_SERVER_ERROR, lang, e.msg())),
        Err(_) => Err(error_json(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            msg!("serve.failed"),
        )),
    }
}

/// The event `id`, or a 404 in `lang`.
fn known_event(app: &App, id: i64, lang: Lang) -> Result<crate::domain::Event, Response> {
    app.event(EventId(id))
        .map_err(|_| error_json(StatusCode::NOT_FOUND, lang, msg!("serve.no_event", id = id)))
}

type Q = Query<HashMap<String, String>>;

/// Every JSON read answers the same way: the reader's language, the
/// event known (else a 404 in that language), `f`'s value on the
/// blocking pool as JSON, `f`'s error as `refused` with its message.
async fn read_json(
    s: &Arc<Shared>,
    event: Option<i64>,
    refused: StatusCode,
    lang: Lang,
    f: impl FnOnce(&mut App) -> crate::app::Result<serde_json::Value> + Send + 'static,
) -> Response {
    let r = blocking(s, move |app| {
        if let Some(id) = event {
            known_event(app, id, lang)?;
        }
        f(app).map_err(|e| error_json(refused, lang, e.msg()))
    })
    .await;
    match r {
        Ok(Ok(v)) => json_response(StatusCode::OK, &v),
        Ok(Err(r)) | Err(r) => r,
    }
}

async fn api_events(State(s): State<Arc<Shared>>, Query(q): Q, h: HeaderMap) -> Response {
    let lang = negotiate(&s, &q, &h);
    read_json(&s, None, StatusCode::BAD_REQUEST, lang, |app| {
        api::events(app)
    })
    .await
}

async fn api_round(
    State(s): State<Arc<Shared>>,
    Path((id, n)): Path<(i64, u32)>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    read_json(&s, Some(id), StatusCode::NOT_FOUND, lang, move |app| {
        api::round(app, EventId(id), n)
    })
    .await
}

async fn api_standings(
    State(s): State<Arc<Shared>>,
    Path(id): Path<i64>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    read_json(&s, Some(id), StatusCode::BAD_REQUEST, lang, move |app| {
        api::standings(app, EventId(id))
    })
    .await
}

async fn api_version(
    State(s): State<Arc<Shared>>,
    Path(id): Path<i64>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    read_json(&s, Some(id), StatusCode::BAD_REQUEST, lang, move |app| {
        let v = app.event_version(EventId(id))?;
        Ok(serde_json::json!({"version": format!("{v:016x}")}))
    })
    .await
}

/// A report's body: `{"result": "1-0", "pin": "…"}`.
#[derive(serde::Deserialize)]
struct ReportBody {
    result: String,
    #[serde(default)]
    pin: String,
}

async fn api_report(
    State(s): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, n, b)): Path<(i64, u32, u32)>,
    Query(q): Q,
    h: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    let ip = peer.ip();
    // Paused after too many wrong PINs: nothing is even read.
    {
        let mut wrong = s.wrong.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, Some(until))) = wrong.get(&ip) {
            if Instant::now() < *until {
                let secs = until.saturating_duration_since(Instant::now()).as_secs() + 1;
                let mut r = error_json(
                    StatusCode::TOO_MANY_REQUESTS,
                    lang,
                    msg!("serve.paused", secs = secs),
                );
                r.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from_str(&secs.to_string())
                        .unwrap_or(HeaderValue::from_static("60")),
                );
                return r;
            }
            wrong.remove(&ip);
        }
    }
    let Ok(report) = serde_json::from_slice::<ReportBody>(&body) else {
        return error_json(StatusCode::BAD_REQUEST, lang, msg!("serve.bad_body"));
    };
    let server_pin = s.entry_pin.clone();
    let source = ip.to_string();
    let r = blocking(&s, move |app| {
        known_event(app, id, lang)?;
        match app.check_entry_pin(EventId(id), &report.pin, server_pin.as_deref()) {
            Ok(Ok(())) => {}
            Ok(Err(PinRefusal::Off)) => {
                return Err(error_json(
                    StatusCode::FORBIDDEN,
                    lang,
                    msg!("serve.reporting_off"),
                ))
            }
            Ok(Err(PinRefusal::Wrong)) => return Ok(None),
            Err(e) => return Err(error_json(StatusCode::BAD_REQUEST, lang, e.msg())),
        }
        app.report_result(EventId(id), RoundNo(n), BoardNo(b), &report.result, &source)
            .map(Some)
            .map_err(|e| error_json(StatusCode::BAD_REQUEST, lang, e.msg()))
    })
    .await;
    match r {
        Ok(Ok(Some(report_id))) => {
            s.wrong
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&ip);
            json_response(
                StatusCode::ACCEPTED,
                &serde_json::json!({
                    "pending": true,
                    "report": report_id,
                    "message": msg!("serve.reported", round = n, board = b).render(lang),
                }),
            )
        }
        Ok(Ok(None)) => {
            let mut wrong = s.wrong.lock().unwrap_or_else(|e| e.into_inner());
            let e = wrong.entry(ip).or_insert((0, None));
            e.0 += 1;
            if e.0 >= WRONG_PIN_LIMIT {
                e.1 = Some(Instant::now() + PIN_PAUSE);
            }
            error_json(StatusCode::FORBIDDEN, lang, msg!("serve.wrong_pin"))
        }
        Ok(Err(r)) | Err(r) => r,
    }
}

async fn not_found(State(s): State<Arc<Shared>>, Query(q): Q, h: HeaderMap) -> Response {
    let lang = negotiate(&s, &q, &h);
    html_response(StatusCode::NOT_FOUND, pages::not_found(lang))
}

async fn events_page(State(s): State<Arc<Shared>>, Query(q): Q, h: HeaderMap) -> Response {
    let lang = negotiate(&s, &q, &h);
    match blocking(&s, move |app| app.event_summaries()).await {
        Ok(Ok(list)) => html_response(StatusCode::OK, pages::events(lang, &list)),
        Ok(Err(e)) => error_json(StatusCode::INTERNAL_SERVER_ERROR, lang, e.msg()),
        Err(r) => r,
    }
}

fn redirect(to: &str) -> Response {
    let mut r = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(to) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    r
}

async fn event_home(
    State(s): State<Arc<Shared>>,
    Path(id): Path<i64>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    redirect(&format!("/e/{id}/{}/index.html", lang.code()))
}

async fn site_index(
    State(s): State<Arc<Shared>>,
    Path((id, lang)): Path<(i64, String)>,
) -> Response {
    serve_site_page(s, id, lang, "index.html".into()).await
}

async fn site_page(
    State(s): State<Arc<Shared>>,
    Path((id, lang, file)): Path<(i64, String, String)>,
) -> Response {
    serve_site_page(s, id, lang, file).await
}

/// A page of the event's site, from the cache while the event is
/// unchanged.
async fn serve_site_page(s: Arc<Shared>, id: i64, lang: String, file: String) -> Response {
    let Some(lang) = Lang::from_code(&lang).filter(|l| l.code() == lang) else {
        return html_response(StatusCode::NOT_FOUND, pages::not_found(s.default_lang));
    };
    if !crate::app::publish::is_site_file(&file) {
        return html_response(StatusCode::NOT_FOUND, pages::not_found(lang));
    }
    let s2 = s.clone();
    let r = blocking(&s, move |app| -> Result<Arc<String>, Response> {
        known_event(app, id, lang)?;
        let version = app
            .event_version(EventId(id))
            .map_err(|e| error_json(StatusCode::INTERNAL_SERVER_ERROR, lang, e.msg()))?;
        let key = (id, version, lang, file.clone());
        let cached = |s: &Shared| {
            s.cache
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&key)
                .cloned()
        };
        if let Some(p) = cached(&s2) {
            return Ok(p);
        }
        let _building = s2.building.lock().unwrap_or_else(|e| e.into_inner());
        // Built meanwhile by the request this one waited for.
        if let Some(p) = cached(&s2) {
            return Ok(p);
        }
        let twin = format!("../{}/", lang.other().code());
        let page = app
            .site_page(EventId(id), &file, lang, &twin)
            .map_err(|e| error_json(StatusCode::BAD_REQUEST, lang, e.msg()))?
            .ok_or_else(|| html_response(StatusCode::NOT_FOUND, pages::not_found(lang)))?;
        let reporting = app
            .check_entry_pin(EventId(id), "", s2.entry_pin.as_deref())
            .map(|r| r != Err(PinRefusal::Off))
            .unwrap_or(false);
        let round = file
            .strip_prefix("round-")
            .and_then(|r| r.strip_suffix(".html"))
            .and_then(|r| r.parse::<u32>().ok())
            .map(RoundNo);
        let html = Arc::new(pages::live(
            lang,
            id,
            &page.html,
            round.filter(|_| reporting),
        ));
        let mut cache = s2.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHE_PAGES {
            // Pages of older versions go first: keep only this event's
            // current ones.
            cache.retain(|k, _| k.0 == id && k.1 == version);
        }
        cache.insert(key, html.clone());
        Ok(html)
    })
    .await;
    match r {
        Ok(Ok(html)) => html_response(StatusCode::OK, html.as_ref().clone()),
        Ok(Err(r)) | Err(r) => r,
    }
}

async fn tv_page(
    State(s): State<Arc<Shared>>,
    Path(id): Path<i64>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    let lang = negotiate(&s, &q, &h);
    let r = blocking(&s, move |app| {
        let ev = known_event(app, id, lang)?;
        let paired = app
            .event_summaries()
            .ok()
            .and_then(|l| l.into_iter().find(|e| e.event.id == id))
            .map_or(0, |e| e.rounds_paired);
        Ok::<_, Response>((ev.name, paired))
    })
    .await;
    match r {
        Ok(Ok((name, paired))) => html_response(StatusCode::OK, pages::tv(lang, id, &name, paired)),
        Ok(Err(r)) | Err(r) => r,
    }
}

/// The lines `qishe serve` says when it starts: where to open it.
pub fn started_lines(lang: Lang, addr: SocketAddr) -> Vec<String> {
    let mut out = vec![msg!("serve.started", addr = addr.to_string()).render(lang)];
    if addr.ip().is_unspecified() {
        for a in reachable_addresses(addr) {
            out.push(msg!("serve.open_on_phone", url = format!("http://{a}/")).render(lang));
        }
    } else if addr.ip().is_loopback() {
        out.push(tr(lang, "serve.local_only").to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_weighted_of_ours() {
        assert_eq!(
            accept_language("zh-TW,zh;q=0.9,en;q=0.8"),
            Some(Lang::ZhHant)
        );
        assert_eq!(accept_language("fr-FR,fr;q=0.9,en;q=0.5"), Some(Lang::En));
        assert_eq!(
            accept_language("en-US,en;q=0.9,zh-CN;q=0.95"),
            Some(Lang::En)
        );
        assert_eq!(accept_language("de;q=1, zh-Hans;q=0.7"), Some(Lang::ZhHans));
        assert_eq!(accept_language("fr"), None);
        assert_eq!(accept_language("en;q=0, zh-HK"), Some(Lang::ZhHant));
    }
}
