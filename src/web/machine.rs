//! The machine's own addresses and names, for the Host check and the page's address
//! when the station listens on every interface (the LAN).

use std::net::{SocketAddr, UdpSocket};

/// The machine's address on its default route (no packet is sent), its host name and
/// `NAME.local`.
pub fn names() -> Vec<String> {
    let mut out = Vec::new();
    let routed = UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr());
    if let Ok(addr) = routed
        && !addr.ip().is_unspecified()
    {
        out.push(addr.ip().to_string());
    }
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .unwrap_or_default();
    let host = host.trim();
    if !host.is_empty() {
        out.push(host.to_owned());
        out.push(format!("{host}.local"));
    }
    out
}

/// The page's address: the bound one, or on every interface the machine's first address.
pub fn url(bound: SocketAddr, names: &[String]) -> String {
    if bound.ip().is_unspecified() {
        let host = names.first().map_or("localhost", String::as_str);
        format!("http://{host}:{}/", bound.port())
    } else {
        format!("http://{bound}/")
    }
}
