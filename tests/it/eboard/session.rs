//! The session with an electronic board, over random legal games: White (the blind player)
//! types each move and confirms it, Black (the sighted player) executes it on his board and
//! plays his own moves only there, each time lifting a piece first (a captured piece before
//! that) and then showing the position after the move, the board set up either way round. The game recorded is the
//! game played, and the station never says the boards differ.

use ansage::core::script::{self, Script};
use proptest::prelude::*;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Position};

/// A random legal game from the start, at most `choices.len()` plies, stopping at its end.
fn game(choices: &[u16]) -> Vec<shakmaty::Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
        if pos.is_insufficient_material() || pos.halfmoves() >= 100 {
            break;
        }
    }
    moves
}

fn shown(board: &Board, reversed: bool) -> String {
    let mut b = board.clone();
    if reversed {
        b.rotate_180();
    }
    b.board_fen().to_string()
}

/// The script of such a game: a step every 2 s, the lifted piece shown 0.5 s before the
/// position after the move.
fn script_of(moves: &[shakmaty::Move], reversed: bool, lever: bool) -> String {
    let setup = if lever { "found clock" } else { "found" };
    let mut lines = vec![
        "@0 arbiter setup tc=3600 vi=white lang=de reminders=off announce_moves=off".to_owned(),
        format!("@0 black board {setup}"),
        format!(
            "@0.1 black board {}",
            shown(Chess::default().board(), reversed)
        ),
        "@1 arbiter key start".to_owned(),
    ];
    let mut pos = Chess::default();
    let mut t = 2.0_f64;
    for m in moves {
        // A capture: the captured piece comes off first (a placement on the way).
        let mut taken = pos.board().clone();
        if m.is_capture() {
            let square = match m {
                shakmaty::Move::EnPassant { from, to } => {
                    shakmaty::Square::from_coords(to.file(), from.rank())
                }
                _ => m.to(),
            };
            taken.discard_piece_at(square);
        }
        let mut lifted = taken.clone();
        if let Some(from) = m.from() {
            lifted.discard_piece_at(from);
        }
        let mut after = pos.clone();
        after.play_unchecked(*m);
        if pos.turn().is_white() {
            let uci = UciMove::from_move(*m, CastlingMode::Standard);
            lines.push(format!("@{t:.1} white type {uci}"));
            lines.push(format!("@{:.1} white key confirm", t + 0.5));
        }
        if m.is_capture() {
            lines.push(format!(
                "@{:.1} black board {}",
                t + 0.8,
                shown(&taken, reversed)
            ));
        }
        lines.push(format!(
            "@{:.1} black board {}",
            t + 1.0,
            shown(&lifted, reversed)
        ));
        lines.push(format!(
            "@{:.1} black board {}",
            t + 1.5,
            shown(after.board(), reversed)
        ));
        if lever && pos.turn().is_black() {
            lines.push(format!("@{:.1} black board lever", t + 1.9));
        }
        pos = after;
        t += if pos.turn().is_white() { 3.0 } else { 2.0 };
    }
    lines.push(format!("@{:.1} arbiter wait", t + 5.0));
    lines.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_game_played_on_the_board_is_the_game_recorded(
        choices in prop::collection::vec(any::<u16>(), 1..50),
        reversed in any::<bool>(),
        lever in any::<bool>(),
    ) {
        let moves = game(&choices);
        let text = script_of(&moves, reversed, lever);
        let script: Script = script::parse(&text).unwrap();
        let run = script::run(&script).unwrap();
        let played: Vec<_> = run.session.history().iter().map(|p| p.mv).collect();
        prop_assert_eq!(&played, &moves, "{}", text);
        for line in &run.transcript {
            for word in ["Brett", "Zurücknahme", "zurückgenommen"] {
                prop_assert!(!line.contains(word), "{}\n{}", line, text);
            }
        }
    }
}
