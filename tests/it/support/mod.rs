//! What the tests share: child processes and threads with a bound on every wait (`proc`),
//! the busy tests and the one that runs alone of them (`load`), the golden scripts
//! (`golden`), the emulated electronic board (`eboard`), the web page's station
//! (`web_station`), browser (`browser`, `page`, `page_a11y`) and relay (`link`), a scripted
//! fake UCI engine (`fake_engine`), and the source walker of the tidy tests. What the
//! benchmarks need too is the library's test kit (`ansage::testkit`, feature `testing`):
//! the station process, chromedriver, the HTTP/SSE client (`http` here names its async
//! side) and the fake lichess (`lichess`).

#[cfg(all(feature = "web", feature = "testing"))]
pub mod browser;
#[cfg(all(feature = "eboard", feature = "testing"))]
pub mod eboard;
#[cfg(feature = "engine")]
pub mod fake_engine;
pub mod golden;
#[cfg(all(feature = "web", feature = "testing"))]
pub use ansage::testkit::http::aio as http;
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
