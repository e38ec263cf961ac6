//! Checksums of game state.
//!
//! The checksum is BLAKE3 over the canonical binary encoding
//! ([`crate::encode`]) of exactly the fields of [`GameState`], in its field
//! order:
//!
//! 1. `version` (`u32`), `clock` (turn, side, phase, first side), `rng`
//!    (seed and word position), `flags` (sorted);
//! 2. `nations`, by nation id; `nodes` (control, damage, supply status of
//!    every node), by node id, packed ([`crate::encode_node`]: a run of
//!    flag words and the fields they announce, 4 bytes a typical node, and
//!    one word and a count for a row of nodes equal to the one before);
//!    `sources` (designations), by source id;
//! 3. `units`, sorted by unit id: id, nation, type, `supply_as`, factors,
//!    location, flags, supply status with its line and explanation;
//! 4. `sections`: every rule family's section of state, by section name,
//!    as the plain data its family writes (tagged, [`Encoder::value`]).
//!    [`checksum_world`] writes the same bytes straight from the typed data
//!    for the families that register it
//!    ([`crate::plugin::RulesBuilder::add_section_hash`],
//!    [`Encoder::value_of`]), without building the plain data.
//!
//! Canonical because [`GameState`] holds only integers, strings, booleans
//! and sorted sequences: no floats, no hash maps, no `Entity`. Two games
//! with the same scenario, seed and orders produce the same bytes, on any
//! machine and thread count, and after a save and load in between.
//! Derived caches (the supply context, floods, previews) are not state and
//! are not covered.
//!
//! [`checksum`] hashes a [`GameState`]; [`checksum_world`] hashes a world's
//! state without extracting it (what `Game::checksum` does), and gives the
//! same value as `checksum(&extract_state(world))`.

use crate::components::{Designation, Location, SupplySource, Unit, UnitFlags};
use crate::encode::Encoder;
use crate::nation::{Nation, NationStateC};
use crate::state::{GameState, STATE_VERSION, clock_of, rng_of};
use crate::supply::{HexRecord, UnitSupply};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The items of a query on `world`, each mapped to `(stable key, value)`.
macro_rules! query {
    ($world:expr, $d:ty, $f:expr) => {
        $world.try_query::<$d>().map(|mut q| q.iter($world).map($f).collect::<Vec<_>>()).unwrap_or_default()
    };
}

/// A 256-bit checksum, printed as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Checksum(pub [u8; 32]);

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// The checksum of a state.
#[must_use]
pub fn checksum(state: &GameState) -> Checksum {
    let mut e = Encoder::default();
    e.put(&state.version);
    e.put(&state.clock);
    e.put(&state.rng);
    e.put(&state.flags);
    e.put(&state.nations);
    e.count(state.nodes.len());
    e.nodes(state.nodes.iter().map(|n| (&n.control, &n.damage, n.supply)));
    e.put(&state.sources);
    e.put(&state.units);
    sections(&mut e, &state.sections);
    Checksum(e.finish())
}

/// The checksum of the state of a world built by
/// [`crate::state::build_world`]: `checksum(&extract_state(world))`, read
/// straight from the components, without copying the state.
#[must_use]
pub fn checksum_world(world: &World) -> Checksum {
    let mut e = Encoder::default();
    e.put(&STATE_VERSION);
    e.put(&clock_of(world));
    e.put(&rng_of(world));
    e.put(&world.get_resource::<crate::state::Flags>().map(|f| f.0.clone()).unwrap_or_default());
    let mut nations: Vec<_> = query!(world, (&Nation, &NationStateC), |(n, s)| (n.0, &s.0));
    write_sorted(&mut e, &mut nations, |e, s| e.put(*s));
    write_nodes(&mut e, world);
    let mut sources = query!(world, (&SupplySource, &Designation), |(s, d)| (s.id, d));
    write_sorted(&mut e, &mut sources, |e, d| e.put(*d));
    let mut units = query!(world, (&Unit, &Location, &UnitFlags, &UnitSupply), |(u, l, f, s)| (&u.id, (u, l, f, s)));
    write_sorted(&mut e, &mut units, |e, (u, l, f, s)| {
        e.put(&u.id);
        e.put(&u.nation);
        e.put(&u.kind);
        e.put(&u.supply_as);
        e.put(&u.factors);
        e.put(*l);
        e.put(*f);
        e.put(*s);
    });
    world_sections(&mut e, world);
    Checksum(e.finish())
}

/// Writes every section of the world's state as [`sections`] writes those
/// of `state::extract_sections`: by name, each through its family's direct
/// writer when it registered one
/// ([`crate::plugin::RulesBuilder::add_section_hash`]), else as its value.
fn world_sections(e: &mut Encoder, world: &World) {
    let Some(spec) = world.get_resource::<crate::spec::Spec>() else {
        e.count(0);
        return;
    };
    let mut all: Vec<_> = spec.rules.sections().iter().collect();
    all.sort_by_key(|s| s.name);
    all.dedup_by_key(|s| s.name);
    e.count(all.len());
    for s in all {
        e.put(s.name);
        let direct = spec.rules.section_hash(s.name).is_some_and(|hash| hash(world, e).is_ok());
        if !direct {
            let v = (s.extract)(world).unwrap_or_else(|err| serde_json::Value::String(format!("unreadable: {err}")));
            e.value(&v);
        }
    }
}

/// Writes every node's state, counted, by node id. Nodes are spawned in id
/// order, so the query usually yields them sorted: they are written as they
/// come, in one pass that checks the order; if it was not sorted, the
/// encoder goes back to where it was and writes them sorted.
fn write_nodes(e: &mut Encoder, world: &World) {
    let Some(mut q) = world.try_query::<crate::state::NodeRead>() else {
        e.count(0);
        return;
    };
    let before = e.clone();
    e.count(q.iter(world).len());
    let (mut last, mut sorted) = (crate::ids::NodeId::new(0), true);
    e.nodes(q.iter(world).map(|(n, c, s, a, d)| {
        sorted &= last <= n.0;
        last = n.0;
        (c, d, HexRecord::of(s, a))
    }));
    if !sorted {
        *e = before;
        let mut nodes: Vec<_> = q.iter(world).map(|(n, c, s, a, d)| (n.0, (c, d, HexRecord::of(s, a)))).collect();
        nodes.sort_by_key(|n| n.0);
        e.count(nodes.len());
        e.nodes(nodes.into_iter().map(|n| n.1));
    }
}

/// Sorts items by their stable key and writes them, counted: the encoding
/// of the `Vec` that `extract_state` builds from them.
fn write_sorted<K: Ord, V>(e: &mut Encoder, items: &mut [(K, V)], write: impl Fn(&mut Encoder, &V)) {
    // Entities are spawned in id order, so this is usually one sorted run.
    items.sort_by(|a, b| a.0.cmp(&b.0));
    e.count(items.len());
    for (_, v) in items.iter() {
        write(e, v);
    }
}

fn sections(e: &mut Encoder, sections: &BTreeMap<String, serde_json::Value>) {
    e.count(sections.len());
    for (name, v) in sections {
        e.put(name.as_str());
        e.value(v);
    }
}

/// The checksum this module computed before the binary encoding: BLAKE3
/// over the JSON of the state. Kept for the test that both change together.
#[cfg(test)]
pub(crate) fn checksum_json(state: &GameState) -> Checksum {
    let mut h = blake3::Hasher::new();
    serde_json::to_writer(&mut h, state).unwrap_or_else(|e| panic!("{e}"));
    Checksum(*h.finalize().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{NationId, NodeId, Side, UnitId, UnitTypeId};
    use crate::nation::{NationState, NationStatus};
    use crate::phase::GameClock;
    use crate::rng::GameRng;
    use crate::state::{NodeState, UnitState};
    use crate::supply::{HexStatus, UnitStatus};

    fn state() -> GameState {
        let nation = |side| NationState { side, status: NationStatus::Active, patron: None, ever_surrendered: false };
        let unit = |id: &str, node| UnitState {
            id: UnitId::new(id),
            nation: NationId(0),
            kind: UnitTypeId(1),
            supply_as: None,
            factors: 3,
            location: Location { node, turn_start: node },
            flags: UnitFlags::default(),
            supply: UnitSupply::default(),
        };
        GameState {
            version: STATE_VERSION,
            clock: GameClock { turn: 1, side: Side::Axis, phase: 0, first: Side::Axis },
            rng: GameRng::seeded(5),
            flags: ["persian-route-open".to_string()].into(),
            nations: vec![nation(Some(Side::Axis)), nation(Some(Side::Allies)), nation(None)],
            nodes: vec![NodeState::default(); 6].into(),
            sources: vec![Designation::default(); 2],
            units: vec![unit("a", NodeId(1)), unit("b", NodeId(4))],
            sections: [("fam".to_string(), serde_json::json!({"queue": [1, 2], "log": null}))].into(),
        }
    }

    /// A named mutation of one field of the state.
    type Mutation = (&'static str, fn(&mut GameState));

    /// Each mutation of one field of the state, by name.
    fn mutations() -> Vec<Mutation> {
        vec![
            ("clock turn", |s| s.clock.turn += 1),
            ("clock side", |s| s.clock.side = Side::Allies),
            ("clock phase", |s| s.clock.phase = 3),
            ("rng drawn", |s| {
                s.rng.below(6);
            }),
            ("rng seed", |s| s.rng = GameRng::seeded(6)),
            ("flag removed", |s| s.flags.clear()),
            ("flag added", |s| {
                s.flags.insert("x".into());
            }),
            ("nation status", |s| s.nations[1].status = NationStatus::Surrendered),
            ("nation patron", |s| s.nations[2].patron = Some(NationId(0))),
            ("node control", |s| s.nodes[NodeId(2)].control.current = Some(NationId(1))),
            ("node captured", |s| s.nodes[NodeId(2)].control.captured = Some((1, Side::Axis))),
            ("node damage", |s| s.nodes[NodeId(5)].damage.ic_isolated_turns = 1),
            ("node supply", |s| s.nodes[NodeId(0)].supply.status = Some(HexStatus::Partial)),
            ("designation", |s| s.sources[1].designated = !s.sources[1].designated),
            ("unit moved", |s| s.units[0].location.node = NodeId(2)),
            ("unit factors", |s| s.units[1].factors = 2),
            ("unit status", |s| s.units[1].supply.status = UnitStatus::Isolated),
            ("unit flags", |s| s.units[0].flags.isolated_turns = 1),
            ("unit removed", |s| {
                s.units.pop();
            }),
            ("section value", |s| {
                s.sections.insert("fam".into(), serde_json::json!({"queue": [1], "log": null})).map_or((), |_| ())
            }),
            ("section type", |s| {
                s.sections.insert("fam".into(), serde_json::json!({"queue": [1, 2], "log": 0})).map_or((), |_| ())
            }),
            ("section added", |s| s.sections.insert("other".into(), serde_json::Value::Null).map_or((), |_| ())),
        ]
    }

    #[test]
    fn the_binary_and_the_json_checksums_change_together() {
        let base = state();
        let (bin, json) = (checksum(&base), checksum_json(&base));
        assert_eq!(checksum(&base.clone()), bin, "stable");
        let mut seen = std::collections::BTreeSet::from([bin]);
        for (name, mutate) in mutations() {
            let mut s = base.clone();
            mutate(&mut s);
            assert_ne!(checksum_json(&s), json, "{name}: the mutation changes the state");
            assert_ne!(checksum(&s), bin, "{name}: the binary checksum sees it too");
            assert!(seen.insert(checksum(&s)), "{name}: collides with another mutation");
            // Undoing the mutation gives the original checksum back.
            assert_eq!(checksum(&base), bin);
        }
    }
}
