//! The station's voice: every echo, move announcement, clock announcement and answer goes
//! to the blind player's ears at once and in the right order (FIDE Laws D.2.1, D.2.5).
//!
//! - [`Speaker`]: a synthesizer that starts an utterance and reports its begin and end as
//!   [`SpeakerEvent`]s; [`ConsoleSpeaker`] prints (always built), `tts::TtsSpeaker`
//!   (feature `speech`) speaks through speech-dispatcher, what Orca uses.
//! - [`schedule`]: the order, interruptions and dropping of stale utterances (pure).
//! - [`SpeechSink`]: the [`Sink`] that hands what the session says to its own speech thread
//!   over a bounded channel (it never blocks the main loop). The thread drives the
//!   [`Speaking`] gate so the microphone ignores the station's own voice, and keeps a
//!   [`Trace`] of what was said, dropped and when.
//! - [`pronunciation`]: the respellings a synthesizer is handed instead of the words it
//!   would mispronounce (the speech-dispatcher backend applies espeak-ng's table).
//! - [`earcon`]: short generated tones (move made, error, low-time tick) before or beside
//!   the words; played by the sound card adapter (`audio::earcons`, feature `audio`).
//!
//! The `repeat` key is the session's: it says the listener's last message again as an
//! answer ([`crate::core::input::Key::Repeat`]). The `stop` key becomes
//! [`Output::Hush`], which silences what plays and what waits.

pub mod earcon;
pub mod pronunciation;
pub mod schedule;
#[cfg(feature = "speech")]
pub mod tts;

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::lang::Language;
use crate::core::output::{Audience, Output, Priority};
use crate::core::time::Timestamp;
use crate::devices::Speaking;
use crate::station::Sink;

use earcon::{EarconChooser, Tone};
use schedule::{Action, DropReason, Scheduler, Staleness};

/// The voice's settings (the coordinator reads them from the configuration file and the
/// command line). Rate, pitch and volume are speech-dispatcher's scale, -100 to 100.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeechConfig {
    /// The game's language: its voice is chosen when the synthesizer starts (choosing one
    /// asks speech-dispatcher for its whole voice list, which takes seconds).
    pub language: Language,
    /// A voice by name (`voices()` of the synthesizer, e.g. `German+Max`); when unset, or
    /// not found, the first voice of the game's language is taken.
    pub voice: Option<String>,
    /// Speaking rate, -100 (slowest) to 100; 0 is the synthesizer's normal.
    pub rate: i32,
    /// Pitch, -100 to 100; 0 is normal.
    pub pitch: i32,
    /// Volume, -100 to 100.
    pub volume: i32,
    /// When waiting utterances are out of date.
    pub staleness: Staleness,
    /// How long the microphone stays deaf after the station stops speaking (the room's
    /// echo).
    pub tail: Duration,
    /// Which earcons play.
    pub earcons: EarconConfig,
}

impl Default for SpeechConfig {
    fn default() -> Self {
        SpeechConfig {
            language: Language::De,
            voice: None,
            rate: 0,
            pitch: 0,
            volume: 100,
            staleness: Staleness::default(),
            tail: Duration::from_millis(300),
            earcons: EarconConfig::default(),
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
}

/// The console backend: prints each utterance as `speak:WHO TEXT` (to any writer) and
/// reports it begun and ended at once.
pub struct ConsoleSpeaker {
    out: Box<dyn Write + Send>,
    events: EventSender,
    next: u64,
}

impl ConsoleSpeaker {
    /// Prints to `out`.
    pub fn new(out: Box<dyn Write + Send>, events: EventSender) -> ConsoleSpeaker {
        ConsoleSpeaker {
            out,
            events,
            next: 0,
        }
    }
}

impl Speaker for ConsoleSpeaker {
    fn speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        self.next += 1;
        writeln!(self.out, "speak:{} {}", u.to.name(), u.text)
            .and_then(|()| self.out.flush())
            .map_err(|e| SpeechError::Synth(e.to_string()))?;
        self.events.send(self.next, SpeakerEventKind::Began);
        self.events.send(self.next, SpeakerEventKind::Ended);
        Ok(self.next)
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }

    fn describe(&self) -> String {
        "console (printed)".into()
    }
}

/// What the speech thread did, for tests, benchmarks and the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Traced {
    /// The synthesizer accepted the utterance (`speak` returned) after `latency` from the
    /// main loop's hand-over.
    Accepted {
        /// The words.
        text: String,
        /// Hand-over to accepted.
        latency: Duration,
    },
    /// It began to sound.
    Began(String),
    /// It ended (or was cancelled).
    Ended(String),
    /// It was not said, or cut short.
    Dropped(String, DropReason),
    /// The synthesizer failed.
    Failed(String, String),
}

/// The speech thread's record (the last 4096 entries).
#[derive(Clone, Debug, Default)]
pub struct Trace(Arc<Mutex<Vec<(Instant, Traced)>>>);

impl Trace {
    fn push(&self, what: Traced) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() >= 4096 {
                v.drain(..1024);
            }
            v.push((Instant::now(), what));
        }
    }

    /// Everything recorded so far.
    pub fn entries(&self) -> Vec<(Instant, Traced)> {
        self.0.lock().map(|v| v.clone()).unwrap_or_default()
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

/// The [`Sink`] of the speech output: filters what its listeners should hear and hands it
/// to the speech thread without blocking.
pub struct SpeechSink {
    tx: SyncSender<Msg>,
    listeners: Vec<Audience>,
    trace: Trace,
    thread: Option<std::thread::JoinHandle<()>>,
    earcons: EarconChooser,
    player: Option<Box<dyn FnMut(Tone) + Send>>,
    description: String,
}

/// How long the synthesizer may take to start (speech-dispatcher lists its voices then,
/// which took up to 7 s here).
const START_LIMIT: Duration = Duration::from_secs(20);

/// A function that makes the synthesizer on the speech thread.
pub type MakeSpeaker = Box<dyn FnOnce(EventSender) -> Result<Box<dyn Speaker>, SpeechError> + Send>;

impl SpeechSink {
    /// Starts the speech thread with the synthesizer `make` builds there; speaks what is
    /// said to one of `listeners` (and to all). Fails if the synthesizer cannot start.
    pub fn spawn(
        make: MakeSpeaker,
        config: &SpeechConfig,
        listeners: Vec<Audience>,
        speaking: Speaking,
    ) -> Result<SpeechSink, SpeechError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(256);
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let trace = Trace::default();
        let events = EventSender(tx.clone());
        let thread_trace = trace.clone();
        let staleness = config.staleness;
        let tail = config.tail;
        let thread = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || match make(events) {
                Ok(speaker) => {
                    let _ = ready_tx.send(Ok(speaker.describe()));
                    run(speaker, rx, staleness, tail, speaking, thread_trace);
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                }
            })
            .map_err(|e| SpeechError::Synth(e.to_string()))?;
        // A speech server that accepts the connection but never answers (seen: an
        // autospawned speech-dispatcher without a sound server) must not hold the station:
        // after this long the synthesizer counts as missing (its thread is left behind).
        let description = ready_rx.recv_timeout(START_LIMIT).map_err(|e| match e {
            std::sync::mpsc::RecvTimeoutError::Timeout => SpeechError::Synth(format!(
                "the speech server did not answer within {} s",
                START_LIMIT.as_secs()
            )),
            std::sync::mpsc::RecvTimeoutError::Disconnected => SpeechError::Gone,
        })??;
        Ok(SpeechSink {
            tx,
            listeners,
            trace,
            thread: Some(thread),
            earcons: EarconChooser::new(config.earcons),
            player: None,
            description,
        })
    }

    /// A console speech output printing to `out`.
    pub fn console(
        out: Box<dyn Write + Send>,
        config: &SpeechConfig,
        listeners: Vec<Audience>,
        speaking: Speaking,
    ) -> Result<SpeechSink, SpeechError> {
        let make: MakeSpeaker = Box::new(move |events| {
            Ok(Box::new(ConsoleSpeaker::new(out, events)) as Box<dyn Speaker>)
        });
        SpeechSink::spawn(make, config, listeners, speaking)
    }

    /// Plays earcons with `player` (it must not block: the sound card adapter hands the
    /// tone to its own thread).
    pub fn with_earcons(mut self, player: Box<dyn FnMut(Tone) + Send>) -> SpeechSink {
        self.player = Some(player);
        self
    }

    /// What the synthesizer is.
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// The speech thread's record.
    pub fn trace(&self) -> Trace {
        self.trace.clone()
    }

    fn hears(&self, to: Audience) -> bool {
        to == Audience::All || self.listeners.contains(&to)
    }

    fn send(&self, msg: Msg) {
        match self.tx.try_send(msg) {
            Ok(()) => {}
            Err(TrySendError::Full(m)) => tracing::warn!("speech queue full, dropped {m:?}"),
            Err(TrySendError::Disconnected(_)) => tracing::warn!("speech thread gone"),
        }
    }

    /// Waits until everything handed over so far has been said or dropped (at most
    /// `limit`); whether it was.
    pub fn wait_idle(&self, limit: Duration) -> bool {
        let (tx, rx) = std::sync::mpsc::channel();
        if self.tx.send(Msg::Idle(tx)).is_err() {
            return false;
        }
        rx.recv_timeout(limit).is_ok()
    }

    /// Says what waits, then stops the thread (at most `limit` of waiting).
    pub fn close(mut self, limit: Duration) {
        self.send(Msg::Close);
        if let Some(t) = self.thread.take() {
            let start = Instant::now();
            while !t.is_finished() && start.elapsed() < limit {
                std::thread::sleep(Duration::from_millis(10));
            }
            if t.is_finished() {
                let _ = t.join();
            }
        }
    }
}

impl Drop for SpeechSink {
    fn drop(&mut self) {
        if self.thread.is_some() {
            let _ = self.tx.try_send(Msg::Close);
        }
    }
}

impl Sink for SpeechSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let now = Instant::now();
        let listeners = self.listeners.clone();
        for tone in self.earcons.choose(at, outputs, &|to| {
            to == Audience::All || listeners.contains(&to)
        }) {
            if let Some(play) = self.player.as_mut() {
                play(tone);
            }
        }
        for o in outputs {
            match o {
                Output::Say(s) if self.hears(s.to) => self.send(Msg::Say(Utterance {
                    text: s.text.clone(),
                    lang: s.lang,
                    priority: s.priority,
                    to: s.to,
                    handed: Some(now),
                })),
                Output::Hush { to } if self.hears(*to) => self.send(Msg::Hush),
                _ => {}
            }
        }
    }
}

/// How long to wait for a synthesizer's end event before taking the utterance as ended
/// (a lost event must not silence the station): generous for the slowest rate.
fn watchdog(u: &Utterance) -> Duration {
    Duration::from_secs(5)
        + Duration::from_millis(200) * u32::try_from(u.text.chars().count()).unwrap_or(u32::MAX)
}

/// The speech thread.
fn run(
    mut speaker: Box<dyn Speaker>,
    rx: Receiver<Msg>,
    staleness: Staleness,
    tail: Duration,
    speaking: Speaking,
    trace: Trace,
) {
    let mut sched = Scheduler::new(staleness);
    // The synthesizer's id of what plays, and since when we wait for its end.
    let mut current: Option<(u64, Instant)> = None;
    let mut closing = false;
    let mut idle_waiters: Vec<std::sync::mpsc::Sender<()>> = Vec::new();
    loop {
        if current.is_none() && sched.playing().is_none() && sched.waiting() == 0 {
            for w in idle_waiters.drain(..) {
                let _ = w.send(());
            }
        }
        if closing && current.is_none() && sched.playing().is_none() && sched.waiting() == 0 {
            break;
        }
        let timeout = match (&current, sched.playing()) {
            (Some((_, since)), Some(u)) => watchdog(u).saturating_sub(since.elapsed()),
            _ => Duration::from_secs(3600),
        };
        let msg = match rx.recv_timeout(timeout) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => {
                tracing::warn!("speech: no end event, taking the utterance as ended");
                current = None;
                let now = Instant::now();
                speaking.ended(now, tail);
                let actions = sched.ended(now);
                act(
                    &mut *speaker,
                    actions,
                    &mut current,
                    &trace,
                    &speaking,
                    tail,
                );
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let actions = match msg {
            Msg::Say(u) => sched.push(u, Instant::now()),
            Msg::Hush => {
                speaking.barge_in();
                sched.stop()
            }
            Msg::Close => {
                closing = true;
                Vec::new()
            }
            Msg::Idle(w) => {
                idle_waiters.push(w);
                Vec::new()
            }
            Msg::Event(ev) => {
                let ours = current.is_some_and(|(id, _)| id == ev.id);
                match ev.kind {
                    SpeakerEventKind::Began => {
                        if ours {
                            speaking.started();
                            if let Some(u) = sched.playing() {
                                trace.push(Traced::Began(u.text.clone()));
                            }
                        }
                        Vec::new()
                    }
                    SpeakerEventKind::Ended | SpeakerEventKind::Cancelled if ours => {
                        if let Some(u) = sched.playing() {
                            trace.push(Traced::Ended(u.text.clone()));
                        }
                        current = None;
                        speaking.ended(ev.at, tail);
                        sched.ended(ev.at)
                    }
                    _ => Vec::new(),
                }
            }
        };
        act(
            &mut *speaker,
            actions,
            &mut current,
            &trace,
            &speaking,
            tail,
        );
        // A synthesizer that refused an utterance will never end it: go on at once.
        while current.is_none() && sched.playing().is_some() {
            let actions = sched.ended(Instant::now());
            act(
                &mut *speaker,
                actions,
                &mut current,
                &trace,
                &speaking,
                tail,
            );
        }
    }
}

fn act(
    speaker: &mut dyn Speaker,
    actions: Vec<Action>,
    current: &mut Option<(u64, Instant)>,
    trace: &Trace,
    speaking: &Speaking,
    tail: Duration,
) {
    for a in actions {
        match a {
            Action::Cancel => {
                *current = None;
                if let Err(e) = speaker.stop() {
                    tracing::warn!("speech: stop failed: {e}");
                }
                speaking.ended(Instant::now(), tail);
            }
            Action::Drop(u, reason) => {
                tracing::debug!("speech: dropped {:?} ({reason:?})", u.text);
                trace.push(Traced::Dropped(u.text, reason));
            }
            Action::Speak(u) => match speaker.speak(&u) {
                Ok(id) => {
                    let now = Instant::now();
                    *current = Some((id, now));
                    let latency = u
                        .handed
                        .map_or(Duration::ZERO, |h| now.saturating_duration_since(h));
                    trace.push(Traced::Accepted {
                        text: u.text.clone(),
                        latency,
                    });
                }
                Err(e) => {
                    tracing::warn!("speech: {e}");
                    trace.push(Traced::Failed(u.text.clone(), e.to_string()));
                    *current = None;
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::script;

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
        let mut session = crate::core::session::Session::new(parsed.config.clone()).unwrap();
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
        assert_eq!(lines[3], lines[4], "repeat says it again: {printed}");
        let began = trace
            .entries()
            .iter()
            .filter(|(_, t)| matches!(t, Traced::Began(_)))
            .count();
        assert_eq!(began, 5);
        assert!(!speaking.is_speaking(Instant::now() + Duration::from_secs(1)));
    }
}
