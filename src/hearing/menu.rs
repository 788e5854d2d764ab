//! Hearing the online menu (issue 24.3): the recognizer listens for the menu's phrases
//! ([`Grammar::for_menu`]) and each finished utterance that is one of them goes to the
//! menu as a line, as if typed. Audio that arrives while the station speaks is not
//! listened to (the microphone would hear the station), as in a game.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use tokio::sync::mpsc::Sender;

use super::{Heard, Recognizer};
use crate::adapter::Speaking;
use crate::audio::stream::AudioEvent;
use crate::core::grammar::Grammar;
use crate::station::StationInput;

/// Listens until the audio ends or the menu is gone; returns how many phrases it handed
/// on.
pub fn listen_menu(
    mut recognizer: Box<dyn Recognizer + Send>,
    grammar: &Grammar,
    speaking: &Speaking,
    deaf_while_speaking: bool,
    audio: &Receiver<AudioEvent>,
    out: &Sender<StationInput>,
) -> usize {
    if let Err(e) = recognizer.set_grammar(grammar) {
        tracing::error!("hearing: the menu's grammar: {e}");
        return 0;
    }
    let mut handed = 0;
    loop {
        let heard = match audio.recv_timeout(Duration::from_millis(200)) {
            Ok(AudioEvent::Chunk(chunk)) => {
                if deaf_while_speaking && speaking.is_speaking(chunk.at) {
                    recognizer.reset();
                    continue;
                }
                recognizer.accept(&chunk.samples)
            }
            Ok(AudioEvent::End) | Err(RecvTimeoutError::Disconnected) => {
                if let Ok(Some(Heard::Final(words))) = recognizer.finish() {
                    handed += usize::from(hand_on(grammar, &words.text(), out));
                }
                return handed;
            }
            Ok(AudioEvent::Lost(why)) => {
                tracing::warn!("hearing: the microphone is lost: {why}");
                continue;
            }
            Ok(AudioEvent::Back) => continue,
            Err(RecvTimeoutError::Timeout) if out.is_closed() => return handed,
            Err(RecvTimeoutError::Timeout) => continue,
        };
        match heard {
            Ok(Some(Heard::Final(words))) => {
                if out.is_closed() {
                    return handed;
                }
                handed += usize::from(hand_on(grammar, &words.text(), out));
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("hearing: {e}"),
        }
    }
}

/// Hands `text` to the menu as a line if it is a phrase of the menu.
fn hand_on(grammar: &Grammar, text: &str, out: &Sender<StationInput>) -> bool {
    if !grammar.contains(text) {
        tracing::debug!("hearing: {text:?} is no phrase of the menu");
        return false;
    }
    let line = StationInput::Console {
        line: text.to_owned(),
        opponent_input: false,
    };
    out.blocking_send(line).is_ok()
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::audio::stream::Chunk;
    use crate::core::lang::Language;
    use crate::hearing::scripted::ScriptedRecognizer;

    /// Spoken menu phrases become lines; a word outside the grammar does not; the
    /// station's own speech is not listened to.
    #[test]
    fn heard_phrases_become_lines() {
        let recognizer = ScriptedRecognizer::from_script(
            "suchen fünfzehn plus zehn\nSpringer f drei\nannehmen zwei\n",
        )
        .unwrap();
        let per_word = recognizer.samples_per_word();
        let grammar = Grammar::for_menu(Language::De).unwrap();
        let speaking = Speaking::new();
        let (audio_tx, audio) = std::sync::mpsc::sync_channel(64);
        let (out, mut lines) = tokio::sync::mpsc::channel(8);
        for _ in 0..12 {
            let chunk = Chunk {
                samples: vec![0; per_word],
                at: Instant::now(),
            };
            audio_tx.send(AudioEvent::Chunk(chunk)).unwrap();
        }
        audio_tx.send(AudioEvent::End).unwrap();
        let handed = listen_menu(
            Box::new(recognizer),
            &grammar,
            &speaking,
            true,
            &audio,
            &out,
        );
        let mut got = Vec::new();
        while let Ok(StationInput::Console { line, .. }) = lines.try_recv() {
            got.push(line);
        }
        assert_eq!(got, ["suchen fünfzehn plus zehn", "annehmen zwei"]);
        assert_eq!(handed, 2);
    }

    /// While the station speaks, what the microphone hears is dropped.
    #[test]
    fn deaf_while_the_station_speaks() {
        let recognizer = ScriptedRecognizer::from_script("ende\n").unwrap();
        let per_word = recognizer.samples_per_word();
        let grammar = Grammar::for_menu(Language::De).unwrap();
        let speaking = Speaking::new();
        speaking.started();
        let (audio_tx, audio) = std::sync::mpsc::sync_channel(8);
        let (out, mut lines) = tokio::sync::mpsc::channel(8);
        let chunk = Chunk {
            samples: vec![0; per_word],
            at: Instant::now(),
        };
        audio_tx.send(AudioEvent::Chunk(chunk)).unwrap();
        drop(audio_tx);
        assert_eq!(
            listen_menu(
                Box::new(recognizer),
                &grammar,
                &speaking,
                true,
                &audio,
                &out
            ),
            0
        );
        assert!(lines.try_recv().is_err());
    }
}
