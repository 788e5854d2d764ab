//! The fake lichess answers as the lichess Board API does (its OpenAPI specification and
//! the server's error strings, `../shared/research/lichess-board-api.md`), so that the
//! online tests that drive `ansage` against it test the station against the real API's
//! behaviour: the token and its scope, the game stream's first line, moves and their
//! refusals, offers, endings, the event stream, seeks, and the network's failures (lines
//! split, cut and stalled streams, lost lines and lost answers).

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{Value, json};
use shakmaty::Color;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::TcpStream;

use crate::support::http::{self, Chunk, next_chunk, open_stream};
use crate::support::lichess::{FakeLichess, TOKEN};

const BEARER: &str = "Bearer lip_fakeTestToken0123456789";

fn addr(fake: &FakeLichess) -> SocketAddr {
    fake.url()
        .trim_start_matches("http://")
        .parse()
        .expect("127.0.0.1:port")
}

async fn post(fake: &FakeLichess, path: &str, body: &str) -> (u16, Value) {
    let answer = http::send(addr(fake), "POST", path, &[("Authorization", BEARER)], body).await;
    (answer.status, answer.json())
}

/// An NDJSON stream as the station reads it: lines, keep-alives, its end or its cut.
struct Lines {
    reader: BufReader<TcpStream>,
    pending: Vec<u8>,
    chunks: usize,
}

#[derive(Debug, PartialEq)]
enum Got {
    Line(Value),
    KeepAlive,
    End,
    Broken,
    Nothing,
}

impl Lines {
    async fn open(fake: &FakeLichess, method: &str, path: &str, body: &str) -> (u16, Lines) {
        let (status, _, reader) =
            open_stream(addr(fake), method, path, &[("Authorization", BEARER)], body).await;
        let lines = Lines {
            reader,
            pending: Vec::new(),
            chunks: 0,
        };
        (status, lines)
    }

    /// The next line, keep-alive, end or cut; `Nothing` after `wait` without one.
    async fn next(&mut self, wait: Duration) -> Got {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line[..end]).into_owned();
                if text.trim().is_empty() {
                    return Got::KeepAlive;
                }
                return Got::Line(serde_json::from_str(&text).expect("a JSON line"));
            }
            match next_chunk(&mut self.reader, wait).await {
                Some(Chunk::Data(data)) => {
                    self.chunks += 1;
                    self.pending.extend(data);
                }
                Some(Chunk::End) => return Got::End,
                Some(Chunk::Broken) => return Got::Broken,
                None => return Got::Nothing,
            }
        }
    }

    /// The next JSON line (keep-alives skipped), within the fake's wait.
    async fn line(&mut self) -> Value {
        loop {
            match self.next(Duration::from_secs(10)).await {
                Got::Line(v) => return v,
                Got::KeepAlive => {}
                other => panic!("a line was expected, got {other:?}"),
            }
        }
    }
}

const SHORT: Duration = Duration::from_millis(300);

#[tokio::test]
async fn the_token_and_its_scope_are_checked_as_lichess_does() {
    let fake = FakeLichess::start("Anna");
    let a = addr(&fake);
    let none = http::send(a, "GET", "/api/account", &[], "").await;
    assert_eq!(
        (none.status, none.json()),
        (401, json!({"error": "No such token"}))
    );
    let wrong = http::send(
        a,
        "GET",
        "/api/account",
        &[("Authorization", "Bearer lip_other")],
        "",
    )
    .await;
    assert_eq!(wrong.status, 401);
    let me = http::send(a, "GET", "/api/account", &[("Authorization", BEARER)], "").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.json()["username"], "Anna");

    let tested = http::send(
        a,
        "POST",
        "/api/token/test",
        &[],
        &format!("{TOKEN},lip_other"),
    )
    .await;
    let tested = tested.json();
    assert_eq!(tested[TOKEN]["scopes"], "board:play");
    assert_eq!(tested[TOKEN]["userId"], "anna");
    assert_eq!(tested["lip_other"], Value::Null);

    fake.set_scopes("challenge:read");
    let scope = http::send(
        a,
        "GET",
        "/api/account/playing",
        &[("Authorization", BEARER)],
        "",
    )
    .await;
    assert_eq!(
        (scope.status, scope.json()),
        (403, json!({"error": "Missing scope"}))
    );
    fake.set_scopes("board:play");

    let revoked = http::send(a, "DELETE", "/api/token", &[("Authorization", BEARER)], "").await;
    assert_eq!(revoked.status, 204);
    assert!(fake.revoked());
    let after = http::send(a, "GET", "/api/account", &[("Authorization", BEARER)], "").await;
    assert_eq!(after.status, 401);
    let requests = fake.requests();
    assert_eq!(requests.len(), 7, "{requests:#?}");
    assert_eq!(requests[2].authorization.as_deref(), Some(BEARER));
}

#[tokio::test]
async fn a_game_stream_starts_with_game_full_and_follows_the_moves() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::White, "Bob", 900, 10);
    let (status, mut game) =
        Lines::open(&fake, "GET", &format!("/api/board/game/stream/{id}"), "").await;
    assert_eq!(status, 200);
    let full = game.line().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(
        full["clock"],
        json!({"initial": 900_000, "increment": 10_000})
    );
    assert_eq!(full["white"]["name"], "Anna");
    assert_eq!(full["black"]["name"], "Bob");
    assert_eq!(full["state"]["moves"], "");
    assert_eq!(full["state"]["status"], "started");

    let moved = post(&fake, &format!("/api/board/game/{id}/move/e2e4"), "").await;
    assert_eq!(moved, (200, json!({"ok": true})));
    assert_eq!(game.line().await["moves"], "e2e4");
    let early = post(&fake, &format!("/api/board/game/{id}/move/d2d4"), "").await;
    assert_eq!(
        early,
        (400, json!({"error": "Not your turn, or game already over"}))
    );
    fake.opponent_plays(&id, "e7e5");
    let state = game.line().await;
    assert_eq!(state["moves"], "e2e4 e7e5");
    assert_eq!(
        (state["wtime"].clone(), state["btime"].clone()),
        (json!(900_000), json!(900_000))
    );
    let illegal = post(&fake, &format!("/api/board/game/{id}/move/e1e3"), "").await;
    assert_eq!(
        illegal,
        (400, json!({"error": "Piece on e1 cannot move to e3"}))
    );
    let garbled = post(&fake, &format!("/api/board/game/{id}/move/e9e4"), "").await;
    assert_eq!(garbled, (400, json!({"error": "Invalid UCI: e9e4"})));
    let unknown = post(&fake, "/api/board/game/nosuchid/move/e2e4", "").await;
    assert_eq!(unknown, (404, json!({"error": "No such game"})));

    // After both first moves the clocks run: the mover gets the increment.
    post(&fake, &format!("/api/board/game/{id}/move/g1f3"), "").await;
    assert_eq!(game.line().await["wtime"], 910_000);
    assert_eq!(game.next(SHORT).await, Got::Nothing, "one line a change");
}

#[tokio::test]
async fn keep_alives_split_lines_a_cut_and_a_stall_reach_the_client_as_on_a_real_network() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::Black, "Bob", 600, 0);
    let path = format!("/api/board/game/stream/{id}");
    let (_, mut game) = Lines::open(&fake, "GET", &path, "").await;
    game.line().await;
    fake.keepalive();
    assert_eq!(game.next(SHORT).await, Got::KeepAlive);

    fake.split_next();
    let before = game.chunks;
    fake.opponent_plays(&id, "d2d4");
    assert_eq!(game.line().await["moves"], "d2d4");
    assert_eq!(game.chunks - before, 2, "the line came in two chunks");

    post(&fake, &format!("/api/board/game/{id}/move/d7d5"), "").await;
    assert_eq!(game.line().await["moves"], "d2d4 d7d5");
    fake.stall();
    fake.opponent_plays(&id, "c2c4");
    fake.keepalive();
    assert_eq!(
        game.next(SHORT).await,
        Got::Nothing,
        "a stalled stream gets nothing"
    );
    // A new connection is served: its gameFull carries the move the stalled one missed.
    let (_, mut again) = Lines::open(&fake, "GET", &path, "").await;
    let full = again.line().await;
    assert_eq!(full["state"]["moves"], "d2d4 d7d5 c2c4");

    fake.cut();
    assert_eq!(again.next(Duration::from_secs(10)).await, Got::Broken);
}

#[tokio::test]
async fn offers_takebacks_and_endings_are_the_servers() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::White, "Bob", 900, 10);
    let (_, mut game) =
        Lines::open(&fake, "GET", &format!("/api/board/game/stream/{id}"), "").await;
    game.line().await;
    post(&fake, &format!("/api/board/game/{id}/move/e2e4"), "").await;
    fake.opponent_plays(&id, "c7c5");
    game.line().await;
    game.line().await;

    let aborted = post(&fake, &format!("/api/board/game/{id}/abort"), "").await;
    assert_eq!(
        aborted,
        (400, json!({"error": "This game can no longer be aborted"}))
    );
    let claimed = post(&fake, &format!("/api/board/game/{id}/claim-victory"), "").await;
    assert_eq!(
        claimed,
        (
            400,
            json!({"error": "You cannot claim the win on this game"})
        )
    );
    fake.change(&id, |g| g.draw(Color::Black, true))
        .expect("an offer");
    assert_eq!(game.line().await["bdraw"], true);
    post(&fake, &format!("/api/board/game/{id}/draw/no"), "").await;
    assert_eq!(game.line().await.get("bdraw"), None, "declined");

    fake.change(&id, |g| g.takeback(Color::Black, true))
        .expect("a proposal");
    assert_eq!(game.line().await["btakeback"], true);
    post(&fake, &format!("/api/board/game/{id}/takeback/yes"), "").await;
    assert_eq!(
        game.line().await["moves"],
        "e2e4",
        "Black's move taken back"
    );

    fake.opponent_gone(&id, Some(0));
    assert_eq!(
        game.line().await,
        json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": 0})
    );
    post(&fake, &format!("/api/board/game/{id}/claim-victory"), "").await;
    let end = game.line().await;
    assert_eq!(
        (end["status"].clone(), end["winner"].clone()),
        (json!("timeout"), json!("white"))
    );
    assert_eq!(
        game.next(Duration::from_secs(10)).await,
        Got::End,
        "the server closes the stream"
    );
    assert_eq!(fake.model().playing(), json!({"nowPlaying": []}));
}

#[tokio::test]
async fn the_event_stream_tells_games_and_challenges_and_a_second_one_closes_the_first() {
    let fake = FakeLichess::start("Anna");
    let running = fake.start_game(Color::White, "Bob", 900, 10);
    let (_, mut events) = Lines::open(&fake, "GET", "/api/stream/event", "").await;
    let start = events.line().await;
    assert_eq!(
        (start["type"].clone(), start["game"]["gameId"].clone()),
        (json!("gameStart"), json!(running))
    );
    assert_eq!(start["game"]["isMyTurn"], true);

    let challenge = fake.incoming_challenge("Clara", 300, 3, Color::Black);
    let told = events.line().await;
    assert_eq!(told["type"], "challenge");
    assert_eq!(told["challenge"]["challenger"]["name"], "Clara");
    assert_eq!(told["challenge"]["timeControl"]["show"], "5+3");
    assert_eq!(told["challenge"]["speed"], "blitz");
    let accepted = post(&fake, &format!("/api/challenge/{challenge}/accept"), "").await;
    assert_eq!(accepted, (200, json!({"ok": true})));
    let started = events.line().await;
    assert_eq!(
        (
            started["game"]["gameId"].clone(),
            started["game"]["color"].clone()
        ),
        (json!(challenge), json!("black"))
    );

    let (_, mut second) = Lines::open(&fake, "GET", "/api/stream/event", "").await;
    assert_eq!(second.line().await["type"], "gameStart");
    assert_eq!(
        events.next(Duration::from_secs(10)).await,
        Got::End,
        "the first stream is closed"
    );
}

#[tokio::test]
async fn a_seek_must_be_rapid_or_slower_and_a_challenge_makes_a_game_when_accepted() {
    let fake = FakeLichess::start("Anna");
    let blitz = post(&fake, "/api/board/seek", "time=5&increment=3").await;
    assert_eq!(blitz, (400, json!({"error": "Invalid time control"})));
    let (status, mut seek) =
        Lines::open(&fake, "POST", "/api/board/seek", "time=15&increment=10").await;
    assert_eq!(status, 200);
    let id = fake
        .match_seek("Dora", Color::White)
        .expect("the seek is open");
    assert_eq!(
        seek.next(Duration::from_secs(10)).await,
        Got::End,
        "answered, the seek's stream ends"
    );
    assert_eq!(fake.model().games[0].clock, (900_000, 10_000), "{id}");

    let (status, made) = post(
        &fake,
        "/api/challenge/Emil",
        "clock.limit=300&clock.increment=0&color=black",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(made["direction"], "out");
    assert_eq!(made["destUser"]["name"], "Emil");
    let bullet = post(
        &fake,
        "/api/challenge/Emil",
        "clock.limit=60&clock.increment=0",
    )
    .await;
    assert_eq!(bullet.0, 400);
    let challenge = made["id"].as_str().expect("its id").to_owned();
    fake.challenge_accepted(&challenge);
    let game = fake
        .model()
        .games
        .into_iter()
        .find(|g| g.id == challenge)
        .expect("the game");
    assert_eq!(game.ours, Color::Black);
}

#[tokio::test]
async fn an_injected_answer_is_given_once_for_its_path() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::White, "Bob", 900, 10);
    fake.respond_next(
        "/move/",
        429,
        json!({"error": "Too many requests. Try again later."}),
    );
    let limited = post(&fake, &format!("/api/board/game/{id}/move/e2e4"), "").await;
    assert_eq!(limited.0, 429);
    assert!(
        fake.model().games[0].moves.is_empty(),
        "a 429 changes nothing"
    );
    let moved = post(&fake, &format!("/api/board/game/{id}/move/e2e4"), "").await;
    assert_eq!(moved.0, 200);
    assert_eq!(fake.model().games[0].moves, ["e2e4"]);
    let seen = fake.wait_request("the second move", |r| {
        r.path.ends_with("/move/e2e4") && r.method == "POST"
    });
    assert_eq!(seen.authorization.as_deref(), Some(BEARER));
}

/// A POST whose answer the fake loses: what comes back before the connection closes.
async fn lost(fake: &FakeLichess, path: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(addr(fake))
        .await
        .expect("the fake listens");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: {BEARER}\r\nContent-Length: 0\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut got));
    // A closed connection (its end, or a reset) is what is looked for.
    let _ = read.await.expect("the connection is closed");
    got
}

#[tokio::test]
async fn a_lost_answer_closes_the_connection_without_a_byte_after_the_work_or_before_it() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::White, "Bob", 900, 10);
    let path = |uci: &str| format!("/api/board/game/{id}/move/{uci}");
    fake.lose_answer_next("/move/");
    assert_eq!(
        lost(&fake, &path("e2e4")).await,
        b"",
        "no byte of the answer"
    );
    assert_eq!(fake.moves(&id), ["e2e4"], "the move was carried out");
    fake.opponent_plays(&id, "e7e5");
    fake.break_next("/move/");
    assert_eq!(
        lost(&fake, &path("g1f3")).await,
        b"",
        "no byte of the answer"
    );
    assert_eq!(fake.moves(&id), ["e2e4", "e7e5"], "nothing was carried out");
    let moved = post(&fake, &path("g1f3"), "").await;
    assert_eq!(
        moved,
        (200, json!({"ok": true})),
        "the next one is answered"
    );
    let requests = fake.requests();
    assert_eq!(requests.len(), 3, "{requests:#?}");
    assert!(
        requests.windows(2).all(|w| w[0].at <= w[1].at),
        "each request's time, in order"
    );
}

#[tokio::test]
async fn an_unseen_move_reaches_only_a_stream_opened_later_and_keep_alives_come_on_their_own() {
    let fake = FakeLichess::start("Anna");
    let id = fake.start_game(Color::White, "Bob", 900, 10);
    let path = format!("/api/board/game/stream/{id}");
    let (_, mut game) = Lines::open(&fake, "GET", &path, "").await;
    game.line().await;
    post(&fake, &format!("/api/board/game/{id}/move/e2e4"), "").await;
    assert_eq!(game.line().await["moves"], "e2e4");
    fake.opponent_plays_unseen(&id, "e7e5");
    assert_eq!(game.next(SHORT).await, Got::Nothing, "the line is lost");
    assert_eq!(fake.moves(&id), ["e2e4", "e7e5"]);

    fake.split_next();
    let (_, mut again) = Lines::open(&fake, "GET", &path, "").await;
    let full = again.line().await;
    assert_eq!(full["state"]["moves"], "e2e4 e7e5");
    assert_eq!(again.chunks, 2, "the gameFull came in two chunks");

    assert_eq!(
        again.next(SHORT).await,
        Got::Nothing,
        "no keep-alive unasked"
    );
    fake.keep_alive_every(Duration::from_millis(50));
    for _ in 0..3 {
        assert_eq!(again.next(SHORT).await, Got::KeepAlive);
    }
}
