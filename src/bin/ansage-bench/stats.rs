//! What the benchmarks' figures share: the quantile of sorted samples, and the line that
//! reports them.

use std::fmt;

/// The `p` quantile (0-1) of the sorted `v`, by nearest rank; NaN for no samples.
pub(crate) fn pct(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)]
}

/// One figure's line, `  WHAT: n N, p50 X ms, …, max X ms`: the quantiles `ps` of the
/// sorted `v` and its largest, with `decimals` digits.
pub(crate) fn summary(
    f: &mut fmt::Formatter<'_>,
    what: &str,
    v: &[f64],
    ps: &[f64],
    decimals: usize,
) -> fmt::Result {
    write!(f, "  {what}: n {}", v.len())?;
    for &p in ps {
        write!(f, ", p{:.0} {:.decimals$} ms", p * 100.0, pct(v, p))?;
    }
    let max = v.last().copied().unwrap_or(f64::NAN);
    writeln!(f, ", max {max:.decimals$} ms")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        let table = [(0.0, 1.0), (0.5, 11.0), (0.95, 19.0), (1.0, 20.0)];
        for (p, want) in table {
            assert_eq!(pct(&v, p), want, "{p}");
        }
        assert!(pct(&[], 0.5).is_nan());
    }

    struct Line<'a>(&'a [f64], &'a [f64], usize);

    impl fmt::Display for Line<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            summary(f, "set-down to made", self.0, self.1, self.2)
        }
    }

    #[test]
    fn the_line_names_each_quantile_and_the_largest() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        let table: [(&[f64], usize, &str); 3] = [
            (
                &[0.5, 0.95],
                1,
                "n 20, p50 11.0 ms, p95 19.0 ms, max 20.0 ms",
            ),
            (&[0.5, 0.95], 0, "n 20, p50 11 ms, p95 19 ms, max 20 ms"),
            (
                &[0.5, 0.95, 0.99],
                2,
                "n 20, p50 11.00 ms, p95 19.00 ms, p99 20.00 ms, max 20.00 ms",
            ),
        ];
        for (ps, decimals, want) in table {
            let got = Line(&v, ps, decimals).to_string();
            assert_eq!(got, format!("  set-down to made: {want}\n"));
        }
        assert_eq!(
            Line(&[], &[0.5], 1).to_string(),
            "  set-down to made: n 0, p50 NaN ms, max NaN ms\n"
        );
    }
}
