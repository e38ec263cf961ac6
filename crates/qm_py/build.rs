//! Does nothing: it exists so that the host-side features of
//! `[build-dependencies]` (Cargo.toml) unify with the workspace's test
//! build, and `maturin develop` reuses its compiled proc-macros.

fn main() {}
