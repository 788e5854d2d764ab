//! Tidy tests: rules of the code base checked by reading the sources (`code`), where tests
//! go (`layout`), and the message ids against every language's messages (`messages`).

mod code;
mod layout;
mod messages;
