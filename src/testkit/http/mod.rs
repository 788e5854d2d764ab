//! A plain blocking HTTP/1.1 client for the tests and the benchmarks of the station's web
//! page: every header as given (a foreign `Host` or `Origin` included, which a browser
//! would not send), `Connection: close`, chunked bodies put together; the page's event
//! stream (`GET /events`, Server-Sent Events) read as a page reads it ([`sse`], which the
//! async client of the tests that run a server in their own runtime shares: `aio`,
//! feature `web`). Every connection and read has a bound ([`LIMIT`]).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::KitError;

#[cfg(feature = "web")]
pub mod aio;
pub mod sse;

/// How long a connection, or an answer, may take.
pub const LIMIT: Duration = Duration::from_secs(10);

/// A free port on 127.0.0.1 (bound, then let go: a station binds it next).
pub fn free_port() -> Result<u16, KitError> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(KitError::io("a free port on 127.0.0.1"))
}

/// A connection to `addr` with [`LIMIT`] on its reads and writes.
fn connect(addr: SocketAddr) -> Result<TcpStream, KitError> {
    let what = || format!("connecting to {addr}");
    let stream = TcpStream::connect_timeout(&addr, LIMIT).map_err(KitError::io(what()))?;
    stream
        .set_read_timeout(Some(LIMIT))
        .and_then(|()| stream.set_write_timeout(Some(LIMIT)))
        .map_err(KitError::io(what()))?;
    Ok(stream)
}

/// The text of a request: `method path`, `Host` (`addr` unless `headers` name one), the
/// `headers`, the length of `body`, `Connection: close`, then `body`.
pub fn request_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> String {
    let mut request = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        request += &format!("Host: {addr}\r\n");
    }
    for (k, v) in headers {
        request += &format!("{k}: {v}\r\n");
    }
    request += &format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    request
}

/// Makes one request to `addr` (see [`request_text`]) and reads the whole answer (the
/// server closes); the status and the answer (head and body, as sent).
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Result<(u16, String), KitError> {
    let what = format!("{method} {path}");
    let mut stream = connect(addr)?;
    stream
        .write_all(request_text(addr, method, path, headers, body).as_bytes())
        .map_err(KitError::io(what.clone()))?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .map_err(KitError::io(format!(
            "{what}: the whole answer within {LIMIT:?}"
        )))?;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| KitError::Protocol(format!("{what}: not an HTTP answer: {answer:?}")))?;
    Ok((status, answer))
}

/// The body of an HTTP answer (after the blank line), with a chunked body put together.
pub fn body(answer: &str) -> String {
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((answer, ""));
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return body.to_owned();
    }
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out += &after[..n];
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// The value of the header `name` in an HTTP answer, if it has one.
pub fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split_once("\r\n\r\n").map_or(answer, |(h, _)| h);
    head.lines().skip(1).find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Opens `GET /events` on `addr` with `headers` (a cookie), as a page's `EventSource`
/// does; the reader after the status line, which must say 200.
fn open_events(
    addr: SocketAddr,
    headers: &[(&str, &str)],
) -> Result<(TcpStream, BufReader<TcpStream>), KitError> {
    let mut stream = connect(addr)?;
    let mut request =
        format!("GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n");
    for (k, v) in headers {
        request += &format!("{k}: {v}\r\n");
    }
    request += "\r\n";
    stream
        .write_all(request.as_bytes())
        .map_err(KitError::io("GET /events"))?;
    let mut reader = BufReader::new(stream.try_clone().map_err(KitError::io("GET /events"))?);
    let mut status = String::new();
    reader
        .read_line(&mut status)
        .map_err(KitError::io("GET /events: its status"))?;
    if !status.contains(" 200 ") {
        return Err(KitError::Protocol(format!(
            "GET /events: {}",
            status.trim()
        )));
    }
    Ok((stream, reader))
}

/// The first event of `GET /events` on `addr` (with `headers`, a cookie) whose data is
/// JSON: the state the station sends a page first (its newest). The stream is read as
/// the async client reads it: its chunks put together, its events taken whole
/// ([`sse::take_event`]).
pub fn first_event(addr: SocketAddr, headers: &[(&str, &str)]) -> Result<Value, KitError> {
    let (_stream, mut reader) = open_events(addr, headers)?;
    let deadline = Instant::now() + LIMIT;
    let failed = |e| KitError::io(format!("GET /events: a state within {LIMIT:?}"))(e);
    let mut line = String::new();
    // The rest of the head.
    loop {
        line.clear();
        if reader.read_line(&mut line).map_err(failed)? == 0 || line.trim_end().is_empty() {
            break;
        }
    }
    let mut pending = String::new();
    while Instant::now() < deadline {
        line.clear();
        if reader.read_line(&mut line).map_err(failed)? == 0 {
            break;
        }
        let Some(size) = sse::chunk_size(&line) else {
            continue;
        };
        let mut data = vec![0; size + 2];
        reader.read_exact(&mut data).map_err(failed)?;
        data.truncate(size);
        pending.push_str(&String::from_utf8_lossy(&data));
        while let Some(event) = sse::take_event(&mut pending) {
            if let Ok(v) = serde_json::from_str::<Value>(&event.data) {
                return Ok(v);
            }
        }
    }
    Err(KitError::Ended {
        what: "a state on GET /events".into(),
        said: String::new(),
    })
}

/// Event streams read to their end by this process, as pages read them (each on a thread
/// of its own), until dropped: for the station, each is a page it sends every state to.
pub struct EventStreams {
    stop: Arc<AtomicBool>,
    open: Vec<TcpStream>,
}

impl EventStreams {
    /// Opens `n` event streams to `addr`.
    pub fn open(addr: SocketAddr, n: usize) -> Result<EventStreams, KitError> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut open = Vec::new();
        for _ in 0..n {
            let (stream, mut reader) = open_events(addr, &[])?;
            // A stream is read as long as it lasts, not [`LIMIT`] at most.
            stream
                .set_read_timeout(None)
                .map_err(KitError::io("GET /events"))?;
            open.push(stream);
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut buf = [0u8; 16 * 1024];
                while !stop.load(Ordering::Relaxed) {
                    match reader.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                }
            });
        }
        Ok(EventStreams { stop, open })
    }
}

impl Drop for EventStreams {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for s in &self.open {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_body_is_put_together_and_headers_are_found() {
        let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n\
                      3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(body(answer), "abcde");
        assert_eq!(header(answer, "x-a"), Some("1"));
        assert_eq!(header(answer, "x-b"), None);
        assert_eq!(body("HTTP/1.1 200 OK\r\n\r\nplain"), "plain");
    }

    #[test]
    fn a_request_names_its_host_unless_given_one() {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, 80));
        let text = request_text(addr, "POST", "/a", &[("Origin", "o")], "{}");
        assert_eq!(
            text,
            "POST /a HTTP/1.1\r\nHost: 127.0.0.1:80\r\nOrigin: o\r\nContent-Length: 2\r\n\
             Connection: close\r\n\r\n{}"
        );
        let text = request_text(addr, "GET", "/", &[("host", "x")], "");
        assert!(text.starts_with("GET / HTTP/1.1\r\nhost: x\r\n"), "{text}");
    }
}
