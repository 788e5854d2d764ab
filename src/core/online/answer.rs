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
    /// The challenge was made.
    ChallengeMade {
        /// Its id (the game's id, once accepted).
        id: String,
        /// Whom it challenges (`destUser`), when the answer names him.
        to: Option<String>,
    },
    /// The challenge kept alive ended.
    ChallengeDone {
        /// The id its answer began with (`None` when that line never came).
        id: Option<String>,
        /// `accepted`, `declined`, `canceled`, …
        done: String,
    },
}

/// Reads one challenge's answer line by line: its end carries the id its first line
/// gave, so that the menu can tell it from a late end of an earlier challenge.
#[derive(Debug, Default)]
pub struct ChallengeAnswer {
    made: Option<String>,
}

impl ChallengeAnswer {
    /// One line (or the whole body) of the answer; `None` for a keep-alive or anything
    /// else.
    pub fn line(&mut self, bytes: &[u8]) -> Option<Answer> {
        match challenge_line(bytes)? {
            Answer::ChallengeMade { id, to } => {
                self.made.get_or_insert_with(|| id.clone());
                Some(Answer::ChallengeMade { id, to })
            }
            Answer::ChallengeDone { done, .. } => Some(Answer::ChallengeDone {
                id: self.made.clone(),
                done,
            }),
            Answer::SeekOpen => Some(Answer::SeekOpen),
        }
    }
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
#[serde(rename_all = "camelCase")]
struct Made {
    id: String,
    #[serde(default)]
    dest_user: Option<User>,
}

#[derive(Deserialize)]
struct User {
    #[serde(default)]
    name: Option<String>,
}

/// Reads one line (or the whole body) of a challenge's answer, on its own (its end
/// without an id: [`ChallengeAnswer`] adds it); `None` for a keep-alive or anything else.
pub fn challenge_line(bytes: &[u8]) -> Option<Answer> {
    let text = std::str::from_utf8(bytes).ok()?.trim();
    if text.is_empty() {
        return None;
    }
    match serde_json::from_str::<Line>(text).ok()? {
        Line::Done { done } => Some(Answer::ChallengeDone { id: None, done }),
        Line::Wrapped { challenge: made } | Line::Made(made) if is_id(&made.id) => {
            Some(Answer::ChallengeMade {
                id: made.id,
                to: made.dest_user.and_then(|u| u.name),
            })
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
        let made = |id: &str| {
            Some(Answer::ChallengeMade {
                id: id.to_owned(),
                to: None,
            })
        };
        let done = |d: &str| {
            Some(Answer::ChallengeDone {
                id: None,
                done: d.to_owned(),
            })
        };
        let cases: [(&str, Option<Answer>); 10] = [
            (
                r#"{"id":"Q1","destUser":{"id":"bo","name":"Bo"}}"#,
                Some(Answer::ChallengeMade {
                    id: "Q1".into(),
                    to: Some("Bo".into()),
                }),
            ),
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

    /// A challenge's end carries the id its answer began with (a line too long for
    /// a challenge, or a second challenge line, does not change it).
    #[test]
    fn the_end_of_an_answer_names_its_challenge() {
        let mut answer = ChallengeAnswer::default();
        let made = answer.line(br#"{"id":"A1","destUser":{"name":"Dee"}}"#);
        assert_eq!(
            made,
            Some(Answer::ChallengeMade {
                id: "A1".into(),
                to: Some("Dee".into())
            })
        );
        answer.line(br#"{"id":"B2"}"#);
        assert_eq!(answer.line(b""), None);
        assert_eq!(
            answer.line(br#"{"done":"declined"}"#),
            Some(Answer::ChallengeDone {
                id: Some("A1".into()),
                done: "declined".into()
            })
        );
        let mut headless = ChallengeAnswer::default();
        assert_eq!(
            headless.line(br#"{"done":"canceled"}"#),
            Some(Answer::ChallengeDone {
                id: None,
                done: "canceled".into()
            })
        );
    }
}
