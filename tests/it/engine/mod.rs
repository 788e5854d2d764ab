//! The training opponent (issue 34): the engine adapter against the scripted fake engine
//! (`support::fake_engine`: the protocol and every failure, `adapter.rs`) and against
//! Debian's stockfish (`stockfish.rs`: one thread, a fixed node budget; `analysis.rs`: a
//! game analysed and its mistake practised, issue 34.4 and 34.5); `ansage doctor`'s line
//! about it (`doctor.rs`); `ansage train` as a process against the fake engine
//! (`train.rs`).

#[cfg(feature = "engine")]
mod adapter;
#[cfg(feature = "engine")]
mod analysis;
#[cfg(feature = "engine")]
mod doctor;
#[cfg(feature = "engine")]
mod stockfish;
#[cfg(all(feature = "engine", feature = "testing"))]
mod train;
