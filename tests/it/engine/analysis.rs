//! Issue 34.4 and 34.5 against Debian's stockfish (one thread, a fixed node budget: the
//! same analysis every time): a game with a hung queen gone through in a session, the
//! analyst (`ansage::engine::analyst`) answering its requests on a runtime; "Partie
//! analysieren" finds the blunder, "Fehler" reads it back, the annotated PGN marks it
//! `$4`, and "Üben" on it hears the refutation of a move that misses it and takes a good
//! one.

use std::time::Duration;

use ansage::core::engine::command::SearchLimit;
use ansage::core::input::{Actor, Input};
use ansage::core::output::{Audience, Output};
use ansage::core::scoresheet::{Sheet, SheetMove};
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::time::Timestamp;
use ansage::engine::analyst::{self, AnalystConfig};
use ansage::engine::client::Timeouts;
use ansage::station::{Sink, StationInput};
use shakmaty::san::San;
use shakmaty::{Chess, Position};
use tokio::sync::mpsc;

/// A session going through a game, and the analyst answering it.
struct Review {
    session: Session,
    analyst: analyst::AnalystSink,
    replies: mpsc::Receiver<StationInput>,
    now: Timestamp,
    said: Vec<String>,
    annotated: Option<String>,
}

impl Review {
    /// White's `line` (typed), then every engine answer it asked for, each within a
    /// bound; what White hears is kept.
    async fn white(&mut self, line: &str) {
        let mut input = Input::typed(Actor::Player(shakmaty::Color::White), line);
        loop {
            self.now = self.now + Duration::from_millis(100);
            let outputs = self.session.handle(input, self.now);
            self.analyst.deliver(self.now, &outputs);
            let asked = outputs.iter().any(|o| matches!(o, Output::Analyse(_)));
            for o in outputs {
                match o {
                    Output::Say(s) if s.to == Audience::White => self.said.push(s.text),
                    Output::Annotated(pgn) => self.annotated = Some(pgn),
                    _ => {}
                }
            }
            if !asked {
                return;
            }
            let reply = tokio::time::timeout(Duration::from_secs(120), self.replies.recv())
                .await
                .expect("the analyst answers within two minutes")
                .expect("the analyst runs");
            let StationInput::Input(reply) = reply else {
                panic!("the analyst sends inputs");
            };
            input = reply;
        }
    }

    fn last(&self) -> &str {
        self.said.last().map_or("", String::as_str)
    }
}

fn hung_queen() -> Sheet {
    let mut pos = Chess::default();
    let mut sheet = Sheet::new(Chess::default());
    for san in ["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"] {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
        sheet.moves.push(SheetMove {
            mv,
            draw_offer: false,
        });
    }
    sheet.result = Some("0-1".into());
    sheet
}

fn review() -> Review {
    let stockfish = ansage::engine::find::find(
        std::path::Path::new(""),
        std::env::var_os("PATH").as_deref(),
    )
    .expect("stockfish is installed by .ci/setup.sh");
    let (tx, replies) = mpsc::channel(8);
    let config = AnalystConfig {
        path: Some(stockfish),
        limit: SearchLimit {
            nodes: Some(20_000),
            depth: None,
            movetime_ms: None,
        },
        timeouts: Timeouts {
            start: Duration::from_secs(30),
            search: Duration::from_secs(60),
        },
    };
    let setup = SessionSetup {
        clock: None,
        ..SessionSetup::default()
    };
    Review {
        session: Session::reviewing(setup, &hung_queen()).unwrap(),
        analyst: analyst::spawn(config, tx),
        replies,
        now: Timestamp::ZERO,
        said: Vec::new(),
        annotated: None,
    }
}

#[test]
fn the_hung_queen_is_found_read_back_and_practised() {
    let _busy = crate::support::load::busy();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut r = review();
        r.white("Partie analysieren").await;
        assert!(
            r.said.iter().any(|s| s == "Analyse: die Hälfte."),
            "{:#?}",
            r.said
        );
        assert!(
            r.last().starts_with("Analyse fertig. Weiß: ")
                && r.last().contains("1 grober Fehler. Schwarz: 0 Ungenauigkeiten, 0 Fehler, 0 grobe Fehler."),
            "{}",
            r.last()
        );
        let pgn = r.annotated.clone().expect("the annotated game");
        let flowing = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flowing.contains("3. Qxe5+ $4 { [%eval -"), "{pgn}");
        // "Fehler" until the blunder: an early queen move may be an inaccuracy first.
        let mut blunder = None;
        for _ in 0..4 {
            r.white("Fehler").await;
            if r.last().starts_with("Zug 3, Dame schlägt Eva fünf Schach: ein grober Fehler. Besser: ") {
                blunder = Some(r.last().to_owned());
                break;
            }
        }
        assert!(blunder.is_some(), "{:#?}", r.said);
        // Practising it: a move that misses the refutation, then a good one.
        r.white("Üben").await;
        assert!(r.last().starts_with("Aufgabe 1 von 1: Zug 3, Weiß am Zug."), "{}", r.last());
        r.white("Qxf7").await;
        assert_eq!(
            r.last(),
            "Dame schlägt Felix sieben Schach ist nicht so gut: darauf folgt König schlägt Felix sieben. Noch einmal, Tipp oder Lösung."
        );
        r.white("Lc4").await;
        let good = r.said[r.said.len() - 2].clone();
        assert!(
            good.starts_with("Richtig: Läufer Cäsar vier") || good.starts_with("Gut: Läufer Cäsar vier"),
            "{good}"
        );
        assert_eq!(r.last(), "Üben beendet: 1 von 1 gefunden.");
    });
}
