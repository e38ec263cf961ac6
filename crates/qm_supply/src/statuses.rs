//! Statuses of the side's units and hexes (SUP-010, SUP-011, SUP-037,
//! SUP-142, SUP-146..148, SUP-192..197), with the line that supplied each
//! unit, sea legs included.

use crate::context::SupplyContext;
use crate::land::{LandFloods, SeedRef};
use crate::sea_log::{SeaLog, ZoneRecord, Zones};
use crate::zones::ZoneLabels;
use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::{Determination, DeterminationKind, NationId, NodeId, NodeSlice, NodeVec, SourceId, Tier};
use qm_core::map::MapGraph;
use qm_core::nation::NationStatus;
use qm_core::ruleset::{Domain, Ruleset, UnitTypeDef};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::*;
use qm_trace::Traced;

/// The best supply a class can draw at a node, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Draw {
    pub tier: Option<Tier>,
    /// The flood chunk and label that carried it, when it came by a line.
    pub carried: Option<(usize, u32)>,
    pub own_hex: Option<SourceId>,
}

/// Looks up what a nation's units or hexes draw at a node.
pub(crate) fn draw(ctx: &SupplyContext, floods: &LandFloods, nation: NationId, node: NodeId, own_hex_ok: bool) -> Draw {
    let mut d = Draw { tier: None, carried: None, own_hex: None };
    if let Some(Some(c)) = ctx.classes.of_nation.get(nation.index()) {
        let chunk = ctx.classes.slot(*c).chunk;
        if let Some((tier, bit)) = ctx.classes.best(floods.mask(chunk, node), *c) {
            d.tier = Some(tier);
            d.carried = Some((chunk, bit));
        }
    }
    // SUP-040, SUP-045, SUP-047, SUP-048: sources for units in their own hex.
    if own_hex_ok && d.tier != Some(Tier::Full) {
        let own = ctx.own_hex.range((node, 0)..=(node, u32::MAX)).filter_map(|&(_, i)| ctx.sources.get(i as usize));
        for s in own.filter(|s| s.inactive.is_none()) {
            if let Some(t) = s.tiers.get(nation.index()).copied().flatten()
                && Some(t) > d.tier
            {
                d = Draw { tier: Some(t), carried: None, own_hex: Some(s.id) };
            }
        }
    }
    d
}

/// Builds a whole line from a traced land path: the seed it starts from,
/// and, for a sea landing, the origin's own line before it.
pub(crate) fn compose(
    floods: &LandFloods,
    chunk: usize,
    bit: u32,
    seed: u32,
    path: Vec<NodeId>,
    tier: Tier,
) -> SupplyLine {
    let mut line = SupplyLine { source: SourceRef::Source(SourceId(u32::MAX)), tier, path, sea: Vec::new() };
    let mut seed = seed;
    // Each sea leg leads to an earlier landing or a source; the bound only
    // guards against a corrupt flood.
    for _ in 0..64 {
        match floods.seeds.get(chunk).and_then(|s| s.get(seed as usize)) {
            Some(SeedRef::Source(id)) => line.source = SourceRef::Source(*id),
            Some(SeedRef::Bridgehead(u)) => line.source = SourceRef::Bridgehead(u.clone()),
            Some(SeedRef::Zone(z)) => line.source = SourceRef::Zone(*z),
            Some(SeedRef::Sea { line: l, from, path }) => {
                line.sea.insert(0, SeaLeg { line: *l, from: *from, to: path.last().copied().unwrap_or(*from) });
                let Some(before) = floods.floods.get(chunk).and_then(|f| f.trace(*from, bit)) else { break };
                let mut full = before.path;
                full.extend_from_slice(&path[1..]);
                full.extend_from_slice(&line.path[1..]);
                line.path = full;
                seed = before.seed;
                continue;
            }
            None => {}
        }
        break;
    }
    line
}

/// Decides the status of every unit and hex of the side.
#[allow(clippy::too_many_arguments, reason = "a system touching units, hexes and the event log")]
pub fn assign_statuses(
    spec: Res<Spec>,
    ctx: Res<SupplyContext>,
    mut floods: ResMut<LandFloods>,
    mut hex_buf: ResMut<HexStatuses>,
    mut units: Query<(&Unit, &Location, &UnitFlags, &mut UnitSupply)>,
    mut nodes: Query<HexWrite>,
    mut log: ResMut<EventLog>,
) {
    let (Some(side), Some(kind)) = (ctx.side, ctx.kind) else { return };
    let rules = &spec.ruleset;
    let at = Determination { turn: ctx.turn, side, kind };
    let hex_status = &mut hex_buf.status;
    flood_hex_statuses(rules, &ctx, &floods, spec.map.node_count(), hex_status);
    own_hex_statuses(&ctx, hex_status);
    let unsupplied = write_hex_statuses(&ctx, at, hex_status, &mut nodes);

    // Units of the side, in id order (SUP-132).
    let mut list: Vec<_> = units
        .iter_mut()
        .filter(|(u, _, _, _)| ctx.nations.get(u.nation.index()).is_some_and(|s| s.side == Some(side)))
        .collect();
    list.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let mut nexts = Vec::with_capacity(list.len());
    // Lines to trace, per flood chunk: (unit, node, label).
    let mut wanted: Vec<Vec<(usize, NodeId, u32)>> = vec![Vec::new(); floods.floods.len()];
    for (k, (u, loc, flags, sup)) in list.iter().enumerate() {
        let Some(def) = rules.unit_type(u.kind) else {
            nexts.push(None);
            continue;
        };
        let hex = hex_status.get(loc.node).copied().flatten().unwrap_or(HexStatus::Unsupplied);
        let d = Determining { spec: &spec, ctx: &ctx, floods: &floods, at };
        let (next, carried) = unit_status(d, (*u, *loc, *flags), sup.initial, def, hex);
        if let Some((chunk, bit)) = carried
            && let Some(w) = wanted.get_mut(chunk)
        {
            w.push((k, loc.node, bit));
        }
        nexts.push(Some(next));
    }
    let old: Vec<Option<&SupplyLine>> = list.iter().map(|(.., sup)| sup.line.as_ref()).collect();
    let same = trace_unit_lines(&mut floods, &wanted, &old, &mut nexts);
    drop(old);
    let (full, partial, isolated) = write_unit_statuses(&ctx, rules, at, list, (nexts, same), &mut log);
    log.push(GameEvent::SupplyDetermined { side, kind, full, partial, isolated, unsupplied_hexes: unsupplied });
}

/// The hex statuses the last determination wrote, dense by node: `None`
/// for nodes the determining side does not hold. Not state: a copy of the
/// hexes' [`HexSupply`] statuses that later stages read without a query.
#[derive(Resource, Clone, Debug, Default)]
pub struct HexStatuses {
    /// Per node: the status written to its [`HexSupply`], if any.
    pub status: NodeVec<Option<HexStatus>>,
}

/// A restored state keeps the buffer: [`assign_statuses`] writes every
/// node's entry afresh before anything reads it.
impl qm_core::plugin::Cache for HexStatuses {
    fn invalidate(&mut self) {}
}

/// Whether a record is of the same player turn as determination `at`.
fn same_player_turn(at: Determination, a: Option<Determination>) -> bool {
    a.is_some_and(|a| a.turn == at.turn && a.side == at.side)
}

/// The tier a neutral supplies itself with (SUP-146: partial for Spanish
/// Morocco).
fn neutral_tier(rules: &Ruleset, n: NationId) -> Tier {
    if rules.nation(n).is_some_and(|d| d.neutral_partial) { Tier::Partial } else { Tier::Full }
}

/// How a controlling nation's hexes get their status, worked out once per
/// nation: a neutral's own status, or the flood chunk and bits of its
/// class.
enum HexRule {
    Fixed(HexStatus),
    Class { chunk: usize, full: u64, partial: u64 },
    Unsupplied,
}

/// The [`HexRule`] of every nation.
fn hex_rules(rules: &Ruleset, ctx: &SupplyContext) -> Vec<HexRule> {
    (0..ctx.nations.len())
        .map(|i| {
            let owner = NationId(i as u16);
            if ctx.nations.get(i).map(|s| s.status) == Some(NationStatus::Neutral) {
                return HexRule::Fixed(HexStatus::from_tier(Some(neutral_tier(rules, owner))));
            }
            match ctx.classes.of_nation.get(i).copied().flatten() {
                Some(c) => {
                    let s = ctx.classes.slot(c);
                    HexRule::Class { chunk: s.chunk, full: s.full, partial: s.partial }
                }
                None => HexRule::Unsupplied,
            }
        })
        .collect()
}

/// Hexes (SUP-006, SUP-011), and neutral hexes (SUP-146): the best tier for
/// the controller's class from the flood; `None` for hexes the side does
/// not hold.
fn flood_hex_statuses(
    rules: &Ruleset,
    ctx: &SupplyContext,
    floods: &LandFloods,
    n_nodes: usize,
    hex_status: &mut NodeVec<Option<HexStatus>>,
) {
    let per_nation = hex_rules(rules, ctx);
    hex_status.clear();
    hex_status.resize(n_nodes, None);
    for (n, slot) in hex_status.iter_mut_enumerated() {
        let Some(owner) = ctx.control[n] else { continue };
        let Some(rule) = per_nation.get(owner.index()) else { continue };
        *slot = match *rule {
            HexRule::Fixed(s) => Some(s),
            _ if !ctx.friendly[n] => None,
            HexRule::Class { chunk, full, partial } => {
                let mask = floods.mask(chunk, n);
                Some(if mask & full != 0 {
                    HexStatus::from_tier(Some(Tier::Full))
                } else if mask & partial != 0 {
                    HexStatus::from_tier(Some(Tier::Partial))
                } else {
                    HexStatus::Unsupplied
                })
            }
            HexRule::Unsupplied => Some(HexStatus::Unsupplied),
        };
    }
}

/// SUP-045: an own-hex source supplies its hex.
fn own_hex_statuses(ctx: &SupplyContext, hex_status: &mut NodeSlice<Option<HexStatus>>) {
    for &(node, i) in &ctx.own_hex {
        let (Some(src), Some(Some(owner))) = (ctx.sources.get(i as usize), ctx.control.get(node)) else {
            continue;
        };
        if src.inactive.is_some() || !ctx.friendly[node] {
            continue;
        }
        if let Some(t) = src.tiers.get(owner.index()).copied().flatten() {
            let slot = &mut hex_status[node];
            *slot = (*slot).max(Some(HexStatus::from_tier(Some(t))));
        }
    }
}

/// A hex's components that the statuses stage reads and writes.
type HexWrite = (&'static MapNode, &'static Control, &'static mut HexSupply, &'static mut HexDecided);

/// Writes the hexes' statuses, keeping a better one of the same player
/// turn (SUP-142); returns how many of the side's hexes are unsupplied.
/// Each component is written only if it changes, so that bevy's change
/// detection marks a [`HexSupply`] only when the status changed (in a game
/// every determination is new, so [`HexDecided`] changes at each).
fn write_hex_statuses(
    ctx: &SupplyContext,
    at: Determination,
    hex_status: &mut NodeSlice<Option<HexStatus>>,
    nodes: &mut Query<HexWrite>,
) -> u32 {
    let mut unsupplied = 0u32;
    for (node, control, mut hs, mut decided) in nodes {
        let i = node.0;
        let Some(status) = hex_status.get(i).copied().flatten() else { continue };
        // SUP-142: supplied at either determination of the player turn, a
        // hex stays supplied; a hex that changed hands starts afresh.
        let keep = at.kind == DeterminationKind::PostCombat
            && same_player_turn(at, decided.at)
            && hs.status > Some(status)
            && control.captured != Some((ctx.turn, at.side));
        let status = if keep { hs.status.unwrap_or(status) } else { status };
        hex_status[i] = Some(status);
        if status == HexStatus::Unsupplied && ctx.friendly[i] {
            unsupplied += 1;
        }
        if hs.status != Some(status) {
            hs.status = Some(status);
        }
        if !keep && decided.at != Some(at) {
            decided.at = Some(at);
        }
    }
    unsupplied
}

/// What a determination reads to decide a unit's status.
#[derive(Clone, Copy)]
struct Determining<'a> {
    spec: &'a ScenarioSpec,
    ctx: &'a SupplyContext,
    floods: &'a LandFloods,
    at: Determination,
}

/// The automatic supply cases (SUP-007, SUP-031, SUP-146, SUP-192..198), if
/// one applies to the unit.
fn automatic_supply(
    d: Determining<'_>,
    (u, loc, flags): (&Unit, &Location, &UnitFlags),
    def: &UnitTypeDef,
) -> Option<(AutoReason, Tier)> {
    let (rules, map, ctx, floods) = (&d.spec.ruleset, &d.spec.map, d.ctx, d.floods);
    let node = loc.node;
    if ctx.nations.get(u.nation.index()).map(|s| s.status) == Some(NationStatus::Neutral) {
        // SUP-146: supplied by the neutral itself.
        Some((AutoReason::Neutral, neutral_tier(rules, u.nation)))
    } else if def.partisan {
        // SUP-007, SUP-194: partisans need no supply.
        Some((AutoReason::Partisan, Tier::Full))
    } else if def.bridgehead && flags.bits.contains(UnitFlagBits::NEW_BRIDGEHEAD) {
        // SUP-197: bridgeheads are in supply in the turn they are placed.
        Some((AutoReason::Bridgehead, Tier::Full))
    } else if def.armor
        && flags.exploited_turn.is_some_and(|t| t.checked_add(1) == Some(ctx.turn))
        && !flags.bits.contains(UnitFlagBits::REDEPLOYED)
        && draw(ctx, floods, u.supply_nation(), node, loc.turn_start == node).tier != Some(Tier::Full)
    {
        // SUP-193, SUP-198: exploiting armor, the game turn after its
        // exploitation, unless redeployed in that player turn. Armor that a
        // line fully supplies is supplied normally, and so may exploit again
        // (SUP-193).
        Some((AutoReason::Exploiting, Tier::Full))
    } else if let Some((r, t)) = supplied_region(rules, map, node) {
        // SUP-031: units in Ethiopia are always in unlimited supply.
        Some((AutoReason::Region(r), t))
    } else if def.domain == Domain::Ground
        && rules.home_supplied.contains(&u.nation)
        && ctx.nation_home(node) == Some(u.nation)
    {
        // SUP-196: Japanese units in Japan.
        Some((AutoReason::HomeIslands, Tier::Full))
    } else {
        None
    }
}

/// The region that always supplies a unit at `node`, and at which tier
/// (SUP-031). Most rulesets name none, and then the map is not read.
fn supplied_region(rules: &Ruleset, map: &MapGraph, node: NodeId) -> Option<(String, Tier)> {
    if rules.supplied_regions.is_empty() {
        return None;
    }
    let r = map.region(node)?;
    let name = map.regions.get(r.index())?;
    rules.supplied_regions.iter().find(|(k, _)| k == name).cloned()
}

/// A unit's new supply record before its line is traced, and the flood
/// chunk and label of the line to trace for it, if one carried its supply.
fn unit_status(
    d: Determining<'_>,
    (u, loc, flags): (&Unit, &Location, &UnitFlags),
    initial: Option<UnitStatus>,
    def: &UnitTypeDef,
    hex: HexStatus,
) -> (UnitSupply, Option<(usize, u32)>) {
    let (ctx, floods, at) = (d.ctx, d.floods, d.at);
    let node = loc.node;
    let mut next = UnitSupply { at: Some(at), initial, ..UnitSupply::default() };
    let mut carried = None;
    if let Some((reason, tier)) = automatic_supply(d, (u, loc, flags), def) {
        next.status = UnitStatus::from_tier(Some(tier));
        next.automatic = Some(reason);
    } else if def.domain != Domain::Ground || def.installation {
        // SUP-010: air and naval units, and airbases, rocket bases and
        // bridgeheads, have the status of their hex.
        next.status = UnitStatus::from_hex(hex);
        let d = draw(ctx, floods, u.supply_nation(), node, true);
        carried = d.carried.map(|c| (c, d.tier));
        next.own_hex = d.own_hex;
    } else {
        // SUP-037, SUP-148: a limited source gives partial supply; the
        // mechanized and airborne components go unsupplied (see
        // capabilities).
        let d = draw(ctx, floods, u.supply_nation(), node, loc.turn_start == node);
        next.status = UnitStatus::from_tier(d.tier);
        carried = d.carried.map(|c| (c, d.tier));
        next.own_hex = d.own_hex;
        // SUP-195: chindits are always in at least limited supply.
        if def.chindit && next.status == UnitStatus::Isolated {
            next.status = UnitStatus::Partial;
            next.automatic = Some(AutoReason::Chindit);
        }
    }
    let mut to_trace = None;
    if let Some((chunk_bit, Some(tier))) = carried {
        to_trace = Some(chunk_bit);
        next.line =
            Some(SupplyLine { source: SourceRef::Source(SourceId(u32::MAX)), tier, path: Vec::new(), sea: Vec::new() });
    }
    if at.kind == DeterminationKind::Initial {
        next.initial = Some(next.status);
    }
    (next, to_trace)
}

/// The lines, traced together: lines that meet share their walk. `wanted`
/// holds, per flood chunk, `(unit, node, label)`, the unit indexing `nexts`
/// and `old` (each unit's last line). Returns, per unit, whether its new
/// line is its last one again: that line is left out of `nexts` (its
/// placeholder stays) and kept in place by [`write_record`], not built.
fn trace_unit_lines(
    floods: &mut LandFloods,
    wanted: &[Vec<(usize, NodeId, u32)>],
    old: &[Option<&SupplyLine>],
    nexts: &mut [Option<UnitSupply>],
) -> Vec<bool> {
    let mut same = vec![false; nexts.len()];
    for (chunk, w) in wanted.iter().enumerate() {
        let Some(f) = floods.floods.get(chunk) else { continue };
        let targets: Vec<(NodeId, u32)> = w.iter().map(|&(_, n, b)| (n, b)).collect();
        // A line with sea legs is composed from more than the land path.
        let last = |k: usize| old.get(k).copied().flatten().filter(|l| l.sea.is_empty());
        let hints: Vec<Option<&[NodeId]>> = w.iter().map(|&(k, ..)| last(k).map(|l| &l.path[..])).collect();
        let traces = f.trace_many_like(&targets, &hints, &mut floods.trace_memo);
        for (&(k, _, bit), t) in w.iter().zip(traces) {
            let Some(Some(next)) = nexts.get_mut(k) else { continue };
            let Some(tier) = next.line.as_ref().map(|l| l.tier) else { continue };
            let (seed, path) = match t {
                None => {
                    next.line = None;
                    continue;
                }
                Some(Traced::New(t)) => (t.seed, t.path),
                Some(Traced::Same { seed }) => {
                    let Some(l) = last(k) else { continue };
                    if l.tier == tier && seed_source(floods, chunk, seed).as_ref() == Some(&l.source) {
                        same[k] = true;
                        continue;
                    }
                    (seed, l.path.clone())
                }
            };
            next.line = Some(compose(floods, chunk, bit, seed, path, tier));
        }
    }
    same
}

/// What a line from seed `seed` of chunk `chunk` starts from, when it is
/// the land path alone: not for a sea landing, whose line [`compose`]
/// extends with its sea legs.
fn seed_source(floods: &LandFloods, chunk: usize, seed: u32) -> Option<SourceRef> {
    match floods.seeds.get(chunk)?.get(seed as usize)? {
        SeedRef::Source(id) => Some(SourceRef::Source(*id)),
        SeedRef::Bridgehead(u) => Some(SourceRef::Bridgehead(u.clone())),
        SeedRef::Zone(z) => Some(SourceRef::Zone(*z)),
        SeedRef::Sea { .. } => None,
    }
}

/// Writes the units' new records, keeping a better one of the same player
/// turn (SUP-142), with an event for each change of status; returns the
/// ground units fully, partially and not supplied.
fn write_unit_statuses(
    ctx: &SupplyContext,
    rules: &Ruleset,
    at: Determination,
    list: Vec<(&Unit, &Location, &UnitFlags, Mut<'_, UnitSupply>)>,
    (nexts, same_line): (Vec<Option<UnitSupply>>, Vec<bool>),
    log: &mut EventLog,
) -> (u32, u32, u32) {
    let (mut full, mut partial, mut isolated) = (0u32, 0u32, 0u32);
    for (((u, loc, _, sup), next), same_line) in list.into_iter().zip(nexts).zip(same_line) {
        let Some(mut next) = next else { continue };
        // SUP-142: supplied at either determination of the player turn, a
        // unit stays supplied; the better determination's record stands.
        let keep = at.kind == DeterminationKind::PostCombat && same_player_turn(at, sup.at) && sup.status > next.status;
        if keep {
            next = UnitSupply { initial: sup.initial, ..sup.clone() };
        }
        if rules.unit_type(u.kind).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
            match next.status {
                UnitStatus::Full => full += 1,
                UnitStatus::Partial => partial += 1,
                UnitStatus::Isolated => isolated += 1,
            }
        }
        if sup.status != next.status {
            log.push(GameEvent::UnitSupplyChanged { unit: u.id.clone(), from: sup.status, to: next.status });
        }
        write_record(ctx, rules, (u, loc), sup, (next, same_line && !keep));
    }
    (full, partial, isolated)
}

/// Writes a unit's new record if it differs from the last, so that bevy's
/// change detection marks only real changes. Two fields are compared in
/// place and keep their last value: the line, when the flood traced the
/// same line again (`same_line`: `next` holds a placeholder), and the
/// cutoff of a record that [`explain_cutoffs`](crate::explain::explain_cutoffs)
/// will explain (that stage writes the new cutoff only if it differs).
fn write_record(
    ctx: &SupplyContext,
    rules: &Ruleset,
    (u, loc): (&Unit, &Location),
    mut sup: Mut<'_, UnitSupply>,
    (mut next, same_line): (UnitSupply, bool),
) {
    let side = next.at.map(|a| a.side);
    let explained = side.is_some_and(|s| crate::explain::explained(ctx, rules, s, u, loc, &next).is_some());
    let last = sup.bypass_change_detection();
    let line = same_line.then(|| {
        next.line = None;
        last.line.take()
    });
    let cutoff = explained.then(|| {
        next.cutoff = None;
        last.cutoff.take()
    });
    // The fields taken out go back: into the record if it stands, else
    // into the new one.
    let changed = *sup != next;
    let into = if changed { &mut next } else { sup.bypass_change_detection() };
    if let Some(l) = line {
        into.line = l;
    }
    if let Some(c) = cutoff {
        into.cutoff = c;
    }
    if changed {
        *sup = next;
    }
}

/// Records the zones of the determination, with their statuses, sea lines
/// and the supply they carried (state: SUP-139..141 and the JSON report read
/// it).
pub fn record_zones(
    ctx: Res<SupplyContext>,
    labels: Res<ZoneLabels>,
    floods: Res<LandFloods>,
    sea: Res<SeaLog>,
    hexes: Res<HexStatuses>,
    mut zones: ResMut<Zones>,
) {
    let (Some(side), Some(kind)) = (ctx.side, ctx.kind) else { return };
    let sea_lines = zone_sea_lines(&labels, &sea, kind);
    let full = full_bits_per_chunk(&ctx, floods.floods.len());
    let mut union = Vec::new();
    // The records of the last determination lend their buffers: on a big
    // map the zones' hexes are most of the side's hexes.
    let zones = &mut *zones;
    zones.at = Some(Determination { turn: ctx.turn, side, kind });
    let count = labels.count as usize;
    zones.zones.truncate(count);
    let empty =
        |id| ZoneRecord { id, hexes: Vec::new(), boxes: Vec::new(), status: None, sea_line: None, carried: Vec::new() };
    zones.zones.extend((zones.zones.len()..count).map(|z| empty(z as u32)));
    // The zones' hexes, straight from the labels into the records.
    let records = &mut zones.zones;
    for r in records.iter_mut() {
        r.hexes.clear();
    }
    labels.zone_runs(|z, run| {
        if let Some(r) = records.get_mut(z as usize) {
            r.hexes.extend(run);
        }
    });
    for (z, r) in zones.zones.iter_mut().enumerate() {
        let id = z as u32;
        // A zone's hexes are the side's: each got its status at this
        // determination.
        let status = best_status(&r.hexes, &hexes.status);
        let sea_line = sea_lines.get(z).copied().flatten();
        r.id = id;
        r.boxes.clear();
        r.boxes.extend(labels.boxes_of(id));
        r.status = status;
        r.sea_line = sea_line;
        zone_carried(&ctx, &floods, (&r.hexes, &full), &mut union, &mut r.carried);
    }
}

/// The best status among a zone's hexes. A zone is most often fully
/// supplied, so the walk stops at its first fully supplied hex.
fn best_status(members: &[NodeId], status: &NodeSlice<Option<HexStatus>>) -> Option<HexStatus> {
    let mut best = None;
    for s in members.iter().filter_map(|&h| status.get(h).copied().flatten()) {
        best = best.max(Some(s));
        if s == HexStatus::Full {
            break;
        }
    }
    best
}

/// Per flood chunk, the full-supply bits of the classes of the nations in
/// it: once a zone's union holds them all, every nation's best tier in it
/// is full, and its other hexes cannot change what it carried.
fn full_bits_per_chunk(ctx: &SupplyContext, chunks: usize) -> Vec<u64> {
    let mut full = vec![0u64; chunks];
    for c in ctx.classes.of_nation.iter().flatten() {
        let slot = ctx.classes.slot(*c);
        if let Some(f) = full.get_mut(slot.chunk) {
            *f |= slot.full;
        }
    }
    full
}

/// Per zone, the last sea line of determination `kind` that lands in it
/// (at its end or an island of its group), as an index into the log.
fn zone_sea_lines(labels: &ZoneLabels, sea: &SeaLog, kind: DeterminationKind) -> Vec<Option<u32>> {
    let mut of = vec![None; labels.count as usize];
    for (i, l) in sea.lines.iter().enumerate().filter(|(_, l)| l.kind == kind) {
        for &h in l.reached.iter().chain(std::iter::once(&l.to)) {
            if let Some(slot) = labels.zone(h).and_then(|z| of.get_mut(z as usize)) {
                *slot = Some(i as u32);
            }
        }
    }
    of
}

/// The supply a zone carried, per nation, into `carried` (`union` is
/// scratch): the union of its hexes' masks, per chunk, then each class's
/// best tier in it. SUP-093, SUP-140: what the zone carries is what its
/// lines ran through, the hexes that pass supply on; a hex in an enemy ZOC
/// attached to it may have been supplied from another zone, whose supply
/// this zone never had. A zone with no such hex carries what its hexes
/// received.
fn zone_carried(
    ctx: &SupplyContext,
    floods: &LandFloods,
    (members, full): (&[NodeId], &[u64]),
    union: &mut Vec<u64>,
    carried: &mut Vec<(NationId, Tier)>,
) {
    let passes = |h: &NodeId| ctx.emit.get(*h).is_some_and(|&e| e != 0);
    let core = members.iter().any(passes);
    union.clear();
    // `best` reads a class's partial bits only when its full bits are
    // absent, so a union that stops once it holds every full bit that any
    // seed of the chunk's flood gave (no node holds another) gives every
    // class the tier the whole union gives.
    union.extend(floods.floods.iter().enumerate().map(|(k, f)| {
        let nodes = members.iter().copied().filter(|h| !core || passes(h));
        f.mask_union_until(nodes, full.get(k).copied().unwrap_or(0) & f.seeded())
    }));
    carried.clear();
    for (i, c) in ctx.classes.of_nation.iter().enumerate() {
        let Some(c) = *c else { continue };
        let chunk = ctx.classes.slot(c).chunk;
        if let Some((t, _)) = ctx.classes.best(union.get(chunk).copied().unwrap_or(0), c) {
            carried.push((NationId(i as u16), t));
        }
    }
}
