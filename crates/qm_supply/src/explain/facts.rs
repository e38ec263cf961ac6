//! A unit's full explanation, as data and as text: its supply (see `text`
//! and `sea`), and what else the rules make of it: its elimination
//! (SUP-177, SUP-190), the exception that saved it from isolation and what
//! isolation has cost (SUP-178..183, SUP-191), a status kept by persistence
//! (SUP-142), automatic supply (SUP-192..198), why supply is only partial
//! (SUP-037, SUP-050..053, SUP-063, SUP-085, SUP-140), and the capabilities
//! the status takes away (SUP-147..176).

use super::sea::describe_sea;
use super::text::{describe_unit, unlimited_class};
use crate::capabilities::{Site, UnitCapabilities, unit_capabilities};
use crate::isolation::{eliminable, exception};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, Location, Unit, UnitFlags};
use qm_core::ids::{DeterminationKind, Tier};
use qm_core::nation::NationSides;
use qm_core::ruleset::{Domain, UnitTypeDef};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::state::{Elimination, EntityIndex, Ledger};
use qm_core::supply::{AutoReason, SourceRef, UnitStatus, UnitSupply};
use serde::Serialize;

/// The layout version of [`Explanation`] as JSON.
pub const FORMAT: u32 = 1;

/// One thing an explanation says, with the rule paragraphs it rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fact {
    /// What it is about: `eliminated`, `isolation`, `persistence`,
    /// `automatic`, `partial`, `capabilities`.
    pub topic: &'static str,
    /// The sentence.
    pub text: String,
    /// The paragraphs cited, in order.
    pub rules: Vec<String>,
}

/// When and why a unit was eliminated (SUP-177, SUP-190).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Eliminated {
    /// Game turn.
    pub turn: u32,
    /// Rebuild cost in BRPs in the same game turn.
    pub rebuild_now: u32,
    /// Rebuild cost in BRPs in later turns.
    pub rebuild_later: u32,
}

/// A unit's explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The layout version ([`FORMAT`]).
    pub format: u32,
    /// Unit id.
    pub unit: String,
    /// Nation key.
    pub nation: String,
    /// Unit type key.
    #[serde(rename = "type")]
    pub kind: String,
    /// Where it is (or was, if eliminated).
    pub hex: String,
    /// Its supply status.
    pub status: String,
    /// Its elimination, if isolation eliminated it.
    pub eliminated: Option<Eliminated>,
    /// Consecutive turns it has survived isolation (SUP-191).
    pub turns_isolated: u8,
    /// DM its hex has lost to its isolation (SUP-191).
    pub dm_lost: u8,
    /// Its supply: line, source, cutoff and sea line, one line of text each.
    pub supply: Vec<String>,
    /// The rest, each with its paragraphs.
    pub facts: Vec<Fact>,
}

impl Explanation {
    /// The explanation as text: the supply, then the facts.
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = String::new();
        for l in &self.supply {
            s.push_str(l);
            s.push('\n');
        }
        for f in &self.facts {
            s.push_str("  ");
            s.push_str(&f.text);
            s.push('\n');
        }
        s
    }
}

fn fact(topic: &'static str, text: String, rules: &[&str]) -> Fact {
    Fact { topic, text, rules: rules.iter().map(|r| (*r).to_string()).collect() }
}

/// The unit as explained: alive, or as it was when eliminated.
struct Subject {
    unit: Unit,
    loc: Location,
    sup: UnitSupply,
    flags: UnitFlags,
    eliminated: Option<Elimination>,
}

/// Finds unit `id`: on the map, or else in the record of eliminations (the
/// last time it was eliminated).
fn subject(world: &World, id: &str) -> Option<Subject> {
    if let Some(mut q) = world.try_query::<(&Unit, &Location, &UnitSupply, &UnitFlags)>()
        && let Some((u, l, s, f)) = q.iter(world).find(|(u, ..)| u.id.as_str() == id)
    {
        return Some(Subject { unit: u.clone(), loc: *l, sup: s.clone(), flags: *f, eliminated: None });
    }
    let e = world.get_resource::<Ledger>()?.eliminated.iter().rev().find(|e| e.unit.id.as_str() == id)?.clone();
    let u = &e.unit;
    let unit = Unit { id: u.id.clone(), nation: u.nation, kind: u.kind, supply_as: u.supply_as, factors: u.factors };
    Some(Subject { unit, loc: u.location, sup: u.supply.clone(), flags: u.flags, eliminated: Some(e) })
}

/// The explanation of unit `id` as the world stands, or `None` if no unit
/// of that id is on the map or was eliminated.
#[must_use]
pub fn explain_unit(world: &World, id: &str) -> Option<Explanation> {
    let spec = &world.get_resource::<Spec>()?.0;
    let s = subject(world, id)?;
    let rules = &spec.ruleset;
    let mut text = describe_unit(spec, &s.unit, &s.loc, &s.sup);
    if let (Some(z), Some(log)) =
        (world.get_resource::<crate::sea_log::Zones>(), world.get_resource::<crate::sea_log::SeaLog>())
    {
        text.push_str(&describe_sea(spec, z, log, &s.sup, s.loc.node));
    }
    let def = rules.unit_type(s.unit.kind);
    let mut facts = Vec::new();
    if let Some(e) = &s.eliminated {
        facts.push(elimination_fact(e));
    } else if let Some(d) = def {
        facts.extend(isolation_fact(spec, &s, d));
    }
    facts.extend(persistence_fact(world, &s.sup));
    facts.extend(s.sup.automatic.as_ref().map(automatic_fact));
    facts.extend(partial_fact(world, spec, &s));
    if let Some(d) = def {
        let site =
            Site { hex: spec.map.node(s.loc.node), home: home(world, &s), bridgehead: bridgehead(world, spec, &s) };
        let caps = unit_capabilities(rules, &s.unit, &s.flags, &s.sup, &site);
        let pacific = site.hex.is_some_and(|h| h.theater == qm_core::ids::Theater::Pacific);
        facts.extend(capabilities_fact(d, d.movement[usize::from(pacific)], &caps, &s.sup));
    }
    Some(Explanation {
        format: FORMAT,
        unit: s.unit.id.to_string(),
        nation: rules.nation_key(s.unit.nation).to_string(),
        kind: def.map_or_else(|| "?".to_string(), |d| d.key.clone()),
        hex: spec.map.describe(s.loc.node),
        status: s.sup.status.as_str().to_string(),
        eliminated: s.eliminated.as_ref().map(|e| Eliminated {
            turn: e.turn,
            rebuild_now: e.rebuild_now,
            rebuild_later: e.rebuild_later,
        }),
        turns_isolated: s.flags.isolated_turns,
        dm_lost: s.flags.isolated_turns,
        supply: text.lines().map(str::to_string).collect(),
        facts,
    })
}

/// SUP-177, SUP-190: when and why it was eliminated.
fn elimination_fact(e: &Elimination) -> Fact {
    let side = e.unit.supply.at.map_or_else(String::new, |a| format!(", {} player turn", a.side));
    fact(
        "eliminated",
        format!(
            "eliminated by isolation at the end of turn {}{side}: isolated at initial determination and still \
             isolated after post-combat determination, with no exception for it (SUP-177); what cut it off is \
             above; it may be rebuilt for {} BRPs this turn, {} later (SUP-190)",
            e.turn, e.rebuild_now, e.rebuild_later
        ),
        &["SUP-177", "SUP-190"],
    )
}

/// SUP-178..183, SUP-191: what isolation does or did to a surviving unit.
fn isolation_fact(spec: &ScenarioSpec, s: &Subject, def: &UnitTypeDef) -> Option<Fact> {
    if !eliminable(def) {
        return None;
    }
    let map = &spec.map;
    let saved = map.is_hex(s.loc.node).then(|| exception(&spec.ruleset, map, s.unit.nation, s.loc.node)).flatten();
    let turns = s.flags.isolated_turns;
    if s.sup.status != UnitStatus::Isolated && turns == 0 {
        return None;
    }
    let lost =
        format!("isolated {turns} turn{}, its hex has lost {turns} DM (SUP-191)", if turns == 1 { "" } else { "s" });
    Some(match saved {
        Some(why) => {
            let (rule, what) = why.split_once(": ").unwrap_or(("SUP-178", why));
            fact(
                "isolation",
                format!("not eliminated by isolation: {what} ({rule}); {lost}"),
                &["SUP-178", rule, "SUP-191"],
            )
        }
        None if s.sup.initial == Some(UnitStatus::Isolated) => fact(
            "isolation",
            "isolated at initial determination and no exception applies: eliminated at the end of post-combat \
             determination if still isolated (SUP-177)"
                .into(),
            &["SUP-177"],
        ),
        None => fact(
            "isolation",
            "no exception applies: if isolated at the next initial determination and after post-combat \
             determination, it is eliminated (SUP-177)"
                .into(),
            &["SUP-177"],
        ),
    })
}

/// SUP-142: a status kept from the initial determination of the player
/// turn, the post-combat determination having found no better.
fn persistence_fact(world: &World, sup: &UnitSupply) -> Option<Fact> {
    let at = sup.at?;
    let last = world.get_resource::<crate::sea_log::Zones>()?.at?;
    let kept = at.kind == DeterminationKind::Initial
        && last.kind == DeterminationKind::PostCombat
        && last.turn == at.turn
        && last.side == at.side;
    kept.then(|| {
        fact(
            "persistence",
            format!(
                "kept by persistence: {} since the initial determination of turn {}, {} player turn; the \
                 post-combat determination found no better, and a status lasts until the end of the side's next \
                 initial determination (SUP-142)",
                sup.status.as_str(),
                at.turn,
                at.side
            ),
            &["SUP-142"],
        )
    })
}

/// SUP-031, SUP-146, SUP-192..197: the paragraph granting automatic supply.
fn automatic_fact(a: &AutoReason) -> Fact {
    let (text, rules): (String, &[&str]) = match a {
        AutoReason::Neutral => ("supplied by its neutral country before its entry into the war".into(), &["SUP-146"]),
        AutoReason::Partisan => ("partisans are supplied automatically".into(), &["SUP-192", "SUP-194"]),
        AutoReason::Exploiting => (
            "exploiting armor is in full supply automatically the game turn after its exploitation, unless \
             redeployed in that player turn (SUP-198); it may not exploit again on that supply"
                .into(),
            &["SUP-192", "SUP-193", "SUP-198"],
        ),
        AutoReason::Chindit => ("chindits are always in at least limited supply".into(), &["SUP-192", "SUP-195"]),
        AutoReason::HomeIslands => {
            ("Japanese units in Japan are supplied automatically".into(), &["SUP-192", "SUP-196"])
        }
        AutoReason::Bridgehead => (
            "a bridgehead placed by seaborne invasion is in supply in the turn it is placed".into(),
            &["SUP-192", "SUP-197"],
        ),
        AutoReason::Region(r) => (format!("units in {r} are always supplied"), &["SUP-031"]),
    };
    let cites = rules.join(", ");
    fact("automatic", format!("automatic supply: {text} ({cites})"), rules)
}

/// Whether a unit's hex is in its home country (SUP-154).
fn home(world: &World, s: &Subject) -> bool {
    world
        .get_resource::<EntityIndex>()
        .and_then(|ix| ix.nodes.get(s.loc.node))
        .and_then(|&e| world.get::<Control>(e))
        .is_some_and(|c| c.original == Some(s.unit.nation))
}

/// Whether a bridgehead of the unit's side stands in its hex (SUP-154):
/// the same shelter `qm_ops` gives the unit's capabilities, so that the
/// explanation and the capabilities agree.
fn bridgehead(world: &World, spec: &ScenarioSpec, s: &Subject) -> bool {
    let sides = world.get_resource::<NationSides>();
    let side = |n| sides.and_then(|x| x.side_of(n));
    let same_side = |n| n == s.unit.nation || side(n).is_some_and(|x| Some(x) == side(s.unit.nation));
    let Some(mut q) = world.try_query::<(&Unit, &Location)>() else { return false };
    q.iter(world).any(|(u, l)| {
        l.node == s.loc.node && same_side(u.nation) && spec.ruleset.unit_type(u.kind).is_some_and(|d| d.bridgehead)
    })
}

/// Why a unit is only partially supplied: a limited source (SUP-037), an
/// unlimited source of another faction capped by the cooperation table
/// (SUP-050..053), a sea line that carried partial supply (SUP-085), the
/// zone's supply of the initial determination (SUP-140), or terrain
/// (SUP-063).
fn partial_fact(world: &World, spec: &ScenarioSpec, s: &Subject) -> Option<Fact> {
    if s.sup.status != UnitStatus::Partial || s.sup.automatic.is_some() {
        return None;
    }
    let rules = &spec.ruleset;
    if let Some(src) = s.sup.own_hex.filter(|_| s.sup.line.is_none()) {
        return Some(fact(
            "partial",
            format!(
                "partial supply: {} supplies its own hex only, as a limited source (SUP-037, SUP-040)",
                spec.source_key(src)
            ),
            &["SUP-037", "SUP-040"],
        ));
    }
    let line = s.sup.line.as_ref().filter(|l| l.tier == Tier::Partial)?;
    let id = match &line.source {
        SourceRef::Source(id) => *id,
        SourceRef::Zone(z) => {
            return Some(fact(
                "partial",
                format!("partial supply: its zone {z} held only partial supply at initial determination (SUP-140)"),
                &["SUP-140"],
            ));
        }
        SourceRef::Bridgehead(_) => return None,
    };
    let src = spec.sources.get(id.index())?;
    let key = spec.source_key(id);
    let class = rules.source_classes.get(src.class.index())?;
    if !unlimited_class(spec, id) {
        return Some(fact(
            "partial",
            format!("partial supply: {key} is a limited source (SUP-037, SUP-148; {})", class.rules),
            &["SUP-037", "SUP-148"],
        ));
    }
    // Read from the state, not the determination's cache: a restored or
    // cloned game explains alike before it determines again.
    let factions = factions_now(world, spec);
    let faction = |n: qm_core::ids::NationId| factions.get(n.index()).copied();
    let controller = world
        .get_resource::<EntityIndex>()
        .and_then(|ix| ix.nodes.get(src.node))
        .and_then(|&e| world.get::<Control>(e))
        .and_then(|c| c.current)
        .unwrap_or(src.owner);
    let nation = s.unit.supply_nation();
    if faction(controller) != faction(nation) {
        return Some(fact(
            "partial",
            format!(
                "partial supply: {key} is an unlimited source of {}, but the cooperation table lets it give {} units \
                 only partial supply (SUP-050..053)",
                rules.nation_key(controller),
                rules.nation_key(nation)
            ),
            &["SUP-050", "SUP-053"],
        ));
    }
    if !line.sea.is_empty() {
        return Some(fact(
            "partial",
            format!(
                "partial supply: {key} is unlimited, but the sea line on its way carried only partial supply (SUP-085, SUP-086)"
            ),
            &["SUP-085", "SUP-086"],
        ));
    }
    Some(fact(
        "partial",
        format!(
            "partial supply: {key} is unlimited, but full supply may not be traced through the terrain on the way (SUP-063)"
        ),
        &["SUP-063"],
    ))
}

/// Every nation's effective faction (SUP-050..053), from the nations' states
/// now.
fn factions_now(world: &World, spec: &ScenarioSpec) -> Vec<qm_core::ids::FactionId> {
    let mut states: Vec<(usize, qm_core::nation::NationState)> = Vec::new();
    if let Some(mut q) = world.try_query::<(&qm_core::nation::Nation, &qm_core::nation::NationStateC)>() {
        states.extend(q.iter(world).map(|(n, st)| (n.0.index(), st.0)));
    }
    states.sort_unstable_by_key(|&(i, _)| i);
    // A built world holds every nation, in index order once sorted; a
    // missing one reads as having no patron.
    let dense: Vec<_> = states.iter().enumerate().take_while(|(k, (i, _))| k == i).map(|(_, (_, st))| *st).collect();
    qm_core::nation::effective_factions(&spec.ruleset.nations, &dense)
}

/// SUP-147..176: what the status takes away, each with its paragraph.
fn capabilities_fact(def: &UnitTypeDef, base: u8, caps: &UnitCapabilities, sup: &UnitSupply) -> Option<Fact> {
    if sup.status == UnitStatus::Full {
        return None;
    }
    let mut lost: Vec<(String, &'static str)> = Vec::new();
    let mut add = |cond: bool, what: String, rule: &'static str| {
        if cond {
            lost.push((what, rule));
        }
    };
    match def.domain {
        Domain::Ground => {
            add(def.mechanized && !caps.mechanized, "loses its mechanized component".into(), "SUP-150");
            add(caps.movement < base, format!("movement {}", caps.movement), "SUP-151");
            add(def.zoc && !caps.zoc, "no ZOC".into(), "SUP-152");
            add(caps.ctl_modifier < 0, format!("CTL {}", caps.ctl_modifier), "SUP-149");
            add(caps.exploit_dm < 0, "-1 DM when attacked by exploiting armor".into(), "SUP-153");
            add(caps.low_ctl_dm, "-1 DM when attacked with a CTL of zero or less".into(), "SUP-154");
            add(!caps.can_airdrop, "may not airdrop".into(), "SUP-155");
            add(!caps.can_sea_transport, "may not sea transport or invade".into(), "SUP-156");
            add(!caps.can_move, "may not move".into(), "SUP-174");
            add(!caps.can_advance, "may not advance after combat".into(), "SUP-174");
            add(!caps.can_redeploy, "may not redeploy".into(), "SUP-174");
        }
        Domain::Air => {
            if let Some(a) = caps.air {
                add(!a.offensive, "no offensive operations".into(), "SUP-159");
                add(!a.naval_missions, "no naval missions".into(), "SUP-160");
                add(a.nationality_drm < 0, format!("air nationality DRM {}", a.nationality_drm), "SUP-161");
                add(!a.defends_beyond_own_hex, "defends its own hex only".into(), "SUP-162");
                add(!a.strategic_warfare, "no strategic warfare".into(), "SUP-163");
                add(!a.defensive, "no defensive operations".into(), "SUP-175");
            }
        }
        Domain::Naval => {
            if let Some(n) = caps.naval {
                add(!n.offensive, "no offensive operations".into(), "SUP-167");
                add(!n.protect, "may not protect sea supply".into(), "SUP-168");
                add(n.nationality_drm < 0, format!("naval nationality DRM {}", n.nationality_drm), "SUP-169");
                add(!n.intercept, "may not intercept".into(), "SUP-170");
            }
        }
    }
    if lost.is_empty() {
        return None;
    }
    let status = match sup.status {
        UnitStatus::Partial => "in partial supply",
        _ => "unsupplied",
    };
    let parts: Vec<String> = lost.iter().map(|(w, r)| format!("{w} ({r})")).collect();
    let mut rules: Vec<String> = vec![if sup.status == UnitStatus::Partial { "SUP-148" } else { "SUP-173" }.into()];
    for (_, r) in &lost {
        if !rules.iter().any(|x| x == r) {
            rules.push((*r).to_string());
        }
    }
    Some(Fact { topic: "capabilities", text: format!("{} {status}: {}", def.key, parts.join(", ")), rules })
}
