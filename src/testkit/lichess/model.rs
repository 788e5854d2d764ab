//! The fake lichess's game model, pure: the games of one account, what the Board API's
//! calls do to them, and the stream lines they produce (the shapes of the lichess OpenAPI
//! specification, `GameFullEvent`, `GameStateEvent`, `GameStartEvent`, `ChallengeEvent`…,
//! and the server's error strings). The transport beside it (`super`) serves it over HTTP
//! on 127.0.0.1 and sends the lines it returns. Challenges and seeks are in `challenges`.
//!
//! Time is the test's: the clocks stand still unless the test sets them ([`Game::times`],
//! through `FakeLichess::change`); a move adds the increment to the mover's clock once
//! both sides have moved (lichess's clocks start after the first two plies).

use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, Position, fen::Fen};

mod challenges;

pub use challenges::Challenge;

/// Where a line goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stream {
    /// The account's event stream (`/api/stream/event`).
    Events,
    /// A game's stream (`/api/board/game/stream/{id}`).
    Game(String),
    /// An open seek's streamed answer (`POST /api/board/seek`): empty lines until it is
    /// answered; closing it cancels the seek.
    Seek,
    /// A kept-alive challenge's streamed answer (`keepAliveStream`): the challenge, empty
    /// lines, then `{"done": …}` (`kept_alive`).
    Challenge(String),
}

/// A line for a stream, or the stream's end.
#[derive(Clone, Debug, PartialEq)]
pub enum Push {
    /// One JSON line.
    Line(Stream, Value),
    /// The server closes the streams of this game (the game ended).
    Close(Stream),
}

/// A refusal: the HTTP status and lichess's error text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The status (400, 404).
    pub status: u16,
    /// The `error` of the JSON body.
    pub error: String,
}

fn refuse(status: u16, error: impl Into<String>) -> Refusal {
    Refusal {
        status,
        error: error.into(),
    }
}

/// A player as the streams name him.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The account's id (lower case).
    pub id: String,
    /// The name shown.
    pub name: String,
    /// The rating.
    pub rating: u32,
}

impl Player {
    /// A player named `name`, rated 1500.
    pub fn named(name: &str) -> Player {
        Player {
            id: name.to_lowercase(),
            name: name.to_owned(),
            rating: 1500,
        }
    }

    fn json(&self) -> Value {
        json!({"id": self.id, "name": self.name, "title": null, "rating": self.rating})
    }
}

/// One game of the account.
#[derive(Clone, Debug)]
pub struct Game {
    /// The game's id (8 characters on lichess).
    pub id: String,
    /// The account's colour in it.
    pub ours: Color,
    /// The opponent.
    pub opponent: Player,
    /// The clock: initial and increment, in ms.
    pub clock: (u64, u64),
    /// The moves in UCI.
    pub moves: Vec<String>,
    /// The position after them.
    pub position: Chess,
    /// White's and Black's time left, in ms.
    pub times: (u64, u64),
    /// `started` or how it ended (`mate`, `resign`, `draw`, `outoftime`, `aborted`…).
    pub status: String,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// A draw offered by White, by Black.
    pub draw: (bool, bool),
    /// A takeback proposed by White, by Black.
    pub takeback: (bool, bool),
    /// The opponent may be claimed to have left (`FakeLichess::opponent_gone`).
    pub claimable: bool,
}

fn side(c: Color) -> &'static str {
    if c.is_white() { "white" } else { "black" }
}

fn pair<T: Copy>(p: (T, T), c: Color) -> T {
    if c.is_white() { p.0 } else { p.1 }
}

fn set_pair<T>(p: &mut (T, T), c: Color, v: T) {
    if c.is_white() { p.0 = v } else { p.1 = v }
}

impl Game {
    /// A new game from the start position, `limit` + `increment` in seconds.
    pub fn new(id: &str, ours: Color, opponent: Player, limit: u64, increment: u64) -> Game {
        Game {
            id: id.to_owned(),
            ours,
            opponent,
            clock: (limit * 1000, increment * 1000),
            moves: Vec::new(),
            position: Chess::default(),
            times: (limit * 1000, limit * 1000),
            status: "started".into(),
            winner: None,
            draw: (false, false),
            takeback: (false, false),
            claimable: false,
        }
    }

    /// Whether the game is still played.
    pub fn running(&self) -> bool {
        self.status == "started" || self.status == "created"
    }

    /// The `gameState` line.
    pub fn state(&self) -> Value {
        let mut state = json!({
            "type": "gameState",
            "moves": self.moves.join(" "),
            "wtime": self.times.0,
            "btime": self.times.1,
            "winc": self.clock.1,
            "binc": self.clock.1,
            "status": self.status,
        });
        // `json!` made an object: the fields that are there only at times go in it.
        if let Value::Object(extra) = &mut state {
            if let Some(w) = self.winner {
                extra.insert("winner".into(), side(w).into());
            }
            for (name, flag) in [
                ("wdraw", self.draw.0),
                ("bdraw", self.draw.1),
                ("wtakeback", self.takeback.0),
                ("btakeback", self.takeback.1),
            ] {
                if flag {
                    extra.insert(name.into(), true.into());
                }
            }
        }
        state
    }

    /// The `gameFull` line, the first of every game stream.
    pub fn full(&self, account: &Player) -> Value {
        let (white, black) = if self.ours.is_white() {
            (account, &self.opponent)
        } else {
            (&self.opponent, account)
        };
        json!({
            "type": "gameFull",
            "id": self.id,
            "rated": false,
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "clock": {"initial": self.clock.0, "increment": self.clock.1},
            "speed": speed(self.clock.0 / 1000, self.clock.1 / 1000),
            "perf": {"name": "Rapid"},
            "createdAt": 1_764_000_000_000u64,
            "white": white.json(),
            "black": black.json(),
            "initialFen": "startpos",
            "state": self.state(),
        })
    }

    /// The `game` of a `gameStart`/`gameFinish` event and of `nowPlaying`.
    pub fn info(&self) -> Value {
        let fen = Fen::from_position(&self.position, EnPassantMode::Legal).to_string();
        let mut info = json!({
            "fullId": format!("{}abcd", self.id),
            "gameId": self.id,
            "id": self.id,
            "fen": fen,
            "color": side(self.ours),
            "lastMove": self.moves.last().cloned().unwrap_or_default(),
            "source": "friend",
            "status": {"id": 20, "name": self.status},
            "variant": {"key": "standard", "name": "Standard"},
            "speed": speed(self.clock.0 / 1000, self.clock.1 / 1000),
            "perf": "rapid",
            "rated": false,
            "hasMoved": self.moves.len() > usize::from(!self.ours.is_white()),
            "opponent": {"id": self.opponent.id, "username": self.opponent.name, "rating": self.opponent.rating},
            "isMyTurn": self.running() && self.position.turn() == self.ours,
            "secondsLeft": pair(self.times, self.ours) / 1000,
            "compat": {"bot": false, "board": true},
        });
        if let Some(w) = self.winner {
            info["winner"] = side(w).into();
        }
        info
    }

    /// `by` plays `uci`: lichess's checks and error strings.
    pub fn play(&mut self, by: Color, uci: &str) -> Result<(), Refusal> {
        if !self.running() || self.position.turn() != by {
            return Err(refuse(400, "Not your turn, or game already over"));
        }
        let parsed: UciMove = uci
            .parse()
            .map_err(|_| refuse(400, format!("Invalid UCI: {uci}")))?;
        let promoted = queen_if_bare(parsed, &self.position);
        let mv = promoted.to_move(&self.position).map_err(|_| {
            let from = &uci[..uci.len().min(2)];
            let to = uci.get(2..4).unwrap_or("");
            refuse(400, format!("Piece on {from} cannot move to {to}"))
        })?;
        self.position.play_unchecked(mv);
        self.moves.push(promoted.to_string());
        if self.moves.len() > 2 {
            let t = pair(self.times, by) + self.clock.1;
            set_pair(&mut self.times, by, t);
        }
        self.draw = (false, false);
        self.takeback = (false, false);
        self.after_move();
        Ok(())
    }

    fn after_move(&mut self) {
        if self.position.is_checkmate() {
            self.finish("mate", Some(!self.position.turn()));
        } else if self.position.is_stalemate() {
            self.finish("stalemate", None);
        } else if self.position.is_insufficient_material() {
            self.finish("draw", None);
        }
    }

    /// Ends the game with `status` and `winner`.
    pub fn finish(&mut self, status: &str, winner: Option<Color>) {
        self.status = status.to_owned();
        self.winner = winner;
        self.draw = (false, false);
        self.takeback = (false, false);
    }

    /// `by` offers or accepts a draw (`yes`), or declines the other's offer.
    pub fn draw(&mut self, by: Color, yes: bool) -> Result<(), Refusal> {
        if !self.running() {
            return Err(refuse(400, "Not your turn, or game already over"));
        }
        if !yes {
            set_pair(&mut self.draw, !by, false);
        } else if pair(self.draw, !by) {
            self.finish("draw", None);
        } else if self.moves.len() >= 2 {
            set_pair(&mut self.draw, by, true);
        }
        Ok(())
    }

    /// `by` proposes or accepts a takeback (`yes`), or declines the other's proposal.
    /// Accepted, it takes back the proposer's last move (and the move after it).
    pub fn takeback(&mut self, by: Color, yes: bool) -> Result<(), Refusal> {
        if !self.running() {
            return Err(refuse(400, "Not your turn, or game already over"));
        }
        let proposer = !by;
        if !yes {
            set_pair(&mut self.takeback, proposer, false);
        } else if pair(self.takeback, proposer) {
            self.take_back_to(proposer);
            self.takeback = (false, false);
        } else if self.moves.len() >= 2 {
            set_pair(&mut self.takeback, by, true);
        }
        Ok(())
    }

    /// Takes back plies until it is `side`'s turn, at least one.
    fn take_back_to(&mut self, side: Color) {
        loop {
            if self.moves.pop().is_none() {
                break;
            }
            self.position = replay(&self.moves);
            if self.position.turn() == side {
                break;
            }
        }
    }

    /// `by` resigns; while the game can still be aborted, that aborts it.
    pub fn resign(&mut self, by: Color) -> Result<(), Refusal> {
        if !self.running() {
            return Err(refuse(400, "This game cannot be resigned"));
        }
        if self.moves.len() < 2 {
            self.finish("aborted", None);
        } else {
            self.finish("resign", Some(!by));
        }
        Ok(())
    }

    /// The game is aborted (only before both sides have moved).
    pub fn abort(&mut self) -> Result<(), Refusal> {
        if !self.running() || self.moves.len() >= 2 {
            return Err(refuse(400, "This game can no longer be aborted"));
        }
        self.finish("aborted", None);
        Ok(())
    }

    /// `by` claims the win after the opponent left.
    pub fn claim_victory(&mut self, by: Color) -> Result<(), Refusal> {
        if !self.running() || !self.claimable {
            return Err(refuse(400, "You cannot claim the win on this game"));
        }
        self.finish("timeout", Some(by));
        Ok(())
    }

    /// `by` claims a draw after the opponent left (`claim-draw`).
    pub fn claim_draw(&mut self, _by: Color) -> Result<(), Refusal> {
        if !self.running() || !self.claimable {
            return Err(refuse(400, "You cannot claim draw on this game"));
        }
        self.finish("draw", None);
        Ok(())
    }
}

/// A pawn's move to the last rank without a piece promotes to a queen (as lichess does).
fn queen_if_bare(uci: UciMove, pos: &Chess) -> UciMove {
    if let UciMove::Normal {
        from,
        to,
        promotion: None,
    } = uci
        && pos.board().role_at(from) == Some(shakmaty::Role::Pawn)
        && (to.rank() == shakmaty::Rank::Eighth || to.rank() == shakmaty::Rank::First)
    {
        return UciMove::Normal {
            from,
            to,
            promotion: Some(shakmaty::Role::Queen),
        };
    }
    uci
}

/// The position after `moves` from the start (moves the model itself accepted: it
/// stops at one that is not, which cannot be).
fn replay(moves: &[String]) -> Chess {
    let mut pos = Chess::default();
    for m in moves {
        let Some(mv) = m.parse::<UciMove>().ok().and_then(|u| u.to_move(&pos).ok()) else {
            break;
        };
        pos.play_unchecked(mv);
    }
    pos
}

/// lichess's speed class: `limit + 40 × increment` seconds.
pub fn speed(limit: u64, increment: u64) -> &'static str {
    match limit + 40 * increment {
        0..=29 => "ultraBullet",
        30..=179 => "bullet",
        180..=479 => "blitz",
        480..=1499 => "rapid",
        _ => "classical",
    }
}

/// The account and its games, challenges and seeks.
#[derive(Clone, Debug)]
pub struct Model {
    /// The account.
    pub account: Player,
    /// Its games, the newest last.
    pub games: Vec<Game>,
    /// Challenges waiting for an answer.
    pub challenges: Vec<Challenge>,
    /// A seek is open: its limit and increment in seconds.
    pub seek: Option<(u64, u64)>,
    next_id: u32,
}

impl Model {
    /// The account `name` without games.
    pub fn new(name: &str) -> Model {
        Model {
            account: Player::named(name),
            games: Vec::new(),
            challenges: Vec::new(),
            seek: None,
            next_id: 0,
        }
    }

    fn fresh_id(&mut self) -> String {
        self.next_id += 1;
        format!("game{:04}", self.next_id)
    }

    /// The game `id`.
    pub fn game(&mut self, id: &str) -> Result<&mut Game, Refusal> {
        self.games
            .iter_mut()
            .find(|g| g.id == id)
            .ok_or_else(|| refuse(404, "No such game"))
    }

    /// A game starts: the account plays `ours` against `opponent`. The event stream gets
    /// its `gameStart`.
    pub fn start_game(
        &mut self,
        ours: Color,
        opponent: Player,
        limit: u64,
        inc: u64,
    ) -> (String, Vec<Push>) {
        let id = self.fresh_id();
        let game = Game::new(&id, ours, opponent, limit, inc);
        let push = Push::Line(
            Stream::Events,
            json!({"type": "gameStart", "game": game.info()}),
        );
        self.games.push(game);
        (id, vec![push])
    }

    /// The lines after game `id` changed: its `gameState`, and when it ended the
    /// `gameFinish` event and the end of its streams.
    pub fn changed(&self, id: &str) -> Vec<Push> {
        let Some(game) = self.games.iter().find(|g| g.id == id) else {
            return Vec::new();
        };
        let stream = Stream::Game(id.to_owned());
        let mut pushes = vec![Push::Line(stream.clone(), game.state())];
        if !game.running() {
            pushes.push(Push::Line(
                Stream::Events,
                json!({"type": "gameFinish", "game": game.info()}),
            ));
            pushes.push(Push::Close(stream));
        }
        pushes
    }

    /// `/api/account/playing`.
    pub fn playing(&self) -> Value {
        let now: Vec<Value> = self
            .games
            .iter()
            .filter(|g| g.running())
            .map(Game::info)
            .collect();
        json!({"nowPlaying": now})
    }

    /// `/api/account`.
    pub fn account_json(&self) -> Value {
        json!({"id": self.account.id, "username": self.account.name, "perfs": {}})
    }

    /// The lines a new event stream starts with: every running game's `gameStart` and
    /// every challenge waiting ("When the stream opens, all current challenges and games
    /// are sent").
    pub fn event_stream_start(&self) -> Vec<Value> {
        let games = self.games.iter().filter(|g| g.running());
        let mut lines: Vec<Value> = games
            .map(|g| json!({"type": "gameStart", "game": g.info()}))
            .collect();
        for c in &self.challenges {
            if let Some(json) = self.challenge_json(&c.id) {
                lines.push(json!({"type": "challenge", "challenge": json, "compat": {"bot": false, "board": true}}));
            }
        }
        lines
    }
}
