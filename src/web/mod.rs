//! The station's web page (issue 21, docs/web-protocol.md; feature `web`): an adapter
//! like the others. An axum server on the station's tokio runtime serves the page, pushes
//! the state as Server-Sent Events and turns each action into an ordinary input sent
//! through the station's one input channel; the [`WebSink`] publishes what the session
//! produced. The web layer keeps no game state of its own.
//!
//! It listens on loopback unless `web.listen` names another address; codes and cookies
//! are [`Secret`]s, never logged.
//!
//! The files:
//! - this file: start on `web.listen` (the `Hub` the server and the sink
//!   share, in `hub.rs`), stop;
//! - `server.rs`: the axum router behind `guard.rs` (the Host and Origin check), the body
//!   limit refused on the announced length before the body is read, the hardening
//!   headers on every answer; `request.rs`: what every handler shares (the state, the
//!   cookie's token, a refusal's JSON);
//! - `sse.rs`: `/events`, a `watch` of the published state, current state first, rendered
//!   per role by `state.rs` (the arbiter's stream also on every page opened or closed);
//! - `api.rs`: join, act, invite, leave; an action waits for
//!   `StationInput::Acknowledged`, one at a time, 409 on a stale `seq`;
//! - `action.rs` (pure, fuzzed): JSON → `Action` → `Input` with the role's actor;
//!   `action/permissions.rs`, the one table of what each role may do;
//!   `action/situation.rs`, which of them the situation allows, read from the core's view;
//! - `access.rs` (pure): one-time codes, tokens kept as hashes, the wrong-code limits per
//!   client address and per code, why a page lost its role; `store.rs`: the grants beside
//!   the journal (mode 0600, written by a thread of its own) so that `--resume` keeps
//!   every role; `random.rs`: codes, tokens and the run's epoch;
//! - `answer.rs` (pure): the answers to the page's requests at the board (also used by the
//!   golden runner); `address.rs`: the page's address in words a synthesizer reads right;
//!   `machine.rs`: this machine's names for the address;
//! - `sink.rs`: the [`WebSink`] (the said ring, `Output::Access`, publishing the step
//!   view's `GameView` when it changed); `words.rs`: the refusals in the game's words;
//!   `assets.rs`: the page's files (rust-embed of `assets/web/`); `pgn.rs`: `/game.pgn`;
//!   `qr.rs`: the address as a QR code.

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

use crate::core::session::Session;
use crate::station::{StationInput, Timeline};

pub mod access;
pub mod action;
pub mod address;
pub mod answer;
mod api;
mod assets;
pub mod guard;
mod hub;
mod machine;
mod pgn;
mod qr;
mod random;
mod request;
mod server;
mod sink;
mod sse;
pub mod state;
pub mod store;
pub mod words;

pub use crate::secret::Secret;
pub use address::PageAddress;
pub use hub::{MAX_STREAMS, Seats};
pub use request::COOKIE;
pub use server::BODY_LIMIT;
pub use sink::{SAID_KEPT, WebSink};
pub use store::GrantsFile;

/// Why the web page cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// `web.listen` is no address.
    #[error("web.listen {0:?}: expected ADDRESS:PORT, e.g. 127.0.0.1:8432")]
    Address(String),
    /// The address cannot be listened on (taken, not this machine's, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's error.
        source: std::io::Error,
    },
}

/// `web.listen` as an address (`127.0.0.1:8432`, `[::]:8432`, `localhost:8432`).
pub fn listen_address(listen: &str) -> Result<SocketAddr, WebError> {
    listen
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| WebError::Address(listen.to_owned()))
}

/// The running server.
#[derive(Debug)]
pub struct Web {
    addr: SocketAddr,
    url: String,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<()>,
    store: Option<store::Store>,
}

/// How long stopping waits for the server's open requests.
const STOP_WAIT: Duration = Duration::from_secs(2);

impl Web {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address as the station says it (`http://ADDR/`).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops the server: no new connection; the pages' streams have ended with the
    /// sink (drop it first); the server task is joined (aborted after 2 s).
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        let mut task = self.task;
        if tokio::time::timeout(STOP_WAIT, &mut task).await.is_err() {
            task.abort();
        }
        if let Some(store) = self.store {
            let _ = tokio::task::spawn_blocking(move || store.close()).await;
        }
    }
}

/// Starts the server on `listen` for `session`'s game (on the current tokio runtime):
/// its sink for the main loop, and the server. Actions go to `tx`; `timeline` is the
/// session's time; `grants`: where the browsers' roles are kept beside the journal (taken
/// back when the game is resumed; `None`: a game without a journal keeps them in memory).
pub fn start(
    listen: &str,
    session: &Session,
    tx: mpsc::Sender<StationInput>,
    timeline: Timeline,
    grants: Option<&GrantsFile>,
) -> Result<(WebSink, Web), WebError> {
    let addr = listen_address(listen)?;
    let bind = |addr| {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        tokio::net::TcpListener::from_std(listener)
    };
    let listener = bind(addr).map_err(|source| WebError::Bind { addr, source })?;
    let bound = listener
        .local_addr()
        .map_err(|source| WebError::Bind { addr, source })?;
    let names = machine::names();
    let url = machine::url(bound, &names);
    let (state_tx, state_rx) = watch::channel(Arc::default());
    let mut access = access::Access::new();
    if let Some(file) = grants {
        let taken = access.restore(&file.read());
        tracing::info!("web: {taken} roles taken back");
    }
    let store = grants.map(store::Store::open);
    let hub = Arc::new(hub::Hub {
        state: state_rx,
        access: Mutex::new(access),
        saver: store.as_ref().map(store::Store::saver),
        pages: watch::channel(0).0,
        epoch: random::epoch(),
        timeline,
        seats: Seats::of(session.setup().impaired),
        address: address::PageAddress::new(&url, session.phrases()),
        url: url.clone(),
        words: words::Words::new(session.phrases()),
        tx,
        streams: AtomicUsize::new(0),
        acting: tokio::sync::Mutex::new(()),
        started: Instant::now(),
    });
    let app = Arc::new(request::Server {
        hub: Arc::clone(&hub),
        hosts: guard::Hosts::new(bound, &names),
        words_json: assets::words_json(session.setup().lang),
    });
    let (shutdown, stopped) = oneshot::channel::<()>();
    let router = server::router(app);
    let task = tokio::spawn(async move {
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let serve = axum::serve(listener, service).with_graceful_shutdown(async {
            let _ = stopped.await;
        });
        if let Err(e) = serve.await {
            tracing::error!("web: {e}");
        }
    });
    tracing::info!("web: listening on {bound}");
    let web = Web {
        addr: bound,
        url,
        shutdown,
        task,
        store,
    };
    Ok((WebSink::new(hub, state_tx), web))
}
