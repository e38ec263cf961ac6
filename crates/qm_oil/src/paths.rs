//! Which oil each unit can trace a path to (OIL-003): one `qm_trace` flood
//! per major power from its oil resources over the side's passable nodes.
//!
//! The path "is exactly like a basic supply path ... except that it can be
//! of any length" (OIL-003), so the passability is rule 30's: the masks of
//! [`qm_supply::SupplyContext`] built for the side (friendly control,
//! enemy zones of control, partisans, terrain, box gates: SUP-054..065),
//! read as open or closed; no range limit. Without rule 30 loaded, a node
//! is passable when a nation of the side controls it.
//!
//! **Overseas legs** (OIL-003 "including via overseas"): oil that reaches
//! a friendly port crosses the sea to every friendly port joined to it by
//! sea hexes (one component of `MapGraph::sea`, no range limit; naval
//! interception is rule 21, not among the texts, so sea legs are never
//! cut), and spreads inland from there with `qm_trace::flood_more`, until
//! nothing new lands.
//!
//! Whose oil (OIL-003): a unit uses oil of its own nation only, never of a
//! co-operating major power, except within the groups of
//! `OilSection::shared_oil` (Communist and Nationalist China). Produced oil
//! belongs to the nation that controls the resource's hex; saved oil to the
//! stockpile's owner.

use crate::state::{OilParams, OilSpent, OilWell, Organization, SavedOil, Stockpile};
use bevy_ecs::prelude::*;
use bevy_ecs::system::RunSystemOnce;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{DeterminationKind, NationId, NodeId, Side, UnitId};
use qm_core::nation::{Nation, NationStateC, NationStatus};
use qm_core::phase::Determining;
use qm_core::spec::{ScenarioSpec, Spec};
use qm_supply::SupplyContext;
use qm_supply::land::LAND_KINDS;
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, flood, flood_more, label_components};
use std::collections::BTreeMap;

/// The most resources one power may draw from (one flood label each).
pub const MAX_RESOURCES: usize = 64;

/// Where a resource's oil comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An oil resource producing this turn.
    Produced(Entity),
    /// A stockpile of saved oil (OIL-009, OIL-011).
    Saved(Entity),
}

/// One resource a power may draw from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Its id in reports: the well's key, or `saved@HEX`.
    pub key: String,
    /// Its hex.
    pub node: NodeId,
    /// Oil points it can give now.
    pub points: u32,
    /// Where the oil comes from.
    pub origin: Origin,
}

/// The flood of one power.
#[derive(Clone, Debug)]
pub struct PowerReach {
    /// The power.
    pub power: NationId,
    /// Its resources: produced first (by key), then saved (by hex); flood
    /// label `i` is resource `i`.
    pub resources: Vec<Candidate>,
    /// The flood, recorded.
    pub flood: Flood,
    /// Per seed of the flood: the resource it stands for, and for a sea
    /// landing the port the oil sailed from.
    pub seeds: Vec<(usize, Option<NodeId>)>,
}

/// The reach of every power of a side.
#[derive(Clone, Debug, Default)]
pub struct SideReach {
    /// The side of each nation.
    pub sides: Vec<Option<Side>>,
    /// One flood per power with disorganized oil-dependent units, by nation.
    pub powers: BTreeMap<NationId, PowerReach>,
    /// The disorganized units of the side: nation, node, type's oil cost,
    /// whether it is an HQ.
    pub units: BTreeMap<UnitId, (NationId, NodeId, u32, bool)>,
}

impl SideReach {
    /// The resources `unit` reaches, as a mask over its power's resources.
    #[must_use]
    pub fn reaches(&self, unit: &UnitId) -> u64 {
        let Some(&(nation, node, _, _)) = self.units.get(unit) else { return 0 };
        self.powers.get(&nation).map_or(0, |p| p.flood.mask(node))
    }

    /// The path from resource `r` to `unit`, resource first; a sea leg
    /// appears as the port the oil sailed from followed by the port it
    /// landed in.
    #[must_use]
    pub fn path(&self, unit: &UnitId, r: usize) -> Option<Vec<NodeId>> {
        let &(nation, node, _, _) = self.units.get(unit)?;
        trace_back(self.powers.get(&nation)?, node, r as u32, 0)
    }
}

/// The line of label `bit` to `node`, through its sea legs back to the
/// resource.
fn trace_back(p: &PowerReach, node: NodeId, bit: u32, depth: usize) -> Option<Vec<NodeId>> {
    let trace = p.flood.trace(node, bit)?;
    match p.seeds.get(trace.seed as usize) {
        Some(&(_, Some(from))) if depth < p.seeds.len() => {
            let mut path = trace_back(p, from, bit, depth + 1)?;
            path.extend(trace.path);
            Some(path)
        }
        _ => Some(trace.path),
    }
}

/// Passability of the side, open or closed per node and gate.
struct Passable {
    accept: Vec<u64>,
    emit: Vec<u64>,
    gates: Vec<(u32, u64)>,
}

fn open(bits: u64) -> u64 {
    if bits == 0 { 0 } else { u64::MAX }
}

/// Rule 30's masks for `side` (built now, the previous context put back),
/// or friendly control alone without rule 30.
fn passable(world: &mut World, side: Side, sides: &[Option<Side>]) -> Passable {
    if world.contains_resource::<SupplyContext>() {
        let old_ctx = world.remove_resource::<SupplyContext>();
        let old_det = world.remove_resource::<Determining>();
        world.insert_resource(Determining { side, kind: DeterminationKind::PostCombat });
        world.insert_resource(SupplyContext::default());
        let built = world.run_system_once(qm_supply::context::build_context).is_ok();
        let ctx = world.remove_resource::<SupplyContext>().unwrap_or_default();
        if let Some(c) = old_ctx {
            world.insert_resource(c);
        }
        match old_det {
            Some(d) => world.insert_resource(d),
            None => {
                world.remove_resource::<Determining>();
            }
        }
        if built {
            return Passable {
                accept: ctx.accept.iter().map(|&b| open(b)).collect(),
                emit: ctx.emit.iter().map(|&b| open(b)).collect(),
                gates: ctx.gates.iter().map(|&(e, b)| (e, open(b))).collect(),
            };
        }
    }
    let n = world.resource::<Spec>().map.node_count();
    let mut accept = vec![0u64; n];
    for (node, c) in world.query::<(&MapNode, &Control)>().iter(world) {
        let friendly = c.current.and_then(|x| sides.get(x.index()).copied().flatten()) == Some(side);
        if let Some(slot) = accept.get_mut(node.0 as usize) {
            *slot = if friendly { u64::MAX } else { 0 };
        }
    }
    Passable { emit: accept.clone(), accept, gates: Vec::new() }
}

fn nation_sides(world: &mut World, count: usize) -> Vec<Option<Side>> {
    let mut sides = vec![None; count];
    for (n, s) in world.query::<(&Nation, &NationStateC)>().iter(world) {
        if let Some(slot) = sides.get_mut(n.0.index())
            && s.0.status != NationStatus::Surrendered
        {
            *slot = s.0.side;
        }
    }
    sides
}

/// The disorganized oil-dependent units of `side` (OIL-003).
fn disorganized_units(
    world: &mut World,
    side: Side,
    sides: &[Option<Side>],
) -> BTreeMap<UnitId, (NationId, NodeId, u32, bool)> {
    let spec = world.resource::<Spec>().0.clone();
    world
        .query::<(&Unit, &Location, &Organization)>()
        .iter(world)
        .filter(|(u, _, o)| !o.organized && sides.get(u.nation.index()).copied().flatten() == Some(side))
        .filter_map(|(u, l, _)| {
            let def = spec.ruleset.unit_type(u.kind)?;
            (def.oil > 0).then(|| (u.id.clone(), (u.nation, l.node, u32::from(def.oil), def.hq)))
        })
        .collect()
}

/// The nations whose oil `power` may use: itself and its shared groups.
fn oil_of(params: &OilParams, power: NationId) -> Vec<NationId> {
    let mut out = vec![power];
    for g in params.shared.iter().filter(|g| g.contains(&power)) {
        out.extend(g.iter().copied());
    }
    out.sort();
    out.dedup();
    out
}

/// The resources `power` may draw from in `turn`: produced oil left in the
/// hexes its oil nations control, then saved oil they own; at most
/// [`MAX_RESOURCES`], the rest ignored in this order.
fn candidates(world: &mut World, power: NationId, turn: u32) -> Vec<Candidate> {
    let params = world.get_resource::<OilParams>().cloned().unwrap_or_default();
    let nations = oil_of(&params, power);
    let spec = world.resource::<Spec>().0.clone();
    let control: BTreeMap<NodeId, Option<NationId>> =
        world.query::<(&MapNode, &Control)>().iter(world).map(|(n, c)| (n.0, c.current)).collect();
    let mut produced: Vec<Candidate> = world
        .query::<(Entity, &OilWell, &OilSpent)>()
        .iter(world)
        .filter(|(_, w, _)| control.get(&w.node).copied().flatten().is_some_and(|c| nations.contains(&c)))
        .map(|(e, w, s)| Candidate {
            key: w.key.clone(),
            node: w.node,
            points: s.left(w.points, turn),
            origin: Origin::Produced(e),
        })
        .filter(|c| c.points > 0)
        .collect();
    produced.sort_by(|a, b| a.key.cmp(&b.key));
    let mut saved: Vec<Candidate> = world
        .query::<(Entity, &Stockpile, &SavedOil)>()
        .iter(world)
        .filter(|(_, p, o)| o.0 > 0 && nations.contains(&p.owner))
        .map(|(e, p, o)| Candidate {
            key: format!("saved@{}", spec.map.label(p.node)),
            node: p.node,
            points: o.0,
            origin: Origin::Saved(e),
        })
        .collect();
    saved.sort_by(|a, b| a.key.cmp(&b.key));
    produced.extend(saved);
    produced.truncate(MAX_RESOURCES);
    produced
}

/// The reach of every disorganized oil-dependent unit of `side` in `turn`:
/// one flood per power that has such units.
pub fn reach_of_side(world: &mut World, side: Side, turn: u32) -> SideReach {
    let count = world.resource::<Spec>().ruleset.nations.len();
    let sides = nation_sides(world, count);
    let units = disorganized_units(world, side, &sides);
    let mut powers: Vec<NationId> = units.values().map(|u| u.0).collect();
    powers.sort();
    powers.dedup();
    if powers.is_empty() {
        return SideReach { sides, powers: BTreeMap::new(), units };
    }
    let pass = passable(world, side, &sides);
    let spec = world.resource::<Spec>().0.clone();
    let mut out = BTreeMap::new();
    for power in powers {
        let resources = candidates(world, power, turn);
        out.insert(power, flood_power(&spec, &pass, power, resources));
    }
    SideReach { sides, powers: out, units }
}

/// One power's flood from its resources, with overseas legs.
fn flood_power(spec: &ScenarioSpec, pass: &Passable, power: NationId, resources: Vec<Candidate>) -> PowerReach {
    let fs = FloodSpec {
        graph: &spec.map.land,
        kinds: LAND_KINDS,
        accept: &pass.accept,
        emit: &pass.emit,
        gates: &pass.gates,
    };
    let seeds: Vec<Seed> = resources.iter().enumerate().map(|(i, r)| Seed::new(r.node, 1 << i)).collect();
    let mut f = Flood::new(true);
    flood(&fs, &seeds, |_, _| true, &mut f);
    let mut refs: Vec<(usize, Option<NodeId>)> = (0..resources.len()).map(|i| (i, None)).collect();
    overseas(spec, &fs, &mut f, &mut refs);
    PowerReach { power, resources, flood: f, seeds: refs }
}

/// Carries oil across the sea between friendly ports joined by sea hexes,
/// then inland, until nothing new lands (OIL-003, overseas).
fn overseas(spec: &ScenarioSpec, fs: &FloodSpec<'_>, f: &mut Flood, refs: &mut Vec<(usize, Option<NodeId>)>) {
    let map = &spec.map;
    let ports: Vec<NodeId> =
        spec.ports.iter().copied().filter(|&p| fs.accept.get(p as usize).is_some_and(|&a| a != 0)).collect();
    if ports.len() < 2 {
        return;
    }
    let mut member: Vec<bool> = (0..map.node_count())
        .map(|n| map.node(n as NodeId).is_some_and(|i| i.surface == qm_core::map::Surface::Sea))
        .collect();
    for &p in &ports {
        member[p as usize] = true;
    }
    let mut labels = Vec::new();
    label_components(&map.sea, EdgeKinds::SEA, &member, &mut labels);
    for _round in 0..ports.len() {
        let mut landings: Vec<(Seed, (usize, Option<NodeId>))> = Vec::new();
        for &to in &ports {
            for &from in &ports {
                let bits = f.mask(from) & !f.mask(to);
                let sailable = fs.emit.get(from as usize).is_some_and(|&e| e != 0);
                if from == to || bits == 0 || !sailable || labels[from as usize] != labels[to as usize] {
                    continue;
                }
                for bit in 0..64u32 {
                    let b = 1u64 << bit;
                    if bits & b != 0 && !landings.iter().any(|(s, _)| s.node == to && s.bits & b != 0) {
                        landings.push((Seed::new(to, b), (bit as usize, Some(from))));
                    }
                }
            }
        }
        if landings.is_empty() {
            return;
        }
        let first = refs.len() as u32;
        let seeds: Vec<Seed> = landings.iter().map(|l| l.0).collect();
        refs.extend(landings.into_iter().map(|l| l.1));
        flood_more(fs, &seeds, first, |_, _| true, f);
    }
}
