//! One node's state in the canonical encoding, written without serde's
//! calls: the bulk of a checksum on a big map is its nodes (about 35 bytes
//! and 20 serializer calls each).
//!
//! The bytes are exactly those of [`Encoder::put`] on
//! `(&Control, &HexDamage, &HexSupply)` (the fields of
//! [`NodeState`](crate::state::NodeState), in order). Every struct is
//! destructured in full and every enum matched exhaustively, so a field or
//! variant added to them does not compile here until it is encoded; the
//! tests compare both paths on every shape of node.

use crate::components::{Control, HexDamage};
use crate::encode::Encoder;
use crate::ids::{Determination, DeterminationKind, NationId, Side};
use crate::supply::{HexStatus, HexSupply};

/// A node's bytes, built on the stack: at most 41 of them.
struct Bytes {
    buf: [u8; 48],
    len: usize,
}

impl Bytes {
    #[inline(always)]
    fn put(&mut self, b: &[u8]) {
        self.buf[self.len..self.len + b.len()].copy_from_slice(b);
        self.len += b.len();
    }

    /// `None` as `0`, `Some(v)` as `1` then `v`.
    #[inline(always)]
    fn option<T>(&mut self, v: Option<T>, some: impl FnOnce(&mut Self, T)) {
        match v {
            None => self.put(&[0]),
            Some(v) => {
                self.put(&[1]);
                some(self, v);
            }
        }
    }

    #[inline(always)]
    fn nation(&mut self, n: NationId) {
        self.put(&n.0.to_le_bytes());
    }

    /// A unit variant: its index as `u32`.
    #[inline(always)]
    fn variant(&mut self, index: u32) {
        self.put(&index.to_le_bytes());
    }

    #[inline(always)]
    fn side(&mut self, s: Side) {
        self.variant(match s {
            Side::Axis => 0,
            Side::Allies => 1,
        });
    }

    #[inline(always)]
    fn control(&mut self, c: &Control) {
        let Control { current, original, by_partisan, captured } = *c;
        self.option(current, Self::nation);
        self.option(original, Self::nation);
        self.put(&[u8::from(by_partisan)]);
        self.option(captured, |b, (turn, side)| {
            b.put(&turn.to_le_bytes());
            b.side(side);
        });
    }

    #[inline(always)]
    fn damage(&mut self, d: &HexDamage) {
        let HexDamage { synthetic_oil, ic_isolated_turns } = *d;
        self.put(&[u8::from(synthetic_oil), ic_isolated_turns]);
    }

    #[inline(always)]
    fn supply(&mut self, s: &HexSupply) {
        let HexSupply { status, at } = *s;
        self.option(status, |b, s| {
            b.variant(match s {
                HexStatus::Unsupplied => 0,
                HexStatus::Partial => 1,
                HexStatus::Full => 2,
            });
        });
        self.option(at, |b, at| {
            let Determination { turn, side, kind } = at;
            b.put(&turn.to_le_bytes());
            b.side(side);
            b.variant(match kind {
                DeterminationKind::Initial => 0,
                DeterminationKind::PostCombat => 1,
            });
        });
    }
}

impl Encoder {
    /// Appends one node's state: the same bytes as
    /// `put(&(control, damage, supply))`, several times faster.
    pub fn node(&mut self, control: &Control, damage: &HexDamage, supply: &HexSupply) {
        let mut b = Bytes { buf: [0; 48], len: 0 };
        b.control(control);
        b.damage(damage);
        b.supply(supply);
        // A fixed-size copy, then cut back: no call to copy a few bytes.
        self.bytes_fixed(&b.buf, b.len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(f: impl FnOnce(&mut Encoder)) -> [u8; 32] {
        let mut e = Encoder::default();
        f(&mut e);
        e.finish()
    }

    /// Every shape of node: each option absent and present, each variant.
    fn nodes() -> Vec<(Control, HexDamage, HexSupply)> {
        let nations = [None, Some(NationId(0)), Some(NationId(0xbeef))];
        let captured = [None, Some((7, Side::Axis)), Some((u32::MAX, Side::Allies))];
        let statuses = [None, Some(HexStatus::Unsupplied), Some(HexStatus::Partial), Some(HexStatus::Full)];
        let ats = [
            None,
            Some(Determination { turn: 3, side: Side::Allies, kind: DeterminationKind::Initial }),
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
                            out.push((control, damage, HexSupply { status, at }));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn a_node_encodes_as_serde_encodes_it() {
        for (c, d, s) in nodes() {
            assert_eq!(hash(|e| e.node(&c, &d, &s)), hash(|e| e.put(&(&c, &d, &s))), "{c:?} {d:?} {s:?}");
        }
    }

    #[test]
    fn many_nodes_in_a_row_encode_as_serde_encodes_them() {
        // Past the encoder's flush size, so that buffering is crossed too.
        let all: Vec<_> = nodes().into_iter().cycle().take(5_000).collect();
        let fast = hash(|e| all.iter().for_each(|(c, d, s)| e.node(c, d, s)));
        let serde = hash(|e| all.iter().for_each(|(c, d, s)| e.put(&(c, d, s))));
        assert_eq!(fast, serde);
    }
}
