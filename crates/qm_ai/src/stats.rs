//! Win rates with Wilson score intervals.

/// The Wilson score interval at 95% for `wins` out of `n`: `(low, high)`,
/// as fractions. `(0, 1)` for no games.
#[must_use]
pub fn wilson95(wins: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = n as f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (((centre - half) / denom).max(0.0), ((centre + half) / denom).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson95;

    #[test]
    fn wilson_matches_the_textbook_values() {
        // 8 of 10: (0.490, 0.943) to three places (Wilson 1927, z = 1.96).
        let (lo, hi) = wilson95(8.0, 10);
        assert!((lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson95(0.0, 20);
        assert!(lo == 0.0 && (hi - 0.1611).abs() < 1e-3, "{lo} {hi}");
    }
}
