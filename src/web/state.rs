//! The state the page shows (docs/web-protocol.md, "The state"): what the station
//! published after a step ([`Published`], the same for every page), rendered for one
//! page's role at the instant it is sent ([`render`]): its `said` filtered to the role's
//! audience, its `can`, its `sent_ms`.

use serde::Serialize;
use serde_json::Value;
use shakmaty::Color;

use super::access::{Grant, Lost};
use super::action::can_now;
use crate::core::input::AccessRole;
use crate::core::output::Audience;
use crate::core::view::GameView;

/// One thing the station said, as the page lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Said {
    /// Its number: grows by one with every message said.
    pub n: u64,
    /// To whom: `all`, `white`, `black`, `arbiter`.
    #[serde(serialize_with = "audience")]
    pub to: Audience,
    /// The words.
    pub text: String,
    /// Said urgently (a flag, the end of the game).
    pub urgent: bool,
    /// It reports what could not be understood or done.
    pub error: bool,
}

fn audience<S: serde::Serializer>(to: &Audience, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(to.name())
}

/// What the station published after a step: the same for every page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Published {
    /// Grows by one with every change of what a page shows.
    pub seq: u64,
    /// The core's view of the game (an object: board, moves, clock, …).
    pub view: Value,
    /// The same view, typed (what the situation allows is read from it).
    pub game: Option<GameView>,
    /// The newest messages, oldest first, for every audience.
    pub said: Vec<Said>,
    /// Whose move it is (a page's move for the other side is refused).
    pub turn: Option<Color>,
    /// The live PGN with `[%clk]` (the session's, shared while unchanged).
    pub pgn: std::sync::Arc<str>,
}

/// What one page is sent.
#[derive(Serialize)]
struct State<'a> {
    epoch: &'a str,
    seq: u64,
    sent_ms: u64,
    role: &'static str,
    colour: Option<&'static str>,
    #[serde(flatten)]
    view: &'a Value,
    said: Vec<&'a Said>,
    can: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pages: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lost: Option<&'static str>,
}

/// How one page is seen when its state is rendered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Viewer {
    /// What its browser may do now.
    pub grant: Grant,
    /// Why its browser has no role although it showed a token, if so.
    pub lost: Option<Lost>,
}

impl From<Grant> for Viewer {
    fn from(grant: Grant) -> Viewer {
        Viewer { grant, lost: None }
    }
}

/// Whether a page of `grant` is told what was said to `to`.
pub fn hears(grant: Grant, to: Audience) -> bool {
    match (grant.role, to) {
        (_, Audience::All) => true,
        (AccessRole::Arbiter, Audience::Arbiter) => true,
        (AccessRole::Opponent | AccessRole::Player, to) => {
            grant.colour.is_some_and(|c| Audience::player(c) == to)
        }
        _ => false,
    }
}

/// The colour's name on the page.
pub fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The state as `viewer`'s page is sent it at `sent_ms`, as JSON; `pages`: the open
/// pages (shown to the arbiter only); `can`: what the role may do in this situation.
pub fn render(
    published: &Published,
    viewer: impl Into<Viewer>,
    epoch: &str,
    sent_ms: u64,
    pages: usize,
) -> Value {
    let Viewer { grant, lost } = viewer.into();
    let state = State {
        epoch,
        seq: published.seq,
        sent_ms,
        role: grant.role.name(),
        colour: grant.colour.map(colour_name),
        view: &published.view,
        said: published
            .said
            .iter()
            .filter(|s| hears(grant, s.to))
            .collect(),
        can: can_now(grant, published.game.as_ref()),
        pages: (grant.role == AccessRole::Arbiter).then_some(pages),
        lost: lost.map(Lost::name),
    };
    serde_json::to_value(&state).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(n: u64, to: Audience) -> Said {
        Said {
            n,
            to,
            text: format!("m{n}"),
            urgent: false,
            error: false,
        }
    }

    /// Each case: (the page's grant, the numbers of the messages it is told).
    #[test]
    fn each_role_is_told_what_is_said_to_it_and_to_all() {
        let published = Published {
            seq: 4,
            view: serde_json::json!({"board": "8/8/8/8/8/8/8/8", "turn": "white"}),
            said: vec![
                said(1, Audience::All),
                said(2, Audience::White),
                said(3, Audience::Black),
                said(4, Audience::Arbiter),
            ],
            ..Published::default()
        };
        let grant = |role, colour| Grant { role, colour };
        let cases = [
            (Grant::SPECTATOR, vec![1]),
            (grant(AccessRole::Opponent, Some(Color::White)), vec![1, 2]),
            (grant(AccessRole::Player, Some(Color::Black)), vec![1, 3]),
            (grant(AccessRole::Arbiter, None), vec![1, 4]),
        ];
        for (grant, expected) in cases {
            let state = render(&published, grant, "e1", 812, 3);
            let told: Vec<u64> = state["said"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|s| s["n"].as_u64())
                .collect();
            assert_eq!(told, expected, "{grant:?}");
            assert_eq!(state["seq"], 4);
            assert_eq!(state["sent_ms"], 812);
            assert_eq!(state["epoch"], "e1");
            assert_eq!(state["board"], "8/8/8/8/8/8/8/8");
            assert_eq!(state["role"], grant.role.name());
            assert_eq!(
                state.get("pages").is_some(),
                grant.role == AccessRole::Arbiter
            );
        }
    }
}
