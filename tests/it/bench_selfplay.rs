//! `qm bench selfplay` (crate `qm_bench`): timing a game's stages does not
//! change the game, and the figures add up (the shares of the stages, the
//! turns of each match, the headline and the thread speed-up).

use qm_bench::selfplay::MATCHES;
use qm_bench::{SelfplayBenchError, SelfplayParams, bench_selfplay};
use quartermaster::ai::selfplay::{play_one, play_one_timed};
use quartermaster::ai::{BatchConfig, Limits, Logistics};
use quartermaster::game::Game;

const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";

fn pocket() -> Game {
    Game::load(crate::common::path(POCKET), 1).expect("loads")
}

/// A timed game is the same game, record for record (its checksum
/// included), and its clock saw every stage a game has.
#[test]
fn a_timed_game_is_the_same_game() {
    let base = pocket();
    for policies in MATCHES {
        for logistics in [Logistics::Engine, Logistics::Policy] {
            let cfg = BatchConfig {
                games: 2,
                seed: 9,
                policies,
                logistics: [logistics; 2],
                limits: Limits { max_turns: 2 },
                ..BatchConfig::default()
            };
            for i in 0..cfg.games {
                let (record, times) = play_one_timed(&base, &cfg, i);
                assert_eq!(record, play_one(&base, &cfg, i), "{policies:?} {logistics:?} game {i}");
                assert!(times.list_ns > 0 && times.choose_ns > 0 && times.checksum_ns > 0, "{times:?}");
                let phases: Vec<&str> = base.phase_order().phases().map(|p| p.as_str()).collect();
                assert!(times.phases_ns.keys().all(|p| phases.contains(p)), "{times:?}");
                assert!(times.phases_ns.len() > 3, "{times:?}");
            }
        }
    }
}

/// The bench's figures: three matches in order, shares summing to one,
/// the turns of each match those of its games, the headline greedy v
/// random's, and the speed-up the ratio of its throughputs.
#[test]
fn the_selfplay_bench_figures_add_up() {
    let base = pocket();
    let p = SelfplayParams { games: 2, seed: 3, max_turns: 2, logistics: Logistics::Engine };
    let r = bench_selfplay(&base, p).expect("runs");
    let names: Vec<&str> = r.matches.iter().map(|m| m.policies.as_str()).collect();
    assert_eq!(names, ["random/random", "greedy/random", "greedy/greedy"]);
    assert_eq!(r.turns_per_core_second, r.matches[1].turns_per_core_second);
    for (m, policies) in r.matches.iter().zip(MATCHES) {
        let s = &m.stages;
        let sum = s.list + s.choose + s.submit + s.phases + s.bookkeeping + s.checksum;
        assert!((sum - 1.0).abs() < 1e-9, "{}: shares sum to {sum}", m.policies);
        assert!((s.by_phase.values().sum::<f64>() - s.phases).abs() < 1e-9, "{s:?}");
        let cfg =
            BatchConfig { games: 2, seed: 3, policies, limits: Limits { max_turns: 2 }, ..BatchConfig::default() };
        let turns: u64 = (0..2).map(|i| u64::from(play_one(&base, &cfg, i).player_turns)).sum();
        assert_eq!(m.player_turns, turns, "{}", m.policies);
        assert!(m.turns_per_core_second > 0.0 && m.cpu_ns_per_turn > 0);
    }
    let t = &r.threads;
    assert_eq!(t.games, 2);
    assert!((t.speedup - t.two_threads_turns_per_second / t.one_thread_turns_per_second).abs() < 1e-9, "{t:?}");
    assert!(t.cpu_ns_per_turn_one_thread > 0 && t.cpu_ns_per_turn_two_threads > 0);
}

/// A scenario whose games end before their first player turn (the Middle
/// East track has no player phase) has no turn to time: the bench says so.
#[test]
fn a_scenario_with_no_player_turn_is_refused() {
    let base = Game::load(crate::common::path("scenarios/middle-east/mediterranean.ron"), 1).expect("loads");
    let p = SelfplayParams { games: 1, ..SelfplayParams::default() };
    assert!(matches!(bench_selfplay(&base, p), Err(SelfplayBenchError::NoTurns)));
}
