//! The statistics of the rounds: medians and elapsed times.

use std::time::Instant;

/// The median of the times (the upper one of an even count), 0 for none.
pub(crate) fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// Nanoseconds since `t`, saturating.
pub(crate) fn elapsed_ns(t: Instant) -> u64 {
    u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX)
}
