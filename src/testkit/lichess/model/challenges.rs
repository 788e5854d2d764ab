//! Challenges and seeks in the fake lichess's model: a challenge's JSON, made by the
//! account or by somebody else, accepted, declined or cancelled; a seek opened and answered.

use serde_json::{Value, json};
use shakmaty::Color;

use super::{Game, Model, Player, Push, Refusal, Stream, refuse, side, speed};

/// A challenge waiting for an answer.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id (the game's id once accepted).
    pub id: String,
    /// The other player: challenged by the account, or challenging it.
    pub other: Player,
    /// The clock's limit and increment in seconds.
    pub limit: u64,
    /// The increment in seconds.
    pub inc: u64,
    /// Made by the account (outgoing).
    pub outgoing: bool,
    /// The account's colour in the game it makes.
    pub ours: Color,
}

impl Model {
    /// A challenge's JSON (`ChallengeJson`).
    pub fn challenge_json(&self, id: &str) -> Option<Value> {
        let c = self.challenges.iter().find(|c| c.id == id)?;
        Some(self.json_of(c))
    }

    /// The JSON of challenge `c` (`ChallengeJson`).
    fn json_of(&self, c: &Challenge) -> Value {
        let id = &c.id;
        let (challenger, dest) = if c.outgoing {
            (&self.account, &c.other)
        } else {
            (&c.other, &self.account)
        };
        let (limit, inc) = (c.limit, c.inc);
        let user = |p: &Player| json!({"id": p.id, "name": p.name, "rating": p.rating});
        json!({
            "id": id,
            "url": format!("https://lichess.org/{id}"),
            "status": "created",
            "challenger": user(challenger),
            "destUser": user(dest),
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "rated": false,
            "speed": speed(limit, inc),
            "timeControl": {"type": "clock", "limit": limit, "increment": inc, "show": format!("{}+{}", limit / 60, inc)},
            "color": "random",
            "finalColor": side(if c.outgoing { c.ours } else { !c.ours }),
            "perf": {"icon": "", "name": "Rapid"},
            "direction": if c.outgoing { "out" } else { "in" },
        })
    }

    /// The account challenges `other` (`POST /api/challenge/{name}`, `outgoing`), or
    /// `other` challenges the account; the account plays `ours`. The event stream gets
    /// the `challenge`.
    pub fn challenge(
        &mut self,
        other: Player,
        (limit, inc): (u64, u64),
        outgoing: bool,
        ours: Color,
    ) -> (String, Vec<Push>) {
        self.next_id += 1;
        let id = format!("ch{:06}", self.next_id);
        let challenge = Challenge {
            id: id.clone(),
            other,
            limit,
            inc,
            outgoing,
            ours,
        };
        let json = self.json_of(&challenge);
        self.challenges.push(challenge);
        let compat = json!({"bot": false, "board": speed(limit, inc) != "bullet"});
        let push = Push::Line(
            Stream::Events,
            json!({"type": "challenge", "challenge": json, "compat": compat}),
        );
        (id, vec![push])
    }

    /// A challenge is accepted (by either side): its game starts, with the challenge's id.
    pub fn accept(&mut self, id: &str) -> Result<Vec<Push>, Refusal> {
        let at = self
            .challenges
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| refuse(404, "Challenge not found"))?;
        let c = self.challenges.remove(at);
        let game = Game::new(&c.id, c.ours, c.other, c.limit, c.inc);
        let push = Push::Line(
            Stream::Events,
            json!({"type": "gameStart", "game": game.info()}),
        );
        self.games.push(game);
        Ok(vec![push])
    }

    /// A challenge is declined with `reason`.
    pub fn decline(&mut self, id: &str, reason: &str) -> Result<Vec<Push>, Refusal> {
        let json = self
            .challenge_json(id)
            .ok_or_else(|| refuse(404, "Challenge not found"))?;
        self.challenges.retain(|c| c.id != id);
        let mut declined = json;
        declined["status"] = "declined".into();
        declined["declineReason"] = reason.into();
        declined["declineReasonKey"] = reason.into();
        Ok(vec![Push::Line(
            Stream::Events,
            json!({"type": "challengeDeclined", "challenge": declined}),
        )])
    }

    /// A challenge is cancelled by its sender (`POST /api/challenge/{id}/cancel`).
    pub fn cancel(&mut self, id: &str) -> Result<Vec<Push>, Refusal> {
        let mut json = self
            .challenge_json(id)
            .ok_or_else(|| refuse(404, "Challenge not found"))?;
        self.challenges.retain(|c| c.id != id);
        json["status"] = "canceled".into();
        Ok(vec![Push::Line(
            Stream::Events,
            json!({"type": "challengeCanceled", "challenge": json}),
        )])
    }

    /// A seek (`POST /api/board/seek`): rapid or slower only, as the Board API allows.
    pub fn open_seek(&mut self, minutes: u64, inc: u64) -> Result<(), Refusal> {
        if minutes * 60 + 40 * inc < 480 {
            return Err(refuse(400, "Invalid time control"));
        }
        self.seek = Some((minutes * 60, inc));
        Ok(())
    }

    /// Somebody answers the open seek: the game starts with the seek's clock.
    pub fn match_seek(&mut self, opponent: Player, ours: Color) -> Option<(String, Vec<Push>)> {
        let (limit, inc) = self.seek.take()?;
        Some(self.start_game(ours, opponent, limit, inc))
    }
}
