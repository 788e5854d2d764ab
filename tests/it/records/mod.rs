//! Records (issue 15): PGN and Braille scoresheets out and back in, files of other
//! programs, pgn-extract's verdict.

mod files;
mod pgn_extract;
mod scoresheet_roundtrip;
