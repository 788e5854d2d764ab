//! Golden byte streams → moves (issue 16, point 6): the bytes a DGT board sends during a
//! short game (its board dump, then a field update for every piece lifted or set down,
//! with line noise between messages), read by the device's connection
//! (`ansage::eboard::link::Connection`) into the board player's inputs, played into a
//! session with White's typed moves: the moves made are the game. The bytes are written
//! out here as the board sends them; `UPDATE_EXPECT=1` regenerates the expectation.

use std::time::{Duration, Instant};

use ansage::core::input::{Actor, Input};
use ansage::core::script::{self, input_line};
use ansage::core::time::Timestamp;
use ansage::eboard::link::{ClockWish, Connection};
use ansage::eboard::ports::Protocol;
use expect_test::expect;
use shakmaty::Color;

/// What happens, in order: at SECONDS, White types TEXT, or the board sends HEX.
const GAME: &[(f64, &str, &str)] = &[
    // The board dump of the start position: 0x86, length 67, 64 piece codes a8 first.
    (
        0.0,
        "board",
        "86 00 43 08 09 0a 0c 0b 0a 09 08 07 07 07 07 07 07 07 07 \
         00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 \
         00 00 00 00 00 00 00 00 01 01 01 01 01 01 01 01 02 03 04 06 05 04 03 02",
    ),
    (2.0, "white", "arbiter key start"),
    (3.0, "white", "e2e4"),
    (3.5, "white", "key confirm"),
    // Black executes e2-e4: e2 (index 52) empty, e4 (36) a white pawn; noise between.
    (5.0, "board", "8e 00 05 34 00 00 7f 13"),
    (5.4, "board", "8e 00 05 24 01"),
    // Black plays c7-c5: c7 (10) empty, c5 (26) a black pawn.
    (7.0, "board", "8e 00 05 0a 00"),
    (7.3, "board", "ff 8e 00 05 1a 07"),
    (10.0, "white", "g1f3"),
    (10.5, "white", "key confirm"),
    // g1 (62) empty, f3 (45) a white knight; then d7 (11) empty, d6 (19) a black pawn.
    (12.0, "board", "8e 00 05 3e 00 8e 00 05 2d 03"),
    (14.0, "board", "8e 00 05 0b 00"),
    (14.2, "board", "8e 00 05 13 07"),
    (17.0, "white", "d2d4"),
    (17.5, "white", "key confirm"),
    // d2 (51) empty, d4 (35) a white pawn; then c5xd4: the white pawn taken off d4, the
    // black pawn lifted from c5 (26) and set down on d4.
    (19.0, "board", "8e 00 05 33 00 8e 00 05 23 01"),
    (21.0, "board", "8e 00 05 23 00"),
    (21.3, "board", "8e 00 05 1a 00"),
    (21.5, "board", "8e 00 05 23 07"),
    (25.0, "white", "arbiter wait"),
];

fn bytes(hex: &str) -> Vec<u8> {
    hex.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect()
}

/// The script of the game: the setup, White's lines, and the board's inputs as the
/// connection gives them (each read, then the connection's tick, at the read's instant).
fn script_text() -> String {
    let epoch = Instant::now();
    let (mut connection, _) = Connection::open(Protocol::Dgt, epoch);
    let mut lines = vec!["@0 arbiter setup tc=600 vi=white lang=de reminders=off".to_owned()];
    let black = Actor::Player(Color::Black);
    for &(at, who, what) in GAME {
        let now = epoch + Duration::from_secs_f64(at);
        let stamp = Timestamp::from_millis((at * 1000.0).round() as u64);
        if who == "white" {
            let line = if what.starts_with("arbiter") || what.starts_with("key") {
                what.to_owned()
            } else {
                format!("type {what}")
            };
            let who = if line.starts_with("arbiter") {
                ""
            } else {
                "white "
            };
            lines.push(format!("{} {who}{line}", script::stamp(stamp)));
            continue;
        }
        // Found comes once the clock is known or after a wait: tick before and after.
        let mut events = connection.tick(now, &ClockWish::default()).0;
        events.extend(connection.read(&bytes(what), now));
        events.extend(connection.tick(now, &ClockWish::default()).0);
        for event in events {
            lines.push(input_line(stamp, &Input::board(black, event)));
        }
    }
    lines.join("\n")
}

#[test]
fn a_dgt_byte_stream_is_the_game() {
    let text = script_text();
    let run = script::run(&script::parse(&text).unwrap()).unwrap();
    let made: Vec<String> = run
        .transcript
        .iter()
        .filter(|l| l.contains(" made ") || l.contains("say:black") || l.contains("board"))
        .cloned()
        .collect();
    let board_lines: Vec<&str> = text.lines().filter(|l| l.contains(" board ")).collect();
    expect![[r#"
        @5.000 black board found
        @5.000 black board rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
        @5.000 black board rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR
        @5.400 black board rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
        @7.000 black board rnbqkbnr/pp1ppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
        @7.300 black board rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR
        @12.000 black board rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R
        @14.000 black board rnbqkbnr/pp2pppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R
        @14.200 black board rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R
        @19.000 black board rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R
        @21.000 black board rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPP2PPP/RNBQKB1R
        @21.300 black board rnbqkbnr/pp2pppp/3p4/8/4P3/5N2/PPP2PPP/RNBQKB1R
        @21.500 black board rnbqkbnr/pp2pppp/3p4/8/3pP3/5N2/PPP2PPP/RNBQKB1R"#]]
    .assert_eq(&board_lines.join("\n"));
    expect![[r#"
        @3.500 made 1. e4 clk 0:09:58.500 emt 0:00:01.500
        @3.500 say:black Eva vier.
        @7.550 say:black Cäsar fünf.
        @8.300 made 1... c5 clk 0:09:55.200 emt 0:00:04.800
        @10.500 made 2. Nf3 clk 0:09:56.300 emt 0:00:02.200
        @10.500 say:black Springer Felix drei.
        @14.450 say:black David sechs.
        @15.200 made 2... d6 clk 0:09:50.500 emt 0:00:04.700
        @17.500 made 3. d4 clk 0:09:54.000 emt 0:00:02.300
        @17.500 say:black David vier.
        @21.750 say:black Cäsar schlägt David vier.
        @22.500 made 3... cxd4 clk 0:09:45.500 emt 0:00:05.000"#]]
    .assert_eq(&made.join("\n"));
}
