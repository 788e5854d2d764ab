//! What the station writes to a UCI engine, one line each. The position is always sent
//! whole, from the game's start and its moves (`position fen … moves …`): a restarted
//! engine, or one given a game again after a resume, gets exactly the journal's position.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// How long the engine may search one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// At most this many nodes (deterministic with one thread).
    pub nodes: Option<u64>,
    /// At most this depth in plies.
    pub depth: Option<u32>,
    /// At most this many milliseconds.
    pub movetime_ms: Option<u64>,
}

/// One line to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: name yourself and list your options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `setoption name N value V`.
    SetOption(String, String),
    /// `position fen F moves M…`.
    Position {
        /// The game's start.
        start: Fen,
        /// The moves since, in UCI.
        moves: Vec<UciMove>,
    },
    /// `go …` with the limit.
    Go(SearchLimit),
    /// `stop`: answer now.
    Stop,
    /// `quit`.
    Quit,
}

impl Command {
    /// The position after `moves` from `start` (a game's start and its moves, as the
    /// journal has them), in `mode` (Chess960's castling is the king onto its rook).
    pub fn position(start: &Chess, moves: &[Move], mode: CastlingMode) -> Command {
        Command::Position {
            start: Fen::from_position(start, EnPassantMode::Legal),
            moves: moves.iter().map(|m| m.to_uci(mode)).collect(),
        }
    }

    /// The line, without its newline. A name or value with a line break in it is cut at
    /// the break: one command is always one line.
    pub fn line(&self) -> String {
        let one_line = |s: &str| s.split(['\n', '\r']).next().unwrap_or("").to_owned();
        match self {
            Command::Uci => "uci".into(),
            Command::IsReady => "isready".into(),
            Command::NewGame => "ucinewgame".into(),
            Command::SetOption(name, value) => {
                format!(
                    "setoption name {} value {}",
                    one_line(name),
                    one_line(value)
                )
            }
            Command::Position { start, moves } => {
                let mut line = format!("position fen {start}");
                if !moves.is_empty() {
                    line.push_str(" moves");
                    for m in moves {
                        line.push(' ');
                        line.push_str(&m.to_string());
                    }
                }
                line
            }
            Command::Go(limit) => {
                let mut line = String::from("go");
                if let Some(n) = limit.nodes {
                    line.push_str(&format!(" nodes {n}"));
                }
                if let Some(d) = limit.depth {
                    line.push_str(&format!(" depth {d}"));
                }
                if let Some(ms) = limit.movetime_ms {
                    line.push_str(&format!(" movetime {ms}"));
                }
                line
            }
            Command::Stop => "stop".into(),
            Command::Quit => "quit".into(),
        }
    }
}

/// The position a `position` command sets, for checking the engine's answer against it.
pub fn play_out(start: &Chess, moves: &[Move]) -> Option<Chess> {
    let mut pos = start.clone();
    for m in moves {
        if !pos.is_legal(*m) {
            return None;
        }
        pos.play_unchecked(*m);
    }
    Some(pos)
}

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use super::*;

    #[test]
    fn lines() {
        let pos = Chess::default();
        let e4 = Move::Normal {
            role: shakmaty::Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        };
        let table = [
            (Command::Uci, "uci"),
            (Command::IsReady, "isready"),
            (
                Command::SetOption("Skill Level".into(), "3\nquit".into()),
                "setoption name Skill Level value 3",
            ),
            (
                Command::position(&pos, &[e4], CastlingMode::Standard),
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
            ),
            (
                Command::position(&pos, &[], CastlingMode::Standard),
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (
                Command::Go(SearchLimit {
                    nodes: Some(5000),
                    depth: Some(3),
                    movetime_ms: None,
                }),
                "go nodes 5000 depth 3",
            ),
            (Command::Stop, "stop"),
        ];
        for (cmd, want) in table {
            assert_eq!(cmd.line(), want);
        }
    }

    #[test]
    fn an_illegal_move_list_has_no_position() {
        let pos = Chess::default();
        let bad = Move::Normal {
            role: shakmaty::Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        assert!(play_out(&pos, &[bad]).is_none());
        assert_eq!(play_out(&pos, &[]), Some(pos));
    }
}
