//! The DGT board protocol (USB or serial, 9600 baud 8N1): the commands the station sends and
//! an incremental decoder of the board's messages.
//!
//! Facts from DGT's protocol description (`dgtbrd.h`, Copyright DGT Projects B.V.; a copy is
//! in the picochess repository). DGT states that its protocol may not be used commercially
//! without its written permission; ansage is free software (GPL) and not sold.
//!
//! A message from the board is `0x80 | id`, a 14-bit length in two 7-bit bytes (most
//! significant first; the length counts these three header bytes), then the data, every
//! data byte below 0x80. So any byte with the high bit set starts a message: that is how
//! the decoder finds the next message after noise or a cut-off message.

use shakmaty::{Color, Piece};

use super::{ClockTimes, Event, Fault, Placement, SkipCount, square_a8_first};

/// A command to the board (one byte each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Puts the board in idle mode, ending any update mode (`DGT_SEND_RESET`).
    Reset,
    /// Asks for the clock's times (`DGT_SEND_CLK`, answered by a BWTIME message).
    SendClock,
    /// Asks for the whole board (`DGT_SEND_BRD`, answered by a board dump).
    SendBoard,
    /// Update mode: a field update for every change, and the clock's times when they
    /// change (`DGT_SEND_UPDATE_NICE`).
    UpdateNice,
    /// Asks for the firmware version (`DGT_SEND_VERSION`).
    SendVersion,
}

impl Command {
    /// The byte sent for the command.
    pub fn byte(self) -> u8 {
        match self {
            Command::Reset => 0x40,
            Command::SendClock => 0x41,
            Command::SendBoard => 0x42,
            Command::UpdateNice => 0x4b,
            Command::SendVersion => 0x4d,
        }
    }
}

/// The board dump message (`DGT_MSG_BOARD_DUMP`): 64 piece codes, a8 first.
pub const MSG_BOARD_DUMP: u8 = 0x86;
/// The clock's times (`DGT_MSG_BWTIME`): 7 data bytes.
pub const MSG_BWTIME: u8 = 0x8d;
/// One square changed (`DGT_MSG_FIELD_UPDATE`): the square (a8 = 0) and its piece code.
pub const MSG_FIELD_UPDATE: u8 = 0x8e;

/// The header's length: the message byte and two length bytes.
const HEADER: usize = 3;

/// A byte that is no DGT piece code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:#04x} is no DGT piece code")]
pub struct NoPiece(pub u8);

/// The piece of a DGT piece code: 0x00 empty, 0x01-0x06 white pawn, rook, knight, bishop,
/// king, queen, 0x07-0x0c the same in black. Other codes (DGT's "magic pieces" 0x0d-0x0f
/// and anything else) are no chess piece.
pub fn piece(code: u8) -> Result<Option<Piece>, NoPiece> {
    let (color, index) = match code {
        0 => return Ok(None),
        1..=6 => (Color::White, code),
        7..=12 => (Color::Black, code - 6),
        _ => return Err(NoPiece(code)),
    };
    Ok(Some(match index {
        1 => color.pawn(),
        2 => color.rook(),
        3 => color.knight(),
        4 => color.bishop(),
        5 => color.king(),
        _ => color.queen(),
    }))
}

/// The DGT piece code of a square's content (the inverse of [`piece`]; for emulators).
pub fn piece_code(piece: Option<Piece>) -> u8 {
    let Some(piece) = piece else { return 0 };
    let index = match piece.role {
        shakmaty::Role::Pawn => 1,
        shakmaty::Role::Rook => 2,
        shakmaty::Role::Knight => 3,
        shakmaty::Role::Bishop => 4,
        shakmaty::Role::King => 5,
        shakmaty::Role::Queen => 6,
    };
    if piece.color.is_white() {
        index
    } else {
        index + 6
    }
}

/// A whole message as the board sends it: `id`, the 14-bit length, the data (for
/// emulators and tests). Data longer than a length can tell is cut.
pub fn frame(id: u8, data: &[u8]) -> Vec<u8> {
    let data = &data[..data.len().min(0x3fff - HEADER)];
    let len = data.len() + HEADER;
    let mut out = Vec::with_capacity(len);
    out.push(id | 0x80);
    out.push(((len >> 7) & 0x7f) as u8);
    out.push((len & 0x7f) as u8);
    out.extend(data.iter().map(|b| b & 0x7f));
    out
}

/// The board dump message of a placement (for emulators and tests).
pub fn board_dump(placement: &Placement) -> Vec<u8> {
    let codes: Vec<u8> = (0..64)
        .map(|i| piece_code(placement.piece_at(square_a8_first(i))))
        .collect();
    frame(MSG_BOARD_DUMP, &codes)
}

/// The BWTIME message of a clock's times (for emulators and tests; the inverse of the
/// decoder's reading): hours in the low nibble, minutes and seconds in BCD, right display
/// first, then the status byte. Times beyond 9:59:59 show as 9:59:59.
pub fn bwtime_message(times: &ClockTimes) -> Vec<u8> {
    let hms = |secs: u32| {
        let secs = secs.min(9 * 3600 + 59 * 60 + 59);
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        let bcd = |n: u32| (((n / 10) << 4) | (n % 10)) as u8;
        [h as u8, bcd(m), bcd(s)]
    };
    let status = u8::from(times.running)
        | (u8::from(times.lever_right_down) << 1)
        | (u8::from(times.battery_low) << 2)
        | (u8::from(times.no_clock) << 5);
    let mut data = Vec::with_capacity(7);
    data.extend(hms(times.right_secs));
    data.extend(hms(times.left_secs));
    data.push(status);
    frame(MSG_BWTIME, &data)
}

/// The BWTIME message carrying a DGT 3000 acknowledgement (for emulators and tests): the
/// four bytes' low seven bits in data bytes 1, 2, 4 and 5, their high bits in bits 4 and 5
/// of bytes 3 and 0, whose low nibbles are 0x0a (the mark of an acknowledgement).
pub fn clock_ack_message(ack: [u8; 4]) -> Vec<u8> {
    let high = |a: u8, b: u8| 0x0a | ((a >> 7) << 4) | ((b >> 7) << 5);
    let data = [
        high(ack[2], ack[3]),
        ack[0] & 0x7f,
        ack[1] & 0x7f,
        high(ack[0], ack[1]),
        ack[2] & 0x7f,
        ack[3] & 0x7f,
        0,
    ];
    frame(MSG_BWTIME, &data)
}

/// The incremental decoder: bytes in as they come, in reads of any size; events out.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The message being read: its header byte first (empty between messages).
    message: Vec<u8>,
    skipped: SkipCount,
}

impl Decoder {
    /// A decoder waiting for the first message.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Reads bytes and returns the events of the messages they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for &byte in bytes {
            self.byte(byte, &mut out);
        }
        out
    }

    fn byte(&mut self, byte: u8, out: &mut Vec<Event>) {
        if byte & 0x80 != 0 {
            if let Some(&id) = self.message.first() {
                let len = self.announced_len().unwrap_or(0);
                let got = self.message.len();
                out.push(Event::Fault(Fault::Truncated { id, len, got }));
            }
            self.skipped.flush(out);
            self.message.clear();
            self.message.push(byte);
            return;
        }
        if self.message.is_empty() {
            self.skipped.skip();
            return;
        }
        self.message.push(byte);
        let Some(len) = self.announced_len() else {
            return;
        };
        if len < HEADER {
            let id = self.message[0];
            out.push(Event::Fault(Fault::BadLength { id, len }));
            self.message.clear();
        } else if self.message.len() >= len {
            out.push(interpret(self.message[0], &self.message[HEADER..]));
            self.message.clear();
        }
    }

    /// The length the current message's header announces, once both length bytes are in.
    fn announced_len(&self) -> Option<usize> {
        match self.message.as_slice() {
            [_, high, low, ..] => Some(usize::from(*high) << 7 | usize::from(*low)),
            _ => None,
        }
    }
}

/// The event of a complete message.
fn interpret(id: u8, data: &[u8]) -> Event {
    let len = data.len() + HEADER;
    let result = match id {
        MSG_BOARD_DUMP => board(data),
        MSG_FIELD_UPDATE => field_update(data),
        MSG_BWTIME => bwtime(data),
        _ => Ok(Event::Other { id, len }),
    };
    result.unwrap_or_else(|bad| {
        Event::Fault(match bad {
            Bad::Length => Fault::BadLength { id, len },
            Bad::Byte(byte) => Fault::BadContent { id, byte },
        })
    })
}

/// Why a complete message is not read.
enum Bad {
    Length,
    Byte(u8),
}

fn board(data: &[u8]) -> Result<Event, Bad> {
    let codes: &[u8; 64] = data.try_into().map_err(|_| Bad::Length)?;
    let mut squares = [None; 64];
    for (square, &code) in squares.iter_mut().zip(codes) {
        *square = piece(code).map_err(|NoPiece(b)| Bad::Byte(b))?;
    }
    Ok(Event::Placement(Placement::from_a8_first(squares)))
}

fn field_update(data: &[u8]) -> Result<Event, Bad> {
    let [index, code] = data else {
        return Err(Bad::Length);
    };
    if *index >= 64 {
        return Err(Bad::Byte(*index));
    }
    let piece = piece(*code).map_err(|NoPiece(b)| Bad::Byte(b))?;
    Ok(Event::SquareChanged {
        square: square_a8_first(usize::from(*index)),
        piece,
    })
}

/// BWTIME: right hours (low nibble) and flags, right minutes and seconds (BCD), the same
/// for the left display, then the status byte (bit 0 running, bit 1 lever down on the
/// right, bit 2 battery low, bit 5 no clock). A low nibble of 0x0a in byte 0 or 3 marks
/// a DGT 3000 acknowledgement instead; its four bytes are rebuilt from the 7-bit data.
fn bwtime(data: &[u8]) -> Result<Event, Bad> {
    let d: &[u8; 7] = data.try_into().map_err(|_| Bad::Length)?;
    if d[0] & 0x0f == 0x0a || d[3] & 0x0f == 0x0a {
        return Ok(Event::ClockAck([
            (d[1] & 0x7f) | ((d[3] << 3) & 0x80),
            (d[2] & 0x7f) | ((d[3] << 2) & 0x80),
            (d[4] & 0x7f) | ((d[0] << 3) & 0x80),
            (d[5] & 0x7f) | ((d[0] << 2) & 0x80),
        ]));
    }
    let time = |h: u8, m: u8, s: u8| -> Result<u32, Bad> {
        let hours = u32::from(h & 0x0f);
        if hours > 9 {
            return Err(Bad::Byte(h));
        }
        Ok(hours * 3600 + bcd(m)? * 60 + bcd(s)?)
    };
    let status = d[6];
    Ok(Event::Clock(ClockTimes {
        right_secs: time(d[0], d[1], d[2])?,
        left_secs: time(d[3], d[4], d[5])?,
        running: status & 0x01 != 0,
        lever_right_down: status & 0x02 != 0,
        battery_low: status & 0x04 != 0,
        no_clock: status & 0x20 != 0,
    }))
}

/// A two-digit BCD number below 60 (minutes, seconds).
fn bcd(byte: u8) -> Result<u32, Bad> {
    let (tens, ones) = (byte >> 4, byte & 0x0f);
    if tens > 5 || ones > 9 {
        return Err(Bad::Byte(byte));
    }
    Ok(u32::from(tens) * 10 + u32::from(ones))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position, Square};

    #[test]
    fn piece_codes_round_trip() {
        for code in 0..=12 {
            assert_eq!(piece_code(piece(code).unwrap()), code);
        }
        for code in 13..=0x7f {
            assert!(piece(code).is_err(), "{code}");
        }
    }

    #[test]
    fn messages_table() {
        let start = Placement::from(Chess::default().board());
        let table: &[(&[u8], Event)] = &[
            (&board_dump(&start), Event::Placement(start)),
            (
                &[0x8e, 0, 5, 12, 0],
                Event::SquareChanged {
                    square: Square::E7,
                    piece: None,
                },
            ),
            (
                &[0x8e, 0, 5, 28, 7],
                Event::SquareChanged {
                    square: Square::E5,
                    piece: Some(Color::Black.pawn()),
                },
            ),
            (
                &[0x8e, 0, 5, 64, 7],
                Event::Fault(Fault::BadContent { id: 0x8e, byte: 64 }),
            ),
            (
                &[0x8e, 0, 5, 3, 13],
                Event::Fault(Fault::BadContent { id: 0x8e, byte: 13 }),
            ),
            (
                &[0x8e, 0, 4, 3],
                Event::Fault(Fault::BadLength { id: 0x8e, len: 4 }),
            ),
            (
                &[0x86, 0, 2],
                Event::Fault(Fault::BadLength { id: 0x86, len: 2 }),
            ),
            (&[0x93, 0, 5, 1, 7], Event::Other { id: 0x93, len: 5 }),
            (
                &[0x8d, 0, 10, 0x01, 0x29, 0x59, 0x00, 0x05, 0x03, 0x03],
                Event::Clock(ClockTimes {
                    right_secs: 3600 + 29 * 60 + 59,
                    left_secs: 5 * 60 + 3,
                    running: true,
                    lever_right_down: true,
                    battery_low: false,
                    no_clock: false,
                }),
            ),
            (
                &[0x8d, 0, 10, 0, 0x6a, 0, 0, 0, 0, 0],
                Event::Fault(Fault::BadContent {
                    id: 0x8d,
                    byte: 0x6a,
                }),
            ),
            (
                &[0x8d, 0, 10, 0x0a, 0x10, 0x08, 0x0a, 0x01, 0x02, 0],
                Event::ClockAck([0x10, 0x08, 0x01, 0x02]),
            ),
        ];
        for (bytes, want) in table {
            assert_eq!(
                Decoder::new().push(bytes),
                vec![want.clone()],
                "{bytes:02x?}"
            );
        }
    }

    #[test]
    fn bwtime_and_clock_ack_encoders_round_trip() {
        let times = ClockTimes {
            left_secs: 2 * 3600 + 7 * 60 + 45,
            right_secs: 59,
            running: true,
            lever_right_down: false,
            battery_low: true,
            no_clock: false,
        };
        assert_eq!(
            Decoder::new().push(&bwtime_message(&times)),
            vec![Event::Clock(times)]
        );
        let no_clock = ClockTimes {
            left_secs: 0,
            right_secs: 0,
            running: false,
            lever_right_down: true,
            battery_low: false,
            no_clock: true,
        };
        assert_eq!(
            Decoder::new().push(&bwtime_message(&no_clock)),
            vec![Event::Clock(no_clock)]
        );
        for ack in [
            [0x10, 0x0a, 0, 0],
            [0x10, 0x88, 0x45, 0xb5],
            [0xc0, 0x81, 0x12, 0x33],
        ] {
            assert_eq!(
                Decoder::new().push(&clock_ack_message(ack)),
                vec![Event::ClockAck(ack)]
            );
        }
    }

    #[test]
    fn commands_are_single_bytes() {
        assert_eq!(Command::Reset.byte(), 0x40);
        assert_eq!(Command::SendBoard.byte(), 0x42);
        assert_eq!(Command::UpdateNice.byte(), 0x4b);
    }
}
