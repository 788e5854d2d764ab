//! The German piece letters a blind player types (FIDE Laws C.5: Springer, Läufer, Turm,
//! Dame), for tests that type moves or read the display's moves.
//!
//! The device rig's tests (`tests/rig/`) use it too (their `support` includes this file).

/// A SAN move in German letters ("Nf3" → "Sf3", "Qxd4+" → "Dxd4+").
pub fn german(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'N' => 'S',
            'B' => 'L',
            'R' => 'T',
            'Q' => 'D',
            c => c,
        })
        .collect()
}
