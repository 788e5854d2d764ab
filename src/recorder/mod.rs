//! The game's recordings beside the journal and the PGN (FIDE Laws D.2.6: the moves may be
//! recorded on a recording device):
//!
//! - [`audio`]: the audio scoresheet, the microphone's audio of the game with a mark at
//!   each made move (WAV cue points and a text index).
//! - [`spoken`]: the spoken scoresheet, every move read out into a WAV (`ansage export
//!   --audio`).
//! - [`wav`]: WAV files with cue points and labels.

pub mod audio;
pub mod spoken;
pub mod wav;
