//! Node ids and the per-node columns they index.

use std::fmt;
use typed_index_collections::{TiSlice, TiVec};

/// Index of a node in a [`Csr`](crate::Csr). Nodes are numbered
/// `0..node_count`.
///
/// A `u32` in a newtype, in the style of `hexx`'s `Hex`: `Copy`, ordered
/// and hashed as the number, and written by serde as the bare number (with
/// the `serde` feature), so that saves, outputs and checksums read as they
/// did when it was a plain `u32`. `Debug` and `Display` print the bare
/// number too, so messages read as before.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
#[repr(transparent)]
pub struct Node(pub u32);

/// Marker for "no node" in dense arrays.
pub const NO_NODE: Node = Node(u32::MAX);

impl Node {
    /// The node numbered `id`.
    #[must_use]
    pub const fn new(id: u32) -> Self {
        Self(id)
    }

    /// The node at position `index` of a per-node column. Node counts fit a
    /// `u32` (a map has far fewer nodes), so the cast keeps the value.
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        Self(index as u32)
    }

    /// The node's number.
    #[must_use]
    pub const fn id(self) -> u32 {
        self.0
    }

    /// The node as an index into a per-node array.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The nodes `0..count`, in order: the keys of a column of `count`
    /// nodes.
    pub fn all(count: usize) -> Nodes {
        Self::range(Self(0), Self::from_index(count))
    }

    /// The nodes `start..end`, in order.
    pub fn range(start: Self, end: Self) -> Nodes {
        (start.index()..end.index()).map(Self::from_index)
    }
}

/// The nodes of a range, in order: what [`Node::all`] and [`Node::range`]
/// give.
pub type Nodes = std::iter::Map<std::ops::Range<usize>, fn(usize) -> Node>;

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<usize> for Node {
    fn from(index: usize) -> Self {
        Self::from_index(index)
    }
}

impl From<Node> for usize {
    fn from(node: Node) -> Self {
        node.index()
    }
}

/// A column of per-node values (distances, parents, passability masks,
/// labels, control), indexed by [`Node`] instead of `usize`.
///
/// It is `typed_index_collections::TiVec`, a small, dependency-free crate
/// that mirrors the whole `Vec` and slice API with typed keys (and writes
/// the same serde sequence as a `Vec`), so nothing of it is hand-written
/// here. Build one with `NodeVec::from(vec)`, read the plain `Vec` as
/// `.raw`, and walk it with `iter_enumerated()` for `(Node, &T)` pairs.
pub type NodeVec<T> = TiVec<Node, T>;

/// A borrowed column of per-node values: what a [`NodeVec`] derefs to, and
/// what functions that only read or write the values take.
/// `NodeSlice::from_ref(&[..])` views a plain slice as one.
pub type NodeSlice<T> = TiSlice<Node, T>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_prints_and_indexes_as_its_number() {
        let n = Node(7);
        assert_eq!((format!("{n}"), format!("{n:?}")), ("7".to_string(), "7".to_string()));
        assert_eq!((n.index(), n.id(), Node::from_index(7)), (7, 7, n));
        let mut col: NodeVec<u8> = NodeVec::from(vec![0; 8]);
        col[n] = 3;
        assert_eq!(col.raw[7], 3);
        assert_eq!(col.iter_enumerated().find(|e| *e.1 == 3).map(|e| e.0), Some(n));
        assert_eq!(Node::all(3).collect::<Vec<_>>(), vec![Node(0), Node(1), Node(2)]);
    }
}
