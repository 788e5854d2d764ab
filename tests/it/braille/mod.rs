//! The Braille display's translation (feature `braille`).

#[cfg(feature = "braille")]
mod roundtrip;
