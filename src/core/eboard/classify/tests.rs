//! Table-driven tests of [`super::classify`] (and of reading moves through
//! [`super::super::stability`] and [`super::super::orientation`]).

use super::*;
use crate::core::eboard::orientation::Orientation;
use crate::core::eboard::stability::Stability;
use crate::core::time::Timestamp;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Piece, Role, Square};

/// The positions of the game from `fen` (or the start) through the UCI moves `moves`.
fn game(fen: Option<&str>, moves: &[&str]) -> Vec<Chess> {
    let mut pos: Chess = match fen {
        None => Chess::default(),
        Some(f) => f
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap(),
    };
    let mut positions = vec![pos.clone()];
    for uci in moves {
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        positions.push(pos.clone());
    }
    positions
}

/// The placement after playing `uci` from the last of `positions`.
fn after(positions: &[Chess], uci: &str) -> Placement {
    game_from(positions.last().unwrap(), uci).board().clone()
}

fn game_from(pos: &Chess, uci: &str) -> Chess {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

/// `board` with the piece on `from` moved to `to` (a hand on the board, legal or not).
fn shifted(board: &Placement, from: Square, to: Square) -> Placement {
    let mut b = board.clone();
    if let Some(piece) = b.remove_piece_at(from) {
        b.set_piece_at(to, piece);
    }
    b
}

/// The classification in UCI words, to keep the tables short.
fn uci(c: &Classification) -> String {
    match c {
        Classification::Successor(m) => m.to_uci(CastlingMode::Standard).to_string(),
        other => format!("{other:?}"),
    }
}

const EP: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const CASTLE: &str = "r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 8";
const PROMOTE: &str = "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn legal_successors_need_no_special_cases() {
    let cases: [(&str, Option<&str>, &[&str], &str); 9] = [
        ("quiet move", None, &[], "e2e4"),
        ("capture", None, &["e2e4", "d7d5"], "e4d5"),
        ("en passant", Some(EP), &[], "e5f6"),
        ("castling short", Some(CASTLE), &[], "e1g1"),
        ("castling long", Some(CASTLE), &[], "e1c1"),
        ("black castling", Some(CASTLE), &["a2a3"], "e8g8"),
        ("promotion to a queen", Some(PROMOTE), &[], "c7c8q"),
        ("promotion to a knight", Some(PROMOTE), &[], "c7c8n"),
        ("capturing under-promotion", Some(PROMOTE), &[], "c7b8r"),
    ];
    for (name, fen, moves, played) in cases {
        let positions = game(fen, moves);
        let g = Game {
            positions: &positions,
            awaiting_execution: false,
        };
        let placement = after(&positions, played);
        assert_eq!(uci(&classify(g, &placement)), played, "{name}");
    }
}

#[test]
fn placements_against_the_game() {
    let opening = game(None, &["e2e4", "e7e5", "g1f3"]);
    let start = opening[0].board().clone();
    let current = opening[3].board().clone();
    let knight = Some(Piece {
        color: Color::White,
        role: Role::Knight,
    });
    let diff = |square, expected, found| Difference {
        square,
        expected,
        found,
    };
    let cases: Vec<(&str, bool, Placement, Classification)> = vec![
        (
            "the current position",
            false,
            current.clone(),
            Classification::Current,
        ),
        (
            "two plies back",
            false,
            opening[1].board().clone(),
            Classification::Earlier { plies_back: 2 },
        ),
        (
            "three plies back",
            false,
            start.clone(),
            Classification::Earlier { plies_back: 3 },
        ),
        (
            "one ply back, nothing awaited",
            false,
            opening[2].board().clone(),
            Classification::Earlier { plies_back: 1 },
        ),
        ("executed", true, current.clone(), Classification::Executed),
        (
            "not yet executed",
            true,
            opening[2].board().clone(),
            Classification::NotYetExecuted,
        ),
        (
            "a take-back while awaiting",
            true,
            start.clone(),
            Classification::Earlier { plies_back: 3 },
        ),
        (
            "executed wrongly: the knight on h3 instead of f3",
            true,
            shifted(&current, Square::F3, Square::H3),
            Classification::Misexecuted(vec![
                diff(Square::F3, knight, None),
                diff(Square::H3, None, knight),
            ]),
        ),
        (
            "the knight back on g1 instead of f3 with the reply begun",
            true,
            shifted(
                &shifted(&current, Square::F3, Square::G1),
                Square::B8,
                Square::B7,
            ),
            Classification::Misexecuted(vec![
                diff(Square::G1, None, knight),
                diff(Square::F3, knight, None),
                diff(
                    Square::B7,
                    Some(Color::Black.pawn()),
                    Some(Color::Black.knight()),
                ),
                diff(Square::B8, Some(Color::Black.knight()), None),
            ]),
        ),
        (
            "no legal successor: a piece lifted",
            false,
            {
                let mut b = current.clone();
                b.discard_piece_at(Square::D1);
                b
            },
            Classification::Unknown(vec![diff(Square::D1, Some(Color::White.queen()), None)]),
        ),
    ];
    for (name, awaiting, placement, want) in cases {
        let g = Game {
            positions: &opening,
            awaiting_execution: awaiting,
        };
        assert_eq!(classify(g, &placement), want, "{name}");
    }
    let g = Game {
        positions: &opening,
        awaiting_execution: true,
    };
    assert_eq!(
        uci(&classify(g, &after(&opening, "b8c6"))),
        "b8c6",
        "the reply after executing"
    );
    assert_eq!(
        classify(
            Game {
                positions: &[],
                awaiting_execution: false
            },
            &start
        ),
        Classification::Unknown(vec![])
    );
}

/// Feeds `steps` (milliseconds after the previous one, placement) to a debouncer; returns
/// every reported placement classified.
fn read(positions: &[Chess], steps: &[(u64, Placement)]) -> Vec<String> {
    let g = Game {
        positions,
        awaiting_execution: false,
    };
    let mut stability = Stability::default();
    let mut now = Timestamp::ZERO;
    let mut seen = Vec::new();
    for (gap, placement) in steps {
        now = now + std::time::Duration::from_millis(*gap);
        if let Some(p) = stability.poll_due(now) {
            seen.push(uci(&classify(g, &p)));
        }
        if let Some(p) = stability.observe(placement.clone(), now) {
            seen.push(uci(&classify(g, &p)));
        }
    }
    if let Some(deadline) = stability.next_deadline()
        && let Some(p) = stability.poll_due(deadline)
    {
        seen.push(uci(&classify(g, &p)));
    }
    seen
}

#[test]
fn rook_first_castling_is_not_a_move_before_it_is_stable() {
    let positions = game(Some(CASTLE), &[]);
    let b0 = positions[0].board().clone();
    let mut rook_up = b0.clone();
    rook_up.discard_piece_at(Square::H1);
    let rook_down = shifted(&b0, Square::H1, Square::F1);
    let mut king_up = rook_down.clone();
    king_up.discard_piece_at(Square::E1);
    let castled = shifted(&rook_down, Square::E1, Square::G1);
    let steps = [
        (0, rook_up),
        (120, rook_down.clone()),
        (200, king_up),
        (150, castled.clone()),
    ];
    assert_eq!(read(&positions, &steps), ["e1g1"]);
    // Were they left standing: the rook lifted is no move at all; the rook on f1 with the
    // king still on e1 is a legal rook move (Rf1), which is why only a stable placement is
    // read, and why until the clock makes the move a later legal placement replaces it.
    let g = Game {
        positions: &positions,
        awaiting_execution: false,
    };
    let mut lifted = b0.clone();
    lifted.discard_piece_at(Square::H1);
    assert_eq!(
        classify(g, &lifted),
        Classification::Unknown(vec![Difference {
            square: Square::H1,
            expected: Some(Color::White.rook()),
            found: None
        }])
    );
    assert_eq!(uci(&classify(g, &rook_down)), "h1f1");
    let slow = [(0, rook_down), (400, castled)];
    assert_eq!(
        read(&positions, &slow),
        ["h1f1", "e1g1"],
        "a pause after the rook: Rf1 read, then the castling replaces it (the game has not moved)"
    );
}

#[test]
fn a_changed_mind_before_stability_reads_the_last_move() {
    let positions = game(None, &[]);
    let b0 = positions[0].board().clone();
    let mut up = b0.clone();
    up.discard_piece_at(Square::E2);
    let steps = [
        (0, up.clone()),
        (100, shifted(&b0, Square::E2, Square::E3)),
        (100, up),
        (100, shifted(&b0, Square::E2, Square::E4)),
    ];
    assert_eq!(read(&positions, &steps), ["e2e4"]);
    let slow = [
        (0, shifted(&b0, Square::E2, Square::E3)),
        (300, shifted(&b0, Square::E2, Square::E4)),
    ];
    assert_eq!(
        read(&positions, &slow),
        ["e2e3", "e2e4"],
        "a stable first move is read first"
    );
}

#[test]
fn a_reversed_board_is_read_the_right_way_round() {
    let positions = game(None, &["e2e4"]);
    let mut raw_start = positions[0].board().clone();
    raw_start.rotate_180();
    let orientation = Orientation::detect(&raw_start, positions[0].board()).unwrap();
    assert_eq!(orientation, Orientation::Reversed);
    // Black answers c7c5; the reversed board reports it turned round.
    let mut raw = after(&positions, "c7c5");
    raw.rotate_180();
    let g = Game {
        positions: &positions,
        awaiting_execution: false,
    };
    assert_eq!(uci(&classify(g, &orientation.apply(&raw))), "c7c5");
    assert!(matches!(
        classify(g, &Orientation::Normal.apply(&raw)),
        Classification::Unknown(_)
    ));
}

#[test]
fn on_the_way_table() {
    let b = |fen: &str| -> Placement { fen.parse().unwrap() };
    // 1. Nf3xe5 style: a knight on f3 takes a pawn on e5.
    let before = b("8/8/8/4p3/8/5N2/8/8");
    let after = b("8/8/8/4N3/8/8/8/8");
    let cases = [
        (
            "8/8/8/8/8/5N2/8/8",
            true,
            "the captured pawn off, the knight still on f3",
        ),
        ("8/8/8/8/8/8/8/8", true, "both in the hand"),
        ("8/8/8/4N3/8/8/8/8", true, "done"),
        ("8/8/8/4p3/8/8/8/8", true, "the knight lifted"),
        ("8/8/8/4p3/8/7N/8/8", false, "the knight on h3"),
        ("8/8/8/4B3/8/8/8/8", false, "a bishop on e5"),
    ];
    for (found, want, what) in cases {
        assert_eq!(on_the_way(&before, &after, &b(found)), want, "{what}");
    }
}
