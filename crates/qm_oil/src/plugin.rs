//! MWIF oil (27.1, 27.2) as a rule family.

use crate::FAMILY;
use crate::orders::{OilOrder, OilValid, REORGANIZATION, validate};
use crate::reorganize::reorganize;
use crate::state;
use bevy_ecs::prelude::*;
use qm_core::phase::{PhaseSchedule, RulesOf};
use qm_core::plugin::{RulePlugin, Rules, RulesBuilder, StateSection};

/// *Matrix Games World in Flames*, optional rules 27.1 and 27.2: oil to
/// reorganize units, saved oil and build points (OIL-001..014).
///
/// Phase: `reorganization`, pushed at the end of the player turn. Orders:
/// [`OilOrder`]. State: section `mwif-oil` ([`state::OilSection`]): units'
/// [`state::Organization`], oil resources ([`state::OilWell`]), stockpiles
/// ([`state::Stockpile`]), build point totals, the last reorganization of
/// each power and the queue of valid orders. System: `reorganize` in
/// `RulesOf("mwif-oil")` of the reorganization phase.
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
        rules.add_section(StateSection { name: FAMILY, extract: state::extract, build: state::build })
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        world
            .resource_mut::<Schedules>()
            .add_systems(PhaseSchedule(REORGANIZATION), reorganize.in_set(RulesOf(FAMILY)));
    }
}
