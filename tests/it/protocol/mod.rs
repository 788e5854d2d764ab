//! The Appendix D protocol beyond the golden transcripts: the words of every move, and
//! the fuzz targets' entry functions on their seeds.

#[cfg(feature = "testing")]
mod fuzz_seeds;
mod words_props;
