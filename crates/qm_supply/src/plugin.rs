//! Rule 30 as a rule family: its phases, orders, state and systems.

use crate::orders::{SupplyOrder, SupplyPending, SupplyValid};
use crate::phases::{INITIAL_SUPPLY, ISOLATION_ELIMINATION, POST_COMBAT_SUPPLY};
use crate::sea_log::{SeaLog, Zones};
use crate::{FAMILY, SupplyPreview, SupplySystems};
use crate::{context, explain, isolation, land, orders, sea, statuses, zones};
use bevy_ecs::prelude::*;
use qm_core::encode::{EncodeError, Encoder};
use qm_core::ids::NodeId;
use qm_core::phase::{BeginOf, OrdersOf, PhaseSchedule, PlayerTurnStart, RulesOf, new_schedule};
use qm_core::plugin::{
    OrderClass, RulePlugin, Rules, RulesBuilder, SectionValue, StateSection, from_section, to_section,
};
use qm_core::state::Ledger;
use serde::{Deserialize, Serialize};

/// *A World at War*, rule 30: supply (SUP-001..208).
///
/// Phases: `initial-supply`, `post-combat-supply`, `isolation-elimination`.
/// Orders: [`SupplyOrder`]. State: [`SupplyState`], section `awaw-supply`.
/// Systems, by set, in the two determination phases:
///
/// ```text
/// BeginOf        begin_determination  which side, which determination
/// OrdersOf       apply_designations   (every phase, SUP-015)
/// RulesOf > SupplySystems::Context   build_context     dense control, ZOC, sources, classes
///           SupplySystems::Land      trace_land        one flood per chunk of classes
///           SupplySystems::Zones     label_zones       supply zones
///           SupplySystems::Sea       resolve_sea       sea lines in order, landing supply
///           SupplySystems::Statuses  assign_statuses   units and hexes, with their lines
///           SupplySystems::Explain   explain_cutoffs, record_zones
/// ```
///
/// and in the isolation-elimination phase, `eliminate_isolated` in
/// `SupplySystems::Isolation`; in the `PlayerTurnStart` schedule,
/// `begin_player_turn` and `record_turn_start`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SupplyPlugin;

/// Rule 30's section of saved state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyState {
    /// Units eliminated by isolation (SUP-190).
    pub ledger: Ledger,
    /// Valid orders waiting for their phase.
    pub orders: SupplyPending,
    /// Sea supply of the current player turn.
    pub sea: SeaLog,
    /// Supply zones of the last determination.
    pub zones: Zones,
}

fn extract(world: &World) -> Result<SectionValue, String> {
    to_section(&read_state(world))
}

/// [`SupplyState`] borrowed from a world: the same fields, so the same
/// plain data, without copying the zones' hexes.
#[derive(Serialize)]
struct SupplyStateRef<'a> {
    ledger: &'a Ledger,
    orders: &'a SupplyPending,
    sea: &'a SeaLog,
    zones: &'a Zones,
}

/// The section's checksum bytes, as `Encoder::value` writes those of
/// [`extract`] ([`qm_core::plugin::RulesBuilder::add_section_hash`]).
fn hash_state(world: &World, e: &mut Encoder) -> Result<(), EncodeError> {
    let borrowed = (|| {
        Some(SupplyStateRef {
            ledger: world.get_resource()?,
            orders: world.get_resource()?,
            sea: world.get_resource()?,
            zones: world.get_resource()?,
        })
    })();
    match borrowed {
        Some(s) => e.value_of(&s),
        None => e.value_of(&read_state(world)),
    }
}

fn build_state(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let s: SupplyState = from_section(v)?;
    if let Some(spec) = world.get_resource::<qm_core::spec::Spec>() {
        check_ids(&s, spec.map.nodes.len(), spec.ruleset.nations.len())?;
    }
    write_state(world, s);
    Ok(())
}

/// Refuses node and nation ids past the scenario's in the section's sea
/// lines (SUP-103..133), their initial zones, supply zones (SUP-093) and
/// eliminated units (SUP-190): a save edited to name a node that does not
/// exist would be shown as `?` and read past the map.
fn check_ids(s: &SupplyState, nodes: usize, nations: usize) -> Result<(), String> {
    let node = |what: &str, n: &NodeId| {
        if n.index() < nodes { Ok(()) } else { Err(format!("{what}: node {n} is out of range (the map has {nodes})")) }
    };
    for (i, l) in s.sea.lines.iter().enumerate() {
        let what = format!("sea line {i}");
        for n in [&l.from, &l.to].into_iter().chain(&l.path).chain(&l.islands) {
            node(&what, n)?;
        }
    }
    for z in &s.sea.initial_zones {
        z.terminations.iter().try_for_each(|n| node("initial zone", n))?;
    }
    for z in &s.sea.no_line {
        z.terminations.iter().try_for_each(|n| node("zone with no sea line", n))?;
    }
    for z in &s.zones.zones {
        let what = format!("zone {}", z.id);
        z.hexes.iter().chain(&z.boxes).try_for_each(|n| node(&what, n))?;
        if let Some((n, _)) = z.carried.iter().find(|(n, _)| n.index() >= nations) {
            return Err(format!("{what}: nation {} is out of range (the ruleset has {nations})", n.index()));
        }
    }
    for e in &s.ledger.eliminated {
        let what = format!("eliminated unit `{}`", qm_core::text::printable(e.unit.id.as_str()));
        [&e.unit.location.node, &e.unit.location.turn_start].into_iter().try_for_each(|n| node(&what, n))?;
        if e.unit.nation.index() >= nations {
            return Err(format!(
                "{what}: nation {} is out of range (the ruleset has {nations})",
                e.unit.nation.index()
            ));
        }
    }
    Ok(())
}

/// The section copied from one world to another for a clone: what
/// `build_state(extract(src))` writes, without the plain-data round trip.
fn copy_state(src: &World, dst: &mut World) -> Result<(), String> {
    write_state(dst, read_state(src));
    Ok(())
}

fn read_state(world: &World) -> SupplyState {
    SupplyState {
        ledger: world.get_resource::<Ledger>().cloned().unwrap_or_default(),
        orders: world.get_resource::<SupplyPending>().cloned().unwrap_or_default(),
        sea: world.get_resource::<SeaLog>().cloned().unwrap_or_default(),
        zones: world.get_resource::<Zones>().cloned().unwrap_or_default(),
    }
}

fn write_state(world: &mut World, s: SupplyState) {
    world.insert_resource(s.ledger);
    world.insert_resource(s.orders);
    world.insert_resource(s.sea);
    world.insert_resource(s.zones);
}

impl RulePlugin for SupplyPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn describe(&self) -> &'static str {
        "A World at War, rule 30: supply, zones, sea lines, isolation"
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().push(INITIAL_SUPPLY).push(POST_COMBAT_SUPPLY).push(ISOLATION_ELIMINATION);
        rules.add_orders::<SupplyOrder, SupplyValid>(orders::validate)?;
        rules.add_legal_orders(OrderClass::Logistics, crate::legal::legal_orders);
        rules.add_cache::<context::SupplyContext>();
        rules.add_cache::<land::LandFloods>();
        rules.add_cache::<zones::ZoneLabels>();
        rules.add_cache::<statuses::HexStatuses>();
        rules.add_cache::<sea::SeaSearchCache>();
        rules.add_section(StateSection { name: FAMILY, extract, build: build_state })?;
        rules.add_section_hash(FAMILY, hash_state)?;
        rules.add_section_copy(FAMILY, copy_state)
    }

    fn build(&self, world: &mut World, rules: &Rules, strict: bool) {
        let mut preview = new_schedule(SupplyPreview, strict);
        preview.add_systems((context::build_context, land::trace_land, zones::label_zones).chain());
        let mut schedules = world.resource_mut::<Schedules>();
        schedules.insert(preview);
        for phase in [INITIAL_SUPPLY, POST_COMBAT_SUPPLY] {
            schedules.add_systems(
                PhaseSchedule(phase),
                (
                    orders::begin_determination.in_set(BeginOf(FAMILY)),
                    context::build_context.in_set(SupplySystems::Context),
                    land::trace_land.in_set(SupplySystems::Land),
                    zones::label_zones.in_set(SupplySystems::Zones),
                    sea::resolve_sea.in_set(SupplySystems::Sea),
                    statuses::assign_statuses.in_set(SupplySystems::Statuses),
                    (explain::explain_cutoffs, statuses::record_zones).chain().in_set(SupplySystems::Explain),
                ),
            );
        }
        schedules.add_systems(PlayerTurnStart, (orders::begin_player_turn, orders::record_turn_start).chain());
        schedules.add_systems(
            PhaseSchedule(ISOLATION_ELIMINATION),
            isolation::eliminate_isolated.in_set(SupplySystems::Isolation).in_set(RulesOf(FAMILY)),
        );
        for phase in rules.phases().phases() {
            schedules.add_systems(PhaseSchedule(phase), orders::apply_designations.in_set(OrdersOf(FAMILY)));
            schedules.configure_sets(
                PhaseSchedule(phase),
                (
                    SupplySystems::Context,
                    SupplySystems::Land,
                    SupplySystems::Zones,
                    SupplySystems::Sea,
                    SupplySystems::Statuses,
                    SupplySystems::Explain,
                    SupplySystems::Isolation,
                )
                    .chain()
                    .in_set(RulesOf(FAMILY)),
            );
        }
    }
}
