//! The Laws that end a game by themselves or on a claim (Articles 5 and 9), and the
//! starting positions (Article 2, Appendix F).

use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Chess, Color, EnPassantMode, File, Piece, Position,
    Rank, Role, Setup, Square, fen::Fen, zobrist::Zobrist64,
};

use crate::core::output::Termination;

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Start {
    /// The standard position (Art. 2).
    #[default]
    Standard,
    /// A position from FEN (for study, adjourned games, tests).
    Fen(String),
    /// Chess960 start position number 0..=959 (Appendix F, Scharnagl numbering; 518 is the
    /// standard position).
    Chess960(u32),
}

/// Why a start cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The FEN does not parse or is not a legal position.
    #[error("invalid FEN {fen:?}: {detail}")]
    Fen {
        /// The FEN given.
        fen: String,
        /// What is wrong.
        detail: String,
    },
    /// A Chess960 number above 959.
    #[error("Chess960 positions are numbered 0 to 959, not {0}")]
    Chess960(u32),
}

impl Start {
    /// The position and the castling mode it is played with.
    pub fn position(&self) -> Result<(Chess, CastlingMode), StartError> {
        match self {
            Start::Standard => Ok((Chess::default(), CastlingMode::Standard)),
            Start::Fen(text) => {
                let err = |detail: String| StartError::Fen {
                    fen: text.clone(),
                    detail,
                };
                let fen: Fen = text.parse().map_err(|e| err(format!("{e}")))?;
                let mode = CastlingMode::detect(fen.as_setup());
                let pos = fen.into_position(mode).map_err(|e| err(format!("{e}")))?;
                Ok((pos, mode))
            }
            Start::Chess960(n) => Ok((chess960(*n)?, CastlingMode::Chess960)),
        }
    }
}

/// The Chess960 start position with Scharnagl number `n` (Appendix F.1).
pub fn chess960(n: u32) -> Result<Chess, StartError> {
    if n > 959 {
        return Err(StartError::Chess960(n));
    }
    let mut back: [Option<Role>; 8] = [None; 8];
    let mut rest = n;
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    back[usize::try_from(rest % 4).unwrap_or(0) * 2 + 1] = Some(Role::Bishop);
    rest /= 4;
    back[usize::try_from(rest % 4).unwrap_or(0) * 2] = Some(Role::Bishop);
    rest /= 4;
    let place_nth_empty = |back: &mut [Option<Role>; 8], nth: usize, role: Role| {
        if let Some(i) = (0..8).filter(|i| back[*i].is_none()).nth(nth) {
            back[i] = Some(role);
        }
    };
    place_nth_empty(
        &mut back,
        usize::try_from(rest % 6).unwrap_or(0),
        Role::Queen,
    );
    rest /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (k1, k2) = KNIGHTS[usize::try_from(rest).unwrap_or(0).min(9)];
    // Place the second knight first so the first one's index is not shifted.
    place_nth_empty(&mut back, k2, Role::Knight);
    place_nth_empty(&mut back, k1, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_nth_empty(&mut back, 0, role);
    }
    let mut board = Board::empty();
    let mut rooks = Bitboard::EMPTY;
    for (i, role) in back.iter().enumerate() {
        let file = File::new(u32::try_from(i).unwrap_or(0));
        let Some(role) = role else { continue };
        for (color, rank, pawn_rank) in [
            (Color::White, Rank::First, Rank::Second),
            (Color::Black, Rank::Eighth, Rank::Seventh),
        ] {
            let sq = Square::from_coords(file, rank);
            board.set_piece_at(sq, Piece { color, role: *role });
            board.set_piece_at(Square::from_coords(file, pawn_rank), color.pawn());
            if *role == Role::Rook {
                rooks.add(sq);
            }
        }
    }
    let mut setup = Setup::empty();
    setup.board = board;
    setup.castling_rights = rooks;
    let _ = ByColor::<()>::default();
    setup
        .position(CastlingMode::Chess960)
        .map_err(|e| StartError::Fen {
            fen: format!("chess960 {n}"),
            detail: format!("{e}"),
        })
}

/// Positions seen so far, for repetition (Art. 9.2.b: same player to move, same pieces,
/// same possible moves, including castling rights and a legal en passant capture).
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    hashes: Vec<Zobrist64>,
}

/// The identity of a position for Art. 9.2.b.
pub fn position_key(pos: &Chess) -> Zobrist64 {
    pos.zobrist_hash(EnPassantMode::Legal)
}

impl Repetitions {
    /// Starts with the initial position.
    pub fn new(start: &Chess) -> Repetitions {
        Repetitions {
            hashes: vec![position_key(start)],
        }
    }

    /// Records the position after a move.
    pub fn push(&mut self, pos: &Chess) {
        self.hashes.push(position_key(pos));
    }

    /// How often `pos` has occurred, counting it if it is the current one.
    pub fn count(&self, pos: &Chess) -> usize {
        let key = position_key(pos);
        self.hashes.iter().filter(|h| **h == key).count()
    }

    /// How often `pos` would have occurred after it appears once more.
    pub fn count_if_added(&self, pos: &Chess) -> usize {
        self.count(pos) + 1
    }
}

/// The end the Laws impose by themselves after a move, if any: checkmate (5.1.a),
/// stalemate (5.2.a), a dead position (5.2.b; see [`is_dead_position`]), fivefold
/// repetition (9.6.a) and the seventy-five-move rule (9.6.b, unless the last move mated).
pub fn automatic_end(
    pos: &Chess,
    repetitions: &Repetitions,
) -> Option<(Option<Color>, Termination)> {
    if pos.is_checkmate() {
        return Some((Some(!pos.turn()), Termination::Checkmate));
    }
    if pos.is_stalemate() {
        return Some((None, Termination::Stalemate));
    }
    if is_dead_position(pos) {
        return Some((None, Termination::DeadPosition));
    }
    if repetitions.count(pos) >= 5 {
        return Some((None, Termination::FivefoldRepetition));
    }
    if pos.halfmoves() >= 150 {
        return Some((None, Termination::SeventyFiveMoves));
    }
    None
}

/// FIDE Laws 5.2.b, as far as ansage decides it: a position is dead when neither side
/// could checkmate by any series of legal moves because of material (both sides have
/// insufficient material in shakmaty's sense: a lone king, king and one minor piece, or
/// only bishops all on squares of one colour on both sides). Blocked pawn chains and
/// other dead positions that need a search are not detected; the arbiter decides those.
pub fn is_dead_position(pos: &Chess) -> bool {
    pos.is_insufficient_material()
}

/// FIDE Laws 6.9: after the flag of `winner`'s opponent falls, can `winner` still
/// checkmate by any possible series of legal moves? shakmaty's `has_insufficient_material` answers it: a
/// lone king, king and knight or king and bishop(s) on one colour cannot mate (with the
/// helpmate exceptions it knows, such as a knight against pawns or pieces that can
/// block); any pawn that could still promote counts as able to mate.
pub fn can_checkmate(pos: &Chess, winner: Color) -> bool {
    !pos.has_insufficient_material(winner)
}

/// FIDE Laws 9.2 and 9.3: whether the player to move may claim a draw now (the current
/// position occurred three times, or fifty moves by each side passed without a pawn move
/// or capture).
pub fn claimable_now(pos: &Chess, repetitions: &Repetitions) -> Option<Termination> {
    if repetitions.count(pos) >= 3 {
        Some(Termination::ThreefoldRepetition)
    } else if pos.halfmoves() >= 100 {
        Some(Termination::FiftyMoves)
    } else {
        None
    }
}

/// FIDE Laws 9.2.a.1 and 9.3.a: whether the position after the intended move (written and
/// declared, not made) would allow the claim.
pub fn claimable_after(after: &Chess, repetitions: &Repetitions) -> Option<Termination> {
    if repetitions.count_if_added(after) >= 3 {
        Some(Termination::ThreefoldRepetition)
    } else if after.halfmoves() >= 100 {
        Some(Termination::FiftyMoves)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(pos: &Chess) -> String {
        Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }

    #[test]
    fn chess960_numbering() {
        for (n, want) in [
            (
                518,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (
                0,
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            ),
            (
                959,
                "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
            ),
        ] {
            let pos = chess960(n).unwrap();
            let got = fen(&pos);
            let want_board = want.split(' ').next().unwrap();
            assert!(got.starts_with(want_board), "{n}: {got}");
            assert_eq!(pos.castles().castling_rights().count(), 4, "{n}");
        }
        assert_eq!(chess960(960), Err(StartError::Chess960(960)));
    }

    #[test]
    fn dead_positions() {
        for (fen_text, dead) in [
            ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", true),
            ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true),
            ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true),
            // Bishops on squares of one colour (e3, f6 both dark): dead.
            ("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", true),
            // Bishops on squares of both colours: a mate can still be helped along.
            ("8/5b2/4k3/8/8/3KB3/8/8 w - - 0 1", false),
            ("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false),
            ("8/8/4k3/8/8/3K4/7R/8 w - - 0 1", false),
        ] {
            let pos = Start::Fen(fen_text.into()).position().unwrap().0;
            assert_eq!(is_dead_position(&pos), dead, "{fen_text}");
        }
    }

    #[test]
    fn repetition_counts() {
        let mut pos = Chess::default();
        let mut reps = Repetitions::new(&pos);
        for uci in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            reps.push(&pos);
        }
        assert_eq!(reps.count(&pos), 3);
        assert_eq!(
            claimable_now(&pos, &reps),
            Some(Termination::ThreefoldRepetition)
        );
    }
}
