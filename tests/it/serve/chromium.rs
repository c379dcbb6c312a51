//! Headless Chromium at phone size on a served round page: a result the
//! secretary enters appears without a reload. Skips (with a message)
//! when Chromium is not installed.
//!
//! Chromium runs on virtual time (`--virtual-time-budget`), which stands
//! still while a request is open; the page reaches the server through a
//! small proxy here that enters the result from the CLI while it holds
//! the page's second version check. So the change lands between two
//! checks, whatever the machine's speed.

use super::{night, serve};
use crate::common::chromium::find as chromium;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Forwards one request (read up to its blank line: pages and version
/// checks have no body) to `to` with `Connection: close`, and its answer
/// back; `before` runs first.
fn forward(mut client: TcpStream, to: SocketAddr, before: impl FnOnce(&str)) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match client.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return,
        }
    }
    let text = String::from_utf8_lossy(&head).into_owned();
    before(&text);
    let mut lines: Vec<&str> = text
        .split("\r\n")
        .filter(|l| !l.to_ascii_lowercase().starts_with("connection:"))
        .filter(|l| !l.is_empty())
        .collect();
    lines.push("Connection: close");
    let req = format!("{}\r\n\r\n", lines.join("\r\n"));
    let Ok(mut server) = TcpStream::connect(to) else {
        return;
    };
    let _ = server.write_all(req.as_bytes());
    let mut answer = Vec::new();
    let _ = server.read_to_end(&mut answer);
    let _ = client.write_all(&answer);
}

#[test]
fn a_phone_sees_a_result_appear_without_a_reload() {
    let Some(chrome) = chromium() else {
        eprintln!("skipped: chromium not installed");
        return;
    };
    let c = Arc::new(night());
    let s = serve(&c, Some("1234"));
    let proxy = TcpListener::bind("127.0.0.1:0").unwrap();
    let proxy_addr = proxy.local_addr().unwrap();
    let checks = Arc::new(AtomicUsize::new(0));
    {
        let (c, checks, to) = (c.clone(), checks.clone(), s.addr);
        std::thread::spawn(move || {
            for conn in proxy.incoming().flatten() {
                let (c, checks) = (c.clone(), checks.clone());
                std::thread::spawn(move || {
                    forward(conn, to, |req| {
                        if req.contains("/version") && checks.fetch_add(1, Ordering::SeqCst) == 1 {
                            c.ok(&["result", "Night", "1", "1", "0-1"]);
                        }
                    })
                });
            }
        });
    }
    let url = format!("http://{proxy_addr}/e/1/en/round-1.html");
    let dom = crate::common::chromium::dump_dom(
        &chrome,
        &url,
        &c.path("profile"),
        15_000,
        &["--window-size=360,800"],
        Duration::from_secs(120),
    )
    .stdout;
    assert!(
        checks.load(Ordering::SeqCst) >= 2,
        "the page did not check the event's version: {dom}"
    );
    assert!(
        dom.contains("data-swaps="),
        "the page was not updated in place: {dom}"
    );
    // Board 1's row now shows the result; the form is still there.
    let row = dom
        .split("<tr")
        .find(|r| r.contains(">1</td>") && r.contains("player-"))
        .unwrap_or_else(|| panic!("no board 1 row: {dom}"));
    assert!(
        row.contains("0-1") || row.contains("0 - 1") || row.contains("0:1"),
        "{row}"
    );
    assert!(dom.contains("id=\"report\""));
    std::thread::sleep(Duration::from_millis(10));
    s.stop();
}
