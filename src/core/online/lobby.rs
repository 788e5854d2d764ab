//! The online menu before a game (issue 24): seek an opponent, challenge a friend, accept
//! or decline a challenge, resume a running game, by voice, keys or Braille alone.
//!
//! Pure: the player's lines, the account's event stream and the server's answers go in;
//! what to say and what to ask of the server come out, and at last the game to play. The
//! Board API's rules are kept before the server is asked: a seek is rapid or slower, a
//! challenge blitz or slower ([`super::time_control`]); a challenge the station cannot
//! play (too fast, a variant, no clock) is declined at once with the server's reason
//! and told.

use super::answer::Answer;
use super::events::{AccountEvent, Challenge, GameInfo, TimeControl};
use super::menu_words::{MenuCommand, MenuWords};
use super::refusal::with_reason;
use super::time_control::{OnlineTc, Pairing, TcRefusal};
use crate::core::phrases::Message;

mod after_game;
mod challenges;
use challenges::{challenger, color, rating, running_game, unplayable};

/// What reaches the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyInput {
    /// The player's line (typed, or heard).
    Line(String),
    /// A command given on the command line (`ansage online seek 15+10`).
    Command(MenuCommand),
    /// The games the account plays now (`/api/account/playing`).
    Playing(Vec<GameInfo>),
    /// A line of the account's event stream (boxed: a challenge is large).
    Event(Box<AccountEvent>),
    /// The server took the player's seek or challenge (its own answer, issue 32.3).
    Answered(Answer),
    /// The server refused a request: its reason, as it said it.
    Refused {
        /// The request.
        request: LobbyRequest,
        /// The server's words (English), or the status.
        reason: String,
    },
}

/// A request to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyRequest {
    /// `POST /api/board/seek`, kept open until an opponent is found.
    Seek {
        /// The time control.
        tc: OnlineTc,
        /// A rated game (else casual).
        rated: bool,
    },
    /// Close the open seek.
    CancelSeek,
    /// `POST /api/challenge/{name}`.
    Challenge {
        /// The account challenged.
        name: String,
        /// The time control.
        tc: OnlineTc,
        /// A rated game (else casual).
        rated: bool,
    },
    /// `POST /api/challenge/{id}/cancel`.
    CancelChallenge(String),
    /// `POST /api/challenge/{id}/accept`.
    Accept(String),
    /// `POST /api/challenge/{id}/decline` with the server's reason key.
    Decline {
        /// The challenge.
        id: String,
        /// `generic`, `tooFast`, `variant`, `timeControl`…
        reason: &'static str,
    },
}

/// A game that ended, to be played again (issue 32.3): the same opponent, time control
/// and rating. The Board API offers no rematch of its own, so a rematch is a new
/// challenge to the same account (lichess's own "rematch" is the same).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    /// The opponent's account.
    pub name: String,
    /// The time control.
    pub tc: OnlineTc,
    /// A rated game.
    pub rated: bool,
}

/// What the menu does.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyOutput {
    /// Say this to the player (speech, Braille, console).
    Say(Message),
    /// Ask the server.
    Send(LobbyRequest),
    /// Play this game now.
    Play(String),
    /// Go through the game that just ended (issue 34.3); the menu follows again.
    Review,
    /// The player leaves.
    Quit,
}

/// What the player waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Waiting {
    Nothing,
    Seek(OnlineTc),
    /// A challenge sent: its name, and its id once the server has told it.
    Challenge(String, Option<String>),
    /// A challenge accepted: its id (the game's).
    Accepted(String),
}

/// The online menu.
#[derive(Debug)]
pub struct Lobby {
    words: MenuWords,
    /// The account's name.
    me: String,
    incoming: Vec<Challenge>,
    running: Vec<GameInfo>,
    waiting: Waiting,
    /// What is said once the server takes the seek or challenge ("seeking …").
    on_answer: Option<Message>,
    /// The seek or challenge being made is for a rated game.
    rated: bool,
    /// The game that just ended, to be played again.
    rematch: Option<Rematch>,
    /// A game just ended: it can be gone through ("Partie durchgehen").
    after_game: bool,
}

impl Lobby {
    /// The menu of the account `me`, in the language of `words`.
    pub fn new(words: MenuWords, me: &str) -> Lobby {
        Lobby {
            words,
            me: me.to_owned(),
            incoming: Vec::new(),
            running: Vec::new(),
            waiting: Waiting::Nothing,
            on_answer: None,
            rated: false,
            rematch: None,
            after_game: false,
        }
    }

    /// What the menu says first, once the account's running games (`games`, from
    /// `/api/account/playing`) are known: who is logged in, what can be said (with the
    /// number of running games), and each running game.
    pub fn greeting(&mut self, games: Vec<GameInfo>) -> Vec<LobbyOutput> {
        let running = self.playing(games);
        let mut out = said_then(
            Message::new("lobby-welcome").arg("name", self.me.clone()),
            self.menu(),
        );
        out.extend(running);
        out
    }

    /// Handles one input.
    pub fn handle(&mut self, input: LobbyInput) -> Vec<LobbyOutput> {
        match input {
            LobbyInput::Line(line) => match self.words.understand(&line) {
                Some(command) => self.command(command),
                None => said(Message::new("lobby-not-understood")),
            },
            LobbyInput::Command(command) => self.command(command),
            LobbyInput::Playing(games) => self.playing(games),
            LobbyInput::Event(event) => self.event(*event),
            LobbyInput::Answered(answer) => self.answered(answer),
            LobbyInput::Refused { request, reason } => self.refused(&request, &reason),
        }
    }

    /// The server's own answer to the seek or challenge: "seeking" (or "challenge sent")
    /// is said now; a challenge's id is known; an accepted challenge is played.
    fn answered(&mut self, answer: Answer) -> Vec<LobbyOutput> {
        match (answer, &mut self.waiting) {
            (Answer::SeekOpen, Waiting::Seek(_)) => {
                self.on_answer.take().map(say).into_iter().collect()
            }
            // A challenge's answer that names someone else is a late answer to an
            // earlier challenge: it does not give this one its id.
            (Answer::ChallengeMade { id, to }, Waiting::Challenge(name, known))
                if to.as_ref().is_none_or(|to| to.eq_ignore_ascii_case(name)) =>
            {
                known.get_or_insert(id);
                self.on_answer.take().map(say).into_iter().collect()
            }
            // Only a challenge whose own answer began (its id known) ends by it, and only
            // by its own answer: a late end of an earlier challenge's answer does not end
            // the next one.
            (Answer::ChallengeDone { id: from, done }, Waiting::Challenge(name, Some(id)))
                if from.as_ref().is_none_or(|from| from == id) =>
            {
                if done == "accepted" {
                    let id = id.clone();
                    self.waiting = Waiting::Nothing;
                    return vec![LobbyOutput::Play(id)];
                }
                let name = name.clone();
                self.challenge_ended(name, &done)
            }
            _ => Vec::new(),
        }
    }

    /// The challenge's own answer ended without a game (issue 32.3): declined by the
    /// friend, or canceled by the server (it lapsed); said once (the event stream's
    /// `challengeDeclined`, if it comes too, finds nothing waiting), and the menu is
    /// free again.
    fn challenge_ended(&mut self, name: String, done: &str) -> Vec<LobbyOutput> {
        self.waiting = Waiting::Nothing;
        self.on_answer = None;
        if done == "declined" {
            let told = Message::new("lobby-challenge-declined")
                .arg("name", name)
                .arg("reason", "generic");
            return said(told);
        }
        said(Message::new("lobby-challenge-ended").arg("name", name))
    }

    fn menu(&self) -> LobbyOutput {
        say(Message::new("lobby-menu")
            .arg("challenges", self.incoming.len())
            .arg("games", self.running.len()))
    }

    fn command(&mut self, command: MenuCommand) -> Vec<LobbyOutput> {
        match command {
            MenuCommand::Menu => {
                let mut out = vec![self.menu()];
                if self.after_game {
                    out.push(say(self.after_game_question()));
                }
                out
            }
            MenuCommand::Rematch => match self.rematch.clone() {
                Some(r) => {
                    self.rated = r.rated;
                    let out = self.challenge(r.name, Some(r.tc));
                    self.rated = false;
                    out
                }
                None => said(Message::new("lobby-none")),
            },
            MenuCommand::Review => self.review(),
            MenuCommand::Seek(tc) => self.seek(tc),
            MenuCommand::Challenge { name, tc } => self.challenge(name, tc),
            MenuCommand::Rated(command) => {
                self.rated = true;
                let out = self.command(*command);
                self.rated = false;
                out
            }
            MenuCommand::Accept(n) => self.accept(n),
            MenuCommand::Decline(n) => self.decline(n),
            MenuCommand::Resume(n) => self.resume(n),
            MenuCommand::Cancel => self.cancel(),
            MenuCommand::Quit => {
                let mut out = self.cancel_quietly();
                out.push(LobbyOutput::Quit);
                out
            }
        }
    }

    fn busy(&self) -> Option<LobbyOutput> {
        (self.waiting != Waiting::Nothing).then(|| say(Message::new("lobby-busy")))
    }

    fn seek(&mut self, tc: Option<OnlineTc>) -> Vec<LobbyOutput> {
        let Some(tc) = tc else {
            return said(Message::new("lobby-seek-which"));
        };
        if let Some(busy) = self.busy() {
            return vec![busy];
        }
        if let Err(refusal) = tc.check(Pairing::Seek) {
            return vec![refuse_tc(tc, Pairing::Seek, refusal)];
        }
        self.waiting = Waiting::Seek(tc);
        // Said once the server took the seek (a refused seek was never "seeking").
        let told = Message::new("lobby-seeking").arg("rated", yes_no(self.rated));
        self.on_answer = Some(with_tc(told, tc));
        let rated = self.rated;
        vec![LobbyOutput::Send(LobbyRequest::Seek { tc, rated })]
    }

    fn challenge(&mut self, name: String, tc: Option<OnlineTc>) -> Vec<LobbyOutput> {
        let Some(tc) = tc else {
            return said(Message::new("lobby-challenge-which").arg("name", name));
        };
        if let Some(busy) = self.busy() {
            return vec![busy];
        }
        if let Err(refusal) = tc.check(Pairing::Challenge) {
            return vec![refuse_tc(tc, Pairing::Challenge, refusal)];
        }
        self.waiting = Waiting::Challenge(name.clone(), None);
        let told = Message::new("lobby-challenging")
            .arg("name", name.clone())
            .arg("rated", yes_no(self.rated));
        self.on_answer = Some(with_tc(told, tc));
        let rated = self.rated;
        vec![LobbyOutput::Send(LobbyRequest::Challenge {
            name,
            tc,
            rated,
        })]
    }

    /// The numbered entry of `list` (from 1), or the only one.
    fn pick<T>(list: &[T], n: Option<usize>) -> Result<usize, Message> {
        match (n, list.len()) {
            (_, 0) => Err(Message::new("lobby-none")),
            (None, 1) => Ok(0),
            (None, count) => Err(Message::new("lobby-which").arg("count", count)),
            (Some(n), count) if (1..=count).contains(&n) => Ok(n - 1),
            (Some(_), count) => Err(Message::new("lobby-which").arg("count", count)),
        }
    }

    fn accept(&mut self, n: Option<usize>) -> Vec<LobbyOutput> {
        if let Some(busy) = self.busy() {
            return vec![busy];
        }
        match Self::pick(&self.incoming, n) {
            Ok(i) => {
                let challenge = self.incoming.remove(i);
                self.waiting = Waiting::Accepted(challenge.id.clone());
                said_then(
                    Message::new("lobby-accepting").arg("name", challenger(&challenge)),
                    LobbyOutput::Send(LobbyRequest::Accept(challenge.id)),
                )
            }
            Err(m) => said(m),
        }
    }

    fn decline(&mut self, n: Option<usize>) -> Vec<LobbyOutput> {
        match Self::pick(&self.incoming, n) {
            Ok(i) => {
                let challenge = self.incoming.remove(i);
                said_then(
                    Message::new("lobby-declined").arg("name", challenger(&challenge)),
                    LobbyOutput::Send(LobbyRequest::Decline {
                        id: challenge.id,
                        reason: "generic",
                    }),
                )
            }
            Err(m) => said(m),
        }
    }

    fn resume(&mut self, n: Option<usize>) -> Vec<LobbyOutput> {
        match Self::pick(&self.running, n) {
            Ok(i) => vec![LobbyOutput::Play(self.running[i].game_id.clone())],
            Err(m) => said(m),
        }
    }

    fn cancel(&mut self) -> Vec<LobbyOutput> {
        let told = match &self.waiting {
            Waiting::Seek(_) => Message::new("lobby-seek-cancelled"),
            Waiting::Challenge(..) => Message::new("lobby-challenge-cancelled"),
            Waiting::Accepted(_) | Waiting::Nothing => Message::new("lobby-nothing-to-cancel"),
        };
        let mut out = match self.waiting {
            Waiting::Seek(_) | Waiting::Challenge(..) => self.cancel_quietly(),
            Waiting::Accepted(_) | Waiting::Nothing => Vec::new(),
        };
        out.push(say(told));
        out
    }

    /// Stops a seek or takes a challenge back, saying nothing.
    fn cancel_quietly(&mut self) -> Vec<LobbyOutput> {
        self.on_answer = None;
        let request = match std::mem::replace(&mut self.waiting, Waiting::Nothing) {
            Waiting::Seek(_) => Some(LobbyRequest::CancelSeek),
            Waiting::Challenge(_, Some(id)) => Some(LobbyRequest::CancelChallenge(id)),
            _ => None,
        };
        request.map(LobbyOutput::Send).into_iter().collect()
    }

    fn playing(&mut self, games: Vec<GameInfo>) -> Vec<LobbyOutput> {
        let mut out = Vec::new();
        for game in games {
            if self.running.iter().all(|g| g.game_id != game.game_id) {
                out.push(say(running_game(&game, self.running.len() + 1)));
                self.running.push(game);
            }
        }
        out
    }

    fn event(&mut self, event: AccountEvent) -> Vec<LobbyOutput> {
        match event {
            AccountEvent::GameStart { game } => self.game_started(game),
            AccountEvent::GameFinish { game } => {
                self.running.retain(|g| g.game_id != game.game_id);
                Vec::new()
            }
            AccountEvent::Challenge { challenge, compat } => {
                let compat = challenge.board_compatible(compat);
                self.challenge_event(challenge, compat)
            }
            AccountEvent::ChallengeCanceled { challenge } => {
                let before = self.incoming.len();
                self.incoming.retain(|c| c.id != challenge.id);
                if self.incoming.len() < before {
                    said(
                        Message::new("lobby-challenge-withdrawn")
                            .arg("name", challenger(&challenge)),
                    )
                } else {
                    Vec::new()
                }
            }
            AccountEvent::ChallengeDeclined { challenge } => self.declined(&challenge),
            AccountEvent::Unknown => Vec::new(),
        }
    }

    /// A game started: the one the player waits for is played; another (started on the
    /// website, or running when the stream opened) joins the running games.
    fn game_started(&mut self, game: GameInfo) -> Vec<LobbyOutput> {
        let awaited = match &self.waiting {
            Waiting::Seek(_) => true,
            Waiting::Challenge(_, Some(id)) | Waiting::Accepted(id) => *id == game.game_id,
            Waiting::Challenge(_, None) | Waiting::Nothing => false,
        };
        let known = self.running.iter().any(|g| g.game_id == game.game_id);
        if awaited && !known {
            self.waiting = Waiting::Nothing;
            return vec![LobbyOutput::Play(game.game_id)];
        }
        self.playing(vec![game])
    }

    fn challenge_event(&mut self, challenge: Challenge, compat: Option<bool>) -> Vec<LobbyOutput> {
        let ours = challenge.direction.as_deref() == Some("out")
            || challenge
                .challenger
                .as_ref()
                .and_then(|c| c.id.as_deref())
                .is_some_and(|id| id.eq_ignore_ascii_case(&self.me));
        if ours {
            // The event stream may lag behind the challenge's own answer: only the
            // challenge to the friend waited for gives its id, never an earlier one's.
            let to = challenge.dest_user.as_ref().and_then(|u| u.name.as_deref());
            if let Waiting::Challenge(name, id @ None) = &mut self.waiting
                && to.is_some_and(|to| to.eq_ignore_ascii_case(name))
            {
                *id = Some(challenge.id);
            }
            return Vec::new();
        }
        if self.incoming.iter().any(|c| c.id == challenge.id) {
            return Vec::new();
        }
        if let Some(reason) = unplayable(&challenge, compat) {
            return said_then(
                Message::new("lobby-challenge-refused")
                    .arg("name", challenger(&challenge))
                    .arg("reason", reason),
                LobbyOutput::Send(LobbyRequest::Decline {
                    id: challenge.id,
                    reason,
                }),
            );
        }
        let TimeControl::Clock { limit, increment } = challenge.time_control else {
            return Vec::new();
        };
        let told = Message::new("lobby-challenge")
            .arg("number", self.incoming.len() + 1)
            .arg("name", challenger(&challenge))
            .arg("rating", rating(&challenge))
            .arg("rated", yes_no(challenge.rated))
            .arg("color", color(&challenge));
        let told = with_tc(told, OnlineTc { limit, increment });
        self.incoming.push(challenge);
        said(told)
    }

    fn declined(&mut self, challenge: &Challenge) -> Vec<LobbyOutput> {
        let ours = matches!(&self.waiting, Waiting::Challenge(_, Some(id)) if *id == challenge.id)
            || matches!(&self.waiting, Waiting::Challenge(name, None)
                if challenge.dest_user.as_ref().and_then(|u| u.name.as_deref())
                    .is_some_and(|n| n.eq_ignore_ascii_case(name)));
        if !ours {
            return Vec::new();
        }
        self.waiting = Waiting::Nothing;
        let name = challenge
            .dest_user
            .as_ref()
            .and_then(|u| u.name.clone())
            .unwrap_or_default();
        said(
            Message::new("lobby-challenge-declined")
                .arg("name", name)
                .arg(
                    "reason",
                    challenge
                        .decline_reason_key
                        .clone()
                        .unwrap_or_else(|| "generic".into()),
                ),
        )
    }

    fn refused(&mut self, request: &LobbyRequest, reason: &str) -> Vec<LobbyOutput> {
        let stops = match (request, &self.waiting) {
            (LobbyRequest::Seek { .. }, Waiting::Seek(_))
            | (LobbyRequest::Challenge { .. }, Waiting::Challenge(..)) => true,
            (LobbyRequest::Accept(id), Waiting::Accepted(waited)) => id == waited,
            _ => false,
        };
        if stops {
            self.waiting = Waiting::Nothing;
            self.on_answer = None;
        }
        said(with_reason(Message::new("lobby-refused"), reason))
    }
}

/// "Revanche gegen X, Menü oder beenden?"
/// A message's selector for a yes-or-no argument.
fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

fn say(message: Message) -> LobbyOutput {
    LobbyOutput::Say(message)
}

/// `message` said (outside `vec![]`, so that the tidy scan of message ids sees it).
fn said(message: Message) -> Vec<LobbyOutput> {
    vec![LobbyOutput::Say(message)]
}

/// `message` said, then `then`.
fn said_then(message: Message, then: LobbyOutput) -> Vec<LobbyOutput> {
    vec![LobbyOutput::Say(message), then]
}

/// A message with a time control's minutes and increment (`{ $minutes } plus
/// { $increment }` in the messages).
fn with_tc(message: Message, tc: OnlineTc) -> Message {
    let minutes = tc
        .whole_minutes()
        .map_or_else(|| format!("{}", tc.limit as f64 / 60.0), |m| m.to_string());
    message
        .arg("minutes", minutes)
        .arg("increment", tc.increment)
}

fn refuse_tc(tc: OnlineTc, pairing: Pairing, refusal: TcRefusal) -> LobbyOutput {
    let id = match (pairing, refusal) {
        (Pairing::Seek, TcRefusal::TooFast) => "lobby-seek-too-fast",
        (Pairing::Challenge, TcRefusal::TooFast) => "lobby-challenge-too-fast",
        (_, TcRefusal::Unsupported) => "lobby-tc-unsupported",
    };
    say(with_tc(Message::new(id), tc))
}

#[cfg(test)]
mod tests;
