//! The explanations' area cache: one search per area, shared by the units
//! in it (see [`AreaCache`]), and a unit's cutoff read from it in place
//! ([`CutoffView`]).

use super::{BLOCK_LIMIT, BlockReasons, LAND_KINDS, search_area, searched_cutoff, supplies, terrain_blocks, ungated};
use crate::context::SupplyContext;
use qm_core::ids::{NationId, NodeId, NodeVec, SourceId, Tier};
use qm_core::map::MapGraph;
use qm_core::ruleset::Ruleset;
use qm_core::supply::*;
use qm_trace::RegionScratch;

/// What a cutoff says of its area, whatever node of the area it is
/// searched from: the closed entries from outside, the sources that
/// refused and the area's size. Only the nearest part of a frontier larger
/// than [`BLOCK_LIMIT`] depends on the start.
#[derive(Clone, Debug)]
pub(super) struct AreaFacts {
    pub(super) closed: Vec<Block>,
    pub(super) refused: Vec<(SourceId, SourceRefusal)>,
    pub(super) area: u32,
}

impl AreaFacts {
    /// The cutoff of a start whose nearest blocks are `blocks`.
    pub(super) fn cutoff(&self, mut blocks: Vec<Block>, truncated: bool) -> Cutoff {
        blocks.extend(self.closed.iter().cloned());
        blocks.sort();
        blocks.dedup();
        Cutoff { blocks, refused: self.refused.clone(), area: self.area, truncated }
    }
}

/// The area cutoffs of one class and wanted tier, shared by every node
/// whose area is the same.
///
/// The area of a node `x` is every node that could pass the labels on
/// towards `x` through open links. If `x` passes them on itself, every node
/// `y` of its area that `x` can pass them on to through open links has the
/// same area: what reaches `x` reaches `y` through `x`, and what reaches
/// `y` reaches `x` (`y` is in `x`'s area and passes them on). Its blocks
/// (when they list the whole frontier), closed entries from outside and
/// refused sources are properties of the area, not of the search's order,
/// so the whole cutoff is shared. When the frontier is larger than
/// [`BLOCK_LIMIT`] and the blocks are its nearest part, only that part
/// depends on the start: the area's other facts are shared, and each start
/// searches only until it has met its nearest blocks. Either way the cost
/// grows with the areas, and with how far each unit stands from its
/// nearest walls, not with units x area.
pub(super) struct AreaCache {
    /// Per node: the index of its entry in `entries`, or `NONE`.
    of: NodeVec<u32>,
    /// The nodes `of` gives an entry, so that it is cleared for reuse at
    /// the cost of what it holds, not of the map.
    marked: Vec<NodeId>,
    pub(super) entries: Vec<AreaEntry>,
    /// Labels no gate of the determination refuses any of.
    ungated: bool,
    bits: u64,
}

/// What [`AreaCache`] holds for the nodes of an area.
pub(super) enum AreaEntry {
    /// The cutoff of every node marked with it.
    Whole(Cutoff),
    /// The facts of an area with a frontier larger than [`BLOCK_LIMIT`]:
    /// each node's nearest blocks are its own.
    Nearest(AreaFacts),
}

impl AreaCache {
    const NONE: u32 = u32::MAX;

    /// An empty cache; `spare` is a per-node table of an earlier one, all
    /// `NONE`, used if it fits the map.
    pub(super) fn new(ctx: &SupplyContext, map: &MapGraph, bits: u64, spare: Option<NodeVec<u32>>) -> Self {
        let n = map.node_count();
        let of = spare.filter(|v| v.len() == n).unwrap_or_else(|| NodeVec::from(vec![Self::NONE; n]));
        Self { of, marked: Vec::new(), entries: Vec::new(), ungated: ungated(ctx, bits), bits }
    }

    /// Gives `node` entry `idx`.
    fn mark(&mut self, node: NodeId, idx: u32) {
        if let Some(slot) = self.of.get_mut(node) {
            *slot = idx;
            self.marked.push(node);
        }
    }

    /// The per-node table, all `NONE` again, for a later cache.
    pub(super) fn into_spare(mut self) -> NodeVec<u32> {
        for &n in &self.marked {
            self.of[n] = Self::NONE;
        }
        self.of
    }

    /// The index of `node`'s entry, searched unless cached.
    pub(super) fn entry_of(
        &mut self,
        (scratch, reasons): (&mut RegionScratch, &mut BlockReasons),
        (ctx, rules, map): (&SupplyContext, &Ruleset, &MapGraph),
        nation: NationId,
        node: NodeId,
        want: Tier,
    ) -> usize {
        if let Some(&i) = self.of.get(node).filter(|&&i| i != Self::NONE) {
            return i as usize;
        }
        let (c, facts) = searched_cutoff(scratch, reasons, (ctx, rules, map), nation, node, want);
        let idx = self.entries.len() as u32;
        let passes_on = ctx.emit.get(node).is_some_and(|&e| e & self.bits != 0);
        let entry = match facts {
            Some(f) if passes_on => AreaEntry::Nearest(f),
            _ => AreaEntry::Whole(c),
        };
        let shared = match &entry {
            AreaEntry::Whole(c) => !c.truncated,
            AreaEntry::Nearest(_) => true,
        };
        if passes_on && shared {
            self.mark_shared(scratch, map, ctx, node, idx);
        } else {
            self.mark(node, idx);
        }
        self.entries.push(entry);
        idx as usize
    }

    /// Gives entry `idx` to every node of the area just searched (in
    /// `scratch`) that `start` can pass the labels on to through open
    /// links.
    fn mark_shared(&mut self, scratch: &RegionScratch, map: &MapGraph, ctx: &SupplyContext, start: NodeId, idx: u32) {
        let mut stack = vec![start];
        self.mark(start, idx);
        while let Some(a) = stack.pop() {
            if ctx.emit.get(a).is_none_or(|&e| e & self.bits == 0) {
                continue;
            }
            for b in map.land.neighbors(a, LAND_KINDS) {
                if scratch.in_region(b)
                    && self.of.get(b) == Some(&Self::NONE)
                    && (self.ungated || ctx.link_bits(map, a, b) & self.bits == self.bits)
                {
                    self.mark(b, idx);
                    stack.push(b);
                }
            }
        }
    }
}

/// Whose cutoff a [`CutoffView`] is: the unit's nation, hex and the tier
/// (and labels) it wants.
#[derive(Clone, Copy)]
pub(super) struct Start {
    pub(super) nation: NationId,
    pub(super) node: NodeId,
    pub(super) want: Tier,
    pub(super) bits: u64,
}

/// A unit's cutoff, borrowed from the area cache and the block reasons:
/// compared with the unit's record before anything is cloned.
pub(super) struct CutoffView<'a> {
    /// Sorted and without repeats, as [`Cutoff::blocks`].
    blocks: Vec<(NodeId, &'a BlockReason)>,
    refused: &'a [(SourceId, SourceRefusal)],
    area: u32,
    truncated: bool,
}

impl<'a> CutoffView<'a> {
    /// The cutoff at `at` of the area `entry` holds: the entry's own, or
    /// its facts with the nearest blocks searched from `at`; SUP-063 (see
    /// [`terrain_override`]) in the unit's own hex.
    pub(super) fn of(
        entry: &'a AreaEntry,
        (scratch, reasons): (&mut RegionScratch, &'a mut BlockReasons),
        (ctx, rules, map): (&SupplyContext, &Ruleset, &MapGraph),
        at: Start,
    ) -> Self {
        let Start { nation, node, want, .. } = at;
        let terrain = terrain_blocks(ctx, nation, node, want);
        let mut view = match entry {
            AreaEntry::Whole(c) => Self {
                blocks: c.blocks.iter().map(|b| (b.node, &b.reason)).collect(),
                refused: &c.refused,
                area: c.area,
                truncated: c.truncated,
            },
            AreaEntry::Nearest(facts) => {
                let nearest = if terrain { Vec::new() } else { nearest_nodes(scratch, (ctx, map), at) };
                for &f in &nearest {
                    reasons.note(ctx, rules, map, f);
                }
                let reasons = &*reasons;
                let near = nearest.iter().filter_map(|&f| Some((f, reasons.peek(f)?)));
                let mut blocks: Vec<_> = near.chain(facts.closed.iter().map(|b| (b.node, &b.reason))).collect();
                blocks.sort();
                blocks.dedup();
                Self { blocks, refused: &facts.refused, area: facts.area, truncated: true }
            }
        };
        if terrain {
            view.blocks = vec![(node, &TERRAIN)];
        }
        view
    }

    /// Whether `cutoff` says the same.
    pub(super) fn is(&self, cutoff: Option<&Cutoff>) -> bool {
        cutoff.is_some_and(|c| {
            c.area == self.area
                && c.truncated == self.truncated
                && c.refused == self.refused
                && c.blocks.len() == self.blocks.len()
                && c.blocks.iter().zip(&self.blocks).all(|(b, &(n, r))| b.node == n && &b.reason == r)
        })
    }

    /// The cutoff, owned.
    pub(super) fn to_cutoff(&self) -> Cutoff {
        Cutoff {
            blocks: self.blocks.iter().map(|&(node, r)| Block { node, reason: r.clone() }).collect(),
            refused: self.refused.to_vec(),
            area: self.area,
            truncated: self.truncated,
        }
    }
}

/// The reason [`terrain_override`] gives.
const TERRAIN: BlockReason = BlockReason::Terrain;

/// The frontier hexes nearest to `at` that do not supply, at most
/// [`BLOCK_LIMIT`], in the order a whole search finds them.
fn nearest_nodes(scratch: &mut RegionScratch, (ctx, map): (&SupplyContext, &MapGraph), at: Start) -> Vec<NodeId> {
    let Start { nation, node, want, bits } = at;
    let counts = |f| !supplies(ctx, nation, want, f);
    let region = search_area(scratch, (ctx, map), bits, node, Some(&counts));
    region.frontier.into_iter().filter(|&f| counts(f)).take(BLOCK_LIMIT).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cutoff() -> Cutoff {
        Cutoff {
            blocks: vec![
                Block { node: NodeId(3), reason: BlockReason::Uncontrolled },
                Block { node: NodeId(9), reason: BlockReason::Zoc(vec![qm_core::ids::UnitId::new("ger-1")]) },
            ],
            refused: vec![(SourceId(2), SourceRefusal::OwnHexOnly)],
            area: 40,
            truncated: true,
        }
    }

    /// A view says it is a record exactly when every field is the same:
    /// the block nodes and reasons, the refused sources, the area and
    /// whether the blocks were cut short.
    #[test]
    fn a_view_is_a_record_only_if_every_field_is_the_same() {
        let base = cutoff();
        let view = CutoffView {
            blocks: base.blocks.iter().map(|b| (b.node, &b.reason)).collect(),
            refused: &base.refused,
            area: base.area,
            truncated: base.truncated,
        };
        assert!(view.is(Some(&base)));
        assert_eq!(view.to_cutoff(), base);
        assert!(!view.is(None));
        let changes: [fn(&mut Cutoff); 6] = [
            |c| c.area += 1,
            |c| c.truncated = false,
            |c| c.refused.clear(),
            |c| c.blocks[1].reason = BlockReason::Zoc(vec![qm_core::ids::UnitId::new("ger-2")]),
            |c| c.blocks[0].node = NodeId(4),
            |c| c.blocks.pop().map_or((), drop),
        ];
        for (i, change) in changes.iter().enumerate() {
            let mut other = cutoff();
            change(&mut other);
            assert!(!view.is(Some(&other)), "change {i}");
        }
    }
}
