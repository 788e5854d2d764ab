//! A secret (the web page's access codes and cookie tokens, the lichess token): printed as
//! `[redacted]` by `Debug` and `Display`, so that it cannot reach a log, the journal, a
//! record or an error text by accident; [`Secret::expose`] is the one way to its text. The
//! one redacting type of the crate, a leaf every adapter may use.

use std::fmt;

/// A secret text (six digits of a code, the hex of a cookie's token, a lichess token).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Secret(String);

impl Secret {
    /// Wraps `text`.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The text itself: only for the one place that must show or send it (the code said to
    /// whoever asked, the cookie set on the browser that joined, the `Authorization`
    /// header).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::Secret;

    #[test]
    fn a_secret_prints_as_redacted() {
        let s = Secret::new("123456");
        assert_eq!(
            format!("{s} {s:?} {:?}", Some(&s)),
            "[redacted] [redacted] Some([redacted])"
        );
        assert_eq!(s.expose(), "123456");
    }
}
