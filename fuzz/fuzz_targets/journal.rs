//! Fuzz target `journal`: see `ansage::fuzz::journal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ansage::fuzz::journal(data));
