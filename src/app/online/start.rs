//! The online game's start, bounded (issue 32): "Verbinde mit lichess…" is said at once;
//! who the token belongs to and the game's first line (`gameFull`) are then asked until
//! they come, each attempt bounded (`Waits::start`, about 30 s: keep-alives alone or a
//! drip of bytes do not hold it), with the core's reconnection rule between attempts and
//! a sentence whenever the player would otherwise hear nothing: when the trouble begins,
//! and again at least every `Waits::start`. A refusal that trying again cannot mend (the
//! token, a game not to be had), or a server that never answered at all (its address or
//! the network to check), ends the start with its sentence, as before. A line typed
//! meanwhile is answered: not connected yet; `quit` leaves at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::Notify;
use tokio::time::Instant;

use crate::app::AppError;
use crate::config::Settings;
use crate::core::lang::Language;
use crate::core::online::game::{GameFull, GameLine};
use crate::core::online::reconnect::{Failure, Next, Reconnect, Said, Verdict};
use crate::core::output::{Audience, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::render::{self, Timing};
use crate::online::client::{Account, ApiError, Client};
use crate::online::ndjson::{Decoder, Line};
use crate::online::retry::{Waits, seed, verdict};

/// Says the start's sentences: printed on standard error at once, and (unless the
/// console alone is wanted) said and shown on a thread of its own, one after the other.
pub struct Teller {
    settings: Settings,
    lang: Language,
    phrases: Phrases,
    console_only: bool,
    speaking: Option<JoinHandle<()>>,
}

impl Teller {
    /// A teller in `lang`.
    pub fn new(
        settings: &Settings,
        lang: Language,
        console_only: bool,
    ) -> Result<Teller, AppError> {
        Ok(Teller {
            settings: settings.clone(),
            lang,
            phrases: Phrases::load(lang)?,
            console_only,
            speaking: None,
        })
    }

    /// Says `msg`.
    pub fn say(&mut self, msg: &Message) {
        eprintln!("{}", self.phrases.speech(msg));
        if self.console_only {
            return;
        }
        self.finish();
        let outputs = render::message(
            &self.phrases,
            Audience::All,
            Priority::Urgent,
            msg,
            Timing::default(),
        );
        let (settings, lang) = (self.settings.clone(), self.lang);
        self.speaking = std::thread::Builder::new()
            .name("online-start-tell".into())
            .spawn(move || crate::app::devices::tell(&settings, lang, &outputs))
            .ok();
    }

    /// Waits until what was said is said (bounded by the devices' own waits).
    pub fn finish(&mut self) {
        if let Some(speaking) = self.speaking.take() {
            let _ = speaking.join();
        }
    }
}

/// Answers every line typed while the start waits ("Noch keine Verbindung…"), on a thread
/// of its own that reads a line only when one is there (polled every 100 ms), so that it
/// stops at once when the game starts and leaves the rest to the station's console.
/// `quit` (or `exit`) leaves the start at once: `left` is notified.
struct Listener {
    stop: Arc<AtomicBool>,
    left: Arc<Notify>,
    thread: Option<JoinHandle<()>>,
}

impl Listener {
    fn start(teller: &Teller) -> Listener {
        let stop = Arc::new(AtomicBool::new(false));
        let left = Arc::new(Notify::new());
        let (settings, lang, quiet) = (teller.settings.clone(), teller.lang, teller.console_only);
        let (stopped, leaving) = (Arc::clone(&stop), Arc::clone(&left));
        let thread = std::thread::Builder::new()
            .name("online-start-lines".into())
            .spawn(move || {
                let Ok(mut teller) = Teller::new(&settings, lang, quiet) else {
                    return;
                };
                while !stopped.load(Ordering::Relaxed) {
                    if !line_waiting() {
                        continue;
                    }
                    let mut line = String::new();
                    match std::io::stdin().read_line(&mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if matches!(line.trim(), "quit" | "exit") => {
                            leaving.notify_one();
                            break;
                        }
                        Ok(_) if line.trim().is_empty() => {}
                        Ok(_) => teller.say(&Message::new("online-not-yet")),
                    }
                }
                teller.finish();
            })
            .ok();
        Listener { stop, left, thread }
    }

    fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Whether a typed line waits on standard input (at most 100 ms).
fn line_waiting() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let wait = Timespec {
        tv_sec: 0,
        tv_nsec: 100_000_000,
    };
    match poll(&mut fds, Some(&wait)) {
        Ok(n) => n > 0,
        Err(_) => {
            std::thread::sleep(Duration::from_millis(100));
            false
        }
    }
}

/// Why the start ends without a game.
#[derive(Debug)]
pub enum StartFailed {
    /// Who the token belongs to could not be learnt: the token or the server (the
    /// doctor's words say which).
    Account(ApiError),
    /// The game's stream was refused for good: a game not to be had, or the token.
    Game(ApiError),
    /// The player left (`quit`, the end of the input) while the start waited.
    Left,
}

/// Who the token belongs to, and game `id`'s first line; attempts again after a passing
/// fault, as the rule says, and says so; a refusal for good is the error. Lines typed
/// meanwhile are answered; `quit` leaves at once.
pub fn first_line(
    client: &Client,
    id: &str,
    waits: Waits,
    teller: &mut Teller,
) -> Result<(Account, GameFull), StartFailed> {
    teller.say(&Message::new("online-connecting"));
    let listener = Listener::start(teller);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StartFailed::Account(ApiError::Unknown(e.to_string())))?;
    let left = Arc::clone(&listener.left);
    let found = rt.block_on(async {
        tokio::select! {
            found = attempts(client, id, waits, teller) => found,
            () = left.notified() => Err(StartFailed::Left),
        }
    });
    listener.stop();
    if matches!(found, Err(StartFailed::Left)) {
        teller.say(&Message::new("station-quit"));
    }
    teller.finish();
    found
}

/// The attempts, until the game's first line comes or a refusal is for good.
async fn attempts(
    client: &Client,
    id: &str,
    waits: Waits,
    teller: &mut Teller,
) -> Result<(Account, GameFull), StartFailed> {
    let mut rule = Reconnect::new(waits.rule, seed());
    let mut last_said = Instant::now();
    let mut account = None;
    loop {
        let failure = match attempt(client, id, waits.start, &mut account).await {
            Ok(found) => return Ok(found),
            Err(Some(e)) => {
                let failed = match account {
                    Some(_) => StartFailed::Game,
                    None => StartFailed::Account,
                };
                match verdict(&e) {
                    // A server that never answered is no passing fault: its address or
                    // the network is to check (the doctor's words say which).
                    Verdict::Retry(Failure::Network) if account.is_none() => {
                        return Err(failed(e));
                    }
                    Verdict::Retry(failure) => failure,
                    _ => return Err(failed(e)),
                }
            }
            Err(None) => Failure::Network,
        };
        let next = rule.failed(failure);
        if next.say.is_some() || last_said.elapsed() >= waits.start {
            teller.say(&waiting(next));
            last_said = Instant::now();
        }
        tokio::time::sleep(next.wait).await;
    }
}

/// The sentence while the start waits: no game yet, the next attempt in so many seconds
/// (or the rate limit's minute).
fn waiting(next: Next) -> Message {
    if next.say == Some(Said::RateLimited) {
        return Message::new("online-rate-limited");
    }
    let seconds = next.wait.as_millis().div_ceil(1000).max(1);
    Message::new("online-start-waiting").arg("seconds", u64::try_from(seconds).unwrap_or(1))
}

/// One attempt: the account (once it is known, not asked again) and the game's
/// `gameFull` within `within`; `Err(None)` when the stream sent none in time or ended
/// without one.
async fn attempt(
    client: &Client,
    id: &str,
    within: Duration,
    account: &mut Option<Account>,
) -> Result<(Account, GameFull), Option<ApiError>> {
    if account.is_none() {
        *account = Some(client.account().await.map_err(Some)?);
    }
    let known = account.clone().ok_or(None)?;
    let path = format!("/api/board/game/stream/{id}");
    let read = async {
        let mut bytes = client.stream(&path).await.map_err(Some)?.bytes_stream();
        let mut decoder = Decoder::<GameLine>::new();
        while let Some(Ok(chunk)) = bytes.next().await {
            for line in decoder.push(&chunk) {
                if let Line::Event(GameLine::GameFull(full)) = line {
                    return Ok(*full);
                }
            }
        }
        Err::<GameFull, Option<ApiError>>(None)
    };
    let full = tokio::time::timeout(within, read)
        .await
        .map_err(|_| None)??;
    Ok((known, full))
}
