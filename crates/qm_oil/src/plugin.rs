//! MWIF oil (27.1, 27.2) as a rule family.

use crate::FAMILY;
use crate::ledger::{apply_stock_orders, capture_stock};
use crate::orders::{OilOrder, OilValid, REORGANIZATION, validate};
use crate::reorganize::reorganize;
use crate::state;
use bevy_ecs::prelude::*;
use qm_core::phase::{BeginOf, OrdersOf, PhaseId, PhaseSchedule, RulesOf};
use qm_core::plugin::{OrderClass, RulePlugin, Rules, RulesBuilder, StateSection};

/// The movement phase of the reference operations (family `ops`), where
/// land units enter hexes (OIL-013).
pub const MOVEMENT: PhaseId = PhaseId::new("movement");

/// *Matrix Games World in Flames*, optional rules 27.1 and 27.2: oil to
/// reorganize units, saved oil and build points (OIL-001..014).
///
/// Phase: `reorganization`, pushed at the end of the player turn. Orders:
/// [`OilOrder`]. State: section `mwif-oil` ([`state::OilSection`]): units'
/// [`state::Organization`], oil resources ([`state::OilWell`]), stockpiles
/// ([`state::Stockpile`]), build point totals, the last reorganization of
/// each power and the queue of valid orders. Systems, all exclusive:
/// `capture_stock` (OIL-013) in `BeginOf("mwif-oil")` of the
/// reorganization phase and in `RulesOf("mwif-oil")` of the movement phase
/// when the ruleset has one (after the moves); `apply_stock_orders`
/// (OIL-006, OIL-009..014) in `OrdersOf`, then `reorganize` in `RulesOf` of
/// the reorganization phase.
#[derive(Clone, Copy, Debug, Default)]
pub struct OilPlugin;

impl RulePlugin for OilPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn describe(&self) -> &'static str {
        "MWIF 27.1-27.2: oil to reorganize units, the cheapest legal spend, saved oil and build points"
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().push(REORGANIZATION);
        rules.add_orders::<OilOrder, OilValid>(validate)?;
        rules.add_legal_orders(OrderClass::Logistics, crate::legal::legal_orders);
        rules.add_section(StateSection { name: FAMILY, extract: state::extract, build: state::build })
    }

    fn build(&self, world: &mut World, rules: &Rules, _strict: bool) {
        let mut schedules = world.resource_mut::<Schedules>();
        schedules.add_systems(PhaseSchedule(REORGANIZATION), capture_stock.in_set(BeginOf(FAMILY)));
        schedules.add_systems(PhaseSchedule(REORGANIZATION), apply_stock_orders.in_set(OrdersOf(FAMILY)));
        schedules.add_systems(PhaseSchedule(REORGANIZATION), reorganize.in_set(RulesOf(FAMILY)));
        // OIL-013: land units take saved stock where they end their moves.
        if rules.phases().position(MOVEMENT).is_some() {
            schedules.add_systems(PhaseSchedule(MOVEMENT), capture_stock.in_set(RulesOf(FAMILY)));
        }
    }
}
