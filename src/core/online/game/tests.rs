use shakmaty::uci::UciMove;

use super::{Clock, GameLine, GameState, Status};
use crate::core::online::Side;

fn uci(moves: &str) -> Vec<UciMove> {
    moves
        .split_whitespace()
        .map(|m| UciMove::from_ascii(m.as_bytes()).unwrap())
        .collect()
}

fn read(line: &str) -> GameLine {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn state(line: &str) -> GameState {
    match read(line) {
        GameLine::GameState(s) => s,
        other => panic!("{line}: {other:?}"),
    }
}

/// The specification's example of `gameFull` (lichess-org/api), on one line.
const GAME_FULL: &str = r#"{"id":"xcoxhDvh","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"blitz","perf":{"name":"Blitz"},"rated":false,"createdAt":1789845859939,"white":{"id":"kenneth","name":"Kenneth","title":null,"rating":804},"black":{"id":"salma","name":"Salma","title":null,"rating":714},"initialFen":"startpos","clock":{"initial":300000,"increment":0},"type":"gameFull","state":{"type":"gameState","moves":"","wtime":300000,"btime":300000,"winc":0,"binc":0,"status":"started"}}"#;

#[test]
fn game_full_reads_every_field_the_station_uses() {
    let GameLine::GameFull(full) = read(GAME_FULL) else {
        panic!("not gameFull");
    };
    assert_eq!(full.id, "xcoxhDvh");
    assert!(full.variant.playable());
    assert_eq!(
        full.clock,
        Some(Clock {
            initial: 300_000,
            increment: 0
        })
    );
    assert_eq!(full.speed.as_deref(), Some("blitz"));
    assert_eq!(full.white.name.as_deref(), Some("Kenneth"));
    assert_eq!(full.black.rating, Some(714));
    assert_eq!(full.black.title, None);
    assert_eq!(full.initial_fen, "startpos");
    assert_eq!(full.side_of("SALMA"), Some(Side::Black));
    assert_eq!(full.side_of("someone"), None);
    assert_eq!(full.state.moves, vec![]);
    assert_eq!(full.state.status, Status::Started);
    assert_eq!(full.state.to_move(Side::White), Side::White);
}

#[test]
fn game_full_of_a_correspondence_game_against_the_computer() {
    let line = r#"{"type":"gameFull","id":"a1","variant":{"key":"chess960"},"clock":null,"daysPerTurn":3,"white":{"aiLevel":2},"black":{"id":"me","name":"Me","rating":1500,"provisional":true},"initialFen":"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1","state":{"type":"gameState","moves":"e2e4","wtime":2147483647,"btime":2147483647,"winc":0,"binc":0,"status":"started"}}"#;
    let GameLine::GameFull(full) = read(line) else {
        panic!("not gameFull");
    };
    assert_eq!(full.clock, None);
    assert_eq!(full.days_per_turn, Some(3));
    assert_eq!(full.white.ai_level, Some(2));
    assert!(full.black.provisional);
    assert!(full.variant.playable());
    assert_eq!(full.state.wtime, 2_147_483_647);
}

/// Real `gameState` lines (the specification, and as a board client recorded them:
/// research note §1.3), with what the station reads from each.
#[test]
fn game_states() {
    /// A line, its moves, both times, the status, the winner, and the offers (white's and
    /// black's draw, white's and black's takeback).
    type Case = (
        &'static str,
        &'static str,
        u64,
        u64,
        Status,
        Option<Side>,
        [bool; 4],
    );
    let cases: &[Case] = &[
        (
            r#"{"type":"gameState","moves":"e2e4","wtime":300000,"btime":300000,"winc":0,"binc":0,"status":"started"}"#,
            "e2e4",
            300_000,
            300_000,
            Status::Started,
            None,
            [false; 4],
        ),
        (
            r#"{"type":"gameState","moves":"e2e4 c7c6","wtime":880580,"btime":900000,"winc":0,"binc":0,"status":"started","bdraw":true}"#,
            "e2e4 c7c6",
            880_580,
            900_000,
            Status::Started,
            None,
            [false, true, false, false],
        ),
        (
            r#"{"type":"gameState","moves":"e2e4 e7e5 d2d4","wtime":0,"btime":41230,"winc":2000,"binc":2000,"status":"outoftime","winner":"black"}"#,
            "e2e4 e7e5 d2d4",
            0,
            41_230,
            Status::Outoftime,
            Some(Side::Black),
            [false; 4],
        ),
        (
            r#"{"type":"gameState","moves":"e2e4 e7e5 e1g1","wtime":1,"btime":2,"winc":0,"binc":0,"status":"draw"}"#,
            "e2e4 e7e5 e1g1",
            1,
            2,
            Status::Draw,
            None,
            [false; 4],
        ),
        (
            r#"{"type":"gameState","moves":"a7a8q  d7d8n","wtime":1,"btime":2,"winc":0,"binc":0,"status":"mate","winner":"white","wtakeback":true,"rematch":"x"}"#,
            "a7a8q d7d8n",
            1,
            2,
            Status::Mate,
            Some(Side::White),
            [false, false, true, false],
        ),
        (
            r#"{"type":"gameState","moves":"","wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"noStart","expiration":{"idleMillis":30000,"millisToMove":30000}}"#,
            "",
            600_000,
            600_000,
            Status::NoStart,
            None,
            [false; 4],
        ),
        (
            r#"{"type":"gameState","moves":"","wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"someNewEnding"}"#,
            "",
            600_000,
            600_000,
            Status::Unknown,
            None,
            [false; 4],
        ),
    ];
    for (line, moves, wtime, btime, status, winner, [wdraw, bdraw, wtb, btb]) in cases {
        let s = state(line);
        assert_eq!(s.moves, uci(moves), "{line}");
        assert_eq!(
            (s.wtime, s.btime, s.status, s.winner),
            (*wtime, *btime, *status, *winner),
            "{line}"
        );
        assert_eq!(
            (s.offers_draw(Side::White), s.offers_draw(Side::Black)),
            (*wdraw, *bdraw),
            "{line}"
        );
        assert_eq!(
            (s.asks_takeback(Side::White), s.asks_takeback(Side::Black)),
            (*wtb, *btb),
            "{line}"
        );
        assert_eq!(s.status.ongoing(), *status == Status::Started, "{line}");
    }
}

#[test]
fn chat_opponent_gone_and_unknown_lines() {
    assert_eq!(
        read(r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":52}"#),
        GameLine::OpponentGone(super::OpponentGone {
            gone: true,
            claim_win_in_seconds: Some(52)
        })
    );
    assert_eq!(
        read(r#"{"type":"opponentGone","gone":false}"#),
        GameLine::OpponentGone(super::OpponentGone {
            gone: false,
            claim_win_in_seconds: None
        })
    );
    let GameLine::ChatLine(chat) = read(
        r#"{"type":"chatLine","room":"player","username":"thibault","text":"Good luck, have fun"}"#,
    ) else {
        panic!("not a chat line");
    };
    assert_eq!(
        (chat.room.as_str(), chat.text.as_str()),
        ("player", "Good luck, have fun")
    );
    assert_eq!(read(r#"{"type":"somethingNew","x":1}"#), GameLine::Unknown);
}

#[test]
fn broken_lines_are_errors_not_panics() {
    for line in [
        "",
        "{",
        "null",
        r#"{"moves":"e2e4"}"#,
        r#"{"type":"gameState","moves":"e2e9","wtime":1,"btime":1,"status":"started"}"#,
        r#"{"type":"gameState","moves":"e2e4","wtime":"1","btime":1,"status":"started"}"#,
        r#"{"type":"gameState","moves":"e2e4","btime":1,"status":"started"}"#,
        r#"{"type":"gameFull","id":"x"}"#,
        r#"{"type":"opponentGone"}"#,
    ] {
        assert!(serde_json::from_str::<GameLine>(line).is_err(), "{line}");
    }
}

#[test]
fn lines_read_back_as_written() {
    for line in [
        GAME_FULL,
        r#"{"type":"gameState","moves":"a7a8q e1g1","wtime":1,"btime":2,"winc":3,"binc":4,"status":"mate","winner":"white","wdraw":true,"btakeback":true,"expiration":{"idleMillis":1,"millisToMove":2}}"#,
        r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":52}"#,
        r#"{"type":"whatever"}"#,
    ] {
        let once = read(line);
        let again = read(&serde_json::to_string(&once).unwrap());
        assert_eq!(once, again, "{line}");
    }
}
