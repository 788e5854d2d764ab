//! Asking: answers short first, more on request (FIDE Laws D.2.9.d: given only to whoever
//! asks). The first part of an answer is said at once; "mehr" (or the time key pressed
//! again within [`SECOND_PRESS`]) says the next part. The parts are computed again when
//! they are asked for, so a part never describes a position or a clock that has changed.

use std::time::Duration;

use crate::core::input::{Actor, Question};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::questions::{self, Part};
use crate::core::time::Timestamp;

use super::{Session, audience};

/// The time key pressed again within this long after a time answer says the rest of it
/// (the time used and the moves completed), as "mehr" does.
pub const SECOND_PRESS: Duration = Duration::from_secs(4);

/// Where an asker is in their last answer.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Follow {
    /// To whom it was said.
    to: Audience,
    /// The question answered.
    question: Question,
    /// The next part to say.
    next: usize,
    /// When it was asked.
    at: Timestamp,
}

impl Session {
    /// Answers a question, to the asker only (FIDE Laws D.2.9.d): the first part of the
    /// answer, or on [`Question::More`] the next part of the asker's last answer.
    pub(super) fn answer(
        &mut self,
        by: Actor,
        q: &Question,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        let (question, next) = match (q, self.follow_of(to)) {
            (Question::More, Some(f)) => (f.question.clone(), f.next),
            (Question::More, None) => {
                self.tell(to, Priority::Answer, Message::new("more-nothing"), out);
                return;
            }
            _ => (q.clone(), 0),
        };
        let parts = questions::answer(&question, &self.context(by, now));
        match parts.into_iter().nth(next) {
            Some(Part { msg, live }) => {
                self.tell_live(to, Priority::Answer, msg, live, out);
                let at = if next == 0 {
                    now
                } else {
                    self.follow_of(to).map_or(now, |f| f.at)
                };
                self.follow.retain(|f| f.to != to);
                self.follow.push(Follow {
                    to,
                    question,
                    next: next + 1,
                    at,
                });
            }
            None => self.tell(to, Priority::Answer, Message::new("more-nothing"), out),
        }
    }

    /// What the time key asks: the time, or, pressed again within [`SECOND_PRESS`] of a
    /// time answer whose first part alone was said, the rest of it.
    pub(super) fn time_key(&self, by: Actor, now: Timestamp) -> Question {
        match self.follow_of(audience(by)) {
            Some(f)
                if f.question == Question::Time
                    && f.next == 1
                    && now.saturating_since(f.at) <= SECOND_PRESS =>
            {
                Question::More
            }
            _ => Question::Time,
        }
    }

    /// Forgets where `to` is in their last answer ("mehr" then has nothing to add).
    pub(super) fn forget_follow(&mut self, to: Audience) {
        self.follow.retain(|f| f.to != to);
    }

    fn follow_of(&self, to: Audience) -> Option<&Follow> {
        self.follow.iter().find(|f| f.to == to)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::script;

    /// What white hears in answer (the text after `say:white`), from a script.
    fn answers(body: &str) -> Vec<String> {
        let text = format!("@0 arbiter setup tc=600 vi=white lang=de\n{body}");
        let run = script::run(&script::parse(&text).unwrap()).unwrap();
        run.transcript
            .iter()
            .filter_map(|l| l.split_once(" say:white ").map(|(_, t)| t.to_owned()))
            .collect()
    }

    #[test]
    fn short_first_and_the_rest_on_request() {
        let cases: [(&str, &[&str]); 6] = [
            // The time key twice within four seconds: the short answer, then the rest.
            (
                "@0 arbiter key start\n@10 white key time\n@14 white key time\n",
                &[
                    "Sie 9 50, Gegner 10 Minuten.",
                    "Verbraucht: Sie 14 Sekunden, Gegner 0 Sekunden. Züge: Sie 0, Gegner 0.",
                ],
            ),
            // Later than that, the time again, as it is then.
            (
                "@0 arbiter key start\n@10 white key time\n@14.5 white key time\n",
                &[
                    "Sie 9 50, Gegner 10 Minuten.",
                    "Sie 9 45, Gegner 10 Minuten.",
                ],
            ),
            // "mehr" with nothing asked, and after the last part.
            (
                "@1 white say mehr\n@2 white say Zeit\n@3 white say mehr\n@4 white say mehr\n",
                &[
                    "Mehr gibt es dazu nicht.",
                    // The clock was never started: the answer says it stands.
                    "Sie 10 Minuten, Gegner 10 Minuten. Die Uhr steht.",
                    "Verbraucht: Sie 0 Sekunden, Gegner 0 Sekunden. Züge: Sie 0, Gegner 0.",
                    "Mehr gibt es dazu nicht.",
                ],
            ),
            // The rest of a list describes the position as it is when it is asked for.
            (
                "@1 white say wo sind meine Figuren\n@2 white type e4\n@3 white say ja\n\
                 @4 white say mehr\n@5 white say mehr\n",
                &[
                    "Ihre Figuren: König Eva eins; Dame David eins; Türme Anna, Hector eins. Mehr?",
                    "Eva vier?",
                    "Zug 1.",
                    "Ihre Figuren: Läufer Cäsar, Felix eins; Springer Bella, Gustav eins. Mehr?",
                    "Ihre Figuren: Bauern Anna bis David, Felix, Gustav, Hector zwei; Eva vier.",
                ],
            ),
            // "meine Zeit" says only the asker's; repeated, it says the time then.
            (
                "@0 arbiter key start\n@5 white say meine Zeit\n@9 white key repeat\n",
                &["Ihre Zeit: 9 55.", "Ihre Zeit: 9 51."],
            ),
            // A new question starts over: "mehr" follows the newest answer.
            (
                "@1 white say Hilfe\n@2 white say Zeit\n@3 white say mehr\n",
                &[
                    "Zug sagen, etwa Springer Felix drei. Ja bestätigt, nein korrigiert. \
                     Zeit, wiederholen. Mehr?",
                    "Sie 10 Minuten, Gegner 10 Minuten. Die Uhr steht.",
                    "Verbraucht: Sie 0 Sekunden, Gegner 0 Sekunden. Züge: Sie 0, Gegner 0.",
                ],
            ),
        ];
        for (body, expected) in cases {
            assert_eq!(answers(body), expected, "{body}");
        }
    }
}
