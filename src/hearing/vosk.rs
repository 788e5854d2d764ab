//! The vosk recognizer (cargo feature `vosk`): libvosk 0.3.45 through `vosk-sys`.
//!
//! FIDE Laws D.2.1: the player announces the move; the recognizer hears it offline. The
//! `vosk` crate is not used: it does not wrap `vosk_recognizer_set_grm` (switching the
//! grammar of a running recognizer, declared here) and it panics on a result it cannot
//! parse. Here a result that cannot be parsed is a [`HearingError::ResultText`].
//!
//! - [`VoskModel::load`] loads a model directory once; it is shared ([`Arc`]) by every
//!   recognizer and by the vocabulary check ([`VoskModel::knows`] is
//!   `vosk_model_find_word(model, word) >= 0`).
//! - [`VoskRecognizer`] implements [`Recognizer`]: a grammar recognizer
//!   (`vosk_recognizer_new_grm`), switched at each turn by `vosk_recognizer_set_grm`
//!   (after a reset: libvosk refuses, with an abort, to switch in the middle of an
//!   utterance). Words are mapped to the model's spelling and back through a
//!   [`Spelling`] built once.
//! - Results: with `alternatives > 0` (the default, 5) vosk's n-best list
//!   (`{"alternatives": [{"text", "confidence"}]}`, the confidence a log-likelihood) is
//!   turned into weights `exp(c - c_best)` and then into per-word confidences and
//!   alternatives by [`from_nbest`]; with `alternatives = 0`, vosk's per-word `conf`
//!   (`set_words(true)`) is taken as it is, without alternatives. Either way a confidence
//!   is at most [`MAX_CONFIDENCE`], so the core asks back when in doubt.
//! - Endpointing is vosk's, from the model's `conf/model.conf`
//!   (`--endpoint.rule2.min-trailing-silence=0.5` in the small models: a result half a
//!   second after the end of speech); the actor ([`super::actor`]) ends an utterance
//!   sooner, after its own short silence span, by its end-of-speech rule.

// FFI: libvosk's C API (`vosk-sys`, and `vosk_recognizer_set_grm` declared here) is called
// only through raw pointers, and the model and recognizer handles are sent between threads.
#![allow(unsafe_code)]

use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_int};
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::sync::Arc;

use serde_json::Value;

use super::vocabulary::{Spelling, VocabularyReport};
use super::{Heard, HearingError, MAX_CONFIDENCE, Recognizer, from_nbest};
use crate::core::grammar::{Grammar, GrammarBuilder};
use crate::core::words::{HeardWord, HeardWords};

unsafe extern "C" {
    /// libvosk 0.3.45: replaces a grammar recognizer's phrase list (rebuilds its grammar
    /// FST). Not in `vosk-sys` 0.2.
    fn vosk_recognizer_set_grm(recognizer: *mut vosk_sys::VoskRecognizer, grammar: *const c_char);
}

/// Sets libvosk's log level (-1 errors only, 0 the default, which logs every model load).
pub fn set_log_level(level: i32) {
    // SAFETY: a plain setter of a global integer.
    unsafe { vosk_sys::vosk_set_log_level(level as c_int) }
}

/// A loaded vosk model (thread-safe in libvosk: shared by recognizers on any thread).
#[derive(Debug)]
pub struct VoskModel {
    ptr: NonNull<vosk_sys::VoskModel>,
    dir: PathBuf,
}

// SAFETY: libvosk's model is reference-counted and read-only once loaded; its API may be
// called from any thread.
unsafe impl Send for VoskModel {}
// SAFETY: as above.
unsafe impl Sync for VoskModel {}

impl VoskModel {
    /// Loads the model in `dir` (it takes seconds and hundreds of MB).
    pub fn load(dir: &Path) -> Result<Arc<VoskModel>, HearingError> {
        if !dir.join("am").is_dir() && !dir.join("final.mdl").is_file() {
            return Err(HearingError::NoModel(dir.to_owned()));
        }
        let c = CString::new(dir.as_os_str().as_encoded_bytes())
            .map_err(|_| HearingError::ModelPath(dir.to_owned()))?;
        // SAFETY: a valid C string; the result is null or a model we own.
        let ptr = unsafe { vosk_sys::vosk_model_new(c.as_ptr()) };
        let ptr = NonNull::new(ptr).ok_or_else(|| HearingError::ModelLoad(dir.to_owned()))?;
        Ok(Arc::new(VoskModel {
            ptr,
            dir: dir.to_path_buf(),
        }))
    }

    /// Whether the model has this word: `vosk_model_find_word(model, word) >= 0`.
    pub fn knows(&self, word: &str) -> bool {
        let Ok(c) = CString::new(word) else {
            return false;
        };
        // SAFETY: a live model and a valid C string.
        unsafe { vosk_sys::vosk_model_find_word(self.ptr.as_ptr(), c.as_ptr()) >= 0 }
    }

    /// The vocabulary check (FIDE Laws D.2.1: every word of the announcements must be
    /// hearable): every word the grammar of `builder` can contain, through `word_map` and
    /// the spelling variants.
    pub fn spelling(
        &self,
        builder: &GrammarBuilder,
        word_map: &crate::hearing::vocabulary::WordMap,
    ) -> Spelling {
        Spelling::check(&builder.all_words(), word_map, |w| self.knows(w))
    }

    /// The report of [`VoskModel::spelling`], for `ansage doctor`.
    pub fn vocabulary_report(
        &self,
        builder: &GrammarBuilder,
        word_map: &crate::hearing::vocabulary::WordMap,
    ) -> VocabularyReport {
        self.spelling(builder, word_map).report()
    }
}

impl Drop for VoskModel {
    fn drop(&mut self) {
        // SAFETY: we own the reference; recognizers hold their own.
        unsafe { vosk_sys::vosk_model_free(self.ptr.as_ptr()) }
    }
}

/// Loads the model in `dir` and checks the vocabulary of `lang` against it, through
/// `word_map`: what `ansage doctor` prints (FIDE Laws D.2.1).
pub fn doctor_report(
    dir: &Path,
    lang: crate::core::lang::Language,
    word_map: &HashMap<String, String>,
) -> Result<VocabularyReport, HearingError> {
    let model = VoskModel::load(dir)?;
    let builder = GrammarBuilder::new(lang)?;
    Ok(model.vocabulary_report(&builder, word_map))
}

/// How the recognizer is set up.
#[derive(Clone, Debug)]
pub struct VoskOptions {
    /// The sample rate of the audio fed in (16 kHz for the small models).
    pub sample_rate: u32,
    /// How many alternatives vosk returns (0: per-word confidences, no alternatives).
    pub alternatives: u16,
}

impl Default for VoskOptions {
    fn default() -> Self {
        VoskOptions {
            sample_rate: 16_000,
            alternatives: 5,
        }
    }
}

/// A vosk grammar recognizer (see the module documentation).
pub struct VoskRecognizer {
    model: Arc<VoskModel>,
    ptr: NonNull<vosk_sys::VoskRecognizer>,
    spelling: Arc<Spelling>,
    options: VoskOptions,
    last_partial: String,
    phrases: usize,
}

// SAFETY: a recognizer is used by one thread at a time (`&mut self`).
unsafe impl Send for VoskRecognizer {}

impl std::fmt::Debug for VoskRecognizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoskRecognizer")
            .field("model", &self.model.dir)
            .field("phrases", &self.phrases)
            .finish()
    }
}

/// The grammar as libvosk takes it: a JSON list of the phrases, as a C string.
fn grammar_json(phrases: &[String]) -> Result<CString, HearingError> {
    // A list of strings always serialises; only a NUL byte in a phrase can stop it.
    let json = serde_json::Value::from(phrases.to_vec()).to_string();
    CString::new(json).map_err(|_| HearingError::GrammarNul)
}

impl VoskRecognizer {
    /// A recognizer on `model` listening for `grammar` (words mapped by `spelling`).
    pub fn new(
        model: Arc<VoskModel>,
        spelling: Arc<Spelling>,
        grammar: &Grammar,
        options: VoskOptions,
    ) -> Result<VoskRecognizer, HearingError> {
        let (phrases, _) = spelling.phrases(grammar);
        let json = grammar_json(&phrases)?;
        // SAFETY: a live model and a valid C string; the result is null or ours.
        let ptr = unsafe {
            vosk_sys::vosk_recognizer_new_grm(
                model.ptr.as_ptr(),
                options.sample_rate as f32,
                json.as_ptr(),
            )
        };
        let ptr = NonNull::new(ptr).ok_or(HearingError::GrammarRefused)?;
        // SAFETY: a live recognizer.
        unsafe {
            vosk_sys::vosk_recognizer_set_max_alternatives(
                ptr.as_ptr(),
                c_int::from(options.alternatives),
            );
            vosk_sys::vosk_recognizer_set_words(ptr.as_ptr(), 1);
        }
        Ok(VoskRecognizer {
            model,
            ptr,
            spelling,
            options,
            last_partial: String::new(),
            phrases: phrases.len(),
        })
    }

    /// How many phrases (with `[unk]`) the current grammar has.
    pub fn phrases(&self) -> usize {
        self.phrases
    }

    fn take_json(&self, raw: *const c_char) -> Result<Value, HearingError> {
        if raw.is_null() {
            return Err(HearingError::NoResult);
        }
        // SAFETY: libvosk returns a NUL-terminated string valid until the next call.
        let text = unsafe { CStr::from_ptr(raw) }.to_string_lossy();
        serde_json::from_str(&text).map_err(|e| HearingError::ResultText {
            text: text.clone().into_owned(),
            reason: e.to_string(),
        })
    }

    /// Turns a complete result into an utterance in the grammar's spelling.
    fn utterance(&self, v: &Value) -> HeardWords {
        let u = parse_result(v);
        HeardWords {
            words: u
                .words
                .into_iter()
                .map(|w| HeardWord {
                    text: self.spelling.from_model(&w.text).to_owned(),
                    confidence: w.confidence,
                    alternatives: w
                        .alternatives
                        .into_iter()
                        .map(|(a, c)| (self.spelling.from_model(&a).to_owned(), c))
                        .collect(),
                })
                .collect(),
        }
    }

    fn final_from(&mut self, raw: *const c_char) -> Result<Option<Heard>, HearingError> {
        let v = self.take_json(raw)?;
        self.last_partial.clear();
        let u = self.utterance(&v);
        Ok(if u.words.is_empty() {
            None
        } else {
            Some(Heard::Final(u))
        })
    }
}

/// Parses a vosk result (either form, see the module documentation) into an utterance in
/// the model's spelling.
pub fn parse_result(v: &Value) -> HeardWords {
    if let Some(alts) = v.get("alternatives").and_then(Value::as_array) {
        let scored: Vec<(&str, f64)> = alts
            .iter()
            .filter_map(|a| {
                let text = a.get("text")?.as_str()?;
                let c = a.get("confidence")?.as_f64()?;
                Some((text, c))
            })
            .collect();
        let best = scored
            .iter()
            .map(|(_, c)| *c)
            .fold(f64::NEG_INFINITY, f64::max);
        let weighted: Vec<(&str, f32)> = scored
            .iter()
            .filter(|(t, _)| !t.trim().is_empty())
            .map(|(t, c)| (*t, (c - best).exp() as f32))
            .collect();
        // vosk lists the empty text too (silence as one alternative): it counts as weight.
        let empty_weight: f32 = scored
            .iter()
            .filter(|(t, _)| t.trim().is_empty())
            .map(|(_, c)| (c - best).exp() as f32)
            .sum();
        if weighted.is_empty() {
            return HeardWords::default();
        }
        let mut with_empty = weighted.clone();
        if empty_weight > 0.0 {
            with_empty.push(("", empty_weight));
        }
        return from_nbest(&with_empty);
    }
    let words = v
        .get("result")
        .and_then(Value::as_array)
        .map(|ws| {
            ws.iter()
                .filter_map(|w| {
                    let text = w.get("word")?.as_str()?;
                    let conf = w.get("conf").and_then(Value::as_f64).unwrap_or(0.0) as f32;
                    Some(HeardWord {
                        text: text.to_owned(),
                        confidence: conf.clamp(0.0, MAX_CONFIDENCE),
                        alternatives: Vec::new(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    HeardWords { words }
}

impl Recognizer for VoskRecognizer {
    fn sample_rate(&self) -> u32 {
        self.options.sample_rate
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearingError> {
        let (phrases, dropped) = self.spelling.phrases(grammar);
        if phrases.len() <= 1 {
            return Err(HearingError::NoPhrase);
        }
        if dropped > 0 {
            tracing::debug!("vosk: {dropped} phrases left out (words the model lacks)");
        }
        let json = grammar_json(&phrases)?;
        // libvosk aborts when the grammar changes in the middle of an utterance.
        self.reset();
        // SAFETY: a live recognizer, not in an utterance, and a valid C string.
        unsafe { vosk_recognizer_set_grm(self.ptr.as_ptr(), json.as_ptr()) };
        self.phrases = phrases.len();
        Ok(())
    }

    fn accept(&mut self, samples: &[i16]) -> Result<Option<Heard>, HearingError> {
        let len = c_int::try_from(samples.len()).map_err(|_| HearingError::TooManySamples)?;
        // SAFETY: a live recognizer and a slice of `len` samples.
        let state = unsafe {
            vosk_sys::vosk_recognizer_accept_waveform_s(self.ptr.as_ptr(), samples.as_ptr(), len)
        };
        match state {
            s if s < 0 => Err(HearingError::AudioRejected),
            1 => {
                // SAFETY: a live recognizer.
                let raw = unsafe { vosk_sys::vosk_recognizer_result(self.ptr.as_ptr()) };
                self.final_from(raw)
            }
            _ => {
                // SAFETY: a live recognizer.
                let raw = unsafe { vosk_sys::vosk_recognizer_partial_result(self.ptr.as_ptr()) };
                let v = self.take_json(raw)?;
                let partial = v
                    .get("partial")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .split_whitespace()
                    .map(|w| self.spelling.from_model(w))
                    .collect::<Vec<_>>()
                    .join(" ");
                if partial.is_empty() || partial == self.last_partial {
                    return Ok(None);
                }
                self.last_partial.clone_from(&partial);
                Ok(Some(Heard::Partial(partial)))
            }
        }
    }

    fn finish(&mut self) -> Result<Option<Heard>, HearingError> {
        // SAFETY: a live recognizer.
        let raw = unsafe { vosk_sys::vosk_recognizer_final_result(self.ptr.as_ptr()) };
        self.final_from(raw)
    }

    fn reset(&mut self) {
        self.last_partial.clear();
        // SAFETY: a live recognizer.
        unsafe { vosk_sys::vosk_recognizer_reset(self.ptr.as_ptr()) }
    }
}

impl Drop for VoskRecognizer {
    fn drop(&mut self) {
        // SAFETY: we own the recognizer; the model outlives it (held by the Arc).
        unsafe { vosk_sys::vosk_recognizer_free(self.ptr.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_both_forms() {
        let nbest: Value = serde_json::from_str(
            r#"{"alternatives":[{"text":"eva vier","confidence":10.0},
                {"text":"eva fier","confidence":9.0},{"text":"","confidence":5.0}]}"#,
        )
        .unwrap();
        let u = parse_result(&nbest);
        assert_eq!(u.text(), "eva vier");
        let total = 1.0 + (-1.0f32).exp() + (-5.0f32).exp();
        let eva = ((1.0 + (-1.0f32).exp()) / total).min(MAX_CONFIDENCE);
        assert!((u.words[0].confidence - eva).abs() < 1e-4);
        assert!((u.words[1].confidence - 1.0 / total).abs() < 1e-4);
        assert_eq!(u.words[1].alternatives[0].0, "fier");
        let words: Value = serde_json::from_str(
            r#"{"result":[{"conf":1.0,"word":"ja","start":0.1,"end":0.3}],"text":"ja"}"#,
        )
        .unwrap();
        let u = parse_result(&words);
        assert_eq!(u.text(), "ja");
        assert_eq!(u.words[0].confidence, MAX_CONFIDENCE);
        let empty: Value = serde_json::from_str(r#"{"text":""}"#).unwrap();
        assert!(parse_result(&empty).words.is_empty());
        let silent: Value =
            serde_json::from_str(r#"{"alternatives":[{"text":"","confidence":3.0}]}"#).unwrap();
        assert!(parse_result(&silent).words.is_empty());
    }
}
