//! Benchmarks of the core, run by the adapters (they may read the clock; the core never does).
//!
//! - [`resolve`]: how long [`crate::core::words::Vocabulary::resolve`] takes over the
//!   positions of real games.
//! - [`grammar`]: how long building the recognizer's grammar takes at each position, and its
//!   size.
//! - [`voice`]: moves of real games said through a simulated recognizer at 5, 10 and 20 %
//!   word error rate and played through the session's protocol: how many are made right,
//!   asked back, echoed wrong, made wrong.
//! - [`clock`]: how late scheduled clock announcements and the flag are handed to the
//!   speech output by the real tokio main loop, with the other core kept busy.
//! - `braille` (cargo feature `braille`): from a made move to its cells on the rig's
//!   virtual Braille display.
//! - [`journal`]: how long a confirmed move takes to be announced as made, the journal's
//!   fdatasync included.
//! - `speech` (feature `speech`): hand-over to speech-dispatcher, and an urgent
//!   announcement interrupting a long utterance until its first sound.
//! - [`vosk`](mod@vosk) (feature `vosk`): the real recognizer on the small Korean model:
//!   grammar switch, end of speech to result and to echo, memory.

#[cfg(feature = "braille")]
pub mod braille;
pub mod clock;
pub mod grammar;
pub mod journal;
pub mod resolve;
#[cfg(feature = "speech")]
pub mod speech;
pub mod voice;
#[cfg(feature = "vosk")]
pub mod vosk;
