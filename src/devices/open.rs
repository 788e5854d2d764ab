//! Opening every device the settings ask for, for `ansage play` and `ansage demo`
//! (ARCHITECTURE.md: one owner of the session, devices as actors on bounded channels).
//!
//! Each device is tried; one that is missing (not built in, no server, no model) is
//! reported with what to install or set, and the game goes on with the others: the
//! console always works. [`Devices::close`] stops and joins every device thread.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use crate::config::{InputMethod, Settings};
use crate::core::input::Actor;
use crate::core::lang::Language;
use crate::core::output::{Audience, Output};
use crate::core::session::Session;
use crate::core::setup::{Config, Impaired};
use crate::core::time::Timestamp;
use crate::devices::{DeviceStatus, Speaking};
use crate::station::{Sink, StationInput};

/// A sink shared between the main loop (which delivers to it) and [`Devices`] (which
/// closes it at the end).
#[cfg_attr(not(any(feature = "speech", feature = "braille")), allow(dead_code))]
struct Shared<S>(Arc<Mutex<Option<S>>>);

impl<S: Sink + Send> Sink for Shared<S> {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        if let Ok(mut guard) = self.0.lock()
            && let Some(s) = guard.as_mut()
        {
            s.deliver(at, outputs);
        }
    }

    fn observe(&mut self, session: &Session) {
        if let Ok(mut guard) = self.0.lock()
            && let Some(s) = guard.as_mut()
        {
            s.observe(session);
        }
    }
}

/// Takes a shared sink out (it is then closed by the caller).
#[cfg_attr(not(any(feature = "speech", feature = "braille")), allow(dead_code))]
fn take<S>(shared: &Arc<Mutex<Option<S>>>) -> Option<S> {
    shared.lock().ok().and_then(|mut g| g.take())
}

/// What the station needs besides the settings.
#[derive(Clone, Debug)]
pub struct Wanted {
    /// The game's language.
    pub lang: Language,
    /// Who is visually impaired (they hear the speech and read the display).
    pub impaired: Impaired,
    /// Where the audio scoresheet goes (the game's folder); `None`: not recorded.
    pub recording: Option<PathBuf>,
    /// Open the microphone (a game with a voice input).
    pub microphone: bool,
}

impl Wanted {
    /// What a game set up by `settings` and `config` needs.
    pub fn for_game(settings: &Settings, config: &Config, recording: Option<PathBuf>) -> Wanted {
        let voice = settings.input.white == InputMethod::Voice
            || settings.input.black == InputMethod::Voice;
        Wanted {
            lang: config.lang,
            impaired: config.impaired,
            recording,
            microphone: voice,
        }
    }

    /// The audiences that hear the station's voice: the visually impaired players (and
    /// what is said to all).
    pub fn listeners(&self) -> Vec<Audience> {
        let mut out = vec![Audience::All];
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            if self.impaired.includes(side) {
                out.push(Audience::player(side));
            }
        }
        out
    }

    /// Whose Braille display it is: the visually impaired player (White when both are).
    pub fn display_owner(&self) -> Actor {
        if self.impaired.includes(shakmaty::Color::White)
            || !self.impaired.includes(shakmaty::Color::Black)
        {
            Actor::Player(shakmaty::Color::White)
        } else {
            Actor::Player(shakmaty::Color::Black)
        }
    }
}

/// The open devices.
pub struct Devices {
    /// The sinks for the main loop (the console's is not among them: the caller adds it).
    pub sinks: Vec<Box<dyn Sink + Send>>,
    /// Every device, present or missing, with what to do about it.
    pub status: Vec<DeviceStatus>,
    /// The gate between the station's voice and the microphone.
    pub speaking: Speaking,
    /// Whether a real speech output runs (otherwise the console prints what is said).
    pub speech: bool,
    /// Whether a Braille display adapter runs.
    pub braille: bool,
    /// Where the audio scoresheet is being written.
    pub recording: Option<PathBuf>,
    closers: Vec<Box<dyn FnOnce() + Send>>,
}

impl std::fmt::Debug for Devices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Devices")
            .field("status", &self.status)
            .field("speech", &self.speech)
            .field("braille", &self.braille)
            .finish()
    }
}

impl Devices {
    /// Opens what `settings` and `wanted` ask for; inputs from the devices go to `tx`.
    /// `origin` maps the session's time to real instants (the station's timeline: its
    /// `start` and `epoch`), for the marks of the audio scoresheet.
    pub fn open(
        settings: &Settings,
        wanted: &Wanted,
        session: &Session,
        tx: &mpsc::Sender<StationInput>,
        origin: (Timestamp, std::time::Instant),
    ) -> Devices {
        let mut devices = Devices {
            sinks: Vec::new(),
            status: Vec::new(),
            speaking: Speaking::new(),
            speech: false,
            braille: false,
            recording: None,
            closers: Vec::new(),
        };
        devices.open_speech(settings, wanted);
        devices.open_braille(settings, wanted, tx);
        devices.open_hearing(settings, wanted, session, tx, origin);
        devices
    }

    /// The devices that are missing, one line each.
    pub fn missing(&self) -> impl Iterator<Item = &DeviceStatus> {
        self.status.iter().filter(|s| !s.present)
    }

    /// Stops every device and joins its thread (what is still to be said gets at most
    /// 5 seconds).
    pub fn close(mut self) {
        self.sinks.clear();
        for close in self.closers.drain(..) {
            close();
        }
    }

    fn open_speech(&mut self, settings: &Settings, wanted: &Wanted) {
        if !settings.speech.enabled || settings.braille.braille_only {
            let why = if settings.braille.braille_only {
                "off: Braille only (braille.braille_only)"
            } else {
                "off in the settings (speech.enabled = false)"
            };
            self.status.push(DeviceStatus::present("speech", why));
            return;
        }
        #[cfg(feature = "speech")]
        {
            use crate::speech::SpeechSink;
            let config = speech_config(settings, wanted.lang);
            match SpeechSink::spawn(
                crate::speech::tts::maker(&config),
                &config,
                wanted.listeners(),
                self.speaking.clone(),
            ) {
                Ok(sink) => {
                    let sink = self.with_earcons(sink, &config);
                    self.status
                        .push(DeviceStatus::present("speech", sink.describe().to_owned()));
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    self.sinks.push(Box::new(Shared(Arc::clone(&shared))));
                    self.closers.push(Box::new(move || {
                        if let Some(sink) = take(&shared) {
                            sink.close(std::time::Duration::from_secs(5));
                        }
                    }));
                    self.speech = true;
                }
                Err(e) => self.status.push(DeviceStatus::absent(
                    "speech",
                    format!(
                        "{e}: install speech-dispatcher and speech-dispatcher-espeak-ng \
                         (Debian) and start it, or set SPEECHD_ADDRESS; what is said is \
                         printed on the console meanwhile"
                    ),
                )),
            }
        }
        #[cfg(not(feature = "speech"))]
        {
            let _ = wanted;
            self.status.push(DeviceStatus::absent(
                "speech",
                "not built in: build with `--features speech` (or `hardware`); what is said \
                 is printed on the console",
            ));
        }
    }

    fn open_braille(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) {
        if !settings.braille.enabled {
            self.status.push(DeviceStatus::present(
                "Braille display",
                "off in the settings (braille.enabled = false)",
            ));
            return;
        }
        #[cfg(feature = "braille")]
        {
            use crate::braille::{BrailleConfig, BrailleSink, brlapi::BrlapiConnector};
            let mut config = BrailleConfig::new(wanted.display_owner(), wanted.lang);
            config.braille_only = settings.braille.braille_only;
            config.host = Some(settings.braille.host.clone()).filter(|h| !h.is_empty());
            config.auth = Some(settings.braille.auth.clone()).filter(|a| !a.is_empty());
            let connector = BrlapiConnector::from_config(&config);
            match BrailleSink::spawn(config, Box::new(connector), tx.clone()) {
                Ok(sink) => {
                    // The first connection is tried at once; give it a moment to report.
                    let deadline =
                        std::time::Instant::now() + std::time::Duration::from_millis(1500);
                    while sink.connections() == 0 && std::time::Instant::now() < deadline {
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    let mut status = sink.status();
                    if !status.present {
                        status.detail = format!(
                            "{}: install brltty (Debian) and connect a display, or set \
                             BRLAPI_HOST/BRLAPI_AUTH; the station keeps trying",
                            status.detail
                        );
                    }
                    self.status.push(status);
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    self.sinks.push(Box::new(Shared(Arc::clone(&shared))));
                    self.closers.push(Box::new(move || {
                        // Dropping the sink stops and joins its thread (BRLTTY gets the
                        // display back).
                        drop(take(&shared));
                    }));
                    self.braille = true;
                }
                Err(e) => self
                    .status
                    .push(DeviceStatus::absent("Braille display", e.to_string())),
            }
        }
        #[cfg(not(feature = "braille"))]
        {
            let _ = (wanted, tx);
            self.status.push(DeviceStatus::absent(
                "Braille display",
                "not built in: build with `--features braille` (or `hardware`)",
            ));
        }
    }

    fn open_hearing(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        session: &Session,
        tx: &mpsc::Sender<StationInput>,
        origin: (Timestamp, std::time::Instant),
    ) {
        if !wanted.microphone {
            self.status.push(DeviceStatus::present(
                "microphone",
                "not used: no side enters moves by voice (input.white/input.black = \"voice\")",
            ));
            return;
        }
        #[cfg(all(feature = "vosk", feature = "audio"))]
        {
            self.open_vosk(settings, wanted, session, tx, origin);
        }
        #[cfg(not(all(feature = "vosk", feature = "audio")))]
        {
            let _ = (settings, session, tx, origin);
            self.status.push(DeviceStatus::absent(
                "microphone and vosk",
                "not built in: build with `--features vosk,audio` (or `hardware`) after \
                 `bash .ci/setup.sh` (it fetches libvosk); moves are typed meanwhile",
            ));
        }
    }

    #[cfg(all(feature = "vosk", feature = "audio"))]
    fn open_vosk(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        session: &Session,
        tx: &mpsc::Sender<StationInput>,
        origin: (Timestamp, std::time::Instant),
    ) {
        use crate::audio::capture::{self, CaptureOptions};
        use crate::core::grammar::GrammarBuilder;
        use crate::hearing::actor::{self, AudioEvent, GrammarSlot, HearingSink, ListenOptions};
        use crate::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};
        use crate::hearing::{MODEL_ENV, model_dir};

        let configured = Some(settings.voice.model.as_path()).filter(|p| !p.as_os_str().is_empty());
        let env = std::env::var_os(MODEL_ENV);
        let dir = model_dir(configured, env.as_deref());
        let model = match VoskModel::load(&dir) {
            Ok(m) => m,
            Err(e) => {
                self.status.push(DeviceStatus::absent(
                    "vosk model",
                    format!(
                        "{}: {e}; put vosk-model-small-de-0.15 there (bash .ci/setup.sh \
                         fetches it where the network allows), or set voice.model or {MODEL_ENV}; \
                         moves are typed meanwhile",
                        dir.display()
                    ),
                ));
                return;
            }
        };
        let builder = match GrammarBuilder::new(wanted.lang) {
            Ok(b) => b,
            Err(e) => {
                self.status
                    .push(DeviceStatus::absent("vosk grammar", e.to_string()));
                return;
            }
        };
        let word_map = match crate::hearing::vocabulary::read_word_map(&settings.voice.word_map) {
            Ok(m) => m,
            Err(e) => {
                self.status
                    .push(DeviceStatus::absent("vosk word map", e.to_string()));
                return;
            }
        };
        let spelling = Arc::new(model.spelling(&builder, &word_map));
        let report = spelling.report();
        self.status.push(DeviceStatus {
            device: "vosk model".into(),
            present: true,
            detail: format!("{}: {report}", dir.display()),
        });
        let grammar = builder.build(session.position());
        let recognizer =
            match VoskRecognizer::new(model, spelling, &grammar, VoskOptions::default()) {
                Ok(r) => r,
                Err(e) => {
                    self.status
                        .push(DeviceStatus::absent("vosk recognizer", e.to_string()));
                    return;
                }
            };
        // microphone → (tee: audio scoresheet) → recognizer thread → station
        let (mic_tx, mic_rx) = std::sync::mpsc::sync_channel::<AudioEvent>(64);
        let (hear_tx, hear_rx) = std::sync::mpsc::sync_channel::<AudioEvent>(64);
        let options = CaptureOptions {
            device: Some(settings.voice.input_device.clone()).filter(|d| !d.is_empty()),
            ..CaptureOptions::default()
        };
        let capture = match capture::start(options, mic_tx) {
            Ok(c) => c,
            Err(e) => {
                self.status.push(DeviceStatus::absent(
                    "microphone",
                    format!("{e}: connect a microphone (ALSA or PulseAudio)"),
                ));
                return;
            }
        };
        self.status.push(DeviceStatus::present(
            "microphone",
            options_name(settings.voice.input_device.as_str()),
        ));
        let recorder = wanted
            .recording
            .as_deref()
            .and_then(|p| self.open_recorder(p, origin));
        let tee = std::thread::Builder::new()
            .name("microphone-tee".into())
            .spawn(move || {
                while let Ok(ev) = mic_rx.recv() {
                    if let (Some(feed), AudioEvent::Chunk(c)) = (&recorder, &ev) {
                        let span = std::time::Duration::from_micros(
                            c.samples.len() as u64 * 1_000_000 / 16_000,
                        );
                        feed.send(crate::record::audio::AudioChunk {
                            at: c.at.checked_sub(span).unwrap_or(c.at),
                            samples: c.samples.clone(),
                        });
                    }
                    let end = matches!(ev, AudioEvent::End);
                    if hear_tx.send(ev).is_err() || end {
                        break;
                    }
                }
            });
        let slot = GrammarSlot::default();
        self.sinks.push(Box::new(HearingSink::new(slot.clone())));
        let listen_options = ListenOptions {
            deaf_while_speaking: !settings.voice.hear_self,
            ..ListenOptions::default()
        };
        let speaking = self.speaking.clone();
        let position = session.position().clone();
        let out = tx.clone();
        let listener = std::thread::Builder::new()
            .name("hearing".into())
            .spawn(move || {
                actor::listen(
                    Box::new(recognizer),
                    builder,
                    &position,
                    hear_rx,
                    slot,
                    speaking,
                    listen_options,
                    out,
                )
            });
        self.closers.push(Box::new(move || {
            capture.stop();
            if let Ok(t) = tee {
                let _ = t.join();
            }
            if let Ok(l) = listener {
                let _ = l.join();
            }
        }));
    }
}

#[cfg(all(feature = "vosk", feature = "audio"))]
fn options_name(device: &str) -> String {
    if device.is_empty() {
        "the default input device".into()
    } else {
        device.to_owned()
    }
}

#[cfg(feature = "speech")]
fn speech_config(settings: &Settings, lang: Language) -> crate::speech::SpeechConfig {
    let s = &settings.speech;
    // The settings give multiples of the normal rate and pitch (0.25-4) and a volume 0-1;
    // speech-dispatcher takes -100..100 with 0 as normal.
    let scale = |x: f32| -> i32 {
        let x = x.clamp(0.25, 4.0);
        let v = if x >= 1.0 {
            (x - 1.0) / 3.0 * 100.0
        } else {
            (x - 1.0) / 0.75 * 100.0
        };
        v.round() as i32
    };
    crate::speech::SpeechConfig {
        language: lang,
        voice: Some(s.voice.clone()).filter(|v| !v.is_empty()),
        rate: scale(s.rate),
        pitch: scale(s.pitch),
        volume: ((s.volume.clamp(0.0, 1.0) * 200.0) - 100.0).round() as i32,
        tail: std::time::Duration::from_millis(u64::from(settings.voice.tail_ms)),
        earcons: crate::speech::EarconConfig {
            made: s.earcons && s.earcon_made,
            error: s.earcons && s.earcon_error,
            tick: s.earcons && s.earcon_tick,
        },
        ..crate::speech::SpeechConfig::default()
    }
}

impl Devices {
    /// Earcons (a move made, an error, a low-time tick) through the sound card, when any
    /// is switched on and the `audio` feature is built in.
    #[cfg(feature = "speech")]
    fn with_earcons(
        &mut self,
        sink: crate::speech::SpeechSink,
        config: &crate::speech::SpeechConfig,
    ) -> crate::speech::SpeechSink {
        let e = config.earcons;
        if !(e.made || e.error || e.tick) {
            return sink;
        }
        #[cfg(feature = "audio")]
        {
            match crate::audio::earcons::EarconPlayer::open() {
                Ok(player) => {
                    self.status.push(DeviceStatus::present(
                        "earcons",
                        format!("through {}", player.device),
                    ));
                    let play = player.player();
                    // The player's stream stays open until the devices close.
                    self.closers.push(Box::new(move || drop(player)));
                    sink.with_earcons(play)
                }
                Err(e) => {
                    self.status.push(DeviceStatus::absent(
                        "earcons",
                        format!("{e}: no sound output (ALSA or PulseAudio)"),
                    ));
                    sink
                }
            }
        }
        #[cfg(not(feature = "audio"))]
        {
            self.status.push(DeviceStatus::absent(
                "earcons",
                "not built in: build with `--features audio`",
            ));
            sink
        }
    }
}

impl Devices {
    /// Starts the audio scoresheet's writer thread for `wav`; its sink marks made moves.
    #[cfg(all(feature = "vosk", feature = "audio"))]
    fn open_recorder(
        &mut self,
        wav: &std::path::Path,
        origin: (Timestamp, std::time::Instant),
    ) -> Option<crate::record::audio::AudioFeed> {
        match crate::record::audio::AudioRecordSink::spawn(wav, std::time::Instant::now(), origin) {
            Ok((sink, feed)) => {
                // Dropping the sink (Devices::close) finishes the WAV, its marks and index.
                self.sinks.push(Box::new(sink));
                self.recording = Some(wav.to_path_buf());
                Some(feed)
            }
            Err(e) => {
                self.status.push(DeviceStatus::absent(
                    "audio scoresheet",
                    format!("{}: {e}", wav.display()),
                ));
                None
            }
        }
    }
}
