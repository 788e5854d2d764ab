//! A challenge kept alive (`POST /api/challenge/{username}` with `keepAliveStream=true`,
//! issue 32.3): lichess streams the answer, the challenge (ChallengeJson) on its first
//! line, empty lines while it waits, and at its end `{"done":"accepted"}` (or `declined`,
//! `canceled`) before it closes the stream. The fake answers so, and the station tracks
//! its challenge from that answer, not only from the event stream.

use serde_json::json;

use super::model::{Push, Stream};
use super::{FakeLichess, send};

/// The kept-alive answer's end: `{"done": done}`, then the stream closes.
pub fn done(id: &str, done: &str) -> Vec<Push> {
    let stream = Stream::Challenge(id.to_owned());
    vec![
        Push::Line(stream.clone(), json!({ "done": done })),
        Push::Close(stream),
    ]
}

impl FakeLichess {
    /// The account's challenge `id` ends without a game: its kept-alive answer ends with
    /// `{"done": done}` (`declined`, `canceled`); with `event`, the event stream tells it
    /// too (`challengeDeclined` after a decline), else only the answer does.
    ///
    /// # Panics
    ///
    /// When no challenge `id` waits (the test's mistake).
    pub fn challenge_ended(&self, id: &str, done: &str, event: bool) {
        let mut state = self.shared.lock();
        let mut pushes = Vec::new();
        if event {
            pushes = state
                .model
                .decline(id, "later")
                .unwrap_or_else(|r| panic!("no challenge {id} waiting: {r:?}"));
        } else {
            state.model.challenges.retain(|c| c.id != id);
        }
        pushes.extend(self::done(id, done));
        send(&mut state, pushes);
    }
}
