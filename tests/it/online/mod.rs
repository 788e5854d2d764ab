//! Online play through the lichess Board API (issue 24): the fake lichess the tests play
//! against (`support::lichess`), checked against what the API's specification and the
//! server's code say it answers (`fake_lichess.rs`); and the real `ansage online` process
//! against it (`station.rs`): a whole game and the failures of the issue (`play.rs`), the
//! menu (`menu.rs`), login and logout (`account.rs`), the game's edges (`edges.rs`).

#[cfg(all(feature = "online", feature = "web"))]
mod account;
#[cfg(all(feature = "online", feature = "web"))]
mod doctor;
#[cfg(all(feature = "online", feature = "web"))]
mod edges;
#[cfg(feature = "web")]
mod fake_lichess;
#[cfg(all(feature = "online", feature = "web"))]
mod menu;
mod menu_golden;
#[cfg(all(feature = "online", feature = "web"))]
mod play;
#[cfg(all(feature = "online", feature = "web"))]
mod station;
