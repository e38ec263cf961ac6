//! Overseas legs of oil paths (OIL-003: "exactly like a basic supply path
//! (including via overseas)") and what cuts them.
//!
//! Oil that reaches a friendly port sails to every friendly port joined to
//! it by sea hexes, with no range limit (the path "can be of any length"),
//! and spreads inland from there (`qm_trace::flood_more`) until nothing new
//! lands.
//!
//! **What cuts a leg** ([`SeaLegRule::EnemyReach`], the default): a leg
//! sails only through sea hexes, and between ports, that no enemy unit
//! could attack a rule-30 sea line in: an enemy unit that
//! `qm_supply::sea::validate_intercept` would accept against a sea line of
//! the side (of the other side and at war, naval or air, fully supplied,
//! not inverted, at an operational base: SUP-104, SUP-124, SUP-145,
//! SUP-170) closes every node within the ruleset's `sea.reach` of its base
//! (`qm_supply::Passability::sea_threats`). Naval units are based in
//! ports and boxes, never at sea, so enemy naval presence is this reach,
//! as rule 30 has it. A leg is cut when every sea route between its two
//! ports passes a closed node (its ports included). No dice: rule 30 resolves an attack with a seeded
//! contest and protection (SUP-104..125), but an oil path is a question of
//! reachability, decided when the phase reorganizes, so an enemy in reach
//! cuts the leg whatever protects it. Naval interception proper is rule 21,
//! not among the texts: this is our reading, as data
//! (`sea_legs: "open"` in the oil section, [`SeaLegRule::Open`], never
//! cuts a leg). Without rule 30 loaded there is
//! no interception to read and legs are never cut.

use qm_core::ids::{NodeId, NodeSlice, NodeVec, UnitId};
use qm_core::map::Surface;
use qm_core::spec::ScenarioSpec;
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, bfs_path, flood_more, label_components};
use serde::{Deserialize, Serialize};

/// What cuts an overseas leg of an oil path (the oil section's
/// `sea_legs`: `"enemy_reach"`, the default, or `"open"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeaLegRule {
    /// An enemy unit that could attack a rule-30 sea line, within
    /// `sea.reach` of every route between the two ports (the default).
    #[default]
    EnemyReach,
    /// Never cut.
    Open,
}

impl SeaLegRule {
    /// Whether this is the default rule (not written in saves).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// An overseas leg the oil would have sailed, cut (OIL-003).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutLeg {
    /// The port the oil would sail from.
    pub from: NodeId,
    /// The port it would land in.
    pub to: NodeId,
    /// The enemy units within reach of the shortest sea route between
    /// them, by id: what cuts it.
    pub by: Vec<UnitId>,
}

/// The sea as oil sails it: the component of each sea hex and open port,
/// all of them and those no enemy closes.
struct Sea<'a> {
    ports: Vec<NodeId>,
    all: NodeVec<u32>,
    open: NodeVec<u32>,
    threat: &'a NodeSlice<Option<UnitId>>,
}

impl<'a> Sea<'a> {
    fn new(spec: &ScenarioSpec, fs: &FloodSpec<'_>, threat: &'a NodeSlice<Option<UnitId>>) -> Self {
        let map = &spec.map;
        let ports: Vec<NodeId> =
            spec.ports.iter().copied().filter(|&p| fs.accept.get(p).is_some_and(|&a| a != 0)).collect();
        let mut member: NodeVec<bool> = map.nodes.iter().map(|i| i.surface == Surface::Sea).collect();
        for &p in &ports {
            member[p] = true;
        }
        let mut all = NodeVec::new();
        label_components(&map.sea, EdgeKinds::SEA, &member, &mut all);
        for (n, m) in member.iter_mut_enumerated() {
            *m &= threat.get(n).is_none_or(Option::is_none);
        }
        let mut open = NodeVec::new();
        label_components(&map.sea, EdgeKinds::SEA, &member, &mut open);
        Self { ports, all, open, threat }
    }

    fn closed(&self, n: NodeId) -> bool {
        self.threat.get(n).is_some_and(Option::is_some)
    }

    /// Whether oil sails from `from` to `to` (both ports).
    fn sails(&self, from: NodeId, to: NodeId) -> bool {
        !self.closed(from) && !self.closed(to) && self.open[from] == self.open[to]
    }

    /// Whether `from` and `to` are joined by sea at all.
    fn joined(&self, from: NodeId, to: NodeId) -> bool {
        self.all[from] == self.all[to]
    }

    /// The enemy units within reach of the shortest sea route from `from`
    /// to `to`, by id.
    fn cutters(&self, spec: &ScenarioSpec, from: NodeId, to: NodeId) -> Vec<UnitId> {
        let member = |n: NodeId| self.all.get(n).is_some_and(|&l| l == self.all[from]);
        let route = bfs_path(&spec.map.sea, EdgeKinds::SEA, from, to, member).unwrap_or_default();
        let mut by: Vec<UnitId> = route.iter().filter_map(|&n| self.threat.get(n).cloned().flatten()).collect();
        by.sort();
        by.dedup();
        by
    }
}

/// Carries oil across the sea between friendly ports by legs no enemy cuts,
/// then inland, until nothing new lands (OIL-003, overseas). `refs` gets,
/// per new seed, its flood label and the port it sailed from. Returns the
/// legs the oil would have sailed but an enemy cut, by ports.
pub(crate) fn overseas(
    spec: &ScenarioSpec,
    fs: &FloodSpec<'_>,
    threat: &NodeSlice<Option<UnitId>>,
    f: &mut Flood,
    refs: &mut Vec<(usize, Option<NodeId>)>,
) -> Vec<CutLeg> {
    let sea = Sea::new(spec, fs, threat);
    if sea.ports.len() < 2 {
        return Vec::new();
    }
    let sailable = |from: NodeId| fs.emit.get(from).is_some_and(|&e| e != 0);
    for _round in 0..sea.ports.len() {
        let mut landings: Vec<(Seed, (usize, Option<NodeId>))> = Vec::new();
        for &to in &sea.ports {
            for &from in &sea.ports {
                let bits = f.mask(from) & !f.mask(to);
                if from == to || bits == 0 || !sailable(from) || !sea.sails(from, to) {
                    continue;
                }
                for bit in (0..64u32).filter(|b| bits >> b & 1 == 1) {
                    let b = 1u64 << bit;
                    if !landings.iter().any(|(s, _)| s.node == to && s.bits & b != 0) {
                        landings.push((Seed::new(to, b), (bit as usize, Some(from))));
                    }
                }
            }
        }
        if landings.is_empty() {
            break;
        }
        let first = refs.len() as u32;
        let seeds: Vec<Seed> = landings.iter().map(|l| l.0).collect();
        refs.extend(landings.into_iter().map(|l| l.1));
        flood_more(fs, &seeds, first, |_, _| true, f);
    }
    cut_legs(spec, &sea, f, sailable)
}

/// The legs from a port the oil reached to a port it did not that the sea
/// joins but an enemy cuts.
fn cut_legs(spec: &ScenarioSpec, sea: &Sea<'_>, f: &Flood, sailable: impl Fn(NodeId) -> bool) -> Vec<CutLeg> {
    let mut out = Vec::new();
    for &from in &sea.ports {
        for &to in &sea.ports {
            let bits = f.mask(from) & !f.mask(to);
            if from != to && bits != 0 && sailable(from) && sea.joined(from, to) && !sea.sails(from, to) {
                out.push(CutLeg { from, to, by: sea.cutters(spec, from, to) });
            }
        }
    }
    out
}

/// The cut legs in words, for reports and refusals: `"; the overseas leg
/// i6 to l2 is cut by enemy bri-bb within sea.reach 6 of its route"`, or
/// empty when none is.
#[must_use]
pub fn describe(spec: &ScenarioSpec, cut: &[CutLeg]) -> String {
    if cut.is_empty() {
        return String::new();
    }
    let label = |n: NodeId| spec.map.label(n).to_string();
    let legs: Vec<String> = cut
        .iter()
        .map(|c| {
            let by: Vec<&str> = c.by.iter().map(UnitId::as_str).collect();
            format!("{} to {} by enemy {}", label(c.from), label(c.to), by.join(", "))
        })
        .collect();
    format!(
        "; overseas legs cut (within sea.reach {} of an enemy naval or air unit that could attack a sea supply line \
         there, rule 30): {}",
        spec.ruleset.sea.reach,
        legs.join("; ")
    )
}
