//! Phase 12 as a rule family: its phase, orders, state, system set and
//! system, and the Middle East track it brings along
//! ([`crate::middle_east::plugin`]: the order of the two families' sets in
//! the `collection` phase, and why the split changes no result).

use crate::board::Board;
use crate::collect_map::CollectMap;
use crate::income::{collect_income, collect_income_on, shared_lines};
use crate::ledger::Ledger;
use crate::middle_east::MiddleEastPlugin;
use crate::middle_east::MiddleEastRules;
use crate::orders::{CollectOrder, DeclineValid, SplitValid, validate};
use crate::statement::IncomeStatement;
use crate::treasury::Treasury;
use crate::{COLLECTION, FAMILY};
use bevy_ecs::prelude::*;
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::orders::Pending;
use qm_core::phase::{GameClock, PhaseSchedule, RulesOf};
use qm_core::plugin::{
    OrderClass, RulePlugin, Rules, RulesBuilder, SectionValue, StateSection, from_section, to_section,
};
use qm_core::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// *The War to End All Wars*, Phase 12: Collect Resources (COL-004..008).
///
/// Phase: `collection`, at the end of the player turn. Orders:
/// [`CollectOrder`] (convoy declines, the Allies' Middle East splits).
/// State: [`CollectState`], section `wteaw-collect` (statements, pending
/// orders, treasuries, ledger). System: `collect_resources` in
/// [`CollectSystems::Collect`], inside `RulesOf("wteaw-collect")`, which
/// collects for every nation of the side to move, in nation order (the
/// marker nations in the ruleset's order, ruling 15). It brings the Middle
/// East track along ([`MiddleEastPlugin`], family `middle-east`), which
/// pays the marker nations their levels after it.
#[derive(Clone, Copy, Debug, Default)]
pub struct CollectPlugin;

/// The family's system set, inside its `RulesOf("wteaw-collect")` set of
/// the `collection` phase.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollectSystems {
    /// After it: every nation of the side to move that collects has its
    /// statement of this phase (COL-004..008), its treasury credited with
    /// what it collected, and the declines given for the phase are
    /// consumed; a marker nation's Middle East level is on its statement,
    /// owed and not yet paid (the track's
    /// [`MiddleEastSystems::Settle`](crate::middle_east::MiddleEastSystems::Settle)
    /// pays it).
    Collect,
}

/// The income statements of the game so far, per nation per turn, in the
/// order collected.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statements(pub Vec<IncomeStatement>);

impl Statements {
    /// The latest statement of a nation.
    #[must_use]
    pub fn latest(&self, nation: &str) -> Option<&IncomeStatement> {
        self.0.iter().rev().find(|s| s.nation == nation)
    }
}

/// The family's section of saved state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectState {
    /// Income statements, per nation per turn.
    pub statements: Statements,
    /// Declines waiting for the collection phase.
    pub declines: Pending<DeclineValid>,
    /// The Allies' Middle East splits waiting for the collection phase.
    #[serde(default)]
    pub splits: Pending<SplitValid>,
    /// Each nation's treasury (ruling 6: what a power has to pay with).
    #[serde(default)]
    pub treasury: Treasury,
    /// Every transfer between nations (MET-006).
    #[serde(default)]
    pub ledger: Ledger,
}

fn extract(world: &World) -> Result<SectionValue, String> {
    to_section(&read_state(world))
}

/// Builds the section into a world; a fresh scenario (no section) opens the
/// treasuries with each nation's income at setup ([`crate::treasury::open`]).
fn build_state(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let mut s: CollectState = from_section(v)?;
    if v.is_none()
        && let Some(board) = Board::from_world(world)
    {
        s.treasury = crate::treasury::open(&board);
    }
    write_state(world, s);
    Ok(())
}

/// Copies the section from one world to another of the same scenario, for
/// a clone: what `build_state(extract(src))` writes (the section is there,
/// so no treasury is opened afresh).
fn copy_state(src: &World, dst: &mut World) -> Result<(), String> {
    write_state(dst, read_state(src));
    Ok(())
}

fn read_state(world: &World) -> CollectState {
    CollectState {
        statements: world.get_resource::<Statements>().cloned().unwrap_or_default(),
        declines: world.get_resource::<Pending<DeclineValid>>().cloned().unwrap_or_default(),
        splits: world.get_resource::<Pending<SplitValid>>().cloned().unwrap_or_default(),
        treasury: world.get_resource::<Treasury>().cloned().unwrap_or_default(),
        ledger: world.get_resource::<Ledger>().cloned().unwrap_or_default(),
    }
}

fn write_state(world: &mut World, s: CollectState) {
    world.insert_resource(s.statements);
    world.insert_resource(s.declines);
    world.insert_resource(s.splits);
    world.insert_resource(s.treasury);
    world.insert_resource(s.ledger);
}

/// Whether a nation has anything to collect: a territory with a value,
/// naval trade, or a marker on the Middle East track.
pub(crate) fn collects(board: &Board, nation: NationId) -> bool {
    let cm = CollectMap::of(&board.spec);
    let rules = &board.spec.ruleset;
    cm.trade.iter().any(|t| t.nation == nation)
        || board.control.iter_enumerated().any(|(n, c)| *c == Some(nation) && cm.econ(n).value > 0)
        || MiddleEastRules::of(rules).markers.iter().any(|m| m == rules.nation_key(nation))
}

/// The nations of the side to move that collect, in nation order, except
/// that the marker nations take their places in the order the ruleset
/// lists them (ruling 15: each is paid in its own collect phase, in the
/// ruleset's order, and a later payment sees the treasuries the earlier one
/// left). The track pays them in the same order after collection
/// ([`crate::middle_east::plugin`]); the statements' order and the convoy
/// dice follow this one.
fn collecting_order(board: &Board, side: Side) -> Vec<NationId> {
    let rules = &board.spec.ruleset;
    let mut nations: Vec<NationId> = board.nations_of(side).into_iter().filter(|&n| collects(board, n)).collect();
    let rank = |n: NationId| MiddleEastRules::of(rules).markers.iter().position(|m| m == rules.nation_key(n));
    let mut markers: Vec<NationId> = nations.iter().copied().filter(|&n| rank(n).is_some()).collect();
    markers.sort_by_key(|&n| rank(n));
    let mut next = markers.into_iter();
    for slot in nations.iter_mut().filter(|n| rank(**n).is_some()) {
        if let Some(m) = next.next() {
            *slot = m;
        }
    }
    nations
}

/// Collects for every nation of the side to move (COL-004..008), in
/// nation order with the marker nations in the ruleset's order (ruling 15,
/// `collecting_order`), applying the declines given for this phase;
/// credits each collecting nation's treasury with its total; and records
/// the statements, a marker nation's Middle East level owed (the track's
/// own system pays it next, [`crate::middle_east::plugin::settle_track`]).
pub fn collect_resources(world: &mut World) {
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let declines = world.get_resource_or_init::<Pending<DeclineValid>>().take(COLLECTION, |_| true);
    let declined = |side: Side, zone: NodeId| declines.iter().any(|d| d.side == side && d.order.zone == zone);
    let Some(board) = Board::from_world(world) else { return };
    let mut rng = world.get_resource::<GameRng>().cloned().unwrap_or_else(|| GameRng::seeded(0));
    let mut treasury = world.get_resource::<Treasury>().cloned().unwrap_or_default();
    let mut made = Vec::new();
    let nations = collecting_order(&board, clock.side);
    // One flood for the side's lines when its nations share one (ruling 4).
    let shared = shared_lines(&board, &nations);
    for n in nations {
        let s = match &shared {
            Some(lines) => collect_income_on(&board, n, lines, clock.turn, &declined, &mut rng),
            None => collect_income(&board, n, clock.turn, &declined, &mut rng),
        };
        treasury.credit(&s.nation, s.total);
        made.push(s);
    }
    world.insert_resource(rng);
    world.insert_resource(treasury);
    world.get_resource_or_init::<Statements>().0.extend(made);
}

impl RulePlugin for CollectPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn describe(&self) -> &'static str {
        "The War to End All Wars, Phase 12: collect resources along lines of supply, naval trade, convoy battles"
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().push(COLLECTION);
        // One order set, two queues: the kinds are registered once per queue
        // their validation fills, so a rejected batch puts both back.
        rules.add_orders::<CollectOrder, DeclineValid>(validate)?;
        rules.add_orders::<CollectOrder, SplitValid>(validate)?;
        rules.add_legal_orders(OrderClass::Logistics, crate::legal::legal_orders);
        rules.add_section(StateSection { name: FAMILY, extract, build: build_state })?;
        rules.add_section_hash(FAMILY, |world, e| e.value_of(&read_state(world)))?;
        rules.add_section_copy(FAMILY, copy_state)
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        let mut schedules = world.resource_mut::<Schedules>();
        schedules.add_systems(PhaseSchedule(COLLECTION), collect_resources.in_set(CollectSystems::Collect));
        schedules.configure_sets(PhaseSchedule(COLLECTION), CollectSystems::Collect.in_set(RulesOf(FAMILY)));
    }

    fn companions(&self) -> Vec<Arc<dyn RulePlugin>> {
        vec![Arc::new(MiddleEastPlugin)]
    }
}
