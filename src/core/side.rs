//! A side of the game by its name (`"white"`, `"black"`): the one type the web page's
//! view and actions, the online server's JSON and the settings share, converted to and
//! from shakmaty's [`Color`] where the rules need it.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// A side, by its name on the page, in the server's JSON and in the settings (`"white"`,
/// `"black"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// Why a text is no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected white or black")]
pub struct SideError;

impl std::str::FromStr for Side {
    type Err = SideError;

    /// `white` or `black`.
    fn from_str(text: &str) -> Result<Side, SideError> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            _ => Err(SideError),
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name round-trips through text, JSON and shakmaty's colour alike.
    #[test]
    fn a_side_reads_back_as_itself() {
        for (side, name) in [(Side::White, "white"), (Side::Black, "black")] {
            assert_eq!(side.to_string(), name);
            assert_eq!(name.parse::<Side>(), Ok(side));
            assert_eq!(
                serde_json::to_string(&side).ok(),
                Some(format!("\"{name}\""))
            );
            assert_eq!(
                serde_json::from_str::<Side>(&format!("\"{name}\"")).ok(),
                Some(side)
            );
            assert_eq!(Side::from(Color::from(side)), side);
        }
        assert_eq!("White".parse::<Side>(), Err(SideError));
        assert!(serde_json::from_str::<Side>("\"w\"").is_err());
    }
}
