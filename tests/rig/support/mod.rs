//! What the rig's tests share: the rig itself (`rig`), `ansage play` as a process on it
//! (`station`), and two files of the integration tests' support (`tests/it/support/`):
//! child processes and threads with a bound on every wait, and the German piece letters.

#[path = "../../it/support/letters.rs"]
pub mod letters;
#[path = "../../it/support/proc.rs"]
pub mod proc;
pub mod rig;
#[cfg(feature = "testing")]
pub mod station;
