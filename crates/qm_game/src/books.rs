//! What a game has recorded, read through typed accessors: eliminations,
//! income statements, payments and treasuries, the sea log and zones, oil
//! build points and stockpiles.
//!
//! These are the API boundary's view of the records the rule families keep
//! as resources and components: the CLI, the renderer and the Python
//! binding read them here instead of reaching into the `World`. Each
//! returns the record as the family keeps it (an empty slice or `None`
//! where the family is not in play) and changes nothing.

use crate::Game;
use bevy_ecs::prelude::Resource;
use qm_core::components::UnitFlags;
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::orders::{Order, Orders};
use qm_core::state::{Elimination, Ledger as Eliminations};
use qm_core::supply::UnitStatus;
use qm_supply::sea_log::{SeaLog, Zones};

pub use qm_collect::{Board, IncomeStatement, Ledger as Payments, Reason, Statements, Transfer, Treasury};
pub use qm_core::treasury::BuildPoints;
pub use qm_oil::state::{BuildPointKind, StockLog};

/// One oil stockpile (OIL-009, OIL-010): where, whose, and what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StockpileRecord {
    /// Its hex.
    pub node: NodeId,
    /// The major power it belongs to.
    pub owner: NationId,
    /// Oil saved in it.
    pub oil: u32,
    /// Build points saved in it.
    pub build_points: u32,
}

impl Game {
    fn record<R: Resource>(&self) -> Option<&R> {
        self.world.get_resource::<R>()
    }

    /// Units eliminated by isolation (SUP-191), in order.
    #[must_use]
    pub fn eliminations(&self) -> &[Elimination] {
        self.record::<Eliminations>().map_or(&[], |l| l.eliminated.as_slice())
    }

    /// Every income statement of the game's collections (COL-004..008),
    /// oldest first.
    #[must_use]
    pub fn income_statements(&self) -> &[IncomeStatement] {
        self.record::<Statements>().map_or(&[], |s| s.0.as_slice())
    }

    /// The ledger of payments between treasuries (the Middle East track,
    /// MET-006, and shortfalls), where collection is in play.
    #[must_use]
    pub fn payments(&self) -> Option<&Payments> {
        self.record::<Payments>()
    }

    /// The nations' treasuries, where collection is in play.
    #[must_use]
    pub fn treasury(&self) -> Option<&Treasury> {
        self.record::<Treasury>()
    }

    /// The sea supply lines of the last determinations (SUP-066..131).
    #[must_use]
    pub fn sea_log(&self) -> Option<&SeaLog> {
        self.record::<SeaLog>()
    }

    /// The supply zones of the last determination.
    #[must_use]
    pub fn sea_zones(&self) -> Option<&Zones> {
        self.record::<Zones>()
    }

    /// Each major power's build points (OIL-012), where oil is in play.
    #[must_use]
    pub fn build_points(&self) -> Option<&BuildPoints> {
        self.record::<BuildPoints>()
    }

    /// Build points drawn from stockpiles: (power, turn, points).
    #[must_use]
    pub fn build_points_drawn(&self) -> &[(String, u32, u32)] {
        self.record::<qm_oil::state::BuildPointsDrawn>().map_or(&[], |d| d.0.as_slice())
    }

    /// What was saved into and drawn from stockpiles (OIL-009..013).
    #[must_use]
    pub fn stock_log(&self) -> Option<&StockLog> {
        self.record::<StockLog>()
    }

    /// Every oil stockpile, sorted by hex and owner.
    #[must_use]
    pub fn stockpiles(&self) -> Vec<StockpileRecord> {
        use qm_oil::state::{SavedBuildPoints, SavedOil, Stockpile};
        let Some(mut q) = self.world.try_query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>() else {
            return Vec::new();
        };
        let mut v: Vec<StockpileRecord> = q
            .iter(&self.world)
            .map(|(p, o, b)| StockpileRecord { node: p.node, owner: p.owner, oil: o.0, build_points: b.0 })
            .collect();
        v.sort_by_key(|s| (s.node, s.owner));
        v
    }

    /// Which nodes lie in an enemy zone of control for `side` (SUP-057), if
    /// `side` made the last determination; `None` otherwise.
    #[must_use]
    pub fn zoc(&self, side: Side) -> Option<&qm_core::ids::NodeSlice<bool>> {
        self.record::<qm_supply::SupplyContext>().filter(|c| c.side == Some(side)).map(|c| c.zoc.as_slice())
    }

    /// How many of `side`'s units stand in each supply status (SUP-011):
    /// isolated, partial, full.
    #[must_use]
    pub fn supply_counts(&self, side: Side) -> [u32; 3] {
        let sides = self.nation_sides();
        let mut counts = [0; 3];
        let Some(mut q) = self.world.try_query::<(&qm_core::components::Unit, &qm_core::supply::UnitSupply)>() else {
            return counts;
        };
        for (_, s) in q.iter(&self.world).filter(|(u, _)| sides.get(u.nation.index()).copied().flatten() == Some(side))
        {
            let slot = match s.status {
                UnitStatus::Isolated => 0,
                UnitStatus::Partial => 1,
                UnitStatus::Full => 2,
            };
            counts[slot] += 1;
        }
        counts
    }

    /// The territory map as collection reads it: control, sides and ships.
    #[must_use]
    pub fn territory_board(&self) -> Option<Board> {
        Board::from_world(&self.world)
    }

    /// A unit's consecutive turns of isolation (SUP-191); 0 for an unknown
    /// unit.
    #[must_use]
    pub fn isolated_turns(&self, id: &str) -> u8 {
        let Some(mut q) = self.world.try_query::<(&qm_core::components::Unit, &UnitFlags)>() else { return 0 };
        q.iter(&self.world).find(|(u, _)| u.id.as_str() == id).map_or(0, |(_, f)| f.isolated_turns)
    }

    /// How many entities the game's world holds (units, nodes and the
    /// families' own): what a picture of it is sized by.
    #[must_use]
    pub fn entity_count(&self) -> u32 {
        self.world.entities().len()
    }

    /// Whether `order` of `side` would be accepted now, with the orders
    /// already queued this phase. Nothing changes: the order is submitted,
    /// then the queues are put back as they were.
    pub fn would_accept(&mut self, side: Side, order: &Order) -> bool {
        let spec = self.spec_arc();
        let saved = spec.rules.save_queues(&self.world);
        let ok = self.submit(side, &Orders::of([order.clone()])).is_ok();
        spec.rules.restore_queues(&mut self.world, saved);
        ok
    }
}
