//! The lines a UCI engine writes (<https://backscattering.de/chess/uci/>), read one at a
//! time. A line that makes no sense (an unknown keyword, a number that is none, a move
//! that is no UCI move) is refused with a [`UciError`], which the adapter logs and skips:
//! nothing the engine writes can crash the station. Whether a best move is legal is a
//! question of the position ([`legal_move`]).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use super::score::Score;

/// The longest line read; a longer one is refused (an engine gone mad must not fill the
/// memory: the adapter cuts its lines at this length too).
pub const MAX_LINE: usize = 8192;

/// One line of the engine, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name Stockfish 15.1`.
    Name(String),
    /// `id author …`.
    Author(String),
    /// `uciok`: the options are all listed.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name Skill Level type spin default 20 min 0 max 20`.
    Option(EngineOption),
    /// `info …`: what a search found so far.
    Info(Info),
    /// `bestmove e2e4 [ponder e7e5]`; `None` for `bestmove (none)` or `0000` (no legal
    /// move: the game is over).
    BestMove(Option<UciMove>),
    /// A line a GUI may ignore (`copyprotection ok`, `registration checking`, an empty line).
    Ignored,
}

/// An option the engine offers, with its range for a spin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name (`Skill Level`, `UCI_Elo`, `Threads`).
    pub name: String,
    /// A spin's lowest value.
    pub min: Option<i64>,
    /// A spin's highest value.
    pub max: Option<i64>,
}

/// What an `info` line says (the fields the station uses; the others are read and left).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The search depth in plies.
    pub depth: Option<u32>,
    /// The line's number when the engine reports several (`multipv`), 1 the best.
    pub multipv: Option<u32>,
    /// The evaluation from the side to move's point of view.
    pub score: Option<Score>,
    /// The nodes searched.
    pub nodes: Option<u64>,
    /// The principal variation.
    pub pv: Vec<UciMove>,
}

/// Why a line of the engine is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// Longer than [`MAX_LINE`].
    #[error("a line of {0} bytes")]
    TooLong(usize),
    /// A first word no engine sends.
    #[error("unknown line {0:?}")]
    Unknown(String),
    /// A keyword without its value, or a value that is not one.
    #[error("{keyword}: {value:?} is not a value")]
    BadValue {
        /// The keyword (`depth`, `score cp`, `bestmove`).
        keyword: String,
        /// What followed it.
        value: String,
    },
    /// A best move that is not legal in the position searched.
    #[error("best move {0} is not legal in the position")]
    Illegal(String),
}

/// Reads one line of the engine.
pub fn parse_line(line: &str) -> Result<EngineLine, UciError> {
    if line.len() > MAX_LINE {
        return Err(UciError::TooLong(line.len()));
    }
    let mut words = line.split_ascii_whitespace();
    let Some(first) = words.next() else {
        return Ok(EngineLine::Ignored);
    };
    match first {
        "id" => id(words),
        "uciok" => Ok(EngineLine::UciOk),
        "readyok" => Ok(EngineLine::ReadyOk),
        "option" => option(words).map(EngineLine::Option),
        "info" => info(words).map(EngineLine::Info),
        "bestmove" => best_move(words),
        "copyprotection" | "registration" => Ok(EngineLine::Ignored),
        // Stockfish greets with its name and version before `uci` ("Stockfish 15.1 by …").
        _ if line.starts_with("Stockfish ") => Ok(EngineLine::Ignored),
        _ => Err(UciError::Unknown(cut(line))),
    }
}

/// At most 60 characters of `text`, for a log line.
fn cut(text: &str) -> String {
    text.chars().take(60).collect()
}

fn bad(keyword: &str, value: Option<&str>) -> UciError {
    UciError::BadValue {
        keyword: keyword.to_owned(),
        value: cut(value.unwrap_or("")),
    }
}

fn id<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<EngineLine, UciError> {
    let kind = words.next();
    let rest = words.collect::<Vec<_>>().join(" ");
    match kind {
        Some("name") => Ok(EngineLine::Name(rest)),
        Some("author") => Ok(EngineLine::Author(rest)),
        other => Err(bad("id", other)),
    }
}

/// `option name N… type T [default D] [min A] [max B] [var V]…`: the name may hold spaces.
fn option<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<EngineOption, UciError> {
    if words.next() != Some("name") {
        return Err(bad("option", None));
    }
    let mut name: Vec<&str> = Vec::new();
    let mut opt = EngineOption {
        name: String::new(),
        min: None,
        max: None,
    };
    let mut typed = false;
    while let Some(w) = words.next() {
        match w {
            "type" if !name.is_empty() => typed = true,
            "min" | "max" if typed => {
                let v = words.next();
                let n = v.and_then(|v| v.parse().ok()).ok_or_else(|| bad(w, v))?;
                if w == "min" {
                    opt.min = Some(n);
                } else {
                    opt.max = Some(n);
                }
            }
            _ if !typed => name.push(w),
            _ => {}
        }
    }
    if name.is_empty() || !typed {
        return Err(bad("option name", None));
    }
    opt.name = name.join(" ");
    Ok(opt)
}

fn number<'a, T: std::str::FromStr>(
    keyword: &str,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<T, UciError> {
    let v = words.next();
    v.and_then(|v| v.parse().ok())
        .ok_or_else(|| bad(keyword, v))
}

fn info<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Info, UciError> {
    let mut info = Info::default();
    while let Some(w) = words.next() {
        match w {
            "depth" => info.depth = Some(number(w, &mut words)?),
            "multipv" => info.multipv = Some(number(w, &mut words)?),
            "nodes" => info.nodes = Some(number(w, &mut words)?),
            "seldepth" | "time" | "nps" | "hashfull" | "tbhits" | "sbhits" | "cpuload"
            | "currmovenumber" => {
                number::<u64>(w, &mut words)?;
            }
            "currmove" => {
                uci_move(w, words.next())?;
            }
            "wdl" => {
                for _ in 0..3 {
                    number::<u32>(w, &mut words)?;
                }
            }
            "score" => info.score = Some(score(&mut words)?),
            "lowerbound" | "upperbound" => {}
            "pv" => {
                for m in words.by_ref() {
                    info.pv.push(uci_move("pv", Some(m))?);
                }
            }
            // The rest of the line is the engine's own text; `refutation` and `currline`
            // are moves the station does not use.
            "string" | "refutation" | "currline" => break,
            _ => return Err(UciError::Unknown(format!("info … {}", cut(w)))),
        }
    }
    Ok(info)
}

fn score<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Score, UciError> {
    match words.next() {
        Some("cp") => Ok(Score::Centipawns(number("score cp", words)?)),
        Some("mate") => Ok(Score::Mate(number("score mate", words)?)),
        other => Err(bad("score", other)),
    }
}

fn uci_move(keyword: &str, word: Option<&str>) -> Result<UciMove, UciError> {
    word.and_then(|w| w.parse::<UciMove>().ok())
        .filter(|m| !matches!(m, UciMove::Null))
        .ok_or_else(|| bad(keyword, word))
}

fn best_move<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<EngineLine, UciError> {
    let mv = match words.next() {
        Some("(none)" | "0000") => None,
        w => Some(uci_move("bestmove", w)?),
    };
    match (words.next(), words.next()) {
        (None, _) => {}
        (Some("ponder"), w) => {
            uci_move("ponder", w)?;
        }
        (Some(w), _) => return Err(UciError::Unknown(format!("bestmove … {}", cut(w)))),
    }
    Ok(EngineLine::BestMove(mv))
}

/// The engine's move in `pos`, if it is legal there (a castling as the king's two steps,
/// or in Chess960 as the king onto its rook: shakmaty reads both).
pub fn legal_move(pos: &Chess, mv: &UciMove) -> Result<Move, UciError> {
    mv.to_move(pos)
        .map_err(|_| UciError::Illegal(mv.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> UciMove {
        s.parse().unwrap()
    }

    #[test]
    fn stockfish_lines_are_read() {
        let table = [
            (
                "id name Stockfish 15.1",
                EngineLine::Name("Stockfish 15.1".into()),
            ),
            (
                "id author the Stockfish developers",
                EngineLine::Author("the Stockfish developers".into()),
            ),
            ("uciok", EngineLine::UciOk),
            ("readyok", EngineLine::ReadyOk),
            ("", EngineLine::Ignored),
            (
                "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
                EngineLine::Ignored,
            ),
            (
                "option name Skill Level type spin default 20 min 0 max 20",
                EngineLine::Option(EngineOption {
                    name: "Skill Level".into(),
                    min: Some(0),
                    max: Some(20),
                }),
            ),
            (
                "option name UCI_LimitStrength type check default false",
                EngineLine::Option(EngineOption {
                    name: "UCI_LimitStrength".into(),
                    min: None,
                    max: None,
                }),
            ),
            (
                "option name Debug Log File type string default",
                EngineLine::Option(EngineOption {
                    name: "Debug Log File".into(),
                    min: None,
                    max: None,
                }),
            ),
            (
                "bestmove e2e4 ponder e7e5",
                EngineLine::BestMove(Some(mv("e2e4"))),
            ),
            ("bestmove e7e8q", EngineLine::BestMove(Some(mv("e7e8q")))),
            ("bestmove (none)", EngineLine::BestMove(None)),
            (
                "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
                EngineLine::Info(Info::default()),
            ),
            (
                "info depth 10 seldepth 12 multipv 1 score cp -35 lowerbound nodes 5012 nps 250600 hashfull 2 tbhits 0 time 20 pv d7d5 c2c4",
                EngineLine::Info(Info {
                    depth: Some(10),
                    multipv: Some(1),
                    score: Some(Score::Centipawns(-35)),
                    nodes: Some(5012),
                    pv: vec![mv("d7d5"), mv("c2c4")],
                }),
            ),
            (
                "info depth 5 score mate -2 pv h7h8",
                EngineLine::Info(Info {
                    depth: Some(5),
                    score: Some(Score::Mate(-2)),
                    pv: vec![mv("h7h8")],
                    ..Info::default()
                }),
            ),
            (
                "info depth 3 currmove e2e4 currmovenumber 1 wdl 300 600 100",
                EngineLine::Info(Info {
                    depth: Some(3),
                    ..Info::default()
                }),
            ),
        ];
        for (line, want) in table {
            assert_eq!(parse_line(line), Ok(want), "{line}");
        }
    }

    #[test]
    fn nonsense_is_refused() {
        let table = [
            "bestmove",
            "bestmove zz99",
            "bestmove 0000x",
            "bestmove e2e4 e7e5",
            "bestmove e2e4 ponder",
            "info depth ten",
            "info score cp",
            "info score pawns 3",
            "info depth 3 pv e2e4 banana",
            "info flavour vanilla",
            "id",
            "id colour blue",
            "option type spin",
            "option name Threads type spin min one",
            "I am a teapot",
            "0000",
        ];
        for line in table {
            assert!(parse_line(line).is_err(), "{line}: {:?}", parse_line(line));
        }
        let long = "info string ".to_owned() + &"x".repeat(MAX_LINE);
        assert_eq!(parse_line(&long), Err(UciError::TooLong(long.len())));
    }

    #[test]
    fn a_best_move_must_be_legal_in_the_position() {
        let pos = Chess::default();
        assert!(legal_move(&pos, &mv("g1f3")).is_ok());
        assert_eq!(
            legal_move(&pos, &mv("e2e5")),
            Err(UciError::Illegal("e2e5".into()))
        );
    }
}
