//! The script form of a line of an online game's stream (the verb `server`, issue 24): the
//! line's JSON as the server sends it (`server {"type":"gameState","moves":"e2e4",…}`), so
//! that the journal keeps what the server said and a replay sees exactly the same.

use crate::core::online::game::GameLine;

use super::errors::BodyError;

/// Reads the text after the verb `server`.
pub fn parse_server_line(text: &str) -> Result<GameLine, BodyError> {
    serde_json::from_str(text.trim()).map_err(|e| BodyError::Server(e.to_string()))
}

/// Writes a line as [`parse_server_line`] reads it: its JSON on one line.
pub fn server_line_text(line: &GameLine) -> String {
    // The types are plain data (strings, numbers, booleans): writing them cannot fail.
    serde_json::to_string(line).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_lines_round_trip() {
        for text in [
            r#"{"type":"gameState","moves":"e2e4 e7e5","wtime":600000,"btime":595000,"winc":5000,"binc":5000,"status":"started","bdraw":true}"#,
            r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":52}"#,
            r#"{"type":"chatLine","room":"player","username":"a","text":"hi"}"#,
        ] {
            let line = parse_server_line(text).unwrap();
            assert_eq!(server_line_text(&line), text);
        }
        for bad in ["", "{", r#"{"type":"gameState"}"#, "found"] {
            let e = parse_server_line(bad).unwrap_err();
            assert!(e.to_string().starts_with("invalid server line"), "{e}");
        }
    }
}
