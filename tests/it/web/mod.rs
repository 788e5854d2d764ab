//! The station's web page (issue 21): its server (feature `web`), the page in a real
//! browser (feature `web`), and its words in every language.

#[cfg(feature = "web")]
mod browser;
#[cfg(feature = "web")]
mod browser_actions;
#[cfg(feature = "web")]
mod browser_club;
#[cfg(feature = "web")]
mod server;
mod words;
