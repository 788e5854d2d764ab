//! The server's move list against the station's game: what happened since the station
//! last looked.
//!
//! Every `gameState` (and the `gameFull` of each reconnection) carries the whole list of
//! moves, never a difference, so the station compares lists rather than counting events:
//! a line lost with a broken connection, or the same state sent again, announces no move
//! twice and misses none. The station's own last move may be on its way (sent, its
//! outcome not yet seen); a list that lacks only that move says nothing has happened yet,
//! and after a reconnection, that the move must be sent again (once). The comparison is
//! generic over the move type, so that it is tested on plain numbers and used on the
//! game's moves.

/// What the server's list of moves says happened (see [`sync`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sync<M> {
    /// The same moves as the station's, and none of ours on its way: nothing was played
    /// (a clock, an offer or the status changed).
    Unchanged,
    /// The server's list lacks only our last move, which is on its way: nothing to do
    /// yet; after a reconnection, send it again.
    Awaiting,
    /// The server's list continues the station's: our move on its way is now in it
    /// (`confirmed`), and `moves` were played after the station's last (the opponent's to
    /// announce; a move of ours here was made elsewhere, on the same account).
    Advanced {
        /// Our move on its way is in the server's list.
        confirmed: bool,
        /// The moves to make, in order, after the station's last.
        moves: Vec<M>,
    },
    /// The server's list is the station's first `to` moves (a takeback was accepted).
    TakenBack {
        /// How many moves stay.
        to: usize,
    },
    /// The lists part after their first `common` moves: take back to there, then make
    /// `moves`.
    Diverged {
        /// How many moves the lists share.
        common: usize,
        /// The server's moves after them.
        moves: Vec<M>,
    },
}

/// Compares the station's moves `ours` (the last of them on its way to the server when
/// `in_flight`) with the server's list `server`.
///
/// After any answer but [`Sync::Awaiting`], nothing of ours is on its way any more: it is
/// confirmed, or the server's list shows that it was not made. The lists alone cannot tell
/// a move of ours taken back from one that never arrived, so the station asks for no
/// takeback while its move is on its way.
pub fn sync<M: PartialEq + Clone>(ours: &[M], in_flight: bool, server: &[M]) -> Sync<M> {
    let in_flight = in_flight && !ours.is_empty();
    let common = ours.iter().zip(server).take_while(|(a, b)| a == b).count();
    if common == ours.len() {
        if server.len() == ours.len() && !in_flight {
            return Sync::Unchanged;
        }
        return Sync::Advanced {
            confirmed: in_flight,
            moves: server[common..].to_vec(),
        };
    }
    if common == server.len() {
        if in_flight && common + 1 == ours.len() {
            return Sync::Awaiting;
        }
        return Sync::TakenBack { to: common };
    }
    Sync::Diverged {
        common,
        moves: server[common..].to_vec(),
    }
}

#[cfg(test)]
mod tests;
