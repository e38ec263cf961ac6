//! The nodes' state in the checksum's encoding: a compact run.
//!
//! The bulk of a checksum on a big map is its nodes, so they are not
//! encoded field by field as serde would (about 35 bytes a node) but in a
//! packed form of 4 bytes for a typical node. Each node is a 16-bit word of
//! flags, then only the fields the flags say are there:
//!
//! | bit | meaning | then |
//! | --- | --- | --- |
//! | 0 | `control.current` is some | its nation, `u16` |
//! | 1 | `control.original` is some | its nation, `u16`, unless bit 2 |
//! | 2 | `control.original == control.current` | nothing: the same nation |
//! | 3 | `control.by_partisan` | |
//! | 4 | `control.captured` is some | its turn, `u32` |
//! | 5 | captured by the Allies (else the Axis) | |
//! | 6 | `damage.synthetic_oil` | |
//! | 7 | `damage.ic_isolated_turns != 0` | its value, `u8` |
//! | 8–9 | `supply.status`: none, unsupplied, partial, full | |
//! | 10 | `supply.at` is some | its turn, `u32`, unless bit 11 |
//! | 11 | `supply.at` equals the previous node's | nothing: the same |
//! | 12 | `supply.at` of the Allies (else the Axis) | |
//! | 13 | `supply.at` post-combat (else initial) | |
//! | 14 | alone: the node before, again | a count `k`, `u16` |
//!
//! Integers are little-endian; bit 15 is zero. A word of bit 14 alone
//! stands for `k` more nodes equal to the one before it: a map numbered row
//! by row has long runs of hexes of one holder and one status, and a run
//! costs one compare a node instead of its encoding, and four bytes in all.
//! The flags say exactly which bytes follow, and bit 11 refers only to the
//! nodes before, so the run decodes back to the nodes it came from (the
//! tests decode every shape of node, alone, in runs and repeated): distinct
//! node states give distinct bytes, as a checksum needs. Every struct is
//! destructured in full and every enum matched exhaustively, so a field or
//! variant added to them does not compile here until it is encoded.

use crate::components::{Control, HexDamage};
use crate::encode::Encoder;
use crate::ids::{Determination, DeterminationKind, Side};
use crate::supply::{HexRecord, HexStatus};

/// A node's bytes, at most 15 of them, gathered in one register (built in
/// memory byte by byte, the 16-byte copy out of it stalled on every node).
struct Bytes {
    word: u128,
    len: usize,
}

impl Bytes {
    /// Appends the low `n` bytes of `v`, little-endian.
    #[inline(always)]
    fn put(&mut self, v: u32, n: usize) {
        self.word |= u128::from(v) << (8 * self.len);
        self.len += n;
    }

    fn to_le_bytes(&self) -> [u8; 16] {
        self.word.to_le_bytes()
    }
}

/// The flag bits of a node (see the module's table).
mod bit {
    pub const CURRENT: u16 = 1 << 0;
    pub const ORIGINAL: u16 = 1 << 1;
    pub const ORIGINAL_IS_CURRENT: u16 = 1 << 2;
    pub const BY_PARTISAN: u16 = 1 << 3;
    pub const CAPTURED: u16 = 1 << 4;
    pub const CAPTURED_BY_ALLIES: u16 = 1 << 5;
    pub const SYNTHETIC_OIL: u16 = 1 << 6;
    pub const IC_TURNS: u16 = 1 << 7;
    pub const STATUS_SHIFT: u16 = 8;
    pub const AT: u16 = 1 << 10;
    pub const AT_AS_BEFORE: u16 = 1 << 11;
    pub const AT_ALLIES: u16 = 1 << 12;
    pub const AT_POST_COMBAT: u16 = 1 << 13;
    pub const REPEAT: u16 = 1 << 14;
}

const fn allies(s: Side) -> bool {
    match s {
        Side::Axis => false,
        Side::Allies => true,
    }
}

/// A node's state, as the run reads it: its supply record is made of two
/// components, so it comes by value.
type Node<'a> = (&'a Control, &'a HexDamage, HexRecord);

/// A run of nodes being encoded: what bit 11 compares with, and the node
/// before with how many times it has repeated since it was written.
#[derive(Default)]
pub(crate) struct NodeRun<'a> {
    last_at: Option<Determination>,
    last: Option<Node<'a>>,
    repeats: u16,
}

impl<'a> NodeRun<'a> {
    /// Takes the next node: hands `write` the bytes it adds, if any (a
    /// repeat waits for the run of equal nodes to end). Comparing the
    /// states is cheaper than encoding them and comparing the bytes
    /// (measured: 82–127 against 127–149 µs a checksum at 10k hexes).
    #[inline(always)]
    fn push(&mut self, node: Node<'a>, write: &mut impl FnMut(&[u8; 16], usize)) {
        if self.last == Some(node) && self.repeats < u16::MAX {
            self.repeats += 1;
            return;
        }
        self.end_repeats(write);
        let b = self.encode(node.0, node.1, &node.2);
        write(&b.to_le_bytes(), b.len);
        self.last = Some(node);
    }

    /// Hands `write` the word of the repeats pending, if any.
    fn end_repeats(&mut self, write: &mut impl FnMut(&[u8; 16], usize)) {
        if self.repeats > 0 {
            let word = u32::from(bit::REPEAT) | (u32::from(self.repeats) << 16);
            write(&u128::from(word).to_le_bytes(), 4);
            self.repeats = 0;
        }
    }

    /// The bytes of the next node of the run.
    #[inline(always)]
    fn encode(&mut self, control: &Control, damage: &HexDamage, supply: &HexRecord) -> Bytes {
        let Control { current, original, by_partisan, captured } = *control;
        let HexDamage { synthetic_oil, ic_isolated_turns } = *damage;
        let HexRecord { status, at } = *supply;
        let mut b = Bytes { word: 0, len: 2 };
        let mut f = 0u16;
        let mut set = |on: bool, flag: u16| f |= if on { flag } else { 0 };
        set(current.is_some(), bit::CURRENT);
        set(original.is_some(), bit::ORIGINAL);
        set(original.is_some() && original == current, bit::ORIGINAL_IS_CURRENT);
        set(by_partisan, bit::BY_PARTISAN);
        set(captured.is_some(), bit::CAPTURED);
        set(captured.is_some_and(|c| allies(c.1)), bit::CAPTURED_BY_ALLIES);
        set(synthetic_oil, bit::SYNTHETIC_OIL);
        set(ic_isolated_turns != 0, bit::IC_TURNS);
        set(at.is_some(), bit::AT);
        set(at.is_some() && at == self.last_at, bit::AT_AS_BEFORE);
        set(at.is_some_and(|a| allies(a.side)), bit::AT_ALLIES);
        let post_combat = at.is_some_and(|Determination { kind, .. }| match kind {
            DeterminationKind::Initial => false,
            DeterminationKind::PostCombat => true,
        });
        set(post_combat, bit::AT_POST_COMBAT);
        let status = match status {
            None => 0,
            Some(HexStatus::Unsupplied) => 1,
            Some(HexStatus::Partial) => 2,
            Some(HexStatus::Full) => 3,
        };
        f |= status << bit::STATUS_SHIFT;
        if let Some(n) = current {
            b.put(u32::from(n.0), 2);
        }
        if let Some(n) = original.filter(|_| f & bit::ORIGINAL_IS_CURRENT == 0) {
            b.put(u32::from(n.0), 2);
        }
        if let Some((turn, _)) = captured {
            b.put(turn, 4);
        }
        if ic_isolated_turns != 0 {
            b.put(u32::from(ic_isolated_turns), 1);
        }
        if let Some(a) = at.filter(|_| f & bit::AT_AS_BEFORE == 0) {
            b.put(a.turn, 4);
        }
        b.word |= u128::from(f);
        if at.is_some() {
            self.last_at = at;
        }
        b
    }
}

impl Encoder {
    /// Appends a run of nodes' states, in the packed form of this module
    /// (the count is the caller's to write).
    pub fn nodes<'a>(&mut self, nodes: impl IntoIterator<Item = Node<'a>>) {
        let mut run = NodeRun::default();
        // A fixed-size copy, then cut back: no call to copy a few bytes.
        let mut write = |b: &[u8; 16], len: usize| self.bytes_fixed(b, len);
        for node in nodes {
            run.push(node, &mut write);
        }
        run.end_repeats(&mut write);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::NationId;

    type Node = (Control, HexDamage, HexRecord);

    /// Every shape of node: each option absent and present, each variant.
    fn shapes() -> Vec<Node> {
        let nations = [None, Some(NationId(0)), Some(NationId(0xbeef))];
        let captured = [None, Some((7, Side::Axis)), Some((u32::MAX, Side::Allies))];
        let statuses = [None, Some(HexStatus::Unsupplied), Some(HexStatus::Partial), Some(HexStatus::Full)];
        let ats = [
            None,
            Some(Determination { turn: 3, side: Side::Allies, kind: DeterminationKind::Initial }),
            Some(Determination { turn: 3, side: Side::Axis, kind: DeterminationKind::Initial }),
            Some(Determination { turn: 0x0102_0304, side: Side::Axis, kind: DeterminationKind::PostCombat }),
        ];
        let mut out = Vec::new();
        for (i, current) in nations.iter().enumerate() {
            for original in nations {
                for (j, captured) in captured.iter().enumerate() {
                    for status in statuses {
                        for at in ats {
                            let control = Control {
                                current: *current,
                                original,
                                by_partisan: (i + j) % 2 == 1,
                                captured: *captured,
                            };
                            let damage =
                                HexDamage { synthetic_oil: j == 1, ic_isolated_turns: ((i * 3 + j) * 50 % 256) as u8 };
                            out.push((control, damage, HexRecord { status, at }));
                        }
                    }
                }
            }
        }
        out
    }

    fn encode(nodes: &[Node]) -> Vec<u8> {
        let mut run = NodeRun::default();
        let mut out = Vec::new();
        let mut write = |b: &[u8; 16], len: usize| out.extend_from_slice(&b[..len]);
        for (c, d, s) in nodes {
            run.push((c, d, *s), &mut write);
        }
        run.end_repeats(&mut write);
        out
    }

    /// Reads a run back, by the module's table alone.
    fn decode(mut bytes: &[u8]) -> Vec<Node> {
        fn take<const N: usize>(bytes: &mut &[u8]) -> [u8; N] {
            let (head, rest) = bytes.split_at(N);
            *bytes = rest;
            head.try_into().expect("N bytes")
        }
        let side = |allies| if allies { Side::Allies } else { Side::Axis };
        let mut out = Vec::new();
        let mut last_at = None;
        while !bytes.is_empty() {
            let f = u16::from_le_bytes(take(&mut bytes));
            if f == bit::REPEAT {
                let k = u16::from_le_bytes(take(&mut bytes));
                assert!(k > 0, "a repeat is of at least one node");
                let last = *out.last().expect("a node to repeat");
                out.extend(std::iter::repeat_n(last, usize::from(k)));
                continue;
            }
            let on = |flag: u16| f & flag != 0;
            assert_eq!(f >> 14, 0, "unused bits are zero");
            let current = on(bit::CURRENT).then(|| NationId(u16::from_le_bytes(take(&mut bytes))));
            let original = match (on(bit::ORIGINAL), on(bit::ORIGINAL_IS_CURRENT)) {
                (false, _) => None,
                (true, true) => current,
                (true, false) => Some(NationId(u16::from_le_bytes(take(&mut bytes)))),
            };
            let captured =
                on(bit::CAPTURED).then(|| (u32::from_le_bytes(take(&mut bytes)), side(on(bit::CAPTURED_BY_ALLIES))));
            let ic_isolated_turns = if on(bit::IC_TURNS) { take::<1>(&mut bytes)[0] } else { 0 };
            let status = [None, Some(HexStatus::Unsupplied), Some(HexStatus::Partial), Some(HexStatus::Full)]
                [usize::from((f >> bit::STATUS_SHIFT) & 3)];
            let at = match (on(bit::AT), on(bit::AT_AS_BEFORE)) {
                (false, _) => None,
                (true, true) => last_at,
                (true, false) => Some(Determination {
                    turn: u32::from_le_bytes(take(&mut bytes)),
                    side: side(on(bit::AT_ALLIES)),
                    kind: if on(bit::AT_POST_COMBAT) {
                        DeterminationKind::PostCombat
                    } else {
                        DeterminationKind::Initial
                    },
                }),
            };
            if at.is_some() {
                last_at = at;
            }
            let control = Control { current, original, by_partisan: on(bit::BY_PARTISAN), captured };
            let damage = HexDamage { synthetic_oil: on(bit::SYNTHETIC_OIL), ic_isolated_turns };
            out.push((control, damage, HexRecord { status, at }));
        }
        out
    }

    #[test]
    fn every_shape_of_node_decodes_back_alone() {
        for n in shapes() {
            assert_eq!(decode(&encode(&[n])), vec![n], "{n:?}");
        }
    }

    #[test]
    fn runs_of_nodes_decode_back() {
        let all = shapes();
        // Every shape after every other: bit 11 against each previous `at`.
        for step in [1, 7, 13, 97] {
            let run: Vec<Node> = (0..all.len() * 3).map(|i| all[(i * step) % all.len()]).collect();
            assert_eq!(decode(&encode(&run)), run, "step {step}");
        }
    }

    #[test]
    fn repeated_nodes_decode_back() {
        let all = shapes();
        // Every shape in runs of one to four, and a few in runs around a
        // count's range.
        let long = [usize::from(u16::MAX), usize::from(u16::MAX) + 1, 70_000, 17];
        let len = |i: usize| long.get(i).copied().unwrap_or(1 + i % 4);
        let run: Vec<Node> = all.iter().enumerate().flat_map(|(i, n)| std::iter::repeat_n(*n, len(i))).collect();
        assert_eq!(decode(&encode(&run)), run);
    }

    #[test]
    fn a_run_of_equal_nodes_takes_four_bytes() {
        let control = Control { current: Some(NationId(1)), original: Some(NationId(1)), ..Control::default() };
        let node = (control, HexDamage::default(), HexRecord::default());
        assert_eq!(encode(&[node; 1000]).len(), 4 + 4);
    }

    #[test]
    fn a_typical_node_takes_four_bytes() {
        let at = Some(Determination { turn: 2, side: Side::Axis, kind: DeterminationKind::Initial });
        let control = Control { current: Some(NationId(1)), original: Some(NationId(1)), ..Control::default() };
        let node = (control, HexDamage::default(), HexRecord { status: Some(HexStatus::Full), at });
        let other = (control, HexDamage::default(), HexRecord { status: Some(HexStatus::Partial), at });
        assert_eq!(encode(&[node, other]).len(), 8 + 4);
    }

    #[test]
    fn the_encoder_hashes_the_run_it_is_given() {
        let run: Vec<Node> = shapes().into_iter().cycle().take(5_000).flat_map(|n| [n, n]).collect();
        let mut e = Encoder::default();
        e.nodes(run.iter().map(|(c, d, s)| (c, d, *s)));
        // Past the encoder's flush size, so that buffering is crossed too.
        assert_eq!(e.finish(), *blake3::hash(&encode(&run)).as_bytes());
    }
}
