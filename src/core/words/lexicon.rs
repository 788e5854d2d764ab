//! Interned meanings of words ([`Sym`]), the lexicon from normalised words to meanings, and
//! the tokenisation of what was heard into weighted tokens the matcher compares.

use std::collections::HashMap;

use shakmaty::Role;

use super::HeardWords;
use crate::core::lang::{normalize_phrase, normalize_word};

/// The meaning of a word in a move, interned as a small number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Sym(pub(crate) u8);

impl Sym {
    const FILE0: u8 = 0;
    const RANK0: u8 = 8;
    const PIECE0: u8 = 16;
    pub(crate) const CAPTURE: Sym = Sym(22);
    pub(crate) const CHECK: Sym = Sym(23);
    pub(crate) const MATE: Sym = Sym(24);
    pub(crate) const EN_PASSANT: Sym = Sym(25);
    pub(crate) const CASTLE_KING_SIDE: Sym = Sym(26);
    pub(crate) const CASTLE_QUEEN_SIDE: Sym = Sym(27);
    pub(crate) const CASTLE: Sym = Sym(28);
    pub(crate) const FROM: Sym = Sym(29);
    pub(crate) const TO: Sym = Sym(30);
    pub(crate) const PROMOTE: Sym = Sym(31);
    pub(crate) const FILLER: Sym = Sym(32);
    pub(crate) const UNKNOWN: Sym = Sym(33);
    /// How many meanings there are.
    pub(crate) const COUNT: usize = 34;

    pub(crate) fn file(i: u8) -> Sym {
        Sym(Self::FILE0 + i)
    }
    pub(crate) fn rank(i: u8) -> Sym {
        Sym(Self::RANK0 + i)
    }
    pub(crate) fn piece(role: Role) -> Sym {
        Sym(Self::PIECE0 + role as u8 - 1)
    }
    pub(crate) fn as_file(self) -> Option<u8> {
        (self.0 < Self::RANK0).then_some(self.0)
    }
    pub(crate) fn as_rank(self) -> Option<u8> {
        (Self::RANK0..Self::PIECE0)
            .contains(&self.0)
            .then(|| self.0 - Self::RANK0)
    }
    pub(crate) fn as_role(self) -> Option<Role> {
        if (Self::PIECE0..Self::PIECE0 + 6).contains(&self.0) {
            Role::ALL
                .into_iter()
                .find(|r| *r as u8 == self.0 - Self::PIECE0 + 1)
        } else {
            None
        }
    }
    pub(crate) fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// The cost of dropping a heard word of this meaning that the move does not contain.
    fn deletion_cost(self) -> f32 {
        match self {
            Sym::FILLER | Sym::FROM | Sym::TO | Sym::PROMOTE => cost::FILLER,
            Sym::CHECK => cost::DROP_CHECK,
            Sym::MATE => cost::DROP_MATE,
            Sym::CAPTURE | Sym::EN_PASSANT | Sym::CASTLE => cost::DROP_MINOR,
            Sym::UNKNOWN => cost::DROP_UNKNOWN,
            _ => cost::DROP_CONTENT,
        }
    }
    /// Whether the meaning designates something (a file, rank, piece or castling).
    pub(crate) fn is_content(self) -> bool {
        self.0 < Sym::CAPTURE.0
            || matches!(
                self,
                Sym::CASTLE_KING_SIDE | Sym::CASTLE_QUEEN_SIDE | Sym::CASTLE
            )
    }
}

/// Every cost and threshold of the matcher, in one place.
pub(crate) mod cost {
    /// Dropping a filler word ("bitte", "von", "nach").
    pub(crate) const FILLER: f32 = 0.05;
    /// Dropping "Schach" said with a move that does not give check.
    pub(crate) const DROP_CHECK: f32 = 0.15;
    /// Dropping "matt" said with a move that does not mate.
    pub(crate) const DROP_MATE: f32 = 0.45;
    /// Dropping a word that may be a filler but also a file, rank or piece (more than
    /// [`MARGIN`]: the reading that uses it as content wins).
    pub(crate) const DROP_HOMOGRAPH: f32 = 0.35;
    /// Dropping a capture or en passant word the move does not have.
    pub(crate) const DROP_MINOR: f32 = 0.45;
    /// Dropping a word that is not in the vocabulary.
    pub(crate) const DROP_UNKNOWN: f32 = 0.6;
    /// Dropping a file, rank or piece word.
    pub(crate) const DROP_CONTENT: f32 = 1.0;
    /// A word of the move's phrase that was not heard.
    pub(crate) const MISSING: f32 = 1.0;
    /// Taking a word for another unrelated one (never cheaper than dropping and adding).
    pub(crate) const UNRELATED: f32 = 2.0;
    /// Weight of a heard word's uncertainty: matching costs `(1 - confidence) * WEIGHT`.
    pub(crate) const CONFIDENCE_WEIGHT: f32 = 0.5;
    /// Extra cost of taking a recognizer's alternative instead of its first choice.
    pub(crate) const ALTERNATIVE: f32 = 0.05;
    /// A move whose cost is at most this is understood surely (echoed as heard).
    pub(crate) const SURE: f32 = 0.4;
    /// A move whose cost is at most this fits loosely (the station asks back): one word of
    /// the move not heard (a recognizer's deletion) is still asked back, not refused.
    pub(crate) const ACCEPT: f32 = 1.2;
    /// A move whose cost is at most this (two words of it misheard or not heard) is still
    /// asked back, or asked which among at most [`LOOSE_CHOICES`] moves, rather than
    /// refused ("Nicht verstanden"): most such words still name the move meant, and a
    /// question costs the player a "nein" at worst.
    pub(crate) const LOOSE: f32 = 2.0;
    /// See [`LOOSE`].
    pub(crate) const LOOSE_CHOICES: usize = 3;
    /// Moves within this margin of the best are equally good: the station asks which.
    pub(crate) const MARGIN: f32 = 0.3;
    /// A heard content word below this confidence never yields a sure move.
    pub(crate) const LOW_CONFIDENCE: f32 = 0.6;
    /// Content words must all be at least this confident to call a move illegal.
    pub(crate) const ILLEGAL_CONFIDENCE: f32 = 0.85;
    /// A content word below this confidence is doubtful: a move heard with it is understood
    /// surely only if it stays the only fitting move with that word taken as any other file,
    /// rank or piece (a recognizer's substitution, e.g. "Eva" heard for "Anna" at 0.7).
    pub(crate) const HIGH_CONFIDENCE: f32 = 0.85;
    /// A heard word may be taken for any other content word at a cost of
    /// `WILDCARD_BASE + confidence * WILDCARD` above the cost of taking it as heard: a word
    /// the recognizer itself doubts is weak evidence against a move. Always more than
    /// [`MARGIN`] above the word as heard, so the word as heard wins where it fits; always
    /// above [`SURE`], so such a move is only ever asked back.
    pub(crate) const WILDCARD_BASE: f32 = 0.35;
    /// See [`WILDCARD_BASE`].
    pub(crate) const WILDCARD: f32 = 0.9;
    /// A recognizer's word is never certain: with any word below 1.0 (a recognizer's
    /// output, not typed or scripted text), a move is understood surely only if no other
    /// legal move's phrase is the words heard plus one more at this cost (a word the
    /// recognizer dropped, e.g. "Dame Felix drei" heard as "Felix drei").
    pub(crate) const DOUBT_MISSING: f32 = 0.2;
}

/// What the lexicon knows about one normalised word.
#[derive(Clone, Debug, Default)]
pub(crate) struct WordInfo {
    /// The meanings (a bit per [`Sym`]); several for homographs like Spanish "a".
    pub(crate) syms: u64,
    /// Meanings this word is easily mistaken for, with the cost of that mistake.
    pub(crate) confusions: Vec<(Sym, f32)>,
}

/// Normalised words and word sequences to their meanings.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lexicon {
    single: HashMap<String, WordInfo>,
    /// Entries of several words, longest first.
    multi: Vec<(Vec<String>, u64)>,
}

impl Lexicon {
    pub(crate) fn add(&mut self, text: &str, sym: Sym) {
        let words = normalize_phrase(text);
        match words.len() {
            0 => {}
            1 => {
                let info = self.single.entry(words[0].clone()).or_default();
                info.syms |= sym.bit();
            }
            _ => {
                if let Some(entry) = self.multi.iter_mut().find(|(w, _)| *w == words) {
                    entry.1 |= sym.bit();
                } else {
                    self.multi.push((words, sym.bit()));
                    self.multi.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
                }
            }
        }
    }

    pub(crate) fn knows_single(&self, word: &str) -> bool {
        self.single.contains_key(&normalize_word(word))
    }

    pub(crate) fn add_confusion(&mut self, word: &str, like: &str, cost: f32) {
        let like_syms = self.syms_of(&normalize_word(like));
        if let Some(info) = self.single.get_mut(&normalize_word(word)) {
            for s in 0..Sym::COUNT as u8 {
                if like_syms & Sym(s).bit() != 0 && info.syms & Sym(s).bit() == 0 {
                    info.confusions.push((Sym(s), cost));
                }
            }
        }
    }

    fn syms_of(&self, word: &str) -> u64 {
        self.single.get(word).map_or(0, |i| i.syms)
    }

    /// Whether a normalised word has more than one meaning.
    pub(crate) fn is_homograph(&self, word: &str) -> bool {
        self.syms_of(word).count_ones() > 1
    }

    /// Every normalised word known, sorted.
    pub(crate) fn words(&self) -> Vec<String> {
        let mut out: Vec<String> = self.single.keys().cloned().collect();
        for (words, _) in &self.multi {
            out.extend(words.iter().cloned());
        }
        out.sort();
        out.dedup();
        out
    }

    /// Splits a heard utterance into tokens with their costs against every meaning.
    pub(crate) fn tokenize(&self, heard: &HeardWords) -> Vec<Token> {
        // Normalised words with the confidence and alternatives of the heard word they come from.
        let mut words: Vec<NormalizedWord> = Vec::new();
        for hw in &heard.words {
            let conf = if hw.confidence.is_finite() {
                hw.confidence.clamp(0.0, 1.0)
            } else {
                0.0
            };
            let parts = self.split_known(&normalize_phrase(&hw.text));
            let alts: Vec<(String, f32)> = if parts.len() == 1 {
                hw.alternatives
                    .iter()
                    .map(|(t, c)| (normalize_word(t), c.clamp(0.0, 1.0)))
                    .collect()
            } else {
                Vec::new()
            };
            for p in parts {
                words.push((p, conf, alts.clone()));
            }
        }
        let mut tokens = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let multi = self.multi.iter().find(|(ws, _)| {
                ws.len() <= words.len() - i && ws.iter().zip(&words[i..]).all(|(a, b)| *a == b.0)
            });
            if let Some((ws, syms)) = multi {
                let n = ws.len();
                let conf = words[i..i + n].iter().map(|w| w.1).fold(1.0f32, f32::min);
                tokens.push(Token::new(*syms, conf, &[], &[]));
                i += n;
                continue;
            }
            let (word, conf, alts) = &words[i];
            let (syms, confusions) = match self.single.get(word) {
                Some(info) => (info.syms, info.confusions.as_slice()),
                None => (Sym::UNKNOWN.bit(), &[][..]),
            };
            let alt_syms: Vec<(u64, f32)> = alts
                .iter()
                .filter_map(|(w, c)| self.single.get(w).map(|info| (info.syms, *c)))
                .collect();
            tokens.push(Token::new(syms, *conf, &alt_syms, confusions));
            i += 1;
        }
        tokens
    }

    /// Splits words the lexicon does not know at letter/digit boundaries ("e4" → "e", "4").
    fn split_known(&self, words: &[String]) -> Vec<String> {
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            if self.single.contains_key(w) {
                out.push(w.clone());
                continue;
            }
            let mut cur = String::new();
            let mut digit = None;
            for c in w.chars() {
                let d = c.is_ascii_digit();
                if digit.is_some_and(|prev| prev != d) {
                    out.push(std::mem::take(&mut cur));
                }
                digit = Some(d);
                cur.push(c);
            }
            if !cur.is_empty() {
                out.push(cur);
            }
        }
        out
    }
}

/// A normalised heard word: text, confidence, alternatives with their confidences.
type NormalizedWord = (String, f32, Vec<(String, f32)>);

/// The bits of every content meaning (files, ranks, pieces, castling).
const CONTENT: u64 = ((1u64 << 22) - 1)
    | (1u64 << Sym::CASTLE_KING_SIDE.0)
    | (1u64 << Sym::CASTLE_QUEEN_SIDE.0)
    | (1u64 << Sym::CASTLE.0);

/// One heard token, with its costs against every meaning precomputed.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    /// The meanings of the first choice.
    pub(crate) syms: u64,
    /// The first choice's confidence.
    pub(crate) confidence: f32,
    /// Meanings reachable through the recognizer's alternatives.
    pub(crate) alt_syms: u64,
    /// Meanings the first choice is easily mistaken for (`[[confusion]]` of the word file).
    pub(crate) confusable: u64,
    /// Cost of taking this token as each meaning.
    pub(crate) sub: [f32; Sym::COUNT],
    /// Cost of dropping this token.
    pub(crate) del: f32,
}

impl Token {
    fn new(syms: u64, confidence: f32, alts: &[(u64, f32)], confusions: &[(Sym, f32)]) -> Token {
        let mut sub = [cost::UNRELATED; Sym::COUNT];
        let mut del = f32::INFINITY;
        let mut alt_syms = 0;
        for (s, slot) in sub.iter_mut().enumerate() {
            let sym = Sym(s as u8);
            if syms & sym.bit() != 0 {
                *slot = (1.0 - confidence) * cost::CONFIDENCE_WEIGHT;
                let d = sym.deletion_cost();
                let d = if sym.is_content() || sym == Sym::UNKNOWN {
                    d * (0.5 + 0.5 * confidence)
                } else {
                    d
                };
                del = del.min(d);
            }
        }
        for (a, q) in alts {
            alt_syms |= a;
            for (s, slot) in sub.iter_mut().enumerate() {
                if a & Sym(s as u8).bit() != 0 {
                    *slot = slot.min(cost::ALTERNATIVE + (1.0 - q) * cost::CONFIDENCE_WEIGHT);
                }
            }
        }
        let mut confusable = 0;
        for (sym, c) in confusions {
            confusable |= sym.bit();
            let slot = &mut sub[usize::from(sym.0)];
            *slot = slot.min(c * (0.5 + 0.5 * confidence));
        }
        if syms & CONTENT != 0 || syms & Sym::UNKNOWN.bit() != 0 {
            let wildcard = (1.0 - confidence) * cost::CONFIDENCE_WEIGHT
                + cost::WILDCARD_BASE
                + confidence * cost::WILDCARD;
            for (s, slot) in sub.iter_mut().enumerate() {
                if Sym(s as u8).is_content() {
                    *slot = slot.min(wildcard);
                }
            }
        }
        if !del.is_finite() {
            del = cost::DROP_UNKNOWN;
        }
        // A homograph that may be content (Spanish "a": the file or "to") is not dropped as
        // cheaply as a mere filler: a reading that uses it as content is preferred.
        let content =
            (0..Sym::COUNT as u8).any(|s| syms & Sym(s).bit() != 0 && Sym(s).is_content());
        if content && syms.count_ones() > 1 {
            del = del.max(cost::DROP_HOMOGRAPH);
        }
        Token {
            syms,
            confidence,
            alt_syms,
            confusable,
            sub,
            del,
        }
    }

    /// This token as a recognizer may have got it wrong even when confident: taking it for
    /// a word it is easily mistaken for, or for one of the recognizer's alternatives, costs
    /// no more than taking it as heard, plus [`cost::ALTERNATIVE`].
    pub(crate) fn confusable(&self) -> Token {
        let own = (1.0 - self.confidence) * cost::CONFIDENCE_WEIGHT + cost::ALTERNATIVE;
        let mut t = self.clone();
        let near = (self.confusable | self.alt_syms) & !self.syms;
        for (s, slot) in t.sub.iter_mut().enumerate() {
            if near & Sym(s as u8).bit() != 0 && Sym(s as u8).is_content() {
                *slot = slot.min(own);
            }
        }
        t
    }

    /// This token as doubtful: taking it for any other content meaning costs no more than
    /// taking it for what it was heard as, plus [`cost::ALTERNATIVE`].
    pub(crate) fn doubtful(&self) -> Token {
        let own = (1.0 - self.confidence) * cost::CONFIDENCE_WEIGHT + cost::ALTERNATIVE;
        let mut t = self.clone();
        for (s, slot) in t.sub.iter_mut().enumerate() {
            if Sym(s as u8).is_content() {
                *slot = slot.min(own);
            }
        }
        t
    }

    /// Whether this clearly heard word rules out a move whose phrases can contain only the
    /// content meanings `bits`: it is confident ([`cost::HIGH_CONFIDENCE`]), means only
    /// content (no filler, preposition or marker reading, as Spanish "a" has) and none of
    /// its meanings is in `bits`. A recognizer's word (`recognized`) may also have been
    /// taken for a word it is easily mistaken for or for one of its alternatives: it rules
    /// out no move with one of those either.
    pub(crate) fn excludes(&self, bits: u64, recognized: bool) -> bool {
        let meanings = if recognized {
            self.syms | self.confusable | self.alt_syms
        } else {
            self.syms
        };
        self.confidence >= cost::HIGH_CONFIDENCE
            && self.syms & CONTENT != 0
            && self.syms & !CONTENT == 0
            && meanings & bits == 0
    }

    /// Whether this token may mean `sym` at all (first choice or alternative).
    pub(crate) fn may_be(&self, sym: Sym) -> bool {
        (self.syms | self.alt_syms) & sym.bit() != 0
    }

    /// The content meanings of the first choice.
    pub(crate) fn content(&self) -> impl Iterator<Item = Sym> + '_ {
        (0..Sym::COUNT as u8)
            .map(Sym)
            .filter(|s| self.syms & s.bit() != 0 && s.is_content())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syms_round_trip() {
        for role in Role::ALL {
            assert_eq!(Sym::piece(role).as_role(), Some(role));
        }
        for i in 0..8 {
            assert_eq!(Sym::file(i).as_file(), Some(i));
            assert_eq!(Sym::rank(i).as_rank(), Some(i));
            assert_eq!(Sym::file(i).as_rank(), None);
        }
        const { assert!(Sym::COUNT <= 64) };
    }

    #[test]
    fn tokenizes_multi_words_and_splits_squares() {
        let mut lex = Lexicon::default();
        lex.add("null null", Sym::CASTLE_KING_SIDE);
        lex.add("null null null", Sym::CASTLE_QUEEN_SIDE);
        lex.add("e", Sym::file(4));
        lex.add("4", Sym::rank(3));
        let t = lex.tokenize(&HeardWords::from_text("null null null"));
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].syms, Sym::CASTLE_QUEEN_SIDE.bit());
        let t = lex.tokenize(&HeardWords::from_text("e4 quatsch"));
        assert_eq!(t.len(), 3);
        assert_eq!(t[2].syms, Sym::UNKNOWN.bit());
    }
}
