//! Same scenario + seed + orders gives the same checksum: across runs,
//! thread counts, clones, and a save and load in the middle.

use crate::common;

use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use rayon::prelude::*;

#[test]
fn same_seed_same_checksums_across_runs() {
    let mut a = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 7);
    let mut b = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 7);
    assert_eq!(a.checksum(), b.checksum());
    assert_eq!(common::play(&mut a, 12), common::play(&mut b, 12));
    // Another seed is another random stream, so another state.
    let c = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 8);
    assert_ne!(a.checksum(), c.checksum());
}

#[test]
fn snapshot_and_restore_between_phases_keep_the_checksum() {
    let mut straight = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let want = common::play(&mut straight, 12);
    for cut in 0..12 {
        let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
        let mut got = common::play(&mut g, cut);
        let snap = g.snapshot();
        let mut restored = Game::restore(&snap);
        assert_eq!(restored.checksum(), g.checksum(), "restore at phase {cut}");
        got.extend(common::play(&mut restored, 12 - cut));
        assert_eq!(got, want, "cut at phase {cut}");
    }
}

#[test]
fn a_save_file_round_trips_through_ron() {
    let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    common::play(&mut g, 3);
    let text = g.save().expect("came from a file");
    let mut restored = Game::load_save("save.ron", text.as_bytes()).expect("loads");
    assert_eq!(restored.checksum(), g.checksum());
    assert_eq!(common::play(&mut restored, 4), common::play(&mut g, 4));
    // A damaged save is a diagnostic, not a panic.
    let version = format!("version: {}", quartermaster::core::state::STATE_VERSION);
    let bad = text.replacen(&version, "version: 99", 1);
    assert_ne!(bad, text);
    let e = Game::load_save("save.ron", bad.as_bytes()).map(drop).expect_err("rejected");
    assert!(e.to_string().starts_with("save.ron:"), "{e}");
}

#[test]
fn clones_play_alike_and_independently() {
    let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    common::play(&mut g, 2);
    let mut c = g.clone();
    assert_eq!(c.checksum(), g.checksum());
    let before = g.checksum();
    assert_eq!(common::play(&mut c, 5), common::play(&mut g.clone(), 5));
    assert_eq!(g.checksum(), before, "playing a clone leaves the original alone");
}

/// Parallelism goes across games: the same games on 1 and 2 threads give
/// bit-identical results.
#[test]
fn checksums_do_not_depend_on_the_thread_count() {
    let maps: Vec<_> =
        (0..6u64).map(|s| std::sync::Arc::new(generate(GenParams::new(1_500, s)).expect("generated"))).collect();
    let run = |threads: usize| -> Vec<Vec<Checksum>> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool");
        pool.install(|| {
            maps.par_iter()
                .enumerate()
                .map(|(i, c)| {
                    let mut g = Game::from_compiled((**c).clone(), i as u64).expect("game");
                    common::play(&mut g, 12)
                })
                .collect()
        })
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
}

/// Two player turns.
const RUN_PHASES: usize = 24;

/// `qm run FILE --phases N --json`, through the CLI's entry point: the exit
/// code, the output and the checksum it printed.
fn qm_run(file: &std::path::Path, orders: Option<&str>, seed: u64) -> (i32, String, String) {
    qm_run_phases(file, orders, seed, RUN_PHASES)
}

fn qm_run_phases(file: &std::path::Path, orders: Option<&str>, seed: u64, phases: usize) -> (i32, String, String) {
    let mut argv: Vec<String> = ["qm", "run", "--phases", &phases.to_string(), "--json", "--seed", &seed.to_string()]
        .iter()
        .map(ToString::to_string)
        .collect();
    if let Some(o) = orders {
        argv.extend(["--orders".to_string(), common::path(o).display().to_string()]);
    }
    argv.push(file.display().to_string());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = qm_cli::run(argv, &mut out, &mut err);
    let out = String::from_utf8(out).expect("utf-8");
    let v: serde_json::Value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{}: not JSON ({e}): {out}\n{}", file.display(), String::from_utf8_lossy(&err)));
    let sum = v["checksum"].as_str().unwrap_or_else(|| panic!("{}: no checksum", file.display())).to_string();
    (code, out, sum)
}

/// Acceptance (issue 3): `qm run` on each scenario twice with the same seed
/// gives the same checksum and the same report.
#[test]
fn qm_run_twice_gives_the_same_checksum_on_every_scenario() {
    for file in common::shipped_paths() {
        let (code, first, sum) = qm_run(&file, None, 11);
        assert_eq!(code, 0, "{}", file.display());
        let (_, second, again) = qm_run(&file, None, 11);
        assert_eq!(sum, again, "{}", file.display());
        assert_eq!(first, second, "{}", file.display());
    }
    // With orders: the Suez line cut by an interception. The cut shows
    // until the Allies' next initial determination (SUP-142), six phases
    // later in this scenario's two-player-turn run.
    let file = common::path("scenarios/awaw/middle-east-sea.ron");
    let orders = Some("tests/fixtures/orders/middle-east-suez-cut.ron");
    for phases in [1, 6, RUN_PHASES] {
        let (code, _, sum) = qm_run_phases(&file, orders, 5, phases);
        assert_eq!(code, 0);
        assert_eq!(qm_run_phases(&file, orders, 5, phases).2, sum);
        let without = qm_run_phases(&file, None, 5, phases).2;
        if phases <= 6 {
            assert_ne!(without, sum, "the orders change the outcome");
        }
    }
    // The other orders fixtures: twice alike, and unlike the defaults at the
    // phase their outcome shows.
    for (file, orders, shows) in [
        ("scenarios/awaw/kagoshima-rabaul.ron", "tests/fixtures/orders/kagoshima-hollandia-cut.ron", 1),
        ("scenarios/awaw/rabaul-isolation.ron", "tests/fixtures/orders/rabaul-cut.ron", 5),
    ] {
        let file = common::path(file);
        for phases in [shows, RUN_PHASES] {
            let (code, _, sum) = qm_run_phases(&file, Some(orders), 5, phases);
            assert_eq!(code, 0, "{}", file.display());
            assert_eq!(qm_run_phases(&file, Some(orders), 5, phases).2, sum, "{}", file.display());
            if phases == shows {
                assert_ne!(
                    qm_run_phases(&file, None, 5, phases).2,
                    sum,
                    "{}: the orders change the outcome",
                    file.display()
                );
            }
        }
    }
}

/// Acceptance (issue 3): a snapshot and restore between any two phases, or
/// a save and load through RON, does not change the checksum `qm run`
/// prints, on every scenario.
#[test]
fn snapshot_and_restore_between_phases_keep_qm_runs_checksum_on_every_scenario() {
    for file in common::shipped_paths() {
        let name = file.display().to_string();
        let load = || Game::load(&file, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut straight = load();
        let want = common::play(&mut straight, RUN_PHASES);
        assert_eq!(want.last().map(ToString::to_string), Some(qm_run(&file, None, 3).2), "{name}: qm run");
        for cut in 0..RUN_PHASES {
            let mut g = load();
            let mut got = common::play(&mut g, cut);
            let mut restored = Game::restore(&g.snapshot());
            assert_eq!(restored.checksum(), g.checksum(), "{name}: restore at phase {cut}");
            got.extend(common::play(&mut restored, RUN_PHASES - cut));
            assert_eq!(got, want, "{name}: snapshot at phase {cut}");
        }
        let mut g = load();
        let mut got = common::play(&mut g, RUN_PHASES / 2 + 1);
        let text = g.save().expect("came from a file");
        let mut loaded = Game::load_save("save.ron", text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        got.extend(common::play(&mut loaded, RUN_PHASES - RUN_PHASES / 2 - 1));
        assert_eq!(got, want, "{name}: save and load in the middle");
    }
}

/// The orders of a file replay alike through a snapshot in the middle.
#[test]
fn orders_replay_alike_through_a_snapshot() {
    let file = common::path("scenarios/awaw/middle-east-sea.ron");
    let text = std::fs::read(common::path("tests/fixtures/orders/middle-east-suez-cut.ron")).expect("fixture");
    let rules = Game::load(&file, 1).expect("loads").rules().clone();
    let batches = quartermaster::scenario::read_orders("suez-cut.ron", &text, &rules).expect("orders read");
    let run = |g: &mut Game, n: usize| -> Vec<Checksum> {
        (0..n).map(|_| g.step_with(&batches).map(|_| g.checksum()).expect("orders accepted")).collect()
    };
    let mut straight = Game::load(&file, 5).expect("loads");
    let want = run(&mut straight, RUN_PHASES);
    for cut in [1, 2, 5, 13] {
        let mut g = Game::load(&file, 5).expect("loads");
        let mut got = run(&mut g, cut);
        let mut restored = Game::restore(&g.snapshot());
        got.extend(run(&mut restored, RUN_PHASES - cut));
        assert_eq!(got, want, "cut at phase {cut}");
    }
}
