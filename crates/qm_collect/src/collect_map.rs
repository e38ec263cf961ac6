//! What collection (COL-004..008) reads from a territory map: resource
//! values, homelands and colonies, saving places, naval trade, and the
//! convoy battle procedure of the ruleset (ruling 5).
//!
//! The scenario compiler puts the [`CollectMap`] into the scenario's
//! static data and the [`ConvoyRules`] into the compiled ruleset, among the
//! families' extensions ([`qm_core::extension`]); [`CollectMap::of`] and
//! [`ConvoyRules::of`] read them back. The kernel holds them without
//! naming their types.

use qm_core::ids::{NationId, NodeId, NodeVec};
use qm_core::map::Features;
use qm_core::ruleset::Ruleset;
use qm_core::spec::ScenarioSpec;
use serde::{Deserialize, Serialize};

/// Whose a territory is, for collection (COL-008).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Holding {
    /// Part of its original owner's homeland.
    #[default]
    Homeland,
    /// Part of a colony of its original owner (its `place`).
    Colony,
}

/// A place where resources are saved (COL-004): a nation's homeland or one
/// of its colonies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavingPlace {
    /// Key: the nation's key for a homeland, the colony's key otherwise.
    pub key: String,
    /// The nation that saves there.
    pub nation: NationId,
    /// A colony (not the homeland).
    pub colony: bool,
}

/// Index of a [`SavingPlace`] in [`CollectMap::places`].
pub type PlaceId = u16;

/// One territory's collection data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryEcon {
    /// Resource value (0 for a sea zone).
    pub value: u8,
    /// Homeland or colony of its original owner.
    pub holding: Holding,
    /// The place it belongs to: its original owner's homeland or colony
    /// (`None` for a sea zone or a territory of no nation).
    pub place: Option<PlaceId>,
    /// The place the map names for its resources (COL-004: islands and
    /// other territories whose saving place is printed on the map, and the
    /// routing of a nation's chart), used when it is a place of the
    /// collecting nation.
    pub saves_at: Option<PlaceId>,
    /// Gifted to this nation, which counts it as an original territory
    /// (COL-008: Hong Kong to China, Trieste to Italy).
    pub gifted_to: Option<NationId>,
    /// Incorporated: only incorporated territories hold supply centers
    /// (COL-005).
    pub incorporated: bool,
    /// A Middle East territory (MET-002): its income is tracked on the
    /// Middle East track, never collected as a territory's value.
    pub middle_east: bool,
}

/// A nation's naval-trade points in a sea zone (COL-006).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradePoints {
    /// The sea zone.
    pub zone: NodeId,
    /// The trading nation.
    pub nation: NationId,
    /// Points.
    pub points: u16,
}

/// The collection data of a territory map. Empty for a hex map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectMap {
    /// Per board node, in node order (empty for a hex map).
    pub territories: NodeVec<TerritoryEcon>,
    /// Saving places: homelands and colonies, sorted by key.
    pub places: Vec<SavingPlace>,
    /// Naval trade, sorted by `(zone, nation)`.
    pub trade: Vec<TradePoints>,
}

impl CollectMap {
    /// The name it is kept under in the scenario's extensions.
    pub const NAME: &'static str = "collect";

    /// No territory, place or trade: a hex map's.
    pub const EMPTY: Self = Self { territories: NodeVec::new(), places: Vec::new(), trade: Vec::new() };

    /// The collection data of a scenario, as its compiler put it in;
    /// [`Self::EMPTY`] for a hex map or a scenario built without it.
    #[must_use]
    pub fn of(spec: &ScenarioSpec) -> &Self {
        static EMPTY: CollectMap = CollectMap::EMPTY;
        spec.extensions.get::<Self>().unwrap_or(&EMPTY)
    }

    /// A territory's data (the default for a node out of range).
    #[must_use]
    pub fn econ(&self, node: NodeId) -> TerritoryEcon {
        self.territories.get(node).copied().unwrap_or_default()
    }

    /// The homeland place of a nation.
    #[must_use]
    pub fn homeland(&self, nation: NationId) -> Option<PlaceId> {
        self.places.iter().position(|p| p.nation == nation && !p.colony).map(|i| i as PlaceId)
    }

    /// The place with this key.
    #[must_use]
    pub fn place_by_key(&self, key: &str) -> Option<PlaceId> {
        self.places.iter().position(|p| p.key == key).map(|i| i as PlaceId)
    }

    /// The nation whose supply center node `n` would be (COL-005: a city,
    /// industrial complex or port, `features` being the node's, in an
    /// incorporated territory of one of the nation's places; a territory
    /// gifted to a nation belongs to its homeland, COL-008). It is one of
    /// that nation's supply centers while the nation controls it.
    #[must_use]
    pub fn center_nation(&self, n: NodeId, features: Features) -> Option<NationId> {
        let e = self.econ(n);
        if !e.incorporated || !features.intersects(Features::CITY | Features::IC | Features::PORT) {
            return None;
        }
        match e.gifted_to {
            Some(g) => self.homeland(g).map(|_| g),
            None => e.place.and_then(|p| self.places.get(p as usize)).map(|p| p.nation),
        }
    }

    /// The key of a place, or `?`.
    #[must_use]
    pub fn place_key(&self, place: PlaceId) -> &str {
        self.places.get(place as usize).map_or("?", |p| p.key.as_str())
    }
}

/// The convoy battle procedure (ruling 5, data of the ruleset; COL-006's
/// text ends before the battle is described). Defaults of ours: a six-sided
/// die; each escorting surface warship of the trading side rolls first and
/// drives off one submarine on 1; each remaining submarine rolls and sinks
/// one naval-trade point on 1 or 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ConvoyRules {
    /// Sides of the die.
    pub die: u8,
    /// A submarine's roll at or below this sinks one trade point.
    pub submarine_hits_on: u8,
    /// An escort's roll at or below this drives off one submarine.
    pub escort_hits_on: u8,
}

impl ConvoyRules {
    /// The name the ruleset writes it under (its section `convoy`).
    pub const NAME: &'static str = "convoy";

    /// Our defaults (ruling 5).
    pub const DEFAULT: Self = Self { die: 6, submarine_hits_on: 2, escort_hits_on: 1 };

    /// The convoy battle procedure of a compiled ruleset; the defaults for
    /// a ruleset compiled without one.
    #[must_use]
    pub fn of(ruleset: &Ruleset) -> &Self {
        ruleset.extensions.get::<Self>().unwrap_or(&Self::DEFAULT)
    }
}

impl Default for ConvoyRules {
    fn default() -> Self {
        Self::DEFAULT
    }
}
