//! A plain HTTP/1.1 client for the web server's tests: every header as given (a foreign
//! `Host` or `Origin` included), `Connection: close`, chunked bodies decoded; the page's
//! event stream read event by event. Every read is bounded ([`WAIT`]).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

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

/// The status line and headers of an answer.
pub async fn head(reader: &mut BufReader<TcpStream>) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    reader.read_line(&mut line).await.unwrap();
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.unwrap();
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((n, v)) = l.split_once(':') {
            headers.push((n.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    (status, headers)
}

/// One chunk of a chunked body (`None` at its end).
async fn chunk(reader: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut line = String::new();
    reader.read_line(&mut line).await.ok()?;
    let size = usize::from_str_radix(line.trim(), 16).ok()?;
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
pub async fn connect(from: Option<IpAddr>, addr: SocketAddr) -> TcpStream {
    let Some(from) = from else {
        return TcpStream::connect(addr).await.unwrap();
    };
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4(),
        IpAddr::V6(_) => TcpSocket::new_v6(),
    }
    .unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// [`send`] from the local address `from`.
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
        stream
            .write_all(request_text(method, path, headers, body).as_bytes())
            .await
            .unwrap();
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

/// An event: its fields (`event`, `id`, `retry`, `data`).
#[derive(Debug, Default)]
pub struct Event {
    /// `event:`.
    pub event: String,
    /// `id:`.
    pub id: String,
    /// `retry:`.
    pub retry: String,
    /// `data:`.
    pub data: String,
}

impl Events {
    /// Opens `GET /events` with `headers`.
    pub async fn open(addr: SocketAddr, headers: &[(&str, &str)]) -> Events {
        let open = async {
            let mut stream = TcpStream::connect(addr).await.unwrap();
            stream
                .write_all(request_text("GET", "/events", headers, "").as_bytes())
                .await
                .unwrap();
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
            .expect("the stream opens")
    }

    /// The next event with data (keep-alive comments skipped).
    pub async fn next(&mut self) -> Event {
        let read = async {
            loop {
                while let Some(end) = self.pending.find("\n\n") {
                    let block: String = self.pending.drain(..end + 2).collect();
                    let mut event = Event::default();
                    for line in block.lines() {
                        if let Some((field, value)) = line.split_once(':') {
                            let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
                            match field {
                                "event" => event.event = value,
                                "id" => event.id = value,
                                "retry" => event.retry = value,
                                "data" => event.data = value,
                                _ => {}
                            }
                        }
                    }
                    if !event.data.is_empty() {
                        return event;
                    }
                }
                let c = chunk(&mut self.reader).await.expect("the stream goes on");
                self.pending.push_str(&String::from_utf8_lossy(&c));
            }
        };
        tokio::time::timeout(WAIT, read)
            .await
            .expect("an event within the wait")
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
pub async fn open_stream(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<(String, String)>, BufReader<TcpStream>) {
    let open = async {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(request_text(method, path, headers, body).as_bytes())
            .await
            .unwrap();
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
        let Ok(size) = usize::from_str_radix(line.trim(), 16) else {
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
