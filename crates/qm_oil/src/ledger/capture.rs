//! Capture of saved stock by enemy land units (OIL-013).

use super::{Board, Ledger};
use crate::state::Stockpile;
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::{NationId, NodeId};
use qm_core::spec::ScenarioSpec;

/// The land units of the world: id, nation, hex (OIL-013).
pub(super) fn land_units(world: &mut World, spec: &ScenarioSpec) -> Vec<(String, NationId, NodeId)> {
    let mut out: Vec<(String, NationId, NodeId)> = world
        .query::<(&Unit, &qm_core::components::Location)>()
        .iter(world)
        .filter(|(u, _)| {
            spec.ruleset
                .unit_type(u.kind)
                .is_some_and(|d| d.domain == qm_core::ruleset::Domain::Ground && !d.installation)
        })
        .map(|(u, l)| (u.id.to_string(), u.nation, l.node))
        .collect();
    out.sort();
    out
}

impl Ledger {
    /// OIL-013: saved stock in a hex where a land unit of a major power at
    /// war with its owner stands becomes that power's (the first such unit
    /// by id takes it), merged with any stock of its own there. A minor
    /// country's unit takes nothing (the text says "your land units", a
    /// major power's).
    pub fn capture(&mut self, board: &Board, units: &[(String, NationId, NodeId)]) {
        let keys: Vec<(NodeId, NationId)> = self.piles.keys().copied().collect();
        for (node, owner) in keys {
            let Some(p) = self.piles.get(&(node, owner)).copied().filter(|p| p.oil + p.build_points > 0) else {
                continue;
            };
            let Some(owner_side) = board.side_of(owner) else { continue };
            let taker = units.iter().find(|(_, n, at)| {
                *at == node && board.is_major(*n) && board.side_of(*n).is_some_and(|s| s != owner_side)
            });
            let Some((unit, to, _)) = taker else { continue };
            self.piles.remove(&(node, owner));
            let mine = self.piles.entry((node, *to)).or_default();
            mine.oil += p.oil;
            mine.build_points += p.build_points;
            self.log.captures.push(crate::state::Capture {
                turn: board.turn,
                hex: board.label(node),
                unit: unit.clone(),
                from: board.key(owner),
                to: board.key(*to),
                oil: p.oil,
                build_points: p.build_points,
            });
        }
    }
}

/// Capture of saved stock by enemy land units (OIL-013), as an exclusive
/// system: in `RulesOf("mwif-oil")` of the movement phase (after the
/// moves, which other families apply in their own sets before) and in
/// `BeginOf("mwif-oil")` of the reorganization phase (units placed or moved
/// otherwise).
pub fn capture_stock(world: &mut World) {
    if world.query::<&Stockpile>().iter(world).next().is_none() {
        return;
    }
    let board = Board::read(world);
    let mut ledger = Ledger::read(world, &board);
    let before = ledger.log.captures.len();
    ledger.capture(&board, &land_units(world, &board.spec));
    if ledger.log.captures.len() > before {
        ledger.write(world, &board);
    }
}
