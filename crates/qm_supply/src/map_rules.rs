//! The ruleset's names resolved against one map (issue 7, part 4).
//!
//! A ruleset names places, regions, fronts and terrain by key and is shared
//! by every scenario; each scenario draws only part of the world. The
//! scenario compiler resolves those keys once, against the map it compiles,
//! into the ids below, so that no determination looks a name up again. A key
//! the ruleset does not declare is a load error; a declared key that this map
//! does not draw leaves the rule out of play here, and that is decided here,
//! once, by the rules each field documents.
//!
//! Every field is rule 30's (SUP-022, SUP-031, SUP-058, SUP-062, SUP-063,
//! SUP-081, SUP-182), so the type lives in its family's crate; the
//! scenario's static data holds it among the families' extensions
//! ([`qm_core::extension`], under [`MapRules::NAME`]) and
//! [`MapRules::of`] reads it back.

use crate::zoc_spread::ZocSpread;
use qm_core::ids::{FrontId, NodeId, RegionId, Tier};
use qm_core::spec::ScenarioSpec;
use serde::{Deserialize, Serialize};

/// What terrain lets through one node (SUP-063): the best supply traced into
/// it by land and out of it. `None`: nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeLimit {
    /// The node.
    pub node: NodeId,
    /// Best supply traced into it.
    pub max_in: Option<Tier>,
    /// Best supply traced out of it.
    pub max_out: Option<Tier>,
}

/// A restricted land route (SUP-062) whose region this map draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteOnMap {
    /// Index into the ruleset's `land_routes`.
    pub route: usize,
    /// The region it restricts entry into.
    pub region: RegionId,
    /// The links `(outside, inside)` it may enter by, among those drawn.
    pub via: Vec<(NodeId, NodeId)>,
    /// The nodes whose supply may use the links, among those drawn, sorted.
    pub from: Vec<NodeId>,
}

/// An origin limit (SUP-081) in play on this map: one of its origins is a
/// supply source here, and the map draws a front it names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginLimitOnMap {
    /// Index into the ruleset's `origin_limits`.
    pub limit: usize,
    /// Its origins that are supply sources on the map, sorted.
    pub from: Vec<NodeId>,
    /// The fronts it may not leave, among those drawn.
    pub within: Vec<FrontId>,
    /// The fronts it may not enter, among those drawn.
    pub not_into: Vec<FrontId>,
}

impl OriginLimitOnMap {
    /// Whether its supply may not reach a node on `front`.
    #[must_use]
    pub fn blocks(&self, front: Option<FrontId>) -> bool {
        (!self.within.is_empty() && !front.is_some_and(|f| self.within.contains(&f)))
            || front.is_some_and(|f| self.not_into.contains(&f))
    }
}

/// The ruleset's names resolved against one map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapRules {
    /// Nodes whose terrain limits supply (SUP-063), sorted by node; nodes
    /// with no limit, or a limit that lets full supply in and out, are not
    /// listed.
    pub terrain_limits: Vec<NodeLimit>,
    /// Restricted land routes whose region the map draws (SUP-062), in the
    /// ruleset's order.
    pub land_routes: Vec<RouteOnMap>,
    /// Origin limits in play (SUP-081), in the ruleset's order.
    pub origin_limits: Vec<OriginLimitOnMap>,
    /// Regions whose units are always supplied, among those drawn, with the
    /// tier (SUP-031).
    pub supplied_regions: Vec<(RegionId, Tier)>,
    /// By isolation exception of the ruleset, the region of a homeland
    /// exception if the map draws it (SUP-182); `None` for the others.
    pub homeland_regions: Vec<Option<RegionId>>,
    /// By neutral-box rule of the ruleset, the fronts it names that the map
    /// draws (SUP-022).
    pub neutral_box_fronts: Vec<Vec<FrontId>>,
    /// Where a zone of control extends from each node under the ruleset's
    /// options (ruling 7, SUP-058); empty when not decided (a scenario built
    /// by hand), and then a determination decides it itself.
    pub zoc_spread: ZocSpread,
}

impl MapRules {
    /// The name it is kept under in the scenario's extensions.
    pub const NAME: &'static str = "map_rules";

    /// Nothing resolved: no limit, route or region in play, no spread
    /// decided.
    pub const EMPTY: Self = Self {
        terrain_limits: Vec::new(),
        land_routes: Vec::new(),
        origin_limits: Vec::new(),
        supplied_regions: Vec::new(),
        homeland_regions: Vec::new(),
        neutral_box_fronts: Vec::new(),
        zoc_spread: ZocSpread::EMPTY,
    };

    /// The ruleset's names resolved against the scenario's map, as its
    /// compiler put them in; [`Self::EMPTY`] for a scenario built without
    /// them (by hand).
    #[must_use]
    pub fn of(spec: &ScenarioSpec) -> &Self {
        static EMPTY: MapRules = MapRules::EMPTY;
        spec.extensions.get::<Self>().unwrap_or(&EMPTY)
    }

    /// The terrain limit of a node, if it has one (SUP-063).
    #[must_use]
    pub fn terrain_limit(&self, node: NodeId) -> Option<&NodeLimit> {
        self.terrain_limits.binary_search_by_key(&node, |l| l.node).ok().map(|i| &self.terrain_limits[i])
    }
}
