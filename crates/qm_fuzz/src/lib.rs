//! The bodies of the fuzz targets, one function a target, each taking the
//! raw bytes libFuzzer gives.
//!
//! `fuzz/fuzz_targets/<name>.rs` is one line that hands its input to
//! [`TARGETS`]' function of that name, so the code under fuzz is built by
//! the stable toolchain with the workspace. The tests of this crate replay
//! every target's seed corpus (`fuzz/corpus/<name>/`, the loader's is
//! `scenario/`) and a fixed set of mutations of it: CI's fuzz smoke run.
//! Campaigns of millions of executions run by hand with `fuzz/run.sh` and
//! are recorded in `docs/RELIABILITY.md`.
//!
//! A target fails by panicking: an `assert!` states the property it checks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod collect_maps;
pub mod loader;
pub mod orders;
pub mod orders_scale;
pub mod play;
pub mod render_cap;
pub mod save;
pub mod scenario;
pub mod territory_oil;

/// A fuzz target: its name (the binary in `fuzz/` and its corpus folder)
/// and its body.
pub struct Target {
    /// The target's name: `fuzz/fuzz_targets/<name>.rs`.
    pub name: &'static str,
    /// The folder of `fuzz/corpus/` its seeds are in.
    pub seeds: &'static str,
    /// The body: panics when the property fails.
    pub run: fn(&[u8]),
}

/// Every fuzz target, in the order `fuzz/run.sh` runs them.
pub const TARGETS: [Target; 9] = [
    Target { name: "loader", seeds: "scenario", run: loader::run },
    Target { name: "scenario", seeds: "scenario", run: scenario::run },
    Target { name: "orders", seeds: "orders", run: orders::run },
    Target { name: "play", seeds: "play", run: play::run },
    Target { name: "save", seeds: "save", run: save::run },
    Target { name: "territory_oil", seeds: "territory_oil", run: territory_oil::run },
    Target { name: "orders_scale", seeds: "orders_scale", run: orders_scale::run },
    Target { name: "collect_maps", seeds: "collect_maps", run: collect_maps::run },
    Target { name: "render_cap", seeds: "render_cap", run: render_cap::run },
];

/// The target named `name`.
#[must_use]
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// A shipped scenario's path, from this crate's folder.
macro_rules! shipped {
    ($path:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/", $path)
    };
}
pub(crate) use shipped;

/// A shipped ruleset's bytes.
macro_rules! ruleset {
    ($name:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/rulesets/", $name, ".ron"))
    };
}
pub(crate) use ruleset;

#[cfg(test)]
mod smoke;
