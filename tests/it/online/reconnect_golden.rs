//! Golden transcripts of what the player hears while the server flaps (issue 32) in
//! German, Spanish and English: the core's reconnection rule
//! ([`ansage::core::online::reconnect`]) in virtual time through one story (the start
//! waiting for its game, a game's stream cut, streams that end at once, a 503 and a
//! redirect, a rate limit, the stream stable again; the menu's event stream restarted),
//! every sentence as the station says it, with each wait. Update with
//! `UPDATE_EXPECT=1 cargo test --all-features --test it online::reconnect_golden`.

use std::time::Duration;

use ansage::core::lang::Language;
use ansage::core::online::reconnect::{Failure, Next, Reconnect, ReconnectSettings};
use ansage::core::phrases::{Message, Phrases};
use ansage::core::time::Timestamp;
use ansage::online::retry::{Stream, sentence};

/// The story's lines, at their instants.
struct Story {
    phrases: Phrases,
    out: String,
    now: Timestamp,
}

impl Story {
    fn at(&mut self, what: &str) {
        let at = self.now.since_epoch().as_secs_f64();
        self.out.push_str(&format!("@{at:.3} {what}\n"));
    }

    fn said(&mut self, msg: &Message) {
        let text = self.phrases.speech(msg);
        self.at(&format!("say: {text}"));
    }

    /// What the rule answered: said, then the wait.
    fn next(&mut self, next: Next, stream: Stream) {
        if let Some(said) = next.say {
            self.said(&Message::new(sentence(said, stream)));
        }
        self.at(&format!("wait {:.3} s", next.wait.as_secs_f64()));
        self.now = self.now + next.wait;
    }

    fn pass(&mut self, d: Duration) {
        self.now = self.now + d;
    }
}

fn story(lang: Language) -> String {
    let mut s = Story {
        phrases: Phrases::load(lang).unwrap(),
        out: String::new(),
        now: Timestamp::ZERO,
    };
    let settings = ReconnectSettings::default();
    // The start: connecting, then a stream with keep-alives only for 30 s.
    s.said(&Message::new("online-connecting"));
    s.pass(Duration::from_secs(30));
    s.said(&Message::new("online-start-waiting").arg("seconds", 1u64));
    // The game: the stream stable, then cut.
    let mut game = Reconnect::new(settings, 20_261_129);
    game.opened(s.now);
    game.line(s.now);
    s.pass(Duration::from_secs(60));
    s.at("(the game's stream is cut)");
    let next = game.ended(s.now);
    s.next(next, Stream::Game);
    for _ in 0..3 {
        s.at("(a stream opens, gameFull, ends at once)");
        game.opened(s.now);
        game.line(s.now);
        let next = game.ended(s.now);
        s.next(next, Stream::Game);
    }
    for status in ["503", "302", "429"] {
        s.at(&format!("(answered {status})"));
        let failure = match status {
            "429" => Failure::RateLimited,
            _ => Failure::ServerFault,
        };
        let next = game.failed(failure);
        s.next(next, Stream::Game);
    }
    s.at("(a stream opens, gameFull, keep-alives)");
    game.opened(s.now);
    game.line(s.now);
    s.pass(settings.stable);
    if let Some(said) = game.poll(s.now) {
        s.said(&Message::new(sentence(said, Stream::Game)));
    }
    // The menu: the event stream closed twice by a restart, then stable.
    let mut events = Reconnect::new(settings, 7);
    s.at("(the menu's event stream answered 502)");
    let next = events.failed(Failure::ServerFault);
    s.next(next, Stream::Lobby);
    events.opened(s.now);
    events.line(s.now);
    s.pass(Duration::from_secs(60));
    for _ in 0..2 {
        s.at("(the event stream closes: a restart)");
        let next = events.ended(s.now);
        s.next(next, Stream::Lobby);
        s.at("(the event stream opens)");
        events.opened(s.now);
        s.pass(Duration::from_secs(2));
        events.line(s.now);
    }
    s.pass(settings.stable);
    if let Some(said) = events.poll(s.now) {
        s.said(&Message::new(sentence(said, Stream::Lobby)));
    }
    s.out
}

#[test]
fn reconnect_de() {
    expect_test::expect_file!["../../golden/online/reconnect_de.transcript"]
        .assert_eq(&story(Language::De));
}

#[test]
fn reconnect_es() {
    expect_test::expect_file!["../../golden/online/reconnect_es.transcript"]
        .assert_eq(&story(Language::Es));
}

#[test]
fn reconnect_en() {
    expect_test::expect_file!["../../golden/online/reconnect_en.transcript"]
        .assert_eq(&story(Language::En));
}
