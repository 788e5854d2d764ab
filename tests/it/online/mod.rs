//! Online play through the lichess Board API (issue 24): the fake lichess the tests play
//! against (`support::lichess`), checked against what the API's specification and the
//! server's code say it answers (`fake_lichess.rs`); and the real `ansage online` process
//! against it (`station.rs`): a whole game and the failures of the issue (`play.rs`), the
//! menu (`menu.rs`) and its requests under the reconnection rule (`menu_faults.rs`), login and logout (`account.rs`), a server that flaps
//! (`flapping.rs`), the game's start (`start.rs`), the game's edges (`edges.rs`), going
//! through a finished game from the menu (`review.rs`); and the session's resend after a lost
//! answer, property-tested against a model of the server (`resend_props.rs`); what the
//! player hears while the server flaps, golden (`reconnect_golden.rs`).

#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod account;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod doctor;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod edges;
#[cfg(all(feature = "web", feature = "testing"))]
mod fake_lichess;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod flapping;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod menu;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod menu_faults;
mod menu_golden;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod play;
#[cfg(feature = "online")]
mod reconnect_golden;
mod resend_props;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod review;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod start;
#[cfg(all(feature = "online", feature = "web", feature = "testing"))]
mod station;
