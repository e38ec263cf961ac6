//! Resources sent to another major power, with how many are oil (OIL-006).

use super::{Board, Ledger};
use crate::orders::OilOrderError;
use crate::state::Shipment;
use qm_core::ids::Side;

impl Ledger {
    /// OIL-006: resources sent to another major power of the side that
    /// controls a hex (one off the map could never use them), `oil`
    /// of them oil. The oil leaves the sender's unspent produced oil this
    /// turn, wells by key; production, where the receiver uses resources,
    /// is not simulated: the shipment is recorded with its commitment.
    pub(super) fn send(
        &mut self,
        board: &Board,
        side: Side,
        from: &str,
        to: &str,
        resources: u32,
        oil: u32,
    ) -> Result<(), OilOrderError> {
        let sender = board.power_of(side, from)?;
        let receiver = board.spec.ruleset.nation_by_key(to).ok_or_else(|| OilOrderError::UnknownNation(to.into()))?;
        if receiver == sender || !board.is_major(receiver) || board.side_of(receiver) != Some(side) {
            return Err(OilOrderError::NotAlly { from: from.into(), to: to.into() });
        }
        if !board.is_present(receiver) {
            return Err(OilOrderError::ReceiverAbsent(to.into()));
        }
        if oil > resources {
            return Err(OilOrderError::OilMoreThanResources { resources, oil });
        }
        let mine: Vec<String> = self
            .wells
            .iter()
            .filter(|(_, w)| board.controller(w.node) == Some(sender))
            .map(|(k, _)| k.clone())
            .collect();
        let have: u32 = mine.iter().map(|k| self.wells[k].points - self.wells[k].spent.min(self.wells[k].points)).sum();
        if have < oil {
            return Err(OilOrderError::NotEnoughOil { power: from.into(), have, asked: oil });
        }
        let mut left = oil;
        for k in mine {
            let Some(w) = self.wells.get_mut(&k) else { continue };
            let take = left.min(w.points.saturating_sub(w.spent));
            w.spent += take;
            left -= take;
        }
        // Resources one power sends another in one turn are one shipment
        // (OIL-006): sending 2 is sending 1 twice.
        if let Some(last) =
            self.log.shipments.last_mut().filter(|s| s.turn == board.turn && s.from == from && s.to == to)
        {
            last.resources += resources;
            last.oil += oil;
            return Ok(());
        }
        let shipment = Shipment { turn: board.turn, from: from.into(), to: to.into(), resources, oil };
        self.log.shipments.push(shipment);
        Ok(())
    }
}
