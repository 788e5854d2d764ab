//! Sound through cpal (feature `audio`): the earcons' output.

#[cfg(feature = "audio")]
pub mod earcons;
