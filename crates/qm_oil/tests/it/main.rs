//! The oil solver's integration tests, in one binary: the solver against
//! brute force, the node-limited search, and the worked examples of the
//! rules; the shared problem builders in `common`.
#![allow(clippy::expect_used, clippy::unwrap_used, reason = "tests fail loudly")]

mod brute_force;
mod common;
mod node_limit;
mod rules;
