//! Why the server refused a request, in the player's language (issue 32.3): lichess
//! answers a refused request with `{"error": …}` in English; the errors it is known to
//! give are said in the station's words, any other in the server's own words.
//!
//! The words are in `assets/<lang>/messages.ftl` (the message `online-reason`, which
//! other messages name as `{ online-reason }`): [`with_reason`] adds its arguments
//! (`reason`, the key of a known error or `other`; `text`, the server's words as they
//! are, said after the station's own words, without quotation marks, which the Braille
//! tables do not all read back; `from`,
//! `to`, the squares of an illegal move) to any message that names it.

use crate::core::phrases::Message;

/// The longest quote of the server's words (a longer text is cut).
const QUOTE_MAX: usize = 160;

/// The server's errors the station knows, each with its key in `online-reason`: the
/// error's text (as lichess writes it, compared without case and a final full stop), and
/// the key.
const KNOWN: [(&str, &str); 10] = [
    ("This game can no longer be aborted", "no-abort"),
    ("This game cannot be resigned", "no-resign"),
    ("You cannot claim the win on this game", "no-claim-win"),
    ("You cannot claim draw on this game", "no-claim-draw"),
    ("Not your turn, or game already over", "not-your-turn"),
    ("No such game", "no-game"),
    ("Not your game", "not-your-game"),
    ("This game cannot be played with the Board API", "not-board"),
    (
        "This time control cannot be played with the Board API",
        "not-board",
    ),
    ("Missing scope", "scope"),
];

/// What the server's `error` means: the key of a known error (`other` for any other),
/// and the squares of an illegal move ("Piece on e2 cannot move to e5").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The key in `online-reason`.
    pub key: &'static str,
    /// The squares of a move the server found illegal: from, to.
    pub squares: Option<(String, String)>,
    /// The server's words, cut to a readable length, without control characters and
    /// without a final full stop.
    pub text: String,
}

/// Reads the server's `error`.
pub fn reason(error: &str) -> Reason {
    let text: String = error
        .chars()
        .filter(|c| !c.is_control())
        .take(QUOTE_MAX)
        .collect();
    // Without its final full stop: the messages end the quote with their own.
    let text = text.trim().trim_end_matches('.').trim_end().to_owned();
    let plain = text.as_str();
    let key = KNOWN
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(plain))
        .map(|(_, key)| *key);
    if let Some(key) = key {
        return Reason {
            key,
            squares: None,
            text,
        };
    }
    if let Some(squares) = illegal_move(plain) {
        return Reason {
            key: "illegal",
            squares: Some(squares),
            text,
        };
    }
    let key = if plain.starts_with("Invalid UCI") {
        "invalid-move"
    } else {
        "other"
    };
    Reason {
        key,
        squares: None,
        text,
    }
}

/// "Piece on e2 cannot move to e5": the two squares.
fn illegal_move(text: &str) -> Option<(String, String)> {
    let rest = text.strip_prefix("Piece on ")?;
    let (from, to) = rest.split_once(" cannot move to ")?;
    let square = |s: &str| s.parse::<shakmaty::Square>().ok().map(|q| q.to_string());
    Some((square(from.trim())?, square(to.trim())?))
}

/// `message` with the arguments of `online-reason` for the server's `error`.
pub fn with_reason(message: Message, error: &str) -> Message {
    let reason = reason(error);
    let (from, to) = reason.squares.unwrap_or_default();
    message
        .arg("reason", reason.key)
        .arg("text", reason.text)
        .arg("from", from)
        .arg("to", to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_errors_are_read() {
        let sq = |a: &str, b: &str| Some((a.to_owned(), b.to_owned()));
        let cases = [
            ("This game can no longer be aborted", "no-abort", None),
            ("This game cannot be resigned", "no-resign", None),
            (
                "You cannot claim the win on this game",
                "no-claim-win",
                None,
            ),
            ("You cannot claim draw on this game", "no-claim-draw", None),
            ("Not your turn, or game already over", "not-your-turn", None),
            (
                "not your turn, or game already over.",
                "not-your-turn",
                None,
            ),
            ("No such game", "no-game", None),
            ("Not your game", "not-your-game", None),
            (
                "This game cannot be played with the Board API.",
                "not-board",
                None,
            ),
            ("Missing scope", "scope", None),
            ("Piece on e2 cannot move to e5", "illegal", sq("e2", "e5")),
            ("Piece on z9 cannot move to e5", "other", None),
            ("Invalid UCI: e2e9", "invalid-move", None),
            ("The moon is made of cheese", "other", None),
            ("", "other", None),
        ];
        for (error, key, squares) in cases {
            let got = reason(error);
            assert_eq!((got.key, got.squares), (key, squares), "{error}");
        }
    }

    #[test]
    fn a_quote_is_short_and_has_no_control_characters() {
        let long = format!("bad\u{7}\n{}", "x".repeat(500));
        let got = reason(&long);
        assert_eq!(got.key, "other");
        assert!(got.text.starts_with("badx"), "{}", got.text);
        assert!(got.text.chars().count() <= QUOTE_MAX);
    }

    #[test]
    fn a_message_gets_every_argument_of_the_reason() {
        let m = with_reason(
            Message::new("lobby-refused"),
            "Piece on e2 cannot move to e5",
        );
        let names: Vec<&str> = m.args.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["reason", "text", "from", "to"]);
    }
}
