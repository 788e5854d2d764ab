//! The training opponent (issue 34): the engine adapter against the scripted fake engine
//! (`support::fake_engine`: the protocol and every failure, `adapter.rs`) and against
//! Debian's stockfish (`stockfish.rs`: one thread, a fixed node budget); `ansage doctor`'s
//! line about it (`doctor.rs`); `ansage train` as a process against the fake engine
//! (`train.rs`).

#[cfg(feature = "engine")]
mod adapter;
#[cfg(feature = "engine")]
mod doctor;
#[cfg(feature = "engine")]
mod stockfish;
#[cfg(feature = "engine")]
mod train;
