//! The serial transport (feature `eboard`): a port opened with the protocol's line
//! settings through the `serialport` crate (no hand-written termios), reads that return
//! within [`READ_TIMEOUT`], and the probe that asks a port whether a board answers.
//!
//! Any path that is a terminal opens: a USB or Bluetooth serial port, or a pseudo-terminal
//! (`/dev/pts/N`, or a symlink to one), as the board emulator of the tests uses. A
//! pseudo-terminal whose other end was closed reads as an error or end of file: the board
//! is lost.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serialport::{DataBits, FlowControl, Parity, StopBits};

use crate::core::eboard::settings::BoardKind;

use super::actor::{Opener, Port};
use super::ports::{self, Probe, Protocol, Search};
use super::{Event, dgt, millennium};

/// How long a read waits for bytes.
pub const READ_TIMEOUT: Duration = Duration::from_millis(50);
/// How long a probe waits for a board's answer.
pub const PROBE_WAIT: Duration = Duration::from_millis(800);

pub use super::actor::OpenError;

/// Opens `path` with `protocol`'s line settings (1 stop bit, no flow control).
pub fn open(path: &Path, protocol: Protocol) -> Result<serialport::TTYPort, OpenError> {
    let line = protocol.line();
    let builder = serialport::new(path.to_string_lossy(), line.baud)
        .data_bits(if line.data_bits == 7 {
            DataBits::Seven
        } else {
            DataBits::Eight
        })
        .parity(if line.odd_parity {
            Parity::Odd
        } else {
            Parity::None
        })
        .stop_bits(StopBits::One)
        .flow_control(FlowControl::None)
        .timeout(READ_TIMEOUT);
    builder.open_native().map_err(|source| {
        if source.kind() == serialport::ErrorKind::Io(std::io::ErrorKind::PermissionDenied) {
            OpenError::Denied(path.to_owned())
        } else {
            OpenError::Failed {
                path: path.to_owned(),
                source: source.into(),
            }
        }
    })
}

/// Asks the board on `path` who it is: DGT the version and the board (a board dump or a
/// version message answers), then the clock (a BWTIME without the no-clock bit: a DGT
/// 3000 is attached); Millennium `V` and `S` (a `v` or `s` reply answers).
pub fn probe(path: &Path, protocol: Protocol) -> Probe {
    let mut port = match open(path, protocol) {
        Ok(p) => p,
        Err(OpenError::Denied(_)) => return Probe::Denied,
        Err(e) => return Probe::Failed(e.to_string()),
    };
    let question: Vec<u8> = match protocol {
        Protocol::Dgt => vec![
            dgt::Command::Reset.byte(),
            dgt::Command::SendVersion.byte(),
            dgt::Command::SendBoard.byte(),
            dgt::Command::SendClock.byte(),
        ],
        Protocol::Millennium => {
            let mut q = millennium::Command::Version.bytes();
            q.extend(millennium::Command::Status.bytes());
            q
        }
    };
    if let Err(e) = port.write_all(&question) {
        return Probe::Failed(e.to_string());
    }
    let mut dgt_decoder = dgt::Decoder::new();
    let mut millennium_decoder = millennium::Decoder::new();
    let (mut board, mut clock) = (false, None);
    let end = Instant::now() + PROBE_WAIT;
    let mut buf = [0u8; 256];
    while Instant::now() < end && (!board || (protocol == Protocol::Dgt && clock.is_none())) {
        let n = match port.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
            Err(e) => return Probe::Failed(e.to_string()),
        };
        let events = match protocol {
            Protocol::Dgt => dgt_decoder.push(&buf[..n]),
            Protocol::Millennium => millennium_decoder.push(&buf[..n]),
        };
        for event in events {
            match event {
                Event::Placement(_) => board = true,
                Event::Other { id, .. } if id == 0x93 || id == b'v' => board = true,
                Event::Clock(t) if !super::link::is_null(&t) => {
                    clock = Some(!t.no_clock);
                }
                _ => {}
            }
        }
    }
    if board {
        Probe::Board {
            clock: clock.unwrap_or(false),
        }
    } else {
        Probe::NoAnswer
    }
}

/// The ports `setting` names (`auto`: the serial devices in `/dev`), searched for a board
/// of `kind` (`all`: every board, for `ansage doctor`).
pub fn search(setting: &str, kind: BoardKind, all: bool) -> (Vec<PathBuf>, Search) {
    let names: Vec<String> = std::fs::read_dir(ports::DEV)
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    let candidates = ports::candidates(setting, names);
    let found = ports::search(&candidates, kind, all, probe);
    (candidates, found)
}

/// The actor's opener on real ports.
#[derive(Debug, Clone)]
pub struct SerialOpener {
    /// `eboard.port`.
    pub port: String,
    /// `eboard.kind`.
    pub kind: BoardKind,
}

impl Opener for SerialOpener {
    fn find(&mut self) -> Option<(PathBuf, Protocol)> {
        let (_, found) = search(&self.port, self.kind, false);
        found
            .boards
            .into_iter()
            .next()
            .map(|b| (b.path, b.protocol))
    }

    fn open(&mut self, path: &Path, protocol: Protocol) -> Result<Box<dyn Port>, OpenError> {
        open(path, protocol).map(|p| Box::new(p) as Box<dyn Port>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-terminal's slave opens by its path (as the emulator's will); with nothing
    /// answering, the probe says so; once the master is closed, reading it fails.
    #[test]
    fn a_pty_slave_opens_and_a_closed_master_fails() {
        let (master, slave) = serialport::TTYPort::pair().unwrap();
        use serialport::SerialPort as _;
        let path = PathBuf::from(slave.name().unwrap());
        assert_eq!(probe(&path, Protocol::Dgt), Probe::NoAnswer);
        let mut port = open(&path, Protocol::Millennium).unwrap();
        drop(master);
        drop(slave);
        let mut buf = [0u8; 16];
        let result = port.read(&mut buf);
        assert!(
            matches!(result, Ok(0))
                || result
                    .as_ref()
                    .is_err_and(|e| e.kind() != std::io::ErrorKind::TimedOut),
            "{result:?}"
        );
    }

    #[test]
    fn a_missing_port_fails_to_open() {
        assert!(matches!(
            probe(Path::new("/dev/ansage-no-such-port"), Protocol::Dgt),
            Probe::Failed(_)
        ));
    }
}
