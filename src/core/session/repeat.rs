//! The repeat key and "wiederholen" (FIDE Laws D.2.9: the player may ask again what was
//! said): the last thing of substance said to the asker, whole — the opponent's move with
//! the move count said after it (D.2.5.c), the last answer, or the pending question — in
//! speech and on the Braille display alike.

use crate::core::output::{Audience, LiveClock, Output, Priority};
use crate::core::phrases::Message;
use crate::core::questions;
use crate::core::render;

use super::Session;

/// How many utterances are kept for the repeat key.
const KEPT: usize = 32;

/// What follows a move and is no news of its own: the move count (D.2.5.c) and that the
/// clock stands. Repeated only with the move it followed.
const TRAILING: [&str; 2] = ["move-count", "clock-stands"];

/// One utterance kept for the repeat key.
#[derive(Clone, Debug)]
pub(super) struct Said {
    /// The step of the session it was said in (one input or deadline).
    pub step: u64,
    /// To whom.
    pub to: Audience,
    /// What.
    pub msg: Message,
    /// A clock answer's data, to say the time as it is when repeated.
    pub live: Option<LiveClock>,
    /// How urgently it was said.
    pub priority: Priority,
}

impl Session {
    /// Keeps an utterance for the repeat key.
    pub(super) fn remember(&mut self, said: Said) {
        if said.msg.id == "repeat-nothing" {
            return;
        }
        if self.last_said.len() >= KEPT {
            self.last_said.remove(0);
        }
        self.last_said.push(said);
    }

    /// FIDE Laws D.2.9: says again to `to` the last thing of substance they heard: all
    /// that was said to them in the last step that said something other than a clock
    /// reminder (the opponent's move with its count, an answer, the pending question);
    /// a move count alone comes with the move it counts. Said and brailled as one text.
    pub(super) fn repeat(&mut self, to: Audience, out: &mut Vec<Output>) {
        let group = self.last_substance(to);
        match group.as_slice() {
            [] => self.tell(to, Priority::Answer, Message::new("repeat-nothing"), out),
            // A clock answer says the time now, from the clock as it is now (a move may
            // have switched it since), not the time it said before.
            [
                Said {
                    live: Some(live), ..
                },
            ] => {
                let mut live = live.clone();
                if let Some(clock) = &self.clock {
                    live.clock = clock.clone();
                }
                let msg = questions::live_message(&live, &self.phrases, self.now);
                self.tell_live(to, Priority::Answer, msg, Some(live), out);
            }
            [one] => self.tell(to, Priority::Answer, one.msg.clone(), out),
            many => {
                let msgs: Vec<Message> = many.iter().map(|s| s.msg.clone()).collect();
                self.tell_together(to, msgs, out);
            }
        }
    }

    /// What was said to `to` (or to all) in the last step that said something of
    /// substance to them; a move count alone is preceded by the last move made.
    fn last_substance(&self, to: Audience) -> Vec<Said> {
        let heard = |s: &&Said| s.to == to || s.to == Audience::All;
        let last = self
            .last_said
            .iter()
            .filter(heard)
            .rfind(|s| s.priority != Priority::Reminder)
            .or_else(|| self.last_said.iter().rfind(heard));
        let Some(step) = last.map(|s| s.step) else {
            return Vec::new();
        };
        let mut group: Vec<Said> = self
            .last_said
            .iter()
            .filter(heard)
            .filter(|s| s.step == step)
            .cloned()
            .collect();
        let only_trailing = group.iter().all(|s| TRAILING.contains(&s.msg.id));
        if let (true, Some(ply)) = (only_trailing, self.history.last()) {
            let made = Message::new("opponent-move")
                .arg("move", ply.made.phrase.clone())
                .arg("san", ply.san_local.clone());
            group.insert(
                0,
                Said {
                    step,
                    to,
                    msg: made,
                    live: None,
                    priority: Priority::Move,
                },
            );
        }
        group
    }

    /// Says and brailles several messages as one text (the repeat of a step), keeping
    /// each for the repeat key.
    fn tell_together(&mut self, to: Audience, msgs: Vec<Message>, out: &mut Vec<Output>) {
        let timing = render::Timing {
            reply_to: self.reply_to(to),
            ply: self.history.len(),
            ..render::Timing::default()
        };
        out.extend(render::together(
            &self.phrases,
            to,
            Priority::Answer,
            &msgs,
            timing,
        ));
        for msg in msgs {
            self.remember(Said {
                step: self.step,
                to,
                msg,
                live: None,
                priority: Priority::Answer,
            });
        }
    }
}
