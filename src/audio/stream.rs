//! What an audio source (the cpal microphone, a WAV file, a test) sends the hearing actor
//! ([`crate::hearing::actor`]): blocks of 16 kHz mono audio, and the device's losses and
//! returns. It lives with the producers, so that the microphone does not depend on the
//! hearing that consumes it. FIDE Laws D.2.1: the player announces the move aloud.

use std::time::{Duration, Instant};

/// The longest block of audio a source sends (the recognizer answers at least this often).
pub const MAX_CHUNK: Duration = Duration::from_millis(100);

/// A block of 16 kHz mono audio.
#[derive(Clone, Debug)]
pub struct Chunk {
    /// The samples.
    pub samples: Vec<i16>,
    /// When its last sample was captured.
    pub at: Instant,
}

/// What an audio source sends the actor.
#[derive(Clone, Debug)]
pub enum AudioEvent {
    /// Audio.
    Chunk(Chunk),
    /// The device failed or disappeared (why); the source keeps trying to reopen it.
    Lost(String),
    /// The device works again.
    Back,
    /// The source is done (the end of a file): the actor flushes and stops.
    End,
}
