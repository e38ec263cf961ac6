//! CI's fuzz smoke run: every target on its seed corpus, and on a fixed set
//! of mutations of each seed (a seeded ChaCha stream, so a green commit
//! stays green). `QM_FUZZ_MUTANTS` sets the mutations a seed (default 64).
//! The targets' files in `fuzz/` are checked to be the one-line wrappers
//! this crate's [`TARGETS`](crate::TARGETS) expects.

use crate::{TARGETS, Target};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The seed inputs of a target, sorted by file name.
fn seeds(t: &Target) -> Vec<Vec<u8>> {
    let dir = fuzz_dir().join("corpus").join(t.seeds);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a corpus entry").path())
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).expect("a readable seed")).collect()
}

/// One mutation of `data`, of the kinds libFuzzer starts with: a bit
/// flipped, a range cut, random bytes inserted, a range repeated, the end
/// cut off, or the start of another seed spliced in.
fn mutate(data: &[u8], other: &[u8], rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut out = data.to_vec();
    let at = |rng: &mut ChaCha8Rng, len: usize| if len == 0 { 0 } else { rng.random_range(0..len) };
    match rng.random_range(0..6) {
        0 if !out.is_empty() => {
            let i = at(rng, out.len());
            out[i] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let i = at(rng, out.len());
            let n = rng.random_range(0..=16).min(out.len() - i);
            out.drain(i..i + n);
        }
        2 => {
            let i = at(rng, out.len());
            let bytes: Vec<u8> = (0..rng.random_range(1..=8)).map(|_| rng.random()).collect();
            out.splice(i..i, bytes);
        }
        3 => {
            let i = at(rng, out.len());
            let n = rng.random_range(0..=32).min(out.len() - i);
            let copy = out[i..i + n].to_vec();
            out.splice(i..i, copy);
        }
        4 => out.truncate(at(rng, out.len())),
        _ => {
            let i = at(rng, out.len());
            let j = at(rng, other.len());
            out.truncate(i);
            out.extend_from_slice(&other[j..]);
        }
    }
    out
}

fn mutants() -> usize {
    std::env::var("QM_FUZZ_MUTANTS").ok().and_then(|v| v.parse().ok()).unwrap_or(64)
}

/// Runs a target on each seed and its mutants.
fn smoke(name: &str) {
    let t = crate::target(name).expect("a target of that name");
    let seeds = seeds(t);
    assert!(!seeds.is_empty(), "{name} has seeds in fuzz/corpus/{}", t.seeds);
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_207);
    for (i, seed) in seeds.iter().enumerate() {
        (t.run)(seed);
        let other = &seeds[(i + 1) % seeds.len()];
        for _ in 0..mutants() {
            (t.run)(&mutate(seed, other, &mut rng));
        }
    }
}

#[test]
fn loader() {
    smoke("loader");
}

#[test]
fn scenario() {
    smoke("scenario");
}

#[test]
fn orders() {
    smoke("orders");
}

#[test]
fn play() {
    smoke("play");
}

#[test]
fn save() {
    smoke("save");
}

#[test]
fn territory_oil() {
    smoke("territory_oil");
}

#[test]
fn orders_scale() {
    smoke("orders_scale");
}

#[test]
fn collect_maps() {
    smoke("collect_maps");
}

#[test]
fn render_cap() {
    smoke("render_cap");
}

/// Each target has its wrapper in `fuzz/fuzz_targets/`, a binary in
/// `fuzz/Cargo.toml` and a place in `fuzz/run.sh`'s list, and nothing else
/// is there: a target cannot be added to one side only.
#[test]
fn the_fuzz_crate_wraps_every_target_and_nothing_else() {
    let dir = fuzz_dir();
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let script = std::fs::read_to_string(dir.join("run.sh")).expect("fuzz/run.sh");
    let mut files: Vec<String> = std::fs::read_dir(dir.join("fuzz_targets"))
        .expect("fuzz/fuzz_targets")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|t| format!("{}.rs", t.name)).collect();
    names.sort();
    assert_eq!(files, names, "fuzz/fuzz_targets/ holds one file a target");
    for t in &TARGETS {
        let text = std::fs::read_to_string(dir.join("fuzz_targets").join(format!("{}.rs", t.name))).expect("a target");
        assert!(
            text.contains(&format!("qm_fuzz::{}::run(data)", t.name)),
            "{}.rs runs qm_fuzz::{}::run",
            t.name,
            t.name
        );
        assert!(
            manifest.contains(&format!("path = \"fuzz_targets/{}.rs\"", t.name)),
            "fuzz/Cargo.toml builds {}",
            t.name
        );
        assert!(script.contains(&format!(" {}", t.name)), "fuzz/run.sh runs {}", t.name);
    }
}
