//! The recognizer's grammar at each turn: every phrase that can be said now.
//!
//! FIDE Laws D.2.1: "Moves shall be announced clearly". A recognizer that is handed the
//! phrases of the legal moves only (vosk's grammar mode) cannot hear an illegal move's
//! phrase as a whole; what it can still do is mix words of different phrases (vosk does not
//! enforce the order of a grammar's words), which [`crate::core::words::Vocabulary::resolve`]
//! sorts out. The grammar of a position is
//!
//! - every phrase form of every legal move ([`MovePhrases::all_phrases`]), with and without
//!   the check/mate word,
//! - every command and question phrase ([`CommandBook::spoken_phrases`]) with its slots
//!   expanded (pieces, squares, files, ranks, numbers, sides; a draw claim's `{move}` with
//!   each legal move's announcement, FIDE Laws 9.2); phrases with a clock reading are left
//!   out (the arbiter types those),
//! - yes and no (D.2.3, D.2.7: the echo is confirmed or corrected), which are commands,
//! - while "Welcher …?" is open ([`GrammarBuilder::build_answering`]), the short answers
//!   ([`Vocabulary::answer_phrases`]: a file, rank, square or piece alone, an origin "von
//!   Bella"). Not otherwise: a pause inside "Springer … Felix drei" would end the
//!   utterance at a whole phrase "Springer".
//!
//! Phrases are in the recognizer's spelling ([`spoken_form`]): lower case, umlauts and ß
//! kept ("könig", not the matcher's "koenig"), because vosk's models spell words so. They
//! are deduplicated. Castling said as one word repeated ("null null null") is left out
//! ([`speakable`]). Words a model does not have (the castling "0 0", English "e4") are
//! dropped by the adapter's vocabulary check ([`Grammar::retain_known`]).
//!
//! The position-independent part (the commands) is built once per language by
//! [`GrammarBuilder::new`] and shared; [`GrammarBuilder::build`] adds the moves of a
//! position from its [`MovePhrases`], the one cache of the position's phrase forms that
//! the session's resolution shares.

use crate::core::online::menu_words::MenuWords;
use std::collections::HashSet;
use std::sync::Arc;

use shakmaty::{Chess, Move};

use crate::core::commands::{CommandBook, commands};
use crate::core::lang::Language;
use crate::core::words::{MovePhrases, Vocabulary, vocabulary};

/// Why a grammar cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrammarError {
    /// The language's command file is broken (proven not to happen by the commands' tests).
    #[error("commands of {language}: {detail}")]
    Commands {
        /// The language.
        language: Language,
        /// What is wrong.
        detail: String,
    },
}

/// Splits a text into words in the recognizer's spelling: lower case, split at white space
/// and at `-`, `,`, `.`, `?`, `!`; every character that is not a letter or a digit
/// dropped; umlauts, ß and accents kept ("Kurze-Rochade!" → `["kurze", "rochade"]`,
/// "König" → `["könig"]`).
pub fn spoken_form(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '-' | ',' | '.' | '?' | '!'))
        .map(|w| {
            w.chars()
                .flat_map(char::to_lowercase)
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a move phrase belongs in a recognizer's grammar: not one word said several
/// times ("null null", "o o o"), because a single word the recognizer drops turns the long
/// castling into the short one ("null null null" heard as "null null"). The station still
/// understands such wordings when typed.
pub fn speakable(text: &str) -> bool {
    let words = spoken_form(text);
    !(words.len() > 1 && words.iter().all(|w| *w == words[0]))
}

/// A phrase in the recognizer's spelling, its words joined by single spaces; `None` when it
/// has no word.
fn spoken_phrase(text: &str) -> Option<String> {
    let words = spoken_form(text);
    (!words.is_empty()).then(|| words.join(" "))
}

/// Builds the grammar of each position in one language; holds what does not change
/// between positions.
#[derive(Debug, Clone)]
pub struct GrammarBuilder {
    vocab: &'static Vocabulary,
    book: &'static CommandBook,
    /// The command phrases without a `{move}` slot, in the recognizer's spelling.
    commands: Arc<[String]>,
    /// The same, as a set, to deduplicate the moves' phrases against.
    command_set: HashSet<String>,
    /// The command phrases with a `{move}` slot, with an empty move (the prefix).
    claim_prefixes: Vec<String>,
    /// The short answers to "Welcher …?", not already commands.
    answers: Arc<[String]>,
}

impl GrammarBuilder {
    /// The builder of `lang`: its command phrases are expanded once, here.
    pub fn new(lang: Language) -> Result<GrammarBuilder, GrammarError> {
        let book = commands(lang).map_err(|e| GrammarError::Commands {
            language: lang,
            detail: e.to_string(),
        })?;
        let mut seen = HashSet::new();
        let commands: Vec<String> = book
            .spoken_phrases(&[])
            .iter()
            .filter_map(|p| spoken_phrase(p))
            .filter(|p| seen.insert(p.clone()))
            .collect();
        // The claims with an intended move: expanded with a marker move, whose phrase is
        // then cut off to get the prefix.
        const MARK: &str = "zzmovezz";
        let claim_prefixes: Vec<String> = book
            .spoken_phrases(&[MARK.to_owned()])
            .iter()
            .filter_map(|p| spoken_phrase(p))
            .filter_map(|p| p.strip_suffix(MARK).map(|s| s.trim_end().to_owned()))
            .filter(|p| !p.is_empty())
            .collect();
        let vocab = vocabulary(lang);
        let answers: Vec<String> = vocab
            .answer_phrases()
            .iter()
            .filter_map(|p| spoken_phrase(p))
            .filter(|p| !seen.contains(p))
            .collect();
        Ok(GrammarBuilder {
            vocab,
            answers: answers.into(),
            book,
            command_set: seen,
            commands: commands.into(),
            claim_prefixes,
        })
    }

    /// The language of the grammars built.
    pub fn language(&self) -> Language {
        self.vocab.language()
    }

    /// The grammar of a position: the phrases of its legal moves (from `moves`, built there
    /// once), then the commands, then the draw claims with each legal move (FIDE Laws 9.2),
    /// deduplicated. `moves` must be in this builder's language.
    pub fn build(&self, moves: &MovePhrases<'_>) -> Grammar {
        self.build_for(moves, false)
    }

    /// [`GrammarBuilder::build`] while "Welcher …?" is open: with the short answers to it
    /// ([`Vocabulary::answer_phrases`]; FIDE Laws D.2.1).
    pub fn build_answering(&self, moves: &MovePhrases<'_>) -> Grammar {
        self.build_for(moves, true)
    }

    /// The grammar of a position, with the short answers if `answering`.
    fn build_for(&self, moves: &MovePhrases<'_>, answering: bool) -> Grammar {
        debug_assert_eq!(moves.vocabulary().language(), self.language());
        let all = moves.all_phrases();
        let mut seen: HashSet<String> = HashSet::with_capacity(all.len() * 8);
        let mut moves: Vec<String> = Vec::with_capacity(all.len() * 8);
        let mut claims: Vec<String> = Vec::with_capacity(all.len() * self.claim_prefixes.len());
        for (_, phrases) in all {
            for (i, p) in phrases.iter().enumerate() {
                if !speakable(p) {
                    continue;
                }
                let Some(p) = spoken_phrase(p) else { continue };
                if i == 0 {
                    // The announcement (always first) is what a claim carries.
                    for prefix in &self.claim_prefixes {
                        claims.push(format!("{prefix} {p}"));
                    }
                }
                if !self.command_set.contains(&p) && seen.insert(p.clone()) {
                    moves.push(p);
                }
            }
        }
        claims.retain(|c| !self.command_set.contains(c) && seen.insert(c.clone()));
        let answers: Vec<String> = if answering {
            self.answers
                .iter()
                .filter(|p| seen.insert((*p).clone()))
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        Grammar {
            moves,
            commands: Arc::clone(&self.commands),
            answers,
            claims,
            legal: all.len(),
        }
    }

    /// Every word any grammar of this language can contain, in the recognizer's spelling,
    /// sorted: for the model's vocabulary check at start-up and by `ansage doctor` (vosk:
    /// `vosk_model_find_word`). The online menu's words are among them (issue 24).
    pub fn all_words(&self) -> Vec<String> {
        let menu = MenuWords::load(self.language())
            .map(|m| m.spoken_words())
            .unwrap_or_default();
        let mut words: Vec<String> = self
            .vocab
            .spoken_words()
            .iter()
            .chain(menu.iter())
            .filter_map(|w| spoken_phrase(w))
            .chain(self.commands.iter().cloned())
            .chain(self.answers.iter().cloned())
            .chain(self.claim_prefixes.iter().cloned())
            .flat_map(|p| spoken_form(&p))
            .collect();
        words.sort();
        words.dedup();
        words
    }

    /// The command book the commands come from.
    pub fn commands(&self) -> &CommandBook {
        self.book
    }
}

/// The phrases a recognizer may hear in one position (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct Grammar {
    /// The legal moves' phrases.
    moves: Vec<String>,
    /// The commands and questions (shared between positions).
    commands: Arc<[String]>,
    /// The short answers to "Welcher …?" that are no move phrase of the position (only
    /// while the question is open).
    answers: Vec<String>,
    /// The draw claims with an intended move.
    claims: Vec<String>,
    /// How many legal moves the position has.
    legal: usize,
}

impl Grammar {
    /// vosk's word for "something outside the grammar": a recognizer that supports it adds
    /// it to the phrase list, so that a word outside the grammar is not forced onto the
    /// nearest phrase.
    pub const UNKNOWN: &'static str = "[unk]";

    /// The grammar of the online menu in `lang` (issue 24.3): every phrase it hears by
    /// voice ([`MenuWords::voice_phrases`]), in the recognizer's spelling.
    pub fn for_menu(lang: Language) -> Result<Grammar, GrammarError> {
        let words = MenuWords::load(lang).map_err(|e| GrammarError::Commands {
            language: lang,
            detail: e.to_string(),
        })?;
        let phrases: Vec<String> = words
            .voice_phrases()
            .iter()
            .filter_map(|p| spoken_phrase(p))
            .collect();
        Ok(Grammar {
            moves: Vec::new(),
            commands: phrases.into(),
            answers: Vec::new(),
            claims: Vec::new(),
            legal: 0,
        })
    }

    /// The grammar of `pos` in `lang` (builds the command part too; keep a
    /// [`GrammarBuilder`] to build one per turn).
    pub fn for_position(lang: Language, pos: &Chess) -> Result<Grammar, GrammarError> {
        Ok(GrammarBuilder::new(lang)?.build(&MovePhrases::new(vocabulary(lang), pos.clone())))
    }

    /// Every phrase: moves, commands, claims; each once.
    pub fn phrases(&self) -> impl Iterator<Item = &str> + '_ {
        self.moves
            .iter()
            .chain(self.commands.iter())
            .chain(self.answers.iter())
            .chain(self.claims.iter())
            .map(String::as_str)
    }

    /// The phrases of the legal moves alone.
    pub fn move_phrases(&self) -> &[String] {
        &self.moves
    }

    /// How many phrases there are.
    pub fn len(&self) -> usize {
        self.moves.len() + self.commands.len() + self.answers.len() + self.claims.len()
    }

    /// Whether there is no phrase at all (never: yes and no are always there).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many legal moves the position has.
    pub fn legal_moves(&self) -> usize {
        self.legal
    }

    /// Whether the grammar holds `phrase` (compared in the recognizer's spelling).
    pub fn contains(&self, phrase: &str) -> bool {
        let Some(p) = spoken_phrase(phrase) else {
            return false;
        };
        self.phrases().any(|q| q == p)
    }

    /// Every word of the phrases, sorted, each once.
    pub fn words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .phrases()
            .flat_map(|p| p.split(' '))
            .map(str::to_owned)
            .collect();
        words.sort_unstable();
        words.dedup();
        words
    }

    /// Drops every phrase with a word `known` rejects (a word the recognizer's model does
    /// not have, which vosk would otherwise skip with a warning) and returns those words,
    /// sorted.
    pub fn retain_known(&mut self, known: impl Fn(&str) -> bool) -> Vec<String> {
        let mut unknown: Vec<String> = Vec::new();
        let mut keep = |p: &String| {
            let bad: Vec<&str> = p.split(' ').filter(|w| !known(w)).collect();
            unknown.extend(bad.iter().map(|w| (*w).to_owned()));
            bad.is_empty()
        };
        self.moves.retain(&mut keep);
        let commands: Vec<String> = self.commands.iter().filter(|p| keep(p)).cloned().collect();
        self.commands = commands.into();
        self.answers.retain(&mut keep);
        self.claims.retain(&mut keep);
        unknown.sort();
        unknown.dedup();
        unknown
    }
}

/// The canonical phrase of a move in the recognizer's spelling (its announcement).
pub fn announcement(vocab: &Vocabulary, pos: &Chess, m: Move) -> Option<String> {
    spoken_phrase(&vocab.announce(pos, m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::words::{HeardWords, Resolution};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Position};

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    /// Positions of every kind: start, castling both ways, en passant, promotion with
    /// capture, check, mate in one, few pieces.
    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "1r2k3/P1P5/8/8/8/8/5ppp/4K3 w - - 0 40",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 30",
        "8/8/8/8/8/5k2/8/4K3 b - - 0 70",
    ];

    #[test]
    fn spoken_form_keeps_umlauts_and_drops_punctuation() {
        let table: &[(&str, &[&str])] = &[
            ("König", &["könig"]),
            ("Kurze-Rochade!", &["kurze", "rochade"]),
            ("Meinten Sie Eva vier?", &["meinten", "sie", "eva", "vier"]),
            ("  ", &[]),
        ];
        for (text, want) in table {
            assert_eq!(spoken_form(text), *want, "{text:?}");
        }
        assert_eq!(spoken_phrase(" ,. "), None);
        for (text, ok) in [
            ("null null", false),
            ("o o o", false),
            ("Eva vier", true),
            ("Rochade", true),
        ] {
            assert_eq!(speakable(text), ok, "{text}");
        }
    }

    #[test]
    fn contains_every_legal_moves_phrases_and_no_illegal_announcement() {
        let v = vocabulary(Language::De);
        let b = GrammarBuilder::new(Language::De).unwrap();
        for fen in FENS {
            let p = pos(fen);
            let g = b.build(&MovePhrases::new(v, p.clone()));
            let phrases: HashSet<&str> = g.phrases().collect();
            assert_eq!(phrases.len(), g.len(), "{fen}: duplicates");
            for m in p.legal_moves() {
                for text in v.phrases(&p, m).into_iter().filter(|t| speakable(t)) {
                    if let Some(s) = spoken_phrase(&text) {
                        assert!(phrases.contains(s.as_str()), "{fen}: {text:?} missing");
                    }
                }
            }
            // Every move of the side to move and of the other side, legal or not: an
            // illegal one's announcement (rendered as if its side were to move) is absent.
            let legal = p.legal_moves();
            let mut other = p.clone().swap_turn().ok();
            let mut pseudo: Vec<(Chess, Move)> = Vec::new();
            if let Some(o) = other.take() {
                pseudo.extend(o.legal_moves().into_iter().map(|m| (o.clone(), m)));
            }
            for (q, m) in pseudo {
                if legal.contains(&m) {
                    continue;
                }
                let text = announcement(v, &q, m).unwrap();
                if let Resolution::Move { sure: true, .. } =
                    v.resolve(&p, &HeardWords::from_text(&text), None)
                {
                    continue; // the same words designate a legal move here
                }
                assert!(
                    !g.move_phrases().contains(&text),
                    "{fen}: illegal {text:?} present"
                );
            }
        }
    }

    /// FIDE Laws D.2.1: while "Welcher …?" is open, the grammar offers the short answers
    /// (a file, rank, square or piece alone, an origin, the castling side), in every
    /// language; otherwise not, so that a pause after "Springer" does not end the phrase.
    #[test]
    fn offers_the_answers_while_asking_which() {
        let castles = pos("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8");
        for (lang, answers) in [
            (
                Language::De,
                ["felix", "hector", "drei", "springer", "von bella", "kurze"],
            ),
            (
                Language::Es,
                ["efe", "hache", "tres", "caballo", "desde be", "corto"],
            ),
            (Language::En, ["f", "h", "3", "knight", "from b", "short"]),
        ] {
            let b = GrammarBuilder::new(lang).unwrap();
            let moves = MovePhrases::new(vocabulary(lang), castles.clone());
            let asking = b.build_answering(&moves);
            let plain = b.build(&moves);
            let phrases: HashSet<&str> = asking.phrases().collect();
            assert_eq!(phrases.len(), asking.len(), "{lang}: duplicates");
            for a in answers {
                assert!(asking.contains(a), "{lang}: {a:?} missing while asking");
            }
            assert!(
                !plain.contains(answers[3]),
                "{lang}: a piece alone outside a question"
            );
            assert!(plain.phrases().all(|p| asking.contains(p)), "{lang}");
        }
    }

    #[test]
    fn commands_yes_no_and_claims_are_present() {
        let p = pos(FENS[0]);
        let g = Grammar::for_position(Language::De, &p).unwrap();
        for phrase in [
            "ja",
            "nein",
            "remis",
            "ich gebe auf",
            "wer ist am zug",
            "wo sind meine springer",
            "wo ist meine dame",
            "was steht auf eva vier",
            "linie hector",
            "reihe acht",
            "letzte drei züge",
            "zug zurücknehmen",
            "remis reklamieren springer felix drei",
            "kurze rochade",
            "eva vier",
        ] {
            assert_eq!(
                g.contains(phrase),
                phrase != "kurze rochade",
                "{phrase:?} (castling is not legal at the start)"
            );
        }
        // Clock readings are typed, not said.
        assert!(!g.phrases().any(|p| p.starts_with("uhr weiß")));
        let words = g.words();
        for w in ["könig", "läufer", "cäsar", "züge", "springer"] {
            assert!(words.binary_search(&w.to_owned()).is_ok(), "{w}");
        }
    }

    #[test]
    fn all_words_cover_every_grammar() {
        let b = GrammarBuilder::new(Language::De).unwrap();
        let all = b.all_words();
        for fen in FENS {
            let moves = MovePhrases::new(vocabulary(Language::De), pos(fen));
            for w in b.build(&moves).words() {
                assert!(all.binary_search(&w).is_ok(), "{fen}: {w} not in all_words");
            }
        }
        for w in ["könig", "schlägt", "passant", "ja", "nein", "cäsar"] {
            assert!(all.binary_search(&w.to_owned()).is_ok(), "{w}");
        }
    }

    #[test]
    fn retain_known_drops_phrases_with_unknown_words() {
        let mut g = Grammar::for_position(Language::De, &pos(FENS[0])).unwrap();
        let before = g.len();
        let unknown = g.retain_known(|w| w != "springer");
        assert_eq!(unknown, ["springer"]);
        assert!(g.len() < before);
        assert!(!g.phrases().any(|p| p.split(' ').any(|w| w == "springer")));
        assert!(g.contains("ja"));
    }

    #[test]
    fn every_language_builds() {
        for lang in Language::ALL {
            let g = Grammar::for_position(lang, &Chess::default()).unwrap();
            assert_eq!(g.legal_moves(), 20);
            assert!(g.move_phrases().len() >= 20, "{lang}");
        }
    }
}
