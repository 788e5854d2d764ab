//! What the station says: how long each answer takes to say, and that the newest input
//! comes first (no reply to an earlier input heard after a newer one). Speech on a real
//! speaker is the rig's (`tests/rig/`).

mod newest_first;
mod spoken_lengths;
