//! The real `ansage play --console --web 127.0.0.1:PORT` for the web page's tests (issue
//! 21): German, the full transcript on stdout (read as it comes), console lines typed on
//! stdin, a journal in a temporary folder the tests read byte for byte, and plain HTTP
//! requests to its web server (any Host, Origin or cookie, which a browser would not send).
//! Every wait has a bound ([`LIMIT`]).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::proc;

/// How long any one thing the station must do may take (a loaded 2-core machine).
pub const LIMIT: Duration = Duration::from_secs(20);

/// How long a station told to quit may take to end.
const QUIT: Duration = Duration::from_secs(20);

/// The arguments every station of these tests gets (after `play`): the console with the
/// full transcript, no Braille lines in it.
const BASE: [&str; 3] = ["--console", "--transcript", "--no-braille"];

/// The game options of a new game (a resumed one takes them from its journal): German, no
/// reminders (the transcript stays the same from run to run).
const GAME: [&str; 4] = ["--lang", "de", "--set", "reminders=off"];

/// A line the station wrote: on stdout (the transcript) or stderr.
#[derive(Clone, Debug)]
pub struct Line {
    pub stderr: bool,
    pub text: String,
}

/// A running `ansage play` with its web server.
pub struct WebStation {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Every line read so far (stdout and stderr, in the order they arrived).
    pub seen: Vec<Line>,
    /// Where the next [`WebStation::wait_for`] starts looking.
    cursor: usize,
    addr: SocketAddr,
    journal: PathBuf,
    dir: PathBuf,
    /// The temporary folder (settings, data, the journal), kept for a restart.
    _tmp: Option<tempfile::TempDir>,
}

/// A free port on 127.0.0.1 (bound, then let go: the station binds it next).
pub fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl WebStation {
    /// Starts `ansage play` with its web server on a free port of 127.0.0.1, a journal at
    /// `TMP/game/journal.txt`, and `args` (`--vi black`, `--tc 15`…) after the common
    /// ones; waits (with a bound) until the web server answers.
    pub fn start(args: &[&str]) -> WebStation {
        WebStation::start_in("de", args)
    }

    /// [`WebStation::start`] in the game's language `lang` (`de`, `es`, `en`).
    pub fn start_in(lang: &str, args: &[&str]) -> WebStation {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let dir = tmp.path().to_path_buf();
        let journal = dir.join("game").join("journal.txt");
        std::fs::create_dir_all(journal.parent().expect("its folder")).expect("the game folder");
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, free_port()));
        let mut cmd = base_command(&dir, addr);
        cmd.args(["--lang", lang])
            .args(&GAME[2..])
            .arg("--journal")
            .arg(&journal)
            .args(args);
        let mut station = WebStation::spawn(cmd, addr, journal, dir);
        station._tmp = Some(tmp);
        station
    }

    /// Kills the station (SIGKILL, a crash) and starts it again with `--resume` on its
    /// journal, at the same address; waits until the web server answers.
    pub fn kill_and_resume(mut self) -> WebStation {
        self.kill9();
        let mut cmd = base_command(&self.dir, self.addr);
        cmd.arg("--resume").arg(&self.journal);
        let mut station = WebStation::spawn(cmd, self.addr, self.journal.clone(), self.dir.clone());
        station._tmp = self._tmp.take();
        station
    }

    fn spawn(mut cmd: Command, addr: SocketAddr, journal: PathBuf, dir: PathBuf) -> WebStation {
        let mut child = proc::spawn(&mut cmd);
        let (tx, lines) = channel();
        for (stderr, pipe) in [
            (
                false,
                Box::new(child.stdout.take().expect("stdout")) as Box<dyn std::io::Read + Send>,
            ),
            (true, Box::new(child.stderr.take().expect("stderr"))),
        ] {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for text in BufReader::new(pipe).lines() {
                    let Ok(text) = text else { break };
                    if tx.send(Line { stderr, text }).is_err() {
                        break;
                    }
                }
            });
        }
        let mut station = WebStation {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
            cursor: 0,
            addr,
            journal,
            dir,
            _tmp: None,
        };
        station.wait_listening();
        station
    }

    /// Waits (up to [`LIMIT`]) until the web server accepts connections.
    #[track_caller]
    fn wait_listening(&mut self) {
        let deadline = Instant::now() + LIMIT;
        loop {
            if TcpStream::connect_timeout(&self.addr, Duration::from_millis(200)).is_ok() {
                return;
            }
            self.drain();
            if let Ok(Some(status)) = self.child.try_wait() {
                self.fail(&format!(
                    "the station ended ({status}) before its web server listened on {}",
                    self.addr
                ));
            }
            if Instant::now() >= deadline {
                self.fail(&format!("no web server on {} within {LIMIT:?}", self.addr));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the web page keeps its browsers' roles beside the journal.
    pub fn access_file(&self) -> PathBuf {
        self.journal.with_extension("access")
    }

    /// The journal's bytes as they are now.
    pub fn journal_bytes(&self) -> Vec<u8> {
        std::fs::read(&self.journal).unwrap_or_default()
    }

    /// The journal's records as they are now: the payloads (`@SECONDS WHO VERB TEXT`),
    /// without the CRC and length.
    pub fn records(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.journal_bytes())
            .lines()
            .filter_map(|l| l.splitn(3, ' ').nth(2).map(str::to_owned))
            .collect()
    }

    /// Waits (up to [`LIMIT`]) until the journal holds `n` records that contain `what`.
    #[track_caller]
    pub fn wait_records(&mut self, what: &str, n: usize) -> Vec<String> {
        let deadline = Instant::now() + LIMIT;
        loop {
            let found: Vec<String> = self
                .records()
                .into_iter()
                .filter(|r| r.contains(what))
                .collect();
            if found.len() >= n {
                return found;
            }
            if Instant::now() >= deadline {
                self.fail(&format!(
                    "the journal does not hold {n} records with {what:?}: {:#?}",
                    self.records()
                ));
            }
            self.drain();
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `line` on the station's console.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the station's stdin is open");
        writeln!(stdin, "{line}").expect("the station reads its stdin");
        stdin.flush().expect("the station reads its stdin");
    }

    /// Takes in what the station wrote so far, without waiting.
    fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
    }

    /// The number of lines read so far (a mark for [`WebStation::since`]).
    pub fn mark(&mut self) -> usize {
        self.drain();
        self.seen.len()
    }

    /// The stdout lines read since `mark`.
    pub fn since(&mut self, mark: usize) -> Vec<String> {
        self.drain();
        self.seen[mark.min(self.seen.len())..]
            .iter()
            .filter(|l| !l.stderr)
            .map(|l| l.text.clone())
            .collect()
    }

    /// Waits (up to [`LIMIT`]) for a line (stdout or stderr) after the last one waited for
    /// that contains `needle`; returns it and looks after it next time.
    #[track_caller]
    pub fn wait_for(&mut self, needle: &str) -> String {
        self.wait_line(needle, |l| l.contains(needle))
    }

    /// Waits (up to [`LIMIT`]) for a line after the last one waited for that `matches`.
    #[track_caller]
    pub fn wait_line(&mut self, what: &str, matches: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + LIMIT;
        loop {
            if let Some(i) = self.seen[self.cursor..]
                .iter()
                .position(|l| matches(&l.text))
            {
                self.cursor += i + 1;
                return self.seen[self.cursor - 1].text.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    self.fail(&format!("no line with {what:?} within {LIMIT:?}"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.fail(&format!("the station ended before {what:?}"))
                }
            }
        }
    }

    /// A one-time access code for `role` (`opponent`, `player`, `arbiter`): the arbiter
    /// asks the console for one (`arbiter do access-code ROLE`; a player may ask only for
    /// some) and the test reads the six digits the station says.
    #[track_caller]
    pub fn code(&mut self, role: &str) -> String {
        self.send(&format!("arbiter do access-code {role}"));
        let line = self.wait_line(&format!("an access code for {role}"), |l| {
            six_digits(l).is_some()
        });
        six_digits(&line).unwrap_or_default()
    }

    /// Makes a plain HTTP/1.1 request to the station's web server: `method path`, the
    /// `headers` (`Host` is the station's address unless given), the `body`; the status
    /// and the whole answer (headers and body).
    pub fn http(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        http(self.addr, method, path, headers, body)
    }

    /// The state the station's event stream sends first (`GET /events`), as any page
    /// without a role gets it: the newest state.
    pub fn state(&self) -> Value {
        first_event(self.addr, &[])
    }

    /// Waits (up to [`LIMIT`]) until the newest state `matches` (the page's state is
    /// published just after the step the transcript shows); returns it.
    #[track_caller]
    pub fn wait_state(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + LIMIT;
        loop {
            let state = self.state();
            if matches(&state) {
                return state;
            }
            if Instant::now() >= deadline {
                self.fail(&format!("no state with {what} within {LIMIT:?}: {state}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the newest state has `plies` moves; returns it.
    #[track_caller]
    pub fn wait_plies(&mut self, plies: usize) -> Value {
        self.wait_state(&format!("{plies} moves"), |s| {
            s["moves"].as_array().is_some_and(|m| m.len() >= plies)
        })
    }

    /// Ends the station with `quit`; it must end successfully within [`QUIT`].
    pub fn quit(mut self) -> Vec<Line> {
        self.send("quit");
        drop(self.stdin.take());
        let status = proc::wait_within(&mut self.child, QUIT, "the station after quit");
        self.drain();
        assert!(
            status.success(),
            "the station ended with {status}: {:#?}",
            self.seen
        );
        std::mem::take(&mut self.seen)
    }

    /// Kills the station with SIGKILL (a crash) and reaps it.
    pub fn kill9(&mut self) {
        let _ = proc::try_stop(&mut self.child, proc::Signal::KILL, QUIT);
        drop(self.stdin.take());
        self.drain();
    }

    /// Fails the test with `why` and everything the station wrote.
    #[track_caller]
    fn fail(&mut self, why: &str) -> ! {
        self.drain();
        let lines: Vec<String> = self
            .seen
            .iter()
            .map(|l| format!("{}{}", if l.stderr { "stderr: " } else { "" }, l.text))
            .collect();
        panic!("{why}\n--- the station wrote:\n{}", lines.join("\n"));
    }
}

impl Drop for WebStation {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = proc::try_stop(&mut self.child, proc::Signal::KILL, QUIT);
        }
    }
}

/// `ansage play` with the common arguments, its web server at `addr`, and its settings
/// and data in `dir`.
fn base_command(dir: &Path, addr: SocketAddr) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.arg("play")
        .args(BASE)
        .arg("--web")
        .arg(addr.to_string())
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_RUNTIME_DIR", dir.join("run"))
        .env("RUST_LOG", "warn")
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// The access code in `line`: six digits, together (`042917`) or one by one as the
/// station says them (`0 4 2 9 1 7`), punctuation around them left aside; a time
/// (`@123456.000`) is none.
pub fn six_digits(line: &str) -> Option<String> {
    let words: Vec<&str> = line
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let digits = |w: &&str, n: usize| w.len() == n && w.chars().all(|c| c.is_ascii_digit());
    if let Some(w) = words.iter().find(|w| digits(w, 6)) {
        return Some((*w).to_owned());
    }
    words
        .windows(6)
        .find(|run| run.iter().all(|w| digits(w, 1)))
        .map(|run| run.concat())
}

/// How long a plain HTTP request may take to be answered.
const HTTP_LIMIT: Duration = Duration::from_secs(10);

/// A plain HTTP/1.1 request to `addr` (see [`WebStation::http`]).
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect_timeout(&addr, HTTP_LIMIT)
        .unwrap_or_else(|e| panic!("connecting to {addr}: {e}"));
    stream
        .set_read_timeout(Some(HTTP_LIMIT))
        .expect("a read timeout");
    stream
        .set_write_timeout(Some(HTTP_LIMIT))
        .expect("a write timeout");
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
    stream
        .write_all(request.as_bytes())
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let mut answer = Vec::new();
    // Read to the end (the server closes: `Connection: close`); a read that times out ends
    // the test.
    stream
        .read_to_end(&mut answer)
        .unwrap_or_else(|e| panic!("{method} {path}: no whole answer within {HTTP_LIMIT:?}: {e}"));
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{method} {path}: not an HTTP answer: {answer:?}"));
    (status, answer)
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

/// The first `state` event of `GET /events` on `addr` (with `headers`, e.g. a cookie),
/// its JSON.
pub fn first_event(addr: SocketAddr, headers: &[(&str, &str)]) -> Value {
    let mut stream = TcpStream::connect_timeout(&addr, HTTP_LIMIT)
        .unwrap_or_else(|e| panic!("connecting to {addr}: {e}"));
    stream
        .set_read_timeout(Some(HTTP_LIMIT))
        .expect("a read timeout");
    let mut request =
        format!("GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n");
    for (k, v) in headers {
        request += &format!("{k}: {v}\r\n");
    }
    request += "\r\n";
    stream.write_all(request.as_bytes()).expect("the request");
    let deadline = Instant::now() + HTTP_LIMIT;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    while Instant::now() < deadline {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {
                if let Some(data) = line.trim_end().strip_prefix("data:")
                    && let Ok(v) = serde_json::from_str::<Value>(data.trim())
                {
                    return v;
                }
            }
            Err(e) => panic!("GET /events: no state within {HTTP_LIMIT:?}: {e}"),
        }
    }
    panic!("GET /events: the stream ended or sent no state within {HTTP_LIMIT:?}")
}

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

    #[test]
    fn a_code_is_six_digits_standing_alone() {
        assert_eq!(
            six_digits("@1.250 say:arbiter Zugangscode für den Gegner: 042917."),
            Some("042917".into())
        );
        assert_eq!(six_digits("Code 123456"), Some("123456".into()));
        assert_eq!(
            six_digits(
                "@2.983 say:arbiter Zugangscode für den Schiedsrichter: 6 2 5 0 8 3. Gültig \
                 zwei Minuten, auf http://127.0.0.1:18902/"
            ),
            Some("625083".into())
        );
        assert_eq!(six_digits("@123456.000 tick"), None);
        assert_eq!(six_digits("clk 0:15:00.000"), None);
    }

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
