//! Fuzz target `script`: see `ansage::fuzz::script`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::script(data);
});
