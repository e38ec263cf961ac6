//! The reference operations as a rule family.

use crate::orders::{COMBAT, CONSTRUCTION_REDEPLOYMENT, MOVEMENT, OpsOrder, OpsValid};
use bevy_ecs::prelude::*;
use qm_core::orders::{OrderContext, OrderError, Pending};
use qm_core::phase::{OrdersOf, PhaseId, PhaseSchedule, RulesOf};
use qm_core::plugin::{OrderClass, RulePlugin, Rules, RulesBuilder, StateSection};

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

impl OpsOrder {
    /// The kind, lowercase, as error messages name it.
    fn kind_name(&self) -> &'static str {
        match self {
            Self::Move { .. } => "move",
            Self::Exploit { .. } => "exploit",
            Self::Combat { .. } => "combat",
            Self::Attack { .. } => "attack",
            Self::Build { .. } => "build",
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
        "reference operations: movement, combat by table or outcome, invasion, exploitation, redeployment, construction, victory"
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().insert_after(AFTER, MOVEMENT).insert_after(MOVEMENT, COMBAT).push(CONSTRUCTION_REDEPLOYMENT);
        rules.add_orders::<OpsOrder, OpsValid>(validate)?;
        rules.add_legal_orders(OrderClass::Operations, |world, cx| crate::legal::legal_orders(world, cx));
        rules.add_section(StateSection {
            name: FAMILY,
            extract: crate::section::extract,
            build: crate::section::build,
        })?;
        rules.add_section_copy(FAMILY, crate::section::copy)
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        let mut schedules = world.resource_mut::<Schedules>();
        for phase in [MOVEMENT, COMBAT, CONSTRUCTION_REDEPLOYMENT] {
            schedules.add_systems(PhaseSchedule(phase), crate::apply_operations.in_set(OrdersOf(FAMILY)));
        }
        // The end of the game is decided at the end of a player turn.
        schedules.add_systems(PhaseSchedule(CONSTRUCTION_REDEPLOYMENT), crate::check_victory.in_set(RulesOf(FAMILY)));
        // The legal orders and validations between two phases share one
        // reading of the world (`base`).
        world.init_resource::<crate::base::ViewMemo>();
    }
}
