//! Many lines traced at once from one flood's first-arrival record.
//!
//! Lines that meet share the walk from where they meet to their seed: each
//! walk goes back only until it meets a line traced before, then takes
//! that line's start. Tracing every unit of a side costs about the size of
//! the tree of their lines, not the sum of their lengths, apart from
//! writing each line out.
//!
//! A caller that kept the lines of an earlier determination can give them
//! ([`Flood::trace_many_like`]): a line that is the same again is compared
//! in place, not built, so an unchanged line costs its walk and one read of
//! the old path, with no allocation, copy or later compare.

use crate::flood::{Flood, Origin, Trace};
use crate::graph::Node;
use crate::node::{NodeSlice, NodeVec};

/// What [`Flood::trace_many_like`] found for one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Traced {
    /// The line is the path the caller gave for this target, from seed
    /// `seed`: nothing was built.
    Same {
        /// The index of the seed the line starts from.
        seed: u32,
    },
    /// Another line (or the caller gave none).
    New(Trace),
}

/// Where one walk of [`Flood::trace_many_like`] ended.
enum Walk {
    /// At the seed with this index.
    Seed(u32),
    /// At place `at` of the line of target `line`, traced before.
    Joins { line: usize, at: u32 },
}

impl Flood {
    /// Traces many `(node, label)` pairs, lines that meet sharing their
    /// walk (see the module). Results are in input order and equal to
    /// [`Flood::trace`]'s.
    #[must_use]
    pub fn trace_many(&self, targets: &[(Node, u32)]) -> Vec<Option<Trace>> {
        self.trace_many_with(targets, &mut NodeVec::new())
    }

    /// [`Flood::trace_many`] with a reusable scratch buffer (one entry per
    /// node; left all zero on return).
    pub fn trace_many_with(&self, targets: &[(Node, u32)], memo: &mut NodeVec<(u32, u32)>) -> Vec<Option<Trace>> {
        let traced = self.trace_many_like(targets, &[], memo);
        // With no old path given, every line found is built.
        traced.into_iter().map(|t| t.and_then(Traced::built)).collect()
    }

    /// [`Flood::trace_many_with`], given `old[i]`, a path target `i` may
    /// have again (seed's node first; `old` may be shorter than `targets`):
    /// a line equal to it is [`Traced::Same`], compared in place and not
    /// built. Each result is the line [`Flood::trace`] gives, as
    /// [`Traced::New`] or as `Same` when it equals the old path.
    pub fn trace_many_like(
        &self,
        targets: &[(Node, u32)],
        old: &[Option<&[Node]>],
        memo: &mut NodeVec<(u32, u32)>,
    ) -> Vec<Option<Traced>> {
        let mut order: Vec<usize> = (0..targets.len()).collect();
        order.sort_by_key(|&i| targets[i].1);
        // Per node, for the label being traced: (target + 1, place in its line).
        memo.resize(self.node_count(), (0, 0));
        let mut touched: Vec<Node> = Vec::new();
        let mut out: Vec<Option<Traced>> = (0..targets.len()).map(|_| None).collect();
        // The nodes a walk adds, traced node first.
        let mut own: Vec<Node> = Vec::new();
        let mut bit_now = None;
        for i in order {
            let (node, bit) = targets[i];
            if bit_now != Some(bit) {
                clear(memo, &mut touched);
                bit_now = Some(bit);
            }
            if self.origin_of(node, bit).is_none() {
                continue;
            }
            // A broken record gives no line, and no later walk joins it.
            let Some(walk) = self.walk_line(node, bit, memo, &mut own) else { continue };
            let (seed, start) = match walk {
                Walk::Seed(seed) => (seed, &[][..]),
                Walk::Joins { line, at } => {
                    let Some((seed, path)) = line_of(&out, old, line) else { continue };
                    let Some(start) = path.get(..=at as usize) else { continue };
                    (seed, start)
                }
            };
            let len = start.len() + own.len();
            let line = match old.get(i).copied().flatten() {
                Some(p) if is_line(p, start, &own) => Traced::Same { seed },
                _ => {
                    let mut path = Vec::with_capacity(len);
                    path.extend_from_slice(start);
                    path.extend(own.iter().rev());
                    Traced::New(Trace { seed, path })
                }
            };
            for (k, &x) in own.iter().enumerate() {
                if let Some(m) = memo.get_mut(x) {
                    *m = (i as u32 + 1, (len - 1 - k) as u32);
                    touched.push(x);
                }
            }
            out[i] = Some(line);
        }
        clear(memo, &mut touched);
        out
    }

    /// One walk of [`Flood::trace_many_like`]: from `node` back to the
    /// seed, or up to a node of a line traced before (found by `memo`).
    /// Leaves in `own` the nodes it walked itself, traced node first.
    /// `None` for a broken record.
    fn walk_line(&self, node: Node, bit: u32, memo: &NodeSlice<(u32, u32)>, own: &mut Vec<Node>) -> Option<Walk> {
        own.clear();
        let mut cur = node;
        for _ in 0..=self.node_count() {
            if let Some(&(line, at)) = memo.get(cur).filter(|m| m.0 != 0) {
                return Some(Walk::Joins { line: (line - 1) as usize, at });
            }
            own.push(cur);
            match self.origin_unchecked(cur, bit)? {
                Origin::Seed(seed) => return Some(Walk::Seed(seed)),
                Origin::Node(p) => cur = p,
            }
        }
        None
    }
}

impl Traced {
    /// The line, if it was built.
    fn built(self) -> Option<Trace> {
        match self {
            Self::New(t) => Some(t),
            Self::Same { .. } => None,
        }
    }
}

/// The seed and path of target `line`'s result: its built path, or the
/// old path it was found equal to.
fn line_of<'a>(out: &'a [Option<Traced>], old: &[Option<&'a [Node]>], line: usize) -> Option<(u32, &'a [Node])> {
    match out.get(line)?.as_ref()? {
        Traced::New(t) => Some((t.seed, &t.path)),
        Traced::Same { seed } => Some((*seed, old.get(line).copied().flatten()?)),
    }
}

/// Whether `path` is `start` followed by `own` reversed.
fn is_line(path: &[Node], start: &[Node], own: &[Node]) -> bool {
    path.len() == start.len() + own.len()
        && path[..start.len()] == *start
        && path[start.len()..].iter().eq(own.iter().rev())
}

/// Sets the memo entries of `touched` back to zero.
fn clear(memo: &mut NodeSlice<(u32, u32)>, touched: &mut Vec<Node>) {
    for &t in touched.iter() {
        if let Some(m) = memo.get_mut(t) {
            *m = (0, 0);
        }
    }
    touched.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flood::random_flood;
    use crate::graph::ns;

    /// How a test gives a target its old path: none, the true line, or the
    /// true line changed.
    #[derive(Clone, Copy, Debug)]
    enum Hint {
        None,
        True,
        /// One node changed (at this place, modulo the length).
        Changed(usize),
        /// The last node dropped.
        Shorter,
        /// A node added at the end.
        Longer,
    }

    fn hint() -> impl proptest::strategy::Strategy<Value = Hint> {
        use proptest::prelude::*;
        prop_oneof![
            Just(Hint::None),
            Just(Hint::True),
            Just(Hint::True),
            (0usize..8).prop_map(Hint::Changed),
            Just(Hint::Shorter),
            Just(Hint::Longer),
        ]
    }

    fn old_path(truth: Option<&Trace>, h: Hint) -> Option<Vec<Node>> {
        let mut p = truth.map(|t| t.path.clone()).unwrap_or_else(|| ns(&[0, 1]));
        match h {
            Hint::None => return None,
            Hint::True => {}
            Hint::Changed(k) => {
                let k = k % p.len();
                p[k] = Node(p[k].0.wrapping_add(1) % 24);
            }
            Hint::Shorter => drop(p.pop()),
            Hint::Longer => p.push(Node(0)),
        }
        Some(p)
    }

    proptest::proptest! {
        /// On random graphs, seeds, targets and old paths (true, changed
        /// or missing), each target gets the line a walk of its own gives:
        /// `Same` exactly when the old path is that line, with its seed.
        #[test]
        fn lines_like_old_ones_equal_lines_traced_alone(
            edges in proptest::collection::vec((0u32..24, 0u32..24), 0..60),
            seeds in proptest::collection::vec((0u32..24, 1u64..16), 1..4),
            emit_off in proptest::collection::vec(0u32..24, 0..4),
            targets in proptest::collection::vec(((0u32..24, 0u32..5), hint()), 0..40),
        ) {
            let f = random_flood(&edges, &seeds, &emit_off);
            let alone: Vec<Option<Trace>> = targets.iter().map(|((n, b), _)| f.trace(Node(*n), *b)).collect();
            let olds: Vec<Option<Vec<Node>>> =
                targets.iter().zip(&alone).map(|((_, h), t)| old_path(t.as_ref(), *h)).collect();
            let old: Vec<Option<&[Node]>> = olds.iter().map(|p| p.as_deref()).collect();
            let pairs: Vec<(Node, u32)> = targets.iter().map(|&((n, b), _)| (Node(n), b)).collect();
            let like = f.trace_many_like(&pairs, &old, &mut NodeVec::new());
            for ((got, want), old) in like.iter().zip(&alone).zip(&old) {
                match (got, want) {
                    (Some(Traced::Same { seed }), Some(w)) => {
                        proptest::prop_assert_eq!(*seed, w.seed);
                        proptest::prop_assert_eq!(*old, Some(&w.path[..]));
                    }
                    (Some(Traced::New(t)), Some(w)) => {
                        proptest::prop_assert_eq!(t, w);
                        proptest::prop_assert_ne!(*old, Some(&w.path[..]));
                    }
                    (None, None) => {}
                    _ => proptest::prop_assert!(false, "{got:?} against {want:?}"),
                }
            }
        }
    }
}
