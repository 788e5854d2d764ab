//! Fuzz target `web_action`: see `ansage::fuzz::web_action`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = ansage::fuzz::web_action(data);
});
