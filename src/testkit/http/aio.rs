//! The async side of the HTTP client (feature `web`: tokio's sockets), for the tests that
//! run the web server or the fake lichess in their own runtime: a request with every
//! header as given (a foreign `Host` or `Origin` included), `Connection: close`, chunked
//! bodies put together; the page's event stream read event by event; a streamed answer
//! read chunk by chunk. The event blocks and the answer's head are read by the same code
//! as the blocking client's ([`super::sse`]). Every read is bounded ([`WAIT`]); a test
//! helper, it fails the test (panics) with what it waited for.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

pub use super::sse::Event;
use super::sse::{chunk_size, header_line, status, take_event};

/// The longest any read waits.
pub const WAIT: Duration = Duration::from_secs(10);

/// An answer.
#[derive(Debug)]
pub struct Answer {
    /// The status.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
}

impl Answer {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    ///
    /// # Panics
    ///
    /// When the body is not JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

fn request_text(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    if method != "GET" {
        text.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    text.push_str("\r\n");
    text.push_str(body);
    text
}

/// One line of the answer (empty at its end).
async fn line(reader: &mut BufReader<TcpStream>) -> String {
    let mut line = String::new();
    if let Err(e) = reader.read_line(&mut line).await {
        panic!("reading an answer: {e}");
    }
    line
}

/// The status line and headers of an answer.
///
/// # Panics
///
/// When reading fails.
pub async fn head(reader: &mut BufReader<TcpStream>) -> (u16, Vec<(String, String)>) {
    let status = status(&line(reader).await);
    let mut headers = Vec::new();
    loop {
        let l = line(reader).await;
        if l.trim_end().is_empty() {
            break;
        }
        headers.extend(header_line(&l));
    }
    (status, headers)
}

/// One chunk of a chunked body (`None` at its end).
async fn chunk(reader: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut line = String::new();
    reader.read_line(&mut line).await.ok()?;
    let size = chunk_size(&line)?;
    let mut data = vec![0; size + 2];
    reader.read_exact(&mut data).await.ok()?;
    data.truncate(size);
    (size > 0).then_some(data)
}

/// Sends one request and reads the whole answer.
pub async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    send_from(None, addr, method, path, headers, body).await
}

/// A connection to `addr` from the local address `from` (another client on the same
/// machine: any of 127.0.0.0/8), or from any.
///
/// # Panics
///
/// When it cannot connect.
pub async fn connect(from: Option<IpAddr>, addr: SocketAddr) -> TcpStream {
    let connected = match from {
        None => TcpStream::connect(addr).await,
        Some(from) => {
            let socket = match from {
                IpAddr::V4(_) => TcpSocket::new_v4(),
                IpAddr::V6(_) => TcpSocket::new_v6(),
            };
            match socket.and_then(|s| s.bind(SocketAddr::new(from, 0)).map(|()| s)) {
                Ok(socket) => socket.connect(addr).await,
                Err(e) => Err(e),
            }
        }
    };
    connected.unwrap_or_else(|e| panic!("connecting to {addr} from {from:?}: {e}"))
}

/// Writes `text` on `stream`.
async fn write(stream: &mut TcpStream, text: &str) {
    if let Err(e) = stream.write_all(text.as_bytes()).await {
        panic!("sending a request: {e}");
    }
}

/// [`send`] from the local address `from`.
///
/// # Panics
///
/// When no whole answer comes within [`WAIT`].
pub async fn send_from(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let exchange = async {
        let mut stream = connect(from, addr).await;
        write(&mut stream, &request_text(method, path, headers, body)).await;
        let mut reader = BufReader::new(stream);
        let (status, headers) = head(&mut reader).await;
        let chunked = headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
        let mut bytes = Vec::new();
        if chunked {
            while let Some(c) = chunk(&mut reader).await {
                bytes.extend(c);
            }
        } else {
            let _ = reader.read_to_end(&mut bytes).await;
        }
        Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    };
    tokio::time::timeout(WAIT, exchange)
        .await
        .unwrap_or_else(|_| panic!("{method} {path}: no answer within {WAIT:?}"))
}

/// An open event stream.
pub struct Events {
    /// The answer's status and headers.
    pub status: u16,
    reader: BufReader<TcpStream>,
    pending: String,
}

impl Events {
    /// Opens `GET /events` with `headers`.
    ///
    /// # Panics
    ///
    /// When the stream does not open within [`WAIT`].
    pub async fn open(addr: SocketAddr, headers: &[(&str, &str)]) -> Events {
        let open = async {
            let mut stream = connect(None, addr).await;
            write(&mut stream, &request_text("GET", "/events", headers, "")).await;
            let mut reader = BufReader::new(stream);
            let (status, _) = head(&mut reader).await;
            Events {
                status,
                reader,
                pending: String::new(),
            }
        };
        tokio::time::timeout(WAIT, open)
            .await
            .unwrap_or_else(|_| panic!("the event stream did not open within {WAIT:?}"))
    }

    /// The next event with data (keep-alive comments skipped).
    ///
    /// # Panics
    ///
    /// When the stream ends, or no event comes within [`WAIT`].
    pub async fn next(&mut self) -> Event {
        let read = async {
            loop {
                if let Some(event) = take_event(&mut self.pending) {
                    return event;
                }
                let Some(c) = chunk(&mut self.reader).await else {
                    panic!("the event stream ended");
                };
                self.pending.push_str(&String::from_utf8_lossy(&c));
            }
        };
        tokio::time::timeout(WAIT, read)
            .await
            .unwrap_or_else(|_| panic!("no event within {WAIT:?}"))
    }
}

/// A piece of a chunked body as it arrived.
#[derive(Debug, PartialEq, Eq)]
pub enum Chunk {
    /// A chunk's bytes.
    Data(Vec<u8>),
    /// The last chunk: the body ended as it should.
    End,
    /// The connection ended in the middle of the body (no last chunk).
    Broken,
}

/// Opens a request whose answer is a stream: its status, its headers and the reader of
/// its chunked body ([`next_chunk`]).
///
/// # Panics
///
/// When no answer comes within [`WAIT`].
pub async fn open_stream(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<(String, String)>, BufReader<TcpStream>) {
    let open = async {
        let mut stream = connect(None, addr).await;
        write(&mut stream, &request_text(method, path, headers, body)).await;
        let mut reader = BufReader::new(stream);
        let (status, headers) = head(&mut reader).await;
        (status, headers, reader)
    };
    tokio::time::timeout(WAIT, open)
        .await
        .unwrap_or_else(|_| panic!("{method} {path}: no answer within {WAIT:?}"))
}

/// The next piece of a chunked body, waiting at most `wait` (`None`: nothing came).
pub async fn next_chunk(reader: &mut BufReader<TcpStream>, wait: Duration) -> Option<Chunk> {
    let read = async {
        let mut line = String::new();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => return Chunk::Broken,
            Ok(_) => {}
        }
        let Some(size) = chunk_size(&line) else {
            return Chunk::Broken;
        };
        let mut data = vec![0; size + 2];
        if reader.read_exact(&mut data).await.is_err() {
            return Chunk::Broken;
        }
        data.truncate(size);
        if size == 0 {
            Chunk::End
        } else {
            Chunk::Data(data)
        }
    };
    tokio::time::timeout(wait, read).await.ok()
}
