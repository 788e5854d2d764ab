//! The station's web page (issue 21): its server (feature `web`), the page in a real
//! browser (feature `web`), and its words in every language.

#[cfg(all(feature = "web", feature = "testing"))]
mod browser;
#[cfg(all(feature = "web", feature = "testing"))]
mod browser_a11y;
#[cfg(all(feature = "web", feature = "testing"))]
mod browser_actions;
#[cfg(all(feature = "web", feature = "testing"))]
mod browser_club;
#[cfg(all(feature = "web", feature = "testing"))]
mod server;
mod words;
