//! Which oil each unit can trace a path to (OIL-003): one `qm_trace` flood
//! per major power from its oil resources over the side's passable nodes.
//!
//! The path "is exactly like a basic supply path ... except that it can be
//! of any length" (OIL-003), so the passability is rule 30's: the masks of
//! the side's read-only [`qm_supply::Passability`] view (friendly control,
//! enemy zones of control, partisans, terrain, box gates: SUP-054..065),
//! read as open or closed; no range limit. Without rule 30 loaded, a node
//! is passable when a nation of the side controls it.
//!
//! **Overseas legs** (OIL-003 "including via overseas"): oil that reaches
//! a friendly port crosses the sea to the friendly ports joined to it by
//! sea hexes no enemy unit could attack a rule-30 sea line in, and spreads
//! inland from there ([`crate::sea_legs`]: what cuts a leg).
//!
//! Whose oil (OIL-003): a unit uses oil of its own nation only, never of a
//! co-operating major power, except within the groups of
//! `OilSection::shared_oil` (Communist and Nationalist China). Produced oil
//! belongs to the nation that controls the resource's hex; saved oil to the
//! stockpile's owner; an HQ made a supply source this turn is one resource
//! of its nation (OIL-005).
//!
//! **Stilwell** (OIL-003): "Chinese controlled oil resources may reorganize
//! disorganized US units in China if they can trace a supply path (of
//! unlimited length) back to Stilwell." For the power `stilwell.users`, the
//! Chinese resources are added to its list seeded at Stilwell's hex (a
//! unit's, or a marker hex), not at the oil: a unit reaches them by tracing
//! to Stilwell, and only while it stands in the region `stilwell.region`.

use crate::sea_legs::{CutLeg, SeaLegRule, overseas};
use crate::state::{HqSources, OilParams, OilSpent, OilWell, Organization, SavedOil, Stockpile};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, NodeVec, Side, UnitId};
use qm_core::nation::{Nation, NationDef, NationKind, NationStateC, NationStatus};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_supply::land::LAND_KINDS;
use qm_supply::{Passability, SupplyContext};
use qm_trace::{Flood, FloodSpec, Seed, flood};
use std::collections::BTreeMap;

/// The most resources one power may draw from (one flood label each).
pub const MAX_RESOURCES: usize = 64;

/// Where a resource's oil comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An oil resource producing this turn.
    Produced(Entity),
    /// A stockpile of saved oil (OIL-009, OIL-011).
    Saved(Entity),
    /// An HQ made a primary supply source this turn (OIL-005, last
    /// clause): one oil resource.
    Hq(UnitId),
}

/// One resource a power may draw from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Its id in reports: the well's key, or `saved@HEX`.
    pub key: String,
    /// Its hex.
    pub node: NodeId,
    /// The power whose oil it is: a resource's controller, a stockpile's
    /// owner, an HQ's nation. Two powers may keep stock in one hex, so
    /// `saved@HEX` names a resource only together with its owner.
    pub owner: NationId,
    /// Oil points it can give now.
    pub points: u32,
    /// Where the oil comes from.
    pub origin: Origin,
    /// Chinese oil for US units in China: traced to Stilwell, not to the
    /// resource (OIL-003); `node` is then Stilwell's hex.
    pub stilwell: bool,
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
    /// Resources reached through Stilwell, usable only by units in
    /// `region` (OIL-003).
    pub stilwell_mask: u64,
    /// The region those units must stand in.
    pub region: Option<qm_core::ids::RegionId>,
    /// The overseas legs its oil would have sailed, cut by an enemy in
    /// reach (OIL-003, [`crate::sea_legs`]).
    pub cut_legs: Vec<CutLeg>,
}

impl PowerReach {
    /// The resources a unit at `node` reaches: the flood's mask, less the
    /// resources through Stilwell outside his region (OIL-003).
    #[must_use]
    pub fn mask_at(&self, spec: &ScenarioSpec, node: NodeId) -> u64 {
        let mask = self.flood.mask(node);
        let in_region = self.region.is_some_and(|r| spec.map.node(node).is_some_and(|i| i.region == Some(r)));
        if in_region { mask } else { mask & !self.stilwell_mask }
    }
}

/// The reach of every power of a side.
#[derive(Clone, Debug, Default)]
pub struct SideReach {
    /// The side of each nation.
    pub sides: Vec<Option<Side>>,
    /// One flood per power with disorganized oil-dependent units, by nation.
    pub powers: BTreeMap<NationId, PowerReach>,
    /// The disorganized units of the side: the power whose oil it uses
    /// (its controlling major power, OIL-003), node, type's oil cost,
    /// whether it is an HQ.
    pub units: BTreeMap<UnitId, (NationId, NodeId, u32, bool)>,
    /// The scenario, for regions.
    pub spec: Option<std::sync::Arc<ScenarioSpec>>,
    /// The side's passability, to explain cut units.
    pub pass: Passable,
}

impl SideReach {
    /// The resources `unit` reaches, as a mask over its power's resources.
    #[must_use]
    pub fn reaches(&self, unit: &UnitId) -> u64 {
        let Some(&(nation, node, _, _)) = self.units.get(unit) else { return 0 };
        let Some(spec) = &self.spec else { return 0 };
        self.powers.get(&nation).map_or(0, |p| p.mask_at(spec, node))
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

impl SideReach {
    /// Where the side's open hexes around `node` end (OIL-003: what cuts a
    /// unit off): the land hexes next to the area a flood from `node`
    /// reaches that are closed to the side (enemy control, enemy zones of
    /// control, rule 30's other limits), and how many sea hexes border it.
    #[must_use]
    pub fn cut_around(&self, node: NodeId) -> (Vec<NodeId>, usize) {
        let Some(spec) = &self.spec else { return (Vec::new(), 0) };
        let area = self.area_around(node);
        let reached = |n: NodeId| area.get(n).copied().unwrap_or(false);
        let mut land = std::collections::BTreeSet::new();
        let mut sea = std::collections::BTreeSet::new();
        for n in spec.map.node_ids().filter(|&n| reached(n)) {
            for m in spec.map.adjacent(n).filter(|&m| !reached(m)) {
                let is_sea = spec.map.node(m).is_some_and(|i| i.surface == qm_core::map::Surface::Sea);
                if is_sea {
                    sea.insert(m)
                } else {
                    land.insert(m)
                };
            }
        }
        (land.into_iter().collect(), sea.len())
    }

    /// The overseas legs of `unit`'s power cut by an enemy in reach that
    /// would have landed its oil in the side's open hexes around the unit
    /// (OIL-003, [`crate::sea_legs`]).
    #[must_use]
    pub fn cut_legs_toward(&self, unit: &UnitId) -> Vec<CutLeg> {
        let Some(&(nation, node, _, _)) = self.units.get(unit) else { return Vec::new() };
        let Some(p) = self.powers.get(&nation) else { return Vec::new() };
        let area = self.area_around(node);
        p.cut_legs.iter().filter(|c| area.get(c.to).copied().unwrap_or(false)).cloned().collect()
    }

    /// The nodes a flood over the side's open hexes from `node` reaches,
    /// `node` included.
    fn area_around(&self, node: NodeId) -> NodeVec<bool> {
        let Some(spec) = &self.spec else { return NodeVec::new() };
        let fs = self.pass.land_spec(spec);
        let mut f = Flood::new(false);
        flood(&fs, &[Seed::new(node, 1)], |_, _| true, &mut f);
        spec.map.node_ids().map(|n| n == node || f.mask(n) != 0).collect()
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
#[derive(Clone, Debug, Default)]
pub struct Passable {
    accept: NodeVec<u64>,
    emit: NodeVec<u64>,
    gates: Vec<(u32, u64)>,
    /// Per node, the enemy unit that closes it to overseas legs, if any
    /// ([`crate::sea_legs::threats`]); empty when nothing does.
    threat: NodeVec<Option<UnitId>>,
}

impl Passable {
    /// The `qm_trace` flood over the map's land graph with this
    /// passability (the one spec every oil flood uses).
    fn land_spec<'a>(&'a self, spec: &'a ScenarioSpec) -> FloodSpec<'a> {
        FloodSpec {
            graph: &spec.map.land,
            kinds: LAND_KINDS,
            accept: &self.accept,
            emit: &self.emit,
            gates: &self.gates,
        }
    }
}

fn open(bits: u64) -> u64 {
    if bits == 0 { 0 } else { u64::MAX }
}

/// Rule 30's masks for `side` (its read-only [`Passability`] view, built
/// now, the world unchanged), or friendly control alone without rule 30.
fn passable(world: &World, side: Side, sides: &[Option<Side>]) -> Passable {
    if world.contains_resource::<SupplyContext>()
        && let Some(view) = Passability::of(world, side)
    {
        let rule = world.get_resource::<OilParams>().map(|p| p.sea_legs).unwrap_or_default();
        let threat = if rule == SeaLegRule::EnemyReach { view.sea_threats(world) } else { NodeVec::new() };
        return Passable {
            accept: view.accept().iter().map(|&b| open(b)).collect(),
            emit: view.emit().iter().map(|&b| open(b)).collect(),
            gates: view.gates().iter().map(|&(e, b)| (e, open(b))).collect(),
            threat,
        };
    }
    let Some(spec) = world.get_resource::<Spec>() else { return Passable::default() };
    let mut accept = NodeVec::from(vec![0u64; spec.map.node_count()]);
    let mut nodes = world.try_query::<(&MapNode, &Control)>();
    for (node, c) in nodes.iter_mut().flat_map(|q| q.iter(world)) {
        let friendly = c.current.and_then(|x| sides.get(x.index()).copied().flatten()) == Some(side);
        if let Some(slot) = accept.get_mut(node.0) {
            *slot = if friendly { u64::MAX } else { 0 };
        }
    }
    Passable { emit: accept.clone(), accept, gates: Vec::new(), threat: NodeVec::new() }
}

pub(crate) fn nation_sides(world: &mut World, count: usize) -> Vec<Option<Side>> {
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

/// The disorganized oil-dependent units of `side` (OIL-003), each with the
/// power whose oil it uses ([`controlling_power`]).
fn disorganized_units(
    world: &mut World,
    side: Side,
    sides: &[Option<Side>],
) -> BTreeMap<UnitId, (NationId, NodeId, u32, bool)> {
    let spec = world.resource::<Spec>().0.clone();
    let params = world.get_resource::<OilParams>().cloned().unwrap_or_default();
    let controlled = controlling_powers(world, &params);
    world
        .query::<(&Unit, &Location, &Organization)>()
        .iter(world)
        .filter(|(u, _, o)| !o.organized && sides.get(u.nation.index()).copied().flatten() == Some(side))
        .filter_map(|(u, l, _)| {
            let def = spec.ruleset.unit_type(u.kind)?;
            let power = controlled.get(u.nation.index()).copied().unwrap_or(u.nation);
            (def.oil > 0).then(|| (u.id.clone(), (power, l.node, u32::from(def.oil), def.hq)))
        })
        .collect()
}

/// The major power whose oil a unit of `nation` uses (OIL-003: "the oil
/// must belong to the unit's controlling major power"): a major power's
/// own; for a minor country or colony, its patron's (the major power it is
/// associated with, allied to or controlled by, `NationState::patron`),
/// or its own while it has none. A nation in a group of
/// `OilSection::shared_oil` keeps its own (the Chinese exception: the
/// Communist and Nationalist Chinese use each other's oil, whoever the
/// Communists' patron is).
#[must_use]
pub fn controlling_power(
    defs: &[NationDef],
    params: &OilParams,
    patrons: &[Option<NationId>],
    nation: NationId,
) -> NationId {
    let major = defs.get(nation.index()).is_some_and(|d| d.kind == NationKind::Major);
    let shared = params.shared.iter().any(|g| g.contains(&nation));
    if major || shared {
        return nation;
    }
    patrons.get(nation.index()).copied().flatten().unwrap_or(nation)
}

/// Each nation's [`controlling_power`], by nation index, as the world
/// stands.
#[must_use]
pub fn controlling_powers(world: &mut World, params: &OilParams) -> Vec<NationId> {
    let spec = world.resource::<Spec>().0.clone();
    let mut patrons = vec![None; spec.ruleset.nations.len()];
    for (n, s) in world.query::<(&Nation, &NationStateC)>().iter(world) {
        if let Some(slot) = patrons.get_mut(n.0.index()) {
            *slot = s.0.patron;
        }
    }
    (0..spec.ruleset.nations.len())
        .map(|i| controlling_power(&spec.ruleset.nations, params, &patrons, NationId(i as u16)))
        .collect()
}

/// The nations whose oil `power` may use (OIL-003): itself, its shared
/// groups (Communist and Nationalist China), and the minor countries and
/// colonies it controls (`controlled`: [`controlling_powers`]), whose
/// resources are its own.
#[must_use]
pub fn oil_of(params: &OilParams, controlled: &[NationId], power: NationId) -> Vec<NationId> {
    let mut out = vec![power];
    for g in params.shared.iter().filter(|g| g.contains(&power)) {
        out.extend(g.iter().copied());
    }
    out.extend(controlled.iter().copied().enumerate().filter(|&(_, p)| p == power).map(|(i, _)| NationId(i as u16)));
    out.sort();
    out.dedup();
    out
}

/// Stilwell's hex, the nations whose oil reaches through him, and the
/// region, when `power` is the power whose units use them (OIL-003).
pub(crate) fn stilwell_of(
    world: &mut World,
    params: &OilParams,
    power: NationId,
) -> Option<(NodeId, Vec<NationId>, Option<qm_core::ids::RegionId>)> {
    let st = params.stilwell.as_ref()?;
    let spec = world.resource::<Spec>().0.clone();
    if spec.ruleset.nation_by_key(&st.users) != Some(power) {
        return None;
    }
    let unit =
        world.query::<(&Unit, &Location)>().iter(world).find(|(u, _)| u.id.as_str() == st.at).map(|(_, l)| l.node);
    let node = unit.or_else(|| spec.map.find(&st.at))?;
    let nations = st.oil_of.iter().filter_map(|k| spec.ruleset.nation_by_key(k)).collect();
    Some((node, nations, spec.map.region_id(&st.region)))
}

/// Produced oil left in the hexes `nations` control, by key.
fn produced_of(world: &mut World, nations: &[NationId], turn: u32) -> Vec<Candidate> {
    let control: BTreeMap<NodeId, Option<NationId>> =
        world.query::<(&MapNode, &Control)>().iter(world).map(|(n, c)| (n.0, c.current)).collect();
    let mut produced: Vec<Candidate> = world
        .query::<(Entity, &OilWell, &OilSpent)>()
        .iter(world)
        .filter_map(|(e, w, s)| {
            let owner = control.get(&w.node).copied().flatten().filter(|c| nations.contains(c))?;
            Some((e, w, s, owner))
        })
        .map(|(e, w, s, owner)| Candidate {
            key: w.key.clone(),
            node: w.node,
            owner,
            points: s.left(w.points, turn),
            origin: Origin::Produced(e),
            stilwell: false,
        })
        .filter(|c| c.points > 0)
        .collect();
    produced.sort_by(|a, b| a.key.cmp(&b.key));
    produced
}

/// Saved oil `nations` own, by hex.
fn saved_of(world: &mut World, nations: &[NationId]) -> Vec<Candidate> {
    let spec = world.resource::<Spec>().0.clone();
    let mut saved: Vec<Candidate> = world
        .query::<(Entity, &Stockpile, &SavedOil)>()
        .iter(world)
        .filter(|(_, p, o)| o.0 > 0 && nations.contains(&p.owner))
        .map(|(e, p, o)| Candidate {
            key: format!("saved@{}", spec.map.label(p.node)),
            node: p.node,
            owner: p.owner,
            points: o.0,
            origin: Origin::Saved(e),
            stilwell: false,
        })
        .collect();
    saved.sort_by(|a, b| a.key.cmp(&b.key));
    saved
}

/// The HQs of `nations` made supply sources in `turn` whose point is not
/// spent (OIL-005), by unit id: resources of `power`, whose oil nations
/// they are.
fn hqs_of(world: &mut World, power: NationId, nations: &[NationId], turn: u32) -> Vec<Candidate> {
    let sources = world.get_resource::<HqSources>().map(|h| h.0.clone()).unwrap_or_default();
    let mut out: Vec<Candidate> = world
        .query::<(&Unit, &Location)>()
        .iter(world)
        .filter(|(u, _)| {
            nations.contains(&u.nation) && sources.iter().any(|s| s.hq == u.id.as_str() && s.turn == turn && !s.spent)
        })
        .map(|(u, l)| Candidate {
            key: format!("hq@{}", u.id),
            node: l.node,
            owner: power,
            points: 1,
            origin: Origin::Hq(u.id.clone()),
            stilwell: false,
        })
        .collect();
    out.sort_by(|a, b| a.key.cmp(&b.key));
    out
}

/// The resources `power` may draw from in `turn`, in the order the solver
/// prefers them among equally cheap plans: HQs made supply sources (they
/// consume no oil resource), produced oil left in the hexes its oil nations
/// control, saved oil they own, then Chinese oil through Stilwell (seeded
/// at his hex); at most [`MAX_RESOURCES`], the rest ignored in this order.
fn candidates(world: &mut World, power: NationId, turn: u32) -> (Vec<Candidate>, Option<qm_core::ids::RegionId>) {
    let params = world.get_resource::<OilParams>().cloned().unwrap_or_default();
    let controlled = controlling_powers(world, &params);
    let nations = oil_of(&params, &controlled, power);
    let mut out = hqs_of(world, power, &nations, turn);
    out.extend(produced_of(world, &nations, turn));
    out.extend(saved_of(world, &nations));
    let mut region = None;
    if let Some((node, chinese, r)) = stilwell_of(world, &params, power) {
        region = r;
        let mut via: Vec<Candidate> = produced_of(world, &chinese, turn);
        via.extend(saved_of(world, &chinese));
        out.extend(via.into_iter().map(|c| Candidate { node, stilwell: true, ..c }));
    }
    out.truncate(MAX_RESOURCES);
    (out, region)
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
    let spec = world.resource::<Spec>().0.clone();
    if powers.is_empty() {
        return SideReach { sides, powers: BTreeMap::new(), units, spec: Some(spec), pass: Passable::default() };
    }
    let pass = passable(world, side, &sides);
    let mut out = BTreeMap::new();
    for power in powers {
        let (resources, region) = candidates(world, power, turn);
        let mut reach = flood_power(&spec, &pass, power, resources);
        reach.region = region;
        out.insert(power, reach);
    }
    SideReach { sides, powers: out, units, spec: Some(spec), pass }
}

/// Whether `side` can carry saved stock from `from` to `to` (OIL-011:
/// saved points are transported "like any other resource"): a path like an
/// oil path (OIL-003), of any length, through the side's passable nodes
/// (rule 30's masks, as [`reach_of_side`] reads them), overseas legs between
/// friendly ports included, cut as oil paths' are ([`crate::sea_legs`]);
/// one flood from `from`.
///
/// # Errors
/// No path: the overseas legs an enemy cut on the way, if any.
pub fn stock_path(world: &mut World, side: Side, from: NodeId, to: NodeId) -> Result<(), Vec<CutLeg>> {
    if from == to {
        return Ok(());
    }
    let count = world.resource::<Spec>().ruleset.nations.len();
    let sides = nation_sides(world, count);
    let pass = passable(world, side, &sides);
    let spec = world.resource::<Spec>().0.clone();
    let fs = pass.land_spec(&spec);
    let mut f = Flood::new(true);
    flood(&fs, &[Seed::new(from, 1)], |_, _| true, &mut f);
    let mut refs = vec![(0, None)];
    let cut = overseas(&spec, &fs, &pass.threat, &mut f, &mut refs);
    if f.mask(to) != 0 { Ok(()) } else { Err(cut) }
}

/// One power's flood from its resources, with overseas legs.
fn flood_power(spec: &ScenarioSpec, pass: &Passable, power: NationId, resources: Vec<Candidate>) -> PowerReach {
    let fs = pass.land_spec(spec);
    let seeds: Vec<Seed> = resources.iter().enumerate().map(|(i, r)| Seed::new(r.node, 1 << i)).collect();
    let mut f = Flood::new(true);
    flood(&fs, &seeds, |_, _| true, &mut f);
    let mut refs: Vec<(usize, Option<NodeId>)> = (0..resources.len()).map(|i| (i, None)).collect();
    let cut_legs = overseas(spec, &fs, &pass.threat, &mut f, &mut refs);
    let stilwell_mask = resources.iter().enumerate().filter(|(_, r)| r.stilwell).fold(0u64, |m, (i, _)| m | 1 << i);
    PowerReach { power, resources, flood: f, seeds: refs, stilwell_mask, region: None, cut_legs }
}
