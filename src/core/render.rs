//! The one renderer of what is said and shown (FIDE Laws D.2.6: the Braille display shows
//! what is said): a [`Message`] to an audience becomes the speech and the Braille line of
//! the session's language. The session tells its own messages through it
//! (`session/telling.rs`), and what the adapters around the session report in its words (a
//! damaged journal, a resume, the station starting, a device's notice) goes through
//! [`crate::core::session::Session::announce`], which uses it too.

use crate::core::output::{Audience, Braille, BrailleKind, LiveClock, Output, Priority, Speech};
use crate::core::phrases::{Message, Phrases, braille_case, is_error, sentence_case};
use crate::core::time::Timestamp;

/// When a message is said: how long it may wait, the clock it reads live, the input it
/// replies to and the half-moves made.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// After this instant the speech is dropped unsaid (a reminder that came too late).
    pub expires: Option<Timestamp>,
    /// A clock reading said as it is when spoken, not when queued.
    pub live: Option<LiveClock>,
    /// The listener's input it replies to ([`Speech::reply_to`]).
    pub reply_to: Option<u64>,
    /// The half-moves made so far ([`Speech::ply`]).
    pub ply: usize,
}

/// Several messages said and brailled to `to` as one text, each rendered as [`message`]
/// renders it, joined by spaces (the repeat of a step, D.2.9: what was said, said again).
pub fn together(
    phrases: &Phrases,
    to: Audience,
    priority: Priority,
    msgs: &[Message],
    timing: Timing,
) -> [Output; 2] {
    let said: Vec<String> = msgs.iter().map(|m| phrases.speech(m)).collect();
    let join = |texts: Vec<String>| {
        texts
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let shown = msgs
        .iter()
        .zip(&said)
        .map(|(m, t)| braille_case(t, phrases.braille(m)))
        .collect();
    [
        Output::Say(Speech {
            text: join(said.into_iter().map(sentence_case).collect()),
            lang: phrases.lang(),
            priority,
            to,
            error: msgs.iter().any(|m| is_error(m.id)),
            expires: timing.expires,
            live: timing.live,
            reply_to: timing.reply_to,
            ply: timing.ply,
        }),
        Output::Braille(Braille {
            text: join(shown),
            to,
            kind: BrailleKind::Message,
        }),
    ]
}

/// `msg` said and brailled to `to` with `priority`: the speech (its first letter a
/// capital) and the display's line, in that order.
pub fn message(
    phrases: &Phrases,
    to: Audience,
    priority: Priority,
    msg: &Message,
    timing: Timing,
) -> [Output; 2] {
    let said = phrases.speech(msg);
    let shown = braille_case(&said, phrases.braille(msg));
    [
        Output::Say(Speech {
            text: sentence_case(said),
            lang: phrases.lang(),
            priority,
            to,
            error: is_error(msg.id),
            expires: timing.expires,
            live: timing.live,
            reply_to: timing.reply_to,
            ply: timing.ply,
        }),
        Output::Braille(Braille {
            text: shown,
            to,
            kind: BrailleKind::of(msg.id, priority),
        }),
    ]
}
