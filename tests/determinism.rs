//! Same scenario + seed + orders gives the same checksum: across runs,
//! thread counts, clones, and a save and load in the middle.

mod common;

use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use rayon::prelude::*;

fn play(g: &mut Game, phases: usize) -> Vec<Checksum> {
    (0..phases)
        .map(|_| {
            g.step_phase();
            g.checksum()
        })
        .collect()
}

#[test]
fn same_seed_same_checksums_across_runs() {
    let mut a = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 7);
    let mut b = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 7);
    assert_eq!(a.checksum(), b.checksum());
    assert_eq!(play(&mut a, 12), play(&mut b, 12));
    // Another seed is another random stream, so another state.
    let c = common::load_seeded("scenarios/awaw/barbarossa-pocket.ron", 8);
    assert_ne!(a.checksum(), c.checksum());
}

#[test]
fn snapshot_and_restore_between_phases_keep_the_checksum() {
    let mut straight = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let want = play(&mut straight, 12);
    for cut in 0..12 {
        let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
        let mut got = play(&mut g, cut);
        let snap = g.snapshot();
        let mut restored = Game::restore(&snap);
        assert_eq!(restored.checksum(), g.checksum(), "restore at phase {cut}");
        got.extend(play(&mut restored, 12 - cut));
        assert_eq!(got, want, "cut at phase {cut}");
    }
}

#[test]
fn a_save_file_round_trips_through_ron() {
    let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    play(&mut g, 3);
    let text = g.save().expect("came from a file");
    let mut restored = Game::load_save("save.ron", text.as_bytes()).expect("loads");
    assert_eq!(restored.checksum(), g.checksum());
    assert_eq!(play(&mut restored, 4), play(&mut g, 4));
    // A damaged save is a diagnostic, not a panic.
    let bad = text.replacen("version: 1", "version: 99", 1);
    let e = Game::load_save("save.ron", bad.as_bytes()).err().expect("rejected");
    assert!(e.to_string().starts_with("save.ron:"), "{e}");
}

#[test]
fn clones_play_alike_and_independently() {
    let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    play(&mut g, 2);
    let mut c = g.clone();
    assert_eq!(c.checksum(), g.checksum());
    let before = g.checksum();
    assert_eq!(play(&mut c, 5), play(&mut g.clone(), 5));
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
                    let mut g = Game::from_compiled((**c).clone(), i as u64);
                    play(&mut g, 12)
                })
                .collect()
        })
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
}
