//! The calling thread's CPU time, so that a loaded machine does not
//! inflate the self-play bench's figures.

use std::time::Instant;

/// Nanoseconds the calling thread has run on a CPU, where Linux says
/// (`/proc/thread-self/schedstat`'s first field); `None` elsewhere.
#[must_use]
pub fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// A stopwatch of the calling thread's CPU time, or of wall-clock time
/// where the system does not report CPU time.
pub struct Clock {
    cpu: Option<u64>,
    wall: Instant,
}

impl Clock {
    /// Starts the stopwatch.
    #[must_use]
    pub fn start() -> Self {
        Self { cpu: thread_cpu_ns(), wall: Instant::now() }
    }

    /// Nanoseconds since [`Clock::start`]: CPU time when both readings
    /// have it, else wall-clock time. Read it on the thread that started it.
    #[must_use]
    pub fn ns(&self) -> u64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => crate::stats::elapsed_ns(self.wall),
        }
    }
}
