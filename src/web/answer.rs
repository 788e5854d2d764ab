//! The station's answers to what is asked of the web page at the board (a code for a
//! role, the page's address, every access ended), as a message for whoever asked. Pure:
//! the access table, the time and the random numbers are passed in, so that the golden
//! transcripts show each answer as the station says it (`tests/golden/web/`).
//!
//! Issue 31: a code is said first and alone, its digits one by one ("Code für den Gegner:
//! 9 3 5 0 8 0. Zwei Minuten gültig."), the same code again while it is valid (asked
//! again, or by the repeat key: "Noch 85 Sekunden gültig."); the address only on request
//! ("Adresse?"), in words a speech synthesizer reads right, in full on the display.

use std::time::Duration;

use super::access::Access;
use super::address::PageAddress;
use super::hub::Seats;
use crate::core::input::AccessRole;
use crate::core::output::{AccessRequest, Audience};
use crate::core::phrases::Message;

/// What the answers need to know of the page.
#[derive(Clone, Debug)]
pub struct Page {
    /// The players' colours (an opponent's code is for his colour).
    pub seats: Seats,
    /// The page's address.
    pub address: PageAddress,
}

/// Whether the answer to `request` is a secret: a code for a role (told to the asker at
/// the board only, never listed on a page).
pub fn is_secret(request: &AccessRequest) -> bool {
    matches!(request, AccessRequest::Code { role, .. } if *role != AccessRole::Spectator)
}

/// The answer to `request` at `now` (the server's time): to whom, and what. A new code
/// takes its digits from `random`; without one the asker is told to ask again.
pub fn answer(
    request: AccessRequest,
    access: &mut Access,
    page: &Page,
    now: Duration,
    random: impl FnOnce() -> Option<u32>,
) -> (Audience, Message) {
    match request {
        // A spectator needs no code: the page's address is the answer.
        AccessRequest::Code {
            role: AccessRole::Spectator,
            to,
        }
        | AccessRequest::Address { to } => (to, page.address.args(Message::new("web-address"))),
        AccessRequest::Code { role, to } => {
            let grant = page.seats.grant(role);
            let Some(issued) = access.code_for(grant, now, random) else {
                return (to, Message::new("web-error-unavailable"));
            };
            let digits = issued.code.expose();
            let spaced: Vec<String> = digits.chars().map(String::from).collect();
            let msg = if issued.new {
                Message::new("web-access-code")
            } else {
                Message::new("web-access-code-again").arg("seconds", issued.left.as_secs())
            };
            let msg = msg
                .arg("role", role.name())
                .arg("code", spaced.join(" "))
                .arg("digits", digits.to_owned());
            (to, msg)
        }
        AccessRequest::RevokeAll { to } => {
            access.revoke_all();
            (to, Message::new("web-access-revoked"))
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::*;
    use crate::core::lang::Language;
    use crate::core::phrases::Phrases;

    fn page(phrases: &Phrases) -> Page {
        Page {
            seats: Seats {
                player: Color::White,
                opponent: Color::Black,
            },
            address: PageAddress::new("http://192.168.1.20:8432/", phrases),
        }
    }

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    /// The code alone, its digits one by one, the same while it is valid; the address on
    /// request; in de, es and en, said and shown.
    #[test]
    fn a_code_first_and_alone_the_same_again_and_the_address_on_request() {
        let opponent = AccessRequest::Code {
            role: AccessRole::Opponent,
            to: Audience::White,
        };
        let address = AccessRequest::Address {
            to: Audience::White,
        };
        let cases: [(Language, [(&str, &str); 4]); 3] = [
            (
                Language::De,
                [
                    (
                        "Code für den Gegner: 9 3 5 0 8 0. Zwei Minuten gültig.",
                        "Code Gegner: 935080, 2 Min.",
                    ),
                    (
                        "Code für den Gegner: 9 3 5 0 8 0. Noch 85 Sekunden gültig.",
                        "Code Gegner: 935080, noch 85 s",
                    ),
                    (
                        "Adresse: 192 Punkt 168 Punkt 1 Punkt 20, Port 8432.",
                        "Adresse: http://192.168.1.20:8432/",
                    ),
                    (
                        "Code für den Gegner: 2 7 1 8 2 8. Zwei Minuten gültig.",
                        "Code Gegner: 271828, 2 Min.",
                    ),
                ],
            ),
            (
                Language::Es,
                [
                    (
                        "Código para el rival: 9 3 5 0 8 0. Válido dos minutos.",
                        "Código rival: 935080, 2 min",
                    ),
                    (
                        "Código para el rival: 9 3 5 0 8 0. Sigue válido 85 segundos.",
                        "Código rival: 935080, quedan 85 s",
                    ),
                    (
                        "Dirección: 192 punto 168 punto 1 punto 20, puerto 8432.",
                        "Dirección: http://192.168.1.20:8432/",
                    ),
                    (
                        "Código para el rival: 2 7 1 8 2 8. Válido dos minutos.",
                        "Código rival: 271828, 2 min",
                    ),
                ],
            ),
            (
                Language::En,
                [
                    (
                        "Code for the opponent: 9 3 5 0 8 0. Valid for two minutes.",
                        "Code opponent: 935080, 2 min",
                    ),
                    (
                        "Code for the opponent: 9 3 5 0 8 0. Still valid for 85 seconds.",
                        "Code opponent: 935080, 85 s left",
                    ),
                    (
                        "Address: 192 dot 168 dot 1 dot 20, port 8432.",
                        "Address: http://192.168.1.20:8432/",
                    ),
                    (
                        "Code for the opponent: 2 7 1 8 2 8. Valid for two minutes.",
                        "Code opponent: 271828, 2 min",
                    ),
                ],
            ),
        ];
        for (lang, expected) in cases {
            let phrases = Phrases::load(lang).unwrap();
            let page = page(&phrases);
            let mut access = Access::new();
            // Asked, asked again 35 s later, the address, and after the code expired.
            let steps = [
                (opponent, 0),
                (opponent, 35),
                (address, 36),
                (opponent, 200),
            ];
            let mut randoms = [935_080, 271_828].into_iter();
            for ((request, at), (said, shown)) in steps.into_iter().zip(expected) {
                let (to, msg) = answer(request, &mut access, &page, s(at), || randoms.next());
                assert_eq!(to, Audience::White);
                assert_eq!(phrases.speech(&msg), said, "{lang} @{at}");
                assert_eq!(phrases.braille(&msg), shown, "{lang} @{at}");
                assert!(shown.chars().count() <= 40, "{lang}: {shown}");
            }
        }
    }

    #[test]
    fn without_a_random_number_the_asker_is_told_to_ask_again() {
        let phrases = Phrases::load(Language::De).unwrap();
        let request = AccessRequest::Code {
            role: AccessRole::Arbiter,
            to: Audience::Arbiter,
        };
        let (to, msg) = answer(request, &mut Access::new(), &page(&phrases), s(0), || None);
        assert_eq!((to, msg.id), (Audience::Arbiter, "web-error-unavailable"));
    }
}
