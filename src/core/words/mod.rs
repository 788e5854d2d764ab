//! Words of moves: vocabulary, rendering moves to phrases, resolving heard and typed input.
//!
//! FIDE Laws D.2.1: "Moves shall be announced clearly, repeated by the opponent and executed
//! on his chessboard. When promoting a pawn, the player must announce which piece is chosen."
//! This module knows the words of such announcements in each [`Language`] (all of them data,
//! in `assets/<lang>/words.toml`), renders a legal move as its announcement
//! ([`Vocabulary::announce`]), lists every phrase that designates it ([`Vocabulary::phrases`]),
//! and resolves what a recognizer heard ([`Vocabulary::resolve`]) or a player typed
//! ([`Vocabulary::parse_typed`]) against the legal moves of a position. All of these work
//! on the phrase forms of the position's legal moves, which a [`MovePhrases`] builds once
//! per position and shares (the session keeps one; the `Vocabulary` methods build a fresh
//! one for a single question).
//!
//! Resolution never guesses silently: a heard move is [`Resolution::Move`] with `sure: true`
//! only when it fits exactly (up to filler words) with confident words and no other legal move
//! comes close; otherwise the station must ask back, ask which, or say why it is illegal.

#[cfg(test)]
pub(crate) mod counters;
mod data;
mod described;
mod illegal;
mod lexicon;
mod matcher;
mod move_phrases;
mod recognizer;
mod typed;

pub use described::Described;
pub use move_phrases::{MovePhrases, RenderedMove};

#[cfg(test)]
mod tests;

use std::sync::LazyLock;

use shakmaty::san::{self, San, SanPlus};
use shakmaty::{CastlingSide, Chess, Color, File, Move, Rank, Role, Square};

use crate::core::lang::Language;
use lexicon::{Lexicon, Sym};

/// Why a word file could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordsError {
    /// The file is not valid TOML or does not have the expected fields.
    #[error("words of {language}: {message}")]
    Syntax {
        /// The language of the file.
        language: Language,
        /// What the TOML parser said.
        message: String,
    },
    /// The file parses but its content is inconsistent (e.g. seven file names).
    #[error("words of {language}: {message}")]
    Invalid {
        /// The language of the file.
        language: Language,
        /// What is wrong.
        message: String,
    },
}

static VOCABULARIES: LazyLock<[Vocabulary; 3]> =
    LazyLock::new(|| Language::ALL.map(|l| load(l).unwrap_or_else(|_| Vocabulary::fallback(l))));

/// The vocabulary of `lang`, loaded once from the embedded `assets/<lang>/words.toml`.
///
/// The shipped files are proven to load by a unit test; should one ever fail, the vocabulary
/// falls back to plain algebraic notation (FIDE Laws Appendix C: letters a–h, digits 1–8,
/// K Q R B N), so the station still works. Call [`load`] to see the error.
pub fn vocabulary(lang: Language) -> &'static Vocabulary {
    let i = match lang {
        Language::De => 0,
        Language::Es => 1,
        Language::En => 2,
    };
    &VOCABULARIES[i]
}

/// Loads the vocabulary of `lang` from its embedded word file, reporting any error.
pub fn load(lang: Language) -> Result<Vocabulary, WordsError> {
    data::load(lang)
}

/// The names of one kind of piece.
#[derive(Clone, Debug)]
struct PieceWords {
    name: String,
    plural: String,
    letter: char,
}

/// The castling announcements: the one spoken, and every wording understood.
#[derive(Clone, Debug)]
struct CastleWords {
    king_side: String,
    queen_side: String,
    either: String,
    /// Every wording (as written in the file) of king side, queen side, either.
    all: [Vec<String>; 3],
}

/// The words of moves of one language: what the station says and what it understands.
#[derive(Clone, Debug)]
pub struct Vocabulary {
    language: Language,
    square: String,
    files: [String; 8],
    ranks: [String; 8],
    /// Indexed by `Role as usize - 1` (pawn, knight, bishop, rook, queen, king).
    pieces: [PieceWords; 6],
    castling: CastleWords,
    capture: String,
    check: String,
    checkmate: String,
    en_passant: String,
    /// The word before an origin ("von").
    from: String,
    colors: [String; 2],
    lexicon: Lexicon,
}

/// The result of parsing typed input.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    /// The move (or why there is none).
    pub resolution: Resolution,
    /// FIDE Laws C.12: "(=)" after the move: the player offers a draw.
    pub draw_offer: bool,
}

/// Words as a recognizer delivers them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeardWords {
    /// The words, in the order heard.
    pub words: Vec<HeardWord>,
}

impl HeardWords {
    /// Splits text at white space into words of confidence 1.0, without alternatives.
    pub fn from_text(text: &str) -> HeardWords {
        HeardWords {
            words: text
                .split_whitespace()
                .map(|w| HeardWord::new(w, 1.0))
                .collect(),
        }
    }

    /// The words' texts joined by spaces.
    pub fn text(&self) -> String {
        self.words
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One word as a recognizer heard it.
#[derive(Clone, Debug, PartialEq)]
pub struct HeardWord {
    /// The recognizer's first choice.
    pub text: String,
    /// Its confidence, 0 to 1.
    pub confidence: f32,
    /// Other words it may have been, with their confidences.
    pub alternatives: Vec<(String, f32)>,
}

impl HeardWord {
    /// A heard word without alternatives.
    pub fn new(text: &str, confidence: f32) -> HeardWord {
        HeardWord {
            text: text.to_owned(),
            confidence,
            alternatives: Vec::new(),
        }
    }
}

/// What heard or typed words resolve to in a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Resolution {
    /// One legal move fits. `sure == false`: it fits, but confidence is low or the match is
    /// loose: the station must ask back ("Meinten Sie …?") rather than echo it as heard.
    Move {
        /// The move.
        mv: Move,
        /// Whether it fits exactly with confident words and nothing else comes close.
        sure: bool,
    },
    /// Several legal moves fit equally well (e.g. two knights can reach the square, or two
    /// moves go to the target named alone): the station asks which, naming the candidates.
    Ambiguous(Vec<Move>),
    /// The words describe a move clearly, but no legal move fits; says why.
    Illegal(IllegalReason),
    /// Nothing move-like was recognized.
    NotUnderstood,
}

/// Why clearly described words are not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The side to move has no piece of this kind.
    NoSuchPiece {
        /// The kind named.
        role: Role,
    },
    /// The origin named holds no piece of the side to move (of the kind named).
    NoPieceOn {
        /// The origin named.
        square: Square,
    },
    /// FIDE Laws 3.2–3.7: no piece of this kind (from the origin named) moves to the target.
    NoPieceReaches {
        /// The kind named (a pawn if none was).
        role: Role,
        /// The target.
        to: Square,
    },
    /// FIDE Laws 3.1: a piece may not move to a square occupied by a piece of the same colour.
    OwnPieceOnTarget {
        /// The target.
        to: Square,
    },
    /// FIDE Laws 3.9/3.10: the piece could go there, but its own king would be (or stay) in
    /// check.
    WouldLeaveKingInCheck {
        /// The kind of piece.
        role: Role,
        /// One origin from which it could go there.
        from: Square,
        /// The target.
        to: Square,
        /// Whether the king is in check now (the move does not parry it).
        in_check: bool,
    },
    /// FIDE Laws 3.8.2: castling is not possible now (rights lost, pieces between, king in,
    /// through or into check). `side == None`: castling was named without a side.
    CastlingNotAllowed {
        /// The side named, if any.
        side: Option<CastlingSide>,
    },
    /// FIDE Laws 3.7.5.1 and D.2.1: the pawn reaches the last rank, the piece chosen must be
    /// announced.
    PromotionMissing {
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
    /// A promotion piece was named for a move that is no promotion.
    NotAPromotion {
        /// The target.
        to: Square,
    },
    /// FIDE Laws 3.7.5.1: a pawn is exchanged for a queen, rook, bishop or knight only.
    InvalidPromotion {
        /// The kind named.
        role: Role,
    },
    /// The words clearly heard are a fragment of a move ("Läufer vier", "Cäsar") and no
    /// legal move has them all: no move of the piece named (FIDE Laws 3.2–3.7), or none
    /// from or to the file or rank named.
    NothingFits {
        /// The piece named, if any.
        role: Option<Role>,
        /// The file named, if any.
        file: Option<File>,
        /// The rank named, if any.
        rank: Option<Rank>,
    },
}

impl Vocabulary {
    /// Plain algebraic notation (FIDE Laws Appendix C), used only if a word file fails to load.
    fn fallback(lang: Language) -> Vocabulary {
        let files: [String; 8] = File::ALL.map(|f| f.char().to_string());
        let ranks: [String; 8] = Rank::ALL.map(|r| r.char().to_string());
        let pieces: [PieceWords; 6] = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .map(|r| PieceWords {
            name: r.upper_char().to_string(),
            plural: r.upper_char().to_string(),
            letter: r.upper_char(),
        });
        let short = San::Castle(CastlingSide::KingSide).to_string();
        let long = San::Castle(CastlingSide::QueenSide).to_string();
        let mut lexicon = Lexicon::default();
        for i in 0..8u8 {
            lexicon.add(&files[usize::from(i)], Sym::file(i));
            lexicon.add(&ranks[usize::from(i)], Sym::rank(i));
        }
        for (i, p) in pieces.iter().enumerate() {
            if let Some(role) = Sym(16 + i as u8).as_role() {
                lexicon.add(&p.name, Sym::piece(role));
            }
        }
        lexicon.add(&short, Sym::CASTLE_KING_SIDE);
        lexicon.add(&long, Sym::CASTLE_QUEEN_SIDE);
        lexicon.add("x", Sym::CAPTURE);
        Vocabulary {
            language: lang,
            square: "{file}{rank}".to_owned(),
            files,
            ranks,
            pieces,
            castling: CastleWords {
                king_side: short.clone(),
                queen_side: long.clone(),
                either: String::new(),
                all: [vec![short], vec![long], Vec::new()],
            },
            capture: "x".to_owned(),
            check: "+".to_owned(),
            checkmate: "#".to_owned(),
            en_passant: String::new(),
            from: String::new(),
            colors: [
                Color::White.char().to_string(),
                Color::Black.char().to_string(),
            ],
            lexicon,
        }
    }

    /// The language of these words.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The name of a kind of piece (FIDE Laws D.2.1: König, Dame, Turm, Läufer, Springer,
    /// Bauer).
    pub fn piece_name(&self, role: Role) -> &str {
        &self.pieces[role as usize - 1].name
    }

    /// The plural of a piece name ("Springer", "Läufer", "Bauern").
    pub fn piece_name_plural(&self, role: Role) -> &str {
        &self.pieces[role as usize - 1].plural
    }

    /// This language's letter for a piece in algebraic notation (FIDE Laws C.5; de: K D T L S
    /// B, es: R D T A C P, en: K Q R B N P).
    pub fn piece_letter(&self, role: Role) -> char {
        self.pieces[role as usize - 1].letter
    }

    /// The spoken name of a file (FIDE Laws D.2.1: Anna, Bella, Cäsar, …).
    pub fn file_name(&self, file: File) -> &str {
        &self.files[file as usize]
    }

    /// The spoken name of a rank (FIDE Laws D.2.1: eins, zwei, …).
    pub fn rank_name(&self, rank: Rank) -> &str {
        &self.ranks[rank as usize]
    }

    /// The spoken name of a square ("Felix drei"; en "f3").
    pub fn square_name(&self, sq: Square) -> String {
        self.square
            .replace("{file}", self.file_name(sq.file()))
            .replace("{rank}", self.rank_name(sq.rank()))
    }

    /// The name of a side ("Weiß"/"Schwarz", "blancas"/"negras").
    pub fn color_name(&self, color: Color) -> &str {
        &self.colors[usize::from(color.is_black())]
    }

    /// The announcement of a castling (FIDE Laws D.2.1: "Kurze Rochade", "Lange Rochade").
    pub fn castling_name(&self, side: CastlingSide) -> &str {
        match side {
            CastlingSide::KingSide => &self.castling.king_side,
            CastlingSide::QueenSide => &self.castling.queen_side,
        }
    }

    /// Every word this language understands in moves (normalised, see
    /// [`crate::core::lang::normalize_word`]), for the recognizer's vocabulary check.
    pub fn known_words(&self) -> Vec<String> {
        self.lexicon.words()
    }

    /// The spoken word of a meaning (empty for meanings that are never spoken).
    fn say(&self, sym: Sym) -> &str {
        if let Some(f) = sym.as_file() {
            return &self.files[usize::from(f)];
        }
        if let Some(r) = sym.as_rank() {
            return &self.ranks[usize::from(r)];
        }
        if let Some(role) = sym.as_role() {
            return self.piece_name(role);
        }
        match sym {
            Sym::CAPTURE => &self.capture,
            Sym::CHECK => &self.check,
            Sym::MATE => &self.checkmate,
            Sym::EN_PASSANT => &self.en_passant,
            Sym::CASTLE_KING_SIDE => &self.castling.king_side,
            Sym::CASTLE_QUEEN_SIDE => &self.castling.queen_side,
            Sym::CASTLE => &self.castling.either,
            _ => "",
        }
    }

    /// Renders meanings as words; a file followed by a rank is spoken as a square.
    fn render(&self, syms: &[Sym]) -> String {
        let mut words: Vec<String> = Vec::with_capacity(syms.len());
        let mut i = 0;
        while i < syms.len() {
            if let (Some(f), Some(r)) =
                (syms[i].as_file(), syms.get(i + 1).and_then(|s| s.as_rank()))
            {
                words.push(self.square_name(Square::from_coords(
                    File::new(u32::from(f)),
                    Rank::new(u32::from(r)),
                )));
                i += 2;
                continue;
            }
            let w = self.say(syms[i]);
            if !w.is_empty() {
                words.push(w.to_owned());
            }
            i += 1;
        }
        words.join(" ")
    }

    /// The meanings of the announcement of `m`, whose SAN is `san`: SAN order and
    /// disambiguation (FIDE Laws C.9, C.10), en passant, promotion piece (D.2.1), check or
    /// mate (C.12).
    fn announcement_syms(&self, san: &SanPlus, m: Move, long: bool) -> Vec<Sym> {
        let mut out = Vec::with_capacity(8);
        if let Some(side) = m.castling_side() {
            out.push(match side {
                CastlingSide::KingSide => Sym::CASTLE_KING_SIDE,
                CastlingSide::QueenSide => Sym::CASTLE_QUEEN_SIDE,
            });
        } else if let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = san.san
        {
            if role != Role::Pawn {
                out.push(Sym::piece(role));
            }
            let (file, rank) = match (long, m.from()) {
                (true, Some(from)) => (Some(from.file()), Some(from.rank())),
                _ => (file, rank),
            };
            if let Some(f) = file {
                out.push(Sym::file(f as u8));
            }
            if let Some(r) = rank {
                out.push(Sym::rank(r as u8));
            }
            if capture {
                out.push(Sym::CAPTURE);
            }
            out.push(Sym::file(to.file() as u8));
            out.push(Sym::rank(to.rank() as u8));
            if m.is_en_passant() {
                out.push(Sym::EN_PASSANT);
            }
            if let Some(p) = promotion {
                out.push(Sym::piece(p));
            }
        }
        match san.suffix {
            None => {}
            Some(san::Suffix::Check) => out.push(Sym::CHECK),
            Some(san::Suffix::Checkmate) => out.push(Sym::MATE),
        }
        out
    }

    // The methods below answer one question about a position and build what it needs for
    // that question alone; whoever asks again about the same position (the session, a
    // grammar) keeps a `MovePhrases` instead.

    /// The announcement of a legal move in `pos` ([`MovePhrases::announce`]).
    pub fn announce(&self, pos: &Chess, m: Move) -> String {
        MovePhrases::new(self, pos.clone()).announce(m)
    }

    /// Every phrase that designates `m` unambiguously in `pos` ([`MovePhrases::phrases`]).
    pub fn phrases(&self, pos: &Chess, m: Move) -> Vec<String> {
        MovePhrases::new(self, pos.clone()).phrases(m)
    }

    /// Resolves heard words against the legal moves of `pos` ([`MovePhrases::resolve`]).
    pub fn resolve(&self, pos: &Chess, heard: &HeardWords, among: Option<&[Move]>) -> Resolution {
        MovePhrases::new(self, pos.clone()).resolve(heard, among)
    }

    /// Typed input in `pos` ([`MovePhrases::parse_typed`]).
    pub fn parse_typed(&self, pos: &Chess, text: &str, among: Option<&[Move]>) -> Typed {
        MovePhrases::new(self, pos.clone()).parse_typed(text, among)
    }

    /// The concrete spoken texts of a form: optional piece, capture and en passant words
    /// present and absent; prepositions left out; castling in every wording.
    fn expand(&self, form: &matcher::Form) -> Vec<String> {
        let toks: Vec<(Sym, bool)> = form.tokens().collect();
        if let [(sym, false)] = toks.as_slice() {
            let slot = match *sym {
                Sym::CASTLE_KING_SIDE => Some(0),
                Sym::CASTLE_QUEEN_SIDE => Some(1),
                Sym::CASTLE => Some(2),
                _ => None,
            };
            if let Some(slot) = slot {
                return self.castling.all[slot].clone();
            }
        }
        let optional: Vec<usize> = toks
            .iter()
            .enumerate()
            .filter(|(_, (s, o))| *o && !matches!(*s, Sym::FROM | Sym::TO | Sym::PROMOTE))
            .map(|(i, _)| i)
            .collect();
        let mut out = Vec::with_capacity(1 << optional.len());
        for mask in 0u32..(1 << optional.len()) {
            let syms: Vec<Sym> = toks
                .iter()
                .enumerate()
                .filter(|(i, (s, o))| {
                    if !*o {
                        return true;
                    }
                    if matches!(*s, Sym::FROM | Sym::TO | Sym::PROMOTE) {
                        return false;
                    }
                    let k = optional.iter().position(|x| x == i).unwrap_or(0);
                    mask & (1 << k) != 0
                })
                .map(|(_, (s, _))| *s)
                .collect();
            let text = self.render(&syms);
            if !text.is_empty() {
                out.push(text);
            }
        }
        out
    }
}

/// Moves in a stable order: by origin, target, promotion piece.
pub(crate) fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| {
        (
            m.from().map(|s| s as u8),
            m.to() as u8,
            m.promotion().map(|r| r as u8),
        )
    });
    moves.dedup();
    moves
}
