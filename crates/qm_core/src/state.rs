//! The dynamic state of a game, and the two functions between it and a
//! `World`: [`build_world`] and [`extract_state`].
//!
//! **Invariant:** `extract_state(&build_world(spec, s)) == s`. Loading a
//! scenario, restoring a snapshot and cloning a game all go through
//! [`build_world`]; saving and checksums go through [`extract_state`].

use crate::components::*;
use crate::events::EventLog;
use crate::ids::{NationId, NodeId, NodeSlice, NodeVec, Side, UnitId, UnitTypeId};
use crate::map::Surface;
use crate::nation::{Nation, NationSides, NationState, NationStateC};
use crate::phase::{GameClock, RunningPhase};
use crate::rng::GameRng;
use crate::spec::{ScenarioSpec, Spec};
use crate::supply::{HexDecided, HexRecord, HexSupply, UnitSupply};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Version of the [`GameState`] layout; bumped when it changes.
pub const STATE_VERSION: u32 = 3;

/// The changing state of one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeState {
    /// Control.
    pub control: Control,
    /// Damage.
    pub damage: HexDamage,
    /// Supply status, and when it was decided.
    pub supply: HexRecord,
}

/// The changing state of one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// Stable id.
    pub id: UnitId,
    /// Nationality.
    pub nation: NationId,
    /// Type.
    pub kind: UnitTypeId,
    /// Draws supply as this nation.
    pub supply_as: Option<NationId>,
    /// Factors.
    pub factors: u8,
    /// Where it is.
    pub location: Location,
    /// Flags.
    pub flags: UnitFlags,
    /// Supply status and explanation.
    pub supply: UnitSupply,
}

impl UnitState {
    /// The state of a unit read from its components.
    #[must_use]
    pub fn from_components(u: &Unit, location: Location, flags: UnitFlags, supply: &UnitSupply) -> Self {
        Self {
            id: u.id.clone(),
            nation: u.nation,
            kind: u.kind,
            supply_as: u.supply_as,
            factors: u.factors,
            location,
            flags,
            supply: supply.clone(),
        }
    }

    /// The unit component.
    #[must_use]
    pub fn unit(&self) -> Unit {
        Unit {
            id: self.id.clone(),
            nation: self.nation,
            kind: self.kind,
            supply_as: self.supply_as,
            factors: self.factors,
        }
    }
}

/// A unit eliminated by isolation (SUP-177, SUP-190).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elimination {
    /// The unit as it was.
    pub unit: UnitState,
    /// Game turn of elimination.
    pub turn: u32,
    /// Rebuild cost in BRPs in the same game turn (double, SUP-190).
    pub rebuild_now: u32,
    /// Rebuild cost in BRPs in later turns.
    pub rebuild_later: u32,
}

/// The record of eliminations.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// Units eliminated by isolation, in order.
    pub eliminated: Vec<Elimination>,
}

/// Scenario flags that conditions test (`persian-route-open`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flags(pub BTreeSet<String>);

/// Everything about a game that changes. Sorted by stable ids throughout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Layout version.
    pub version: u32,
    /// Turn, side and phase.
    pub clock: GameClock,
    /// The random stream.
    pub rng: GameRng,
    /// Scenario flags.
    pub flags: BTreeSet<String>,
    /// Nations, indexed by id.
    pub nations: Vec<NationState>,
    /// Nodes, indexed by id.
    pub nodes: NodeVec<NodeState>,
    /// Source designations, indexed by source id.
    pub sources: Vec<Designation>,
    /// Units, sorted by id.
    pub units: Vec<UnitState>,
    /// The rule families' sections of state, by section name
    /// ([`crate::plugin::StateSection`]), as plain data.
    #[serde(default)]
    pub sections: BTreeMap<String, serde_json::Value>,
}

/// A save file: the scenario it came from, by path and by fingerprint, and
/// the state. Written and read as RON by `qm_scenario`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Layout version of the state.
    pub version: u32,
    /// The scenario file: an absolute path where the saving program knew
    /// one, else as it was given. Loading looks there, then for a file of
    /// that name beside the save.
    pub scenario: String,
    /// The fingerprint of the scenario and ruleset the state belongs to
    /// ([`crate::fingerprint`]): a save is refused against any other.
    pub fingerprint: crate::fingerprint::Fingerprint,
    /// The state.
    pub state: GameState,
}

/// Maps dense ids to entities. Rebuilt by [`build_world`]; not state.
#[derive(Resource, Clone, Debug, Default)]
pub struct EntityIndex {
    /// Node entities, indexed by node.
    pub nodes: NodeVec<Entity>,
    /// Nation entities, indexed by nation.
    pub nations: Vec<Entity>,
    /// Source entities, indexed by source.
    pub sources: Vec<Entity>,
}

/// Why a state cannot be built into a world: a section that does not read
/// as its family's type, or core state that does not fit the scenario
/// (section `core`, with the typed problem in `invalid`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("state section `{section}`: {message}")]
pub struct StateError {
    /// The section.
    pub section: String,
    /// What is wrong.
    pub message: String,
    /// The core state's problem, typed ([`crate::validate`]).
    pub invalid: Option<crate::validate::InvalidState>,
}

impl From<crate::validate::InvalidState> for StateError {
    fn from(e: crate::validate::InvalidState) -> Self {
        Self { section: "core".into(), message: e.to_string(), invalid: Some(e) }
    }
}

/// Builds a world from a scenario's static data and a state.
///
/// # Errors
/// A section of `state` that its family cannot read.
pub fn build_world(spec: Arc<ScenarioSpec>, state: &GameState) -> Result<World, StateError> {
    let mut world = World::new();
    build_into(&mut world, spec, state)?;
    Ok(world)
}

/// Populates `world` (a new one, or a Bevy app's own) with a scenario's
/// entities and resources and a state: what [`build_world`] does to a new
/// world.
///
/// # Errors
/// A section of `state` that its family cannot read.
pub fn build_into(world: &mut World, spec: Arc<ScenarioSpec>, state: &GameState) -> Result<(), StateError> {
    crate::validate::validate_state(&spec, state)?;
    register(world);
    let mut index = EntityIndex::default();

    for (i, ns) in state.nations.iter().enumerate() {
        index.nations.push(world.spawn((Nation(NationId(i as u16)), NationStateC(*ns))).id());
    }

    let map = &spec.map;
    index.nodes.reserve(map.nodes.len());
    for (i, info) in map.nodes.iter_enumerated() {
        let st = state.nodes.get(i).copied().unwrap_or_default();
        let (supply, decided) = st.supply.parts();
        let node = (MapNode(i), st.control, supply, decided, st.damage);
        // One spawn with every component: no move between archetypes.
        let tile = map.coord(i).filter(|_| info.surface != Surface::Box).map(|coord| HexTile {
            coord,
            terrain: info.terrain,
            surface: info.surface,
            features: info.features,
        });
        let e = match tile {
            Some(tile) => world.spawn((node, tile)).id(),
            None => world.spawn(node).id(),
        };
        index.nodes.push(e);
    }

    for (i, s) in spec.sources.iter().enumerate() {
        let d = state.sources.get(i).copied().unwrap_or_default();
        let src = SupplySource { id: crate::ids::SourceId(i as u32), node: s.node, class: s.class, owner: s.owner };
        index.sources.push(world.spawn((src, d)).id());
    }

    world.spawn_batch(state.units.iter().map(|u| (u.unit(), u.location, u.flags, u.supply.clone())));

    insert_state_resources(world, &spec, state);
    world.insert_resource(index);
    world.insert_resource(Spec(spec.clone()));
    build_sections(world, &spec, state, None)
}

/// The resources a world held once its game was built (state, rules,
/// schedules, caches), by component id, sorted: [`restore_into`] removes any
/// other resource, so that a restored world holds what a fresh one holds.
#[derive(Resource, Clone, Debug, Default)]
pub struct BuiltResources(Vec<bevy_ecs::component::ComponentId>);

impl BuiltResources {
    /// Records the resources `world` holds now (itself included).
    pub fn record(world: &mut World) {
        world.insert_resource(Self::default());
        let mut ids: Vec<_> = world.resource_entities().iter().map(|(c, _)| c).collect();
        ids.sort_unstable();
        world.insert_resource(Self(ids));
    }
}

/// Writes `state` into `world`, a world built for the same scenario (the
/// same `Arc`, by [`build_into`]) and possibly played since, keeping its
/// node, nation and source entities, its schedules and its tables: what a
/// fresh [`build_into`] would give, for the state and everything derived
/// from it, without building a world.
///
/// Nodes, nations and sources are written in place (a component only where
/// it differs, so change detection sees only real changes); every other
/// entity (units, the families' own) is despawned, the units are spawned
/// again and every section is built again; resources that a fresh world
/// does not hold ([`BuiltResources`]) are removed, and the families'
/// derived caches are put back to their defaults
/// ([`crate::plugin::Rules::reset_caches`]).
///
/// # Errors
/// A world built for another scenario or a state that does not fit the
/// scenario ([`crate::validate`]; nothing is written in either case), or a
/// section of `state` that its family cannot read.
pub fn restore_into(world: &mut World, spec: &Arc<ScenarioSpec>, state: &GameState) -> Result<(), StateError> {
    if !world.get_resource::<Spec>().is_some_and(|s| Arc::ptr_eq(&s.0, spec)) {
        return Err(other_scenario());
    }
    crate::validate::validate_state(spec, state)?;
    write_state(world, spec, state, (Nodes::FromState, Units::FromState), None)
}

/// Writes the state of `src` into `dst`, both worlds built for `spec`: what
/// [`restore_into`] of [`extract_state`]`(src)` gives, without validating a
/// state that a world of the engine holds, copying the nodes straight
/// from one world to the other when both yield them in the same order (they
/// do: nodes are spawned in id order and never despawned), and the units
/// by id ([`copy_units`]: a unit both worlds hold keeps its entity in `dst`
/// instead of being despawned and spawned again).
///
/// # Errors
/// A world built for another scenario, or a section that its family cannot
/// read back.
pub fn copy_world(src: &World, dst: &mut World, spec: &Arc<ScenarioSpec>) -> Result<(), StateError> {
    let same = |w: &World| w.get_resource::<Spec>().is_some_and(|s| Arc::ptr_eq(&s.0, spec));
    if !same(src) || !same(dst) {
        return Err(other_scenario());
    }
    // Sections with a direct copy are copied by `write_state`, not read;
    // the units are copied straight from `src`.
    let mut state = extract_state_but_units_and_nodes(src, Sections::WithoutCopy);
    let nodes = if copy_nodes(src, dst) {
        Nodes::Written
    } else {
        state.nodes = extract_nodes(src);
        Nodes::FromState
    };
    copy_units(src, dst);
    write_state(dst, spec, &state, (nodes, Units::Written), Some(src))
}

/// Copies every node's components from `src` to `dst` in one walk of both,
/// if they yield the same nodes in the same order; `false` (some nodes
/// perhaps written) if not.
fn copy_nodes(src: &World, dst: &mut World) -> bool {
    let Some(mut from) = src.try_query::<NodeRead>() else { return false };
    let mut from = from.iter(src);
    let mut to = dst.query::<NodeMut>();
    if from.len() != to.iter(dst).len() {
        return false;
    }
    for (n, mut c, mut h, mut a, mut d) in to.iter_mut(dst) {
        let Some((sn, sc, sh, sa, sd)) = from.next() else { return false };
        if sn != n {
            return false;
        }
        set_if_changed(&mut c, *sc);
        set_if_changed(&mut h, *sh);
        set_if_changed(&mut a, *sa);
        set_if_changed(&mut d, *sd);
    }
    true
}

/// A unit's components, read.
type UnitRead = (&'static Unit, &'static Location, &'static UnitFlags, &'static UnitSupply);

/// A unit's components, written.
type UnitMut = (Entity, &'static mut Unit, &'static mut Location, &'static mut UnitFlags, &'static mut UnitSupply);

/// Copies the units of `src` into `dst`, matched by id: a unit both hold
/// keeps its entity in `dst` and has each component written where it
/// differs (change detection sees only real changes, as for the nodes); a
/// unit only `dst` holds (one it built, or one `src` lost) is despawned,
/// and a unit only `src` holds is spawned. The units then hold exactly the
/// components [`write_state`] spawns them with; the families' components
/// on unit entities are written again by their sections' builds, which
/// give every unit its own (the oil family's `Organization`).
fn copy_units(src: &World, dst: &mut World) {
    let mut from: Vec<(&Unit, &Location, &UnitFlags, &UnitSupply)> =
        src.try_query::<UnitRead>().map(|mut q| q.iter(src).collect()).unwrap_or_default();
    // Entities are spawned in id order: usually one sorted run.
    from.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let mut used = vec![false; from.len()];
    let mut gone = Vec::new();
    for (e, mut u, mut l, mut f, mut s) in dst.query::<UnitMut>().iter_mut(dst) {
        let at = from.binary_search_by(|x| x.0.id.cmp(&u.id)).ok().filter(|&k| !used[k]);
        let Some((k, &(su, sl, sf, ss))) = at.and_then(|k| Some((k, from.get(k)?))) else {
            gone.push(e);
            continue;
        };
        used[k] = true;
        copy_if_changed(&mut u, su);
        set_if_changed(&mut l, *sl);
        set_if_changed(&mut f, *sf);
        copy_if_changed(&mut s, ss);
    }
    for e in gone {
        dst.despawn(e);
    }
    let new = from.iter().zip(&used).filter(|(_, used)| !**used);
    dst.spawn_batch(new.map(|(&(u, l, f, s), _)| (u.clone(), *l, *f, s.clone())).collect::<Vec<_>>());
}

/// Whether [`write_state`] spawns the units from the state or finds them
/// written already ([`copy_units`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Units {
    FromState,
    Written,
}

/// Whether [`write_state`] writes the nodes from the state or finds them
/// written already.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Nodes {
    FromState,
    Written,
}

fn other_scenario() -> StateError {
    StateError { section: "world".into(), message: "built for another scenario".into(), invalid: None }
}

/// The writing half of [`restore_into`] and [`copy_world`], on a state known
/// to be valid; with `from`, the sections that have a direct copy are
/// copied from that world.
fn write_state(
    world: &mut World,
    spec: &Arc<ScenarioSpec>,
    state: &GameState,
    (nodes, units): (Nodes, Units),
    from: Option<&World>,
) -> Result<(), StateError> {
    let others: Vec<Entity> = world
        .query_filtered::<(Entity, Has<Unit>), (Without<bevy_ecs::resource::IsResource>, Without<MapNode>, Without<Nation>, Without<SupplySource>)>()
        .iter(world)
        .filter(|&(_, unit)| !unit || units == Units::FromState)
        .map(|(e, _)| e)
        .collect();
    for e in others {
        world.despawn(e);
    }
    for (n, mut s) in world.query::<(&Nation, &mut NationStateC)>().iter_mut(world) {
        let want = state.nations.get(n.0.index()).copied();
        if let Some(want) = want.filter(|w| *w != s.0) {
            s.0 = want;
        }
    }
    if nodes == Nodes::FromState {
        write_nodes(world, &state.nodes);
    }
    for (src, mut d) in world.query::<(&SupplySource, &mut Designation)>().iter_mut(world) {
        set_if_changed(&mut d, state.sources.get(src.id.0 as usize).copied().unwrap_or_default());
    }
    if units == Units::FromState {
        world.spawn_batch(state.units.iter().map(|u| (u.unit(), u.location, u.flags, u.supply.clone())));
    }
    if let Some(built) = world.remove_resource::<BuiltResources>() {
        let extra: Vec<_> =
            world.resource_entities().iter().map(|(c, _)| c).filter(|c| built.0.binary_search(c).is_err()).collect();
        for c in extra {
            world.remove_resource_by_id(c);
        }
        world.insert_resource(built);
    }
    insert_state_resources(world, spec, state);
    spec.rules.reset_caches(world);
    build_sections(world, spec, state, from)
}

/// A node's components, read: every part of its [`NodeState`].
pub(crate) type NodeRead =
    (&'static MapNode, &'static Control, &'static HexSupply, &'static HexDecided, &'static HexDamage);

/// A node's components, written.
type NodeMut =
    (&'static MapNode, &'static mut Control, &'static mut HexSupply, &'static mut HexDecided, &'static mut HexDamage);

/// Writes every node's components from `nodes`, by id.
fn write_nodes(world: &mut World, nodes: &NodeSlice<NodeState>) {
    for (n, mut c, mut h, mut a, mut d) in world.query::<NodeMut>().iter_mut(world) {
        let st = nodes.get(n.0).copied().unwrap_or_default();
        let (supply, decided) = st.supply.parts();
        set_if_changed(&mut c, st.control);
        set_if_changed(&mut h, supply);
        set_if_changed(&mut a, decided);
        set_if_changed(&mut d, st.damage);
    }
}

fn set_if_changed<T: Component<Mutability = bevy_ecs::component::Mutable> + PartialEq>(c: &mut Mut<T>, want: T) {
    if **c != want {
        **c = want;
    }
}

/// [`set_if_changed`] for a component that is cloned, not copied.
fn copy_if_changed<T: Component<Mutability = bevy_ecs::component::Mutable> + PartialEq + Clone>(
    c: &mut Mut<T>,
    want: &T,
) {
    if **c != *want {
        c.clone_from(want);
    }
}

fn insert_state_resources(world: &mut World, spec: &Arc<ScenarioSpec>, state: &GameState) {
    world.insert_resource(state.clock);
    world.insert_resource(state.rng.clone());
    world.insert_resource(Flags(state.flags.clone()));
    world.insert_resource(spec.rules.phases().clone());
    world.insert_resource(EventLog::default());
    world.insert_resource(RunningPhase(None));
    world.insert_resource(NationSides::from_states(&state.nations));
}

fn build_sections(
    world: &mut World,
    spec: &Arc<ScenarioSpec>,
    state: &GameState,
    from: Option<&World>,
) -> Result<(), StateError> {
    for section in spec.rules.sections() {
        if let (Some(src), Some(copy)) = (from, spec.rules.section_copy(section.name)) {
            copy(src, world).map_err(|message| StateError {
                section: section.name.to_string(),
                message,
                invalid: None,
            })?;
            continue;
        }
        (section.build)(world, state.sections.get(section.name)).map_err(|message| StateError {
            section: section.name.to_string(),
            message,
            invalid: None,
        })?;
    }
    Ok(())
}

fn register(world: &mut World) {
    world.register_component::<Nation>();
    world.register_component::<NationStateC>();
    world.register_component::<MapNode>();
    world.register_component::<Control>();
    world.register_component::<HexSupply>();
    world.register_component::<HexDecided>();
    world.register_component::<HexDamage>();
    world.register_component::<SupplySource>();
    world.register_component::<Designation>();
    world.register_component::<Unit>();
    world.register_component::<Location>();
    world.register_component::<UnitFlags>();
    world.register_component::<UnitSupply>();
}

/// Reads the state back out of a world built by [`build_world`].
#[must_use]
pub fn extract_state(world: &World) -> GameState {
    GameState { nodes: extract_nodes(world), ..extract_state_but_nodes(world, Sections::All) }
}

/// Which sections [`extract_state_but_nodes`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sections {
    All,
    /// Those without a direct copy ([`crate::plugin::RulesBuilder::add_section_copy`]).
    WithoutCopy,
}

/// [`extract_state`] with no nodes.
fn extract_state_but_nodes(world: &World, which: Sections) -> GameState {
    GameState { units: extract_units(world), ..extract_state_but_units_and_nodes(world, which) }
}

/// Every unit's state, by id.
fn extract_units(world: &World) -> Vec<UnitState> {
    let mut units: Vec<UnitState> = world
        .try_query::<UnitRead>()
        .map(|mut q| q.iter(world).map(|(u, l, f, s)| UnitState::from_components(u, *l, *f, s)).collect())
        .unwrap_or_default();
    units.sort_by(|a, b| a.id.cmp(&b.id));
    units
}

/// [`extract_state`] with no units and no nodes.
fn extract_state_but_units_and_nodes(world: &World, which: Sections) -> GameState {
    let mut nations: Vec<(NationId, NationState)> = world
        .try_query::<(&Nation, &NationStateC)>()
        .map(|mut q| q.iter(world).map(|(n, s)| (n.0, s.0)).collect())
        .unwrap_or_default();
    nations.sort_by_key(|n| n.0);

    let mut sources: Vec<(crate::ids::SourceId, Designation)> = world
        .try_query::<(&SupplySource, &Designation)>()
        .map(|mut q| q.iter(world).map(|(s, d)| (s.id, *d)).collect())
        .unwrap_or_default();
    sources.sort_by_key(|s| s.0);

    GameState {
        version: STATE_VERSION,
        clock: clock_of(world),
        rng: rng_of(world),
        flags: world.get_resource::<Flags>().map(|f| f.0.clone()).unwrap_or_default(),
        nations: nations.into_iter().map(|n| n.1).collect(),
        nodes: NodeVec::new(),
        sources: sources.into_iter().map(|s| s.1).collect(),
        units: Vec::new(),
        sections: read_sections(world, which),
    }
}

/// Every node's state, by id. The query yields the nodes of a world built
/// by [`build_world`] in id order (they are spawned so and never
/// despawned), so they are written straight into place; any other order is
/// sorted first.
fn extract_nodes(world: &World) -> NodeVec<NodeState> {
    let Some(mut q) = world.try_query::<NodeRead>() else { return NodeVec::new() };
    let state = |c: &Control, s: &HexSupply, a: &HexDecided, d: &HexDamage| NodeState {
        control: *c,
        damage: *d,
        supply: HexRecord::of(s, a),
    };
    let mut nodes = NodeVec::with_capacity(q.iter(world).len());
    for (n, c, s, a, d) in q.iter(world) {
        if n.0 != nodes.next_key() {
            let mut all: Vec<(NodeId, NodeState)> =
                q.iter(world).map(|(n, c, s, a, d)| (n.0, state(c, s, a, d))).collect();
            all.sort_by_key(|n| n.0);
            return all.into_iter().map(|n| n.1).collect();
        }
        nodes.push(state(c, s, a, d));
    }
    nodes
}

/// The world's clock, or turn 1 of the Axis for a world without one.
pub(crate) fn clock_of(world: &World) -> GameClock {
    world.get_resource::<GameClock>().copied().unwrap_or(GameClock {
        turn: 1,
        side: Side::Axis,
        phase: 0,
        first: Side::Axis,
    })
}

/// The world's random stream, or one seeded with 0 for a world without one.
pub(crate) fn rng_of(world: &World) -> GameRng {
    world.get_resource::<GameRng>().cloned().unwrap_or_else(|| GameRng::seeded(0))
}

fn read_sections(world: &World, which: Sections) -> BTreeMap<String, serde_json::Value> {
    let Some(spec) = world.get_resource::<Spec>() else { return BTreeMap::new() };
    spec.rules
        .sections()
        .iter()
        .filter(|s| which == Sections::All || spec.rules.section_copy(s.name).is_none())
        .map(|s| {
            let v = (s.extract)(world).unwrap_or_else(|e| serde_json::Value::String(format!("unreadable: {e}")));
            (s.name.to_string(), v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world_of(order: &[u32]) -> World {
        let mut w = World::new();
        for &i in order {
            let control = Control { current: Some(NationId(i as u16)), ..Control::default() };
            w.spawn((MapNode(NodeId(i)), control, HexSupply::default(), HexDecided::default(), HexDamage::default()));
        }
        w
    }

    fn controls(w: &mut World) -> Vec<(NodeId, Control)> {
        let mut v: Vec<_> = w.query::<(&MapNode, &Control)>().iter(w).map(|(n, c)| (n.0, *c)).collect();
        v.sort_by_key(|n| n.0);
        v
    }

    #[test]
    fn nodes_in_the_same_order_are_copied_across() {
        let src = world_of(&[0, 1, 2]);
        let mut dst = world_of(&[0, 1, 2]);
        for mut c in dst.query::<&mut Control>().iter_mut(&mut dst) {
            c.current = None;
        }
        assert!(copy_nodes(&src, &mut dst));
        assert_eq!(controls(&mut dst), controls(&mut world_of(&[0, 1, 2])));
    }

    #[test]
    fn nodes_in_another_order_are_left_to_the_state_path() {
        let src = world_of(&[0, 1, 2]);
        assert!(!copy_nodes(&src, &mut world_of(&[2, 1, 0])), "another order");
        assert!(!copy_nodes(&src, &mut world_of(&[0, 1])), "another count");
        assert_eq!(extract_nodes(&world_of(&[2, 0, 1])), extract_nodes(&src), "extraction sorts by id");
    }
}
