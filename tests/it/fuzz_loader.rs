//! No input may panic the loader (or the diagnostics renderer): mutate the
//! bytes of valid scenarios and check that `qm check`'s code path returns an
//! answer — a compiled scenario or diagnostics with positions — and never
//! panics.
//!
//! `PROPTEST_CASES` raises the number of cases for a longer run.

use crate::common;

use proptest::prelude::*;
use quartermaster::scenario::{generate, load_bytes};

/// Every shipped scenario's text, with its path.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut dirs = vec![common::path("scenarios")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).expect("dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "ron") {
                out.push((p.display().to_string(), std::fs::read(&p).expect("readable")));
            }
        }
    }
    out.sort();
    // A generated map too: long ASCII layers and many units.
    let f = generate::scenario_file(generate::GenParams::new(600, 3));
    out.push((common::path("scenarios/generated.ron").display().to_string(), generate::to_ron(&f).into_bytes()));
    out
}

/// A mutation of a byte string.
#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Delete { at: usize, len: usize },
    Insert { at: usize, bytes: Vec<u8> },
    Duplicate { at: usize, len: usize },
    Truncate { at: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Bytes that matter to RON, plus arbitrary ones.
    let token = prop_oneof![
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"{".to_vec()),
        Just(b"\"".to_vec()),
        Just(b"'".to_vec()),
        Just(b",".to_vec()),
        Just(b":".to_vec()),
        Just(b"/*".to_vec()),
        Just(b"-".to_vec()),
        Just(b"99999999999999999999".to_vec()),
        Just(b"\"zz99\"".to_vec()),
        Just("\u{2603}".as_bytes().to_vec()),
        Just(vec![0xff, 0xfe]),
        proptest::collection::vec(any::<u8>(), 1..6),
    ];
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), token).prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<usize>(), 1usize..60).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

fn apply(text: &mut Vec<u8>, m: &Mutation) {
    let n = text.len().max(1);
    match m {
        Mutation::Flip { at, bit } => {
            let i = at % n;
            if let Some(b) = text.get_mut(i) {
                *b ^= 1 << bit;
            }
        }
        Mutation::Delete { at, len } => {
            let i = at % n;
            let j = (i + len).min(text.len());
            if i < j {
                text.drain(i..j);
            }
        }
        Mutation::Insert { at, bytes } => {
            let i = (at % n).min(text.len());
            text.splice(i..i, bytes.iter().copied());
        }
        Mutation::Duplicate { at, len } => {
            let i = at % n;
            let j = (i + len).min(text.len());
            if i < j {
                let piece = text[i..j].to_vec();
                text.splice(j..j, piece);
            }
        }
        Mutation::Truncate { at } => text.truncate(at % n),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    #[test]
    fn mutated_scenarios_never_panic_the_loader(
        pick in any::<prop::sample::Index>(),
        ms in proptest::collection::vec(mutation(), 1..4),
    ) {
        let corpus = corpus();
        let (name, original) = &corpus[pick.index(corpus.len())];
        let mut text = original.clone();
        for m in &ms {
            apply(&mut text, m);
        }
        let ruleset = std::fs::read(common::path("assets/rulesets/awaw.ron")).expect("ruleset");
        match load_bytes(name, &text, |_| Ok(ruleset.clone())) {
            Ok(c) => {
                prop_assert_eq!(c.spec.map.node_count(), c.state.nodes.len());
            }
            Err(e) => {
                prop_assert!(!e.diagnostics.is_empty());
                for d in &e.diagnostics {
                    prop_assert!(d.line >= 1 && d.col >= 1, "{}", d);
                    prop_assert_eq!(&d.file, name);
                }
                // Rendering the snippets must not panic either.
                let shown = qm_cli::render::load_error(&e);
                prop_assert!(shown.starts_with(name.as_str()));
            }
        }
    }
}
