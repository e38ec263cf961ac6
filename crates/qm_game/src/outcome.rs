//! The end of the game, as the facade reports it.

use crate::Game;
use qm_core::outcome::Outcome;
pub use qm_core::outcome::{EndReason, GameResult};

impl Game {
    /// Whether the game is over: a rule family (the reference operations,
    /// from the scenario's victory conditions) has decided its result.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some())
    }

    /// The result, once the game is over: winner (`None` for a draw),
    /// reason, and each side's score (objective points held).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.world.get_resource::<Outcome>().and_then(|o| o.0.clone())
    }

    /// The objective points each side holds now (0 for both without
    /// victory conditions).
    #[must_use]
    pub fn score(&self) -> std::collections::BTreeMap<qm_core::ids::Side, u32> {
        qm_ops::score(&self.world)
    }

    /// Ground units (not installations nor bridgeheads) of each side on the
    /// map, as elimination counts them.
    #[must_use]
    pub fn ground_units(&self) -> std::collections::BTreeMap<qm_core::ids::Side, u32> {
        qm_ops::ground_units(&self.world, self.spec())
    }

    /// The result the scenario's turn limit would give if the game ended
    /// now; `None` without victory conditions.
    #[must_use]
    pub fn adjudicate(&self) -> Option<GameResult> {
        qm_ops::adjudicate(&self.world)
    }

    /// The scenario's objectives and their points (public knowledge).
    #[must_use]
    pub fn objectives(&self) -> Vec<(qm_core::ids::NodeId, u32)> {
        self.world.get_resource::<qm_ops::OpsData>().map(|d| d.0.objectives.clone()).unwrap_or_default()
    }

    /// The combat forecast: the scenario's combat table, every shift, and
    /// the defenders of a hex; `None` without the operations family.
    #[must_use]
    pub fn forecast(&self) -> Option<qm_ops::Forecast<'_>> {
        qm_ops::Forecast::new(&self.world)
    }

    /// The original controller of each node (the nation that held it at
    /// the start of the war), by node index.
    #[must_use]
    pub fn original_control(&self) -> qm_core::ids::NodeVec<Option<qm_core::ids::NationId>> {
        let mut out = qm_core::ids::NodeVec::from(vec![None; self.spec().map.node_count()]);
        if let Some(mut q) = self.world.try_query::<(&qm_core::components::MapNode, &qm_core::components::Control)>() {
            for (n, c) in q.iter(&self.world) {
                if let Some(slot) = out.get_mut(n.0) {
                    *slot = c.original;
                }
            }
        }
        out
    }

    /// The ground units on the map (not installations nor bridgeheads: what
    /// elimination counts) with their side, sorted by id.
    #[must_use]
    pub fn ground_unit_sides(&self) -> Vec<(qm_core::ids::UnitId, qm_core::ids::Side)> {
        let sides = self.nation_sides();
        let ruleset = &self.spec().ruleset;
        let Some(mut q) = self.world.try_query::<&qm_core::components::Unit>() else { return Vec::new() };
        let mut out: Vec<_> = q
            .iter(&self.world)
            .filter(|u| {
                ruleset
                    .unit_type(u.kind)
                    .is_some_and(|d| d.domain == qm_core::ruleset::Domain::Ground && !d.installation && !d.bridgehead)
            })
            .filter_map(|u| Some((u.id.clone(), sides.get(u.nation.index()).copied().flatten()?)))
            .collect();
        out.sort();
        out
    }

    /// The reports of the last reorganization (OIL-003..005), one per major
    /// power that reorganized; empty without the oil family.
    #[must_use]
    pub fn last_reorganization(&self) -> Vec<qm_oil::report::PowerReport> {
        self.world.get_resource::<qm_oil::Reorganizations>().map(|r| r.0.clone()).unwrap_or_default()
    }
}
