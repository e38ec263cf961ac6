//! The fractional relaxation both searches bound with: how much of the cost
//! of the classes left can flow into the room the resources have left,
//! each class only into resources it reaches (OIL-003), as a maximum flow.
//!
//! Whole units and the division of a resource's units among its points
//! (ruling 13) are relaxed away, so the flow is an upper bound on the cost
//! any completion places. By the max-flow min-cut theorem it is the least,
//! over every set of resources, of its room plus the cost of the classes
//! reaching outside it: it implies every Hall set's bound at once (ruling 2).
//! Raising one resource's room by `x` raises the flow by at most `x`, which
//! is what bounds the points a search must still spend ([`super`]).

use super::classes::Tables;

/// Capacity of an edge that never limits the flow.
const UNLIMITED: u32 = u32::MAX / 4;
/// Tenths in one oil point.
const TENTHS: u32 = crate::spend::TENTHS_PER_POINT;

/// A reusable max-flow network (Dinic's algorithm) over the classes left
/// and the resources: source, sink, one node per resource, one node per
/// distinct reach among the classes left.
#[derive(Clone, Debug, Default)]
pub(crate) struct Network {
    head: Vec<usize>,
    next: Vec<usize>,
    to: Vec<usize>,
    cap: Vec<u32>,
    level: Vec<u32>,
    cursor: Vec<usize>,
    queue: Vec<usize>,
    reaches: Vec<(u64, u32)>,
    sums: Vec<u32>,
    /// The edge from each resource to the sink.
    sink_edges: Vec<usize>,
    flow: u32,
}

const SOURCE: usize = 0;
const SINK: usize = 1;
const NONE: usize = usize::MAX;

impl Network {
    /// The most cost of the classes `c..` that fits in `room` (per
    /// resource), class `c'` offering `amount(c')` tenths. The network is
    /// kept for [`Network::raise`].
    pub(crate) fn max_fit(&mut self, t: &Tables, c: usize, room: &[u32], amount: impl Fn(usize) -> u32) -> u32 {
        self.group(t, c, amount);
        let m = room.len();
        self.reset(2 + m + self.reaches.len());
        self.sink_edges.clear();
        for &room in room {
            let r = self.sink_edges.len() + 2;
            self.sink_edges.push(self.to.len());
            self.edge_from(r, SINK, room);
        }
        let mut flow = 0;
        for i in 0..self.reaches.len() {
            let (mask, cost) = self.reaches[i];
            let node = 2 + m + i;
            let from_source = self.to.len();
            self.edge_from(SOURCE, node, cost);
            // A greedy start: as much as fits, lowest resource first.
            let mut left = cost;
            for r in super::classes::bits(mask) {
                let e = self.to.len();
                self.edge_from(node, 2 + r, UNLIMITED);
                let push = left.min(self.cap[self.sink_edges[r]]);
                if push > 0 {
                    for edge in [from_source, e, self.sink_edges[r]] {
                        self.cap[edge] -= push;
                        self.cap[edge ^ 1] += push;
                    }
                    left -= push;
                }
            }
            flow += cost - left;
        }
        self.flow = flow + self.dinic();
        self.flow
    }

    /// The flow once each resource's room is raised to `room` (never below
    /// the room of the last [`Network::max_fit`]): the residual network is
    /// augmented further.
    pub(crate) fn raise(&mut self, room: &[u32], previous: &[u32]) -> u32 {
        for (r, (&now, &before)) in room.iter().zip(previous).enumerate() {
            self.cap[self.sink_edges[r]] += now.saturating_sub(before);
        }
        self.flow += self.dinic();
        self.flow
    }

    /// Whether the members of classes `c..` can be placed as far as their
    /// number goes (given `bags`, at `r * t.costs.len()`): for each unit
    /// cost `w` that does not divide a point (0.3, 0.4, 0.6 ...), a point
    /// holds at most `10 / w` units (rounded down) of cost `w` or more, so a
    /// resource of `k` points at most `k` times that (ruling 13). Only the
    /// classes for which `all(c')` holds are counted.
    pub(crate) fn counts_fit(&mut self, t: &Tables, c: usize, bags: &[u16], all: impl Fn(usize) -> bool) -> bool {
        let d = t.costs.len();
        let m = t.resources();
        for (i, &w) in t.costs.iter().enumerate() {
            if w == 0 || TENTHS.is_multiple_of(w) || w > TENTHS {
                continue;
            }
            let per_point = TENTHS / w;
            // Members of cost `w` or more: costs are sorted largest first.
            let count = |k: usize| {
                let class = &t.classes[k];
                if class.cost >= w && all(k) { class.members.len() as u32 } else { 0 }
            };
            let need: u32 = (c..t.classes.len()).map(count).sum();
            if need == 0 {
                continue;
            }
            let room: Vec<u32> = (0..m)
                .map(|r| {
                    let held: u32 = bags[r * d..r * d + i + 1].iter().map(|&n| u32::from(n)).sum();
                    (t.points[r] * per_point).saturating_sub(held)
                })
                .collect();
            if self.max_fit(t, c, &room, count) < need {
                return false;
            }
        }
        true
    }

    /// The cost offered per distinct reach of the classes `c..`
    /// ([`Tables::reach_of`]), in the tables' order of reaches.
    fn group(&mut self, t: &Tables, c: usize, amount: impl Fn(usize) -> u32) {
        self.sums.clear();
        self.sums.resize(t.reaches.len(), 0);
        for i in c..t.classes.len() {
            self.sums[t.reach_of[i]] += amount(i);
        }
        self.reaches.clear();
        let sums = self.sums.iter().zip(&t.reaches);
        self.reaches.extend(sums.filter(|(sum, _)| **sum > 0).map(|(&sum, &mask)| (mask, sum)));
    }

    /// The resources on the source side of a minimum cut of the last flow
    /// (those still reachable from the source in the residual network), as
    /// a mask: the room they have is all taken in every maximum flow.
    pub(crate) fn saturated(&mut self, m: usize) -> u64 {
        self.levels();
        (0..m).filter(|&r| self.level[2 + r] != u32::MAX).fold(0, |acc, r| acc | 1 << r)
    }

    /// The resources with no room left in any maximum flow (those from
    /// which the sink cannot be reached in the residual network of the last
    /// flow), as a mask.
    pub(crate) fn full(&mut self, m: usize) -> u64 {
        self.sweep(SINK, true);
        (0..m).filter(|&r| self.level[2 + r] == u32::MAX).fold(0, |acc, r| acc | 1 << r)
    }

    fn reset(&mut self, nodes: usize) {
        self.head.clear();
        self.head.resize(nodes, NONE);
        self.next.clear();
        self.to.clear();
        self.cap.clear();
    }

    /// An edge and its residual twin (at the index with the last bit
    /// flipped), from `from` to `to`.
    fn edge_from(&mut self, from: usize, to: usize, cap: u32) {
        for (a, b, c) in [(from, to, cap), (to, from, 0)] {
            self.next.push(self.head[a]);
            self.head[a] = self.to.len();
            self.to.push(b);
            self.cap.push(c);
        }
    }

    fn dinic(&mut self) -> u32 {
        let mut flow = 0u32;
        while self.levels() {
            self.cursor.clone_from(&self.head);
            loop {
                let pushed = self.augment(SOURCE, UNLIMITED);
                if pushed == 0 {
                    break;
                }
                flow = flow.saturating_add(pushed);
            }
        }
        flow
    }

    /// Breadth-first levels from the source; whether the sink is reached.
    fn levels(&mut self) -> bool {
        self.sweep(SOURCE, false);
        self.level[SINK] != u32::MAX
    }

    /// Breadth-first levels from `start` over the edges with room left:
    /// away from it (an edge's own room) or, `backward`, towards it (the
    /// room of its residual twin, the edge from its head to `start`'s side).
    fn sweep(&mut self, start: usize, backward: bool) {
        self.level.clear();
        self.level.resize(self.head.len(), u32::MAX);
        self.level[start] = 0;
        self.queue.clear();
        self.queue.push(start);
        let mut at = 0;
        while let Some(&v) = self.queue.get(at) {
            at += 1;
            let mut e = self.head[v];
            while e != NONE {
                let w = self.to[e];
                // `e ^ 1` is the edge into `v` from `w`.
                let room = if backward { self.cap[e ^ 1] } else { self.cap[e] };
                if room > 0 && self.level[w] == u32::MAX {
                    self.level[w] = self.level[v] + 1;
                    self.queue.push(w);
                }
                e = self.next[e];
            }
        }
    }

    /// One augmenting path along the levels from `v`, at most `limit`.
    fn augment(&mut self, v: usize, limit: u32) -> u32 {
        if v == SINK {
            return limit;
        }
        while self.cursor[v] != NONE {
            let e = self.cursor[v];
            let w = self.to[e];
            if self.cap[e] > 0 && self.level[w] == self.level[v] + 1 {
                let pushed = self.augment(w, limit.min(self.cap[e]));
                if pushed > 0 {
                    self.cap[e] -= pushed;
                    self.cap[e ^ 1] += pushed;
                    return pushed;
                }
            }
            self.cursor[v] = self.next[e];
        }
        0
    }
}
