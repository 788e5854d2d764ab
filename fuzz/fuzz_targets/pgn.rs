//! Fuzz target `pgn`: see `ansage::fuzz::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::pgn(data);
});
