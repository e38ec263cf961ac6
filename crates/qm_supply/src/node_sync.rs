//! The side-independent columns of the hexes (control, original control,
//! damage, partisan holding, captures), kept dense between determinations
//! and brought up to date from the hexes whose components changed since
//! the last one, read by their change ticks: a determination reads a hex's
//! components only when they changed, not every hex every time.
//!
//! The hexes stay entities with their components (the design card); these
//! columns are a copy the context keeps, never state. A restore or a clone
//! forgets them ([`NodeSync::invalidate`]), so the next determination reads
//! every hex again.

use bevy_ecs::change_detection::{MAX_CHANGE_AGE, Tick};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, HexDamage, MapNode};
use qm_core::ids::{NationId, NodeId, NodeVec, Side};

/// The hexes' components [`NodeSync::sync`] reads, with their change ticks.
pub type NodeQuery<'w, 's> = Query<'w, 's, NodeData>;

/// What [`NodeSync::sync`] reads of a hex: its id, and its control and
/// damage with their change ticks (a [`NodeQuery`]'s item, or a query of a
/// `World` read straight).
pub type NodeData = (&'static MapNode, Ref<'static, Control>, Ref<'static, HexDamage>);

/// One hex's [`NodeData`], as a query yields it.
pub type NodeItem<'a> = (&'a MapNode, Ref<'a, Control>, Ref<'a, HexDamage>);

/// A hex's control and original control, the two columns the context
/// exposes; [`NodeSync`] keeps the rest.
pub(crate) struct ControlColumns<'a> {
    pub control: &'a mut NodeVec<Option<NationId>>,
    pub original: &'a mut NodeVec<Option<NationId>>,
}

/// The dense copy of the hexes' side-independent state, and when it was
/// last brought up to date.
#[derive(Clone, Debug, Default)]
pub struct NodeSync {
    /// Per node: `HexDamage::synthetic_oil`.
    pub(crate) damaged: NodeVec<bool>,
    /// Per node: `Control::by_partisan`.
    pub(crate) by_partisan: NodeVec<bool>,
    /// The nodes whose `Control::captured` is set, with it, sorted by node.
    captured: Vec<(NodeId, (u32, Side))>,
    /// The tick of the determination that last read the hexes; `None`
    /// when the next one must read every hex.
    synced: Option<Tick>,
}

impl NodeSync {
    /// Forgets the copy: the next [`NodeSync::sync`] reads every hex.
    pub(crate) fn invalidate(&mut self) {
        self.synced = None;
    }

    /// Brings the columns up to date for `n` nodes, at the system's tick
    /// `this_run`: every hex when the copy was forgotten, the map's size
    /// changed or the copy is too old for change ticks to tell; otherwise
    /// only the hexes whose `Control` or `HexDamage` changed since the last
    /// sync. `q` yields every hex once, with the change ticks of its
    /// components (a [`NodeQuery`], or a query of a `World` read straight).
    pub(crate) fn sync<'a>(
        &mut self,
        cols: ControlColumns<'_>,
        n: usize,
        q: impl IntoIterator<Item = NodeItem<'a>>,
        this_run: Tick,
    ) {
        let since = self
            .synced
            .filter(|s| cols.control.len() == n && this_run.get().wrapping_sub(s.get()) < MAX_CHANGE_AGE / 2);
        if since.is_none() {
            reset(cols.control, n, None);
            reset(cols.original, n, None);
            reset(&mut self.damaged, n, false);
            reset(&mut self.by_partisan, n, false);
            self.captured.clear();
        }
        for (node, c, d) in q {
            let i = node.0;
            if i.index() >= n {
                continue;
            }
            if let Some(s) = since
                && !c.last_changed().is_newer_than(s, this_run)
                && !d.last_changed().is_newer_than(s, this_run)
            {
                continue;
            }
            cols.control[i] = c.current;
            cols.original[i] = c.original;
            self.damaged[i] = d.synthetic_oil;
            self.by_partisan[i] = c.by_partisan;
            match since {
                None => self.captured.extend(c.captured.map(|k| (node.0, k))),
                Some(_) => self.note_captured(node.0, c.captured),
            }
        }
        if since.is_none() {
            // Nodes are spawned in id order: usually sorted already.
            self.captured.sort_unstable();
        }
        self.synced = Some(this_run);
    }

    /// Records node `node`'s capture, or that it has none.
    fn note_captured(&mut self, node: NodeId, captured: Option<(u32, Side)>) {
        let at = self.captured.binary_search_by_key(&node, |c| c.0);
        match (at, captured) {
            (Ok(k), Some(c)) => self.captured[k].1 = c,
            (Ok(k), None) => drop(self.captured.remove(k)),
            (Err(k), Some(c)) => self.captured.insert(k, (node, c)),
            (Err(_), None) => {}
        }
    }

    /// The nodes captured at `now` (a turn and the side that took them),
    /// in node order.
    pub(crate) fn captured_at(&self, now: (u32, Side)) -> impl Iterator<Item = NodeId> + '_ {
        self.captured.iter().filter(move |c| c.1 == now).map(|c| c.0)
    }
}

/// Empties `v` (a `Vec` or a `NodeVec`) and fills it with `n` copies of
/// `value`.
pub(crate) fn reset<T: Clone>(v: &mut impl AsMut<Vec<T>>, n: usize, value: T) {
    let v = v.as_mut();
    v.clear();
    v.resize(n, value);
}
