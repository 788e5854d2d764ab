//! Fuzz target `resolve`: see `ansage::fuzz::resolve`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::resolve(data);
});
