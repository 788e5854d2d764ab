//! The state of an announcement not yet made (FIDE Laws D.2.3, D.2.7): echoed and
//! waiting for "ja", a "Welcher …?" question, a resignation to confirm. The protocol
//! ([`super::protocol`]) moves it on; the other parts of the session read it.

use shakmaty::{Color, Move};

use crate::core::time::Timestamp;
use crate::core::words::RenderedMove;

/// The state of an announcement not yet made.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Pending {
    None,
    /// Echoed, waiting for confirmation (D.2.3) or correction (D.2.7).
    Echoed {
        side: Color,
        /// The move, rendered once for the echo and kept for when it is made.
        rendered: RenderedMove,
        draw_offer: bool,
        /// When the correction window closes; `None`: only an explicit yes makes it.
        deadline: Option<Timestamp>,
    },
    /// Several moves fit: asked which.
    Which {
        side: Color,
        candidates: Vec<Move>,
        draw_offer: bool,
    },
    /// Resignation announced, waiting for confirmation.
    Resign {
        side: Color,
    },
}
