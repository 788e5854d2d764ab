//! Numbers as the server may send them: any JSON number read as a whole non-negative
//! count (milliseconds, seconds, ratings), so that a float or a negative value never makes
//! a whole line unreadable.

use serde::de::{self, Deserializer, Visitor};

struct Count;

impl Visitor<'_> for Count {
    type Value = u64;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a number")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        Ok(v)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        Ok(u64::try_from(v).unwrap_or(0))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        // `as` saturates: NaN is 0, a negative 0, beyond the range u64::MAX.
        Ok(v as u64)
    }
}

/// A count: any JSON number, negatives as 0, fractions cut off.
pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    d.deserialize_any(Count)
}

/// An optional count (`null` or missing: `None`).
pub fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    struct Maybe;
    impl<'de> Visitor<'de> for Maybe {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a number or null")
        }
        fn visit_none<E: de::Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<u64>, D::Error> {
            count(d).map(Some)
        }
    }
    d.deserialize_option(Maybe)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    struct T {
        #[serde(deserialize_with = "super::count")]
        n: u64,
        #[serde(default, deserialize_with = "super::optional")]
        o: Option<u64>,
    }

    #[test]
    fn any_number_reads_as_a_count() {
        for (json, n, o) in [
            (r#"{"n":300000}"#, 300000, None),
            (r#"{"n":-5,"o":null}"#, 0, None),
            (r#"{"n":1.9,"o":7}"#, 1, Some(7)),
            (r#"{"n":1e300,"o":-1}"#, u64::MAX, Some(0)),
            (r#"{"n":2147483647}"#, 2147483647, None),
        ] {
            let t: T = serde_json::from_str(json).unwrap();
            assert_eq!(t, T { n, o }, "{json}");
        }
        assert!(serde_json::from_str::<T>(r#"{"n":"5"}"#).is_err());
    }
}
