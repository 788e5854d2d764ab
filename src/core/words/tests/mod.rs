//! Table-driven tests of the words of moves, by concern; the positions and helpers they share.

mod announce;
mod resolve;
mod typed;
mod which;

use super::*;
use crate::core::lang::normalize_phrase;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Position};

fn pos(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("fen");
    f.into_position(CastlingMode::Standard).expect("position")
}

fn mv(p: &Chess, uci: &str) -> Move {
    let u: UciMove = uci.parse().expect("uci");
    u.to_move(p).expect("legal")
}

fn sure(m: Move) -> Resolution {
    Resolution::Move { mv: m, sure: true }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// 1.d4 d5 2.Nf3 Nf6: knights b1 and f3 both reach d2.
const TWO_KNIGHTS: &str = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
/// White may castle both ways.
const CASTLES: &str = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8";
/// e5xd6 en passant is legal.
const EN_PASSANT: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
/// g7 promotes on g8 or by capturing on h8 (with check).
const PROMOTION: &str = "7r/6P1/8/8/8/8/8/k3K3 w - - 0 1";
/// Scholar's mate: Qxf7#.
const MATE: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/// Rooks a1 and a5 both reach a3.
const TWO_ROOKS: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
/// The bishop e2 is pinned by the rook e7.
const PINNED: &str = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";

fn heard(words: &[(&str, f32)]) -> HeardWords {
    HeardWords {
        words: words.iter().map(|(w, c)| HeardWord::new(w, *c)).collect(),
    }
}
