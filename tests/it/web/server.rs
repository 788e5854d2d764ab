//! The web page's server (issue 21, docs/web-protocol.md) on 127.0.0.1 over the real
//! main loop (`station::run`, no journal), spoken to with a plain HTTP client: the state
//! first on a stream, every refusal (no role, foreign Host or Origin, stale, too big, too
//! many streams, wrong codes), a join and an action, and no code or token in the log.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};

use ansage::core::input::AccessRole;
use ansage::core::output::AccessRequest;
use ansage::core::output::{Audience, Output};
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::time::Timestamp;
use ansage::station::{self, Sink, StationInput, Timeline};
use ansage::web::{self, MAX_STREAMS};
use tokio::sync::mpsc;

use crate::support::http::{self, Events, send};

/// Runs a test on one thread, the station beside it (`spawn_local`).
fn run(test: impl std::future::Future<Output = ()>) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    tokio::task::LocalSet::new().block_on(&rt, test);
}

/// Everything the tests' tracing wrote (every level), to look for secrets in.
fn log() -> Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    Arc::clone(LOG.get_or_init(|| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let writer = Arc::clone(&log);
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .without_time()
            .with_ansi(false)
            .with_writer(move || LogWriter(Arc::clone(&writer)))
            .finish();
        let _ = tracing::subscriber::set_global_default(subscriber);
        log
    }))
}

struct LogWriter(Arc<Mutex<Vec<u8>>>);

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What the station said, as text.
#[derive(Clone, Default)]
struct Said(Arc<Mutex<Vec<String>>>);

impl Sink for Said {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for o in outputs {
            if let Output::Say(s) = o {
                self.0.lock().unwrap().push(s.text.clone());
            }
        }
    }
}

/// A station with the web page on 127.0.0.1 (port 0).
struct Station {
    addr: SocketAddr,
    tx: mpsc::Sender<StationInput>,
    said: Said,
}

impl Station {
    async fn start(codes: &[(AccessRole, Audience)]) -> Station {
        log();
        let session = Session::new(SessionSetup::default()).unwrap();
        let (tx, rx) = mpsc::channel(64);
        let timeline = Timeline::starting_at(Timestamp::ZERO);
        let (mut sink, web) =
            web::start("127.0.0.1:0", &session, tx.clone(), timeline, None).unwrap();
        for &(role, to) in codes {
            sink.on_access(AccessRequest::Code { role, to });
        }
        let said = Said::default();
        let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(sink), Box::new(said.clone())];
        let addr = web.addr();
        // The session is not Send: the station runs on the test's thread.
        tokio::task::spawn_local(async move {
            station::run(session, rx, &mut sinks, timeline.epoch).await;
            drop(sinks);
            web.stop().await;
        });
        Station { addr, tx, said }
    }

    fn host(&self) -> String {
        self.addr.to_string()
    }

    fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The codes said so far ("…: 1 2 3 4 5 6. …"), waiting for `n` of them.
    async fn codes(&self, n: usize) -> Vec<String> {
        let wait = async {
            loop {
                let codes: Vec<String> = self
                    .said
                    .0
                    .lock()
                    .unwrap()
                    .iter()
                    .filter_map(|t| {
                        let digits: String =
                            t.split(": ").nth(1)?.split('.').next()?.replace(' ', "");
                        (digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()))
                            .then_some(digits)
                    })
                    .collect();
                if codes.len() >= n {
                    return codes;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(http::WAIT, wait)
            .await
            .expect("the codes are said")
    }

    async fn post(&self, path: &str, cookie: Option<&str>, body: &str) -> http::Answer {
        let (host, origin) = (self.host(), self.origin());
        let mut headers = vec![("Host", host.as_str()), ("Origin", origin.as_str())];
        let cookie = cookie.map(|c| format!("ansage_access={c}"));
        if let Some(c) = &cookie {
            headers.push(("Cookie", c.as_str()));
        }
        send(self.addr, "POST", path, &headers, body).await
    }

    /// Joins with `code`: the cookie's token.
    async fn join(&self, code: &str) -> String {
        let answer = self
            .post("/api/join", None, &format!(r#"{{"code": "{code}"}}"#))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let cookie = answer.header("set-cookie").unwrap().to_owned();
        assert!(
            cookie.contains("HttpOnly")
                && cookie.contains("SameSite=Strict")
                && cookie.contains("Path=/"),
            "{cookie}"
        );
        cookie
            .split(';')
            .next()
            .and_then(|c| c.strip_prefix("ansage_access="))
            .unwrap()
            .to_owned()
    }

    async fn state(&self, cookie: Option<&str>) -> serde_json::Value {
        let host = self.host();
        let cookie = cookie.map(|c| format!("ansage_access={c}"));
        let mut headers = vec![("Host", host.as_str())];
        if let Some(c) = &cookie {
            headers.push(("Cookie", c.as_str()));
        }
        let mut events = Events::open(self.addr, &headers).await;
        assert_eq!(events.status, 200);
        serde_json::from_str(&events.next().await.data).unwrap()
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        let _ = self.tx.try_send(StationInput::Shutdown);
    }
}

#[test]
fn the_first_event_is_the_current_state() {
    run(the_first_event_is_the_current_state_body());
}

async fn the_first_event_is_the_current_state_body() {
    let station = Station::start(&[]).await;
    let host = station.host();
    let mut events = Events::open(station.addr, &[("Host", host.as_str())]).await;
    assert_eq!(events.status, 200);
    let event = events.next().await;
    assert_eq!(
        (event.event.as_str(), event.retry.as_str()),
        ("state", "500")
    );
    let state: serde_json::Value = serde_json::from_str(&event.data).unwrap();
    assert_eq!(state["seq"].to_string(), event.id);
    assert!(state["seq"].as_u64().unwrap() >= 1);
    assert_eq!(state["role"], "spectator");
    assert_eq!(
        state["board"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    assert_eq!(state["can"], serde_json::json!([]));
    assert!(state["epoch"].as_str().is_some_and(|e| !e.is_empty()));
    assert!(state["sent_ms"].is_u64());
    let pgn = send(
        station.addr,
        "GET",
        "/game.pgn",
        &[("Host", host.as_str())],
        "",
    )
    .await;
    assert_eq!(pgn.status, 200);
    assert!(pgn.body.contains("[Result \"*\"]"), "{}", pgn.body);
}

#[test]
fn requests_without_a_role_or_from_elsewhere_are_refused() {
    run(requests_without_a_role_or_from_elsewhere_are_refused_body());
}

async fn requests_without_a_role_or_from_elsewhere_are_refused_body() {
    let station = Station::start(&[]).await;
    let act = r#"{"seq": 1, "action": {"kind": "command", "command": "start"}}"#;
    // No role: told to join first.
    let answer = station.post("/api/act", None, act).await;
    assert_eq!(
        (answer.status, answer.json()["error"].as_str()),
        (403, Some("no-role"))
    );
    assert!(
        answer.json()["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
    // A foreign Origin, a foreign Host, none.
    let host = station.host();
    for headers in [
        vec![("Host", host.as_str()), ("Origin", "http://evil.example")],
        vec![
            ("Host", "evil.example:8432"),
            ("Origin", "http://evil.example:8432"),
        ],
        vec![("Host", host.as_str())],
    ] {
        let answer = send(station.addr, "POST", "/api/act", &headers, act).await;
        assert_eq!(
            (answer.status, answer.json()["error"].as_str()),
            (403, Some("foreign")),
            "{headers:?}"
        );
    }
    let answer = send(
        station.addr,
        "GET",
        "/events",
        &[("Host", "evil.example")],
        "",
    )
    .await;
    assert_eq!(answer.status, 403);
    let answer = send(
        station.addr,
        "GET",
        "/nothing",
        &[("Host", host.as_str())],
        "",
    )
    .await;
    assert_eq!(answer.status, 404);
    // Too big.
    let big = format!(r#"{{"code": "{}"}}"#, "1".repeat(5000));
    let answer = station.post("/api/join", None, &big).await;
    assert_eq!(
        (answer.status, answer.json()["error"].as_str()),
        (413, Some("too-big"))
    );
    // Malformed.
    let answer = station.post("/api/join", None, "{").await;
    assert_eq!(answer.status, 400);
}

#[test]
fn a_joined_arbiter_acts_once_on_the_state_it_saw() {
    run(a_joined_arbiter_acts_once_on_the_state_it_saw_body());
}

async fn a_joined_arbiter_acts_once_on_the_state_it_saw_body() {
    let station = Station::start(&[(AccessRole::Arbiter, Audience::Arbiter)]).await;
    let code = station.codes(1).await.remove(0);
    let token = station.join(&code).await;
    // The code is used up.
    let again = station
        .post("/api/join", None, &format!(r#"{{"code": "{code}"}}"#))
        .await;
    assert_eq!(again.status, 403);
    let state = station.state(Some(&token)).await;
    assert_eq!(state["role"], "arbiter");
    // What the situation allows: this game has no clock, so no time to add (the station
    // still answers the action in words).
    let can = state["can"].as_array().unwrap();
    assert!(can.iter().any(|c| c == "end"), "{can:?}");
    assert!(!can.iter().any(|c| c == "add-time"), "{can:?}");
    let seq = state["seq"].as_u64().unwrap();
    let add = format!(
        r#"{{"seq": {seq}, "action": {{"kind": "add-time", "side": "white", "ms": 120000}}}}"#
    );
    // Two arbiters pressing at once on the same state: one is carried out, one is stale.
    let (a, b) = tokio::join!(
        station.post("/api/act", Some(&token), &add),
        station.post("/api/act", Some(&token), &add)
    );
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", a.body, b.body);
    let (ok, stale) = if a.status == 200 { (a, b) } else { (b, a) };
    let new_seq = ok.json()["seq"].as_u64().unwrap();
    assert!(new_seq > seq, "{}", ok.body);
    assert_eq!(stale.json()["error"], "stale");
    assert_eq!(stale.json()["state"]["seq"].as_u64(), Some(new_seq));
    // A spectator's page is not told what was said to the arbiter.
    let spectator = station.state(None).await;
    assert!(
        spectator["said"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["to"] == "all")
    );
    // What the role may not do.
    let resign =
        format!(r#"{{"seq": {new_seq}, "action": {{"kind": "command", "command": "resign"}}}}"#);
    assert_eq!(
        station.post("/api/act", Some(&token), &resign).await.status,
        403
    );
    // An invite for the opponent, with its QR code.
    let invite = station
        .post("/api/invite", Some(&token), r#"{"role": "opponent"}"#)
        .await;
    assert_eq!(invite.status, 200, "{}", invite.body);
    let invite = invite.json();
    assert!(
        invite["qr_svg"]
            .as_str()
            .is_some_and(|s| s.contains("<svg"))
    );
    assert_eq!(invite["expires_s"], 120);
    let opponent = station.join(invite["code"].as_str().unwrap()).await;
    assert_eq!(station.state(Some(&opponent)).await["colour"], "black");
    assert_secrets_not_logged(&[&code, &token, &opponent, invite["code"].as_str().unwrap()]);
}

#[test]
fn five_wrong_codes_lock_the_sixth_try() {
    run(five_wrong_codes_lock_the_sixth_try_body());
}

async fn five_wrong_codes_lock_the_sixth_try_body() {
    let station = Station::start(&[(AccessRole::Opponent, Audience::Black)]).await;
    let code = station.codes(1).await.remove(0);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..5 {
        let answer = station
            .post("/api/join", None, &format!(r#"{{"code": "{wrong}"}}"#))
            .await;
        assert_eq!(
            (answer.status, answer.json()["error"].as_str()),
            (403, Some("wrong-code"))
        );
    }
    let answer = station
        .post("/api/join", None, &format!(r#"{{"code": "{code}"}}"#))
        .await;
    assert_eq!(
        (answer.status, answer.json()["error"].as_str()),
        (429, Some("locked"))
    );
    assert!(answer.header("retry-after").is_some());
    assert_secrets_not_logged(&[&code]);
}

#[test]
fn pages_beyond_the_limit_are_refused() {
    run(pages_beyond_the_limit_are_refused_body());
}

async fn pages_beyond_the_limit_are_refused_body() {
    let station = Station::start(&[]).await;
    let host = station.host();
    let mut open = Vec::new();
    for _ in 0..MAX_STREAMS {
        let events = Events::open(station.addr, &[("Host", host.as_str())]).await;
        assert_eq!(events.status, 200);
        open.push(events);
    }
    let answer = send(
        station.addr,
        "GET",
        "/events",
        &[("Host", host.as_str())],
        "",
    )
    .await;
    assert_eq!(
        (answer.status, answer.json()["error"].as_str()),
        (503, Some("unavailable"))
    );
    // One page closes: another may open.
    drop(open.pop());
    let wait = async {
        loop {
            let events = Events::open(station.addr, &[("Host", host.as_str())]).await;
            if events.status == 200 {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(http::WAIT, wait)
        .await
        .expect("a page opens again");
}

fn assert_secrets_not_logged(secrets: &[&str]) {
    let log = String::from_utf8_lossy(&log().lock().unwrap()).into_owned();
    for secret in secrets {
        assert!(!log.contains(secret), "a secret is in the log");
    }
}

mod club;
