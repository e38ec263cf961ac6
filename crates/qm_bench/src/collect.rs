//! `qm bench collect`: collection (COL-004..008) for every nation of both
//! blocs on a generated territory map, against one generic flood of the
//! same graph.
//!
//! - collection: the family's own system, `collect_resources`, and the
//!   Middle East track's after it, `settle_track` (nothing to pay on a
//!   generated map), run once for the Central Powers and once for the
//!   Entente, as the two collection phases of a game turn run them: the
//!   board read, one `qm_trace` flood per nation, every territory's line
//!   and the income statements.
//! - `bfs_reach`: `pathfinding`'s generic breadth-first reach over every
//!   territory and sea zone of the map, through all its borders, from every
//!   supply center (city, industrial complex or port) at once through a
//!   virtual root.
//! - the plain BFS, the floor: for each nation with a supply center, one
//!   dense breadth-first search written plainly here, over the nodes its
//!   lines may pass (ruling 4, the mask made before the clock starts),
//!   from every supply center it controls.
//!
//! The targets at 10,000 territories: `ratio_vs_bfs_reach` at most 1.0
//! (all nations' collection costs no more than one generic flood of the
//! map) and `ratio_vs_plain_bfs` at most 4.0.

use crate::stats::{elapsed_ns, median};
use qm_collect::lines::passability;
use qm_collect::middle_east::plugin::settle_track;
use qm_collect::plugin::collect_resources;
use qm_collect::{Board, Statements};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::{Features, NodeKind};
use qm_core::phase::GameClock;
use qm_game::Game;
use qm_scenario::generate_territories::{TerritoryParams, generate_territories};
use qm_trace::{Csr, EdgeKinds, NodeVec};
use serde::Serialize;
use std::collections::VecDeque;
use std::time::Instant;

/// The largest map the bench generates.
pub const MAX_TERRITORIES: u32 = 100_000;

/// Why the bench did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CollectBenchError {
    /// More territories than [`MAX_TERRITORIES`].
    #[error("--territories {0} is too large: the bench generates at most {MAX_TERRITORIES} territories")]
    TooLarge(u32),
    /// The generator wrote a scenario that does not compile (a bug).
    #[error("the generated scenario does not compile: {0}")]
    Generate(String),
}

/// The figures `qm bench collect --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CollectBench {
    /// Land territories on the map.
    pub territories: u32,
    /// Nations that collected (income statements per round).
    pub nations: u32,
    /// Median time of both blocs' collection phases, in nanoseconds.
    pub collect_ns: u64,
    /// Median time of one `pathfinding::directed::bfs::bfs_reach` over the
    /// whole map from every supply center.
    pub bfs_reach_ns: u64,
    /// `collect_ns / bfs_reach_ns`.
    pub ratio_vs_bfs_reach: f64,
    /// Median time of one plain dense breadth-first search per nation with
    /// a supply center, over the nodes its lines may pass, from its
    /// centers: the floor.
    pub plain_bfs_ns: u64,
    /// `collect_ns / plain_bfs_ns`.
    pub ratio_vs_plain_bfs: f64,
}

/// A nation's plain search: its supply centers and the nodes its lines may
/// pass.
pub struct NationFloor {
    /// The nation.
    pub nation: NationId,
    /// The supply centers the nation controls.
    pub centers: Vec<NodeId>,
    /// Whether each node passes the nation's lines.
    pub pass: NodeVec<bool>,
}

/// Each nation's supply centers and passable nodes, on the board as the
/// game stands, for nations with at least one center.
#[must_use]
pub fn floors(g: &Game) -> Vec<NationFloor> {
    let Some(board) = Board::from_world(g.world()) else { return Vec::new() };
    let all = centers(g);
    (0..board.spec.ruleset.nations.len())
        .filter_map(|n| {
            let nation = NationId(u16::try_from(n).ok()?);
            let own: Vec<NodeId> =
                all.iter().copied().filter(|&c| board.control.get(c) == Some(&Some(nation))).collect();
            let pass = passability(&board, nation).iter().map(|&m| m != 0).collect();
            (!own.is_empty()).then_some(NationFloor { nation, centers: own, pass })
        })
        .collect()
}

/// One plain dense breadth-first search per nation ([`plain_bfs`]): the
/// time and the nodes reached in all.
#[must_use]
pub fn plain_bfs_once(g: &Game, floors: &[NationFloor]) -> (u64, usize) {
    let graph = &g.spec().map.adjacency;
    let t = Instant::now();
    let reached = floors.iter().map(|f| plain_bfs(graph, f).1).sum();
    (elapsed_ns(t), reached)
}

/// A plain dense breadth-first search from a nation's supply centers over
/// the nodes its lines may pass: which nodes it reached, and how many.
#[must_use]
pub fn plain_bfs(graph: &Csr, f: &NationFloor) -> (NodeVec<bool>, usize) {
    let mut seen: NodeVec<bool> = NodeVec::from(vec![false; f.pass.len()]);
    let mut queue: VecDeque<NodeId> = VecDeque::with_capacity(f.pass.len());
    for &c in &f.centers {
        seen[c] = true;
        queue.push_back(c);
    }
    let mut reached = 0;
    while let Some(h) = queue.pop_front() {
        reached += 1;
        for to in graph.neighbors(h, EdgeKinds::ALL) {
            if f.pass[to] && !seen[to] {
                seen[to] = true;
                queue.push_back(to);
            }
        }
    }
    (seen, reached)
}

/// Both blocs' collection phases: the time and the statements made (one
/// per nation that collected), left in the world's `Statements`.
pub fn collect_once(g: &mut Game) -> (u64, usize) {
    let world = g.world_mut();
    world.insert_resource(Statements::default());
    let t = Instant::now();
    for side in [Side::Axis, Side::Allies] {
        world.resource_mut::<GameClock>().side = side;
        collect_resources(world);
        settle_track(world);
    }
    let ns = elapsed_ns(t);
    (ns, world.get_resource::<Statements>().map_or(0, |s| s.0.len()))
}

/// The supply centers of the map, of any nation (COL-005).
#[must_use]
pub fn centers(g: &Game) -> Vec<NodeId> {
    let map = &g.spec().map;
    let center = Features::CITY | Features::IC | Features::PORT;
    map.board_nodes()
        .filter(|&n| map.node(n).is_some_and(|i| i.kind == NodeKind::Territory && i.features.intersects(center)))
        .collect()
}

/// One generic flood of the whole map from every supply center: the time
/// and the nodes reached.
#[must_use]
pub fn bfs_reach_once(g: &Game, roots: &[NodeId]) -> (u64, usize) {
    const ROOT: NodeId = qm_trace::NO_NODE;
    let graph = &g.spec().map.adjacency;
    let t = Instant::now();
    let reached = pathfinding::directed::bfs::bfs_reach(ROOT, |&h: &NodeId| -> Vec<NodeId> {
        if h == ROOT {
            return roots.to_vec();
        }
        graph.edges(h, EdgeKinds::ALL).map(|(_, to, _)| to).collect()
    })
    .count();
    (elapsed_ns(t), reached)
}

/// Runs the bench on a generated map of about `territories` land
/// territories.
///
/// # Errors
/// [`CollectBenchError::TooLarge`] above [`MAX_TERRITORIES`];
/// [`CollectBenchError::Generate`] if the generated scenario does not
/// compile (a bug in the generator).
pub fn bench_collect(territories: u32, seed: u64, iters: u32) -> Result<CollectBench, CollectBenchError> {
    if territories > MAX_TERRITORIES {
        return Err(CollectBenchError::TooLarge(territories));
    }
    let compiled = generate_territories(TerritoryParams { territories, seed })
        .map_err(|e| CollectBenchError::Generate(e.to_string()))?;
    let land = compiled.spec.map.nodes.iter().filter(|n| n.kind == NodeKind::Territory).count() as u32;
    let mut g = Game::from_compiled(compiled, seed).map_err(|e| CollectBenchError::Generate(e.to_string()))?;
    let (roots, floors) = (centers(&g), floors(&g));
    // Interleaved so that the machine's drift affects all alike.
    let (mut collect, mut reach, mut plain, mut nations) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for _ in 0..iters.max(1) {
        let (ns, made) = collect_once(&mut g);
        collect.push(ns);
        nations = made as u32;
        reach.push(bfs_reach_once(&g, &roots).0);
        plain.push(plain_bfs_once(&g, &floors).0);
    }
    let collect_ns = median(collect).max(1);
    let (bfs_reach_ns, plain_bfs_ns) = (median(reach).max(1), median(plain).max(1));
    Ok(CollectBench {
        territories: land,
        nations,
        collect_ns,
        bfs_reach_ns,
        ratio_vs_bfs_reach: collect_ns as f64 / bfs_reach_ns as f64,
        plain_bfs_ns,
        ratio_vs_plain_bfs: collect_ns as f64 / plain_bfs_ns as f64,
    })
}
