//! The station's voice: speech-dispatcher with the settings' voice, rate, pitch and volume,
//! and earcons through the sound card.

#[cfg(feature = "speech")]
use std::sync::{Arc, Mutex};

use super::{Devices, Wanted};
#[cfg(feature = "speech")]
use super::{Shared, take};
use crate::config::Settings;
#[cfg(feature = "speech")]
use crate::core::lang::Language;
use crate::core::phrases::Message;
use crate::devices::DeviceStatus;

impl Devices {
    /// Speech-dispatcher (with earcons), unless speech is off or the player reads Braille
    /// only.
    pub(super) fn open_speech(&mut self, settings: &Settings, wanted: &Wanted) {
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
            match SpeechSink::spawn(
                crate::speech::tts::maker(&config),
                &config,
                wanted.listeners(),
                self.speaking.clone(),
            ) {
                Ok(sink) => {
                    let sink = self.with_earcons(sink, &config);
                    let mut status = DeviceStatus::present("speech", sink.describe().to_owned());
                    // In the game's language: the voices for it, as doctor says them.
                    if let Some(voices) = sink.voices() {
                        status = status.said(
                            Message::new("device-speech-there")
                                .arg("count", voices.len())
                                .arg(
                                    "voices",
                                    voices
                                        .iter()
                                        .take(3)
                                        .cloned()
                                        .collect::<Vec<_>>()
                                        .join(", "),
                                ),
                        );
                    }
                    self.status.push(status);
                    let shared = Arc::new(Mutex::new(Some(sink)));
                    // Speech is open once spawned: it says at once what was said before.
                    self.attach(Box::new(Shared(Arc::clone(&shared))));
                    self.closers.push(Box::new(move || {
                        if let Some(sink) = take(&shared) {
                            sink.close(std::time::Duration::from_secs(5));
                        }
                    }));
                    self.speech = true;
                }
                Err(e) => self.status.push(
                    DeviceStatus::absent("speech", e.to_string())
                        .said(Message::new("device-speech-missing"))
                        .todo(Message::new("device-speech-todo")),
                ),
            }
        }
        #[cfg(not(feature = "speech"))]
        {
            let _ = wanted;
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
    }
}
