//! The vocabulary check: which words of the station's grammar a recognizer's model knows.
//!
//! FIDE Laws D.2.1: a move is announced in words; a word the model lacks can never be
//! heard, so every word of the grammar ([`GrammarBuilder::all_words`]) is checked once at
//! start-up ([`Spelling::check`]). A word the model does not know may still be known in
//! another spelling (umlauts written out, "ß" as "ss", and back): then the grammar is
//! handed to the model in its spelling and the words heard are mapped back
//! ([`Spelling::to_model`], [`Spelling::from_model`]). A word known in no spelling is
//! *missing*: reported loudly ([`VocabularyReport`], printed by `ansage doctor` and logged
//! at start), and the phrases with it are left out of the grammar, never silently.
//!
//! A fixed word map can stand before the spellings: the Korean test model hears Korean
//! stand-ins of the German words (`assets/test/ko_standin.toml`), the same way.

use std::collections::HashMap;
use std::fmt;

use crate::adapter::DeviceStatus;
use crate::core::grammar::Grammar;
#[cfg(doc)]
use crate::core::grammar::GrammarBuilder;
use crate::core::phrases::Message;

/// Other spellings of a word, in the order they are tried: umlauts and ß written out
/// ("läufer" → "laeufer", "weiß" → "weiss"), and written-out umlauts as umlauts
/// ("laeufer" → "läufer"). The word itself is not among them.
pub fn spelling_variants(word: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |w: String| {
        if w != word && !out.contains(&w) {
            out.push(w);
        }
    };
    push(
        word.replace('ä', "ae")
            .replace('ö', "oe")
            .replace('ü', "ue")
            .replace('ß', "ss"),
    );
    push(word.replace('ß', "ss"));
    push(
        word.replace("ae", "ä")
            .replace("oe", "ö")
            .replace("ue", "ü"),
    );
    push(
        word.replace('ä', "a")
            .replace('ö', "o")
            .replace('ü', "u")
            .replace('ß', "s"),
    );
    out
}

/// A word map: each word of the station's grammar → the word the model knows for it
/// (`voice.word_map`, a respelling; the tests map German to Korean stand-ins).
pub type WordMap = HashMap<String, String>;

/// Why the word map file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum WordMapError {
    /// The file cannot be read.
    #[error("{path}: {error}", path = .path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// Its text is not a `[words]` table of strings.
    #[error("{path}: {error}", path = .path.display())]
    Toml {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with its text.
        error: toml::de::Error,
    },
}

/// The word map in the file `path` (`voice.word_map`; none when the path is empty): a
/// `[words]` table, see [`word_map_from_toml`].
pub fn read_word_map(path: &std::path::Path) -> Result<WordMap, WordMapError> {
    if path.as_os_str().is_empty() {
        return Ok(HashMap::new());
    }
    let text = std::fs::read_to_string(path).map_err(|error| WordMapError::Io {
        path: path.to_owned(),
        error,
    })?;
    word_map_from_toml(&text).map_err(|error| WordMapError::Toml {
        path: path.to_owned(),
        error,
    })
}

/// Reads a word map (grammar word → model word) from TOML: a `[words]` table of strings,
/// like `assets/test/ko_standin.toml`.
pub fn word_map_from_toml(text: &str) -> Result<WordMap, toml::de::Error> {
    #[derive(serde::Deserialize)]
    struct File {
        words: WordMap,
    }
    toml::from_str::<File>(text).map(|f| f.words)
}

/// The Korean stand-ins of the German words of moves, yes and no, for the tests and
/// benchmarks of the real vosk path with the small Korean model (feature `testing`).
#[cfg(feature = "testing")]
pub const KO_STANDIN: &str = include_str!("../../assets/test/ko_standin.toml");

/// How each word of a grammar is spelled for the model, and which words it lacks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spelling {
    /// Grammar word → model word, for every word that is spelled differently.
    to_model: HashMap<String, String>,
    /// Model word → grammar word (the inverse).
    from_model: HashMap<String, String>,
    /// Words known in no spelling.
    missing: Vec<String>,
    /// How many words were checked.
    checked: usize,
}

/// The result of the vocabulary check, as `ansage doctor` prints it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VocabularyReport {
    /// How many words of the grammar were checked.
    pub checked: usize,
    /// Words heard in another spelling or through the word map: (grammar word, model word).
    pub respelled: Vec<(String, String)>,
    /// Words the model knows in no spelling: the phrases with them cannot be heard.
    pub missing: Vec<String>,
}

impl VocabularyReport {
    /// The vosk model in `dir` as `ansage play` and `ansage doctor` report it: there, and
    /// if some words of the grammar are not in it, which and what to do (FIDE Laws D.2.1:
    /// every word of an announcement must be hearable; the model still hears every word it
    /// knows).
    pub fn status(&self, dir: &std::path::Path) -> DeviceStatus {
        let detail = format!("{}: {self}", dir.display());
        let path = dir.display().to_string();
        if self.missing.is_empty() {
            DeviceStatus::present("vosk model", detail).said(
                Message::new("device-vosk-there")
                    .arg("path", path)
                    .arg("checked", self.checked),
            )
        } else {
            // The model loads and hears every word it knows: usable, with what it lacks said.
            DeviceStatus::present("vosk model", detail)
                .said(
                    Message::new("device-vosk-words")
                        .arg("path", path)
                        .arg("words", self.missing.join(", ")),
                )
                .todo(Message::new("device-vosk-words-todo"))
        }
    }
}

impl Spelling {
    /// Checks `words` (a grammar's words, [`GrammarBuilder::all_words`]) against the model:
    /// `word_map` first (a fixed translation, may be empty), then the word itself, then its
    /// [`spelling_variants`].
    pub fn check(words: &[String], word_map: &WordMap, knows: impl Fn(&str) -> bool) -> Spelling {
        let mut s = Spelling {
            checked: words.len(),
            ..Spelling::default()
        };
        for word in words {
            let mapped = word_map.get(word).cloned();
            let found = match mapped {
                Some(m) if knows(&m) => Some(m),
                Some(_) => None,
                None if knows(word) => Some(word.clone()),
                None => spelling_variants(word).into_iter().find(|v| knows(v)),
            };
            match found {
                Some(m) if &m == word => {}
                Some(m) => {
                    s.from_model.insert(m.clone(), word.clone());
                    s.to_model.insert(word.clone(), m);
                }
                None => s.missing.push(word.clone()),
            }
        }
        s.missing.sort();
        s.missing.dedup();
        s
    }

    /// The report for `ansage doctor`.
    pub fn report(&self) -> VocabularyReport {
        let mut respelled: Vec<(String, String)> = self
            .to_model
            .iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect();
        respelled.sort();
        VocabularyReport {
            checked: self.checked,
            respelled,
            missing: self.missing.clone(),
        }
    }

    /// Whether the model lacks this word in every spelling.
    pub fn is_missing(&self, word: &str) -> bool {
        self.missing
            .binary_search_by(|m| m.as_str().cmp(word))
            .is_ok()
    }

    /// A word in the model's spelling.
    pub fn to_model<'a>(&'a self, word: &'a str) -> &'a str {
        self.to_model.get(word).map_or(word, String::as_str)
    }

    /// A word the model heard, in the grammar's spelling.
    pub fn from_model<'a>(&'a self, word: &'a str) -> &'a str {
        self.from_model.get(word).map_or(word, String::as_str)
    }

    /// The phrases of `grammar` in the model's spelling, without those with a missing word,
    /// plus [`Grammar::UNKNOWN`]; and how many phrases were left out.
    pub fn phrases(&self, grammar: &Grammar) -> (Vec<String>, usize) {
        let mut out = Vec::with_capacity(grammar.len() + 1);
        let mut dropped = 0;
        for p in grammar.phrases() {
            if p.split(' ').any(|w| self.is_missing(w)) {
                dropped += 1;
                continue;
            }
            out.push(
                p.split(' ')
                    .map(|w| self.to_model(w))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
        out.push(Grammar::UNKNOWN.to_owned());
        (out, dropped)
    }
}

impl fmt::Display for VocabularyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} words checked, {} respelled, {} missing",
            self.checked,
            self.respelled.len(),
            self.missing.len()
        )?;
        for (a, b) in &self.respelled {
            write!(f, "\n  respelled: {a} → {b}")?;
        }
        for m in &self.missing {
            write!(
                f,
                "\n  MISSING: {m} (phrases with it cannot be heard; type them instead)"
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;

    #[cfg(feature = "testing")]
    #[test]
    fn the_korean_stand_ins_read_and_are_distinct() {
        let map = word_map_from_toml(KO_STANDIN).unwrap();
        assert_eq!(map.get("eva").map(String::as_str), Some("딸기"));
        let mut ko: Vec<&String> = map.values().collect();
        ko.sort();
        ko.dedup();
        assert_eq!(ko.len(), map.len(), "two German words share a stand-in");
        assert!(word_map_from_toml("[words]\neva = 1").is_err());
    }

    #[test]
    fn variants() {
        let table: &[(&str, &[&str])] = &[
            ("läufer", &["laeufer", "laufer"]),
            ("weiß", &["weiss", "weis"]),
            ("laeufer", &["läufer"]),
            ("eva", &[]),
        ];
        for (w, want) in table {
            assert_eq!(spelling_variants(w), *want, "{w}");
        }
    }

    #[test]
    fn check_maps_spellings_and_reports_missing_words() {
        let model = ["eva", "vier", "laeufer", "ja", "dame", "ei"];
        let knows = |w: &str| model.contains(&w);
        let words: Vec<String> = ["eva", "vier", "läufer", "ja", "nein", "königin", "dame"]
            .map(String::from)
            .to_vec();
        let map: HashMap<String, String> = [("dame".to_owned(), "ei".to_owned())].into();
        let s = Spelling::check(&words, &map, knows);
        let r = s.report();
        assert_eq!(r.checked, 7);
        assert_eq!(
            r.respelled,
            [
                ("dame".to_owned(), "ei".to_owned()),
                ("läufer".to_owned(), "laeufer".to_owned())
            ]
        );
        assert_eq!(r.missing, ["königin", "nein"]);
        assert_eq!(s.to_model("läufer"), "laeufer");
        assert_eq!(s.from_model("laeufer"), "läufer");
        assert_eq!(s.from_model("ei"), "dame");
        assert_eq!(s.to_model("eva"), "eva");
        let text = r.to_string();
        assert!(text.contains("MISSING: nein"), "{text}");
        assert!(text.contains("läufer → laeufer"), "{text}");
    }

    #[test]
    fn phrases_leave_out_missing_words_and_add_unk() {
        let g = Grammar::for_position(Language::De, &shakmaty::Chess::default()).unwrap();
        let words = g.words();
        // A model without "springer", and "bauer" only as "bauerr".
        let knows = |w: &str| w != "springer" && w != "bauer";
        let map: HashMap<String, String> = [("bauer".to_owned(), "bauerr".to_owned())].into();
        let s = Spelling::check(&words, &map, |w| knows(w) || w == "bauerr");
        let (phrases, dropped) = s.phrases(&g);
        assert!(dropped > 0);
        assert_eq!(phrases.len() + dropped, g.len() + 1);
        assert_eq!(phrases.last().map(String::as_str), Some(Grammar::UNKNOWN));
        assert!(!phrases.iter().any(|p| p.contains("springer")));
        assert!(phrases.iter().any(|p| p.split(' ').any(|w| w == "bauerr")));
        assert!(!phrases.iter().any(|p| p.split(' ').any(|w| w == "bauer")));
        assert!(phrases.contains(&"ja".to_owned()));
    }
}
