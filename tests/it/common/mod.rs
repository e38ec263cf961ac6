//! Shared helpers for the scenario-driven tests.
//!
//! Tests load a scenario from `scenarios/`, run phases or determinations
//! through the public [`Game`] API, and assert on statuses by unit id and hex
//! label: they do not reach into internal types.

use quartermaster::prelude::*;

pub mod check;
pub mod mix;
pub mod ops;
use serde_json::Value;
use std::path::PathBuf;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Gives `node`'s hex the controller `nation` (none past the nations), as
/// the property tests of change detection do between determinations.
pub fn hand_over(g: &mut Game, node: NodeId, nation: usize) {
    use quartermaster::core::components::{Control, MapNode};
    let nations = g.spec().ruleset.nations.len();
    let w = g.world_mut();
    let mut q = w.query::<(&MapNode, &mut Control)>();
    if let Some((_, mut c)) = q.iter_mut(w).find(|(n, _)| n.0 == node) {
        c.current = (nation < nations).then_some(NationId(nation as u16));
    }
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
pub fn orders<O: Into<Order>>(v: Vec<O>) -> Orders {
    Orders::of(v)
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

/// Runs phases until `side` is about to run `phase`.
#[track_caller]
pub fn step_until(g: &mut Game, side: Side, phase: PhaseId) {
    for _ in 0..40 {
        if g.clock().side == side && g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("{side:?} never reached {phase}");
}

/// The node of a hex label or place name.
#[track_caller]
pub fn node(g: &Game, key: &str) -> NodeId {
    g.spec().map.find(key).unwrap_or_else(|| panic!("no place `{key}`"))
}

/// The sea lines of the player turn.
pub fn sea_log(g: &Game) -> SeaLog {
    g.world().resource::<SeaLog>().clone()
}

/// The sea line to `to`, as recorded.
#[track_caller]
pub fn line_to(g: &Game, to: &str) -> SeaLineRecord {
    let n = node(g, to);
    sea_log(g).lines.into_iter().find(|l| l.to == n).unwrap_or_else(|| panic!("no sea line to {to}"))
}

/// Unit ids as strings.
pub fn unit_ids(v: &[UnitId]) -> Vec<&str> {
    v.iter().map(UnitId::as_str).collect()
}

/// Runs the `qm` command line in process: exit code, stdout, stderr.
pub fn qm(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["qm".to_string()];
    argv.extend(args.iter().map(|a| (*a).to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = qm_cli::run(argv, &mut out, &mut err);
    (code, String::from_utf8(out).expect("utf-8"), String::from_utf8(err).expect("utf-8"))
}

/// Runs `qm` with `args`, which must succeed and print one JSON object.
#[track_caller]
pub fn json(args: &[&str]) -> Value {
    let (code, out, err) = qm(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

/// The zone row holding `hex`.
#[track_caller]
pub fn zone_row<'a>(v: &'a Value, hex: &str) -> &'a Value {
    v["zones"]
        .as_array()
        .expect("zones")
        .iter()
        .find(|z| z["hexes"].as_array().expect("hexes").iter().any(|h| h == hex))
        .unwrap_or_else(|| panic!("no zone holds {hex}"))
}

/// A combat order with its outcome: attackers, target hex, who advances.
pub fn attack(attackers: &[&str], target: &str, advance: &[&str]) -> OpsOrder {
    OpsOrder::Combat {
        attackers: attackers.iter().map(|s| (*s).to_string()).collect(),
        target: target.into(),
        advance: advance.iter().map(|s| (*s).to_string()).collect(),
    }
}

/// A movement order.
pub fn mv(unit: &str, to: &str) -> OpsOrder {
    OpsOrder::Move { unit: unit.into(), to: to.into() }
}

/// A redeployment order.
pub fn redeploy(unit: &str, to: &str) -> OpsOrder {
    OpsOrder::Redeploy { unit: unit.into(), to: to.into() }
}

/// Whether the unit is still on the map.
pub fn alive(g: &Game, id: &str) -> bool {
    g.unit(id).is_some()
}

/// Submits orders that must be accepted.
#[track_caller]
pub fn submit<O: Into<Order>>(g: &mut Game, side: Side, v: Vec<O>) {
    g.submit(side, &orders(v)).unwrap_or_else(|e| panic!("orders refused: {e}"));
}

/// Submits orders that must be refused, checks that the game did not
/// change, and returns the error.
#[track_caller]
pub fn refused<O: Into<Order>>(g: &mut Game, side: Side, v: Vec<O>) -> OrderError {
    refused_batch(g, side, &orders(v))
}

/// [`refused`] for a batch already built.
#[track_caller]
pub fn refused_batch(g: &mut Game, side: Side, batch: &Orders) -> OrderError {
    let before = g.checksum();
    let err = g.submit(side, batch).expect_err("the orders must be refused");
    assert_eq!(g.checksum(), before, "a refused batch changes nothing ({err})");
    err
}

/// [`refused`] for an illegal move whose reason cites `rule` (a paragraph
/// id such as `SUP-193`).
#[track_caller]
pub fn refused_move<O: Into<Order>>(g: &mut Game, side: Side, v: Vec<O>, rule: &str) {
    let err = refused(g, side, v);
    assert!(matches!(&err, OrderError::IllegalMove { why, .. } if why.to_string().contains(rule)), "{err}");
}

/// The sources a unit's cutoff search refused, by source key, and why.
pub fn sources_refused(g: &Game, id: &str) -> Vec<(String, SourceRefusal)> {
    supply(g, id)
        .cutoff
        .map(|c| c.refused.into_iter().map(|(s, r)| (g.spec().source_key(s).to_string(), r)).collect())
        .unwrap_or_default()
}

/// Asserts that `err` refuses the termination of a sea line at `at`, for a
/// reason whose text holds `why` (most often the rule's id); `line`, if
/// given, is the refused line's place in the plan.
pub fn expect_bad_termination(err: &OrderError, line: Option<usize>, at: &str, why: &str) {
    let got = match err {
        OrderError::BadTermination { line, at, why, .. } => Some((*line, at.as_str(), why.to_string())),
        _ => None,
    };
    expect_refused_at(err, got, (line, at, why));
}

/// Asserts that `err` refuses the origin of a sea line at `at`, as
/// [`expect_bad_termination`] does its termination.
pub fn expect_bad_origin(err: &OrderError, line: Option<usize>, at: &str, why: &str) {
    let got = match err {
        OrderError::BadOrigin { line, at, why, .. } => Some((*line, at.as_str(), why.to_string())),
        _ => None,
    };
    expect_refused_at(err, got, (line, at, why));
}

/// Compares the `(line, place, reason)` a refusal gave (`None`: another
/// error) with the expected line (if any), place and reason text.
fn expect_refused_at(err: &OrderError, got: Option<(usize, &str, String)>, want: (Option<usize>, &str, &str)) {
    let (line, at, why) = want;
    let Some((l, a, w)) = got else { panic!("expected a refusal at {at}, got {err:?}") };
    assert_eq!(a, at, "{err:?}");
    assert!(line.is_none_or(|line| line == l), "line {l}, expected {line:?}: {err:?}");
    assert!(w.contains(why), "{w}");
}

/// Every scenario file shipped under `scenarios/`, as absolute paths,
/// sorted.
pub fn shipped_paths() -> Vec<PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable").map(|e| e.expect("entry").path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "ron") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&path("scenarios"), &mut out);
    assert!(out.len() >= 20, "scenarios/ holds {} files", out.len());
    out
}

/// Every scenario file shipped under `scenarios/`, relative to the root,
/// sorted.
pub fn shipped() -> Vec<String> {
    let root = root();
    shipped_paths().iter().map(|p| p.strip_prefix(&root).expect("under the root").display().to_string()).collect()
}

/// A shipped scenario compiled with its ruleset's `families: [...]` line
/// replaced by `families` (for tests that add a family of their own).
pub fn compiled_with_families(rel: &str, families: &str) -> quartermaster::scenario::Compiled {
    let file = path(rel);
    let text = std::fs::read(&file).expect("scenario");
    let families = families.to_string();
    quartermaster::scenario::load_bytes(&file.display().to_string(), &text, move |p| {
        let rules = std::fs::read_to_string(p)?;
        Ok(rules.replace(r#"families: ["awaw-supply", "ops"]"#, &families).into_bytes())
    })
    .expect("loads")
}

/// Whether `QM_LONG=1` asks for the long (recorded, not CI) runs.
pub fn long() -> bool {
    std::env::var("QM_LONG").is_ok_and(|v| v == "1")
}

/// Steps `n` phases, the checksum after each.
pub fn play(g: &mut Game, n: usize) -> Vec<Checksum> {
    (0..n)
        .map(|_| {
            g.step_phase();
            g.checksum()
        })
        .collect()
}

/// Loads a shipped scenario from its text after each `(from, to)`
/// replacement (a variant of the file), with seed 1.
pub fn variant_of(rel: &str, edits: &[(&str, &str)]) -> Game {
    let path = path(rel);
    let mut text = std::fs::read_to_string(&path).expect("scenario");
    for (from, to) in edits {
        assert!(text.contains(from), "{rel} has no `{from}`");
        text = text.replace(from, to);
    }
    let file = path.display().to_string();
    let compiled = quartermaster::scenario::load_bytes(&file, text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("the variant of {rel} does not load:\n{e}"));
    Game::from_compiled(compiled, 1).expect("game")
}
