//! Electronic boards: the sighted player's DGT or Millennium board (issue 16).
//!
//! FIDE Laws D.1: in a dual-board game the sighted player plays on an ordinary board and the
//! blind player on his own; an electronic board lets the station see the sighted player's
//! board. The protocol code is pure (bytes in, [`Event`]s out; commands as bytes), one file
//! per protocol: [`dgt`] (DGT boards and the DGT 3000 clock's times), [`dgt_clock`] (the
//! DGT 3000's commands) and [`millennium`] (Millennium ChessLink). Around it: [`ports`]
//! (which ports and protocols to try), [`link`] (one connection: bytes → the session's
//! board events), [`actor`] (the device's thread and the clock's sink), [`report`] (what
//! `ansage play` and `ansage doctor` say about the board) and, with the feature `eboard`,
//! `serial` (the serial transport).
//!
//! The decoders never panic and never fail: a byte they cannot place is skipped and told as
//! a [`Fault`] event, and the next message is found again (resynchronisation). Their events
//! do not depend on how the bytes were split into reads.

pub mod actor;
pub mod dgt;
pub mod dgt_clock;
#[cfg(feature = "testing")]
pub mod emulator;
pub mod link;
pub mod millennium;
pub mod ports;
pub mod report;
#[cfg(feature = "eboard")]
pub mod serial;

use std::fmt;

use shakmaty::{Board, Piece, Square};

/// What stands on each of the 64 squares of an electronic board, as the board reports it.
///
/// FIDE Laws D.2.9: the placement on the sighted player's board is what the station compares
/// with the game's position, so that two boards drifting apart are noticed. The squares are
/// the board's own (a board turned round reports its files and ranks mirrored; the
/// orientation is found from the start position, not here).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement([Option<Piece>; 64]);

impl Placement {
    /// The empty board.
    pub const EMPTY: Placement = Placement([None; 64]);

    /// A placement from 64 squares in the boards' scanning order: a8, b8, …, h8, a7, …, h1.
    pub fn from_a8_first(squares: [Option<Piece>; 64]) -> Placement {
        let mut placement = Placement::EMPTY;
        for (index, piece) in squares.into_iter().enumerate() {
            placement.0[usize::from(square_a8_first(index))] = piece;
        }
        placement
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.0[usize::from(square)]
    }

    /// Puts a piece on a square, or empties it (`None`).
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.0[usize::from(square)] = piece;
    }

    /// The squares on which the two placements differ, a1 first.
    pub fn differences(&self, other: &Placement) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|&sq| self.piece_at(sq) != other.piece_at(sq))
            .collect()
    }
}

/// The square of index `index` (0-63) in the boards' scanning order (a8 first, rank by
/// rank down to h1). Indexes beyond 63 wrap (callers check the range).
pub(crate) fn square_a8_first(index: usize) -> Square {
    let index = index % 64;
    let rank = 7 - index / 8;
    let file = index % 8;
    Square::ALL[rank * 8 + file]
}

impl From<&Board> for Placement {
    fn from(board: &Board) -> Placement {
        let mut placement = Placement::EMPTY;
        for (square, piece) in board.clone() {
            placement.set(square, Some(piece));
        }
        placement
    }
}

impl From<&Placement> for Board {
    fn from(placement: &Placement) -> Board {
        let mut board = Board::empty();
        for square in Square::ALL {
            if let Some(piece) = placement.piece_at(square) {
                board.set_piece_at(square, piece);
            }
        }
        board
    }
}

/// The placement as the board part of a FEN (`rnbqkbnr/pppppppp/8/…`).
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Board::from(self))
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Placement({self})")
    }
}

/// The times a chess clock attached to the board shows (the DGT clock's BWTIME message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    /// The left display's time, in seconds.
    pub left_secs: u32,
    /// The right display's time, in seconds.
    pub right_secs: u32,
    /// The clock is running.
    pub running: bool,
    /// The lever is down on the right side (the left player's clock runs, when running).
    pub lever_right_down: bool,
    /// The clock's battery is low.
    pub battery_low: bool,
    /// No clock is attached to the board.
    pub no_clock: bool,
}

/// What a decoder read from an electronic board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The whole board (DGT's board dump, Millennium's status).
    Placement(Placement),
    /// One square changed (DGT's field update): a piece was lifted (`None`) or set down.
    SquareChanged {
        /// The square, in the board's own coordinates.
        square: Square,
        /// What stands on it now.
        piece: Option<Piece>,
    },
    /// The attached clock's times (DGT's BWTIME).
    Clock(ClockTimes),
    /// The DGT 3000 clock acknowledged a command (its four acknowledgement bytes).
    ClockAck([u8; 4]),
    /// A well-formed message the station does not use (a version, a serial number, an
    /// acknowledgement), by its message letter or identifier.
    Other {
        /// The message identifier (DGT) or reply letter (Millennium).
        id: u8,
        /// Its length in bytes, with the header or letter and check.
        len: usize,
    },
    /// Bytes that were skipped: nothing is lost but them.
    Fault(Fault),
}

/// Why bytes from a board were skipped. Never fatal: the decoder goes on with the next
/// message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// Bytes outside any message (line noise, a message whose start was lost).
    #[error("{bytes} bytes outside any message skipped")]
    Skipped {
        /// How many.
        bytes: usize,
    },
    /// A message cut off by the start of the next one.
    #[error("message {id:#04x} cut off after {got} of {len} bytes")]
    Truncated {
        /// Its identifier or letter.
        id: u8,
        /// The length its header announced.
        len: usize,
        /// The bytes received before the next message began.
        got: usize,
    },
    /// A message whose length does not fit its kind.
    #[error("message {id:#04x} of {len} bytes has the wrong length")]
    BadLength {
        /// Its identifier.
        id: u8,
        /// Its length, header included.
        len: usize,
    },
    /// A message whose check does not match its bytes.
    #[error("message {id:#04x}: check {got:#04x} instead of {expected:#04x}")]
    BadChecksum {
        /// Its letter.
        id: u8,
        /// The check computed from the bytes.
        expected: u8,
        /// The check received (or 0xff when it is no hex number).
        got: u8,
    },
    /// A message with a byte that is no valid piece, square or time digit.
    #[error("message {id:#04x}: invalid byte {byte:#04x}")]
    BadContent {
        /// Its identifier or letter.
        id: u8,
        /// The first invalid byte.
        byte: u8,
    },
}

/// One event per line, for golden byte streams: placements as FEN board parts, squares by
/// name, pieces by FEN letter (`-` for an empty square).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Placement(p) => write!(f, "placement {p}"),
            Event::SquareChanged { square, piece } => {
                let piece = piece.map_or('-', Piece::char);
                write!(f, "square {square} {piece}")
            }
            Event::Clock(c) => write!(
                f,
                "clock left {} right {}{}{}{}{}",
                c.left_secs,
                c.right_secs,
                if c.running { " running" } else { "" },
                if c.lever_right_down {
                    " lever-right"
                } else {
                    ""
                },
                if c.battery_low { " battery-low" } else { "" },
                if c.no_clock { " no-clock" } else { "" },
            ),
            Event::ClockAck(a) => write!(f, "clock-ack {a:02x?}"),
            Event::Other { id, len } => write!(f, "other {id:#04x} len {len}"),
            Event::Fault(fault) => write!(f, "fault: {fault}"),
        }
    }
}

/// Counts skipped bytes and reports them as one [`Fault::Skipped`] when the next message
/// starts (so the events do not depend on how the bytes were split into reads).
#[derive(Debug, Default)]
pub(crate) struct SkipCount(usize);

impl SkipCount {
    pub(crate) fn skip(&mut self) {
        self.0 = self.0.saturating_add(1);
    }

    pub(crate) fn flush(&mut self, out: &mut Vec<Event>) {
        if self.0 > 0 {
            out.push(Event::Fault(Fault::Skipped { bytes: self.0 }));
            self.0 = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Color, Position, Role};

    #[test]
    fn a8_first_order_and_board_round_trip() {
        let start = Chess::default();
        let placement = Placement::from(start.board());
        assert_eq!(Board::from(&placement), *start.board());
        assert_eq!(
            placement.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
        let mut squares = [None; 64];
        squares[0] = Some(Color::Black.rook());
        squares[63] = Some(Color::White.king());
        squares[12] = Some(Piece {
            color: Color::Black,
            role: Role::Pawn,
        });
        let p = Placement::from_a8_first(squares);
        assert_eq!(p.piece_at(Square::A8), Some(Color::Black.rook()));
        assert_eq!(p.piece_at(Square::H1), Some(Color::White.king()));
        assert_eq!(p.piece_at(Square::E7), Some(Color::Black.pawn()));
        assert_eq!(
            p.differences(&Placement::EMPTY),
            vec![Square::H1, Square::E7, Square::A8]
        );
    }
}
