//! Clock answers said as they are when they start (FIDE Laws D.2.9.d: times on request,
//! never read out stale): an answer may wait behind a move announcement, so the speech
//! thread renders it again, with the core's pure `render_live`, at the instant it hands it
//! to the synthesizer.

use std::time::Instant;

use crate::core::lang::Language;
use crate::core::output::LiveClock;
use crate::core::phrases::Phrases;
use crate::core::questions::render_live;
use crate::core::time::Timestamp;

use super::Utterance;

/// A clock answer as the speech thread keeps it: what to render, and the session's instant
/// and the wall-clock instant at which it was delivered (which map the start of its speech
/// to the session's time).
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// The answer.
    pub clock: LiveClock,
    /// The session's instant of the outputs it came with.
    pub at: Timestamp,
    /// When the speech output received it.
    pub delivered: Instant,
}

impl Live {
    /// The session's instant that corresponds to `start`.
    pub fn session_time(&self, start: Instant) -> Timestamp {
        self.at + start.saturating_duration_since(self.delivered)
    }
}

/// Renders clock answers, with each language's phrase book loaded once when first needed.
#[derive(Default)]
pub(super) struct Renderer {
    books: Vec<Phrases>,
}

impl Renderer {
    /// `u` with its text rendered for the instant `start`, when it is a clock answer.
    pub(super) fn rendered(&mut self, u: &Utterance, start: Instant) -> Option<Utterance> {
        let live = u.live.as_ref()?;
        let phrases = self.book(u.lang)?;
        let text = render_live(&live.clock, phrases, live.session_time(start));
        Some(Utterance { text, ..u.clone() })
    }

    fn book(&mut self, lang: Language) -> Option<&Phrases> {
        if !self.books.iter().any(|b| b.lang() == lang) {
            match Phrases::load(lang) {
                Ok(b) => self.books.push(b),
                Err(e) => {
                    tracing::warn!("speech: {e}");
                    return None;
                }
            }
        }
        self.books.iter().find(|b| b.lang() == lang)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use shakmaty::Color;

    use super::*;
    use crate::adapter::Speaking;
    use crate::core::clock::{Clock, ClockSetup, TimeControl};
    use crate::core::output::{Audience, ClockForm, Priority};
    use crate::speech::thread::SpeechThread;
    use crate::speech::{EventSender, Msg, Speaker, SpeakerEventKind, SpeechError, Trace};

    /// A synthesizer that notes what it is handed and ends it at once.
    struct Fake {
        said: Arc<Mutex<Vec<String>>>,
        events: EventSender,
        next: u64,
    }

    impl Speaker for Fake {
        fn speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
            self.next += 1;
            self.said.lock().unwrap().push(u.text.clone());
            self.events.send(self.next, SpeakerEventKind::Began);
            self.events.send(self.next, SpeakerEventKind::Ended);
            Ok(self.next)
        }
        fn stop(&mut self) -> Result<(), SpeechError> {
            Ok(())
        }
        fn describe(&self) -> String {
            "fake".into()
        }
    }

    /// White's clock of five minutes, running since the session's instant 0.
    fn own_time() -> LiveClock {
        let tc = TimeControl::from_pgn("300").unwrap();
        let mut clock = Clock::new(ClockSetup {
            white: tc.clone(),
            black: tc,
        });
        clock.start(Color::White, Timestamp::ZERO);
        LiveClock {
            clock,
            asker: Some(Color::White),
            form: ClockForm::Own,
        }
    }

    fn utterance(text: &str, priority: Priority, live: Option<Live>) -> Utterance {
        Utterance {
            text: text.into(),
            lang: Language::De,
            priority,
            to: Audience::White,
            handed: None,
            expires: None,
            live: live.map(Box::new),
            reply_to: None,
            ply: 0,
        }
    }

    #[test]
    fn the_session_time_runs_on_from_the_delivery() {
        let delivered = Instant::now();
        let live = Live {
            clock: own_time(),
            at: Timestamp::from_millis(2_000),
            delivered,
        };
        assert_eq!(
            live.session_time(delivered + Duration::from_millis(1_500)),
            Timestamp::from_millis(3_500)
        );
        // An instant before the delivery is the delivery's own.
        assert_eq!(live.session_time(delivered), Timestamp::from_millis(2_000));
    }

    #[test]
    fn a_clock_answer_is_rendered_when_the_speaker_starts_it() {
        let said = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::sync_channel(16);
        let speaker = Fake {
            said: Arc::clone(&said),
            events: EventSender(tx.clone()),
            next: 0,
        };
        // Asked at the session's instant 1 s ("4 59"), but it waited 3.5 s behind a
        // move announcement before its turn came.
        let asked = Instant::now() - Duration::from_millis(3_500);
        let live = Live {
            clock: own_time(),
            at: Timestamp::from_millis(1_000),
            delivered: asked,
        };
        tx.send(Msg::Say(utterance("Eva vier.", Priority::Move, None)))
            .unwrap();
        tx.send(Msg::Say(utterance(
            "Ihre Zeit: 4 59.",
            Priority::Answer,
            Some(live),
        )))
        .unwrap();
        tx.send(Msg::Close).unwrap();
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let thread = SpeechThread::new(
                Box::new(speaker),
                Duration::ZERO,
                Speaking::new(),
                Trace::default(),
            );
            thread.run(rx);
            let _ = done_tx.send(());
        });
        done_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the speech thread ends within 10 s");
        let said = said.lock().unwrap().clone();
        assert_eq!(said, ["Eva vier.", "Ihre Zeit: 4 55."]);
    }

    #[test]
    fn other_utterances_are_said_as_they_are() {
        let mut r = Renderer::default();
        let u = utterance("Eva vier.", Priority::Move, None);
        assert_eq!(r.rendered(&u, Instant::now()), None);
    }
}
