//! Strategic bombardment of saved stock (OIL-013, OIL-014).

use super::{Board, Ledger};
use crate::orders::{MAX_BOMBER_FACTORS, OilOrderError};
use crate::state::Bombing;
use crate::stockpile::{Target, bombardment_bonus};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::Features;
use qm_core::rng::GameRng;

impl Ledger {
    /// OIL-013, OIL-014: the bombers' bonus and rolls, each hit destroying
    /// one enemy saved point, oil first, owners by nation.
    pub(super) fn bombard(
        &mut self,
        board: &Board,
        side: Side,
        at: &str,
        factors: u32,
        uncontested: bool,
        rng: Option<&mut GameRng>,
    ) -> Result<(), OilOrderError> {
        let node = board.hex(at)?;
        let enemy = |n: NationId| board.side_of(n).is_some_and(|s| s != side);
        let target_piles: Vec<(NodeId, NationId)> = self
            .piles
            .iter()
            .filter(|((n, o), p)| *n == node && enemy(*o) && p.oil + p.build_points > 0)
            .map(|(k, _)| *k)
            .collect();
        if target_piles.is_empty() {
            return Err(OilOrderError::NothingToBomb(board.label(node)));
        }
        if factors == 0 {
            return Err(OilOrderError::NoBombers);
        }
        if factors > MAX_BOMBER_FACTORS {
            return Err(OilOrderError::TooManyBombers(factors));
        }
        let Some(rng) = rng else { return Ok(()) };
        let bonus = if !uncontested {
            0
        } else if board.params.bombing.factory_destruction {
            bombardment_bonus(self.target(board, node))
        } else {
            1
        };
        let rules = board.params.bombing;
        let rolls: Vec<u32> = (0..factors).map(|_| rng.roll(rules.die)).collect();
        let mut hits = rolls.iter().filter(|&&r| r + bonus >= rules.hit_on).count() as u32;
        let (mut oil, mut bp) = (0, 0);
        for key in &target_piles {
            let Some(p) = self.piles.get_mut(key) else { continue };
            let o = hits.min(p.oil);
            p.oil -= o;
            hits -= o;
            oil += o;
        }
        for key in &target_piles {
            let Some(p) = self.piles.get_mut(key) else { continue };
            let b = hits.min(p.build_points);
            p.build_points -= b;
            hits -= b;
            bp += b;
        }
        let hex = board.label(node);
        let record =
            Bombing { turn: board.turn, hex, factors, bonus, rolls, oil_destroyed: oil, build_points_destroyed: bp };
        self.log.bombings.push(record);
        Ok(())
    }

    /// What bombers count in `node` (OIL-014): factories, oil resource
    /// points, a synthetic oil plant, and all saved stock.
    #[must_use]
    pub fn target(&self, board: &Board, node: NodeId) -> Target {
        let held = self.held(node);
        Target {
            factories: board.params.factories.get(&node).copied().unwrap_or(0),
            oil_resources: self.wells.values().filter(|w| w.node == node).map(|w| w.points).sum(),
            synthetic_oil: u32::from(board.features(node).contains(Features::SYNTHETIC_OIL)),
            saved_oil: held.oil,
            saved_build_points: held.build_points,
        }
    }
}
