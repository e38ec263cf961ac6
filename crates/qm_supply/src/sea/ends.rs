//! Where a sea line may start and end: origins (SUP-067..072, SUP-085),
//! terminations (SUP-073..077, SUP-083), boxes (SUP-022, SUP-079..082) and
//! island groups (SUP-096..100).

use super::view::SeaView;
use crate::zones::takes_sea_supply;
use bevy_ecs::prelude::*;
use qm_core::ids::{FrontId, NationId, NodeId};
use qm_core::map::{Features, Surface};
use qm_core::refusal::{OriginRefusal, TerminationRefusal};
use qm_core::ruleset::NeutralBoxRule;
use qm_trace::EdgeKinds;

impl SeaView<'_> {
    /// The landing places of each zone that has any: `(zone, landings)`, by
    /// zone (SUP-073..077), the islands of island groups included
    /// (SUP-098).
    #[must_use]
    pub fn zone_landings(&self) -> Vec<(u32, Vec<NodeId>)> {
        let mut by_zone: std::collections::BTreeMap<u32, Vec<NodeId>> = std::collections::BTreeMap::new();
        let map = &self.spec.map;
        let islands = map.island_groups.iter().flat_map(|g| g.hexes.iter());
        for &n in map.landings.iter().chain(&self.bridgeheads).chain(islands) {
            if let Some(z) = self.zones.zone(n)
                && self.is_termination(n)
            {
                by_zone.entry(z).or_default().push(n);
            }
        }
        by_zone
            .into_iter()
            .map(|(z, mut v)| {
                v.sort_unstable();
                v.dedup();
                (z, v)
            })
            .collect()
    }

    /// The rule a box sends sea lines under while its owner is not at war
    /// (SUP-022): `None` if the owner is at war (or `n` is no box),
    /// `Some(None)` if no rule lets it send any.
    pub(super) fn neutral_rule(&self, n: NodeId) -> Option<Option<&NeutralBoxRule>> {
        let owner = self.ctx.control.get(n).copied().flatten()?;
        if self.spec.map.box_sea(n).is_none() || self.at_war(owner) {
            return None;
        }
        Some(self.spec.ruleset.neutral_boxes.iter().find(|r| r.owner == owner))
    }

    /// Whether a line from `from` may end at `to` passing through `via`, as
    /// far as a box's destinations and its owner's war status go (SUP-022,
    /// SUP-079..082). Lines from ports always may.
    pub fn box_line(&self, from: NodeId, via: &[NodeId], to: NodeId) -> Result<(), TerminationRefusal> {
        let map = &self.spec.map;
        let Some(bs) = map.box_sea(from) else { return Ok(()) };
        if let Some(Some(rule)) = self.neutral_rule(from) {
            let fronts: Vec<FrontId> = rule.fronts.iter().filter_map(|f| map.front_id(f)).collect();
            if !fronts.is_empty() && !map.front(to).is_some_and(|f| fronts.contains(&f)) {
                let owner = self.ctx.control.get(from).copied().flatten().unwrap_or(NationId(0));
                return Err(TerminationRefusal::NeutralBoxFront {
                    nation: self.spec.ruleset.nation_key(owner).to_string(),
                    fronts: rule.fronts.clone(),
                });
            }
        }
        if bs.destinations.is_empty() || bs.destinations.contains(&to) {
            return Ok(());
        }
        if bs.pass_through && via.iter().any(|&p| bs.destinations.contains(&p) && self.port(p)) {
            return Ok(());
        }
        Err(if bs.pass_through {
            TerminationRefusal::NotThroughDestination
        } else {
            TerminationRefusal::NotADestination
        })
    }

    /// The ports a line from `from` to `to` passes through to be allowed:
    /// none if it may go there directly, a destination port of its box if
    /// it must pass through one (SUP-079, SUP-080); `None` if it may not go
    /// there at all.
    pub(crate) fn box_via(&self, from: NodeId, to: NodeId) -> Option<Vec<NodeId>> {
        if self.box_line(from, &[], to).is_ok() {
            return Some(Vec::new());
        }
        let bs = self.spec.map.box_sea(from)?;
        if !bs.pass_through {
            return None;
        }
        bs.destinations
            .iter()
            .copied()
            .filter(|&d| d != to && self.port(d) && self.box_line(from, &[d], to).is_ok())
            .find(|&d| self.route(from, &[d], to).is_some())
            .map(|d| vec![d])
    }

    /// A friendly bridgehead of the side stands in `n`.
    pub(super) fn bridgehead_at(&self, n: NodeId) -> bool {
        self.bridgeheads.binary_search(&n).is_ok()
    }

    /// Whether `n` can receive a sea line: [`SeaView::termination`] without
    /// the reason.
    #[must_use]
    pub fn is_termination(&self, n: NodeId) -> bool {
        let map = &self.spec.map;
        map.is_hex(n) && self.friendly(n) && (takes_sea_supply(map, n) || self.bridgehead_at(n) || self.in_group(n))
    }

    /// Whether `n` is a hex of a Pacific island group: a line enters a
    /// group at any controlled island the supplying player designates
    /// (SUP-098), port or not.
    pub(super) fn in_group(&self, n: NodeId) -> bool {
        self.spec.map.island_group(n).is_some()
    }

    /// The friendly islands of the island group of `to` that a line
    /// entering the group at `to` supplies (SUP-099): the group's hexes
    /// that can take the line and lie in the zone of `to`, in parts joined
    /// by land (an island, or the side's part of one), each sorted, the
    /// parts in map order. Islands captured this combat phase are zones of
    /// their own at post-combat determination (SUP-096), so a line entering
    /// elsewhere in the group does not supply them. Empty if `to` is in no
    /// group.
    #[must_use]
    pub fn group_islands(&self, to: NodeId) -> Vec<Vec<NodeId>> {
        let map = &self.spec.map;
        let Some(g) = map.island_group(to) else { return Vec::new() };
        let zone = self.zones.zone(to);
        let hexes: Vec<NodeId> = map.island_groups[g]
            .hexes
            .iter()
            .copied()
            .filter(|&h| self.is_termination(h) && self.zones.zone(h) == zone)
            .collect();
        let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
        let mut part = vec![usize::MAX; hexes.len()];
        let mut parts: Vec<Vec<NodeId>> = Vec::new();
        for i in 0..hexes.len() {
            if part[i] != usize::MAX {
                continue;
            }
            let id = parts.len();
            part[i] = id;
            let mut stack = vec![i];
            let mut members = Vec::new();
            while let Some(k) = stack.pop() {
                members.push(hexes[k]);
                for (_, n, _) in map.land.edges(hexes[k], kinds) {
                    if let Ok(j) = hexes.binary_search(&n)
                        && part[j] == usize::MAX
                    {
                        part[j] = id;
                        stack.push(j);
                    }
                }
            }
            members.sort_unstable();
            parts.push(members);
        }
        parts
    }

    /// The first hex of each other island of `to`'s group in its zone, in
    /// map order (SUP-099): where a line entering at `to` goes on to.
    #[must_use]
    pub fn other_islands(&self, to: NodeId) -> Vec<NodeId> {
        self.group_islands(to)
            .iter()
            .filter(|p| p.binary_search(&to).is_err())
            .filter_map(|p| p.first().copied())
            .collect()
    }

    /// Whether `n` can receive a sea line (SUP-073..077, SUP-083).
    pub fn termination(&self, n: NodeId) -> Result<(), TerminationRefusal> {
        let map = &self.spec.map;
        if !map.is_hex(n) {
            return Err(TerminationRefusal::MapBox);
        }
        if !self.friendly(n) {
            return Err(TerminationRefusal::NotHeld);
        }
        if !(takes_sea_supply(map, n) || self.bridgehead_at(n) || self.in_group(n)) {
            return Err(TerminationRefusal::NotALandingPlace);
        }
        Ok(())
    }

    /// Whether `n` can start a sea line; `planned` are the terminations of
    /// earlier lines of the plan (SUP-067..072, SUP-085).
    pub fn origin(&self, n: NodeId, planned: &[NodeId]) -> Result<(), OriginRefusal> {
        let map = &self.spec.map;
        if let Some(bs) = map.box_sea(n) {
            let source = self
                .ctx
                .sources
                .iter()
                .any(|s| s.node == n && s.inactive.is_none() && s.tiers.iter().any(|t| t.is_some()));
            return if bs.entries.is_empty() {
                Err(OriginRefusal::BoxWithoutEntries)
            } else if matches!(self.neutral_rule(n), Some(None)) {
                Err(OriginRefusal::BoxOwnerNotAtWar)
            } else if !source || !self.holds(n) {
                Err(OriginRefusal::BoxNotASource)
            } else {
                Ok(())
            };
        }
        if !map.is_hex(n) || !map.node(n).is_some_and(|i| i.features.contains(Features::PORT)) {
            return Err(OriginRefusal::NotBoxOrPort);
        }
        if !self.friendly(n) {
            return Err(OriginRefusal::PortNotHeld);
        }
        // SUP-071, SUP-074: a port may not both receive and send sea supply.
        if planned.contains(&n) || self.log.lines.iter().any(|l| l.reached.contains(&n) || l.to == n) {
            return Err(OriginRefusal::ReceivesSeaSupply);
        }
        let source = self.ctx.sources.iter().any(|s| s.node == n && s.inactive.is_none() && !s.own_hex_only);
        if source {
            return Ok(());
        }
        // SUP-072: a land-supplied port must not be in an enemy ZOC.
        if self.ctx.zoc.get(n).copied().unwrap_or(false) {
            return Err(OriginRefusal::PortInEnemyZoc);
        }
        let zone = self.zones.zone(n);
        let fed = zone.is_some() && planned.iter().any(|&t| self.zones.zone(t) == zone);
        if self.holds(n) || fed { Ok(()) } else { Err(OriginRefusal::PortWithoutLandSupply) }
    }

    /// Friendly ports a line may pass through (SUP-080, SUP-122).
    pub(crate) fn port(&self, n: NodeId) -> bool {
        self.friendly(n) && self.spec.map.node(n).is_some_and(|i| i.features.contains(Features::PORT))
    }

    pub(super) fn is_sea(&self, n: NodeId) -> bool {
        self.spec.map.node(n).is_some_and(|i| i.surface == Surface::Sea)
    }
}
