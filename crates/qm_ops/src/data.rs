//! The operational rules as scenario data (the `ops` section of a
//! scenario), and their form resolved against the map and the ruleset.
//!
//! None of this is in the rule texts: it is the reference layer's own,
//! deliberately simple model (terrain costs, rivers, an odds-ratio combat
//! results table, a per-turn construction budget, victory conditions).
//! Every field has a default, so a scenario without an `ops` section plays
//! as before: movement costs one point a hex, combat arrives as its outcome
//! (the `Combat` order), and the game never ends by itself.

use bevy_ecs::prelude::*;
use qm_core::ids::{NationId, NodeId, Side, UnitTypeId};
use qm_core::map::NodeKind;
use qm_core::spec::ScenarioSpec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The `ops` rules as a scenario writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OpsRules {
    /// Movement points to enter a hex, by terrain key; 1 for a terrain not
    /// listed.
    pub terrain_cost: BTreeMap<String, u32>,
    /// River hexsides, as pairs of adjacent hex labels or place names.
    pub rivers: Vec<(String, String)>,
    /// Extra movement points to cross a river hexside (default 1).
    pub river_cost: u32,
    /// The combat results table. With one, attacks are the `Attack` order
    /// and the table decides them; without one, a combat arrives as its
    /// outcome (the `Combat` order).
    pub combat: Option<Crt>,
    /// Combat strengths by unit type key; a ground type not listed attacks
    /// and defends with 1.
    pub strength: BTreeMap<String, Strength>,
    /// Columns the odds shift in the defender's favour, by the terrain key of
    /// the defended hex.
    pub terrain_shift: BTreeMap<String, u32>,
    /// Columns the odds shift in the defender's favour when every attacker
    /// attacks across a river hexside (default 1).
    pub river_shift: u32,
    /// Columns in the defender's favour in a city or capital (default 0).
    pub city_shift: u32,
    /// Columns in the defender's favour in a node with a fortress or a
    /// fortification (default 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub fortress_shift: u32,
    /// Percent of its strength an isolated unit fights with (default 50).
    pub isolated_percent: u32,
    /// Percent of its attack strength a mechanized unit that has lost its
    /// mechanized component (SUP-150) attacks with (default 50).
    pub unmechanized_percent: u32,
    /// How far (in hexes) a side sees enemy units when fog of war is on;
    /// `None`: every enemy unit is seen.
    pub sight: Option<u32>,
    /// Whether `Redeploy` orders are taken (default true).
    pub redeploy: bool,
    /// Construction points each nation receives per player turn. Not used
    /// on a territory map whose ruleset has the collection family: there a
    /// nation builds with its treasury (see the crate README).
    pub budget: Vec<Budget>,
    /// The unit types that may be constructed (their ruleset `cost` is paid
    /// from the budget).
    pub build: Vec<String>,
    /// When the game ends. `None`: never by itself.
    pub victory: Option<Victory>,
    /// Movement on a territory map (not read on a hex map).
    #[serde(skip_serializing_if = "TerritoryOps::is_default")]
    pub territory: TerritoryOps,
    /// The operations that leave the units carrying them out disorganized
    /// (`"move"`, `"exploit"`, `"attack"`, `"invade"`, `"redeploy"`): a
    /// disorganized unit takes no operation until a family that
    /// reorganizes units (`mwif-oil`, OIL-003) has reorganized it. Empty
    /// by default: nothing disorganizes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub disorganize: Vec<String>,
    /// Percent of its defense strength a disorganized unit defends with
    /// (default 100).
    #[serde(skip_serializing_if = "is_hundred")]
    pub disorganized_percent: u32,
}

/// The operations `disorganize` may list.
pub const DISORGANIZING: [&str; 5] = ["move", "exploit", "attack", "invade", "redeploy"];

/// The rule families that reorganize disorganized units.
const REORGANIZING_FAMILIES: [&str; 1] = ["mwif-oil"];

/// Whether a percentage is the default 100 (left out of a saved section).
#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_hundred(n: &u32) -> bool {
    *n == 100
}

/// Whether a number is zero: a field added after scenarios were written
/// is left out of the saved section when it keeps its default, so that
/// their saves and checksums stay as they were.
#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Movement on a territory map, counted in territories entered.
///
/// A ground unit enters adjacent land territories of its side and empty
/// ones of the enemy (never one holding enemy ground units, nor a neutral
/// or uncontrolled one other than an independent Middle East territory,
/// MET-002); entering one of the enemy's ends its move there, and it takes
/// control of it (a Middle East territory only for the side of the track's
/// markers; the other side liberates it). A unit is in supply when its territory
/// traces a line to a supply center of its nation (COL-005, ruling 4, with
/// the collection family in the ruleset; rule 30's status with the supply
/// family; otherwise always): out of supply it moves `unsupplied`
/// territories, fights at the scenario's `isolated_percent`, neither
/// advances nor retreats (a defender that must retreat is eliminated), as
/// an isolated unit on a hex map (SUP-174).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TerritoryOps {
    /// Territories a unit in supply may enter in a move (default 1).
    pub movement: u32,
    /// Territories a unit out of supply may enter in a move (default 0).
    pub unsupplied: u32,
}

impl Default for TerritoryOps {
    fn default() -> Self {
        Self { movement: 1, unsupplied: 0 }
    }
}

impl TerritoryOps {
    /// Whether it is the default (left out of a saved section).
    fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

impl Default for OpsRules {
    fn default() -> Self {
        Self {
            terrain_cost: BTreeMap::new(),
            rivers: Vec::new(),
            river_cost: 1,
            combat: None,
            strength: BTreeMap::new(),
            terrain_shift: BTreeMap::new(),
            river_shift: 1,
            city_shift: 0,
            fortress_shift: 0,
            isolated_percent: 50,
            unmechanized_percent: 50,
            sight: None,
            redeploy: true,
            budget: Vec::new(),
            build: Vec::new(),
            victory: None,
            territory: TerritoryOps::default(),
            disorganize: Vec::new(),
            disorganized_percent: 100,
        }
    }
}

/// A unit type's combat strengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strength {
    /// Attack strength.
    pub attack: u32,
    /// Defense strength.
    pub defense: u32,
}

/// One result of the combat results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CombatResult {
    /// Every attacker is eliminated.
    AE,
    /// One attacker is eliminated.
    AL,
    /// No effect.
    NE,
    /// Exchange: one attacker and one defender are eliminated.
    EX,
    /// The defenders retreat one hex.
    DR,
    /// One defender is eliminated, the others retreat.
    DL,
    /// Every defender is eliminated.
    DE,
}

/// An odds-ratio combat results table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crt {
    /// The columns, low to high: the least odds (attack, defense) of each.
    pub odds: Vec<(u32, u32)>,
    /// Sides of the die.
    pub die: u32,
    /// One row per die roll, 1 first; one result per column.
    pub rows: Vec<Vec<CombatResult>>,
}

/// A nation's construction budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Nation key.
    pub nation: String,
    /// Points per player turn of the nation's side; unspent points are lost
    /// (with collection on a territory map, the treasury replaces them).
    pub points: u32,
}

/// The victory conditions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Victory {
    /// The last game turn; the game ends when it does.
    pub turn_limit: Option<u32>,
    /// Objective hexes (territories on a territory map) and what each is
    /// worth to the side that controls it.
    pub objectives: Vec<Objective>,
    /// A side that holds at least this many points at a game turn's end wins
    /// at once.
    pub sudden_death: Vec<Threshold>,
    /// At the turn limit, the first side listed that holds at least its
    /// points wins.
    pub at_limit: Vec<Threshold>,
    /// At the turn limit, if no threshold is met: the winner (`None`: the
    /// side with more points, a draw if equal).
    pub otherwise: Option<Side>,
    /// A side with no ground units left at the end of a player turn loses.
    pub elimination: bool,
}

/// An objective: a hex, or a territory on a territory map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Hex label, territory key or place name.
    pub at: String,
    /// Points.
    pub points: u32,
}

/// Points a side must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    /// The side.
    pub side: Side,
    /// Points.
    pub points: u32,
}

/// [`OpsRules`] resolved against the map and the ruleset: dense tables by
/// id. Static per game; shared by clones.
#[derive(Clone, Debug, Default)]
pub struct OpsTables {
    /// As written.
    pub rules: OpsRules,
    /// Movement points to enter, by terrain id.
    pub terrain_cost: Vec<u32>,
    /// River hexsides, each pair low node first, sorted.
    pub rivers: Vec<(NodeId, NodeId)>,
    /// Per node, whether a river runs along one of its hexsides: what
    /// [`OpsTables::river`] reads first, since a flood asks it for every
    /// hexside it crosses. Empty when not worked out (then every question
    /// goes to `rivers`).
    pub river_banks: Vec<bool>,
    /// Strengths by unit type id.
    pub strength: Vec<Strength>,
    /// Defensive column shifts by terrain id.
    pub terrain_shift: Vec<u32>,
    /// Objective hexes and points.
    pub objectives: Vec<(NodeId, u32)>,
    /// Budgets by nation.
    pub budget: Vec<(NationId, u32)>,
    /// Unit types that may be constructed, sorted.
    pub build: Vec<UnitTypeId>,
}

/// Checks `disorganize`: known operations, and a family in the ruleset
/// that reorganizes the units they disorganize.
fn check_disorganize(spec: &ScenarioSpec, rules: &OpsRules) -> Result<(), String> {
    if let Some(k) = rules.disorganize.iter().find(|k| !DISORGANIZING.contains(&k.as_str())) {
        return Err(format!("ops: `disorganize` lists `{k}`: the operations are {}", DISORGANIZING.join(", ")));
    }
    let reorganizes = spec.ruleset.families.iter().any(|f| REORGANIZING_FAMILIES.contains(&f.as_str()));
    if !rules.disorganize.is_empty() && !reorganizes {
        return Err(format!(
            "ops: `disorganize` needs a rule family that reorganizes units ({}), which the ruleset does not load",
            REORGANIZING_FAMILIES.join(", ")
        ));
    }
    Ok(())
}

/// The resolved operational rules of a game.
#[derive(Resource, Clone, Debug, Default)]
pub struct OpsData(pub Arc<OpsTables>);

impl OpsTables {
    /// Whether operation `kind` (`"move"`, `"attack"`, ...) leaves the units
    /// carrying it out disorganized.
    #[must_use]
    pub fn disorganizes(&self, kind: &str) -> bool {
        self.rules.disorganize.iter().any(|k| k == kind)
    }

    /// Resolves `rules` against a scenario.
    ///
    /// # Errors
    /// A name the map or the ruleset does not know, or a malformed table.
    pub fn resolve(spec: &ScenarioSpec, rules: OpsRules) -> Result<Self, String> {
        check_disorganize(spec, &rules)?;
        let r = &spec.ruleset;
        let terrain_id =
            |k: &str| r.terrain.iter().position(|t| t.key == k).ok_or_else(|| format!("ops: unknown terrain `{k}`"));
        let unit_type = |k: &str| {
            r.unit_types.iter().position(|t| t.key == k).ok_or_else(|| format!("ops: unknown unit type `{k}`"))
        };
        let place = |k: &str| spec.map.find(k).ok_or_else(|| format!("ops: unknown place `{k}`"));
        let mut terrain_cost = vec![1; r.terrain.len()];
        for (k, &c) in &rules.terrain_cost {
            terrain_cost[terrain_id(k)?] = c;
        }
        let mut terrain_shift = vec![0; r.terrain.len()];
        for (k, &c) in &rules.terrain_shift {
            terrain_shift[terrain_id(k)?] = c;
        }
        let mut strength = vec![Strength { attack: 1, defense: 1 }; r.unit_types.len()];
        for (k, &s) in &rules.strength {
            strength[unit_type(k)?] = s;
        }
        let mut rivers = Vec::new();
        for (a, b) in &rules.rivers {
            let (a, b) = (place(a)?, place(b)?);
            if !spec.map.adjacent(a).any(|x| x == b) {
                return Err(format!(
                    "ops: river between `{}` and `{}`, which are not adjacent",
                    spec.map.label(a),
                    spec.map.label(b)
                ));
            }
            rivers.push((a.min(b), a.max(b)));
        }
        rivers.sort_unstable();
        rivers.dedup();
        let mut river_banks = vec![false; spec.map.node_count()];
        for &(a, b) in &rivers {
            river_banks[a.index()] = true;
            river_banks[b.index()] = true;
        }
        if let Some(crt) = &rules.combat {
            if crt.odds.is_empty() || crt.die == 0 || crt.rows.len() != crt.die as usize {
                return Err("ops: the combat table needs columns and one row per die roll".into());
            }
            if crt.rows.iter().any(|row| row.len() != crt.odds.len()) || crt.odds.iter().any(|&(a, d)| a == 0 || d == 0)
            {
                return Err("ops: every row of the combat table has one result per column of non-zero odds".into());
            }
        }
        let objective = |k: &str| {
            let n = place(k)?;
            // On a territory map an objective is a land territory: a sea
            // zone has no controller and would score for no one.
            if spec.map.kind(n) == Some(NodeKind::SeaZone) {
                return Err(format!("ops: objective `{k}` is a sea zone, not a land territory"));
            }
            Ok(n)
        };
        let objectives = match &rules.victory {
            Some(v) => v.objectives.iter().map(|o| Ok((objective(&o.at)?, o.points))).collect::<Result<_, String>>()?,
            None => Vec::new(),
        };
        let mut budget = Vec::new();
        for b in &rules.budget {
            let n = r
                .nations
                .iter()
                .position(|d| d.key == b.nation)
                .ok_or_else(|| format!("ops: unknown nation `{}`", b.nation))?;
            budget.push((NationId(n as u16), b.points));
        }
        budget.sort_unstable();
        let mut build =
            rules.build.iter().map(|k| unit_type(k).map(|i| UnitTypeId(i as u16))).collect::<Result<Vec<_>, _>>()?;
        build.sort_unstable();
        build.dedup();
        Ok(Self { rules, terrain_cost, rivers, river_banks, strength, terrain_shift, objectives, budget, build })
    }

    /// Whether a river runs along the hexside between `a` and `b`.
    #[must_use]
    pub fn river(&self, a: NodeId, b: NodeId) -> bool {
        if self.rivers.is_empty() || self.river_banks.get(a.index()) == Some(&false) {
            return false;
        }
        self.rivers.binary_search(&(a.min(b), a.max(b))).is_ok()
    }

    /// The budget of `nation` per player turn (0 if none).
    #[must_use]
    pub fn budget_of(&self, nation: NationId) -> u32 {
        self.budget.iter().find(|(n, _)| *n == nation).map_or(0, |&(_, p)| p)
    }

    /// A unit type's strengths.
    #[must_use]
    pub fn strength_of(&self, kind: UnitTypeId) -> Strength {
        self.strength.get(kind.0 as usize).copied().unwrap_or(Strength { attack: 1, defense: 1 })
    }
}
