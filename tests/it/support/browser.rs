//! A real browser for the web page's tests (issue 21): Debian's `chromium`, headless,
//! driven through `chromedriver` (package `chromium-driver`, W3C WebDriver) with
//! fantoccini. One [`Browser`] is one `chromedriver` process; each [`Page`] is a session of
//! its own (its own profile folder, so its own cookies: one role per page).
//!
//! The helpers are synchronous (each call runs the WebDriver request on the browser's tokio
//! runtime) and every wait has a bound: the page's sequence number (`main[data-seq]`,
//! docs/web-protocol.md) is polled every 5 ms, never slept on.
//!
//! Without `/usr/bin/chromedriver` a browser test is skipped with a message, unless
//! `ANSAGE_REQUIRE_BROWSER=1` (set by `.ci/test.sh`, whose setup installs it): then it fails.

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use base64::Engine as _;
use fantoccini::error::CmdError;
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use super::{load, proc};

/// Debian's WebDriver for its chromium (package `chromium-driver`).
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Debian's chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long `chromedriver` may take to say its port.
const DRIVER_START: Duration = Duration::from_secs(20);

/// How long a new browser session (a chromium started) may take.
const SESSION_START: Duration = Duration::from_secs(60);

/// How long anything a test waits for in the page may take (a loaded 2-core machine).
pub const WAIT: Duration = Duration::from_secs(15);

/// How often a wait looks at the page.
const POLL: Duration = Duration::from_millis(5);

/// How long one WebDriver command may take.
const COMMAND: Duration = Duration::from_secs(30);

/// How long a browser test may wait for another one in the same test program to finish
/// with the browser (they run one at a time: two chromiums and stations on 2 cores make the
/// waits of both flaky).
const TURN: Duration = Duration::from_secs(900);

/// The phone and tablet sizes of the screenshots and the size checks (CSS pixels).
pub const PHONE: (u32, u32) = (390, 844);
pub const TABLET: (u32, u32) = (820, 1180);

/// The browser tests of one test program take turns.
static TURNS: Mutex<()> = Mutex::new(());

/// A running `chromedriver`, and the runtime its sessions' requests run on.
pub struct Browser {
    driver: Arc<Driver>,
    rt: Arc<tokio::runtime::Runtime>,
    _turn: MutexGuard<'static, ()>,
    /// Chromium keeps a core busy (`support::load`); taken after the turn.
    _busy: load::Busy,
}

/// The `chromedriver` process; stopped when the last page and the browser are gone.
struct Driver {
    child: Mutex<Child>,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let mut child = self
            .child
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(e) = proc::try_stop(&mut child, proc::Signal::TERM, Duration::from_secs(10)) {
            eprintln!("chromedriver did not stop: {e}");
        }
    }
}

/// The browser, or `None` (with a message) when the test is to be skipped: no
/// `chromedriver` and `ANSAGE_REQUIRE_BROWSER` is not `1`.
pub fn browser(test: &str) -> Option<Browser> {
    if !Path::new(CHROMEDRIVER).exists() {
        assert!(
            std::env::var("ANSAGE_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "{test}: ANSAGE_REQUIRE_BROWSER=1 but {CHROMEDRIVER} is missing \
             (bash .ci/setup.sh installs chromium and chromium-driver)"
        );
        eprintln!(
            "{test}: skipped: chromium-driver not installed ({CHROMEDRIVER} is missing; \
             bash .ci/setup.sh installs it)"
        );
        return None;
    }
    Some(Browser::start())
}

impl Browser {
    /// Starts `chromedriver` on a port of its choosing (`--port=0`; it says which).
    fn start() -> Browser {
        let turn = take_turn();
        let busy = load::busy();
        let mut cmd = Command::new(CHROMEDRIVER);
        cmd.arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = proc::spawn(&mut cmd);
        let stdout = child.stdout.take().expect("chromedriver's stdout");
        let (tx, rx) = channel();
        // Reads chromedriver's output to its end (a full pipe would stop it).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let deadline = Instant::now() + DRIVER_START;
        let mut seen = Vec::new();
        let port = loop {
            match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) => {
                    if let Some(port) = started_port(&line) {
                        break port;
                    }
                    seen.push(line);
                }
                Err(e) => {
                    let _ = proc::try_stop(&mut child, proc::Signal::KILL, DRIVER_START);
                    panic!(
                        "chromedriver did not say its port within {DRIVER_START:?} ({}): {seen:?}",
                        match e {
                            RecvTimeoutError::Timeout => "still silent",
                            RecvTimeoutError::Disconnected => "it ended",
                        }
                    );
                }
            }
        };
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime for the WebDriver client");
        Browser {
            driver: Arc::new(Driver {
                child: Mutex::new(child),
                url: format!("http://127.0.0.1:{port}"),
            }),
            rt: Arc::new(rt),
            _turn: turn,
            _busy: busy,
        }
    }

    /// A new page (a browser session of its own, with its own profile and cookies) whose
    /// viewport is `width`×`height` CSS pixels.
    pub fn page(&self, (width, height): (u32, u32)) -> Page {
        let profile = tempfile::tempdir().expect("a profile folder");
        let mut caps = Capabilities::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    "--lang=de-DE",
                    format!("--user-data-dir={}", profile.path().display()),
                    format!("--window-size={width},{height}"),
                ],
            }),
        );
        let url = self.driver.url.clone();
        let client = self
            .rt
            .block_on(async {
                let builder = ClientBuilder::rustls().map(|mut b| {
                    b.capabilities(caps);
                    b
                });
                let builder = builder.expect("the rustls WebDriver client");
                tokio::time::timeout(SESSION_START, builder.connect(&url)).await
            })
            .unwrap_or_else(|_| panic!("no browser session within {SESSION_START:?}"))
            .unwrap_or_else(|e| panic!("a browser session from chromedriver: {e}"));
        let page = Page {
            client,
            rt: Arc::clone(&self.rt),
            _driver: Arc::clone(&self.driver),
            _profile: profile,
        };
        page.viewport((width, height));
        page
    }

    /// The runtime the pages' requests run on (for requests made at the same time).
    pub fn runtime(&self) -> &tokio::runtime::Runtime {
        &self.rt
    }
}

/// Waits (with a bound) for this test program's other browser test to finish.
fn take_turn() -> MutexGuard<'static, ()> {
    let deadline = Instant::now() + TURN;
    loop {
        match TURNS.try_lock() {
            Ok(guard) => return guard,
            Err(std::sync::TryLockError::Poisoned(p)) => return p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                assert!(
                    Instant::now() < deadline,
                    "another browser test kept the browser for more than {TURN:?}"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// The port in chromedriver's "ChromeDriver was started successfully on port 42295."
fn started_port(line: &str) -> Option<u16> {
    let rest = line.split_once("started successfully on port ")?.1;
    rest.trim_end_matches('.').trim().parse().ok()
}

/// A control's size on the page.
#[derive(Clone, Debug)]
pub struct ControlBox {
    /// What it is: its tag, id, `data-sq`, name or text (for messages).
    pub what: String,
    pub width: f64,
    pub height: f64,
}

/// A live region as the browser's accessibility tree has it.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRegion {
    /// Its role (`status`, `log`, `alert`, `generic`…).
    pub role: String,
    /// `polite` or `assertive`.
    pub live: String,
    pub atomic: bool,
    /// Its text: the names of the text nodes under it, in order, joined by spaces.
    pub text: String,
}

/// A response to a request the page made with `fetch`.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub body: Value,
}

/// One browser session: a tab showing the station's page.
pub struct Page {
    client: Client,
    rt: Arc<tokio::runtime::Runtime>,
    /// The driver lives as long as its pages.
    _driver: Arc<Driver>,
    _profile: tempfile::TempDir,
}

impl Drop for Page {
    fn drop(&mut self) {
        let client = self.client.clone();
        let closed = self
            .rt
            .block_on(async { tokio::time::timeout(COMMAND, client.close()).await });
        if !matches!(closed, Ok(Ok(()))) {
            eprintln!("a browser session did not close: {closed:?}");
        }
    }
}

/// A WebDriver command of chromedriver's own: a DevTools protocol command
/// (`POST /session/{id}/goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: String,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (http::Method::POST, Some(body.to_string()))
    }
}

impl Page {
    /// Runs one WebDriver request, with a bound.
    #[track_caller]
    fn run<T>(&self, what: &str, fut: impl Future<Output = Result<T, CmdError>>) -> T {
        match self
            .rt
            .block_on(async { tokio::time::timeout(COMMAND, fut).await })
        {
            Ok(Ok(value)) => value,
            Ok(Err(e)) => panic!("{what}: {e}"),
            Err(_) => panic!("{what}: no answer from the browser within {COMMAND:?}"),
        }
    }

    /// The fantoccini client, for requests made at the same time as another page's.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Opens `url` (and waits for its load event, as WebDriver does).
    pub fn goto(&self, url: &str) {
        self.run(&format!("opening {url}"), self.client.goto(url));
    }

    /// Reloads the page.
    pub fn reload(&self) {
        self.run("reloading the page", self.client.refresh());
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) in the page.
    #[track_caller]
    pub fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.run(
            &format!("running {script:?}"),
            self.client.execute(script, args),
        )
    }

    /// Runs `script` in the page and waits for it to call its last argument (the callback).
    #[track_caller]
    pub fn js_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.run(
            &format!("running {script:?}"),
            self.client.execute_async(script, args),
        )
    }

    /// A DevTools protocol command (`Network.enable`, `Accessibility.getFullAXTree`…)
    /// through chromedriver, on this page's tab.
    #[track_caller]
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.run(
            &format!("the DevTools command {cmd}"),
            self.client.issue_cmd(Cdp {
                cmd: cmd.to_owned(),
                params,
            }),
        )
    }

    /// Sets the viewport to `width`×`height` CSS pixels at a device pixel ratio of 1
    /// (a phone's or a tablet's width; the screenshots' size).
    pub fn viewport(&self, (width, height): (u32, u32)) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// The page's sequence number (`main[data-seq]`), if it shows one (an empty
    /// `data-seq` is none: the page has not drawn a state yet).
    pub fn seq(&self) -> Option<u64> {
        self.js(
            "const m = document.querySelector('main[data-seq]'); \
             const s = m ? m.getAttribute('data-seq') : ''; \
             return /^[0-9]+$/.test(s) ? Number(s) : null;",
            vec![],
        )
        .as_u64()
    }

    /// Whether the page says that its connection is lost (`#conn` shown, the page's
    /// "Verbindung getrennt").
    pub const LOST: &str = "(() => { const c = document.getElementById('conn'); \
        return c !== null && !c.hidden && c.textContent.trim() !== ''; })()";

    /// Waits until `main[data-seq]` is at least `n`, polling every 5 ms, for at most
    /// [`WAIT`]; returns the sequence number shown then.
    #[track_caller]
    pub fn wait_seq(&self, n: u64) -> u64 {
        self.wait_seq_within(n, WAIT)
    }

    /// [`Page::wait_seq`] with another bound.
    #[track_caller]
    pub fn wait_seq_within(&self, n: u64, limit: Duration) -> u64 {
        let deadline = Instant::now() + limit;
        loop {
            let seq = self.seq();
            if seq.is_some_and(|s| s >= n) {
                return seq.unwrap_or_default();
            }
            assert!(
                Instant::now() < deadline,
                "the page did not show seq {n} within {limit:?} (it shows {seq:?})"
            );
            self.pause();
        }
    }

    /// Waits until the JavaScript expression `condition` is true in the page, polling every
    /// 5 ms for at most `limit`; `what` names it in the failure.
    #[track_caller]
    pub fn wait_until(&self, what: &str, condition: &str, limit: Duration) {
        let script = format!("return !!({condition});");
        let deadline = Instant::now() + limit;
        loop {
            // A page being reloaded answers with an error: that is a no.
            let ok = self
                .rt
                .block_on(async {
                    tokio::time::timeout(COMMAND, self.client.execute(&script, vec![])).await
                })
                .ok()
                .and_then(Result::ok)
                .and_then(|v| v.as_bool())
                .unwrap_or(false);
            if ok {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: not within {limit:?} (waited for `{condition}`)"
            );
            self.pause();
        }
    }

    /// The poll interval of the waits.
    fn pause(&self) {
        self.rt.block_on(async { tokio::time::sleep(POLL).await });
    }

    /// Taps square `square` (`e2`): clicks its button, `[data-sq='e2']`.
    #[track_caller]
    pub fn click_square(&self, square: &str) {
        self.click(
            &format!("tapping {square}"),
            Locator::Css(&format!("[data-sq='{square}']")),
        );
    }

    /// Clicks the element `css` (a control the page draws anew may be looked up again).
    #[track_caller]
    pub fn click_css(&self, css: &str) {
        self.click(&format!("clicking {css}"), Locator::Css(css));
    }

    /// Clicks the element `xpath` (for a button found by its words).
    #[track_caller]
    pub fn click_xpath(&self, xpath: &str) {
        self.click(&format!("clicking {xpath}"), Locator::XPath(xpath));
    }

    /// Clicks the element `locator`, as a finger or a mouse does (WebDriver's Element
    /// Click: scrolled into view, refused when something covers it or it is disabled).
    #[track_caller]
    fn click(&self, what: &str, locator: Locator<'_>) {
        // The board is drawn anew on every state: an element found before an event may be
        // gone when it is clicked; then it is looked up again.
        let deadline = Instant::now() + WAIT;
        loop {
            let clicked = self.rt.block_on(async {
                tokio::time::timeout(COMMAND, async {
                    let el = self.client.find(locator).await?;
                    el.click().await
                })
                .await
            });
            match clicked {
                Ok(Ok(())) => return,
                Ok(Err(_)) if Instant::now() < deadline => self.pause(),
                Ok(Err(e)) => panic!("{what}: {e}"),
                Err(_) => panic!("{what}: no answer within {COMMAND:?}"),
            }
        }
    }

    /// Types `keys` into the element `css` as a keyboard does (WebDriver's Element Send
    /// Keys: the element gets the focus first); `"\u{E007}"` is Enter.
    #[track_caller]
    pub fn type_into(&self, css: &str, keys: &str) {
        let what = format!("typing {keys:?} into {css}");
        self.run(&what, async {
            let el = self.client.find(Locator::Css(css)).await?;
            el.send_keys(keys).await
        });
    }

    /// The element that has the focus: its tag, `#id` and `name` (`input#field-1[line]`),
    /// `body` when none has.
    pub fn focused(&self) -> String {
        self.js(
            "const e = document.activeElement; if (!e) return ''; \
             return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
               + (e.name ? '[' + e.name + ']' : '');",
            vec![],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// Whether the element `css` has the focus.
    pub fn has_focus(&self, css: &str) -> bool {
        self.js(
            "const e = document.querySelector(arguments[0]); \
             return e !== null && e === document.activeElement;",
            vec![json!(css)],
        ) == Value::Bool(true)
    }

    /// The piece on `square` as its image's file name without `.svg` (`wP`, `bN`), from
    /// `[data-sq='e4'] img`; `None` for an empty square.
    pub fn piece_on(&self, square: &str) -> Option<String> {
        self.js(
            "const img = document.querySelector(`[data-sq='${arguments[0]}'] img`); \
             if (!img) return null; \
             const m = (img.getAttribute('src') || '').match(/([wb][KQRBNP])\\.svg$/); \
             return m ? m[1] : null;",
            vec![json!(square)],
        )
        .as_str()
        .map(str::to_owned)
    }

    /// Waits until `square` holds `piece` (`Some("wP")`) or is empty (`None`).
    #[track_caller]
    pub fn wait_piece(&self, square: &str, piece: Option<&str>) {
        let deadline = Instant::now() + WAIT;
        loop {
            let on = self.piece_on(square);
            if on.as_deref() == piece {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{square} shows {on:?}, not {piece:?}, after {WAIT:?}"
            );
            self.pause();
        }
    }

    /// The text of `main` as the page shows it (`innerText`).
    pub fn text(&self) -> String {
        self.js(
            "const m = document.querySelector('main'); return m ? m.innerText : '';",
            vec![],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// The text of the element `css` as the document has it (`textContent`, its spaces
    /// kept); `None` when there is no such element.
    pub fn text_of(&self, css: &str) -> Option<String> {
        self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            vec![json!(css)],
        )
        .as_str()
        .map(str::to_owned)
    }

    /// Waits until `main`'s text contains `needle`.
    #[track_caller]
    pub fn wait_text(&self, needle: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            if self.text().contains(needle) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the page does not show {needle:?} after {WAIT:?}; it shows:\n{}",
                self.text()
            );
            self.pause();
        }
    }

    /// The enabled controls in `main`: buttons not disabled, inputs, selects, text areas
    /// (as `tag#id[data-sq]` descriptions).
    pub fn enabled_controls(&self) -> Vec<String> {
        let found = self.js(
            "return [...document.querySelectorAll(\
               'main button, main input, main select, main textarea, main [contenteditable]')]\
             .filter(e => !e.disabled && !e.closest('fieldset[disabled]'))\
             .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
               + (e.dataset.sq ? '[' + e.dataset.sq + ']' : '') \
               + ' ' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40));",
            vec![],
        );
        strings(&found)
    }

    /// Runs axe-core (`tests/web/vendor/axe-core/axe.min.js`, injected if the page has none
    /// yet) for WCAG 2.1 A and AA; returns the violations (`id`, `help`, the nodes' targets).
    pub fn axe(&self) -> Vec<Value> {
        let loaded = self.js("return typeof window.axe !== 'undefined';", vec![]);
        if loaded != Value::Bool(true) {
            let path =
                Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/vendor/axe-core/axe.min.js");
            let source = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            // Evaluated through DevTools in the page's global scope (axe.min.js sets
            // `window.axe`): the page's Content-Security-Policy allows no inline script,
            // so a script element with its text would not run.
            self.cdp(
                "Runtime.evaluate",
                json!({"expression": source, "returnByValue": true}),
            );
        }
        let result = self.js_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}) \
               .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, \
                 nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 200), \
                   summary: n.failureSummary}))})))) \
               .catch(e => done({error: String(e)}));",
            vec![],
        );
        match result {
            Value::Array(violations) => violations,
            other => panic!("axe-core failed: {other}"),
        }
    }

    /// The live regions of the page as the accessibility tree has them (CDP
    /// `Accessibility.getFullAXTree`): each node with a `live` property other than `off`,
    /// and the text under it.
    pub fn ax_live_regions(&self) -> Vec<LiveRegion> {
        self.cdp("Accessibility.enable", json!({}));
        let tree = self.cdp("Accessibility.getFullAXTree", json!({}));
        live_regions(&tree)
    }

    /// The text of the live region `selector` as the accessibility tree has it.
    #[track_caller]
    pub fn ax_live_text(&self, selector: &str) -> String {
        self.cdp("Accessibility.enable", json!({}));
        self.cdp("DOM.enable", json!({}));
        let doc = self.cdp("DOM.getDocument", json!({"depth": 0}));
        let root = doc["root"]["nodeId"].clone();
        let node = self.cdp(
            "DOM.querySelector",
            json!({"nodeId": root, "selector": selector}),
        );
        let node_id = node["nodeId"].as_i64().unwrap_or_default();
        assert!(node_id != 0, "no element {selector} in the page");
        let described = self.cdp("DOM.describeNode", json!({"nodeId": node_id}));
        let backend = described["node"]["backendNodeId"].clone();
        let tree = self.cdp("Accessibility.getFullAXTree", json!({}));
        let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
        let region = nodes
            .iter()
            .find(|n| n["backendDOMNodeId"] == backend)
            .unwrap_or_else(|| panic!("{selector} is not in the accessibility tree"));
        text_under(&nodes, region)
    }

    /// Waits until the text of the live region `selector`, as the accessibility tree has
    /// it, `matches`; returns it. `what` names it in the failure.
    #[track_caller]
    pub fn wait_ax_live_text(
        &self,
        selector: &str,
        what: &str,
        matches: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let text = self.ax_live_text(selector);
            if matches(&text) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "{selector} does not say {what} after {WAIT:?}; it says {text:?}"
            );
            self.pause();
        }
    }

    /// The size of every visible control in the document: buttons, links, inputs, selects,
    /// text areas, summaries and elements with a button-like role or a tab stop.
    pub fn control_boxes(&self) -> Vec<ControlBox> {
        self.bounding_boxes(
            "button, a[href], input:not([type=hidden]), select, textarea, summary, \
             [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], \
             [role=menuitem], [tabindex]:not([tabindex='-1'])",
        )
    }

    /// The size (`getBoundingClientRect`) of every element matching `selector` that is
    /// rendered (not `display: none`, not zero-sized).
    pub fn bounding_boxes(&self, selector: &str) -> Vec<ControlBox> {
        let found = self.js(
            "return [...document.querySelectorAll(arguments[0])]\
             .filter(e => e.getClientRects().length > 0)\
             .map(e => { const r = e.getBoundingClientRect(); \
               return {what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
                 + (e.dataset.sq ? '[' + e.dataset.sq + ']' : '') + ' ' \
                 + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40), \
                 width: r.width, height: r.height}; })\
             .filter(b => b.width > 0 && b.height > 0);",
            vec![json!(selector)],
        );
        found
            .as_array()
            .map(|boxes| {
                boxes
                    .iter()
                    .map(|b| ControlBox {
                        what: b["what"].as_str().unwrap_or_default().to_owned(),
                        width: b["width"].as_f64().unwrap_or_default(),
                        height: b["height"].as_f64().unwrap_or_default(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Writes a PNG of the whole page (beyond the viewport) to `path`.
    pub fn screenshot(&self, path: &Path) {
        let metrics = self.cdp("Page.getLayoutMetrics", json!({}));
        let size = &metrics["cssContentSize"];
        let width = size["width"].as_f64().unwrap_or(800.0).ceil();
        let height = size["height"].as_f64().unwrap_or(600.0).ceil();
        let shot = self.cdp(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true,
                   "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}),
        );
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or_default())
            .expect("a base64 PNG from Page.captureScreenshot");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    /// Takes the page off the network (DevTools `Network.emulateNetworkConditions`,
    /// offline: no new connection can be made) or back on. Connections already open (an
    /// event stream) stay open: chromium 156 does not close them [measured]; a test that
    /// drops them cuts the `Link` between the page and the station
    /// (`support/web_station.rs`).
    pub fn set_offline(&self, offline: bool) {
        self.cdp("Network.enable", json!({}));
        self.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": offline, "latency": 0, "downloadThroughput": -1,
                   "uploadThroughput": -1}),
        );
    }

    /// Makes a request from the page (its origin, its cookies) with `fetch`: `POST path`
    /// with the JSON `body`; the status and the JSON answer (`null` when it is none).
    pub fn post(&self, path: &str, body: &Value) -> Response {
        let answer = self.js_async(POST_SCRIPT, vec![json!(path), json!(body.to_string())]);
        response(&answer)
    }

    /// Trades a one-time access code for its role's cookie (`POST /api/join`) and reloads
    /// the page with it; returns the role the station answered.
    #[track_caller]
    pub fn join(&self, code: &str) -> String {
        let answer = self.post("/api/join", &json!({"code": code}));
        assert_eq!(answer.status, 200, "joining with a code: {answer:?}");
        self.reload();
        self.wait_seq(0);
        answer.body["role"].as_str().unwrap_or_default().to_owned()
    }

    /// Posts the action `action` (docs/web-protocol.md) with the sequence number `seq`.
    pub fn act(&self, seq: u64, action: Value) -> Response {
        self.post("/api/act", &json!({"seq": seq, "action": action}))
    }

    /// Marks the document, so that a later [`Page::reloaded`] tells whether it was loaded
    /// anew.
    pub fn mark(&self) {
        self.js("window.__ansageTestMark = 1;", vec![]);
    }

    /// Whether the document marked by [`Page::mark`] was replaced by a new one (a reload)
    /// that shows a sequence number.
    pub fn reloaded(&self) -> String {
        "typeof window.__ansageTestMark === 'undefined' \
         && /^[0-9]+$/.test((document.querySelector('main[data-seq]') || {}).dataset?.seq || '')"
            .to_owned()
    }
}

/// `fetch` from the page: `arguments[0]` the path, `arguments[1]` the JSON body; calls back
/// with `{status, text}`.
pub const POST_SCRIPT: &str = "const done = arguments[arguments.length - 1]; \
    fetch(arguments[0], {method: 'POST', headers: {'Content-Type': 'application/json'}, \
      body: arguments[1], credentials: 'same-origin'}) \
    .then(r => r.text().then(t => done({status: r.status, text: t}))) \
    .catch(e => done({status: 0, text: String(e)}));";

/// The status and JSON body of a [`POST_SCRIPT`] answer.
pub fn response(answer: &Value) -> Response {
    let text = answer["text"].as_str().unwrap_or_default();
    Response {
        status: answer["status"].as_u64().unwrap_or_default() as u16,
        body: serde_json::from_str(text).unwrap_or(Value::String(text.to_owned())),
    }
}

/// The strings of a JSON array.
fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The live regions of an `Accessibility.getFullAXTree` answer: the nodes whose `live`
/// property is not `off`, less those inside another one (they carry the region's `live`).
fn live_regions(tree: &Value) -> Vec<LiveRegion> {
    let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
    let live: Vec<&Value> = nodes
        .iter()
        .filter(|n| {
            property(n, "live")
                .and_then(|v| v.as_str().map(str::to_owned))
                .is_some_and(|v| v != "off")
        })
        .collect();
    let inner: Vec<Value> = live.iter().flat_map(|n| descendants(&nodes, n)).collect();
    live.into_iter()
        .filter(|n| !inner.contains(&n["nodeId"]))
        .map(|n| LiveRegion {
            role: n["role"]["value"].as_str().unwrap_or_default().to_owned(),
            live: property(n, "live")
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            atomic: property(n, "atomic").and_then(|v| v.as_bool()) == Some(true),
            text: text_under(&nodes, n),
        })
        .collect()
}

/// The node IDs of every node under `node`.
fn descendants(nodes: &[Value], node: &Value) -> Vec<Value> {
    let mut found = Vec::new();
    let mut stack: Vec<Value> = node["childIds"].as_array().cloned().unwrap_or_default();
    while let Some(id) = stack.pop() {
        if let Some(n) = nodes.iter().find(|n| n["nodeId"] == id) {
            stack.extend(n["childIds"].as_array().cloned().unwrap_or_default());
        }
        found.push(id);
    }
    found
}

/// An AX node's property `name` (`live`, `atomic`…), its value.
fn property(node: &Value, name: &str) -> Option<Value> {
    node["properties"]
        .as_array()?
        .iter()
        .find(|p| p["name"] == name)
        .map(|p| p["value"]["value"].clone())
}

/// The text under an AX node: the names of its `StaticText` descendants, in order, joined
/// by spaces.
fn text_under(nodes: &[Value], node: &Value) -> String {
    let by_id = |id: &Value| nodes.iter().find(|n| &n["nodeId"] == id);
    let mut words = Vec::new();
    let mut stack: Vec<&Value> = vec![node];
    while let Some(n) = stack.pop() {
        if n["role"]["value"] == "StaticText" {
            // Text hidden from assistive technology is in the tree as ignored.
            if n["ignored"] == true {
                continue;
            }
            if let Some(name) = n["name"]["value"].as_str() {
                words.push(name.trim().to_owned());
            }
            continue;
        }
        let children: Vec<&Value> = n["childIds"]
            .as_array()
            .map(|ids| ids.iter().filter_map(by_id).collect())
            .unwrap_or_default();
        stack.extend(children.into_iter().rev());
    }
    words
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chromedrivers_port_is_read_from_its_line() {
        assert_eq!(
            started_port("ChromeDriver was started successfully on port 42295."),
            Some(42295)
        );
        assert_eq!(started_port("Starting ChromeDriver 156 on port 0"), None);
    }
}
