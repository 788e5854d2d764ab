//! A board emulator: a DGT or Millennium board (and a DGT 3000 clock) as a pure model, so
//! that the station's electronic-board path is tested without hardware (issue 16). A test
//! tool: built only with the feature `testing` (the tests, `ansage-bench`), never in the
//! station.
//!
//! FIDE Laws D.1: the sighted player's board is an ordinary one that the station watches.
//! The emulator keeps the pieces where a hand put them ([`Emulator::lift`],
//! [`Emulator::put`], [`Emulator::move_piece`], [`Emulator::play`]), answers the bytes
//! the station sends ([`Emulator::receive`]) and returns the bytes a real board would send
//! for each hand action. No I/O: the pseudo-terminal link that carries the bytes is
//! [`pty`] (feature `eboard` too).
//!
//! Squares: a hand touches squares by their names in the game (a1 at White's left); the
//! board reports them in its own coordinates, which are turned round (a1 ↔ h8) when the
//! board is set up the other way ([`Emulator::set_reversed`]).

pub mod clock;
mod dgt;
mod millennium;
#[cfg(feature = "eboard")]
pub mod pty;

use std::time::Duration;

use shakmaty::{CastlingSide, Chess, Color, Move, Piece, Position, Rank, Square};

use super::Placement;
use clock::{Clock, ClockShows};
use dgt::DgtLine;
use millennium::MillenniumLine;

/// Which board is emulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A DGT board (USB or serial), optionally with a DGT 3000 clock.
    Dgt,
    /// A Millennium ChessLink board.
    Millennium,
}

/// In which order a hand castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingOrder {
    /// The king first, then the rook (FIDE Laws 4.4.b).
    KingFirst,
    /// The rook first (against Art. 4.4.b, but common; the station must still see castling).
    RookFirst,
}

/// A hand action the board cannot carry out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// Nothing stands on the square to lift.
    #[error("no piece on {0}")]
    EmptySquare(Square),
    /// The board has no clock (a Millennium board, or a DGT board without one).
    #[error("no clock is attached to the board")]
    NoClock,
    /// A move that is no move on an ordinary board (a drop).
    #[error("the move {0} cannot be made by hand")]
    NotAHandMove(String),
}

/// The board's line: its protocol's state.
#[derive(Clone, Debug)]
enum Line {
    Dgt(DgtLine),
    Millennium(MillenniumLine),
}

/// An emulated electronic board: the pieces on it, its orientation, its protocol's state
/// and, on a DGT board, an optional DGT 3000 clock.
#[derive(Clone, Debug)]
pub struct Emulator {
    /// What stands where, in the game's squares.
    pieces: Placement,
    reversed: bool,
    line: Line,
    clock: Option<Clock>,
}

impl Emulator {
    /// A board of `kind` with the pieces in the start position, set up the usual way. A
    /// clock is attached to a DGT board only (`clock`); a Millennium board has none.
    pub fn new(kind: Kind, clock: bool) -> Emulator {
        let line = match kind {
            Kind::Dgt => Line::Dgt(DgtLine::new()),
            Kind::Millennium => Line::Millennium(MillenniumLine::new()),
        };
        Emulator {
            pieces: Placement::from(Chess::default().board()),
            reversed: false,
            line,
            clock: (clock && kind == Kind::Dgt).then(Clock::new),
        }
    }

    /// Which board this is.
    pub fn kind(&self) -> Kind {
        match self.line {
            Line::Dgt(_) => Kind::Dgt,
            Line::Millennium(_) => Kind::Millennium,
        }
    }

    /// What the board reports: the placement in its own coordinates.
    pub fn placement(&self) -> Placement {
        let mut own = Placement::EMPTY;
        for square in Square::ALL {
            own.set(self.own(square), self.pieces.piece_at(square));
        }
        own
    }

    /// What stands where, in the game's squares (a1 at White's left).
    pub fn pieces(&self) -> Placement {
        self.pieces
    }

    /// The board is set up turned round (`true`: its a8 at White's h1 corner).
    pub fn reversed(&self) -> bool {
        self.reversed
    }

    /// Sets the board up the other way round, the pieces standing where they stood in the
    /// game; returns what the board sends for the squares that now read differently.
    pub fn set_reversed(&mut self, reversed: bool) -> Vec<u8> {
        let before = self.placement();
        self.reversed = reversed;
        self.changes(&before)
    }

    /// Puts every piece at once (a new game set up, a position arranged); returns the
    /// board's messages for the squares that changed.
    pub fn set_pieces(&mut self, pieces: Placement) -> Vec<u8> {
        let before = self.placement();
        self.pieces = pieces;
        self.changes(&before)
    }

    /// The board's answers to bytes the station sent.
    pub fn receive(&mut self, bytes: &[u8]) -> Vec<u8> {
        let placement = self.placement();
        match &mut self.line {
            Line::Dgt(line) => line.receive(bytes, &placement, &mut self.clock),
            Line::Millennium(line) => line.receive(bytes, &placement),
        }
    }

    /// The board is switched on again (its cable plugged back): a DGT board is idle until
    /// the station asks for update mode; a command cut off is forgotten.
    pub fn power_on(&mut self) {
        match &mut self.line {
            Line::Dgt(line) => *line = DgtLine::new(),
            Line::Millennium(line) => line.power_on(),
        }
    }

    /// A hand lifts the piece on `square`.
    pub fn lift(&mut self, square: Square) -> Result<Vec<u8>, HandError> {
        if self.pieces.piece_at(square).is_none() {
            return Err(HandError::EmptySquare(square));
        }
        Ok(self.set(square, None))
    }

    /// A hand puts `piece` on `square` (lifting first whatever stood there).
    pub fn put(&mut self, square: Square, piece: Piece) -> Vec<u8> {
        let mut out = Vec::new();
        if self.pieces.piece_at(square).is_some() {
            out.extend(self.set(square, None));
        }
        out.extend(self.set(square, Some(piece)));
        out
    }

    /// A hand moves the piece on `from` to `to`, removing first a piece standing there.
    pub fn move_piece(&mut self, from: Square, to: Square) -> Result<Vec<u8>, HandError> {
        let piece = self
            .pieces
            .piece_at(from)
            .ok_or(HandError::EmptySquare(from))?;
        let mut out = Vec::new();
        if to != from && self.pieces.piece_at(to).is_some() {
            out.extend(self.set(to, None));
        }
        out.extend(self.set(from, None));
        out.extend(self.set(to, Some(piece)));
        Ok(out)
    }

    /// A hand makes a legal move as a player does: a capture removes the captured piece
    /// first, en passant the pawn beside, a promotion puts down the new piece instead of
    /// the pawn, castling moves king and rook in `order`.
    pub fn play(&mut self, mv: &Move, order: CastlingOrder) -> Result<Vec<u8>, HandError> {
        match *mv {
            Move::Normal {
                from,
                to,
                promotion: Some(role),
                ..
            } => {
                let pawn = self
                    .pieces
                    .piece_at(from)
                    .ok_or(HandError::EmptySquare(from))?;
                let mut out = Vec::new();
                if self.pieces.piece_at(to).is_some() {
                    out.extend(self.lift(to)?);
                }
                out.extend(self.lift(from)?);
                out.extend(self.put(
                    to,
                    Piece {
                        color: pawn.color,
                        role,
                    },
                ));
                Ok(out)
            }
            Move::Normal { from, to, .. } => self.move_piece(from, to),
            Move::EnPassant { from, to } => {
                let mut out = self.lift(Square::from_coords(to.file(), from.rank()))?;
                out.extend(self.move_piece(from, to)?);
                Ok(out)
            }
            Move::Castle { king, rook } => self.castle(king, rook, order),
            Move::Put { .. } => Err(HandError::NotAHandMove(mv.to_string())),
        }
    }

    /// Castling by hand: king and rook to their squares in `order`.
    fn castle(
        &mut self,
        king: Square,
        rook: Square,
        order: CastlingOrder,
    ) -> Result<Vec<u8>, HandError> {
        let color = Color::from_white(king.rank() == Rank::First);
        let side = CastlingSide::from_king_side(rook > king);
        let king_to = side.king_to(color);
        let rook_to = side.rook_to(color);
        let ((a, a_to), (b, b_to)) = match order {
            CastlingOrder::KingFirst => ((king, king_to), (rook, rook_to)),
            CastlingOrder::RookFirst => ((rook, rook_to), (king, king_to)),
        };
        let (piece_a, piece_b) = (
            self.pieces.piece_at(a).ok_or(HandError::EmptySquare(a))?,
            self.pieces.piece_at(b).ok_or(HandError::EmptySquare(b))?,
        );
        // Both lifted before either is put down: in Chess960 one may stand on the
        // other's target square.
        let mut out = self.lift(a)?;
        if self.pieces.piece_at(a_to).is_some() {
            out.extend(self.lift(b)?);
            out.extend(self.put(a_to, piece_a));
        } else {
            out.extend(self.put(a_to, piece_a));
            out.extend(self.lift(b)?);
        }
        out.extend(self.put(b_to, piece_b));
        Ok(out)
    }

    /// The lever of the attached clock pressed: what the board sends (in update mode, the
    /// clock's times with the lever bit flipped).
    pub fn press_lever(&mut self) -> Result<Vec<u8>, HandError> {
        let clock = self.clock.as_mut().ok_or(HandError::NoClock)?;
        clock.press_lever();
        Ok(self.clock_changed())
    }

    /// Lets `elapsed` pass on the attached clock: what the board sends when a shown second
    /// changed (in update mode).
    pub fn advance(&mut self, elapsed: Duration) -> Vec<u8> {
        let changed = self.clock.as_mut().is_some_and(|c| c.advance(elapsed));
        if changed {
            self.clock_changed()
        } else {
            Vec::new()
        }
    }

    /// What the attached clock shows, if there is one.
    pub fn clock_shows(&self) -> Option<ClockShows> {
        self.clock.as_ref().map(Clock::shows)
    }

    /// The board's message of the clock's times, if it sends them by itself.
    fn clock_changed(&self) -> Vec<u8> {
        match &self.line {
            Line::Dgt(line) => line.clock_changed(&self.clock),
            Line::Millennium(_) => Vec::new(),
        }
    }

    /// One square changes (a game square); returns the board's message for it.
    fn set(&mut self, square: Square, piece: Option<Piece>) -> Vec<u8> {
        let before = self.placement();
        self.pieces.set(square, piece);
        self.changes(&before)
    }

    /// The board's messages for the change from `before` (its own coordinates) to now.
    fn changes(&self, before: &Placement) -> Vec<u8> {
        let now = self.placement();
        let changed = before.differences(&now);
        if changed.is_empty() {
            return Vec::new();
        }
        match &self.line {
            Line::Dgt(line) => changed
                .into_iter()
                .flat_map(|square| line.square_changed(square, now.piece_at(square)))
                .collect(),
            Line::Millennium(line) => line.changed(&now),
        }
    }

    /// A game square in the board's own coordinates.
    fn own(&self, square: Square) -> Square {
        if self.reversed {
            square.rotate_180()
        } else {
            square
        }
    }
}

#[cfg(test)]
mod tests;
