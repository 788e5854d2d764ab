//! What passes between a training game's session and its engine (issue 34.1), as data:
//! the session's request for a move ([`EngineRequest`], an
//! [`Output::Engine`](crate::core::output::Output::Engine)) and the engine's answer
//! ([`EngineReply`], an input of its own, journaled like the lichess server's lines: a
//! replay sees exactly the moves the game saw).
//!
//! A request carries a sequence number; a reply answers one. A reply to a request the
//! session no longer waits for (a move taken back meanwhile, a new game) is dropped, so a
//! late answer never lands on another position.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move};

use super::level::Level;

/// The session asks the engine for its move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineRequest {
    /// Which request this is (a reply names it).
    pub seq: u64,
    /// The game's start position, as FEN.
    pub start: String,
    /// Chess960's castling (the king onto its rook).
    pub chess960: bool,
    /// The moves since the start, in UCI.
    pub moves: Vec<UciMove>,
    /// How strong the engine plays.
    pub level: Level,
}

impl EngineRequest {
    /// The request `seq` for the position after `moves` from `start`.
    pub fn new(
        seq: u64,
        start: &Chess,
        moves: &[Move],
        mode: CastlingMode,
        level: Level,
    ) -> EngineRequest {
        EngineRequest {
            seq,
            start: Fen::from_position(start, EnPassantMode::Legal).to_string(),
            chess960: mode == CastlingMode::Chess960,
            moves: moves.iter().map(|m| m.to_uci(mode)).collect(),
            level,
        }
    }

    /// The request in transcripts: `play 3 level 5 after e2e4 e7e5` (the start only when
    /// it is not the standard one).
    pub fn text(&self) -> String {
        let mut text = format!("play {} level {}", self.seq, self.level);
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

/// What went wrong with the engine and was mended by starting it again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Incident {
    /// It ended or closed its output.
    Crashed,
    /// It did not answer within its time.
    TimedOut,
    /// It answered something that makes no sense (an illegal move).
    Nonsense,
}

impl Incident {
    /// Every incident with its name in scripts.
    pub const ALL: [(Incident, &'static str); 3] = [
        (Incident::Crashed, "crashed"),
        (Incident::TimedOut, "timeout"),
        (Incident::Nonsense, "nonsense"),
    ];

    /// The name in scripts.
    pub fn name(self) -> &'static str {
        Incident::ALL
            .iter()
            .find(|(i, _)| *i == self)
            .map_or("?", |(_, n)| n)
    }
}

/// The engine's answer to a request (the actor is the engine's side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineReply {
    /// Its move for request `seq`.
    Move {
        /// The request answered.
        seq: u64,
        /// The move, in UCI.
        uci: UciMove,
    },
    /// The engine failed while searching for request `seq` and was started again, given
    /// the whole position (it goes on searching).
    Restarted {
        /// The request it was searching for.
        seq: u64,
        /// What went wrong.
        incident: Incident,
    },
    /// The engine could not answer request `seq`, not even after a restart: the station
    /// tries again after a wait.
    Failed {
        /// The request.
        seq: u64,
    },
    /// No engine is installed (the package is named to the player).
    Missing,
}

impl fmt::Display for EngineReply {
    /// The script form after the verb `engine`: `move 3 e2e4`, `restarted 3 crashed`,
    /// `failed 3`, `missing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineReply::Move { seq, uci } => write!(f, "move {seq} {uci}"),
            EngineReply::Restarted { seq, incident } => {
                write!(f, "restarted {seq} {}", incident.name())
            }
            EngineReply::Failed { seq } => write!(f, "failed {seq}"),
            EngineReply::Missing => f.write_str("missing"),
        }
    }
}

/// The text after `engine` is no engine reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid engine reply {0:?}: expected move SEQ UCI, restarted SEQ crashed|timeout|nonsense, failed SEQ or missing"
)]
pub struct ReplyError(pub String);

impl std::str::FromStr for EngineReply {
    type Err = ReplyError;

    fn from_str(text: &str) -> Result<EngineReply, ReplyError> {
        let bad = || ReplyError(text.to_owned());
        let words: Vec<&str> = text.split_whitespace().collect();
        let seq = |w: Option<&&str>| w.and_then(|s| s.parse::<u64>().ok()).ok_or_else(bad);
        match words.as_slice() {
            ["move", _, uci] => Ok(EngineReply::Move {
                seq: seq(words.get(1))?,
                uci: uci.parse().map_err(|_| bad())?,
            }),
            ["restarted", _, name] => {
                let incident = Incident::ALL
                    .iter()
                    .find(|(_, n)| n == name)
                    .map(|(i, _)| *i)
                    .ok_or_else(bad)?;
                Ok(EngineReply::Restarted {
                    seq: seq(words.get(1))?,
                    incident,
                })
            }
            ["failed", _] => Ok(EngineReply::Failed {
                seq: seq(words.get(1))?,
            }),
            ["missing"] => Ok(EngineReply::Missing),
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
            "move 1 e2e4",
            "move 12 e7e8q",
            "restarted 3 crashed",
            "restarted 3 timeout",
            "restarted 4 nonsense",
            "failed 5",
            "missing",
        ] {
            let reply: EngineReply = text.parse().unwrap();
            assert_eq!(reply.to_string(), text);
        }
        for bad in [
            "",
            "move",
            "move x e2e4",
            "move 1 e9e4",
            "restarted 1 tired",
            "failed",
            "missing 1",
            "found",
        ] {
            let e = bad.parse::<EngineReply>().unwrap_err();
            assert!(e.to_string().starts_with("invalid engine reply"), "{e}");
        }
    }

    #[test]
    fn a_request_names_its_position() {
        let start = Chess::default();
        let mv = shakmaty::uci::UciMove::from_ascii(b"e2e4")
            .unwrap()
            .to_move(&start)
            .unwrap();
        let level = Level::new(5).unwrap();
        let request = EngineRequest::new(2, &start, &[mv], CastlingMode::Standard, level);
        assert_eq!(request.text(), "play 2 level 5 after e2e4");
        let empty = EngineRequest::new(1, &start, &[], CastlingMode::Standard, level);
        assert_eq!(empty.text(), "play 1 level 5");
    }
}
