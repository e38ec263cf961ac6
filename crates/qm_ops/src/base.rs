//! The part of the operations view read from the world's components, and
//! its memo: the legal orders of a phase and the validation of each order
//! given read one world, so they share one copy of it, and one flood per
//! unit, instead of reading it again for every order.
//!
//! The memo is exact, not a heuristic. It is keyed by a [`Version`] of the
//! components the view reads: how many there are and the newest change
//! tick among them. bevy stamps every insertion and mutation with the
//! world's current change tick, and ticks never go back. A base is stored
//! only when its newest tick is older than the world's current tick, so
//! any later change (by a system, a harness or a copy into a reused world)
//! carries a newer tick than the stored newest, and a removal changes the
//! count: either way the version differs and the base is read again. The
//! orders queued so far (`Pending`) are not in the base; every view reads
//! them afresh.

use crate::territory::TerritorySupply;
use crate::view::{UnitInfo, side_bit, status_only};
use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryState, ReadOnlyQueryData};
use qm_core::components::*;
use qm_core::ids::{NationId, NodeId, NodeVec, Side, UnitId};
use qm_core::nation::{Nation, NationStateC, NationStatus};
use qm_core::ruleset::Domain;
use qm_core::spec::ScenarioSpec;
use qm_core::supply::{HexStatus, HexSupply, UnitSupply};
use qm_supply::capabilities::UnitCapabilities;
use qm_trace::Reach;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, OnceLock};

/// What the view reads of the world's components, with what is derived
/// from it on demand (zones of control, floods, capabilities, territory
/// supply), each worked out once.
pub(crate) struct ViewBase {
    pub(crate) side_of: Vec<Option<Side>>,
    pub(crate) at_war: Vec<bool>,
    pub(crate) control: NodeVec<Option<NationId>>,
    /// Who controlled each hex at the start of the war: home countries
    /// (SUP-154).
    pub(crate) original: NodeVec<Option<NationId>>,
    pub(crate) hex: NodeVec<Option<HexStatus>>,
    pub(crate) units: BTreeMap<UnitId, UnitInfo>,
    /// Per node, a bit per side (1 Axis, 2 Allies) with ground units of
    /// nations at war there.
    pub(crate) occupied: NodeVec<u8>,
    /// How units are supplied on a territory map, once asked.
    pub(crate) territory_supply: OnceLock<TerritorySupply>,
    /// The enemy zones of control of each side (Axis, Allies), once asked.
    pub(crate) zones: [OnceLock<NodeVec<bool>>; 2],
    /// Ground movement floods by start, side and movement points.
    pub(crate) floods: Mutex<BTreeMap<(NodeId, Side, u32), Arc<Reach>>>,
    /// Capabilities by unit.
    pub(crate) capabilities: Mutex<BTreeMap<UnitId, UnitCapabilities>>,
}

impl ViewBase {
    /// Reads the base from `world`; `None` when the world has no map or
    /// no units.
    fn read(world: &World, spec: &ScenarioSpec) -> Option<Self> {
        let nations = spec.ruleset.nations.len();
        let (mut side_of, mut at_war) = (vec![None; nations], vec![false; nations]);
        for (n, s) in world.try_query::<(&Nation, &NationStateC)>()?.iter(world) {
            if let Some(slot) = side_of.get_mut(n.0.index()) {
                *slot = s.0.side;
                at_war[n.0.index()] = s.0.status == NationStatus::Active;
            }
        }
        let count = spec.map.node_count();
        let mut control = NodeVec::from(vec![None; count]);
        let mut original = NodeVec::from(vec![None; count]);
        let mut hex = NodeVec::from(vec![None; count]);
        for (n, c, h) in world.try_query::<(&MapNode, &Control, &HexSupply)>()?.iter(world) {
            if let Some(slot) = control.get_mut(n.0) {
                *slot = c.current;
                original[n.0] = c.original;
                hex[n.0] = h.status;
            }
        }
        let units = read_units(world)?;
        let mut base = Self {
            side_of,
            at_war,
            control,
            original,
            hex,
            units,
            occupied: NodeVec::from(vec![0; count]),
            territory_supply: OnceLock::new(),
            zones: [OnceLock::new(), OnceLock::new()],
            floods: Mutex::default(),
            capabilities: Mutex::default(),
        };
        base.occupied = base.occupation(spec);
        Some(base)
    }

    /// Per node, the sides with ground units of nations at war there.
    fn occupation(&self, spec: &ScenarioSpec) -> NodeVec<u8> {
        let mut occupied = NodeVec::from(vec![0; spec.map.node_count()]);
        for u in self.units.values() {
            let ground = spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.domain == Domain::Ground);
            let at_war = self.at_war.get(u.unit.nation.index()).copied().unwrap_or(false);
            let side = self.side_of.get(u.unit.nation.index()).copied().flatten();
            if let (true, true, Some(s), Some(o)) = (ground, at_war, side, occupied.get_mut(u.node)) {
                *o |= side_bit(s);
            }
        }
        occupied
    }
}

/// The units as operations see them, by id.
fn read_units(world: &World) -> Option<BTreeMap<UnitId, UnitInfo>> {
    // OIL-003: the units a family tracks as disorganized (none in a world
    // where no family registered `Organization`).
    let disorganized: BTreeSet<UnitId> = world
        .try_query::<(&Unit, &Organization)>()
        .map(|mut q| q.iter(world).filter(|(_, o)| !o.organized).map(|(u, _)| u.id.clone()).collect())
        .unwrap_or_default();
    let units = world
        .try_query::<(&Unit, &Location, &UnitFlags, &UnitSupply)>()?
        .iter(world)
        .map(|(u, l, f, s)| {
            let disorganized = disorganized.contains(&u.id);
            (u.id.clone(), UnitInfo { unit: u.clone(), node: l.node, flags: *f, supply: status_only(s), disorganized })
        })
        .collect();
    Some(units)
}

/// Which state of the view's components a base was read from: their
/// number and the newest change tick among them (see the module's
/// documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Version {
    count: usize,
    newest: u32,
}

/// A query of change ticks: `None` until its components are registered.
type TickQuery<D> = Option<QueryState<D>>;
/// A nation's components with their ticks.
type NationTicks = (Ref<'static, Nation>, Ref<'static, NationStateC>);
/// A node's components with their ticks.
type NodeTicks = (Ref<'static, MapNode>, Ref<'static, Control>, Ref<'static, HexSupply>);
/// A unit's components with their ticks.
type UnitTicks = (Ref<'static, Unit>, Ref<'static, Location>, Ref<'static, UnitFlags>, Ref<'static, UnitSupply>);
/// A unit's organization (OIL-003) with its ticks.
type OrganizationTicks = (Ref<'static, Unit>, Ref<'static, Organization>);

/// The four queries [`ViewBase::read`] makes, with change ticks: made once
/// per world and kept in its [`ViewMemo`] (a query made afresh costs more
/// than the scan itself). A query of a component not yet registered is
/// tried again on the next scan.
#[derive(Default)]
struct VersionQueries {
    nations: TickQuery<NationTicks>,
    nodes: TickQuery<NodeTicks>,
    units: TickQuery<UnitTicks>,
    organization: TickQuery<OrganizationTicks>,
}

impl VersionQueries {
    /// The version of the components `world`'s view reads.
    fn version(&mut self, world: &World) -> Version {
        let mut v = Version::default();
        v.scan(&mut self.nations, world, |(a, b)| [a.last_changed(), b.last_changed()]);
        v.scan(&mut self.nodes, world, |(a, b, c)| [a.last_changed(), b.last_changed(), c.last_changed()]);
        v.scan(&mut self.units, world, |(a, b, c, d)| {
            [a.last_changed(), b.last_changed(), c.last_changed(), d.last_changed()]
        });
        v.scan(&mut self.organization, world, |(a, b)| [a.last_changed(), b.last_changed()]);
        v
    }
}

impl Version {
    /// Counts the matches of query `q` (made on first use) and takes in
    /// the change ticks `ticks` reads of each.
    fn scan<D, const N: usize>(
        &mut self,
        q: &mut Option<QueryState<D>>,
        world: &World,
        ticks: impl Fn(<D::ReadOnly as QueryData>::Item<'_, '_>) -> [Tick; N],
    ) where
        D: ReadOnlyQueryData,
    {
        if q.is_none() {
            *q = QueryState::try_new(world);
        }
        let Some(q) = q else { return };
        q.update_archetypes(world);
        for item in q.iter_manual(world) {
            self.count += 1;
            self.newest = ticks(item).into_iter().fold(self.newest, |m, t| m.max(t.get()));
        }
    }
}

/// The operations view's memo: the last reading of the components the
/// legal orders and validation read, with its version (see the module's
/// documentation). A resource [`crate::OpsPlugin`] inserts; a world
/// without it reads the world afresh for every order, which is what tests
/// compare the memo against.
#[derive(Resource, Default)]
pub struct ViewMemo(Mutex<MemoSlot>);

/// What a [`ViewMemo`] keeps.
#[derive(Default)]
struct MemoSlot {
    /// The last base kept, with its version.
    last: Option<(Version, Arc<ViewBase>)>,
    queries: VersionQueries,
}

/// The base of `world`'s view: the memo's when its version is the world's,
/// else read (and kept, when the world's tick has moved past its newest
/// change).
pub(crate) fn base_of(world: &World, spec: &ScenarioSpec) -> Option<Arc<ViewBase>> {
    let Some(memo) = world.get_resource::<ViewMemo>() else { return ViewBase::read(world, spec).map(Arc::new) };
    let mut slot = memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let version = slot.queries.version(world);
    if let Some((v, base)) = slot.last.as_ref()
        && *v == version
    {
        return Some(Arc::clone(base));
    }
    let base = Arc::new(ViewBase::read(world, spec)?);
    // A change made later at the current tick would not show in the
    // version: keep the base only once the world's tick is newer.
    slot.last = (version.newest < world.read_change_tick().get()).then(|| (version, Arc::clone(&base)));
    Some(base)
}

impl ViewMemo {
    /// Hands `dst` the base `src`'s memo holds, when that base is `src`'s
    /// current one and `dst`'s components were just copied from `src`
    /// (a search copy): the two worlds then read the same, so the copy
    /// lists and validates from the same base, floods and zones, without
    /// reading itself again. The copy keeps it under its own version, so
    /// any change to either world afterwards is seen as before.
    ///
    /// The caller vouches that `dst`'s components equal `src`'s (what
    /// `qm_core::state::copy_world` makes); nothing is shared otherwise.
    pub fn share(src: &World, dst: &World) {
        let (Some(from), Some(to)) = (src.get_resource::<ViewMemo>(), dst.get_resource::<ViewMemo>()) else { return };
        let base = {
            let mut slot = from.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let version = slot.queries.version(src);
            match slot.last.as_ref() {
                Some((v, base)) if *v == version => Arc::clone(base),
                _ => return,
            }
        };
        let mut slot = to.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let version = slot.queries.version(dst);
        if version.newest < dst.read_change_tick().get() {
            slot.last = Some((version, base));
        }
    }
}
