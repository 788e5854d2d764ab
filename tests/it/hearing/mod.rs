//! Hearing: the real recognizer (features `vosk` and `testing`) on files; the microphone
//! is the rig's (`tests/rig/`).

#[cfg(all(feature = "vosk", feature = "testing"))]
mod vosk_ko;
