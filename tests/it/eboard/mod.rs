//! The sighted player's electronic board (issue 16): its bytes, its placements read into
//! moves, the session with it, and (features `eboard` and `testing`) the emulated board on
//! a pseudo-terminal, alone and under the real `ansage play`.

mod bytes_to_moves;
#[cfg(all(feature = "eboard", feature = "testing"))]
mod emulator;
#[cfg(all(feature = "eboard", feature = "testing"))]
mod play;
mod props;
mod session;
mod streams;
