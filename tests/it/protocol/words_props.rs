//! Properties of the words of moves in random legal positions: every phrase the vocabulary
//! lists for a move, its announcement, its localized SAN and its UCI all resolve back to
//! exactly that move; every short answer to "Welcher …?" picks among the moves asked about
//! only.

use ansage::core::lang::Language;
use ansage::core::words::{HeardWords, Resolution, vocabulary};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Move, Position};

use crate::support::load;

/// A position reached by a random legal game from the standard start or a Chess960 start.
fn position(start960: Option<u32>, choices: &[u16]) -> Chess {
    let mut pos = match start960 {
        None => Chess::default(),
        Some(n) => {
            let fen = format!("{} w KQkq - 0 1", Board::chess960(n % 960));
            let fen: Fen = fen.parse().unwrap();
            fen.into_position(CastlingMode::Chess960).unwrap()
        }
    };
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(c) % legal.len()];
        pos.play_unchecked(m);
    }
    pos
}

fn starts() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![4 => Just(None), 1 => (0u32..960).prop_map(Some)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_phrase_resolves_to_its_move(start in starts(), choices in prop::collection::vec(any::<u16>(), 0..90)) {
        let _busy = load::busy();
        let pos = position(start, &choices);
        for lang in Language::ALL {
            let v = vocabulary(lang);
            for m in pos.legal_moves() {
                let phrases = v.phrases(&pos, m);
                prop_assert!(!phrases.is_empty(), "{lang}: no phrase for {m:?}");
                for p in &phrases {
                    let r = v.resolve(&pos, &HeardWords::from_text(p), None);
                    prop_assert_eq!(r, Resolution::Move { mv: m, sure: true }, "{}: {:?} in {}", lang, p, Fen::from_position(&pos, shakmaty::EnPassantMode::Legal));
                }
            }
        }
    }

    #[test]
    fn announce_san_and_uci_resolve_to_the_move(start in starts(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let _busy = load::busy();
        let pos = position(start, &choices);
        let mode = pos.castles().mode();
        for lang in Language::ALL {
            let v = vocabulary(lang);
            for m in pos.legal_moves() {
                let fen = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
                let said = v.announce(&pos, m);
                let r = v.resolve(&pos, &HeardWords::from_text(&said), None);
                prop_assert_eq!(r, Resolution::Move { mv: m, sure: true }, "{}: announce {:?} in {}", lang, said, fen);
                let san = v.localized_san(&pos, m);
                let t = v.parse_typed(&pos, &san, None);
                prop_assert_eq!(t.resolution, Resolution::Move { mv: m, sure: true }, "{}: san {:?} in {}", lang, san, fen);
                let uci = UciMove::from_move(m, mode).to_string();
                let t = v.parse_typed(&pos, &uci, None);
                prop_assert_eq!(t.resolution, Resolution::Move { mv: m, sure: true }, "{}: uci {:?} in {}", lang, uci, fen);
            }
        }
    }

    /// FIDE Laws D.2.1: the answer to "Welcher …?" is matched against the moves asked
    /// about, never against all legal moves: every short answer (a file, rank, square or
    /// piece alone, an origin, a castling wording) picks one or several of them, or none.
    /// The moves asked about: all moves of one kind of piece, all moves to one square.
    #[test]
    fn every_answer_picks_among_the_candidates(start in starts(), choices in prop::collection::vec(any::<u16>(), 0..90)) {
        let _busy = load::busy();
        let pos = position(start, &choices);
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        let mut questions: Vec<Vec<Move>> = Vec::new();
        for role in shakmaty::Role::ALL {
            questions.push(legal.iter().copied().filter(|m| m.role() == role).collect());
        }
        if let Some(first) = legal.first() {
            questions.push(legal.iter().copied().filter(|m| m.to() == first.to()).collect());
        }
        questions.retain(|q| q.len() >= 2);
        for lang in Language::ALL {
            let v = vocabulary(lang);
            let mut answers = v.answer_phrases();
            answers.extend(v.spoken_words());
            for among in &questions {
                for a in &answers {
                    let r = v.resolve(&pos, &HeardWords::from_text(a), Some(among));
                    let ok = match &r {
                        Resolution::Move { mv, .. } => among.contains(mv),
                        Resolution::Ambiguous(ms) => ms.iter().all(|m| among.contains(m)),
                        Resolution::NotUnderstood => true,
                        Resolution::Illegal(_) => false,
                    };
                    prop_assert!(ok, "{}: {:?} to {:?} gave {:?} in {}", lang, a, among, r, Fen::from_position(&pos, shakmaty::EnPassantMode::Legal));
                }
            }
        }
    }
}
