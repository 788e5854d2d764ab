//! Languages of the station and the one normalisation of words every matcher shares.

use std::fmt;
use std::str::FromStr;

/// A language the station speaks, brailles and understands. Each has its own data files
/// under `assets/<code>/`; adding a language means adding files there and a variant here.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// German: the names of FIDE Laws Appendix D.2.1 (Anna, Bella, … ; eins, zwei, …).
    De,
    /// Spanish: the language of the seeds (Rey, Dama, Torre, Alfil, Caballo, Peón).
    Es,
    /// English.
    En,
}

impl Language {
    /// Every supported language.
    pub const ALL: [Language; 3] = [Language::De, Language::Es, Language::En];

    /// The ISO 639-1 code, also the folder name under `assets/`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::De => "de",
            Language::Es => "es",
            Language::En => "en",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The error for an unknown language code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected de, es or en")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        match s.trim().to_ascii_lowercase().as_str() {
            "de" | "deu" | "german" | "deutsch" => Ok(Language::De),
            "es" | "spa" | "spanish" | "español" | "espanol" => Ok(Language::Es),
            "en" | "eng" | "english" => Ok(Language::En),
            _ => Err(UnknownLanguage(s.to_owned())),
        }
    }
}

/// Normalises one word for matching: lower case, German umlauts and ß folded to their
/// two-letter spellings (ä → ae, ö → oe, ü → ue, ß → ss), Spanish accents dropped
/// (ó → o, ñ stays ñ), and every character that is not a letter or a digit removed.
/// "Läufer", "Laeufer" and "LÄUFER" all become "laeufer"; "Peón" becomes "peon".
pub fn normalize_word(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            'á' | 'à' | 'â' => out.push('a'),
            'é' | 'è' | 'ê' => out.push('e'),
            'í' | 'ì' | 'î' => out.push('i'),
            'ó' | 'ò' | 'ô' => out.push('o'),
            'ú' | 'ù' | 'û' => out.push('u'),
            c if c.is_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    out
}

/// Splits a phrase into normalised words (see [`normalize_word`]), dropping empty ones.
pub fn normalize_phrase(phrase: &str) -> Vec<String> {
    phrase
        .split(|c: char| c.is_whitespace() || c == '-' || c == ',' || c == '.')
        .map(normalize_word)
        .filter(|w| !w.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_variants_to_one_form() {
        for (input, want) in [
            ("Läufer", "laeufer"),
            ("Laeufer", "laeufer"),
            ("LÄUFER", "laeufer"),
            ("König", "koenig"),
            ("fünf", "fuenf"),
            ("Peón", "peon"),
            ("Cäsar", "caesar"),
            ("e4!", "e4"),
        ] {
            assert_eq!(normalize_word(input), want, "{input}");
        }
    }

    #[test]
    fn splits_phrases() {
        assert_eq!(
            normalize_phrase("Kurze-Rochade, bitte."),
            ["kurze", "rochade", "bitte"]
        );
        assert_eq!(normalize_phrase("  "), Vec::<String>::new());
    }

    #[test]
    fn parses_language_codes() {
        assert_eq!("DE".parse(), Ok(Language::De));
        assert_eq!("es".parse(), Ok(Language::Es));
        assert!("fr".parse::<Language>().is_err());
    }
}
