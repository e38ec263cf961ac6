//! The Middle East track as a rule family of its own (`middle-east`): its
//! system set, and the system that pays each marker nation its level
//! (MET-006, MET-007, rulings 6 and 15).
//!
//! **Registration.** The collection family brings it along
//! ([`RulePlugin::companions`]): a ruleset that names `wteaw-collect` gets
//! the track right after it, with no change to its file. The track adds no
//! phase: each marker nation is paid in its own collect phase (MET-006,
//! ruling 15), so its system runs in collection's phase `collection`.
//! Without markers in the ruleset (`middle_east`, MET-003) it pays nothing
//! and changes nothing.
//!
//! **Order, declared as data.** In the `collection` phase:
//!
//! ```text
//! 1. RulesOf("wteaw-collect")  CollectSystems::Collect     collect_resources
//! 2. RulesOf("middle-east")    MiddleEastSystems::Settle   settle_track
//! ```
//!
//! Families' `RulesOf` sets run in the order they registered
//! (`qm_core::phase::configure_phase_schedules`), and a companion registers
//! right after its family: neither names the other's systems.
//!
//! **Why this split changes no result.** Collection collects every nation
//! of the side to move in ruling 15's order (the marker nations in the
//! ruleset's order of the markers: the statements' order and the convoy
//! dice depend on it), credits each treasury with what it collected, and
//! records each statement with its marker's level owed, not paid
//! ([`crate::statement::MiddleEastIncome::owed`]). Then [`settle_track`]
//! settles each marker nation of the side in the ruleset's order of the
//! markers, the order collection used, on its statement of this phase:
//! [`crate::payment::settle`] debits the Allied payers and records the
//! ledger, then the marker nation is credited with what was paid. Before
//! the split one system did both per nation, collection's credit after
//! each settlement. The order of the settlements among themselves, and so
//! of the ledger and of what each later payment sees (ruling 15), is the
//! same; a settlement reads and debits only the balances of Allied powers,
//! the enemies of the side to move, and collection credits only nations
//! of the side to move, so moving the credits before the settlements
//! changes no balance any settlement reads. A marker nation's two credits
//! (its collection, then its track) add up to the one credit of before
//! (both saturate at the same sum). No die is rolled in a settlement. The
//! treasuries, the ledger, the statements, the random stream and every
//! checksum are those of before.
//!
//! **What stays collection's.** The track's order (`MiddleEastSplit`) is one
//! of collection's [`CollectOrder`](crate::CollectOrder) kinds, queued in
//! its [`SplitValid`] queue and listed by its legal orders, and the
//! treasuries and the ledger are in collection's section of state: orders
//! files, refusals and saves are those of before. The track reads the
//! queue and writes the treasuries and the ledger; it registers no order
//! kind and no section.

use super::MiddleEastRules;
use crate::COLLECTION;
use crate::board::Board;
use crate::ledger::Ledger;
use crate::orders::SplitValid;
use crate::payment::{Choices, settle};
use crate::plugin::Statements;
use crate::treasury::Treasury;
use bevy_ecs::prelude::*;
use qm_core::ids::NationId;
use qm_core::orders::Pending;
use qm_core::phase::{GameClock, PhaseSchedule, RulesOf};
use qm_core::plugin::{RulePlugin, Rules, RulesBuilder};

/// The family name of the Middle East track.
pub const FAMILY: &str = "middle-east";

/// The Middle East track (MET-001..007): each marker nation's level paid by
/// the Allied powers in its collection phase. Brought along by the
/// collection family; see the module's documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct MiddleEastPlugin;

/// The track's system set, inside its `RulesOf("middle-east")` set of the
/// `collection` phase.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MiddleEastSystems {
    /// After it: every marker nation of the side to move has been paid its
    /// level for this phase (MET-006, rulings 6 and 15), in the ruleset's
    /// order of the markers; its statement of this phase says who paid,
    /// who chose and what was lost, its treasury holds what was paid, and
    /// the ledger records every transfer. The splits given for the phase
    /// are consumed.
    Settle,
}

/// Pays each marker nation of the side to move its Middle East level from
/// the Allied powers' treasuries (MET-006, ruling 6), in the ruleset's
/// order of the markers (ruling 15), on its statement of this phase: the
/// Allies' split if valid, else the Axis side's own or its default; what
/// is paid is added to the statement's homeland saving and total and
/// credited to the marker nation's treasury.
pub fn settle_track(world: &mut World) {
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let splits = world.get_resource_or_init::<Pending<SplitValid>>().take(COLLECTION, |_| true);
    let Some(board) = Board::from_world(world) else { return };
    let payees = payees(&board, clock.side);
    if payees.is_empty() {
        // No marker of the side (no track, MET-003): nothing to pay.
        return;
    }
    let mut treasury = world.get_resource::<Treasury>().cloned().unwrap_or_default();
    let mut ledger = world.get_resource::<Ledger>().cloned().unwrap_or_default();
    let Some(mut statements) = world.get_resource_mut::<Statements>() else { return };
    for payee in payees {
        let key = board.spec.ruleset.nation_key(payee);
        // Its statement of this phase: collection has just made it.
        let Some(s) = statements.0.iter_mut().rev().find(|s| s.nation == key).filter(|s| s.turn == clock.turn) else {
            continue;
        };
        let given = |by_payee_side: bool| {
            splits
                .iter()
                .find(|p| p.order.payee == payee && (p.side == clock.side) == by_payee_side)
                .map(|p| p.order.paid_by.as_slice())
        };
        let choices = Choices { allies: given(false), axis: given(true) };
        let before = s.total;
        settle(&board, payee, choices, &mut treasury, &mut ledger, s);
        let paid = s.total - before;
        if paid > 0 {
            treasury.credit(&s.nation, paid);
        }
    }
    world.insert_resource(treasury);
    world.insert_resource(ledger);
}

/// The marker nations of `side`, in the ruleset's order of the markers
/// (ruling 15), each once.
fn payees(board: &Board, side: qm_core::ids::Side) -> Vec<NationId> {
    let rules = &board.spec.ruleset;
    let track = MiddleEastRules::of(rules);
    let rank = |n: NationId| track.markers.iter().position(|m| m == rules.nation_key(n));
    let mut out: Vec<NationId> = board.nations_of(side).into_iter().filter(|&n| rank(n).is_some()).collect();
    out.sort_by_key(|&n| rank(n));
    out
}

impl RulePlugin for MiddleEastPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn describe(&self) -> &'static str {
        "The Middle East track: marker nations paid their level by the Allied powers in their collection phase"
    }

    fn register(&self, _rules: &mut RulesBuilder) -> Result<(), String> {
        Ok(())
    }

    fn build(&self, world: &mut World, rules: &Rules, _strict: bool) {
        if rules.phases().position(COLLECTION).is_none() {
            return;
        }
        let mut schedules = world.resource_mut::<Schedules>();
        schedules.add_systems(PhaseSchedule(COLLECTION), settle_track.in_set(MiddleEastSystems::Settle));
        schedules.configure_sets(PhaseSchedule(COLLECTION), MiddleEastSystems::Settle.in_set(RulesOf(FAMILY)));
    }
}
