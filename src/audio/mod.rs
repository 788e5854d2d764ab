//! Sound through cpal (cargo feature `audio`):
//! - [`capture`]: the microphone, resampled with rubato to what the recognizer takes
//!   (16 kHz mono, [`stream::Chunk`]s of at most 100 ms). FIDE Laws D.2.1:
//!   the player announces the move aloud; [`capture`] brings the sound to the hearing actor
//!   ([`crate::hearing::actor`]).
//! - [`earcons`]: the earcons' output.
//! - [`stream`]: what a source of audio sends the hearing actor (always built).

#[cfg(feature = "audio")]
pub mod capture;
#[cfg(feature = "audio")]
pub mod earcons;
pub mod stream;
