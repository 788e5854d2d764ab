//! Which requests come from the station's own page (DNS rebinding and cross-site
//! requests refused): the `Host` must name the station as it listens, and a request that
//! changes something must come from a page of that host (`Origin`). Pure.

use std::net::SocketAddr;

/// The `Host` values the station answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts(Vec<String>);

impl Hosts {
    /// The names of a server bound to `bound`: that address; `localhost`, `127.0.0.1`
    /// and `[::1]` with its port; and when it listens on every interface, each of
    /// `machine` (the machine's addresses and names) with its port. Port 80 also without.
    pub fn new(bound: SocketAddr, machine: &[String]) -> Hosts {
        let port = bound.port();
        let mut names = vec![
            bound.ip().to_string(),
            "localhost".to_owned(),
            "127.0.0.1".to_owned(),
            "[::1]".to_owned(),
        ];
        if let SocketAddr::V6(v6) = bound {
            names[0] = format!("[{}]", v6.ip());
        }
        if bound.ip().is_unspecified() {
            names.extend(machine.iter().cloned());
        }
        let mut hosts = Vec::new();
        for name in names {
            let name = name.to_ascii_lowercase();
            if port == 80 {
                hosts.push(name.clone());
            }
            hosts.push(format!("{name}:{port}"));
        }
        Hosts(hosts)
    }

    /// Whether `host` (a `Host` header) names the station.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        self.0.contains(&host)
    }
}

/// Whether a request may go on: its `Host` one of `hosts`; unless it only reads (`safe`:
/// GET, HEAD), its `Origin` that host's page (`http://HOST`).
pub fn allowed(hosts: &Hosts, safe: bool, host: Option<&str>, origin: Option<&str>) -> bool {
    let Some(host) = host.filter(|h| hosts.allows(h)) else {
        return false;
    };
    safe || origin.is_some_and(|o| o.eq_ignore_ascii_case(&format!("http://{}", host.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each case: (listening on, Host, a write's Origin, allowed to read, allowed to write).
    #[test]
    fn only_the_stations_own_host_and_pages_pass() {
        let machine = ["192.168.1.20".to_owned(), "schachbrett".to_owned()];
        let cases = [
            (
                "127.0.0.1:8432",
                Some("127.0.0.1:8432"),
                Some("http://127.0.0.1:8432"),
                true,
                true,
            ),
            (
                "127.0.0.1:8432",
                Some("localhost:8432"),
                Some("http://localhost:8432"),
                true,
                true,
            ),
            (
                "127.0.0.1:8432",
                Some("LOCALHOST:8432"),
                Some("http://localhost:8432"),
                true,
                true,
            ),
            // DNS rebinding: a foreign name that resolves to the station.
            (
                "127.0.0.1:8432",
                Some("evil.example:8432"),
                Some("http://evil.example:8432"),
                false,
                false,
            ),
            ("127.0.0.1:8432", Some("127.0.0.1:9999"), None, false, false),
            ("127.0.0.1:8432", None, None, false, false),
            // A foreign site's page posting to the station.
            (
                "127.0.0.1:8432",
                Some("127.0.0.1:8432"),
                Some("http://evil.example"),
                true,
                false,
            ),
            (
                "127.0.0.1:8432",
                Some("127.0.0.1:8432"),
                Some("null"),
                true,
                false,
            ),
            (
                "127.0.0.1:8432",
                Some("127.0.0.1:8432"),
                Some("https://127.0.0.1:8432"),
                true,
                false,
            ),
            ("127.0.0.1:8432", Some("127.0.0.1:8432"), None, true, false),
            // The LAN: the machine's address and name, only when listening on all.
            (
                "0.0.0.0:8432",
                Some("192.168.1.20:8432"),
                Some("http://192.168.1.20:8432"),
                true,
                true,
            ),
            (
                "0.0.0.0:8432",
                Some("schachbrett:8432"),
                Some("http://schachbrett:8432"),
                true,
                true,
            ),
            (
                "127.0.0.1:8432",
                Some("192.168.1.20:8432"),
                None,
                false,
                false,
            ),
            (
                "192.168.1.20:8432",
                Some("192.168.1.20:8432"),
                Some("http://192.168.1.20:8432"),
                true,
                true,
            ),
            (
                "[::1]:8432",
                Some("[::1]:8432"),
                Some("http://[::1]:8432"),
                true,
                true,
            ),
            (
                "127.0.0.1:80",
                Some("localhost"),
                Some("http://localhost"),
                true,
                true,
            ),
        ];
        for (listen, host, origin, read, write) in cases {
            let hosts = Hosts::new(listen.parse().unwrap(), &machine);
            let case = format!("{listen} {host:?} {origin:?}");
            assert_eq!(allowed(&hosts, true, host, origin), read, "read {case}");
            assert_eq!(allowed(&hosts, false, host, origin), write, "write {case}");
        }
    }
}
