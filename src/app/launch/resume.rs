//! A game continued from its journal after a crash ([`Game::resume`]): the moves
//! restored, what a damaged tail lost said, the clock stopped as the arbiter would, and
//! where the game stands told to everyone.

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::app::AppError;
use crate::config::Settings;
use crate::core::input::{Actor, Input, Key};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::resume;
use crate::core::time::Timestamp;
use crate::journal_file::Resumed;
use crate::station::Sink;

use super::{Game, Sinks};

impl Game {
    /// Continues the game in the journal at `path`: hands the restored moves to the
    /// transcript (`restored @… made …`, printed by a console showing it), says what a damaged tail lost and what the replay could not confirm,
    /// stops the clock at the last recorded instant (as the arbiter would, FIDE Laws 6.12;
    /// journaled, so a later resume sees it too), then tells everyone where the game
    /// stands ([`resume::resume_announcement`]). The game's time goes on from that
    /// instant. What is said here reaches each device when it opens ([`Game::said`]).
    pub fn resume(settings: Settings, path: &Path, sinks: Sinks) -> Result<Game, AppError> {
        let Resumed {
            journal: file,
            recovered,
            replay,
        } = crate::journal_file::resume(path).map_err(|source| AppError::Resume {
            path: path.to_owned(),
            source,
        })?;
        let mut game = Game::of(settings, replay.session, Box::new(file), replay.last, sinks);
        for line in &replay.restored {
            for sink in &mut game.sinks {
                sink.transcript_only(&format!("restored {line}"));
            }
        }
        let mut outputs = Vec::new();
        // Said to the players and the arbiter, and on stderr beside the journal's path, in
        // the game's language (the details for a developer go to the log).
        if let Some(damage) = &recovered.damage {
            tracing::warn!(
                "journal {}: {damage}; the file was cut there",
                path.display()
            );
            let msg = resume::damage_message(game.session.phrases(), damage, &game.session);
            eprintln!(
                "{}: {}",
                path.display(),
                game.session.phrases().speech(&msg)
            );
            outputs.extend(game.announce(Audience::All, Priority::Urgent, &msg));
        }
        for m in &replay.mismatches {
            tracing::warn!(
                "journal {}: record {} says {:?}, the replay gives {:?}",
                path.display(),
                m.record,
                m.expected,
                m.got
            );
            let msg = resume::mismatch_message(m);
            eprintln!(
                "{}: {}",
                path.display(),
                game.session.phrases().speech(&msg)
            );
            outputs.extend(game.announce(Audience::Arbiter, Priority::Urgent, &msg));
        }
        game.deliver(&outputs);
        game.pause();
        // The summary goes to the devices; the console prints it once it knows that no
        // voice says it (issue 22: not printed and spoken at once).
        let announcement = resume::resume_announcement(&mut game.session, game.start);
        game.said.push((game.start, announcement.told.clone()));
        game.unvoiced.push((game.start, announcement.told));
        game.top = announcement.top;
        Ok(game)
    }

    /// A resumed game's clock stopped as the arbiter would (journaled). Its "Die Uhr ist
    /// angehalten." is left out: the announcement that follows names both clocks and says
    /// that they stand.
    fn pause(&mut self) {
        let at = self.start;
        let running = self.session.clock().and_then(|c| c.running()).is_some();
        if !running || self.session.result().is_some() {
            return;
        }
        let said = Arc::new(Mutex::new(Vec::new()));
        let mut capture: Sinks = vec![Box::new(Capture(Arc::clone(&said)))];
        let pause = Input::key(Actor::Arbiter, Key::Pause);
        crate::station::handle_input(
            &mut self.session,
            self.journal.as_mut(),
            &mut capture,
            pause,
            at,
        );
        let paused = Message::new("clock-paused");
        let phrases = self.session.phrases();
        let (speech, braille) = (phrases.speech(&paused), phrases.braille(&paused));
        let outputs: Vec<Output> = said
            .lock()
            .map(|o| o.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|o| match o {
                Output::Say(s) => s.text != speech,
                Output::Braille(b) => b.text != braille,
                _ => true,
            })
            .collect();
        self.deliver(&outputs);
    }
}

/// Keeps what a step put out (the resume's pause), to be sorted before it is delivered.
struct Capture(Arc<Mutex<Vec<Output>>>);

impl Sink for Capture {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        if let Ok(mut said) = self.0.lock() {
            said.extend_from_slice(outputs);
        }
    }
}
