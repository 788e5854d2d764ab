//! Fuzz target `uci`: see `ansage::fuzz::uci`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::uci(data);
});
