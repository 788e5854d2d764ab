//! Phrase forms of the legal moves of a position and the weighted edit distance between a
//! heard utterance and them (after lichess' voice move input: every legal move is expanded
//! into the ways it may be said, and the heard words are compared with each under a cost
//! table of substitutions, drops and omissions).

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::lexicon::{Sym, Token, cost};

/// Marks an optional token of a form: omitting it costs nothing.
const OPT: u8 = 0x80;
/// The longest form: piece, from, origin file and rank, capture, to, target file and rank,
/// en passant or promote word and promotion piece, suffix.
const MAX: usize = 12;

/// A phrase form: a sequence of meanings, some optional.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Form {
    toks: [u8; MAX],
    len: u8,
}

impl Form {
    fn new() -> Form {
        Form {
            toks: [0; MAX],
            len: 0,
        }
    }
    fn push(&mut self, sym: Sym, optional: bool) {
        if usize::from(self.len) < MAX {
            self.toks[usize::from(self.len)] = sym.0 | if optional { OPT } else { 0 };
            self.len += 1;
        }
    }
    fn sq(&mut self, sq: Square) {
        self.push(Sym::file(sq.file() as u8), false);
        self.push(Sym::rank(sq.rank() as u8), false);
    }
    fn to(&mut self, sq: Square) {
        self.push(Sym::TO, true);
        self.sq(sq);
    }
    /// The tokens as (meaning, optional).
    pub(crate) fn tokens(&self) -> impl Iterator<Item = (Sym, bool)> + '_ {
        self.toks[..usize::from(self.len)]
            .iter()
            .map(|t| (Sym(t & !OPT), t & OPT != 0))
    }
}

/// What a move's suffix is: nothing, check or checkmate (FIDE Laws C.12: "+", "#").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Suffix {
    None,
    Check,
    Mate,
}

/// Whether `m` gives check or mates in `pos`.
pub(crate) fn suffix(pos: &Chess, m: Move) -> Suffix {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.is_check() {
        Suffix::None
    } else if after.legal_moves().is_empty() {
        Suffix::Mate
    } else {
        Suffix::Check
    }
}

/// The castling side of a castling move.
pub(crate) fn castling_side(m: Move) -> Option<CastlingSide> {
    m.castling_side()
}

/// The square the king lands on when castling.
fn king_target(m: Move, color: Color) -> Option<Square> {
    castling_side(m).map(|side| side.king_to(color))
}

/// The phrase forms of all candidate moves of a position, grouped: each group is one form and
/// the moves it designates.
pub(crate) struct Forms {
    pub(crate) moves: Vec<Move>,
    /// (form, index into `moves`), sorted by form.
    pub(crate) entries: Vec<(Form, u16)>,
}

impl Forms {
    /// Builds the forms of `moves` (legal in `pos`). With `answer`, also the short forms that
    /// answer a question "which one?": origin alone, target alone, promotion piece alone.
    pub(crate) fn build(pos: &Chess, moves: Vec<Move>, answer: bool) -> Forms {
        #[cfg(test)]
        super::counters::count(|c| c.forms += 1);
        let mut entries = Vec::with_capacity(moves.len() * 6);
        let color = pos.turn();
        let push_targets = targets(&moves, |m| m.role() == Role::Pawn && !m.is_capture());
        // A king's ordinary move to a square claims "König Gustav eins" over castling there
        // (Chess960), as SAN "Kg1" does.
        let king_targets = targets(&moves, |m| m.role() == Role::King && !m.is_castle());
        for (i, &m) in moves.iter().enumerate() {
            let idx = i as u16;
            let mut add = |f: Form| entries.push((f, idx));
            if let Some(side) = castling_side(m) {
                castling_forms(m, side, color, king_targets, &mut add);
                continue;
            }
            let Some(from) = m.from() else { continue };
            move_forms(m, from, push_targets, &mut add);
            if answer {
                answer_forms(m, from, &mut add);
            }
        }
        if answer {
            // Answers may also name the castling alone, and the target alone of any candidate.
            for (i, &m) in moves.iter().enumerate() {
                if castling_side(m).is_none() {
                    let mut f = Form::new();
                    f.to(m.to());
                    entries.push((f, i as u16));
                }
            }
        }
        entries.sort_unstable();
        entries.dedup();
        Forms { moves, entries }
    }

    /// The groups: each distinct form with the indices of the moves it designates.
    pub(crate) fn groups(&self) -> impl Iterator<Item = (Form, &[(Form, u16)])> + '_ {
        self.entries
            .chunk_by(|a, b| a.0 == b.0)
            .map(|chunk| (chunk[0].0, chunk))
    }
}

/// The target squares, as a bit set, of the moves that `claims`.
fn targets(moves: &[Move], claims: impl Fn(&Move) -> bool) -> u64 {
    moves
        .iter()
        .filter(|m| claims(m))
        .fold(0, |acc, m| acc | (1u64 << (m.to() as u32)))
}

/// The forms of a castling move: its name ("Kurze Rochade"), castling alone ("Rochade"), and
/// the king's move when no ordinary king move claims its target (`king_targets`).
fn castling_forms(
    m: Move,
    side: CastlingSide,
    color: Color,
    king_targets: u64,
    add: &mut impl FnMut(Form),
) {
    let mut f = Form::new();
    f.push(
        match side {
            CastlingSide::KingSide => Sym::CASTLE_KING_SIDE,
            CastlingSide::QueenSide => Sym::CASTLE_QUEEN_SIDE,
        },
        false,
    );
    add(f);
    let mut f = Form::new();
    f.push(Sym::CASTLE, false);
    add(f);
    if let (Some(to), Some(from)) = (king_target(m, color), m.from())
        && king_targets & (1u64 << (to as u32)) == 0
        && from != to
    {
        let mut f = Form::new();
        f.push(Sym::piece(Role::King), false);
        f.to(to);
        add(f);
        let mut f = Form::new();
        f.push(Sym::piece(Role::King), true);
        f.push(Sym::FROM, true);
        f.sq(from);
        f.to(to);
        add(f);
    }
}

/// The forms of an ordinary move from `from`; the target alone only when no pawn push
/// claims it (`push_targets`).
fn move_forms(m: Move, from: Square, push_targets: u64, add: &mut impl FnMut(Form)) {
    let role = m.role();
    let pawn = role == Role::Pawn;
    let capture = m.is_capture();
    let to = m.to();
    let tail = |f: &mut Form| {
        if capture {
            f.push(Sym::CAPTURE, true);
        }
        f.to(to);
        if m.is_en_passant() {
            f.push(Sym::EN_PASSANT, true);
        }
        if let Some(p) = m.promotion() {
            f.push(Sym::PROMOTE, true);
            f.push(Sym::piece(p), false);
        }
    };
    // Piece and target: "Springer Felix drei", "Eva vier", "Bauer schlägt David fünf".
    let mut f = Form::new();
    f.push(Sym::piece(role), pawn && !capture);
    tail(&mut f);
    add(f);
    // Piece, origin file and target: "Springer Bella David zwei", "Eva schlägt David fünf".
    if !pawn || capture {
        let mut f = Form::new();
        f.push(Sym::piece(role), pawn);
        f.push(Sym::file(from.file() as u8), false);
        tail(&mut f);
        add(f);
    }
    // Piece, origin rank and target: "Turm eins David eins".
    if !pawn {
        let mut f = Form::new();
        f.push(Sym::piece(role), false);
        f.push(Sym::rank(from.rank() as u8), false);
        tail(&mut f);
        add(f);
    }
    // Long form: "Springer von Gustav eins nach Felix drei", "Gustav eins Felix drei".
    let mut f = Form::new();
    f.push(Sym::piece(role), true);
    f.push(Sym::FROM, true);
    f.sq(from);
    tail(&mut f);
    add(f);
    // Target alone: "Felix drei", when no pawn push claims it (SAN "f3" is the pawn).
    if push_targets & (1u64 << (to as u32)) == 0 {
        let mut f = Form::new();
        tail(&mut f);
        add(f);
    }
}

/// The short forms that answer "which one?" for a move from `from`: origin square, file or
/// rank alone, the piece alone, the promotion piece alone.
fn answer_forms(m: Move, from: Square, add: &mut impl FnMut(Form)) {
    let mut f = Form::new();
    f.push(Sym::FROM, true);
    f.sq(from);
    add(f);
    let mut f = Form::new();
    f.push(Sym::FROM, true);
    f.push(Sym::file(from.file() as u8), false);
    add(f);
    let mut f = Form::new();
    f.push(Sym::FROM, true);
    f.push(Sym::rank(from.rank() as u8), false);
    add(f);
    let mut f = Form::new();
    f.push(Sym::piece(m.role()), false);
    add(f);
    // The target's file or rank alone: "Felix" to "Welcher Springer: von Bella oder von
    // Gustav?" when only the knight from Gustav eins goes to the Felix file.
    let to = m.to();
    let mut f = Form::new();
    f.push(Sym::TO, true);
    f.push(Sym::file(to.file() as u8), false);
    add(f);
    let mut f = Form::new();
    f.push(Sym::TO, true);
    f.push(Sym::rank(to.rank() as u8), false);
    add(f);
    if let Some(p) = m.promotion() {
        let mut f = Form::new();
        f.push(Sym::PROMOTE, true);
        f.push(Sym::piece(p), false);
        add(f);
    }
}

/// Weighted edit distance between heard tokens and a form with an optional suffix token;
/// `missing` is the cost of a word of the form that was not heard.
pub(crate) fn distance(heard: &[Token], form: &Form, suffix: Option<Sym>, missing: f32) -> f32 {
    let mut toks = [(Sym(0), false); MAX + 1];
    let mut m = 0;
    for t in form.tokens() {
        toks[m] = t;
        m += 1;
    }
    if let Some(s) = suffix {
        toks[m] = (s, true);
        m += 1;
    }
    let ins = |(_, optional): (Sym, bool)| if optional { 0.0 } else { missing };
    let mut prev = [0.0f32; MAX + 2];
    let mut cur = [0.0f32; MAX + 2];
    for j in 1..=m {
        prev[j] = prev[j - 1] + ins(toks[j - 1]);
    }
    for h in heard {
        cur[0] = prev[0] + h.del;
        for j in 1..=m {
            let (sym, _) = toks[j - 1];
            let sub = prev[j - 1] + h.sub[usize::from(sym.0)];
            let del = prev[j] + h.del;
            let ins = cur[j - 1] + ins(toks[j - 1]);
            cur[j] = sub.min(del).min(ins);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[m]
}

/// The cost of the best form of each move.
pub(crate) fn costs(pos: &Chess, forms: &Forms, heard: &[Token], missing: f32) -> Vec<f32> {
    let says_suffix = heard
        .iter()
        .any(|t| t.may_be(Sym::CHECK) || t.may_be(Sym::MATE));
    let suffixes: Vec<Suffix> = if says_suffix {
        forms.moves.iter().map(|&m| suffix(pos, m)).collect()
    } else {
        Vec::new()
    };
    let mut best = vec![f32::INFINITY; forms.moves.len()];
    for (form, members) in forms.groups() {
        if says_suffix {
            for &(_, idx) in members {
                let s = match suffixes[usize::from(idx)] {
                    Suffix::None => None,
                    Suffix::Check => Some(Sym::CHECK),
                    Suffix::Mate => Some(Sym::MATE),
                };
                let c = distance(heard, &form, s, missing);
                let b = &mut best[usize::from(idx)];
                *b = b.min(c);
            }
        } else {
            let c = distance(heard, &form, None, missing);
            for &(_, idx) in members {
                let b = &mut best[usize::from(idx)];
                *b = b.min(c);
            }
        }
    }
    best
}

/// The content meanings (as bits) a move's phrases can contain: its piece, the files and
/// ranks of its origin and target, its promotion piece; for a castling, the castling words
/// and the king's move.
pub(crate) fn content_bits(m: Move, color: Color) -> u64 {
    let square = |sq: Square| Sym::file(sq.file() as u8).bit() | Sym::rank(sq.rank() as u8).bit();
    let mut bits = Sym::piece(m.role()).bit() | square(m.to());
    if let Some(from) = m.from() {
        bits |= square(from);
    }
    if let Some(p) = m.promotion() {
        bits |= Sym::piece(p).bit();
    }
    if let Some(side) = castling_side(m) {
        bits |= Sym::CASTLE.bit()
            | match side {
                CastlingSide::KingSide => Sym::CASTLE_KING_SIDE.bit(),
                CastlingSide::QueenSide => Sym::CASTLE_QUEEN_SIDE.bit(),
            };
        if let Some(to) = king_target(m, color) {
            bits |= square(to);
        }
    }
    bits
}

/// Whether a move with the content meanings `bits` ([`content_bits`]) agrees with every
/// clearly heard word: a word heard at [`cost::HIGH_CONFIDENCE`] or more that can only mean
/// a file, rank, piece or castling (no filler reading) excludes every move without one of
/// its meanings. "Springer drei" keeps the knights' moves to the third rank and drops the
/// pawns'. A recognizer's words (`recognized`) rule out fewer moves: see
/// [`Token::excludes`].
pub(crate) fn agrees(heard: &[Token], bits: u64, recognized: bool) -> bool {
    heard.iter().all(|t| !t.excludes(bits, recognized))
}

/// The outcome of matching: the best moves and how well they fit.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Match {
    /// Moves within the margin of the best, best first.
    pub(crate) close: Vec<Move>,
    /// The best cost.
    pub(crate) cost: f32,
}

/// Matches heard tokens against the forms, with `missing` the cost of a word not heard:
/// the moves within [`cost::MARGIN`] of the best.
pub(crate) fn best_with(
    pos: &Chess,
    forms: &Forms,
    heard: &[Token],
    missing: f32,
) -> Option<Match> {
    let costs = costs(pos, forms, heard, missing);
    best_of(&costs, &forms.moves)
}

/// The moves within [`cost::MARGIN`] of the best of `costs` (one per move; an infinite cost
/// leaves a move out).
pub(crate) fn best_of(costs: &[f32], moves: &[Move]) -> Option<Match> {
    let min = costs.iter().copied().fold(f32::INFINITY, f32::min);
    if !min.is_finite() {
        return None;
    }
    let mut close: Vec<(f32, Move)> = costs
        .iter()
        .zip(moves)
        .filter(|(c, _)| **c <= min + cost::MARGIN)
        .map(|(c, m)| (*c, *m))
        .collect();
    close.sort_by(|a, b| a.0.total_cmp(&b.0));
    Some(Match {
        close: close.into_iter().map(|(_, m)| m).collect(),
        cost: min,
    })
}
