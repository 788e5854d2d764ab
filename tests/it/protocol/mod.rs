//! The Appendix D protocol beyond the golden transcripts: the words of every move, an
//! impossible move said in words and shown in one line, a takeback that returns the
//! position and clocks of before, and the fuzz targets' entry functions on their seeds.

#[cfg(feature = "testing")]
mod fuzz_seeds;
mod illegal_props;
mod takeback_props;
mod words_props;
