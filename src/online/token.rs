//! The lichess personal access token (scope `board:play`): a secret that never prints.
//!
//! It is read from the environment (`ANSAGE_LICHESS_TOKEN`, which wins) or from the file
//! `$XDG_CONFIG_HOME/ansage/lichess-token`, which must be readable by its owner only (as
//! ssh keys): a file that the group or others may read is refused with a sentence saying
//! how to fix it. `Debug` and `Display` print `[redacted]`, so a token in a log line, an
//! error or a debug print shows nothing of itself; only [`Token::expose`] gives it, for the
//! `Authorization` header.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::secret::Secret;

/// The environment variable that holds the token (it wins over the file).
pub const ENV: &str = "ANSAGE_LICHESS_TOKEN";

/// The longest token read (lichess says tokens may grow; 512 characters are expected).
const MAX_LEN: usize = 4096;

/// A personal access token, a [`Secret`] of a token's characters.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(Secret);

impl Token {
    /// A token from its text (surrounding white space dropped): letters, digits and `_`.
    pub fn new(text: &str) -> Result<Token, TokenError> {
        let text = text.trim();
        let valid = !text.is_empty()
            && text.len() <= MAX_LEN
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if valid {
            Ok(Token(Secret::new(text)))
        } else {
            Err(TokenError::Invalid)
        }
    }

    /// The token's text, for the `Authorization` header only.
    pub fn expose(&self) -> &str {
        self.0.expose()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({:?})", self.0)
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why there is no token to use. The texts never hold the token.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// Neither the environment nor the file has one.
    #[error(
        "no lichess token: run `ansage online login`, or set {ENV} (create a token with the \
         scope board:play at https://lichess.org/account/oauth/token)"
    )]
    Missing,
    /// Not a token's characters.
    #[error("that is no lichess token: a token is letters, digits and _")]
    Invalid,
    /// The file may be read by others.
    #[error(
        "{} may be read by others (mode {mode:03o}): the token is a password; make it yours \
         alone with `chmod 600 {}`",
        .path.display(),
        .path.display()
    )]
    Readable {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file cannot be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

/// The token file in the configuration folder `config_dir` (`$XDG_CONFIG_HOME/ansage`).
pub fn token_file(config_dir: &Path) -> PathBuf {
    config_dir.join("lichess-token")
}

/// The token: `env` (the environment variable's value) if set, else the file's, which must
/// be its owner's alone.
pub fn load(env: Option<String>, file: &Path) -> Result<Token, TokenError> {
    if let Some(text) = env.filter(|t| !t.trim().is_empty()) {
        return Token::new(&text);
    }
    let io = |source| TokenError::Io {
        path: file.to_owned(),
        source,
    };
    let meta = match std::fs::metadata(file) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(TokenError::Missing),
        Err(e) => return Err(io(e)),
    };
    let mode = permission_bits(&meta);
    if mode & 0o077 != 0 {
        return Err(TokenError::Readable {
            path: file.to_owned(),
            mode,
        });
    }
    Token::new(&std::fs::read_to_string(file).map_err(io)?)
}

/// Writes the token to `file`, readable and writable by its owner alone (mode 0600), its
/// folder made if missing; an older file is replaced.
pub fn store(file: &Path, token: &Token) -> Result<(), TokenError> {
    use std::io::Write;
    let io = |source| TokenError::Io {
        path: file.to_owned(),
        source,
    };
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = file.with_extension("new");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options.open(&tmp).map_err(io)?;
    f.write_all(token.expose().as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)?;
    std::fs::rename(&tmp, file).map_err(io)
}

#[cfg(unix)]
fn permission_bits(meta: &std::fs::Metadata) -> u32 {
    std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777
}

#[cfg(not(unix))]
fn permission_bits(_meta: &std::fs::Metadata) -> u32 {
    0o600
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "lip_s3cretTokenValue_123";

    #[test]
    fn a_token_never_prints() {
        let token = Token::new(&format!("  {SECRET}\n")).unwrap();
        assert_eq!(token.expose(), SECRET);
        for shown in [
            format!("{token}"),
            format!("{token:?}"),
            format!("{:?}", Some(&token)),
        ] {
            assert!(
                !shown.contains(SECRET) && shown.contains("redacted"),
                "{shown}"
            );
        }
        for bad in ["", "  ", "a b", "tok;en", "tök"] {
            assert!(
                matches!(Token::new(bad), Err(TokenError::Invalid)),
                "{bad:?}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_the_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = token_file(&dir.path().join("ansage"));
        assert!(matches!(load(None, &file), Err(TokenError::Missing)));
        store(&file, &Token::new(SECRET).unwrap()).unwrap();
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(load(None, &file).unwrap().expose(), SECRET);
        // The environment wins.
        assert_eq!(
            load(Some("other_1".into()), &file).unwrap().expose(),
            "other_1"
        );
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let err = load(None, &file).unwrap_err();
        let text = err.to_string();
        assert!(
            matches!(err, TokenError::Readable { mode: 0o644, .. }),
            "{text}"
        );
        assert!(
            text.contains("chmod 600") && !text.contains(SECRET),
            "{text}"
        );
    }
}
