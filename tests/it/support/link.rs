//! A network link between a browser and the station that a test can cut (a TCP relay
//! on 127.0.0.1): how a test drops the page's event stream as a Wi-Fi drops it.

use std::io::{Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

/// How long the link waits to connect to the station, and its tests for an answer.
const HTTP_LIMIT: Duration = Duration::from_secs(10);

/// A network link between a browser and the station that a test can cut: a TCP relay on a
/// port of its own that passes every connection on to the station, writing the station's
/// address for its own in what the browser sends (the `Host` and `Origin` the station
/// checks), so that the page sees one origin throughout. Cut, it closes every open
/// connection (an event stream ends as when a Wi-Fi drops) and closes each new one at once,
/// until it is joined again. Browsers keep their open connections through DevTools'
/// "offline" emulation, so this is how a test drops the page's stream.
pub struct Link {
    addr: SocketAddr,
    state: std::sync::Arc<LinkState>,
}

struct LinkState {
    up: std::sync::atomic::AtomicBool,
    stop: std::sync::atomic::AtomicBool,
    open: std::sync::Mutex<Vec<TcpStream>>,
}

impl Link {
    /// A link to the station at `to`, on a free port of 127.0.0.1.
    pub fn to(to: SocketAddr) -> Link {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a port for the link");
        let addr = listener.local_addr().expect("its address");
        let state = std::sync::Arc::new(LinkState {
            up: std::sync::atomic::AtomicBool::new(true),
            stop: std::sync::atomic::AtomicBool::new(false),
            open: std::sync::Mutex::new(Vec::new()),
        });
        let shared = std::sync::Arc::clone(&state);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if shared.stop.load(std::sync::atomic::Ordering::SeqCst) {
                    break;
                }
                let Ok(client) = client else { continue };
                if !shared.up.load(std::sync::atomic::Ordering::SeqCst) {
                    let _ = client.shutdown(std::net::Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect_timeout(&to, HTTP_LIMIT) else {
                    let _ = client.shutdown(std::net::Shutdown::Both);
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                if let (Ok(c), Ok(s)) = (client.try_clone(), server.try_clone()) {
                    let mut open = shared.open.lock().unwrap_or_else(|p| p.into_inner());
                    open.push(c);
                    open.push(s);
                }
                let (from, into) = (addr.to_string(), to.to_string());
                relay(
                    client.try_clone().expect("the connection"),
                    server.try_clone().expect("the connection"),
                    Some((from, into)),
                );
                relay(server, client, None);
            }
        });
        Link { addr, state }
    }

    /// The page's address through the link, `http://127.0.0.1:LINKPORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Cuts the link (`false`: every open connection closed, new ones closed at once) or
    /// joins it again (`true`).
    pub fn set_up(&self, up: bool) {
        self.state.up.store(up, std::sync::atomic::Ordering::SeqCst);
        if !up {
            let mut open = self.state.open.lock().unwrap_or_else(|p| p.into_inner());
            for stream in open.drain(..) {
                let _ = stream.shutdown(std::net::Shutdown::Both);
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.state
            .stop
            .store(true, std::sync::atomic::Ordering::SeqCst);
        self.set_up(false);
        // Wakes the accepting thread, which then ends.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
    }
}

/// Copies `from` into `into` on a thread until either ends; with `rewrite` `(a, b)`, each
/// piece read has `a` written as `b` (the link's address as the station's, in the request
/// heads).
fn relay(mut from: TcpStream, mut into: TcpStream, rewrite: Option<(String, String)>) {
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let piece = match &rewrite {
                Some((a, b)) => replace(&buf[..n], a.as_bytes(), b.as_bytes()),
                None => buf[..n].to_vec(),
            };
            if into.write_all(&piece).is_err() {
                break;
            }
        }
        let _ = into.shutdown(std::net::Shutdown::Both);
        let _ = from.shutdown(std::net::Shutdown::Both);
    });
}

/// `bytes` with every `a` replaced by `b`.
fn replace(bytes: &[u8], a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(a) {
            out.extend_from_slice(b);
            i += a.len();
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The link passes bytes both ways, writes the station's address for its own, and cut
    /// closes the open connection and refuses new ones.
    #[test]
    fn the_link_relays_rewrites_and_cuts() {
        let echo = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let to = echo.local_addr().unwrap();
        std::thread::spawn(move || {
            for s in echo.incoming() {
                let Ok(mut s) = s else { break };
                std::thread::spawn(move || {
                    let mut buf = [0u8; 1024];
                    while let Ok(n) = s.read(&mut buf) {
                        if n == 0 || s.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                });
            }
        });
        let link = Link::to(to);
        let mut c = TcpStream::connect(link.addr).unwrap();
        c.set_read_timeout(Some(HTTP_LIMIT)).unwrap();
        let head = format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", link.addr);
        c.write_all(head.as_bytes()).unwrap();
        let want = format!("GET / HTTP/1.1\r\nHost: {to}\r\n\r\n");
        let mut got = vec![0u8; want.len()];
        c.read_exact(&mut got).unwrap();
        assert_eq!(String::from_utf8_lossy(&got), want);
        link.set_up(false);
        let mut rest = Vec::new();
        assert!(matches!(c.read_to_end(&mut rest), Ok(0) | Err(_)));
        let mut d = TcpStream::connect(link.addr).unwrap();
        d.set_read_timeout(Some(HTTP_LIMIT)).unwrap();
        let _ = d.write_all(b"x");
        assert!(matches!(d.read(&mut [0u8; 8]), Ok(0) | Err(_)));
        link.set_up(true);
        let mut e = TcpStream::connect(link.addr).unwrap();
        e.set_read_timeout(Some(HTTP_LIMIT)).unwrap();
        e.write_all(b"ping").unwrap();
        let mut back = [0u8; 4];
        e.read_exact(&mut back).unwrap();
        assert_eq!(&back, b"ping");
    }
}
