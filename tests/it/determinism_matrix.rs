//! The determinism matrix (issue 15, item 2): the same scenario, seed and
//! self-play orders give the same checksums, phase by phase, across
//! - two runs of one seed;
//! - a snapshot and restore at every phase boundary (Factorio's "save,
//!   load, nothing changes");
//! - a save to RON and a load at every phase boundary;
//! - a batch on 1 and on 2 rayon threads, and the batch played serially in
//!   reverse order;
//!
//! on every playable scenario (`PLAYABLE`) over 64 seeds, and on every
//! shipped scenario. A
//! negative test proves the checker catches a family whose system lets
//! `HashMap` iteration order reach the state.
//!
//! CI cost: self-play is bounded to `MAX_TURNS` game turns in debug builds;
//! `QM_LONG=1` plays longer games (figures in docs/RELIABILITY.md).

use crate::common;

use quartermaster::ai::Greedy;
use quartermaster::ai::selfplay::{BatchConfig, play_one, run_batch};
use quartermaster::ai::{Limits, Match, PolicyKind, RandomPolicy};
use quartermaster::bevy_ecs::prelude::*;
use quartermaster::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Seeds per playable scenario.
const SEEDS: u64 = 64;

/// Game turns of self-play per seed in CI (debug build), and with
/// `QM_LONG=1`.
fn max_turns() -> u32 {
    if common::long() { 6 } else { 1 }
}

/// Seeds of each playable scenario restored from a snapshot at every phase
/// boundary, and saved and loaded at every boundary.
fn cut_seeds() -> u64 {
    if common::long() { SEEDS } else { 16 }
}

/// See [`cut_seeds`].
fn save_seeds() -> u64 {
    if common::long() { SEEDS } else { 4 }
}

/// What happens to the game at every phase boundary.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// Nothing: the uninterrupted run.
    None,
    /// `Game::restore(&game.snapshot())`.
    Snapshot,
    /// `Game::load_save(game.save())`.
    Save,
}

/// Phases of self-play per game: `turns` game turns of the scenario's
/// phase order (two player turns each).
fn phases(base: &Game, turns: u32) -> usize {
    base.phase_order().phases().count() * 2 * turns as usize
}

/// Self-play of `base` with `seed` (random policy against greedy, the
/// policies' streams derived from the seed), `n` phases, with `cut` at
/// every phase boundary: the checksum after each phase.
fn run(base: &Game, seed: u64, n: usize, cut: Cut) -> Vec<Checksum> {
    let mut g = base.clone();
    g.reseed(seed);
    let (mut axis, mut allies) = (RandomPolicy, Greedy::default());
    let mut m = Match::new(&mut axis, &mut allies, seed);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        if g.next_phase().is_none() {
            break;
        }
        m.phase(&mut g);
        out.push(g.checksum());
        g = match cut {
            Cut::None => g,
            Cut::Snapshot => Game::restore(&g.snapshot()),
            Cut::Save => {
                let text = g.save().expect("the scenario came from a file");
                Game::load_save("matrix.sav.ron", text.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
            }
        };
    }
    out
}

/// The final checksums of a batch of `seeds` games through `run_batch`
/// on `threads` threads.
fn batch(base: &Game, cfg: &BatchConfig, threads: usize) -> Vec<String> {
    let cfg = BatchConfig { threads, ..cfg.clone() };
    run_batch(base, &cfg, &|| {}).expect("pool").0.into_iter().map(|r| r.checksum).collect()
}

/// The matrix checker: every variant against the uninterrupted run of the
/// same seed. `None` when all agree, else the first mismatch described.
/// The snapshot variant runs on the first `cut_seeds` seeds, the save
/// variant (a RON round trip per phase) on the first `save_seeds`.
fn mismatch(base: &Game, seeds: std::ops::Range<u64>, turns: u32, cut_seeds: u64, save_seeds: u64) -> Option<String> {
    let n = phases(base, turns);
    for seed in seeds.clone() {
        let want = run(base, seed, n, Cut::None);
        let k = seed - seeds.start;
        let cuts = [(Cut::None, true), (Cut::Snapshot, k < cut_seeds), (Cut::Save, k < save_seeds)];
        for (cut, _) in cuts.iter().filter(|c| c.1) {
            let got = run(base, seed, n, *cut);
            if let Some(at) = want.iter().zip(&got).position(|(a, b)| a != b) {
                return Some(format!("seed {seed}, {cut:?} at every boundary: differs after phase {at}"));
            }
            if got.len() != want.len() {
                return Some(format!("seed {seed}, {cut:?}: {} phases against {}", got.len(), want.len()));
            }
        }
    }
    let cfg = BatchConfig {
        games: seeds.end - seeds.start,
        threads: 1,
        seed: seeds.start,
        policies: [PolicyKind::Greedy, PolicyKind::Random],
        limits: Limits { max_turns: turns },
        ..BatchConfig::default()
    };
    let one = batch(base, &cfg, 1);
    if one != batch(base, &cfg, 2) {
        return Some("run_batch on 1 and 2 threads".into());
    }
    let mut reverse: Vec<String> = (0..cfg.games).rev().map(|i| play_one(base, &cfg, i).checksum).collect();
    reverse.reverse();
    if one != reverse {
        return Some("the batch played in reverse order".into());
    }
    None
}

/// The playable scenarios: the one with its own `ops:` section (victory
/// conditions, turn limit), and the Barbarossa pocket that
/// `tests/it/selfplay.rs` falls back to. Every shipped scenario whose file has
/// an `ops:` section must be listed. (The other scenarios with the `ops`
/// family are rule examples; the shipped-scenario test below covers them.)
const PLAYABLE: [&str; 2] = ["scenarios/awaw/eastern-front-1941.ron", "scenarios/awaw/barbarossa-pocket.ron"];

fn playable() -> Vec<String> {
    for rel in common::shipped() {
        let text = std::fs::read_to_string(common::path(&rel)).expect("readable");
        let has_ops = text.lines().any(|l| l.trim_start().starts_with("ops:"));
        assert!(!has_ops || PLAYABLE.contains(&rel.as_str()), "{rel} has an `ops:` section: add it to PLAYABLE");
    }
    PLAYABLE.iter().map(ToString::to_string).collect()
}

#[test]
fn self_play_is_deterministic_over_64_seeds_on_every_playable_scenario() {
    for rel in playable() {
        let base = common::load_seeded(&rel, 1);
        // Two runs and the batches over all seeds; a snapshot at every
        // boundary over `cut_seeds()`, a save over `save_seeds()` (all 64 with
        // `QM_LONG=1`).
        assert_eq!(mismatch(&base, 0..SEEDS, max_turns(), cut_seeds(), save_seeds()), None, "{rel}");
    }
}

#[test]
fn every_shipped_scenario_is_deterministic_through_snapshots_and_saves() {
    for rel in common::shipped() {
        let base = common::load_seeded(&rel, 1);
        assert_eq!(mismatch(&base, 3..5, 1, 2, 1), None, "{rel}");
    }
}

/// The toy family of the negative test: its section is a list that a
/// system extends, at every movement phase, with the iteration order of
/// fresh `HashMap`s.
const CHAOS: &str = "chaos";

/// The chaos section.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Chaos(Vec<u32>);

/// Writes `HashMap` iteration order into the state: the defect the matrix
/// must catch. Each `HashMap::new()` draws fresh `RandomState` keys (per
/// process random, then advanced per map), so the order of 64 keys differs
/// between two maps with probability about 1 - 1/64!; four maps per phase
/// over a game's phases make two runs agree only with negligible chance.
fn leak_hash_order(mut chaos: ResMut<Chaos>) {
    for _ in 0..4 {
        let m: HashMap<u32, ()> = (0..64).map(|k| (k, ())).collect();
        chaos.0.extend(m.keys().take(8));
    }
}

struct ChaosPlugin;

impl RulePlugin for ChaosPlugin {
    fn name(&self) -> &'static str {
        CHAOS
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.add_section(StateSection::resource::<Chaos>(CHAOS))
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        world.resource_mut::<Schedules>().add_systems(PhaseSchedule(MOVEMENT), leak_hash_order.in_set(RulesOf(CHAOS)));
    }
}

#[test]
fn the_matrix_catches_hash_map_order_reaching_the_state() {
    let c = common::compiled_with_families(
        "scenarios/awaw/barbarossa-pocket.ron",
        r#"families: ["awaw-supply", "ops", "chaos"]"#,
    );
    let mut base =
        Game::builder().plugin(ChaosPlugin).strict(true).from_compiled(c, 1).expect("the chaos family resolves");
    base.check_schedules().expect("no ambiguity");
    // Without the leak, the same game is deterministic.
    let plain = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 1);
    assert_eq!(mismatch(&plain, 0..2, 1, 0, 0), None);
    let report = mismatch(&base, 0..2, 1, 0, 0).expect("the matrix reports the injected nondeterminism");
    assert!(report.starts_with("seed 0, None"), "{report}");
}
