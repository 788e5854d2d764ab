//! The words of a written game (FIDE Laws Appendix C): move numbers, moves, draw offers
//! "(=)" (C.12), en passant marks "a.p."/"e.p." (C.9), annotations and results.

/// One part of a written word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// A move number: "11.", "1...", "9", "17…".
    Number(&'a str),
    /// Something to read as a move.
    Move(&'a str),
    /// FIDE Laws C.12: "(=)".
    DrawOffer,
    /// FIDE Laws C.9/C.13: "a.p.", "e.p." (the capture itself says it all).
    EnPassant,
    /// A result: "1-0", "0-1", "1/2-1/2", "½-½", "*".
    Result(&'a str),
    /// "!", "?!", "+", "$3": nothing to play.
    Annotation,
}

/// The results of PGN and print.
const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "½-½", "*"];
/// En passant marks.
const EN_PASSANT: [&str; 6] = ["a.p.", "e.p.", "a.p", "e.p", "ap", "ep"];

/// The normalised result: "½-½" is "1/2-1/2".
pub(crate) fn result(text: &str) -> Option<&'static str> {
    match text {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" => Some("1/2-1/2"),
        _ => None,
    }
}

/// Splits one white-space free word into its parts: "11.Rb1(=)" is a number, a move and a
/// draw offer.
pub(crate) fn split(word: &str) -> Vec<Token<'_>> {
    let mut out = Vec::with_capacity(2);
    if RESULTS.contains(&word) {
        out.push(Token::Result(word));
        return out;
    }
    let (rest, draw) = match word.strip_suffix("(=)") {
        Some(rest) => (rest, true),
        None => (word, false),
    };
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &rest[digits..];
    let dots = after.len() - after.trim_start_matches(['.', '…']).len();
    let rest = if digits > 0 && (dots > 0 || after.is_empty()) {
        out.push(Token::Number(&rest[..digits + dots]));
        &after[dots..]
    } else {
        rest
    };
    if !rest.is_empty() {
        out.push(
            if EN_PASSANT.contains(&rest.to_ascii_lowercase().as_str()) {
                Token::EnPassant
            } else if rest.starts_with('$')
                || rest.chars().all(|c| matches!(c, '!' | '?' | '+' | '#'))
            {
                Token::Annotation
            } else {
                Token::Move(rest)
            },
        );
    }
    if draw {
        out.push(Token::DrawOffer);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Token::*;
    use super::*;

    #[test]
    fn splits_words() {
        for (word, want) in [
            ("e4", vec![Move("e4")]),
            ("1.e4", vec![Number("1."), Move("e4")]),
            ("1...e5", vec![Number("1..."), Move("e5")]),
            ("17…", vec![Number("17…")]),
            ("9", vec![Number("9")]),
            ("11.", vec![Number("11.")]),
            ("0-0", vec![Move("0-0")]),
            ("0-0-0", vec![Move("0-0-0")]),
            ("10.0-0-0", vec![Number("10."), Move("0-0-0")]),
            ("0-1", vec![Result("0-1")]),
            ("½-½", vec![Result("½-½")]),
            ("*", vec![Result("*")]),
            ("11.Rb1(=)", vec![Number("11."), Move("Rb1"), DrawOffer]),
            ("(=)", vec![DrawOffer]),
            ("a.p.", vec![EnPassant]),
            ("E.P.", vec![EnPassant]),
            ("!?", vec![Annotation]),
            ("$14", vec![Annotation]),
            ("++", vec![Annotation]),
            ("De3+", vec![Move("De3+")]),
        ] {
            assert_eq!(split(word), want, "{word}");
        }
    }

    #[test]
    fn normalises_results() {
        assert_eq!(result("½-½"), Some("1/2-1/2"));
        assert_eq!(result("1-0"), Some("1-0"));
        assert_eq!(result("*"), None);
    }
}
