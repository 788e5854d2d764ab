//! The first-move deadline of an online game (issue 32.3): until both sides have moved,
//! lichess aborts a game whose player to move waits too long (`expiration` in its state:
//! `millisToMove`, of which `idleMillis` are gone). The visually impaired player hears it
//! when his first move is due, and again when half of it is gone; the server decides the
//! abort (its state says so), never the station.

use std::time::Duration;

use shakmaty::{Color, Position};

use crate::core::online::game::GameState;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::Session;

/// The player's first move is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FirstMove {
    /// The plies of the game when it was told: it is due until a move is made.
    plies: usize,
    /// When half of the wait is gone (told then), if it was not gone already.
    half: Option<Timestamp>,
    /// The whole wait.
    wait: Duration,
}

impl Session {
    /// The server's state at `now`: the first-move deadline told when it first concerns
    /// the player (his move is due, the server sets one), and its half noted.
    pub(super) fn first_move_deadline(
        &mut self,
        state: &GameState,
        remote: Color,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let plies = self.history.len();
        let due = state.expiration.filter(|_| {
            state.status.ongoing() && self.position().turn() != remote && self.result.is_none()
        });
        let Some(expiration) = due else {
            self.online.first_move = None;
            return;
        };
        if self.online.first_move.is_some_and(|f| f.plies == plies) {
            return;
        }
        let wait = Duration::from_millis(expiration.millis_to_move);
        let idle = Duration::from_millis(expiration.idle_millis);
        let left = wait.saturating_sub(idle);
        let half = (wait / 2).checked_sub(idle).map(|d| now + d);
        self.online.first_move = Some(FirstMove { plies, half, wait });
        let msg = Message::new("online-first-move").arg("seconds", seconds(left));
        self.tell(Audience::player(!remote), Priority::Info, msg, out);
    }

    /// When half of the first move's wait is gone, while the move is still due.
    pub(super) fn first_move_due(&self) -> Option<Timestamp> {
        let first = self.online.first_move?;
        (first.plies == self.history.len())
            .then_some(first.half)
            .flatten()
    }

    /// Half of the wait is gone at `deadline`: told once ("Noch 15 Sekunden für Ihren
    /// ersten Zug"); whether it was this deadline.
    pub(super) fn first_move_half(&mut self, deadline: Timestamp, out: &mut Vec<Output>) -> bool {
        if self.first_move_due() != Some(deadline) {
            return false;
        }
        let (Some(remote), Some(first)) = (self.setup.online, self.online.first_move.as_mut())
        else {
            return false;
        };
        first.half = None;
        let left = first.wait / 2;
        let msg = Message::new("online-first-move-half").arg("seconds", seconds(left));
        self.tell(Audience::player(!remote), Priority::Urgent, msg, out);
        true
    }
}

/// Whole seconds, rounded up (a wait of 0.4 s is no "0 seconds").
fn seconds(d: Duration) -> u64 {
    u64::try_from(d.as_millis().div_ceil(1000)).unwrap_or(u64::MAX)
}
