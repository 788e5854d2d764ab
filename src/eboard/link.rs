//! One connection to a board: the bytes it sends → the [`BoardEvent`]s the session gets;
//! what to send it (the start, a board request every [`POLL`] or [`POLL_MILLENNIUM`], the
//! DGT 3000's commands).
//! No I/O here: the actor ([`super::actor`]) reads and writes the port.

use std::time::{Duration, Instant};

use crate::core::input::BoardEvent;

use super::dgt_clock::{ClockCommand, ClockDisplay};
use super::ports::Protocol;
use super::{ClockTimes, Event, Placement, dgt, millennium};

/// How long a DGT board's clock may take to answer before the board counts as found
/// without one.
pub const CLOCK_WAIT: Duration = Duration::from_millis(1500);
/// How often a DGT board is asked for the whole board again (a field update lost to line
/// noise is mended by the next board dump).
pub const POLL: Duration = Duration::from_secs(2);
/// How often a Millennium board is asked for its status (its reports on every change are
/// switched on at the start; the question bounds the delay should they be off: a status
/// is 67 bytes, 17 ms of the line at 38400 baud).
pub const POLL_MILLENNIUM: Duration = Duration::from_millis(500);

/// How often `protocol`'s board is asked for the whole board.
fn poll_every(protocol: Protocol) -> Duration {
    match protocol {
        Protocol::Dgt => POLL,
        Protocol::Millennium => POLL_MILLENNIUM,
    }
}
/// How long the DGT 3000 shows the blind player's move before the times again.
pub const TEXT_SHOWN: Duration = Duration::from_secs(15);

/// A BWTIME message full of zeros: no reading (DGT: "to be ignored").
pub fn is_null(times: &ClockTimes) -> bool {
    times.left_secs == 0
        && times.right_secs == 0
        && !times.running
        && !times.lever_right_down
        && !times.battery_low
        && !times.no_clock
}

/// What the DGT 3000 should show (the station's sink writes it, the actor reads it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockWish {
    /// The times and which side runs (a SETNRUN).
    pub times: Option<ClockCommand>,
    /// The blind player's last move as 8 characters, and since when it is to be shown.
    pub text: Option<([u8; 8], Instant)>,
}

#[derive(Debug)]
enum Decoder {
    Dgt(dgt::Decoder),
    Millennium(millennium::Decoder),
}

/// One open connection's state.
#[derive(Debug)]
pub struct Connection {
    protocol: Protocol,
    decoder: Decoder,
    /// The placement as the board reports it (the dump, then the field updates).
    placement: Option<Placement>,
    /// The placement last sent to the session.
    sent: Option<Placement>,
    /// `Found` was sent.
    found: bool,
    /// Whether a clock is attached, once known.
    clock: Option<bool>,
    opened: Instant,
    lever: Option<bool>,
    display: ClockDisplay,
    next_poll: Instant,
}

impl Connection {
    /// A connection opened at `now`, and the bytes to send first: DGT update mode, the
    /// board and the clock asked for; Millennium a status on every change, and the board.
    pub fn open(protocol: Protocol, now: Instant) -> (Connection, Vec<u8>) {
        let (decoder, start) = match protocol {
            Protocol::Dgt => (
                Decoder::Dgt(dgt::Decoder::new()),
                [
                    dgt::Command::UpdateNice,
                    dgt::Command::SendBoard,
                    dgt::Command::SendClock,
                ]
                .iter()
                .map(|c| c.byte())
                .collect(),
            ),
            Protocol::Millennium => {
                let mut bytes = millennium::Command::Write {
                    address: 2,
                    value: 3,
                }
                .bytes();
                bytes.extend(millennium::Command::Status.bytes());
                (Decoder::Millennium(millennium::Decoder::new()), bytes)
            }
        };
        let connection = Connection {
            protocol,
            decoder,
            placement: None,
            sent: None,
            found: false,
            clock: match protocol {
                Protocol::Dgt => None,
                Protocol::Millennium => Some(false),
            },
            opened: now,
            lever: None,
            display: ClockDisplay::new(),
            next_poll: now + poll_every(protocol),
        };
        (connection, start)
    }

    /// Whether `Found` was sent on this connection.
    pub fn found(&self) -> bool {
        self.found
    }

    /// Bytes read from the board → the events for the session.
    pub fn read(&mut self, bytes: &[u8], now: Instant) -> Vec<BoardEvent> {
        let events = match &mut self.decoder {
            Decoder::Dgt(d) => d.push(bytes),
            Decoder::Millennium(d) => d.push(bytes),
        };
        let mut out = Vec::new();
        for event in events {
            match event {
                Event::Placement(p) => self.placement = Some(p),
                Event::SquareChanged { square, piece } => {
                    if let Some(p) = self.placement.as_mut() {
                        p.set(square, piece);
                    }
                }
                Event::Clock(times) => self.clock_times(times, &mut out),
                Event::ClockAck(ack) => {
                    if self.display.acknowledged(ack) {
                        tracing::warn!(
                            "eboard: the DGT 3000 refused a command ({ack:02x?}; SETNRUN needs its mode 23)"
                        );
                    }
                }
                Event::Other { id, len } => {
                    tracing::debug!("eboard: message {id:#04x} of {len} bytes not used")
                }
                Event::Fault(fault) => tracing::debug!("eboard: {fault}"),
            }
        }
        self.settle(now, &mut out);
        out
    }

    /// The clock's times: whether a clock is attached (the first reading), and the lever
    /// (FIDE Laws 6.2.a: each flip is a press). A BWTIME full of zeros is no reading (DGT:
    /// "to be ignored").
    fn clock_times(&mut self, times: ClockTimes, out: &mut Vec<BoardEvent>) {
        if is_null(&times) {
            return;
        }
        if self.clock.is_none() {
            self.clock = Some(!times.no_clock);
        }
        if times.no_clock {
            self.lever = None;
            return;
        }
        if let Some(before) = self.lever
            && before != times.lever_right_down
            && self.found
        {
            out.push(BoardEvent::Lever);
        }
        self.lever = Some(times.lever_right_down);
    }

    /// `Found` once the clock is known (or [`CLOCK_WAIT`] passed), then each new placement.
    fn settle(&mut self, now: Instant, out: &mut Vec<BoardEvent>) {
        if !self.found {
            if self.clock.is_none() && now.saturating_duration_since(self.opened) >= CLOCK_WAIT {
                self.clock = Some(false);
            }
            let Some(clock) = self.clock else { return };
            self.found = true;
            out.push(BoardEvent::Found { clock });
        }
        if let Some(p) = self.placement
            && self.sent != Some(p)
        {
            self.sent = Some(p);
            out.push(BoardEvent::Placement(shakmaty::Board::from(&p)));
        }
    }

    /// Time passes: the events due (`Found` after [`CLOCK_WAIT`]) and the bytes to send
    /// (the board asked for again; the DGT 3000's next command).
    pub fn tick(&mut self, now: Instant, wish: &ClockWish) -> (Vec<BoardEvent>, Vec<u8>) {
        let mut events = Vec::new();
        self.settle(now, &mut events);
        let mut bytes = Vec::new();
        if now >= self.next_poll {
            self.next_poll = now + poll_every(self.protocol);
            match self.protocol {
                Protocol::Dgt => bytes.push(dgt::Command::SendBoard.byte()),
                Protocol::Millennium => bytes.extend(millennium::Command::Status.bytes()),
            }
        }
        if self.clock == Some(true) {
            if let Some(times) = &wish.times {
                self.display.want_times(times.clone());
            }
            let text = wish
                .text
                .filter(|(_, since)| now.saturating_duration_since(*since) < TEXT_SHOWN)
                .map(|(text, _)| text);
            self.display.want_text(text);
            if let Some(command) = self.display.next(now) {
                bytes.extend(command.bytes());
            }
        }
        (events, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eboard::dgt_clock::set_and_run;
    use shakmaty::{Chess, Color, Position, Square};

    fn start() -> Placement {
        Placement::from(Chess::default().board())
    }

    fn bwtime(lever: bool, no_clock: bool) -> Vec<u8> {
        let status = 0x01 | if lever { 0x02 } else { 0 } | if no_clock { 0x20 } else { 0 };
        dgt::frame(dgt::MSG_BWTIME, &[0, 0x05, 0, 0, 0x05, 0, status])
    }

    /// DGT: Found waits for the clock's answer, then the placement; each field update
    /// gives the new placement; each flip of the lever a Lever.
    #[test]
    fn dgt_found_placements_and_lever() {
        let t0 = Instant::now();
        let (mut c, first) = Connection::open(Protocol::Dgt, t0);
        assert_eq!(first, [0x4b, 0x42, 0x41]);
        assert_eq!(c.read(&dgt::board_dump(&start()), t0), []);
        let events = c.read(&bwtime(false, false), t0);
        let board = |p: &Placement| BoardEvent::Placement(shakmaty::Board::from(p));
        assert_eq!(events, [BoardEvent::Found { clock: true }, board(&start())]);
        // e2 lifted (index 52), set down on e4 (index 36).
        let mut moved = start();
        moved.set(Square::E2, None);
        let lifted = moved;
        assert_eq!(
            c.read(&dgt::frame(dgt::MSG_FIELD_UPDATE, &[52, 0]), t0),
            [board(&lifted)]
        );
        moved.set(Square::E4, Some(Color::White.pawn()));
        assert_eq!(
            c.read(&dgt::frame(dgt::MSG_FIELD_UPDATE, &[36, 1]), t0),
            [board(&moved)]
        );
        // The same dump again: no change, nothing sent.
        assert_eq!(c.read(&dgt::board_dump(&moved), t0), []);
        assert_eq!(c.read(&bwtime(true, false), t0), [BoardEvent::Lever]);
        assert_eq!(c.read(&bwtime(true, false), t0), []);
        // Garbage in between resynchronises.
        assert_eq!(
            c.read(&[0x13, 0x7f, 0x02], t0).len(),
            0,
            "noise gives nothing"
        );
        assert_eq!(c.read(&bwtime(false, false), t0), [BoardEvent::Lever]);
    }

    /// No clock: the BWTIME's no-clock bit, or no answer within CLOCK_WAIT.
    #[test]
    fn dgt_without_clock() {
        let t0 = Instant::now();
        let (mut c, _) = Connection::open(Protocol::Dgt, t0);
        c.read(&dgt::board_dump(&start()), t0);
        let events = c.read(&bwtime(false, true), t0);
        assert_eq!(events[0], BoardEvent::Found { clock: false });
        let (mut c, _) = Connection::open(Protocol::Dgt, t0);
        // A null BWTIME is no answer.
        assert_eq!(c.read(&dgt::frame(dgt::MSG_BWTIME, &[0; 7]), t0), []);
        let (events, _) = c.tick(t0 + CLOCK_WAIT, &ClockWish::default());
        assert_eq!(events, [BoardEvent::Found { clock: false }]);
    }

    /// Millennium: found at once (no clock), the status's placement, a status asked for
    /// every POLL_MILLENNIUM.
    #[test]
    fn millennium_found_and_poll() {
        let t0 = Instant::now();
        let (mut c, first) = Connection::open(Protocol::Millennium, t0);
        assert!(first.ends_with(&millennium::Command::Status.bytes()));
        let events = c.read(&millennium::status(&start()), t0);
        assert_eq!(
            events,
            [
                BoardEvent::Found { clock: false },
                BoardEvent::Placement(shakmaty::Board::from(&start()))
            ]
        );
        let (_, bytes) = c.tick(t0 + POLL_MILLENNIUM / 2, &ClockWish::default());
        assert!(bytes.is_empty());
        let (_, bytes) = c.tick(t0 + POLL_MILLENNIUM, &ClockWish::default());
        assert_eq!(bytes, millennium::Command::Status.bytes());
    }

    /// With a clock, the wished times and text go out one command at a time, each after
    /// the previous one's acknowledgement; the text for TEXT_SHOWN only.
    #[test]
    fn clock_commands_follow_the_wish() {
        let t0 = Instant::now();
        let (mut c, _) = Connection::open(Protocol::Dgt, t0);
        c.read(&bwtime(false, false), t0);
        let times = set_and_run(
            std::time::Duration::from_secs(300),
            std::time::Duration::from_secs(300),
            Some(Color::Black),
        );
        let wish = ClockWish {
            times: Some(times.clone()),
            text: Some((*b"    1.e4", t0)),
        };
        let (_, bytes) = c.tick(t0, &wish);
        assert_eq!(bytes, times.bytes());
        let ack = |id: u8| dgt::frame(dgt::MSG_BWTIME, &[0x0a, 0x10, id, 0x0a, 0, 0, 0]);
        c.read(&ack(0x0a), t0);
        let (_, bytes) = c.tick(t0, &wish);
        assert_eq!(bytes, ClockCommand::Text(*b"    1.e4").bytes());
        c.read(&ack(0x0c), t0);
        assert_eq!(c.tick(t0, &wish).1, Vec::<u8>::new());
        let later = t0 + TEXT_SHOWN;
        let (_, bytes) = c.tick(later, &wish);
        assert!(
            bytes.ends_with(&ClockCommand::EndText.bytes()),
            "{bytes:02x?}"
        );
    }
}
