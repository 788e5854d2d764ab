use super::*;
use crate::eboard::dgt::Decoder as DgtDecoder;
use crate::eboard::millennium::{Command as MillCommand, Decoder as MillDecoder};
use crate::eboard::{ClockTimes, Event};
use proptest::prelude::*;
use shakmaty::uci::UciMove;

/// A decoder of either kind.
enum Decoder {
    Dgt(DgtDecoder),
    Millennium(MillDecoder),
}

impl Decoder {
    fn push(&mut self, bytes: &[u8]) -> Vec<Event> {
        match self {
            Decoder::Dgt(d) => d.push(bytes),
            Decoder::Millennium(d) => d.push(bytes),
        }
    }
}

/// The station's view: the placement its decoder built from the board's events.
struct Station {
    decoder: Decoder,
    seen: Placement,
    events: usize,
}

impl Station {
    /// Connects to the emulator as the station does: update mode on (DGT `0x4b`,
    /// Millennium `W0203`), then the whole board asked for.
    fn connect(emulator: &mut Emulator) -> Station {
        let (decoder, hello) = match emulator.kind() {
            Kind::Dgt => (Decoder::Dgt(DgtDecoder::new()), vec![0x4b, 0x42]),
            Kind::Millennium => {
                let mut hello = MillCommand::Write {
                    address: 2,
                    value: 3,
                }
                .bytes();
                hello.extend(MillCommand::Status.bytes());
                (Decoder::Millennium(MillDecoder::new()), hello)
            }
        };
        let mut station = Station {
            decoder,
            seen: Placement::EMPTY,
            events: 0,
        };
        let answer = emulator.receive(&hello);
        station.read(&answer);
        station
    }

    fn read(&mut self, bytes: &[u8]) {
        for event in self.decoder.push(bytes) {
            self.events += 1;
            match event {
                Event::Placement(p) => self.seen = p,
                Event::SquareChanged { square, piece } => self.seen.set(square, piece),
                Event::Other { .. } | Event::Clock(_) | Event::ClockAck(_) => {}
                Event::Fault(fault) => panic!("fault: {fault}"),
            }
        }
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn start() -> Placement {
    Placement::from(Chess::default().board())
}

#[test]
fn dgt_answers_the_station_commands() {
    let mut e = Emulator::new(Kind::Dgt, false);
    // Reset: nothing; board dump; clock asked without a clock; version; serial number.
    assert_eq!(e.receive(&[0x40]), Vec::<u8>::new());
    assert_eq!(
        DgtDecoder::new().push(&e.receive(&[0x42])),
        vec![Event::Placement(start())]
    );
    let no_clock = DgtDecoder::new().push(&e.receive(&[0x41]));
    assert!(
        matches!(
            no_clock[..],
            [Event::Clock(ClockTimes { no_clock: true, .. })]
        ),
        "{no_clock:?}"
    );
    assert_eq!(
        DgtDecoder::new().push(&e.receive(&[0x4d, 0x45])),
        vec![
            Event::Other { id: 0x93, len: 5 },
            Event::Other { id: 0x91, len: 8 }
        ]
    );
    // Idle: a hand's move sends nothing; update mode: one field update per square.
    assert_eq!(e.move_piece(sq("e2"), sq("e4")).unwrap(), Vec::<u8>::new());
    assert_eq!(e.receive(&[0x4b]), Vec::<u8>::new());
    assert_eq!(
        DgtDecoder::new().push(&e.move_piece(sq("e7"), sq("e5")).unwrap()),
        vec![
            Event::SquareChanged {
                square: sq("e7"),
                piece: None
            },
            Event::SquareChanged {
                square: sq("e5"),
                piece: Some(Color::Black.pawn())
            },
        ]
    );
    // Reset ends update mode.
    e.receive(&[0x40]);
    assert_eq!(e.lift(sq("g1")).unwrap(), Vec::<u8>::new());
    assert_eq!(e.lift(sq("g1")), Err(HandError::EmptySquare(sq("g1"))));
}

#[test]
fn millennium_answers_with_checked_replies() {
    let mut e = Emulator::new(Kind::Millennium, true);
    assert_eq!(e.clock_shows(), None);
    let table: &[(Vec<u8>, Vec<Event>)] = &[
        (MillCommand::Status.bytes(), vec![Event::Placement(start())]),
        (
            MillCommand::Version.bytes(),
            vec![Event::Other { id: b'v', len: 7 }],
        ),
        (
            MillCommand::LedsOff.bytes(),
            vec![Event::Other { id: b'x', len: 3 }],
        ),
        (
            MillCommand::Write {
                address: 2,
                value: 3,
            }
            .bytes(),
            vec![Event::Other { id: b'w', len: 7 }],
        ),
        (
            crate::eboard::millennium::message("R02"),
            vec![Event::Other { id: b'r', len: 7 }],
        ),
        (MillCommand::Reset.bytes(), vec![]),
        // A wrong check: not acted on, no reply.
        (b"S00".to_vec(), vec![]),
        // With the parity bit set, split into two reads below.
        (
            MillCommand::Status
                .bytes()
                .iter()
                .map(|b| b | 0x80)
                .collect(),
            vec![Event::Placement(start())],
        ),
    ];
    for (bytes, want) in table {
        let mut got = e.receive(&bytes[..1]);
        got.extend(e.receive(&bytes[1..]));
        assert_eq!(&MillDecoder::new().push(&got), want, "{bytes:?}");
    }
    assert_eq!(
        e.receive(&crate::eboard::millennium::message("R02")),
        crate::eboard::millennium::message("r0200"),
        "T resets the automatic reports"
    );
    // An L command (slot time, 81 LED codes) is acknowledged with `l`.
    let leds = format!("L32{}", "00".repeat(81));
    assert_eq!(
        e.receive(&crate::eboard::millennium::message(&leds)),
        crate::eboard::millennium::message("l")
    );
    // Reports off: a hand's change sends nothing; on change: one status each.
    e.receive(
        &MillCommand::Write {
            address: 2,
            value: 1,
        }
        .bytes(),
    );
    assert_eq!(e.lift(sq("a2")).unwrap(), Vec::<u8>::new());
    e.receive(
        &MillCommand::Write {
            address: 2,
            value: 3,
        }
        .bytes(),
    );
    let events = MillDecoder::new().push(&e.move_piece(sq("b1"), sq("c3")).unwrap());
    assert_eq!(events.len(), 2);
    assert_eq!(events[1], Event::Placement(e.placement()));
}

#[test]
fn hand_moves_captures_castling_promotion_and_reversal() {
    let mut e = Emulator::new(Kind::Dgt, false);
    let mut station = Station::connect(&mut e);
    assert_eq!(station.seen, start());
    let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let pos: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    station.read(&e.set_pieces(Placement::from(pos.board())));
    assert_eq!(station.seen, e.placement());
    let cases: &[(&str, CastlingOrder, usize, &str)] = &[
        // Rook first: four field updates, the rook's first.
        ("e1g1", CastlingOrder::RookFirst, 4, "h1"),
        ("e1c1", CastlingOrder::KingFirst, 4, "e1"),
        // Promotion capturing: a8 emptied, b7 emptied, a queen on a8.
        ("b7a8q", CastlingOrder::KingFirst, 3, "a8"),
        // En passant: the pawn beside lifted first.
        ("e5d6", CastlingOrder::KingFirst, 3, "d5"),
    ];
    for (uci, order, updates, first) in cases {
        let mut e = e.clone();
        let mut station = Station::connect(&mut e);
        let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let bytes = e.play(&mv, *order).unwrap();
        let events = DgtDecoder::new().push(&bytes);
        assert_eq!(events.len(), *updates, "{uci}");
        assert!(
            matches!(events[0], Event::SquareChanged { square, .. } if square == sq(first)),
            "{uci}: {events:?}"
        );
        station.read(&bytes);
        let mut after = pos.clone();
        after.play_unchecked(mv);
        assert_eq!(station.seen, Placement::from(after.board()), "{uci}");
    }
    // Turned round: the board reports a1 as h8, and the station sees every change.
    let mut e = Emulator::new(Kind::Dgt, false);
    let mut station = Station::connect(&mut e);
    station.read(&e.set_reversed(true));
    assert_eq!(station.seen, e.placement());
    assert_eq!(e.placement().piece_at(sq("h8")), Some(Color::White.rook()));
    station.read(&e.move_piece(sq("e2"), sq("e4")).unwrap());
    assert_eq!(e.placement().piece_at(sq("d5")), Some(Color::White.pawn()));
    assert_eq!(station.seen, e.placement());
}

#[test]
fn the_clock_through_the_board() {
    let mut e = Emulator::new(Kind::Dgt, true);
    // Idle: clock commands are carried out but not acknowledged.
    let set = [0x2b, 0x0a, 0x03, 0x0a, 0, 5, 0, 0, 5, 0, 0x01, 0x00];
    assert_eq!(e.receive(&set), Vec::<u8>::new());
    assert_eq!(
        e.clock_shows().unwrap().to_string(),
        "0:05:00 0:05:00 left runs"
    );
    e.receive(&[0x4b]);
    // In update mode: acknowledged, split over reads.
    let text = b"\x2b\x0c\x03\x0cNf3     \x00\x00";
    let mut answer = e.receive(&text[..5]);
    answer.extend(e.receive(&text[5..]));
    assert_eq!(
        DgtDecoder::new().push(&answer),
        vec![Event::ClockAck([0x10, 0x0c, 0, 0])]
    );
    assert_eq!(e.clock_shows().unwrap().text.as_deref(), Some("Nf3     "));
    e.receive(&[0x2b, 0x03, 0x03, 0x03, 0x00]);
    assert_eq!(e.clock_shows().unwrap().text, None);
    // The lever: BWTIME with the lever bit flipped.
    let lever = DgtDecoder::new().push(&e.press_lever().unwrap());
    let [Event::Clock(times)] = lever[..] else {
        panic!("{lever:?}")
    };
    assert!(times.lever_right_down && times.running);
    assert_eq!((times.left_secs, times.right_secs), (300, 300));
    // Time passes: a BWTIME when a shown second changes.
    assert_eq!(e.advance(Duration::from_millis(500)), Vec::<u8>::new());
    let tick = DgtDecoder::new().push(&e.advance(Duration::from_millis(600)));
    assert!(
        matches!(
            tick[..],
            [Event::Clock(ClockTimes {
                left_secs: 299,
                right_secs: 300,
                ..
            })]
        ),
        "{tick:?}"
    );
    assert_eq!(e.clock_shows().unwrap().left_secs, 299);
    assert_eq!(
        Emulator::new(Kind::Dgt, false).press_lever(),
        Err(HandError::NoClock)
    );
}

/// A random legal game: each choice picks a legal move (modulo their number), each
/// castling in a random order.
fn game() -> impl Strategy<Value = (Vec<(u16, bool)>, bool, bool)> {
    (
        proptest::collection::vec((any::<u16>(), any::<bool>()), 0..120),
        any::<bool>(),
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whole random games played by hand on either board, turned round or not: after every
    /// move the station's decoder sees exactly the emulator's placement, and after every
    /// single lift or put on a DGT board too.
    #[test]
    fn decoders_follow_hands_through_random_games((choices, millennium, reversed) in game()) {
        let kind = if millennium { Kind::Millennium } else { Kind::Dgt };
        let mut e = Emulator::new(kind, false);
        let mut station = Station::connect(&mut e);
        station.read(&e.set_reversed(reversed));
        prop_assert_eq!(station.seen, e.placement());
        let mut pos = Chess::default();
        for (choice, rook_first) in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[usize::from(choice) % moves.len()];
            let order = if rook_first { CastlingOrder::RookFirst } else { CastlingOrder::KingFirst };
            let before = station.events;
            let bytes = e.play(&mv, order).unwrap();
            station.read(&bytes);
            pos.play_unchecked(mv);
            prop_assert_eq!(e.pieces(), Placement::from(pos.board()));
            prop_assert_eq!(station.seen, e.placement());
            // One message per lifted or put piece: 2 to 4.
            prop_assert!((2..=4).contains(&(station.events - before)));
        }
        // The whole board asked for again agrees too.
        let again = match kind {
            Kind::Dgt => e.receive(&[0x42]),
            Kind::Millennium => e.receive(&MillCommand::Status.bytes()),
        };
        station.read(&again);
        prop_assert_eq!(station.seen, e.placement());
    }
}
