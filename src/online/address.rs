//! The server's address (`online.server`, default `https://lichess.org`): https only, as
//! the token goes with every request; plain http only to this machine (a test server on a
//! loopback address).

use std::fmt;

/// The server lichess runs on (the setting's default, [`OnlineSettings::DEFAULT_SERVER`]:
/// the settings are a leaf that names no adapter).
///
/// [`OnlineSettings::DEFAULT_SERVER`]: crate::config::OnlineSettings::DEFAULT_SERVER
pub const DEFAULT: &str = crate::config::OnlineSettings::DEFAULT_SERVER;

/// A server address: `https://HOST[:PORT]`, or `http://` to a loopback host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address(String);

/// Why an address is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Not `https://` (nor `http://` to a loopback address).
    #[error(
        "{0:?}: the server's address must start with https:// (http:// only for 127.0.0.1, \
         [::1] or localhost): the token must not travel in clear"
    )]
    NotHttps(String),
    /// No host, or a path, query or user part.
    #[error("{0:?}: expected https://HOST or https://HOST:PORT")]
    Malformed(String),
}

impl Address {
    /// Reads an address (a trailing `/` dropped).
    pub fn parse(text: &str) -> Result<Address, AddressError> {
        let text = text.trim().trim_end_matches('/');
        let (secure, rest) = if let Some(rest) = text.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = text.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err(AddressError::NotHttps(text.to_owned()));
        };
        let host = host_of(rest).ok_or_else(|| AddressError::Malformed(text.to_owned()))?;
        if !secure && !matches!(host, "127.0.0.1" | "[::1]" | "localhost") {
            return Err(AddressError::NotHttps(text.to_owned()));
        }
        Ok(Address(text.to_owned()))
    }

    /// Whether the server is on this machine (a test server).
    pub fn is_loopback(&self) -> bool {
        let rest = self.0.split_once("://").map_or("", |(_, r)| r);
        host_of(rest).is_some_and(|h| matches!(h, "127.0.0.1" | "[::1]" | "localhost"))
    }

    /// The address of `path` (which starts with `/`) on this server.
    pub fn join(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }
}

impl Default for Address {
    fn default() -> Address {
        Address(DEFAULT.to_owned())
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The host of `HOST[:PORT]`, if that is all there is (no path, user or query).
fn host_of(rest: &str) -> Option<&str> {
    if rest.is_empty() || rest.contains(['/', '@', '?', '#', ' ']) {
        return None;
    }
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) if !h.starts_with('[') || h.ends_with(']') => (h, Some(p)),
        _ => (rest, None),
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.parse::<u16>().is_ok());
    (!host.is_empty() && port_ok).then_some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_or_a_loopback_address() {
        for (text, ok) in [
            ("https://lichess.org", true),
            ("https://lichess.org/", true),
            ("https://lichess.dev:443", true),
            ("http://127.0.0.1:8080", true),
            ("http://[::1]:9000", true),
            ("http://localhost:1", true),
            ("http://lichess.org", false),
            ("http://192.168.1.2:80", false),
            ("ftp://lichess.org", false),
            ("lichess.org", false),
            ("https://", false),
            ("https://a/b", false),
            ("https://user@host", false),
            ("https://host:port", false),
            ("http://127.0.0.1.evil.com", false),
        ] {
            assert_eq!(Address::parse(text).is_ok(), ok, "{text}");
        }
        let a = Address::parse("http://127.0.0.1:8080/").unwrap();
        assert_eq!(a.join("/api/account"), "http://127.0.0.1:8080/api/account");
        assert_eq!(Address::default().to_string(), "https://lichess.org");
        assert!(a.is_loopback() && !Address::default().is_loopback());
    }
}
