//! NDJSON streams: bytes in, lines out, each read into a type.
//!
//! A line ends at `\n` (a `\r` before it is dropped). A blank line is a keep-alive: it says
//! only that the connection lives. A line longer than [`MAX_LINE`] is skipped whole, so a
//! broken server cannot make the station hold unbounded memory. A line that is no JSON of
//! the expected shape is told as [`Unreadable`], never a panic; the lines after it are read
//! as usual. The lines do not depend on how the bytes were split into reads; a last line
//! without its `\n` when the stream ends is dropped ([`Decoder::finish`]): a cut
//! connection's tail is never trusted.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;

/// The longest line read (a `gameFull` of a very long game is a few kilobytes).
pub const MAX_LINE: usize = 256 * 1024;

/// One line of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line<E> {
    /// An empty line: the connection lives.
    KeepAlive,
    /// A line read into its type.
    Event(E),
    /// A line that could not be read.
    Unreadable(Unreadable),
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// Longer than [`MAX_LINE`]: skipped.
    #[error("a line of {0} bytes, longer than the longest read")]
    TooLong(usize),
    /// Not UTF-8.
    #[error("a line that is not UTF-8")]
    NotUtf8,
    /// Not JSON of the expected shape (serde's words: what was expected, where).
    #[error("a line that could not be read: {0}")]
    Json(String),
}

/// Reads one line (without its `\n`).
pub fn parse_line<E: DeserializeOwned>(line: &[u8]) -> Line<E> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let Ok(text) = std::str::from_utf8(line) else {
        return Line::Unreadable(Unreadable::NotUtf8);
    };
    if text.trim().is_empty() {
        return Line::KeepAlive;
    }
    match serde_json::from_str(text) {
        Ok(event) => Line::Event(event),
        Err(e) => Line::Unreadable(Unreadable::Json(e.to_string())),
    }
}

/// Splits a stream's bytes into lines and reads each.
#[derive(Debug)]
pub struct Decoder<E> {
    /// The line begun and not yet ended.
    partial: Vec<u8>,
    /// Bytes of a line too long, skipped so far (0: none is being skipped).
    skipped: usize,
    event: PhantomData<fn() -> E>,
}

impl<E> Default for Decoder<E> {
    fn default() -> Self {
        Decoder {
            partial: Vec::new(),
            skipped: 0,
            event: PhantomData,
        }
    }
}

impl<E: DeserializeOwned> Decoder<E> {
    /// A decoder at the start of a stream.
    pub fn new() -> Self {
        Decoder::default()
    }

    /// The lines that these bytes end, in order.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Line<E>> {
        let mut lines = Vec::new();
        let mut pieces = bytes.split(|&b| b == b'\n').peekable();
        while let Some(piece) = pieces.next() {
            let ended = pieces.peek().is_some();
            if self.skipped > 0 || self.partial.len() + piece.len() > MAX_LINE {
                self.skipped += self.partial.len() + piece.len();
                self.partial.clear();
            } else {
                self.partial.extend_from_slice(piece);
            }
            if ended {
                lines.push(self.end_line());
            }
        }
        lines
    }

    /// The line that a `\n` ends.
    fn end_line(&mut self) -> Line<E> {
        if self.skipped > 0 {
            let skipped = std::mem::take(&mut self.skipped);
            return Line::Unreadable(Unreadable::TooLong(skipped));
        }
        let line = parse_line(&self.partial);
        self.partial.clear();
        line
    }

    /// The stream ended: how many bytes of a last line without its `\n` were dropped.
    pub fn finish(self) -> usize {
        self.partial.len() + self.skipped
    }
}

#[cfg(test)]
mod tests {
    use super::{Decoder, Line, MAX_LINE, Unreadable, parse_line};
    use crate::core::online::events::AccountEvent;
    use crate::core::online::game::{GameLine, Status};

    const STATE: &str = r#"{"type":"gameState","moves":"e2e4","wtime":300000,"btime":300000,"winc":0,"binc":0,"status":"started"}"#;
    const GONE: &str = r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":52}"#;

    fn kinds(lines: &[Line<GameLine>]) -> Vec<&'static str> {
        lines
            .iter()
            .map(|l| match l {
                Line::KeepAlive => "keep-alive",
                Line::Event(GameLine::GameState(_)) => "state",
                Line::Event(GameLine::OpponentGone(_)) => "gone",
                Line::Event(_) => "other",
                Line::Unreadable(Unreadable::TooLong(_)) => "too long",
                Line::Unreadable(_) => "unreadable",
            })
            .collect()
    }

    #[test]
    fn lines_keep_alives_and_broken_lines() {
        let stream = format!("{STATE}\n\n{GONE}\r\n  \n{{broken\n\u{0}\n{STATE}\n");
        let lines = Decoder::<GameLine>::new().push(stream.as_bytes());
        assert_eq!(
            kinds(&lines),
            [
                "state",
                "keep-alive",
                "gone",
                "keep-alive",
                "unreadable",
                "unreadable",
                "state"
            ]
        );
        let Line::Event(GameLine::GameState(state)) = &lines[0] else {
            panic!("{:?}", lines[0]);
        };
        assert_eq!(state.status, Status::Started);
    }

    #[test]
    fn a_line_split_anywhere_reads_the_same() {
        let stream = format!("{STATE}\n\n{GONE}\n");
        let whole = Decoder::<GameLine>::new().push(stream.as_bytes());
        for cut in 0..=stream.len() {
            let mut decoder = Decoder::<GameLine>::new();
            let mut lines = decoder.push(&stream.as_bytes()[..cut]);
            lines.extend(decoder.push(&stream.as_bytes()[cut..]));
            assert_eq!(lines, whole, "cut at {cut}");
            assert_eq!(decoder.finish(), 0);
        }
        // One byte at a time.
        let mut decoder = Decoder::<GameLine>::new();
        let lines: Vec<_> = stream.bytes().flat_map(|b| decoder.push(&[b])).collect();
        assert_eq!(lines, whole);
    }

    #[test]
    fn the_tail_of_a_cut_stream_is_dropped() {
        let mut decoder = Decoder::<GameLine>::new();
        let lines = decoder.push(format!("{STATE}\n{}", &STATE[..20]).as_bytes());
        assert_eq!(kinds(&lines), ["state"]);
        assert_eq!(decoder.finish(), 20);
    }

    #[test]
    fn a_line_too_long_is_skipped_whole_and_the_next_read() {
        let long = vec![b'x'; MAX_LINE + 10];
        for chunk in [7, 4096, MAX_LINE + 20] {
            let mut decoder = Decoder::<GameLine>::new();
            let mut lines = Vec::new();
            for part in long.chunks(chunk) {
                lines.extend(decoder.push(part));
            }
            lines.extend(decoder.push(format!("\n{STATE}\n").as_bytes()));
            assert_eq!(
                lines[0],
                Line::Unreadable(Unreadable::TooLong(MAX_LINE + 10)),
                "chunks of {chunk}"
            );
            assert_eq!(kinds(&lines[1..]), ["state"], "chunks of {chunk}");
        }
        // Exactly the longest line is read.
        let padded = format!("{STATE}{}", " ".repeat(MAX_LINE - STATE.len()));
        assert_eq!(
            kinds(&Decoder::<GameLine>::new().push(format!("{padded}\n").as_bytes())),
            ["state"]
        );
    }

    #[test]
    fn event_stream_lines() {
        let lines: Vec<Line<AccountEvent>> = Decoder::new().push(
        b"\n{\"type\":\"gameStart\",\"game\":{\"gameId\":\"g\",\"fullId\":\"gxyz\",\"color\":\"white\"}}\n{\"type\":\"new\"}\n",
    );
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], Line::KeepAlive);
        assert!(
            matches!(&lines[1], Line::Event(AccountEvent::GameStart { game }) if game.game_id == "g")
        );
        assert_eq!(lines[2], Line::Event(AccountEvent::Unknown));
        assert!(matches!(
            parse_line::<AccountEvent>(b"\xff"),
            Line::Unreadable(Unreadable::NotUtf8)
        ));
    }
}
