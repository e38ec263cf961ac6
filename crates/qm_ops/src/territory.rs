//! Operations on a territory map: a unit's supply (its nation's line of
//! supply to a supply center, COL-005), its capabilities under it, where it
//! may move, which territories it attacks and where a defender retreats.
//!
//! Movement is counted in territories entered ([`crate::data::TerritoryOps`]),
//! over the `LAND` edges between land territories: into territories of its
//! own side, and into empty ones of an enemy at war, where the move ends
//! and control changes; never into a territory holding enemy ground units,
//! nor into a neutral or uncontrolled one, except the independent Middle
//! East territories (MET-002), entered as an enemy's: captured or
//! liberated like any other land territory, but taken only by the side of
//! the track's markers (`Ruleset::middle_east`; [`middle_east_taker`]).
//! There are no zones of control.

use crate::movement::GROUND;
use crate::view::{UnitInfo, View};
use qm_collect::collect_map::CollectMap;
use qm_collect::middle_east::MiddleEastRules;
use qm_core::ids::{NationId, NodeId, NodeVec, Side};
use qm_core::map::NodeKind;
use qm_core::nation::NationSides;
use qm_core::ruleset::Domain;
use qm_core::spec::ScenarioSpec;
use qm_core::supply::{UnitStatus, UnitSupply};
use qm_supply::capabilities::{Site, UnitCapabilities, unit_capabilities};
use qm_trace::{EdgeKinds, Reach, bfs_distances, bounded_reach};
use std::collections::BTreeMap;

/// How the units of a territory map are supplied.
pub(crate) enum TerritorySupply {
    /// By rule 30's determinations (the supply family is in the ruleset):
    /// each unit's `UnitSupply`.
    Rule30,
    /// By lines of supply (the collection family keeps treasuries, COL-005):
    /// per nation with ground units, whether each node traces to one of its
    /// supply centers.
    Lines(BTreeMap<NationId, NodeVec<bool>>),
    /// Always (no supply rule in the ruleset).
    Always,
}

impl View<'_> {
    /// Whether `t` is a land territory.
    fn is_territory(&self, t: NodeId) -> bool {
        self.spec.map.kind(t) == Some(NodeKind::Territory)
    }

    /// Whether a ground unit may attack from `from` into `to`: on a hex map,
    /// any adjacent node; on a territory map, an adjacent land territory
    /// (across a land border, not by sea).
    pub(crate) fn attack_adjacent(&self, from: NodeId, to: NodeId) -> bool {
        let map = &self.spec.map;
        if map.is_hex_map() {
            map.adjacent(from).any(|x| x == to)
        } else {
            map.land.neighbors(from, GROUND).any(|x| x == to) && self.is_territory(to)
        }
    }

    /// The side of the nation controlling `t`, if that nation is at war.
    fn belligerent_controller(&self, t: NodeId) -> Option<Side> {
        let c = self.control.get(t).copied().flatten()?;
        self.side(c).filter(|_| self.at_war(c))
    }

    /// Whether `t` is an independent Middle East territory: no one
    /// controls it (MET-002).
    fn independent(&self, t: NodeId) -> bool {
        CollectMap::of(self.spec).econ(t).middle_east && self.control.get(t).copied().flatten().is_none()
    }

    /// Where a ground unit of `side` at `from` may move with `mp`
    /// territories: see the module's documentation.
    pub(crate) fn territory_reach(&self, from: NodeId, side: Side, mp: u32) -> Reach {
        let enter = |_: NodeId, t: NodeId| {
            let open = self.belligerent_controller(t).is_some() || self.independent(t);
            (self.is_territory(t) && !self.enemy_at(t, side) && open).then_some(1)
        };
        let ends = |t: NodeId| self.belligerent_controller(t) == Some(side.other()) || self.independent(t);
        bounded_reach(&self.spec.map.land, GROUND, from, mp, enter, ends)
    }

    /// The territory a defeated defender of `side` retreats to: an adjacent
    /// land territory its side controls, free of enemy ground units, the
    /// lowest node first. `None` if there is none or the unit may not move.
    pub(crate) fn territory_retreat(&self, u: &UnitInfo, side: Side) -> Option<NodeId> {
        if !self.caps(u).can_move {
            return None;
        }
        let mut options: Vec<NodeId> = self
            .spec
            .map
            .land
            .neighbors(u.node, GROUND)
            .filter(|&n| self.is_territory(n) && !self.enemy_at(n, side) && self.friendly(n, side))
            .collect();
        options.sort_unstable();
        options.first().copied()
    }

    /// A unit's capabilities on a territory map: those of its supply status
    /// (full, or isolated when out of supply), with its movement the
    /// scenario's allowance in territories for that status.
    pub(crate) fn territory_caps(&self, u: &UnitInfo) -> UnitCapabilities {
        let supply = match self.territory_supply() {
            TerritorySupply::Rule30 => u.supply.clone(),
            TerritorySupply::Lines(reached) => {
                let reached = |n: NodeId| reached.get(&u.unit.nation).and_then(|r| r.get(n)).copied();
                // A unit in an independent Middle East territory, which
                // passes no line (MET-002), traces from a neighbour.
                let traced = reached(u.node) == Some(true)
                    || (self.independent(u.node) && self.spec.map.adjacent(u.node).any(|n| reached(n) == Some(true)));
                let status = if traced { UnitStatus::Full } else { UnitStatus::Isolated };
                UnitSupply { status, ..UnitSupply::default() }
            }
            TerritorySupply::Always => UnitSupply::default(),
        };
        let site = Site { hex: self.spec.map.node(u.node), home: false, bridgehead: false };
        let mut caps = unit_capabilities(&self.spec.ruleset, &u.unit, &u.flags, &supply, &site);
        let t = self.ops.rules.territory;
        let allowance = if caps.status == UnitStatus::Isolated { t.unsupplied } else { t.movement };
        caps.movement = u8::try_from(allowance).unwrap_or(u8::MAX);
        caps.can_move &= allowance > 0;
        caps
    }
}

/// How the units of a territory map are supplied, read from the view: see
/// [`TerritorySupply`].
pub(crate) fn territory_supply(v: &View<'_>) -> TerritorySupply {
    if v.spec.ruleset.families.iter().any(|f| f == qm_supply::FAMILY) {
        return TerritorySupply::Rule30;
    }
    if v.treasury.is_none() {
        return TerritorySupply::Always;
    }
    let mut nations: Vec<NationId> = v
        .units
        .values()
        .filter(|u| v.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.domain == Domain::Ground))
        .map(|u| u.unit.nation)
        .collect();
    nations.sort_unstable();
    nations.dedup();
    TerritorySupply::Lines(nations.into_iter().map(|n| (n, traced_from_centers(v, n))).collect())
}

/// Per node, whether it traces a line of supply to a supply center of
/// `nation` (COL-005): a city, industrial complex or port in an
/// incorporated territory of one of its places that it controls. The line
/// runs through land territories of its side and through sea zones that
/// hold no enemy surface warship (ruling 4), as collection traces it.
fn traced_from_centers(v: &View<'_>, nation: NationId) -> NodeVec<bool> {
    let map = &v.spec.map;
    let cm = CollectMap::of(v.spec);
    let centers: Vec<NodeId> = map
        .board_nodes()
        .filter(|&n| v.control.get(n).copied().flatten() == Some(nation))
        .filter(|&n| map.node(n).is_some_and(|i| cm.center_nation(n, i.features) == Some(nation)))
        .collect();
    let mut closed = NodeVec::from(vec![false; map.node_count()]);
    for s in v.units.values() {
        let surface = v
            .spec
            .ruleset
            .unit_type(s.unit.kind)
            .is_some_and(|d| d.domain == Domain::Naval && !d.submarine && !d.transport);
        if surface
            && v.side(s.unit.nation).zip(v.side(nation)).is_some_and(|(a, b)| a != b)
            && let Some(c) = closed.get_mut(s.node)
        {
            *c = true;
        }
    }
    let pass = |n: NodeId| match map.kind(n) {
        Some(NodeKind::Territory) => v.control.get(n).copied().flatten().is_some_and(|c| v.same_side(c, nation)),
        Some(NodeKind::SeaZone) => !closed.get(n).copied().unwrap_or(true),
        _ => false,
    };
    bfs_distances(&map.adjacency, EdgeKinds::ALL, &centers, u32::MAX, pass).into_iter().map(|d| d != u32::MAX).collect()
}

/// Who controls Middle East territory `t` after `nation` takes it
/// (MET-002): `nation`, if it is of the side of a marker of the track
/// (MET-003, MET-004: Germany and Italy, and the Axis minors); otherwise
/// it is liberated, back to its original controller (none: independent).
/// `None` when `t` is not a Middle East territory.
pub(crate) fn middle_east_taker(
    spec: &ScenarioSpec,
    sides: &NationSides,
    t: NodeId,
    nation: NationId,
    original: Option<NationId>,
) -> Option<Option<NationId>> {
    if spec.map.is_hex_map() || !CollectMap::of(spec).econ(t).middle_east {
        return None;
    }
    let marker_side = MiddleEastRules::of(&spec.ruleset).markers.iter().find_map(|k| {
        let n = spec.ruleset.nation_by_key(k)?;
        sides.side_of(n)
    });
    let takes = marker_side.is_some_and(|s| sides.is_on(nation, s));
    Some(if takes { Some(nation) } else { original })
}
