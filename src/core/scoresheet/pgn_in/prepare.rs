//! The pass before pgn-reader: wraps each move word of the main line, with its line number,
//! in a marked comment `{\u{1}LINE:WORD}`, so that the visitor reads every move with the
//! language's notation (FIDE Laws Appendix C).

use super::MARK;
use crate::core::scoresheet::tokens::{self, Token};

/// PGN text with every main-line move word (and "(=)") wrapped in a marked comment.
pub(super) struct Prepared {
    pub(super) text: String,
    /// The line of each tag, in order.
    pub(super) tag_lines: Vec<usize>,
}

/// Wraps the move words of the main line in marked comments `{\u{1}LINE:WORD}`, drops en
/// passant marks and annotations, and keeps everything else as it is.
pub(super) fn prepare(text: &str) -> Prepared {
    let mut scan = Scanner {
        chars: text.chars().collect(),
        out: String::with_capacity(text.len() * 2),
        tag_lines: Vec::new(),
        i: 0,
        line: 1,
        depth: 0,
        line_start: true,
    };
    while scan.i < scan.chars.len() {
        scan.step();
    }
    Prepared {
        text: scan.out,
        tag_lines: scan.tag_lines,
    }
}

/// Where the pass stands in the text.
struct Scanner {
    chars: Vec<char>,
    out: String,
    tag_lines: Vec<usize>,
    /// The next character.
    i: usize,
    /// Its line, from 1.
    line: usize,
    /// How deep in variations `( … )`; 0 on the main line.
    depth: usize,
    /// Whether only white space precedes it on its line.
    line_start: bool,
}

impl Scanner {
    /// Reads one character, or one construct starting at it.
    fn step(&mut self) {
        let c = self.chars[self.i];
        if c == '\n' {
            self.out.push(c);
            self.line += 1;
            self.line_start = true;
            self.i += 1;
            return;
        }
        // A byte-order mark (a file's, or one of files put together) is no word.
        if c == '\u{feff}' {
            self.i += 1;
            return;
        }
        if c.is_whitespace() {
            self.out.push(c);
            self.i += 1;
            return;
        }
        if self.line_start && c == '[' && self.depth == 0 {
            self.tag_line();
            return;
        }
        if self.line_start && c == '%' {
            self.copy_to_eol();
            return;
        }
        self.line_start = false;
        match c {
            '{' => self.comment(),
            ';' => self.copy_to_eol(),
            '(' if self.chars[self.i..].starts_with(&['(', '=', ')']) => {
                if self.depth == 0 {
                    let line = self.line;
                    self.out.push_str(&format!("{{{MARK}{line}:(=)}} "));
                }
                self.i += 3;
            }
            '(' => {
                self.depth += 1;
                self.out.push(c);
                self.i += 1;
            }
            ')' => {
                self.depth = self.depth.saturating_sub(1);
                self.out.push(c);
                self.i += 1;
            }
            // A stray closing brace outside a comment: kept for pgn-reader to judge (a
            // word stops at it, so it must be stepped over here).
            '}' => {
                self.out.push(c);
                self.i += 1;
            }
            _ => self.word(),
        }
    }

    /// Copies the rest of the line.
    fn copy_to_eol(&mut self) {
        while self.i < self.chars.len() && self.chars[self.i] != '\n' {
            self.out.push(self.chars[self.i]);
            self.i += 1;
        }
    }

    /// A line of tags: notes the line of each tag and copies it.
    fn tag_line(&mut self) {
        let mut quoted = false;
        let mut j = self.i;
        while j < self.chars.len() && self.chars[j] != '\n' {
            match self.chars[j] {
                '\\' if quoted => j += 1,
                '"' => quoted = !quoted,
                '[' if !quoted => self.tag_lines.push(self.line),
                _ => {}
            }
            j += 1;
        }
        self.copy_to_eol();
    }

    /// A `{comment}`, copied as it is.
    fn comment(&mut self) {
        while self.i < self.chars.len() {
            self.out.push(self.chars[self.i]);
            if self.chars[self.i] == '\n' {
                self.line += 1;
            }
            self.i += 1;
            if self.chars[self.i - 1] == '}' {
                break;
            }
        }
    }

    /// A word: on the main line, its moves and draw offers wrapped in marked comments.
    fn word(&mut self) {
        let begin = self.i;
        while self.i < self.chars.len()
            && !self.chars[self.i].is_whitespace()
            && !matches!(self.chars[self.i], '{' | '}' | ';' | '(' | ')')
        {
            self.i += 1;
        }
        let word: String = self.chars[begin..self.i].iter().collect();
        if self.depth > 0 {
            self.out.push_str(&word);
            return;
        }
        let line = self.line;
        for token in tokens::split(&word) {
            match token {
                Token::Number(n) => self.out.push_str(n),
                Token::Result(r) => self.out.push_str(r),
                Token::Move(m) => self.out.push_str(&format!("{{{MARK}{line}:{m}}}")),
                Token::DrawOffer => self.out.push_str(&format!("{{{MARK}{line}:(=)}}")),
                Token::EnPassant | Token::Annotation => {}
            }
            self.out.push(' ');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prepare_wraps_moves_and_keeps_the_rest() {
        let p = prepare("[A \"b [c]\"] [D \"e\"]\n\n11.Rb1(=) exd6 a.p. (1. d4) 1-0");
        assert_eq!(p.tag_lines, [1, 1]);
        assert_eq!(
            p.text,
            "[A \"b [c]\"] [D \"e\"]\n\n11. {\u{1}3:Rb1} {\u{1}3:(=)}  {\u{1}3:exd6}    (1. d4) 1-0 "
        );
    }
}
