//! The journal (crash safety): its file through the station's steps, and the real
//! program killed and resumed.

#[cfg(feature = "testing")]
mod crash;
mod file;
mod ticks;
