//! What the benchmarks' figures share: the quantile of sorted samples.

/// The `p` quantile (0-1) of the sorted `v`, by nearest rank; NaN for no samples.
pub(crate) fn pct(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)]
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
}
