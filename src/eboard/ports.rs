//! Where the board is: the ports to try (`eboard.port`), the protocols to try on each
//! (`eboard.kind`), and what was found. Pure decisions: the probing itself (opening a port,
//! sending a question, reading the answer) is a closure the caller passes in
//! (`eboard::serial` on a real port, a table in the tests).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::core::eboard::settings::BoardKind;

/// The device names `eboard.port = auto` tries, in this order: USB serial adapters
/// (`/dev/ttyUSB*`, the DGT USB boards), USB modems (`/dev/ttyACM*`, the newer DGT and
/// Millennium USB boards), Bluetooth serial links (`/dev/rfcomm*`).
pub const AUTO_PREFIXES: [&str; 3] = ["ttyUSB", "ttyACM", "rfcomm"];

/// The folder the devices are in.
pub const DEV: &str = "/dev";

/// A board's protocol, with its line settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// DGT: 9600 baud, 8 data bits, no parity, 1 stop bit.
    Dgt,
    /// Millennium ChessLink: 38400 baud, 7 data bits, odd parity, 1 stop bit.
    Millennium,
}

/// A serial line's settings (the transport applies them; 1 stop bit, no flow control).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Bits per second.
    pub baud: u32,
    /// Data bits: 8 or 7.
    pub data_bits: u8,
    /// Odd parity (else none).
    pub odd_parity: bool,
}

impl Protocol {
    /// The line settings of the protocol.
    pub fn line(self) -> Line {
        match self {
            Protocol::Dgt => Line {
                baud: 9600,
                data_bits: 8,
                odd_parity: false,
            },
            Protocol::Millennium => Line {
                baud: 38400,
                data_bits: 7,
                odd_parity: true,
            },
        }
    }

    /// The protocols `eboard.kind` asks to try, in order. DGT goes first: its questions
    /// (0x4d, 0x42) are harmless to a Millennium board, while a Millennium question sent
    /// to a DGT board at its own speed would contain DGT commands that write the board's
    /// memory (`S` is 0x53, DGT's "scan only 50 squares"); sent at 38400 baud to a board
    /// listening at 9600, the DGT board only sees line noise.
    pub fn to_try(kind: BoardKind) -> &'static [Protocol] {
        match kind {
            BoardKind::Auto => &[Protocol::Dgt, Protocol::Millennium],
            BoardKind::Dgt => &[Protocol::Dgt],
            BoardKind::Millennium => &[Protocol::Millennium],
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Dgt => "DGT",
            Protocol::Millennium => "Millennium",
        })
    }
}

/// The ports to try: the one `eboard.port` names, or for `auto` the names in `dev` (the
/// entries of `/dev`) that start with one of [`AUTO_PREFIXES`], in the prefixes' order,
/// each group by its number (`ttyUSB2` before `ttyUSB10`).
pub fn candidates<I, S>(setting: &str, dev: I) -> Vec<PathBuf>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    if setting != "auto" {
        return vec![PathBuf::from(setting)];
    }
    let names: Vec<String> = dev.into_iter().map(|s| s.as_ref().to_owned()).collect();
    let mut out = Vec::new();
    for prefix in AUTO_PREFIXES {
        let mut group: Vec<(u64, &String)> = names
            .iter()
            .filter_map(|n| {
                let number = n.strip_prefix(prefix)?;
                let number = number.parse::<u64>().ok()?;
                Some((number, n))
            })
            .collect();
        group.sort();
        out.extend(group.into_iter().map(|(_, n)| Path::new(DEV).join(n)));
    }
    out
}

/// What one probe of a port with a protocol gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// A board of that protocol answered; `clock`: a clock answered too (DGT 3000).
    Board {
        /// A clock is attached.
        clock: bool,
    },
    /// The port opened but nothing of that protocol answered.
    NoAnswer,
    /// The port exists but may not be opened (not in the `dialout` group).
    Denied,
    /// The port could not be opened (gone, busy, not a serial port), with why.
    Failed(String),
}

/// A board found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its port.
    pub path: PathBuf,
    /// Its protocol.
    pub protocol: Protocol,
    /// A clock answered (DGT 3000 on a DGT board).
    pub clock: bool,
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// The boards, in the order found.
    pub boards: Vec<Found>,
    /// The ports that may not be opened.
    pub denied: Vec<PathBuf>,
    /// The ports tried without a board, with the last reason (for the log).
    pub tried: Vec<(PathBuf, String)>,
}

/// Tries each port with each protocol `kind` asks for (see [`Protocol::to_try`]) until a
/// board answers (`all`: on every port, for `ansage doctor`). A port that may not be
/// opened or cannot be opened is not tried with another protocol.
pub fn search<F>(ports: &[PathBuf], kind: BoardKind, all: bool, mut probe: F) -> Search
where
    F: FnMut(&Path, Protocol) -> Probe,
{
    let mut out = Search::default();
    for path in ports {
        let mut reason = String::from("no answer");
        for &protocol in Protocol::to_try(kind) {
            match probe(path, protocol) {
                Probe::Board { clock } => {
                    out.boards.push(Found {
                        path: path.clone(),
                        protocol,
                        clock,
                    });
                    reason.clear();
                    break;
                }
                Probe::NoAnswer => {}
                Probe::Denied => {
                    out.denied.push(path.clone());
                    reason.clear();
                    break;
                }
                Probe::Failed(why) => {
                    reason = why;
                    break;
                }
            }
        }
        if !reason.is_empty() {
            out.tried.push((path.clone(), reason));
        }
        if !all && !out.boards.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_scans_usb_then_acm_then_rfcomm_by_number() {
        let dev = [
            "tty0", "rfcomm0", "ttyACM1", "ttyUSB10", "ttyUSB2", "ttyACM0", "ttyS0", "ttyUSBx",
            "null",
        ];
        let want: Vec<PathBuf> = [
            "/dev/ttyUSB2",
            "/dev/ttyUSB10",
            "/dev/ttyACM0",
            "/dev/ttyACM1",
            "/dev/rfcomm0",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(candidates("auto", dev), want);
        assert_eq!(
            candidates("/dev/pts/7", dev),
            vec![PathBuf::from("/dev/pts/7")]
        );
        assert!(candidates("auto", ["tty0"]).is_empty());
    }

    #[test]
    fn lines_of_the_protocols() {
        assert_eq!(
            Protocol::Dgt.line(),
            Line {
                baud: 9600,
                data_bits: 8,
                odd_parity: false
            }
        );
        assert_eq!(
            Protocol::Millennium.line(),
            Line {
                baud: 38400,
                data_bits: 7,
                odd_parity: true
            }
        );
    }

    /// Table: ports and what each probe answers → what is found and what was asked, in
    /// which order (DGT before Millennium; no other protocol after a refusal).
    #[test]
    fn search_table() {
        use Protocol::{Dgt, Millennium};
        let ports: Vec<PathBuf> = ["/dev/a", "/dev/b", "/dev/c"]
            .iter()
            .map(PathBuf::from)
            .collect();
        type Answers = Vec<(&'static str, Protocol, Probe)>;
        /// The kind, all, the answers; the probes asked, the ports refused, the boards.
        type Case = (
            BoardKind,
            bool,
            Answers,
            &'static [&'static str],
            &'static [&'static str],
            &'static [(&'static str, Protocol)],
        );
        let cases: Vec<Case> = vec![
            (
                BoardKind::Auto,
                false,
                vec![("/dev/b", Millennium, Probe::Board { clock: false })],
                &["a:DGT", "a:Millennium", "b:DGT", "b:Millennium"],
                &[],
                &[("/dev/b", Millennium)],
            ),
            (
                BoardKind::Auto,
                true,
                vec![
                    ("/dev/a", Dgt, Probe::Denied),
                    ("/dev/b", Dgt, Probe::Board { clock: true }),
                    ("/dev/c", Dgt, Probe::Failed(String::new())),
                ],
                &["a:DGT", "b:DGT", "c:DGT"],
                &["/dev/a"],
                &[("/dev/b", Dgt)],
            ),
            (
                BoardKind::Millennium,
                false,
                vec![("/dev/a", Dgt, Probe::Board { clock: false })],
                &["a:Millennium", "b:Millennium", "c:Millennium"],
                &[],
                &[],
            ),
            (
                BoardKind::Dgt,
                false,
                vec![],
                &["a:DGT", "b:DGT", "c:DGT"],
                &[],
                &[],
            ),
        ];
        for (kind, all, answers, asked_want, denied_want, found_want) in cases {
            let mut asked = Vec::new();
            let result = search(&ports, kind, all, |path, protocol| {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                asked.push(format!("{name}:{protocol}"));
                answers
                    .iter()
                    .find(|(p, pr, _)| Path::new(p) == path && *pr == protocol)
                    .map_or(Probe::NoAnswer, |(_, _, a)| a.clone())
            });
            assert_eq!(asked, asked_want, "{kind:?} {all}");
            let denied: Vec<PathBuf> = denied_want.iter().map(PathBuf::from).collect();
            assert_eq!(result.denied, denied, "{kind:?}");
            let found: Vec<(PathBuf, Protocol)> = result
                .boards
                .iter()
                .map(|f| (f.path.clone(), f.protocol))
                .collect();
            let found_want: Vec<(PathBuf, Protocol)> = found_want
                .iter()
                .map(|(p, pr)| (PathBuf::from(p), *pr))
                .collect();
            assert_eq!(found, found_want, "{kind:?}");
        }
    }
}
