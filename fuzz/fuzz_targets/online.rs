//! Fuzz target `online`: see `ansage::fuzz::online`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::online(data);
});
