//! The station's main loop: one owner of the [`Session`], one input channel, the next
//! deadline and shutdown, in one `tokio::select!` (ARCHITECTURE.md); the journal's
//! heartbeat beside it, a task of its own ([`Heartbeat`]).
//!
//! Every input goes through the [`Journal`] first: it is on disk before the session sees
//! it (FIDE Laws D.2.3: a move is made only once confirmed, and then it must not be lost).
//! The session is handed the input as its journal line reads back, whether a journal is
//! kept or not, so that it sees the same input either way.
//! Deadlines due before an input fire first, each at its own instant, so the journal's
//! instants never go backwards and a replay sees what the game saw.
//! Instants are whole milliseconds, as the journal writes them.

use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::core::input::{Actor, Event, Input};
use crate::core::journal::input_record;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::script::ConsoleOwner;
use crate::core::session::Session;
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::core::words::HeardWords;
use crate::journal_file::{Journal, NoJournal, WriteError};

mod heartbeat;
mod held;

pub use heartbeat::Heartbeat;
pub use held::{Backlog, HOLD_LIMIT, Held};

/// How often the main loop hands held outputs to a device that was not ready yet
/// ([`Held`]).
pub const HOLD_POLL: Duration = Duration::from_millis(50);

/// What reaches the main loop from the devices.
#[derive(Debug)]
pub enum StationInput {
    /// A structured input.
    Input(Input),
    /// A structured input whose sender waits until it is handled: `done` fires once its
    /// outputs have been delivered and observed (the web page answers its request then,
    /// with the state the input made). Dropped unanswered if the station stops first.
    Acknowledged {
        /// The input.
        input: Input,
        /// Fired after the step.
        done: tokio::sync::oneshot::Sender<()>,
    },
    /// Words heard by a microphone (the hearing actor's final result): `by` is who speaks
    /// into it when one person only does, else the session names the speaker
    /// ([`Session::speaker`]: the side to move), so that who spoke is decided in one place,
    /// against the position the words are handled in.
    Heard {
        /// Who speaks into this microphone, if one person only does.
        by: Option<Actor>,
        /// What was heard, with confidences and alternatives.
        words: HeardWords,
    },
    /// A console line, parsed against the session; without WHO it is the visually impaired
    /// player's or the side to move's ([`ConsoleOwner`], the sighted opponent having no
    /// input of his own).
    ConsoleLine(String),
    /// A console line of a station where the sighted opponent may have an input of his own
    /// (an electronic board, the web page, his own microphone): then every line without
    /// WHO is the visually impaired player's ([`ConsoleOwner`]).
    Console {
        /// The line.
        line: String,
        /// The sighted opponent has an input of his own.
        opponent_input: bool,
    },
    /// Something a device has to tell (the microphone lost or back): spoken and brailled
    /// to `to` at once, not journaled (it is not an input to the session).
    Notice {
        /// Whom to tell.
        to: Audience,
        /// What, in the session's language.
        message: Message,
    },
    /// The station's voice did not open after all (speech-dispatcher opens in the
    /// background, issue 22): every sink hears of it ([`Sink::voice_lost`]: the console
    /// prints what is said again), then `message` is told to everyone as a
    /// [`StationInput::Notice`] is.
    VoiceLost {
        /// What, in the session's language.
        message: Message,
    },
    /// A device is done (stdin closed): stop.
    Shutdown,
    /// `quit` typed at the console: the station stops, but while an online game goes on
    /// it asks once first ([`Session::quit_question`], issue 32.3).
    Quit,
}

/// Where outputs go: each device adapter implements it.
pub trait Sink {
    /// Hands over the outputs of one step, stamped with their instant.
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]);

    /// Looks at the game after each step (after [`Sink::deliver`]), as a value built once
    /// for every sink: a device that follows the game itself (the recognizer's grammar of
    /// the legal moves, the Braille display's board) takes what it needs here. Must not
    /// block.
    fn observe(&mut self, _step: &StepView) {}

    /// The station's voice (speech-dispatcher) has opened and speaks to `listeners` and to
    /// everyone: a sink that would say the same again (the console, read by a screen
    /// reader) leaves that out from now on.
    fn voice_opened(&mut self, _listeners: &[Audience]) {}

    /// The station's voice did not open after all: a sink that left out what it says
    /// ([`Sink::voice_opened`]) shows it again from now on.
    fn voice_lost(&mut self) {}

    /// A line of the full transcript that is no output of the session (a restored move at
    /// a resume): only a console showing the transcript prints it.
    fn transcript_only(&mut self, _line: &str) {}

    /// Whether the device is open and takes outputs now (a Braille display whose BRLTTY
    /// connection is not made yet is not). A sink that is not ready is wrapped in a
    /// [`Held`], which keeps what is said until it is.
    fn ready(&mut self) -> bool {
        true
    }

    /// Whether outputs wait for the device to be ready ([`Held`]).
    fn holding(&self) -> bool {
        false
    }

    /// Whether the device is still opening and will soon be ready or known missing
    /// (speech-dispatcher not answered yet): when the station closes, what is held for it
    /// is handed over once it is ready ([`settle`]), so that a `quit` typed before speech
    /// opened is still said.
    fn opening(&mut self) -> bool {
        false
    }

    /// Hands held outputs over if the device is ready now ([`Held`]); called by the main
    /// loop every [`HOLD_POLL`] while any sink is holding.
    fn flush(&mut self) {}
}

/// The session's time: `start` at the tokio instant `epoch`, then as tokio's clock runs,
/// in whole milliseconds. A resumed game starts at the last instant its journal recorded.
#[derive(Copy, Clone, Debug)]
pub struct Timeline {
    /// The tokio instant at which the session's time is `start`.
    pub epoch: Instant,
    /// The session's time at `epoch`.
    pub start: Timestamp,
}

impl Timeline {
    /// A game's time starting now at `start`.
    pub fn starting_at(start: Timestamp) -> Timeline {
        Timeline {
            epoch: Instant::now(),
            start,
        }
    }

    /// Now, in the session's time (whole milliseconds).
    pub fn now(&self) -> Timestamp {
        let t = self.start + self.epoch.elapsed();
        Timestamp::from_millis(t.as_millis())
    }

    /// The tokio instant of a session instant.
    pub fn instant(&self, t: Timestamp) -> Instant {
        self.epoch + t.saturating_since(self.start)
    }
}

fn deliver(sinks: &mut [Box<dyn Sink + Send>], at: Timestamp, outputs: &[Output]) {
    for sink in sinks.iter_mut() {
        sink.deliver(at, outputs);
    }
}

fn observe(sinks: &mut [Box<dyn Sink + Send>], session: &Session) {
    let step = StepView::of(session);
    for sink in sinks.iter_mut() {
        sink.observe(&step);
    }
}

/// Tells everyone that the journal failed, in the session's words.
fn journal_failed(
    session: &Session,
    sinks: &mut [Box<dyn Sink + Send>],
    at: Timestamp,
    error: &WriteError,
) {
    tracing::error!("journal: {error}");
    let msg = Message::new("journal-write-failed").arg("error", error.to_string());
    deliver(
        sinks,
        at,
        &session.announce(Audience::All, Priority::Urgent, &msg),
    );
}

/// Fires every deadline due at or before `at`, each at its own instant; the checks of
/// what they produced (a move made when its correction window closed, a flag's result)
/// are synced before the outputs are delivered.
pub fn handle_due(
    session: &mut Session,
    journal: &mut dyn Journal,
    sinks: &mut [Box<dyn Sink + Send>],
    at: Timestamp,
) {
    while let Some((deadline, outputs)) = session.poll_due(at) {
        if let Err(e) = journal.outputs(deadline, &outputs, true) {
            journal_failed(session, sinks, deadline, &e);
        }
        deliver(sinks, deadline, &outputs);
        observe(sinks, session);
    }
}

/// Handles one input at `at`: deadlines due first, then the input is journaled (synced),
/// then the session handles it as recorded (as its journal line reads back, with or
/// without a journal), then its checks are written, then the outputs go to the devices.
/// If the journal cannot be written the input is not carried out and everyone is told. A
/// timeout is no act: only the deadlines due fire, as a replay of the journal would.
pub fn handle_input(
    session: &mut Session,
    journal: &mut dyn Journal,
    sinks: &mut [Box<dyn Sink + Send>],
    input: Input,
    at: Timestamp,
) {
    handle_due(session, journal, sinks, at);
    if input == Input::Timeout {
        return;
    }
    let record = match input_record(at, &input) {
        Ok(record) => record,
        Err(e) => {
            journal_failed(session, sinks, at, &WriteError::Record(e));
            return;
        }
    };
    if let Err(e) = journal.input(at, &record) {
        journal_failed(session, sinks, at, &e);
        return;
    }
    let outputs = session.handle(record.input, at);
    if let Err(e) = journal.outputs(at, &outputs, false) {
        journal_failed(session, sinks, at, &e);
    }
    deliver(sinks, at, &outputs);
    observe(sinks, session);
}

/// A heartbeat at `at` from the main loop (a scripted wait; the last one on stopping):
/// deadlines due first, then, if a clock still runs, a tick.
pub fn heartbeat(
    session: &mut Session,
    journal: &mut dyn Journal,
    sinks: &mut [Box<dyn Sink + Send>],
    at: Timestamp,
) {
    handle_due(session, journal, sinks, at);
    if clock_runs(session)
        && let Err(e) = journal.tick(at)
    {
        journal_failed(session, sinks, at, &e);
    }
}

fn clock_runs(session: &Session) -> bool {
    session.clock().and_then(|c| c.running()).is_some() && session.result().is_none()
}

/// A console line that is no input (an unknown key or command): said on the console, in
/// the session's language; nothing changes.
fn not_understood(session: &Session, line: &str, error: &crate::core::script::BodyError) {
    tracing::warn!("console: {error}");
    let msg = Message::new("console-not-understood").arg("line", line.trim().to_owned());
    eprintln!("{}", session.phrases().speech(&msg));
}

/// Runs the session until shutdown (a device says so, or Ctrl-C), without a journal.
/// Returns the session for the records. `epoch` is the instant the session's timestamps
/// count from.
pub async fn run(
    session: Session,
    inputs: mpsc::Receiver<StationInput>,
    sinks: &mut [Box<dyn Sink + Send>],
    epoch: Instant,
) -> Session {
    let timeline = Timeline {
        epoch,
        start: Timestamp::ZERO,
    };
    run_journaled(session, inputs, sinks, timeline, &mut NoJournal).await
}

/// Runs the session until shutdown, every input through `journal` first, and its
/// heartbeat written by a task of its own while a clock runs ([`Heartbeat`]). Returns the
/// session for the records.
pub async fn run_journaled(
    mut session: Session,
    mut inputs: mpsc::Receiver<StationInput>,
    sinks: &mut [Box<dyn Sink + Send>],
    timeline: Timeline,
    journal: &mut dyn Journal,
) -> Session {
    observe(sinks, &session);
    let mut beat = Heartbeat::start(journal.heartbeat(), timeline, clock_runs(&session));
    // `quit` was typed and its question asked: the next console line answers it.
    let mut quit_asked = false;
    loop {
        let deadline = session.next_deadline();
        let sleep = tokio::time::sleep_until(deadline.map_or_else(
            || Instant::now() + Duration::from_secs(3600),
            |d| timeline.instant(d),
        ));
        let holding = sinks.iter().any(|s| s.holding());
        tokio::select! {
            msg = inputs.recv() => {
                match receive(&mut session, journal, sinks, timeline.now(), msg, &mut quit_asked) {
                    Received::Stop => break,
                    Received::Told => {}
                    Received::Input(input, done) => {
                        handle_input(&mut session, journal, sinks, input, timeline.now());
                        if let Some(done) = done {
                            // The requester may have gone (a closed page): nothing to tell.
                            let _ = done.send(());
                        }
                        // "Partie beenden", confirmed: the station stops as on `quit`.
                        if session.closed() {
                            break;
                        }
                    }
                }
            }
            () = sleep, if deadline.is_some() => {
                let t = deadline.unwrap_or_else(|| timeline.now());
                handle_due(&mut session, journal, sinks, t);
            }
            e = beat.failed() => journal_failed(&session, sinks, timeline.now(), &e),
            () = tokio::time::sleep(HOLD_POLL), if holding => {
                for sink in sinks.iter_mut() {
                    sink.flush();
                }
            }
            _ = tokio::signal::ctrl_c() => break,
        }
        beat.set(clock_runs(&session));
    }
    stop(&mut session, sinks, timeline, journal, beat).await;
    session
}

/// How long a closing station waits for a device that is still opening ([`settle`]).
pub const SETTLE_LIMIT: Duration = Duration::from_secs(5);

/// When the station closes: waits (at most `limit`) for each device that holds outputs
/// and is still opening ([`Sink::opening`]), and hands it what it holds once it is ready;
/// a device that is known missing, or still missing after `limit`, keeps nothing.
pub async fn settle(sinks: &mut [Box<dyn Sink + Send>], limit: Duration) {
    let until = Instant::now() + limit;
    loop {
        for sink in sinks.iter_mut() {
            sink.flush();
        }
        let waiting = sinks.iter_mut().any(|s| s.holding() && s.opening());
        if !waiting || Instant::now() >= until {
            return;
        }
        tokio::time::sleep(HOLD_POLL).await;
    }
}

/// What the main loop does with a message from its channel.
enum Received {
    /// Stop the station (the channel closed, or `quit`: said already).
    Stop,
    /// Handle this input, then tell the requester, if any, that it is handled.
    Input(Input, Option<tokio::sync::oneshot::Sender<()>>),
    /// Nothing more: a notice was told, or a console line answered.
    Told,
}

/// A message from the channel at `t`: an input to handle, or told at once (a device's
/// notice, the voice lost, a console line not understood), or the end.
fn receive(
    session: &mut Session,
    journal: &mut dyn Journal,
    sinks: &mut [Box<dyn Sink + Send>],
    t: Timestamp,
    msg: Option<StationInput>,
    quit_asked: &mut bool,
) -> Received {
    let input = match msg {
        None => return Received::Stop,
        Some(StationInput::Shutdown) => {
            say_quit(session, sinks, t);
            return Received::Stop;
        }
        Some(StationInput::Quit) => return quit(session, sinks, t, None, quit_asked),
        Some(StationInput::Console { line, .. }) if *quit_asked => {
            return quit(session, sinks, t, Some(&line), quit_asked);
        }
        Some(StationInput::Input(input)) => Some(input),
        Some(StationInput::Heard { by, words }) => Some(Input::Act {
            by: session.speaker(by),
            event: Event::Heard(words),
        }),
        Some(StationInput::Acknowledged { input, done }) => {
            return Received::Input(input, Some(done));
        }
        Some(StationInput::Notice { to, message }) => {
            handle_due(session, journal, sinks, t);
            deliver(sinks, t, &session.announce(to, Priority::Urgent, &message));
            None
        }
        Some(StationInput::VoiceLost { message }) => {
            handle_due(session, journal, sinks, t);
            for sink in sinks.iter_mut() {
                sink.voice_lost();
            }
            let told = session.announce(Audience::All, Priority::Urgent, &message);
            deliver(sinks, t, &told);
            None
        }
        Some(StationInput::ConsoleLine(line)) => console_line(session, &line, false),
        Some(StationInput::Console {
            line,
            opponent_input,
        }) => {
            // A chat line of an online game goes to the server, not to the game.
            if let Some(chat) = session.typed_chat(&line) {
                deliver(sinks, t, &chat);
                return Received::Told;
            }
            console_line(session, &line, opponent_input)
        }
    };
    input.map_or(Received::Told, |input| Received::Input(input, None))
}

/// A console line as the session's input, its actor by the console's owner rule
/// ([`ConsoleOwner`]); a line not understood is answered here.
fn console_line(session: &Session, line: &str, opponent_input: bool) -> Option<Input> {
    let owner = ConsoleOwner {
        impaired: session.setup().impaired,
        opponent_input,
    };
    let turn = shakmaty::Position::turn(session.position());
    match owner.parse(line, turn, session.commands()) {
        Ok(input) => input,
        Err(e) => {
            not_understood(session, line, &e);
            None
        }
    }
}

/// `quit` typed (`answer`: `None`), or the answer to its question (issue 32.3): while an
/// online game goes on, the question is asked once ([`Session::quit_question`]); "ja"
/// stops the station, anything else goes on.
fn quit(
    session: &Session,
    sinks: &mut [Box<dyn Sink + Send>],
    t: Timestamp,
    answer: Option<&str>,
    asked: &mut bool,
) -> Received {
    let question = session.quit_question();
    let goes_on = match (answer, &question) {
        (None, Some(q)) if !std::mem::replace(asked, true) => Some(q.clone()),
        (Some(line), Some((to, _))) => {
            *asked = false;
            session
                .quit_answer(line)
                .err()
                .map(|goes_on| (*to, goes_on))
        }
        _ => None,
    };
    match goes_on {
        Some((to, said)) => {
            deliver(sinks, t, &session.announce(to, Priority::Urgent, &said));
            Received::Told
        }
        None => {
            say_quit(session, sinks, t);
            Received::Stop
        }
    }
}

/// `quit`: "Die Station wird beendet." said and brailled to all before the station stops.
fn say_quit(session: &Session, sinks: &mut [Box<dyn Sink + Send>], t: Timestamp) {
    let msg = Message::new("station-quit");
    deliver(
        sinks,
        t,
        &session.announce(Audience::All, Priority::Urgent, &msg),
    );
}

/// Stopping (quit, Ctrl-C): the heartbeat task ended, then the deadlines due and a last
/// tick while a clock runs, then everything synced, so that a resume restores the clocks
/// to this instant.
async fn stop(
    session: &mut Session,
    sinks: &mut [Box<dyn Sink + Send>],
    timeline: Timeline,
    journal: &mut dyn Journal,
    beat: Heartbeat,
) {
    let t = timeline.now();
    if let Err(e) = beat.stop().await {
        journal_failed(session, sinks, t, &e);
    }
    heartbeat(session, journal, sinks, t);
    if let Err(e) = journal.close(t) {
        journal_failed(session, sinks, t, &e);
    }
}
