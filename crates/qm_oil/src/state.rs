//! The family's state: components on units, oil resources and stockpiles as
//! entities, and the section `mwif-oil` they are saved in.
//!
//! The section is written by hand in a scenario (`sections: {"mwif-oil":
//! (...)}`) and by the engine in saves, in one format ([`OilSection`]):
//! hexes by label or place name, nations and units by key, so that
//! `extract(build(s)) == s` for a section in canonical (sorted) form.

use crate::report::PowerReport;
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::{NationId, NodeId};
use qm_core::orders::Pending;
use qm_core::plugin::{SectionValue, from_section, to_section};
use qm_core::spec::Spec;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A unit's organization (OIL-003): disorganized units are reorganized in
/// the final reorganization step. Units without it are organized.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Organization {
    /// Organized.
    pub organized: bool,
}

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

/// The build point total of each major power (OIL-012), by nation key.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildPoints(pub BTreeMap<NationId, u32>);

/// Static parameters of the family, from the section.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OilParams {
    /// Groups of nations that use each other's oil (OIL-003: Communist and
    /// Nationalist China), as nation ids.
    pub shared: Vec<Vec<NationId>>,
    /// Factories per hex, for OIL-012 and OIL-014.
    pub factories: BTreeMap<NodeId, u32>,
    /// Oil resources per hex that are not wells of this family (OIL-014).
    pub neutral_majors: BTreeSet<NationId>,
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
    }
    s.neutral_saves = world.get_resource::<NeutralSaves>().map(|n| n.0.clone()).unwrap_or_default();
    s.last = world.get_resource::<Reorganizations>().map(|r| r.0.clone()).unwrap_or_default();
    s.orders = world.get_resource::<Pending<crate::orders::OilValid>>().cloned().unwrap_or_default();
    to_section(&s)
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
    for w in &s.wells {
        let well = OilWell { key: w.key.clone(), node: hex(&w.hex)?, points: w.points };
        world.spawn((well, OilSpent { points: w.spent, turn: w.spent_turn }));
    }
    for p in &s.stockpiles {
        let pile = Stockpile { node: hex(&p.hex)?, owner: nation(&p.owner)? };
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
    world.insert_resource(params);
    world.insert_resource(NeutralSaves(s.neutral_saves));
    world.insert_resource(Reorganizations(s.last));
    world.insert_resource(s.orders);
    Ok(())
}
