//! The station's voice: speech-dispatcher (or, with `speech.engine = "espeak-ng"`, the
//! station's own espeak-ng) with the settings' voice, rate, pitch and volume, and earcons
//! through the sound card.

#[cfg(feature = "speech")]
use std::sync::{Arc, Mutex};

use super::{Devices, Wanted};
#[cfg(feature = "speech")]
use super::{Shared, take};
use crate::adapter::DeviceStatus;
use crate::config::Settings;
#[cfg(feature = "speech")]
use crate::core::lang::Language;
use crate::core::phrases::Message;
use crate::station::StationInput;
#[cfg(feature = "speech")]
use crate::{
    core::output::Output, core::phrases::Phrases, core::time::Timestamp, speech::SpeechEngine,
    speech::SpeechSink, station::Sink,
};
use tokio::sync::mpsc;

/// Where the station's voice is while speech-dispatcher starts.
#[cfg(feature = "speech")]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum VoiceState {
    /// speech-dispatcher has not answered yet: what is said waits (`Held`).
    Opening,
    /// It speaks.
    Open,
    /// It did not start: what is said is dropped (the console prints it).
    Failed,
}

/// The voice's sink: ready once speech-dispatcher has answered (until then what is said
/// is held, `Held`), or once it is known not to.
#[cfg(feature = "speech")]
struct Voice {
    sink: Shared<SpeechSink>,
    state: Arc<Mutex<VoiceState>>,
}

#[cfg(feature = "speech")]
impl Voice {
    fn state(&self) -> VoiceState {
        self.state.lock().map_or(VoiceState::Failed, |state| *state)
    }
}

#[cfg(feature = "speech")]
impl Sink for Voice {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        if self.state() == VoiceState::Open {
            self.sink.deliver(at, outputs);
        }
    }

    fn ready(&mut self) -> bool {
        self.state() != VoiceState::Opening
    }

    fn opening(&mut self) -> bool {
        self.state() == VoiceState::Opening
    }
}

/// The speech device's line when its synthesizer did not start (`why`).
#[cfg(feature = "speech")]
fn missing(why: String, engine: SpeechEngine) -> DeviceStatus {
    let status = DeviceStatus::absent("speech", why);
    match engine {
        SpeechEngine::SpeechDispatcher => status
            .said(Message::new("device-speech-missing"))
            .todo(Message::new("device-speech-todo")),
        SpeechEngine::EspeakNg => status
            .said(Message::new("device-speech-own-missing"))
            .todo(Message::new("device-speech-own-todo")),
    }
}

/// Waits on its own thread for speech-dispatcher to start: then the device's line goes to
/// stderr and speech says what was held; if it does not start, its line says so and the
/// station tells everyone once ([`StationInput::VoiceLost`]), and the game goes on. A
/// configured voice is checked against speech-dispatcher's list afterwards (it takes
/// seconds; the voice speaks meanwhile), and a line says when it is unknown or speaks
/// another language.
#[cfg(feature = "speech")]
fn watch(
    opening: crate::speech::Opening,
    lang: Language,
    (voice, engine): (Option<String>, SpeechEngine),
    state: Arc<Mutex<VoiceState>>,
    shared: Arc<Mutex<Option<SpeechSink>>>,
    tx: mpsc::Sender<StationInput>,
) {
    let spawned = std::thread::Builder::new()
        .name("speech-open".into())
        .spawn(move || {
            let (status, now) = match opening.wait() {
                Ok((description, _)) => (
                    opened(&description, voice.as_deref(), engine),
                    VoiceState::Open,
                ),
                Err(e) => (missing(e.to_string(), engine), VoiceState::Failed),
            };
            if let Ok(mut s) = state.lock() {
                *s = now;
            }
            if now == VoiceState::Failed {
                drop(take(&shared));
            }
            report(&status, lang);
            if now == VoiceState::Failed {
                let message = match engine {
                    SpeechEngine::SpeechDispatcher => Message::new("speech-failed"),
                    SpeechEngine::EspeakNg => Message::new("speech-own-failed"),
                };
                let _ = tx.blocking_send(StationInput::VoiceLost { message });
            } else if engine == SpeechEngine::SpeechDispatcher
                && let Some(voice) = voice
                && let Some(status) = check(&voice, lang)
            {
                report(&status, lang);
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("speech: no thread to open it: {e}");
    }
}

/// The device's lines on stderr, in the game's language.
#[cfg(feature = "speech")]
fn report(status: &DeviceStatus, lang: Language) {
    tracing::info!("device: {status}");
    if let Ok(phrases) = Phrases::load(lang) {
        for line in status.lines(&phrases) {
            eprintln!("{line}");
        }
    }
}

/// What speech-dispatcher's list says of the configured `voice`, when it is wrong.
#[cfg(feature = "speech")]
fn check(voice: &str, lang: Language) -> Option<DeviceStatus> {
    use crate::speech::tts::{VoiceCheck, check_voice, voices};
    let said = match check_voice(&voices().ok()?, lang, voice) {
        VoiceCheck::Speaks => return None,
        VoiceCheck::Unknown => {
            Message::new("device-speech-unknown-voice").arg("voice", voice.to_owned())
        }
        VoiceCheck::OtherLanguage(language) => Message::new("device-speech-other-language")
            .arg("voice", voice.to_owned())
            .arg("language", language),
    };
    Some(
        DeviceStatus::present(
            "speech",
            format!("speech.voice {voice:?} is not a voice of {lang}"),
        )
        .said(said)
        .todo(Message::new("device-speech-unknown-voice-todo")),
    )
}

/// The speech device's line once speech-dispatcher has answered: its voice, in the game's
/// language (the list of voices is `ansage doctor`'s: fetching it takes seconds).
#[cfg(feature = "speech")]
fn opened(description: &str, voice: Option<&str>, engine: SpeechEngine) -> DeviceStatus {
    let voice = voice.unwrap_or("none").to_owned();
    let said = match engine {
        SpeechEngine::SpeechDispatcher => Message::new("device-speech-open").arg("voice", voice),
        SpeechEngine::EspeakNg => Message::new("device-speech-own").arg("voice", voice),
    };
    DeviceStatus::present("speech", description.to_owned()).said(said)
}

impl Devices {
    /// Speech-dispatcher (with earcons), unless speech is off or the player reads Braille
    /// only.
    pub(super) fn open_speech(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) {
        if !settings.speech.enabled || settings.braille.braille_only {
            let why = if settings.braille.braille_only {
                "off: Braille only (braille.braille_only)"
            } else {
                "off in the settings (speech.enabled = false)"
            };
            let said = if settings.braille.braille_only {
                "device-braille-only"
            } else {
                "device-off"
            };
            self.status
                .push(DeviceStatus::present("speech", why).said(Message::new(said)));
            return;
        }
        #[cfg(feature = "speech")]
        {
            use crate::speech::SpeechSink;
            let config = speech_config(settings, wanted.lang);
            // Opened on its own thread (issue 22): speech-dispatcher may take a moment to
            // answer (seconds when libspeechd starts it); the station is ready meanwhile,
            // and speech says what is held ("Bereit" too) as soon as it is open.
            match SpeechSink::start(
                crate::speech::maker(&config),
                &config,
                wanted.listeners(),
                self.speaking.clone(),
            ) {
                Ok((sink, opening)) => {
                    let sink = self.with_earcons(sink, &config);
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    let state = Arc::new(Mutex::new(VoiceState::Opening));
                    self.attach(Box::new(Voice {
                        sink: Shared(Arc::clone(&shared)),
                        state: Arc::clone(&state),
                    }));
                    watch(
                        opening,
                        wanted.lang,
                        (config.voice.clone(), config.engine),
                        state,
                        Arc::clone(&shared),
                        tx.clone(),
                    );
                    self.closers.push(Box::new(move || {
                        if let Some(sink) = take(&shared) {
                            sink.close(std::time::Duration::from_secs(5));
                        }
                    }));
                    self.speech = true;
                }
                Err(e) => self.status.push(missing(e.to_string(), config.engine)),
            }
        }
        #[cfg(not(feature = "speech"))]
        {
            let _ = (wanted, tx);
            self.status.push(
                DeviceStatus::absent("speech", "not built in")
                    .said(Message::new("device-not-built"))
                    .todo(Message::new("device-build").arg("feature", "speech")),
            );
        }
    }

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
                    self.status.push(
                        DeviceStatus::present("earcons", format!("through {}", player.device))
                            .said(
                                Message::new("device-earcons-there")
                                    .arg("device", player.device.clone()),
                            ),
                    );
                    let play = player.player();
                    // The player's stream stays open until the devices close.
                    self.closers.push(Box::new(move || drop(player)));
                    sink.with_earcons(play)
                }
                Err(e) => {
                    self.status.push(
                        DeviceStatus::absent("earcons", e.to_string())
                            .said(Message::new("device-earcons-missing"))
                            .todo(Message::new("device-earcons-todo")),
                    );
                    sink
                }
            }
        }
        #[cfg(not(feature = "audio"))]
        {
            self.status.push(
                DeviceStatus::absent("earcons", "not built in")
                    .said(Message::new("device-not-built"))
                    .todo(Message::new("device-build").arg("feature", "audio")),
            );
            sink
        }
    }
}

#[cfg(feature = "speech")]
pub(super) fn speech_config(settings: &Settings, lang: Language) -> crate::speech::SpeechConfig {
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
        engine: s.engine,
    }
}
