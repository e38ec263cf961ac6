//! The default sea plan (SUP-103): the best legal plan.
//!
//! - `scenarios/awaw/sea/chains.ron`: chains of zones fed from one box with
//!   two transports, where zones taken in map order spend the transports on
//!   the last zone of each chain; the best plan supplies every zone fully.
//! - The exact search against brute force on small random problems: the
//!   same plan (score and tie-break) on every one.

use crate::common;

use common::*;
use proptest::prelude::*;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use quartermaster::supply::sea::search::{Assignment, PlanOption, PlanProblem, PlanZone, Score};
use quartermaster::supply::sea::view;
use quartermaster::supply::sea_log::NoLineReason;
use std::cmp::Ordering;

const CHAINS: &str = "scenarios/awaw/sea/chains.ron";

#[test]
fn chains_every_zone_fully_supplied_by_the_default_plan() {
    let mut g = load(CHAINS);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("us-kauai", UnitStatus::Full),
            ("us-maui", UnitStatus::Full),
            ("us-molokai", UnitStatus::Full),
            ("us-oahu", UnitStatus::Full),
        ],
    );
    let log = sea_log(&g);
    assert_eq!(log.lines.len(), 4, "{:?}", log.lines);
    assert_eq!(log.transports_used.get("pacific"), Some(&2));
    // The box feeds the first zone of each chain at one port; its other
    // port feeds the last (SUP-071, SUP-085).
    let label = |n: NodeId| g.spec().map.label(n).to_string();
    let other = |a: &str, b: &str| {
        let (na, nb) = (node(&g, a), node(&g, b));
        let boxed: Vec<NodeId> = log.lines.iter().filter(|l| label(l.from) == "us-pacific").map(|l| l.to).collect();
        assert!(boxed.contains(&na) != boxed.contains(&nb), "one port of {a}/{b} receives: {boxed:?}");
        if boxed.contains(&na) { nb } else { na }
    };
    assert_eq!(line_to(&g, "lihue").from, other("pearl", "honolulu"));
    assert_eq!(line_to(&g, "kaunakakai").from, other("kahului", "lahaina"));
    assert!(log.no_line.is_empty(), "{:?}", log.no_line);
}

#[test]
fn chains_zones_in_map_order_leave_the_first_zones_without_a_line() {
    // What the plan used to be: the greedy plan spends both transports on
    // the last zones of the chains.
    let mut g = load(CHAINS);
    let _ = g.default_sea_plan();
    let greedy = quartermaster::supply::sea::view(g.world()).map(|v| quartermaster::supply::sea::greedy_plan(&v));
    let greedy = greedy.expect("a view");
    let to: Vec<NodeId> = greedy.iter().map(|l| l.to).collect();
    let oahu_maui = ["pearl", "honolulu", "kahului", "lahaina"].map(|p| node(&g, p));
    assert!(to.iter().all(|t| !oahu_maui.contains(t)), "{greedy:?}");
    let best = g.default_sea_plan();
    assert_eq!(best.len(), 4);
}

/// A view searches each reach and route once and keeps the answer (the
/// initial zones, the default plan and its greedy start ask the same
/// questions). A view that has answered every question gives the answers
/// of fresh views, one a question: the searches share one scratch, and
/// none of them leaves a mark another one reads.
#[test]
fn a_view_answers_as_fresh_views_do() {
    let generated = generate(GenParams::new(4_000, 7)).expect("generated");
    for mut g in [load(CHAINS), Game::from_compiled(generated, 7).expect("game")] {
        let _ = g.default_sea_plan();
        let w = g.world();
        let shared = view(w).expect("a view");
        let (mut reached_any, mut routed) = (false, 0);
        for &to in &g.spec().map.landings {
            let reached = shared.sea_reach(to);
            assert_eq!(view(w).expect("a view").sea_reach(to), reached, "reach of {to}");
            reached_any |= reached.len() > 1;
            for &(o, _) in reached.iter().take(12) {
                let route = shared.route(o, &[], to);
                assert_eq!(view(w).expect("a view").route(o, &[], to), route, "route {o} -> {to}");
                assert_eq!(shared.route(o, &[], to), route, "route {o} -> {to}, asked again");
                routed += usize::from(route.as_ref().is_some_and(|r| r.len() > 1));
            }
            assert_eq!(shared.sea_reach(to), reached, "reach of {to}, asked again");
        }
        assert!(reached_any && routed > 0, "some landing reaches an origin by a route ({routed} routes)");
    }
}

#[test]
fn explain_names_no_transport_left_for_a_zone_without_a_line() {
    // One transport, two chains: one chain goes without.
    let text =
        std::fs::read_to_string(path(CHAINS)).unwrap().replace("(Allies, \"pacific\", 2)", "(Allies, \"pacific\", 1)");
    let dir = std::env::temp_dir().join(format!("qm-sea-plan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chains-one.ron");
    std::fs::write(&file, text.replace("../../../assets", &path("assets").display().to_string())).unwrap();
    // The ruleset is named by absolute path, outside the scratch folder:
    // allowed explicitly (issue 15's sandbox).
    let mut g = quartermaster::scenario::sandbox::with_any_ruleset(|| Game::load_strict(&file, 1)).unwrap();
    initial(&mut g, Side::Allies);
    let log = sea_log(&g);
    // One chain supplied (two units), the other with no transport left.
    let full =
        ["us-kauai", "us-maui", "us-molokai", "us-oahu"].iter().filter(|u| status(&g, u) == UnitStatus::Full).count();
    assert_eq!(full, 2);
    assert!(log.no_line.iter().any(|n| n.reason == NoLineReason::NoTransport("pacific".into())), "{:?}", log.no_line);
    let starved = ["us-oahu", "us-maui"].into_iter().find(|u| status(&g, u) != UnitStatus::Full).unwrap();
    let text = g.explain(starved).unwrap();
    assert!(text.contains("no transport of pool pacific left"), "{text}");
}

// ------------------------------------------------------- against brute force

/// The best plan by enumerating every assignment.
fn brute_force(p: &PlanProblem) -> Option<(Score, Assignment)> {
    let n = p.zones.len();
    let mut a: Assignment = vec![None; n];
    let mut best: Option<(Score, Assignment)> = None;
    let rank =
        |a: &Assignment| -> Vec<usize> { a.iter().zip(&p.zones).map(|(c, z)| c.unwrap_or(z.options.len())).collect() };
    loop {
        if let Some(s) = p.evaluate(&a) {
            let better = match &best {
                None => true,
                Some((bs, ba)) => match s.cmp(bs) {
                    Ordering::Greater => true,
                    Ordering::Equal => rank(&a) < rank(ba),
                    Ordering::Less => false,
                },
            };
            if better {
                best = Some((s, a.clone()));
            }
        }
        // Next assignment, as a mixed-radix counter.
        let mut k = 0;
        loop {
            if k == n {
                return best;
            }
            let m = p.zones[k].options.len();
            a[k] = match a[k] {
                None if m > 0 => Some(0),
                Some(i) if i + 1 < m => Some(i + 1),
                _ => None,
            };
            if a[k].is_some() {
                break;
            }
            k += 1;
        }
    }
}

fn tier(x: u8) -> Option<Tier> {
    match x % 3 {
        0 => None,
        1 => Some(Tier::Partial),
        _ => Some(Tier::Full),
    }
}

/// A small random problem: up to five zones with up to three options each,
/// origins shared between zones (boxes, with two pools) or ports of other
/// zones (chains), some landing places shared with origins (SUP-071).
fn problem() -> impl Strategy<Value = PlanProblem> {
    let option = (0u8..8, 0u8..6, any::<u8>(), 0u8..3, any::<bool>(), any::<bool>(), any::<bool>());
    let zone = (any::<u8>(), 0u32..4, prop::collection::vec(option, 0..4));
    (prop::collection::vec(zone, 1..6), 0u32..3, 0u32..3, prop::collection::vec((0u8..8, 0u8..6, 0u8..3), 0..12))
        .prop_map(|(zones, p0, p1, into)| {
            let nz = zones.len();
            let mut p = PlanProblem { pools: vec![p0, p1], ..PlanProblem::default() };
            for (base, units, opts) in zones {
                let options = opts
                    .into_iter()
                    .map(|(o, to, own, pool, chained, needs_feed, post)| {
                        let origin = NodeId(u32::from(o));
                        let to = NodeId(u32::from(10 + to));
                        let origin_zone = (chained && nz > 1).then_some(usize::from(o) % nz);
                        PlanOption {
                            origin,
                            to,
                            lands: vec![to, NodeId(to.0 % 8)],
                            origin_zone,
                            own: tier(own),
                            needs_feed: needs_feed && origin_zone.is_some(),
                            pool: (pool < 2).then_some(usize::from(pool)),
                            allowed: [true, !post],
                        }
                    })
                    .collect();
                p.zones.push(PlanZone {
                    base: tier(base % 3).filter(|t| *t != Tier::Full || base % 5 == 0),
                    units,
                    options,
                });
            }
            for (o, to, t) in into {
                if let Some(t) = tier(t) {
                    p.into.insert((NodeId(u32::from(o)), NodeId(u32::from(10 + to))), t);
                }
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn the_search_finds_the_brute_force_plan(p in problem()) {
        let brute = brute_force(&p);
        let found = p.solve(None);
        let (bs, ba) = brute.expect("no line at all is always legal");
        prop_assert_eq!(found.score, bs);
        prop_assert_eq!(found.assignment, ba);
        prop_assert!(!found.bounded);
    }

    #[test]
    fn the_search_from_a_legal_start_finds_the_same_plan(p in problem(), pick in prop::collection::vec(any::<u8>(), 6)) {
        // Any legal start (here: a random assignment, kept if legal).
        let start: Assignment = p.zones.iter().zip(&pick).map(|(z, &k)| (!z.options.is_empty() && k % 2 == 0).then(|| usize::from(k / 2) % z.options.len())).collect();
        let from_start = p.solve(Some(&start));
        let plain = p.solve(None);
        prop_assert_eq!(from_start.score, plain.score);
        prop_assert_eq!(from_start.assignment, plain.assignment);
    }
}
