//! What the stockpile orders read but never change: the map, control,
//! the sides (OIL-009..013).

use crate::orders::OilOrderError;
use crate::state::OilParams;
use crate::stockpile::{build_points_per_turn, hex_cap, major_capital_of};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, MapNode};
use qm_core::ids::{NationId, NodeId, NodeVec, Side};
use qm_core::map::Features;
use qm_core::nation::NationKind;
use qm_core::phase::GameClock;
use qm_core::spec::{ScenarioSpec, Spec};
use std::sync::Arc;

/// What the orders read but never change: the map, control, the sides.
#[derive(Clone, Debug)]
pub struct Board {
    /// The game turn.
    pub turn: u32,
    /// The scenario.
    pub spec: Arc<ScenarioSpec>,
    /// Current and original controller of each node.
    pub control: NodeVec<(Option<NationId>, Option<NationId>)>,
    /// The side of each nation (none while neutral or surrendered).
    pub sides: Vec<Option<Side>>,
    /// The family's parameters.
    pub params: OilParams,
}

impl Board {
    /// Reads the board of a world.
    #[must_use]
    pub fn read(world: &mut World) -> Self {
        let turn = world.get_resource::<GameClock>().map_or(0, |c| c.turn);
        let spec = world.resource::<Spec>().0.clone();
        let mut control = NodeVec::from(vec![(None, None); spec.map.node_count()]);
        for (n, c) in world.query::<(&MapNode, &Control)>().iter(world) {
            if let Some(slot) = control.get_mut(n.0) {
                *slot = (c.current, c.original);
            }
        }
        let sides = crate::paths::nation_sides(world, spec.ruleset.nations.len());
        let params = world.get_resource::<OilParams>().cloned().unwrap_or_default();
        Self { turn, spec, control, sides, params }
    }

    pub(super) fn label(&self, n: NodeId) -> String {
        self.spec.map.label(n).to_string()
    }

    pub(crate) fn key(&self, n: NationId) -> String {
        self.spec.ruleset.nations.get(n.index()).map_or_else(|| "?".into(), |d| d.key.clone())
    }

    pub(super) fn hex(&self, h: &str) -> Result<NodeId, OilOrderError> {
        self.spec.map.find(h).ok_or_else(|| OilOrderError::UnknownHex(h.into()))
    }

    pub(super) fn features(&self, n: NodeId) -> Features {
        self.spec.map.node(n).map_or(Features::empty(), |i| i.features)
    }

    pub(crate) fn controller(&self, n: NodeId) -> Option<NationId> {
        self.control.get(n).and_then(|c| c.0)
    }

    pub(super) fn side_of(&self, n: NationId) -> Option<Side> {
        self.sides.get(n.index()).copied().flatten()
    }

    /// Whether nation `n` controls a node of the map.
    pub(super) fn is_present(&self, n: NationId) -> bool {
        self.control.iter().any(|c| c.0 == Some(n))
    }

    pub(super) fn is_major(&self, n: NationId) -> bool {
        self.spec.ruleset.nations.get(n.index()).is_some_and(|d| d.kind == NationKind::Major)
    }

    /// A major power of `side`, by key.
    pub(crate) fn power_of(&self, side: Side, key: &str) -> Result<NationId, OilOrderError> {
        let n = self.spec.ruleset.nation_by_key(key).ok_or_else(|| OilOrderError::UnknownNation(key.into()))?;
        if self.is_major(n) && self.side_of(n) == Some(side) {
            Ok(n)
        } else {
            Err(OilOrderError::NotYourPower(key.into()))
        }
    }

    /// The major power whose capital `node` is (OIL-009, OIL-012).
    #[must_use]
    pub fn major_capital(&self, node: NodeId) -> Option<NationId> {
        let original = self.control.get(node).and_then(|c| c.1);
        major_capital_of(self.features(node), original, &self.spec.ruleset.nations)
    }

    /// What `node` holds of each of oil and build points (OIL-009, OIL-010).
    #[must_use]
    pub fn cap(&self, node: NodeId) -> u32 {
        hex_cap(self.features(node), self.major_capital(node).is_some())
    }

    /// A city or port that `power` controls, and its cap (OIL-009).
    pub(super) fn store(&self, h: &str, power: NationId) -> Result<(NodeId, u32), OilOrderError> {
        let node = self.hex(h)?;
        let cap = self.cap(node);
        if cap == 0 {
            return Err(OilOrderError::NotCityOrPort(self.label(node)));
        }
        if self.controller(node) != Some(power) {
            return Err(OilOrderError::NotControlled { hex: self.label(node), power: self.key(power) });
        }
        Ok((node, cap))
    }

    /// Saved build points `power` may take from `node` a turn (OIL-012):
    /// any number at its own capital (the hex is its capital as a major
    /// power, [`Board::major_capital`]), else 1 per city, port and factory.
    #[must_use]
    pub fn draw_limit(&self, node: NodeId, power: NationId) -> Option<u32> {
        let own_capital = self.major_capital(node) == Some(power);
        build_points_per_turn(self.features(node), own_capital, self.params.factories.get(&node).copied().unwrap_or(0))
    }
}
