//! The station's side of the web page: a [`Sink`] that keeps the newest messages said,
//! answers the core's access requests, and after every step publishes the state when
//! what a page shows changed (its `seq` one higher).

use std::collections::VecDeque;
use std::sync::Arc;

use serde_json::{Value, json};
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
    /// Something was said since the last state was published.
    fresh: bool,
    /// A move was made in this step.
    made: bool,
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
            made: false,
        }
    }

    /// Answers a request asked at the board ([`answer::answer`]: a code, the same again
    /// while it is valid; the address; every access ended) and tells whoever asked
    /// through the station's channel (never blocking: a full channel loses the answer,
    /// and asking again gives it again).
    pub fn on_access(&mut self, request: AccessRequest) {
        let page = answer::Page {
            seats: self.hub.seats,
            address: self.hub.address.clone(),
        };
        let now = self.hub.now();
        let (to, message) = answer::answer(request, &mut self.hub.access(), &page, now, || {
            random::number()
        });
        if self
            .hub
            .tx
            .try_send(StationInput::Notice { to, message })
            .is_err()
        {
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
                Output::Made(_) => self.made = true,
                Output::Access(request) => self.on_access(*request),
                _ => {}
            }
        }
    }

    fn observe(&mut self, step: &StepView) {
        let view = serde_json::to_value(&step.game).unwrap_or(Value::Null);
        let old = Arc::clone(&self.state.borrow());
        let announcement =
            announcement(&old.view, &view, self.made).unwrap_or_else(|| old.announcement.clone());
        self.made = false;
        if !self.fresh && view == old.view && announcement == old.announcement {
            return;
        }
        self.fresh = false;
        let published = Published {
            seq: old.seq + 1,
            view,
            announcement,
            said: self.said.iter().cloned().collect(),
            turn: Some(shakmaty::Position::turn(&step.position)),
            pgn: step.pgn.clone(),
        };
        self.state.send_replace(Arc::new(published));
    }
}

/// What became of the announcement pending before a step: made, corrected (other words
/// still pending) or withdrawn (nothing pending, nothing made); `None`: nothing new.
fn announcement(old: &Value, new: &Value, made: bool) -> Option<Value> {
    let before = old.get("pending").filter(|p| !p.is_null())?;
    let after = new.get("pending").filter(|p| !p.is_null());
    let stage = match after {
        None if made => "made",
        None => "withdrawn",
        Some(p) if p.get("words") != before.get("words") => "corrected",
        Some(_) => return None,
    };
    Some(json!({
        "stage": stage,
        "words": before.get("words").cloned().unwrap_or(Value::Null),
        "side": before.get("side").cloned().unwrap_or(Value::Null),
    }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::announcement;

    /// Each case: (pending before, pending after, a move made, what became of it).
    #[test]
    fn what_became_of_the_announcement() {
        let echoed = json!({"stage": "echoed", "side": "black", "words": "Springer Felix sechs"});
        let other = json!({"stage": "echoed", "side": "black", "words": "Springer Gustav sechs"});
        let cases = [
            (echoed.clone(), json!(null), true, Some("made")),
            (echoed.clone(), json!(null), false, Some("withdrawn")),
            (echoed.clone(), other, false, Some("corrected")),
            (echoed.clone(), echoed.clone(), false, None),
            (json!(null), echoed.clone(), false, None),
        ];
        for (before, after, made, expected) in cases {
            let got = announcement(
                &json!({"pending": before}),
                &json!({"pending": after}),
                made,
            );
            assert_eq!(
                got.as_ref().and_then(|a| a["stage"].as_str()),
                expected,
                "{before} -> {after}"
            );
            if let Some(a) = got {
                assert_eq!(a["words"], "Springer Felix sechs");
                assert_eq!(a["side"], "black");
            }
        }
    }
}
