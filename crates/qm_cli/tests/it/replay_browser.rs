//! The replay page in a real browser (issue 13): headless Chromium driven
//! through the system's chromedriver by the W3C WebDriver protocol (plain
//! HTTP on a loopback port, no client library). The test writes the replay
//! of `scenarios/awaw/rabaul-isolation.ron` with its orders, steps forward
//! to the frame after isolation elimination, clicks the eliminated 1-2
//! (SUP-177, SUP-189) and finds its explanation in the page.
//!
//! It runs when `chromium` and `chromedriver` are installed, and is
//! required (fails if they are missing) when `QM_BROWSER_TEST=1`, as in
//! `.ci/run`.

use crate::{qm, root};

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The W3C key of an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// An executable on `PATH`, by any of `names`.
fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|d| names.iter().map(move |n| d.join(n))).find(|p| p.is_file())
}

/// A chromedriver process, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start(exe: &Path) -> Self {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let child = Command::new(exe)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let d = Self { child, port };
        // Wait for it to listen: a bounded number of polls, not a timing.
        for _ in 0..600 {
            if d.call("GET", "/status", None).is_ok_and(|v| v["value"]["ready"] == json!(true)) {
                return d;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("chromedriver never became ready on port {port}");
    }

    /// One WebDriver call: the response's JSON.
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
        // Read the header, then exactly the body it announces: the driver
        // may keep the connection open.
        let mut raw = Vec::new();
        let mut buf = [0u8; 8192];
        let (head, body_start) = loop {
            let n = s.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("connection closed before the header".into());
            }
            raw.extend_from_slice(&buf[..n]);
            if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break (String::from_utf8_lossy(&raw[..i]).to_ascii_lowercase(), i + 4);
            }
        };
        let length =
            head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse::<usize>().ok());
        let chunked = head.contains("transfer-encoding: chunked");
        loop {
            let have = raw.len() - body_start;
            let complete = match length {
                Some(n) => have >= n,
                None => chunked && raw.ends_with(b"0\r\n\r\n"),
            };
            if complete {
                break;
            }
            let n = s.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            raw.extend_from_slice(&buf[..n]);
        }
        let rest = String::from_utf8_lossy(&raw[body_start..]).to_string();
        let payload = if chunked { dechunk(&rest) } else { rest };
        serde_json::from_str(&payload).map_err(|e| format!("{e}: {payload}"))
    }

    fn ok(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let v = self.call(method, path, body).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        assert!(v["value"].get("error").is_none(), "{method} {path}: {v}");
        v["value"].clone()
    }
}

/// The body of a chunked HTTP response.
fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n.min(rest.len())]);
        s = rest.get(n + 2..).unwrap_or("");
    }
    out
}

/// A browser session on the driver.
struct Browser<'a> {
    d: &'a Driver,
    id: String,
}

impl Browser<'_> {
    fn find(&self, css: &str) -> String {
        let v = self.d.ok(
            "POST",
            &format!("/session/{}/element", self.id),
            Some(&json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {v}")).to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.d.ok("POST", &format!("/session/{}/element/{e}/click", self.id), Some(&json!({})));
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.d.ok("GET", &format!("/session/{}/element/{e}/text", self.id), None).as_str().unwrap_or("").to_string()
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = self.d.call("DELETE", &format!("/session/{}", self.id), None);
    }
}

#[test]
fn the_replay_page_explains_the_eliminated_unit_in_a_browser() {
    let required = std::env::var("QM_BROWSER_TEST").is_ok_and(|v| v == "1");
    let (Some(driver), Some(chromium)) = (which(&["chromedriver"]), which(&["chromium", "chromium-browser"])) else {
        assert!(!required, "QM_BROWSER_TEST=1 but chromium or chromedriver is not installed");
        // Written to the process's stderr, not `eprintln!`: the test
        // harness captures that of a passing test, and a skip would look
        // like a pass.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_replay_page_explains_the_eliminated_unit_in_a_browser: chromium and chromedriver \
             are not installed (QM_BROWSER_TEST=1 makes this a failure)"
        );
        return;
    };
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rabaul-replay.html");
    let page_arg = page.display().to_string();
    let (scenario, orders) =
        (root("scenarios/awaw/rabaul-isolation.ron"), root("tests/fixtures/orders/rabaul-cut.ron"));
    let (code, out, err) = qm(&["replay", &scenario, "--orders", &orders, "-o", &page_arg]);
    assert_eq!(code, 0, "{out}{err}");

    let d = Driver::start(&driver);
    let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
        "binary": chromium.display().to_string(),
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    }}}});
    let session = d.ok("POST", "/session", Some(&caps));
    let b = Browser { d: &d, id: session["sessionId"].as_str().expect("a session id").to_string() };
    let url = format!("file://{}", page.canonicalize().expect("the page exists").display());
    d.ok("POST", &format!("/session/{}/url", b.id), Some(&json!({ "url": url })));

    assert!(b.text("#where").contains("start"), "{}", b.text("#where"));
    // Step forward, frame by frame, to the frame after isolation elimination.
    let mut steps = 0;
    while !b.text("#where").contains("after isolation-elimination") {
        b.click("#next");
        steps += 1;
        assert!(steps < 20, "never reached isolation elimination: {}", b.text("#where"));
    }
    assert!(b.text("#events").contains("us-1-2 eliminated by isolation"), "{}", b.text("#events"));
    // The eliminated 1-2 is drawn where it was, crossed out; click it.
    b.click("[data-unit=\"us-1-2\"]");
    let why = b.text("#explanation");
    assert!(why.contains("us-1-2"), "{why}");
    assert!(why.contains("eliminated"), "{why}");
    assert!(why.contains("SUP-177"), "{why}");
    // A hex explains itself too: its status is its controller's.
    b.click("[data-hex=\"c6\"] polygon");
    let hex = b.text("#explanation");
    assert!(hex.contains("c6") && hex.contains("SUP-011"), "{hex}");
}
