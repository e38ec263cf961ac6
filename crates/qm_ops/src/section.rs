//! The reference operations' section of saved state: the scenario's
//! operational rules (as written), the queue of valid orders, the result
//! once the game is over, and the ledger of combats and losses.

use crate::data::{OpsData, OpsRules, OpsTables};
use crate::orders::OpsValid;
use bevy_ecs::prelude::*;
use qm_core::ids::{Side, UnitId};
use qm_core::orders::Pending;
use qm_core::outcome::{GameResult, Outcome};
use qm_core::plugin::{SectionValue, from_section, to_section};
use qm_core::spec::Spec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What combat has done: units lost per side, and the combats of the last
/// combat phase.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpsLedger {
    /// Units each side has lost in combat (not to isolation: that is rule
    /// 30's ledger, SUP-177).
    pub lost: BTreeMap<Side, u32>,
    /// The combats of the last combat phase, in the order they were fought.
    pub combats: Vec<CombatRecord>,
}

/// One combat, as decided by the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRecord {
    /// The attacked hex (label).
    pub target: String,
    /// The attackers.
    pub attackers: Vec<UnitId>,
    /// The defenders.
    pub defenders: Vec<UnitId>,
    /// Attack strength, in tenths.
    pub attack: u32,
    /// Defense strength, in tenths.
    pub defense: u32,
    /// The column used, after shifts (0 is the lowest odds).
    pub column: usize,
    /// The die roll.
    pub roll: u32,
    /// The result.
    pub result: crate::data::CombatResult,
    /// Units eliminated.
    pub eliminated: Vec<UnitId>,
    /// Units that retreated, with the hex they went to.
    pub retreated: Vec<(UnitId, String)>,
    /// The unit that advanced into the hex, if any.
    pub advanced: Option<UnitId>,
}

/// The section as saved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct OpsSection {
    #[serde(skip_serializing_if = "is_default")]
    rules: OpsRules,
    pending: Pending<OpsValid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<GameResult>,
    #[serde(skip_serializing_if = "is_default")]
    ledger: OpsLedger,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// Reads the section out of a world.
pub(crate) fn extract(world: &World) -> Result<SectionValue, String> {
    let s = OpsSection {
        rules: world.get_resource::<OpsData>().map(|d| d.0.rules.clone()).unwrap_or_default(),
        pending: world.get_resource::<Pending<OpsValid>>().cloned().unwrap_or_default(),
        outcome: world.get_resource::<Outcome>().and_then(|o| o.0.clone()),
        ledger: world.get_resource::<OpsLedger>().cloned().unwrap_or_default(),
    };
    to_section(&s)
}

/// Writes the section into a world (a scenario's `ops` section gives the
/// rules; a save also the rest). A bare list is the queue alone, as saves
/// before the operational rules wrote it.
pub(crate) fn build(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let s: OpsSection = match v {
        Some(SectionValue::Array(_)) => OpsSection { pending: from_section(v)?, ..OpsSection::default() },
        _ => from_section(v)?,
    };
    let spec = world.get_resource::<Spec>().map(|s| s.0.clone()).ok_or("ops: no scenario")?;
    // The tables are the same for every game of a scenario: resolving them
    // again on a clone is cheap next to rebuilding the world.
    check_queue(world, &spec, &s.pending)?;
    let tables = OpsTables::resolve(&spec, s.rules)?;
    world.insert_resource(OpsData(Arc::new(tables)));
    world.insert_resource(s.pending);
    world.insert_resource(Outcome(s.outcome));
    world.insert_resource(s.ledger);
    Ok(())
}

/// Copies the section from one world to another of the same scenario, for
/// a clone: what `build(extract(src))` writes. The resolved tables depend
/// only on the scenario and the rules they were resolved from, so they are
/// shared; the queue names only units and nodes of `src`, which the clone
/// has.
pub(crate) fn copy(src: &World, dst: &mut World) -> Result<(), String> {
    let Some(data) = src.get_resource::<OpsData>().cloned() else {
        return build(dst, Some(&extract(src)?));
    };
    dst.insert_resource(data);
    dst.insert_resource(src.get_resource::<Pending<OpsValid>>().cloned().unwrap_or_default());
    dst.insert_resource(Outcome(src.get_resource::<Outcome>().and_then(|o| o.0.clone())));
    dst.insert_resource(src.get_resource::<OpsLedger>().cloned().unwrap_or_default());
    Ok(())
}

/// Refuses queued orders for units the game does not have, nations it does
/// not know or nodes off its map (a hand-edited save): nothing is dropped
/// silently.
fn check_queue(world: &mut World, spec: &qm_core::spec::ScenarioSpec, queue: &Pending<OpsValid>) -> Result<(), String> {
    let mut units: Vec<qm_core::ids::UnitId> =
        world.query::<&qm_core::components::Unit>().iter(world).map(|u| u.id.clone()).collect();
    units.sort_unstable();
    let (nodes, nations) = (spec.map.nodes.len(), spec.ruleset.nations.len());
    for (i, p) in queue.0.iter().enumerate() {
        if let OpsValid::Combat { taker: n, .. } | OpsValid::Build { nation: n, .. } = &p.order
            && n.index() >= nations
        {
            return Err(format!("queued order {i} names nation {}, of {nations}", n.index()));
        }
        let (ids, places) = refs(&p.order);
        if let Some(ghost) = ids.iter().find(|u| units.binary_search(u).is_err()) {
            return Err(format!(
                "queued order {i} is for unit `{}`, which the game does not have",
                qm_core::text::printable(&ghost.0)
            ));
        }
        if let Some(n) = places.iter().find(|&&n| n.index() >= nodes) {
            return Err(format!("queued order {i} names node {n}, off the map of {nodes} nodes"));
        }
    }
    Ok(())
}

/// The units and nodes a queued order names.
fn refs(order: &OpsValid) -> (Vec<&UnitId>, Vec<qm_core::ids::NodeId>) {
    match order {
        OpsValid::Move { unit, path } | OpsValid::Exploit { unit, path } => (vec![unit], path.clone()),
        OpsValid::Combat { attackers, target, advance, .. } => {
            (attackers.iter().chain(advance).collect(), vec![*target])
        }
        OpsValid::Attack { attackers, target } => (attackers.iter().collect(), vec![*target]),
        OpsValid::Invade { unit, at } => (vec![unit], vec![*at]),
        OpsValid::Redeploy { unit, to } => (vec![unit], vec![*to]),
        OpsValid::Build { at, .. } => (vec![], vec![*at]),
    }
}
