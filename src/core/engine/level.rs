//! The training levels 1 to 10 (`ansage train --level N`, "Stufe fünf"): 1 a beginner who
//! hangs a piece now and then, 10 the engine's full strength at its node budget.
//!
//! Each level is a node budget (one thread: the same position gets the same search) and a
//! weakening: from level 6 the engine's own `UCI_Elo` where it offers that Elo (Stockfish
//! 15.1 offers 1350 to 2850), below it `Skill Level` (0 to 20) with a shallow depth. The
//! levels are ordered in every part: budget, depth, skill, Elo (a unit test checks it; the
//! benchmark `ansage-bench train` plays level 1 against level 10).

use super::command::SearchLimit;
use super::uci::EngineOption;

/// A training level, 1 to 10.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How strong the engine plays at a level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level` (0 to 20), when the level weakens by it.
    pub skill: Option<i64>,
    /// `UCI_Elo`, when the level weakens by it and the engine offers that Elo.
    pub elo: Option<i64>,
    /// The search of one move.
    pub limit: SearchLimit,
}

/// One level's row of [`TABLE`]: skill, Elo, depth and nodes.
type Row = (Option<i64>, Option<i64>, Option<u32>, u64);

/// Skill, Elo, depth and nodes of levels 1 to 10.
const TABLE: [Row; 10] = [
    (Some(0), None, Some(1), 200),
    (Some(2), None, Some(2), 600),
    (Some(4), None, Some(3), 2_000),
    (Some(6), None, Some(5), 6_000),
    (Some(9), None, None, 15_000),
    (Some(11), Some(1600), None, 40_000),
    (Some(13), Some(1900), None, 80_000),
    (Some(16), Some(2200), None, 150_000),
    (Some(18), Some(2500), None, 300_000),
    (None, None, None, 1_000_000),
];

/// The highest `Skill Level` (Stockfish's full strength).
const FULL_SKILL: i64 = 20;

impl Level {
    /// The level a training game starts at unless told otherwise: the middle one.
    pub const DEFAULT: Level = Level(5);
    /// The lowest level.
    pub const MIN: Level = Level(1);
    /// The highest level, the engine's full strength.
    pub const MAX: Level = Level(10);

    /// Level `n`, if it is 1 to 10.
    pub fn new(n: u8) -> Option<Level> {
        (1..=10).contains(&n).then_some(Level(n))
    }

    /// Its number, 1 to 10.
    pub fn number(self) -> u8 {
        self.0
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    /// How strong the engine plays at this level.
    pub fn strength(self) -> Strength {
        let (skill, elo, depth, nodes) = TABLE[usize::from(self.0 - 1)];
        Strength {
            skill,
            elo,
            limit: SearchLimit {
                nodes: Some(nodes),
                depth,
                movetime_ms: None,
            },
        }
    }
}

/// A text that is no level (1 to 10).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: a level is 1 to 10")]
pub struct LevelError(pub String);

impl std::str::FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(s.to_owned()))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Strength {
    /// The `setoption`s that set this strength on an engine offering `offered`: one thread
    /// (the same search each time), then the Elo where the engine offers it, else the skill
    /// (each kept within the engine's range); an engine that offers neither plays at the
    /// node budget alone.
    pub fn options(&self, offered: &[EngineOption]) -> Vec<(String, String)> {
        let find = |name: &str| offered.iter().find(|o| o.name.eq_ignore_ascii_case(name));
        let mut out = Vec::new();
        if find("Threads").is_some() {
            out.push(("Threads".to_owned(), "1".to_owned()));
        }
        let limit = find("UCI_LimitStrength").is_some();
        let elo = self.elo.and_then(|elo| {
            let o = find("UCI_Elo")?;
            let fits = o.min.is_none_or(|m| elo >= m) && o.max.is_none_or(|m| elo <= m);
            (limit && fits).then_some(elo)
        });
        if let Some(elo) = elo {
            out.push(("UCI_LimitStrength".to_owned(), "true".to_owned()));
            out.push(("UCI_Elo".to_owned(), elo.to_string()));
            return out;
        }
        if limit {
            out.push(("UCI_LimitStrength".to_owned(), "false".to_owned()));
        }
        if let Some(o) = find("Skill Level") {
            let skill = self.skill.unwrap_or(FULL_SKILL);
            let skill = skill.clamp(o.min.unwrap_or(skill), o.max.unwrap_or(skill));
            out.push(("Skill Level".to_owned(), skill.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(name: &str, min: i64, max: i64) -> EngineOption {
        EngineOption {
            name: name.into(),
            min: Some(min),
            max: Some(max),
        }
    }

    fn stockfish() -> Vec<EngineOption> {
        vec![
            spin("Threads", 1, 1024),
            EngineOption {
                name: "UCI_LimitStrength".into(),
                min: None,
                max: None,
            },
            spin("UCI_Elo", 1350, 2850),
            spin("Skill Level", 0, 20),
        ]
    }

    #[test]
    fn the_levels_are_ordered_in_every_part() {
        let levels: Vec<Strength> = Level::all().map(Level::strength).collect();
        for pair in levels.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.limit.nodes < b.limit.nodes, "{a:?} {b:?}");
            assert!(a.skill.unwrap_or(FULL_SKILL) < b.skill.unwrap_or(FULL_SKILL) + 1);
            assert!(a.limit.depth.unwrap_or(u32::MAX) <= b.limit.depth.unwrap_or(u32::MAX));
            assert!(a.elo.unwrap_or(0) <= b.elo.unwrap_or(i64::MAX));
        }
    }

    #[test]
    fn options_on_stockfish() {
        let o = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(a, b)| ((*a).into(), (*b).into()))
                .collect()
        };
        let sf = stockfish();
        let table = [
            (
                1,
                o(&[
                    ("Threads", "1"),
                    ("UCI_LimitStrength", "false"),
                    ("Skill Level", "0"),
                ]),
            ),
            (
                7,
                o(&[
                    ("Threads", "1"),
                    ("UCI_LimitStrength", "true"),
                    ("UCI_Elo", "1900"),
                ]),
            ),
            (
                10,
                o(&[
                    ("Threads", "1"),
                    ("UCI_LimitStrength", "false"),
                    ("Skill Level", "20"),
                ]),
            ),
        ];
        for (n, want) in table {
            let level = Level::new(n).unwrap();
            assert_eq!(level.strength().options(&sf), want, "level {n}");
        }
    }

    #[test]
    fn an_elo_below_the_engines_lowest_falls_back_to_the_skill() {
        let sf = vec![
            EngineOption {
                name: "UCI_LimitStrength".into(),
                min: None,
                max: None,
            },
            spin("UCI_Elo", 2000, 2850),
            spin("Skill Level", 5, 20),
        ];
        let six = Level::new(6).unwrap().strength().options(&sf);
        assert!(
            six.contains(&("Skill Level".into(), "11".into())),
            "{six:?}"
        );
        let one = Level::new(1).unwrap().strength().options(&sf);
        assert!(one.contains(&("Skill Level".into(), "5".into())), "{one:?}");
        assert!(Level::new(1).unwrap().strength().options(&[]).is_empty());
    }

    #[test]
    fn levels_are_read() {
        assert_eq!("5".parse::<Level>(), Ok(Level(5)));
        assert!("0".parse::<Level>().is_err());
        assert!("11".parse::<Level>().is_err());
        assert!("fünf".parse::<Level>().is_err());
    }
}
