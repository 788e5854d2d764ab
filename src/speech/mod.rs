//! The station's voice: every echo, move announcement, clock announcement and answer goes
//! to the blind player's ears at once and in the right order (FIDE Laws D.2.1, D.2.5).
//!
//! - [`Speaker`]: a synthesizer that starts an utterance and reports its begin and end as
//!   [`SpeakerEvent`]s; [`ConsoleSpeaker`] prints (always built), `tts::TtsSpeaker`
//!   (feature `speech`) speaks through speech-dispatcher, what Orca uses.
//! - [`schedule`]: the order of speech: urgency, newest wins, expiry (pure).
//! - [`timeline`]: that order in virtual time, each utterance as long as its words take to
//!   say (the golden transcripts' speech timelines).
//! - [`SpeechSink`]: the [`Sink`](crate::station::Sink) that hands what the session says to its own speech thread
//!   over a bounded channel (it never blocks the main loop). The thread drives the
//!   [`Speaking`](crate::adapter::Speaking) gate so the microphone ignores the station's own voice, and keeps a
//!   [`Trace`] of what was said, dropped and when.
//! - [`pronunciation`]: the respellings a synthesizer is handed instead of the words it
//!   would mispronounce (the speech-dispatcher backend applies espeak-ng's table).
//! - [`earcon`]: short generated tones (move made, error, low-time tick) before or beside
//!   the words; played by the sound card adapter (`audio::earcons`, feature `audio`).
//!
//! The `repeat` key is the session's: it says the listener's last message again as an
//! answer ([`crate::core::input::Key::Repeat`]). The `stop` key becomes
//! [`crate::core::output::Output::Hush`], which silences what plays and what waits.

mod console;
pub mod earcon;
#[cfg(feature = "espeak")]
pub mod espeak;
mod live;
pub mod pronunciation;
pub mod schedule;
mod sink;
mod thread;
pub mod timeline;
mod trace;
#[cfg(feature = "speech")]
pub mod tts;

use std::sync::mpsc::SyncSender;
use std::time::{Duration, Instant};

pub use crate::config::SpeechEngine;
use crate::core::lang::Language;
use crate::core::output::{Audience, Priority};

pub use console::ConsoleSpeaker;
pub use live::Live;
pub use sink::{MakeSpeaker, Opening, START_LIMIT, SpeechSink};
pub use trace::{Trace, Traced};

/// The synthesizer `config.engine` names, to be started on the speech thread; one the
/// build lacks fails there with a sentence that says so.
#[cfg(feature = "speech")]
pub fn maker(config: &SpeechConfig) -> MakeSpeaker {
    match config.engine {
        SpeechEngine::SpeechDispatcher => tts::maker(config),
        #[cfg(feature = "espeak")]
        SpeechEngine::EspeakNg => espeak::maker(config),
        #[cfg(not(feature = "espeak"))]
        SpeechEngine::EspeakNg => Box::new(|_| {
            Err(SpeechError::Synth(
                "espeak-ng in the station: built without the feature `espeak`".into(),
            ))
        }),
    }
}

/// The voice's settings (the coordinator reads them from the configuration file and the
/// command line). Rate, pitch and volume are speech-dispatcher's scale, -100 to 100.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeechConfig {
    /// The game's language: speech-dispatcher speaks it with its voice for the language
    /// (set by language, without fetching the list of voices).
    pub language: Language,
    /// A voice by name (`spd-say -L`, e.g. `German+Max`), set for the game's language; when
    /// unset, or not found, speech-dispatcher's voice of the language speaks.
    pub voice: Option<String>,
    /// Speaking rate, -100 (slowest) to 100; 0 is the synthesizer's normal.
    pub rate: i32,
    /// Pitch, -100 to 100; 0 is normal.
    pub pitch: i32,
    /// Volume, -100 to 100.
    pub volume: i32,
    /// How long the microphone stays deaf after the station stops speaking (the room's
    /// echo).
    pub tail: Duration,
    /// Which earcons play.
    pub earcons: EarconConfig,
    /// Which synthesizer speaks.
    pub engine: SpeechEngine,
}

impl Default for SpeechConfig {
    fn default() -> Self {
        SpeechConfig {
            language: Language::De,
            voice: None,
            rate: 0,
            pitch: 0,
            volume: 100,
            tail: Duration::from_millis(300),
            earcons: EarconConfig::default(),
            engine: SpeechEngine::default(),
        }
    }
}

/// Which earcons play (each can be switched off).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EarconConfig {
    /// A short rising chime when a move is made (D.2.3).
    pub made: bool,
    /// A low buzz before a message that reports an error (not understood, illegal).
    pub error: bool,
    /// A tick with each clock reminder in the last minute of the listener's clock.
    pub tick: bool,
}

impl Default for EarconConfig {
    fn default() -> Self {
        EarconConfig {
            made: true,
            error: true,
            tick: true,
        }
    }
}

/// One thing to say, as the speech thread sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Utterance {
    /// The words, as written (a synthesizer backend respells them, see [`pronunciation`]).
    pub text: String,
    /// Their language: picks the voice.
    pub lang: Language,
    /// How urgent.
    pub priority: Priority,
    /// For whom.
    pub to: Audience,
    /// When the main loop handed it over (for the benchmarks).
    pub handed: Option<Instant>,
    /// Not said if it cannot start by then (the session's
    /// [`Speech::expires`](crate::core::output::Speech::expires)).
    pub expires: Option<Instant>,
    /// A clock answer: its text is rendered again when it starts to be spoken.
    pub live: Option<Box<Live>>,
    /// The listener's input it replies to (the session's
    /// [`Speech::reply_to`](crate::core::output::Speech::reply_to)): newest input first.
    pub reply_to: Option<u64>,
    /// The half-moves the game had when it was said
    /// ([`Speech::ply`](crate::core::output::Speech::ply)).
    pub ply: usize,
}

/// The errors of a synthesizer.
#[derive(Debug, thiserror::Error)]
pub enum SpeechError {
    /// The synthesizer is not there or refused.
    #[error("speech synthesizer: {0}")]
    Synth(String),
    /// The speech thread is gone.
    #[error("the speech thread has stopped")]
    Gone,
    /// The synthesizer's respelling table is broken (a broken build: the shipped tables
    /// are checked by a unit test).
    #[error("{0}")]
    Pronunciation(#[from] pronunciation::PronunciationError),
}

/// What a synthesizer reports about an utterance it was given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SpeakerEvent {
    /// The id [`Speaker::speak`] returned.
    pub id: u64,
    /// What happened.
    pub kind: SpeakerEventKind,
    /// When.
    pub at: Instant,
}

/// What happened to an utterance.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpeakerEventKind {
    /// It started to sound.
    Began,
    /// It ended.
    Ended,
    /// It was cancelled.
    Cancelled,
}

/// Where a synthesizer sends its events (from any thread).
#[derive(Clone, Debug)]
pub struct EventSender(SyncSender<Msg>);

impl EventSender {
    /// Reports an event (blocks only while the speech thread's queue is full).
    pub fn send(&self, id: u64, kind: SpeakerEventKind) {
        let _ = self.0.send(Msg::Event(SpeakerEvent {
            id,
            kind,
            at: Instant::now(),
        }));
    }
}

/// A speech synthesizer, driven from the speech thread only.
pub trait Speaker {
    /// Starts saying `utterance` and returns at once with its id; its begin and end come
    /// later as [`SpeakerEvent`]s through the [`EventSender`] it was made with.
    fn speak(&mut self, utterance: &Utterance) -> Result<u64, SpeechError>;
    /// Cancels what it says now.
    fn stop(&mut self) -> Result<(), SpeechError>;
    /// What it is (for `ansage doctor`).
    fn describe(&self) -> String;
    /// The names of its voices for `lang`, when it knows them (for the device line: "102
    /// Stimmen für diese Sprache, etwa …").
    fn voices_for(&self, lang: crate::core::lang::Language) -> Option<Vec<String>> {
        let _ = lang;
        None
    }
}

/// What reaches the speech thread.
#[derive(Debug)]
pub enum Msg {
    /// Say this.
    Say(Utterance),
    /// The stop key.
    Hush,
    /// From the synthesizer.
    Event(SpeakerEvent),
    /// Say what waits, then end.
    Close,
    /// Answer once nothing plays and nothing waits.
    Idle(std::sync::mpsc::Sender<()>),
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::adapter::Speaking;
    use crate::core::output::Audience;
    use crate::core::script;
    use crate::station::Sink;

    /// A writer into shared memory.
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_console_speaks_what_its_listener_hears_in_order() {
        let text = "@0 arbiter setup vi=white\n@1 white type e4\n@2 white key confirm\n\
                    @3 black type e5\n@4 white key repeat\n@6 black key stop\n";
        let parsed = script::parse(text).unwrap();
        // The stop key of the one who pressed it reaches the speech outputs as a hush.
        let run = script::run(&parsed).unwrap();
        assert!(
            run.transcript.iter().any(|l| l == "@6.000 hush:black"),
            "{:?}",
            run.transcript
        );
        // Replay the outputs step by step into a speech sink for white.
        let buf = Buf::default();
        let speaking = Speaking::new();
        let mut sink = SpeechSink::console(
            Box::new(buf.clone()),
            &SpeechConfig::default(),
            vec![Audience::White],
            speaking.clone(),
        )
        .unwrap();
        let mut session = crate::core::session::Session::new(parsed.setup.clone()).unwrap();
        for step in &parsed.steps {
            if let script::Action::Input(input) = &step.action {
                let outs = session.handle(input.clone(), step.at);
                sink.deliver(step.at, &outs);
                // Each step's words are said before the next step comes (as in a game).
                assert!(sink.wait_idle(Duration::from_secs(10)));
            }
        }
        let trace = sink.trace();
        sink.close(Duration::from_secs(10));
        let printed = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = printed.lines().collect();
        // The echo, the move number, black's move (to white), the move number, and the
        // repeat of it; nothing to black, and black's stop does not silence white.
        assert_eq!(lines.len(), 5, "{printed}");
        assert!(
            lines.iter().all(|l| l.starts_with("speak:white ")),
            "{printed}"
        );
        assert_eq!(lines[0], "speak:white Eva vier?");
        assert_eq!(lines[2], "speak:white Eva fünf.");
        // The repeat says the move with its count (issue 22.1).
        assert_eq!(
            lines[4], "speak:white Eva fünf. Zug 2.",
            "repeat says it again: {printed}"
        );
        let began = trace
            .entries()
            .iter()
            .filter(|(_, t)| matches!(t, Traced::Began(_)))
            .count();
        assert_eq!(began, 5);
        assert!(!speaking.is_speaking(Instant::now() + Duration::from_secs(1)));
    }
}
