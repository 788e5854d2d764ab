//! The station of `ansage-bench echo`, wired as `ansage play` wires a voice game
//! (src/app/devices/hearing.rs, speech.rs): the cpal microphone → a tee (where `play` has
//! its audio scoresheet) → the hearing actor with vosk → the main loop (`station::run`)
//! with a German [`Session`] → the [`SpeechSink`] on speech-dispatcher and the
//! [`HearingSink`]. The benchmark's own taps: the tee notes when each loud block arrives,
//! and a hop between the actor and the main loop notes what was heard and when.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, anyhow};

use ansage::adapter::Speaking;
use ansage::audio::capture::{self, Capture, CaptureOptions};
use ansage::audio::stream::AudioEvent;
use ansage::core::grammar::GrammarBuilder;
use ansage::core::laws::Start;
use ansage::core::output::Audience;
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::words::MovePhrases;
use ansage::hearing::actor::{
    self, GrammarSlot, HearingSink, ListenOptions, ListenSetup, ListenStats,
};
use ansage::hearing::vocabulary::Spelling;
use ansage::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};
use ansage::speech::{SpeechConfig, SpeechSink, Trace};
use ansage::station::{self, Sink, StationInput};

use crate::echo_audio::{FEN, LOUD};

/// How the station listens: the actor's end-of-speech rule and the microphone's blocks.
#[derive(Clone, Debug)]
pub struct Setting {
    /// What the report calls it.
    pub name: String,
    /// The actor's options.
    pub listen: ListenOptions,
    /// The microphone's block length.
    pub chunk: Duration,
}

/// Instants the benchmark's taps noted, shared with their threads.
type Noted<T> = Arc<Mutex<Vec<T>>>;

/// A running station.
pub struct Station {
    capture: Capture,
    tee: JoinHandle<()>,
    hop: JoinHandle<()>,
    actor: JoinHandle<ListenStats>,
    main: JoinHandle<()>,
    /// Each block with a loud sample: when the tee got it.
    pub loud_blocks: Noted<Instant>,
    /// How many blocks the tee passed on.
    blocks: Arc<AtomicUsize>,
    /// Each heard result: when it left the actor, and its words.
    pub heard: Noted<(Instant, String)>,
    /// What speech did.
    pub trace: Trace,
}

/// The tee between the microphone and the actor: notes when loud blocks arrive.
fn tee(
    from: std::sync::mpsc::Receiver<AudioEvent>,
    to: std::sync::mpsc::SyncSender<AudioEvent>,
    loud: Noted<Instant>,
    blocks: Arc<AtomicUsize>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        while let Ok(ev) = from.recv() {
            blocks.fetch_add(1, Ordering::Relaxed);
            if let AudioEvent::Chunk(c) = &ev
                && c.samples.iter().any(|s| s.saturating_abs() >= LOUD)
                && let Ok(mut v) = loud.lock()
            {
                v.push(Instant::now());
            }
            if to.send(ev).is_err() {
                return;
            }
        }
    })
}

/// The hop between the actor and the main loop: notes what was heard.
fn hop(
    mut from: tokio::sync::mpsc::Receiver<StationInput>,
    to: tokio::sync::mpsc::Sender<StationInput>,
    heard: Noted<(Instant, String)>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        while let Some(msg) = from.blocking_recv() {
            if let StationInput::Heard { words: u, .. } = &msg
                && let Ok(mut v) = heard.lock()
            {
                v.push((Instant::now(), u.text()));
            }
            if to.blocking_send(msg).is_err() {
                return;
            }
        }
    })
}

/// The main loop on its own thread with a session of `setup` (a session stays on its
/// thread), until its input channel closes; the session's phrases of its position.
fn main_loop(
    setup: SessionSetup,
    inputs: tokio::sync::mpsc::Receiver<StationInput>,
    mut sinks: Vec<Box<dyn Sink + Send>>,
) -> Result<(JoinHandle<()>, Arc<MovePhrases<'static>>)> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (tx, rx) = sync_channel(1);
    let main = std::thread::spawn(move || {
        let session = match Session::new(setup) {
            Ok(session) => session,
            Err(e) => {
                let _ = tx.send(Err(anyhow!("{e}")));
                return;
            }
        };
        let _ = tx.send(Ok(Arc::clone(session.move_phrases())));
        rt.block_on(async {
            station::run(session, inputs, &mut sinks, tokio::time::Instant::now()).await;
        });
    });
    let position = rx.recv().map_err(|_| anyhow!("the main loop ended"))??;
    Ok((main, position))
}

impl Station {
    /// Starts the station: German, the position [`FEN`], White visually impaired and
    /// speaking, explicit confirmation, no clock; speech-dispatcher open (its voice list read) before the
    /// microphone.
    pub fn start(
        model: &Arc<VoskModel>,
        spelling: &Arc<Spelling>,
        builder: &GrammarBuilder,
        setting: &Setting,
    ) -> Result<Station> {
        let setup = SessionSetup {
            start: Start::Fen(FEN.into()),
            ..SessionSetup::default()
        };
        let speaking = Speaking::new();
        let config = SpeechConfig::default();
        let speech = SpeechSink::spawn(
            ansage::speech::tts::maker(&config),
            &config,
            vec![Audience::White],
            speaking.clone(),
        )?;
        let trace = speech.trace();
        let slot = GrammarSlot::default();
        let sinks: Vec<Box<dyn Sink + Send>> =
            vec![Box::new(speech), Box::new(HearingSink::new(slot.clone()))];
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        let (main, position) = main_loop(setup, rx, sinks)?;
        let recognizer = VoskRecognizer::new(
            model.clone(),
            spelling.clone(),
            &builder.build(&position),
            VoskOptions::default(),
        )?;
        let (actor_tx, actor_rx) = tokio::sync::mpsc::channel(64);
        let heard: Noted<(Instant, String)> = Arc::default();
        let hop = hop(actor_rx, tx, heard.clone());
        let (mic_tx, mic_rx) = sync_channel(64);
        let (hear_tx, hear_rx) = sync_channel(64);
        let loud_blocks: Noted<Instant> = Arc::default();
        let blocks: Arc<AtomicUsize> = Arc::default();
        let tee = tee(mic_rx, hear_tx, loud_blocks.clone(), blocks.clone());
        let setup = ListenSetup {
            recognizer: Box::new(recognizer),
            builder: builder.clone(),
            slot,
            speaking,
            options: setting.listen.clone(),
            out: actor_tx,
        };
        let actor = std::thread::spawn(move || actor::listen(setup, &position, hear_rx));
        let options = CaptureOptions {
            chunk: setting.chunk,
            ..CaptureOptions::default()
        };
        let capture = capture::start(options, mic_tx).context("the microphone")?;
        Ok(Station {
            capture,
            tee,
            hop,
            actor,
            main,
            loud_blocks,
            blocks,
            heard,
            trace,
        })
    }

    /// How many blocks of audio the microphone has delivered.
    pub fn blocks(&self) -> usize {
        self.blocks.load(Ordering::Relaxed)
    }

    /// Stops the microphone, then everything behind it; what the actor did.
    pub fn stop(self) -> Result<ListenStats> {
        self.capture.stop();
        let joined = |r: std::thread::Result<()>| r.map_err(|_| anyhow!("a thread panicked"));
        joined(self.tee.join())?;
        let stats = self
            .actor
            .join()
            .map_err(|_| anyhow!("the actor panicked"))?;
        joined(self.hop.join())?;
        joined(self.main.join())?;
        Ok(stats)
    }
}
