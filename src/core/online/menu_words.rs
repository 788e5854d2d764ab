//! Understanding the online menu (issue 24): the phrases of `assets/<lang>/online.toml`,
//! said or typed before an online game, matched word for word after normalisation, with
//! slots for a time control, an account's name and an entry's number.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::time_control::OnlineTc;
use crate::core::lang::{Language, normalize_phrase, normalize_word};

/// What the player asked of the online menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuCommand {
    /// Say the menu again.
    Menu,
    /// Seek an opponent with this time control (`None`: not said).
    Seek(Option<OnlineTc>),
    /// Challenge an account.
    Challenge {
        /// The account's name, as typed or said.
        name: String,
        /// The time control (`None`: not said).
        tc: Option<OnlineTc>,
    },
    /// Accept an incoming challenge: the numbered one, or the only one.
    Accept(Option<usize>),
    /// Decline an incoming challenge: the numbered one, or the only one.
    Decline(Option<usize>),
    /// Play a running game: the numbered one, or the only one.
    Resume(Option<usize>),
    /// A seek or challenge for a rated game ("suchen 15 plus 10 gewertet", issue 32.3);
    /// without it a game is casual.
    Rated(Box<MenuCommand>),
    /// Stop seeking, or take the challenge sent back.
    Cancel,
    /// After a game: challenge the same opponent again, with the same time control.
    Rematch,
    /// After a game: go through it at the station ("Partie durchgehen", issue 34.3),
    /// then back to the menu.
    Review,
    /// Leave the menu.
    Quit,
}

/// The menu's words as written in the TOML file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MenuFile {
    fillers: Vec<String>,
    plus: Vec<String>,
    menu: Vec<String>,
    seek: Vec<String>,
    seek_rated: Vec<String>,
    challenge: Vec<String>,
    challenge_rated: Vec<String>,
    accept: Vec<String>,
    decline: Vec<String>,
    resume: Vec<String>,
    cancel: Vec<String>,
    rematch: Vec<String>,
    review: Vec<String>,
    quit: Vec<String>,
    chat: Vec<String>,
    numbers: BTreeMap<String, u64>,
}

/// Why a menu file cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {source}")]
pub struct MenuWordsError {
    file: &'static str,
    source: toml::de::Error,
}

fn source(lang: Language) -> (&'static str, &'static str) {
    match lang {
        Language::De => (
            "de/online.toml",
            include_str!("../../../assets/de/online.toml"),
        ),
        Language::Es => (
            "es/online.toml",
            include_str!("../../../assets/es/online.toml"),
        ),
        Language::En => (
            "en/online.toml",
            include_str!("../../../assets/en/online.toml"),
        ),
    }
}

/// One part of a phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Word(String),
    Tc,
    Name,
    Number,
}

/// A word of a line: as typed (for a name) and normalised.
#[derive(Clone, Debug)]
struct Token {
    raw: String,
    norm: String,
}

/// What a phrase's slots took.
#[derive(Clone, Debug, Default)]
struct Slots {
    tc: Option<OnlineTc>,
    name: Option<String>,
    number: Option<u64>,
}

/// The time controls the menu hears by voice (minutes, increment): the seeks the
/// research notes name (rapid and slower) and the usual blitz of a friend's challenge.
pub const SPOKEN_CONTROLS: [(u64, u64); 14] = [
    (8, 0),
    (10, 0),
    (10, 5),
    (15, 0),
    (15, 10),
    (20, 0),
    (25, 10),
    (30, 0),
    (30, 20),
    (45, 15),
    (3, 0),
    (3, 2),
    (5, 0),
    (5, 3),
];

/// The longest chat line sent (lichess takes 140 characters).
pub const CHAT_MAX: usize = 140;

/// The entries said by number ("annehmen zwei"): 1 to this.
pub const SPOKEN_ENTRIES: u64 = 5;

/// The online menu's words in one language.
#[derive(Debug)]
pub struct MenuWords {
    fillers: Vec<String>,
    plus: Vec<String>,
    /// The first word for "plus", as written.
    plus_word: String,
    /// The number words as written, in the file's order.
    number_words: Vec<(String, u64)>,
    numbers: Vec<(Vec<String>, u64)>,
    phrases: Vec<(&'static str, Vec<Part>)>,
    written: Vec<(&'static str, String)>,
    /// The prefixes of a typed chat line, normalised.
    chat: Vec<String>,
}

impl MenuWords {
    /// The menu's words in `lang`.
    pub fn load(lang: Language) -> Result<MenuWords, MenuWordsError> {
        let (file, text) = source(lang);
        let f: MenuFile = toml::from_str(text).map_err(|source| MenuWordsError { file, source })?;
        let groups: [(&'static str, &Vec<String>); 12] = [
            ("menu", &f.menu),
            ("seek", &f.seek),
            ("seek_rated", &f.seek_rated),
            ("challenge", &f.challenge),
            ("challenge_rated", &f.challenge_rated),
            ("accept", &f.accept),
            ("decline", &f.decline),
            ("resume", &f.resume),
            ("cancel", &f.cancel),
            ("rematch", &f.rematch),
            ("review", &f.review),
            ("quit", &f.quit),
        ];
        let mut phrases = Vec::new();
        let mut written = Vec::new();
        for (group, list) in groups {
            for phrase in list {
                phrases.push((group, parts(phrase)));
                written.push((group, phrase.clone()));
            }
        }
        let numbers = f
            .numbers
            .iter()
            .map(|(words, n)| (normalize_phrase(words), *n))
            .collect();
        Ok(MenuWords {
            plus_word: f.plus.first().cloned().unwrap_or_else(|| "+".into()),
            number_words: f.numbers.iter().map(|(w, n)| (w.clone(), *n)).collect(),
            fillers: f.fillers.iter().map(|w| normalize_word(w)).collect(),
            plus: f.plus.iter().map(|w| normalize_word(w)).collect(),
            numbers,
            phrases,
            written,
            chat: f.chat.iter().map(|w| normalize_word(w)).collect(),
        })
    }

    /// A chat line typed during a game (issue 32.3): the language's prefix, a colon and the
    /// text ("chat: viel Glück"); the text, at most [`CHAT_MAX`] characters without control
    /// characters, or `None` when `line` is no chat line.
    pub fn chat_line(&self, line: &str) -> Option<String> {
        let (prefix, text) = line.split_once(':')?;
        if !self.chat.contains(&normalize_word(prefix.trim())) {
            return None;
        }
        let text: String = text
            .trim_start()
            .chars()
            .filter(|c| !c.is_control())
            .take(CHAT_MAX)
            .collect();
        let text = text.trim();
        (!text.is_empty()).then(|| text.to_owned())
    }

    /// What `line` asks, `None` when it is no phrase of the menu.
    pub fn understand(&self, line: &str) -> Option<MenuCommand> {
        let tokens: Vec<Token> = tokens(line)
            .into_iter()
            .filter(|t| !self.fillers.contains(&t.norm))
            .collect();
        if tokens.is_empty() {
            return None;
        }
        self.phrases.iter().find_map(|(group, parts)| {
            let slots = self.matches(parts, &tokens, Slots::default())?;
            command(group, slots)
        })
    }

    /// Every word a player may say to the menu, as written (for `ansage doctor`'s check
    /// against the recognizer's vocabulary): the phrases' words and the numbers'.
    pub fn spoken_words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .written
            .iter()
            .flat_map(|(_, p)| p.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
            .filter(|w| !w.starts_with('{'))
            .collect();
        words.extend(self.numbers.iter().flat_map(|(w, _)| w.iter().cloned()));
        words.extend(self.plus.iter().cloned());
        words.sort();
        words.dedup();
        words
    }

    /// Every phrase the menu hears by voice, written out: the time controls of
    /// [`SPOKEN_CONTROLS`] and the entries 1 to [`SPOKEN_ENTRIES`] in the language's
    /// number words. A phrase with a name is not among them: a name is typed (the
    /// recognizer's vocabulary holds no account names).
    pub fn voice_phrases(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (_, written) in &self.written {
            let mut expanded = vec![String::new()];
            for word in written.split_whitespace() {
                let fills: Vec<String> = match word {
                    "{name}" => Vec::new(),
                    "{tc}" => self.spoken_controls(),
                    "{n}" => (1..=SPOKEN_ENTRIES)
                        .filter_map(|n| self.number_word(n))
                        .collect(),
                    w => vec![w.to_owned()],
                };
                expanded = expanded
                    .iter()
                    .flat_map(|head| fills.iter().map(move |f| format!("{head} {f}")))
                    .collect();
            }
            out.extend(expanded.into_iter().map(|p| p.trim().to_owned()));
        }
        out.sort();
        out.dedup();
        out
    }

    /// The time controls said by voice: "fünfzehn plus zehn", and "zehn" for 10+0.
    fn spoken_controls(&self) -> Vec<String> {
        let plus = self.plus_word.clone();
        SPOKEN_CONTROLS
            .iter()
            .filter_map(|&(m, i)| {
                let minutes = self.number_word(m)?;
                let increment = self.number_word(i)?;
                let mut forms = vec![format!("{minutes} {plus} {increment}")];
                if i == 0 {
                    forms.push(minutes);
                }
                Some(forms)
            })
            .flatten()
            .collect()
    }

    /// The word (as written in the file) for `n`, the first the file lists for it.
    fn number_word(&self, n: u64) -> Option<String> {
        self.number_words
            .iter()
            .find(|(_, v)| *v == n)
            .map(|(w, _)| w.clone())
    }

    fn matches(&self, parts: &[Part], tokens: &[Token], slots: Slots) -> Option<Slots> {
        let Some((first, rest)) = parts.split_first() else {
            return tokens.is_empty().then_some(slots);
        };
        match first {
            Part::Word(w) => {
                let (t, more) = tokens.split_first()?;
                (&t.norm == w).then(|| self.matches(rest, more, slots))?
            }
            Part::Name => {
                let (t, more) = tokens.split_first()?;
                if !is_account_name(&t.raw) {
                    return None;
                }
                let name = Some(t.raw.clone());
                self.matches(rest, more, Slots { name, ..slots })
            }
            Part::Number => self.numbers_at(tokens).into_iter().find_map(|(n, used)| {
                let number = Some(n);
                self.matches(
                    rest,
                    &tokens[used..],
                    Slots {
                        number,
                        ..slots.clone()
                    },
                )
            }),
            Part::Tc => self.tcs_at(tokens).into_iter().find_map(|(tc, used)| {
                let tc = Some(tc);
                self.matches(
                    rest,
                    &tokens[used..],
                    Slots {
                        tc,
                        ..slots.clone()
                    },
                )
            }),
        }
    }

    /// The numbers `tokens` may begin with, and how many tokens each takes.
    fn numbers_at(&self, tokens: &[Token]) -> Vec<(u64, usize)> {
        let mut found = Vec::new();
        if let Some(n) = tokens.first().and_then(|t| t.norm.parse::<u64>().ok())
            && tokens[0].norm.bytes().all(|b| b.is_ascii_digit())
        {
            found.push((n, 1));
        }
        for (words, n) in &self.numbers {
            let len = words.len();
            if tokens.len() >= len && tokens[..len].iter().zip(words).all(|(t, w)| &t.norm == w) {
                found.push((*n, len));
            }
        }
        found.sort_by_key(|(_, used)| std::cmp::Reverse(*used));
        found
    }

    /// The time controls `tokens` may begin with ("15 plus 10", "15 10", "15"), and how
    /// many tokens each takes.
    fn tcs_at(&self, tokens: &[Token]) -> Vec<(OnlineTc, usize)> {
        let mut found = Vec::new();
        for (minutes, used) in self.numbers_at(tokens) {
            let rest = &tokens[used..];
            let skip = usize::from(rest.first().is_some_and(|t| self.is_plus(t)));
            for (inc, more) in self.numbers_at(&rest[skip..]) {
                found.push((OnlineTc::minutes(minutes, inc), used + skip + more));
            }
            found.push((OnlineTc::minutes(minutes, 0), used));
        }
        found
    }

    fn is_plus(&self, t: &Token) -> bool {
        t.raw == "+" || self.plus.contains(&t.norm)
    }
}

/// A phrase's parts.
fn parts(phrase: &str) -> Vec<Part> {
    phrase
        .split_whitespace()
        .filter_map(|w| match w {
            "{tc}" => Some(Part::Tc),
            "{name}" => Some(Part::Name),
            "{n}" => Some(Part::Number),
            w => Some(normalize_word(w))
                .filter(|w| !w.is_empty())
                .map(Part::Word),
        })
        .collect()
}

/// A line's words: `+` stands alone ("15+10" is three words).
fn tokens(line: &str) -> Vec<Token> {
    line.replace('+', " + ")
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.' || c == '?' || c == '!')
        .filter(|w| !w.is_empty())
        .filter_map(|raw| {
            let norm = normalize_word(raw);
            (raw == "+" || !norm.is_empty()).then(|| Token {
                raw: raw.to_owned(),
                norm,
            })
        })
        .collect()
}

/// A lichess account's name: 2 to 30 letters, digits, `_` or `-`.
fn is_account_name(raw: &str) -> bool {
    (2..=30).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The command a group's phrase makes with its slots.
fn command(group: &str, slots: Slots) -> Option<MenuCommand> {
    let entry = slots
        .number
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    Some(match group {
        "menu" => MenuCommand::Menu,
        "seek" => MenuCommand::Seek(slots.tc),
        "seek_rated" => MenuCommand::Rated(Box::new(MenuCommand::Seek(slots.tc))),
        "challenge" => MenuCommand::Challenge {
            name: slots.name?,
            tc: slots.tc,
        },
        "challenge_rated" => MenuCommand::Rated(Box::new(MenuCommand::Challenge {
            name: slots.name?,
            tc: slots.tc,
        })),
        "accept" => MenuCommand::Accept(entry),
        "decline" => MenuCommand::Decline(entry),
        "resume" => MenuCommand::Resume(entry),
        "cancel" => MenuCommand::Cancel,
        "rematch" => MenuCommand::Rematch,
        "review" => MenuCommand::Review,
        "quit" => MenuCommand::Quit,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{MenuCommand, MenuWords};
    use crate::core::lang::Language;
    use crate::core::online::time_control::OnlineTc;

    fn tc(m: u64, i: u64) -> Option<OnlineTc> {
        Some(OnlineTc::minutes(m, i))
    }

    #[test]
    fn a_typed_chat_line() {
        let words = MenuWords::load(Language::De).unwrap();
        let long = format!("Chat: {}", "x".repeat(300));
        let cases = [
            ("chat: viel Glück", Some("viel Glück".to_owned())),
            ("Chat:gut gespielt ", Some("gut gespielt".to_owned())),
            ("chat:", None),
            ("chat viel Glück", None),
            ("e4", None),
            ("weiß: e4", None),
            (long.as_str(), Some("x".repeat(super::CHAT_MAX))),
        ];
        for (line, expected) in cases {
            assert_eq!(words.chat_line(line), expected, "{line}");
        }
    }

    #[test]
    fn german_phrases_said_and_typed() {
        let words = MenuWords::load(Language::De).unwrap();
        let table = [
            ("Menü", Some(MenuCommand::Menu)),
            ("suchen 15 plus 10", Some(MenuCommand::Seek(tc(15, 10)))),
            (
                "Gegner suchen fünfzehn plus zehn",
                Some(MenuCommand::Seek(tc(15, 10))),
            ),
            ("suchen 15+10", Some(MenuCommand::Seek(tc(15, 10)))),
            ("suchen 15 10", Some(MenuCommand::Seek(tc(15, 10)))),
            ("bitte suchen dreißig", Some(MenuCommand::Seek(tc(30, 0)))),
            ("suchen", Some(MenuCommand::Seek(None))),
            ("Revanche", Some(MenuCommand::Rematch)),
            ("Partie durchgehen", Some(MenuCommand::Review)),
            (
                "suchen 15 plus 10 gewertet",
                Some(MenuCommand::Rated(Box::new(MenuCommand::Seek(tc(15, 10))))),
            ),
            (
                "herausfordern anna 5+3 gewertet",
                Some(MenuCommand::Rated(Box::new(MenuCommand::Challenge {
                    name: "anna".into(),
                    tc: tc(5, 3),
                }))),
            ),
            (
                "herausfordern Anna_K 5+3",
                Some(MenuCommand::Challenge {
                    name: "Anna_K".into(),
                    tc: tc(5, 3),
                }),
            ),
            (
                "herausfordern Anna_K",
                Some(MenuCommand::Challenge {
                    name: "Anna_K".into(),
                    tc: None,
                }),
            ),
            ("annehmen", Some(MenuCommand::Accept(None))),
            (
                "Herausforderung annehmen zwei",
                Some(MenuCommand::Accept(Some(2))),
            ),
            ("ablehnen 1", Some(MenuCommand::Decline(Some(1)))),
            ("fortsetzen", Some(MenuCommand::Resume(None))),
            ("Partie fortsetzen 3", Some(MenuCommand::Resume(Some(3)))),
            ("abbrechen", Some(MenuCommand::Cancel)),
            ("Ende", Some(MenuCommand::Quit)),
            ("Springer f3", None),
            ("suchen fünfzehn plus", None),
            ("", None),
            ("bitte", None),
        ];
        for (line, want) in table {
            assert_eq!(words.understand(line), want, "{line:?}");
        }
    }

    #[test]
    fn spanish_and_english_numbers_of_several_words() {
        let es = MenuWords::load(Language::Es).unwrap();
        assert_eq!(
            es.understand("buscar cuarenta y cinco más cero"),
            Some(MenuCommand::Seek(tc(45, 0)))
        );
        assert_eq!(
            es.understand("buscar quince y diez"),
            Some(MenuCommand::Seek(tc(15, 10)))
        );
        assert_eq!(
            es.understand("retar a Pedro diez más cinco"),
            Some(MenuCommand::Challenge {
                name: "Pedro".into(),
                tc: tc(10, 5)
            })
        );
        let en = MenuWords::load(Language::En).unwrap();
        assert_eq!(
            en.understand("seek forty five plus twenty five"),
            Some(MenuCommand::Seek(tc(45, 25)))
        );
        assert_eq!(
            en.understand("accept two"),
            Some(MenuCommand::Accept(Some(2)))
        );
    }

    /// A name is one word of letters, digits, `_` or `-`, kept as typed.
    #[test]
    fn names_as_typed() {
        let en = MenuWords::load(Language::En).unwrap();
        for bad in ["challenge x 10+0", "challenge a/b 10+0", "challenge ö 10+0"] {
            assert_eq!(en.understand(bad), None, "{bad}");
        }
        assert_eq!(
            en.understand("challenge Magnus-C 3"),
            Some(MenuCommand::Challenge {
                name: "Magnus-C".into(),
                tc: tc(3, 0)
            })
        );
    }

    /// Every phrase the menu hears by voice is understood by the menu, in every language,
    /// and the seeks and challenges among them are the spoken controls.
    #[test]
    fn every_voice_phrase_is_understood() {
        for lang in Language::ALL {
            let words = MenuWords::load(lang).unwrap();
            let phrases = words.voice_phrases();
            assert!(phrases.len() > 100, "{lang}: {}", phrases.len());
            for p in &phrases {
                assert!(!p.contains('{'), "{lang}: {p}");
                let heard = words.understand(p);
                assert!(heard.is_some(), "{lang}: {p:?} is not understood");
            }
            let seeks = phrases
                .iter()
                .filter(|p| matches!(words.understand(p), Some(MenuCommand::Seek(Some(_)))))
                .count();
            assert!(seeks >= super::SPOKEN_CONTROLS.len(), "{lang}: {seeks}");
        }
    }

    /// Every language's file loads, and every word a player may say is listed for the
    /// doctor's check (no slot names, no empty words).
    #[test]
    fn every_language_loads_and_lists_its_words() {
        for lang in Language::ALL {
            let words = MenuWords::load(lang).unwrap();
            let spoken = words.spoken_words();
            assert!(spoken.len() > 20, "{lang}: {spoken:?}");
            assert!(spoken.iter().all(|w| !w.is_empty() && !w.contains('{')));
        }
    }
}
