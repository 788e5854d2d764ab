//! A real browser for the web page's tests (issue 21): Debian's `chromium`, headless,
//! driven through `chromedriver` (package `chromium-driver`, W3C WebDriver; the test kit's
//! launcher, `ansage::testkit::chromedriver`) with fantoccini. One [`Browser`] is one
//! `chromedriver` process; each [`Page`] (`support/page.rs`) is a session of its own (its
//! own profile folder, so its own cookies: one role per page).
//!
//! The helpers are synchronous (each call runs the WebDriver request on the browser's tokio
//! runtime) and every wait has a bound.
//!
//! Without `/usr/bin/chromedriver` a browser test is skipped with a message, unless
//! `ANSAGE_REQUIRE_BROWSER=1` (set by `.ci/test.sh`, whose setup installs it): then it fails.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ansage::testkit::chromedriver::{CHROMEDRIVER, Chromedriver, chromium_options};
use fantoccini::ClientBuilder;
use fantoccini::wd::Capabilities;

use super::load;
pub use super::page::{POST_SCRIPT, Page, response};

/// How long `chromedriver` may take to say its port.
const DRIVER_START: Duration = Duration::from_secs(20);

/// How long a new browser session (a chromium started) may take.
const SESSION_START: Duration = Duration::from_secs(60);

/// How long anything a test waits for in the page may take (a loaded 2-core machine).
pub const WAIT: Duration = Duration::from_secs(15);

/// How often a wait looks at the page.
pub(super) const POLL: Duration = Duration::from_millis(5);

/// How long one WebDriver command may take.
pub(super) const COMMAND: Duration = Duration::from_secs(30);

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

/// The `chromedriver` process; stopped (the kit's SIGTERM, then SIGKILL) when the last
/// page and the browser are gone.
pub(super) struct Driver {
    process: Mutex<Chromedriver>,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let mut process = self
            .process
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(e) = process.stop() {
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
        let process = Chromedriver::start(DRIVER_START).unwrap_or_else(|e| panic!("{e}"));
        let url = process.url().to_owned();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime for the WebDriver client");
        Browser {
            driver: Arc::new(Driver {
                process: Mutex::new(process),
                url,
            }),
            rt: Arc::new(rt),
            _turn: turn,
            _busy: busy,
        }
    }

    /// A new page (a browser session of its own, with its own profile and cookies) whose
    /// viewport is `width`×`height` CSS pixels.
    pub fn page(&self, size: (u32, u32)) -> Page {
        let profile = tempfile::tempdir().expect("a profile folder");
        let mut caps = Capabilities::new();
        caps.insert(
            "goog:chromeOptions".into(),
            chromium_options(profile.path(), size, &["--lang=de-DE"]),
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
        page.viewport(size);
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
