//! The answer to a request for the web page when the station serves none ("Zugangscode
//! für den Gegner" with `web.enabled` off, or a build without the `web` feature): said
//! and brailled to the asker, not journaled (it is no input to the session).

use tokio::sync::mpsc;

use crate::core::output::{AccessRequest, Output};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

/// Answers every [`Output::Access`] with "the web page is off".
pub struct AccessOff {
    tx: mpsc::Sender<StationInput>,
}

impl AccessOff {
    /// Answers through the station's input channel `tx`, as a notice.
    pub fn new(tx: mpsc::Sender<StationInput>) -> AccessOff {
        AccessOff { tx }
    }
}

impl Sink for AccessOff {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for output in outputs {
            let Output::Access(request) = output else {
                continue;
            };
            let to = match *request {
                AccessRequest::Code { to, .. }
                | AccessRequest::RevokeAll { to }
                | AccessRequest::Address { to } => to,
            };
            let notice = StationInput::Notice {
                to,
                message: Message::new("web-off"),
            };
            // A full channel drops the answer: the asker may ask again.
            if self.tx.try_send(notice).is_err() {
                tracing::warn!("web: the answer that the page is off was dropped");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::input::AccessRole;
    use crate::core::output::Audience;

    #[test]
    fn a_request_is_answered_to_the_asker_only() {
        let (tx, mut rx) = mpsc::channel(4);
        let mut sink = AccessOff::new(tx);
        sink.deliver(
            Timestamp::ZERO,
            &[Output::Access(AccessRequest::Code {
                role: AccessRole::Opponent,
                to: Audience::Black,
            })],
        );
        sink.deliver(Timestamp::ZERO, &[Output::Hush { to: Audience::All }]);
        match rx.try_recv() {
            Ok(StationInput::Notice { to, message }) => {
                assert_eq!(to, Audience::Black);
                assert_eq!(message.id, "web-off");
            }
            other => panic!("expected a notice, got {other:?}"),
        }
        assert!(rx.try_recv().is_err(), "one answer per request");
    }
}
