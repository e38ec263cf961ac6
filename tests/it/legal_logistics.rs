//! Every family's logistics decisions are in the action space
//! (`docs/orders.md`): properties of `Game::legal_orders_of(side,
//! Logistics)` on states reached by random play (operations and
//! logistics), per family.
//!
//! - **Soundness**: every listed order passes `submit` on a clone, and so
//!   does every order listed after a listed choice was given (three steps
//!   of an atomic sequence).
//! - **Completeness**: every order of the family that a brute-force
//!   enumeration finds accepted is reachable through the listed choices:
//!   its canonical path of atomic choices is listed step by step and runs
//!   the phase to the same state (checksum) as the order itself, or the
//!   order runs the phase to the same state as giving nothing (it decides
//!   nothing the defaults do not).
//!
//! Cases replay a fixed stream in CI (`PROPTEST_RNG_SEED`); at least 1,000
//! a family.

use crate::common;

use proptest::prelude::*;
use quartermaster::ai::{Logistics, Match, Play, RandomPolicy};
use quartermaster::collect::middle_east::MiddleEastRules;
use quartermaster::core::components::Unit;
use quartermaster::core::ruleset::Domain;
use quartermaster::oil::state::{OilWell, SavedBuildPoints, SavedOil, Stockpile};
use quartermaster::prelude::*;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Scenarios with sea supply lines, interceptions and designations.
const SUPPLY: &[&str] = &[
    "scenarios/awaw/rabaul-isolation.ron",
    "scenarios/awaw/kagoshima-rabaul.ron",
    "scenarios/awaw/sea/escorts.ron",
    "scenarios/awaw/sea/chains.ron",
    "scenarios/awaw/islands/solomons.ron",
    "scenarios/awaw/middle-east-sea.ron",
];

/// Scenarios with oil, stockpiles and HQs.
const OIL: &[&str] =
    &["scenarios/mwif/oil-example.ron", "scenarios/mwif/stockpiles.ron", "scenarios/mwif/europe-1942-oil.ron"];

/// Scenarios with collection: submarines (`convoy`, `europe-1914`), a
/// surface raider and no submarine (`raider`), the Middle East track
/// (`mediterranean`).
const COLLECT: &[&str] =
    &["scenarios/wteaw/convoy.ron", "scenarios/wteaw/raider.ron", "scenarios/wteaw/europe-1914.ron", MIDDLE_EAST];

/// The collection scenario with the Middle East track.
const MIDDLE_EAST: &str = "scenarios/middle-east/mediterranean.ron";

/// Cases a family, at least.
const CASES: u32 = 1_000;

thread_local! {
    static LOADED: RefCell<BTreeMap<&'static str, Game>> = const { RefCell::new(BTreeMap::new()) };
}

/// A state of `file` reached by `phases` phases of random play (both
/// kinds of decision, both sides) from seed `seed`, then on to the next
/// phase `decides` says a family decides in; `None` if the game ends first.
fn state(file: &'static str, seed: u64, phases: u32, decides: fn(&str) -> bool) -> Option<Game> {
    let mut g = LOADED.with(|l| l.borrow_mut().entry(file).or_insert_with(|| common::load(file)).clone());
    g.reseed(seed);
    let (mut a, mut b) = (RandomPolicy, RandomPolicy);
    let play = Play { fog: false, logistics: [Logistics::Policy; 2] };
    let mut m = Match::new(&mut a, &mut b, seed).with_play(play);
    for k in 0..phases + 24 {
        let next = g.next_phase()?;
        if g.is_over() {
            return None;
        }
        if k >= phases && decides(next.as_str()) {
            return Some(g);
        }
        m.phase(&mut g);
    }
    None
}

/// The state after the phase runs.
fn outcome(mut g: Game) -> String {
    g.step_phase();
    g.checksum().to_string()
}

/// `o` submitted on a clone of `g`, if accepted.
fn after(g: &Game, side: Side, o: &Order) -> Option<Game> {
    let mut c = g.clone();
    c.submit(side, &Orders::of([o.clone()])).ok().map(|()| c)
}

/// Soundness: every listed order passes on a clone, for three steps of
/// listed choices given one after the other.
fn sound(g: &Game, side: Side, pick: &mut common::mix::Mix) -> Result<(), TestCaseError> {
    let mut g = g.clone();
    for _ in 0..3 {
        let before = g.checksum();
        let listed = g.legal_orders_of(side, OrderClass::Logistics);
        prop_assert_eq!(g.checksum(), before, "listing changes no state");
        for o in &listed {
            prop_assert!(after(&g, side, o).is_some(), "listed but refused: {:?} at {:?}", o, g.clock());
        }
        if listed.is_empty() {
            break;
        }
        let o = listed[pick.below(listed.len())].clone();
        g.submit(side, &Orders::of([o])).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    Ok(())
}

/// Completeness of up to `k` accepted candidates, drawn from `candidates`.
fn complete(
    g: &Game,
    side: Side,
    candidates: &[Order],
    path_of: &dyn Fn(&Game, &Order) -> Vec<Order>,
    pick: &mut common::mix::Mix,
) -> Result<u32, TestCaseError> {
    let mut checked = 0;
    if candidates.is_empty() {
        return Ok(0);
    }
    let pass = outcome(g.clone());
    for _ in 0..40 {
        let o = &candidates[pick.below(candidates.len())];
        let Some(given) = after(g, side, o) else { continue };
        let target = outcome(given);
        let mut h = g.clone();
        let mut missed = None;
        for step in path_of(g, o) {
            if !h.legal_orders_of(side, OrderClass::Logistics).contains(&step) {
                missed = Some(format!("{step:?} is not listed"));
            } else if let Err(e) = h.submit(side, &Orders::of([step])) {
                missed = Some(format!("listed and refused: {e}"));
            }
            if missed.is_some() {
                break;
            }
        }
        let reached = missed.is_none() && outcome(h) == target;
        prop_assert!(
            reached || target == pass,
            "accepted, not reachable: {:?} at {:?} for {:?} ({})",
            o,
            g.clock(),
            side,
            missed.as_deref().unwrap_or("another outcome")
        );
        checked += 1;
        if checked == 6 {
            break;
        }
    }
    Ok(checked)
}

/// Labels of the nodes `keep` selects.
fn labels(g: &Game, keep: impl Fn(NodeId) -> bool) -> Vec<String> {
    let map = &g.spec().map;
    map.node_ids().filter(|&n| keep(n)).map(|n| map.label(n).to_string()).collect()
}

/// The ids of `side`'s units of `domain`.
fn units_of(g: &Game, side: Side, keep: impl Fn(&Unit) -> bool) -> Vec<String> {
    g.unit_ids()
        .into_iter()
        .filter(|id| g.unit_side(id.as_str()) == Some(side))
        .filter(|id| g.unit(id.as_str()).is_some_and(|(u, _, _)| keep(&u)))
        .map(|id| id.to_string())
        .collect()
}

fn domain_is(g: &Game, d: Domain) -> impl Fn(&Unit) -> bool + '_ {
    move |u| g.spec().ruleset.unit_type(u.kind).is_some_and(|t| t.domain == d)
}

mod supply {
    use super::*;
    use quartermaster::core::map::Features;
    use quartermaster::core::orders::SeaLineOrder;

    pub fn decides(phase: &str) -> bool {
        phase == "initial-supply" || phase == "post-combat-supply"
    }

    fn line(from: &str, to: &str, via: Vec<String>) -> SeaLineOrder {
        SeaLineOrder { from: from.into(), to: to.into(), via, islands: vec![], protect: vec![], air_cover: vec![] }
    }

    /// Designations of every source; plans of one line (any origin, any
    /// landing place, one protector or air cover) and two; one or two
    /// attackers on each of the first lines.
    pub fn candidates(g: &Game, side: Side) -> Vec<Order> {
        let spec = g.spec();
        let mut out: Vec<Order> = Vec::new();
        for s in &spec.sources {
            let at = spec.map.label(s.node).to_string();
            let class = spec.ruleset.source_classes.get(s.class.index()).map(|c| c.key.clone());
            for designate in [true, false] {
                out.push(SupplyOrder::DesignateSource { at: at.clone(), class: class.clone(), designate }.into());
            }
        }
        let map = &spec.map;
        let origins =
            labels(g, |n| map.box_sea(n).is_some() || map.node(n).is_some_and(|i| i.features.contains(Features::PORT)));
        let islands: Vec<NodeId> = map.island_groups.iter().flat_map(|gr| gr.hexes.iter().copied()).collect();
        let landings = labels(g, |n| map.landings.contains(&n) || islands.contains(&n));
        let naval = units_of(g, side, domain_is(g, Domain::Naval));
        let air = units_of(g, side, domain_is(g, Domain::Air));
        let mut lines = Vec::new();
        // Routes through named ports are accepted but not offered (the
        // listing names the port a box requires, `docs/orders.md`): lines
        // are drawn with none.
        for from in &origins {
            for to in &landings {
                lines.push(line(from, to, vec![]));
            }
        }
        out.push(SupplyOrder::SeaSupply(vec![]).into());
        for l in &lines {
            out.push(SupplyOrder::SeaSupply(vec![l.clone()]).into());
            for u in &naval {
                out.push(SupplyOrder::SeaSupply(vec![SeaLineOrder { protect: vec![u.clone()], ..l.clone() }]).into());
            }
            for u in &air {
                out.push(SupplyOrder::SeaSupply(vec![SeaLineOrder { air_cover: vec![u.clone()], ..l.clone() }]).into());
            }
        }
        for (i, a) in lines.iter().enumerate().step_by(3) {
            for b in lines.iter().skip(i + 1).step_by(5) {
                out.push(SupplyOrder::SeaSupply(vec![a.clone(), b.clone()]).into());
            }
        }
        let attackers: Vec<String> = naval.iter().chain(&air).cloned().collect();
        let group_islands: Vec<Option<String>> =
            std::iter::once(None).chain(islands.iter().map(|&n| Some(map.label(n).to_string()))).collect();
        for l in 0..3 {
            for (i, a) in attackers.iter().enumerate() {
                for at in &group_islands {
                    out.push(SupplyOrder::Intercept { line: l, by: vec![a.clone()], at_island: at.clone() }.into());
                }
                for b in attackers.iter().skip(i + 1) {
                    out.push(
                        SupplyOrder::Intercept { line: l, by: vec![a.clone(), b.clone()], at_island: None }.into(),
                    );
                }
            }
        }
        out
    }

    /// The canonical path: a plan line by line, each line's protectors
    /// then air cover one by one; attackers one by one.
    pub fn path_of(_: &Game, o: &Order) -> Vec<Order> {
        match o.downcast_ref::<SupplyOrder>() {
            Some(SupplyOrder::SeaSupply(lines)) if !lines.is_empty() => {
                let mut out = Vec::new();
                for (k, l) in lines.iter().enumerate() {
                    let done = &lines[..k];
                    let bare = SeaLineOrder { protect: vec![], air_cover: vec![], ..l.clone() };
                    let mut steps = vec![bare.clone()];
                    for m in 1..=l.protect.len() {
                        steps.push(SeaLineOrder { protect: l.protect[..m].to_vec(), ..bare.clone() });
                    }
                    for m in 1..=l.air_cover.len() {
                        steps.push(SeaLineOrder {
                            protect: l.protect.clone(),
                            air_cover: l.air_cover[..m].to_vec(),
                            ..bare.clone()
                        });
                    }
                    for s in steps {
                        out.push(SupplyOrder::SeaSupply([done, &[s]].concat()).into());
                    }
                }
                out
            }
            Some(SupplyOrder::Intercept { line, by, at_island }) => by
                .iter()
                .map(|u| {
                    SupplyOrder::Intercept { line: *line, by: vec![u.clone()], at_island: at_island.clone() }.into()
                })
                .collect(),
            _ => vec![o.clone()],
        }
    }
}

mod oil {
    use super::*;

    pub fn decides(phase: &str) -> bool {
        phase == "reorganization"
    }

    /// The side's major powers, by key.
    fn powers(g: &Game, side: Side) -> Vec<String> {
        let sides = g.nation_sides();
        let r = &g.spec().ruleset;
        r.nations
            .iter()
            .enumerate()
            .filter(|(i, n)| {
                sides.get(*i).copied().flatten() == Some(side)
                    && n.kind == quartermaster::core::nation::NationKind::Major
            })
            .map(|(_, n)| n.key.clone())
            .collect()
    }

    /// Reorganizations of units alone and in pairs, draws of every oil,
    /// saves, carries, spends and sends of one or two points at every city
    /// and port, expended supply of every unit.
    pub fn candidates(g: &Game, side: Side) -> Vec<Order> {
        use quartermaster::core::map::Features;
        let w = g.world();
        let map = &g.spec().map;
        let mine = units_of(g, side, |_| true);
        let powers = powers(g, side);
        let wells: Vec<String> =
            w.try_query::<&OilWell>().map(|mut q| q.iter(w).map(|x| x.key.clone()).collect()).unwrap_or_default();
        let piles: Vec<String> = w
            .try_query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>()
            .map(|mut q| q.iter(w).map(|(s, _, _)| map.label(s.node).to_string()).collect())
            .unwrap_or_default();
        let stores = labels(g, |n| map.node(n).is_some_and(|i| i.features.intersects(Features::CITY | Features::PORT)));
        let mut out: Vec<Order> = vec![OilOrder::Reorganize { units: vec![] }.into()];
        for (i, u) in mine.iter().enumerate() {
            out.push(OilOrder::Reorganize { units: vec![u.clone()] }.into());
            for v in mine.iter().skip(i + 1).take(3) {
                out.push(OilOrder::Reorganize { units: vec![u.clone(), v.clone()] }.into());
            }
            out.push(OilOrder::ExpendSupply { hq: u.clone(), supply: None }.into());
            for v in mine.iter().take(4) {
                out.push(OilOrder::ExpendSupply { hq: u.clone(), supply: Some(v.clone()) }.into());
            }
        }
        let keys: Vec<String> = wells
            .iter()
            .cloned()
            .chain(piles.iter().map(|p| format!("saved@{p}")))
            .chain(mine.iter().map(|u| format!("hq@{u}")))
            .collect();
        for p in &powers {
            for (i, k) in keys.iter().enumerate() {
                out.push(OilOrder::DrawOil { power: p.clone(), oil: vec![k.clone()] }.into());
                if let Some(k2) = keys.get(i + 1) {
                    out.push(OilOrder::DrawOil { power: p.clone(), oil: vec![k.clone(), k2.clone()] }.into());
                }
            }
            for at in &stores {
                for wk in &wells {
                    out.push(
                        OilOrder::SaveStock {
                            power: p.clone(),
                            at: at.clone(),
                            resources: vec![wk.clone()],
                            build_points: 0,
                        }
                        .into(),
                    );
                    out.push(
                        OilOrder::SaveStock {
                            power: p.clone(),
                            at: at.clone(),
                            resources: vec![wk.clone(); 2],
                            build_points: 1,
                        }
                        .into(),
                    );
                }
                for bp in 1..=2 {
                    out.push(
                        OilOrder::SaveStock { power: p.clone(), at: at.clone(), resources: vec![], build_points: bp }
                            .into(),
                    );
                }
            }
            for from in &piles {
                for to in &stores {
                    for (oil, bp) in [(1, 0), (0, 1), (2, 0), (1, 1)] {
                        out.push(
                            OilOrder::TransportStock {
                                power: p.clone(),
                                from: from.clone(),
                                to: to.clone(),
                                oil,
                                build_points: bp,
                            }
                            .into(),
                        );
                    }
                }
                for bp in 1..=2 {
                    out.push(OilOrder::SpendSaved { power: p.clone(), at: from.clone(), build_points: bp }.into());
                }
            }
            for q in powers.iter().filter(|q| *q != p) {
                for (resources, oil) in [(1, 0), (1, 1), (2, 1), (2, 0)] {
                    out.push(OilOrder::SendResources { from: p.clone(), to: q.clone(), resources, oil }.into());
                }
            }
        }
        out
    }

    /// The canonical path: units, oil and points one at a time.
    pub fn path_of(g: &Game, o: &Order) -> Vec<Order> {
        let each = |n: u32, make: &dyn Fn() -> OilOrder| (0..n).map(|_| Order::from(make())).collect::<Vec<_>>();
        match o.downcast_ref::<OilOrder>() {
            Some(OilOrder::Reorganize { units }) => {
                let dependent = |id: &String| {
                    g.unit(id).is_some_and(|(u, _, _)| g.spec().ruleset.unit_type(u.kind).is_some_and(|t| t.oil > 0))
                };
                let chosen: Vec<&String> = units.iter().filter(|u| dependent(u)).collect();
                if chosen.is_empty() {
                    return vec![OilOrder::Reorganize { units: vec![] }.into()];
                }
                chosen.into_iter().map(|u| OilOrder::Reorganize { units: vec![u.clone()] }.into()).collect()
            }
            Some(OilOrder::DrawOil { power, oil }) => {
                oil.iter().map(|k| OilOrder::DrawOil { power: power.clone(), oil: vec![k.clone()] }.into()).collect()
            }
            Some(OilOrder::SaveStock { power, at, resources, build_points }) => {
                let mut out: Vec<Order> = resources
                    .iter()
                    .map(|r| {
                        OilOrder::SaveStock {
                            power: power.clone(),
                            at: at.clone(),
                            resources: vec![r.clone()],
                            build_points: 0,
                        }
                        .into()
                    })
                    .collect();
                out.extend(each(*build_points, &|| OilOrder::SaveStock {
                    power: power.clone(),
                    at: at.clone(),
                    resources: vec![],
                    build_points: 1,
                }));
                out
            }
            Some(OilOrder::TransportStock { power, from, to, oil, build_points }) => {
                let t = |o, b| OilOrder::TransportStock {
                    power: power.clone(),
                    from: from.clone(),
                    to: to.clone(),
                    oil: o,
                    build_points: b,
                };
                let mut out = each(*oil, &|| t(1, 0));
                out.extend(each(*build_points, &|| t(0, 1)));
                out
            }
            Some(OilOrder::SpendSaved { power, at, build_points }) => {
                each(*build_points, &|| OilOrder::SpendSaved { power: power.clone(), at: at.clone(), build_points: 1 })
            }
            Some(OilOrder::SendResources { from, to, resources, oil }) => {
                let s = |o| OilOrder::SendResources { from: from.clone(), to: to.clone(), resources: 1, oil: o };
                let mut out = each(*oil, &|| s(1));
                out.extend(each(resources.saturating_sub(*oil), &|| s(0)));
                out
            }
            Some(OilOrder::ExpendSupply { hq, supply: None }) => {
                // Unnamed: the supply unit with the lowest id in the HQ's
                // hex, as the listing names it.
                let at = g.unit(hq).map(|(_, l, _)| l.node);
                let supply = g.unit_ids().into_iter().find(|id| {
                    g.unit(id.as_str()).is_some_and(|(u, l, _)| {
                        Some(l.node) == at && g.spec().ruleset.unit_type(u.kind).is_some_and(|t| t.key == "supply")
                    })
                });
                vec![OilOrder::ExpendSupply { hq: hq.clone(), supply: supply.map(|s| s.to_string()) }.into()]
            }
            _ => vec![o.clone()],
        }
    }
}

mod collect {
    use super::*;
    use quartermaster::collect::{Board, CollectOrder, Payment, middle_east};
    use quartermaster::core::map::NodeKind;

    pub fn decides(phase: &str) -> bool {
        phase == "collection"
    }

    /// A marker nation's track level now.
    pub fn level(g: &Game, payee: &str) -> u32 {
        let mut c = g.clone();
        Board::from_world(c.world_mut()).and_then(|b| middle_east::level_of(&b, payee)).unwrap_or(0)
    }

    /// Every ordered list of distinct `nations` with amounts from 1 to
    /// `left` adding up to `left`, or to `left` and one more (refused).
    fn splits(nations: &[String], left: u32, prefix: &mut Vec<Payment>, out: &mut Vec<Vec<Payment>>) {
        if left <= 1 && !prefix.is_empty() {
            let mut over = prefix.clone();
            if let Some(last) = over.last_mut() {
                last.amount += 1;
            }
            out.push(over);
        }
        if left == 0 {
            out.push(prefix.clone());
            return;
        }
        for n in nations {
            if prefix.iter().any(|p| &p.nation == n) {
                continue;
            }
            for amount in 1..=left {
                prefix.push(Payment { nation: n.clone(), amount });
                splits(nations, left - amount, prefix, out);
                prefix.pop();
            }
        }
    }

    /// Declines of every sea zone; splits of every marker nation among
    /// every nation (payers of either side, in every order, amounts up to
    /// the level), and the empty split.
    pub fn candidates(g: &Game, _: Side) -> Vec<Order> {
        let spec = g.spec();
        let map = &spec.map;
        let mut out: Vec<Order> = labels(g, |n| map.node(n).is_some_and(|i| i.kind == NodeKind::SeaZone))
            .into_iter()
            .map(|zone| CollectOrder::DeclineConvoyAttack { zone }.into())
            .collect();
        let nations: Vec<String> = spec.ruleset.nations.iter().map(|n| n.key.clone()).collect();
        for payee in &MiddleEastRules::of(&spec.ruleset).markers {
            let mut all = vec![Vec::new()];
            splits(&nations, level(g, payee), &mut Vec::new(), &mut all);
            out.extend(
                all.into_iter().map(|paid_by| CollectOrder::MiddleEastSplit { payee: payee.clone(), paid_by }.into()),
            );
        }
        out
    }

    /// The payee of a split.
    pub fn split_of(o: &Order) -> Option<&str> {
        match o.downcast_ref::<CollectOrder>() {
            Some(CollectOrder::MiddleEastSplit { payee, .. }) => Some(payee.as_str()),
            _ => None,
        }
    }

    /// The canonical path: a decline or a split is one choice.
    pub fn path_of(_: &Game, o: &Order) -> Vec<Order> {
        vec![o.clone()]
    }

    /// The engine's default is listed first: the first split listed for
    /// each payee, given by the side to move (the Axis choice), runs the
    /// phase to the same state as giving nothing.
    pub fn default_first(g: &Game) -> Result<(), TestCaseError> {
        let side = g.clock().side;
        let pass = outcome(g.clone());
        let mut h = g.clone();
        let listed = h.legal_orders_of(side, OrderClass::Logistics);
        for payee in &MiddleEastRules::of(&g.spec().ruleset).markers {
            let first = listed.iter().find(|o| split_of(o) == Some(payee.as_str()));
            if let Some(o) = first {
                h.submit(side, &Orders::of([o.clone()])).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        prop_assert_eq!(outcome(h), pass, "the first split listed is not the default at {:?}", g.clock());
        Ok(())
    }
}

/// One case of a family: a state, then soundness for both sides and
/// completeness for the side the family's decision belongs to.
fn case(
    files: &[&'static str],
    seed: u64,
    phases: u32,
    decides: fn(&str) -> bool,
    candidates: fn(&Game, Side) -> Vec<Order>,
    path_of: &dyn Fn(&Game, &Order) -> Vec<Order>,
) -> Result<(), TestCaseError> {
    let file = files[(seed % files.len() as u64) as usize];
    let Some(g) = state(file, seed, phases, decides) else { return Ok(()) };
    let mut pick = common::mix::Mix(seed ^ 0x0dd5_ea5e);
    for side in [Side::Axis, Side::Allies] {
        sound(&g, side, &mut pick)?;
        complete(&g, side, &candidates(&g, side), path_of, &mut pick)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn supply_decisions_are_sound_and_complete(seed in any::<u64>(), phases in 0u32..10) {
        case(SUPPLY, seed, phases, supply::decides, supply::candidates, &supply::path_of)?;
    }

    #[test]
    fn oil_decisions_are_sound_and_complete(seed in any::<u64>(), phases in 0u32..10) {
        case(OIL, seed, phases, oil::decides, oil::candidates, &oil::path_of)?;
    }

    #[test]
    fn collect_decisions_are_sound_and_complete(seed in any::<u64>(), phases in 0u32..10) {
        case(COLLECT, seed, phases, collect::decides, collect::candidates, &collect::path_of)?;
        let file = COLLECT[(seed % COLLECT.len() as u64) as usize];
        if file == MIDDLE_EAST && let Some(g) = state(file, seed, phases, collect::decides) {
            collect::default_first(&g)?;
        }
    }
}

#[test]
fn bombardment_is_not_listed() {
    for file in OIL {
        for seed in 0..4 {
            if let Some(mut g) = state(file, seed, 0, oil::decides) {
                let side = g.clock().side;
                let listed = g.legal_orders_of(side, OrderClass::Logistics);
                assert!(listed.iter().all(|o| o.kind() != "Bombard"), "{file}: bombardment listed");
            }
        }
    }
}

/// Splits with a zero amount are accepted and not listed
/// (`docs/orders.md`): each settles to the same state as a listed split,
/// with treasuries that pay in full, in part and not at all (ruling 6).
#[test]
fn a_split_with_a_zero_amount_settles_as_a_listed_split() {
    use quartermaster::collect::{CollectOrder, Payment, Treasury};
    let g = state(MIDDLE_EAST, 0, 0, collect::decides).expect("the Middle East scenario collects");
    let side = g.clock().side;
    let payee = "germany";
    let level = collect::level(&g, payee);
    assert_eq!(level, 3, "MET-007's example: Germany's marker stands at 3");
    let payers = ["uk", "usa", "ussr"];
    // Each ordered list of distinct payers with amounts from 0, one zero
    // at least, adding up to the level.
    let mut zero_splits: Vec<Vec<Payment>> = Vec::new();
    for a in 0..=level {
        for b in 0..=level - a {
            let amounts = [a, b, level - a - b];
            for perm in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
                let split: Vec<Payment> =
                    perm.iter().zip(amounts).map(|(&i, amount)| Payment { nation: payers[i].into(), amount }).collect();
                for len in 1..=3 {
                    let head = &split[..len];
                    let sum: u32 = head.iter().map(|p| p.amount).sum();
                    if sum == level && head.iter().any(|p| p.amount == 0) && !zero_splits.contains(&head.to_vec()) {
                        zero_splits.push(head.to_vec());
                    }
                }
            }
        }
    }
    assert_eq!(zero_splits.len(), 12 + 54, "pairs with a zero, and triples with one or two");
    for has in [[10, 4, 3], [1, 0, 1], [0, 2, 0], [0, 0, 0]] {
        let mut g = g.clone();
        let mut treasury = g.world().resource::<Treasury>().clone();
        for (p, h) in payers.iter().zip(has) {
            treasury.balance.insert((*p).to_string(), h);
        }
        g.world_mut().insert_resource(treasury);
        let listed: Vec<String> = g
            .legal_orders_of(side, OrderClass::Logistics)
            .into_iter()
            .filter(|o| collect::split_of(o) == Some(payee))
            .filter_map(|o| after(&g, side, &o).map(outcome))
            .collect();
        assert_eq!(listed.len(), 3 + 6 * 2 + 6, "every split of 3 among 3 payers, positive amounts");
        for paid_by in &zero_splits {
            let o: Order = CollectOrder::MiddleEastSplit { payee: payee.into(), paid_by: paid_by.clone() }.into();
            let target = after(&g, side, &o).map(outcome).expect("a split with a zero amount is accepted");
            assert!(listed.contains(&target), "{paid_by:?} with {has:?} settles as no listed split");
        }
    }
}

#[test]
fn each_family_lists_logistics_somewhere() {
    let mut kinds = std::collections::BTreeSet::new();
    let families = [(SUPPLY, supply::decides as fn(&str) -> bool), (OIL, oil::decides), (COLLECT, collect::decides)];
    for (files, decides) in families {
        for file in files {
            for seed in 0..3 {
                if let Some(mut g) = state(file, seed, 0, decides) {
                    for side in [Side::Axis, Side::Allies] {
                        kinds.extend(g.legal_orders_of(side, OrderClass::Logistics).iter().map(Order::kind));
                    }
                }
            }
        }
    }
    let expected = ["DesignateSource", "SeaSupply", "Intercept", "Reorganize", "SaveStock"];
    for k in expected.into_iter().chain(["DeclineConvoyAttack", "MiddleEastSplit"]) {
        assert!(kinds.contains(k), "{k} never listed: {kinds:?}");
    }
}
