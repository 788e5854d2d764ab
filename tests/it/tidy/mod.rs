//! Tidy tests: rules of the code base checked by reading the sources (`code`, `cycles`), where tests
//! go (`layout`), how long test code's files may be (`lengths`), which modules are leaves
//! (`leaves`), the message ids against every language's messages (`messages`), the
//! documentation's shape (`docs`) and ARCHITECTURE.md's paths (`architecture`).

mod architecture;
mod code;
mod cycles;
mod docs;
mod layout;
mod leaves;
mod lengths;
mod messages;
