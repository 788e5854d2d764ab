//! The DGT 3000 clock on an emulated DGT board: what the station's clock commands
//! (`DGT_CLOCK_MESSAGE`, 0x2b) mean, and what the clock shows after them.
//!
//! Facts from DGT's protocol description (`dgtbrd.h`, a copy in the picochess repository)
//! and picochess' `dgt/board.py`. A clock message is `0x2b`, a size (the bytes after it),
//! `0x03` (start), the clock command, its content and `0x00` (end):
//!
//! - SETNRUN `0x0a`: left hours, minutes, seconds, right hours, minutes, seconds (binary,
//!   not BCD; hours `| 0x10` would count up), then 0x01 left runs, 0x02 right runs, 0x04
//!   paused, `| 0x08` the lever switches the running side.
//! - ASCII `0x0c`: 8 ASCII characters (DGT 3000 only), then a beep (0-15).
//! - END `0x03`: back to the times. VERSION `0x09`: the clock's version.
//!
//! In update mode the board answers each clock command with an acknowledgement (0x10 and
//! the command's code). This is the cross-check of the station's encoder: a test asks
//! [`Clock::shows`] what the sighted player reads on the clock.

use std::fmt;
use std::time::Duration;

use crate::eboard::ClockTimes;

/// `DGT_CLOCK_MESSAGE`: the byte that starts a clock command to the board.
pub const CLOCK_MESSAGE: u8 = 0x2b;
/// `DGT_CMD_CLOCK_START_MESSAGE`.
const START: u8 = 0x03;
/// `DGT_CMD_CLOCK_END_MESSAGE`.
const END: u8 = 0x00;
/// `DGT_CMD_CLOCK_END`: back to the times.
const CMD_END: u8 = 0x03;
/// `DGT_CMD_CLOCK_VERSION`.
const CMD_VERSION: u8 = 0x09;
/// `DGT_CMD_CLOCK_SETNRUN`.
const CMD_SETNRUN: u8 = 0x0a;
/// `DGT_CMD_CLOCK_ASCII`.
const CMD_ASCII: u8 = 0x0c;
/// The version the emulated clock reports (main 2, sub 2: `ack2 = 0x22`).
const VERSION: u8 = 0x22;

/// A side of the clock, as the players see it from the clock's front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockSide {
    /// The left display.
    Left,
    /// The right display.
    Right,
}

/// A clock command, decoded from the bytes the station sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockCommand {
    /// Sets both times and which side runs (SETNRUN).
    SetAndRun {
        /// The left time, in seconds.
        left_secs: u32,
        /// The right time, in seconds.
        right_secs: u32,
        /// The side that counts down, `None` when paused.
        running: Option<ClockSide>,
        /// The lever switches the running side (flag 0x08).
        toggle_on_lever: bool,
    },
    /// Shows 8 characters (DGT 3000's ASCII text).
    Text {
        /// The text, as sent.
        text: [u8; 8],
        /// The beep, 0 for none.
        beep: u8,
    },
    /// Back to the times (END).
    End,
    /// Asks for the clock's version.
    Version,
    /// Another well-formed command (display segments, icons, beep, buttons).
    Other(u8),
}

/// Why the bytes of a clock message are no command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadClockMessage {
    /// It does not start with 0x03 or end with 0x00.
    #[error("clock message not framed by 0x03 … 0x00: {0:02x?}")]
    Framing(Vec<u8>),
    /// Its content has the wrong length for its command.
    #[error("clock command {command:#04x} with {len} content bytes")]
    Length {
        /// The command.
        command: u8,
        /// The content's length.
        len: usize,
    },
    /// A time with minutes or seconds beyond 59, or a side byte naming no side.
    #[error("clock command {command:#04x}: invalid byte {byte:#04x}")]
    Content {
        /// The command.
        command: u8,
        /// The first invalid byte.
        byte: u8,
    },
}

impl ClockCommand {
    /// Decodes the bytes after `0x2b` and the size: `0x03`, the command, its content, `0x00`.
    pub fn decode(body: &[u8]) -> Result<ClockCommand, BadClockMessage> {
        let [START, command, content @ .., END] = body else {
            return Err(BadClockMessage::Framing(body.to_vec()));
        };
        let command = *command;
        let length = |want: usize| {
            if content.len() == want {
                Ok(())
            } else {
                Err(BadClockMessage::Length {
                    command,
                    len: content.len(),
                })
            }
        };
        match command {
            CMD_SETNRUN => {
                length(7)?;
                set_and_run(content)
            }
            CMD_ASCII => {
                length(9)?;
                let mut text = [0; 8];
                text.copy_from_slice(&content[..8]);
                Ok(ClockCommand::Text {
                    text,
                    beep: content[8],
                })
            }
            CMD_END => length(0).map(|()| ClockCommand::End),
            CMD_VERSION => length(0).map(|()| ClockCommand::Version),
            _ => Ok(ClockCommand::Other(command)),
        }
    }
}

/// SETNRUN's content: two times (hours, minutes, seconds) and the side byte.
fn set_and_run(c: &[u8]) -> Result<ClockCommand, BadClockMessage> {
    let bad = |byte| BadClockMessage::Content {
        command: CMD_SETNRUN,
        byte,
    };
    let secs = |h: u8, m: u8, s: u8| {
        for b in [m, s] {
            if b > 59 {
                return Err(bad(b));
            }
        }
        Ok(u32::from(h & 0x0f) * 3600 + u32::from(m) * 60 + u32::from(s))
    };
    let side = c[6];
    let running = match side & 0x07 {
        0x01 => Some(ClockSide::Left),
        0x02 => Some(ClockSide::Right),
        0x04 => None,
        _ => return Err(bad(side)),
    };
    Ok(ClockCommand::SetAndRun {
        left_secs: secs(c[0], c[1], c[2])?,
        right_secs: secs(c[3], c[4], c[5])?,
        running,
        toggle_on_lever: side & 0x08 != 0,
    })
}

/// The time each side shows when the clock is switched on.
const SWITCHED_ON: Duration = Duration::from_secs(5 * 60);

/// What the clock shows now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockShows {
    /// The left time, in whole seconds.
    pub left_secs: u32,
    /// The right time, in whole seconds.
    pub right_secs: u32,
    /// The side counting down, `None` when stopped.
    pub running: Option<ClockSide>,
    /// The text shown instead of the times (DGT 3000's 8 characters), if any.
    pub text: Option<String>,
}

/// `text "e2-e4   "` while a text shows, else `0:05:00 0:04:58 left runs`.
impl fmt::Display for ClockShows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(text) = &self.text {
            return write!(f, "text {text:?}");
        }
        let hms = |s: u32| format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
        let running = match self.running {
            Some(ClockSide::Left) => "left runs",
            Some(ClockSide::Right) => "right runs",
            None => "stopped",
        };
        write!(
            f,
            "{} {} {running}",
            hms(self.left_secs),
            hms(self.right_secs)
        )
    }
}

/// The DGT 3000 clock's state: its two times, the running side, the lever and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    left: Duration,
    right: Duration,
    running: Option<ClockSide>,
    toggle_on_lever: bool,
    lever_right_down: bool,
    text: Option<String>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::new()
    }
}

impl Clock {
    /// A clock just switched on: stopped at its mode's start time (5 minutes a side here),
    /// its lever down on the left. Not at 0:00:00: a BWTIME full of zeros is no reading
    /// (DGT: "to be ignored"), so a station would take the clock for absent.
    pub fn new() -> Clock {
        Clock {
            left: SWITCHED_ON,
            right: SWITCHED_ON,
            running: None,
            toggle_on_lever: false,
            lever_right_down: false,
            text: None,
        }
    }

    /// Carries out a command; returns the acknowledgement's four bytes (0x10, the command,
    /// and for the version its number).
    pub fn apply(&mut self, command: &ClockCommand) -> [u8; 4] {
        match command {
            ClockCommand::SetAndRun {
                left_secs,
                right_secs,
                running,
                toggle_on_lever,
            } => {
                self.left = Duration::from_secs(u64::from(*left_secs));
                self.right = Duration::from_secs(u64::from(*right_secs));
                self.running = *running;
                self.toggle_on_lever = *toggle_on_lever;
                [0x10, CMD_SETNRUN, 0, 0]
            }
            ClockCommand::Text { text, .. } => {
                self.text = Some(text.iter().map(|&b| char::from(b & 0x7f)).collect());
                [0x10, CMD_ASCII, 0, 0]
            }
            ClockCommand::End => {
                self.text = None;
                [0x10, CMD_END, 0, 0]
            }
            ClockCommand::Version => [0x10, CMD_VERSION, VERSION, 0],
            ClockCommand::Other(code) => [0x10, *code, 0, 0],
        }
    }

    /// The lever pressed: it goes down on the other side; with SETNRUN's flag 0x08 the
    /// running side follows (the side whose lever is up runs).
    pub fn press_lever(&mut self) {
        self.lever_right_down = !self.lever_right_down;
        if self.toggle_on_lever && self.running.is_some() {
            self.running = Some(if self.lever_right_down {
                ClockSide::Left
            } else {
                ClockSide::Right
            });
        }
    }

    /// Lets `elapsed` pass: the running side counts down (to zero at most). Returns whether
    /// a shown second changed.
    pub fn advance(&mut self, elapsed: Duration) -> bool {
        let before = self.times();
        match self.running {
            Some(ClockSide::Left) => self.left = self.left.saturating_sub(elapsed),
            Some(ClockSide::Right) => self.right = self.right.saturating_sub(elapsed),
            None => {}
        }
        self.times() != before
    }

    /// The times as the board reports them (BWTIME), whole seconds rounded up as a clock
    /// counting down shows them.
    pub fn times(&self) -> ClockTimes {
        let secs = |d: Duration| {
            let whole = d.as_secs() + u64::from(d.subsec_nanos() > 0);
            u32::try_from(whole).unwrap_or(u32::MAX)
        };
        ClockTimes {
            left_secs: secs(self.left),
            right_secs: secs(self.right),
            running: self.running.is_some(),
            lever_right_down: self.lever_right_down,
            battery_low: false,
            no_clock: false,
        }
    }

    /// What the clock shows now.
    pub fn shows(&self) -> ClockShows {
        let times = self.times();
        ClockShows {
            left_secs: times.left_secs,
            right_secs: times.right_secs,
            running: self.running,
            text: self.text.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_messages_table() {
        // The bytes after 0x2b and the size, as picochess' dgt/board.py builds them.
        let table: &[(&[u8], Result<ClockCommand, BadClockMessage>)] = &[
            (
                &[0x03, 0x0a, 0, 5, 0, 1, 2, 3, 0x01, 0x00],
                Ok(ClockCommand::SetAndRun {
                    left_secs: 300,
                    right_secs: 3600 + 123,
                    running: Some(ClockSide::Left),
                    toggle_on_lever: false,
                }),
            ),
            (
                &[0x03, 0x0a, 0, 5, 0, 0, 4, 59, 0x0a, 0x00],
                Ok(ClockCommand::SetAndRun {
                    left_secs: 300,
                    right_secs: 299,
                    running: Some(ClockSide::Right),
                    toggle_on_lever: true,
                }),
            ),
            (
                &[0x03, 0x0a, 0, 1, 0, 0, 2, 0, 0x04, 0x00],
                Ok(ClockCommand::SetAndRun {
                    left_secs: 60,
                    right_secs: 120,
                    running: None,
                    toggle_on_lever: false,
                }),
            ),
            (
                b"\x03\x0ce2-e4   \x03\x00",
                Ok(ClockCommand::Text {
                    text: *b"e2-e4   ",
                    beep: 3,
                }),
            ),
            (&[0x03, 0x03, 0x00], Ok(ClockCommand::End)),
            (&[0x03, 0x09, 0x00], Ok(ClockCommand::Version)),
            (&[0x03, 0x0b, 0x10, 0x00], Ok(ClockCommand::Other(0x0b))),
            (
                &[0x03, 0x0a, 0, 60, 0, 0, 0, 0, 0x01, 0x00],
                Err(BadClockMessage::Content {
                    command: 0x0a,
                    byte: 60,
                }),
            ),
            (
                &[0x03, 0x0a, 0, 1, 0, 0, 0, 0, 0x03, 0x00],
                Err(BadClockMessage::Content {
                    command: 0x0a,
                    byte: 3,
                }),
            ),
            (
                &[0x03, 0x0c, b'a', 0x00],
                Err(BadClockMessage::Length {
                    command: 0x0c,
                    len: 1,
                }),
            ),
            (&[0x03, 0x03], Err(BadClockMessage::Framing(vec![3, 3]))),
        ];
        for (body, want) in table {
            assert_eq!(&ClockCommand::decode(body), want, "{body:02x?}");
        }
    }

    #[test]
    fn the_clock_shows_times_text_and_follows_the_lever() {
        let mut clock = Clock::new();
        let set = ClockCommand::SetAndRun {
            left_secs: 300,
            right_secs: 240,
            running: Some(ClockSide::Left),
            toggle_on_lever: true,
        };
        assert_eq!(clock.apply(&set), [0x10, 0x0a, 0, 0]);
        assert_eq!(clock.shows().to_string(), "0:05:00 0:04:00 left runs");
        assert!(!clock.advance(Duration::from_millis(400)));
        assert!(clock.advance(Duration::from_millis(700)));
        assert_eq!(clock.shows().left_secs, 299);
        clock.press_lever();
        assert!(clock.times().lever_right_down);
        assert_eq!(clock.shows().running, Some(ClockSide::Left));
        clock.press_lever();
        assert_eq!(clock.shows().running, Some(ClockSide::Right));
        let text = ClockCommand::Text {
            text: *b"Nf3     ",
            beep: 0,
        };
        assert_eq!(clock.apply(&text), [0x10, 0x0c, 0, 0]);
        assert_eq!(clock.shows().to_string(), "text \"Nf3     \"");
        clock.apply(&ClockCommand::End);
        assert_eq!(clock.shows().text, None);
        assert_eq!(clock.apply(&ClockCommand::Version), [0x10, 0x09, 0x22, 0]);
    }
}
