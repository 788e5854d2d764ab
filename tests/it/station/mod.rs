//! The station: its main loop in virtual time, its start-up and a resumed game's
//! announcement.

mod main_loop;
mod startup;
