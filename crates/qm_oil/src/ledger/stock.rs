//! Saving, transporting and spending saved stock (OIL-009..012).

use super::{Board, Ledger};
use crate::orders::OilOrderError;
use crate::state::{BuildPointKind, BuildPointMove};
use qm_core::ids::{NationId, NodeId};
use std::collections::BTreeMap;

impl Ledger {
    /// OIL-009, OIL-010: one oil point per entry of `resources`, and build
    /// points from the total, into `power`'s stockpile at `at`.
    pub(super) fn save(
        &mut self,
        board: &Board,
        power: NationId,
        at: &str,
        resources: &[String],
        build_points: u32,
    ) -> Result<(), OilOrderError> {
        let (node, cap) = board.store(at, power)?;
        let mut take: BTreeMap<&str, u32> = BTreeMap::new();
        for key in resources {
            *take.entry(key.as_str()).or_default() += 1;
        }
        for (&key, &n) in &take {
            if board.params.other_resources.contains_key(key) {
                return Err(OilOrderError::NotOil(key.into()));
            }
            let w = self.wells.get_mut(key).ok_or_else(|| OilOrderError::UnknownResource(key.into()))?;
            if board.controller(w.node) != Some(power) {
                return Err(OilOrderError::NotYourResource { resource: key.into(), power: board.key(power) });
            }
            if w.spent + n > w.points {
                return Err(OilOrderError::NoOilLeft(key.into()));
            }
            w.spent += n;
        }
        let oil = resources.len() as u32;
        if board.params.neutral_majors.contains(&power) {
            let saved = self.neutral_saved.get(&power).copied().unwrap_or(0);
            if saved + oil > 1 {
                return Err(OilOrderError::NeutralLimit { power: board.key(power), saved });
            }
            *self.neutral_saved.entry(power).or_default() += oil;
        }
        let held = self.held(node);
        Self::check_cap(board, node, cap, "oil points", held.oil, oil)?;
        Self::check_cap(board, node, cap, "build points", held.build_points, build_points)?;
        let total = self.build_points.entry(power).or_default();
        if *total < build_points {
            return Err(OilOrderError::NotEnoughBuildPoints {
                power: board.key(power),
                have: *total,
                asked: build_points,
            });
        }
        *total -= build_points;
        let pile = self.piles.entry((node, power)).or_default();
        pile.oil += oil;
        pile.build_points += build_points;
        self.record_build_points(board, power, node, BuildPointKind::Saved, build_points);
        Ok(())
    }

    /// Takes `oil` and `build_points` out of `power`'s stockpile at `node`.
    pub(super) fn withdraw(
        &mut self,
        board: &Board,
        power: NationId,
        node: NodeId,
        oil: u32,
        bp: u32,
    ) -> Result<(), OilOrderError> {
        let hex = board.label(node);
        let pile = self.piles.get_mut(&(node, power)).filter(|p| p.oil + p.build_points > 0);
        let Some(pile) = pile else { return Err(OilOrderError::NothingSaved { hex, power: board.key(power) }) };
        if pile.oil < oil {
            return Err(OilOrderError::NotEnoughSaved { hex, what: "oil points".into(), held: pile.oil, asked: oil });
        }
        if pile.build_points < bp {
            let held = pile.build_points;
            return Err(OilOrderError::NotEnoughSaved { hex, what: "build points".into(), held, asked: bp });
        }
        pile.oil -= oil;
        pile.build_points -= bp;
        Ok(())
    }

    /// OIL-011: saved stock moves to another city or port the power
    /// controls, factory or not, within its cap.
    pub(super) fn transport(
        &mut self,
        board: &Board,
        power: NationId,
        from: &str,
        to: &str,
        oil: u32,
        bp: u32,
    ) -> Result<(), OilOrderError> {
        let source = board.hex(from)?;
        if board.hex(to).ok() == Some(source) {
            return Err(OilOrderError::SameHex(board.label(source)));
        }
        self.withdraw(board, power, source, oil, bp)?;
        let (node, cap) = board.store(to, power)?;
        let held = self.held(node);
        Self::check_cap(board, node, cap, "oil points", held.oil, oil)?;
        Self::check_cap(board, node, cap, "build points", held.build_points, bp)?;
        let pile = self.piles.entry((node, power)).or_default();
        pile.oil += oil;
        pile.build_points += bp;
        Ok(())
    }

    /// OIL-012: saved build points into the power's total, within the hex's
    /// limit a turn.
    pub(super) fn spend_saved(
        &mut self,
        board: &Board,
        power: NationId,
        at: &str,
        bp: u32,
    ) -> Result<(), OilOrderError> {
        let node = board.hex(at)?;
        self.withdraw(board, power, node, 0, bp)?;
        let drawn = self.drawn.get(&node).copied().unwrap_or(0);
        if let Some(limit) = board.draw_limit(node, power)
            && drawn + bp > limit
        {
            return Err(OilOrderError::PastHexLimit { hex: board.label(node), limit, drawn, asked: bp });
        }
        *self.drawn.entry(node).or_default() += bp;
        *self.build_points.entry(power).or_default() += bp;
        self.record_build_points(board, power, node, BuildPointKind::Spent, bp);
        Ok(())
    }

    /// Logs a change of `power`'s build point total (a nonzero one). A
    /// change like the last one logged (same turn, power, hex and kind) is
    /// added to it, so that points given one order at a time log as one
    /// order giving them all (the atomic choices of the legal orders).
    fn record_build_points(&mut self, board: &Board, power: NationId, node: NodeId, kind: BuildPointKind, points: u32) {
        if points == 0 {
            return;
        }
        let (turn, power, hex) = (board.turn, board.key(power), board.label(node));
        match self.log.build_points.last_mut() {
            Some(m) if m.turn == turn && m.power == power && m.hex == hex && m.kind == kind => m.points += points,
            _ => self.log.build_points.push(BuildPointMove { turn, power, hex, kind, points }),
        }
    }
}
