//! Words of moves: vocabulary, rendering moves to phrases, resolving heard and typed input.
//!
//! FIDE Laws D.2.1: "Moves shall be announced clearly, repeated by the opponent and executed
//! on his chessboard. When promoting a pawn, the player must announce which piece is chosen."
//! This module knows the words of such announcements in each [`Language`] (all of them data,
//! in `assets/<lang>/words.toml`), renders a legal move as its announcement
//! ([`Vocabulary::announce`]), lists every phrase that designates it ([`Vocabulary::phrases`]),
//! and resolves what a recognizer heard ([`Vocabulary::resolve`]) or a player typed
//! ([`Vocabulary::parse_typed`]) against the legal moves of a position.
//!
//! Resolution never guesses silently: a heard move is [`Resolution::Move`] with `sure: true`
//! only when it fits exactly (up to filler words) with confident words and no other legal move
//! comes close; otherwise the station must ask back, ask which, or say why it is illegal.

mod data;
mod illegal;
mod lexicon;
mod matcher;
mod typed;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::LazyLock;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::core::lang::{Language, normalize_phrase};
use lexicon::{Lexicon, Sym, cost};
use matcher::{Forms, Suffix};

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
pub struct Utterance {
    /// The words, in the order heard.
    pub words: Vec<HeardWord>,
}

impl Utterance {
    /// Splits text at white space into words of confidence 1.0, without alternatives.
    pub fn from_text(text: &str) -> Utterance {
        Utterance {
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

    /// Every text a move phrase ([`Vocabulary::phrases`]) can be made of, as written in the
    /// word file: file, rank and piece names (singular and plural), every castling wording,
    /// the capture, check, mate and en passant words (FIDE Laws D.2.1). For a recognizer's
    /// vocabulary check.
    pub fn spoken_words(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        out.extend(self.files.iter().cloned());
        out.extend(self.ranks.iter().cloned());
        for p in &self.pieces {
            out.push(p.name.clone());
            out.push(p.plural.clone());
        }
        for all in &self.castling.all {
            out.extend(all.iter().cloned());
        }
        out.extend([
            self.capture.clone(),
            self.check.clone(),
            self.checkmate.clone(),
            self.en_passant.clone(),
        ]);
        out.retain(|w| !w.trim().is_empty());
        out.sort();
        out.dedup();
        out
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

    /// The meanings of the announcement of `m`: SAN order and disambiguation (FIDE Laws C.9,
    /// C.10), en passant, promotion piece (D.2.1), check or mate (C.12).
    fn announcement_syms(&self, pos: &Chess, m: Move, long: bool) -> Vec<Sym> {
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
        } = San::from_move(pos, m)
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
        match matcher::suffix(pos, m) {
            Suffix::None => {}
            Suffix::Check => out.push(Sym::CHECK),
            Suffix::Mate => out.push(Sym::MATE),
        }
        out
    }

    /// The canonical spoken announcement / echo of a legal move in `pos`, the whole move:
    /// piece, origin when needed to disambiguate (FIDE Laws C.10; a pawn capture names the
    /// file of departure, C.9), capture word, target, en passant, promotion piece (D.2.1),
    /// check / mate (C.12). De: "Springer Felix drei", "Eva schlägt David fünf en passant",
    /// pawn moves without "Bauer": "Eva vier", "Kurze Rochade",
    /// "Gustav schlägt Hector acht Dame Schach".
    ///
    /// Where this language's words are homographs (Spanish "a" is the file and "to"), an
    /// announcement that could be heard as another move names the full origin instead.
    pub fn announce(&self, pos: &Chess, m: Move) -> String {
        let text = self.render(&self.announcement_syms(pos, m, false));
        if !self.has_homograph(&text) || self.designates(pos, &text, m) {
            return text;
        }
        let long = self.render(&self.announcement_syms(pos, m, true));
        if self.designates(pos, &long, m) {
            long
        } else {
            text
        }
    }

    fn has_homograph(&self, text: &str) -> bool {
        normalize_phrase(text)
            .iter()
            .any(|w| self.lexicon.is_homograph(w))
    }

    /// Whether `text` resolves surely and uniquely to `m` in `pos`.
    fn designates(&self, pos: &Chess, text: &str, m: Move) -> bool {
        self.resolve(pos, &Utterance::from_text(text), None)
            == Resolution::Move { mv: m, sure: true }
    }

    /// Every phrase form that designates `m` unambiguously in `pos` (for the recognizer
    /// grammar and tests): SAN-like, long form with origin ("Springer Gustav eins Felix
    /// drei"), pawn moves without and with the pawn word, with and without the capture word,
    /// the target alone when only one legal move goes there, every castling wording,
    /// promotion with the piece, with and without check/mate words. Each resolves back to
    /// `m` with `sure == true`.
    pub fn phrases(&self, pos: &Chess, m: Move) -> Vec<String> {
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        let Some(me) = legal.iter().position(|x| *x == m) else {
            return Vec::new();
        };
        self.phrases_of(pos, legal, Some(me))
            .pop()
            .map(|(_, p)| p)
            .unwrap_or_default()
    }

    /// [`Vocabulary::phrases`] of every legal move of `pos` at once (the phrase forms are
    /// built once for the position, not once per move): the grammar a recognizer is given
    /// at each turn (FIDE Laws D.2.1: only a legal move can be announced).
    pub fn all_phrases(&self, pos: &Chess) -> Vec<(Move, Vec<String>)> {
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        self.phrases_of(pos, legal, None)
    }

    /// The phrases of `legal[only]`, or of every move of `legal` when `only` is `None`.
    fn phrases_of(
        &self,
        pos: &Chess,
        legal: Vec<Move>,
        only: Option<usize>,
    ) -> Vec<(Move, Vec<String>)> {
        let forms = Forms::build(pos, legal, false);
        // Every concrete phrase (without suffix) of every move, by normalised text: the one
        // move it designates, or `None` if several.
        let mut owners: HashMap<String, Option<u16>> = HashMap::new();
        let mut texts: Vec<Vec<(String, String)>> = vec![Vec::new(); forms.moves.len()];
        for (form, members) in forms.groups() {
            let wanted = members
                .iter()
                .any(|&(_, idx)| only.is_none_or(|o| usize::from(idx) == o));
            for text in self.expand(&form) {
                let key = normalize_phrase(&text).join(" ");
                for &(_, idx) in members {
                    owners
                        .entry(key.clone())
                        .and_modify(|o| {
                            if *o != Some(idx) {
                                *o = None;
                            }
                        })
                        .or_insert(Some(idx));
                }
                if !wanted {
                    continue;
                }
                for &(_, idx) in members {
                    if only.is_none_or(|o| usize::from(idx) == o) {
                        texts[usize::from(idx)].push((key.clone(), text.clone()));
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(if only.is_some() { 1 } else { texts.len() });
        for (i, mine) in texts.into_iter().enumerate() {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let m = forms.moves[i];
            let suffix_word = match matcher::suffix(pos, m) {
                Suffix::None => None,
                Suffix::Check => Some(self.check.as_str()),
                Suffix::Mate => Some(self.checkmate.as_str()),
            };
            let mut phrases: Vec<String> = vec![self.announce(pos, m)];
            for (key, text) in mine {
                if owners.get(&key) != Some(&Some(i as u16)) {
                    continue;
                }
                if let Some(w) = suffix_word.filter(|w| !w.is_empty()) {
                    phrases.push(text.clone());
                    phrases.push(format!("{text} {w}"));
                } else {
                    phrases.push(text);
                }
            }
            let mut seen = std::collections::HashSet::new();
            phrases.retain(|t| seen.insert(normalize_phrase(t).join(" ")));
            phrases.retain(|t| !self.has_homograph(t) || self.designates(pos, t, m));
            out.push((m, phrases));
        }
        out
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

    /// Localized SAN with this language's piece letters (FIDE Laws C.5; "Sf3", "Dxd4+", es
    /// "Cf3"), castling as "0-0" / "0-0-0" (C.13), "+" check and "#" mate (C.12); en passant
    /// is not marked ("exd6"). For Braille and scoresheets.
    pub fn localized_san(&self, pos: &Chess, m: Move) -> String {
        let san = San::from_move(pos, m);
        let mut text = match san {
            San::Castle(CastlingSide::KingSide) => "0-0".to_owned(),
            San::Castle(CastlingSide::QueenSide) => "0-0-0".to_owned(),
            other => other
                .to_string()
                .chars()
                .map(|c| match Role::from_char(c) {
                    Some(role) if c.is_ascii_uppercase() => self.piece_letter(role),
                    _ => c,
                })
                .collect(),
        };
        match matcher::suffix(pos, m) {
            Suffix::None => {}
            Suffix::Check => text.push('+'),
            Suffix::Mate => text.push('#'),
        }
        text
    }

    /// Resolves what was heard (words from a recognizer, or spoken text split in words)
    /// against the legal moves of `pos`.
    ///
    /// `among`: when `Some`, only those moves are candidates (the answer to "Welcher
    /// Springer: von Bella eins oder von Gustav eins?"); the answer may then be just the
    /// distinguishing word(s): "Bella", "Bella eins", "von Gustav eins".
    pub fn resolve(&self, pos: &Chess, heard: &Utterance, among: Option<&[Move]>) -> Resolution {
        let tokens = self.lexicon.tokenize(heard);
        if tokens.is_empty()
            || tokens
                .iter()
                .all(|t| t.syms & (Sym::FILLER.bit() | Sym::UNKNOWN.bit()) == t.syms)
        {
            return Resolution::NotUnderstood;
        }
        let candidates: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| among.is_none_or(|a| a.contains(m)))
            .collect();
        let confident = tokens
            .iter()
            .filter(|t| t.content().next().is_some())
            .all(|t| t.confidence >= cost::LOW_CONFIDENCE);
        let forms = Forms::build(pos, candidates, among.is_some());
        let found = matcher::best(pos, &forms, &tokens);
        if let Some(found) = &found
            && found.cost <= cost::SURE
        {
            let robust = confident && robust(pos, &forms, &tokens, heard, found);
            return decide(found, robust);
        }
        if among.is_none()
            && let Some(reason) = illegal::describe(&tokens).and_then(|d| d.reason(pos))
        {
            return Resolution::Illegal(reason);
        }
        match found {
            Some(found) if found.cost <= cost::ACCEPT => decide(&found, false),
            // Two words damaged: still asked back, or asked which among a few, rather than
            // refused; never sure.
            // A short answer to "Welcher …?" gets no such latitude.
            Some(found)
                if among.is_none()
                    && found.cost <= cost::LOOSE
                    && found.close.len() <= cost::LOOSE_CHOICES =>
            {
                decide(&found, false)
            }
            _ => Resolution::NotUnderstood,
        }
    }

    /// Whether a move resolved surely from a recognizer's words may be made by silence, at
    /// the end of a correction window (FIDE Laws D.2.3, D.2.7): only if no single likely
    /// recognizer error explains the words as another legal move. Each content word is
    /// taken, at the cost of the word as heard, for the words it is easily mistaken for
    /// (`[[confusion]]` of the word file) and for the recognizer's alternatives, and a word
    /// of another move may have been dropped (at a small cost); `mv` must stay the
    /// only best move. A recognizer may be confident of a wrong word (zwei for drei): such a
    /// move is echoed, and made only on the player's "ja". Typed or scripted words (all of
    /// confidence 1.0) are always safe.
    pub fn silence_safe(&self, pos: &Chess, heard: &Utterance, mv: Move) -> bool {
        if heard.words.iter().all(|w| w.confidence >= 1.0) {
            return true;
        }
        let tokens: Vec<lexicon::Token> = self
            .lexicon
            .tokenize(heard)
            .iter()
            .map(|t| {
                if t.content().next().is_some() {
                    t.confusable()
                } else {
                    t.clone()
                }
            })
            .collect();
        let forms = Forms::build(pos, pos.legal_moves().into_iter().collect(), false);
        matcher::best_with(pos, &forms, &tokens, cost::DOUBT_MISSING)
            .is_some_and(|found| found.close == [mv])
    }

    /// Typed input: SAN ("Nf3", "exd5", "O-O", "e8=Q", "e8Q"), UCI ("g1f3", "e7e8q"), this
    /// language's SAN ("Cf3" in es, "Sf3" in de; this language's letters take precedence over
    /// English ones: es "Rb1" is the king), FIDE Laws Appendix C conventions: "0-0", "0-0-0"
    /// (C.13), "exd6 a.p." / "e.p.", leading move numbers "11.", "1...", annotations "!?",
    /// "+", "#", "++", and a trailing draw offer "(=)" (C.12) reported in `draw_offer`. Also
    /// accepts spelled-out words (falls back to [`Vocabulary::resolve`]).
    pub fn parse_typed(&self, pos: &Chess, text: &str, among: Option<&[Move]>) -> Typed {
        typed::parse(self, pos, text, among)
    }
}

/// Whether a sure match stays unique when the recognizer's likely errors are allowed for:
/// each doubtful content word (below [`cost::HIGH_CONFIDENCE`]) taken as any other, and, for
/// a recognizer's words (any below 1.0), a word of another move not heard at
/// [`cost::DOUBT_MISSING`]. A wrong move must never be echoed as understood: under a
/// correction window, silence would make it (FIDE Laws D.2.3, D.2.7).
fn robust(
    pos: &Chess,
    forms: &Forms,
    tokens: &[lexicon::Token],
    heard: &Utterance,
    found: &matcher::Match,
) -> bool {
    let doubtful = tokens
        .iter()
        .any(|t| t.content().next().is_some() && t.confidence < cost::HIGH_CONFIDENCE);
    let recognized = heard.words.iter().any(|w| w.confidence < 1.0);
    if !doubtful && !recognized {
        return true;
    }
    let pessimistic: Vec<lexicon::Token> = tokens
        .iter()
        .map(|t| {
            if t.content().next().is_some() && t.confidence < cost::HIGH_CONFIDENCE {
                t.doubtful()
            } else {
                t.clone()
            }
        })
        .collect();
    let missing = if recognized {
        cost::DOUBT_MISSING
    } else {
        cost::MISSING
    };
    match matcher::best_with(pos, forms, &pessimistic, missing) {
        Some(again) => again.close == found.close,
        None => false,
    }
}

/// Turns a match into a resolution: one move, or several to choose from.
fn decide(found: &matcher::Match, sure: bool) -> Resolution {
    match found.close.as_slice() {
        [m] => Resolution::Move { mv: *m, sure },
        _ => Resolution::Ambiguous(sorted(found.close.clone())),
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
