//! The station's main loop: one owner of the [`Session`], one input channel, the next
//! deadline and shutdown, in one `tokio::select!` (ARCHITECTURE.md).

use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::core::input::{Actor, Input};
use crate::core::output::Output;
use crate::core::session::Session;
use crate::core::time::Timestamp;

/// What reaches the main loop from the devices.
#[derive(Debug)]
pub enum StationInput {
    /// A structured input.
    Input(Input),
    /// A console line, parsed against the session (its default actor is the side to move).
    ConsoleLine(String),
    /// A device is done (stdin closed): stop.
    Shutdown,
}

/// Where outputs go: each device adapter implements it.
pub trait Sink {
    /// Hands over the outputs of one step, stamped with their instant.
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]);
}

/// Runs the session until shutdown (a device says so, or Ctrl-C). Returns the session for
/// the records. `epoch` is the instant the session's timestamps count from.
pub async fn run(
    mut session: Session,
    mut inputs: mpsc::Receiver<StationInput>,
    sinks: &mut [Box<dyn Sink + Send>],
    epoch: Instant,
) -> Session {
    let now = || Timestamp::from_duration(epoch.elapsed());
    let to_instant = |t: Timestamp| epoch + t.since_epoch();
    loop {
        let deadline = session.next_deadline();
        let sleep = tokio::time::sleep_until(
            deadline.map_or_else(|| Instant::now() + Duration::from_secs(3600), to_instant),
        );
        tokio::select! {
            msg = inputs.recv() => {
                let input = match msg {
                    None | Some(StationInput::Shutdown) => break,
                    Some(StationInput::Input(input)) => Some(input),
                    Some(StationInput::ConsoleLine(line)) => {
                        let by = Actor::Player(shakmaty::Position::turn(session.position()));
                        match crate::core::script::parse_console_line(&line, by) {
                            Ok(input) => input,
                            Err(e) => {
                                tracing::warn!("console: {e}");
                                eprintln!("? {e}");
                                None
                            }
                        }
                    }
                };
                if let Some(input) = input {
                    let t = now();
                    let outputs = session.handle(input, t);
                    for sink in sinks.iter_mut() {
                        sink.deliver(t, &outputs);
                    }
                }
            }
            () = sleep, if deadline.is_some() => {
                let t = deadline.unwrap_or_else(now);
                let outputs = session.handle(Input::Timeout, t);
                for sink in sinks.iter_mut() {
                    sink.deliver(t, &outputs);
                }
            }
            _ = tokio::signal::ctrl_c() => break,
        }
    }
    session
}
