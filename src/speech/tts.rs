//! Speech through speech-dispatcher (what Orca uses), with the `tts` crate (feature
//! `speech`).
//!
//! tts 0.26 has no `set_language` on Linux and its `voice()` panics, so the language is
//! chosen by voice: [`choose_voice`] takes the configured voice by name, or the first voice
//! of the utterance's language from `voices()` (espeak-ng's `German`, `Spanish (Spain)`,
//! `English (Great Britain)`…), preferring the plain voice over its `+variant`s. German
//! is the default (FIDE Laws Appendix D is played in German here).
//!
//! Each utterance is handed to speech-dispatcher respelled by espeak-ng's table
//! ([`super::pronunciation`]; espeak-ng is speech-dispatcher's default module and speaks
//! every voice listed above): the station says "Lange Rochade", espeak-ng is handed
//! "Lange Roschade".

use std::borrow::Cow;

use crate::core::lang::Language;

use super::pronunciation::{Pronunciation, Synthesizer};
use super::{EventSender, Speaker, SpeakerEventKind, SpeechConfig, SpeechError, Utterance};

/// The synthesizer behind speech-dispatcher, whose respellings this backend applies.
pub const SYNTHESIZER: Synthesizer = Synthesizer::EspeakNg;

/// The text speech-dispatcher is handed for `u`: its words respelled where the synthesizer
/// would mispronounce them.
pub fn synthesizer_text<'a>(pronunciation: &Pronunciation, u: &'a Utterance) -> Cow<'a, str> {
    pronunciation.apply(u.lang, &u.text)
}

/// A voice as the synthesizer lists it: name and language tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceInfo {
    /// Its name (`German`, `German+Max`).
    pub name: String,
    /// Its language tag (`de`, `es`, `en-GB`).
    pub language: String,
}

/// The voice for `lang`: the configured one if it is listed and speaks that language (or
/// any listed one by that name when `lang` has no voice), else the plain voice of the
/// language (no `+variant`), else any voice of the language.
pub fn choose_voice<'a>(
    voices: &'a [VoiceInfo],
    lang: Language,
    wanted: Option<&str>,
) -> Option<&'a VoiceInfo> {
    let code = lang.code();
    let speaks = |v: &VoiceInfo| {
        v.language
            .split(['-', '_'])
            .next()
            .is_some_and(|p| p.eq_ignore_ascii_case(code))
    };
    if let Some(w) = wanted
        && let Some(v) = voices.iter().find(|v| v.name == w && speaks(v))
    {
        return Some(v);
    }
    voices
        .iter()
        .find(|v| speaks(v) && !v.name.contains('+'))
        .or_else(|| voices.iter().find(|v| speaks(v)))
}

/// speech-dispatcher through the tts crate.
pub struct TtsSpeaker {
    tts: tts::Tts,
    voices: Vec<tts::Voice>,
    infos: Vec<VoiceInfo>,
    wanted: Option<String>,
    current: Option<Language>,
    /// For a new connection after speech-dispatcher went away.
    config: SpeechConfig,
    events: EventSender,
    /// The connection failed: the next utterance first connects again.
    broken: bool,
    /// The synthesizer's respellings.
    pronunciation: Pronunciation,
}

fn err(e: tts::Error) -> SpeechError {
    SpeechError::Synth(e.to_string())
}

/// The number in an utterance id (its `Display` is `SpeechDispatcher(42)`).
fn id_of(id: &tts::UtteranceId) -> u64 {
    let digits: String = id
        .to_string()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap_or(0)
}

impl TtsSpeaker {
    /// Connects to speech-dispatcher (`SPEECHD_ADDRESS` or the user's session), sets rate,
    /// pitch and volume, and reports utterance begin and end to `events`.
    pub fn open(config: &SpeechConfig, events: EventSender) -> Result<TtsSpeaker, SpeechError> {
        let pronunciation = Pronunciation::shipped(SYNTHESIZER)?;
        let tts = connect(config, &events)?;
        let voices = tts.voices().map_err(err)?;
        let infos = voices
            .iter()
            .map(|v| VoiceInfo {
                name: v.name(),
                language: v.language().to_string(),
            })
            .collect();
        let mut speaker = TtsSpeaker {
            tts,
            voices,
            infos,
            wanted: config.voice.clone(),
            current: None,
            config: config.clone(),
            events,
            broken: false,
            pronunciation,
        };
        speaker.select(config.language)?;
        Ok(speaker)
    }

    /// A new connection to speech-dispatcher after the old one failed (the server was
    /// restarted): the voice list of the first connection is kept (asking for it again
    /// takes seconds), so the station speaks again within moments of the server's return.
    fn reconnect(&mut self) -> Result<(), SpeechError> {
        let tts = connect(&self.config, &self.events)?;
        self.tts = tts;
        self.broken = false;
        let lang = self.current.take();
        if let Some(lang) = lang {
            self.select(lang)?;
        }
        tracing::info!("speech: connected to speech-dispatcher again");
        Ok(())
    }

    fn select(&mut self, lang: Language) -> Result<(), SpeechError> {
        if self.current == Some(lang) {
            return Ok(());
        }
        let chosen = choose_voice(&self.infos, lang, self.wanted.as_deref()).cloned();
        match chosen.and_then(|c| self.voices.iter().find(|v| v.name() == c.name)) {
            Some(v) => self.tts.set_voice(v).map_err(err)?,
            None => tracing::warn!("speech: no {lang} voice; the server's default speaks"),
        }
        self.current = Some(lang);
        Ok(())
    }
}

impl TtsSpeaker {
    fn try_speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        self.select(u.lang)?;
        let text = synthesizer_text(&self.pronunciation, u);
        match self.tts.speak(text.as_ref(), false).map_err(err)? {
            Some(id) => Ok(id_of(&id)),
            None => Err(SpeechError::Synth("no utterance id".into())),
        }
    }
}

impl Speaker for TtsSpeaker {
    /// Says `u`; when the connection has failed (speech-dispatcher died), connects again
    /// first, so that speech comes back by itself when the server does.
    fn speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        if self.broken {
            self.reconnect()?;
            return self.try_speak(u).inspect_err(|_| self.broken = true);
        }
        match self.try_speak(u) {
            Ok(id) => Ok(id),
            Err(first) => {
                tracing::warn!("speech: {first}; connecting to speech-dispatcher again");
                self.broken = true;
                self.reconnect()?;
                self.try_speak(u).inspect_err(|_| self.broken = true)
            }
        }
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.tts.stop().map(|_| ()).map_err(err)
    }

    fn describe(&self) -> String {
        format!("speech-dispatcher, {} voices", self.infos.len())
    }

    fn voices_for(&self, lang: Language) -> Option<Vec<String>> {
        let code = lang.code();
        Some(
            self.infos
                .iter()
                .filter(|v| {
                    v.language
                        .split(['-', '_'])
                        .next()
                        .is_some_and(|p| p.eq_ignore_ascii_case(code))
                })
                .map(|v| v.name.clone())
                .collect(),
        )
    }
}

/// A connection to speech-dispatcher (`SPEECHD_ADDRESS` or the user's session) with the
/// rate, pitch and volume of `config`, reporting utterance begin and end to `events`.
fn connect(config: &SpeechConfig, events: &EventSender) -> Result<tts::Tts, SpeechError> {
    let mut tts = tts::Tts::default().map_err(err)?;
    let clamp = |v: i32| v.clamp(-100, 100) as f32;
    tts.set_rate(clamp(config.rate)).map_err(err)?;
    tts.set_pitch(clamp(config.pitch)).map_err(err)?;
    tts.set_volume(clamp(config.volume)).map_err(err)?;
    let (begin, end, stop) = (events.clone(), events.clone(), events.clone());
    tts.on_utterance_begin(Some(Box::new(move |id| {
        begin.send(id_of(&id), SpeakerEventKind::Began);
    })))
    .map_err(err)?;
    tts.on_utterance_end(Some(Box::new(move |id| {
        end.send(id_of(&id), SpeakerEventKind::Ended);
    })))
    .map_err(err)?;
    tts.on_utterance_stop(Some(Box::new(move |id| {
        stop.send(id_of(&id), SpeakerEventKind::Cancelled);
    })))
    .map_err(err)?;
    Ok(tts)
}

/// A [`super::MakeSpeaker`] for [`super::SpeechSink::spawn`].
pub fn maker(config: &SpeechConfig) -> super::MakeSpeaker {
    let config = config.clone();
    Box::new(move |events| {
        TtsSpeaker::open(&config, events).map(|s| Box::new(s) as Box<dyn Speaker>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voices_by_language_and_name() {
        let v = |name: &str, language: &str| VoiceInfo {
            name: name.into(),
            language: language.into(),
        };
        let voices = vec![
            v("German+Max", "de"),
            v("German", "de"),
            v("Spanish (Spain)", "es"),
            v("English (Great Britain)", "en-GB"),
            v("English (America)+Anika", "en-US"),
        ];
        let name = |lang, wanted| choose_voice(&voices, lang, wanted).map(|v| v.name.as_str());
        let cases = [
            (Language::De, None, Some("German")),
            (Language::De, Some("German+Max"), Some("German+Max")),
            (Language::De, Some("Nonesuch"), Some("German")),
            // A wanted voice of another language does not speak German words.
            (Language::De, Some("Spanish (Spain)"), Some("German")),
            (Language::Es, None, Some("Spanish (Spain)")),
            (Language::En, None, Some("English (Great Britain)")),
        ];
        for (lang, wanted, want) in cases {
            assert_eq!(name(lang, wanted), want, "{lang} {wanted:?}");
        }
        assert_eq!(choose_voice(&voices[..2], Language::Es, None), None);
    }

    /// What the core says (the real words) and what speech-dispatcher is handed.
    #[test]
    fn speech_dispatcher_is_handed_the_respelled_words() {
        use crate::core::output::{Audience, Priority};
        use crate::core::script;
        // Both castlings and a knight to the c-file, as a game says them.
        let text = "@0 arbiter setup vi=white\n\
                    @1 white type e4\n@2 white key confirm\n@3 black type e5\n\
                    @4 white type Nf3\n@5 white key confirm\n@6 black type Nc6\n\
                    @7 white type f1c4\n@8 white key confirm\n@9 black type d6\n\
                    @10 white type e1g1\n@11 white key confirm\n";
        let run = script::run(&script::parse(text).unwrap()).unwrap();
        let said: Vec<&str> = run
            .transcript
            .iter()
            .filter_map(|l| l.split_once(" say:white ").map(|(_, t)| t))
            .collect();
        assert!(said.contains(&"Springer Cäsar sechs."), "{said:?}");
        assert!(said.contains(&"Kurze Rochade?"), "{said:?}");
        let p = Pronunciation::shipped(SYNTHESIZER).unwrap();
        let handed = |text: &str, lang| {
            let u = Utterance {
                text: text.to_owned(),
                lang,
                priority: Priority::Move,
                to: Audience::White,
                handed: None,
                expires: None,
                live: None,
                reply_to: None,
                ply: 0,
            };
            synthesizer_text(&p, &u).into_owned()
        };
        let cases = [
            (
                "Springer Cäsar sechs.",
                Language::De,
                "Springer Zäsar sechs.",
            ),
            ("Kurze Rochade?", Language::De, "Kurze Roschade?"),
            ("Lange Rochade.", Language::De, "Lange Roschade."),
            ("Eva vier?", Language::De, "Eva vier?"),
            ("Cäsar", Language::En, "Cäsar"),
        ];
        for (core, lang, sent) in cases {
            assert_eq!(handed(core, lang), sent, "{core:?}");
        }
    }
}
