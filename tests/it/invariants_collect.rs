//! Property-based invariants of collection (issue 15, item 5; COL-, MET-
//! rules): on every shipped collection scenario, with the control of
//! random pairs of nodes swapped (any seed), every income statement
//! accounts for every point (territory values plus naval trade plus what
//! the Allied powers paid toward a Middle East marker equal what is saved
//! plus what is lost), and every Middle East payment sums (the
//! level equals the payments plus the shortfall, MET-006, ruling 6).
//!
//! Cases: 1,000 in CI, 10,000 with `QM_LONG=1` (docs/RELIABILITY.md).

use crate::common;

use proptest::prelude::*;
use qm_cli::collect::play_collection;
use quartermaster::prelude::*;

fn cases() -> u32 {
    if common::long() { 10_000 } else { 1_000 }
}

/// The shipped scenarios whose first collection makes a statement.
fn collection_scenarios() -> Vec<String> {
    let out: Vec<String> = common::shipped()
        .into_iter()
        .filter(|rel| {
            let mut g = common::load_seeded(rel, 1);
            g.rules().families().contains(&"wteaw-collect") && play_collection(&mut g).is_some_and(|m| !m.is_empty())
        })
        .collect();
    assert!(out.len() >= 5, "{out:?}");
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn every_statement_accounts_for_every_point_and_the_middle_east_ledger_sums(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        swaps in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..6),
    ) {
        thread_local!(static SCENARIOS: Vec<(String, Game)> =
            collection_scenarios().into_iter().map(|r| { let g = common::load_seeded(&r, 1); (r, g) }).collect());
        let (rel, base) = SCENARIOS.with(|s| s[pick.index(s.len())].clone());
        let mut state = base.state();
        let n = state.nodes.len();
        for (a, b) in &swaps {
            let (a, b) = (NodeId::from_index(a.index(n)), NodeId::from_index(b.index(n)));
            let ca = state.nodes[a].control;
            state.nodes[a].control = state.nodes[b].control;
            state.nodes[b].control = ca;
        }
        // A swap the state validation refuses (say, a sea zone given a
        // controller) is rejected, and counts against proptest's limit.
        let built = Game::new(base.spec_arc(), &state);
        prop_assume!(built.is_ok());
        let mut g = built.expect("assumed");
        g.reseed(seed);
        let made = play_collection(&mut g).expect("a collection phase");
        for s in &made {
            let values: u32 = s.territories.iter().map(|t| t.value).sum();
            let trade: u32 = s.naval_trade.iter().map(|z| z.points).sum();
            // What the Allied powers paid toward the marker's level.
            let paid: u32 = s.middle_east.as_ref().map_or(0, |me| me.paid_by.iter().map(|p| p.amount).sum());
            prop_assert_eq!(values + trade + paid, s.total + s.lost(), "{}: {:?}", rel, s);
            if let Some(me) = &s.middle_east {
                prop_assert_eq!(me.level, paid + me.shortfall, "{}: {:?}", rel, me);
            }
        }
    }
}
