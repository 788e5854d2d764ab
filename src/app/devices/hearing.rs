//! Hearing moves: the microphone → a tee (the audio scoresheet) → the vosk recognizer's
//! thread → the station.

#[cfg(all(feature = "vosk", feature = "audio"))]
use std::sync::Arc;

use tokio::sync::mpsc;

use super::{Devices, Wanted};
use crate::adapter::DeviceStatus;
use crate::config::Settings;
use crate::core::phrases::Message;
use crate::core::session::Session;
use crate::core::time::Timestamp;
use crate::station::StationInput;

impl Devices {
    /// The microphone and vosk when a side enters moves by voice; heard words go to `tx`.
    pub(super) fn open_hearing(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        session: &Session,
        tx: &mpsc::Sender<StationInput>,
        origin: (Timestamp, std::time::Instant),
    ) {
        if !wanted.microphone {
            self.status.push(
                DeviceStatus::present(
                    "microphone",
                    "not used: no side enters moves by voice (input.white/input.black = \"voice\")",
                )
                .said(Message::new("device-mic-unused")),
            );
            return;
        }
        #[cfg(all(feature = "vosk", feature = "audio"))]
        {
            self.open_vosk(settings, wanted, session, tx, origin);
        }
        #[cfg(not(all(feature = "vosk", feature = "audio")))]
        {
            let _ = (settings, session, tx, origin);
            self.status.push(
                DeviceStatus::absent("microphone and vosk", "not built in")
                    .said(Message::new("device-vosk-lib"))
                    .todo(Message::new("device-vosk-lib-todo")),
            );
        }
    }

    /// The vosk model, the grammar of the game's language and the recognizer with the
    /// position's grammar; a missing piece is reported.
    #[cfg(all(feature = "vosk", feature = "audio"))]
    fn vosk_recognizer(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        first: &dyn Fn(&crate::core::grammar::GrammarBuilder) -> crate::core::grammar::Grammar,
    ) -> Option<(
        crate::hearing::vosk::VoskRecognizer,
        crate::core::grammar::GrammarBuilder,
    )> {
        use crate::core::grammar::GrammarBuilder;
        use crate::hearing::MODEL_ENV;
        use crate::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};

        let configured = Some(settings.voice.model.as_path()).filter(|p| !p.as_os_str().is_empty());
        let env = std::env::var_os(MODEL_ENV);
        let dir = crate::models::model_dir(configured, env.as_deref(), wanted.lang);
        let model = match VoskModel::load(&dir) {
            Ok(m) => m,
            Err(e) => {
                self.status.push(
                    DeviceStatus::absent(
                        "vosk model",
                        format!("{}: {e} (or set {MODEL_ENV})", dir.display()),
                    )
                    .said(
                        Message::new("device-vosk-missing").arg("path", dir.display().to_string()),
                    )
                    .todo(Message::new("device-vosk-todo"))
                    .tell(Message::new("start-no-model").arg("lang", wanted.lang.code())),
                );
                return None;
            }
        };
        let builder = match GrammarBuilder::new(wanted.lang) {
            Ok(b) => b,
            Err(e) => {
                self.status
                    .push(DeviceStatus::absent("vosk grammar", e.to_string()));
                return None;
            }
        };
        let word_map = match crate::hearing::vocabulary::read_word_map(&settings.voice.word_map) {
            Ok(m) => m,
            Err(e) => {
                self.status
                    .push(DeviceStatus::absent("vosk word map", e.to_string()));
                return None;
            }
        };
        let spelling = Arc::new(model.spelling(&builder, &word_map));
        let report = spelling.report();
        self.status.push(report.status(&dir));
        let grammar = first(&builder);
        let recognizer =
            match VoskRecognizer::new(model, spelling, &grammar, VoskOptions::default()) {
                Ok(r) => r,
                Err(e) => {
                    self.status
                        .push(DeviceStatus::absent("vosk recognizer", e.to_string()));
                    return None;
                }
            };
        Some((recognizer, builder))
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
        use crate::audio::stream::AudioEvent;
        use crate::hearing::actor::{self, GrammarSlot, HearingSink, ListenOptions};

        let Some((recognizer, builder)) =
            self.vosk_recognizer(settings, wanted, &|b| b.build(session.move_phrases()))
        else {
            return;
        };
        // microphone → (tee: audio scoresheet) → recognizer thread → station
        let (mic_tx, mic_rx) = std::sync::mpsc::sync_channel::<AudioEvent>(64);
        let (hear_tx, hear_rx) = std::sync::mpsc::sync_channel::<AudioEvent>(64);
        let Some(capture) = self.open_microphone(settings, mic_tx) else {
            return;
        };
        let recorder = wanted
            .recording
            .as_deref()
            .and_then(|p| self.open_recorder(p, origin));
        let tee = spawn_tee(mic_rx, recorder, hear_tx);
        let slot = GrammarSlot::default();
        self.sinks.push(Box::new(HearingSink::new(slot.clone())));
        let listen_options = ListenOptions {
            deaf_while_speaking: !settings.voice.hear_self,
            ..ListenOptions::default()
        };
        let speaking = self.speaking.clone();
        let position = Arc::clone(session.move_phrases());
        let out = tx.clone();
        let listener = std::thread::Builder::new()
            .name("hearing".into())
            .spawn(move || {
                actor::listen(
                    actor::ListenSetup {
                        recognizer: Box::new(recognizer),
                        builder,
                        slot,
                        speaking,
                        options: listen_options,
                        out,
                    },
                    &position,
                    hear_rx,
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

    /// The microphone and vosk for the online menu (issue 24.3) when a side enters moves by
    /// voice: what is heard of the menu's phrases goes to `tx` as a console line.
    pub(super) fn open_menu_hearing(
        &mut self,
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) {
        if !wanted.microphone {
            return;
        }
        #[cfg(all(feature = "vosk", feature = "audio"))]
        {
            use crate::core::grammar::Grammar;
            let lang = wanted.lang;
            let Ok(grammar) = Grammar::for_menu(lang) else {
                return;
            };
            let menu = grammar.clone();
            let Some((recognizer, _)) = self.vosk_recognizer(settings, wanted, &|_| menu.clone())
            else {
                return;
            };
            let (mic_tx, audio) = std::sync::mpsc::sync_channel(64);
            let Some(capture) = self.open_microphone(settings, mic_tx) else {
                return;
            };
            let speaking = self.speaking.clone();
            let deaf = !settings.voice.hear_self;
            let out = tx.clone();
            let listener = std::thread::Builder::new()
                .name("hearing-menu".into())
                .spawn(move || {
                    crate::hearing::menu::listen_menu(
                        Box::new(recognizer),
                        &grammar,
                        &speaking,
                        deaf,
                        &audio,
                        &out,
                    )
                });
            self.closers.push(Box::new(move || {
                capture.stop();
                if let Ok(l) = listener {
                    let _ = l.join();
                }
            }));
        }
        #[cfg(not(all(feature = "vosk", feature = "audio")))]
        {
            let _ = (settings, tx);
        }
    }

    /// The microphone (`voice.input_device`, or the default), its audio to `to`; its line
    /// in the device report either way.
    #[cfg(all(feature = "vosk", feature = "audio"))]
    fn open_microphone(
        &mut self,
        settings: &Settings,
        to: std::sync::mpsc::SyncSender<crate::audio::stream::AudioEvent>,
    ) -> Option<crate::audio::capture::Capture> {
        use crate::audio::capture::{self, CaptureOptions};

        let options = CaptureOptions {
            device: Some(settings.voice.input_device.clone()).filter(|d| !d.is_empty()),
            ..CaptureOptions::default()
        };
        let capture = match capture::start(options, to) {
            Ok(c) => c,
            Err(e) => {
                self.status.push(
                    DeviceStatus::absent("microphone", e.to_string())
                        .said(Message::new("device-mic-none"))
                        .todo(Message::new("device-mic-todo")),
                );
                return None;
            }
        };
        let mic = DeviceStatus::present(
            "microphone",
            options_name(settings.voice.input_device.as_str()),
        );
        self.status.push(if settings.voice.input_device.is_empty() {
            mic.said(Message::new("device-mic-default"))
        } else {
            mic
        });
        Some(capture)
    }

    /// Starts the audio scoresheet's writer thread for `wav`; its sink marks made moves.
    #[cfg(all(feature = "vosk", feature = "audio"))]
    fn open_recorder(
        &mut self,
        wav: &std::path::Path,
        origin: (Timestamp, std::time::Instant),
    ) -> Option<crate::recorder::audio::AudioFeed> {
        match crate::recorder::audio::AudioRecordSink::spawn(wav, std::time::Instant::now(), origin)
        {
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

#[cfg(all(feature = "vosk", feature = "audio"))]
fn spawn_tee(
    mic_rx: std::sync::mpsc::Receiver<crate::audio::stream::AudioEvent>,
    recorder: Option<crate::recorder::audio::AudioFeed>,
    hear_tx: std::sync::mpsc::SyncSender<crate::audio::stream::AudioEvent>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    use crate::audio::stream::AudioEvent;
    std::thread::Builder::new()
        .name("microphone-tee".into())
        .spawn(move || {
            while let Ok(ev) = mic_rx.recv() {
                if let (Some(feed), AudioEvent::Chunk(c)) = (&recorder, &ev) {
                    let span = std::time::Duration::from_micros(
                        c.samples.len() as u64 * 1_000_000 / 16_000,
                    );
                    feed.send(crate::recorder::audio::AudioChunk {
                        at: c.at.checked_sub(span).unwrap_or(c.at),
                        samples: c.samples.clone(),
                    });
                }
                let end = matches!(ev, AudioEvent::End);
                if hear_tx.send(ev).is_err() || end {
                    break;
                }
            }
        })
}

#[cfg(all(feature = "vosk", feature = "audio"))]
fn options_name(device: &str) -> String {
    if device.is_empty() {
        "the default input device".into()
    } else {
        device.to_owned()
    }
}
