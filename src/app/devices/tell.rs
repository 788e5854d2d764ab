//! One sentence said by speech-dispatcher and shown on the Braille display, when the
//! station cannot start (issue 31.2): the devices are opened for it alone (no microphone,
//! no board, no device lines), and closed once it is said.

use std::time::Duration;

use crate::config::Settings;
use crate::core::lang::Language;
use crate::core::output::Output;

/// How long the display keeps the sentence without speech (with speech: until it is
/// said). Then BRLTTY shows the console again, where it is printed.
pub const SHOWN: Duration = Duration::from_secs(5);

/// How long speech-dispatcher may take to answer (it answers within a second when it
/// runs, or when libspeechd starts it).
#[cfg(feature = "speech")]
const OPEN: Duration = Duration::from_secs(3);

/// How long the sentence may take to be said.
#[cfg(feature = "speech")]
const SAID: Duration = Duration::from_secs(20);

/// Says and shows `outputs` (to all) on the devices `settings` ask for, as far as they
/// open; returns once they are said (at most 20 s) and the devices are closed.
pub fn tell(settings: &Settings, lang: Language, outputs: &[Output]) {
    let display = display(settings, lang, outputs);
    let spoken = speak(settings, lang, outputs);
    if display.is_some() && !spoken {
        std::thread::sleep(SHOWN);
    }
    // The display's sink is dropped here, which gives BRLTTY the display back.
}

/// The display showing `outputs`, if it connects within half a second.
#[cfg(feature = "braille")]
fn display(
    settings: &Settings,
    lang: Language,
    outputs: &[Output],
) -> Option<crate::braille::BrailleSink> {
    use crate::braille::{BrailleConfig, BrailleSink, brlapi::BrlapiConnector};
    use crate::station::Sink as _;
    if !settings.braille.enabled {
        return None;
    }
    let owner = crate::core::input::Actor::Player(shakmaty::Color::White);
    let mut config = BrailleConfig::new(owner, lang);
    config.host = Some(settings.braille.host.clone()).filter(|h| !h.is_empty());
    config.auth = Some(settings.braille.auth.clone()).filter(|a| !a.is_empty());
    let connector = BrlapiConnector::from_config(&config);
    // The display's keys go nowhere: there is nothing to do but read.
    let (keys, _) = tokio::sync::mpsc::channel(16);
    let mut sink = BrailleSink::spawn(config, Box::new(connector), keys).ok()?;
    let until = std::time::Instant::now() + Duration::from_millis(500);
    while sink.connections() == 0 && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    if sink.connections() == 0 {
        return None;
    }
    sink.deliver(crate::core::time::Timestamp::ZERO, outputs);
    Some(sink)
}

/// No display without the `braille` feature.
#[cfg(not(feature = "braille"))]
struct NoDisplay;

#[cfg(not(feature = "braille"))]
fn display(_settings: &Settings, _lang: Language, _outputs: &[Output]) -> Option<NoDisplay> {
    None
}

/// `outputs` said through speech-dispatcher, if it answers: whether they were.
#[cfg(feature = "speech")]
fn speak(settings: &Settings, lang: Language, outputs: &[Output]) -> bool {
    use crate::core::output::Audience;
    use crate::speech::SpeechSink;
    use crate::station::Sink as _;
    if !settings.speech.enabled || settings.braille.braille_only {
        return false;
    }
    let config = super::speech::speech_config(settings, lang);
    let started = SpeechSink::start(
        crate::speech::maker(&config),
        &config,
        vec![Audience::All],
        crate::adapter::Speaking::new(),
    );
    let Ok((mut sink, opening)) = started else {
        return false;
    };
    if opening.wait_at_most(OPEN).is_err() {
        return false;
    }
    sink.deliver(crate::core::time::Timestamp::ZERO, outputs);
    let said = sink.wait_idle(SAID);
    sink.close(Duration::from_secs(1));
    said
}

#[cfg(not(feature = "speech"))]
fn speak(_settings: &Settings, _lang: Language, _outputs: &[Output]) -> bool {
    false
}
