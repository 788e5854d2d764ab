//! The hearing actor: the recognizer's own thread between an audio source and the station.
//!
//! FIDE Laws D.2.1: the player announces the move aloud; the station hears it, echoes it
//! and makes it only once confirmed (D.2.3). The actor
//!
//! - takes [`AudioEvent`]s from a source (the cpal microphone of the `audio` feature, a
//!   WAV file, a test's fake) over a bounded channel: 16 kHz mono blocks of at most 100 ms,
//!   each stamped with the instant its last sample was captured;
//! - ignores audio captured while the station speaks and for a short tail after it
//!   ([`Speaking`], so the station does not hear its own echo), unless
//!   [`ListenOptions::deaf_while_speaking`] is off (headphones); a key barges in
//!   ([`Speaking::barge_in`], called by the key's device);
//! - switches the recognizer's grammar to the legal moves of the new position
//!   ([`GrammarBuilder::build`]; with the short answers while "Welcher …?" is open,
//!   [`GrammarBuilder::build_answering`]) whenever [`HearingSink::observe`] saw the
//!   position or the question change,
//!   between utterances (never in the middle of one); the phrases come from the session's
//!   own [`MovePhrases`] of the position, so they are built once for resolution and
//!   grammar alike;
//! - sends every final result to the station as `StationInput::Heard { by, words }`, with
//!   its words' confidences and alternatives; who spoke is not guessed here: the session
//!   names the speaker of a shared microphone
//!   ([`crate::core::session::Session::speaker`]). The core's cost match resolves the
//!   words, and low confidence makes it ask back rather than guess. Results of only `[unk]` (a cough, a
//!   word outside the grammar) are dropped;
//! - may end an utterance early ([`ListenOptions::quick_end`]): when the partial result is
//!   a whole phrase of the grammar that no other phrase continues, and the audio has been
//!   silent that long, it asks the recognizer for its final result at once instead of
//!   waiting for vosk's endpoint (half a second). The final result still carries the
//!   recognizer's confidences and is only echoed, so a partial result can make the echo
//!   faster, never a move wrong (with the default silence end below, that one comes
//!   first);
//! - ends an utterance on its own silence detection ([`ListenOptions::silence_end`], 60 ms
//!   by default): once speech was heard (a sample reaching [`ListenOptions::silence_level`])
//!   and the audio has been silent that long since its last loud sample, it asks the
//!   recognizer for its final result without waiting for the partial result (which lags the
//!   audio). The end-of-speech rule: that result is sent when it is a whole phrase of the
//!   grammar that no other phrase continues. When it is no whole phrase (a pause inside
//!   "Springer … Felix drei"), the utterance's audio is fed to the recognizer again and
//!   listening goes on. When it is a whole phrase that another phrase continues ("Springer
//!   Gustav vier", which "Springer Gustav vier Schach" continues), the same, and it is
//!   sent once the silence has lasted [`ListenOptions::pause_end`] (400 ms, longer than a
//!   natural pause between words) unless speech goes on. So a pause inside a phrase costs
//!   time, never a cut phrase, and the short silence span echoes a move about a tenth of a
//!   second after its last word (docs/benchmarks.md: `ansage-bench echo`). The result is
//!   only echoed and made after confirmation (D.2.3);
//! - tells the player once when the microphone is lost and once when it is back
//!   (`microphone-lost`, `microphone-back`).
//!
//! The same actor runs every [`Recognizer`]: vosk, or the scripted one for tests of the
//! German path.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position};
use tokio::sync::mpsc::Sender;

use super::{Heard, Recognizer};
use crate::adapter::Speaking;
use crate::core::grammar::{Grammar, GrammarBuilder, spoken_form};
use crate::core::input::Actor;
use crate::core::output::{Audience, Output};
use crate::core::phrases::Message;
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::core::words::{HeardWords, MovePhrases};
use crate::station::{Sink, StationInput};

use crate::audio::stream::{AudioEvent, Chunk};

/// The newest position whose grammar the recognizer should listen for, with the phrase
/// forms the session built for it: written by [`HearingSink::observe`] (never blocking for
/// long), taken by the actor between utterances. Only the newest counts.
#[derive(Clone, Debug, Default)]
pub struct GrammarSlot(Arc<Mutex<Option<Listening>>>);

/// What the recognizer listens for: the legal moves of a position, and whether the answers
/// to "Welcher …?" too.
#[derive(Clone, Debug)]
pub struct Listening {
    /// The position's phrase forms.
    pub moves: Arc<MovePhrases<'static>>,
    /// Whether "Welcher …?" is open ([`GrammarBuilder::build_answering`]).
    pub answering: bool,
}

impl GrammarSlot {
    /// Puts a new position (replacing one not yet taken).
    pub fn put(&self, listening: Listening) {
        if let Ok(mut g) = self.0.lock() {
            *g = Some(listening);
        }
    }

    /// Takes the newest position, if a new one came.
    pub fn take(&self) -> Option<Listening> {
        self.0.lock().ok().and_then(|mut g| g.take())
    }
}

/// The station's side of the actor: a [`Sink`] that follows the position and hands each
/// new one to the recognizer thread.
#[derive(Debug)]
pub struct HearingSink {
    slot: GrammarSlot,
    last: Option<(Zobrist64, bool)>,
}

impl HearingSink {
    /// A sink that fills `slot`.
    pub fn new(slot: GrammarSlot) -> HearingSink {
        HearingSink { slot, last: None }
    }
}

impl Sink for HearingSink {
    fn deliver(&mut self, _at: Timestamp, _outputs: &[Output]) {}

    /// FIDE Laws D.2.1: at each turn the recognizer listens for the legal moves of the new
    /// position (built on the recognizer's thread, not here, from the session's phrase forms
    /// of the position, shared).
    fn observe(&mut self, step: &StepView) {
        let hash = step
            .position
            .zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
        let answering = step.asks_which;
        if self.last != Some((hash, answering)) {
            self.last = Some((hash, answering));
            self.slot.put(Listening {
                moves: Arc::clone(&step.move_phrases),
                answering,
            });
        }
    }
}

/// How the actor listens.
#[derive(Clone, Debug)]
pub struct ListenOptions {
    /// Who speaks into this microphone (`None`: the side to move).
    pub by: Option<Actor>,
    /// Ignore audio while the station speaks and for the gate's tail (default on; off for
    /// headphones).
    pub deaf_while_speaking: bool,
    /// End an utterance after this much silence when its partial result is a whole phrase
    /// no other phrase continues (`None`: wait for the recognizer's endpoint).
    pub quick_end: Option<Duration>,
    /// End an utterance after this much silence once speech was heard, whatever the
    /// partial result says (`None`: off); a result that is no whole phrase of the grammar
    /// is heard again and listening goes on.
    pub silence_end: Option<Duration>,
    /// At the silence end, a whole phrase that another phrase of the grammar continues
    /// ("Springer Felix", which "Springer Felix drei" continues; a checking move said
    /// without "Schach") is heard again too, and sent only once the silence has lasted this
    /// long in all (`None`: sent at the silence end like any whole phrase). Longer than a
    /// natural pause between two words, so that a short `silence_end` never cuts a phrase.
    pub pause_end: Option<Duration>,
    /// A sample below this is silence, one reaching it speech (for `quick_end`,
    /// `silence_end` and `pause_end`): the silence counts from the last sample reaching it.
    pub silence_level: i16,
}

impl Default for ListenOptions {
    fn default() -> Self {
        ListenOptions {
            by: None,
            deaf_while_speaking: true,
            quick_end: Some(Duration::from_millis(150)),
            silence_end: Some(Duration::from_millis(60)),
            pause_end: Some(Duration::from_millis(400)),
            silence_level: 600,
        }
    }
}

/// What the actor did, for measurements and tests.
#[derive(Clone, Debug, Default)]
pub struct ListenStats {
    /// Each grammar switch: building the grammar and handing it to the recognizer.
    pub switches: Vec<Duration>,
    /// Final results sent to the station.
    pub sent: usize,
    /// Results dropped (only `[unk]`, or empty).
    pub dropped: usize,
    /// Blocks ignored while the station spoke.
    pub gated: usize,
    /// Utterances ended early by `quick_end`.
    pub quick_ends: usize,
    /// Utterances ended early by `silence_end`.
    pub silence_ends: usize,
    /// `silence_end` results that were no whole phrase, or one that another phrase
    /// continues (with `pause_end`): heard again, listening went on.
    pub replays: usize,
    /// Recognizer errors (logged; the actor goes on).
    pub errors: usize,
    /// For each final result sent: when the actor sent it.
    pub sent_at: Vec<Instant>,
}

/// Whether `partial` is a whole phrase of `grammar` that no other phrase continues.
pub fn is_complete_phrase(grammar: &Grammar, partial: &str) -> bool {
    if !grammar.contains(partial) {
        return false;
    }
    let prefix = format!("{partial} ");
    !grammar.phrases().any(|p| p.starts_with(&prefix))
}

/// The most audio of one utterance kept for hearing it again (15 s at 16 kHz).
const MAX_REPLAY: usize = 15 * 16_000;

/// The audio kept before speech is heard (0.5 s at 16 kHz): a soft start below the
/// silence level must be heard again too.
const PRE_ROLL: usize = 8_000;

/// The recognizer thread's state.
struct Listener {
    recognizer: Box<dyn Recognizer + Send>,
    builder: GrammarBuilder,
    grammar: Grammar,
    options: ListenOptions,
    speaking: Speaking,
    out: Sender<StationInput>,
    in_utterance: bool,
    partial: String,
    silent_for: Duration,
    /// Speech (a block reaching the silence level) since the last result.
    loud: bool,
    /// The silence end heard a whole phrase that another phrase continues: the utterance
    /// ends after `pause_end` of silence unless speech goes on.
    continued: bool,
    /// The audio fed to the recognizer since the last result (for `silence_end`).
    audio: Vec<i16>,
    lost: bool,
    stats: ListenStats,
    pending: GrammarSlot,
}

impl Listener {
    fn send(&mut self, input: StationInput) -> bool {
        self.out.blocking_send(input).is_ok()
    }

    fn switch(&mut self, listening: &Listening) {
        let t0 = Instant::now();
        let moves = &listening.moves;
        let grammar = if listening.answering {
            self.builder.build_answering(moves)
        } else {
            self.builder.build(moves)
        };
        match self.recognizer.set_grammar(&grammar) {
            Ok(()) => {
                self.stats.switches.push(t0.elapsed());
                self.grammar = grammar;
            }
            Err(e) => {
                self.stats.errors += 1;
                tracing::error!("hearing: grammar not switched: {e}");
            }
        }
    }

    /// Forgets the utterance in progress (after a result or a reset).
    fn forget(&mut self) {
        self.in_utterance = false;
        self.partial.clear();
        self.silent_for = Duration::ZERO;
        self.loud = false;
        self.continued = false;
        self.audio.clear();
    }

    fn heard(&mut self, u: HeardWords) -> bool {
        self.forget();
        if u.words.is_empty() || u.words.iter().all(|w| w.text == Grammar::UNKNOWN) {
            self.stats.dropped += 1;
            tracing::debug!("hearing: dropped {:?}", u.text());
            return true;
        }
        tracing::info!("hearing: {}", u.text());
        self.stats.sent += 1;
        let ok = self.send(StationInput::Heard {
            by: self.options.by,
            words: u,
        });
        self.stats.sent_at.push(Instant::now());
        ok
    }

    fn result(&mut self, r: Result<Option<Heard>, super::HearingError>) -> bool {
        match r {
            Ok(Some(Heard::Final(u))) => self.heard(u),
            Ok(Some(Heard::Partial(p))) => {
                self.in_utterance = true;
                self.partial = p;
                true
            }
            Ok(None) => true,
            Err(e) => {
                self.stats.errors += 1;
                tracing::warn!("hearing: {e}");
                true
            }
        }
    }

    fn notice(&mut self, id: &'static str, error: Option<String>) -> bool {
        let mut message = Message::new(id);
        if let Some(e) = error {
            message = message.arg("error", e);
        }
        let to = match self.options.by {
            Some(Actor::Player(c)) => Audience::player(c),
            _ => Audience::All,
        };
        self.send(StationInput::Notice { to, message })
    }

    /// Handles one event; false when the station is gone.
    fn event(&mut self, ev: AudioEvent) -> bool {
        let chunk = match ev {
            AudioEvent::Lost(why) => {
                self.recognizer.reset();
                self.forget();
                if self.lost {
                    return true;
                }
                self.lost = true;
                tracing::warn!("hearing: microphone lost: {why}");
                return self.notice("microphone-lost", Some(why));
            }
            AudioEvent::Back => {
                if !self.lost {
                    return true;
                }
                self.lost = false;
                tracing::info!("hearing: microphone back");
                return self.notice("microphone-back", None);
            }
            AudioEvent::End => {
                let r = self.recognizer.finish();
                return self.result(r);
            }
            AudioEvent::Chunk(c) => c,
        };
        self.chunk(chunk)
    }

    /// Handles a block of audio; false when the station is gone.
    fn chunk(&mut self, chunk: Chunk) -> bool {
        if !self.in_utterance
            && let Some(moves) = self.pending.take()
        {
            self.switch(&moves);
        }
        if self.options.deaf_while_speaking && self.speaking.is_speaking(chunk.at) {
            self.stats.gated += 1;
            if self.in_utterance || self.loud {
                self.recognizer.reset();
                self.forget();
            }
            return true;
        }
        let level = self.options.silence_level;
        let last_loud = chunk
            .samples
            .iter()
            .rposition(|s| s.saturating_abs() >= level);
        if self.options.silence_end.is_some() {
            self.audio.extend_from_slice(&chunk.samples);
            if last_loud.is_none()
                && !self.loud
                && !self.in_utterance
                && self.audio.len() > PRE_ROLL
            {
                let cut = self.audio.len() - PRE_ROLL;
                self.audio.drain(..cut);
            }
        }
        let r = self.recognizer.accept(&chunk.samples);
        let rate = self.recognizer.sample_rate().max(1);
        let span = |samples: usize| Duration::from_secs_f64(samples as f64 / f64::from(rate));
        if let Some(i) = last_loud {
            // The silence counts from the last loud sample, not from the block's end.
            self.loud = true;
            self.continued = false;
            self.silent_for = span(chunk.samples.len() - 1 - i);
        } else if self.in_utterance || self.loud {
            self.silent_for += span(chunk.samples.len());
        }
        if !self.result(r) {
            return false;
        }
        self.end_if_silent()
    }

    /// Ends the utterance if the silence after it is long enough (`quick_end`,
    /// `silence_end`, `pause_end`); false when the station is gone.
    fn end_if_silent(&mut self) -> bool {
        if let Some(quick) = self.options.quick_end
            && self.in_utterance
            && self.silent_for >= quick
            && is_complete_phrase(&self.grammar, &self.partial)
        {
            self.stats.quick_ends += 1;
            let r = self.recognizer.finish();
            return self.result(r);
        }
        if let Some(span) = self.silence_span()
            && self.loud
            && self.silent_for >= span
        {
            return self.end_on_silence();
        }
        true
    }

    /// How long the silence must last to end the utterance: `silence_end`, or `pause_end`
    /// after a whole phrase that another phrase continues.
    fn silence_span(&self) -> Option<Duration> {
        let short = self.options.silence_end?;
        Some(match self.options.pause_end {
            Some(long) if self.continued => long.max(short),
            _ => short,
        })
    }

    /// Whether a result at the silence end is heard again rather than sent: it is no whole
    /// phrase of the grammar (a pause inside a phrase), or, with `pause_end` and before it,
    /// one that another phrase continues.
    fn goes_on(&self, phrase: &str) -> bool {
        if !self.grammar.contains(phrase) {
            return true;
        }
        self.options.pause_end.is_some()
            && !self.continued
            && !is_complete_phrase(&self.grammar, phrase)
    }

    /// `silence_end`: the recognizer's final result now; one that is no whole phrase of
    /// the grammar (a pause inside a phrase), or one another phrase continues (with
    /// `pause_end`), is heard again and listening goes on.
    fn end_on_silence(&mut self) -> bool {
        let r = self.recognizer.finish();
        if let Ok(Some(Heard::Final(u))) = &r {
            let noise = u.words.iter().all(|w| w.text == Grammar::UNKNOWN);
            let phrase = spoken_form(&u.text()).join(" ");
            if !noise && self.goes_on(&phrase) && self.audio.len() <= MAX_REPLAY {
                self.stats.replays += 1;
                // A phrase others continue is tried once more after `pause_end`; anything
                // else not before new speech.
                self.continued = self.grammar.contains(&phrase);
                self.loud = self.continued;
                tracing::debug!("hearing: {phrase:?} after a pause, listening on");
                let r = self.recognizer.accept(&self.audio);
                return self.result(r);
            }
        }
        self.loud = false;
        self.continued = false;
        self.stats.silence_ends += 1;
        if matches!(r, Ok(None)) {
            self.forget();
        }
        self.result(r)
    }
}

/// What the recognizer's thread works with, besides its audio.
pub struct ListenSetup {
    /// The recognizer.
    pub recognizer: Box<dyn Recognizer + Send>,
    /// Builds the grammar of each position (FIDE Laws D.2.1: only legal moves are heard).
    pub builder: GrammarBuilder,
    /// Brings the grammars of later positions.
    pub slot: GrammarSlot,
    /// Shut while the station speaks: the microphone would hear it.
    pub speaking: Speaking,
    /// Endpointing and gating.
    pub options: ListenOptions,
    /// Where heard words and the microphone's notices go.
    pub out: Sender<StationInput>,
}

/// Runs the actor on the calling thread until the audio source ends or the station is
/// gone: `position` is the position (with its phrase forms) whose grammar the recognizer
/// already has (or gets now), `setup.slot` brings the later ones. Returns what it did.
pub fn listen(
    setup: ListenSetup,
    position: &MovePhrases<'_>,
    audio: Receiver<AudioEvent>,
) -> ListenStats {
    let ListenSetup {
        mut recognizer,
        builder,
        slot,
        speaking,
        options,
        out,
    } = setup;
    let grammar = builder.build(position);
    if let Err(e) = recognizer.set_grammar(&grammar) {
        tracing::error!("hearing: first grammar: {e}");
    }
    let mut actor = Listener {
        recognizer,
        builder,
        grammar,
        options,
        speaking,
        out,
        in_utterance: false,
        partial: String::new(),
        silent_for: Duration::ZERO,
        loud: false,
        continued: false,
        audio: Vec::new(),
        lost: false,
        stats: ListenStats::default(),
        pending: slot,
    };
    loop {
        match audio.recv_timeout(Duration::from_millis(200)) {
            Ok(AudioEvent::End) => {
                actor.event(AudioEvent::End);
                break;
            }
            Ok(ev) => {
                if !actor.event(ev) {
                    break;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                // No audio: a grammar may still change.
                if !actor.in_utterance
                    && let Some(moves) = actor.pending.take()
                {
                    actor.switch(&moves);
                }
                if actor.out.is_closed() {
                    break;
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    actor.stats
}

#[cfg(test)]
mod tests;
