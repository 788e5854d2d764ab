//! Hearing: the speech recognizer side of the station (an adapter around the pure core).
//!
//! FIDE Laws D.2.1: the visually impaired player announces each move aloud. The station
//! drives a [`Recognizer`]: at each turn it hands it the [`Grammar`] of the position (every
//! phrase that can be said now, so that no illegal move's phrase can be heard as a whole),
//! feeds it audio, and passes every final result to the session as
//! [`crate::core::input::Event::Heard`], with each word's confidence and alternatives. The
//! session then echoes and waits for confirmation (D.2.3) or asks back; a wrong move is
//! never made without the player's "ja" (or, under a correction window, their silence).
//!
//! Backends:
//! - [`scripted::ScriptedRecognizer`] (always built): delivers scripted word sequences with
//!   confidences, for tests of the German path without a microphone;
//! - [`vosk`](mod@self::vosk) (behind the `vosk` cargo feature): libvosk with a grammar of
//!   the legal moves, switched at each turn. How libvosk's C API maps onto the trait:
//!   - `vosk_model_new(path)` once; the vocabulary check is
//!     `vosk_model_find_word(model, word) >= 0`, run over [`GrammarBuilder::all_words`]
//!     once at start-up ([`vocabulary::Spelling::check`]); each grammar leaves out the
//!     phrases with a word the model lacks ([`vocabulary::Spelling::phrases`]);
//!   - `vosk_recognizer_new_grm(model, 16000.0, phrases)` once, then
//!     [`Recognizer::set_grammar`] is `vosk_recognizer_set_grm` with the JSON list of
//!     [`Grammar::phrases`] plus [`Grammar::UNKNOWN`] (`"[unk]"`);
//!   - `vosk_recognizer_set_words(1)` gives per-word `conf` in
//!     `result: [{word, conf, start, end}]` (used when
//!     `vosk_recognizer_set_max_alternatives(0)`); with `n` alternatives the result is
//!     `alternatives: [{text, confidence, result: [{word, start, end}]}]` without per-word
//!     confidences: [`from_nbest`] turns that n-best list into per-word confidences and
//!     alternatives;
//!   - [`Recognizer::accept`] is `vosk_recognizer_accept_waveform_s` (16-bit samples): at
//!     the end of an utterance `vosk_recognizer_result` as [`Heard::Final`], otherwise
//!     `vosk_recognizer_partial_result`'s `partial` as [`Heard::Partial`];
//!     [`Recognizer::finish`] is `vosk_recognizer_final_result`, [`Recognizer::reset`] is
//!     `vosk_recognizer_reset`.
//!
//! vosk does not enforce the order of a grammar's words (its grammar is compiled into a
//! language model over the phrases' words), so a result may still be a mixture of phrases:
//! resolution against the legal moves ([`crate::core::words::Vocabulary::resolve`]) stays
//! necessary.

pub mod actor;
pub mod menu;
pub mod scripted;
pub mod vocabulary;
#[cfg(feature = "vosk")]
pub mod vosk;

use crate::core::grammar::Grammar;
#[cfg(doc)]
use crate::core::grammar::GrammarBuilder;
use crate::core::words::{HeardWord, HeardWords};

/// The highest confidence a recognizer's word is given: a recognizer is never certain
/// (confidence 1.0 is for typed or scripted text). The matcher then also allows for a word
/// the recognizer may have dropped before it echoes a move as understood.
pub const MAX_CONFIDENCE: f32 = 0.99;

/// Why a recognizer failed (a device or model error, never a misrecognition).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HearingError {
    /// The folder holds no vosk model (neither `am/` nor `final.mdl`).
    #[error("model: no vosk model in {} (see models/README.md)", .0.display())]
    NoModel(std::path::PathBuf),
    /// The model's path cannot be handed to libvosk (it holds a NUL byte).
    #[error("model: bad path {}", .0.display())]
    ModelPath(std::path::PathBuf),
    /// libvosk could not load the model.
    #[error("model: libvosk could not load {}", .0.display())]
    ModelLoad(std::path::PathBuf),
    /// The language's grammar could not be built.
    #[error("grammar rejected: {0}")]
    Grammar(#[from] crate::core::grammar::GrammarError),
    /// The grammar holds no phrase the model can hear.
    #[error("grammar rejected: no phrase the model can hear")]
    NoPhrase,
    /// A phrase of the grammar holds a NUL byte: it cannot be handed to libvosk.
    #[error("grammar rejected: a phrase holds a NUL byte")]
    GrammarNul,
    /// libvosk refused the grammar.
    #[error("grammar rejected: libvosk refused the grammar")]
    GrammarRefused,
    /// libvosk returned no result.
    #[error("decoding failed: libvosk returned no result")]
    NoResult,
    /// libvosk's result is not the JSON expected.
    #[error("decoding failed: {reason}: {text}")]
    ResultText {
        /// The result as libvosk wrote it.
        text: String,
        /// Why it does not read (the JSON parser's words).
        reason: String,
    },
    /// More samples at once than libvosk takes.
    #[error("decoding failed: too many samples at once")]
    TooManySamples,
    /// libvosk rejected the audio.
    #[error("decoding failed: libvosk rejected the audio")]
    AudioRejected,
    /// A script could not be read.
    #[error("script line {line}: {detail}")]
    Script {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        detail: String,
    },
}

/// What a recognizer delivers.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// The words so far of an utterance still being spoken (no confidences): for showing
    /// what is being heard, never for resolving a move.
    Partial(String),
    /// A finished utterance, with per-word confidences and alternatives: handed to the
    /// session as [`crate::core::input::Event::Heard`].
    Final(HeardWords),
}

/// A speech recognizer as the station drives it (see the module documentation for how
/// vosk's API fits).
pub trait Recognizer {
    /// The sample rate of the audio [`Recognizer::accept`] expects, in Hz (vosk: 16000).
    fn sample_rate(&self) -> u32;

    /// Replaces the phrases the recognizer listens for: called at each turn with the
    /// grammar of the new position (FIDE Laws D.2.1: only legal moves can be announced).
    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearingError>;

    /// Feeds 16-bit mono samples. Returns a final result when an utterance ended, a
    /// partial one while it goes on, `None` when there is nothing new.
    fn accept(&mut self, samples: &[i16]) -> Result<Option<Heard>, HearingError>;

    /// The end of the audio: flushes what was heard so far as a final result.
    fn finish(&mut self) -> Result<Option<Heard>, HearingError>;

    /// Forgets the utterance in progress (e.g. when the station itself starts speaking).
    fn reset(&mut self);
}

/// The environment variable naming the vosk model's directory.
pub const MODEL_ENV: &str = "ANSAGE_VOSK_MODEL";

/// Turns an n-best list (each alternative's text and weight, best first, as vosk's
/// `alternatives: [{text, confidence}]` after mapping its scores to non-negative weights)
/// into one utterance: the best alternative's words, each with the share of the total
/// weight of the alternatives that have this word at this position as its confidence, and
/// the other words heard at the same position (in alternatives of the same length) with
/// their shares as alternatives. Confidences are at most [`MAX_CONFIDENCE`].
pub fn from_nbest(alternatives: &[(&str, f32)]) -> HeardWords {
    let Some((best, _)) = alternatives.first() else {
        return HeardWords::default();
    };
    let total: f32 = alternatives
        .iter()
        .map(|(_, w)| if w.is_finite() { w.max(0.0) } else { 0.0 })
        .sum();
    let split: Vec<(Vec<&str>, f32)> = alternatives
        .iter()
        .map(|(t, w)| {
            let w = if w.is_finite() { w.max(0.0) } else { 0.0 };
            (t.split_whitespace().collect(), w)
        })
        .collect();
    let best_words: Vec<&str> = best.split_whitespace().collect();
    let words = best_words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            let mut shares: Vec<(String, f32)> = Vec::new();
            for (words, w) in &split {
                if words.len() != best_words.len() {
                    continue;
                }
                let at = words[i];
                match shares.iter_mut().find(|(s, _)| s == at) {
                    Some((_, sum)) => *sum += w,
                    None => shares.push((at.to_owned(), *w)),
                }
            }
            let share = |w: f32| {
                if total > 0.0 {
                    (w / total).min(MAX_CONFIDENCE)
                } else {
                    MAX_CONFIDENCE
                }
            };
            let mine = shares
                .iter()
                .find(|(s, _)| s == word)
                .map_or(0.0, |(_, w)| *w);
            HeardWord {
                text: (*word).to_owned(),
                confidence: share(mine),
                alternatives: shares
                    .into_iter()
                    .filter(|(s, _)| s != word)
                    .map(|(s, w)| (s, share(w)))
                    .collect(),
            }
        })
        .collect();
    HeardWords { words }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nbest_gives_per_word_confidences_and_alternatives() {
        /// The n-best list, and each word with its confidence and alternatives.
        type Case<'a> = (&'a [(&'a str, f32)], &'a [(&'a str, f32, &'a [&'a str])]);
        let table: &[Case] = &[
            (&[], &[]),
            (
                &[("eva vier", 1.0)],
                &[("eva", 0.99, &[]), ("vier", 0.99, &[])],
            ),
            (
                &[
                    ("springer felix drei", 6.0),
                    ("springer felix zwei", 3.0),
                    ("springer eva drei", 1.0),
                ],
                &[
                    ("springer", 0.99, &[]),
                    ("felix", 0.9, &["eva"]),
                    ("drei", 0.7, &["zwei"]),
                ],
            ),
            // An alternative of another length lowers every word's share.
            (
                &[("eva vier", 3.0), ("bauer eva vier", 1.0)],
                &[("eva", 0.75, &[]), ("vier", 0.75, &[])],
            ),
        ];
        for (nbest, want) in table {
            let u = from_nbest(nbest);
            assert_eq!(u.words.len(), want.len(), "{nbest:?}");
            for (w, (text, conf, alts)) in u.words.iter().zip(want.iter()) {
                assert_eq!(w.text, *text);
                assert!((w.confidence - conf).abs() < 1e-6, "{w:?}");
                let got: Vec<&str> = w.alternatives.iter().map(|(t, _)| t.as_str()).collect();
                assert_eq!(got, *alts);
            }
        }
    }
}
