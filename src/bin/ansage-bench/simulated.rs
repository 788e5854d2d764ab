//! A simulated recognizer: a noisy channel that damages what the player said as a speech
//! recognizer with a move grammar would, at a chosen word error rate (WER), seeded and
//! deterministic. For `ansage-bench voice` and its tests.
//!
//! The model (all of it here and in `hearing.toml` beside this file):
//! - Errors per word said: a **substitution** with probability 0.6 × WER, a **deletion**
//!   with 0.25 × WER, and after the word an **insertion** with 0.15 × WER (so that
//!   (S + D + I) / N is the WER). A substitute is drawn from the word's confusion groups
//!   (acoustically close words, decided from espeak-ng phonemes, see `hearing.toml`) by
//!   weight, or from any move word (`background`); an inserted word from any move word.
//! - **Confidences**: an undamaged word is mostly confident (85 %: 0.9–0.99, 12 %: 0.7–0.9,
//!   3 %: 0.45–0.7, a mumbled word; never 1.0, see [`MAX_CONFIDENCE`]); a damaged (substituted or inserted) word has a
//!   confidence spread between 0.15 and 0.8 (triangular, mode 0.475): recognizers' word
//!   posteriors drop where the audio fits the word badly, but not always far. With
//!   [`Channel::with_confident_errors`] a share of damaged words gets an undamaged word's
//!   confidence instead (the pessimistic case of a recognizer sure of a wrong word).
//! - **Alternatives** (vosk's n-best): a substituted word lists the word really said as its
//!   alternative half of the time; an undamaged word below 0.9 lists a confusable word
//!   30 % of the time.

use serde::Deserialize;

use ansage::core::lang::normalize_word;
use ansage::core::words::{HeardWord, HeardWords};
use ansage::hearing::{HearingError, MAX_CONFIDENCE};

/// A small deterministic random generator (SplitMix64): the same seed, the same errors.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// The confusion data of a language (`hearing.toml` beside this file).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Confusions {
    /// Weight of substituting any word of `insert`.
    pub background: f64,
    /// Words inserted or substituted at random.
    pub insert: Vec<String>,
    /// Groups of words that sound alike.
    #[serde(rename = "group")]
    pub groups: Vec<ConfusionGroup>,
}

/// Words that sound alike, and how often they are mistaken for one another.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfusionGroup {
    /// The words.
    pub words: Vec<String>,
    /// The relative weight of this group among a word's substitutes.
    pub weight: f64,
}

impl Confusions {
    /// The German confusion data (`hearing.toml` beside this file, compiled in).
    pub fn german() -> Result<Confusions, HearingError> {
        Confusions::parse(include_str!("hearing.toml"))
    }

    /// Parses confusion data.
    pub fn parse(text: &str) -> Result<Confusions, HearingError> {
        let c: Confusions = toml::from_str(text).map_err(|e| HearingError::Script {
            line: 0,
            detail: e.to_string(),
        })?;
        if c.insert.is_empty()
            || c.groups
                .iter()
                .any(|g| g.words.len() < 2 || g.weight <= 0.0)
        {
            return Err(HearingError::Script {
                line: 0,
                detail: "confusions need insert words and groups of two or more words with a positive weight".into(),
            });
        }
        Ok(c)
    }

    /// The words `word` may be heard as, with their weights (not `word` itself).
    pub fn substitutes(&self, word: &str) -> Vec<(String, f64)> {
        let me = normalize_word(word);
        let mut out: Vec<(String, f64)> = Vec::new();
        let mut add = |w: &str, weight: f64| {
            if normalize_word(w) == me || weight <= 0.0 {
                return;
            }
            match out.iter_mut().find(|(x, _)| x == w) {
                Some((_, sum)) => *sum += weight,
                None => out.push((w.to_owned(), weight)),
            }
        };
        for g in &self.groups {
            if g.words.iter().any(|w| normalize_word(w) == me) {
                let n = (g.words.len() - 1) as f64;
                for w in &g.words {
                    add(w, g.weight / n);
                }
            }
        }
        let n = self.insert.len() as f64;
        for w in &self.insert {
            add(w, self.background / n);
        }
        out
    }

    /// The words confusable with `word` through a group (without the background).
    fn group_mates(&self, word: &str) -> Vec<&str> {
        let me = normalize_word(word);
        self.groups
            .iter()
            .filter(|g| g.words.iter().any(|w| normalize_word(w) == me))
            .flat_map(|g| g.words.iter())
            .filter(|w| normalize_word(w) != me)
            .map(String::as_str)
            .collect()
    }
}

/// Draws from weighted choices.
fn pick<'a>(rng: &mut Rng, choices: &'a [(String, f64)]) -> Option<&'a str> {
    let total: f64 = choices.iter().map(|(_, w)| w).sum();
    let mut x = rng.unit() * total;
    for (w, weight) in choices {
        if x < *weight {
            return Some(w);
        }
        x -= weight;
    }
    choices.last().map(|(w, _)| w.as_str())
}

/// The noisy channel (see the module documentation).
#[derive(Debug, Clone)]
pub struct Channel {
    confusions: Confusions,
    wer: f64,
    confident_errors: f64,
    rng: Rng,
}

impl Channel {
    /// A channel damaging words at `wer` (0 to 1), seeded.
    pub fn new(confusions: Confusions, wer: f64, seed: u64) -> Channel {
        Channel {
            confusions,
            wer: wer.clamp(0.0, 1.0),
            confident_errors: 0.0,
            rng: Rng::new(seed),
        }
    }

    /// Gives this share of damaged words an undamaged word's confidence.
    pub fn with_confident_errors(mut self, share: f64) -> Channel {
        self.confident_errors = share.clamp(0.0, 1.0);
        self
    }

    fn good_confidence(&mut self) -> f32 {
        let u = self.rng.unit();
        let v = self.rng.unit();
        let c = if u < 0.85 {
            0.9 + 0.1 * v
        } else if u < 0.97 {
            0.7 + 0.2 * v
        } else {
            0.45 + 0.25 * v
        };
        (c as f32).min(MAX_CONFIDENCE)
    }

    fn damaged_confidence(&mut self) -> f32 {
        if self.rng.chance(self.confident_errors) {
            return self.good_confidence();
        }
        let t = (self.rng.unit() + self.rng.unit()) / 2.0;
        (0.15 + 0.65 * t) as f32
    }

    fn random_word(&mut self) -> String {
        let i = self.rng.below(self.confusions.insert.len());
        self.confusions.insert.get(i).cloned().unwrap_or_default()
    }

    /// What the recognizer delivers when `said` was said.
    pub fn hear(&mut self, said: &str) -> HeardWords {
        let p_sub = 0.6 * self.wer;
        let p_del = 0.25 * self.wer;
        let p_ins = 0.15 * self.wer;
        let mut words = Vec::new();
        for w in said.split_whitespace() {
            let x = self.rng.unit();
            if x < p_sub {
                let subs = self.confusions.substitutes(w);
                let heard = pick(&mut self.rng, &subs).unwrap_or(w).to_owned();
                let confidence = self.damaged_confidence();
                let alternatives = if self.rng.chance(0.5) {
                    let q = (1.0 - confidence) * (0.4 + 0.5 * self.rng.unit() as f32);
                    vec![(w.to_owned(), q)]
                } else {
                    Vec::new()
                };
                words.push(HeardWord {
                    text: heard,
                    confidence,
                    alternatives,
                });
            } else if x < p_sub + p_del {
                // Not heard at all.
            } else {
                let confidence = self.good_confidence();
                let mut alternatives = Vec::new();
                if confidence < 0.9 && self.rng.chance(0.3) {
                    let mates = self.confusions.group_mates(w);
                    if !mates.is_empty() {
                        let i = self.rng.below(mates.len());
                        let q = (1.0 - confidence) * 0.8 * self.rng.unit() as f32;
                        alternatives.push((mates[i].to_owned(), q));
                    }
                }
                words.push(HeardWord {
                    text: w.to_owned(),
                    confidence,
                    alternatives,
                });
            }
            if self.rng.chance(p_ins) {
                let text = self.random_word();
                let confidence = self.damaged_confidence();
                words.push(HeardWord {
                    text,
                    confidence,
                    alternatives: Vec::new(),
                });
            }
        }
        HeardWords { words }
    }
}

/// The word edits (substitutions, deletions, insertions) between what was said and what
/// was heard, by normalised word (Levenshtein), and the number of words said: their ratio
/// is the word error rate.
pub fn word_errors(said: &str, heard: &HeardWords) -> (usize, usize) {
    let r: Vec<String> = said.split_whitespace().map(normalize_word).collect();
    let h: Vec<String> = heard
        .words
        .iter()
        .map(|w| normalize_word(&w.text))
        .collect();
    let mut prev: Vec<usize> = (0..=h.len()).collect();
    for (i, a) in r.iter().enumerate() {
        let mut cur = vec![i + 1; h.len() + 1];
        for (j, b) in h.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(a != b))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    (prev[h.len()], r.len())
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use ansage::core::grammar::Grammar;
    use ansage::hearing::{Heard, Recognizer};

    /// The channel as a [`Recognizer`]: what is said (queued with [`SimulatedRecognizer::say`])
    /// is delivered damaged as one final result on the next [`Recognizer::accept`].
    #[derive(Debug, Clone)]
    pub struct SimulatedRecognizer {
        channel: Channel,
        said: VecDeque<String>,
    }

    impl SimulatedRecognizer {
        /// A recognizer hearing through `channel`.
        pub fn new(channel: Channel) -> SimulatedRecognizer {
            SimulatedRecognizer {
                channel,
                said: VecDeque::new(),
            }
        }

        /// The player says `text`.
        pub fn say(&mut self, text: &str) {
            self.said.push_back(text.to_owned());
        }
    }

    impl Recognizer for SimulatedRecognizer {
        fn sample_rate(&self) -> u32 {
            16_000
        }

        fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), HearingError> {
            if grammar.is_empty() {
                return Err(HearingError::NoPhrase);
            }
            Ok(())
        }

        fn accept(&mut self, _samples: &[i16]) -> Result<Option<Heard>, HearingError> {
            Ok(self
                .said
                .pop_front()
                .map(|s| Heard::Final(self.channel.hear(&s))))
        }

        fn finish(&mut self) -> Result<Option<Heard>, HearingError> {
            self.accept(&[])
        }

        fn reset(&mut self) {
            self.said.clear();
        }
    }

    const SAID: &[&str] = &[
        "Springer Felix drei",
        "Eva vier",
        "Eva schlägt David fünf",
        "Kurze Rochade",
        "Dame Hector fünf Schach",
        "Läufer Bella fünf",
        "Gustav schlägt Hector acht Dame",
        "Turm Anna eins David eins",
    ];

    fn channel(wer: f64, seed: u64) -> Channel {
        Channel::new(Confusions::german().unwrap(), wer, seed)
    }

    #[test]
    fn same_seed_same_errors_other_seed_other_errors() {
        let run = |seed| {
            let mut c = channel(0.2, seed);
            (0..200)
                .map(|i| c.hear(SAID[i % SAID.len()]))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn measured_wer_is_within_one_percent_of_the_target() {
        for wer in [0.0, 0.05, 0.10, 0.20] {
            let mut c = channel(wer, 42);
            let (mut edits, mut words) = (0, 0);
            for i in 0..20_000 {
                let said = SAID[i % SAID.len()];
                let (e, n) = word_errors(said, &c.hear(said));
                edits += e;
                words += n;
            }
            let measured = edits as f64 / words as f64;
            assert!(
                (measured - wer).abs() <= 0.01,
                "target {wer}, measured {measured:.4}"
            );
        }
    }

    #[test]
    fn damaged_words_are_less_confident() {
        let mut c = channel(0.2, 3);
        let (mut good, mut bad) = (Vec::new(), Vec::new());
        for i in 0..5000 {
            let said = SAID[i % SAID.len()];
            let words: Vec<&str> = said.split_whitespace().collect();
            let u = c.hear(said);
            // Same length, one word different: that word was substituted (or deleted, with
            // a word inserted in its place); the others were heard right.
            let differ = u
                .words
                .iter()
                .zip(&words)
                .filter(|(w, s)| w.text != **s)
                .count();
            if u.words.len() == words.len() && differ <= 1 {
                for (w, s) in u.words.iter().zip(&words) {
                    if w.text == *s {
                        good.push(w.confidence);
                    } else {
                        bad.push(w.confidence);
                    }
                }
            }
        }
        let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
        assert!(!bad.is_empty() && mean(&good) > 0.9 && mean(&bad) < 0.55);
        assert!(bad.iter().all(|c| (0.149..=0.801).contains(c)));
    }

    #[test]
    fn substitutes_follow_the_confusion_groups() {
        let c = Confusions::german().unwrap();
        let subs = c.substitutes("zwei");
        let weight = |w: &str| subs.iter().find(|(x, _)| x == w).map_or(0.0, |(_, v)| *v);
        assert!(weight("drei") > weight("eins"));
        assert!(weight("eins") > weight("Springer"));
        assert_eq!(weight("zwei"), 0.0);
        assert!(c.substitutes("Cäsar").iter().any(|(w, _)| w == "Hector"));
        assert!(c.substitutes("Caesar").iter().any(|(w, _)| w == "Hector"));
    }

    #[test]
    fn word_errors_count_edits() {
        let table: &[(&str, &str, (usize, usize))] = &[
            ("Eva vier", "Eva vier", (0, 2)),
            ("Eva vier", "Bella vier", (1, 2)),
            ("Springer Felix drei", "Felix drei", (1, 3)),
            ("Eva vier", "Eva vier Dame", (1, 2)),
            ("Eva vier", "", (2, 2)),
        ];
        for (said, heard, want) in table {
            assert_eq!(
                word_errors(said, &HeardWords::from_text(heard)),
                *want,
                "{said} / {heard}"
            );
        }
    }

    #[test]
    fn the_recognizer_delivers_what_was_said_through_the_channel() {
        let mut r = SimulatedRecognizer::new(channel(0.0, 1));
        assert_eq!(r.accept(&[0; 10]).unwrap(), None);
        r.say("Eva vier");
        let Some(Heard::Final(u)) = r.accept(&[0; 10]).unwrap() else {
            panic!("nothing heard");
        };
        assert_eq!(u.text(), "Eva vier");
        assert!(u.words.iter().all(|w| w.confidence >= 0.45));
    }
}
