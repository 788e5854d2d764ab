//! Our move is never made twice (issue 32): the resend after a lost answer is the
//! session's decision, property-tested on the session itself against a model of the
//! server. The station (White) makes its moves through the Appendix D dialogue; each post
//! the session asks for reaches the server, or is lost before it, or is made there with
//! its answer lost; the opponent moves; the stream's lines are lost or arrive; the stream
//! reconnects (a `gameFull`). Whatever happens: every post the session asks for finds the
//! server waiting for exactly that move (so the server never refuses it as played
//! already, and never makes it twice), a move is posted at most twice, and after a last
//! `gameFull` the station's game is the server's (or the server's with our one move still
//! on its way, after its answer was lost twice).

use std::time::Duration;

use proptest::prelude::*;
use shakmaty::CastlingMode;

use ansage::core::input::{Actor, Input};
use ansage::core::online::game::GameLine;
use ansage::core::output::{OnlineRequest, Output};
use ansage::core::script::{parse, parse_console_line};
use ansage::core::session::Session;
use ansage::core::time::Timestamp;

/// White's moves (the station's) and Black's (the server's opponent), in turn.
const WHITE: [(&str, &str); 4] = [
    ("e4", "e2e4"),
    ("Nf3", "g1f3"),
    ("Bc4", "f1c4"),
    ("d3", "d2d3"),
];
const BLACK: [&str; 4] = ["e7e5", "b8c6", "g8f6", "f8c5"];

/// What becomes of one post.
#[derive(Clone, Copy, Debug)]
enum Fate {
    /// Made, and its line arrives.
    Made,
    /// Made, and its answer and line are lost (the connection broke).
    AnswerLost,
    /// Lost before the server saw it.
    Lost,
}

/// What happens next.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The player announces and confirms White's next move, if it is his turn.
    Ours,
    /// The opponent moves, if it is his turn; its line arrives or is lost.
    Theirs(bool),
    /// The stream reconnects: a `gameFull`.
    Reconnect,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => Just(Step::Ours),
        2 => any::<bool>().prop_map(Step::Theirs),
        1 => Just(Step::Reconnect),
    ]
}

fn fate() -> impl Strategy<Value = Fate> {
    prop_oneof![
        2 => Just(Fate::Made),
        1 => Just(Fate::AnswerLost),
        1 => Just(Fate::Lost),
    ]
}

const STATE: &str = r#""wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"started""#;

fn state(moves: &[String]) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{}",{STATE}}}"#,
        moves.join(" ")
    )
}

fn full(moves: &[String]) -> String {
    format!(
        r#"{{"type":"gameFull","id":"abcd1234","variant":{{"key":"standard"}},"clock":{{"initial":600000,"increment":0}},"white":{{"id":"ana","name":"Ana"}},"black":{{"id":"salma","name":"Salma"}},"initialFen":"startpos","state":{}}}"#,
        state(moves)
    )
}

/// The session and the server's model, in virtual time.
struct World {
    session: Session,
    now: Timestamp,
    server: Vec<String>,
    /// How many times each ply was posted.
    posts: Vec<usize>,
    fates: std::vec::IntoIter<Fate>,
}

impl World {
    fn new(fates: Vec<Fate>) -> World {
        let script = parse(
            "@0 arbiter setup tc=600 vi=white lang=en online=black white=\"Ana\" black=\"Salma\" reminders=off\n",
        )
        .expect("the setup");
        let session = Session::new(script.setup).expect("a session");
        let mut world = World {
            session,
            now: Timestamp::ZERO,
            server: Vec::new(),
            posts: vec![0; 16],
            fates: fates.into_iter(),
        };
        world.line(&full(&[]));
        world
    }

    /// Hands `input` to the session (after the deadlines due), and carries out the posts
    /// it asks for.
    fn handle(&mut self, input: Input) {
        self.now = self.now + Duration::from_millis(1500);
        let mut outputs = Vec::new();
        while let Some((_, due)) = self.session.poll_due(self.now) {
            outputs.extend(due);
        }
        outputs.extend(self.session.handle(input, self.now));
        for output in outputs {
            if let Output::Online(OnlineRequest::Move { uci, ply, .. }) = output {
                self.post(&uci, ply);
            }
        }
    }

    fn line(&mut self, json: &str) {
        let line: GameLine = serde_json::from_str(json).expect("a line");
        self.handle(Input::server(Actor::Player(shakmaty::Color::Black), line));
    }

    fn typed(&mut self, text: &str) {
        let input = parse_console_line(text, Actor::Player(shakmaty::Color::White))
            .expect("a console line")
            .expect("an input");
        self.handle(input);
    }

    /// The server receives our move `uci` for index `ply`.
    fn post(&mut self, uci: &str, ply: usize) {
        self.posts[ply] += 1;
        assert!(self.posts[ply] <= 2, "ply {ply} posted a third time");
        assert_eq!(
            self.server.len(),
            ply,
            "{uci} posted while the server has {:?}",
            self.server
        );
        match self.fates.next().unwrap_or(Fate::Made) {
            Fate::Made => {
                self.server.push(uci.to_owned());
                let line = state(&self.server);
                self.line(&line);
            }
            Fate::AnswerLost => {
                self.server.push(uci.to_owned());
                self.line(r#"{"type":"moveLost"}"#);
            }
            Fate::Lost => self.line(r#"{"type":"moveLost"}"#),
        }
    }

    fn station_moves(&self) -> Vec<String> {
        self.session
            .history()
            .iter()
            .map(|p| p.mv.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn our_move_is_never_made_twice(
        steps in proptest::collection::vec(step(), 1..40),
        fates in proptest::collection::vec(fate(), 0..20),
    ) {
        let mut world = World::new(fates);
        for step in steps {
            let ours_next = world.server.len().is_multiple_of(2)
                && world.station_moves().len() == world.server.len();
            match step {
                Step::Ours if ours_next && world.server.len() / 2 < WHITE.len() => {
                    let (typed, _) = WHITE[world.server.len() / 2];
                    world.typed(&format!("type {typed}"));
                    world.typed("key confirm");
                }
                Step::Theirs(seen)
                    if world.server.len() % 2 == 1 && world.server.len() / 2 < BLACK.len() =>
                {
                    world.server.push(BLACK[world.server.len() / 2].to_owned());
                    if seen {
                        let line = state(&world.server);
                        world.line(&line);
                    }
                }
                Step::Reconnect => {
                    let line = full(&world.server);
                    world.line(&line);
                }
                _ => {}
            }
        }
        let line = full(&world.server);
        world.line(&line);
        let ours = world.station_moves();
        let server = world.server.clone();
        let one_on_its_way = ours.len() == server.len() + 1 && ours[..server.len()] == server[..];
        prop_assert!(ours == server || one_on_its_way, "station {ours:?}, server {server:?}");
    }
}

/// The resend in one story: the answer lost before the server saw the move; the
/// reconnection's `gameFull` lacks it; it is posted again, once; a second reconnection
/// asks for nothing more.
#[test]
fn a_lost_move_is_posted_again_once() {
    let mut world = World::new(vec![Fate::Lost, Fate::Made]);
    world.typed("type e4");
    world.typed("key confirm");
    assert_eq!(world.posts[0], 1);
    assert!(world.server.is_empty());
    world.line(&full(&[]));
    assert_eq!(world.posts[0], 2, "posted again after the gameFull");
    assert_eq!(world.server, ["e2e4"]);
    world.line(&full(&world.server.clone()));
    assert_eq!(world.posts[0], 2);
    assert_eq!(world.station_moves(), ["e2e4"]);
}

/// A lost answer to a move the server made: the `gameFull` has it; nothing is posted
/// again.
#[test]
fn a_made_move_whose_answer_was_lost_is_not_posted_again() {
    let mut world = World::new(vec![Fate::AnswerLost]);
    world.typed("type e4");
    world.typed("key confirm");
    world.line(&full(&world.server.clone()));
    assert_eq!(world.posts[0], 1);
    assert_eq!(world.station_moves(), ["e2e4"]);
}
