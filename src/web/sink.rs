//! The station's side of the web page: a [`Sink`] that keeps the newest messages said,
//! answers the core's access requests, and after every step publishes the state when
//! what a page shows changed (its `seq` one higher).

use std::collections::VecDeque;
use std::sync::Arc;

use serde_json::Value;
use tokio::sync::watch;

use super::answer;
use super::hub::Hub;
use super::random;
use super::state::{Published, Said};
use crate::core::output::AccessRequest;
use crate::core::output::{Output, Priority};
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

/// The messages a page is told, newest last.
pub const SAID_KEPT: usize = 30;

/// The web page's sink.
#[derive(Debug)]
pub struct WebSink {
    hub: Arc<Hub>,
    state: watch::Sender<Arc<Published>>,
    said: VecDeque<Said>,
    count: u64,
    /// Something was said, or access changed, since the last state was published.
    fresh: bool,
}

impl WebSink {
    /// The sink publishing into `state` (whose receiver is `hub`'s).
    pub fn new(hub: Arc<Hub>, state: watch::Sender<Arc<Published>>) -> WebSink {
        WebSink {
            hub,
            state,
            said: VecDeque::with_capacity(SAID_KEPT),
            count: 0,
            fresh: false,
        }
    }

    /// Answers a request asked at the board ([`answer::answer`]: a code, the same again
    /// while it is valid; the address; every access ended) and tells whoever asked
    /// through the station's channel (never blocking: a full channel loses the answer,
    /// and asking again gives it again). A code is told as a secret
    /// ([`StationInput::Secret`]): at the board only, never in a page's messages. Every
    /// access ended is pushed to the open pages with the next state, at once.
    pub fn on_access(&mut self, request: AccessRequest) {
        let revoked = matches!(request, AccessRequest::RevokeAll { .. });
        let secret = answer::is_secret(&request);
        self.fresh |= revoked;
        let page = answer::Page {
            seats: self.hub.seats,
            address: self.hub.address.clone(),
        };
        let now = self.hub.now();
        let (to, message) = answer::answer(request, &mut self.hub.access(), &page, now, || {
            random::number()
        });
        if revoked {
            self.hub.save_grants();
        }
        let told = if secret {
            StationInput::Secret { to, message }
        } else {
            StationInput::Notice { to, message }
        };
        if self.hub.tx.try_send(told).is_err() {
            tracing::warn!("web: the station's channel is full; an access answer is lost");
        }
    }

    fn keep(&mut self, said: Said) {
        if self.said.len() == SAID_KEPT {
            self.said.pop_front();
        }
        self.said.push_back(said);
        self.fresh = true;
    }
}

impl Sink for WebSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for output in outputs {
            match output {
                Output::Say(s) => {
                    self.count += 1;
                    self.keep(Said {
                        n: self.count,
                        to: s.to,
                        text: s.text.clone(),
                        urgent: s.priority == Priority::Urgent,
                        error: s.error,
                    });
                }
                Output::Access(request) => self.on_access(*request),
                _ => {}
            }
        }
    }

    /// A code told at the board is no page's business: not kept, not published.
    fn deliver_secret(&mut self, _at: Timestamp, _outputs: &[Output]) {}

    fn observe(&mut self, step: &StepView) {
        let old = Arc::clone(&self.state.borrow());
        if !self.fresh && old.game.as_ref() == Some(&step.game) {
            return;
        }
        self.fresh = false;
        let published = Published {
            seq: old.seq + 1,
            view: serde_json::to_value(&step.game).unwrap_or(Value::Null),
            game: Some(step.game.clone()),
            said: self.said.iter().cloned().collect(),
            turn: Some(shakmaty::Position::turn(&step.position)),
            pgn: step.pgn.clone(),
        };
        self.state.send_replace(Arc::new(published));
    }
}
