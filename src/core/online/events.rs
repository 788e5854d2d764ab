//! The lines of the account's event stream (`GET /api/stream/event`): games starting and
//! finishing, challenges arriving, cancelled or declined. When the stream opens, the
//! server sends every current challenge and game; an empty line every few seconds keeps
//! it alive. Only one such stream per account is open at a time: opening one closes the
//! one before.

use serde::{Deserialize, Serialize};

use super::{Compat, Side, Variant, number};

/// One line of the event stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A game of the account started (or is running when the stream opens).
    GameStart {
        /// The game.
        game: GameInfo,
    },
    /// A game of the account finished.
    GameFinish {
        /// The game.
        game: GameInfo,
    },
    /// A challenge, to or from the account.
    Challenge {
        /// The challenge.
        challenge: Challenge,
        /// Whether the Board API can play it (also inside the challenge).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compat: Option<Compat>,
    },
    /// A challenge was cancelled by its sender.
    ChallengeCanceled {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge was declined.
    ChallengeDeclined {
        /// The challenge, with the reason.
        challenge: Challenge,
    },
    /// A line of a type this station does not know (a newer server).
    #[serde(other)]
    Unknown,
}

/// A game in the event stream (`GameEventInfo`; only the ids are always there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The game's id.
    pub game_id: String,
    /// The side the account plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Side>,
    /// The opponent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
    /// The account is to move.
    #[serde(default)]
    pub is_my_turn: bool,
    /// The account has made a move in this game.
    #[serde(default)]
    pub has_moved: bool,
    /// The account's time left, in seconds.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub seconds_left: Option<u64>,
    /// `blitz`, `rapid`, `classical`, `correspondence`, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    /// A rated game.
    #[serde(default)]
    pub rated: bool,
    /// The variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The winner of a finished game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    /// Whether the Board API can play it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compat: Option<Compat>,
}

/// The opponent of a game in the event stream: an account, or the server's computer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// The account's id; `None` for the computer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The name to say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// The rating.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<u64>,
    /// The computer's level.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub ai: Option<u64>,
}

/// A challenge (`ChallengeJson`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// The challenge's id; the game, once accepted, has the same id.
    pub id: String,
    /// Who challenges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenger: Option<ChallengeUser>,
    /// Who is challenged (none for an open challenge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dest_user: Option<ChallengeUser>,
    /// The variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// A rated game.
    #[serde(default)]
    pub rated: bool,
    /// `blitz`, `rapid`, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    /// The time control.
    pub time_control: TimeControl,
    /// The side the challenged player gets, once decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_color: Option<Side>,
    /// `in` (to the account) or `out` (from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// Whether the Board API can play it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compat: Option<Compat>,
    /// Why it was declined, in the decliner's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decline_reason: Option<String>,
    /// Why it was declined, as a key (`generic`, `later`, `tooFast`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decline_reason_key: Option<String>,
}

/// Someone in a challenge.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeUser {
    /// The account's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The account's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The rating.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<u64>,
}

/// A challenge's time control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum TimeControl {
    /// A clock: `limit` seconds each and `increment` seconds a move.
    Clock {
        /// Seconds each side starts with.
        #[serde(deserialize_with = "number::count")]
        limit: u64,
        /// Seconds added after each move.
        #[serde(deserialize_with = "number::count")]
        increment: u64,
    },
    /// Correspondence: days per move.
    #[serde(rename_all = "camelCase")]
    Correspondence {
        /// Days per move.
        #[serde(deserialize_with = "number::count")]
        days_per_turn: u64,
    },
    /// No clock.
    Unlimited,
    /// A time control this station does not know.
    #[serde(other)]
    Unknown,
}

impl Challenge {
    /// Whether the Board API can play it, wherever the server said so (`None`: it did
    /// not say).
    pub fn board_compatible(&self, outer: Option<Compat>) -> Option<bool> {
        self.compat.or(outer).map(|c| c.board)
    }
}

#[cfg(test)]
mod tests {
    use super::{AccountEvent, TimeControl};
    use crate::core::online::{Compat, Side};

    fn read(line: &str) -> AccountEvent {
        serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    /// A `gameStart` as lichess's mobile app's tests hold it (research note §1.3's fields).
    const GAME_START: &str = r#"{"type":"gameStart","game":{"gameId":"rCRw1AuO","fullId":"rCRw1AuOvonq","color":"black","fen":"r1bqkbnr/pppp2pp/2n1pp2/8/8/3PP3/PPPB1PPP/RN1QKBNR w KQkq - 2 4","hasMoved":true,"isMyTurn":false,"lastMove":"b8c6","opponent":{"id":"philippe","rating":1790,"username":"Philippe"},"perf":"correspondence","rated":false,"secondsLeft":1209600,"source":"friend","status":{"id":20,"name":"started"},"speed":"correspondence","variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true}}}"#;

    /// The specification's example of a challenge (lichess-org/api), on one line.
    const CHALLENGE: &str = r##"{"type":"challenge","challenge":{"id":"7pGLxJ4F","url":"https://lichess.org/VU0nyvsW","status":"created","compat":{"bot":false,"board":true},"challenger":{"id":"lovlas","name":"Lovlas","title":"IM","rating":2506,"patron":true,"online":true,"lag":24},"destUser":{"id":"thibot","name":"thibot","rating":1500,"provisional":true,"online":true,"lag":45},"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":true,"timeControl":{"type":"clock","limit":300,"increment":25,"show":"5+25"},"color":"random","finalColor":"white","speed":"rapid","perf":{"icon":"#","name":"Rapid"}}}"##;

    /// The specification's example of a declined challenge.
    const DECLINED: &str = r##"{"type":"challengeDeclined","challenge":{"id":"7pGLxJ4F","url":"https://lichess.org/VU0nyvsW","status":"declined","compat":{"bot":false,"board":true},"challenger":{"id":"lovlas","name":"Lovlas","title":"IM","rating":2506},"destUser":{"id":"thibot","name":"thibot","title":null,"rating":1500,"provisional":true},"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":true,"timeControl":{"type":"clock","limit":300,"increment":25,"show":"5+25"},"color":"random","finalColor":"white","speed":"rapid","perf":{"icon":"#","name":"Rapid"},"declineReason":"I'm not accepting challenges at the moment.","declineReasonKey":"generic"}}"##;

    #[test]
    fn game_start() {
        let AccountEvent::GameStart { game } = read(GAME_START) else {
            panic!("not gameStart");
        };
        assert_eq!(game.game_id, "rCRw1AuO");
        assert_eq!(game.color, Some(Side::Black));
        assert!(game.has_moved && !game.is_my_turn);
        let opponent = game.opponent.unwrap();
        assert_eq!(
            (opponent.username.as_deref(), opponent.rating),
            (Some("Philippe"), Some(1790))
        );
        assert_eq!(game.seconds_left, Some(1_209_600));
        assert_eq!(
            game.compat,
            Some(Compat {
                board: true,
                bot: false
            })
        );
    }

    #[test]
    fn game_start_with_only_its_ids_and_the_computer() {
        let AccountEvent::GameStart { game } =
            read(r#"{"type":"gameStart","game":{"gameId":"a","fullId":"abcd"}}"#)
        else {
            panic!("not gameStart");
        };
        assert_eq!((game.color, game.opponent), (None, None));
        let AccountEvent::GameFinish { game } = read(
            r#"{"type":"gameFinish","game":{"gameId":"a","fullId":"abcd","opponent":{"id":null,"username":"A.I. level 3","ai":3},"winner":"white","status":{"id":31,"name":"resign"}}}"#,
        ) else {
            panic!("not gameFinish");
        };
        assert_eq!(game.winner, Some(Side::White));
        assert_eq!(game.opponent.unwrap().ai, Some(3));
    }

    #[test]
    fn challenges() {
        let AccountEvent::Challenge { challenge, compat } = read(CHALLENGE) else {
            panic!("not a challenge");
        };
        assert_eq!(challenge.id, "7pGLxJ4F");
        let challenger = challenge.challenger.as_ref().unwrap();
        assert_eq!(
            (challenger.name.as_deref(), challenger.rating),
            (Some("Lovlas"), Some(2506))
        );
        assert_eq!(
            challenge.time_control,
            TimeControl::Clock {
                limit: 300,
                increment: 25
            }
        );
        assert_eq!(challenge.final_color, Some(Side::White));
        assert_eq!(challenge.board_compatible(compat), Some(true));

        // compat beside the challenge (as the research note's schema has it), not in it.
        let outside = r#"{"type":"challenge","challenge":{"id":"x","timeControl":{"type":"clock","limit":60,"increment":0}},"compat":{"bot":true,"board":false}}"#;
        let AccountEvent::Challenge { challenge, compat } = read(outside) else {
            panic!("not a challenge");
        };
        assert_eq!(challenge.board_compatible(compat), Some(false));
        assert_eq!(challenge.board_compatible(None), None);

        let AccountEvent::ChallengeDeclined { challenge } = read(DECLINED) else {
            panic!("not declined");
        };
        assert_eq!(challenge.decline_reason_key.as_deref(), Some("generic"));
        assert!(matches!(
            read(
                r#"{"type":"challengeCanceled","challenge":{"id":"x","timeControl":{"type":"unlimited"}}}"#
            ),
            AccountEvent::ChallengeCanceled { .. }
        ));
    }

    #[test]
    fn time_controls() {
        for (json, tc) in [
            (
                r#"{"type":"clock","limit":600,"increment":5,"show":"10+5"}"#,
                TimeControl::Clock {
                    limit: 600,
                    increment: 5,
                },
            ),
            (
                r#"{"type":"correspondence","daysPerTurn":3}"#,
                TimeControl::Correspondence { days_per_turn: 3 },
            ),
            (r#"{"type":"unlimited"}"#, TimeControl::Unlimited),
            (r#"{"type":"hourglass","x":1}"#, TimeControl::Unknown),
        ] {
            assert_eq!(
                serde_json::from_str::<TimeControl>(json).unwrap(),
                tc,
                "{json}"
            );
        }
    }

    #[test]
    fn unknown_and_broken_lines() {
        assert_eq!(read(r#"{"type":"somethingNew"}"#), AccountEvent::Unknown);
        for line in [
            "{}",
            r#"{"type":"gameStart"}"#,
            r#"{"type":"challenge","challenge":{"id":"x"}}"#,
            "[1]",
        ] {
            assert!(
                serde_json::from_str::<AccountEvent>(line).is_err(),
                "{line}"
            );
        }
    }

    #[test]
    fn lines_read_back_as_written() {
        for line in [GAME_START, CHALLENGE, DECLINED] {
            let once = read(line);
            assert_eq!(read(&serde_json::to_string(&once).unwrap()), once, "{line}");
        }
    }
}
