//! What the station says: how long each answer takes to say. Speech on a real speaker is
//! the rig's (`tests/rig/`).

mod spoken_lengths;
