//! The family's state: components on units, oil resources and stockpiles as
//! entities, and the section `mwif-oil` they are saved in.
//!
//! The section is written by hand in a scenario (`sections: {"mwif-oil":
//! (...)}`) and by the engine in saves, in one format ([`OilSection`]):
//! hexes by label or place name, nations and units by key, so that
//! `extract(build(s)) == s` for a section in canonical (sorted) form.

use crate::report::PowerReport;
use bevy_ecs::prelude::*;
use qm_core::components::{Control, MapNode, Unit};
use qm_core::ids::{NationId, NodeId};
use qm_core::map::Features;
use qm_core::orders::Pending;
use qm_core::plugin::{SectionValue, from_section, to_section};
use qm_core::spec::Spec;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

pub use qm_core::components::Organization;

/// An oil resource on the map (OIL-003): it produces `points` oil points
/// each turn for the major power that controls its hex.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct OilWell {
    /// Stable key (`ploesti`).
    pub key: String,
    /// Its hex.
    pub node: NodeId,
    /// Oil points produced each turn.
    pub points: u32,
}

/// The produced oil a resource has spent, and in which game turn.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OilSpent {
    /// Points spent in game turn `turn`.
    pub points: u32,
    /// The game turn.
    pub turn: u32,
}

impl OilSpent {
    /// Produced points of a well of `points` still unspent in `turn`.
    #[must_use]
    pub fn left(self, points: u32, turn: u32) -> u32 {
        if self.turn == turn { points.saturating_sub(self.points) } else { points }
    }
}

/// A stockpile of saved oil and build points in a city or port hex
/// (OIL-009, OIL-010), owned by the major power that saved it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stockpile {
    /// Its hex.
    pub node: NodeId,
    /// The major power it belongs to.
    pub owner: NationId,
}

/// Oil points saved in a stockpile (OIL-009).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedOil(pub u32);

/// Build points saved in a stockpile (OIL-010).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedBuildPoints(pub u32);

/// The build point total of each major power (OIL-012), kept on the open
/// core so that construction can spend it.
pub use qm_core::treasury::BuildPoints;

/// Static parameters of the family, from the section.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OilParams {
    /// Groups of nations that use each other's oil (OIL-003: Communist and
    /// Nationalist China), as nation ids.
    pub shared: Vec<Vec<NationId>>,
    /// Factories per hex, for OIL-012 and OIL-014.
    pub factories: BTreeMap<NodeId, u32>,
    /// Major powers that are neutral for OIL-009 (one oil saved a turn).
    pub neutral_majors: BTreeSet<NationId>,
    /// Resources that are not oil, by key (OIL-009: they cannot be saved).
    pub other_resources: BTreeMap<String, NodeId>,
    /// Chinese oil for US units in China tracing to Stilwell (OIL-003).
    pub stilwell: Option<StilwellFile>,
    /// The strategic bombardment procedure (OIL-013, OIL-014).
    pub bombing: BombingRules,
    /// The unit types that are supply units, by key (OIL-005: expended to
    /// make an HQ a primary supply source).
    pub supply_types: Vec<String>,
    /// What cuts an overseas leg of an oil path (OIL-003).
    pub sea_legs: crate::sea_legs::SeaLegRule,
}

/// OIL-003: "Chinese controlled oil resources may reorganize disorganized
/// US units in China if they can trace a supply path (of unlimited length)
/// back to Stilwell." As written in the section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StilwellFile {
    /// Stilwell: a unit id, or a hex label or place name used as a marker.
    pub at: String,
    /// The power whose units may use that oil (`usa`).
    #[serde(default = "usa")]
    pub users: String,
    /// The region they must stand in (`china`).
    #[serde(default = "china")]
    pub region: String,
    /// The nations whose oil they may use (the two Chinas).
    #[serde(default = "chinas")]
    pub oil_of: Vec<String>,
}

fn supply_types() -> Vec<String> {
    vec!["supply".into()]
}

fn is_supply_default(v: &[String]) -> bool {
    v.is_empty() || v == supply_types().as_slice()
}

fn usa() -> String {
    "usa".into()
}

fn china() -> String {
    "china".into()
}

fn chinas() -> Vec<String> {
    vec!["nationalist-china".into(), "communist-china".into()]
}

/// The strategic bombardment of saved stock (OIL-013, OIL-014). The
/// bombing rule itself is not among the texts: ours, as data. Each bomber
/// factor rolls one `die`; a roll plus the bonus at least `hit_on`
/// destroys one saved point of the enemy stock in the hex, saved oil first,
/// then saved build points. The bonus of bombers flying uncontested is
/// [`crate::stockpile::bombardment_bonus`] with `factory_destruction` on
/// (OIL-014), else a flat +1; contested bombers have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BombingRules {
    /// Sides of the die.
    #[serde(default = "ten")]
    pub die: u32,
    /// Roll plus bonus needed to destroy one point.
    #[serde(default = "ten")]
    pub hit_on: u32,
    /// The optional rule Factory Destruction and Construction (OIL-014).
    #[serde(default = "yes")]
    pub factory_destruction: bool,
}

impl Default for BombingRules {
    fn default() -> Self {
        Self { die: 10, hit_on: 10, factory_destruction: true }
    }
}

fn ten() -> u32 {
    10
}

fn yes() -> bool {
    true
}

/// A resource that is not oil (OIL-009: it cannot be saved).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceFile {
    /// Stable key.
    pub key: String,
    /// Hex label or place name.
    pub hex: String,
}

/// An HQ made a primary supply source by an expended supply unit in game
/// turn `turn` (OIL-005, last clause): one oil resource of its power for
/// that turn's reorganization.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HqSource {
    /// The HQ's unit id.
    pub hq: String,
    /// The game turn.
    pub turn: u32,
    /// Whether its oil point was spent.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spent: bool,
    /// The supply unit expended, removed from the map (OIL-005); absent for
    /// a source a scenario states (its unit expended before the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<String>,
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if signature")]
fn is_false(v: &bool) -> bool {
    !*v
}

/// The HQs made supply sources (OIL-005), in the order made.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HqSources(pub Vec<HqSource>);

/// Saved build points taken from each hex (OIL-012), as
/// `(hex label, game turn, points)`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildPointsDrawn(pub Vec<(String, u32, u32)>);

/// What the stockpile orders and captures did, for reports and tests.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StockLog {
    /// Resources sent between powers with the oil committed (OIL-006).
    #[serde(default)]
    pub shipments: Vec<Shipment>,
    /// Strategic bombardments of saved stock (OIL-013, OIL-014).
    #[serde(default)]
    pub bombings: Vec<Bombing>,
    /// Stock taken by enemy land units (OIL-013).
    #[serde(default)]
    pub captures: Vec<Capture>,
    /// Orders valid when given that could not be carried out when applied
    /// (stock destroyed by a bombardment given before them).
    #[serde(default)]
    pub skipped: Vec<String>,
    /// Every change of a power's build point total by the stockpile orders,
    /// in the order made (OIL-010, OIL-012).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub build_points: Vec<BuildPointMove>,
}

/// Build points moved between a power's total and its saved stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildPointMove {
    /// The game turn.
    pub turn: u32,
    /// The power, a nation key.
    pub power: String,
    /// The hex of the stock, by label.
    pub hex: String,
    /// Saved from the total into the stock (OIL-010), or spent from the
    /// stock into the total (OIL-012).
    pub kind: BuildPointKind,
    /// Build points moved.
    pub points: u32,
}

/// Which way build points moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuildPointKind {
    /// From the total into saved stock (OIL-010).
    Saved,
    /// From saved stock into the total (OIL-012).
    Spent,
}

/// Resources sent to another player (OIL-006).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shipment {
    /// The game turn.
    pub turn: u32,
    /// Sender, a nation key.
    pub from: String,
    /// Receiver, a nation key.
    pub to: String,
    /// Resources sent in all.
    pub resources: u32,
    /// How many of them are oil, as committed (OIL-006).
    pub oil: u32,
}

/// One strategic bombardment of saved stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bombing {
    /// The game turn.
    pub turn: u32,
    /// The hex label.
    pub hex: String,
    /// Bomber factors.
    pub factors: u32,
    /// The bonus added to each roll (OIL-014).
    pub bonus: u32,
    /// The rolls, in order drawn from the game's stream.
    pub rolls: Vec<u32>,
    /// Saved oil points destroyed.
    pub oil_destroyed: u32,
    /// Saved build points destroyed.
    pub build_points_destroyed: u32,
}

/// Stock taken by an enemy land unit (OIL-013).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The game turn.
    pub turn: u32,
    /// The hex label.
    pub hex: String,
    /// The unit that entered.
    pub unit: String,
    /// Previous owner, a nation key.
    pub from: String,
    /// New owner, a nation key.
    pub to: String,
    /// Oil points taken.
    pub oil: u32,
    /// Build points taken.
    pub build_points: u32,
}

/// The last reorganization of each major power, with its explanation.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reorganizations(pub Vec<PowerReport>);

/// The oil saved this turn by each neutral major power (OIL-009: one per
/// turn), as `(nation key, turn, points)`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeutralSaves(pub Vec<(String, u32, u32)>);

/// An oil resource as written in the section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WellFile {
    /// Stable key.
    pub key: String,
    /// Hex label or place name.
    pub hex: String,
    /// Oil points a turn (default 1).
    #[serde(default = "one")]
    pub points: u32,
    /// Points spent in `spent_turn` (default 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u32,
    /// The game turn of `spent`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent_turn: u32,
}

/// A stockpile as written in the section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StockpileFile {
    /// Hex label or place name.
    pub hex: String,
    /// Owner, a nation key.
    pub owner: String,
    /// Saved oil points.
    #[serde(default)]
    pub oil: u32,
    /// Saved build points.
    #[serde(default)]
    pub build_points: u32,
}

/// The section `mwif-oil`, as scenarios write it and saves keep it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OilSection {
    /// Ids of the disorganized units, sorted.
    #[serde(default)]
    pub disorganized: Vec<String>,
    /// Oil resources, sorted by key.
    #[serde(default)]
    pub wells: Vec<WellFile>,
    /// Stockpiles, sorted by hex then owner.
    #[serde(default)]
    pub stockpiles: Vec<StockpileFile>,
    /// Build point totals by nation key.
    #[serde(default)]
    pub build_points: BTreeMap<String, u32>,
    /// Groups of nation keys that use each other's oil (OIL-003).
    #[serde(default)]
    pub shared_oil: Vec<Vec<String>>,
    /// Factories per hex (label or place name), for OIL-012 and OIL-014.
    #[serde(default)]
    pub factories: BTreeMap<String, u32>,
    /// Major powers that are neutral for OIL-009 (one oil saved a turn).
    #[serde(default)]
    pub neutral_majors: Vec<String>,
    /// Oil saved this turn by neutral major powers.
    #[serde(default)]
    pub neutral_saves: Vec<(String, u32, u32)>,
    /// Resources that are not oil (OIL-009).
    #[serde(default)]
    pub resources: Vec<ResourceFile>,
    /// Saved build points taken from each hex (OIL-012).
    #[serde(default)]
    pub build_points_drawn: Vec<(String, u32, u32)>,
    /// HQs made supply sources (OIL-005).
    #[serde(default)]
    pub hq_sources: Vec<HqSource>,
    /// Chinese oil and Stilwell (OIL-003).
    #[serde(default)]
    pub stilwell: Option<StilwellFile>,
    /// The unit types that are supply units, by key (OIL-005; supply units
    /// are a rule outside the texts: data, default `["supply"]`).
    #[serde(default = "supply_types", skip_serializing_if = "is_supply_default")]
    pub supply_types: Vec<String>,
    /// The bombardment procedure (OIL-013, OIL-014).
    #[serde(default)]
    pub bombing: BombingRules,
    /// What cuts an overseas leg of an oil path (OIL-003; naval
    /// interception is rule 21, outside the texts: data, default
    /// `EnemyReach`, [`crate::sea_legs`]).
    #[serde(default, skip_serializing_if = "crate::sea_legs::SeaLegRule::is_default")]
    pub sea_legs: crate::sea_legs::SeaLegRule,
    /// What stockpile orders and captures did.
    #[serde(default)]
    pub log: StockLog,
    /// The last reorganization of each major power.
    #[serde(default)]
    pub last: Vec<PowerReport>,
    /// Valid orders waiting for their phase.
    #[serde(default)]
    pub orders: Pending<crate::orders::OilValid>,
}

fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if signature")]
fn is_zero(v: &u32) -> bool {
    *v == 0
}

fn s_has_unit(world: &mut World, id: &str) -> bool {
    world.query::<&Unit>().iter(world).any(|u| u.id.as_str() == id)
}

/// Whether a unit with this id is on the map (read-only).
fn unit_on_map(world: &World, id: &str) -> bool {
    world.try_query::<&Unit>().is_some_and(|mut q| q.iter(world).any(|u| u.id.as_str() == id))
}

/// Reads the section out of a world.
///
/// # Errors
/// Never in practice; the signature is the section's.
pub fn extract(world: &World) -> Result<SectionValue, String> {
    let Some(spec) = world.get_resource::<Spec>() else { return Ok(SectionValue::Null) };
    let label = |n: NodeId| spec.map.label(n).to_string();
    let nation = |n: NationId| spec.ruleset.nations.get(n.index()).map_or_else(|| "?".into(), |d| d.key.clone());
    let mut s = OilSection::default();
    if let Some(mut q) = world.try_query::<(&Unit, &Organization)>() {
        s.disorganized = q.iter(world).filter(|(_, o)| !o.organized).map(|(u, _)| u.id.to_string()).collect();
    }
    s.disorganized.sort();
    if let Some(mut q) = world.try_query::<(&OilWell, &OilSpent)>() {
        s.wells = q
            .iter(world)
            .map(|(w, sp)| WellFile {
                key: w.key.clone(),
                hex: label(w.node),
                points: w.points,
                spent: sp.points,
                spent_turn: sp.turn,
            })
            .collect();
    }
    s.wells.sort_by(|a, b| a.key.cmp(&b.key));
    if let Some(mut q) = world.try_query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>() {
        s.stockpiles = q
            .iter(world)
            .map(|(p, o, b)| StockpileFile { hex: label(p.node), owner: nation(p.owner), oil: o.0, build_points: b.0 })
            .collect();
    }
    s.stockpiles.sort_by(|a, b| (&a.hex, &a.owner).cmp(&(&b.hex, &b.owner)));
    if let Some(bp) = world.get_resource::<BuildPoints>() {
        s.build_points = bp.0.iter().map(|(&n, &v)| (nation(n), v)).collect();
    }
    if let Some(p) = world.get_resource::<OilParams>() {
        s.shared_oil = p.shared.iter().map(|g| g.iter().map(|&n| nation(n)).collect()).collect();
        s.factories = p.factories.iter().map(|(&n, &v)| (label(n), v)).collect();
        s.neutral_majors = p.neutral_majors.iter().map(|&n| nation(n)).collect();
        s.resources = p.other_resources.iter().map(|(k, &n)| ResourceFile { key: k.clone(), hex: label(n) }).collect();
        // OIL-003: a Stilwell unit no longer on the map leaves no path to
        // trace back to (`paths::stilwell_of` finds none), so the state
        // names none: a save or clone of the game builds again.
        s.stilwell = p.stilwell.clone().filter(|st| spec.map.find(&st.at).is_some() || unit_on_map(world, &st.at));
        s.bombing = p.bombing;
        s.supply_types.clone_from(&p.supply_types);
        s.sea_legs = p.sea_legs;
    }
    s.build_points_drawn = world.get_resource::<BuildPointsDrawn>().map(|n| n.0.clone()).unwrap_or_default();
    s.hq_sources = world.get_resource::<HqSources>().map(|n| n.0.clone()).unwrap_or_default();
    s.log = world.get_resource::<StockLog>().cloned().unwrap_or_default();
    s.neutral_saves = world.get_resource::<NeutralSaves>().map(|n| n.0.clone()).unwrap_or_default();
    s.last = world.get_resource::<Reorganizations>().map(|r| r.0.clone()).unwrap_or_default();
    s.orders = world.get_resource::<Pending<crate::orders::OilValid>>().cloned().unwrap_or_default();
    to_section(&s)
}

/// The first key written twice in one of the section's lists: a well, a
/// stockpile (hex and owner), a resource, a disorganized unit, a neutral
/// major power. A duplicate would be kept twice or silently merged, so it
/// is refused.
fn refuse_duplicates(s: &OilSection) -> Result<(), String> {
    fn first_twice(keys: impl Iterator<Item = String>) -> Option<String> {
        let mut seen = BTreeSet::new();
        keys.into_iter().find(|k| !seen.insert(k.clone()))
    }
    let lists: [(&str, Option<String>); 5] = [
        ("wells", first_twice(s.wells.iter().map(|w| w.key.clone()))),
        ("stockpiles", first_twice(s.stockpiles.iter().map(|p| format!("{} of {}", p.hex, p.owner)))),
        ("resources", first_twice(s.resources.iter().map(|r| r.key.clone()))),
        ("disorganized", first_twice(s.disorganized.iter().cloned())),
        ("neutral_majors", first_twice(s.neutral_majors.iter().cloned())),
    ];
    match lists.into_iter().find_map(|(list, dup)| Some((list, dup?))) {
        Some((list, dup)) => Err(format!("`{dup}` is listed twice in `{list}`")),
        None => Ok(()),
    }
}

/// Builds the section into a world whose units and nodes exist.
///
/// # Errors
/// A hex, nation or unit the section names that the scenario does not have.
pub fn build(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let s: OilSection = from_section(v)?;
    let spec = world.get_resource::<Spec>().ok_or("no scenario")?.0.clone();
    let hex = |h: &str| spec.map.find(h).ok_or_else(|| format!("unknown hex `{h}`"));
    let nation = |k: &str| spec.ruleset.nation_by_key(k).ok_or_else(|| format!("unknown nation `{k}`"));
    let disorganized: BTreeSet<&str> = s.disorganized.iter().map(String::as_str).collect();
    let mut seen = BTreeSet::new();
    let units: Vec<(Entity, String)> =
        world.query::<(Entity, &Unit)>().iter(world).map(|(e, u)| (e, u.id.to_string())).collect();
    for (e, id) in units {
        let organized = !disorganized.contains(id.as_str());
        if !organized {
            seen.insert(id.clone());
        }
        world.entity_mut(e).insert(Organization { organized });
    }
    if let Some(missing) = disorganized.iter().find(|id| !seen.contains(**id)) {
        return Err(format!("unknown unit `{missing}` in `disorganized`"));
    }
    refuse_duplicates(&s)?;
    for w in &s.wells {
        let well = OilWell { key: w.key.clone(), node: hex(&w.hex)?, points: w.points };
        world.spawn((well, OilSpent { points: w.spent, turn: w.spent_turn }));
    }
    let original: BTreeMap<NodeId, Option<NationId>> =
        world.query::<(&MapNode, &Control)>().iter(world).map(|(n, c)| (n.0, c.original)).collect();
    for (i, p) in s.stockpiles.iter().enumerate() {
        let pile = Stockpile { node: hex(&p.hex)?, owner: nation(&p.owner)? };
        // OIL-009, OIL-010: a hex holds at most its cap of each, doubled
        // only in a major power's capital.
        let features = spec.map.node(pile.node).map_or(Features::empty(), |i| i.features);
        let original = original.get(&pile.node).copied().flatten();
        let capital = crate::stockpile::major_capital_of(features, original, &spec.ruleset.nations);
        let cap = crate::stockpile::hex_cap(features, capital.is_some());
        if p.oil > cap || p.build_points > cap {
            return Err(format!(
                "stockpiles[{i}]: stockpile at `{}`: {} oil and {} build points, past the hex's cap of {cap} each \
                 (OIL-009, OIL-010)",
                p.hex, p.oil, p.build_points
            ));
        }
        world.spawn((pile, SavedOil(p.oil), SavedBuildPoints(p.build_points)));
    }
    let mut bp = BuildPoints::default();
    for (k, &v) in &s.build_points {
        bp.0.insert(nation(k)?, v);
    }
    world.insert_resource(bp);
    let mut params = OilParams::default();
    for g in &s.shared_oil {
        params.shared.push(g.iter().map(|k| nation(k)).collect::<Result<_, _>>()?);
    }
    for (h, &f) in &s.factories {
        params.factories.insert(hex(h)?, f);
    }
    for k in &s.neutral_majors {
        params.neutral_majors.insert(nation(k)?);
    }
    for r in &s.resources {
        params.other_resources.insert(r.key.clone(), hex(&r.hex)?);
    }
    if let Some(st) = &s.stilwell {
        nation(&st.users)?;
        for k in &st.oil_of {
            nation(k)?;
        }
        if spec.map.find(&st.at).is_none() && !s_has_unit(world, &st.at) {
            return Err(format!("stilwell: no unit or hex `{}`", st.at));
        }
    }
    params.stilwell.clone_from(&s.stilwell);
    params.bombing = s.bombing;
    params.supply_types = if s.supply_types.is_empty() { supply_types() } else { s.supply_types.clone() };
    params.sea_legs = s.sea_legs;
    world.insert_resource(params);
    world.insert_resource(BuildPointsDrawn(s.build_points_drawn));
    world.insert_resource(HqSources(s.hq_sources));
    world.insert_resource(s.log);
    world.insert_resource(NeutralSaves(s.neutral_saves));
    world.insert_resource(Reorganizations(s.last));
    world.insert_resource(s.orders);
    Ok(())
}
