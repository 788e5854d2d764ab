//! The server's own answer to the menu's seek or challenge (issue 32.3): a seek is open
//! once its streamed answer begins; a challenge's answer is the challenge itself
//! (ChallengeJson, whose id is the game's once accepted), and a challenge kept alive
//! (`keepAliveStream`) ends with `{"done":"accepted"}` (or `declined`, `canceled`). The
//! menu learns from it what it would otherwise learn only from the event stream, and says
//! "seeking" only once the server took the seek.

use serde::Deserialize;

/// What the server's answer to the player's seek or challenge said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The seek is open: the server took it and looks for an opponent.
    SeekOpen,
    /// The challenge was made: its id (the game's id, once accepted).
    ChallengeMade(String),
    /// The challenge kept alive ended: `accepted`, `declined`, `canceled`, …
    ChallengeDone(String),
}

/// One line of a challenge's answer: `{"done": …}`, the challenge, or the challenge
/// inside `{"challenge": …}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Done { done: String },
    Wrapped { challenge: Made },
    Made(Made),
}

#[derive(Deserialize)]
struct Made {
    id: String,
}

/// Reads one line (or the whole body) of a challenge's answer; `None` for a keep-alive or
/// anything else.
pub fn challenge_line(bytes: &[u8]) -> Option<Answer> {
    let text = std::str::from_utf8(bytes).ok()?.trim();
    if text.is_empty() {
        return None;
    }
    match serde_json::from_str::<Line>(text).ok()? {
        Line::Done { done } => Some(Answer::ChallengeDone(done)),
        Line::Wrapped { challenge: made } | Line::Made(made) if is_id(&made.id) => {
            Some(Answer::ChallengeMade(made.id))
        }
        Line::Wrapped { .. } | Line::Made(_) => None,
    }
}

/// A challenge's id: letters and digits (it goes into paths).
fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenges_answer_is_read() {
        let made = |id: &str| Some(Answer::ChallengeMade(id.to_owned()));
        let done = |d: &str| Some(Answer::ChallengeDone(d.to_owned()));
        let cases: [(&str, Option<Answer>); 9] = [
            (
                r#"{"id":"H9fIRZUk","url":"https://lichess.org/H9fIRZUk","status":"created"}"#,
                made("H9fIRZUk"),
            ),
            (
                r#"{"challenge":{"id":"Ab12Cd34"},"socketVersion":0}"#,
                made("Ab12Cd34"),
            ),
            (r#"{"done":"accepted"}"#, done("accepted")),
            (r#"{"done":"declined"}"#, done("declined")),
            ("", None),
            ("\n", None),
            (r#"{"id":"../x"}"#, None),
            (r#"{"error":"No such user"}"#, None),
            ("not json", None),
        ];
        for (line, expected) in cases {
            assert_eq!(challenge_line(line.as_bytes()), expected, "{line}");
        }
    }
}
