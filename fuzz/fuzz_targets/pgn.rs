//! Fuzz target `pgn`: see `ansage::fuzz::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ansage::fuzz::pgn(data));
