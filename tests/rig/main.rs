//! The device rig's tests (README.md here): the station's real I/O stack against the
//! rig's PulseAudio, speech-dispatcher and BRLTTY with its virtual display, one test
//! program beside the integration tests (`tests/it/`). Without a rig (`up.sh`) every test
//! says it was skipped, unless `ANSAGE_REQUIRE_RIG=1` (`.ci/test.sh`): then it fails.
//!
//! The rig has one speaker, one microphone and one display: the tests that use them take
//! turns (`support::rig::turn`), whatever the number of test threads.

mod support;

#[cfg(feature = "braille")]
mod braille;
#[cfg(all(feature = "vosk", feature = "audio", feature = "testing"))]
mod hearing;
mod sound;
#[cfg(feature = "testing")]
mod startup;
#[cfg(feature = "testing")]
mod station;
