//! Golden byte streams from electronic boards → events (`src/eboard/`): recorded-style
//! sequences of a DGT board and a Millennium ChessLink board, with noise between messages,
//! bad checks and cut-off messages. Every stream is also read split at every byte
//! boundary and byte by byte: the events must not depend on how the reads fell.
//! `UPDATE_EXPECT=1 cargo test --test it eboard::streams::` regenerates the expectations.

use ansage::eboard::{Event, Placement, dgt, millennium};
use expect_test::{Expect, expect};
use shakmaty::{Chess, Position, uci::UciMove};

/// The placement after the moves (UCI) from the start position.
fn after(moves: &[&str]) -> Placement {
    let mut pos = Chess::default();
    for m in moves {
        let m: UciMove = m.parse().unwrap();
        let m = m.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    Placement::from(pos.board())
}

fn render(events: &[Event]) -> String {
    events.iter().map(|e| format!("{e}\n")).collect()
}

/// Reads the stream whole, then checks every split and byte-by-byte reading gives the same
/// events, and returns them rendered.
fn decode<D>(stream: &[u8], new: fn() -> D, push: fn(&mut D, &[u8]) -> Vec<Event>) -> String {
    let whole = push(&mut new(), stream);
    for cut in 0..=stream.len() {
        let mut d = new();
        let mut events = push(&mut d, &stream[..cut]);
        events.extend(push(&mut d, &stream[cut..]));
        assert_eq!(events, whole, "split at {cut}");
    }
    let mut d = new();
    let bytewise: Vec<Event> = stream.iter().flat_map(|b| push(&mut d, &[*b])).collect();
    assert_eq!(bytewise, whole, "byte by byte");
    render(&whole)
}

fn check_dgt(stream: &[u8], want: Expect) {
    want.assert_eq(&decode(stream, dgt::Decoder::new, dgt::Decoder::push));
}

fn check_millennium(stream: &[u8], want: Expect) {
    want.assert_eq(&decode(
        stream,
        millennium::Decoder::new,
        millennium::Decoder::push,
    ));
}

/// A field update: square index (a8 = 0) and piece code.
fn field(index: u8, code: u8) -> Vec<u8> {
    dgt::frame(dgt::MSG_FIELD_UPDATE, &[index, code])
}

#[test]
fn dgt_a_game_opening_in_update_mode() {
    // Board dump, then 1. e4 (e2 lifted, e4 set down) and the clock, then 1... e5, 2. Nf3.
    let mut s = dgt::board_dump(&after(&[]));
    s.extend(field(52, 0)); // e2 empty
    s.extend(field(36, 1)); // e4 white pawn
    s.extend(dgt::frame(
        dgt::MSG_BWTIME,
        &[0x01, 0x29, 0x58, 0x01, 0x30, 0x00, 0x01],
    ));
    s.extend(field(12, 0)); // e7 empty
    s.extend(field(28, 7)); // e5 black pawn
    s.extend(field(62, 0)); // g1 empty
    s.extend(field(45, 3)); // f3 white knight
    s.extend(dgt::frame(0x93, &[1, 7])); // version
    s.extend(dgt::board_dump(&after(&["e2e4", "e7e5", "g1f3"])));
    check_dgt(
        &s,
        expect![[r#"
            placement rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
            square e2 -
            square e4 P
            clock left 5400 right 5398 running
            square e7 -
            square e5 p
            square g1 -
            square f3 N
            other 0x93 len 5
            placement rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R
        "#]],
    );
}

#[test]
fn dgt_garbage_truncation_and_bad_messages() {
    let mut s = b"\x00\x13garbage".to_vec(); // noise before anything
    s.extend(field(52, 0));
    s.extend([0x01, 0x02, 0x7f]); // noise between messages
    s.extend(&dgt::board_dump(&after(&[]))[..40]); // cut off by the next message
    s.extend(field(36, 1));
    s.extend([0x8e, 0x00, 0x01]); // a length below the header's
    s.extend(field(36, 0x0d)); // a magic piece: no chess piece
    s.extend(field(70, 1)); // no square
    s.extend(dgt::frame(dgt::MSG_BWTIME, &[0, 0x61, 0, 0, 0, 0, 0x20])); // 61 minutes
    s.extend(dgt::frame(
        dgt::MSG_BWTIME,
        &[0x0a, 0x10, 0x08, 0x0a, 0x01, 0x02, 0],
    ));
    s.extend([0x86, 0x00]); // cut off by the end of the stream: nothing yet
    check_dgt(
        &s,
        expect![[r#"
            fault: 9 bytes outside any message skipped
            square e2 -
            fault: 3 bytes outside any message skipped
            fault: message 0x86 cut off after 40 of 67 bytes
            square e4 P
            fault: message 0x8e of 1 bytes has the wrong length
            fault: message 0x8e: invalid byte 0x0d
            fault: message 0x8e: invalid byte 0x46
            fault: message 0x8d: invalid byte 0x61
            clock-ack [10, 08, 01, 02]
        "#]],
    );
}

#[test]
fn millennium_status_reports_of_a_game() {
    // With automatic reports the board sends a status on every change: the pawn lifted,
    // then set down; the version reply and an LED acknowledgement between them.
    let lifted = {
        let mut p = after(&[]);
        p.set(shakmaty::Square::E2, None);
        p
    };
    let mut s = millennium::status(&after(&[]));
    s.extend(b"v010374");
    s.extend(millennium::status(&lifted));
    s.extend(millennium::message("l"));
    s.extend(millennium::status(&after(&["e2e4"])));
    check_millennium(
        &s,
        expect![[r#"
            placement rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
            other 0x76 len 7
            placement rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR
            other 0x6c len 3
            placement rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
        "#]],
    );
}

#[test]
fn millennium_garbage_bad_checks_and_truncation() {
    let start = millennium::status(&after(&[]));
    let mut s = b"\r\nGARBAGE 123".to_vec();
    s.extend(&start);
    let mut corrupt = start.clone();
    corrupt[20] = b'Q'; // a flipped square: the check no longer matches
    s.extend(&corrupt);
    s.extend(b"??");
    s.extend(&start[..30]); // cut off: the next status starts inside it
    s.extend(millennium::status(&after(&["e2e4", "c7c5"])));
    let mut bad_hex = millennium::message("x");
    bad_hex[1] = b'G';
    s.extend(bad_hex);
    s.extend(b"x78");
    check_millennium(
        &s,
        expect![[r#"
            fault: 13 bytes outside any message skipped
            placement rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
            fault: message 0x73: check 0x73 instead of 0x0c
            fault: 1 bytes outside any message skipped
            fault: message 0x72: check 0xff instead of 0x64
            fault: 7 bytes outside any message skipped
            fault: message 0x72: check 0xff instead of 0x72
            fault: 61 bytes outside any message skipped
            fault: message 0x73: check 0xff instead of 0x2e
            fault: 1 bytes outside any message skipped
            fault: message 0x72: check 0xff instead of 0x64
            fault: 7 bytes outside any message skipped
            fault: message 0x72: check 0xff instead of 0x72
            fault: 22 bytes outside any message skipped
            placement rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR
            fault: message 0x78: check 0xff instead of 0x78
            fault: 3 bytes outside any message skipped
            other 0x78 len 3
        "#]],
    );
}
