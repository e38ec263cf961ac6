//! Bit-parallel label propagation: one pass carries up to 64 labels.
//!
//! Each node holds a mask of the labels that reached it. A seed puts its
//! labels on its node and pushes them to its neighbours; every other node
//! passes on what it holds, filtered by three masks:
//!
//! ```text
//! mask[n] |= mask[h] & emit[h] & gate(h -> n) & accept[n]
//! ```
//!
//! - `accept[n]`: the labels `n` may receive (0: impassable, such as enemy
//!   territory; a subset: such as only partial supply into a jungle hex).
//! - `emit[h]`: the labels `h` may pass on (0 for a hex in an enemy zone of
//!   control: it receives supply but no line runs through it).
//! - `gate`: for edges of kind [`EdgeKinds::GATED`], a per-run mask looked up
//!   in a small sorted table (conditional box entries, restricted borders).
//!
//! A seed pushes its own labels even when its node emits nothing: a supply
//! source in an enemy zone of control still supplies its neighbours (SUP-057).
//! A caller-supplied filter can forbid single first hops (SUP-058).
//!
//! The work is proportional to the number of *(node, new labels)* events, not
//! to nodes times labels: each node remembers what it already sent.
//!
//! The per-node words are as narrow as the labels in play: a flood whose
//! seeds use only the low 8 labels keeps one byte each of labels, "already
//! sent", and a copy of `accept` and `emit` a node, instead of eight each.
//! The four sit together with the node's queue flag and the origin of its
//! first arrival in one cell (twelve bytes at that width), so that reaching
//! a node touches one place in memory: on a big map, a breadth-first walk
//! reads its nodes in a scattered order and each separate array would be a
//! cache miss of its own. A later [`flood_more`] with higher labels widens
//! the cells.

use crate::graph::{Csr, EdgeKinds, Node};
use crate::node::{NodeSlice, NodeVec};
use std::ops::{BitAnd, BitOr, Not};

/// Where the labels of an [`Arrival`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Put there by seed number `.0` (an index into the seed slice).
    Seed(u32),
    /// Pushed from this neighbouring node.
    Node(Node),
}

/// One event of a flood: `bits` reached `node` for the first time, from
/// `origin`. Every label reaches a node at most once, so the arrivals of a
/// label form a tree rooted at the seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The node reached.
    pub node: Node,
    /// Where the labels came from.
    pub origin: Origin,
    /// The labels that were new at `node`.
    pub bits: u64,
    next: u32,
}

/// A source of labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed {
    /// The node the labels start from.
    pub node: Node,
    /// The labels. They are set on `node` and pushed to its neighbours.
    pub bits: u64,
    /// Of those, the labels that may leave the seed's node (all, unless the
    /// node's own terrain limits what goes out of it: SUP-063).
    pub push: u64,
    /// Seeds flood in stages: every seed of stage 0, then the flood runs to
    /// the end, then stage 1, and so on. A node that already holds labels
    /// from an earlier stage does not take them again, so giving stronger
    /// seeds earlier stages spares the second wave that a weaker, nearer
    /// seed would otherwise cause.
    pub stage: u8,
}

impl Seed {
    /// A seed of stage 0 that pushes all its labels.
    #[must_use]
    pub const fn new(node: Node, bits: u64) -> Self {
        Self { node, bits, push: u64::MAX, stage: 0 }
    }
}

/// The passability of one flood.
#[derive(Clone, Copy, Debug)]
pub struct FloodSpec<'a> {
    /// The graph.
    pub graph: &'a Csr,
    /// The edge kinds that may be followed.
    pub kinds: EdgeKinds,
    /// Per node: the labels it may receive.
    pub accept: &'a NodeSlice<u64>,
    /// Per node: the labels it may pass on.
    pub emit: &'a NodeSlice<u64>,
    /// Gates, sorted by edge index: `(edge, labels let through)`. An edge of
    /// kind [`EdgeKinds::GATED`] that is not listed lets everything through.
    pub gates: &'a [(u32, u64)],
}

impl FloodSpec<'_> {
    #[inline]
    fn gate(&self, edge: usize, kind: EdgeKinds) -> u64 {
        if !kind.intersects(EdgeKinds::GATED) {
            return u64::MAX;
        }
        match self.gates.binary_search_by_key(&(edge as u32), |g| g.0) {
            Ok(i) => self.gates[i].1,
            Err(_) => u64::MAX,
        }
    }
}

/// In a cell's `from`: the origin is a seed (`SEED | index`).
const SEED: u32 = 1 << 30;
/// In a cell's `from`: later arrivals brought more labels (see `head`).
const LATER: u32 = 1 << 31;
/// In a cell's `from`: the origin's node or seed index.
const INDEX: u32 = SEED - 1;
/// In a cell's `from`, `head` and an arrival's `next`: nothing (no origin
/// yet, the end of the list).
const NONE: u32 = u32::MAX;

/// A word of labels: the low labels of a `u64`, in 8, 16, 32 or 64 bits.
trait Word: Copy + Default + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> {
    const ZERO: Self;
    /// The low labels of `bits` (the caller knows the others are 0).
    fn low(bits: u64) -> Self;
    /// The labels as a `u64`.
    fn wide(self) -> u64;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn low(bits: u64) -> Self {
                bits as $t
            }
            #[inline(always)]
            fn wide(self) -> u64 {
                u64::from(self)
            }
        }
    };
}
word!(u8);
word!(u16);
word!(u32);
word!(u64);

/// One node's state in one width: the labels that reached it, those it
/// already pushed on, what it may receive and pass on, whether it waits in
/// the queue, and where its first labels came from. Kept together, so that
/// the drain reads and writes one place a node instead of five arrays (the
/// map's state is read in the scattered order of a breadth-first walk, and
/// on a big map each array is a cache miss of its own).
#[derive(Clone, Copy, Debug, Default)]
struct Cell<W> {
    mask: W,
    sent: W,
    /// `accept` of the spec in this width: filled by [`flood`] for its own
    /// run (a later [`flood_more`] reads the spec's own arrays).
    accept: W,
    /// `emit` of the spec in this width, as `accept`.
    emit: W,
    queued: bool,
    /// When arrivals are recorded: where the node's first labels came
    /// from, packed (`SEED | index` or a node, `LATER` if more came after).
    /// Read only where the mask is set.
    from: u32,
}

/// The cells of every node, in one width.
#[derive(Clone, Debug, Default)]
struct Words<W> {
    cells: NodeVec<Cell<W>>,
}

impl<W: Word> Words<W> {
    /// Empties every cell and loads the spec's passability into it, in one
    /// pass (`queued` is false after every run, but a new cell is written
    /// whole anyway).
    fn reset(&mut self, spec: &FloodSpec<'_>, n: usize) {
        let at = |v: &NodeSlice<u64>, i: Node| W::low(v.get(i).copied().unwrap_or(0));
        self.cells.clear();
        self.cells.extend(Node::all(n).map(|i| Cell {
            mask: W::ZERO,
            sent: W::ZERO,
            accept: at(spec.accept, i),
            emit: at(spec.emit, i),
            queued: false,
            from: NONE,
        }));
    }

    /// Takes the labels of narrower cells (widening a flood in progress).
    /// Their passability is not kept: a widened flood reads the spec's.
    fn take_from<V: Word>(&mut self, from: &mut Words<V>) {
        self.cells.clear();
        self.cells.extend(from.cells.iter().map(|c| Cell {
            mask: W::low(c.mask.wide()),
            sent: W::low(c.sent.wide()),
            accept: W::ZERO,
            emit: W::ZERO,
            queued: false,
            from: c.from,
        }));
        from.cells.clear();
    }
}

/// Where the drain reads what a node may receive and pass on: the cells'
/// narrow copy (`NARROW`, a new flood), or the spec's own `u64` arrays.
#[inline(always)]
fn pass_of<W: Word, const NARROW: bool>(spec: &FloodSpec<'_>, cell: &Cell<W>, n: Node) -> (W, W) {
    if NARROW { (cell.accept, cell.emit) } else { (W::low(spec.accept[n]), W::low(spec.emit[n])) }
}

/// Queues `node` unless it waits in the queue already.
#[inline(always)]
fn enqueue<W>(cell: &mut Cell<W>, node: Node, queue: &mut Vec<Node>) {
    if !cell.queued {
        cell.queued = true;
        queue.push(node);
    }
}

/// The widths a flood's words come in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Width {
    #[default]
    W8,
    W16,
    W32,
    W64,
}

impl Width {
    /// The narrowest width that holds `bits`.
    fn of(bits: u64) -> Self {
        match 64 - bits.leading_zeros() {
            0..=8 => Self::W8,
            9..=16 => Self::W16,
            17..=32 => Self::W32,
            _ => Self::W64,
        }
    }
}

/// The per-node labels, in the width in use (the others keep their
/// buffers for later runs).
#[derive(Clone, Debug, Default)]
struct Labels {
    width: Width,
    w8: Words<u8>,
    w16: Words<u16>,
    w32: Words<u32>,
    w64: Words<u64>,
}

impl Labels {
    fn len(&self) -> usize {
        match self.width {
            Width::W8 => self.w8.cells.len(),
            Width::W16 => self.w16.cells.len(),
            Width::W32 => self.w32.cells.len(),
            Width::W64 => self.w64.cells.len(),
        }
    }

    /// The labels node `n` already passed on.
    #[inline]
    fn sent(&self, n: Node) -> Option<u64> {
        match self.width {
            Width::W8 => self.w8.cells.get(n).map(|c| c.sent.wide()),
            Width::W16 => self.w16.cells.get(n).map(|c| c.sent.wide()),
            Width::W32 => self.w32.cells.get(n).map(|c| c.sent.wide()),
            Width::W64 => self.w64.cells.get(n).map(|c| c.sent),
        }
    }

    /// Where node `n`'s first labels came from (a cell's `from`).
    #[inline]
    fn from(&self, n: Node) -> Option<u32> {
        match self.width {
            Width::W8 => self.w8.cells.get(n).map(|c| c.from),
            Width::W16 => self.w16.cells.get(n).map(|c| c.from),
            Width::W32 => self.w32.cells.get(n).map(|c| c.from),
            Width::W64 => self.w64.cells.get(n).map(|c| c.from),
        }
    }

    #[inline]
    fn get(&self, n: Node) -> Option<u64> {
        match self.width {
            Width::W8 => self.w8.cells.get(n).map(|c| c.mask.wide()),
            Width::W16 => self.w16.cells.get(n).map(|c| c.mask.wide()),
            Width::W32 => self.w32.cells.get(n).map(|c| c.mask.wide()),
            Width::W64 => self.w64.cells.get(n).map(|c| c.mask),
        }
    }

    /// The union of the masks of `nodes` (nodes out of range add nothing),
    /// with one dispatch on the width for them all; it stops at the first
    /// node after which the union holds every bit of `enough`, if `enough`
    /// is not zero.
    fn union_of(&self, nodes: impl Iterator<Item = Node>, enough: u64) -> u64 {
        fn or<W: Word>(cells: &NodeSlice<Cell<W>>, nodes: impl Iterator<Item = Node>, enough: u64) -> u64 {
            if enough == 0 {
                return nodes.filter_map(|n| cells.get(n)).fold(W::ZERO, |m, c| m | c.mask).wide();
            }
            let mut m = W::ZERO;
            for c in nodes.filter_map(|n| cells.get(n)) {
                m = m | c.mask;
                if m.wide() & enough == enough {
                    break;
                }
            }
            m.wide()
        }
        match self.width {
            Width::W8 => or(&self.w8.cells, nodes, enough),
            Width::W16 => or(&self.w16.cells, nodes, enough),
            Width::W32 => or(&self.w32.cells, nodes, enough),
            Width::W64 => or(&self.w64.cells, nodes, enough),
        }
    }

    fn reset(&mut self, spec: &FloodSpec<'_>, n: usize, width: Width) {
        self.width = width;
        match width {
            Width::W8 => self.w8.reset(spec, n),
            Width::W16 => self.w16.reset(spec, n),
            Width::W32 => self.w32.reset(spec, n),
            Width::W64 => self.w64.reset(spec, n),
        }
    }

    /// Widens the words in use to at least `width`, keeping their labels.
    fn widen(&mut self, width: Width) {
        if width <= self.width {
            return;
        }
        let Self { w8, w16, w32, w64, .. } = self;
        match (self.width, width) {
            (Width::W8, Width::W16) => w16.take_from(w8),
            (Width::W8, Width::W32) => w32.take_from(w8),
            (Width::W8, _) => w64.take_from(w8),
            (Width::W16, Width::W32) => w32.take_from(w16),
            (Width::W16, _) => w64.take_from(w16),
            (_, _) => w64.take_from(w32),
        }
        self.width = width;
    }
}

/// Everything of a flood but its cells: the queue and the record of
/// arrivals.
#[derive(Clone, Debug, Default)]
struct Rec {
    queue: Vec<Node>,
    head: NodeVec<u32>,
    arrivals: Vec<Arrival>,
    record: bool,
}

impl Rec {
    /// Clears the record for `n` nodes. Nothing per node needs zeroing:
    /// `head` is read only where a cell's `from` says a later arrival came
    /// in this run (and written with it, the first one ending the list).
    fn reset(&mut self, n: usize) {
        self.queue.clear();
        self.arrivals.clear();
        if self.record {
            self.head.resize(n, NONE);
        }
    }

    /// Records that `bits` (new at `node`, whose cell is `from`'s, which
    /// held nothing if `before_empty`) arrive from `origin`; the caller
    /// queues the node.
    #[inline(always)]
    fn arrive(&mut self, from: &mut u32, node: Node, before_empty: bool, origin: Origin, bits: u64) {
        if !self.record {
            return;
        }
        if before_empty {
            *from = match origin {
                Origin::Seed(s) => SEED | (s & INDEX),
                Origin::Node(p) => p.id() & INDEX,
            };
        } else {
            // The first later arrival of this run starts the node's list:
            // `head` may still hold an index of the previous run's.
            let next = if *from & LATER != 0 { self.head[node] } else { NONE };
            let idx = self.arrivals.len() as u32;
            self.arrivals.push(Arrival { node, origin, bits, next });
            self.head[node] = idx;
            *from |= LATER;
        }
    }
}

/// The result of a flood, reusable across runs to avoid reallocating.
///
/// Recording keeps, per node, the origin of its *first* arrival packed in a
/// `u32` of the node's cell (most nodes get all their labels at once, so
/// tracing a line is a walk over the cells), and later arrivals in a side
/// list.
#[derive(Clone, Debug, Default)]
pub struct Flood {
    labels: Labels,
    rec: Rec,
    /// Every label a seed of this run gave.
    seeded: u64,
}

/// A line traced back through the arrivals of a flood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The index of the seed the line starts from.
    pub seed: u32,
    /// The nodes of the line, from the seed's node to the traced node.
    pub path: Vec<Node>,
}

impl Flood {
    /// An empty flood that records arrivals if `record` is set.
    #[must_use]
    pub fn new(record: bool) -> Self {
        Self { rec: Rec { record, ..Rec::default() }, ..Self::default() }
    }

    /// Whether arrivals are recorded.
    #[must_use]
    pub fn records(&self) -> bool {
        self.rec.record
    }

    /// Every label the seeds of this run gave, in [`flood`] and the
    /// [`flood_more`] calls after it: labels start only at seeds, so no
    /// node holds one outside this mask.
    #[must_use]
    pub fn seeded(&self) -> u64 {
        self.seeded
    }

    /// The number of nodes of the last run.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.labels.len()
    }

    /// The labels that reached `node` (0 for a node out of range).
    #[inline]
    #[must_use]
    pub fn mask(&self, node: Node) -> u64 {
        self.labels.get(node).unwrap_or(0)
    }

    /// The union of the masks at `nodes`: what labels reached any of them.
    #[must_use]
    pub fn mask_union(&self, nodes: impl Iterator<Item = Node>) -> u64 {
        self.labels.union_of(nodes, 0)
    }

    /// [`Flood::mask_union`] for a caller that asks only whether each bit
    /// of `enough` reached some node: it stops reading `nodes` once the
    /// union holds them all. What it returns holds `mask_union(nodes) &
    /// enough` exactly, and a subset of the other bits of the union.
    #[must_use]
    pub fn mask_union_until(&self, nodes: impl Iterator<Item = Node>, enough: u64) -> u64 {
        self.labels.union_of(nodes, enough)
    }

    /// Whether `seed`, given to [`flood_more`] now, would change anything:
    /// put on its node labels the node lacks, or push on labels the node
    /// has not passed on. A seed that would not can be left out with no
    /// effect on the labels or the record: all it would do is mark its
    /// labels as passed on at its node, which matters only to a later seed
    /// there that may push more labels than this one. Post-combat
    /// determination gives each hex of a supplied zone as a seed (SUP-140);
    /// most hold the zone's supply already.
    #[must_use]
    pub fn would_take(&self, seed: &Seed) -> bool {
        let n = seed.node;
        let (Some(mask), Some(sent)) = (self.labels.get(n), self.labels.sent(n)) else { return false };
        seed.bits & !mask != 0 || seed.bits & seed.push & !sent != 0
    }

    /// The labels that reached each node, in node order.
    #[must_use]
    pub fn masks(&self) -> NodeVec<u64> {
        Node::all(self.labels.len()).filter_map(|n| self.labels.get(n)).collect()
    }

    /// The recorded arrivals after the first at each node, in the order
    /// they happened.
    #[must_use]
    pub fn later_arrivals(&self) -> &[Arrival] {
        &self.rec.arrivals
    }

    fn reset(&mut self, spec: &FloodSpec<'_>, n: usize, width: Width) {
        self.labels.reset(spec, n, width);
        self.rec.reset(n);
    }

    /// Where label `bit` came to `node` from, if it came.
    #[must_use]
    pub fn origin_of(&self, node: Node, bit: u32) -> Option<Origin> {
        if bit >= 64 || !self.rec.record || self.labels.get(node)? & (1u64 << bit) == 0 {
            return None;
        }
        self.origin_unchecked(node, bit)
    }

    /// [`Flood::origin_of`] for a node known to hold the label.
    #[inline]
    pub(crate) fn origin_unchecked(&self, node: Node, bit: u32) -> Option<Origin> {
        let f = self.labels.from(node)?;
        if f == NONE {
            return None;
        }
        if f & LATER != 0 {
            let mut i = *self.rec.head.get(node)?;
            while i != NONE {
                let a = self.rec.arrivals.get(i as usize)?;
                if a.bits & (1u64 << bit) != 0 {
                    return Some(a.origin);
                }
                i = a.next;
            }
        }
        // Not in a later arrival: then it came with the first.
        Some(if f & SEED != 0 { Origin::Seed(f & INDEX) } else { Origin::Node(Node(f & INDEX)) })
    }

    /// Traces label `bit` at `node` back to its seed. `None` if the label did
    /// not reach the node or arrivals were not recorded.
    #[must_use]
    pub fn trace(&self, node: Node, bit: u32) -> Option<Trace> {
        let mut path = Vec::new();
        let seed = self.trace_into(node, bit, &mut path)?;
        Some(Trace { seed, path })
    }

    /// Like [`Flood::trace`], writing the path (seed's node first) into
    /// `path`, which is cleared first; returns the seed index. Lets a caller
    /// reuse one buffer for many lines.
    pub fn trace_into(&self, node: Node, bit: u32, path: &mut Vec<Node>) -> Option<u32> {
        path.clear();
        self.origin_of(node, bit)?;
        path.push(node);
        let mut cur = node;
        // Each step goes to a strictly earlier arrival, so this terminates;
        // the bound only guards against a corrupted flood.
        for _ in 0..=self.labels.len() {
            match self.origin_unchecked(cur, bit)? {
                Origin::Seed(s) => {
                    path.reverse();
                    return Some(s);
                }
                Origin::Node(p) => {
                    path.push(p);
                    cur = p;
                }
            }
        }
        None
    }
}

/// Floods `spec` from `seeds` into `out`.
///
/// `first_hop(seed_index, target)` is asked for every edge out of a seed's
/// node and may forbid that single hop for that seed's labels (SUP-058: a
/// source and a hex both in the zone of control of the same enemy armor).
/// The labels may still reach `target` another way.
///
/// Seeds are applied in slice order, then the flood runs breadth-first, so
/// the result, including recorded arrivals, depends only on the inputs.
pub fn flood(spec: &FloodSpec<'_>, seeds: &[Seed], first_hop: impl FnMut(usize, Node) -> bool, out: &mut Flood) {
    let n = spec.graph.node_count();
    // Recording packs node and seed indices into 30 bits.
    out.rec.record &= n <= INDEX as usize && seeds.len() <= INDEX as usize;
    out.reset(spec, n, Width::of(seeds.iter().fold(0, |a, s| a | s.bits)));
    out.seeded = 0;
    spread(spec, seeds, 0, first_hop, out, true);
}

/// Continues a flood with more seeds, keeping what it already holds: the
/// new labels spread from the new seeds (and from nodes that get labels
/// they did not have). Seed `i` of `seeds` is recorded as seed
/// `first_seed + i`, so that a caller can keep one numbering across calls.
/// This is how sea supply landed at a port spreads inland after the land
/// flood (SUP-084).
pub fn flood_more(
    spec: &FloodSpec<'_>,
    seeds: &[Seed],
    first_seed: u32,
    first_hop: impl FnMut(usize, Node) -> bool,
    out: &mut Flood,
) {
    spread(spec, seeds, first_seed, first_hop, out, false);
}

/// [`flood_more`]; `narrow`: a new flood, whose drain reads the spec's
/// passability copied into the flood's width.
fn spread(
    spec: &FloodSpec<'_>,
    seeds: &[Seed],
    first_seed: u32,
    mut first_hop: impl FnMut(usize, Node) -> bool,
    out: &mut Flood,
    narrow: bool,
) {
    let n = spec.graph.node_count();
    if spec.accept.len() < n || spec.emit.len() < n || out.labels.len() != n {
        return;
    }
    out.rec.record &= (first_seed as usize + seeds.len()) <= INDEX as usize;
    let bits = seeds.iter().fold(0, |a, s| a | s.bits);
    out.seeded |= bits;
    out.labels.widen(Width::of(bits));
    let mut stages: Vec<u8> = seeds.iter().map(|s| s.stage).collect();
    stages.sort_unstable();
    stages.dedup();
    let Flood { labels, rec, .. } = out;
    for stage in stages {
        let run = Stage { spec, seeds, stage, first_seed, narrow };
        match labels.width {
            Width::W8 => run.run(&mut first_hop, &mut labels.w8, rec),
            Width::W16 => run.run(&mut first_hop, &mut labels.w16, rec),
            Width::W32 => run.run(&mut first_hop, &mut labels.w32, rec),
            Width::W64 => run.run(&mut first_hop, &mut labels.w64, rec),
        }
    }
}

/// One stage of a flood: its seeds, then the queue to the end.
struct Stage<'s, 'a> {
    spec: &'s FloodSpec<'a>,
    seeds: &'s [Seed],
    stage: u8,
    first_seed: u32,
    narrow: bool,
}

impl Stage<'_, '_> {
    fn run<W: Word>(&self, first_hop: &mut impl FnMut(usize, Node) -> bool, w: &mut Words<W>, rec: &mut Rec) {
        let cells = w.cells.as_mut_slice();
        // Every seed of the stage is placed before any pushes: a seed's node
        // is its own line's start (distance 0), not a neighbour seed's first
        // hop, whatever the seeds' order.
        for (i, s) in self.seeds.iter().enumerate().filter(|(_, s)| s.stage == self.stage) {
            place(self.first_seed + i as u32, s, cells, rec);
        }
        for (i, s) in self.seeds.iter().enumerate().filter(|(_, s)| s.stage == self.stage) {
            if self.narrow {
                push::<W, true>(self.spec, i, s, first_hop, cells, rec);
            } else {
                push::<W, false>(self.spec, i, s, first_hop, cells, rec);
            }
        }
        if self.narrow {
            drain::<W, true>(self.spec, cells, rec);
        } else {
            drain::<W, false>(self.spec, cells, rec);
        }
    }
}

/// Puts a seed's labels on its node. `id` is the seed's recorded number.
fn place<W: Word>(id: u32, s: &Seed, cells: &mut NodeSlice<Cell<W>>, rec: &mut Rec) {
    let Some(c) = cells.get_mut(s.node).filter(|_| s.bits != 0) else { return };
    let before = c.mask;
    let new = W::low(s.bits) & !before;
    if new != W::ZERO {
        c.mask = before | new;
        rec.arrive(&mut c.from, s.node, before == W::ZERO, Origin::Seed(id), new.wide());
        enqueue(c, s.node, &mut rec.queue);
    }
}

/// Pushes a placed seed's labels to its neighbours. `i` is its index for
/// `first_hop`.
fn push<W: Word, const NARROW: bool>(
    spec: &FloodSpec<'_>,
    i: usize,
    s: &Seed,
    first_hop: &mut impl FnMut(usize, Node) -> bool,
    cells: &mut NodeSlice<Cell<W>>,
    rec: &mut Rec,
) {
    let (offsets, targets, kinds) = spec.graph.raw();
    let sn = s.node.index();
    let Some(c) = cells.get_mut(s.node).filter(|_| s.bits != 0) else { return };
    let bits = W::low(s.bits);
    // The seed's labels count as handled at its node: those it may not push
    // do not leave later either.
    let pushed = bits & W::low(s.push) & !c.sent;
    c.sent = c.sent | bits;
    if pushed == W::ZERO {
        return;
    }
    for e in offsets[sn] as usize..offsets[sn + 1] as usize {
        let k = kinds[e];
        if !k.intersects(spec.kinds) {
            continue;
        }
        let t = targets[e];
        let ct = &mut cells[t];
        let before = ct.mask;
        let (accept, _) = pass_of::<W, NARROW>(spec, ct, t);
        let bits = pushed & W::low(spec.gate(e, k)) & accept & !before;
        if bits != W::ZERO && first_hop(i, t) {
            let ct = &mut cells[t];
            ct.mask = before | bits;
            rec.arrive(&mut ct.from, t, before == W::ZERO, Origin::Node(s.node), bits.wide());
            enqueue(ct, t, &mut rec.queue);
        }
    }
}

/// Runs the queue to the end, breadth first.
fn drain<W: Word, const NARROW: bool>(spec: &FloodSpec<'_>, cells: &mut NodeSlice<Cell<W>>, rec: &mut Rec) {
    let (offsets, targets, kinds) = spec.graph.raw();
    // Gated edges (kind GATED) are rare; the per-edge kind test is needed
    // only if the graph holds kinds this flood does not follow.
    let all_kinds = spec.kinds.contains(EdgeKinds(spec.graph.kinds_present().0 & !EdgeKinds::GATED.0));
    let mut qi = 0;
    while qi < rec.queue.len() {
        let h = rec.queue[qi];
        qi += 1;
        let hu = h.index();
        let ch = &mut cells[h];
        ch.queued = false;
        let (_, emit) = pass_of::<W, NARROW>(spec, ch, h);
        let fresh = ch.mask & emit & !ch.sent;
        if fresh == W::ZERO {
            continue;
        }
        ch.sent = ch.sent | fresh;
        let start = offsets[hu] as usize;
        let end = offsets[hu + 1] as usize;
        for (j, (&t, &k)) in targets[start..end].iter().zip(&kinds[start..end]).enumerate() {
            if !all_kinds && !k.intersects(spec.kinds) {
                continue;
            }
            let ct = &mut cells[t];
            // Most neighbours already hold what comes: test that before
            // reading what they accept.
            let before = ct.mask;
            let new = fresh & !before;
            if new == W::ZERO {
                continue;
            }
            let mut bits = new & pass_of::<W, NARROW>(spec, ct, t).0;
            if k.intersects(EdgeKinds::GATED) {
                bits = bits & W::low(spec.gate(start + j, k));
            }
            if bits != W::ZERO {
                ct.mask = before | bits;
                rec.arrive(&mut ct.from, t, before == W::ZERO, Origin::Node(h), bits.wide());
                enqueue(ct, t, &mut rec.queue);
            }
        }
    }
    rec.queue.clear();
}

/// A flood over 24 nodes for the property tests: undirected land `edges`,
/// `seeds` as `(node, labels)`, and the nodes of `emit_off` passing
/// nothing on.
#[cfg(test)]
pub(crate) fn random_flood(edges: &[(u32, u32)], seeds: &[(u32, u64)], emit_off: &[u32]) -> Flood {
    let g = Csr::from_edges(
        24,
        edges.iter().flat_map(|&(a, b)| [(Node(a), Node(b), EdgeKinds::LAND), (Node(b), Node(a), EdgeKinds::LAND)]),
    );
    let all = NodeVec::from(vec![u64::MAX; 24]);
    let mut emit = all.clone();
    for &n in emit_off {
        emit[Node(n)] = 0;
    }
    let spec = FloodSpec { graph: &g, kinds: EdgeKinds::LAND, accept: &all, emit: &emit, gates: &[] };
    let seeds: Vec<Seed> = seeds.iter().map(|&(n, b)| Seed::new(Node(n), b)).collect();
    let mut f = Flood::new(true);
    flood(&spec, &seeds, |_, _| true, &mut f);
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{csr_of, ns};

    /// A line of `n` nodes, 0 - 1 - 2 - ... - n-1.
    fn line(n: u32) -> Csr {
        csr_of(n as usize, (0..n - 1).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]))
    }

    fn spec<'a>(g: &'a Csr, accept: &'a [u64], emit: &'a [u64]) -> FloodSpec<'a> {
        FloodSpec {
            graph: g,
            kinds: EdgeKinds::LAND,
            accept: NodeSlice::from_ref(accept),
            emit: NodeSlice::from_ref(emit),
            gates: &[],
        }
    }

    #[test]
    fn floods_and_traces_along_a_line() {
        let g = line(5);
        let all = vec![u64::MAX; 5];
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &all), &[Seed::new(Node(0), 0b1)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 1, 1, 1]);
        let t = f.trace(Node(4), 0).expect("traced");
        assert_eq!(t.seed, 0);
        assert_eq!(t.path, ns(&[0, 1, 2, 3, 4]));
        assert!(f.trace(Node(4), 1).is_none());
    }

    /// A seed's node starts its own line even when an earlier seed of the
    /// same label is its neighbour: before, the first seed's push reached
    /// it first and its line began at the neighbour ("bohemia - vienna"
    /// for Vienna, itself a supply center, COL-005).
    #[test]
    fn adjacent_seeds_each_start_their_own_line() {
        let g = line(4);
        let all = vec![u64::MAX; 4];
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &all), &[Seed::new(Node(1), 1), Seed::new(Node(2), 1)], |_, _| true, &mut f);
        assert_eq!(f.trace(Node(2), 0).expect("traced").path, ns(&[2]));
        assert_eq!(f.trace(Node(2), 0).expect("traced").seed, 1, "the second seed");
        assert_eq!(f.trace(Node(3), 0).expect("traced").path, ns(&[2, 3]), "from the nearer seed");
        assert_eq!(f.trace(Node(0), 0).expect("traced").path, ns(&[1, 0]));
        let many = f.trace_many(&[(Node(2), 0), (Node(3), 0), (Node(1), 0)]);
        let paths: Vec<Vec<Node>> = many.into_iter().map(|t| t.expect("traced").path).collect();
        assert_eq!(paths, vec![ns(&[2]), ns(&[2, 3]), ns(&[1])]);
    }

    #[test]
    fn a_blocked_node_receives_but_does_not_pass_on() {
        let g = line(5);
        let all = vec![u64::MAX; 5];
        let mut emit = all.clone();
        emit[2] = 0; // in an enemy zone of control
        let mut f = Flood::new(false);
        flood(&spec(&g, &all, &emit), &[Seed::new(Node(0), 1)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 1, 0, 0]);
    }

    #[test]
    fn a_seed_pushes_even_when_its_node_emits_nothing() {
        let g = line(4);
        let all = vec![u64::MAX; 4];
        let mut emit = all.clone();
        emit[1] = 0; // the source is in an enemy zone of control
        let mut f = Flood::new(false);
        flood(&spec(&g, &all, &emit), &[Seed::new(Node(1), 1)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 1, 1]);
        // ... unless the first hop is forbidden (SUP-058): node 2 still gets
        // nothing because the only other way to it runs through node 1.
        flood(&spec(&g, &all, &emit), &[Seed::new(Node(1), 1)], |_, t| t != Node(2), &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 0, 0]);
    }

    #[test]
    fn accept_and_emit_filter_labels_separately() {
        let g = line(4);
        let all = vec![u64::MAX; 4];
        let mut accept = all.clone();
        accept[2] = 0b10; // only the second label may enter node 2
        let mut f = Flood::new(true);
        flood(&spec(&g, &accept, &all), &[Seed::new(Node(0), 0b11)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![0b11, 0b11, 0b10, 0b10]);
        assert_eq!(f.trace(Node(3), 1).expect("label 1").path, ns(&[0, 1, 2, 3]));
    }

    #[test]
    fn gates_filter_labels_on_one_edge() {
        let g = Csr::from_edges(
            3,
            [(Node(0), Node(1), EdgeKinds::LAND), (Node(1), Node(2), EdgeKinds::LAND | EdgeKinds::GATED)],
        );
        let all = vec![u64::MAX; 3];
        let e = g.find_edge(Node(1), Node(2)).expect("edge") as u32;
        let gates = [(e, 0b01)];
        let s = spec(&g, &all, &all);
        let s = FloodSpec { gates: &gates, ..s };
        let mut f = Flood::new(false);
        flood(&s, &[Seed::new(Node(0), 0b11)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![0b11, 0b11, 0b01]);
    }

    #[test]
    fn labels_merge_from_several_seeds() {
        let g = line(5);
        let all = vec![u64::MAX; 5];
        let mut f = Flood::new(true);
        let seeds = [Seed::new(Node(0), 0b01), Seed::new(Node(4), 0b10)];
        flood(&spec(&g, &all, &all), &seeds, |_, _| true, &mut f);
        assert!(f.masks().iter().all(|&m| m == 0b11));
        assert_eq!(f.trace(Node(1), 1).expect("label 1").seed, 1);
        assert_eq!(f.trace(Node(1), 0).expect("label 0").path, ns(&[0, 1]));
    }

    #[test]
    fn staged_seeds_spare_the_second_wave() {
        // 0 - 1 - 2 - 3 - 4: a strong seed at 0 (labels 0b11) and a weak one
        // at 3 (0b10). Staged, node 4 gets 0b10 from the strong seed's wave
        // that passes through 3 — the weak seed adds nothing.
        let g = line(5);
        let all = vec![u64::MAX; 5];
        let seeds = [Seed::new(Node(0), 0b11), Seed { stage: 1, ..Seed::new(Node(3), 0b10) }];
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &all), &seeds, |_, _| true, &mut f);
        assert!(f.masks().iter().all(|&m| m == 0b11));
        assert_eq!(f.trace(Node(4), 1).expect("traced").seed, 0);
        // Unstaged, the weak seed's nearer wave reaches node 4 first.
        let seeds = [Seed::new(Node(0), 0b11), Seed::new(Node(3), 0b10)];
        flood(&spec(&g, &all, &all), &seeds, |_, _| true, &mut f);
        assert_eq!(f.trace(Node(4), 1).expect("traced").seed, 1);
    }

    #[test]
    fn trace_many_equals_trace() {
        // A 4 x 4 grid, seeds in two corners with different labels.
        let mut edges = Vec::new();
        for r in 0..4u32 {
            for c in 0..4u32 {
                let n = r * 4 + c;
                if c < 3 {
                    edges.extend([(n, n + 1, EdgeKinds::LAND), (n + 1, n, EdgeKinds::LAND)]);
                }
                if r < 3 {
                    edges.extend([(n, n + 4, EdgeKinds::LAND), (n + 4, n, EdgeKinds::LAND)]);
                }
            }
        }
        let g = Csr::from_edges(16, edges.into_iter().map(|(a, b, k)| (Node(a), Node(b), k)));
        let all = vec![u64::MAX; 16];
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &all), &[Seed::new(Node(0), 0b01), Seed::new(Node(15), 0b11)], |_, _| true, &mut f);
        let targets: Vec<(Node, u32)> = Node::all(16).flat_map(|n| [(n, 0), (n, 1), (n, 5)]).collect();
        let many = f.trace_many(&targets);
        for (t, m) in targets.iter().zip(&many) {
            assert_eq!(*m, f.trace(t.0, t.1), "{t:?}");
        }
        assert!(many.iter().filter(|m| m.is_some()).count() == 32);
    }

    proptest::proptest! {
        /// On random graphs, seeds and targets (repeated, in any order),
        /// the shared walks give each target the line a walk of its own
        /// gives.
        #[test]
        fn trace_many_equals_trace_on_random_floods(
            edges in proptest::collection::vec((0u32..24, 0u32..24), 0..60),
            seeds in proptest::collection::vec((0u32..24, 1u64..16), 1..4),
            emit_off in proptest::collection::vec(0u32..24, 0..4),
            targets in proptest::collection::vec((0u32..24, 0u32..5), 0..40),
        ) {
            let f = random_flood(&edges, &seeds, &emit_off);
            let targets: Vec<(Node, u32)> = targets.iter().map(|&(n, b)| (Node(n), b)).collect();
            let many = f.trace_many(&targets);
            for (t, m) in targets.iter().zip(&many) {
                proptest::prop_assert_eq!(m, &f.trace(t.0, t.1));
            }
            // The union of the targets' masks, and of nodes off the flood.
            let nodes = targets.iter().map(|t| t.0).chain([Node(24), Node(99)]);
            let one_by_one = nodes.clone().fold(0, |m, n| m | f.mask(n));
            proptest::prop_assert_eq!(f.mask_union(nodes.clone()), one_by_one);
            // Labels start only at seeds.
            for n in Node::all(24) {
                proptest::prop_assert_eq!(f.mask(n) & !f.seeded(), 0);
            }
            // Stopping early keeps exactly the bits asked for, and no bit
            // that is not in the union.
            for enough in [0b1, 0b110, 0b1111, u64::MAX] {
                let until = f.mask_union_until(nodes.clone(), enough);
                proptest::prop_assert_eq!(until & enough, one_by_one & enough);
                proptest::prop_assert_eq!(until & !one_by_one, 0);
            }
        }
    }

    #[test]
    fn a_flood_continues_from_new_seeds() {
        // 0 - 1 - 2 | 3 - 4: node 2 emits nothing (a port in an enemy ZOC
        // cut off by land); sea supply later lands at 3.
        let g = line(5);
        let all = vec![u64::MAX; 5];
        let mut emit = all.clone();
        emit[2] = 0;
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &emit), &[Seed::new(Node(0), 0b01)], |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 1, 0, 0]);
        flood_more(&spec(&g, &all, &emit), &[Seed::new(Node(3), 0b11)], 1, |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 0b11, 0b11, 0b11]);
        let t = f.trace(Node(4), 1).expect("traced");
        assert_eq!((t.seed, t.path), (1, ns(&[3, 4])));
        assert_eq!(f.trace(Node(4), 0).expect("traced").seed, 1);
        // A seed that pushes nothing (a port in an enemy ZOC, SUP-084).
        flood(&spec(&g, &all, &emit), &[Seed::new(Node(0), 0b01)], |_, _| true, &mut f);
        flood_more(&spec(&g, &all, &emit), &[Seed { push: 0, ..Seed::new(Node(3), 0b10) }], 1, |_, _| true, &mut f);
        assert_eq!(f.masks().raw, vec![1, 1, 1, 0b10, 0]);
    }

    #[test]
    fn short_input_arrays_flood_nothing() {
        let g = line(3);
        let mut f = Flood::new(false);
        flood(&spec(&g, &[1], &[1]), &[Seed::new(Node(0), 1)], |_, _| true, &mut f);
        assert!(f.masks().iter().all(|&m| m == 0));
    }

    /// A flood reused for another run links each node's later arrivals only
    /// to that run's arrivals of the same node: a link left from the previous
    /// run could point at another node's arrival, or close a cycle that
    /// never ends a trace.
    #[test]
    fn a_reused_flood_chains_only_its_own_arrivals() {
        let g = line(6);
        let all = vec![u64::MAX; 6];
        let mut f = Flood::new(true);
        let runs: [&[Seed]; 5] = [
            &[Seed::new(Node(0), 0b01), Seed::new(Node(5), 0b10)],
            &[Seed::new(Node(5), 0b01), Seed::new(Node(0), 0b10), Seed::new(Node(3), 0b100)],
            &[Seed::new(Node(2), 0b01), Seed::new(Node(4), 0b10)],
            &[Seed::new(Node(1), 0b11), Seed::new(Node(5), 0b100), Seed::new(Node(0), 0b1000)],
            &[Seed::new(Node(0), 0b01), Seed::new(Node(5), 0b10)],
        ];
        for (r, seeds) in runs.iter().enumerate() {
            flood(&spec(&g, &all, &all), seeds, |_, _| true, &mut f);
            for n in Node::all(6) {
                if f.labels.from(n).expect("a node") & LATER == 0 {
                    continue;
                }
                let (mut i, mut steps) = (f.rec.head[n], 0);
                while i != NONE {
                    let a = f.rec.arrivals[i as usize];
                    assert_eq!(a.node, n, "run {r}: node {n} links to an arrival of node {}", a.node);
                    steps += 1;
                    assert!(steps <= f.rec.arrivals.len(), "run {r}: node {n}: a cycle");
                    i = a.next;
                }
            }
            for n in Node::all(6) {
                for b in 0..4 {
                    if f.mask(n) & (1 << b) != 0 {
                        assert!(f.trace(n, b).is_some(), "run {r}: label {b} at {n}");
                    }
                }
            }
        }
    }

    /// A flood of low labels keeps narrow words; a later flood with higher
    /// labels widens them and keeps what the nodes held, traces included.
    #[test]
    fn higher_labels_widen_the_words_and_keep_the_old_ones() {
        let g = line(4);
        let all = vec![u64::MAX; 4];
        let mut f = Flood::new(true);
        flood(&spec(&g, &all, &all), &[Seed::new(Node(0), 0b1)], |_, _| true, &mut f);
        assert_eq!(f.labels.width, Width::W8);
        let mut held = 1;
        for (high, width) in [(1u64 << 12, Width::W16), (1 << 31, Width::W32), (1 << 63, Width::W64)] {
            flood_more(&spec(&g, &all, &all), &[Seed::new(Node(3), high)], 1, |_, _| true, &mut f);
            held |= high;
            assert_eq!(f.labels.width, width);
            assert_eq!(f.masks().raw, vec![held; 4]);
            assert_eq!(f.trace(Node(3), 0).expect("low label").path, ns(&[0, 1, 2, 3]));
            let bit = high.trailing_zeros();
            assert_eq!(f.trace(Node(0), bit).expect("high label").path, ns(&[3, 2, 1, 0]));
        }
        // A new flood starts narrow again.
        flood(&spec(&g, &all, &all), &[Seed::new(Node(1), 0b10)], |_, _| true, &mut f);
        assert_eq!((f.labels.width, f.masks().raw), (Width::W8, vec![0b10; 4]));
    }

    /// The fixpoint of `mask[n] |= mask[h] & emit[h] & accept[n]` over every
    /// edge, computed naively: the flood's masks, whatever the width of the
    /// labels.
    fn fixpoint(g: &Csr, accept: &[u64], emit: &[u64], seeds: &[Seed]) -> NodeVec<u64> {
        let (accept, emit) = (NodeSlice::from_ref(accept), NodeSlice::from_ref(emit));
        let n = g.node_count();
        let mut m = NodeVec::from(vec![0u64; n]);
        for s in seeds {
            m[s.node] |= s.bits;
        }
        loop {
            let mut changed = false;
            for h in Node::all(n) {
                let out = m[h] & emit[h] | seeds.iter().filter(|s| s.node == h).fold(0, |a, s| a | s.bits);
                for t in g.neighbors(h, EdgeKinds::ALL) {
                    let add = out & accept[t] & !m[t];
                    if add != 0 {
                        m[t] |= add;
                        changed = true;
                    }
                }
            }
            if !changed {
                return m;
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn masks_equal_the_fixpoint_in_every_width(
            edges in proptest::collection::vec((0u32..12, 0u32..12), 0..40),
            accept in proptest::collection::vec(proptest::prelude::any::<u64>(), 12),
            emit in proptest::collection::vec(proptest::prelude::any::<u64>(), 12),
            seeds in proptest::collection::vec((0u32..12, 0u32..64, 0u32..64), 1..4),
            shift in 0u32..57,
        ) {
            let g = Csr::from_edges(12, edges.iter().map(|&(a, b)| (Node(a), Node(b), EdgeKinds::LAND)));
            let seeds: Vec<Seed> =
                seeds.iter().map(|&(n, a, b)| Seed::new(Node(n), ((1u64 << (a % 8)) | (1 << (b % 8))) << shift)).collect();
            let mut f = Flood::new(true);
            flood(&spec(&g, &accept, &emit), &seeds, |_, _| true, &mut f);
            proptest::prop_assert_eq!(f.masks(), fixpoint(&g, &accept, &emit, &seeds));
            for n in Node::all(12) {
                for b in 0..64 {
                    if f.mask(n) & (1 << b) != 0 {
                        let t = f.trace(n, b).expect("traced");
                        proptest::prop_assert_eq!(t.path.last().copied(), Some(n));
                        proptest::prop_assert_eq!(t.path[0], seeds[t.seed as usize].node);
                    }
                }
            }
        }

        /// Leaving out the later seeds that `would_take` refuses changes
        /// nothing: the masks, and every traced line (path and seed, the
        /// kept seeds numbered after the first ones), equal those of one
        /// flood given every seed in a later stage. Seeds at one node push
        /// alike, as those of a supply determination do (a node's push is
        /// what its terrain and zones of control let out).
        #[test]
        fn seeds_that_would_not_take_change_nothing(
            edges in proptest::collection::vec((0u32..12, 0u32..12), 0..40),
            accept in proptest::collection::vec(0u64..16, 12),
            emit in proptest::collection::vec(0u64..16, 12),
            push in proptest::collection::vec(0u64..16, 12),
            first in proptest::collection::vec((0u32..12, 0u64..16), 1..4),
            later in proptest::collection::vec((0u32..12, 0u64..16), 0..12),
        ) {
            let g = Csr::from_edges(12, edges.iter().map(|&(a, b)| (Node(a), Node(b), EdgeKinds::LAND)));
            let sp = spec(&g, &accept, &emit);
            let push = NodeSlice::from_ref(&push);
            let seed = |stage| move |&(node, bits): &(u32, u64)| Seed { node: Node(node), bits, push: push[Node(node)], stage };
            let first: Vec<Seed> = first.iter().map(seed(0)).collect();
            let later: Vec<Seed> = later.iter().map(seed(2)).collect();
            let all: Vec<Seed> = first.iter().chain(&later).copied().collect();
            let mut whole = Flood::new(true);
            flood(&sp, &all, |_, _| true, &mut whole);
            let mut split = Flood::new(true);
            flood(&sp, &first, |_, _| true, &mut split);
            // Each kept seed's index in `all`.
            let kept: Vec<usize> = (0..later.len()).filter(|&i| split.would_take(&later[i])).collect();
            let seeds: Vec<Seed> = kept.iter().map(|&i| later[i]).collect();
            flood_more(&sp, &seeds, first.len() as u32, |_, _| true, &mut split);
            proptest::prop_assert_eq!(split.masks(), whole.masks());
            let index = |k: u32| {
                let k = k as usize;
                if k < first.len() { k } else { first.len() + kept[k - first.len()] }
            };
            for n in Node::all(12) {
                for b in 0..4 {
                    let (w, s) = (whole.trace(n, b), split.trace(n, b));
                    proptest::prop_assert_eq!(w.is_some(), s.is_some());
                    if let (Some(w), Some(s)) = (w, s) {
                        proptest::prop_assert_eq!(&s.path, &w.path);
                        proptest::prop_assert_eq!(index(s.seed), w.seed as usize);
                    }
                }
            }
        }
    }
}
