//! The baselines of `qm bench` (crate `qm_bench`) do the work the engine
//! does, so that the ratios compare like with like: the floods reach what
//! the engine supplies, the per-unit search decides every unit's status as
//! the engine does, the collection baseline reaches every node. Besides,
//! the generated moves and post-combat rounds, the game bench's ratios,
//! the size limits, and the engine's shared explanations against a search
//! per unit.

use qm_bench::baseline::{PlainBfs, baseline, bfs_reach_once, per_unit_once, plain_bfs_once, unit_targets};
use qm_bench::collect::{CollectBenchError, MAX_TERRITORIES, centers, collect_once, floors, plain_bfs};
use qm_bench::moves::{apply_moves, generated_moves, post_combat};
use qm_bench::{BenchError, MAX_HEXES, bench_collect, bench_game, bench_supply};
use qm_cli::bench::Timing;
use quartermaster::collect::{LineStatus, Statements};
use quartermaster::core::ids::{DeterminationKind, NodeId, Side, Tier};
use quartermaster::core::ruleset::Domain;
use quartermaster::core::supply::UnitStatus;
use quartermaster::game::{Game, HexStatus};
use quartermaster::scenario::generate::{AWAW_RULESET, GenParams, generate, scenario_file};
use quartermaster::scenario::generate_territories::{TerritoryParams, generate_territories};
use quartermaster::supply::SupplyContext;

fn land_only_game(hexes: u32, seed: u64) -> Game {
    // The baselines flood by land: compare on a map without convoy
    // boxes, where the engine supplies nothing by sea either.
    let mut file = scenario_file(GenParams::new(hexes, seed));
    file.sources.retain(|s| s.at != "baltic" && s.at != "arctic");
    let compiled = quartermaster::scenario::compile_file(&file, "generated.ron", AWAW_RULESET).expect("generated");
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
        .map(|&s| g.supply_report(s).hexes.iter().filter(|h| h.status != HexStatus::Unsupplied).count())
        .sum();
    let mut boxes: Vec<NodeId> = b.seeds.iter().flatten().map(|s| s.0).filter(|&n| !g.spec().map.is_hex(n)).collect();
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
        UnitStatus::Full => 2,
        UnitStatus::Partial => 1,
        UnitStatus::Isolated => 0,
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
        let owner = before.nodes[*to].control.current.expect("held");
        assert_eq!(before.nations[owner.index()].side, Some(side.other()));
    }
    let post = post_combat(&mut g, 1);
    assert!(post.post_combat_ns > 0 && post.initial_ns > 0);
    assert_eq!(post.moves as usize, moves.len());
    let after = g.state();
    for (u, to, nation) in &moves {
        assert_eq!(after.units.iter().find(|x| &x.id == u).expect("unit").location.node, *to);
        assert_eq!(after.nodes[*to].control.current, Some(*nation));
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
    assert_eq!(qm_cli::bench::run_game(2_000, Timing { seed: 3, iters: 1, json: true }, &mut out, &mut err), 0);
    let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON object");
    assert!(v["checksum_turns"].is_number(), "{v}");
}

#[test]
fn supply_sizes_out_of_range_are_refused_and_small_ones_run() {
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
    assert_eq!(
        qm_cli::bench::run_supply(4_294_967_295, Timing { seed: 1, iters: 1, json: true }, &mut out, &mut err),
        2
    );
    assert!(out.is_empty());
    assert!(String::from_utf8_lossy(&err).contains("too large"), "{}", String::from_utf8_lossy(&err));
}

/// The explanations the engine shares between the units of one area
/// equal a fresh search from each unit's own hex, on the bench's maps
/// (many units in few pockets), with and without the generated moves.
#[test]
fn shared_explanations_equal_a_search_per_unit() {
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
            let mut scratch = quartermaster::trace::RegionScratch::default();
            for u in g.state().units {
                let Some(got) = &u.supply.cutoff else { continue };
                let ground = spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground);
                if !ground || u.supply.at.is_none_or(|a| a.side != side) {
                    continue;
                }
                let want = if u.supply.status == UnitStatus::Partial { Tier::Full } else { Tier::Partial };
                let nation = u.supply_as.unwrap_or(u.nation);
                let fresh = quartermaster::supply::explain::cutoff(
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

#[test]
fn the_baseline_reaches_every_node_and_every_warring_nation_collects() {
    let compiled = generate_territories(TerritoryParams { territories: 900, seed: 2 }).expect("compiles");
    let nodes = compiled.spec.map.node_count();
    let mut g = Game::from_compiled(compiled, 2).expect("builds");
    // The virtual root and every node of the connected grid and coast.
    let (_, reached) = qm_bench::collect::bfs_reach_once(&g, &centers(&g));
    assert_eq!(reached, nodes + 1);
    let (_, made) = collect_once(&mut g);
    assert_eq!(made, 6, "the six warring nations collect");
    let statements = g.world().resource::<Statements>().0.clone();
    // A pocket behind the front is cut off and loses its resources.
    assert!(statements.iter().any(|s| s.territories.iter().any(|t| t.line == LineStatus::Cut)));
    assert!(statements.iter().all(|s| s.total > 0));
}

#[test]
fn collect_sizes_out_of_range_are_refused_and_small_ones_run() {
    assert_eq!(bench_collect(MAX_TERRITORIES + 1, 1, 1), Err(CollectBenchError::TooLarge(MAX_TERRITORIES + 1)));
    let r = bench_collect(400, 1, 1).expect("runs");
    assert!((400..450).contains(&r.territories), "{r:?}");
    assert_eq!(r.nations, 6);
    assert!(r.collect_ns > 0 && r.bfs_reach_ns > 0);
}

/// The collection floor does the work collection does: each nation's plain
/// search starts at supply centers it controls, enters only nodes its lines
/// may pass, and reaches (or borders) every territory whose line collection
/// traced; it finds no line that collection cut.
#[test]
fn the_plain_collection_floor_reaches_every_traced_territory() {
    let compiled = generate_territories(TerritoryParams { territories: 900, seed: 3 }).expect("compiles");
    let mut g = Game::from_compiled(compiled, 3).expect("builds");
    collect_once(&mut g);
    let statements = g.world().resource::<Statements>().0.clone();
    let floors = floors(&g);
    let (map, nations) = (&g.spec().map, &g.spec().ruleset.nations);
    let mut traced = 0;
    for s in &statements {
        let f =
            floors.iter().find(|f| nations[f.nation.index()].key == s.nation).expect("a collecting nation has centers");
        let (seen, reached) = plain_bfs(&map.adjacency, f);
        assert_eq!(reached, seen.iter().filter(|&&x| x).count());
        assert!(f.centers.iter().all(|&c| seen[c]));
        for (n, _) in seen.iter_enumerated().filter(|(n, x)| **x && !f.centers.contains(n)) {
            assert!(f.pass[n], "{}: entered {} that its lines may not pass", s.nation, map.label(n));
        }
        for t in &s.territories {
            let n = map.find(&t.id).expect("a territory of the map");
            let near = seen[n] || map.adjacency.neighbors(n, quartermaster::trace::EdgeKinds::ALL).any(|m| seen[m]);
            if t.line == LineStatus::Ok {
                traced += 1;
                assert!(near, "{}: {} is traced but the plain search does not reach it", s.nation, t.id);
            }
        }
    }
    assert!(traced > 100, "{traced} traced lines checked");
}

#[test]
fn the_collect_bench_reports_its_floor() {
    let r = bench_collect(400, 2, 1).expect("runs");
    assert!(r.plain_bfs_ns > 0);
    assert!((r.ratio_vs_plain_bfs - r.collect_ns as f64 / r.plain_bfs_ns as f64).abs() < 1e-9, "{r:?}");
}
