//! The time controls an online game may have through the Board API.
//!
//! lichess estimates a game's length as `limit + 40 × increment` seconds and names its
//! speed from that: under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical.
//! The Board API plays a sought game (`POST /api/board/seek`) only from rapid on (at least
//! 8 minutes by that estimate), and a direct challenge to a friend from blitz on (at least
//! 3 minutes); bullet never. A challenge's limit is 0, 15, 30, 45 or 90 seconds or a whole
//! number of minutes up to 180, its increment at most 60 seconds; a seek names whole
//! minutes (0 to 180) and an increment up to 180 seconds.

use std::fmt;

/// The shortest estimate the Board API seeks (rapid), in seconds.
pub const SEEK_MIN_ESTIMATE: u64 = 480;
/// The shortest estimate of a direct challenge (blitz), in seconds.
pub const CHALLENGE_MIN_ESTIMATE: u64 = 180;

/// A time control: minutes each, seconds added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnlineTc {
    /// Seconds each side starts with.
    pub limit: u64,
    /// Seconds added after each move.
    pub increment: u64,
}

/// How a game is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// A seek: the server finds an opponent (rapid and slower only).
    Seek,
    /// A challenge to a named account, sent or received (blitz too).
    Challenge,
}

/// Why the Board API cannot play a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TcRefusal {
    /// Too fast for this pairing.
    #[error("too fast: the Board API seeks rapid and slower, and challenges blitz and slower")]
    TooFast,
    /// A limit or increment the server does not take.
    #[error("a limit or increment the server does not take")]
    Unsupported,
}

impl OnlineTc {
    /// `minutes` + `increment` seconds.
    pub fn minutes(minutes: u64, increment: u64) -> OnlineTc {
        OnlineTc {
            limit: minutes.saturating_mul(60),
            increment,
        }
    }

    /// lichess's estimate of the game's length: `limit + 40 × increment` seconds.
    pub fn estimate(self) -> u64 {
        self.limit.saturating_add(self.increment.saturating_mul(40))
    }

    /// Whether the Board API plays this time control when paired so.
    pub fn check(self, pairing: Pairing) -> Result<(), TcRefusal> {
        let (min, limits_ok) = match pairing {
            Pairing::Seek => (
                SEEK_MIN_ESTIMATE,
                self.limit.is_multiple_of(60) && self.limit <= 180 * 60 && self.increment <= 180,
            ),
            Pairing::Challenge => (
                CHALLENGE_MIN_ESTIMATE,
                (matches!(self.limit, 0 | 15 | 30 | 45 | 90) || self.limit.is_multiple_of(60))
                    && self.limit <= 10_800
                    && self.increment <= 60,
            ),
        };
        if !limits_ok {
            Err(TcRefusal::Unsupported)
        } else if self.estimate() < min {
            Err(TcRefusal::TooFast)
        } else {
            Ok(())
        }
    }

    /// Whole minutes of the limit (a seek's `time`), `None` when it is not whole.
    pub fn whole_minutes(self) -> Option<u64> {
        self.limit.is_multiple_of(60).then_some(self.limit / 60)
    }
}

impl fmt::Display for OnlineTc {
    /// `15+10` (minutes and seconds), `0.5+0` for half a minute.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.whole_minutes() {
            Some(m) => write!(f, "{m}+{}", self.increment),
            None => write!(f, "{}+{}", self.limit as f64 / 60.0, self.increment),
        }
    }
}

/// Why a text is no time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected minutes and increment, like 15+10")]
pub struct TcSyntax;

impl std::str::FromStr for OnlineTc {
    type Err = TcSyntax;

    /// `15+10`, `15 10` or `15` (no increment): minutes and seconds.
    fn from_str(text: &str) -> Result<OnlineTc, TcSyntax> {
        let mut parts = text
            .split(|c: char| c == '+' || c.is_whitespace())
            .filter(|p| !p.is_empty());
        let number = |p: Option<&str>| p.map(str::parse::<u64>);
        match (number(parts.next()), number(parts.next()), parts.next()) {
            (Some(Ok(m)), None, None) => Ok(OnlineTc::minutes(m, 0)),
            (Some(Ok(m)), Some(Ok(i)), None) => Ok(OnlineTc::minutes(m, i)),
            _ => Err(TcSyntax),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OnlineTc, Pairing, TcRefusal};

    /// The research note's examples: 8+0, 10+0, 15+10 and 5+5 (500 s) seek; 5+3 (420 s)
    /// does not, but a friend may be challenged to it; bullet never.
    #[test]
    fn what_the_board_api_plays() {
        let table = [
            ("8+0", Ok(()), Ok(())),
            ("10+0", Ok(()), Ok(())),
            ("15+10", Ok(()), Ok(())),
            ("5+5", Ok(()), Ok(())),
            ("5+3", Err(TcRefusal::TooFast), Ok(())),
            ("3+0", Err(TcRefusal::TooFast), Ok(())),
            ("2+1", Err(TcRefusal::TooFast), Err(TcRefusal::TooFast)),
            ("2+2", Err(TcRefusal::TooFast), Ok(())),
            ("1+0", Err(TcRefusal::TooFast), Err(TcRefusal::TooFast)),
            ("2+0", Err(TcRefusal::TooFast), Err(TcRefusal::TooFast)),
            (
                "181+0",
                Err(TcRefusal::Unsupported),
                Err(TcRefusal::Unsupported),
            ),
            ("30+61", Ok(()), Err(TcRefusal::Unsupported)),
        ];
        for (text, seek, challenge) in table {
            let tc: OnlineTc = text.parse().unwrap();
            assert_eq!(tc.check(Pairing::Seek), seek, "seek {text}");
            assert_eq!(tc.check(Pairing::Challenge), challenge, "challenge {text}");
        }
    }

    #[test]
    fn written_and_read() {
        for (text, tc) in [
            ("15+10", OnlineTc::minutes(15, 10)),
            ("15 10", OnlineTc::minutes(15, 10)),
            ("30", OnlineTc::minutes(30, 0)),
        ] {
            assert_eq!(text.parse::<OnlineTc>(), Ok(tc));
        }
        for bad in ["", "x", "1+2+3", "-1+0", "15+x"] {
            assert!(bad.parse::<OnlineTc>().is_err(), "{bad}");
        }
        assert_eq!(OnlineTc::minutes(15, 10).to_string(), "15+10");
        let half = OnlineTc {
            limit: 30,
            increment: 0,
        };
        assert_eq!(half.to_string(), "0.5+0");
    }
}
