//! What each phase of a game did to each side: the graded results of
//! self-play (units lost by cause, units built, income collected, oil
//! spent, logistics orders given), gathered by comparing the game before
//! and after every phase the match runs.

use crate::play::{SideResult, side_index};
use qm_game::{Game, PhaseId, Side, UnitId};
use std::collections::BTreeMap;

/// The running totals of a match, Axis then Allies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    sides: [SideResult; 2],
}

/// What [`Tally::after`] compares a phase's end with.
#[derive(Clone, Debug)]
pub struct Before {
    phase: Option<PhaseId>,
    turn: u32,
    mover: Side,
    /// Ground units and their sides, by id ([`Game::ground_unit_sides`]).
    units: Vec<(UnitId, Side)>,
    net_income: [i64; 2],
}

impl Tally {
    /// A side's running totals.
    pub fn side_mut(&mut self, side: Side) -> &mut SideResult {
        &mut self.sides[side_index(side)]
    }

    /// The game as the phase about to run finds it.
    #[must_use]
    pub fn before(&self, game: &Game) -> Before {
        Before {
            phase: game.next_phase(),
            turn: game.clock().turn,
            mover: game.clock().side,
            units: game.ground_unit_sides(),
            net_income: [Side::Axis, Side::Allies].map(|s| game.net_income(s)),
        }
    }

    /// Adds what the phase just run did: units gone (by the phase's cause)
    /// and units new (built), what the side's treasuries gained, and the
    /// oil a reorganization spent.
    pub fn after(&mut self, game: &Game, before: Before) {
        let now = game.ground_unit_sides();
        let phase = before.phase.map(|p| p.to_string()).unwrap_or_default();
        for (side, change) in changes(&before.units, &now) {
            match change {
                Change::Gone => {
                    let lost = &mut self.side_mut(side).lost;
                    match phase.as_str() {
                        "combat" => lost.combat += 1,
                        "isolation-elimination" => lost.isolation += 1,
                        _ => lost.disbanded += 1,
                    }
                }
                Change::New => self.side_mut(side).built += 1,
            }
        }
        for side in [Side::Axis, Side::Allies] {
            let gained = game.net_income(side) - before.net_income[side_index(side)];
            let r = self.side_mut(side);
            r.income = r.income.saturating_add(u32::try_from(gained.max(0)).unwrap_or(u32::MAX));
        }
        if phase == "reorganization" {
            self.add_oil_spent(game, before.turn, before.mover);
        }
    }

    /// The oil the reorganization of `mover`'s player turn `turn` spent
    /// (the reports of other turns and sides are older ones, kept).
    fn add_oil_spent(&mut self, game: &Game, turn: u32, mover: Side) {
        let sides = game.nation_sides();
        let ruleset = &game.spec().ruleset;
        let side_of =
            |key: &str| ruleset.nations.iter().position(|n| n.key == key).and_then(|i| sides.get(i).copied().flatten());
        let spent: u32 = game
            .last_reorganization()
            .iter()
            .filter(|r| r.turn == turn && side_of(&r.power) == Some(mover))
            .map(|r| r.spent_total)
            .fold(0, u32::saturating_add);
        let r = self.side_mut(mover);
        r.oil_spent = r.oil_spent.saturating_add(spent);
    }

    /// The graded results at the end of the game: the totals, with each
    /// side's victory-point margin.
    #[must_use]
    pub fn results(&self, game: &Game) -> BTreeMap<Side, SideResult> {
        let score = game.score();
        let points = |s: Side| i64::from(score.get(&s).copied().unwrap_or(0));
        [Side::Axis, Side::Allies]
            .map(|s| {
                let mut r = self.sides[side_index(s)].clone();
                r.vp_margin = points(s) - points(s.other());
                (s, r)
            })
            .into_iter()
            .collect()
    }
}

/// A unit gone from the map or new on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    Gone,
    New,
}

/// The units of `before` not in `now` (gone) and of `now` not in `before`
/// (new), with their sides: one walk of the two lists, both sorted by id.
fn changes(before: &[(UnitId, Side)], now: &[(UnitId, Side)]) -> Vec<(Side, Change)> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < before.len() || j < now.len() {
        match (before.get(i), now.get(j)) {
            (Some(a), Some(b)) if a.0 == b.0 => (i, j) = (i + 1, j + 1),
            (Some(a), Some(b)) if a.0 > b.0 => {
                out.push((b.1, Change::New));
                j += 1;
            }
            (Some(a), _) => {
                out.push((a.1, Change::Gone));
                i += 1;
            }
            (None, Some(b)) => {
                out.push((b.1, Change::New));
                j += 1;
            }
            (None, None) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(ids: &[(&str, Side)]) -> Vec<(UnitId, Side)> {
        ids.iter().map(|&(id, s)| (UnitId::new(id), s)).collect()
    }

    #[test]
    fn changes_are_the_units_gone_and_new_by_side() {
        use Side::{Allies, Axis};
        let before = units(&[("a", Axis), ("b", Allies), ("d", Axis), ("f", Allies)]);
        let now = units(&[("b", Allies), ("c", Axis), ("f", Allies), ("g", Allies)]);
        let got = changes(&before, &now);
        let expect = vec![(Axis, Change::Gone), (Axis, Change::New), (Axis, Change::Gone), (Allies, Change::New)];
        assert_eq!(got, expect);
        assert!(changes(&before, &before).is_empty());
        assert_eq!(changes(&[], &now).len(), now.len());
        assert!(changes(&before, &[]).iter().all(|&(_, c)| c == Change::Gone));
    }
}
