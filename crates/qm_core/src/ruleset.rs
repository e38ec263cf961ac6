//! Rulesets: the data that parameterises the rules (unit types, terrain, zones
//! of control, supply-source classes and cooperation).
//!
//! A ruleset is loaded from `assets/rulesets/*.ron` by `qm_scenario`, which
//! resolves every name into the ids used here.

use crate::condition::Condition;
use crate::ids::{FactionId, NationId, Tier};
use crate::nation::NationDef;
use serde::{Deserialize, Serialize};

/// Land, air or sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Domain {
    /// Ground units: supplied by lines, isolated, eliminated (SUP-177).
    Ground,
    /// Air units: take their base hex's status (SUP-010).
    Air,
    /// Naval units: take their base hex's status (SUP-010).
    Naval,
}

/// A unit type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitTypeDef {
    /// Key used in files (`arm`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// Ground, air or naval.
    pub domain: Domain,
    /// Armor: exerts the zone of control that SUP-058 names, loses its
    /// mechanized component in partial supply (SUP-150).
    pub armor: bool,
    /// Has a mechanized component that a limited source does not supply
    /// (SUP-037). Theaters where it is lost are in `mech_lost_in`.
    pub mechanized: bool,
    /// Has an airborne component that a limited source does not supply
    /// (SUP-037, SUP-155).
    pub airborne: bool,
    /// Partisan: needs no supply (SUP-007, SUP-194), blocks enemy lines
    /// (SUP-060).
    pub partisan: bool,
    /// Chindit: always at least partially supplied (SUP-195).
    pub chindit: bool,
    /// Headquarters.
    pub hq: bool,
    /// Exerts a zone of control when supplied (ruling 7).
    pub zoc: bool,
    /// Construction cost in BRPs (SUP-190 doubles it in the turn of
    /// elimination).
    pub cost: u16,
    /// Movement factor by theater `[europe, pacific]`. For air units, the
    /// most hexes flown between two air bases when redeploying (SUP-175,
    /// SUP-205: the bases a redeployment stops in are the bases it passes
    /// through); our stand-in for the air ranges of rule 21, which is not
    /// among the texts.
    pub movement: [u8; 2],
    /// When the unit loses its mechanized component in partial supply
    /// (SUP-150: armor in both theaters, British and American mechanized
    /// infantry in Europe). `None`: never.
    pub mech_loss: Option<MechLoss>,
    /// Naval: destroyers, which a force protecting a sea line needs
    /// (SUP-109).
    pub destroyer: bool,
    /// Naval: transports, which carry sea supply from boxes (SUP-078..082).
    pub transport: bool,
    /// Naval: submarines (they may intercept, SUP-125).
    pub submarine: bool,
    /// An airbase, rocket base or bridgehead: not a fighting unit, takes its
    /// hex's status, eliminated by isolation but not by partial supply
    /// (SUP-172, SUP-177).
    pub installation: bool,
    /// A bridgehead placed by seaborne invasion (SUP-034, SUP-035, SUP-197).
    pub bridgehead: bool,
    /// An airbase: air units of its side may be based in (and redeploy into
    /// or through) its hex, as in a city or port (SUP-175, SUP-205).
    pub air_base: bool,
    /// Factors of a unit of this type unless the scenario says otherwise
    /// (the weight of a naval or air unit in an interception contest).
    pub factors: u8,
    /// Oil cost to reorganize it, in tenths of an oil point (MWIF 27.1,
    /// OIL-003: 0.1 or 0.2 for air, naval, motorized, mechanized and armor
    /// units, 0.4 for HQ-I, 0.6 for HQ-A). 0: not oil dependent, the
    /// default, so rulesets without oil data are unchanged.
    #[serde(default)]
    pub oil: u8,
}

/// Where and for whom a unit type loses its mechanized component when not
/// fully supplied (SUP-150..152).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MechLoss {
    /// Theaters where it applies; empty: all.
    pub theaters: Vec<crate::ids::Theater>,
    /// Nations it applies to; empty: all.
    pub nations: Vec<NationId>,
}

impl MechLoss {
    /// Whether a unit of `nation` in `theater` is affected.
    #[must_use]
    pub fn applies(&self, nation: NationId, theater: crate::ids::Theater) -> bool {
        (self.theaters.is_empty() || self.theaters.contains(&theater))
            && (self.nations.is_empty() || self.nations.contains(&nation))
    }
}

/// A terrain type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainDef {
    /// Key used in files (`clear`).
    pub key: String,
    /// The character that stands for it in ASCII map layers.
    pub code: char,
    /// Land (true) or all-sea (false).
    pub land: bool,
    /// Jungle (SUP-181).
    pub jungle: bool,
    /// Mountain.
    pub mountain: bool,
}

/// Who receives supply from a source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recipients {
    /// The units of the source's owner (SUP-033: a minor country's own units).
    Owner,
    /// The units of the nation controlling the source.
    Controller,
    /// The units of every nation on the controller's side, subject to the
    /// cooperation table (SUP-042, SUP-043, SUP-059).
    ControllerSide,
    /// The units of these factions, subject to the cooperation table.
    Factions(Vec<FactionId>),
    /// The units of these nations (SUP-040: Russian units only).
    Nations(Vec<NationId>),
}

/// One grant of a source: whom it supplies and how well.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// Recipients.
    pub to: Recipients,
    /// Full (unlimited) or partial (limited).
    pub tier: Tier,
}

/// A case of a source class: when `when` holds, the source grants `grants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceCase {
    /// The condition, evaluated with the source's owner and controller.
    pub when: Condition,
    /// What the source grants. Empty: the source supplies no one
    /// (SUP-041: an enemy-held capital of a country not surrendered).
    pub grants: Vec<Grant>,
}

/// A class of supply source (SUP-016..053): the first case whose condition
/// holds decides what a source of this class supplies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceClassDef {
    /// Key used in files (`axis-capital`).
    pub key: String,
    /// The rule paragraphs it implements, for explanations.
    pub rules: String,
    /// Supplies only the units in its own hex (SUP-040, SUP-045), and only
    /// those that began the player turn there (SUP-047, SUP-048).
    pub own_hex_only: bool,
    /// A bridgehead: traces nothing out when in an enemy zone of control
    /// (SUP-034, SUP-057).
    pub bridgehead: bool,
    /// The cases, in order.
    pub cases: Vec<SourceCase>,
}

/// A cooperation entry (SUP-050..053): sources controlled by faction `source`
/// supply units of faction `unit` at most at `max` (none if `max` is `None`)
/// while `when` holds. Between two factions with no entry, no supply passes;
/// within one faction, full supply does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cooperation {
    /// Faction controlling the source.
    pub source: FactionId,
    /// Faction of the unit.
    pub unit: FactionId,
    /// The best supply allowed.
    pub max: Option<Tier>,
    /// When the entry applies.
    pub when: Condition,
}

/// Zone-of-control options (ruling 7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZocRules {
    /// A friendly ground unit in a hex cancels enemy zones of control there
    /// for supply. Off by default: the text says "free of enemy zocs".
    pub friendly_units_negate: bool,
    /// Zones of control extend into fortified hexes. Off by default (SUP-058).
    pub into_fortified: bool,
    /// Zones of control extend across all-sea hexsides. Off by default.
    pub across_all_sea: bool,
    /// Units with a mechanized component lose their zone of control when
    /// partially supplied or isolated (SUP-152). On by default.
    pub lost_when_mech_lost: bool,
}

impl Default for ZocRules {
    fn default() -> Self {
        Self { friendly_units_negate: false, into_fortified: false, across_all_sea: false, lost_when_mech_lost: true }
    }
}

/// A terrain limit on land lines (SUP-063): what may be traced into and out
/// of hexes of a terrain, optionally only in one region.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainLimit {
    /// The terrain key.
    pub terrain: String,
    /// The region key, or any region.
    pub region: Option<String>,
    /// Best supply that may be traced into such a hex (`None`: none).
    pub max_in: Option<Tier>,
    /// Best supply that may be traced out of such a hex (`None`: none).
    pub max_out: Option<Tier>,
    /// Named places exempt from the limit, with the best supply that may be
    /// traced into and out of them.
    pub except: Vec<TerrainException>,
}

/// A place exempt from a [`TerrainLimit`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainException {
    /// The place name (`port-moresby`).
    pub place: String,
    /// Best supply traced into it by land.
    pub max_in: Option<Tier>,
    /// Best supply traced out of it.
    pub max_out: Option<Tier>,
}

/// A restricted land route (SUP-062): supply from sources controlled by
/// `faction` may enter `into_region` by land only over the `via` links, only
/// while `when` holds, and only if it comes from one of the `from` sources.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandRoute {
    /// The rule paragraphs it implements.
    pub rules: String,
    /// The faction whose supply is restricted.
    pub faction: FactionId,
    /// The region key it restricts entry into.
    pub into_region: String,
    /// Place-name links `(outside, inside)` the supply may enter by.
    pub via: Vec<(String, String)>,
    /// Source places or box keys whose supply may use the links.
    pub from: Vec<String>,
    /// When the links are open.
    pub when: Condition,
}

/// How far supply from named origins may extend (SUP-081: supply from the
/// South Africa box stays within the Mediterranean front; supply from the
/// India box stays out of Australia and the Pacific front).
///
/// Fronts are drawn by the scenario's map (a block's `front`). A limit is in
/// play on a map that has one of its origins as a supply source and draws at
/// least one of the fronts it names; `within` applies only if the map draws
/// one of its fronts, and then every hex outside them is beyond it. Its
/// supply neither spreads by land into a hex it may not reach nor lands
/// there by sea; other supply on the same lines is not affected.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OriginLimit {
    /// The rule paragraphs it implements.
    #[serde(default)]
    pub rules: String,
    /// Source places or box keys whose supply is limited (`south-africa`).
    pub from: Vec<String>,
    /// Front keys it may not leave; empty: none.
    #[serde(default)]
    pub within: Vec<String>,
    /// Front keys it may not enter; empty: none.
    #[serde(default)]
    pub not_into: Vec<String>,
}

/// Sea lines from the boxes of a nation that is not at war (SUP-022: from
/// the U.S. box to Western Europe while the U.S. is not at war with the
/// Axis, protected only by British and French naval units).
///
/// A box whose owner is not at war sends sea lines only under such a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeutralBoxRule {
    /// The rule paragraphs it implements.
    pub rules: String,
    /// The box owner (`usa`).
    pub owner: NationId,
    /// The only nations whose units may protect (or fly cover for) its
    /// lines meanwhile.
    pub protectors: Vec<NationId>,
    /// Front keys its lines must end on meanwhile (Western Europe); empty,
    /// or none drawn on the map: anywhere the box may send.
    pub fronts: Vec<String>,
}

/// A circumstance in which isolated ground units are not eliminated
/// (SUP-178..183).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IsolationException {
    /// In a fortress or fortification (SUP-179).
    Fortified,
    /// In a port or a one-hex island of this theater (SUP-180).
    PortOrIsland(crate::ids::Theater),
    /// Units of these nations in jungle terrain (SUP-181: Japanese units,
    /// not Thai, Wang or INA ones).
    Jungle(Vec<NationId>),
    /// Units of these nations in this region (SUP-182: Chinese units in
    /// China).
    Homeland(Vec<NationId>, String),
}

/// Sea supply parameters (SUP-090, ruling 9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaRules {
    /// The most sea hexes a line may cross between two ports (or from its
    /// origin): our stand-in for 21.3612 (SUP-090).
    pub range: u32,
    /// How far (in hexes) from its base a naval or air unit reaches a sea
    /// line to protect or attack it.
    pub reach: u32,
    /// The die of the interception contest (ruling 9): each protecting and
    /// each attacking unit rolls it and adds its factors; the line is
    /// disrupted if the attackers' total is higher.
    pub die: u32,
}

impl Default for SeaRules {
    fn default() -> Self {
        Self { range: 10, reach: 6, die: 6 }
    }
}

/// A complete ruleset, as the scenario compiler makes it (serialized for
/// its fingerprint, never read back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruleset {
    /// Display name.
    pub name: String,
    /// The rule families it uses, in the order they register
    /// ([`crate::plugin`]): `["awaw-supply", "ops"]` for rule 30 with the
    /// reference operations.
    pub families: Vec<String>,
    /// The rule families' own sections of the ruleset, by type, each
    /// written under its name at this place ([`crate::extension`]): the
    /// convoy battle procedure (`convoy`, ruling 5, COL-006:
    /// `qm_collect::collect_map::ConvoyRules`) and the Middle East track
    /// (`middle_east`, MET-003..006, no markers: no track:
    /// `qm_collect::middle_east::MiddleEastRules`). The scenario compiler
    /// always puts both in, so that the fingerprint hashes what it always
    /// did.
    #[serde(flatten)]
    pub extensions: crate::extension::Extensions,
    /// Terrain types, indexed by [`TerrainId`](crate::ids::TerrainId).
    pub terrain: Vec<TerrainDef>,
    /// Unit types, indexed by [`UnitTypeId`](crate::ids::UnitTypeId).
    pub unit_types: Vec<UnitTypeDef>,
    /// Faction keys, indexed by [`FactionId`].
    pub factions: Vec<String>,
    /// Nations, sorted by key, indexed by [`NationId`].
    pub nations: Vec<NationDef>,
    /// Source classes, indexed by [`SourceClassId`](crate::ids::SourceClassId).
    pub source_classes: Vec<SourceClassDef>,
    /// The cooperation table.
    pub cooperation: Vec<Cooperation>,
    /// Zone-of-control options.
    pub zoc: ZocRules,
    /// Terrain limits on land lines.
    pub terrain_limits: Vec<TerrainLimit>,
    /// Restricted land routes (SUP-062).
    pub land_routes: Vec<LandRoute>,
    /// Regions whose ground units are always supplied, and how well
    /// (SUP-031: Ethiopia, unlimited).
    pub supplied_regions: Vec<(String, Tier)>,
    /// Nations whose units are always fully supplied in their own home
    /// territory (SUP-196: Japanese units in Japan).
    pub home_supplied: Vec<NationId>,
    /// When isolated units survive elimination (SUP-178..183).
    pub isolation_exceptions: Vec<IsolationException>,
    /// Sea supply parameters.
    pub sea: SeaRules,
    /// How far supply from named origins may extend (SUP-081).
    pub origin_limits: Vec<OriginLimit>,
    /// Sea lines from boxes of nations not at war (SUP-022).
    pub neutral_boxes: Vec<NeutralBoxRule>,
    /// Source classes implied by hex features, as `(feature, class)`:
    /// every industrial centre is an own-hex limited source (SUP-045).
    pub feature_sources: Vec<(crate::map::Feature, crate::ids::SourceClassId)>,
    /// The region keys the rules and the maps may name, sorted. A map's
    /// regions are among them.
    pub regions: Vec<String>,
    /// The front keys the rules and the maps may name, sorted. A map's
    /// fronts are among them.
    pub fronts: Vec<String>,
    /// The place names and box keys the rules name, sorted. A map need not
    /// draw them all.
    pub places: Vec<String>,
}

impl Ruleset {
    /// The nation with this key.
    #[must_use]
    pub fn nation_by_key(&self, key: &str) -> Option<NationId> {
        self.nations.binary_search_by(|n| n.key.as_str().cmp(key)).ok().map(|i| NationId(i as u16))
    }

    /// The nation definition for an id.
    #[must_use]
    pub fn nation(&self, id: NationId) -> Option<&NationDef> {
        self.nations.get(id.index())
    }

    /// The key of a nation, or `?` for an unknown id.
    #[must_use]
    pub fn nation_key(&self, id: NationId) -> &str {
        self.nation(id).map_or("?", |n| n.key.as_str())
    }

    /// The unit type for an id.
    #[must_use]
    pub fn unit_type(&self, id: crate::ids::UnitTypeId) -> Option<&UnitTypeDef> {
        self.unit_types.get(id.index())
    }

    /// The best supply sources of faction `source` give units of faction
    /// `unit` under the cooperation table (SUP-050..053).
    #[must_use]
    pub fn cooperation_cap(
        &self,
        source: FactionId,
        unit: FactionId,
        ctx: &crate::condition::CondCtx<'_>,
    ) -> Option<Tier> {
        if source == unit {
            return Some(Tier::Full);
        }
        self.cooperation
            .iter()
            .filter(|c| c.source == source && c.unit == unit && c.when.holds(ctx))
            .map(|c| c.max)
            .max()
            .flatten()
    }
}
