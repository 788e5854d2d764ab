//! What only the station's web page can do, asked for at the board (a one-time code for a
//! role's page, the page's address, every access ended), and the sighted player's word
//! that the visually impaired player's move stands on his board (FIDE Laws D.2.1).

use crate::core::input::{AccessRole, Actor};
use crate::core::output::{AccessRequest, Output, Priority};
use crate::core::phrases::Message;

use super::{Session, audience};

impl Session {
    /// A one-time code for `role`'s web page, to the asker only: the web page issues it
    /// (the core never holds a secret) and tells it, the same code again while it is
    /// valid; the repeat key asks the page again (D.2.9).
    /// FIDE Laws 6.11, D.2.10: with an arbiter present, only he gives the arbiter's page
    /// away.
    pub(super) fn access_code(&mut self, by: Actor, role: AccessRole, out: &mut Vec<Output>) {
        if role == AccessRole::Arbiter && self.setup.arbiter && by != Actor::Arbiter {
            let msg = Message::new("access-arbiter-only");
            self.tell(audience(by), Priority::Answer, msg, out);
            return;
        }
        let to = audience(by);
        let request = AccessRequest::Code { role, to };
        self.ask_page(to, Message::new("web-access-code"), request, out);
    }

    /// The web page's address, to the asker only ("Adresse?"): the page says it in words
    /// a speech synthesizer reads right and shows it in full; the repeat key asks again.
    pub(super) fn page_address(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        let request = AccessRequest::Address { to };
        self.ask_page(to, Message::new("web-address"), request, out);
    }

    /// Every role's access to the web page ended (asked by anyone at the board).
    pub(super) fn revoke_access(&mut self, by: Actor, out: &mut Vec<Output>) {
        out.push(Output::Access(AccessRequest::RevokeAll {
            to: audience(by),
        }));
    }

    /// FIDE Laws D.2.1: the sighted player (or the arbiter) says that the visually
    /// impaired player's last move now stands on his board.
    pub(super) fn executed(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        if by.color().is_some_and(|c| self.setup.impaired.includes(c)) {
            self.tell(
                to,
                Priority::Answer,
                Message::new("executed-not-yours"),
                out,
            );
            return;
        }
        let awaiting = self.history.last().is_some_and(|ply| {
            self.setup.impaired.includes(ply.made.side) && self.executed < self.history.len()
        });
        if !awaiting {
            self.tell(to, Priority::Answer, Message::new("executed-nothing"), out);
            return;
        }
        self.executed = self.history.len();
        self.tell(to, Priority::Answer, Message::new("executed-noted"), out);
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use crate::core::input::{AccessRole, Actor, Command, Event, Input};
    use crate::core::output::{AccessRequest, Audience, Output};
    use crate::core::session::Session;
    use crate::core::setup::SessionSetup;
    use crate::core::time::Timestamp;

    fn requests(by: Actor, command: Command) -> Vec<AccessRequest> {
        let mut s = Session::new(SessionSetup::default()).unwrap();
        let input = Input::Act {
            by,
            event: Event::Command(command),
        };
        s.handle(input, Timestamp::from_millis(5))
            .into_iter()
            .filter_map(|o| match o {
                Output::Access(r) => Some(r),
                _ => None,
            })
            .collect()
    }

    /// A code is asked of the web page for the asker alone; the core holds no secret.
    #[test]
    fn a_code_and_a_revocation_go_to_the_web_page_for_the_asker() {
        let cases = [
            (
                Actor::Player(Color::White),
                Command::AccessCode(AccessRole::Opponent),
                AccessRequest::Code {
                    role: AccessRole::Opponent,
                    to: Audience::White,
                },
            ),
            (
                Actor::Arbiter,
                Command::AccessCode(AccessRole::Arbiter),
                AccessRequest::Code {
                    role: AccessRole::Arbiter,
                    to: Audience::Arbiter,
                },
            ),
            (
                Actor::Player(Color::Black),
                Command::RevokeAccess,
                AccessRequest::RevokeAll {
                    to: Audience::Black,
                },
            ),
        ];
        for (by, command, want) in cases {
            assert_eq!(requests(by, command.clone()), vec![want], "{command:?}");
        }
    }

    /// With an arbiter present, a player is not given the arbiter's page; without one,
    /// the players run the clock themselves (6.5) and may.
    #[test]
    fn only_the_arbiter_gives_his_page_away_when_one_is_present() {
        for (arbiter, by, given) in [
            (true, Actor::Player(Color::White), false),
            (true, Actor::Arbiter, true),
            (false, Actor::Player(Color::Black), true),
        ] {
            let mut s = Session::new(SessionSetup {
                arbiter,
                ..SessionSetup::default()
            })
            .unwrap();
            let input = Input::Act {
                by,
                event: Event::Command(Command::AccessCode(AccessRole::Arbiter)),
            };
            let out = s.handle(input, Timestamp::from_millis(5));
            let asked = out.iter().any(|o| matches!(o, Output::Access(_)));
            assert_eq!(asked, given, "arbiter present {arbiter}, asked by {by}");
        }
    }
}
