//! `qm bench supply`: initial supply for both sides on a generated map,
//! against baselines run in the same process on the same data.
//!
//! - plain BFS (the floor): per side, one dense `Vec`-based breadth-first
//!   search over that side's passable hexes from that side's sources,
//!   written plainly here. Supply cannot cost less than reaching every hex
//!   it reaches, so `ratio_vs_plain_bfs` is the honest figure.
//! - `bfs_reach`: `pathfinding`'s generic breadth-first reach over the same
//!   hexes from every source of both sides at once (through a virtual
//!   root). It hashes and allocates per node, so it flatters the engine.
//! - per-unit search: for each ground unit, a plain breadth-first search
//!   backwards from the unit to the nearest source that may supply it, the
//!   way an engine without a shared flood would do it. Above
//!   [`SAMPLE_ABOVE`] hexes only every k-th unit is searched (about
//!   [`SAMPLED_UNITS`] of them) and the time is extrapolated to all units
//!   (the output says so). There `bfs_reach`, the breakdown and the
//!   post-combat determination run once, not a median of several rounds.
//!
//! Besides, the post-combat determination of the side to move after a
//! generated set of moves, and a breakdown of one initial determination of
//! each side by stage. Absolute times on a shared 2-core machine are noise;
//! the ratios are the figures to compare.

use bevy_ecs::system::RunSystemOnce;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{DeterminationKind, NationId, NodeId, Side, UnitId};
use qm_core::phase::Determining;
use qm_core::ruleset::Domain;
use qm_game::Game;
use qm_scenario::generate::{GenParams, generate};
use qm_supply::SupplyContext;
use qm_supply::land::LAND_KINDS;
use qm_supply::sources::Classes;
use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};
use std::io::Write;
use std::time::Instant;

/// The largest map the bench generates. Beyond it the generated scenario
/// and the engine's per-node arrays outgrow a shared machine's memory.
pub const MAX_HEXES: u32 = 4_000_000;
/// Above this many hexes the per-unit search is sampled and extrapolated.
pub const SAMPLE_ABOVE: u32 = 100_000;
/// About how many units the sampled per-unit search times: on a map of a
/// million hexes a unit cut off from full supply searches half the map.
pub const SAMPLED_UNITS: usize = 100;

/// Why the bench did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// More hexes than [`MAX_HEXES`].
    #[error("--hexes {0} is too large: the bench generates at most {MAX_HEXES} hexes")]
    TooLarge(u32),
    /// The generator wrote a scenario that does not compile (a bug).
    #[error("the generated scenario does not compile: {0}")]
    Generate(String),
}

/// Time per stage of one initial determination of each side (both sides
/// summed; medians over the rounds), in nanoseconds. The stages are run one
/// by one, as the phase schedule runs them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Breakdown {
    /// `build_context`: dense control, ZOC, sources, classes.
    pub context: u64,
    /// `trace_land`: the land floods.
    pub flood: u64,
    /// `label_zones`: supply zones.
    pub zones: u64,
    /// `resolve_sea`: sea lines.
    pub sea: u64,
    /// `assign_statuses`: units and hexes, with their lines.
    pub statuses: u64,
    /// `explain_cutoffs`: why units are not fully supplied.
    pub explain: u64,
    /// `record_zones`: the zones written to state.
    pub record: u64,
}

/// The figures `qm bench supply --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SupplyBench {
    /// Hexes on the map.
    pub hexes: u32,
    /// Units on the map.
    pub units: u32,
    /// Median time of initial supply for both sides, in the engine's phase
    /// schedule (context, flood, statuses, lines, explanations).
    pub supply_ns: u64,
    /// `supply_ns / hexes`.
    pub ns_per_hex: f64,
    /// Median time of one plain dense breadth-first search per side over
    /// that side's passable hexes, from the same sources: the floor.
    pub plain_bfs_ns: u64,
    /// `supply_ns / plain_bfs_ns`.
    pub ratio_vs_plain_bfs: f64,
    /// Median time of one `pathfinding::directed::bfs::bfs_reach` over the
    /// same passable hexes from the same sources.
    pub bfs_reach_ns: u64,
    /// `supply_ns / bfs_reach_ns`.
    pub ratio_vs_bfs_reach: f64,
    /// Time of a per-unit search from every ground unit (extrapolated from
    /// a sample when `per_unit_extrapolated`).
    pub per_unit_search_ns: u64,
    /// `supply_ns / per_unit_search_ns`.
    pub ratio_vs_per_unit: f64,
    /// Ground units the per-unit search was timed on.
    pub per_unit_sampled: u32,
    /// Ground units in all.
    pub per_unit_units: u32,
    /// Whether `per_unit_search_ns` is extrapolated from the sample.
    pub per_unit_extrapolated: bool,
    /// Median time of the post-combat determination of the side to move,
    /// after `post_combat_moves` generated moves into enemy hexes.
    pub post_combat_ns: u64,
    /// Units moved (each capturing the enemy hex it moved into).
    pub post_combat_moves: u32,
    /// Median time of the initial determination of the same side, timed
    /// in the same rounds just before the moves: what the post-combat
    /// determination's target ratio compares with.
    pub post_combat_initial_ns: u64,
    /// `post_combat_ns / post_combat_initial_ns`.
    pub post_combat_ratio: f64,
    /// Initial supply of both sides by stage.
    pub breakdown: Breakdown,
}

impl SupplyBench {
    /// A human-readable table.
    #[must_use]
    pub fn table(&self) -> String {
        let b = &self.breakdown;
        let sampled = if self.per_unit_extrapolated {
            format!("  (sampled {} of {} units, extrapolated)", self.per_unit_sampled, self.per_unit_units)
        } else {
            String::new()
        };
        format!(
            "hexes {}  units {}\n\
             supply (both sides)   {:>12} ns  ({:.1} ns/hex)\n\
             plain BFS (floor)     {:>12} ns  ratio {:.2}\n\
             bfs_reach baseline    {:>12} ns  ratio {:.3}\n\
             per-unit search       {:>12} ns  ratio {:.4}{sampled}\n\
             post-combat           {:>12} ns  ({} moves; ratio {:.2} to the side's initial, {} ns)\n\
             breakdown (ns): context {}  flood {}  zones {}  sea {}  statuses {}  explain {}  record {}",
            self.hexes,
            self.units,
            self.supply_ns,
            self.ns_per_hex,
            self.plain_bfs_ns,
            self.ratio_vs_plain_bfs,
            self.bfs_reach_ns,
            self.ratio_vs_bfs_reach,
            self.per_unit_search_ns,
            self.ratio_vs_per_unit,
            self.post_combat_ns,
            self.post_combat_moves,
            self.post_combat_ratio,
            self.post_combat_initial_ns,
            b.context,
            b.flood,
            b.zones,
            b.sea,
            b.statuses,
            b.explain,
            b.record,
        )
    }
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

fn elapsed_ns(t: Instant) -> u64 {
    u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// The passability the baselines use, taken from the engine's own
/// determination of each side.
struct Baseline {
    /// Per node: 0 none, 1 Axis, 2 Allies: the side whose hex it is.
    owner: Vec<u8>,
    /// Per node and side: may receive / may pass on.
    accept: [Vec<bool>; 2],
    emit: [Vec<bool>; 2],
    /// Per side: source nodes, with the classes they supply (bits).
    seeds: [Vec<(NodeId, u64)>; 2],
    /// Per side: classes of each nation.
    classes: [Classes; 2],
    /// Box entries closed by a condition, per side: `(from, to)`, sorted.
    closed: [Vec<(NodeId, NodeId)>; 2],
    /// Per side: own-hex sources as sorted `(node, partial bit of a class
    /// they supply)`.
    own_hex: [Vec<(NodeId, u64)>; 2],
}

impl Baseline {
    fn open(&self, si: usize, from: NodeId, to: NodeId) -> bool {
        self.closed[si].is_empty() || self.closed[si].binary_search(&(from, to)).is_err()
    }
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Axis => 0,
        Side::Allies => 1,
    }
}

fn baseline(g: &mut Game) -> Baseline {
    let n = g.spec().map.node_count();
    let mut b = Baseline {
        owner: vec![0; n],
        accept: [vec![false; n], vec![false; n]],
        emit: [vec![false; n], vec![false; n]],
        seeds: [Vec::new(), Vec::new()],
        classes: [Classes::default(), Classes::default()],
        closed: [Vec::new(), Vec::new()],
        own_hex: [Vec::new(), Vec::new()],
    };
    for side in Side::BOTH {
        g.determine_supply(side, DeterminationKind::Initial);
        let si = side_index(side);
        let ctx = g.world().resource::<SupplyContext>().clone();
        let map = &g.spec().map;
        for i in 0..n {
            b.accept[si][i] = ctx.accept[i] != 0;
            b.emit[si][i] = ctx.emit[i] != 0;
            if ctx.friendly[i] {
                b.owner[i] = si as u8 + 1;
            }
        }
        for s in ctx.sources.iter().filter(|s| s.inactive.is_none() && !s.own_hex_only) {
            let bits = ctx.classes.seed_bits(&s.tiers, s.group).first().copied().unwrap_or(0);
            if bits != 0 {
                b.seeds[si].push((s.node, bits));
            }
        }
        for s in ctx.sources.iter().filter(|s| s.inactive.is_none() && s.own_hex_only) {
            let bits = ctx.classes.seed_bits(&s.tiers, s.group).first().copied().unwrap_or(0);
            for c in ctx.classes.of_nation.iter().flatten() {
                let partial = ctx.classes.slot(*c).partial;
                if bits & partial != 0 {
                    b.own_hex[si].push((s.node, partial));
                }
            }
        }
        b.own_hex[si].sort_unstable();
        for e in &map.box_entries {
            if !ctx.link_open(map, e.from, e.to) {
                b.closed[si].push((e.from, e.to));
            }
        }
        b.closed[si].sort_unstable();
        b.classes[si] = ctx.classes;
    }
    b
}

/// Buffers of the plain breadth-first search, allocated once.
struct PlainBfs {
    /// Per side and node: the node may pass supply on (it emits, or it is a
    /// source of the side).
    pass: [Vec<bool>; 2],
    seen: Vec<bool>,
    queue: Vec<NodeId>,
}

impl PlainBfs {
    fn new(b: &Baseline) -> Self {
        let mut pass = b.emit.clone();
        for (p, seeds) in pass.iter_mut().zip(&b.seeds) {
            for &(s, _) in seeds {
                if let Some(slot) = p.get_mut(s as usize) {
                    *slot = true;
                }
            }
        }
        let n = b.owner.len();
        Self { pass, seen: vec![false; n], queue: Vec::with_capacity(n) }
    }
}

/// The floor: per side, one dense breadth-first search over the hexes that
/// side may trace through, from its sources. Returns the time and the
/// number of nodes reached (both sides summed).
fn plain_bfs_once(g: &Game, b: &Baseline, p: &mut PlainBfs) -> (u64, usize) {
    let (offsets, targets, kinds) = g.spec().map.land.raw();
    let t = Instant::now();
    let mut reached = 0;
    for si in 0..2 {
        let (accept, pass) = (&b.accept[si], &p.pass[si]);
        p.seen.fill(false);
        p.queue.clear();
        for &(s, _) in &b.seeds[si] {
            if !p.seen[s as usize] {
                p.seen[s as usize] = true;
                p.queue.push(s);
            }
        }
        let mut head = 0;
        while let Some(&h) = p.queue.get(head) {
            head += 1;
            let hu = h as usize;
            if !pass[hu] {
                continue;
            }
            let edges = offsets[hu] as usize..offsets[hu + 1] as usize;
            for (&t, &k) in targets[edges.clone()].iter().zip(&kinds[edges]) {
                let tu = t as usize;
                if !p.seen[tu] && accept[tu] && k.intersects(LAND_KINDS) && b.open(si, h, t) {
                    p.seen[tu] = true;
                    p.queue.push(t);
                }
            }
        }
        reached += p.queue.len();
    }
    (elapsed_ns(t), reached)
}

/// One generic flood with `pathfinding::bfs_reach` over the hexes passable
/// for their holder, from all sources of both sides. Returns the time and
/// the number of nodes reached.
fn bfs_reach_once(g: &Game, b: &Baseline) -> (u64, usize) {
    const ROOT: u32 = u32::MAX;
    let map = &g.spec().map;
    let roots: Vec<u32> = b.seeds.iter().flatten().map(|s| s.0).collect();
    let mut is_root = vec![false; map.node_count()];
    for &r in &roots {
        is_root[r as usize] = true;
    }
    let t = Instant::now();
    let reached = pathfinding::directed::bfs::bfs_reach(ROOT, |&h: &u32| -> Vec<u32> {
        if h == ROOT {
            return roots.clone();
        }
        let side = match b.owner.get(h as usize) {
            Some(1) => 0,
            Some(2) => 1,
            _ => return Vec::new(),
        };
        map.land
            .edges(h, LAND_KINDS)
            .map(|(_, t, _)| t)
            .filter(|&t| b.accept[side][t as usize] && (b.emit[side][h as usize] || is_root[h as usize]))
            .filter(|&t| b.open(side, h, t))
            .collect()
    })
    .count();
    (elapsed_ns(t), reached)
}

/// A ground unit as the per-unit search sees it.
struct UnitTarget {
    id: String,
    side: usize,
    node: NodeId,
    full: u64,
    partial: u64,
}

fn unit_targets(g: &Game, b: &Baseline) -> Vec<UnitTarget> {
    let spec = g.spec();
    let state = g.state();
    state
        .units
        .iter()
        .filter(|u| spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground && !t.partisan))
        .filter_map(|u| {
            let si = side_index(state.nations.get(u.nation.index()).and_then(|s| s.side)?);
            let c = b.classes[si].of_nation.get(u.nation.index()).copied().flatten()?;
            let slot = b.classes[si].slot(c);
            Some(UnitTarget {
                id: u.id.to_string(),
                side: si,
                node: u.location.node,
                full: slot.full,
                partial: slot.partial,
            })
        })
        .collect()
}

/// A plain breadth-first search from every `step`-th ground unit back to
/// the sources that may supply it, as an engine without a shared flood
/// would decide the unit's status: it stops at the first source of full
/// supply, and otherwise searches the whole area it can draw from, noting
/// partial supply on the way. Returns the time and each searched unit's
/// best tier (`2` full, `1` partial, `0` none), in the order of `units`.
fn per_unit_once(g: &Game, b: &Baseline, units: &[UnitTarget], step: usize) -> (u64, Vec<(String, u8)>) {
    let map = &g.spec().map;
    let n = map.node_count();
    // Per side: classes' seed bits at each node.
    let mut seed_at = [vec![0u64; n], vec![0u64; n]];
    for (at, seeds) in seed_at.iter_mut().zip(&b.seeds) {
        for &(node, bits) in seeds {
            at[node as usize] |= bits;
        }
    }
    let t = Instant::now();
    let mut out = Vec::with_capacity(units.len() / step.max(1) + 1);
    let mut stamp = vec![0u32; n];
    let mut queue = VecDeque::new();
    for (k, u) in units.iter().enumerate().step_by(step.max(1)) {
        let (si, start, full, partial) = (u.side, u.node, u.full, u.partial);
        let mark = k as u32 + 1;
        let mut best = u8::from(b.own_hex[si].binary_search(&(start, partial)).is_ok());
        queue.clear();
        queue.push_back(start);
        stamp[start as usize] = mark;
        while let Some(h) = queue.pop_front() {
            let here = seed_at[si][h as usize];
            if here & full != 0 {
                best = 2;
                break;
            }
            if here & partial != 0 {
                best = 1;
            }
            // Backwards: a predecessor must pass supply on to `h`.
            for p in map.land_rev.neighbors(h, LAND_KINDS) {
                let pu = p as usize;
                if stamp[pu] != mark
                    && (b.emit[si][pu] || seed_at[si][pu] & (full | partial) != 0)
                    && b.accept[si][h as usize]
                    && b.open(si, p, h)
                {
                    stamp[pu] = mark;
                    queue.push_back(p);
                }
            }
        }
        out.push((u.id.clone(), best));
    }
    (elapsed_ns(t), out)
}

/// Runs each stage of an initial determination of both sides by itself and
/// returns the time of each, both sides summed.
fn breakdown_once(g: &mut Game) -> [u64; 7] {
    let w = g.world_mut();
    let mut t = [0u64; 7];
    for side in Side::BOTH {
        w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
        let mut time = |i: usize, f: &mut dyn FnMut()| {
            let s = Instant::now();
            f();
            t[i] += elapsed_ns(s);
        };
        time(0, &mut || drop(w.run_system_once(qm_supply::context::build_context)));
        time(1, &mut || drop(w.run_system_once(qm_supply::land::trace_land)));
        time(2, &mut || drop(w.run_system_once(qm_supply::zones::label_zones)));
        time(3, &mut || qm_supply::sea::resolve_sea(w));
        time(4, &mut || drop(w.run_system_once(qm_supply::statuses::assign_statuses)));
        time(5, &mut || drop(w.run_system_once(qm_supply::explain::explain_cutoffs)));
        time(6, &mut || drop(w.run_system_once(qm_supply::statuses::record_zones)));
    }
    t
}

fn breakdown(g: &mut Game, rounds: u32) -> Breakdown {
    let mut per: [Vec<u64>; 7] = Default::default();
    for _ in 0..rounds {
        for (v, t) in per.iter_mut().zip(breakdown_once(g)) {
            v.push(t);
        }
    }
    let [context, flood, zones, sea, statuses, explain, record] = per.map(median);
    Breakdown { context, flood, zones, sea, statuses, explain, record }
}

/// Generated moves of the side to move: every second of its ground units
/// that stands next to an enemy hex moves into the lowest such hex and
/// captures it this player turn. Returns `(unit, to, nation)` in unit
/// order.
pub fn generated_moves(g: &Game) -> Vec<(UnitId, NodeId, NationId)> {
    let spec = g.spec();
    let map = &spec.map;
    let state = g.state();
    let side = state.clock.side;
    let side_of = |n: Option<NationId>| n.and_then(|n| state.nations.get(n.index())).and_then(|s| s.side);
    let mut control: Vec<Option<NationId>> = state.nodes.iter().map(|n| n.control.current).collect();
    let mut moves = Vec::new();
    let ground = state.units.iter().filter(|u| {
        side_of(Some(u.nation)) == Some(side)
            && spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground && !t.partisan)
    });
    let mut next_to_enemy = 0;
    for u in ground {
        let to = map
            .adjacent(u.location.node)
            .filter(|&t| map.is_hex(t) && side_of(control.get(t as usize).copied().flatten()) == Some(side.other()))
            .min();
        if let Some(to) = to {
            next_to_enemy += 1;
            if next_to_enemy % 2 == 1 {
                control[to as usize] = Some(u.nation);
                moves.push((u.id.clone(), to, u.nation));
            }
        }
    }
    moves
}

/// Applies the moves to the world: the units move, the hexes change hands
/// this player turn (SUP-096, SUP-140).
pub fn apply_moves(g: &mut Game, moves: &[(UnitId, NodeId, NationId)]) {
    let clock = g.clock();
    let by_unit: BTreeMap<&UnitId, NodeId> = moves.iter().map(|(u, to, _)| (u, *to)).collect();
    let by_node: BTreeMap<NodeId, NationId> = moves.iter().map(|&(_, to, n)| (to, n)).collect();
    let w = g.world_mut();
    let mut units = w.query::<(&Unit, &mut Location)>();
    for (u, mut loc) in units.iter_mut(w) {
        if let Some(&to) = by_unit.get(&u.id) {
            loc.node = to;
        }
    }
    let mut nodes = w.query::<(&MapNode, &mut Control)>();
    for (n, mut c) in nodes.iter_mut(w) {
        if let Some(&nation) = by_node.get(&n.0) {
            c.current = Some(nation);
            c.captured = Some((clock.turn, clock.side));
        }
    }
}

/// Untimed determinations of `side`, one of each kind, on a game just
/// built: they fill the buffers a determination reuses and build the
/// schedules of both determinations' phases (bevy builds a schedule on its
/// first run), as a game that has played a player turn has them.
pub fn warm_up(g: &mut Game, side: Side) {
    g.determine_supply(side, DeterminationKind::Initial);
    g.determine_supply(side, DeterminationKind::PostCombat);
}

/// What [`post_combat`] measured: medians of the post-combat and initial
/// determinations of the side to move, and the moves made.
struct PostCombat {
    post_combat_ns: u64,
    initial_ns: u64,
    moves: u32,
}

/// Times the initial determination of the side to move, then its
/// post-combat determination after the generated moves, in pairs: each
/// round restores the state from before the moves (untimed), determines
/// initial supply, makes the moves (untimed) and determines post-combat
/// supply from that initial determination's zones and sea lines (SUP-140,
/// SUP-141). Pairing puts the machine's drift on both alike. Leaves the
/// moves applied.
///
/// Both timed determinations do what they do in a game. The moves are
/// written into the world, so a restore builds the game afresh, with empty
/// buffers and schedules not yet built: untimed determinations of the
/// other side ([`warm_up`]) fill and build them, as a game that played the
/// player turn before has them. And the side's records hold another
/// determination than the initial one (an untimed post-combat one, made
/// before the snapshot), so the initial determination writes each of them
/// as the post-combat one does, instead of finding them equal. Without
/// these, the initial determination paid for allocating the buffers but
/// not for writing the records, and the post-combat one for building its
/// schedule: the ratio read 0.62–0.67 at 100k hexes and 0.87–0.93 at 10k.
fn post_combat(g: &mut Game, rounds: u32) -> PostCombat {
    let side = g.clock().side;
    g.determine_supply(side, DeterminationKind::PostCombat);
    let before = g.snapshot();
    let moves = generated_moves(g);
    let (mut initial, mut post) = (Vec::new(), Vec::new());
    for round in 0..rounds.max(1) {
        // The first round starts from the snapshot's state already; a
        // snapshot of this game restores into its own world.
        if round > 0 && g.restore_from(&before).is_err() {
            *g = Game::restore(&before);
        }
        warm_up(g, side.other());
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::Initial);
        initial.push(elapsed_ns(t));
        apply_moves(g, &moves);
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::PostCombat);
        post.push(elapsed_ns(t));
    }
    PostCombat { post_combat_ns: median(post).max(1), initial_ns: median(initial).max(1), moves: moves.len() as u32 }
}

/// Runs the benchmark on a generated map of about `hexes` hexes.
///
/// # Errors
/// [`BenchError::TooLarge`] above [`MAX_HEXES`]; [`BenchError::Generate`] if
/// the generated scenario does not compile (a bug in the generator).
pub fn bench_supply(hexes: u32, seed: u64, iters: u32) -> Result<SupplyBench, BenchError> {
    if hexes > MAX_HEXES {
        return Err(BenchError::TooLarge(hexes));
    }
    let compiled = generate(GenParams::new(hexes, seed)).map_err(|e| BenchError::Generate(e.to_string()))?;
    let hex_count = compiled.spec.map.board_count;
    let unit_count = compiled.state.units.len() as u32;
    let mut g = Game::from_compiled(compiled, seed).map_err(|e| BenchError::Generate(e.to_string()))?;
    let b = baseline(&mut g);
    let mut plain = PlainBfs::new(&b);
    let units = unit_targets(&g, &b);
    // Above SAMPLE_ABOVE hexes (asked for), the per-unit search times about
    // SAMPLED_UNITS units spread evenly over all; it and `bfs_reach` run in
    // the first round only, the breakdown and post-combat once, so that a
    // million hexes take seconds.
    let big = hexes > SAMPLE_ABOVE;
    let step = if big { units.len().div_ceil(SAMPLED_UNITS).max(1) } else { 1 };
    let sampled = units.len().div_ceil(step);
    let iters = iters.max(1);

    // Interleaved so that the machine's drift affects them alike; the
    // per-unit search is slow, so it runs every third round.
    let (mut supply, mut floor, mut reach, mut per_unit) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..iters {
        let t = Instant::now();
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        supply.push(elapsed_ns(t));
        floor.push(plain_bfs_once(&g, &b, &mut plain).0);
        if !big || i == 0 {
            reach.push(bfs_reach_once(&g, &b).0);
        }
        if i % 3 == 0 && (!big || i == 0) {
            let ns = per_unit_once(&g, &b, &units, step).0;
            // Extrapolated to every unit when sampled.
            per_unit.push(ns.saturating_mul(units.len() as u64) / sampled.max(1) as u64);
        }
    }
    let slow_rounds = if big { 1 } else { iters.min(3) };
    let breakdown = breakdown(&mut g, slow_rounds);
    let post = post_combat(&mut g, if big { 1 } else { iters });
    let supply_ns = median(supply).max(1);
    let plain_bfs_ns = median(floor).max(1);
    let bfs_reach_ns = median(reach).max(1);
    let per_unit_search_ns = median(per_unit).max(1);
    Ok(SupplyBench {
        hexes: hex_count,
        units: unit_count,
        supply_ns,
        ns_per_hex: supply_ns as f64 / f64::from(hex_count.max(1)),
        plain_bfs_ns,
        ratio_vs_plain_bfs: supply_ns as f64 / plain_bfs_ns as f64,
        bfs_reach_ns,
        ratio_vs_bfs_reach: supply_ns as f64 / bfs_reach_ns as f64,
        per_unit_search_ns,
        ratio_vs_per_unit: supply_ns as f64 / per_unit_search_ns as f64,
        per_unit_sampled: sampled as u32,
        per_unit_units: units.len() as u32,
        per_unit_extrapolated: step > 1,
        post_combat_ns: post.post_combat_ns,
        post_combat_moves: post.moves,
        post_combat_initial_ns: post.initial_ns,
        post_combat_ratio: post.post_combat_ns as f64 / post.initial_ns as f64,
        breakdown,
    })
}

/// `qm bench supply`: runs the bench and prints its figures (a table, or
/// one JSON object), or says on `err` why it did not run (exit code 2).
pub fn run_supply(hexes: u32, seed: u64, iters: u32, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    crate::output_bench::print(
        "bench supply",
        seed,
        json,
        bench_supply(hexes, seed, iters),
        SupplyBench::table,
        out,
        err,
    )
}

/// The figures `qm bench game --json` prints: the self-play path on a
/// generated map, in nanoseconds (medians), and each against one player
/// turn.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct GameBench {
    /// Hexes on the map.
    pub hexes: u32,
    /// One player turn from the start of the scenario: every phase until
    /// the side to move changes, on a clone each round.
    pub player_turn_ns: u64,
    /// `Game::clone()` in a self-play loop (clone, play a turn, drop): the
    /// state is written into the world of the game dropped the round
    /// before.
    pub clone_ns: u64,
    /// `Game::clone()` with no dropped world to reuse: a new world and its
    /// schedules.
    pub clone_new_world_ns: u64,
    /// `Game::snapshot()`.
    pub snapshot_ns: u64,
    /// `Game::restore_from(&snapshot)`: the snapshot written into a played
    /// game's own world.
    pub restore_ns: u64,
    /// `Game::restore(&snapshot)`: a new game, a new world.
    pub restore_new_world_ns: u64,
    /// `Game::checksum()`.
    pub checksum_ns: u64,
    /// `clone_ns / player_turn_ns` (target: at most 0.2).
    pub clone_turns: f64,
    /// `checksum_ns / player_turn_ns` (target: at most 0.1).
    pub checksum_turns: f64,
    /// `player_turn_ns / (restore_ns + player_turn_ns)`: the throughput of
    /// restoring then playing a turn, against continuing (target: at least
    /// 0.8).
    pub restore_throughput: f64,
}

/// Runs the self-play bench on a generated map of about `hexes` hexes.
///
/// # Errors
/// As [`bench_supply`].
pub fn bench_game(hexes: u32, seed: u64, iters: u32) -> Result<GameBench, BenchError> {
    if hexes > MAX_HEXES {
        return Err(BenchError::TooLarge(hexes));
    }
    let compiled = generate(GenParams::new(hexes, seed)).map_err(|e| BenchError::Generate(e.to_string()))?;
    let hex_count = compiled.spec.map.board_count;
    let g = Game::from_compiled(compiled, seed).map_err(|e| BenchError::Generate(e.to_string()))?;
    let snap = g.snapshot();
    let mut t = Times::default();
    // A game played elsewhere, restored into each round.
    let mut other = g.clone();
    for _ in 0..iters.max(1) {
        let mut c = t.time(|t| &mut t.clone, || g.clone());
        t.time(|t| &mut t.turn, || c.run_player_turn());
        std::hint::black_box(t.time(|t| &mut t.snapshot, || c.snapshot()));
        std::hint::black_box(t.time(|t| &mut t.sum, || c.checksum()));
        drop(c);
        other.run_player_turn();
        let r = t.time(|t| &mut t.restore, || other.restore_from(&snap));
        r.map_err(|e| BenchError::Generate(e.to_string()))?;
        std::hint::black_box(t.time(|t| &mut t.restore_new, || Game::restore(&snap)));
        // A clone that finds no dropped world: the original's own is in use,
        // and the new one is kept.
        let fresh = Game::restore(&snap);
        let keep = t.time(|t| &mut t.clone_new, || fresh.clone());
        std::hint::black_box((keep, fresh));
    }
    let player_turn_ns = median(t.turn).max(1);
    let (clone_ns, restore_ns, checksum_ns) = (median(t.clone), median(t.restore), median(t.sum));
    Ok(GameBench {
        hexes: hex_count,
        player_turn_ns,
        clone_ns,
        clone_new_world_ns: median(t.clone_new),
        snapshot_ns: median(t.snapshot),
        restore_ns,
        restore_new_world_ns: median(t.restore_new),
        checksum_ns,
        clone_turns: clone_ns as f64 / player_turn_ns as f64,
        checksum_turns: checksum_ns as f64 / player_turn_ns as f64,
        restore_throughput: player_turn_ns as f64 / (restore_ns + player_turn_ns) as f64,
    })
}

/// The times of the game bench's rounds, in nanoseconds.
#[derive(Default)]
struct Times {
    turn: Vec<u64>,
    clone: Vec<u64>,
    clone_new: Vec<u64>,
    snapshot: Vec<u64>,
    restore: Vec<u64>,
    restore_new: Vec<u64>,
    sum: Vec<u64>,
}

impl Times {
    /// Runs `f`, recording its time in the list `which` picks.
    fn time<R>(&mut self, which: impl Fn(&mut Self) -> &mut Vec<u64>, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        which(self).push(elapsed_ns(start));
        r
    }
}

/// `qm bench game`: runs the self-play bench and prints its figures (a
/// table, or one JSON object), or says on `err` why it did not run (exit
/// code 2).
pub fn run_game(hexes: u32, seed: u64, iters: u32, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    crate::output_bench::print("bench game", seed, json, bench_game(hexes, seed, iters), GameBench::table, out, err)
}

impl GameBench {
    /// The figures as a table.
    #[must_use]
    pub fn table(&self) -> String {
        let r = self;
        format!(
            "hexes {}\nplayer turn {:>12} ns\nclone       {:>12} ns  ({:.2} turns; {} ns into a new world)\n\
             snapshot    {:>12} ns\nrestore     {:>12} ns  (restore + turn: {:.2} of continuing; {} ns into a new world)\n\
             checksum    {:>12} ns  ({:.2} turns)",
            r.hexes,
            r.player_turn_ns,
            r.clone_ns,
            r.clone_turns,
            r.clone_new_world_ns,
            r.snapshot_ns,
            r.restore_ns,
            r.restore_throughput,
            r.restore_new_world_ns,
            r.checksum_ns,
            r.checksum_turns
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn land_only_game(hexes: u32, seed: u64) -> Game {
        // The baselines flood by land: compare on a map without convoy
        // boxes, where the engine supplies nothing by sea either.
        let mut file = qm_scenario::generate::scenario_file(GenParams::new(hexes, seed));
        file.sources.retain(|s| s.at != "baltic" && s.at != "arctic");
        let compiled =
            qm_scenario::compile_file(&file, "generated.ron", qm_scenario::generate::AWAW_RULESET).expect("generated");
        Game::from_compiled(compiled, seed).expect("game")
    }

    /// The baselines do the same work as the engine: the floods reach every
    /// hex the engine supplies, and every unit the engine supplies is found
    /// by the per-unit search.
    #[test]
    fn baselines_agree_with_the_engine() {
        let mut g = land_only_game(3_000, 5);
        let b = baseline(&mut g);
        let (_, reached) = bfs_reach_once(&g, &b);
        let supplied_hexes: usize = Side::BOTH
            .iter()
            .map(|&s| g.supply_report(s).hexes.iter().filter(|h| h.status != qm_game::HexStatus::Unsupplied).count())
            .sum();
        let mut boxes: Vec<NodeId> =
            b.seeds.iter().flatten().map(|s| s.0).filter(|&n| !g.spec().map.is_hex(n)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        let boxes = boxes.len();
        // Reached: the supplied hexes, the boxes, and the virtual root.
        assert_eq!(reached, supplied_hexes + boxes + 1);
        // The plain search reaches the same nodes, without the root.
        let (_, plain) = plain_bfs_once(&g, &b, &mut PlainBfs::new(&b));
        assert_eq!(plain, supplied_hexes + boxes);
        // The per-unit search decides every ground unit's status as the
        // engine does.
        let units = unit_targets(&g, &b);
        let (_, tiers) = per_unit_once(&g, &b, &units, 1);
        assert_eq!(tiers.len(), 60);
        let want_tier = |id: &str| match g.unit(id).expect("unit").2.status {
            qm_core::supply::UnitStatus::Full => 2,
            qm_core::supply::UnitStatus::Partial => 1,
            qm_core::supply::UnitStatus::Isolated => 0,
        };
        for (id, tier) in &tiers {
            assert_eq!(*tier, want_tier(id), "unit {id}");
        }
        // Sampled, it searches every third unit, with the same outcome.
        let (_, every_third) = per_unit_once(&g, &b, &units, 3);
        assert_eq!(every_third, tiers.iter().step_by(3).cloned().collect::<Vec<_>>());
    }

    /// The generated moves capture enemy hexes next to the moving side's
    /// units, and the post-combat determination then supplies the units
    /// that moved into them through their own side's area (SUP-140).
    #[test]
    fn generated_moves_capture_hexes_next_to_the_front() {
        let mut g = land_only_game(6_000, 5);
        let side = g.clock().side;
        g.determine_supply(side, DeterminationKind::Initial);
        let moves = generated_moves(&g);
        assert!(moves.len() >= 3, "{moves:?}");
        let before = g.state();
        for (u, to, nation) in &moves {
            let unit = before.units.iter().find(|x| &x.id == u).expect("unit");
            assert_eq!(unit.nation, *nation);
            assert!(g.spec().map.adjacent(unit.location.node).any(|a| a == *to), "{u} moves next door");
            let owner = before.nodes[*to as usize].control.current.expect("held");
            assert_eq!(before.nations[owner.index()].side, Some(side.other()));
        }
        let post = post_combat(&mut g, 1);
        assert!(post.post_combat_ns > 0 && post.initial_ns > 0);
        assert_eq!(post.moves as usize, moves.len());
        let after = g.state();
        for (u, to, nation) in &moves {
            assert_eq!(after.units.iter().find(|x| &x.id == u).expect("unit").location.node, *to);
            assert_eq!(after.nodes[*to as usize].control.current, Some(*nation));
        }
    }

    /// Each post-combat round restores the state from before the moves,
    /// so that any number of rounds ends in the state one round leaves:
    /// the same checksum.
    #[test]
    fn post_combat_rounds_start_from_the_same_state() {
        // The whole generated scenario, sea lines included (SUP-141).
        let game = || Game::from_compiled(generate(GenParams::new(6_000, 5)).expect("generated"), 5).expect("game");
        let (mut one, mut three) = (game(), game());
        let (a, b) = (post_combat(&mut one, 1), post_combat(&mut three, 3));
        assert_eq!((a.moves, one.checksum()), (b.moves, three.checksum()));
        assert!(a.moves >= 3, "{}", a.moves);
    }

    /// The game bench runs on a small map, and its ratios are the ratios
    /// of its times.
    #[test]
    fn the_game_bench_runs_and_its_ratios_match_its_times() {
        let r = bench_game(2_000, 3, 2).expect("runs");
        assert!(r.player_turn_ns > 0 && r.clone_ns > 0 && r.restore_ns > 0 && r.checksum_ns > 0);
        assert_eq!(r.clone_turns, r.clone_ns as f64 / r.player_turn_ns as f64);
        assert!(r.restore_throughput > 0.0 && r.restore_throughput < 1.0);
        assert_eq!(bench_game(MAX_HEXES + 1, 1, 1), Err(BenchError::TooLarge(MAX_HEXES + 1)));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(run_game(2_000, 3, 1, true, &mut out, &mut err), 0);
        let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON object");
        assert!(v["checksum_turns"].is_number(), "{v}");
    }

    #[test]
    fn sizes_out_of_range_are_refused_and_small_ones_run() {
        assert_eq!(bench_supply(u32::MAX, 1, 1), Err(BenchError::TooLarge(u32::MAX)));
        assert_eq!(bench_supply(MAX_HEXES + 1, 1, 1), Err(BenchError::TooLarge(MAX_HEXES + 1)));
        for hexes in [0, 1, 10, 17] {
            let r = bench_supply(hexes, 2, 1).expect("a small map runs");
            assert!(r.hexes >= 16, "{hexes}: {}", r.hexes);
            assert!(r.supply_ns > 0 && r.plain_bfs_ns > 0 && r.post_combat_ns > 0);
            assert_eq!(r.post_combat_ratio, r.post_combat_ns as f64 / r.post_combat_initial_ns as f64);
            assert!(!r.per_unit_extrapolated);
        }
        let mut out = Vec::new();
        let mut err = Vec::new();
        assert_eq!(run_supply(4_294_967_295, 1, 1, true, &mut out, &mut err), 2);
        assert!(out.is_empty());
        assert!(String::from_utf8_lossy(&err).contains("too large"), "{}", String::from_utf8_lossy(&err));
    }

    /// The explanations the engine shares between the units of one area
    /// equal a fresh search from each unit's own hex, on the bench's maps
    /// (many units in few pockets), with and without the generated moves.
    #[test]
    fn shared_explanations_equal_a_search_per_unit() {
        use qm_core::ids::Tier;
        use qm_core::supply::UnitStatus;
        let mut checked = 0;
        for (seed, round) in (3..6).flat_map(|seed| [(seed, 0), (seed, 1)]) {
            let mut g =
                Game::from_compiled(generate(GenParams::new(20_000, seed)).expect("generated"), seed).expect("game");
            if round == 1 {
                let moves = generated_moves(&g);
                apply_moves(&mut g, &moves);
            }
            // The explanations keep their buffers between determinations:
            // the later ones reuse what the earlier ones marked.
            for side in [Side::Axis, Side::Allies, Side::Axis, Side::Allies] {
                g.determine_supply(side, DeterminationKind::Initial);
                let ctx = g.world().resource::<SupplyContext>().clone();
                let spec = g.spec();
                let mut scratch = qm_trace::RegionScratch::default();
                for u in g.state().units {
                    let Some(got) = &u.supply.cutoff else { continue };
                    let ground = spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground);
                    if !ground || u.supply.at.is_none_or(|a| a.side != side) {
                        continue;
                    }
                    let want = if u.supply.status == UnitStatus::Partial { Tier::Full } else { Tier::Partial };
                    let nation = u.supply_as.unwrap_or(u.nation);
                    let fresh = qm_supply::explain::cutoff(
                        &mut scratch,
                        &ctx,
                        &spec.ruleset,
                        &spec.map,
                        nation,
                        u.location.node,
                        want,
                    );
                    assert_eq!(got, &fresh, "unit {}", u.id);
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} units explained");
    }
}
