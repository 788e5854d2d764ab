//! When heard words describe a move clearly but no legal move fits: the structural reading of
//! the words (piece, origin, target, promotion, castling) and why it is not a legal move.

use shakmaty::{Bitboard, CastlingSide, Chess, Move, Piece, Position, Rank, Role, Square, attacks};

use super::lexicon::{Sym, Token, cost};
use super::{IllegalReason, Resolution, sorted};

/// A move as the words describe it, before asking whether it is legal.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Description {
    pub(crate) castle: Option<Option<CastlingSide>>,
    pub(crate) role: Option<Role>,
    pub(crate) from_file: Option<shakmaty::File>,
    pub(crate) from_rank: Option<Rank>,
    pub(crate) to: Option<Square>,
    pub(crate) promotion: Option<Role>,
}

/// Reads heard tokens as a move description; `None` if they are not one clear description
/// (unknown words, words in no sensible order) or not confident enough.
pub(crate) fn describe(heard: &[Token]) -> Option<Description> {
    if heard.is_empty()
        || heard.iter().any(|t| {
            t.syms & Sym::UNKNOWN.bit() != 0
                || (t.content().next().is_some() && t.confidence < cost::ILLEGAL_CONFIDENCE)
        })
    {
        return None;
    }
    // Homographs (Spanish "a": file or preposition) are read as content first, then as filler.
    describe_with(heard, true).or_else(|| describe_with(heard, false))
}

fn describe_with(heard: &[Token], homograph_as_content: bool) -> Option<Description> {
    let syms = content_syms(heard, homograph_as_content)?;
    if let Some(castle) = castling(&syms) {
        return Some(castle);
    }
    let mut d = Description::default();
    let mut rest = syms.as_slice();
    if let Some((first, tail)) = rest.split_first()
        && let Some(role) = first.as_role()
    {
        d.role = Some(role);
        rest = tail;
    }
    if let Some((last, init)) = rest.split_last()
        && let Some(role) = last.as_role()
    {
        d.promotion = Some(role);
        rest = init;
    }
    let (origin, target) = match rest.len() {
        2 => (&rest[..0], rest),
        3 | 4 => rest.split_at(rest.len() - 2),
        _ => return None,
    };
    let (Some(tf), Some(tr)) = (target[0].as_file(), target[1].as_rank()) else {
        return None;
    };
    d.to = Some(Square::from_coords(
        shakmaty::File::new(u32::from(tf)),
        Rank::new(u32::from(tr)),
    ));
    read_origin(origin, &mut d)?;
    Some(d)
}

/// The meaning of each heard token that carries one, skipping the words that only mark
/// (filler, from, to, promote, check, mate, capture, en passant); `None` if a token is
/// unknown or ambiguous. With `homograph_as_content`, a marker that is also content
/// (Spanish "a") counts as content.
fn content_syms(heard: &[Token], homograph_as_content: bool) -> Option<Vec<Sym>> {
    let mut syms: Vec<Sym> = Vec::with_capacity(heard.len());
    for t in heard {
        let content: Vec<Sym> = t.content().collect();
        let skippable = t.syms
            & (Sym::FILLER.bit()
                | Sym::FROM.bit()
                | Sym::TO.bit()
                | Sym::PROMOTE.bit()
                | Sym::CHECK.bit()
                | Sym::MATE.bit()
                | Sym::CAPTURE.bit()
                | Sym::EN_PASSANT.bit())
            != 0;
        match content.first() {
            Some(&s) if homograph_as_content || !skippable => {
                if content.len() > 1 {
                    return None;
                }
                syms.push(s);
            }
            _ if skippable => {}
            _ => return None,
        }
    }
    if syms.is_empty() {
        return None;
    }
    Some(syms)
}

/// The description of a castling said alone: king side, queen side or either.
fn castling(syms: &[Sym]) -> Option<Description> {
    let castle = match syms {
        [Sym::CASTLE_KING_SIDE] => Some(CastlingSide::KingSide),
        [Sym::CASTLE_QUEEN_SIDE] => Some(CastlingSide::QueenSide),
        [Sym::CASTLE] => None,
        _ => return None,
    };
    Some(Description {
        castle: Some(castle),
        ..Description::default()
    })
}

/// Reads the origin words (none, a file, a rank, or file and rank) into `d`; `None` if they
/// are no origin.
fn read_origin(origin: &[Sym], d: &mut Description) -> Option<()> {
    match origin {
        [] => {}
        [s] => {
            if let Some(f) = s.as_file() {
                d.from_file = Some(shakmaty::File::new(u32::from(f)));
            } else if let Some(r) = s.as_rank() {
                d.from_rank = Some(Rank::new(u32::from(r)));
            } else {
                return None;
            }
        }
        [f, r] => {
            let (Some(f), Some(r)) = (f.as_file(), r.as_rank()) else {
                return None;
            };
            d.from_file = Some(shakmaty::File::new(u32::from(f)));
            d.from_rank = Some(Rank::new(u32::from(r)));
        }
        _ => return None,
    }
    Some(())
}

impl Description {
    fn origin(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    /// The legal moves that fit this description in `pos`.
    pub(crate) fn legal(&self, pos: &Chess, role: Role) -> Vec<Move> {
        let Some(to) = self.to else { return Vec::new() };
        pos.legal_moves()
            .into_iter()
            .filter(|m| {
                m.castling_side().is_none()
                    && m.role() == role
                    && m.to() == to
                    && m.from().is_some_and(|f| {
                        self.from_file.is_none_or(|x| x == f.file())
                            && self.from_rank.is_none_or(|x| x == f.rank())
                    })
            })
            .collect()
    }

    /// What this description resolves to when it is not simply one legal move: why it is
    /// impossible, or, for a pawn reaching the last rank without the piece named, the
    /// question which piece (FIDE Laws 3.7.5.1, D.2.1: the choice is announced, and an
    /// announcement without it is incomplete, not impossible). `None` if legal moves fit.
    pub(crate) fn resolution(&self, pos: &Chess) -> Option<Resolution> {
        match self.reason(pos)? {
            IllegalReason::PromotionMissing { .. } => {
                let promotions: Vec<Move> = self
                    .legal(pos, Role::Pawn)
                    .into_iter()
                    .filter(|m| m.is_promotion())
                    .collect();
                Some(Resolution::Ambiguous(sorted(promotions)))
            }
            reason => Some(Resolution::Illegal(reason)),
        }
    }

    /// Why no legal move fits this description; `None` if some do (then it is not illegal).
    pub(crate) fn reason(&self, pos: &Chess) -> Option<IllegalReason> {
        if let Some(side) = self.castle {
            let any = match side {
                Some(s) => !pos.castling_moves(s).is_empty(),
                None => {
                    !pos.castling_moves(CastlingSide::KingSide).is_empty()
                        || !pos.castling_moves(CastlingSide::QueenSide).is_empty()
                }
            };
            return (!any).then_some(IllegalReason::CastlingNotAllowed { side });
        }
        let to = self.to?;
        if let Some(p) = self.promotion
            && matches!(p, Role::King | Role::Pawn)
        {
            return Some(IllegalReason::InvalidPromotion { role: p });
        }
        let board = pos.board();
        let us = pos.us();
        let role = match (self.role, self.origin()) {
            (Some(r), _) => r,
            (None, Some(sq)) => match board.piece_at(sq) {
                Some(p) if p.color == pos.turn() => p.role,
                _ => return Some(IllegalReason::NoPieceOn { square: sq }),
            },
            (None, None) => Role::Pawn,
        };
        if (board.by_role(role) & us).is_empty() {
            return Some(IllegalReason::NoSuchPiece { role });
        }
        if let Some(sq) = self.origin()
            && board.piece_at(sq)
                != Some(Piece {
                    color: pos.turn(),
                    role,
                })
        {
            return Some(IllegalReason::NoPieceOn { square: sq });
        }
        let legal = self.legal(pos, role);
        if !legal.is_empty() {
            let promoting: Vec<&Move> = legal.iter().filter(|m| m.is_promotion()).collect();
            return match self.promotion {
                None if !promoting.is_empty() && promoting.len() == legal.len() => {
                    Some(IllegalReason::PromotionMissing {
                        from: promoting[0].from().unwrap_or(to),
                        to,
                    })
                }
                Some(_) if promoting.is_empty() => Some(IllegalReason::NotAPromotion { to }),
                _ => None,
            };
        }
        if us.contains(to) {
            return Some(IllegalReason::OwnPieceOnTarget { to });
        }
        let candidates = (board.by_role(role) & us)
            .into_iter()
            .filter(|sq| {
                self.from_file.is_none_or(|f| f == sq.file())
                    && self.from_rank.is_none_or(|r| r == sq.rank())
            })
            .find(|&from| reaches(pos, role, from, to));
        match candidates {
            Some(from) => Some(IllegalReason::WouldLeaveKingInCheck {
                role,
                from,
                to,
                in_check: pos.is_check(),
            }),
            None => Some(IllegalReason::NoPieceReaches { role, to }),
        }
    }
}

/// Whether every word was heard clearly: none unknown, every one that names something at
/// [`cost::ILLEGAL_CONFIDENCE`] or more, and at least one such.
pub(crate) fn clear(heard: &[Token]) -> bool {
    let mut named = false;
    for t in heard {
        if t.syms & Sym::UNKNOWN.bit() != 0 {
            return false;
        }
        if t.content().next().is_some() {
            if t.confidence < cost::ILLEGAL_CONFIDENCE {
                return false;
            }
            named = true;
        }
    }
    named
}

/// Why no legal move has all the words clearly heard, when they are a fragment of a move
/// (a piece, a file, a rank, each at most once: "Läufer vier", "Cäsar"): the side has no
/// such piece, or no move of it (or none at all) fits the file or rank named. `None` if
/// the words are no such fragment.
pub(crate) fn nothing_fits(heard: &[Token], pos: &Chess) -> Option<IllegalReason> {
    if !clear(heard) {
        return None;
    }
    let (mut role, mut file, mut rank) = (None, None, None);
    for t in heard {
        let content: Vec<Sym> = t.content().collect();
        let sym = match content.as_slice() {
            [] => continue,
            [s] if t.syms.count_ones() == 1 => *s,
            _ => return None,
        };
        let slot_taken = if let Some(r) = sym.as_role() {
            role.replace(r).is_some()
        } else if let Some(f) = sym.as_file() {
            file.replace(shakmaty::File::new(u32::from(f))).is_some()
        } else if let Some(r) = sym.as_rank() {
            rank.replace(Rank::new(u32::from(r))).is_some()
        } else {
            true
        };
        if slot_taken {
            return None;
        }
    }
    if let Some(r) = role
        && (pos.board().by_role(r) & pos.us()).is_empty()
    {
        return Some(IllegalReason::NoSuchPiece { role: r });
    }
    Some(IllegalReason::NothingFits { role, file, rank })
}

/// Whether a piece of `role` on `from` could move to `to` by its movement alone, ignoring
/// whether its own king would stand in check afterwards (FIDE Laws 3.1–3.8).
fn reaches(pos: &Chess, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let color = pos.turn();
    let occupied = board.occupied();
    let them = pos.them();
    if role == Role::Pawn {
        let ep = pos.ep_square(shakmaty::EnPassantMode::Legal);
        if attacks::pawn_attacks(color, from).contains(to) {
            return them.contains(to) || ep == Some(to);
        }
        let forward = |sq: Square| sq.offset(if color.is_white() { 8 } else { -8 });
        let Some(one) = forward(from) else {
            return false;
        };
        if occupied.contains(one) {
            return false;
        }
        if one == to {
            return true;
        }
        let start = if color.is_white() {
            Rank::Second
        } else {
            Rank::Seventh
        };
        return from.rank() == start && forward(one) == Some(to) && !occupied.contains(to);
    }
    let bb: Bitboard = attacks::attacks(from, Piece { color, role }, occupied);
    bb.contains(to) && !pos.us().contains(to)
}
