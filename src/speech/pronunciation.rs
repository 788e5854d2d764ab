//! How a speech synthesizer is handed the words it would mispronounce.
//!
//! The core, the console, the transcripts and the Braille display carry the real words
//! ("Lange Rochade", "Cäsar"). Only what is handed to a synthesizer is respelled, from a
//! table per language and synthesizer, `assets/<lang>/pronunciation/<synthesizer>.toml`
//! (words are data):
//!
//! ```toml
//! [respell]
//! "Cäsar" = "Zäsar"
//! ```
//!
//! Two backends feed espeak-ng and so apply its table: speech-dispatcher
//! (`super::tts`, whose default module is espeak-ng) and the spoken scoresheet
//! ([`crate::recorder::spoken`], which runs espeak-ng itself). Loading is pure: the tables
//! are compiled in, and a unit test proves that every shipped one loads.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use crate::core::lang::Language;

/// A speech synthesizer with a respelling table of its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Synthesizer {
    /// espeak-ng: speech-dispatcher's default module and the spoken scoresheet's engine.
    EspeakNg,
}

impl Synthesizer {
    /// Its name, also the table's file name under `assets/<lang>/pronunciation/`.
    pub const fn name(self) -> &'static str {
        match self {
            Synthesizer::EspeakNg => "espeak-ng",
        }
    }
}

impl fmt::Display for Synthesizer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shipped table of `lang` for `synthesizer`.
fn source(lang: Language, synthesizer: Synthesizer) -> &'static str {
    match (lang, synthesizer) {
        (Language::De, Synthesizer::EspeakNg) => {
            include_str!("../../assets/de/pronunciation/espeak-ng.toml")
        }
        (Language::Es, Synthesizer::EspeakNg) => {
            include_str!("../../assets/es/pronunciation/espeak-ng.toml")
        }
        (Language::En, Synthesizer::EspeakNg) => {
            include_str!("../../assets/en/pronunciation/espeak-ng.toml")
        }
    }
}

/// Why one entry of a table can never do its work.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadEntry {
    /// The word or its respelling is empty.
    #[error("an empty word or respelling")]
    Empty,
    /// The word holds a space: text is respelled word by word, so it would never match.
    #[error("not one word (text is respelled word by word)")]
    NotOneWord,
    /// The word ends in punctuation, which is kept apart from the word before matching.
    #[error("ends in punctuation (\"Rochade?\" is respelled through \"Rochade\")")]
    Punctuation,
}

/// The errors of a respelling table.
#[derive(Debug, thiserror::Error)]
pub enum PronunciationError {
    /// The file is not valid TOML or not a `[respell]` table of strings.
    #[error("assets/{language}/pronunciation/{synthesizer}.toml: {message}")]
    Syntax {
        /// The table's language.
        language: Language,
        /// The table's synthesizer.
        synthesizer: Synthesizer,
        /// What the TOML parser said.
        message: String,
    },
    /// An entry that can never apply.
    #[error("assets/{language}/pronunciation/{synthesizer}.toml: {word:?}: {problem}")]
    Entry {
        /// The table's language.
        language: Language,
        /// The table's synthesizer.
        synthesizer: Synthesizer,
        /// The word of the entry.
        word: String,
        /// What is wrong with it.
        problem: BadEntry,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    respell: BTreeMap<String, String>,
}

/// One language's respellings for one synthesizer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Respellings {
    words: BTreeMap<String, String>,
}

impl Respellings {
    /// Parses and checks a table's text (`lang` and `synthesizer` name it in errors).
    pub fn parse(
        lang: Language,
        synthesizer: Synthesizer,
        text: &str,
    ) -> Result<Respellings, PronunciationError> {
        let file: File = toml::from_str(text).map_err(|e| PronunciationError::Syntax {
            language: lang,
            synthesizer,
            message: e.to_string(),
        })?;
        for (word, respelled) in &file.respell {
            let problem = if word.is_empty() || respelled.trim().is_empty() {
                Some(BadEntry::Empty)
            } else if word.contains(char::is_whitespace) {
                Some(BadEntry::NotOneWord)
            } else if word.ends_with(|c: char| c.is_ascii_punctuation()) {
                Some(BadEntry::Punctuation)
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(PronunciationError::Entry {
                    language: lang,
                    synthesizer,
                    word: word.clone(),
                    problem,
                });
            }
        }
        Ok(Respellings {
            words: file.respell,
        })
    }

    /// The shipped table of `lang` for `synthesizer`.
    pub fn shipped(
        lang: Language,
        synthesizer: Synthesizer,
    ) -> Result<Respellings, PronunciationError> {
        Respellings::parse(lang, synthesizer, source(lang, synthesizer))
    }

    /// `text` as the synthesizer is to be handed it: each word of the table replaced by its
    /// respelling; punctuation after a word ("Rochade?") stays.
    pub fn apply<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if !text.split(' ').any(|w| self.respelling(w).is_some()) {
            return Cow::Borrowed(text);
        }
        let words: Vec<Cow<'_, str>> = text
            .split(' ')
            .map(|w| match self.respelling(w) {
                Some((to, rest)) => Cow::Owned(format!("{to}{rest}")),
                None => Cow::Borrowed(w),
            })
            .collect();
        Cow::Owned(words.join(" "))
    }

    /// The respelling of one space-separated piece of text and the punctuation after it.
    fn respelling<'w>(&self, piece: &'w str) -> Option<(&str, &'w str)> {
        let word = piece.trim_end_matches(|c: char| c.is_ascii_punctuation());
        let to = self.words.get(word)?;
        Some((to.as_str(), &piece[word.len()..]))
    }
}

/// Every language's respellings for one synthesizer: what a speech backend applies to each
/// utterance by its language.
#[derive(Clone, Debug)]
pub struct Pronunciation {
    tables: BTreeMap<Language, Respellings>,
}

impl Pronunciation {
    /// The shipped tables of every language for `synthesizer`.
    pub fn shipped(synthesizer: Synthesizer) -> Result<Pronunciation, PronunciationError> {
        let mut tables = BTreeMap::new();
        for lang in Language::ALL {
            tables.insert(lang, Respellings::shipped(lang, synthesizer)?);
        }
        Ok(Pronunciation { tables })
    }

    /// `text` in `lang` as the synthesizer is to be handed it.
    pub fn apply<'a>(&self, lang: Language, text: &'a str) -> Cow<'a, str> {
        match self.tables.get(&lang) {
            Some(table) => table.apply(text),
            None => Cow::Borrowed(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_table_loads() {
        for lang in Language::ALL {
            Respellings::shipped(lang, Synthesizer::EspeakNg)
                .unwrap_or_else(|e| panic!("{lang}: {e}"));
        }
    }

    /// The core's text in, the synthesizer's text out.
    #[test]
    fn the_core_words_become_the_synthesizers_words() {
        let espeak = Pronunciation::shipped(Synthesizer::EspeakNg).unwrap();
        let cases = [
            (Language::De, "Springer Cäsar drei", "Springer Zäsar drei"),
            (Language::De, "Kurze Rochade", "Kurze Roschade"),
            (Language::De, "Lange Rochade?", "Lange Roschade?"),
            (Language::De, "Lange Rochade.", "Lange Roschade."),
            (
                Language::De,
                "2… Springer Cäsar sechs.",
                "2… Springer Zäsar sechs.",
            ),
            (
                Language::De,
                "Cäsar, Rochade! Bauer Eva vier.",
                "Zäsar, Roschade! Bauer Eva vier.",
            ),
            // Only whole words: a longer word that begins like one stays.
            (Language::De, "Cäsars Rochaden", "Cäsars Rochaden"),
            (Language::De, "Springer Felix drei.", "Springer Felix drei."),
            (Language::De, "", ""),
            // Another language's table has no German respellings.
            (Language::En, "Lange Rochade", "Lange Rochade"),
            (Language::Es, "Cäsar", "Cäsar"),
        ];
        for (lang, core, said) in cases {
            assert_eq!(espeak.apply(lang, core), said, "{lang} {core:?}");
        }
    }

    #[test]
    fn untouched_text_is_not_copied() {
        let de = Respellings::shipped(Language::De, Synthesizer::EspeakNg).unwrap();
        assert!(matches!(de.apply("Eva vier"), Cow::Borrowed(_)));
        assert!(matches!(de.apply("Cäsar vier"), Cow::Owned(_)));
    }

    #[test]
    fn a_bad_table_is_a_precise_error() {
        let parse = |text| Respellings::parse(Language::De, Synthesizer::EspeakNg, text);
        let entry = |text| match parse(text) {
            Err(PronunciationError::Entry { word, problem, .. }) => Some((word, problem)),
            _ => None,
        };
        assert_eq!(
            entry("[respell]\n\"Lange Rochade\" = \"x\"\n"),
            Some(("Lange Rochade".to_owned(), BadEntry::NotOneWord))
        );
        assert_eq!(
            entry("[respell]\n\"Rochade?\" = \"x\"\n"),
            Some(("Rochade?".to_owned(), BadEntry::Punctuation))
        );
        assert_eq!(
            entry("[respell]\n\"Cäsar\" = \"\"\n"),
            Some(("Cäsar".to_owned(), BadEntry::Empty))
        );
        assert_eq!(
            entry("[respell]\n\"\" = \"x\"\n"),
            Some((String::new(), BadEntry::Empty))
        );
        for bad in ["[respell", "[respel]\n", "[respell]\nCäsar = 3\n"] {
            let e = parse(bad).unwrap_err();
            assert!(
                matches!(e, PronunciationError::Syntax { .. }),
                "{bad:?}: {e}"
            );
            assert!(
                e.to_string()
                    .starts_with("assets/de/pronunciation/espeak-ng.toml: "),
                "{e}"
            );
        }
        assert_eq!(parse("").unwrap(), Respellings::default());
    }
}
