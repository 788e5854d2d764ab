//! Speech through speech-dispatcher (what Orca uses), with the `speech-dispatcher` crate
//! (feature `speech`): libspeechd's SSIP client.
//!
//! The first word comes at once (issue 31.5): the connection sets the game's language
//! (`SET self LANGUAGE`, which speech-dispatcher's module turns into its voice for that
//! language, espeak-ng's `German`, `Spanish (Spain)`…) and, when `speech.voice` names
//! one, that voice by name; it never waits for speech-dispatcher's list of voices, which
//! has 13,363 entries with espeak-ng and takes about 2 s to fetch ([`voices`] fetches it
//! for `ansage doctor`, and for the check of a configured voice, [`check_voice`]). The
//! `tts` crate is not used: on Linux it is a thin layer over this crate that cannot set a
//! language and lists every voice twice to choose one.
//!
//! Each utterance is handed to speech-dispatcher respelled by espeak-ng's table
//! ([`super::pronunciation`]; espeak-ng is speech-dispatcher's default module and speaks
//! every voice listed above): the station says "Lange Rochade", espeak-ng is handed
//! "Lange Roschade".

use std::borrow::Cow;

use speech_dispatcher::{Connection, Mode, Priority as SpdPriority};

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

impl VoiceInfo {
    /// Whether it speaks `lang` (its tag's primary language).
    pub fn speaks(&self, lang: Language) -> bool {
        self.language
            .split(['-', '_'])
            .next()
            .is_some_and(|p| p.eq_ignore_ascii_case(lang.code()))
    }
}

/// What the list of voices says of a configured voice ([`check_voice`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceCheck {
    /// It is listed and speaks the game's language.
    Speaks,
    /// No voice has that name (speech-dispatcher then speaks with the language's voice).
    Unknown,
    /// It is listed, for another language (its tag): it speaks the game's words with that
    /// language's sounds.
    OtherLanguage(String),
}

/// What `voices` says of the voice `wanted` for `lang`.
pub fn check_voice(voices: &[VoiceInfo], lang: Language, wanted: &str) -> VoiceCheck {
    let named: Vec<&VoiceInfo> = voices.iter().filter(|v| v.name == wanted).collect();
    if named.iter().any(|v| v.speaks(lang)) {
        VoiceCheck::Speaks
    } else if let Some(v) = named.first() {
        VoiceCheck::OtherLanguage(v.language.clone())
    } else {
        VoiceCheck::Unknown
    }
}

/// The voices of `lang` among `voices`: the plain ones (no `+variant`) first.
pub fn voices_of(voices: &[VoiceInfo], lang: Language) -> Vec<String> {
    let (plain, variants): (Vec<&VoiceInfo>, Vec<&VoiceInfo>) = voices
        .iter()
        .filter(|v| v.speaks(lang))
        .partition(|v| !v.name.contains('+'));
    plain
        .into_iter()
        .chain(variants)
        .map(|v| v.name.clone())
        .collect()
}

fn failed(what: &str) -> SpeechError {
    SpeechError::Synth(format!("speech-dispatcher: {what} failed"))
}

/// Text as libspeechd takes it: no NUL (the crate's C strings would refuse it).
fn c_text(text: &str) -> Cow<'_, str> {
    if text.contains('\0') {
        Cow::Owned(text.replace('\0', " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// A connection to speech-dispatcher (`SPEECHD_ADDRESS` or the user's session; started
/// by libspeechd if it is not running).
fn open_connection(name: &str) -> Result<Connection, SpeechError> {
    Connection::open("ansage", name, "ansage", Mode::Threaded)
        .map_err(|e| SpeechError::Synth(format!("speech-dispatcher does not answer: {e}")))
}

/// speech-dispatcher's whole list of voices, on a connection of its own (about 2 s with
/// espeak-ng's 13,363 voices): for `ansage doctor` and the check of a configured voice,
/// never before the first word.
pub fn voices() -> Result<Vec<VoiceInfo>, SpeechError> {
    let connection = open_connection("voices")?;
    let voices = connection
        .list_synthesis_voices()
        .map_err(|_| failed("listing the voices"))?;
    Ok(voices
        .into_iter()
        .map(|v| VoiceInfo {
            name: v.name,
            language: v.language,
        })
        .collect())
}

/// speech-dispatcher.
pub struct TtsSpeaker {
    connection: Connection,
    /// The language set on the connection.
    current: Option<Language>,
    /// For a new connection after speech-dispatcher went away.
    config: SpeechConfig,
    events: EventSender,
    /// The connection failed: the next utterance first connects again.
    broken: bool,
    /// The synthesizer's respellings.
    pronunciation: Pronunciation,
}

/// The number speech-dispatcher gives an utterance, as the speech thread's id.
fn id_of(msg_id: usize) -> u64 {
    u64::try_from(msg_id).unwrap_or(u64::MAX)
}

impl TtsSpeaker {
    /// Connects to speech-dispatcher, sets rate, pitch, volume, the game's language and
    /// the configured voice, and reports utterance begin and end to `events`. Lists no
    /// voices: the first word can follow at once.
    pub fn open(config: &SpeechConfig, events: EventSender) -> Result<TtsSpeaker, SpeechError> {
        let pronunciation = Pronunciation::shipped(SYNTHESIZER)?;
        let connection = connect(config, &events)?;
        let mut speaker = TtsSpeaker {
            connection,
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
    /// restarted), so the station speaks again within moments of the server's return.
    fn reconnect(&mut self) -> Result<(), SpeechError> {
        self.connection = connect(&self.config, &self.events)?;
        self.broken = false;
        let lang = self.current.take();
        if let Some(lang) = lang {
            self.select(lang)?;
        }
        tracing::info!("speech: connected to speech-dispatcher again");
        Ok(())
    }

    /// The language of what is said next: speech-dispatcher's voice for it, or the
    /// configured voice for the game's language.
    fn select(&mut self, lang: Language) -> Result<(), SpeechError> {
        if self.current == Some(lang) {
            return Ok(());
        }
        self.connection
            .set_language(lang.code())
            .map_err(|_| failed("setting the language"))?;
        if let Some(name) = self.config.voice.as_deref()
            && lang == self.config.language
        {
            let voice = speech_dispatcher::Voice {
                name: c_text(name).into_owned(),
                language: lang.code().to_owned(),
                variant: None,
            };
            // An unknown name leaves the language's voice speaking (the device line says
            // so once the list is checked).
            self.connection
                .set_synthesis_voice(&voice)
                .map_err(|_| failed("setting the voice"))?;
        }
        self.current = Some(lang);
        Ok(())
    }

    fn try_speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        self.select(u.lang)?;
        let text = synthesizer_text(&self.pronunciation, u);
        // Priority `Important`, as the tts crate had it: queued, never cut by another
        // client's speech; the speech thread cancels it itself.
        match self
            .connection
            .say(SpdPriority::Important, c_text(&text).into_owned())
        {
            Some(id) => Ok(id),
            None => Err(failed("saying")),
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
        self.connection.cancel().map_err(|_| failed("cancelling"))
    }

    fn describe(&self) -> String {
        "speech-dispatcher".to_owned()
    }
}

/// A connection with the rate, pitch and volume of `config`, reporting utterance begin,
/// end and cancel to `events`.
fn connect(config: &SpeechConfig, events: &EventSender) -> Result<Connection, SpeechError> {
    let connection = open_connection("station")?;
    let clamp = |v: i32| v.clamp(-100, 100);
    connection
        .set_voice_rate(clamp(config.rate))
        .map_err(|_| failed("setting the rate"))?;
    connection
        .set_voice_pitch(clamp(config.pitch))
        .map_err(|_| failed("setting the pitch"))?;
    connection
        .set_volume(clamp(config.volume))
        .map_err(|_| failed("setting the volume"))?;
    let (begin, end, stop) = (events.clone(), events.clone(), events.clone());
    connection.on_begin(Some(Box::new(move |id, _client| {
        begin.send(id_of(id), SpeakerEventKind::Began);
    })));
    connection.on_end(Some(Box::new(move |id, _client| {
        end.send(id_of(id), SpeakerEventKind::Ended);
    })));
    connection.on_cancel(Some(Box::new(move |id, _client| {
        stop.send(id_of(id), SpeakerEventKind::Cancelled);
    })));
    Ok(connection)
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
    fn a_configured_voice_is_checked_against_the_list() {
        let v = |name: &str, language: &str| VoiceInfo {
            name: name.into(),
            language: language.into(),
        };
        let voices = vec![
            v("German+Max", "de"),
            v("German", "de"),
            v("Spanish (Spain)", "es"),
            v("English (Great Britain)", "en-GB"),
            v("English (America)+Anika", "en_US"),
        ];
        let cases = [
            (Language::De, "German+Max", VoiceCheck::Speaks),
            (Language::De, "German", VoiceCheck::Speaks),
            (Language::De, "Nonesuch", VoiceCheck::Unknown),
            // A voice of another language does not speak German words.
            (
                Language::De,
                "Spanish (Spain)",
                VoiceCheck::OtherLanguage("es".into()),
            ),
            (Language::En, "English (America)+Anika", VoiceCheck::Speaks),
        ];
        for (lang, wanted, want) in cases {
            assert_eq!(check_voice(&voices, lang, wanted), want, "{lang} {wanted}");
        }
        assert_eq!(voices_of(&voices, Language::De), ["German", "German+Max"]);
        assert_eq!(
            voices_of(&voices, Language::En),
            ["English (Great Britain)", "English (America)+Anika"]
        );
        assert!(voices_of(&voices[..2], Language::Es).is_empty());
    }

    #[test]
    fn text_for_libspeechd_has_no_nul() {
        assert_eq!(c_text("Eva vier"), "Eva vier");
        assert_eq!(c_text("Eva\0vier"), "Eva vier");
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
