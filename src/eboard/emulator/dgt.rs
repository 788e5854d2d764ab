//! The emulated DGT board's side of the line: the station's one-byte commands and clock
//! messages in, the board's messages out (`eboard::dgt`'s encoders).

use shakmaty::{Piece, Square};

use super::clock::{CLOCK_MESSAGE, Clock, ClockCommand};
use crate::eboard::dgt::{self, board_dump, bwtime_message, clock_ack_message, frame, piece_code};
use crate::eboard::{ClockTimes, Placement};

/// `DGT_SEND_UPDATE`: field updates and the clock's times.
const SEND_UPDATE: u8 = 0x43;
/// `DGT_SEND_UPDATE_BRD`: field updates only.
const SEND_UPDATE_BRD: u8 = 0x44;
/// `DGT_RETURN_SERIALNR`, answered by `DGT_MSG_SERIALNR` (0x91, 5 ASCII digits).
const RETURN_SERIALNR: u8 = 0x45;
/// `DGT_RETURN_LONG_SERIALNR`, answered by `DGT_MSG_LONG_SERIALNR` (0xa2, 10 digits).
const RETURN_LONG_SERIALNR: u8 = 0x55;
/// `DGT_MSG_SERIALNR`.
const MSG_SERIALNR: u8 = 0x91;
/// `DGT_MSG_LONG_SERIALNR`.
const MSG_LONG_SERIALNR: u8 = 0xa2;
/// `DGT_MSG_VERSION`: two 7-bit bytes, main and sub version.
const MSG_VERSION: u8 = 0x93;

/// Which messages the board sends by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Only answers (after a reset or power-on).
    Idle,
    /// Field updates and the clock's times (`DGT_SEND_UPDATE`, `DGT_SEND_UPDATE_NICE`).
    Update,
    /// Field updates only (`DGT_SEND_UPDATE_BRD`).
    UpdateBoard,
}

/// The DGT line's state: the mode and a clock message being received.
#[derive(Clone, Debug)]
pub(super) struct DgtLine {
    pub(super) mode: Mode,
    /// A clock message's bytes so far, `0x2b` first (empty between commands).
    pending: Vec<u8>,
}

impl DgtLine {
    pub(super) fn new() -> DgtLine {
        DgtLine {
            mode: Mode::Idle,
            pending: Vec::new(),
        }
    }

    /// The board's answers to the bytes the station sent.
    pub(super) fn receive(
        &mut self,
        bytes: &[u8],
        placement: &Placement,
        clock: &mut Option<Clock>,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        for &byte in bytes {
            if !self.pending.is_empty() {
                self.pending.push(byte);
                self.clock_message(clock, &mut out);
                continue;
            }
            match byte {
                CLOCK_MESSAGE => self.pending.push(byte),
                b if b == dgt::Command::Reset.byte() => self.mode = Mode::Idle,
                b if b == dgt::Command::SendBoard.byte() => out.extend(board_dump(placement)),
                b if b == dgt::Command::SendClock.byte() => out.extend(times(clock)),
                b if b == dgt::Command::SendVersion.byte() => {
                    out.extend(frame(MSG_VERSION, &[1, 7]));
                }
                b if b == dgt::Command::UpdateNice.byte() || b == SEND_UPDATE => {
                    self.mode = Mode::Update;
                }
                SEND_UPDATE_BRD => self.mode = Mode::UpdateBoard,
                RETURN_SERIALNR => out.extend(frame(MSG_SERIALNR, b"01617")),
                RETURN_LONG_SERIALNR => out.extend(frame(MSG_LONG_SERIALNR, b"0000001617")),
                _ => {}
            }
        }
        out
    }

    /// A clock message once complete: carried out by the clock, acknowledged in update
    /// mode (a board without a clock, or a message that is no command, gets no answer).
    fn clock_message(&mut self, clock: &mut Option<Clock>, out: &mut Vec<u8>) {
        let Some(&size) = self.pending.get(1) else {
            return;
        };
        if self.pending.len() < 2 + usize::from(size) {
            return;
        }
        let message = std::mem::take(&mut self.pending);
        let (Some(clock), Ok(command)) = (clock, ClockCommand::decode(&message[2..])) else {
            return;
        };
        let ack = clock.apply(&command);
        if self.mode != Mode::Idle {
            out.extend(clock_ack_message(ack));
        }
    }

    /// The field update of a square (in the board's own coordinates), in update mode.
    pub(super) fn square_changed(&self, square: Square, piece: Option<Piece>) -> Vec<u8> {
        if self.mode == Mode::Idle {
            return Vec::new();
        }
        frame(
            dgt::MSG_FIELD_UPDATE,
            &[index_a8_first(square), piece_code(piece)],
        )
    }

    /// The clock's times, when the board sends them by itself (update mode, not
    /// `UPDATE_BRD`).
    pub(super) fn clock_changed(&self, clock: &Option<Clock>) -> Vec<u8> {
        if self.mode == Mode::Update {
            times(clock)
        } else {
            Vec::new()
        }
    }
}

/// BWTIME with the clock's times, or with the "no clock" bit when none is attached.
fn times(clock: &Option<Clock>) -> Vec<u8> {
    let times = clock.as_ref().map_or(
        ClockTimes {
            left_secs: 0,
            right_secs: 0,
            running: false,
            lever_right_down: false,
            battery_low: false,
            no_clock: true,
        },
        Clock::times,
    );
    bwtime_message(&times)
}

/// A square's index in the boards' scanning order (a8 = 0, h1 = 63).
fn index_a8_first(square: Square) -> u8 {
    let (file, rank) = (u8::from(square.file()), u8::from(square.rank()));
    (7 - rank) * 8 + file
}
