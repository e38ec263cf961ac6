//! Construction: units placed at fully supplied cities (SUP-203), paid from
//! the nation's budget for the player turn.

use crate::error::OpsError;
use crate::orders::OpsValid;
use crate::view::View;
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{NodeId, Side, UnitId, UnitTypeId};
use qm_core::map::Features;
use qm_core::orders::OrderError;
use qm_core::spec::Spec;
use qm_core::supply::{UnitStatus, UnitSupply};

/// Whether `n` is a hex where units are constructed: a city or capital.
pub(crate) fn build_site(v: &View<'_>, n: NodeId) -> bool {
    v.spec.map.is_hex(n)
        && v.spec.map.node(n).is_some_and(|i| i.features.intersects(Features::CITY | Features::CAPITAL))
}

/// Validates a `Build` order.
pub(crate) fn validate_build(
    v: &View<'_>,
    side: Side,
    index: usize,
    kind: &str,
    at: &str,
) -> Result<OpsValid, OrderError> {
    let spec = v.spec;
    let not_buildable = || OpsError::NotBuildable(kind.to_string()).at(index);
    let k = spec.ruleset.unit_types.iter().position(|t| t.key == kind).ok_or_else(not_buildable)?;
    let k = UnitTypeId(k as u16);
    if !v.ops.build.contains(&k) {
        return Err(not_buildable());
    }
    let n = spec.map.find(at).ok_or_else(|| OrderError::UnknownPlace { index, name: at.to_string() })?;
    let site = |why| OpsError::NotABuildSite { at: spec.map.label(n).to_string(), why }.at(index);
    if !build_site(v, n) {
        return Err(site("not a city"));
    }
    let nation = v.control.get(n as usize).copied().flatten().filter(|&c| v.side(c) == Some(side));
    let Some(nation) = nation else { return Err(site("not controlled by the side")) };
    if v.enemy_at(n, side) {
        return Err(site("enemy units stand there"));
    }
    if !v.hex_caps(n).build_units {
        return Err(site("not fully supplied (SUP-203)"));
    }
    let cost = spec.ruleset.unit_type(k).map_or(0, |d| u32::from(d.cost));
    let left = v.ops.budget_of(nation).saturating_sub(v.spent.get(&nation).copied().unwrap_or(0));
    if cost > left {
        let nation = spec.ruleset.nations.get(nation.index()).map_or_else(String::new, |d| d.key.clone());
        return Err(OpsError::OverBudget { nation, kind: kind.to_string(), cost, left }.at(index));
    }
    Ok(OpsValid::Build { nation, kind: k, at: n, cost })
}

/// Places a constructed unit, fully supplied, with the first free id of
/// the form `nation-type-turn-k`.
pub(crate) fn place(world: &mut World, nation: qm_core::ids::NationId, kind: UnitTypeId, at: NodeId, turn: u32) {
    let spec = world.resource::<Spec>().0.clone();
    let nkey = spec.ruleset.nations.get(nation.index()).map_or("x", |d| d.key.as_str());
    let Some(def) = spec.ruleset.unit_type(kind) else { return };
    let taken: std::collections::BTreeSet<UnitId> = world.query::<&Unit>().iter(world).map(|u| u.id.clone()).collect();
    let id = (1..)
        .map(|k| UnitId::new(format!("{nkey}-{}-{turn}-{k}", def.key)))
        .find(|id| !taken.contains(id))
        .unwrap_or_else(|| UnitId::new(format!("{nkey}-{}-{turn}", def.key)));
    let factors = def.factors;
    world.spawn((
        Unit { id, nation, kind, supply_as: None, factors },
        Location { node: at, turn_start: at },
        UnitFlags { bits: UnitFlagBits::empty(), exploited_turn: None, isolated_turns: 0 },
        UnitSupply { status: UnitStatus::Full, ..UnitSupply::default() },
    ));
}
