//! Fuzz target `typed`: see `ansage::fuzz::typed`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::typed(data);
});
