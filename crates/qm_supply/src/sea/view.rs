//! [`SeaView`]: what validation and the default plan read, and its
//! building from a world.

use super::searches::SeaSearches;
use crate::context::SupplyContext;
use crate::land::LandFloods;
use crate::sea_log::SeaLog;
use crate::zones::ZoneLabels;
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{DeterminationKind, NationId, NodeId, NodeVec, Side, Tier, UnitId};
use qm_core::nation::{NationSides, NationStatus};
use qm_core::ruleset::Domain;
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::{HexStatus, UnitStatus, UnitSupply};
use qm_trace::{RefuelTree, TreeScratch};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A unit as sea supply sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitView {
    /// Id.
    pub id: UnitId,
    /// Nation.
    pub nation: NationId,
    /// Where it is.
    pub node: NodeId,
    /// Its supply status (from its side's last determination).
    pub status: UnitStatus,
    /// Inverted (used).
    pub inverted: bool,
    /// Factors.
    pub factors: u8,
    /// Its type's domain.
    pub domain: Domain,
    /// A destroyer (SUP-109).
    pub destroyer: bool,
    /// A bridgehead (SUP-075).
    pub bridgehead: bool,
}

/// What validation and the default plan read.
pub struct SeaView<'a> {
    /// Static data.
    pub spec: &'a ScenarioSpec,
    /// The determination's context.
    pub ctx: &'a SupplyContext,
    /// The side of every nation.
    pub sides: &'a NationSides,
    /// The land flood before any line lands.
    pub floods: &'a LandFloods,
    /// The zones.
    pub zones: &'a ZoneLabels,
    /// The player turn's sea log.
    pub log: &'a SeaLog,
    /// Every unit, sorted by id.
    pub units: Vec<UnitView>,
    /// The world, for what is looked up only now and then (hex statuses of
    /// bases).
    pub world: &'a World,
    /// Nodes holding a bridgehead of the side, sorted (SUP-075).
    pub bridgeheads: Vec<NodeId>,
    /// Marks of the reach and route searches (one entry a node, left as
    /// found by each search), shared so that a search costs its area, not
    /// the map.
    pub(super) route_scratch: RefCell<NodeVec<u32>>,
    /// What [`SeaView::sea_reach`] found, by landing place: the initial
    /// zones (SUP-139), the default plan and its greedy start ask the same
    /// questions of the same view.
    reach_memo: RefCell<BTreeMap<NodeId, Reached>>,
    /// What [`SeaView::route`] found, by `(from, to, via)`.
    pub(super) route_memo: RefCell<BTreeMap<RouteKey, Option<Vec<NodeId>>>>,
    /// The origins a route of one leg could reach each landing place from,
    /// sorted: [`SeaView::route`] searches no route from an origin outside
    /// them.
    pub(super) route_reach_memo: RefCell<BTreeMap<NodeId, Arc<[NodeId]>>>,
    /// The routes of each origin a route was asked from, searched once
    /// (most origins in reach of a landing place have none to it, and a
    /// search that finds nothing walks the origin's whole range).
    pub(super) trees: RefCell<BTreeMap<NodeId, Arc<RefuelTree>>>,
    /// Marks of the origins' searches, left as found by each.
    pub(super) tree_scratch: RefCell<TreeScratch>,
}

/// The origins within range of a landing place, with their distances,
/// shared by everything that asks a view for them.
pub type Reached = Arc<[(NodeId, u32)]>;

/// A route asked of a view: from, to, and the ports it must pass through.
pub(super) type RouteKey = (NodeId, NodeId, Vec<NodeId>);

/// The side and determination a view is for.
pub(super) fn side_kind(v: &SeaView<'_>) -> Option<(Side, DeterminationKind)> {
    Some((v.ctx.side?, v.ctx.kind?))
}

impl SeaView<'_> {
    /// The origins a sea line could come from to `to` within range
    /// (SUP-090): sea hexes count against the range, ports refuel it, box
    /// sea areas are passable; with the distance of each. Searched once a
    /// view: what it reads does not change while the view lives.
    #[must_use]
    pub fn sea_reach(&self, to: NodeId) -> Reached {
        if let Some(found) = self.reach_memo.borrow().get(&to) {
            return Arc::clone(found);
        }
        let map = &self.spec.map;
        let found = qm_trace::bfs_reach_refuel(
            &map.sea,
            qm_trace::EdgeKinds::SEA,
            to,
            self.spec.ruleset.sea.range,
            |x| self.is_sea(x) || self.port(x) || map.box_sea(x).is_some(),
            |x| self.is_sea(x),
            |x| self.port(x),
            &mut self.route_scratch.borrow_mut(),
        )
        .into();
        self.reach_memo.borrow_mut().insert(to, Arc::clone(&found));
        found
    }

    pub(super) fn unit(&self, id: &str) -> Option<&UnitView> {
        self.units.binary_search_by(|u| u.id.as_str().cmp(id)).ok().map(|i| &self.units[i])
    }

    pub(crate) fn side_of(&self, n: NationId) -> Option<Side> {
        self.sides.side_of(n)
    }

    pub(super) fn friendly(&self, n: NodeId) -> bool {
        self.ctx.friendly.get(n).copied().unwrap_or(false)
    }

    /// Whether the side holds anything at `n` in any chunk of the flood.
    pub(super) fn holds(&self, n: NodeId) -> bool {
        (0..self.floods.floods.len()).any(|c| self.floods.mask(c, n) != 0)
    }

    /// The best tier the flood gives any nation of the side at `n`.
    pub(super) fn best_tier(&self, n: NodeId) -> Option<Tier> {
        self.ctx
            .classes
            .of_nation
            .iter()
            .flatten()
            .filter_map(|&c| self.ctx.classes.best(self.floods.mask(self.ctx.classes.slot(c).chunk, n), c).map(|t| t.0))
            .max()
    }

    /// The best tier a line from `from` lands at `to`: what the flood holds
    /// at the origin, less the supply of limited origins that may not reach
    /// `to` (SUP-081, SUP-086).
    pub(super) fn best_tier_into(&self, from: NodeId, to: NodeId) -> Option<Tier> {
        let block = self.ctx.limit_block(to);
        self.ctx
            .classes
            .of_nation
            .iter()
            .flatten()
            .filter_map(|&c| {
                let mask = self.floods.mask(self.ctx.classes.slot(c).chunk, from) & !block;
                self.ctx.classes.best(mask, c).map(|t| t.0)
            })
            .max()
    }

    /// Whether nation `n` is at war (not neutral, not surrendered).
    pub(super) fn at_war(&self, n: NationId) -> bool {
        self.ctx.nations.get(n.index()).is_some_and(|s| s.status == NationStatus::Active)
    }

    /// Transports of `pool` left to the side this player turn, after `planned`
    /// more lines (SUP-078..082).
    pub(super) fn transports_left(&self, pool: &str, planned: usize) -> u32 {
        let Some((side, _)) = side_kind(self) else { return 0 };
        let used = self.log.transports_used.get(pool).copied().unwrap_or(0);
        self.spec.transports_of(side, pool).saturating_sub(used + planned as u32)
    }

    /// A base is operational for its side: fully supplied (SUP-144, SUP-145,
    /// SUP-201, SUP-202). A box is always operational. A hex that no
    /// determination has given a status yet (the scenario's first player
    /// turns) counts as operational: the statuses the scenario gives its
    /// units stand for the previous player turn (SUP-144, SUP-145).
    pub(super) fn operational(&self, n: NodeId) -> bool {
        let status = self
            .world
            .get_resource::<qm_core::state::EntityIndex>()
            .and_then(|ix| ix.nodes.get(n))
            .and_then(|&e| self.world.get::<qm_core::supply::HexSupply>(e))
            .and_then(|h| h.status);
        !self.spec.map.is_hex(n) || matches!(status, None | Some(HexStatus::Full))
    }
}

/// Builds a [`SeaView`] from a world after the context, land and zones
/// stages have run (a preview, or the determination itself).
#[must_use]
pub fn view(world: &World) -> Option<SeaView<'_>> {
    view_with(world, SeaSearches::default())
}

/// [`view`], starting from `searches`, made for the same side while it held
/// the same ports ([`super::searches`]).
pub(super) fn view_with(world: &World, searches: SeaSearches) -> Option<SeaView<'_>> {
    let ctx = world.get_resource::<SupplyContext>()?;
    let floods = world.get_resource::<LandFloods>()?;
    let zones = world.get_resource::<ZoneLabels>()?;
    let log = world.get_resource::<SeaLog>()?;
    view_over(world, ctx, (floods, zones, log), searches)
}

/// A [`SeaView`] of `world` over a given context, land flood, zones and sea
/// log (all borrowed for the view's life).
pub(super) fn view_over<'a>(
    world: &'a World,
    ctx: &'a SupplyContext,
    (floods, zones, log): (&'a LandFloods, &'a ZoneLabels, &'a SeaLog),
    searches: SeaSearches,
) -> Option<SeaView<'a>> {
    let spec = &world.get_resource::<Spec>()?.0;
    let mut units: Vec<UnitView> = world
        .try_query::<(&Unit, &Location, &UnitSupply, &UnitFlags)>()?
        .iter(world)
        .filter_map(|(u, l, s, f)| {
            let def = spec.ruleset.unit_type(u.kind)?;
            Some(UnitView {
                id: u.id.clone(),
                nation: u.nation,
                node: l.node,
                status: s.status,
                inverted: f.bits.contains(UnitFlagBits::INVERTED),
                factors: u.factors,
                domain: def.domain,
                destroyer: def.destroyer,
                bridgehead: def.bridgehead,
            })
        })
        .collect();
    units.sort_by(|a, b| a.id.cmp(&b.id));
    let sides = world.get_resource::<NationSides>()?;
    let mut bridgeheads: Vec<NodeId> =
        units.iter().filter(|u| u.bridgehead && sides.side_of(u.nation) == ctx.side).map(|u| u.node).collect();
    bridgeheads.sort_unstable();
    bridgeheads.dedup();
    let SeaSearches { reach, route, route_reach, trees } = searches;
    Some(SeaView {
        spec,
        ctx,
        sides,
        bridgeheads,
        floods,
        zones,
        log,
        units,
        world,
        route_scratch: RefCell::default(),
        reach_memo: RefCell::new(reach),
        route_memo: RefCell::new(route),
        route_reach_memo: RefCell::new(route_reach),
        trees: RefCell::new(trees),
        tree_scratch: RefCell::default(),
    })
}

impl SeaView<'_> {
    /// What this view searched, for the next view of the same side and
    /// ports ([`super::searches`]).
    pub(super) fn take_searches(&self) -> SeaSearches {
        SeaSearches {
            reach: self.reach_memo.take(),
            route: self.route_memo.take(),
            route_reach: self.route_reach_memo.take(),
            trees: self.trees.take(),
        }
    }
}
