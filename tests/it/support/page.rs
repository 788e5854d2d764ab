//! One browser session of the web page's tests: a tab of Debian's chromium showing the
//! station's page, driven through WebDriver (fantoccini) on the browser's tokio runtime
//! (`support/browser.rs` starts it). Every call has a bound; the page's sequence number
//! (`main[data-seq]`, docs/web-protocol.md) is polled every 5 ms, never slept on. The
//! accessibility tree, axe-core, the controls' sizes and screenshots are in
//! `support/page_a11y.rs`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::browser::{COMMAND, Driver, POLL, WAIT};

/// A response to a request the page made with `fetch`.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub body: Value,
}

/// One browser session: a tab showing the station's page.
pub struct Page {
    pub(super) client: Client,
    pub(super) rt: Arc<tokio::runtime::Runtime>,
    /// The driver lives as long as its pages.
    pub(super) _driver: Arc<Driver>,
    pub(super) _profile: tempfile::TempDir,
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
    pub(super) fn pause(&self) {
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
pub(super) fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
