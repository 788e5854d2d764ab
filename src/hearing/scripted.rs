//! A recognizer that hears what a script says it hears: for tests of the German path
//! (grammar → recognizer → session) without a microphone or a model.
//!
//! The script has one utterance a line, in the form of a script's `say` line
//! ([`crate::core::script::scored_utterance`]): `Springer Felix:0.4|Eva:0.35 drei` is three
//! words, the second heard as "Felix" with confidence 0.4 and "Eva" (0.35) as its
//! alternative. `#` starts a comment; blank lines are skipped.
//!
//! Audio is only counted, never listened to: each word lasts [`ScriptedRecognizer::samples_per_word`]
//! samples. While an utterance is "spoken", [`Recognizer::accept`] returns its words so far
//! as [`Heard::Partial`] (one more each time a word is complete) and, when the last word is
//! complete, the utterance as [`Heard::Final`]; then the next line starts. Once a grammar is
//! set, a word outside it is delivered as [`Grammar::UNKNOWN`], as vosk does with a grammar
//! that lists `[unk]`.

use std::collections::{HashSet, VecDeque};

use super::{Heard, HearingError, Recognizer};
use crate::core::grammar::{Grammar, spoken_form};
use crate::core::script::scored_utterance;
use crate::core::words::{HeardWord, HeardWords};

/// The scripted recognizer (see the module documentation).
#[derive(Debug, Clone)]
pub struct ScriptedRecognizer {
    queue: VecDeque<HeardWords>,
    /// The words of the grammar set last, if any.
    grammar: Option<HashSet<String>>,
    grammars_set: usize,
    /// Samples heard of the current utterance.
    heard: usize,
    /// Words of the current utterance already reported as partial.
    reported: usize,
    samples_per_word: usize,
}

impl ScriptedRecognizer {
    /// The sample rate it claims (vosk's models take 16 kHz).
    pub const SAMPLE_RATE: u32 = 16_000;

    /// A recognizer that will hear these utterances, in order.
    pub fn new(utterances: impl IntoIterator<Item = HeardWords>) -> ScriptedRecognizer {
        ScriptedRecognizer {
            queue: utterances.into_iter().collect(),
            grammar: None,
            grammars_set: 0,
            heard: 0,
            reported: 0,
            // 0.4 s a word.
            samples_per_word: Self::SAMPLE_RATE as usize * 2 / 5,
        }
    }

    /// Reads a script (see the module documentation).
    pub fn from_script(text: &str) -> Result<ScriptedRecognizer, HearingError> {
        let mut utterances = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let u = scored_utterance(line).map_err(|e| HearingError::Script {
                line: i + 1,
                detail: e.to_string(),
            })?;
            utterances.push(u);
        }
        Ok(ScriptedRecognizer::new(utterances))
    }

    /// How many samples each word lasts.
    pub fn samples_per_word(&self) -> usize {
        self.samples_per_word
    }

    /// Sets how many samples each word lasts (at least one).
    pub fn with_samples_per_word(mut self, n: usize) -> ScriptedRecognizer {
        self.samples_per_word = n.max(1);
        self
    }

    /// How many utterances are left.
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }

    /// How many times a grammar was set.
    pub fn grammars_set(&self) -> usize {
        self.grammars_set
    }

    /// The current utterance as the grammar lets it be heard.
    fn constrained(&self, u: &HeardWords, words: usize) -> HeardWords {
        let allowed = |w: &str| {
            self.grammar.as_ref().is_none_or(|g| {
                let sf = spoken_form(w);
                !sf.is_empty() && sf.iter().all(|x| g.contains(x))
            })
        };
        HeardWords {
            words: u
                .words
                .iter()
                .take(words)
                .map(|w| HeardWord {
                    text: if allowed(&w.text) {
                        w.text.clone()
                    } else {
                        Grammar::UNKNOWN.to_owned()
                    },
                    confidence: w.confidence,
                    alternatives: w
                        .alternatives
                        .iter()
                        .filter(|(a, _)| allowed(a))
                        .cloned()
                        .collect(),
                })
                .collect(),
        }
    }

    fn words_heard(&self) -> usize {
        self.heard / self.samples_per_word
    }
}

impl Recognizer for ScriptedRecognizer {
    fn sample_rate(&self) -> u32 {
        Self::SAMPLE_RATE
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearingError> {
        if grammar.is_empty() {
            return Err(HearingError::NoPhrase);
        }
        self.grammar = Some(grammar.words().into_iter().collect());
        self.grammars_set += 1;
        Ok(())
    }

    fn accept(&mut self, samples: &[i16]) -> Result<Option<Heard>, HearingError> {
        let Some(current) = self.queue.front() else {
            return Ok(None);
        };
        let len = current.words.len();
        self.heard += samples.len();
        let done = self.words_heard().min(len);
        if done >= len {
            let u = self.constrained(current, len);
            self.queue.pop_front();
            self.heard = 0;
            self.reported = 0;
            return Ok(Some(Heard::Final(u)));
        }
        if done > self.reported {
            self.reported = done;
            return Ok(Some(Heard::Partial(self.constrained(current, done).text())));
        }
        Ok(None)
    }

    fn finish(&mut self) -> Result<Option<Heard>, HearingError> {
        let done = self.words_heard();
        if done == 0 {
            return Ok(None);
        }
        let Some(current) = self.queue.pop_front() else {
            return Ok(None);
        };
        let u = self.constrained(&current, done.min(current.words.len()));
        self.heard = 0;
        self.reported = 0;
        Ok(Some(Heard::Final(u)))
    }

    fn reset(&mut self) {
        if self.heard > 0 {
            self.queue.pop_front();
        }
        self.heard = 0;
        self.reported = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::input::{Actor, Event, Input};
    use crate::core::lang::Language;
    use crate::core::output::Audience;
    use crate::core::output::Output;
    use crate::core::session::Session;
    use crate::core::setup::{Impaired, SessionSetup};
    use crate::core::time::Timestamp;
    use shakmaty::Position;

    const WORD: usize = 100;

    fn rec(script: &str) -> ScriptedRecognizer {
        ScriptedRecognizer::from_script(script)
            .unwrap()
            .with_samples_per_word(WORD)
    }

    /// Feeds silence in blocks until a final result, collecting the partials.
    fn until_final(r: &mut ScriptedRecognizer, block: usize) -> (Vec<String>, Option<HeardWords>) {
        let mut partials = Vec::new();
        for _ in 0..100 {
            match r.accept(&vec![0; block]).unwrap() {
                Some(Heard::Partial(p)) => partials.push(p),
                Some(Heard::Final(u)) => return (partials, Some(u)),
                None => {}
            }
        }
        (partials, None)
    }

    #[test]
    fn delivers_words_with_confidences_partials_then_final() {
        /// Script, samples per block, partials, final text, confidences.
        type Case<'a> = (&'a str, usize, &'a [&'a str], &'a str, &'a [f32]);
        let table: &[Case] = &[
            ("Eva vier", WORD, &["Eva"], "Eva vier", &[1.0, 1.0]),
            (
                "Springer Felix:0.4|Eva:0.35 drei:0.9",
                WORD,
                &["Springer", "Springer Felix"],
                "Springer Felix drei",
                &[1.0, 0.4, 0.9],
            ),
            // Blocks of two words: one partial is skipped.
            (
                "Springer Felix drei",
                2 * WORD,
                &["Springer Felix"],
                "Springer Felix drei",
                &[1.0, 1.0, 1.0],
            ),
        ];
        for (script, block, partials, text, confs) in table {
            let mut r = rec(script);
            let (p, u) = until_final(&mut r, *block);
            let u = u.unwrap();
            assert_eq!(p, *partials, "{script}");
            assert_eq!(u.text(), *text);
            let c: Vec<f32> = u.words.iter().map(|w| w.confidence).collect();
            assert_eq!(c, *confs);
            assert_eq!(r.remaining(), 0);
            assert_eq!(r.accept(&[0; 1000]).unwrap(), None);
        }
        let u = until_final(&mut rec("Springer Felix:0.4|Eva:0.35 drei"), WORD)
            .1
            .unwrap();
        assert_eq!(u.words[1].alternatives, [("Eva".to_owned(), 0.35)]);
    }

    #[test]
    fn script_errors_name_the_line() {
        let e = ScriptedRecognizer::from_script("# moves\nEva vier\nFelix:2 drei").unwrap_err();
        assert!(matches!(e, HearingError::Script { line: 3, .. }), "{e}");
    }

    #[test]
    fn grammar_turns_outside_words_into_unknown() {
        let g = Grammar::for_position(Language::De, &shakmaty::Chess::default()).unwrap();
        let mut r = rec("Eva vier\nquatsch Eva:0.8|Hühnchen:0.1 vier");
        r.set_grammar(&g).unwrap();
        assert_eq!(r.grammars_set(), 1);
        assert_eq!(until_final(&mut r, WORD).1.unwrap().text(), "Eva vier");
        let u = until_final(&mut r, WORD).1.unwrap();
        assert_eq!(u.text(), "[unk] Eva vier");
        assert!(u.words[1].alternatives.is_empty());
    }

    #[test]
    fn finish_flushes_and_reset_forgets() {
        let mut r = rec("Springer Felix drei\nEva vier");
        assert_eq!(r.finish().unwrap(), None);
        r.accept(&[0; WORD]).unwrap();
        r.reset();
        assert_eq!(r.remaining(), 1);
        r.accept(&[0; WORD]).unwrap();
        let Some(Heard::Final(u)) = r.finish().unwrap() else {
            panic!("no final result");
        };
        assert_eq!(u.text(), "Eva");
    }

    /// The German path end to end: grammar set at each turn, scripted words heard, the
    /// session echoes and asks back (D.2.3), "ja" makes the move.
    #[test]
    fn drives_a_session_through_the_german_path() {
        let mut session = Session::new(SessionSetup {
            impaired: Impaired::Both,
            ..SessionSetup::default()
        })
        .unwrap();
        let builder = crate::core::grammar::GrammarBuilder::new(Language::De).unwrap();
        let mut r =
            rec("Eva vier\nja\nEva:0.95 fünf:0.9\nja\nSpringer Felix:0.4|Gustav:0.3 drei\nja");
        let mut made = Vec::new();
        let mut said = Vec::new();
        let mut t = 0;
        while r.remaining() > 0 {
            r.set_grammar(&builder.build(session.move_phrases()))
                .unwrap();
            let Some(u) = until_final(&mut r, WORD).1 else {
                break;
            };
            t += 1000;
            let by_color = session.position().turn();
            let by = Actor::Player(by_color);
            for o in session.handle(
                Input::Act {
                    by,
                    event: Event::Heard(u),
                },
                Timestamp::from_millis(t),
            ) {
                match o {
                    Output::Made(m) => made.push(m.san),
                    Output::Say(s) if s.to == Audience::player(by_color) => said.push(s.text),
                    _ => {}
                }
            }
        }
        assert_eq!(made, ["e4", "e5", "Nf3"]);
        assert_eq!(r.grammars_set(), 6);
        assert!(
            said.iter()
                .any(|s| s.starts_with("Meinten Sie Springer Felix drei")),
            "{said:?}"
        );
    }
}
