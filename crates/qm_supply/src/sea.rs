//! Sea supply lines (SUP-066..131).
//!
//! The moving side announces its lines (or gets the default plan: a line to
//! every zone that can use one, SUP-103), the defending side says what
//! attacks which line, and the lines are resolved one after the other in the
//! announced order (SUP-121), each with the supply its origin holds at that
//! moment: a zone supplied by an earlier line can send lines on (SUP-085),
//! and a line from a zone whose own sea supply was disrupted carries
//! nothing. A line that gets through lands its supply at its termination,
//! and the land flood continues from there (SUP-084).
//!
//! Validation and the default plan read a [`SeaView`]: the land flood, the
//! zones, the sea log and the units, as they stand before the lines are
//! resolved. `Game::submit` builds one from a preview of the determination,
//! so orders are validated before anything changes.

use crate::context::SupplyContext;
use crate::land::{LandFloods, SeedRef, flood_spec, push_mask, sea_path};
use crate::orders::SupplyValid as ValidOrder;
use crate::zones::{ZoneLabels, takes_sea_supply};
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{DeterminationKind, FrontId, NationId, NodeId, Side, Tier, UnitId};
use qm_core::map::{Features, MapGraph, Surface};
use qm_core::nation::NationStatus;
use qm_core::orders::{OrderError, SeaLineOrder, ValidSeaLine};

type PendingOrders = qm_core::orders::Pending<ValidOrder>;
use qm_core::phase::RunningPhase;
use qm_core::rng::GameRng;
use qm_core::ruleset::{Domain, NeutralBoxRule};
use qm_core::sea::{InitialZone, SeaLineRecord, SeaLog};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::{HexStatus, UnitStatus, UnitSupply};
use qm_trace::{EdgeKinds, Seed, bfs_distances, bfs_path_refuel, bfs_reach_refuel};

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
}

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
}

/// The side and determination a view is for.
fn side_kind(v: &SeaView<'_>) -> Option<(Side, DeterminationKind)> {
    Some((v.ctx.side?, v.ctx.kind?))
}

impl SeaView<'_> {
    fn unit(&self, id: &str) -> Option<&UnitView> {
        self.units.binary_search_by(|u| u.id.as_str().cmp(id)).ok().map(|i| &self.units[i])
    }

    fn side_of(&self, n: NationId) -> Option<Side> {
        self.ctx.nations.get(n.index()).and_then(|s| s.side)
    }

    fn friendly(&self, n: NodeId) -> bool {
        self.ctx.friendly.get(n as usize).copied().unwrap_or(false)
    }

    /// Whether the side holds anything at `n` in any chunk of the flood.
    fn holds(&self, n: NodeId) -> bool {
        (0..self.floods.floods.len()).any(|c| self.floods.mask(c, n) != 0)
    }

    /// The best tier the flood gives any nation of the side at `n`.
    fn best_tier(&self, n: NodeId) -> Option<Tier> {
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
    fn best_tier_into(&self, from: NodeId, to: NodeId) -> Option<Tier> {
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
    fn at_war(&self, n: NationId) -> bool {
        self.ctx.nations.get(n.index()).is_some_and(|s| s.status == NationStatus::Active)
    }

    /// The rule a box sends sea lines under while its owner is not at war
    /// (SUP-022): `None` if the owner is at war (or `n` is no box),
    /// `Some(None)` if no rule lets it send any.
    fn neutral_rule(&self, n: NodeId) -> Option<Option<&NeutralBoxRule>> {
        let owner = self.ctx.control.get(n as usize).copied().flatten()?;
        if self.spec.map.box_sea(n).is_none() || self.at_war(owner) {
            return None;
        }
        Some(self.spec.ruleset.neutral_boxes.iter().find(|r| r.owner == owner))
    }

    /// Whether a line from `from` may end at `to` passing through `via`, as
    /// far as a box's destinations and its owner's war status go (SUP-022,
    /// SUP-079..082). Lines from ports always may.
    pub fn box_line(&self, from: NodeId, via: &[NodeId], to: NodeId) -> Result<(), String> {
        let map = &self.spec.map;
        let Some(bs) = map.box_sea(from) else { return Ok(()) };
        if let Some(Some(rule)) = self.neutral_rule(from) {
            let fronts: Vec<FrontId> = rule.fronts.iter().filter_map(|f| map.front_id(f)).collect();
            if !fronts.is_empty() && !map.front(to).is_some_and(|f| fronts.contains(&f)) {
                let owner = self.ctx.control.get(from as usize).copied().flatten().unwrap_or(NationId(0));
                return Err(format!(
                    "while {} is not at war its box's sea supply may go only to the {} front (SUP-022)",
                    self.spec.ruleset.nation_key(owner),
                    rule.fronts.join(" or ")
                ));
            }
        }
        if bs.destinations.is_empty() || bs.destinations.contains(&to) {
            return Ok(());
        }
        if bs.pass_through && via.iter().any(|&p| bs.destinations.contains(&p) && self.port(p)) {
            return Ok(());
        }
        Err(if bs.pass_through {
            "the box's sea supply must end at one of its destinations or pass through a port among them \
             (SUP-079, SUP-080)"
                .into()
        } else {
            "the box's sea supply may not go there (SUP-022, SUP-079..082)".into()
        })
    }

    /// The ports a line from `from` to `to` passes through to be allowed:
    /// none if it may go there directly, a destination port of its box if
    /// it must pass through one (SUP-079, SUP-080); `None` if it may not go
    /// there at all.
    fn box_via(&self, from: NodeId, to: NodeId) -> Option<Vec<NodeId>> {
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
    fn bridgehead_at(&self, n: NodeId) -> bool {
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
    fn in_group(&self, n: NodeId) -> bool {
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

    /// Whether `n` can receive a sea line (SUP-073..077, SUP-083).
    pub fn termination(&self, n: NodeId) -> Result<(), String> {
        let map = &self.spec.map;
        if !map.is_hex(n) {
            return Err("sea supply lines may not be traced to a map box (SUP-083)".into());
        }
        if !self.friendly(n) {
            return Err("it is not held by the side (SUP-073)".into());
        }
        if !(takes_sea_supply(map, n) || self.bridgehead_at(n) || self.in_group(n)) {
            return Err(
                "not a port, bridgehead, one-hex island, beach or island of an island group (SUP-073..077, SUP-098)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Whether `n` can start a sea line; `planned` are the terminations of
    /// earlier lines of the plan (SUP-067..072, SUP-085).
    pub fn origin(&self, n: NodeId, planned: &[NodeId]) -> Result<(), String> {
        let map = &self.spec.map;
        if let Some(bs) = map.box_sea(n) {
            let source = self
                .ctx
                .sources
                .iter()
                .any(|s| s.node == n && s.inactive.is_none() && s.tiers.iter().any(|t| t.is_some()));
            return if bs.entries.is_empty() {
                Err("the box has no sea entries onto the board".into())
            } else if matches!(self.neutral_rule(n), Some(None)) {
                Err("the box's owner is not at war, and no rule lets its box send sea supply meanwhile (SUP-022)"
                    .into())
            } else if !source || !self.holds(n) {
                Err("the box is not a supply source of the side (SUP-068)".into())
            } else {
                Ok(())
            };
        }
        if !map.is_hex(n) || !map.node(n).is_some_and(|i| i.features.contains(Features::PORT)) {
            return Err("neither a box nor a port (SUP-067)".into());
        }
        if !self.friendly(n) {
            return Err("the port is not held by the side".into());
        }
        // SUP-071, SUP-074: a port may not both receive and send sea supply.
        if planned.contains(&n) || self.log.lines.iter().any(|l| l.reached.contains(&n) || l.to == n) {
            return Err("it receives sea supply this player turn and may not send it (SUP-071)".into());
        }
        let source = self.ctx.sources.iter().any(|s| s.node == n && s.inactive.is_none() && !s.own_hex_only);
        if source {
            return Ok(());
        }
        // SUP-072: a land-supplied port must not be in an enemy ZOC.
        if self.ctx.zoc.get(n as usize).copied().unwrap_or(false) {
            return Err("the port is in an enemy zone of control (SUP-072)".into());
        }
        let zone = self.zones.zone(n);
        let fed = zone.is_some() && planned.iter().any(|&t| self.zones.zone(t) == zone);
        if self.holds(n) || fed {
            Ok(())
        } else {
            Err("the port receives no supply by land in its zone (SUP-070, SUP-071)".into())
        }
    }

    /// Friendly ports a line may pass through (SUP-080, SUP-122).
    fn port(&self, n: NodeId) -> bool {
        self.friendly(n) && self.spec.map.node(n).is_some_and(|i| i.features.contains(Features::PORT))
    }

    fn is_sea(&self, n: NodeId) -> bool {
        self.spec.map.node(n).is_some_and(|i| i.surface == Surface::Sea)
    }

    /// A route from `from` through `via` to `to` within range (SUP-090):
    /// sea hexes count, friendly ports refuel.
    #[must_use]
    pub fn route(&self, from: NodeId, via: &[NodeId], to: NodeId) -> Option<Vec<NodeId>> {
        let map = &self.spec.map;
        let range = self.spec.ruleset.sea.range;
        let mut path = vec![from];
        let mut cur = from;
        for &next in via.iter().chain(std::iter::once(&to)) {
            let seg = bfs_path_refuel(
                &map.sea,
                EdgeKinds::SEA,
                cur,
                next,
                range,
                |x| x == next || self.is_sea(x) || self.port(x),
                |x| self.is_sea(x),
                |x| x != next && self.port(x),
            )?;
            path.extend_from_slice(&seg[1..]);
            cur = next;
        }
        Some(path)
    }

    /// Transports of `pool` left to the side this player turn, after `planned`
    /// more lines (SUP-078..082).
    fn transports_left(&self, pool: &str, planned: usize) -> u32 {
        let Some((side, _)) = side_kind(self) else { return 0 };
        let used = self.log.transports_used.get(pool).copied().unwrap_or(0);
        self.spec.transports_of(side, pool).saturating_sub(used + planned as u32)
    }

    /// The zones that had their chance at initial determination and the
    /// rule that keeps a post-combat line from `to` (SUP-135, SUP-139..141).
    ///
    /// A zone had its chance if a line could have reached it at initial
    /// determination ([`InitialZone::best_possible`] is set): then a line
    /// traced to it was an attempt, and none traced was a decision to
    /// decline (SUP-103, SUP-139); either way no second one is traced now,
    /// unless it carries better supply than any line could then (SUP-141).
    /// A zone no line could reach then declined nothing, and a hex taken
    /// since (not among the zone's landing places then) may take a line
    /// (SUP-140); so may an island captured this player turn, a zone of its
    /// own at post-combat determination (SUP-096).
    fn post_combat_block(&self, to: NodeId, carried: Option<Tier>) -> Option<String> {
        let (_, kind) = side_kind(self)?;
        if kind != DeterminationKind::PostCombat {
            return None;
        }
        let z = self.log.initial_zones.iter().find(|z| z.terminations.contains(&to))?;
        // SUP-139: nothing was declined where no line was possible.
        z.best_possible?;
        // SUP-141: a line that would upgrade the zone, better than any that
        // could be tried at initial determination. A zone already upgraded
        // through the zone that supplied it by sea gains nothing by it.
        if carried > z.best_possible && carried > self.best_tier(to) {
            return None;
        }
        Some(if z.attempted {
            "sea supply to this zone was attempted at initial determination (SUP-135, SUP-139)".into()
        } else {
            "sea supply to this zone was declined at initial determination (SUP-139)".into()
        })
    }

    /// The first hex of `path` within `reach` of a unit at `from`, as an
    /// index into `path` (SUP-113: where an attack on the line falls).
    fn first_within(&self, from: NodeId, path: &[NodeId], reach: u32) -> Option<usize> {
        let map = &self.spec.map;
        if let Some(b) = map.box_sea(from) {
            return path.iter().position(|n| *n == from || b.entries.contains(n));
        }
        let d = bfs_distances(&map.adjacency, EdgeKinds::ALL, &[from], reach, |_| true);
        path.iter().position(|&t| d.get(t as usize).is_some_and(|&x| x <= reach))
    }

    fn distance(&self, from: NodeId, targets: &[NodeId], reach: u32) -> bool {
        let map = &self.spec.map;
        let d = bfs_distances(&map.adjacency, EdgeKinds::ALL, &[from], reach, |_| true);
        targets.iter().any(|&t| d.get(t as usize).is_some_and(|&x| x <= reach))
            || map.box_sea(from).is_some_and(|b| b.entries.iter().any(|e| targets.contains(e)))
    }

    /// A base is operational for its side: fully supplied (SUP-144, SUP-145,
    /// SUP-201, SUP-202). A box is always operational. A hex that no
    /// determination has given a status yet (the scenario's first player
    /// turns) counts as operational: the statuses the scenario gives its
    /// units stand for the previous player turn (SUP-144, SUP-145).
    fn operational(&self, n: NodeId) -> bool {
        let status = self
            .world
            .get_resource::<qm_core::state::EntityIndex>()
            .and_then(|ix| ix.nodes.get(n as usize))
            .and_then(|&e| self.world.get::<qm_core::supply::HexSupply>(e))
            .and_then(|h| h.status);
        !self.spec.map.is_hex(n) || matches!(status, None | Some(HexStatus::Full))
    }
}

/// Validates the moving side's sea supply plan (SUP-067..123).
///
/// # Errors
/// The first illegal line or escort, as an [`OrderError`].
pub fn validate_plan(v: &SeaView<'_>, index: usize, lines: &[SeaLineOrder]) -> Result<Vec<ValidSeaLine>, OrderError> {
    let map = &v.spec.map;
    let Some((side, _)) = side_kind(v) else { return Err(OrderError::NoPhase) };
    let find = |name: &str| map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.to_string() });
    let mut out: Vec<ValidSeaLine> = Vec::new();
    let mut box_lines: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for (k, l) in lines.iter().enumerate() {
        let from = find(&l.from)?;
        let to = find(&l.to)?;
        let via = l.via.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
        let islands = l.islands.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
        let planned: Vec<NodeId> =
            out.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
        v.termination(to).map_err(|why| OrderError::BadTermination { index, line: k, at: l.to.clone(), why })?;
        // SUP-074, SUP-071: a port from which sea supply is traced (earlier
        // in this plan, or earlier in the player turn) may not receive it.
        let this_turn = v.log.turn == Some((v.ctx.turn, side));
        if out.iter().any(|p| p.from == to) || (this_turn && v.log.lines.iter().any(|r| r.from == to)) {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "sea supply is traced from it this player turn: it may not receive any (SUP-074)".into(),
            });
        }
        // SUP-098..100: a line to an island group enters it at `to`, then
        // reaches the islands listed, in order, then (SUP-099: it supplies
        // every friendly island of the group) the others, in map order.
        let group = map.island_group(to);
        let parts = v.group_islands(to);
        let part_of = |n: NodeId| parts.iter().position(|p| p.binary_search(&n).is_ok());
        let mut seen = vec![part_of(to)];
        let mut islands_in_order = Vec::with_capacity(parts.len());
        for (j, &i) in islands.iter().enumerate() {
            let bad = |why: &str| OrderError::BadTermination {
                index,
                line: k,
                at: l.islands[j].clone(),
                why: why.to_string(),
            };
            if group.is_none() || map.island_group(i) != group {
                return Err(bad("not an island of the group the line enters (SUP-098, SUP-100)"));
            }
            v.termination(i).map_err(|why| bad(&why))?;
            if v.zones.zone(i) != v.zones.zone(to) {
                return Err(bad(
                    "not in the supply zone of the island the line enters: an island captured this combat phase is a \
                     supply zone of its own for post-combat supply (SUP-096)",
                ));
            }
            let p = part_of(i);
            if seen.contains(&p) {
                return Err(bad("the line already reaches that island (SUP-100: each island once, in order)"));
            }
            seen.push(p);
            islands_in_order.push(i);
        }
        islands_in_order.extend(
            parts.iter().enumerate().filter(|(p, _)| !seen.contains(&Some(*p))).filter_map(|(_, p)| p.first().copied()),
        );
        let islands = islands_in_order;
        v.origin(from, &planned).map_err(|why| OrderError::BadOrigin { index, line: k, at: l.from.clone(), why })?;
        if from == to {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "the line starts there".into(),
            });
        }
        // SUP-097: one line to each island group, whatever enemy zones of
        // control there are; an island captured this combat phase is a zone
        // of its own at post-combat determination and may take its own
        // (SUP-096).
        let zone = v.zones.zone(to);
        if let Some(g) = group
            && let Some(prev) = out.iter().position(|p| map.island_group(p.to) == Some(g) && v.zones.zone(p.to) == zone)
        {
            return Err(OrderError::ZoneAlreadySupplied {
                index,
                line: k,
                at: l.to.clone(),
                why: format!("line {prev} already supplies that island group (SUP-097)"),
            });
        }
        // SUP-094: one line per zone, unless enemy ZOC keeps the earlier
        // landings from supplying the rest of it: a further line is refused
        // once one lands outside an enemy ZOC, or to a termination already
        // served.
        if let Some(prev) = out.iter().find(|p| {
            zone.is_some()
                && v.zones.zone(p.to) == zone
                && (p.to == to || !v.ctx.zoc.get(p.to as usize).copied().unwrap_or(false))
        }) {
            return Err(OrderError::ZoneAlreadySupplied {
                index,
                line: k,
                at: l.to.clone(),
                why: format!(
                    "line {} already supplies that zone (SUP-094)",
                    out.iter().position(|p| p == prev).unwrap_or(0)
                ),
            });
        }
        if let Some(why) = v.post_combat_block(to, v.best_tier_into(from, to)) {
            return Err(OrderError::ZoneAlreadySupplied { index, line: k, at: l.to.clone(), why });
        }
        // Boxes: destinations, war status and transports (SUP-022,
        // SUP-078..083).
        v.box_line(from, &via, to).map_err(|why| OrderError::BadTermination {
            index,
            line: k,
            at: l.to.clone(),
            why,
        })?;
        // SUP-081: a box whose supply may not extend to the termination
        // (India's into Australia or the Pacific front) sends no line there.
        if map.box_sea(from).is_some() && v.best_tier(from).is_some() && v.best_tier_into(from, to).is_none() {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "supply originating in the box may not extend there (SUP-081)".into(),
            });
        }
        let mut transport = false;
        if let Some(bs) = map.box_sea(from)
            && let Some(pool) = &bs.transport_pool
        {
            let used = box_lines.entry(pool.clone()).or_insert(0);
            if v.transports_left(pool, *used) == 0 {
                return Err(OrderError::NoTransport { index, line: k, from: l.from.clone(), pool: pool.clone() });
            }
            *used += 1;
            transport = true;
        }
        let Some(path) = v.route(from, &via, to) else {
            return Err(OrderError::OutOfRange {
                index,
                line: k,
                from: l.from.clone(),
                to: l.to.clone(),
                range: v.spec.ruleset.sea.range,
            });
        };
        let protect = validate_escorts(v, index, side, &path, &l.protect, Domain::Naval)?;
        let air_cover = validate_escorts(v, index, side, &path, &l.air_cover, Domain::Air)?;
        // SUP-108, SUP-120, SUP-121: the moving side says which units
        // protect which line, and lines are defended separately: a unit
        // protects, or flies cover for, one line of the plan.
        if let Some(u) = protect
            .iter()
            .chain(&air_cover)
            .find(|u| out.iter().any(|p| p.protect.contains(u) || p.air_cover.contains(u)))
        {
            let earlier = out.iter().position(|p| p.protect.contains(u) || p.air_cover.contains(u)).unwrap_or(0);
            return Err(OrderError::BadEscort {
                index,
                unit: u.to_string(),
                role: if protect.contains(u) { "protect".into() } else { "fly cover for".into() },
                why: format!("it already protects line {earlier}: each unit protects one line (SUP-108, SUP-120)"),
            });
        }
        // SUP-109: a protecting force needs a destroyer unless a transport
        // carries the supply.
        if !protect.is_empty() && !transport && !protect.iter().any(|u| v.unit(u.as_str()).is_some_and(|x| x.destroyer))
        {
            return Err(OrderError::NoDestroyer { index, line: k });
        }
        out.push(ValidSeaLine { from, to, via, islands, protect, air_cover });
    }
    Ok(out)
}

/// Validates the naval protectors (SUP-106..119) or the air cover
/// (SUP-123) of a line whose route is `path` (origin first, termination
/// last).
fn validate_escorts(
    v: &SeaView<'_>,
    index: usize,
    side: Side,
    path: &[NodeId],
    ids: &[String],
    domain: Domain,
) -> Result<Vec<UnitId>, OrderError> {
    let Some(&from) = path.first() else { return Ok(Vec::new()) };
    let role = if domain == Domain::Naval { "protect" } else { "fly cover for" };
    let mut out = Vec::new();
    for id in ids {
        let u = v.unit(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.clone() })?;
        let bad = |why: &str| OrderError::BadEscort { index, unit: id.clone(), role: role.into(), why: why.into() };
        if v.side_of(u.nation) != Some(side) {
            return Err(bad("it is not of the side tracing the line"));
        }
        // A nation not at war takes no part in the war at sea (SUP-022: the
        // U.S. box's lines are protected by British and French units while
        // the U.S. is not at war; SUP-146).
        if !v.at_war(u.nation) {
            return Err(bad("its nation is not at war (SUP-022, SUP-146)"));
        }
        if let Some(Some(rule)) = v.neutral_rule(from)
            && !rule.protectors.contains(&u.nation)
        {
            let names: Vec<&str> = rule.protectors.iter().map(|&n| v.spec.ruleset.nation_key(n)).collect();
            return Err(bad(&format!(
                "while its box's owner is not at war, only units of {} may protect this line (SUP-022)",
                names.join(" and ")
            )));
        }
        if u.domain != domain {
            return Err(bad(if domain == Domain::Naval { "not a naval unit" } else { "not an air unit" }));
        }
        if u.inverted {
            return Err(bad("it is inverted (SUP-106, SUP-123, SUP-144)"));
        }
        if u.status != UnitStatus::Full {
            return Err(bad("it is not fully supplied (SUP-106, SUP-123, SUP-168)"));
        }
        // SUP-144: its base was operational in its previous player turn.
        if !v.operational(u.node) {
            return Err(bad("its base is not operational (SUP-123, SUP-144)"));
        }
        if domain == Domain::Naval {
            // SUP-111..119: based at the origin, at a port on the route, or
            // in an sw box that covers such lines.
            if escort_base(v, u, path).is_none() {
                return Err(bad(
                    "it is based neither at the origin, nor at a port on the route, nor in an sw box covering \
                     this line (SUP-111..119)",
                ));
            }
        } else if !v.distance(u.node, path, v.spec.ruleset.sea.reach) {
            return Err(bad("the line is out of its reach (SUP-123)"));
        }
        out.push(u.id.clone());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Where on a line's route (`path`, origin first) a naval unit starts to
/// protect it (SUP-111..119): from the origin if based there (SUP-112) or
/// in an sw box covering the line (SUP-114..117), from its port if based at
/// a port the line passes or ends at, "only once it has reached their hex"
/// (SUP-113); `None` if it may not protect it at all (SUP-118, SUP-119).
fn escort_base(v: &SeaView<'_>, u: &UnitView, path: &[NodeId]) -> Option<usize> {
    let (&from, &to) = (path.first()?, path.last()?);
    if u.node == from {
        return Some(0);
    }
    let faction = v.ctx.factions.get(u.nation.index()).copied()?;
    let front = v.spec.map.front(to);
    let sw = v
        .spec
        .map
        .box_sea(u.node)
        .is_some_and(|b| b.sw && b.protects.iter().any(|p| p.covers(faction, from, to, front)));
    if sw {
        return Some(0);
    }
    if v.port(u.node) {
        return path.iter().position(|&n| n == u.node);
    }
    None
}

/// Validates an interception (SUP-104, SUP-124, SUP-145, SUP-170).
///
/// # Errors
/// [`OrderError::NoSuchLine`], or [`OrderError::BadEscort`] for an attacker
/// of the moving side, an inverted one, one not fully supplied, or one out of
/// reach.
pub fn validate_intercept(
    v: &SeaView<'_>,
    index: usize,
    plan: &[ValidSeaLine],
    line: u32,
    by: &[String],
    at_island: Option<&str>,
) -> Result<ValidOrder, OrderError> {
    let Some((side, _)) = side_kind(v) else { return Err(OrderError::NoPhase) };
    let Some(target) = plan.get(line as usize) else { return Err(OrderError::NoSuchLine { index, line }) };
    // SUP-100..102: the attack falls before the island named (before the
    // line enters the group if none is), so the attackers must reach the
    // line as far as that island: its route to the group, or an island
    // it reaches before.
    let at_island = match at_island {
        None => None,
        Some(name) => {
            let n = v.spec.map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.into() })?;
            if n != target.to && !target.islands.contains(&n) {
                return Err(OrderError::BadTermination {
                    index,
                    line: line as usize,
                    at: name.into(),
                    why: "not an island that line enters or reaches (SUP-100)".into(),
                });
            }
            Some(n)
        }
    };
    let mut path = v.route(target.from, &target.via, target.to).unwrap_or_default();
    if let Some(n) = at_island {
        let stops: Vec<NodeId> = std::iter::once(target.to).chain(target.islands.iter().copied()).collect();
        let upto = stops.iter().position(|&s| s == n).unwrap_or(0);
        path.extend_from_slice(&stops[..=upto]);
    }
    let mut out = Vec::new();
    for id in by {
        let u = v.unit(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.clone() })?;
        let bad = |why: &str| OrderError::BadEscort { index, unit: id.clone(), role: "attack".into(), why: why.into() };
        let enemy = v.side_of(u.nation) == Some(side.other())
            && v.ctx.nations.get(u.nation.index()).is_some_and(|s| s.status == NationStatus::Active);
        if !enemy {
            return Err(bad("only the defending side's units may attack the moving side's sea lines (SUP-104)"));
        }
        if !matches!(u.domain, Domain::Naval | Domain::Air) {
            return Err(bad("only naval and air units attack sea lines (SUP-124)"));
        }
        if u.inverted {
            return Err(bad("it is inverted (SUP-145)"));
        }
        if u.status != UnitStatus::Full {
            return Err(bad("it is not fully supplied (SUP-145, SUP-170)"));
        }
        if !v.operational(u.node) {
            return Err(bad("its base is not operational (SUP-145)"));
        }
        if !v.distance(u.node, &path, v.spec.ruleset.sea.reach) {
            return Err(bad("the line is out of its reach"));
        }
        out.push(u.id.clone());
    }
    out.sort();
    out.dedup();
    Ok(ValidOrder::Intercept { line, by: out, at_island })
}

/// The default plan: a line to every zone that can receive one and is not
/// fully supplied, from the best origin in range, unprotected (SUP-103).
/// Every landing place of a zone is tried, not only the first: a zone that
/// can take sea supply at one port only (Suez, for the South Africa box,
/// SUP-081, SUP-087) still gets its line. Lines that carry full supply are
/// planned first, pass after pass until none is added, so that a zone
/// supplied by sea sends full supply on whatever the zones' order on the map
/// (SUP-085, SUP-086, SUP-121); then the lines that carry partial supply. A
/// zone planned earlier counts as supplied by its line when later origins
/// are chosen.
#[must_use]
pub fn default_plan(v: &SeaView<'_>) -> Vec<ValidSeaLine> {
    let map = &v.spec.map;
    let mut plan: Vec<ValidSeaLine> = Vec::new();
    // Zones planned a line: (zone, tier it carries, the line's origin).
    let mut supplied_zones: Vec<(u32, Option<Tier>, NodeId)> = Vec::new();
    let mut pools: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    // The sea area each landing place can be reached from: it does not
    // depend on the plan, so it is searched once.
    let mut reach: std::collections::BTreeMap<NodeId, Vec<(NodeId, u32)>> = std::collections::BTreeMap::new();
    let landings = v.zone_landings();
    let mut scratch = Vec::new();
    for want in [Tier::Full, Tier::Partial] {
        loop {
            let before = plan.len();
            for (z, terms) in &landings {
                let z = *z;
                if supplied_zones.iter().any(|s| s.0 == z) {
                    continue;
                }
                // Island groups: one line, entering at any island (SUP-097, SUP-098).
                let mut terms = terms.clone();
                // A zone whose every landing place already has full supply
                // gains nothing by sea.
                let zone_tier = terms.iter().map(|&n| v.best_tier(n)).min().flatten();
                if zone_tier == Some(Tier::Full) {
                    continue;
                }
                // SUP-097: one line to each island group (an island captured
                // this combat phase being a zone of its own, SUP-096).
                if map.island_group(terms[0]).is_some()
                    && plan
                        .iter()
                        .any(|p| map.island_group(p.to) == map.island_group(terms[0]) && v.zones.zone(p.to) == Some(z))
                {
                    continue;
                }
                // Terminations out of enemy ZOC first (their supply goes inland).
                terms.sort_by_key(|&n| (v.ctx.zoc.get(n as usize).copied().unwrap_or(false), n));
                let planned: Vec<NodeId> =
                    plan.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
                let tier_of = |o: NodeId, to: NodeId| -> Option<Tier> {
                    // SUP-081: what lands at `to` (a limited origin's
                    // supply may not reach every termination), from the
                    // origin's own supply or along the lines planned into
                    // its zone (SUP-085), each carrying at most what the
                    // line before it carried.
                    let mut best = v.best_tier_into(o, to);
                    let (mut cur, mut cap) = (o, Some(Tier::Full));
                    for _ in 0..supplied_zones.len() {
                        let Some(s) = v.zones.zone(cur).and_then(|oz| supplied_zones.iter().find(|s| s.0 == oz)) else {
                            break;
                        };
                        cap = cap.min(s.1);
                        best = best.max(cap.min(v.best_tier_into(s.2, to)));
                        cur = s.2;
                    }
                    best
                };
                type Key = (bool, std::cmp::Reverse<Option<Tier>>, u32, NodeId, NodeId);
                let mut best: Option<(Key, Vec<NodeId>)> = None;
                for &to in &terms {
                    let in_zoc = v.ctx.zoc.get(to as usize).copied().unwrap_or(false);
                    let reached = reach.entry(to).or_insert_with(|| {
                        bfs_reach_refuel(
                            &map.sea,
                            EdgeKinds::SEA,
                            to,
                            v.spec.ruleset.sea.range,
                            |x| v.is_sea(x) || v.port(x) || map.box_sea(x).is_some(),
                            |x| v.is_sea(x),
                            |x| v.port(x),
                            &mut scratch,
                        )
                    });
                    for &(o, h) in reached.iter() {
                        if o == to || !(v.port(o) || map.box_sea(o).is_some()) {
                            continue;
                        }
                        if v.zones.zone(o) == Some(z) || v.origin(o, &planned).is_err() {
                            continue;
                        }
                        if let Some(bs) = map.box_sea(o)
                            && let Some(pool) = &bs.transport_pool
                            && v.transports_left(pool, pools.get(pool).copied().unwrap_or(0)) == 0
                        {
                            continue;
                        }
                        let t = tier_of(o, to);
                        if t < Some(want) || t <= zone_tier || v.post_combat_block(to, t).is_some() {
                            continue;
                        }
                        let key = (in_zoc, std::cmp::Reverse(t), h, to, o);
                        if best.as_ref().is_some_and(|b| b.0 <= key) {
                            continue;
                        }
                        // SUP-022, SUP-079..082: where a box may send, and
                        // the destination port it must pass through.
                        let Some(via) = v.box_via(o, to) else { continue };
                        best = Some((key, via));
                    }
                }
                let Some(((_, std::cmp::Reverse(t), _, to, from), via)) = best else { continue };
                if v.route(from, &via, to).is_none() {
                    continue;
                }
                // SUP-099: the other friendly islands of the group's zone,
                // in map order.
                let islands: Vec<NodeId> = v
                    .group_islands(to)
                    .iter()
                    .filter(|p| p.binary_search(&to).is_err())
                    .filter_map(|p| p.first().copied())
                    .collect();
                if let Some(pool) = map.box_sea(from).and_then(|b| b.transport_pool.clone()) {
                    *pools.entry(pool).or_insert(0) += 1;
                }
                supplied_zones.push((z, t, from));
                plan.push(ValidSeaLine { from, to, via, islands, protect: Vec::new(), air_cover: Vec::new() });
            }
            if plan.len() == before {
                break;
            }
        }
    }
    plan
}

/// Builds a [`SeaView`] from a world after the context, land and zones
/// stages have run (a preview, or the determination itself).
#[must_use]
pub fn view(world: &World) -> Option<SeaView<'_>> {
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
    let ctx = world.get_resource::<SupplyContext>()?;
    let mut bridgeheads: Vec<NodeId> = units
        .iter()
        .filter(|u| u.bridgehead && ctx.nations.get(u.nation.index()).and_then(|s| s.side) == ctx.side)
        .map(|u| u.node)
        .collect();
    bridgeheads.sort_unstable();
    bridgeheads.dedup();
    Some(SeaView {
        spec,
        ctx,
        bridgeheads,
        floods: world.get_resource::<LandFloods>()?,
        zones: world.get_resource::<ZoneLabels>()?,
        log: world.get_resource::<SeaLog>()?,
        units,
        world,
    })
}

/// The sum of a die roll per unit plus its factors.
fn contest(rng: &mut GameRng, die: u32, units: &[(UnitId, u8)]) -> u32 {
    units.iter().map(|(_, f)| rng.roll(die) + u32::from(*f)).sum()
}

/// Resolves the determination's sea lines, in order (system, in
/// `SupplySystems::Sea`; exclusive: it reads the world as a [`SeaView`]).
#[allow(clippy::too_many_lines, reason = "one pass over the lines, in the announced order")]
pub fn resolve_sea(world: &mut World) {
    let Some(ctx) = world.get_resource::<SupplyContext>() else { return };
    let (Some(side), Some(kind), turn) = (ctx.side, ctx.kind, ctx.turn) else { return };
    let running = world.get_resource::<RunningPhase>().and_then(|r| r.0);

    // A new player turn starts a new sea log.
    {
        let mut log = world.resource_mut::<SeaLog>();
        if log.turn != Some((turn, side)) {
            *log = SeaLog { turn: Some((turn, side)), ..SeaLog::default() };
        }
    }
    // The plan: the moving side's order, or the default plan (SUP-103); the
    // defending side's attacks.
    let (mut plan, intercepts) = match running {
        Some(phase) => {
            let mut pending = world.resource_mut::<PendingOrders>();
            let plans = pending.take(phase, |o| matches!(o, ValidOrder::SeaSupply(_)));
            let attacks = pending.take(phase, |o| matches!(o, ValidOrder::Intercept { .. }));
            let plan = plans.into_iter().rev().find_map(|o| match o.order {
                ValidOrder::SeaSupply(lines) => Some(lines),
                _ => None,
            });
            (plan, attacks.into_iter().map(|o| o.order).collect::<Vec<_>>())
        }
        None => (None, Vec::new()),
    };
    let Some(v) = view(world) else { return };
    // SUP-139: note the zones that could receive sea supply at initial
    // determination, and the best they could have had.
    let mut initial_zones = if kind == DeterminationKind::Initial { initial_zones(&v) } else { Vec::new() };
    let lines = plan.take().unwrap_or_else(|| default_plan(&v));
    let units = v.units.clone();
    let die = v.spec.ruleset.sea.die;
    let routes: Vec<Vec<NodeId>> =
        lines.iter().map(|l| v.route(l.from, &l.via, l.to).unwrap_or_else(|| vec![l.from, l.to])).collect();
    let transports: Vec<Option<String>> =
        lines.iter().map(|l| v.spec.map.box_sea(l.from).and_then(|b| b.transport_pool.clone())).collect();
    // SUP-113: where on its route each protector starts to protect a line,
    // and where each attacker first reaches it.
    let reach = v.spec.ruleset.sea.reach;
    let escort_from: Vec<Vec<(UnitId, usize)>> = lines
        .iter()
        .zip(&routes)
        .map(|(l, path)| {
            let naval = l.protect.iter().map(|id| (id, v.unit(id.as_str()).and_then(|u| escort_base(&v, u, path))));
            let air = l.air_cover.iter().map(|id| (id, Some(0)));
            naval.chain(air).map(|(id, at)| (id.clone(), at.unwrap_or(0))).collect()
        })
        .collect();
    let attack_from: Vec<Vec<(UnitId, usize)>> = routes
        .iter()
        .enumerate()
        .map(|(k, path)| {
            let mut out: Vec<(UnitId, usize)> = intercepts
                .iter()
                .filter_map(|o| match o {
                    ValidOrder::Intercept { line, by, at_island } if *line as usize == k => Some((by, at_island)),
                    _ => None,
                })
                .flat_map(|(by, at_island)| {
                    by.iter().map(|id| {
                        // An attack on an island of a group falls after the
                        // line entered it (SUP-100).
                        let at = if at_island.is_some() {
                            Some(path.len())
                        } else {
                            v.unit(id.as_str()).and_then(|u| v.first_within(u.node, path, reach))
                        };
                        (id.clone(), at.unwrap_or(0))
                    })
                })
                .collect();
            out.sort();
            out
        })
        .collect();
    drop(v);

    let factors = |id: &UnitId| units.binary_search_by(|u| u.id.cmp(id)).ok().map_or(1, |i| units[i].factors);
    let mut inverted: Vec<UnitId> = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        let attackers: Vec<(UnitId, Option<NodeId>)> = intercepts
            .iter()
            .filter_map(|o| match o {
                ValidOrder::Intercept { line, by, at_island } if *line as usize == k => Some((by.clone(), *at_island)),
                _ => None,
            })
            .flat_map(|(by, at)| by.into_iter().map(move |u| (u, at)))
            .filter(|(u, _)| !inverted.contains(u))
            .collect();
        // SUP-113: the attack falls where the first attacker reaches the
        // line; units based at a port further along do not protect it there.
        let attacked_at = attackers
            .iter()
            .filter_map(|a| attack_from[k].iter().find(|x| x.0 == a.0).map(|x| x.1))
            .min()
            .unwrap_or(usize::MAX);
        let protectors: Vec<(UnitId, u8)> = escort_from[k]
            .iter()
            .filter(|(_, at)| attackers.is_empty() || *at <= attacked_at)
            .map(|(u, _)| (u.clone(), factors(u)))
            .collect();
        let assigned: Vec<UnitId> = escort_from[k].iter().map(|e| e.0.clone()).collect();
        let stops: Vec<NodeId> = std::iter::once(l.to).chain(l.islands.iter().copied()).collect();
        // Where the attack falls: before the first island named, or before
        // the line enters (SUP-100..102).
        let cut = attackers
            .iter()
            .map(|a| a.1.and_then(|n| stops.iter().position(|&s| s == n)).unwrap_or(0))
            .min()
            .unwrap_or(0);
        let mut rolls = None;
        let disrupted = if attackers.is_empty() {
            false
        } else if protectors.is_empty() {
            // SUP-125: an unprotected line that is attacked is disrupted,
            // with no roll.
            true
        } else {
            // Ruling 9: a protected line is resolved by the contest.
            let mut rng = world.resource_mut::<GameRng>();
            let mut ps = protectors.clone();
            ps.sort();
            let mut atk: Vec<(UnitId, u8)> = attackers.iter().map(|a| (a.0.clone(), factors(&a.0))).collect();
            atk.sort();
            atk.dedup();
            let (p, a) = (contest(&mut rng, die, &ps), contest(&mut rng, die, &atk));
            rolls = Some((p, a));
            a > p
        };
        let mut by: Vec<UnitId> = attackers.iter().map(|a| a.0.clone()).collect();
        by.sort();
        by.dedup();
        inverted.extend(by.iter().cloned());
        let reached: Vec<NodeId> = if disrupted { stops[..cut].to_vec() } else { stops.clone() };
        // Land what the origin holds now (SUP-085, SUP-086, SUP-089).
        let index = world.resource::<SeaLog>().lines.len() as u32;
        let mut carried = Vec::new();
        world.resource_scope(|world, mut floods: Mut<LandFloods>| {
            let (Some(spec), Some(ctx)) = (world.get_resource::<Spec>(), world.get_resource::<SupplyContext>()) else {
                return;
            };
            carried = carried_into(ctx, &floods, l.from, l.to);
            let fs = flood_spec(spec, ctx);
            for chunk in 0..floods.floods.len() {
                let b = floods.mask(chunk, l.from);
                if b == 0 || reached.is_empty() {
                    continue;
                }
                // SUP-081: a limited origin's supply lands only where it may
                // reach.
                let seeds: Vec<Seed> = reached
                    .iter()
                    .map(|&t| Seed { node: t, bits: b & !ctx.limit_block(t), push: push_mask(ctx, t, true), stage: 0 })
                    .collect();
                let refs = (0..reached.len())
                    .map(|j| SeedRef::Sea { line: index, from: l.from, path: sea_path(&routes[k], &reached, j) })
                    .collect();
                floods.land(&fs, chunk, &seeds, refs);
            }
        });
        let mut log = world.resource_mut::<SeaLog>();
        if let Some(pool) = &transports[k] {
            *log.transports_used.entry(pool.clone()).or_insert(0) += 1;
        }
        log.lines.push(SeaLineRecord {
            index: k as u32,
            kind,
            from: l.from,
            to: l.to,
            path: routes[k].clone(),
            islands: l.islands.clone(),
            protected_by: assigned,
            attacked_by: by,
            rolls,
            disrupted,
            reached,
            carried,
            transport: transports[k].clone(),
        });
        for z in initial_zones.iter_mut().filter(|z| z.terminations.contains(&l.to)) {
            z.attempted = true;
        }
    }
    if kind == DeterminationKind::Initial {
        world.resource_mut::<SeaLog>().initial_zones = initial_zones;
    }
    // SUP-125: attacking units are inverted.
    if !inverted.is_empty() {
        inverted.sort();
        inverted.dedup();
        let mut q = world.query::<(&Unit, &mut UnitFlags)>();
        for (u, mut f) in q.iter_mut(world) {
            if inverted.binary_search(&u.id).is_ok() {
                f.bits |= UnitFlagBits::INVERTED;
            }
        }
    }
}

/// The zones that can receive sea supply at initial determination, each
/// with the best supply a line to it could have carried then (SUP-139,
/// SUP-141): from an origin in range of one of its landing places (SUP-090;
/// a box only to its destinations and while it has transports, SUP-078..082),
/// with what the origin holds by land, or what its own zone could have
/// received by sea (SUP-085, SUP-086). An origin elsewhere on the map, out of
/// range, could not have sent a line: a better line at post-combat
/// determination is not one that "could be attempted" at initial.
fn initial_zones(v: &SeaView<'_>) -> Vec<InitialZone> {
    let map = &v.spec.map;
    let landings = v.zone_landings();
    let full = |terms: &[NodeId]| terms.iter().all(|&n| v.best_tier(n) == Some(Tier::Full));
    // Per zone, the origins in range of its landing places: (origin, tier by
    // land if it may send a line now, its zone if it may pass on what that
    // zone receives by sea).
    type Candidate = (Option<Tier>, Option<u32>);
    let mut scratch = Vec::new();
    let candidates: Vec<Vec<Candidate>> = landings
        .iter()
        .map(|(z, terms)| {
            if full(terms) {
                return Vec::new();
            }
            let mut out: Vec<(NodeId, Candidate)> = Vec::new();
            for &to in terms {
                let reached = bfs_reach_refuel(
                    &map.sea,
                    EdgeKinds::SEA,
                    to,
                    v.spec.ruleset.sea.range,
                    |x| v.is_sea(x) || v.port(x) || map.box_sea(x).is_some(),
                    |x| v.is_sea(x),
                    |x| v.port(x),
                    &mut scratch,
                );
                for (o, _) in reached {
                    if o == to || !(v.port(o) || map.box_sea(o).is_some()) || v.zones.zone(o) == Some(*z) {
                        continue;
                    }
                    if let Some(bs) = map.box_sea(o) {
                        if !bs.destinations.is_empty() && !bs.destinations.contains(&to) {
                            continue;
                        }
                        if bs.transport_pool.as_ref().is_some_and(|p| v.transports_left(p, 0) == 0) {
                            continue;
                        }
                    }
                    let land = if v.origin(o, &[]).is_ok() { v.best_tier(o) } else { None };
                    // SUP-072, SUP-085: a port of a zone supplied by sea
                    // sends on what that zone receives, unless it stands in
                    // an enemy zone of control.
                    let fed = (map.box_sea(o).is_none() && !v.ctx.zoc.get(o as usize).copied().unwrap_or(false))
                        .then(|| v.zones.zone(o))
                        .flatten();
                    out.push((o, (land, fed)));
                }
            }
            out.sort_unstable();
            out.dedup();
            out.into_iter().map(|(_, c)| c).collect()
        })
        .collect();
    // The best each zone could receive, to a fixpoint: tiers only rise, so
    // it ends within two passes per zone.
    let mut best: Vec<Option<Tier>> =
        landings.iter().map(|(_, terms)| if full(terms) { Some(Tier::Full) } else { None }).collect();
    let zone_index = |z: u32| landings.binary_search_by_key(&z, |(k, _)| *k).ok();
    loop {
        let mut changed = false;
        for (i, cands) in candidates.iter().enumerate() {
            for &(land, fed) in cands {
                let by_sea = fed.and_then(zone_index).and_then(|j| best[j]);
                let t = land.max(by_sea);
                if t > best[i] {
                    best[i] = t;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    landings
        .into_iter()
        .zip(best)
        .map(|((_, terminations), best_possible)| InitialZone { terminations, best_possible, attempted: false })
        .collect()
}

/// What the flood holds at `n`, per nation of the side.
#[must_use]
pub fn carried_of(ctx: &SupplyContext, floods: &LandFloods, n: NodeId) -> Vec<(NationId, Tier)> {
    carried_masked(ctx, floods, n, u64::MAX)
}

/// What a sea line from `from` carries to `to`, per nation of the side:
/// what the flood holds at `from`, less the supply of limited origins that
/// may not reach `to` (SUP-081, SUP-086).
#[must_use]
pub fn carried_into(ctx: &SupplyContext, floods: &LandFloods, from: NodeId, to: NodeId) -> Vec<(NationId, Tier)> {
    carried_masked(ctx, floods, from, !ctx.limit_block(to))
}

fn carried_masked(ctx: &SupplyContext, floods: &LandFloods, n: NodeId, keep: u64) -> Vec<(NationId, Tier)> {
    ctx.classes
        .of_nation
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let c = (*c)?;
            let t = ctx.classes.best(floods.mask(ctx.classes.slot(c).chunk, n) & keep, c)?.0;
            Some((NationId(i as u16), t))
        })
        .collect()
}

/// Whether a map is one where sea supply can matter at all.
#[must_use]
pub fn has_sea(map: &MapGraph) -> bool {
    map.sea.edge_count() > 0
}
