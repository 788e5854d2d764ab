//! Fuzz target `dgt`: see `ansage::fuzz::dgt`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::dgt(data);
});
