//! The edges of an online game (issue 32.3): a move announced while the online opponent
//! is to move is answered; a token the server refuses in the middle of the game takes the
//! refused move back and stops online play in words that say how to go on; a move of the
//! player's own colour made elsewhere (the website, with the same account) is said; `quit`
//! while the game goes on asks first, and its answer is an input like every other.

use shakmaty::{Color, Position};

use crate::core::input::{Actor, Command};
use crate::core::online::game::ChatLine;
use crate::core::online::menu_words::MenuWords;
use crate::core::output::{Audience, OnlineRequest, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::{Session, audience};

impl Session {
    /// Whether `by` may announce a move in an online game (always, at the board); if not,
    /// the visually impaired player is told why: online play has stopped, the online
    /// opponent is to move ("Der Gegner ist am Zug."), or a move was given for the online
    /// opponent, whose moves come from the server. The answer goes to the player at the
    /// station, whoever the input was taken for: nothing is said to the online opponent.
    pub(super) fn online_may_announce(&mut self, by: Actor, out: &mut Vec<Output>) -> bool {
        let Some(remote) = self.setup.online else {
            return true;
        };
        let remote_to_move = self.position().turn() == remote;
        if !self.online.stopped && !remote_to_move && self.side_of(by) != remote {
            return true;
        }
        let id = if self.online.stopped {
            "online-stopped"
        } else if remote_to_move {
            "online-opponent-to-move"
        } else {
            "online-remote-move"
        };
        let us = Audience::player(!remote);
        self.tell(us, Priority::Answer, Message::new(id), out);
        false
    }

    /// Whether online play has stopped (the server refused the token): then a command
    /// that would go to the server is answered by how to go on, and `true` is returned.
    pub(super) fn online_stopped(&mut self, by: Actor, out: &mut Vec<Output>) -> bool {
        if !self.online.stopped {
            return false;
        }
        let to = super::audience(by);
        self.tell(to, Priority::Answer, Message::new("online-stopped"), out);
        true
    }

    /// The server refused the token in the middle of the game (401, 403): online play stops
    /// at the station. The move on its way, which the server does not have, is taken back
    /// (the clocks as they were); the player hears that the game and its clock go on at
    /// lichess, and how to log in again and resume it.
    pub(super) fn token_refused(&mut self, remote: Color, now: Timestamp, out: &mut Vec<Output>) {
        let us = Audience::player(!remote);
        if std::mem::replace(&mut self.online.stopped, true) {
            // A later request refused the same way: answered all the same.
            self.tell(us, Priority::Answer, Message::new("online-stopped"), out);
            return;
        }
        let ours = self.history.last().is_some_and(|p| p.made.side != remote);
        let taken = std::mem::take(&mut self.online.awaiting) && ours && self.result.is_none();
        if taken {
            self.take_back_to(self.history.len() - 1, now, out);
        }
        let id = if taken {
            "online-stopped-token-taken"
        } else {
            "online-stopped-token"
        };
        self.tell(us, Priority::Urgent, Message::new(id), out);
    }

    /// A move of `side` from the server was just made: if it is the player's own colour,
    /// it was made elsewhere (the website, with the same account), and is said ("Auf
    /// lichess gezogen: …"), not made silently. Nothing is said while a game joined while
    /// running is being caught up.
    pub(super) fn moved_elsewhere(&mut self, side: Color, out: &mut Vec<Output>) {
        if self.setup.online != Some(!side) {
            return;
        }
        let Some(last) = self.history.last() else {
            return;
        };
        let msg = Message::new("online-moved-elsewhere").arg("move", last.made.phrase.clone());
        self.tell(Audience::player(side), Priority::Move, msg, out);
    }
}

impl Session {
    /// Whom `quit` typed asks first, while an online game goes on (issue 32.3): the
    /// player, who hears "Die Partie läuft auf lichess weiter, die Uhr auch. Wirklich
    /// beenden?" ([`Command::Quit`], an input journaled like every other); `None` when
    /// the station may close at once (a game at the board, an online game that is over,
    /// online play stopped).
    pub fn quit_asks(&self) -> Option<Actor> {
        let remote = self.setup.online?;
        let goes_on = self.result.is_none() && !self.online.stopped;
        goes_on.then_some(Actor::Player(!remote))
    }

    /// [`Command::Quit`]: the question asked of `by` while the game goes on; else the
    /// station closes at once.
    pub(super) fn ask_to_quit(&mut self, by: Actor, out: &mut Vec<Output>) {
        if self.quit_asks().is_none() {
            self.closed = true;
            self.tell(
                Audience::All,
                Priority::Urgent,
                Message::new("station-quit"),
                out,
            );
            return;
        }
        self.online.quitting = Some(by);
        let msg = Message::new("online-quit-ask");
        self.tell(audience(by), Priority::Urgent, msg, out);
    }

    /// The answer to the quit question, as other questions are answered: the asker's "ja"
    /// closes the station (the game goes on at lichess), "nein" keeps it on and says so;
    /// a question or "wiederholen" leaves the question open; anything else lets it lapse
    /// and acts as usual. Returns whether the command was that answer.
    pub(super) fn answer_to_quit(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let Some(asker) = self.online.quitting else {
            return false;
        };
        match command {
            Command::Ask(_) | Command::Repeat | Command::Stop => false,
            Command::Yes if by == asker => {
                self.online.quitting = None;
                self.closed = true;
                out.push(Output::Hush { to: Audience::All });
                let msg = Message::new("station-quit");
                self.tell(Audience::All, Priority::Urgent, msg, out);
                true
            }
            Command::No if by == asker => {
                self.online.quitting = None;
                let msg = Message::new("online-quit-goes-on");
                self.tell(audience(by), Priority::Answer, msg, out);
                true
            }
            _ => {
                self.online.quitting = None;
                false
            }
        }
    }
}

/// The longest chat line said (lichess allows 140 characters).
const CHAT_MAX: usize = 140;

impl Session {
    /// A line of the game's chat (issue 32.3): the opponent's lines in the player room
    /// are said ("Chat von Salma: viel Glück"); the player's own lines (the server sends
    /// them back), the spectators' room and the server's own lines are not. `online.chat =
    /// off` drops them before they reach the session.
    pub(super) fn chat_line(&mut self, remote: Color, chat: &ChatLine, out: &mut Vec<Output>) {
        let from_opponent = self
            .online
            .opponent_name
            .as_deref()
            .is_some_and(|name| name.eq_ignore_ascii_case(&chat.username));
        if chat.room != "player" || !from_opponent {
            return;
        }
        let text: String = chat
            .text
            .chars()
            .filter(|c| !c.is_control())
            .take(CHAT_MAX)
            .collect();
        if text.trim().is_empty() {
            return;
        }
        let msg = Message::new("online-chat")
            .arg("name", chat.username.clone())
            .arg("text", text.trim().to_owned());
        self.tell(Audience::player(!remote), Priority::Info, msg, out);
    }
}

impl Session {
    /// A chat line typed at the console during an online game that goes on ("chat: viel
    /// Glück", issue 32.3): the request to the server and the player's acknowledgement, or
    /// `None` when the line is no chat line. A chat line is no act of the game: it is not
    /// journaled, and the session does not change.
    pub fn typed_chat(&self, line: &str) -> Option<Vec<Output>> {
        let remote = self.setup.online?;
        if self.result.is_some() || self.online.stopped || !line.contains(':') {
            return None;
        }
        let text = MenuWords::load(self.setup.lang).ok()?.chat_line(line)?;
        let mut out = vec![Output::Online(OnlineRequest::Chat { text })];
        let sent = Message::new("online-chat-sent");
        out.extend(self.announce(Audience::player(!remote), Priority::Answer, &sent));
        Some(out)
    }
}
