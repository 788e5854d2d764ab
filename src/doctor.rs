//! `ansage doctor`: checks every device and resource the station can use and says, in a
//! few short lines each and in the game's language, what is there and what to do.
//!
//! Checked: the microphone (cpal), libvosk, the vosk model and its vocabulary (FIDE Laws
//! D.2.1: every word of an announcement must be hearable), speech-dispatcher and a voice
//! for the language, BrlAPI (BRLTTY) and its display, espeak-ng (the spoken scoresheet),
//! the electronic boards on the serial ports (and whether a DGT 3000 answers; a port this
//! user may not open gets the `dialout` hint), the web page's port, online play (the
//! server's address, the lichess token, its account and scope; `online`), and the training
//! opponent (the UCI engine at `engine.path` or Debian's stockfish, its name and version
//! from its handshake; `engine`).
//! A device that was not built in says which cargo feature brings it. Each check says
//! whether the current settings need the device ([`Needs`]): `ansage doctor` fails only for
//! those (a missing vosk model matters only when a side enters moves by voice).

use std::path::Path;

use crate::adapter::DeviceStatus;
use crate::config::{InputMethod, Settings};
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases, line_case};

#[cfg(feature = "online")]
pub(crate) mod online;
#[cfg(feature = "web")]
mod port;

/// What the current settings need of the devices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Needs {
    /// A side enters moves by voice: the microphone and vosk.
    pub voice: bool,
    /// The station speaks (speech on, not Braille only).
    pub speech: bool,
    /// A Braille display is used.
    pub braille: bool,
    /// A side plays on an electronic board (`input.<side> = "eboard"`).
    pub eboard: bool,
}

impl Needs {
    /// What `settings` need.
    pub fn of(settings: &Settings) -> Needs {
        Needs {
            voice: settings.input.white == InputMethod::Voice
                || settings.input.black == InputMethod::Voice,
            speech: settings.speech.enabled && !settings.braille.braille_only,
            braille: settings.braille.enabled,
            eboard: settings.input.white == InputMethod::Eboard
                || settings.input.black == InputMethod::Eboard,
        }
    }
}

/// Every check, in the order printed, each marked as needed by `settings` or not;
/// `phrases` (the game's language) names what is not a device's own name.
pub fn check(settings: &Settings, lang: Language, phrases: &Phrases) -> Vec<DeviceStatus> {
    let needs = Needs::of(settings);
    let mut out = Vec::new();
    out.push(microphone(settings, phrases).needed(needs.voice));
    out.extend(
        vosk(settings, lang)
            .into_iter()
            .map(|s| s.needed(needs.voice)),
    );
    out.push(speech(settings, lang).needed(needs.speech));
    out.push(braille(settings).needed(needs.braille));
    out.push(espeak().needed(false));
    out.extend(eboard(settings, needs.eboard));
    out.push(web(settings).needed(settings.web.enabled));
    // A game at the board needs no server: online play is reported, never failing.
    out.push(online_play(settings).needed(false));
    // Only training needs the engine (issue 34): reported, never failing.
    out.push(engine(settings).needed(false));
    out
}

/// Online play (`online.server`, the token, its account and scope).
fn online_play(settings: &Settings) -> DeviceStatus {
    #[cfg(feature = "online")]
    {
        online::check(settings)
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = settings;
        not_built("online play", "online")
    }
}

/// The web page's port (`web.listen`): free, or held by which program.
fn web(settings: &Settings) -> DeviceStatus {
    #[cfg(feature = "web")]
    {
        port::check(settings)
    }
    #[cfg(not(feature = "web"))]
    {
        let _ = settings;
        not_built("web page", "web")
    }
}

/// The boards on the ports `eboard.port` names (every one, with its kind and whether a
/// clock answers), the ports this user may not open, or none.
fn eboard(settings: &Settings, needed: bool) -> Vec<DeviceStatus> {
    #[cfg(feature = "eboard")]
    {
        let port = &settings.game.eboard_port;
        let (_, search) = crate::eboard::serial::search(port, settings.game.eboard_kind, true);
        crate::eboard::report::statuses(port, &search, needed)
    }
    #[cfg(not(feature = "eboard"))]
    {
        let _ = settings;
        vec![crate::eboard::report::not_built().needed(needed)]
    }
}

/// What `ansage doctor` prints: each device's lines, then the summary, in `phrases`'
/// language; and whether everything the settings need is there (the exit status).
pub fn render(report: &[DeviceStatus], phrases: &Phrases) -> (Vec<String>, bool) {
    let mut lines: Vec<String> = report.iter().flat_map(|s| s.lines(phrases)).collect();
    let names = |needed: bool| {
        let mut names: Vec<String> = Vec::new();
        for s in report.iter().filter(|s| !s.present && s.needed == needed) {
            let name = s.name(phrases);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.join(", ")
    };
    let (needed, unneeded) = (names(true), names(false));
    let summary = if !needed.is_empty() {
        Message::new("doctor-missing").arg("devices", needed.clone())
    } else if !unneeded.is_empty() {
        Message::new("doctor-missing-unneeded").arg("devices", unneeded)
    } else {
        Message::new("doctor-all-there")
    };
    lines.push(line_case(phrases.speech(&summary)));
    (lines, needed.is_empty())
}

#[cfg_attr(
    all(
        feature = "audio",
        feature = "speech",
        feature = "braille",
        feature = "web",
        feature = "online",
        feature = "engine"
    ),
    allow(dead_code)
)]
fn not_built(device: &str, feature: &str) -> DeviceStatus {
    DeviceStatus::absent(device, format!("not built in: `--features {feature}`"))
        .said(Message::new("device-not-built"))
        .todo(Message::new("device-build").arg("feature", feature.to_owned()))
}

fn microphone(settings: &Settings, phrases: &Phrases) -> DeviceStatus {
    #[cfg(feature = "audio")]
    {
        let devices = crate::audio::capture::input_devices();
        let wanted = settings.voice.input_device.as_str();
        if devices.is_empty() {
            return DeviceStatus::absent("microphone", "no input device")
                .said(Message::new("device-mic-none"))
                .todo(Message::new("device-mic-todo"));
        }
        if !wanted.is_empty() && !devices.iter().any(|d| d == wanted) {
            return DeviceStatus::absent(
                "microphone",
                format!("{wanted:?} is not among {}", devices.join(", ")),
            )
            .said(Message::new("device-mic-unknown").arg("device", wanted.to_owned()))
            .todo(Message::new("device-mic-unknown-todo"));
        }
        // The devices are counted, not listed (ALSA alone names a dozen plugins).
        let using = if wanted.is_empty() {
            phrases.speech(&Message::new("device-mic-default"))
        } else {
            wanted.to_owned()
        };
        DeviceStatus::present("microphone", devices.join(", ")).said(
            Message::new("device-mic-found")
                .arg("count", devices.len())
                .arg("device", using),
        )
    }
    #[cfg(not(feature = "audio"))]
    {
        let _ = (settings, phrases);
        not_built("microphone", "audio")
    }
}

fn vosk(settings: &Settings, lang: Language) -> Vec<DeviceStatus> {
    #[cfg(feature = "vosk")]
    {
        use crate::hearing::MODEL_ENV;
        let mut out = Vec::new();
        let configured = Some(settings.voice.model.as_path()).filter(|p| !p.as_os_str().is_empty());
        let env = std::env::var_os(MODEL_ENV);
        let dir = crate::models::model_dir(configured, env.as_deref(), lang);
        crate::hearing::vosk::set_log_level(-1);
        let word_map = match crate::hearing::vocabulary::read_word_map(&settings.voice.word_map) {
            Ok(m) => m,
            Err(e) => {
                out.push(DeviceStatus::absent("vosk word map", e.to_string()));
                return out;
            }
        };
        match crate::hearing::vosk::doctor_report(&dir, lang, &word_map) {
            Ok(report) => out.push(report.status(&dir)),
            Err(e) => out.push(
                DeviceStatus::absent(
                    "vosk model",
                    format!("{}: {e} (or set {MODEL_ENV})", dir.display()),
                )
                .said(Message::new("device-vosk-missing").arg("path", dir.display().to_string()))
                .todo(Message::new("device-vosk-todo")),
            ),
        }
        out
    }
    #[cfg(not(feature = "vosk"))]
    {
        let _ = (settings, lang);
        vec![
            DeviceStatus::absent("libvosk", "not built in")
                .said(Message::new("device-vosk-lib"))
                .todo(Message::new("device-vosk-lib-todo")),
        ]
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
    let missing = |detail: &str| {
        DeviceStatus::absent("speech", detail)
            .said(Message::new("device-speech-missing"))
            .todo(Message::new("device-speech-todo"))
    };
    if spawned.is_err() {
        return missing("cannot start a thread for the check");
    }
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| missing("speech-dispatcher did not answer within 20 s"))
}

fn speech_check(settings: &Settings, lang: Language) -> DeviceStatus {
    if settings.speech.engine == crate::speech::SpeechEngine::EspeakNg {
        return own_speech_check(settings);
    }
    #[cfg(feature = "speech")]
    {
        let missing = |detail: String| {
            DeviceStatus::absent("speech", detail)
                .said(Message::new("device-speech-missing"))
                .todo(Message::new("device-speech-todo"))
        };
        use crate::speech::tts::{VoiceCheck, check_voice, voices, voices_of};
        let voices = match voices() {
            Ok(v) => v,
            Err(e) => return missing(e.to_string()),
        };
        let code = lang.code();
        let mine = voices_of(&voices, lang);
        let wanted = settings.speech.voice.as_str();
        if !wanted.is_empty() && check_voice(&voices, lang, wanted) == VoiceCheck::Unknown {
            return DeviceStatus::absent("speech", format!("no voice {wanted:?}"))
                .said(Message::new("device-speech-unknown-voice").arg("voice", wanted.to_owned()))
                .todo(Message::new("device-speech-unknown-voice-todo"));
        }
        if mine.is_empty() {
            return DeviceStatus::absent(
                "speech",
                format!("{} voices, none for {code:?}", voices.len()),
            )
            .said(Message::new("device-speech-no-voice"))
            .todo(Message::new("device-speech-no-voice-todo"));
        }
        let some = mine.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        DeviceStatus::present("speech", format!("{} voices for {code:?}", mine.len())).said(
            Message::new("device-speech-there")
                .arg("count", mine.len())
                .arg("voices", some),
        )
    }
    #[cfg(not(feature = "speech"))]
    {
        let _ = (settings, lang);
        not_built("speech", "speech")
    }
}

/// The station's own espeak-ng (`speech.engine = "espeak-ng"`): it starts, and a
/// PulseAudio stream opens.
fn own_speech_check(settings: &Settings) -> DeviceStatus {
    #[cfg(feature = "espeak")]
    {
        let voice = Some(settings.speech.voice.clone()).filter(|v| !v.is_empty());
        match crate::speech::espeak::check() {
            Ok(description) => DeviceStatus::present("speech", description).said(
                Message::new("device-speech-own").arg("voice", voice.unwrap_or("none".into())),
            ),
            Err(e) => DeviceStatus::absent("speech", e.to_string())
                .said(Message::new("device-speech-own-missing"))
                .todo(Message::new("device-speech-own-todo")),
        }
    }
    #[cfg(not(feature = "espeak"))]
    {
        let _ = settings;
        not_built("speech", "espeak")
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
                DeviceStatus::present("Braille display", connector.describe())
                    .said(Message::new("device-braille-there").arg("width", w * h))
            }
            Err(e) => DeviceStatus::absent("Braille display", e.to_string())
                .said(Message::new("device-braille-missing"))
                .todo(Message::new("device-braille-todo")),
        }
    }
    #[cfg(not(feature = "braille"))]
    {
        let _ = settings;
        not_built("Braille display", "braille")
    }
}

/// The training opponent: found (`engine.path`, `PATH`, `/usr/games/stockfish`), and its
/// name and version from the UCI handshake (within 10 s, on a thread of its own).
fn engine(settings: &Settings) -> DeviceStatus {
    let path_env = std::env::var_os("PATH");
    let path = match crate::engine::find::find(&settings.engine.path, path_env.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            return DeviceStatus::absent("chess engine", e.to_string())
                .said(Message::new("device-engine-missing"))
                .todo(Message::new("device-engine-todo"));
        }
    };
    #[cfg(feature = "engine")]
    {
        engine_handshake(path)
    }
    #[cfg(not(feature = "engine"))]
    {
        let _ = path;
        not_built("chess engine", "engine")
    }
}

/// The engine at `path` started, named and ended.
#[cfg(feature = "engine")]
fn engine_handshake(path: std::path::PathBuf) -> DeviceStatus {
    use std::time::Duration;

    use crate::core::engine::level::Level;
    use crate::engine::client::{Engine, Timeouts};

    let shown = path.display().to_string();
    let timeouts = Timeouts {
        start: Duration::from_secs(10),
        search: Duration::from_secs(10),
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("doctor-engine".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            let answer = match runtime {
                Ok(rt) => rt.block_on(async {
                    let engine = Engine::start(&path, Level::MAX, timeouts).await?;
                    let name = engine.name().to_owned();
                    engine.close().await;
                    Ok::<_, crate::engine::EngineError>(name)
                }),
                Err(e) => Err(crate::engine::EngineError::Crashed(e.to_string())),
            };
            let _ = tx.send(answer);
        });
    let answer = match spawned {
        Ok(_) => rx
            .recv_timeout(Duration::from_secs(15))
            .unwrap_or_else(|_| Err(crate::engine::EngineError::Crashed("no answer".into()))),
        Err(e) => Err(crate::engine::EngineError::Crashed(e.to_string())),
    };
    match answer {
        Ok(name) => DeviceStatus::present("chess engine", format!("{name} at {shown}")).said(
            Message::new("device-engine-there")
                .arg("name", name)
                .arg("path", shown),
        ),
        Err(e) => DeviceStatus::absent("chess engine", format!("{shown}: {e}"))
            .said(Message::new("device-engine-broken").arg("path", shown))
            .todo(Message::new("device-engine-broken-todo")),
    }
}

fn espeak() -> DeviceStatus {
    let program = crate::recorder::spoken::SpokenOptions::default().program;
    match std::process::Command::new(&program)
        .arg("--version")
        .output()
    {
        Ok(out) if out.status.success() => {
            let version = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            // "eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/…": the version, not the path.
            let short = version.split("  ").next().unwrap_or(&version).to_owned();
            DeviceStatus::present("espeak-ng", version)
                .said(Message::new("device-espeak-there").arg("version", short))
        }
        _ => DeviceStatus::absent(
            "espeak-ng",
            format!("{} not found", Path::new(&program).display()),
        )
        .said(Message::new("device-espeak-missing"))
        .todo(Message::new("device-espeak-todo")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn braille_missing() -> DeviceStatus {
        DeviceStatus::absent("Braille display", "connection refused")
            .said(Message::new("device-braille-missing"))
            .todo(Message::new("device-braille-todo"))
    }

    fn vosk_missing() -> DeviceStatus {
        DeviceStatus::absent("vosk model", "no model")
            .said(Message::new("device-vosk-missing").arg("path", "/m"))
            .todo(Message::new("device-vosk-todo"))
    }

    fn speech_there() -> DeviceStatus {
        DeviceStatus::present("speech", "3 voices").said(
            Message::new("device-speech-there")
                .arg("count", 3_usize)
                .arg("voices", "a, b, c"),
        )
    }

    #[test]
    fn what_the_settings_need() {
        let mut s = Settings::default();
        assert_eq!(
            Needs::of(&s),
            Needs {
                voice: false,
                speech: true,
                braille: true,
                eboard: false
            }
        );
        s.input.white = InputMethod::Eboard;
        assert!(Needs::of(&s).eboard);
        s.input.white = InputMethod::Console;
        s.input.black = InputMethod::Voice;
        s.braille.braille_only = true;
        s.braille.enabled = true;
        assert_eq!(
            Needs::of(&s),
            Needs {
                voice: true,
                speech: false,
                braille: true,
                eboard: false
            }
        );
    }

    /// The doctor fails only for a device the settings need; a few short lines each, in
    /// the language asked for.
    #[test]
    fn the_doctor_fails_only_for_what_the_settings_need_in_their_language() {
        let cases: [(Language, Vec<DeviceStatus>, bool, &[&str]); 4] = [
            (
                Language::De,
                vec![speech_there(), vosk_missing().needed(false)],
                true,
                &[
                    "Sprachausgabe: speech-dispatcher, 3 Stimmen für diese Sprache, etwa a, b, c.",
                    "Spracherkennung (vosk): fehlt, für diese Einstellungen nicht nötig: kein Modell in /m.",
                    "  Zu tun: ansage models install de lädt es dorthin, oder voice.model setzen. Bis dahin Züge tippen.",
                    "Alles da, was diese Einstellungen brauchen. Es fehlt nur: Spracherkennung (vosk).",
                ],
            ),
            (
                Language::De,
                vec![vosk_missing().needed(true)],
                false,
                &[
                    "Spracherkennung (vosk): fehlt: kein Modell in /m.",
                    "  Zu tun: ansage models install de lädt es dorthin, oder voice.model setzen. Bis dahin Züge tippen.",
                    "Es fehlt, was diese Einstellungen brauchen: Spracherkennung (vosk).",
                ],
            ),
            (
                Language::Es,
                vec![speech_there()],
                true,
                &[
                    "Voz: speech-dispatcher, 3 voces para este idioma, por ejemplo a, b, c.",
                    "Está todo.",
                ],
            ),
            (
                Language::En,
                vec![braille_missing()],
                false,
                &[
                    "Braille display: missing: no connection to BRLTTY.",
                    "  To do: install brltty and connect the display (or set BRLAPI_HOST); the station keeps trying. To play without a display: ansage play --set braille.enabled=false.",
                    "Missing what these settings need: Braille display.",
                ],
            ),
        ];
        for (lang, report, ok, expected) in cases {
            let phrases = Phrases::load(lang).unwrap();
            let (lines, passed) = render(&report, &phrases);
            assert_eq!(lines, expected, "{lang:?}");
            assert_eq!(passed, ok, "{lang:?}");
        }
    }

    /// Without BRLTTY: "install brltty" once, and how to play without a display, in each
    /// language.
    #[test]
    fn a_missing_display_says_install_brltty_once_and_how_to_play_without() {
        for (lang, without) in [
            (Language::De, "Ohne Zeile spielen"),
            (Language::Es, "Para jugar sin línea"),
            (Language::En, "To play without a display"),
        ] {
            let phrases = Phrases::load(lang).unwrap();
            let text = braille_missing().lines(&phrases).join("\n");
            assert_eq!(text.matches("brltty").count(), 1, "{text}");
            assert!(text.contains(without), "{text}");
            assert!(text.contains("braille.enabled=false"), "{text}");
        }
    }
}
