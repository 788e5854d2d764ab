//! Understanding commands and questions: every phrase of `assets/<lang>/commands.toml`,
//! matched word for word after normalisation, with slots for pieces, squares and numbers.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use std::time::Duration;

use shakmaty::{Color, File, Rank, Role, Square};

use crate::core::command_table::command_table;
use crate::core::input::{AccessRole, Command, Question};
use crate::core::lang::{Language, normalize_phrase, normalize_word};
use crate::core::words::vocabulary;

fn source(lang: Language) -> (&'static str, &'static str) {
    match lang {
        Language::De => (
            "de/commands.toml",
            include_str!("../../assets/de/commands.toml"),
        ),
        Language::Es => (
            "es/commands.toml",
            include_str!("../../assets/es/commands.toml"),
        ),
        Language::En => (
            "en/commands.toml",
            include_str!("../../assets/en/commands.toml"),
        ),
    }
}

/// Makes the command file's phrase groups, what each means and the groups a console
/// letter may name, from the command table ([`crate::core::command_table`]).
macro_rules! phrase_groups {
    (groups [$(($group:ident, $make:expr, $letter:expr))*] units [$($units:tt)*]) => {
        /// A command phrase book as written in the TOML file.
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct CommandFile {
            fillers: Vec<String>,
            numbers: Vec<String>,
            $($group: Vec<String>,)*
            /// One-letter commands typed alone on a console line (keyboard users, as in
            /// lichess's blind mode): the letter → the name of a question above that takes
            /// no slot. Never part of the recognizer's grammar.
            #[serde(default)]
            letters: HashMap<String, String>,
        }

        impl CommandFile {
            /// Each meaning with its phrases, in the order they are tried.
            fn groups(&self) -> Vec<(Meaning, &Vec<String>)> {
                vec![$((
                    Meaning { name: stringify!($group), make: $make, letter: $letter },
                    &self.$group,
                ),)*]
            }
        }
    };
}

command_table!(phrase_groups);

/// What a phrase means, before its slots are filled: its group in the command file.
#[derive(Copy, Clone, Debug)]
struct Meaning {
    /// The group's name in the file.
    name: &'static str,
    /// The command made with the slots a phrase filled; `None` when a slot it needs is
    /// empty.
    make: fn(&Slots) -> Option<Command>,
    /// A one-letter console command may name the group.
    letter: bool,
}

impl Meaning {
    /// The command this meaning makes with the slots a phrase filled; `None` when a slot
    /// it needs is empty.
    fn command(self, slots: &Slots) -> Option<Command> {
        (self.make)(slots)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    Piece,
    Square,
    File,
    Rank,
    Number,
    Move,
    Side,
    Time,
}

/// The tokens of one phrase of `file`: its words normalised, its slots; `{move}` may only
/// end a phrase.
fn tokens(file: &'static str, phrase: &str) -> Result<Vec<Token>, CommandFileError> {
    let mut tokens = Vec::new();
    for w in phrase.split_whitespace() {
        tokens.push(match w {
            "{piece}" => Token::Piece,
            "{square}" => Token::Square,
            "{file}" => Token::File,
            "{rank}" => Token::Rank,
            "{n}" => Token::Number,
            "{move}" => Token::Move,
            "{side}" => Token::Side,
            "{time}" => Token::Time,
            w if w.starts_with('{') => {
                return Err(CommandFileError {
                    file,
                    detail: format!("unknown slot {w} in {phrase:?}"),
                });
            }
            w => Token::Word(normalize_word(w)),
        });
    }
    if tokens.iter().skip_while(|t| **t != Token::Move).count() > 1 {
        return Err(CommandFileError {
            file,
            detail: format!("{{move}} must end the phrase: {phrase:?}"),
        });
    }
    Ok(tokens)
}

/// The error for a command file that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {detail}")]
pub struct CommandFileError {
    /// Which file.
    pub file: &'static str,
    /// What is wrong.
    pub detail: String,
}

/// The most words a number of a command file has ("treinta y uno").
const MAX_NUMBER_WORDS: usize = 3;

/// A number of a command file as it is matched: each word normalised, joined by one space.
fn normalize_number(written: &str) -> String {
    written
        .split_whitespace()
        .map(normalize_word)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The commands of one language.
#[derive(Debug)]
pub struct CommandBook {
    lang: Language,
    fillers: Vec<String>,
    numbers: Vec<String>,
    patterns: Vec<(Meaning, Vec<Token>)>,
    /// Every phrase as written in the file (slots unexpanded), for the recognizer grammar.
    written: Vec<String>,
    /// The numbers as written in the file.
    written_numbers: Vec<String>,
    pieces: HashMap<String, Role>,
    sides: HashMap<String, Color>,
    /// The console's one-letter commands ([`CommandBook::letter`]).
    letters: HashMap<String, Command>,
}

/// A one-letter console command's question by its group's name in the file (those that
/// take no slot).
fn lettered(file: &CommandFile, name: &str) -> Option<Command> {
    let (meaning, _) = file
        .groups()
        .into_iter()
        .find(|(m, _)| m.letter && m.name == name)?;
    meaning.command(&Slots::default())
}

/// A command understood, with the words of an intended move when the phrase had one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Understood {
    /// The command.
    pub command: Command,
    /// The words of the `{move}` slot (a draw claim with an intended move, Art. 9.2).
    pub move_words: Option<Vec<String>>,
}

impl CommandBook {
    /// Parses a command file.
    fn parse(lang: Language) -> Result<CommandBook, CommandFileError> {
        let (file, text) = source(lang);
        let f: CommandFile = toml::from_str(text).map_err(|e| CommandFileError {
            file,
            detail: e.to_string(),
        })?;
        let fillers: Vec<String> = f.fillers.iter().map(|w| normalize_word(w)).collect();
        let mut patterns = Vec::new();
        let mut written = Vec::new();
        for (meaning, phrases) in f.groups() {
            for phrase in phrases {
                written.push(phrase.clone());
                // A filler in a phrase ("code for the opponent", "wie bitte") is left out
                // of it, as it is of what is heard, or the phrase would never match.
                let mut tokens = tokens(file, phrase)?;
                tokens.retain(|t| !matches!(t, Token::Word(w) if fillers.contains(w)));
                patterns.push((meaning, tokens));
            }
        }
        let vocab = vocabulary(lang);
        let mut pieces = HashMap::new();
        for role in Role::ALL {
            pieces.insert(normalize_word(vocab.piece_name(role)), role);
            pieces.insert(normalize_word(vocab.piece_name_plural(role)), role);
        }
        let sides = Color::ALL
            .into_iter()
            .map(|c| (normalize_word(vocab.color_name(c)), c))
            .collect();
        let mut letters = HashMap::new();
        for (letter, name) in &f.letters {
            let command = lettered(&f, name).ok_or_else(|| CommandFileError {
                file,
                detail: format!("letters: {letter} = {name:?} names no question without a slot"),
            })?;
            letters.insert(letter.to_lowercase(), command);
        }
        Ok(CommandBook {
            letters,
            sides,
            lang,
            fillers,
            numbers: f.numbers.iter().map(|w| normalize_number(w)).collect(),
            written_numbers: f.numbers.clone(),
            patterns,
            written,
            pieces,
        })
    }

    /// A one-letter console command ("l": the last move), typed alone on a line; `None`
    /// for any other text. Keyboard users' shortcuts, never heard (FIDE Laws D.2.9.d: the
    /// questions they ask are answered to the asker as always).
    pub fn letter(&self, line: &str) -> Option<Command> {
        let line = line.trim();
        (line.chars().count() == 1)
            .then(|| self.letters.get(&line.to_lowercase()).cloned())
            .flatten()
    }

    /// The one-letter console commands, letter and command, sorted by letter (for help
    /// texts and documentation).
    pub fn letters(&self) -> Vec<(&str, &Command)> {
        let mut out: Vec<(&str, &Command)> =
            self.letters.iter().map(|(l, c)| (l.as_str(), c)).collect();
        out.sort_by_key(|(l, _)| *l);
        out
    }

    /// Every phrase of the book as it may be said, for a recognizer's grammar: the slots
    /// expanded to their words ({piece}: every piece name, singular and plural; {square}:
    /// every square's name; {file}, {rank}; {n}: the book's numbers; {side}: both colours;
    /// {move}: each of `moves`, the announcements a draw claim may carry, FIDE Laws 9.2).
    /// Phrases with a {time} slot are left out: clock readings are typed by the arbiter.
    /// The words are as written in the files (not normalised).
    pub fn spoken_phrases(&self, moves: &[String]) -> Vec<String> {
        let vocab = vocabulary(self.lang);
        let mut out = Vec::new();
        for phrase in &self.written {
            let mut partial: Vec<String> = vec![String::new()];
            for w in phrase.split_whitespace() {
                let options: Vec<String> = match w {
                    "{piece}" => Role::ALL
                        .into_iter()
                        .flat_map(|r| [vocab.piece_name(r), vocab.piece_name_plural(r)])
                        .map(str::to_owned)
                        .collect(),
                    "{square}" => Square::ALL
                        .into_iter()
                        .map(|s| vocab.square_name(s))
                        .collect(),
                    "{file}" => File::ALL
                        .into_iter()
                        .map(|f| vocab.file_name(f).to_owned())
                        .collect(),
                    "{rank}" => Rank::ALL
                        .into_iter()
                        .map(|r| vocab.rank_name(r).to_owned())
                        .collect(),
                    "{n}" => self.written_numbers.clone(),
                    "{side}" => Color::ALL
                        .into_iter()
                        .map(|c| vocab.color_name(c).to_owned())
                        .collect(),
                    "{move}" => moves.to_vec(),
                    "{time}" => Vec::new(),
                    w => vec![w.to_owned()],
                };
                partial = partial
                    .iter()
                    .flat_map(|p| {
                        options.iter().map(move |o| {
                            if p.is_empty() {
                                o.clone()
                            } else {
                                format!("{p} {o}")
                            }
                        })
                    })
                    .collect();
            }
            out.extend(partial.into_iter().filter(|p| !p.is_empty()));
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|p| seen.insert(p.clone()));
        out
    }

    /// Understands a phrase as a command, or returns `None` (then it may be a move).
    pub fn understand(&self, text: &str) -> Option<Understood> {
        let words: Vec<String> = normalize_phrase(&mark_times(text))
            .into_iter()
            .filter(|w| !self.fillers.contains(w))
            .collect();
        if words.is_empty() {
            return None;
        }
        self.patterns
            .iter()
            .find_map(|(meaning, tokens)| self.try_match(*meaning, tokens, &words))
    }

    fn try_match(
        &self,
        meaning: Meaning,
        tokens: &[Token],
        words: &[String],
    ) -> Option<Understood> {
        let slots = self.fill_slots(tokens, words)?;
        let command = meaning.command(&slots)?;
        Some(Understood {
            command,
            move_words: slots.move_words,
        })
    }

    /// Matches `words` against a phrase's tokens, filling its slots; `None` unless every
    /// token matches and every word is used.
    fn fill_slots(&self, tokens: &[Token], words: &[String]) -> Option<Slots> {
        let mut slots = Slots::default();
        let mut i = 0;
        for token in tokens {
            i += self.fill_slot(token, &words[i.min(words.len())..], &mut slots)?;
        }
        (i == words.len()).then_some(slots)
    }

    /// Matches one token at the start of `rest`, filling its slot; returns how many words
    /// it used.
    fn fill_slot(&self, token: &Token, rest: &[String], slots: &mut Slots) -> Option<usize> {
        let first = rest.first();
        match token {
            Token::Word(w) => {
                if first != Some(w) {
                    return None;
                }
            }
            Token::Piece => slots.piece = Some(*self.pieces.get(first?)?),
            Token::Number => {
                // A number may be several words ("twenty one", "treinta y uno"): the
                // longest that is one.
                let (n, used) = (1..=MAX_NUMBER_WORDS.min(rest.len()))
                    .rev()
                    .find_map(|k| Some((self.number(&rest[..k].join(" "))?, k)))?;
                slots.number = Some(n);
                return Some(used);
            }
            Token::File => slots.file = Some(self.file(first?)?),
            Token::Rank => slots.rank = Some(self.rank(first?)?),
            Token::Square => {
                let (sq, used) = self.square(rest)?;
                slots.square = Some(sq);
                return Some(used);
            }
            Token::Side => slots.side = Some(*self.sides.get(first?)?),
            Token::Time => slots.time = Some(marked_time(first?)?),
            Token::Move => {
                if rest.is_empty() {
                    return None;
                }
                slots.move_words = Some(rest.to_vec());
                return Some(rest.len());
            }
        }
        Some(1)
    }

    /// A number as digits or as one of the book's numbers (the first is 1), its words
    /// joined by one space.
    fn number(&self, w: &str) -> Option<u32> {
        match w.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => u32::try_from(self.numbers.iter().position(|x| x == w)? + 1).ok(),
        }
    }

    fn file(&self, w: &str) -> Option<File> {
        let vocab = vocabulary(self.lang);
        File::ALL.into_iter().find(|f| {
            normalize_word(vocab.file_name(*f)) == w || w.len() == 1 && w.starts_with(f.char())
        })
    }

    fn rank(&self, w: &str) -> Option<Rank> {
        let vocab = vocabulary(self.lang);
        Rank::ALL.into_iter().find(|r| {
            normalize_word(vocab.rank_name(*r)) == w || w.len() == 1 && w.starts_with(r.char())
        })
    }

    /// A square as two words ("eva vier") or one ("e4").
    fn square(&self, words: &[String]) -> Option<(Square, usize)> {
        let first = words.first()?;
        if let Ok(sq) = first.parse::<Square>() {
            return Some((sq, 1));
        }
        let file = self.file(first)?;
        let rank = self.rank(words.get(1)?)?;
        Some((Square::from_coords(file, rank), 2))
    }
}

#[derive(Default)]
struct Slots {
    piece: Option<Role>,
    square: Option<Square>,
    file: Option<File>,
    rank: Option<Rank>,
    number: Option<u32>,
    move_words: Option<Vec<String>>,
    side: Option<Color>,
    time: Option<Duration>,
}

/// Replaces clock readings `m:ss` and `h:mm:ss` by a marker word `t<milliseconds>` that
/// survives normalisation (which drops the colon).
fn mark_times(text: &str) -> String {
    text.split_whitespace()
        .map(|w| match parse_clock_reading(w) {
            Some(d) => format!("t{}", d.as_millis()),
            None => w.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn marked_time(word: &str) -> Option<Duration> {
    let ms: u64 = word.strip_prefix('t')?.parse().ok()?;
    Some(Duration::from_millis(ms))
}

/// A clock reading as an arbiter types it: `m:ss` or `h:mm:ss` (FIDE Laws 6.10-6.11).
pub fn parse_clock_reading(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() < 2 || parts.len() > 3 {
        return None;
    }
    let mut secs: u64 = 0;
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() || part.len() > 2 && i > 0 || !part.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let n: u64 = part.parse().ok()?;
        if i > 0 && n >= 60 {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(n)?;
    }
    Some(Duration::from_secs(secs))
}

/// The command book of `lang`, parsed once. The shipped files are proven to parse by a
/// unit test; should one ever fail, the error is returned.
pub fn commands(lang: Language) -> Result<&'static CommandBook, &'static CommandFileError> {
    static BOOKS: OnceLock<[Result<CommandBook, CommandFileError>; 3]> = OnceLock::new();
    let books = BOOKS.get_or_init(|| Language::ALL.map(CommandBook::parse));
    let i = Language::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    books[i].as_ref()
}

#[cfg(test)]
mod tests;
