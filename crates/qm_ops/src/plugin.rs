//! The reference operations as a rule family.

use crate::orders::{COMBAT, CONSTRUCTION_REDEPLOYMENT, MOVEMENT, OpsOrder, OpsValid};
use bevy_ecs::prelude::*;
use qm_core::orders::{OrderContext, OrderError, Pending};
use qm_core::phase::{OrdersOf, PhaseId, PhaseSchedule};
use qm_core::plugin::{RulePlugin, Rules, RulesBuilder, SectionValue, StateSection, from_section, to_section};

/// The family name rulesets use for the reference operations.
pub const FAMILY: &str = "ops";

/// The phase after which operations insert movement and combat: rule 30's
/// initial supply determination (SUP-133), when that family is loaded.
const AFTER: PhaseId = PhaseId::new("initial-supply");

/// The reference operational layer: movement, combat outcomes, invasions,
/// exploitation and redeployment, as validated orders. Replaceable by an
/// embedding game's own operations family.
///
/// Phases: `movement` and `combat` after `initial-supply`,
/// `construction-redeployment` at the end of the player turn. Orders:
/// [`OpsOrder`]. State: its queue of valid orders, section `ops`.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpsPlugin;

/// Validates an operation for the phase about to run and queues it.
fn validate(world: &mut World, cx: &OrderContext, order: &OpsOrder) -> Result<(), OrderError> {
    cx.moving_side_only()?;
    cx.in_phase(order.kind_name(), &[order.phase()])?;
    let valid = crate::validate(world, cx.side, cx.index, order)?;
    world.get_resource_or_init::<Pending<OpsValid>>().push(cx.side, cx.phase, valid);
    Ok(())
}

/// The queue of valid operations, as the section `ops`.
fn extract_queue(world: &World) -> Result<SectionValue, String> {
    world.get_resource::<Pending<OpsValid>>().map_or(Ok(SectionValue::Null), to_section)
}

/// Reads the queue back, refusing orders for units the game does not have
/// or nodes off its map (a hand-edited save): nothing is dropped silently.
fn build_queue(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let queue: Pending<OpsValid> = from_section(v)?;
    let mut units: Vec<String> =
        world.query::<&qm_core::components::Unit>().iter(world).map(|u| u.id.0.clone()).collect();
    units.sort_unstable();
    let spec = world.get_resource::<qm_core::spec::Spec>();
    let (nodes, nations) = spec.map_or((0, 0), |s| (s.map.nodes.len(), s.ruleset.nations.len()));
    for (i, p) in queue.0.iter().enumerate() {
        if let OpsValid::Combat { taker, .. } = &p.order
            && taker.index() >= nations
        {
            return Err(format!("queued order {i} names nation {}, of {nations}", taker.index()));
        }
        let (ids, places) = p.order.refs();
        if let Some(ghost) = ids.iter().find(|u| units.binary_search(&u.0).is_err()) {
            return Err(format!(
                "queued order {i} is for unit `{}`, which the game does not have",
                qm_core::text::printable(&ghost.0)
            ));
        }
        if let Some(n) = places.iter().find(|&&n| n as usize >= nodes) {
            return Err(format!("queued order {i} names node {n}, off the map of {nodes} nodes"));
        }
    }
    world.insert_resource(queue);
    Ok(())
}

impl OpsValid {
    /// The units and nodes an order names.
    fn refs(&self) -> (Vec<&qm_core::ids::UnitId>, Vec<qm_core::ids::NodeId>) {
        match self {
            Self::Move { unit, path } | Self::Exploit { unit, path } => (vec![unit], path.clone()),
            Self::Combat { attackers, target, advance, .. } => {
                (attackers.iter().chain(advance).collect(), vec![*target])
            }
            Self::Invade { unit, at } => (vec![unit], vec![*at]),
            Self::Redeploy { unit, to } => (vec![unit], vec![*to]),
        }
    }
}

impl OpsOrder {
    /// The kind, lowercase, as error messages name it.
    fn kind_name(&self) -> &'static str {
        match self {
            Self::Move { .. } => "move",
            Self::Exploit { .. } => "exploit",
            Self::Combat { .. } => "combat",
            Self::Invade { .. } => "invade",
            Self::Redeploy { .. } => "redeploy",
        }
    }
}

impl RulePlugin for OpsPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn describe(&self) -> &'static str {
        "reference operations: movement, combat outcomes, invasion, exploitation, redeployment"
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().insert_after(AFTER, MOVEMENT).insert_after(MOVEMENT, COMBAT).push(CONSTRUCTION_REDEPLOYMENT);
        rules.add_orders::<OpsOrder, OpsValid>(validate)?;
        rules.add_section(StateSection { name: FAMILY, extract: extract_queue, build: build_queue })
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        let mut schedules = world.resource_mut::<Schedules>();
        for phase in [MOVEMENT, COMBAT, CONSTRUCTION_REDEPLOYMENT] {
            schedules.add_systems(PhaseSchedule(phase), crate::apply_operations.in_set(OrdersOf(FAMILY)));
        }
    }
}
