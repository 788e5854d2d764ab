//! Online play through the lichess Board API (issue 24): the fake lichess the tests play
//! against (`support::lichess`), checked against what the API's specification and the
//! server's code say it answers.

#[cfg(feature = "web")]
mod fake_lichess;
