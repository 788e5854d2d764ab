//! What passes between a session and the engine that analyses its game (issue 34.4), as
//! data: the session's request to analyse one position ([`AnalysisRequest`], an
//! [`Output::Analyse`](crate::core::output::Output::Analyse)) and the engine's answer
//! ([`AnalysisReply`], an input of its own, journaled: a replay hears the same
//! analysis). A reply names its request; one the session no longer waits for is dropped.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move};

use crate::core::engine::score::Score;

/// The session asks for the engine's evaluation and best line in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    /// Which request this is (a reply names it).
    pub seq: u64,
    /// The game's start position, as FEN.
    pub start: String,
    /// Chess960's castling (the king onto its rook).
    pub chess960: bool,
    /// The moves since the start, in UCI.
    pub moves: Vec<UciMove>,
}

impl AnalysisRequest {
    /// The request `seq` for the position after `moves` from `start`.
    pub fn new(seq: u64, start: &Chess, moves: &[Move], mode: CastlingMode) -> AnalysisRequest {
        AnalysisRequest {
            seq,
            start: Fen::from_position(start, EnPassantMode::Legal).to_string(),
            chess960: mode == CastlingMode::Chess960,
            moves: moves.iter().map(|m| m.to_uci(mode)).collect(),
        }
    }

    /// The request in transcripts: `analyse 3 after e2e4 e7e5` (the start only when it
    /// is not the standard one).
    pub fn text(&self) -> String {
        let mut text = format!("analyse {}", self.seq);
        if self.start != Fen::default().to_string() {
            text.push_str(&format!(" from {}", self.start));
        }
        if !self.moves.is_empty() {
            text.push_str(" after");
            for m in &self.moves {
                text.push_str(&format!(" {m}"));
            }
        }
        text
    }
}

/// The engine's answer to an analysis request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisReply {
    /// What the engine found for request `seq`.
    Found {
        /// The request answered.
        seq: u64,
        /// The evaluation, from the side to move's point of view (as UCI gives it).
        score: Score,
        /// The best line, its first move the best move (empty: no legal move).
        pv: Vec<UciMove>,
    },
    /// The engine could not answer request `seq` (it failed, even after a restart).
    Failed {
        /// The request.
        seq: u64,
    },
    /// No engine is installed (the package is named to the player).
    Missing,
}

impl fmt::Display for AnalysisReply {
    /// The script form after the verb `analysis`: `found 3 cp 35 e2e4 e7e5`,
    /// `found 4 mate -2`, `failed 3`, `missing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisReply::Found { seq, score, pv } => {
                match score {
                    Score::Centipawns(cp) => write!(f, "found {seq} cp {cp}")?,
                    Score::Mate(n) => write!(f, "found {seq} mate {n}")?,
                }
                for m in pv {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            AnalysisReply::Failed { seq } => write!(f, "failed {seq}"),
            AnalysisReply::Missing => f.write_str("missing"),
        }
    }
}

/// The text after `analysis` is no analysis reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid analysis reply {0:?}: expected found SEQ cp|mate N [UCI…], failed SEQ or missing")]
pub struct ReplyError(pub String);

impl std::str::FromStr for AnalysisReply {
    type Err = ReplyError;

    fn from_str(text: &str) -> Result<AnalysisReply, ReplyError> {
        let bad = || ReplyError(text.to_owned());
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["found", seq, kind, n, pv @ ..] => {
                let n: i32 = n.parse().map_err(|_| bad())?;
                let score = match *kind {
                    "cp" => Score::Centipawns(n),
                    "mate" => Score::Mate(n),
                    _ => return Err(bad()),
                };
                Ok(AnalysisReply::Found {
                    seq: seq.parse().map_err(|_| bad())?,
                    score,
                    pv: pv
                        .iter()
                        .map(|m| m.parse().map_err(|_| bad()))
                        .collect::<Result<_, _>>()?,
                })
            }
            ["failed", seq] => Ok(AnalysisReply::Failed {
                seq: seq.parse().map_err(|_| bad())?,
            }),
            ["missing"] => Ok(AnalysisReply::Missing),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_round_trip() {
        for text in [
            "found 1 cp 35 e2e4 e7e5",
            "found 2 cp -120",
            "found 3 mate -2 d8h4",
            "failed 5",
            "missing",
        ] {
            let reply: AnalysisReply = text.parse().unwrap();
            assert_eq!(reply.to_string(), text);
        }
        for bad in [
            "",
            "found",
            "found x cp 3",
            "found 1 pawns 3",
            "found 1 cp x",
            "found 1 cp 3 e9e4",
            "failed",
            "missing 1",
        ] {
            let e = bad.parse::<AnalysisReply>().unwrap_err();
            assert!(e.to_string().starts_with("invalid analysis reply"), "{e}");
        }
    }

    #[test]
    fn a_request_names_its_position() {
        let start = Chess::default();
        let mv = UciMove::from_ascii(b"e2e4")
            .unwrap()
            .to_move(&start)
            .unwrap();
        let request = AnalysisRequest::new(2, &start, &[mv], CastlingMode::Standard);
        assert_eq!(request.text(), "analyse 2 after e2e4");
        let empty = AnalysisRequest::new(1, &start, &[], CastlingMode::Standard);
        assert_eq!(empty.text(), "analyse 1");
    }
}
