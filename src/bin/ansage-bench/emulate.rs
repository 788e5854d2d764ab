//! `ansage-bench emulate`: a DGT or Millennium board driven by hand from the terminal, on
//! a pseudo-terminal the station opens like a real board (`--set eboard.port=PATH`), so
//! that a developer or a club tries the station without hardware.
//!
//! One command a line: `move e2 e4`, `lift e2`, `put e4 wP` (or `put e4 P`), `lever`,
//! `unplug`, `plug`, `reverse`, `start`, `show`, `help`, `quit`. The clock runs in real
//! time; the board's answers to the station are the emulator's (`ansage::eboard::emulator`).

use std::io::BufRead as _;
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use shakmaty::{Chess, Color, Piece, Position, Role, Square};

use ansage::eboard::Placement;
use ansage::eboard::emulator::pty::{Link, LinkError};
use ansage::eboard::emulator::{Emulator, Kind};

/// How often the clock's time is let pass when no command comes.
const TICK: Duration = Duration::from_millis(200);

/// The commands' summary, printed by `help` and at the start.
pub const HELP: &str = "commands: move FROM TO | lift SQ | put SQ PIECE (wP, bN, or P, n) | \
lever | unplug | plug | reverse | start | show | help | quit";

/// One line typed by the developer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A hand moves a piece (a piece on the target lifted first).
    Move(Square, Square),
    /// A hand lifts a piece.
    Lift(Square),
    /// A hand puts a piece down.
    Put(Square, Piece),
    /// The clock's lever pressed.
    Lever,
    /// The cable pulled.
    Unplug,
    /// The cable plugged back.
    Plug,
    /// The board turned round (or back).
    Reverse,
    /// All pieces set up in the start position.
    Start,
    /// The placement, the clock, the link.
    Show,
    /// The commands.
    Help,
    /// The end.
    Quit,
}

/// Why a line is no command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// An unknown first word.
    #[error("unknown command {0:?} ({HELP})")]
    Unknown(String),
    /// A command with the wrong number of words.
    #[error("{0}: wrong number of arguments ({HELP})")]
    Arguments(String),
    /// No square name (`e4`).
    #[error("{0:?} is no square")]
    Square(String),
    /// No piece (`wP`, `bN`, `P`, `n`).
    #[error("{0:?} is no piece (wP, bN, … or a FEN letter)")]
    Piece(String),
}

/// A line as a command; `None` for an empty line or a comment (`#`).
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let words: Vec<&str> = line
        .split('#')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let Some((&verb, args)) = words.split_first() else {
        return Ok(None);
    };
    let verb = verb.to_ascii_lowercase();
    let command = match (verb.as_str(), args) {
        ("move", [from, to]) => Command::Move(square(from)?, square(to)?),
        ("lift", [at]) => Command::Lift(square(at)?),
        ("put", [at, p]) => Command::Put(square(at)?, piece(p)?),
        ("lever", []) => Command::Lever,
        ("unplug", []) => Command::Unplug,
        ("plug", []) => Command::Plug,
        ("reverse", []) => Command::Reverse,
        ("start", []) => Command::Start,
        ("show", []) => Command::Show,
        ("help", []) => Command::Help,
        ("quit" | "exit", []) => Command::Quit,
        (
            "move" | "lift" | "put" | "lever" | "unplug" | "plug" | "reverse" | "start" | "show"
            | "help" | "quit" | "exit",
            _,
        ) => return Err(ParseError::Arguments(verb)),
        _ => return Err(ParseError::Unknown(verb)),
    };
    Ok(Some(command))
}

fn square(word: &str) -> Result<Square, ParseError> {
    word.to_ascii_lowercase()
        .parse()
        .map_err(|_| ParseError::Square(word.into()))
}

/// `wP`, `bN` (colour and role), or a FEN letter (`P` white, `n` black).
fn piece(word: &str) -> Result<Piece, ParseError> {
    let bad = || ParseError::Piece(word.into());
    match word.as_bytes() {
        [c] => Piece::from_char(char::from(*c)).ok_or_else(bad),
        [colour, role] => {
            let color = match colour.to_ascii_lowercase() {
                b'w' => Color::White,
                b'b' => Color::Black,
                _ => return Err(bad()),
            };
            let role = Role::from_char(char::from(role.to_ascii_lowercase())).ok_or_else(bad)?;
            Ok(Piece { color, role })
        }
        _ => Err(bad()),
    }
}

/// The placement as 8 lines, rank 8 first, White's pieces in capitals, `.` for empty.
pub fn diagram(pieces: &Placement) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let square = Square::ALL[rank * 8 + file];
            out.push(pieces.piece_at(square).map_or('.', Piece::char));
        }
        out.push('\n');
    }
    out.push_str("  abcdefgh");
    out
}

/// Runs the emulator: the link at `path` (default: `ansage-eboard` in the temporary
/// folder), commands from standard input until `quit` or its end.
pub fn emulate(kind: Kind, clock: bool, path: Option<PathBuf>) -> Result<()> {
    anyhow::ensure!(
        !(clock && kind == Kind::Millennium),
        "a Millennium board has no DGT clock: `--clock` is for `--kind dgt`"
    );
    let path = path.unwrap_or_else(|| std::env::temp_dir().join("ansage-eboard"));
    let mut link = Link::open(Emulator::new(kind, clock), &path)
        .with_context(|| format!("serving the board at {}", path.display()))?;
    println!(
        "{kind:?} board{} at {} (-> {}); the station: --set eboard.port={}",
        if clock { " with a DGT 3000 clock" } else { "" },
        path.display(),
        link.slave_path()
            .map_or("?".into(), |p| p.display().to_string()),
        path.display()
    );
    println!("{HELP}");
    let (lines, commands) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut last = Instant::now();
    loop {
        let received = commands.recv_timeout(TICK);
        let now = Instant::now();
        let elapsed = now - last;
        last = now;
        report(link.act(|e| Ok(e.advance(elapsed))));
        let line = match received {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        };
        match parse(&line) {
            Ok(Some(Command::Quit)) => return Ok(()),
            Ok(Some(command)) => run(&mut link, command),
            Ok(None) => {}
            Err(e) => println!("{e}"),
        }
    }
}

/// Carries out a command on the link and says what came of it.
fn run(link: &mut Link, command: Command) {
    match command {
        Command::Move(from, to) => report(link.act(|e| e.move_piece(from, to))),
        Command::Lift(at) => report(link.act(|e| e.lift(at))),
        Command::Put(at, piece) => report(link.act(|e| Ok(e.put(at, piece)))),
        Command::Lever => report(link.act(|e| e.press_lever())),
        Command::Unplug => {
            link.unplug();
            println!("unplugged");
        }
        Command::Plug => match link.plug() {
            Ok(()) => println!("plugged in at {}", link.path().display()),
            Err(e) => println!("{e}"),
        },
        Command::Reverse => {
            report(link.act(|e| {
                let reversed = !e.reversed();
                Ok(e.set_reversed(reversed))
            }));
            let reversed = link.with(|e| e.reversed());
            println!(
                "board {}",
                if reversed {
                    "turned round"
                } else {
                    "the usual way"
                }
            );
        }
        Command::Start => {
            report(link.act(|e| Ok(e.set_pieces(Placement::from(Chess::default().board())))))
        }
        Command::Show => show(link),
        Command::Help => println!("{HELP}"),
        Command::Quit => {}
    }
}

fn report(result: Result<(), LinkError>) {
    if let Err(e) = result {
        println!("{e}");
    }
}

/// `show`: the pieces, the orientation, the clock, the link.
fn show(link: &Link) {
    let (pieces, reversed, clock) = link.with(|e| (e.pieces(), e.reversed(), e.clock_shows()));
    println!("{}", diagram(&pieces));
    if reversed {
        println!("board turned round (it reports a1 as h8)");
    }
    if let Some(clock) = clock {
        println!("clock: {clock}");
    }
    match link.slave_path() {
        Some(slave) => println!(
            "plugged in: {} -> {}",
            link.path().display(),
            slave.display()
        ),
        None => println!("unplugged"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_table() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let table: &[(&str, Result<Option<Command>, ParseError>)] = &[
            ("move e2 e4", Ok(Some(Command::Move(sq("e2"), sq("e4"))))),
            (
                "  MOVE G1 F3  ",
                Ok(Some(Command::Move(sq("g1"), sq("f3")))),
            ),
            ("lift e7", Ok(Some(Command::Lift(sq("e7"))))),
            (
                "put e8 wQ",
                Ok(Some(Command::Put(sq("e8"), Color::White.queen()))),
            ),
            (
                "put a1 n",
                Ok(Some(Command::Put(sq("a1"), Color::Black.knight()))),
            ),
            (
                "put a1 bk",
                Ok(Some(Command::Put(sq("a1"), Color::Black.king()))),
            ),
            ("lever", Ok(Some(Command::Lever))),
            ("unplug", Ok(Some(Command::Unplug))),
            ("plug # the cable back", Ok(Some(Command::Plug))),
            ("reverse", Ok(Some(Command::Reverse))),
            ("start", Ok(Some(Command::Start))),
            ("show", Ok(Some(Command::Show))),
            ("help", Ok(Some(Command::Help))),
            ("quit", Ok(Some(Command::Quit))),
            ("", Ok(None)),
            ("# a comment", Ok(None)),
            ("move e2", Err(ParseError::Arguments("move".into()))),
            ("lever now", Err(ParseError::Arguments("lever".into()))),
            ("fly e2", Err(ParseError::Unknown("fly".into()))),
            ("lift e9", Err(ParseError::Square("e9".into()))),
            ("put e4 xP", Err(ParseError::Piece("xP".into()))),
            ("put e4 wX", Err(ParseError::Piece("wX".into()))),
            ("put e4 queen", Err(ParseError::Piece("queen".into()))),
        ];
        for (line, want) in table {
            assert_eq!(&parse(line), want, "{line:?}");
        }
    }

    #[test]
    fn diagram_of_the_start_position() {
        let start = Placement::from(Chess::default().board());
        assert_eq!(
            diagram(&start),
            "8 rnbqkbnr\n7 pppppppp\n6 ........\n5 ........\n4 ........\n3 ........\n\
             2 PPPPPPPP\n1 RNBQKBNR\n  abcdefgh"
        );
    }
}
