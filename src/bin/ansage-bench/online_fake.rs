//! The smallest lichess that `ansage online --game ID` plays against, for `ansage-bench
//! online`: plain HTTP/1.1 on 127.0.0.1, a thread per connection, the bearer token
//! checked. It answers `GET /api/account`, opens the game's stream (`GET
//! /api/board/game/stream/{id}`: the game so far as `gameFull`, then the `gameState` lines
//! the benchmark pushes, each one chunk written at once) and takes our moves (`POST
//! /api/board/game/{id}/move/{uci}`: the instant the request was read whole goes to the
//! benchmark). Everything else is a 404. It can flap: every game stream then ends right
//! after its `gameFull`, as behind a proxy that closes connections. The sockets send
//! without delay (`TCP_NODELAY`), as a server streaming small lines does.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use anyhow::{Context as _, Result, bail};

/// The token the fake takes.
pub const TOKEN: &str = "lip_benchToken0123456789";
/// The game's id.
pub const GAME: &str = "bench1";
/// Both clocks, in milliseconds: 90 minutes, never short.
const CLOCK_MS: u64 = 90 * 60 * 1000;

/// What the connections share.
struct State {
    /// The game's moves so far (UCI).
    moves: Vec<String>,
    /// The game's stream opened last (the station's live one).
    stream: Option<TcpStream>,
    /// How many streams were opened.
    opened: usize,
    /// The server flaps: every game stream ends right after its `gameFull`.
    flapping: bool,
}

/// The fake server; it stops accepting when dropped.
pub struct FakeLichess {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
    /// Our moves as they arrive: the instant each POST was read whole, and its move.
    pub posts: Receiver<(Instant, String)>,
}

impl FakeLichess {
    /// Listens on a free port of 127.0.0.1, a new game of White `ana` (the token's
    /// account) against Black `salma`.
    pub fn start() -> Result<FakeLichess> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
        let addr = listener.local_addr()?;
        let state = Arc::new(Mutex::new(State {
            moves: Vec::new(),
            stream: None,
            opened: 0,
            flapping: false,
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, posts) = mpsc::channel();
        let (shared, stopped) = (Arc::clone(&state), Arc::clone(&stop));
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                let Ok(conn) = conn else { continue };
                let (shared, tx) = (Arc::clone(&shared), tx.clone());
                std::thread::spawn(move || {
                    if let Err(e) = serve(conn, &shared, &tx) {
                        tracing::debug!("fake lichess: a connection ended: {e:#}");
                    }
                });
            }
        });
        Ok(FakeLichess {
            addr,
            state,
            stop,
            posts,
        })
    }

    /// The address for `online.server`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// How many game streams were opened so far.
    pub fn opened(&self) -> usize {
        lock(&self.state).opened
    }

    /// The server flaps (`true`: the live stream ends now, and every stream opened later
    /// ends right after its `gameFull`), or is well again.
    pub fn flap(&self, on: bool) {
        let mut state = lock(&self.state);
        state.flapping = on;
        if on && let Some(stream) = state.stream.take() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }

    /// A move made on the server while no stream shows it: the next `gameFull` has it.
    pub fn move_unseen(&self, uci: &str) {
        lock(&self.state).moves.push(uci.to_owned());
    }

    /// A move made on the server (the opponent's, or ours once taken): appended and sent
    /// on the live stream as a `gameState` line. Returns the instant just before the
    /// line's chunk was written to the socket.
    pub fn push_move(&self, uci: &str) -> Result<Instant> {
        let mut state = lock(&self.state);
        state.moves.push(uci.to_owned());
        let line = state_line(&state.moves);
        let Some(stream) = state.stream.as_mut() else {
            bail!("no game stream is open");
        };
        let at = Instant::now();
        stream
            .write_all(&chunk(&line))
            .context("writing to the game's stream")?;
        Ok(at)
    }
}

impl Drop for FakeLichess {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wakes the accepting thread so that it sees the stop.
        let _ = TcpStream::connect(self.addr);
        if let Some(stream) = lock(&self.state).stream.take() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A `gameState` line of `moves`.
fn state_line(moves: &[String]) -> String {
    format!(
        "{{\"type\":\"gameState\",\"moves\":\"{}\",\"wtime\":{CLOCK_MS},\"btime\":{CLOCK_MS},\
         \"winc\":0,\"binc\":0,\"status\":\"started\"}}",
        moves.join(" ")
    )
}

/// The `gameFull` line of the game with `moves`.
fn full_line(moves: &[String]) -> String {
    format!(
        "{{\"type\":\"gameFull\",\"id\":\"{GAME}\",\"variant\":{{\"key\":\"standard\"}},\
         \"clock\":{{\"initial\":{CLOCK_MS},\"increment\":0}},\"speed\":\"classical\",\
         \"rated\":false,\"white\":{{\"id\":\"ana\",\"name\":\"Ana\"}},\"black\":{{\"id\":\
         \"salma\",\"name\":\"Salma\",\"rating\":1500}},\"initialFen\":\"startpos\",\
         \"state\":{}}}",
        state_line(moves)
    )
}

/// One NDJSON line as one HTTP chunk.
fn chunk(line: &str) -> Vec<u8> {
    format!("{:x}\r\n{line}\n\r\n", line.len() + 1).into_bytes()
}

/// A request: its method, path (with the query) and whether its bearer token is ours.
struct Request {
    method: String,
    path: String,
    authorized: bool,
}

/// Reads one request, its body skipped; `None` at the connection's end.
fn read_request(reader: &mut BufReader<TcpStream>) -> Result<Option<Request>> {
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let mut words = line.split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (mut length, mut authorized) = (0u64, false);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 {
            return Ok(None);
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse()?,
            "authorization" => authorized = value.trim() == format!("Bearer {TOKEN}"),
            _ => {}
        }
    }
    std::io::copy(&mut reader.by_ref().take(length), &mut std::io::sink())?;
    Ok(Some(Request {
        method: method.to_owned(),
        path: path.to_owned(),
        authorized,
    }))
}

/// A JSON answer with its length.
fn answer(stream: &mut TcpStream, status: &str, body: &str) -> Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(format!("{head}{body}").as_bytes())?;
    Ok(())
}

/// Serves one connection's requests until it closes or becomes the game's stream.
fn serve(stream: TcpStream, state: &Mutex<State>, posts: &Sender<(Instant, String)>) -> Result<()> {
    stream.set_nodelay(true)?;
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let game_stream = format!("/api/board/game/stream/{GAME}");
    let move_path = format!("/api/board/game/{GAME}/move/");
    while let Some(request) = read_request(&mut reader)? {
        let at = Instant::now();
        let path = request.path.split('?').next().unwrap_or("");
        if !request.authorized {
            answer(
                &mut out,
                "401 Unauthorized",
                "{\"error\":\"No such token\"}",
            )?;
        } else if request.method == "GET" && path == "/api/account" {
            answer(&mut out, "200 OK", "{\"id\":\"ana\",\"username\":\"Ana\"}")?;
        } else if request.method == "GET" && path == game_stream {
            let mut state = lock(state);
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n\
                        Transfer-Encoding: chunked\r\n\r\n";
            out.write_all(head.as_bytes())?;
            out.write_all(&chunk(&full_line(&state.moves)))?;
            state.opened += 1;
            if state.flapping {
                // The stream's end, right after its first line.
                out.write_all(b"0\r\n\r\n")?;
                return Ok(());
            }
            state.stream = Some(out);
            return Ok(());
        } else if let Some(uci) = path
            .strip_prefix(&move_path)
            .filter(|_| request.method == "POST")
        {
            let _ = posts.send((at, uci.to_owned()));
            answer(&mut out, "200 OK", "{\"ok\":true}")?;
        } else {
            answer(&mut out, "404 Not Found", "{\"error\":\"Not found\"}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client as the station is one: the account, the stream's first line and a pushed
    /// line, a move's POST recorded; a wrong token refused.
    #[test]
    fn the_fake_answers_as_the_station_needs() {
        let fake = FakeLichess::start().unwrap();
        let ask = |request: &str| -> (TcpStream, BufReader<TcpStream>) {
            let mut s = TcpStream::connect(fake.addr).unwrap();
            s.write_all(request.as_bytes()).unwrap();
            let r = BufReader::new(s.try_clone().unwrap());
            (s, r)
        };
        let bearer = format!("Authorization: Bearer {TOKEN}\r\n");
        let (_s, mut r) = ask(&format!("GET /api/account HTTP/1.1\r\n{bearer}\r\n"));
        let mut text = String::new();
        r.read_line(&mut text).unwrap();
        assert_eq!(text, "HTTP/1.1 200 OK\r\n");
        let (_s, mut r) = ask("GET /api/account HTTP/1.1\r\nAuthorization: Bearer x\r\n\r\n");
        text.clear();
        r.read_line(&mut text).unwrap();
        assert_eq!(text, "HTTP/1.1 401 Unauthorized\r\n");

        let (_s, mut r) = ask(&format!(
            "GET /api/board/game/stream/{GAME} HTTP/1.1\r\n{bearer}\r\n"
        ));
        let mut lines = Vec::new();
        while lines.len() < 6 {
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            lines.push(line);
        }
        assert!(lines[5].starts_with("{\"type\":\"gameFull\""), "{lines:?}");
        assert_eq!(fake.opened(), 1);
        fake.push_move("e2e4").unwrap();
        let mut size = String::new();
        let mut line = String::new();
        r.read_line(&mut size).unwrap(); // the end of the last chunk
        r.read_line(&mut size).unwrap();
        r.read_line(&mut line).unwrap();
        assert!(line.contains("\"moves\":\"e2e4\""), "{line}");

        let (_s, mut r) = ask(&format!(
            "POST /api/board/game/{GAME}/move/g1f3?offeringDraw=false HTTP/1.1\r\n{bearer}\
             Content-Length: 0\r\n\r\n"
        ));
        text.clear();
        r.read_line(&mut text).unwrap();
        assert_eq!(text, "HTTP/1.1 200 OK\r\n");
        let (_, uci) = fake.posts.recv().unwrap();
        assert_eq!(uci, "g1f3");
    }
}
