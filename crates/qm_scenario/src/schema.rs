//! The RON file formats, as written by hand. Names are strings here; the
//! compilers in [`crate::ruleset`] and [`crate::compile`] resolve them into
//! the ids of `qm_core` and report what does not resolve.
//!
//! Every struct denies unknown fields, so a misspelt field is an error with a
//! position rather than a silently ignored line.

use qm_core::ids::{Side, Theater, Tier};
use qm_core::map::Feature;
use qm_core::nation::{NationKind, NationStatus};
use qm_core::ruleset::Domain;
use qm_core::supply::UnitStatus;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Reads a map whose keys must be unique: a key written twice is an error
/// at its position, never a silent "last one wins" (issue 15: a duplicate
/// legend key turned every German hex Russian).
fn unique_map<'de, D, K, V>(d: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord + std::fmt::Debug,
    V: Deserialize<'de>,
{
    struct Visit<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K: Deserialize<'de> + Ord + std::fmt::Debug, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<K, V> {
        type Value = BTreeMap<K, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a map with unique keys")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(k) = m.next_key::<K>()? {
                if out.contains_key(&k) {
                    let key = qm_core::text::printable(&format!("{k:?}")).into_owned();
                    return Err(serde::de::Error::custom(format!("duplicate key {key}: each key may be given once")));
                }
                let v = m.next_value::<V>()?;
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Visit(std::marker::PhantomData))
}

/// A condition with names (see [`qm_core::condition::Condition`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs, reason = "each variant mirrors qm_core::condition::Condition, documented there")]
pub enum CondFile {
    #[default]
    Always,
    Flag(String),
    Surrendered(String),
    EverSurrendered(String),
    AtWar(String),
    OwnerSurrendered,
    OwnerEverSurrendered,
    ControlledByOwner,
    ControlledByOwnerSide,
    ControlledBy(String),
    ControlledBySide(Side),
    ControllerFaction(String),
    Associated {
        minor: String,
        major: String,
    },
    Undamaged,
    Not(Box<CondFile>),
    All(Vec<CondFile>),
    Any(Vec<CondFile>),
}

// ---------------------------------------------------------------- ruleset

/// `assets/rulesets/*.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ruleset")]
pub struct RulesetFile {
    /// Display name.
    pub name: String,
    /// The rule families the ruleset uses, in registration order. Omitted:
    /// rule 30 with the reference operations.
    #[serde(default = "default_families")]
    pub families: Vec<String>,
    /// The convoy battle procedure (ruling 5); default ours.
    #[serde(default)]
    pub convoy: qm_collect::collect_map::ConvoyRules,
    /// The Middle East track (MET-003..006); default none.
    #[serde(default)]
    pub middle_east: qm_collect::middle_east::MiddleEastRules,
    /// Cooperation factions.
    pub factions: Vec<String>,
    /// Terrain types.
    pub terrain: Vec<TerrainFile>,
    /// Unit types.
    pub unit_types: Vec<UnitTypeFile>,
    /// Nations.
    pub nations: Vec<NationFile>,
    /// Zone-of-control options.
    #[serde(default)]
    pub zoc: qm_core::ruleset::ZocRules,
    /// Supply-source classes.
    pub source_classes: Vec<SourceClassFile>,
    /// Cooperation table.
    #[serde(default)]
    pub cooperation: Vec<CooperationFile>,
    /// Terrain limits (SUP-063).
    #[serde(default)]
    pub terrain_limits: Vec<qm_core::ruleset::TerrainLimit>,
    /// Source classes implied by features.
    #[serde(default)]
    pub feature_sources: Vec<(Feature, String)>,
    /// Restricted land routes (SUP-062).
    #[serde(default)]
    pub land_routes: Vec<LandRouteFile>,
    /// Regions whose units are always supplied (SUP-031).
    #[serde(default)]
    pub supplied_regions: Vec<(String, Tier)>,
    /// Nations always supplied in their home territory (SUP-196).
    #[serde(default)]
    pub home_supplied: Vec<String>,
    /// When isolated units survive (SUP-178..183).
    #[serde(default)]
    pub isolation_exceptions: Vec<IsolationExceptionFile>,
    /// Sea supply parameters (SUP-090, ruling 9).
    #[serde(default)]
    pub sea: qm_core::ruleset::SeaRules,
    /// How far supply from named origins may extend (SUP-081).
    #[serde(default)]
    pub origin_limits: Vec<qm_core::ruleset::OriginLimit>,
    /// Sea lines from boxes of nations not at war (SUP-022).
    #[serde(default)]
    pub neutral_boxes: Vec<NeutralBoxFile>,
    /// The region keys the rules and the maps may name. A rule or a map
    /// naming any other region is a load error.
    #[serde(default)]
    pub regions: Vec<String>,
    /// The front keys the rules and the maps may name. A rule or a map
    /// naming any other front is a load error.
    #[serde(default)]
    pub fronts: Vec<String>,
    /// The place names and box keys the rules name. A rule naming any other
    /// place is a load error; a map need not draw them all (a rule whose
    /// places a map does not draw is not in play there).
    #[serde(default)]
    pub places: Vec<String>,
}

/// See [`qm_core::ruleset::NeutralBoxRule`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::ruleset::NeutralBoxRule, documented there")]
pub struct NeutralBoxFile {
    #[serde(default)]
    pub rules: String,
    pub owner: String,
    pub protectors: Vec<String>,
    #[serde(default)]
    pub fronts: Vec<String>,
}

/// See [`qm_core::ruleset::IsolationException`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[allow(missing_docs, reason = "variants mirror qm_core::ruleset::IsolationException, documented there")]
pub enum IsolationExceptionFile {
    Fortified,
    PortOrIsland(Theater),
    Jungle(Vec<String>),
    Homeland(Vec<String>, String),
}

/// See [`qm_core::ruleset::LandRoute`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::ruleset::LandRoute, documented there")]
pub struct LandRouteFile {
    #[serde(default)]
    pub rules: String,
    pub faction: String,
    pub into_region: String,
    #[serde(default)]
    pub via: Vec<(String, String)>,
    #[serde(default)]
    pub from: Vec<String>,
    #[serde(default)]
    pub when: CondFile,
}

/// A terrain type.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    /// Key.
    pub key: String,
    /// ASCII code.
    pub code: char,
    /// Land (default) or sea.
    #[serde(default = "yes")]
    pub land: bool,
    /// Jungle.
    #[serde(default)]
    pub jungle: bool,
    /// Mountain.
    #[serde(default)]
    pub mountain: bool,
}

/// A unit type.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::ruleset::UnitTypeDef, documented there")]
pub struct UnitTypeFile {
    pub key: String,
    pub name: String,
    pub domain: Domain,
    #[serde(default)]
    pub armor: bool,
    #[serde(default)]
    pub mechanized: bool,
    #[serde(default)]
    pub airborne: bool,
    #[serde(default)]
    pub partisan: bool,
    #[serde(default)]
    pub chindit: bool,
    #[serde(default)]
    pub hq: bool,
    #[serde(default)]
    pub zoc: bool,
    #[serde(default)]
    pub cost: u32,
    #[serde(default)]
    pub movement: (u32, u32),
    /// Where it loses its mechanized component when not fully supplied;
    /// armor defaults to everywhere.
    #[serde(default)]
    pub mech_loss: Option<MechLossFile>,
    #[serde(default)]
    pub destroyer: bool,
    #[serde(default)]
    pub transport: bool,
    #[serde(default)]
    pub submarine: bool,
    #[serde(default)]
    pub installation: bool,
    #[serde(default)]
    pub bridgehead: bool,
    #[serde(default)]
    pub air_base: bool,
    /// Factors of a unit of this type (default 1).
    #[serde(default)]
    pub factors: Option<u32>,
    /// Oil cost to reorganize it in tenths of an oil point (OIL-003);
    /// default 0, not oil dependent.
    #[serde(default)]
    pub oil: u32,
}

/// See [`qm_core::ruleset::MechLoss`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MechLossFile {
    /// Theaters; empty: all.
    #[serde(default)]
    pub theaters: Vec<Theater>,
    /// Nation keys; empty: all.
    #[serde(default)]
    pub nations: Vec<String>,
}

/// A nation.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::nation::NationDef, documented there")]
pub struct NationFile {
    pub key: String,
    pub name: String,
    pub kind: NationKind,
    /// Own faction; without one, the nation takes its patron's
    /// (`unaligned` without a patron).
    #[serde(default)]
    pub faction: Option<String>,
    #[serde(default)]
    pub side: Option<Side>,
    #[serde(default)]
    pub neutral_partial: bool,
}

/// A grant of a source class.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrantFile {
    /// Recipients.
    pub to: RecipientsFile,
    /// Tier.
    pub tier: Tier,
}

/// Recipients with names.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[allow(missing_docs, reason = "variants mirror qm_core::ruleset::Recipients, documented there")]
pub enum RecipientsFile {
    Owner,
    Controller,
    ControllerSide,
    Factions(Vec<String>),
    Nations(Vec<String>),
}

/// A case of a source class.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// Condition.
    #[serde(default)]
    pub when: CondFile,
    /// Grants.
    pub grants: Vec<GrantFile>,
}

/// A source class.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::ruleset::SourceClassDef, documented there")]
pub struct SourceClassFile {
    pub key: String,
    #[serde(default)]
    pub rules: String,
    #[serde(default)]
    pub own_hex_only: bool,
    #[serde(default)]
    pub bridgehead: bool,
    pub cases: Vec<CaseFile>,
}

/// A cooperation entry.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs, reason = "fields mirror qm_core::ruleset::Cooperation, documented there")]
pub struct CooperationFile {
    pub source: String,
    pub unit: String,
    pub max: Option<Tier>,
    #[serde(default)]
    pub when: CondFile,
}

// ---------------------------------------------------------------- scenario

/// `scenarios/**/*.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Scenario")]
pub struct ScenarioFile {
    /// Title.
    pub title: String,
    /// Path of the ruleset, relative to this file.
    pub ruleset: String,
    /// Game turn, from 1.
    #[serde(default = "one")]
    pub turn: u32,
    /// The side to move.
    pub side: Side,
    /// The side that moves first in each game turn.
    #[serde(default = "axis")]
    pub first: Side,
    /// The next phase to run (kebab-case), default the first.
    #[serde(default)]
    pub phase: Option<String>,
    /// Scenario flags.
    #[serde(default)]
    pub flags: Vec<String>,
    /// Nation states that differ from the ruleset's defaults.
    #[serde(default)]
    pub nations: Vec<NationStateFile>,
    /// A hex map. A scenario has either this or `territories`.
    #[serde(default)]
    pub map: Option<MapFile>,
    /// A territory map: territories and sea zones with their adjacency. A
    /// scenario has either this or `map`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub territories: Vec<TerritoryFile>,
    /// Supply sources.
    #[serde(default)]
    pub sources: Vec<SourceFile>,
    /// Units.
    #[serde(default)]
    pub units: Vec<UnitFile>,
    /// Transports each side has per player turn: `(side, pool, count)`.
    #[serde(default)]
    pub transports: Vec<(Side, String, u32)>,
    /// The initial state of rule families, by section name (`mwif-oil`),
    /// each in its family's own section format: strings, numbers, lists and
    /// maps (write an enum variant as a string). Copied into the game
    /// state's sections; a family reads its own when the game is built.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", deserialize_with = "unique_map")]
    pub sections: BTreeMap<String, ron::Value>,
}

fn one() -> u32 {
    1
}

fn axis() -> Side {
    Side::Axis
}

/// A nation's state at the start.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationStateFile {
    /// Nation key.
    pub nation: String,
    /// Side, if not the ruleset's.
    #[serde(default)]
    pub side: Option<Side>,
    /// Status.
    #[serde(default)]
    pub status: NationStatus,
    /// Patron major power.
    #[serde(default)]
    pub patron: Option<String>,
    /// Has surrendered before.
    #[serde(default)]
    pub ever_surrendered: bool,
}

/// The map: blocks of ASCII layers plus lists.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Default theater of the blocks.
    #[serde(default)]
    pub theater: Theater,
    /// Rectangular blocks of hexes.
    pub blocks: Vec<BlockFile>,
    /// Control characters to nation keys.
    #[serde(default, deserialize_with = "unique_map")]
    pub legend: BTreeMap<char, String>,
    /// Region characters to region keys.
    #[serde(default, deserialize_with = "unique_map")]
    pub region_legend: BTreeMap<char, String>,
    /// Named places and features.
    #[serde(default)]
    pub places: Vec<PlaceFile>,
    /// All-sea hexsides between two adjacent land hexes.
    #[serde(default)]
    pub all_sea_sides: Vec<(String, String)>,
    /// Crossing arrows and other links over water (SUP-055, SUP-064).
    #[serde(default)]
    pub crossings: Vec<(String, String)>,
    /// Off-board boxes.
    #[serde(default)]
    pub boxes: Vec<BoxFile>,
    /// Hexes held through partisans (SUP-060).
    #[serde(default)]
    pub partisan_held: Vec<String>,
    /// Hexes whose synthetic oil plant is damaged.
    #[serde(default)]
    pub damaged: Vec<String>,
    /// Pacific island groups, each one supply zone (SUP-096).
    #[serde(default)]
    pub island_groups: Vec<IslandGroupFile>,
}

/// Land territory or sea zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerritoryKind {
    /// A land territory.
    Land,
    /// A sea zone.
    Sea,
}

/// One node of a territory map.
///
/// Adjacency is symmetric and written once: a border listed on either side
/// joins both territories, and listing it on both sides is allowed.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerritoryFile {
    /// Key (`east-prussia`): lowercase letters, digits and `-`.
    pub key: String,
    /// Display name (`East Prussia`).
    #[serde(default)]
    pub name: Option<String>,
    /// Land or sea.
    pub kind: TerritoryKind,
    /// Keys of the adjacent territories and sea zones.
    #[serde(default)]
    pub adjacent: Vec<String>,
    /// Where the map's picture draws it: `(x, y)`.
    #[serde(default)]
    pub at: Option<(i32, i32)>,
    /// Terrain key; default the ruleset's first land or first sea terrain.
    #[serde(default)]
    pub terrain: Option<String>,
    /// The controlling nation (land only).
    #[serde(default)]
    pub control: Option<String>,
    /// The original controller (land only); default the controller.
    #[serde(default)]
    pub original: Option<String>,
    /// Region key, declared by the ruleset.
    #[serde(default)]
    pub region: Option<String>,
    /// Theater, default Europe.
    #[serde(default)]
    pub theater: Option<Theater>,
    /// Features: cities, capitals, ports, industrial centres.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Resource value (COL-004), 0..=99.
    #[serde(default)]
    pub value: u8,
    /// The colony of its original owner it belongs to (COL-004); none: the
    /// homeland.
    #[serde(default)]
    pub colony: Option<String>,
    /// Where its resources are saved, as the map prints it or the nation's
    /// routing says (COL-004): a colony key or a nation key (its homeland).
    #[serde(default)]
    pub saves_at: Option<String>,
    /// The nation it was gifted to, which counts it as original (COL-008).
    #[serde(default)]
    pub gifted_to: Option<String>,
    /// Incorporated (COL-005: supply centers are in incorporated
    /// territories); default true.
    #[serde(default = "yes")]
    pub incorporated: bool,
    /// Naval-trade points per nation in this sea zone (COL-006):
    /// `[("britain", 3)]`.
    #[serde(default)]
    pub trade: Vec<(String, u16)>,
    /// A Middle East territory (MET-002).
    #[serde(default)]
    pub middle_east: bool,
}

fn yes() -> bool {
    true
}

/// A Pacific island group.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IslandGroupFile {
    /// Key.
    pub key: String,
    /// Its hexes.
    pub hexes: Vec<String>,
}

/// A block of hexes: rows of one-character cells separated by spaces, the
/// top-left cell at `origin`.
///
/// ```text
/// terrain: [
///     ". . ~ ~",      row a: a1 a2 a3 a4
///      ". . . ~",     row b (shoved right): b1 b2 b3 b4
/// ],
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockFile {
    /// Label of the top-left cell.
    pub origin: String,
    /// Theater, if not the map's.
    #[serde(default)]
    pub theater: Option<Theater>,
    /// Terrain codes; `-` for no hex.
    pub terrain: Vec<String>,
    /// Controller codes from the legend; `.`, `~` or `-` for none.
    #[serde(default)]
    pub control: Vec<String>,
    /// Original controller codes; default the same as `control`.
    #[serde(default)]
    pub original: Vec<String>,
    /// Region codes from the region legend; `.` for none.
    #[serde(default)]
    pub regions: Vec<String>,
    /// The front every hex of the block is on (SUP-079..081, SUP-115,
    /// SUP-116), if any.
    #[serde(default)]
    pub front: Option<String>,
}

/// A named place and its features.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceFile {
    /// Hex label.
    pub hex: String,
    /// Place name, lowercase.
    #[serde(default)]
    pub name: Option<String>,
    /// Features.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// BRPs of an industrial centre.
    #[serde(default)]
    pub ic: u32,
}

/// An off-board box.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxFile {
    /// Key (`urals`).
    pub key: String,
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// The nation that holds it.
    pub owner: String,
    /// Theater.
    #[serde(default)]
    pub theater: Option<Theater>,
    /// Entries onto the board.
    #[serde(default)]
    pub entries: Vec<EntryFile>,
    /// Hexes where its sea lines enter the board.
    #[serde(default)]
    pub sea_entries: Vec<String>,
    /// The only terminations its sea lines may reach (SUP-081).
    #[serde(default)]
    pub destinations: Vec<String>,
    /// Its lines may also pass through a destination port and go on
    /// (SUP-079, SUP-080).
    #[serde(default)]
    pub pass_through: bool,
    /// The transport pool its lines use (SUP-078..082).
    #[serde(default)]
    pub transport_pool: Option<String>,
    /// An sw box (SUP-114..117).
    #[serde(default)]
    pub sw: bool,
    /// For an sw box: the lines its units protect.
    #[serde(default)]
    pub protects: Vec<SwProtectFile>,
}

/// Lines the naval units in an sw box may protect (see
/// [`qm_core::map::SwProtect`]): `(faction: "western-allies", to: ["suez"])`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwProtectFile {
    /// Faction of the protecting units.
    pub faction: String,
    /// Origins (place names, hex labels or box keys); empty: any.
    #[serde(default)]
    pub from: Vec<String>,
    /// Terminations; empty: any.
    #[serde(default)]
    pub to: Vec<String>,
    /// Fronts of the terminations; empty: any.
    #[serde(default)]
    pub fronts: Vec<String>,
}

/// A group of entry hexes of a box with one condition.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryFile {
    /// Entry hexes.
    pub hexes: Vec<String>,
    /// Condition.
    #[serde(default)]
    pub when: CondFile,
    /// The nation that must control the entry hex.
    #[serde(default)]
    pub controlled_by: Option<String>,
}

/// A supply source.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceFile {
    /// Hex label, place name or box key.
    pub at: String,
    /// Class key.
    pub class: String,
    /// Owner, default the original controller of the hex or the box owner.
    #[serde(default)]
    pub owner: Option<String>,
    /// Designated (default true).
    #[serde(default = "yes")]
    pub designated: bool,
    /// Turn designated; it acts from the turn after (SUP-015).
    #[serde(default)]
    pub designated_turn: Option<u32>,
}

/// Unit flags as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitFlagFile {
    /// See [`qm_core::components::UnitFlagBits::REDEPLOYED`].
    Redeployed,
    /// See [`qm_core::components::UnitFlagBits::INVERTED`].
    Inverted,
    /// See [`qm_core::components::UnitFlagBits::NEW_BRIDGEHEAD`].
    NewBridgehead,
}

/// A unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Stable id.
    pub id: String,
    /// Nation key.
    pub nation: String,
    /// Unit type key.
    pub kind: String,
    /// Hex label, place name or box key.
    pub at: String,
    /// Draws supply as this nation.
    #[serde(default)]
    pub supply_as: Option<String>,
    /// Supply status from before the scenario (default full).
    #[serde(default)]
    pub supply: Option<UnitStatus>,
    /// Game turn of its last exploitation.
    #[serde(default)]
    pub exploited: Option<u32>,
    /// Flags.
    #[serde(default)]
    pub flags: Vec<UnitFlagFile>,
    /// Factors, if not the type's.
    #[serde(default)]
    pub factors: Option<u32>,
}

fn default_families() -> Vec<String> {
    vec!["awaw-supply".to_string(), "ops".to_string()]
}
