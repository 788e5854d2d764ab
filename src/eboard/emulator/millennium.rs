//! The emulated Millennium ChessLink board's side of the line: the station's commands in,
//! the board's replies out (`eboard::millennium`'s encoders).
//!
//! Facts from the ChessLink protocol description (Dave Woodfield, 2017; a copy in the
//! python-mchess repository): a command is acted on and acknowledged only when its check
//! is right. `S` → `s` and the 64 squares, `V` → `v` and 4 hex digits, `X` → `x`, `L` (a
//! slot time and 81 LED codes) → `l`, `W` (address, value) → `w` and the same 4 digits,
//! `R` (address) → `r`, the address and the value; `T` resets the board with no reply.
//! E2ROM address 2 holds the automatic reports: 1 disables them; every other value sends a
//! status on change here (the real board's default 0 sends one on every scan, 24 a second;
//! the emulator, scanning only when a hand changes something, sends it then).

use crate::eboard::Placement;
use crate::eboard::millennium::{message, status};

/// The E2ROM address of the automatic reports.
const REPORTS: usize = 2;
/// Its value that disables them.
const REPORTS_OFF: u8 = 1;
/// The firmware version the emulated board reports.
const VERSION: &str = "0103";

/// The Millennium line's state: the E2ROM and a command being received.
#[derive(Clone, Debug)]
pub(super) struct MillenniumLine {
    e2rom: Box<[u8; 256]>,
    /// A command's bytes so far, its letter first (7-bit).
    pending: Vec<u8>,
}

impl MillenniumLine {
    pub(super) fn new() -> MillenniumLine {
        MillenniumLine {
            e2rom: Box::new([0; 256]),
            pending: Vec::new(),
        }
    }

    /// The board's replies to the bytes the station sent (the parity bit ignored).
    pub(super) fn receive(&mut self, bytes: &[u8], placement: &Placement) -> Vec<u8> {
        let mut out = Vec::new();
        let mut queue: std::collections::VecDeque<u8> = bytes.iter().map(|b| b & 0x7f).collect();
        while let Some(byte) = queue.pop_front() {
            if self.pending.is_empty() && command_len(byte).is_none() {
                continue;
            }
            self.pending.push(byte);
            let len = self
                .pending
                .first()
                .and_then(|&c| command_len(c))
                .unwrap_or(0);
            if self.pending.len() < len {
                continue;
            }
            let command = std::mem::take(&mut self.pending);
            if checked(&command) {
                out.extend(self.act(&command[..len - 2], placement));
            } else {
                // Not acted on; the bytes after the letter may start the next command.
                for &b in command[1..].iter().rev() {
                    queue.push_front(b);
                }
            }
        }
        out
    }

    /// Carries out a command whose check was right (`body` without the check).
    fn act(&mut self, body: &[u8], placement: &Placement) -> Vec<u8> {
        let hex = |digits: &[u8]| {
            std::str::from_utf8(digits)
                .ok()
                .and_then(|t| u8::from_str_radix(t, 16).ok())
        };
        let text = String::from_utf8_lossy(&body[1..]).to_ascii_uppercase();
        match body[0] {
            b'S' => status(placement),
            b'V' => message(&format!("v{VERSION}")),
            b'X' => message("x"),
            b'L' => message("l"),
            b'W' => match (hex(&body[1..3]), hex(&body[3..5])) {
                (Some(address), Some(value)) => {
                    self.e2rom[usize::from(address)] = value;
                    message(&format!("w{text}"))
                }
                _ => Vec::new(),
            },
            b'R' => match hex(&body[1..3]) {
                Some(address) => {
                    let value = self.e2rom[usize::from(address)];
                    message(&format!("r{text}{value:02X}"))
                }
                None => Vec::new(),
            },
            b'T' => {
                self.e2rom[REPORTS] = 0;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// The status a change sends by itself, unless the automatic reports are off.
    pub(super) fn changed(&self, placement: &Placement) -> Vec<u8> {
        if self.e2rom[REPORTS] & 0x07 == REPORTS_OFF {
            Vec::new()
        } else {
            status(placement)
        }
    }

    /// Power on: a command cut off by the unplugging is forgotten; the E2ROM keeps its
    /// values (it is non-volatile).
    pub(super) fn power_on(&mut self) {
        self.pending.clear();
    }
}

/// The length of the command a letter starts, check included; `None` for no command.
fn command_len(letter: u8) -> Option<usize> {
    match letter {
        b'S' | b'V' | b'X' | b'T' => Some(3),
        b'R' => Some(5),
        b'W' => Some(7),
        b'L' => Some(1 + 2 + 81 * 2 + 2),
        _ => None,
    }
}

/// The command's last two bytes are the XOR of the others as hex digits.
fn checked(command: &[u8]) -> bool {
    let (body, check) = command.split_at(command.len().saturating_sub(2));
    let want = body.iter().fold(0, |acc, b| acc ^ b);
    std::str::from_utf8(check)
        .ok()
        .and_then(|t| u8::from_str_radix(t, 16).ok())
        == Some(want)
}
