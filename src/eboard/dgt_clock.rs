//! The DGT 3000 clock on a DGT board: the commands the station sends to it through the
//! board, and which of them to send next.
//!
//! FIDE Laws D.1, D.2.1: the sighted player executes the blind player's moves on his own
//! board; the DGT 3000 shows him the blind player's last move (8 ASCII characters) and the
//! station's times, so that the clock he presses shows what the station counts.
//!
//! Facts from DGT's protocol description (`dgtbrd.h`, "Added DGT3000 ascii clock message",
//! 2014; a copy is in the picochess repository). Every clock command is wrapped in
//! `DGT_CLOCK_MESSAGE` (0x2b): the size (the bytes after it, counting the start byte, the
//! command and the end byte), the start byte 0x03, the command, its data, the end byte
//! 0x00. The board answers each with an acknowledgement in a BWTIME message (decoded as
//! [`super::Event::ClockAck`]) when it is in update mode; "after each command, you should
//! wait for the ack before sending the next one": [`ClockDisplay`] does.

use std::time::{Duration, Instant};

use shakmaty::Color;

/// `DGT_CLOCK_MESSAGE`: the command byte that wraps every clock command.
pub const CLOCK_MESSAGE: u8 = 0x2b;
/// `DGT_CMD_CLOCK_START_MESSAGE`.
const START: u8 = 0x03;
/// `DGT_CMD_CLOCK_END_MESSAGE`.
const END: u8 = 0x00;
/// The first acknowledgement byte of a command the clock carried out (0x40: refused, e.g.
/// a SETNRUN while the clock is not in mode 23).
pub const ACK_OK: u8 = 0x10;
/// How long an acknowledgement may take before the command counts as lost (DGT: "usually
/// returned within one or two seconds").
pub const ACK_WAIT: Duration = Duration::from_secs(2);

/// Which display of the clock counts down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Running {
    /// The left one.
    Left,
    /// The right one.
    Right,
    /// Neither: the clock is paused.
    Paused,
}

/// A command to the DGT 3000.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockCommand {
    /// `DGT_CMD_CLOCK_SETNRUN` (0x0a): both times and which one runs. The clock does not
    /// switch by itself at the lever (the station switches it, FIDE Laws 6.2.a: the
    /// station's clock is the game's).
    SetAndRun {
        /// The left display's time, in seconds (shown up to 9:59:59).
        left_secs: u32,
        /// The right display's time, in seconds.
        right_secs: u32,
        /// Which one counts down.
        running: Running,
    },
    /// `DGT_CMD_CLOCK_ASCII` (0x0c): 8 characters on the display, without a beep.
    Text([u8; 8]),
    /// `DGT_CMD_CLOCK_END` (0x03): the text goes, the times are shown again.
    EndText,
}

impl ClockCommand {
    /// The command's identifier (the byte its acknowledgement names).
    pub fn id(&self) -> u8 {
        match self {
            ClockCommand::SetAndRun { .. } => 0x0a,
            ClockCommand::Text(_) => 0x0c,
            ClockCommand::EndText => 0x03,
        }
    }

    /// The bytes sent to the board.
    pub fn bytes(&self) -> Vec<u8> {
        let data: Vec<u8> = match self {
            ClockCommand::SetAndRun {
                left_secs,
                right_secs,
                running,
            } => {
                let mut d = Vec::with_capacity(7);
                d.extend(hms(*left_secs));
                d.extend(hms(*right_secs));
                // 0x01: left counts down, 0x02: right counts down, 0x04: paused; 0x08
                // (toggle at the lever) is never set.
                d.push(match running {
                    Running::Left => 0x01,
                    Running::Right => 0x02,
                    Running::Paused => 0x04,
                });
                d
            }
            ClockCommand::Text(text) => {
                let mut d = text.to_vec();
                d.push(0); // no beep
                d
            }
            ClockCommand::EndText => Vec::new(),
        };
        let mut out = Vec::with_capacity(data.len() + 5);
        out.push(CLOCK_MESSAGE);
        out.push(u8::try_from(data.len() + 3).unwrap_or(u8::MAX));
        out.push(START);
        out.push(self.id());
        out.extend(data);
        out.push(END);
        out
    }
}

/// Hours, minutes, seconds, each a binary byte; at most 9:59:59 (the display's one hour
/// digit).
fn hms(secs: u32) -> [u8; 3] {
    let secs = secs.min(9 * 3600 + 59 * 60 + 59);
    // Each part is below 60 here.
    let part = |v: u32| u8::try_from(v).unwrap_or(0);
    [part(secs / 3600), part(secs / 60 % 60), part(secs % 60)]
}

/// The 8 characters the clock shows for a move: the move number and the move ("12.Sf3",
/// "12...Sf3" for Black's), or the move alone when that is too long; right-aligned, ASCII
/// only (anything else is left out).
pub fn move_text(number: u32, side: Color, san: &str) -> [u8; 8] {
    let san: String = san.chars().filter(char::is_ascii).collect();
    let dots = if side.is_white() { "." } else { "..." };
    let numbered = format!("{number}{dots}{san}");
    let text = if numbered.len() <= 8 { numbered } else { san };
    let bytes = text.as_bytes();
    let bytes = &bytes[..bytes.len().min(8)];
    let mut out = [b' '; 8];
    out[8 - bytes.len()..].copy_from_slice(bytes);
    out
}

/// The left and right display's times and which one runs, from White's and Black's: White
/// is on the left (the clock stands with White's display on the left of the board's
/// connector side, as DGT's own software sets it up).
pub fn set_and_run(white: Duration, black: Duration, running: Option<Color>) -> ClockCommand {
    ClockCommand::SetAndRun {
        left_secs: whole_secs(white),
        right_secs: whole_secs(black),
        running: match running {
            Some(Color::White) => Running::Left,
            Some(Color::Black) => Running::Right,
            None => Running::Paused,
        },
    }
}

/// Seconds, rounded up while under a minute's fraction (a clock showing 0:00 while time
/// remains would look like a fallen flag).
fn whole_secs(d: Duration) -> u32 {
    let secs = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    u32::try_from(secs).unwrap_or(u32::MAX)
}

/// What the clock should show, and what it shows: one command at a time, each after the
/// previous one's acknowledgement (or [`ACK_WAIT`]); the newest wish wins.
#[derive(Clone, Debug)]
pub struct ClockDisplay {
    times: Option<ClockCommand>,
    times_sent: Option<ClockCommand>,
    /// The text wanted (`None`: the times).
    text: Option<[u8; 8]>,
    /// What the display shows: `None` unknown (at the start, after a SETNRUN).
    text_shown: Option<Option<[u8; 8]>>,
    in_flight: Option<(ClockCommand, Instant)>,
}

impl Default for ClockDisplay {
    fn default() -> ClockDisplay {
        ClockDisplay::new()
    }
}

impl ClockDisplay {
    /// A clock as it is when the board is found: showing its times.
    pub fn new() -> ClockDisplay {
        ClockDisplay {
            times: None,
            times_sent: None,
            text: None,
            text_shown: Some(None),
            in_flight: None,
        }
    }

    /// The times and the running side the clock should show (a [`ClockCommand::SetAndRun`]).
    pub fn want_times(&mut self, times: ClockCommand) {
        self.times = Some(times);
    }

    /// The text the clock should show (`None`: the times).
    pub fn want_text(&mut self, text: Option<[u8; 8]>) {
        self.text = text;
    }

    /// The clock acknowledged a command (the four bytes of [`super::Event::ClockAck`]);
    /// returns whether it refused it. A refused command is not sent again until the wish
    /// changes (a clock not in mode 23 refuses every SETNRUN).
    pub fn acknowledged(&mut self, ack: [u8; 4]) -> bool {
        let Some((command, since)) = self.in_flight.take() else {
            return false;
        };
        if ack[1] & 0x80 != 0 {
            // An acknowledgement the clock sent by itself (a button): still waiting.
            self.in_flight = Some((command, since));
            return false;
        }
        self.done(command);
        ack[0] != ACK_OK
    }

    fn done(&mut self, command: ClockCommand) {
        match command {
            ClockCommand::SetAndRun { .. } => {
                self.times_sent = Some(command);
                self.text_shown = None;
            }
            ClockCommand::Text(t) => self.text_shown = Some(Some(t)),
            ClockCommand::EndText => self.text_shown = Some(None),
        }
    }

    /// The command to send at `now`, if any: none while one waits for its acknowledgement
    /// (at most [`ACK_WAIT`]); the times first, then the text or the times' display.
    pub fn next(&mut self, now: Instant) -> Option<ClockCommand> {
        if let Some((_, since)) = &self.in_flight {
            if now.saturating_duration_since(*since) < ACK_WAIT {
                return None;
            }
            self.in_flight = None;
        }
        let command = if self.times.is_some() && self.times != self.times_sent {
            self.times.clone()?
        } else if self.text_shown != Some(self.text) {
            self.text.map_or(ClockCommand::EndText, ClockCommand::Text)
        } else {
            return None;
        };
        self.in_flight = Some((command.clone(), now));
        Some(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden bytes: each command as DGT's description lays it out (size, start byte,
    /// command, data, end byte).
    #[test]
    fn command_bytes_golden() {
        let cases: [(ClockCommand, &[u8]); 6] = [
            (
                ClockCommand::SetAndRun {
                    left_secs: 3600 + 29 * 60 + 59,
                    right_secs: 5 * 60 + 3,
                    running: Running::Left,
                },
                &[0x2b, 0x0a, 0x03, 0x0a, 1, 29, 59, 0, 5, 3, 0x01, 0x00],
            ),
            (
                ClockCommand::SetAndRun {
                    left_secs: 0,
                    right_secs: 90 * 60,
                    running: Running::Right,
                },
                &[0x2b, 0x0a, 0x03, 0x0a, 0, 0, 0, 1, 30, 0, 0x02, 0x00],
            ),
            (
                ClockCommand::SetAndRun {
                    left_secs: 100_000,
                    right_secs: 59,
                    running: Running::Paused,
                },
                &[0x2b, 0x0a, 0x03, 0x0a, 9, 59, 59, 0, 0, 59, 0x04, 0x00],
            ),
            (
                ClockCommand::Text(*b"  12.Nf3"),
                &[
                    0x2b, 0x0c, 0x03, 0x0c, b' ', b' ', b'1', b'2', b'.', b'N', b'f', b'3', 0, 0x00,
                ],
            ),
            (ClockCommand::EndText, &[0x2b, 0x03, 0x03, 0x03, 0x00]),
            (
                set_and_run(
                    Duration::from_millis(59_001),
                    Duration::from_secs(60),
                    Some(Color::Black),
                ),
                &[0x2b, 0x0a, 0x03, 0x0a, 0, 1, 0, 0, 1, 0, 0x02, 0x00],
            ),
        ];
        for (command, bytes) in cases {
            assert_eq!(command.bytes(), bytes, "{command:?}");
            assert_eq!(usize::from(bytes[1]), bytes.len() - 2, "{command:?}");
        }
    }

    #[test]
    fn move_texts() {
        let cases = [
            (1, Color::White, "e4", "    1.e4"),
            (12, Color::Black, "Sf3", "12...Sf3"),
            (12, Color::White, "exd8=D+", " exd8=D+"),
            (123, Color::Black, "O-O-O", "   O-O-O"),
            (7, Color::White, "Läxf7#", " 7.Lxf7#"),
        ];
        for (n, side, san, want) in cases {
            assert_eq!(want.len(), 8);
            assert_eq!(
                std::str::from_utf8(&move_text(n, side, san)).unwrap(),
                want,
                "{san}"
            );
        }
    }

    /// One command at a time: the next waits for the acknowledgement or ACK_WAIT; the
    /// times go first, a text after them; after a SETNRUN the display is sent again.
    #[test]
    fn one_command_at_a_time_newest_wish_wins() {
        let t0 = Instant::now();
        let ms = |m: u64| t0 + Duration::from_millis(m);
        let ok = [0x10, 0x0a, 0, 0];
        let mut d = ClockDisplay::new();
        assert_eq!(d.next(t0), None);
        let first = set_and_run(Duration::from_secs(60), Duration::from_secs(60), None);
        d.want_times(first.clone());
        d.want_text(Some(*b"    1.e4"));
        assert_eq!(d.next(t0), Some(first.clone()));
        let second = set_and_run(
            Duration::from_secs(60),
            Duration::from_secs(60),
            Some(Color::Black),
        );
        d.want_times(second.clone());
        assert_eq!(d.next(ms(100)), None, "waits for the ack");
        assert!(!d.acknowledged(ok));
        assert_eq!(d.next(ms(200)), Some(second));
        assert!(!d.acknowledged(ok));
        assert_eq!(d.next(ms(300)), Some(ClockCommand::Text(*b"    1.e4")));
        // No ack: after ACK_WAIT it is sent again.
        assert_eq!(d.next(ms(2000)), None);
        assert_eq!(d.next(ms(2300)), Some(ClockCommand::Text(*b"    1.e4")));
        // A button's own acknowledgement is no answer.
        assert!(!d.acknowledged([0x10, 0x88, 0, 0x31]));
        assert_eq!(d.next(ms(2400)), None);
        assert!(!d.acknowledged(ok));
        assert_eq!(d.next(ms(2500)), None, "all shown");
        d.want_text(None);
        assert_eq!(d.next(ms(2600)), Some(ClockCommand::EndText));
        // Refused (not in mode 23): told, and not sent again.
        assert!(d.acknowledged([0x40, 0x03, 0, 0]));
        assert_eq!(d.next(ms(2700)), None);
    }
}
