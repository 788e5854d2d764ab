//! Every sentence the station speaks or brailles, looked up by id in the language's Fluent
//! files (`assets/<lang>/*.ftl`). Code never holds a sentence: it names a message and its
//! arguments (ARCHITECTURE.md, invariants: "words are data").
//!
//! A message `foo` may have a Braille form `foo-braille` (shorter, for a 40-cell line); when
//! there is none, the display shows the spoken text.

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use shakmaty::{Color, Role};

use crate::core::lang::Language;

/// The Fluent files of each language, compiled in (the core reads no files at run time).
fn sources(lang: Language) -> &'static [(&'static str, &'static str)] {
    match lang {
        Language::De => &[(
            "de/messages.ftl",
            include_str!("../../assets/de/messages.ftl"),
        )],
        Language::Es => &[(
            "es/messages.ftl",
            include_str!("../../assets/es/messages.ftl"),
        )],
        Language::En => &[(
            "en/messages.ftl",
            include_str!("../../assets/en/messages.ftl"),
        )],
    }
}

/// An argument of a message: text or a number (numbers select plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text inserted as is.
    Text(String),
    /// A number; Fluent picks plural variants by it.
    Number(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}
impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// A message to render: its Fluent id and named arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The Fluent message id, e.g. `illegal-move`.
    pub id: &'static str,
    /// Named arguments.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// A message without arguments. `tests/it/tidy/messages.rs` follows every `id` given
    /// here to its literals and checks them against every language's `messages.ftl`.
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// Adds an argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }
}

/// The messages that report something that could not be understood or done: the speech
/// output may precede them with an error earcon ([`crate::core::output::Speech::error`]).
pub const ERROR_MESSAGES: [&str; 18] = [
    "not-understood",
    "illegal-move",
    "not-your-move",
    "nothing-to-confirm",
    "nothing-to-cancel",
    "no-draw-offer",
    "claim-not-on-move",
    "claim-move-unclear",
    "claim-refused",
    "clock-already-running",
    "clock-not-running",
    "arbiter-only",
    "take-back-impossible",
    "take-back-nothing",
    "adjournment-impossible",
    "access-arbiter-only",
    "executed-not-yours",
    "journal-write-failed",
];

/// Whether a message id reports an error ([`ERROR_MESSAGES`]).
pub fn is_error(id: &str) -> bool {
    ERROR_MESSAGES.contains(&id)
}

/// The errors found while loading a language's Fluent files.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {detail}")]
pub struct PhraseError {
    /// Which file.
    pub file: &'static str,
    /// What is wrong.
    pub detail: String,
}

/// The phrase book of one language.
pub struct Phrases {
    lang: Language,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Phrases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Phrases").field("lang", &self.lang).finish()
    }
}

impl Phrases {
    /// Loads the phrase book of `lang`. The shipped files are checked by a unit test, so
    /// an error here means a broken build, but it is still reported, not panicked on.
    pub fn load(lang: Language) -> Result<Phrases, PhraseError> {
        let langid = lang.code().parse().map_err(|e| PhraseError {
            file: "language id",
            detail: format!("{e}"),
        })?;
        let mut bundle = FluentBundle::new(vec![langid]);
        // No Unicode isolation marks: the text goes to speech and Braille, not to a bidi UI.
        bundle.set_use_isolating(false);
        for (file, text) in sources(lang) {
            let resource =
                FluentResource::try_new((*text).to_owned()).map_err(|(_, errs)| PhraseError {
                    file,
                    detail: format!("{errs:?}"),
                })?;
            bundle.add_resource(resource).map_err(|errs| PhraseError {
                file,
                detail: format!("{errs:?}"),
            })?;
        }
        Ok(Phrases { lang, bundle })
    }

    /// The language of this phrase book.
    pub fn lang(&self) -> Language {
        self.lang
    }

    /// The spoken text of a message. A missing message or argument never panics: the text
    /// then names the id, so the gap is heard and seen, and a test catches it.
    pub fn speech(&self, msg: &Message) -> String {
        self.format(msg.id, &msg.args)
    }

    /// The Braille text of a message: its `-braille` form when the language has one,
    /// otherwise the spoken text.
    pub fn braille(&self, msg: &Message) -> String {
        let id = format!("{}-braille", msg.id);
        if self.bundle.has_message(&id) {
            self.format(&id, &msg.args)
        } else {
            self.format(msg.id, &msg.args)
        }
    }

    fn format(&self, id: &str, args: &[(&'static str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return format!("[{id}]");
        };
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(t) => fargs.set(*name, FluentValue::String(Cow::Owned(t.clone()))),
                Arg::Number(n) => fargs.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fargs), &mut errors);
        if errors.is_empty() {
            text.into_owned()
        } else {
            format!("{text} [{id}: {errors:?}]")
        }
    }

    /// Every message id of this language (for the completeness test).
    pub fn ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for (_, text) in sources(self.lang) {
            for line in text.lines() {
                if let Some((id, _)) = line.split_once(" =")
                    && !id.is_empty()
                    && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                {
                    ids.push(id.to_owned());
                }
            }
        }
        ids
    }
}

/// The one capitalising rule of what is said, shown and printed: a sentence (the text ends
/// with a full stop, a question or an exclamation mark) begins with a capital ("Las negras
/// ofrecen tablas.", "Knight f3?", "¿Quiso decir caballo?"); other texts (a countdown's
/// "zehn", "d4") stay. A text made of pieces (a message whose first word is an argument,
/// answers joined one after another) takes it where the pieces are joined, each sentence on
/// its own. Which first words stay as they are: [`line_case`].
pub fn sentence_case(text: String) -> String {
    if text.trim_end().ends_with(['.', '?', '!']) {
        line_case(text)
    } else {
        text
    }
}

/// The display's form of a message (its `-braille` form, often without a full stop:
/// "Blancas 13:44, negras 14:56") starts with a capital when its spoken form is a
/// sentence, as a line of its own ([`line_case`]); otherwise as [`sentence_case`] says.
pub fn braille_case(said: &str, shown: String) -> String {
    if said.trim_end().ends_with(['.', '?', '!']) {
        line_case(shown)
    } else {
        sentence_case(shown)
    }
}

/// A line that stands alone (a device's line at the start, `ansage doctor`'s) begins with
/// a capital, as a sentence does ([`sentence_case`]), with or without a full stop. The
/// first word stays as it is when it is notation or a square's letter ("e4", "exd5", "e
/// cuatro."): a word with a digit, or of one letter; and when it is a name that is written
/// as it is: a path or an address (it does not begin with a letter: "/tmp/game.pgn",
/// "127.0.0.1:8432") or a program's or setting's name (a `-`, `.`, `_` or `/` inside:
/// "espeak-ng", "speech-dispatcher", "web.listen").
pub fn line_case(text: String) -> String {
    let start = text.trim_start_matches(|c: char| c.is_whitespace() || OPENING.contains(&c));
    let first = start.split_whitespace().next().unwrap_or("");
    let Some(initial) = first.chars().next() else {
        return text;
    };
    let letters = first.chars().filter(|c| c.is_alphabetic()).count();
    let inner = first.trim_end_matches(|c: char| !c.is_alphanumeric());
    let name = inner.contains(['-', '.', '_', '/']);
    if !initial.is_lowercase() || letters < 2 || name || first.chars().any(|c| c.is_ascii_digit()) {
        return text;
    }
    let at = text.len() - start.len();
    let mut out = String::with_capacity(text.len() + 2);
    out.push_str(&text[..at]);
    out.extend(initial.to_uppercase());
    out.push_str(&start[initial.len_utf8()..]);
    out
}

/// What may stand before a sentence's first word: Spanish opening marks, quotes, a
/// parenthesis.
const OPENING: [char; 7] = ['¿', '¡', '"', '«', '„', '(', '\''];

/// The key a phrase file selects grammatical forms by ("queen" is feminine in German).
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Formats a message argument for a colour's key ("white"/"black").
pub fn color_key(c: Color) -> Arg {
    Arg::Text(if c.is_white() { "white" } else { "black" }.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_loads_and_has_the_same_messages() {
        let de = Phrases::load(Language::De).unwrap();
        let mut want = de.ids();
        want.sort();
        assert!(!want.is_empty());
        for lang in Language::ALL {
            let p = Phrases::load(lang).unwrap();
            let mut got = p.ids();
            got.sort();
            assert_eq!(got, want, "{lang}: message ids differ from de");
        }
    }

    #[test]
    fn every_error_message_exists() {
        let ids = Phrases::load(Language::De).unwrap().ids();
        for id in ERROR_MESSAGES {
            assert!(ids.iter().any(|i| i == id), "{id} is not a message");
        }
        assert!(is_error("illegal-move"));
        assert!(!is_error("echo"));
    }

    #[test]
    fn a_sentence_starts_with_a_capital_but_notation_and_names_stay() {
        let cases = [
            ("negras ofrecen tablas.", "Negras ofrecen tablas."),
            ("¿quiso decir caballo?", "¿Quiso decir caballo?"),
            ("knight f3?", "Knight f3?"),
            ("knight g1: f3, h3.", "Knight g1: f3, h3."),
            (
                "microphone: missing: no input device found.",
                "Microphone: missing: no input device found.",
            ),
            (
                "micrófono: falta: ningún dispositivo.",
                "Micrófono: falta: ningún dispositivo.",
            ),
            ("écoute!", "Écoute!"),
            ("  «vale».", "  «Vale»."),
            ("e4?", "e4?"),
            ("exd5", "exd5"),
            ("e cuatro.", "e cuatro."),
            ("1. negras: e cinco.", "1. negras: e cinco."),
            ("Weiß ist am Zug.", "Weiß ist am Zug."),
            ("zehn", "zehn"),
            (
                "speech: speech-dispatcher, 3 voices",
                "speech: speech-dispatcher, 3 voices",
            ),
            ("espeak-ng: not found.", "espeak-ng: not found."),
            (
                "speech-dispatcher does not answer.",
                "speech-dispatcher does not answer.",
            ),
            ("web.listen is no address.", "web.listen is no address."),
            ("/tmp/game.pgn is the input.", "/tmp/game.pgn is the input."),
            ("127.0.0.1:8432 is free.", "127.0.0.1:8432 is free."),
            ("", ""),
            ("   ", "   "),
        ];
        for (text, want) in cases {
            assert_eq!(sentence_case(text.to_owned()), want, "{text:?}");
        }
    }

    #[test]
    fn the_display_starts_as_the_spoken_sentence() {
        let cases = [
            (
                "Blancas 13:44.",
                "blancas 13:44, negras 14:56",
                "Blancas 13:44, negras 14:56",
            ),
            ("Knight f3.", "Nf3", "Nf3"),
            ("e cuatro.", "e4", "e4"),
            ("Caballo b1: a tres.", "Cb1: a3", "Cb1: a3"),
            ("zehn", "zehn", "zehn"),
            ("zehn", "zehn.", "Zehn."),
        ];
        for (said, shown, want) in cases {
            assert_eq!(braille_case(said, shown.to_owned()), want, "{said:?}");
        }
    }

    #[test]
    fn a_line_starts_with_a_capital_with_or_without_a_full_stop() {
        let cases = [
            (
                "microphone: vosk grammar: no words",
                "Microphone: vosk grammar: no words",
            ),
            (
                "earcons: missing: no sound output.",
                "Earcons: missing: no sound output.",
            ),
            ("zehn", "Zehn"),
            ("d4", "d4"),
            ("espeak-ng: eSpeak NG 1.51", "espeak-ng: eSpeak NG 1.51"),
            (
                "web page: 127.0.0.1:8432 is free.",
                "Web page: 127.0.0.1:8432 is free.",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(line_case(text.to_owned()), want, "{text:?}");
        }
    }

    #[test]
    fn missing_message_is_visible_not_a_panic() {
        let de = Phrases::load(Language::De).unwrap();
        assert_eq!(
            de.speech(&Message::new("no-such-message")),
            "[no-such-message]"
        );
    }
}
