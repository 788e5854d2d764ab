//! The Millennium ChessLink protocol: the commands the station sends and an incremental
//! decoder of the board's replies.
//!
//! Facts from the ChessLink protocol description (Dave Woodfield, 2017; a copy is in the
//! python-mchess repository). The line runs at 38400 baud, 7 data bits, odd parity, 1 stop
//! bit: the parity bit belongs to the transport (the serial port checks it); this decoder
//! sees 7-bit ASCII and ignores an eighth bit. Every message is an ASCII letter, its data,
//! and a check: the XOR of all the message's bytes before it, as 2 hex digits. A command
//! is an upper-case letter (`S` status), its reply the same letter in lower case (`s` and
//! the 64 squares, a8 first: `.` empty, `KQRBNP` white, `kqrbnp` black).

use std::collections::VecDeque;

use shakmaty::Piece;

use super::{Event, Fault, Placement, SkipCount, square_a8_first};

/// A command to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Asks for the whole board (`S`, answered by `s` and 64 squares).
    Status,
    /// Asks for the firmware version (`V`, answered by `v`).
    Version,
    /// Resets the board (`T`, no answer; it scans again after 3 s).
    Reset,
    /// Switches all LEDs off (`X`, answered by `x`).
    LedsOff,
    /// Writes an option byte to the board's memory (`W`, answered by `w`); address 2 holds
    /// the automatic reports (3: a status on every change).
    Write {
        /// The option's address.
        address: u8,
        /// Its new value.
        value: u8,
    },
}

impl Command {
    /// The bytes sent for the command, check included (7-bit ASCII; the transport adds
    /// the parity bit).
    pub fn bytes(self) -> Vec<u8> {
        match self {
            Command::Status => message("S"),
            Command::Version => message("V"),
            Command::Reset => message("T"),
            Command::LedsOff => message("X"),
            Command::Write { address, value } => message(&format!("W{address:02X}{value:02X}")),
        }
    }
}

/// A message with its check appended: the XOR of its bytes as 2 upper-case hex digits.
pub fn message(body: &str) -> Vec<u8> {
    let mut out = body.as_bytes().to_vec();
    let check = checksum(&out);
    out.extend(format!("{check:02X}").bytes());
    out
}

/// The XOR of the bytes (7-bit).
fn checksum(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |acc, b| acc ^ (b & 0x7f))
}

/// The status reply of a placement (for emulators and tests).
pub fn status(placement: &Placement) -> Vec<u8> {
    let mut body = String::from("s");
    for i in 0..64 {
        body.push(
            placement
                .piece_at(square_a8_first(i))
                .map_or('.', Piece::char),
        );
    }
    message(&body)
}

/// The length of the reply a letter starts, check included; `None` for no reply letter.
fn reply_len(letter: u8) -> Option<usize> {
    match letter {
        b's' => Some(1 + 64 + 2),
        b'l' | b'x' => Some(1 + 2),
        b'v' | b'w' | b'r' => Some(1 + 4 + 2),
        _ => None,
    }
}

/// The incremental decoder: bytes in as they come, in reads of any size; events out.
///
/// Resynchronisation: a reply starts at a reply letter; when its check fails, the fault
/// is told and the bytes after that letter are read again, so a reply that began inside a
/// cut-off one is still found.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The reply being read, its letter first (empty between replies).
    message: Vec<u8>,
    skipped: SkipCount,
}

impl Decoder {
    /// A decoder waiting for the first reply.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Reads bytes and returns the events of the replies they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for &byte in bytes {
            let mut again = self.byte(byte & 0x7f, &mut out);
            while let Some(b) = again.pop_front() {
                let more = self.byte(b, &mut out);
                for &m in more.iter().rev() {
                    again.push_front(m);
                }
            }
        }
        out
    }

    /// Reads one byte; returns the bytes to read again (after a failed check).
    fn byte(&mut self, byte: u8, out: &mut Vec<Event>) -> VecDeque<u8> {
        let Some(&letter) = self.message.first() else {
            if reply_len(byte).is_some() {
                self.skipped.flush(out);
                self.message.push(byte);
            } else {
                self.skipped.skip();
            }
            return VecDeque::new();
        };
        self.message.push(byte);
        let len = reply_len(letter).unwrap_or(0);
        if self.message.len() < len {
            return VecDeque::new();
        }
        let message = std::mem::take(&mut self.message);
        match interpret(&message) {
            Ok(event) => out.push(event),
            Err(fault @ Fault::BadChecksum { .. }) => {
                out.push(Event::Fault(fault));
                // The letter is skipped; the rest is read again.
                self.skipped.skip();
                return message[1..].iter().copied().collect();
            }
            // The check is right: the reply came whole, its content is wrong.
            Err(fault) => out.push(Event::Fault(fault)),
        }
        VecDeque::new()
    }
}

/// The event of a complete reply (its length is right), or why it is not read.
fn interpret(message: &[u8]) -> Result<Event, Fault> {
    let (body, check) = message.split_at(message.len().saturating_sub(2));
    let id = body.first().copied().unwrap_or(0);
    let expected = checksum(body);
    let got = hex_byte(check).unwrap_or(0xff);
    if hex_byte(check) != Some(expected) {
        return Err(Fault::BadChecksum { id, expected, got });
    }
    if id != b's' {
        return Ok(Event::Other {
            id,
            len: message.len(),
        });
    }
    let mut squares = [None; 64];
    for (square, &c) in squares.iter_mut().zip(&body[1..]) {
        *square = match c {
            b'.' => None,
            _ => Some(Piece::from_char(char::from(c)).ok_or(Fault::BadContent { id, byte: c })?),
        };
    }
    Ok(Event::Placement(Placement::from_a8_first(squares)))
}

/// Two hex digits (upper or lower case) as a byte.
fn hex_byte(digits: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(digits).ok()?;
    if text.len() != 2 {
        return None;
    }
    u8::from_str_radix(text, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn commands_carry_their_check() {
        let table: &[(Command, &str)] = &[
            (Command::Status, "S53"),
            (Command::Version, "V56"),
            (Command::Reset, "T54"),
            (Command::LedsOff, "X58"),
            (
                Command::Write {
                    address: 2,
                    value: 3,
                },
                "W0203",
            ),
        ];
        for (command, want) in table {
            let bytes = command.bytes();
            assert!(bytes.starts_with(want.as_bytes()), "{command:?}: {bytes:?}");
            assert_eq!(bytes.len(), want.len() + usize::from(want.len() > 3) * 2);
        }
        // W0203: 'W' ^ '0' ^ '2' ^ '0' ^ '3' = 0x57 ^ 0x02 ^ 0x03 = 0x56.
        assert_eq!(
            Command::Write {
                address: 2,
                value: 3
            }
            .bytes(),
            b"W020356"
        );
    }

    #[test]
    fn replies_table() {
        let start = Placement::from(Chess::default().board());
        let mut bad_piece = status(&start);
        bad_piece[5] = b'z';
        let fixed = message(std::str::from_utf8(&bad_piece[..65]).unwrap());
        let table: &[(Vec<u8>, Vec<Event>)] = &[
            (status(&start), vec![Event::Placement(start)]),
            (b"v010374".to_vec(), vec![Event::Other { id: b'v', len: 7 }]),
            (message("x"), vec![Event::Other { id: b'x', len: 3 }]),
            (
                fixed,
                vec![Event::Fault(Fault::BadContent {
                    id: b's',
                    byte: b'z',
                })],
            ),
            (
                b"x00".to_vec(),
                vec![Event::Fault(Fault::BadChecksum {
                    id: b'x',
                    expected: 0x78,
                    got: 0,
                })],
            ),
        ];
        for (bytes, want) in table {
            assert_eq!(
                &Decoder::new().push(bytes),
                want,
                "{:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn parity_bit_is_ignored() {
        let start = Placement::from(Chess::default().board());
        let with_parity: Vec<u8> = status(&start).iter().map(|b| b | 0x80).collect();
        assert_eq!(
            Decoder::new().push(&with_parity),
            vec![Event::Placement(start)]
        );
    }
}
