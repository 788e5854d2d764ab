//! What the tests share: child processes and threads with a bound on every wait (`proc`),
//! the busy tests and the one that runs alone of them (`load`), the golden scripts
//! (`golden`), the emulated electronic board (`eboard`), the web page's station, browser and
//! HTTP client, a fake lichess (`lichess`), a scripted fake UCI engine (`fake_engine`), and the source walker of the tidy tests.

#[cfg(all(feature = "web", feature = "testing"))]
pub mod browser;
#[cfg(all(feature = "eboard", feature = "testing"))]
pub mod eboard;
#[cfg(feature = "engine")]
pub mod fake_engine;
pub mod golden;
#[cfg(feature = "web")]
pub mod http;
#[cfg(all(feature = "eboard", feature = "testing"))]
pub mod letters;
#[cfg(all(feature = "web", feature = "testing"))]
pub use ansage::testkit::lichess;
#[cfg(feature = "web")]
pub mod link;
pub mod load;
pub mod message_ids;
pub mod module_graph;
pub mod names;
#[cfg(all(feature = "web", feature = "testing"))]
pub mod page;
#[cfg(all(feature = "web", feature = "testing"))]
pub mod page_a11y;
pub mod proc;
pub mod sources;
#[cfg(all(feature = "web", feature = "testing"))]
pub mod web_game;
#[cfg(all(feature = "web", feature = "testing"))]
pub mod web_station;
