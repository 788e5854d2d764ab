//! The phrase forms of one position's legal moves, built once for the position.
//!
//! FIDE Laws D.2.1: only a legal move can be announced, so whatever is heard or typed is
//! matched against the ways the legal moves of the position may be said. Three parts of
//! the station need those phrase forms: resolving an announcement
//! ([`MovePhrases::resolve`], [`MovePhrases::parse_typed`]), deciding whether a correction
//! window may make a heard move by silence ([`MovePhrases::silence_safe`]), and the
//! recognizer's grammar ([`MovePhrases::all_phrases`], read by
//! [`crate::core::grammar::GrammarBuilder::build`]). A [`MovePhrases`] builds the forms the
//! first time one of them asks and keeps them, and the phrase texts likewise; the session
//! keeps one per position (a new one when a move is made or taken back) and shares it with
//! the recognizer's thread, so each position's forms are built once.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role};

use super::lexicon::{self, Sym, cost};
use super::matcher::{self, Forms};
use super::{HeardWords, Resolution, Typed, Vocabulary, illegal, typed};
use crate::core::lang::normalize_phrase;

/// The phrase forms of the legal moves of one position in one language, built at first use
/// and kept (see the module documentation).
pub struct MovePhrases<'v> {
    vocab: &'v Vocabulary,
    pos: Chess,
    /// The forms of every legal move (not the short answers to "Welcher …?").
    forms: OnceLock<Forms>,
    /// Every phrase of every legal move, for the recognizer's grammar.
    phrases: OnceLock<Vec<(Move, Vec<String>)>>,
}

impl std::fmt::Debug for MovePhrases<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MovePhrases")
            .field("language", &self.vocab.language())
            .field("position", &self.pos)
            .field("forms_built", &self.forms.get().is_some())
            .finish_non_exhaustive()
    }
}

/// A move rendered in every form the station says, shows and records, once (FIDE Laws
/// D.2.1, C.5, D.2.6): computed when the move is echoed and carried until it is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderedMove {
    /// The move.
    pub mv: Move,
    /// The announcement, as spoken ([`MovePhrases::announce`]).
    pub phrase: String,
    /// SAN in the language's letters, as Braille and the status line show it
    /// ([`Vocabulary::localized_san`]).
    pub san_local: String,
    /// Standard SAN with its check or mate suffix, for the PGN scoresheet.
    pub san: String,
    /// UCI notation.
    pub uci: String,
}

impl<'v> MovePhrases<'v> {
    /// The phrases of `pos` in `vocab`'s words; nothing is built until asked for.
    pub fn new(vocab: &'v Vocabulary, pos: Chess) -> MovePhrases<'v> {
        MovePhrases {
            vocab,
            pos,
            forms: OnceLock::new(),
            phrases: OnceLock::new(),
        }
    }

    /// The position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The words they are in.
    pub fn vocabulary(&self) -> &'v Vocabulary {
        self.vocab
    }

    /// The forms of every legal move, built on the first call.
    fn forms(&self) -> &Forms {
        self.forms.get_or_init(|| {
            Forms::build(
                &self.pos,
                self.pos.legal_moves().into_iter().collect(),
                false,
            )
        })
    }

    /// A legal move in every form at once: the announcement, the language's SAN, SAN and
    /// UCI (`mode`: how castling is written in UCI).
    pub fn render(&self, mv: Move, mode: CastlingMode) -> RenderedMove {
        #[cfg(test)]
        super::counters::count(|c| c.renders += 1);
        let san = SanPlus::from_move(self.pos.clone(), mv);
        RenderedMove {
            mv,
            phrase: self.announce_san(&san, mv),
            san_local: self.vocab.localize(&san),
            san: san.to_string(),
            uci: UciMove::from_move(mv, mode).to_string(),
        }
    }

    /// The canonical spoken announcement / echo of a legal move, the whole move:
    /// piece, origin when needed to disambiguate (FIDE Laws C.10; a pawn capture names the
    /// file of departure, C.9), capture word, target, en passant, promotion piece (D.2.1),
    /// check / mate (C.12). De: "Springer Felix drei", "Eva schlägt David fünf en passant",
    /// pawn moves without "Bauer": "Eva vier", "Kurze Rochade",
    /// "Gustav schlägt Hector acht Dame Schach".
    ///
    /// Where this language's words are homographs (Spanish "a" is the file and "to"), an
    /// announcement that could be heard as another move names the full origin instead.
    pub fn announce(&self, m: Move) -> String {
        self.announce_san(&SanPlus::from_move(self.pos.clone(), m), m)
    }

    /// [`MovePhrases::announce`] of `m`, whose SAN is `san`.
    fn announce_san(&self, san: &SanPlus, m: Move) -> String {
        #[cfg(test)]
        super::counters::count(|c| c.spoken += 1);
        let v = self.vocab;
        let text = v.render(&v.announcement_syms(san, m, false));
        if !self.has_homograph(&text) || self.designates(&text, m) {
            return text;
        }
        let long = v.render(&v.announcement_syms(san, m, true));
        if self.designates(&long, m) {
            long
        } else {
            text
        }
    }

    fn has_homograph(&self, text: &str) -> bool {
        normalize_phrase(text)
            .iter()
            .any(|w| self.vocab.lexicon.is_homograph(w))
    }

    /// Whether `text` resolves surely and uniquely to `m`.
    fn designates(&self, text: &str, m: Move) -> bool {
        self.resolve(&HeardWords::from_text(text), None) == Resolution::Move { mv: m, sure: true }
    }

    /// Every phrase form that designates `m` unambiguously (for the recognizer grammar and
    /// tests): SAN-like, long form with origin ("Springer Gustav eins Felix drei"), pawn
    /// moves without and with the pawn word, with and without the capture word, the target
    /// alone when only one legal move goes there, every castling wording, promotion with
    /// the piece, with and without check/mate words. Each resolves back to `m` with
    /// `sure == true`; the announcement comes first.
    pub fn phrases(&self, m: Move) -> Vec<String> {
        if let Some(all) = self.phrases.get() {
            return all
                .iter()
                .find(|(x, _)| *x == m)
                .map(|(_, p)| p.clone())
                .unwrap_or_default();
        }
        let Some(me) = self.forms().moves.iter().position(|x| *x == m) else {
            return Vec::new();
        };
        self.phrases_of(Some(me))
            .pop()
            .map(|(_, p)| p)
            .unwrap_or_default()
    }

    /// [`MovePhrases::phrases`] of every legal move, built once: the grammar a recognizer
    /// is given at each turn (FIDE Laws D.2.1: only a legal move can be announced).
    pub fn all_phrases(&self) -> &[(Move, Vec<String>)] {
        self.phrases.get_or_init(|| self.phrases_of(None))
    }

    /// The phrases of the legal move at index `only` of the forms, or of every legal move
    /// when `only` is `None`.
    fn phrases_of(&self, only: Option<usize>) -> Vec<(Move, Vec<String>)> {
        let forms = self.forms();
        // Every concrete phrase (without suffix) of every move, by normalised text: the one
        // move it designates, or `None` if several.
        let mut owners: HashMap<String, Option<u16>> = HashMap::new();
        let mut texts: Vec<Vec<(String, String)>> = vec![Vec::new(); forms.moves.len()];
        for (form, members) in forms.groups() {
            let wanted = members
                .iter()
                .any(|&(_, idx)| only.is_none_or(|o| usize::from(idx) == o));
            for text in self.vocab.expand(&form) {
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
            out.push((m, self.own_phrases(m, i, mine, &owners)));
        }
        out
    }

    /// The phrases of `m` (index `i`): its announcement, then each of its texts that only
    /// it owns, with and without its check or mate word.
    fn own_phrases(
        &self,
        m: Move,
        i: usize,
        mine: Vec<(String, String)>,
        owners: &HashMap<String, Option<u16>>,
    ) -> Vec<String> {
        let suffix_word = match matcher::suffix(&self.pos, m) {
            matcher::Suffix::None => None,
            matcher::Suffix::Check => Some(self.vocab.check.as_str()),
            matcher::Suffix::Mate => Some(self.vocab.checkmate.as_str()),
        };
        let mut phrases: Vec<String> = vec![self.announce(m)];
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
        let mut seen = HashSet::new();
        phrases.retain(|t| seen.insert(normalize_phrase(t).join(" ")));
        phrases.retain(|t| !self.has_homograph(t) || self.designates(t, m));
        phrases
    }

    /// Resolves what was heard (words from a recognizer, or spoken text split in words)
    /// against the legal moves.
    ///
    /// `among`: when `Some`, only those moves are candidates (the answer to "Welcher
    /// Springer: von Bella eins oder von Gustav eins?"); the answer may then be just the
    /// distinguishing word(s): "Bella", "Bella eins", "von Gustav eins". Those short
    /// answers are forms of the question's candidates, built for the answer.
    pub fn resolve(&self, heard: &HeardWords, among: Option<&[Move]>) -> Resolution {
        let pos = &self.pos;
        let tokens = self.vocab.lexicon.tokenize(heard);
        if tokens.is_empty()
            || tokens
                .iter()
                .all(|t| t.syms & (Sym::FILLER.bit() | Sym::UNKNOWN.bit()) == t.syms)
        {
            return Resolution::NotUnderstood;
        }
        let confident = tokens
            .iter()
            .filter(|t| t.content().next().is_some())
            .all(|t| t.confidence >= cost::LOW_CONFIDENCE);
        let answers;
        let forms = match among {
            None => self.forms(),
            Some(among) => {
                answers = self.answer_forms(among);
                &answers
            }
        };
        // A move understood surely is so whatever the narrowing: a sure match is decided on
        // every move's cost, as the silence check and the robustness check see them.
        if let Some(found) = matcher::best_with(pos, forms, &tokens, cost::MISSING)
            && found.cost <= cost::SURE
        {
            let robust = confident && robust(pos, forms, &tokens, heard, &found);
            return decide(&found, robust);
        }
        let recognized = heard.words.iter().any(|w| w.confidence < 1.0);
        let (found, narrowed) = matched(pos, forms, &tokens, recognized);
        // An answer to "Welcher …?" that a clearly heard word of it rules out for every
        // move asked about fits none of them.
        if among.is_some() && !narrowed && illegal::clear(&tokens) {
            return Resolution::NotUnderstood;
        }
        if among.is_none() {
            if let Some(d) = illegal::describe(&tokens)
                && let Some(r) = d.resolution(pos)
            {
                return r;
            }
            if !narrowed && let Some(reason) = illegal::nothing_fits(&tokens, pos) {
                return Resolution::Illegal(reason);
            }
        }
        loose(found, among.is_none(), narrowed && illegal::clear(&tokens))
    }

    /// The forms of the candidates `among` with the short answers to "Welcher …?".
    fn answer_forms(&self, among: &[Move]) -> Forms {
        let candidates: Vec<Move> = self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|m| among.contains(m))
            .collect();
        Forms::build(&self.pos, candidates, true)
    }

    /// Whether the words answer "Welcher …?" about the moves `among` exactly: one or
    /// several of them fit as well as a move understood surely. Such an answer is never
    /// taken for another move, even if the same words are a complete announcement of one
    /// ("Felix drei" to "Springer Felix drei oder Läufer Felix drei?" is no pawn move).
    pub fn answers_exactly(&self, heard: &HeardWords, among: &[Move]) -> bool {
        let tokens = self.vocab.lexicon.tokenize(heard);
        let forms = self.answer_forms(among);
        let recognized = heard.words.iter().any(|w| w.confidence < 1.0);
        let (found, _) = matched(&self.pos, &forms, &tokens, recognized);
        found.is_some_and(|f| f.cost <= cost::SURE)
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
    pub fn silence_safe(&self, heard: &HeardWords, mv: Move) -> bool {
        self.silence_safe_among(heard, mv, None)
    }

    /// [`MovePhrases::silence_safe`] for the answer to "Welcher …?" about the moves
    /// `among` (`None`: a fresh announcement): the short answers are matched against those
    /// moves, so no likely recognizer error may explain the words as another of them
    /// ("Felix drei" heard as "Felix zwei" where a candidate goes there), nor as another
    /// legal move.
    pub fn silence_safe_among(&self, heard: &HeardWords, mv: Move, among: Option<&[Move]>) -> bool {
        if heard.words.iter().all(|w| w.confidence >= 1.0) {
            return true;
        }
        let tokens: Vec<lexicon::Token> = self
            .vocab
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
        let only = |forms: &Forms| {
            matcher::best_with(&self.pos, forms, &tokens, cost::DOUBT_MISSING)
                .is_some_and(|found| found.close == [mv])
        };
        match among {
            None => only(self.forms()),
            Some(among) => only(&self.answer_forms(among)) && only(self.forms()),
        }
    }

    /// A move given by its squares (a routing key's pick on the Braille display's board),
    /// as UCI: the legal move, surely, or why it is impossible (FIDE Laws 3); never text to
    /// parse. The same as typing the UCI text, without the text.
    pub fn resolve_uci(&self, uci: &UciMove) -> Resolution {
        typed::uci_move(&self.pos, uci)
    }

    /// Typed input: SAN ("Nf3", "exd5", "O-O", "e8=Q", "e8Q"), UCI ("g1f3", "e7e8q"), this
    /// language's SAN ("Cf3" in es, "Sf3" in de; this language's letters take precedence over
    /// English ones: es "Rb1" is the king), FIDE Laws Appendix C conventions: "0-0", "0-0-0"
    /// (C.13), "exd6 a.p." / "e.p.", leading move numbers "11.", "1...", annotations "!?",
    /// "+", "#", "++", and a trailing draw offer "(=)" (C.12) reported in `draw_offer`. Also
    /// accepts spelled-out words (falls back to [`MovePhrases::resolve`]).
    pub fn parse_typed(&self, text: &str, among: Option<&[Move]>) -> Typed {
        typed::parse(self, text, among)
    }
}

impl Vocabulary {
    /// Localized SAN with this language's piece letters (FIDE Laws C.5; "Sf3", "Dxd4+", es
    /// "Cf3"), castling as "0-0" / "0-0-0" (C.13), "+" check and "#" mate (C.12); en passant
    /// is not marked ("exd6"). For Braille and scoresheets.
    pub fn localized_san(&self, pos: &Chess, m: Move) -> String {
        self.localize(&SanPlus::from_move(pos.clone(), m))
    }

    /// [`Vocabulary::localized_san`] of a move whose SAN is `san`.
    fn localize(&self, san: &SanPlus) -> String {
        #[cfg(test)]
        super::counters::count(|c| c.lettered += 1);
        let mut text = match san.san {
            San::Castle(CastlingSide::KingSide) => "0-0".to_owned(),
            San::Castle(CastlingSide::QueenSide) => "0-0-0".to_owned(),
            ref other => other
                .to_string()
                .chars()
                .map(|c| match Role::from_char(c) {
                    Some(role) if c.is_ascii_uppercase() => self.piece_letter(role),
                    _ => c,
                })
                .collect(),
        };
        match san.suffix {
            None => {}
            Some(Suffix::Check) => text.push('+'),
            Some(Suffix::Checkmate) => text.push('#'),
        }
        text
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
    heard: &HeardWords,
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

/// The best moves of `forms` for the heard tokens, and whether the heard words narrowed
/// them: a move that a clearly heard word contradicts ([`matcher::agrees`]) is no candidate,
/// unless none agrees with all of them (then `false`, and every move is).
fn matched(
    pos: &Chess,
    forms: &Forms,
    tokens: &[lexicon::Token],
    recognized: bool,
) -> (Option<matcher::Match>, bool) {
    let mut costs = matcher::costs(pos, forms, tokens, cost::MISSING);
    let color = pos.turn();
    let agreeing: Vec<bool> = forms
        .moves
        .iter()
        .map(|&m| matcher::agrees(tokens, matcher::content_bits(m, color), recognized))
        .collect();
    let narrowed = agreeing.iter().any(|a| *a);
    if narrowed {
        for (c, a) in costs.iter_mut().zip(&agreeing) {
            if !a {
                *c = f32::INFINITY;
            }
        }
    }
    (matcher::best_of(&costs, &forms.moves), narrowed)
}

/// A match that is not sure: asked back or asked which if it fits well enough, otherwise
/// not understood. Only a fresh announcement (`fresh`, not an answer to "Welcher …?") gets
/// latitude beyond [`cost::ACCEPT`]: two words damaged are still asked back, or asked which
/// among at most [`cost::LOOSE_CHOICES`] moves, rather than refused; with every word heard
/// clearly and all of them in each candidate (`clear`: "Springer" alone), among any number,
/// which the question then narrows down.
fn loose(found: Option<matcher::Match>, fresh: bool, clear: bool) -> Resolution {
    match found {
        Some(found) if found.cost <= cost::ACCEPT => decide(&found, false),
        Some(found)
            if fresh
                && found.cost <= cost::LOOSE
                && (clear || found.close.len() <= cost::LOOSE_CHOICES) =>
        {
            decide(&found, false)
        }
        _ => Resolution::NotUnderstood,
    }
}

/// Turns a match into a resolution: one move, or several to choose from.
fn decide(found: &matcher::Match, sure: bool) -> Resolution {
    match found.close.as_slice() {
        [m] => Resolution::Move { mv: *m, sure },
        _ => Resolution::Ambiguous(super::sorted(found.close.clone())),
    }
}
