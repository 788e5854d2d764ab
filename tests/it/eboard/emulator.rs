//! The board emulator on a pseudo-terminal, end to end (features `eboard` and `testing`):
//! the station's side opens the link's path with `serialport` as it opens a real board,
//! asks, reads the answers and the hand's moves through the real decoders; the cable is
//! pulled and plugged back.

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::time::{Duration, Instant};

use ansage::eboard::emulator::pty::Link;
use ansage::eboard::emulator::{Emulator, Kind};
use ansage::eboard::{Event, Placement, dgt, millennium};
use serialport::TTYPort;
use shakmaty::{Chess, Color, Position, Square};

use crate::support::eboard;

/// Opens the link's path as the station opens a board.
fn open(path: &Path, baud: u32) -> TTYPort {
    serialport::new(path.to_string_lossy(), baud)
        .timeout(Duration::from_millis(100))
        .open_native()
        .expect("the link opens")
}

/// Reads until `want` events came (5 s at most).
fn events(
    port: &mut TTYPort,
    push: &mut dyn FnMut(&[u8]) -> Vec<Event>,
    want: usize,
) -> Vec<Event> {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut out = Vec::new();
    let mut buf = [0u8; 256];
    while out.len() < want && Instant::now() < deadline {
        match port.read(&mut buf) {
            Ok(n) => out.extend(push(&buf[..n])),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("reading the board: {e}"),
        }
    }
    assert_eq!(out.len(), want, "{out:?}");
    out
}

/// Reads until the read fails otherwise than by a timeout (2 s at most): the cable pulled.
fn read_fails(port: &mut TTYPort) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut buf = [0u8; 64];
    while Instant::now() < deadline {
        match port.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => return true,
        }
    }
    false
}

fn start() -> Placement {
    Placement::from(Chess::default().board())
}

#[test]
fn a_dgt_board_with_clock_on_the_pty_unplugged_and_plugged_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board");
    let mut link = Link::open(Emulator::new(Kind::Dgt, true), &path).unwrap();
    assert!(std::fs::read_link(&path).unwrap().starts_with("/dev/pts"));
    let mut port = open(&path, 9600);
    let mut decoder = dgt::Decoder::new();
    let mut push = |b: &[u8]| decoder.push(b);

    port.write_all(&[0x4b, 0x42]).unwrap();
    assert_eq!(
        events(&mut port, &mut push, 1),
        vec![Event::Placement(start())]
    );

    let e2: Square = "e2".parse().unwrap();
    let e4: Square = "e4".parse().unwrap();
    link.act(|e| e.move_piece(e2, e4)).unwrap();
    assert_eq!(
        events(&mut port, &mut push, 2),
        vec![
            Event::SquareChanged {
                square: e2,
                piece: None
            },
            Event::SquareChanged {
                square: e4,
                piece: Some(Color::White.pawn())
            },
        ]
    );

    // The clock: SETNRUN and a text, acknowledged; the lever.
    port.write_all(&[0x2b, 0x0a, 0x03, 0x0a, 0, 5, 0, 0, 4, 30, 0x02, 0x00])
        .unwrap();
    assert_eq!(
        events(&mut port, &mut push, 1),
        vec![Event::ClockAck([0x10, 0x0a, 0, 0])]
    );
    port.write_all(b"\x2b\x0c\x03\x0ce2-e4   \x00\x00").unwrap();
    assert_eq!(
        events(&mut port, &mut push, 1),
        vec![Event::ClockAck([0x10, 0x0c, 0, 0])]
    );
    let shows = link.with(|e| e.clock_shows()).unwrap();
    assert_eq!(shows.text.as_deref(), Some("e2-e4   "));
    assert_eq!((shows.left_secs, shows.right_secs), (300, 270));
    link.act(|e| e.press_lever()).unwrap();
    let lever = events(&mut port, &mut push, 1);
    assert!(
        matches!(lever[..], [Event::Clock(t)] if t.lever_right_down),
        "{lever:?}"
    );

    // The cable pulled: the open port's reads fail; moves go on without it.
    link.unplug();
    assert!(
        read_fails(&mut port),
        "the read did not fail after unplugging"
    );
    let e7: Square = "e7".parse().unwrap();
    let e5: Square = "e5".parse().unwrap();
    link.act(|e| e.move_piece(e7, e5)).unwrap();
    drop(port);

    // Plugged back: the same path opens; the board is idle and tells the whole board.
    link.plug().unwrap();
    let mut port = open(&path, 9600);
    let mut decoder = dgt::Decoder::new();
    let mut push = |b: &[u8]| decoder.push(b);
    port.write_all(&[0x42]).unwrap();
    let now = link.with(|e| e.placement());
    assert_eq!(now.piece_at(e5), Some(Color::Black.pawn()));
    assert_eq!(events(&mut port, &mut push, 1), vec![Event::Placement(now)]);
}

#[test]
fn a_millennium_board_on_the_pty_reports_each_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("millennium");
    let mut link = Link::open(Emulator::new(Kind::Millennium, false), &path).unwrap();
    let mut port = open(&path, 38400);
    let mut decoder = millennium::Decoder::new();
    let mut push = |b: &[u8]| decoder.push(b);
    let mut hello = millennium::Command::Write {
        address: 2,
        value: 3,
    }
    .bytes();
    hello.extend(millennium::Command::Status.bytes());
    port.write_all(&hello).unwrap();
    assert_eq!(
        events(&mut port, &mut push, 2),
        vec![Event::Other { id: b'w', len: 7 }, Event::Placement(start())]
    );
    let mut pos = Chess::default();
    let mv = pos.legal_moves()[0];
    link.act(|e| e.play(&mv, ansage::eboard::emulator::CastlingOrder::KingFirst))
        .unwrap();
    pos.play_unchecked(mv);
    let seen = events(&mut port, &mut push, 2);
    assert_eq!(seen[1], Event::Placement(Placement::from(pos.board())));
    link.unplug();
    assert!(read_fails(&mut port));
}

/// The end-to-end tests' board (`support/eboard.rs`): a game played by hand, rook-first
/// castling, a misplaced piece; the clock set by the station's bytes is read back.
#[test]
fn the_test_board_plays_a_game_the_station_reads() {
    let mut board = eboard::TestBoard::new(Kind::Dgt, true);
    let path = board
        .port_setting()
        .trim_start_matches("eboard.port=")
        .to_owned();
    let mut port = open(Path::new(&path), 9600);
    let mut decoder = dgt::Decoder::new();
    let mut seen = Placement::EMPTY;
    let mut read = |port: &mut TTYPort, want: usize| {
        for event in events(port, &mut |b| decoder.push(b), want) {
            match event {
                Event::Placement(p) => seen = p,
                Event::SquareChanged { square, piece } => seen.set(square, piece),
                other => panic!("{other:?}"),
            }
        }
        seen
    };
    port.write_all(&[0x4b, 0x42]).unwrap();
    assert_eq!(read(&mut port, 1), start());
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        board.play(uci);
        assert_eq!(
            read(&mut port, 2),
            Placement::from(board.game().board()),
            "{uci}"
        );
    }
    board.play_rook_first("e1g1");
    assert_eq!(read(&mut port, 4), Placement::from(board.game().board()));
    board.misplace("f6", "g4");
    let misplaced = read(&mut port, 2);
    assert_ne!(misplaced, Placement::from(board.game().board()));
    assert_eq!(misplaced, board.link().with(|e| e.placement()));

    port.write_all(b"\x2b\x0c\x03\x0cO-O     \x00\x00").unwrap();
    let shows = board.wait_for_clock(Duration::from_secs(5), |c| c.text.is_some());
    assert_eq!(shows.text.as_deref(), Some("O-O     "));
}
