//! Shared helpers for the scenario-driven tests.
//!
//! Tests load a scenario from `scenarios/`, run phases or determinations
//! through the public [`Game`] API, and assert on statuses by unit id and hex
//! label: they do not reach into internal types.
#![allow(dead_code, reason = "each test binary uses a subset of the helpers")]
#![allow(clippy::expect_used, clippy::unwrap_used, reason = "test helpers fail loudly")]

use quartermaster::prelude::*;
use std::path::PathBuf;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path under the repository root.
pub fn path(rel: &str) -> PathBuf {
    root().join(rel)
}

/// Loads a scenario (path relative to the root) with seed 1, and checks that
/// every phase schedule builds without ambiguities.
pub fn load(rel: &str) -> Game {
    load_seeded(rel, 1)
}

/// Loads a scenario with a seed, checking the schedules.
pub fn load_seeded(rel: &str, seed: u64) -> Game {
    let mut g = Game::load_strict(path(rel), seed).unwrap_or_else(|e| panic!("{rel} does not load:\n{e}"));
    g.check_schedules().unwrap_or_else(|e| panic!("{rel}: schedule ambiguity or build error: {e}"));
    g
}

/// Runs the initial supply determination for `side`.
pub fn initial(g: &mut Game, side: Side) {
    g.determine_supply(side, DeterminationKind::Initial);
}

/// A unit's supply status.
pub fn status(g: &Game, id: &str) -> UnitStatus {
    g.unit(id).unwrap_or_else(|| panic!("no unit `{id}`")).2.status
}

/// A unit's supply component.
pub fn supply(g: &Game, id: &str) -> UnitSupply {
    g.unit(id).unwrap_or_else(|| panic!("no unit `{id}`")).2
}

/// A hex's supply status, by label or place name.
pub fn hex(g: &Game, key: &str) -> Option<HexStatus> {
    let report = g.supply_report(Side::Axis);
    let report2 = g.supply_report(Side::Allies);
    let node = g.spec().map.find(key).unwrap_or_else(|| panic!("no hex `{key}`"));
    let label = g.spec().map.label(node).to_string();
    report.hexes.iter().chain(&report2.hexes).find(|h| h.hex == label).map(|h| match h.status.as_str() {
        "full" => HexStatus::Full,
        "partial" => HexStatus::Partial,
        _ => HexStatus::Unsupplied,
    })
}

/// Asserts the status of each listed unit.
#[track_caller]
pub fn expect_units(g: &Game, expected: &[(&str, UnitStatus)]) {
    for (id, want) in expected {
        assert_eq!(status(g, id), *want, "unit {id}:\n{}", g.explain(id).unwrap_or_default());
    }
}

/// Asserts the status of each listed hex.
#[track_caller]
pub fn expect_hexes(g: &Game, expected: &[(&str, HexStatus)]) {
    for (key, want) in expected {
        assert_eq!(hex(g, key), Some(*want), "hex {key}");
    }
}

/// The labels of the hexes on a unit's supply line, source first.
pub fn line_labels(g: &Game, id: &str) -> Vec<String> {
    let s = supply(g, id);
    let map = &g.spec().map;
    s.line.map(|l| l.path.iter().map(|&n| map.label(n).to_string()).collect()).unwrap_or_default()
}

/// The key of the source of a unit's supply line.
pub fn line_source(g: &Game, id: &str) -> Option<String> {
    let s = supply(g, id);
    s.line.map(|l| quartermaster::supply::explain::source_text(g.spec(), &l.source))
}

/// The labels of the hexes that cut a unit off, with the text of each reason.
pub fn blocks(g: &Game, id: &str) -> Vec<(String, BlockReason)> {
    let s = supply(g, id);
    let map = &g.spec().map;
    s.cutoff
        .map(|c| c.blocks.into_iter().map(|b| (map.label(b.node).to_string(), b.reason)).collect())
        .unwrap_or_default()
}

/// An order list.
pub fn orders(v: Vec<Order>) -> Orders {
    Orders { orders: v }
}

/// Runs phases until `phase` is the next one.
#[track_caller]
pub fn step_to(g: &mut Game, phase: PhaseId) {
    for _ in 0..16 {
        if g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("never reached {phase}");
}
