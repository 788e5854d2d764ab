//! The device sections of the settings file (`[input]`, `[speech]`, `[braille]`,
//! `[voice]`, `[journal]`, `[web]`, `[models]`, `[engine]`): plain data for the device
//! adapters.

use std::path::PathBuf;

use serde::{Deserialize, Deserializer, Serialize};

use crate::core::settings::OnOff;

/// How a player enters moves (FIDE Laws D.2.1: announced; D.2.4: by the sighted player on
/// the board and the station).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputMethod {
    /// Spoken, through the microphone and the recognizer.
    Voice,
    /// Typed or routed on the Braille display's keys.
    Braille,
    /// Typed on the console.
    #[default]
    Console,
    /// FIDE Laws D.1: played on an electronic board (DGT or Millennium, `[eboard]`); the
    /// console's keys still work.
    Eboard,
}

/// `[input]`: how each side enters moves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InputSettings {
    /// White's input: `voice`, `braille`, `console` or `eboard`.
    pub white: InputMethod,
    /// Black's input.
    pub black: InputMethod,
}

/// Which synthesizer speaks (`speech.engine`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpeechEngine {
    /// speech-dispatcher (feature `speech`): the user's desktop voice, beside his screen
    /// reader.
    #[default]
    #[serde(rename = "speech-dispatcher")]
    SpeechDispatcher,
    /// espeak-ng in the station's own process (feature `espeak`): the shortest way from a
    /// sentence to its sound.
    #[serde(rename = "espeak-ng")]
    EspeakNg,
}

/// `[speech]`: the voice of the station (speech-dispatcher).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpeechSettings {
    /// Speak at all.
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// Which synthesizer speaks: `speech-dispatcher` (the desktop's voice) or `espeak-ng`
    /// (in the station's own process, the quickest).
    pub engine: SpeechEngine,
    /// The synthesizer's voice by name; empty: the language's default voice.
    pub voice: String,
    /// Speaking rate, a multiple of the voice's normal rate (0.25-4).
    pub rate: f32,
    /// Volume, 0-1.
    pub volume: f32,
    /// Pitch, a multiple of the voice's normal pitch (0.25-4).
    pub pitch: f32,
    /// Short sounds (earcons) for events at all (off: none of the three below).
    #[serde(deserialize_with = "flag")]
    pub earcons: bool,
    /// The earcon of a made move (a short rising chime).
    #[serde(deserialize_with = "flag")]
    pub earcon_made: bool,
    /// The earcon before an error message (not understood, illegal).
    #[serde(deserialize_with = "flag")]
    pub earcon_error: bool,
    /// The low-time tick in the listener's last minute.
    #[serde(deserialize_with = "flag")]
    pub earcon_tick: bool,
}

impl Default for SpeechSettings {
    fn default() -> SpeechSettings {
        SpeechSettings {
            enabled: true,
            engine: SpeechEngine::default(),
            voice: String::new(),
            rate: 1.0,
            volume: 1.0,
            pitch: 1.0,
            earcons: true,
            earcon_made: true,
            earcon_error: true,
            earcon_tick: true,
        }
    }
}

/// `[braille]`: the Braille display (BRLTTY through BrlAPI).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrailleSettings {
    /// Use the display at all.
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// BrlAPI host (`host:port` or `:1`); empty: `$BRLAPI_HOST` or the local BRLTTY.
    pub host: String,
    /// BrlAPI authorization (a key file, or `none`); empty: BrlAPI's default.
    pub auth: String,
    /// The visually impaired player reads Braille only: nothing is spoken to them.
    #[serde(deserialize_with = "flag")]
    pub braille_only: bool,
    /// FIDE Laws D.2.5.c, D.2.11: show the final countdown's numbers on the display (the
    /// clocks stay in its status either way, and no reminder covers the board).
    #[serde(deserialize_with = "flag")]
    pub countdown: bool,
}

impl Default for BrailleSettings {
    fn default() -> BrailleSettings {
        BrailleSettings {
            enabled: true,
            host: String::new(),
            auth: String::new(),
            braille_only: false,
            countdown: true,
        }
    }
}

/// `[voice]`: speech recognition (vosk) and the microphone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VoiceSettings {
    /// The vosk model folder; empty: the language's model under the cache directory.
    pub model: PathBuf,
    /// The input device by name; empty: the system's default microphone.
    pub input_device: String,
    /// Keep listening while the station speaks (with a headset); otherwise the microphone
    /// ignores what it hears meanwhile, so the station does not hear itself.
    #[serde(deserialize_with = "flag")]
    pub hear_self: bool,
    /// How long the microphone stays deaf after the station stopped speaking (the room's
    /// echo), in milliseconds.
    pub tail_ms: u32,
    /// A TOML file with a `[words]` table mapping the station's words to the words the
    /// model knows (`eva = "eva"`, a respelling; the tests map German to Korean stand-ins);
    /// empty: none.
    pub word_map: PathBuf,
}

impl Default for VoiceSettings {
    fn default() -> VoiceSettings {
        VoiceSettings {
            model: PathBuf::new(),
            input_device: String::new(),
            hear_self: false,
            tail_ms: 300,
            word_map: PathBuf::new(),
        }
    }
}

/// `[journal]`: the crash-safe journal of every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JournalSettings {
    /// Keep a journal (a crash then loses nothing).
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// Where each game's folder goes; empty: `$XDG_DATA_HOME/ansage/games`.
    pub dir: PathBuf,
}

impl Default for JournalSettings {
    fn default() -> JournalSettings {
        JournalSettings {
            enabled: true,
            dir: PathBuf::new(),
        }
    }
}

/// A boolean written `true`/`false`, or `on`/`off`/`yes`/`no` as in scripts.
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    struct Flag;
    impl serde::de::Visitor<'_> for Flag {
        type Value = bool;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("true or false (on or off)")
        }
        fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<bool, E> {
            Ok(v)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<bool, E> {
            v.parse::<OnOff>()
                .map(|on| on.0)
                .map_err(|e| E::custom(format!("{v:?}: {e}")))
        }
    }
    d.deserialize_any(Flag)
}

/// `[online]`: online games through the lichess Board API (issue 24; feature `online`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OnlineSettings {
    /// The server: `https://lichess.org`; http only to a loopback address (a test server).
    pub server: String,
    /// Say the opponent's lines of the game's player chat (issue 32.3); `off` silences
    /// them.
    #[serde(deserialize_with = "flag")]
    pub chat: bool,
}

impl OnlineSettings {
    /// The server lichess runs on, `online.server`'s default.
    pub const DEFAULT_SERVER: &str = "https://lichess.org";
}

impl Default for OnlineSettings {
    fn default() -> OnlineSettings {
        OnlineSettings {
            server: Self::DEFAULT_SERVER.to_owned(),
            chat: true,
        }
    }
}

/// `[engine]`: the training opponent (`ansage train`, issue 34; feature `engine`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineSettings {
    /// The UCI engine: a path, or a name looked up on `PATH`; empty: `stockfish` on
    /// `PATH`, else `/usr/games/stockfish`.
    pub path: PathBuf,
    /// A fixed node budget for every move (one thread: the same game each time, for
    /// tests and benchmarks); 0: the level's own budget.
    pub nodes: u64,
    /// How long the engine may take for a move before it is stopped and restarted, in
    /// milliseconds.
    pub timeout_ms: u64,
    /// How long the engine analyses each position of a game gone through ("Partie
    /// analysieren", "Bewertung"), in milliseconds (issue 34.4).
    pub analysis_ms: u64,
    /// A fixed node budget for each analysed position instead of `analysis_ms` (one
    /// thread: the same analysis each time); 0: by time.
    pub analysis_nodes: u64,
}

/// The default time the engine analyses one position: a game of 40 moves (81 positions)
/// in about 40 s.
pub const ANALYSIS_MS: u64 = 500;

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings {
            path: PathBuf::new(),
            nodes: 0,
            timeout_ms: 30_000,
            analysis_ms: ANALYSIS_MS,
            analysis_nodes: 0,
        }
    }
}

/// The address the web page listens on unless the settings name another: loopback only.
pub const WEB_LISTEN: &str = "127.0.0.1:8432";

/// `[web]`: the station's web page for the opponent, the arbiter and spectators
/// (docs/web-protocol.md; feature `web`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebSettings {
    /// Serve the page (`ansage play --web`).
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// Where: `ADDRESS:PORT`; a LAN address (`0.0.0.0:8432`) only when the user sets one.
    pub listen: String,
}

impl Default for WebSettings {
    fn default() -> WebSettings {
        WebSettings {
            enabled: false,
            listen: WEB_LISTEN.to_owned(),
        }
    }
}

/// The publisher's folder of speech models (Alpha Cephei): the default of `models.url`.
pub const MODELS_URL: &str = "https://alphacephei.com/vosk/models";

/// `[models]`: where `ansage models install` downloads the speech models from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelsSettings {
    /// The folder of the archives (`URL/NAME.zip`): the publisher's by default.
    pub url: String,
}

impl Default for ModelsSettings {
    fn default() -> ModelsSettings {
        ModelsSettings {
            url: MODELS_URL.to_owned(),
        }
    }
}
