//! The [`Sink`] of the speech output: it filters what its listeners should hear and hands it
//! to the speech thread over a bounded channel, without blocking the main loop.

use std::io::Write;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::time::{Duration, Instant};

use super::earcon::{EarconChooser, Tone};
use super::thread::SpeechThread;
use super::{
    ConsoleSpeaker, EventSender, Live, Msg, Speaker, SpeechConfig, SpeechError, Trace, Utterance,
};
use crate::adapter::Speaking;
use crate::core::output::{Audience, Output};
use crate::core::time::Timestamp;
use crate::station::Sink;

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
    voices: Option<Vec<String>>,
}

/// How long the synthesizer may take to start (speech-dispatcher answers within
/// milliseconds when it runs; libspeechd starting it, or a server that accepts the
/// connection and never answers, takes longer).
pub const START_LIMIT: Duration = Duration::from_secs(20);

/// A function that makes the synthesizer on the speech thread.
pub type MakeSpeaker = Box<dyn FnOnce(EventSender) -> Result<Box<dyn Speaker>, SpeechError> + Send>;

/// What a synthesizer that started says of itself: what it is, and its voices for the
/// game's language when it lists them.
pub type Started = (String, Option<Vec<String>>);

/// A synthesizer starting on the speech thread ([`SpeechSink::start`]).
#[derive(Debug)]
pub struct Opening(Receiver<Result<Started, SpeechError>>);

impl Opening {
    /// As [`Opening::wait`], at most `limit` (a sentence said when the station cannot
    /// start does not wait the whole [`START_LIMIT`] for a server that never answers).
    pub fn wait_at_most(self, limit: Duration) -> Result<Started, SpeechError> {
        self.0.recv_timeout(limit).map_err(|e| match e {
            std::sync::mpsc::RecvTimeoutError::Timeout => SpeechError::Synth(format!(
                "the speech server did not answer within {} s",
                limit.as_secs()
            )),
            std::sync::mpsc::RecvTimeoutError::Disconnected => SpeechError::Gone,
        })?
    }

    /// Waits until the synthesizer has started (at most [`START_LIMIT`]): what it is and
    /// its voices for the game's language, when it lists them.
    pub fn wait(self) -> Result<Started, SpeechError> {
        // A speech server that accepts the connection but never answers (seen: an
        // autospawned speech-dispatcher without a sound server) must not hold the station:
        // after this long the synthesizer counts as missing (its thread is left behind).
        self.0.recv_timeout(START_LIMIT).map_err(|e| match e {
            std::sync::mpsc::RecvTimeoutError::Timeout => SpeechError::Synth(format!(
                "the speech server did not answer within {} s",
                START_LIMIT.as_secs()
            )),
            std::sync::mpsc::RecvTimeoutError::Disconnected => SpeechError::Gone,
        })?
    }
}

impl SpeechSink {
    /// Starts the speech thread with the synthesizer `make` builds there; speaks what is
    /// said to one of `listeners` (and to all). Fails if the synthesizer cannot start.
    pub fn spawn(
        make: MakeSpeaker,
        config: &SpeechConfig,
        listeners: Vec<Audience>,
        speaking: Speaking,
    ) -> Result<SpeechSink, SpeechError> {
        let (mut sink, opening) = SpeechSink::start(make, config, listeners, speaking)?;
        let (description, voices) = opening.wait()?;
        sink.description = description;
        sink.voices = voices;
        Ok(sink)
    }

    /// Starts the speech thread with the synthesizer `make` builds there and returns at
    /// once (issue 22: the station does not wait for speech-dispatcher): what
    /// is handed over meanwhile waits on the thread's channel; [`Opening::wait`] tells
    /// whether the synthesizer started.
    pub fn start(
        make: MakeSpeaker,
        config: &SpeechConfig,
        listeners: Vec<Audience>,
        speaking: Speaking,
    ) -> Result<(SpeechSink, Opening), SpeechError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(256);
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let trace = Trace::default();
        let events = EventSender(tx.clone());
        let thread_trace = trace.clone();
        let tail = config.tail;
        let language = config.language;
        let thread = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || match make(events) {
                Ok(speaker) => {
                    let voices = speaker.voices_for(language);
                    let _ = ready_tx.send(Ok((speaker.describe(), voices)));
                    SpeechThread::new(speaker, tail, speaking, thread_trace).run(rx);
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                }
            })
            .map_err(|e| SpeechError::Synth(e.to_string()))?;
        let sink = SpeechSink {
            tx,
            listeners,
            trace,
            thread: Some(thread),
            earcons: EarconChooser::new(config.earcons),
            player: None,
            description: String::new(),
            voices: None,
        };
        Ok((sink, Opening(ready_rx)))
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

    /// The synthesizer's voices for the game's language, when it lists them.
    pub fn voices(&self) -> Option<&[String]> {
        self.voices.as_deref()
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
                    expires: s.expires.map(|e| now + e.saturating_since(at)),
                    live: s.live.clone().map(|clock| {
                        Box::new(Live {
                            clock,
                            at,
                            delivered: now,
                        })
                    }),
                    reply_to: s.reply_to,
                    ply: s.ply,
                })),
                Output::Hush { to } if self.hears(*to) => self.send(Msg::Hush),
                _ => {}
            }
        }
    }
}
