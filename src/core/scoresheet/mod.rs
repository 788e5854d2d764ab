//! Scoresheets: the game record as the players keep it (FIDE Laws 8.1, Appendix C) and as
//! the visually impaired player keeps it in Braille (D.2.6), read back from PGN, BRF or a
//! plain move list, and two scoresheets compared (D.2.8).
//!
//! - [`braille`]: the one Braille code of the station (scoresheet and display).
//! - [`brf`]: the Braille scoresheet, 40 cells × 25 lines a page, and reading it back.
//! - [`pgn_in`]: PGN import (pgn-reader), plain move lists, and [`pgn_in::read_any`].
//! - [`compare`]: where two scoresheets last agree (D.2.8).
//! - [`refusal`]: why a scoresheet cannot be read, in the language's words.
//!
//! Everything here is pure: text in, text or values out.

pub mod braille;
pub mod brf;
pub mod compare;
pub mod pgn_in;
pub mod refusal;
mod tokens;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role};

use crate::core::lang::Language;
use crate::core::ply::Ply;
use crate::core::setup::GameInfo;
use crate::core::words::{Resolution, Vocabulary, vocabulary};

/// FIDE Laws 8.1 and C.12: one move on a scoresheet, with its draw offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetMove {
    /// The move.
    pub mv: Move,
    /// FIDE Laws C.12: the mover offered a draw with this move, recorded as "(=)".
    pub draw_offer: bool,
}

/// FIDE Laws 8.1 and D.2.6: a scoresheet: the header, the starting position and the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The names (players, event, site, date, round); `"?"` where unknown, as in PGN.
    pub info: GameInfo,
    /// The time control in PGN TimeControl form (`"5400+30"`), if any.
    pub time_control: Option<String>,
    /// The result (`"1-0"`, `"0-1"`, `"1/2-1/2"`), once the game has ended.
    pub result: Option<String>,
    /// The starting position (standard, FEN or Chess960, Appendix F).
    pub start: Chess,
    /// The moves, legal in turn from `start`.
    pub moves: Vec<SheetMove>,
}

impl Sheet {
    /// FIDE Laws 8.1: an empty scoresheet from `start`, names unknown.
    pub fn new(start: Chess) -> Sheet {
        Sheet {
            info: GameInfo::default(),
            time_control: None,
            result: None,
            start,
            moves: Vec::new(),
        }
    }

    /// FIDE Laws D.2.6: the scoresheet of a session's game: its names, time control,
    /// result, starting position and made moves with their draw offers (C.12).
    pub fn from_plies(
        info: &GameInfo,
        time_control: Option<String>,
        result: Option<String>,
        initial: &Chess,
        plies: &[Ply],
    ) -> Sheet {
        Sheet {
            info: info.clone(),
            time_control,
            result,
            start: initial.clone(),
            moves: plies
                .iter()
                .map(|p| SheetMove {
                    mv: p.mv,
                    draw_offer: p.made.draw_offer,
                })
                .collect(),
        }
    }

    /// FIDE Laws D.2.8: the moves alone, as [`compare::compare`] takes them.
    pub fn move_list(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// FIDE Laws C.3–C.13: each move in this language's algebraic notation
    /// ([`Vocabulary::localized_san`]: "Sf3", es "Cf3", "0-0"), with its number and side.
    pub fn notation(&self, lang: Language) -> Vec<Written> {
        let vocab = vocabulary(lang);
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let written = Written {
                    number: pos.fullmoves().get(),
                    side: pos.turn(),
                    san: vocab.localized_san(&pos, m.mv),
                    draw_offer: m.draw_offer,
                };
                pos.play_unchecked(m.mv);
                written
            })
            .collect()
    }
}

/// FIDE Laws 8.1 and Appendix C: one move as written on a scoresheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// FIDE Laws C.2: the full move number.
    pub number: u32,
    /// Who moved.
    pub side: Color,
    /// The move in this language's notation.
    pub san: String,
    /// FIDE Laws C.12: a draw offer "(=)" follows.
    pub draw_offer: bool,
}

/// FIDE Laws C.2: the label of a move: "17." for White's, "17…" for Black's.
pub fn move_label(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}…"),
    }
}

/// FIDE Laws Appendix C: why a written move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// FIDE Laws 3.10: the move is clear but not legal in the position.
    #[error("illegal in this position")]
    Illegal,
    /// FIDE Laws C.10: several legal moves fit; the candidates in notation.
    #[error("ambiguous: {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// Not a move in any notation understood.
    #[error("not a move")]
    NotAMove,
}

/// Plays written moves one after the other from a start position, in this language's
/// notation or in English SAN (FIDE Laws Appendix C).
///
/// Until a move uses a letter only this language has (es D T A C, de D T L S), English SAN
/// is tried first, so an English PGN reads right whatever the language ("Rd1" is a rook);
/// from then on this language's letters come first (es "Rb1" is the king).
#[derive(Clone, Debug)]
pub(crate) struct Replay {
    vocab: &'static Vocabulary,
    pos: Chess,
    localized: bool,
    distinctive: Vec<char>,
}

impl Replay {
    /// A replay from `start`; `localized`: this language's letters first from the start.
    pub(crate) fn new(lang: Language, start: Chess, localized: bool) -> Replay {
        let vocab = vocabulary(lang);
        let english: Vec<char> = Role::ALL.iter().map(|r| r.upper_char()).collect();
        let distinctive = Role::ALL
            .iter()
            .map(|r| vocab.piece_letter(*r))
            .filter(|c| !english.contains(c))
            .collect();
        Replay {
            vocab,
            pos: start,
            localized,
            distinctive,
        }
    }

    /// The position now.
    pub(crate) fn position(&self) -> &Chess {
        &self.pos
    }

    /// FIDE Laws C.2: the number of the next move and who makes it.
    pub(crate) fn next(&self) -> (u32, Color) {
        (self.pos.fullmoves().get(), self.pos.turn())
    }

    /// Reads `token` as a move in the position, plays it and returns it with its trailing
    /// draw offer "(=)" if any.
    pub(crate) fn play(&mut self, token: &str) -> Result<(Move, bool), MoveError> {
        if !self.localized
            && token
                .chars()
                .next()
                .is_some_and(|c| self.distinctive.contains(&c))
        {
            self.localized = true;
        }
        if !self.localized
            && let Some(mv) = english_san(&self.pos, token)
        {
            self.pos.play_unchecked(mv);
            return Ok((mv, false));
        }
        let typed = self.vocab.parse_typed(&self.pos, token, None);
        match typed.resolution {
            Resolution::Move { mv, sure: true } => {
                self.pos.play_unchecked(mv);
                Ok((mv, typed.draw_offer))
            }
            Resolution::Ambiguous(ms) => Err(MoveError::Ambiguous(
                ms.iter()
                    .map(|m| self.vocab.localized_san(&self.pos, *m))
                    .collect(),
            )),
            Resolution::Illegal(_) => Err(MoveError::Illegal),
            Resolution::Move { sure: false, .. } | Resolution::NotUnderstood => {
                Err(MoveError::NotAMove)
            }
        }
    }
}

/// Strict English SAN (with "0-0" castling and trailing "+", "#", "!", "?"), if legal.
fn english_san(pos: &Chess, token: &str) -> Option<Move> {
    let core = token.trim_end_matches(['+', '#', '!', '?']);
    let san = match core {
        "0-0" | "O-O" => San::Castle(CastlingSide::KingSide),
        "0-0-0" | "O-O-O" => San::Castle(CastlingSide::QueenSide),
        _ => San::from_ascii(core.as_bytes()).ok()?,
    };
    san.to_move(pos).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(shakmaty::CastlingMode::Standard).unwrap()
    }

    fn uci(p: &Chess, s: &str) -> Move {
        s.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    #[test]
    fn labels() {
        assert_eq!(move_label(17, Color::White), "17.");
        assert_eq!(move_label(17, Color::Black), "17…");
    }

    #[test]
    fn replay_reads_english_first_until_the_language_shows() {
        // After 10.0-0-0 of the seed game: rooks on d1 and h1, king on c1.
        let p = pos("r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/2KR1B1R w - - 8 11");
        type Case = (
            Language,
            bool,
            &'static str,
            Result<&'static str, MoveError>,
        );
        let cases: [Case; 8] = [
            (Language::Es, true, "Rb1", Ok("c1b1")),
            (Language::Es, false, "Rb1", Ok("c1b1")), // no rook reaches b1
            (Language::Es, false, "Kb1", Ok("c1b1")),
            (Language::Es, false, "Rde1", Ok("d1e1")),
            (Language::Es, false, "Cd4", Ok("f3d4")),
            (Language::De, false, "Sd4", Ok("f3d4")),
            (Language::En, false, "Nd4+", Ok("f3d4")),
            (Language::En, false, "Kd2", Err(MoveError::Illegal)),
        ];
        for (lang, localized, token, want) in cases {
            let mut r = Replay::new(lang, p.clone(), localized);
            let got = r.play(token).map(|(m, _)| m);
            assert_eq!(got, want.map(|u| uci(&p, u)), "{lang} {token}");
        }
    }

    #[test]
    fn replay_errors() {
        let p = Chess::default();
        let mut r = Replay::new(Language::En, p.clone(), false);
        assert_eq!(r.play("Qxq9"), Err(MoveError::NotAMove));
        assert_eq!(r.play("e5"), Err(MoveError::Illegal));
        assert_eq!(r.play("e4"), Ok((uci(&p, "e2e4"), false)));
        assert_eq!(r.next(), (1, Color::Black));
        // Two knights reach d2 after 1.d4 d5 2.Nf3 Nf6 3.Nc3 ...? Use a position instead.
        let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let mut r = Replay::new(Language::De, p, true);
        assert_eq!(
            r.play("Sd2"),
            Err(MoveError::Ambiguous(vec!["Sbd2".into(), "Sfd2".into()]))
        );
        assert_eq!(
            MoveError::Ambiguous(vec!["Sbd2".into(), "Sfd2".into()]).to_string(),
            "ambiguous: Sbd2 or Sfd2"
        );
    }

    #[test]
    fn notation_numbers_moves() {
        let p = pos("4k3/8/8/8/8/8/8/1N2KN2 b - - 0 30");
        let mut sheet = Sheet::new(p.clone());
        let m1 = uci(&p, "e8e7");
        let mut q = p.clone();
        q.play_unchecked(m1);
        let m2 = uci(&q, "b1d2");
        sheet.moves = vec![
            SheetMove {
                mv: m1,
                draw_offer: true,
            },
            SheetMove {
                mv: m2,
                draw_offer: false,
            },
        ];
        let w = sheet.notation(Language::De);
        assert_eq!(
            w.iter()
                .map(|w| (w.number, w.side, w.san.as_str(), w.draw_offer))
                .collect::<Vec<_>>(),
            [
                (30, Color::Black, "Ke7", true),
                (31, Color::White, "Sbd2", false)
            ]
        );
        assert_eq!(sheet.move_list(), [m1, m2]);
    }
}
