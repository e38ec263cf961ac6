//! Land supply against an independent oracle (issue 15, item 5;
//! SUP-054..065): a plain breadth-first search written here from the map
//! graph and the game state only (not `qm_trace`, not `qm_supply`).
//!
//! Every fully supplied ground unit has a land path from its side's
//! unlimited box source over hexes its side may trace through, and every
//! isolated ground unit has none.
//!
//! The oracle is exact because the generated maps are restricted (the
//! generator's file is edited before it is compiled): no sea (sea hexes
//! become clear land held like their western neighbour, so no sea supply,
//! SUP-066..), no ports, cities or other places (no fortified hexes, so
//! every zone of control reaches all six neighbours, ruling 7), no sources
//! but the two boxes (the Reich for the Axis along the west edge, the Urals
//! for the Allies along the east edge; always-open entries, SUP-026), no
//! partisans (SUP-060), no rivers or crossings (SUP-064), no terrain limits
//! (the AWAW ruleset limits only jungle-mountain, SUP-063), and every
//! enemy unit in full supply at the determination (so none has lost its
//! zone of control, SUP-152). Friendly units do not cancel a zone of
//! control in AWAW (ruling 7), and the box is not in a zone of control
//! (SUP-058's first-hop rule applies to sources in one).
//!
//! Under those restrictions a hex receives supply when it is of the side's
//! control (SUP-059) and adjacent to a hex that passes it on; a hex passes
//! supply on unless it is in an enemy zone of control (SUP-057).
//!
//! Cases: `cases()` in CI; `QM_LONG=1` runs 10,000.

use crate::common;

use proptest::prelude::*;
use quartermaster::prelude::*;
use quartermaster::scenario::compile_file;
use quartermaster::scenario::generate::{AWAW_RULESET, GenParams, scenario_file};
use quartermaster::scenario::schema::ScenarioFile;
use std::collections::{BTreeSet, VecDeque};

/// Cases per property: 1,000 in CI, 10,000 with `QM_LONG=1`.
fn cases() -> u32 {
    if common::long() { 10_000 } else { 1_000 }
}

/// The generator's dense, pocketed file restricted to plain land (see the
/// module comment).
fn land_only(hexes: u32, seed: u64) -> ScenarioFile {
    let mut f = scenario_file(GenParams { hexes_per_unit: 5, pockets: 1, ..GenParams::new(hexes, seed) });
    let map = f.map.as_mut().expect("a generated map");
    for b in &mut map.blocks {
        for row in &mut b.terrain {
            *row = row.replace('~', ".");
        }
        for row in &mut b.control {
            let mut last = "G".to_string();
            let cells: Vec<String> = row
                .split_whitespace()
                .map(|c| {
                    if c != "~" {
                        last = c.to_string();
                    }
                    last.clone()
                })
                .collect();
            let indent = if row.starts_with(' ') { " " } else { "" };
            *row = format!("{indent}{}", cells.join(" "));
        }
    }
    map.places.clear();
    map.boxes.retain(|b| b.key == "reich" || b.key == "urals");
    f.sources.retain(|s| s.at == "reich" || s.at == "urals");
    f.transports.clear();
    f
}

/// The side of the nation controlling node `n`, from the state.
fn controller_side(state: &GameState, n: NodeId) -> Option<Side> {
    let c = state.nodes.get(n)?.control.current?;
    state.nations.get(c.index())?.side
}

/// The oracle: the hexes that receive `side`'s supply from its box, by a
/// plain breadth-first search (SUP-054..059 as restricted above).
fn oracle(g: &Game, file: &ScenarioFile, side: Side) -> BTreeSet<NodeId> {
    let spec = g.spec();
    let map = &spec.map;
    let state = g.state();
    // The simplifications hold for this ruleset (ruling 7).
    assert!(!spec.ruleset.zoc.friendly_units_negate, "the oracle assumes friendly units do not cancel a ZOC");
    assert!(
        quartermaster::supply::map_rules::MapRules::of(spec).terrain_limits.is_empty(),
        "the oracle assumes no terrain limits on these maps"
    );
    let hexes = |n: NodeId| map.adjacent(n).filter(move |&m| map.is_hex(m));
    // SUP-057: the hexes adjacent to an enemy ground unit with a ZOC.
    let mut zoc = BTreeSet::new();
    for u in &state.units {
        let enemy = state.nations.get(u.nation.index()).and_then(|s| s.side) == Some(side.other());
        let zoc_unit = spec.ruleset.unit_type(u.kind).is_some_and(|d| d.zoc);
        if enemy && zoc_unit && map.is_hex(u.location.node) {
            zoc.extend(hexes(u.location.node));
        }
    }
    let key = if side == Side::Axis { "reich" } else { "urals" };
    let boxf = file.map.as_ref().and_then(|m| m.boxes.iter().find(|b| b.key == key)).expect("the box");
    let friendly = |n: NodeId| map.is_hex(n) && controller_side(&state, n) == Some(side);
    let mut reached: BTreeSet<NodeId> =
        boxf.entries.iter().flat_map(|e| &e.hexes).filter_map(|h| map.find(h)).filter(|&n| friendly(n)).collect();
    let mut queue: VecDeque<NodeId> = reached.iter().copied().collect();
    while let Some(n) = queue.pop_front() {
        if zoc.contains(&n) {
            continue;
        }
        for m in hexes(n) {
            if friendly(m) && reached.insert(m) {
                queue.push_back(m);
            }
        }
    }
    reached
}

/// Checks one side's initial determination on a fresh game; returns how
/// many of its units were found in full supply and isolated.
fn check(file: &ScenarioFile, seed: u64, side: Side) -> Result<(u32, u32), TestCaseError> {
    let c = compile_file(file, "generated.ron", AWAW_RULESET).expect("the restricted file compiles");
    let mut g = Game::from_compiled(c, seed).expect("a game");
    for id in g.unit_ids() {
        let (_, _, s) = g.unit(id.as_str()).expect("listed");
        prop_assert_eq!(s.status, UnitStatus::Full, "{} starts in full supply", id);
    }
    let reached = oracle(&g, file, side);
    g.determine_supply(side, DeterminationKind::Initial);
    let mut seen = (0, 0);
    for id in g.unit_ids() {
        if g.unit_side(id.as_str()) != Some(side) {
            continue;
        }
        let (_, loc, s) = g.unit(id.as_str()).expect("listed");
        let path = reached.contains(&loc.node);
        match s.status {
            UnitStatus::Full => {
                seen.0 += 1;
                prop_assert!(path, "{} is in full supply but the oracle finds no line", id);
            }
            UnitStatus::Isolated => {
                seen.1 += 1;
                prop_assert!(!path, "{} is isolated but the oracle finds a line", id);
            }
            UnitStatus::Partial => prop_assert!(false, "{} partial: no limited source on these maps", id),
        }
    }
    Ok(seen)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn land_statuses_agree_with_a_plain_bfs(hexes in 40u32..120, seed in any::<u64>()) {
        let file = land_only(hexes, seed);
        check(&file, seed, Side::Axis)?;
        check(&file, seed, Side::Allies)?;
    }
}

/// Not vacuous: on the property's inputs both outcomes occur. Runs the
/// property's body on 200 fixed seeds and counts them.
#[test]
fn the_oracle_property_sees_both_supplied_and_isolated_units() {
    let (mut full, mut isolated) = (0, 0);
    for seed in 0..200u64 {
        let file = land_only(40 + (seed as u32 % 80), seed);
        for side in [Side::Axis, Side::Allies] {
            let (f, i) = check(&file, seed, side).expect("agrees with the oracle");
            (full, isolated) = (full + f, isolated + i);
        }
    }
    assert!(full > 0 && isolated > 0, "full {full}, isolated {isolated}");
}
