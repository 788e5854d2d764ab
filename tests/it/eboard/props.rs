//! Properties of reading moves from an electronic board's placements: in random legal games
//! (standard and Chess960 starts), the placement after each legal move of the current
//! position classifies back to exactly that move, however the board is turned; and the
//! positions of the game classify as the current or an earlier one.

use ansage::core::eboard::classify::{Classification, Game, classify};
use ansage::core::eboard::orientation::Orientation;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Position};

/// The positions of a random legal game from the standard start or a Chess960 start.
fn positions(start960: Option<u32>, choices: &[u16]) -> Vec<Chess> {
    let mut pos = match start960 {
        None => Chess::default(),
        Some(n) => {
            let fen = format!("{} w KQkq - 0 1", Board::chess960(n % 960));
            let fen: Fen = fen.parse().unwrap();
            fen.into_position(CastlingMode::Chess960).unwrap()
        }
    };
    let mut all = vec![pos.clone()];
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        pos.play_unchecked(m);
        all.push(pos.clone());
    }
    all
}

fn starts() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![4 => Just(None), 1 => (0u32..960).prop_map(Some)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_move_classifies_back(
        start in starts(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
        reversed in any::<bool>(),
    ) {
        let game = positions(start, &choices);
        let current = game.last().unwrap();
        let orientation = if reversed { Orientation::Reversed } else { Orientation::Normal };
        let mut raw_start = game[0].board().clone();
        if reversed {
            raw_start.rotate_180();
        }
        prop_assert_eq!(Orientation::detect(&raw_start, game[0].board()), Some(orientation));
        let g = Game { positions: &game, awaiting_execution: false };
        for m in current.legal_moves() {
            let mut after = current.clone();
            after.play_unchecked(m);
            let mut raw = after.board().clone();
            if reversed {
                raw.rotate_180();
            }
            let got = classify(g, &orientation.apply(&raw));
            prop_assert_eq!(got, Classification::Successor(m));
        }
        prop_assert_eq!(classify(g, current.board()), Classification::Current);
    }

    #[test]
    fn earlier_positions_are_take_back_candidates(
        start in starts(),
        choices in prop::collection::vec(any::<u16>(), 1..40),
        pick in any::<prop::sample::Index>(),
    ) {
        let game = positions(start, &choices);
        prop_assume!(game.len() > 1);
        let earlier = pick.index(game.len() - 1);
        let g = Game { positions: &game, awaiting_execution: false };
        match classify(g, game[earlier].board()) {
            // A repeated placement names the latest time it stood (or the current position).
            Classification::Earlier { plies_back } => {
                prop_assert!(plies_back <= game.len() - 1 - earlier);
                prop_assert_eq!(game[game.len() - 1 - plies_back].board(), game[earlier].board());
            }
            // A placement that stands in the game now, or after a legal move now, is read so.
            Classification::Current => {
                prop_assert_eq!(game.last().unwrap().board(), game[earlier].board());
            }
            Classification::Successor(m) => {
                let mut after = game.last().unwrap().clone();
                after.play_unchecked(m);
                prop_assert_eq!(after.board(), game[earlier].board());
            }
            other => prop_assert!(false, "{:?}", other),
        }
    }
}
