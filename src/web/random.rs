//! The random numbers of codes, tokens and the run's epoch, from the system's source.

/// `N` random bytes; `None` if the system's source fails (nothing is issued then).
pub fn bytes<const N: usize>() -> Option<[u8; N]> {
    let mut buf = [0u8; N];
    match getrandom::fill(&mut buf) {
        Ok(()) => Some(buf),
        Err(e) => {
            tracing::error!("web: no random numbers: {e}");
            None
        }
    }
}

/// A random number for a code.
pub fn number() -> Option<u32> {
    bytes::<4>().map(u32::from_le_bytes)
}

/// A new epoch: 64 random bits as hex (not a secret: every page is told it).
pub fn epoch() -> String {
    bytes::<8>()
        .map(u64::from_le_bytes)
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        })
        .to_string()
}
