//! Fuzz target `millennium`: see `ansage::fuzz::millennium`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::millennium(data);
});
