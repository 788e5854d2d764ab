//! `ansage doctor`: checks every device and resource the station can use and says exactly
//! what to install or set for each one that is missing.
//!
//! Checked: the microphone (cpal), libvosk, the vosk model and its vocabulary (FIDE Laws
//! D.2.1: every word of an announcement must be hearable), speech-dispatcher and a voice
//! for the language, BrlAPI (BRLTTY) and its display, espeak-ng (the spoken scoresheet)
//! and the journal's folder. A device that was not built in says which cargo feature
//! brings it.

use std::path::Path;

use crate::config::Settings;
use crate::core::lang::Language;
use crate::devices::DeviceStatus;

/// Every check, in the order printed.
pub fn check(settings: &Settings, lang: Language) -> Vec<DeviceStatus> {
    let mut out = Vec::new();
    out.push(microphone(settings));
    out.extend(vosk(settings, lang));
    out.push(speech(settings, lang));
    out.push(braille(settings));
    out.push(espeak());
    out
}

fn microphone(settings: &Settings) -> DeviceStatus {
    #[cfg(feature = "audio")]
    {
        let devices = crate::audio::capture::input_devices();
        let wanted = settings.voice.input_device.as_str();
        if devices.is_empty() {
            return DeviceStatus::absent(
                "microphone",
                "no input device: connect a microphone, check ALSA/PulseAudio \
                 (`arecord -l`, `pactl list sources short`)",
            );
        }
        if !wanted.is_empty() && !devices.iter().any(|d| d == wanted) {
            return DeviceStatus::absent(
                "microphone",
                format!(
                    "voice.input_device = {wanted:?} is not among the input devices: {}",
                    devices.join(", ")
                ),
            );
        }
        DeviceStatus::present(
            "microphone",
            format!("{} input device(s): {}", devices.len(), devices.join(", ")),
        )
    }
    #[cfg(not(feature = "audio"))]
    {
        let _ = settings;
        DeviceStatus::absent(
            "microphone",
            "not built in: build with `--features audio` (Debian: libasound2-dev)",
        )
    }
}

fn vosk(settings: &Settings, lang: Language) -> Vec<DeviceStatus> {
    #[cfg(feature = "vosk")]
    {
        use crate::hearing::{MODEL_ENV, model_dir};
        let mut out = vec![DeviceStatus::present(
            "libvosk",
            format!("linked: {}", env!("ANSAGE_VOSK_LIB")),
        )];
        let configured = Some(settings.voice.model.as_path()).filter(|p| !p.as_os_str().is_empty());
        let env = std::env::var_os(MODEL_ENV);
        let dir = model_dir(configured, env.as_deref());
        crate::hearing::vosk::set_log_level(-1);
        let word_map = match crate::hearing::vocabulary::read_word_map(&settings.voice.word_map) {
            Ok(m) => m,
            Err(e) => {
                out.push(DeviceStatus::absent("vosk word map", e.to_string()));
                return out;
            }
        };
        let report = crate::hearing::vosk::doctor_report(&dir, lang, &word_map);
        match report {
            Ok(report) if report.missing.is_empty() => out.push(DeviceStatus::present(
                "vosk model",
                format!("{}: {report}", dir.display()),
            )),
            Ok(report) => out.push(DeviceStatus::absent(
                "vosk model",
                format!(
                    "{}: {report}\n  these words are not in the model: use a model that has \
                     them, or map them to words it has (voice.word_map)",
                    dir.display()
                ),
            )),
            Err(e) => out.push(DeviceStatus::absent(
                "vosk model",
                format!(
                    "{}: {e}: put vosk-model-small-de-0.15 there (`bash .ci/setup.sh` \
                     downloads it from its publisher), or set voice.model or {MODEL_ENV}",
                    dir.display()
                ),
            )),
        }
        out
    }
    #[cfg(not(feature = "vosk"))]
    {
        let _ = (settings, lang);
        vec![DeviceStatus::absent(
            "libvosk",
            "not built in: run `bash .ci/setup.sh` (it fetches libvosk), then build with \
             `--features vosk`",
        )]
    }
}

fn speech(settings: &Settings, lang: Language) -> DeviceStatus {
    // A speech server that never answers must not hang the doctor.
    let (tx, rx) = std::sync::mpsc::channel();
    let settings = settings.clone();
    let spawned = std::thread::Builder::new()
        .name("doctor-speech".into())
        .spawn(move || {
            let _ = tx.send(speech_check(&settings, lang));
        });
    if spawned.is_err() {
        return DeviceStatus::absent("speech", "cannot start a thread for the check");
    }
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| {
            DeviceStatus::absent(
                "speech",
                "speech-dispatcher did not answer within 20 s: restart it \
                 (`killall speech-dispatcher`), check its sound output",
            )
        })
}

fn speech_check(settings: &Settings, lang: Language) -> DeviceStatus {
    #[cfg(feature = "speech")]
    {
        let install = "install speech-dispatcher and speech-dispatcher-espeak-ng (Debian) \
                       and start it (or set SPEECHD_ADDRESS)";
        let tts = match tts::Tts::default() {
            Ok(t) => t,
            Err(e) => {
                return DeviceStatus::absent(
                    "speech",
                    format!("speech-dispatcher: {e}: {install}"),
                );
            }
        };
        let voices = match tts.voices() {
            Ok(v) => v,
            Err(e) => {
                return DeviceStatus::absent("speech", format!("no voice list ({e}): {install}"));
            }
        };
        let code = lang.code();
        let mine: Vec<String> = voices
            .iter()
            .filter(|v| v.language().primary_language() == code)
            .map(|v| v.name())
            .collect();
        let wanted = settings.speech.voice.as_str();
        if !wanted.is_empty() && !voices.iter().any(|v| v.name() == wanted) {
            return DeviceStatus::absent(
                "speech",
                format!("speech.voice = {wanted:?} is not a voice of speech-dispatcher"),
            );
        }
        if mine.is_empty() {
            return DeviceStatus::absent(
                "speech",
                format!(
                    "speech-dispatcher has {} voices but none for {code:?}: install \
                     espeak-ng and speech-dispatcher-espeak-ng",
                    voices.len()
                ),
            );
        }
        DeviceStatus::present(
            "speech",
            format!(
                "speech-dispatcher, {} voices, {} for {code:?} (e.g. {})",
                voices.len(),
                mine.len(),
                mine.iter().take(3).cloned().collect::<Vec<_>>().join(", ")
            ),
        )
    }
    #[cfg(not(feature = "speech"))]
    {
        let _ = (settings, lang);
        DeviceStatus::absent(
            "speech",
            "not built in: build with `--features speech` (Debian: libspeechd-dev, libclang-dev)",
        )
    }
}

fn braille(settings: &Settings) -> DeviceStatus {
    #[cfg(feature = "braille")]
    {
        use crate::braille::Connector as _;
        let mut connector = crate::braille::brlapi::BrlapiConnector {
            host: Some(settings.braille.host.clone()).filter(|h| !h.is_empty()),
            auth: Some(settings.braille.auth.clone()).filter(|a| !a.is_empty()),
        };
        match connector.connect() {
            Ok(terminal) => {
                let (w, h) = terminal.size();
                DeviceStatus::present(
                    "Braille display",
                    format!("{}: {w}×{h} cells", connector.describe()),
                )
            }
            Err(e) => DeviceStatus::absent(
                "Braille display",
                format!(
                    "{e}: install brltty (Debian) and connect a display, or set \
                     BRLAPI_HOST and BRLAPI_AUTH (braille.host, braille.auth)"
                ),
            ),
        }
    }
    #[cfg(not(feature = "braille"))]
    {
        let _ = settings;
        DeviceStatus::absent(
            "Braille display",
            "not built in: build with `--features braille` (Debian: libbrlapi-dev, libclang-dev)",
        )
    }
}

fn espeak() -> DeviceStatus {
    let program = crate::record::spoken::SpokenOptions::default().program;
    match std::process::Command::new(&program)
        .arg("--version")
        .output()
    {
        Ok(out) if out.status.success() => DeviceStatus::present(
            "espeak-ng",
            format!(
                "{} (the spoken scoresheet of `ansage export --audio`)",
                String::from_utf8_lossy(&out.stdout).trim()
            ),
        ),
        _ => DeviceStatus::absent(
            "espeak-ng",
            format!(
                "{} not found: install espeak-ng (Debian) for the spoken scoresheet",
                Path::new(&program).display()
            ),
        ),
    }
}
