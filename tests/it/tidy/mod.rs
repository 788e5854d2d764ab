//! Tidy tests: rules of the code base checked by reading the sources (`code`), where tests
//! go (`layout`), which modules are leaves (`leaves`), the message ids against every
//! language's messages (`messages`), the documentation's shape (`docs`) and
//! ARCHITECTURE.md's paths (`architecture`).

mod architecture;
mod code;
mod docs;
mod layout;
mod leaves;
mod messages;
