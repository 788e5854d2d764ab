//! Fuzz target `challenge_answer`: see `ansage::fuzz::challenge_answer`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::challenge_answer(data);
});
