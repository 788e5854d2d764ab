//! A station or an online game that cannot start says why and what to do (issue 31.2):
//! one sentence in the game's language (the settings' `game.lang`, `--lang`, a resumed
//! journal's language; German when none of them reads), spoken and shown on the Braille
//! display when they open, and printed on standard error. The words are the doctor's
//! where the doctor checks the same thing (online play: the token, the server). The
//! English detail goes to the log; the program then ends with the same status as before.

use crate::app::AppError;
use crate::app::options::GameOptions;
use crate::config::Settings;
use crate::core::clock::TimeControlError;
use crate::core::lang::Language;
use crate::core::output::{Audience, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::render::{self, Timing};

/// What failed: the station (`play`) or online play (`online`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Starting {
    /// `ansage play`.
    Station,
    /// `ansage online`.
    Online,
}

/// Why it failed and what to do, in the player's words.
fn reasons(error: &AppError, phrases: &Phrases) -> (Message, Option<Message>) {
    match error {
        AppError::TimeControl { tc, error } => match time_control(tc, error, phrases) {
            Some(reason) => reason,
            None => (
                Message::new("start-error").arg("error", error.to_string()),
                None,
            ),
        },
        AppError::OnlineStart(status) => {
            let why = status
                .said
                .clone()
                .unwrap_or_else(|| Message::new("start-error").arg("error", status.detail.clone()));
            (why, status.todo.clone())
        }
        AppError::OnlineSaid { said, .. } => (said.clone(), None),
        AppError::Settings(e) => (
            Message::new("start-settings").arg("error", e.to_string()),
            Some(Message::new("start-settings-todo")),
        ),
        AppError::Setup(e) => (
            Message::new("start-settings").arg("error", e.to_string()),
            Some(Message::new("start-settings-todo")),
        ),
        AppError::OnlineNeedsOnlineCommand => (
            Message::new("start-online-in-play"),
            Some(Message::new("start-online-in-play-todo")),
        ),
        AppError::EngineMissing { .. } => (
            Message::new("training-engine-missing").arg("package", crate::core::engine::PACKAGE),
            None,
        ),
        AppError::ResumeWithGameOptions => (
            Message::new("start-resume-options"),
            Some(Message::new("start-resume-options-todo")),
        ),
        AppError::Resume { path, source } => (
            Message::new("start-resume-journal")
                .arg("path", path.display().to_string())
                .arg("error", source.to_string()),
            Some(Message::new("start-resume-journal-todo")),
        ),
        other => (
            Message::new("start-error").arg("error", other.to_string()),
            None,
        ),
    }
}

/// A `--tc` that could be read both ways, and what to write instead (FIDE Laws 6.3.a: the
/// control is specified in advance, so the station asks rather than guesses).
fn time_control(
    tc: &str,
    error: &TimeControlError,
    phrases: &Phrases,
) -> Option<(Message, Option<Message>)> {
    match error {
        TimeControlError::BareMinutes {
            amount,
            as_seconds,
            as_minutes,
        } => {
            let or = format!(" {} ", phrases.speech(&Message::new("word-or")));
            let why = Message::new("start-tc-minutes")
                .arg("tc", tc)
                .arg("amount", amount.as_str());
            let todo = Message::new("start-tc-minutes-todo")
                .arg("amount", amount.as_str())
                .arg("seconds", as_seconds.join(&or))
                .arg("minutes", as_minutes.as_str());
            Some((why, Some(todo)))
        }
        TimeControlError::BareSeconds { amount } => Some((
            Message::new("start-tc-seconds")
                .arg("tc", tc)
                .arg("amount", amount.as_str()),
            Some(Message::new("start-tc-seconds-todo").arg("amount", amount.as_str())),
        )),
        _ => None,
    }
}

/// The sentence: what failed, why, and what to do (`todo` as given).
fn sentence(starting: Starting, why: String, todo: Option<String>) -> Message {
    let id = match (starting, todo.is_some()) {
        (Starting::Station, true) => "start-failed-todo",
        (Starting::Station, false) => "start-failed",
        (Starting::Online, true) => "start-failed-online-todo",
        (Starting::Online, false) => "start-failed-online",
    };
    let msg = Message::new(id).arg("why", why);
    match todo {
        Some(todo) => msg.arg("todo", todo),
        None => msg,
    }
}

/// A web address as it is said and brailled: its host only (`lichess.org`); the whole
/// address is printed.
fn spoken(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            let Some(rest) = word
                .strip_prefix("https://")
                .or_else(|| word.strip_prefix("http://"))
            else {
                return word.to_owned();
            };
            let host_end = rest.find(['/', '?']).unwrap_or(rest.len());
            let host = rest[..host_end].trim_end_matches([',', ';', ')', '.']);
            // What followed the address in the word (its closing punctuation).
            let tail: String = rest
                .chars()
                .rev()
                .take_while(|c| matches!(c, ',' | ';' | ')' | '.'))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            format!("{host}{tail}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The printed sentence and the one said and shown, in `phrases`' language.
pub fn sentences(starting: Starting, error: &AppError, phrases: &Phrases) -> (String, Message) {
    let (why, todo) = reasons(error, phrases);
    let why = phrases.speech(&why);
    let todo = todo.map(|t| phrases.speech(&t));
    let printed = phrases.speech(&sentence(starting, why.clone(), todo.clone()));
    let said = sentence(starting, spoken(&why), todo.as_deref().map(spoken));
    (printed, said)
}

/// The language to tell a failure in: `lang` when known, else `--lang`, else the
/// settings' (when they read), else German.
fn language(lang: Option<Language>, options: &GameOptions) -> (Language, Settings) {
    let settings = options
        .layers()
        .ok()
        .and_then(|l| l.settings().ok())
        .unwrap_or_default();
    let lang = lang
        .or_else(|| options.lang.as_deref().and_then(|l| l.parse().ok()))
        .or_else(|| settings.to_setup().ok().map(|s| s.lang))
        .unwrap_or(Language::De);
    (lang, settings)
}

/// Tells `error` (a failure to start) in the game's language: printed on standard error,
/// said and shown unless `console_only`; the error comes back as [`AppError::Told`], for
/// the program's exit status.
pub fn tell(
    error: AppError,
    starting: Starting,
    lang: Option<Language>,
    options: &GameOptions,
    console_only: bool,
) -> AppError {
    if matches!(error, AppError::Told(_)) {
        return error;
    }
    tracing::info!("cannot start: {error}");
    let (lang, settings) = language(lang, options);
    let Ok(phrases) = Phrases::load(lang) else {
        return error;
    };
    let (printed, said) = sentences(starting, &error, &phrases);
    eprintln!("{printed}");
    if !console_only {
        let outputs = render::message(
            &phrases,
            Audience::All,
            Priority::Urgent,
            &said,
            Timing::default(),
        );
        crate::app::devices::tell(&settings, lang, &outputs);
    }
    AppError::Told(Box::new(error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapter::DeviceStatus;

    #[test]
    fn addresses_are_said_by_their_host() {
        let cases = [
            (
                "auf https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage anlegen",
                "auf lichess.org anlegen",
            ),
            (
                "(lichess ist https://lichess.org).",
                "(lichess ist lichess.org).",
            ),
            ("http://127.0.0.1:9/x, dann", "127.0.0.1:9, dann"),
            ("kein Schlüssel.", "kein Schlüssel."),
        ];
        for (text, want) in cases {
            assert_eq!(spoken(text), want, "{text}");
        }
    }

    /// Every failure is one sentence in each language, with no argument left unfilled.
    #[test]
    fn every_failure_reads_in_every_language() {
        let errors = [
            AppError::ResumeWithGameOptions,
            AppError::OnlineNeedsOnlineCommand,
            AppError::OnlineStart(Box::new(
                DeviceStatus::absent("online play", "no token")
                    .said(Message::new("device-online-no-token"))
                    .todo(Message::new("device-online-no-token-todo")),
            )),
            #[cfg(feature = "online")]
            AppError::Online(crate::app::OnlineError::Said(
                "a game's id is letters and digits".into(),
            )),
            AppError::OnlineSaid {
                said: Message::new("start-online-game-id"),
                detail: "a game's id".into(),
            },
            AppError::OnlineSaid {
                said: Message::new("start-online-variant").arg("variant", "atomic"),
                detail: "atomic".into(),
            },
            AppError::OnlineSaid {
                said: Message::new("start-online-no-game").arg("game", "abc123"),
                detail: "404".into(),
            },
            AppError::OnlineSaid {
                said: crate::core::online::refusal::with_reason(
                    Message::new("start-online-refused").arg("game", "abc123"),
                    "This game cannot be played with the Board API.",
                ),
                detail: "400".into(),
            },
            AppError::OnlineSaid {
                said: Message::new("start-online-not-yours")
                    .arg("name", "ana")
                    .arg("game", "abc123"),
                detail: "not hers".into(),
            },
        ];
        for lang in [Language::De, Language::Es, Language::En] {
            let phrases = Phrases::load(lang).unwrap();
            for e in &errors {
                for starting in [Starting::Station, Starting::Online] {
                    let (printed, said) = sentences(starting, e, &phrases);
                    let said = phrases.speech(&said);
                    for text in [&printed, &said] {
                        assert!(!text.contains('{') && !text.contains("[start"), "{text}");
                    }
                    assert!(!said.contains("https://"), "{said}");
                }
            }
        }
    }
}
