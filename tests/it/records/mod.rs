//! Records (issue 15): PGN and Braille scoresheets out and back in, files of other
//! programs, pgn-extract's verdict; a game read back and gone through (`ansage review`).

mod files;
mod pgn_extract;
mod review_file;
mod scoresheet_roundtrip;
