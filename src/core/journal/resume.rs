//! What a resumed game tells, in the order a player at the board needs it: the game is
//! back (how many moves, up to which), whose move it is, both clocks and that they stand,
//! anything still pending, and how the game goes on.

use shakmaty::Position;

use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::session::Session;
use crate::core::time::Timestamp;

use super::{announce, clocks_message, resumed_message};

/// The announcement of a game resumed from its journal at `at`, said and shown to all,
/// in order:
///
/// 1. the game is back: its moves, up to the last one ("Partie aus dem Journal
///    fortgesetzt: 4 Züge bis 2... Sc6.");
/// 2. whose move it is, or that the game is over;
/// 3. both clocks and that they stand (FIDE Laws 6.12.c: the arbiter stopped them);
/// 4. what the station was waiting for ([`Session::pending_prompt`]: an echo awaiting
///    "ja", the "Welcher …?" question, a resignation, a draw offer, an adjournment);
/// 5. how the game goes on: who starts the clock, and with which words (not while the
///    game is over or adjourned with a sealed move: the arbiter's resumption says that).
///
/// Each part is said at [`Priority::Move`], so that none is cut short or dropped by the
/// next one and the order holds on every speaker (the pending echo is a move's priority
/// too).
pub fn resume_announcement(session: &mut Session, at: Timestamp) -> Vec<Output> {
    let mut out = Vec::new();
    let say = |session: &Session, out: &mut Vec<Output>, msg: &Message| {
        out.extend(announce(session, Audience::All, Priority::Move, msg));
    };
    say(session, &mut out, &resumed_message(session));
    let over = session.result().is_some();
    let turn = if over {
        Message::new("journal-over")
    } else {
        let side = session.position().turn();
        Message::new("journal-turn").arg("side", session.vocabulary().color_name(side))
    };
    say(session, &mut out, &turn);
    if let Some(clocks) = clocks_message(session, at) {
        say(session, &mut out, &clocks);
    }
    out.extend(session.pending_prompt());
    if !over && session.clock().is_some() && !session.adjourned() {
        say(session, &mut out, &Message::new("journal-restart"));
    }
    out
}
