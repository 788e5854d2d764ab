//! Fuzz target `journal`: see `ansage::fuzz::journal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::journal(data);
});
