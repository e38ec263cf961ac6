//! `Game::observation` (issue 11): plain data sorted by stable ids, fog of
//! war against an independent oracle (graph distances over the map's
//! adjacency, not hex coordinates), and the tensor encoding's planes, each
//! checked against values read from the scenario (terrain, rivers, all-sea
//! hexsides, objectives, strength by unit class, statuses, zones) and the
//! scalars.

use crate::common;

use quartermaster::game::observation::{Fog, planes};
use quartermaster::prelude::*;
use quartermaster::trace::EdgeKinds;

const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";

#[test]
fn without_fog_a_side_sees_its_units_with_capabilities_and_every_enemy() {
    let g = common::load(POCKET);
    let obs = g.observation(Side::Allies);
    let own: Vec<&str> = obs.own_units.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(own, ["sov-13a", "sov-16a", "sov-20a", "sov-21a", "sov-3a", "sov-5t"]);
    let enemy: Vec<&str> = obs.enemy_units.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(enemy, ["ger-12i", "ger-4pz", "ger-7pz", "ger-9i"]);
    assert!(obs.own_units.iter().all(|u| u.capabilities.is_some()));
    assert!(obs.enemy_units.iter().all(|u| u.capabilities.is_none()));
    let vyazma = obs.own_units.iter().find(|u| u.id == "sov-21a").unwrap();
    assert_eq!(vyazma.at, "e53");
    assert_eq!(obs.hexes.len(), g.spec().map.node_count());
    assert!(obs.hexes.windows(2).all(|w| w[0].node < w[1].node), "hexes sorted by node id");
    assert!(obs.hexes.iter().all(|h| h.visible));
    assert_eq!((obs.turn, obs.to_move, obs.phase.as_deref()), (3, Side::Allies, Some("initial-supply")));
}

#[test]
fn the_pocket_shows_isolated_after_the_initial_determination() {
    let mut g = common::load(POCKET);
    g.step_phase();
    let obs = g.observation(Side::Allies);
    for id in ["sov-13a", "sov-21a", "sov-3a"] {
        let u = obs.own_units.iter().find(|u| u.id == id).unwrap();
        assert_eq!(u.status, UnitStatus::Isolated, "{id}");
        assert!(!u.capabilities.as_ref().unwrap().can_move, "{id}: SUP-174");
    }
    // The Germans see the same statuses of the Russian units.
    let seen = g.observation(Side::Axis);
    let u = seen.enemy_units.iter().find(|u| u.id == "sov-21a").unwrap();
    assert_eq!(u.status, UnitStatus::Isolated);
}

#[test]
fn fog_hides_enemies_beyond_sight_as_the_map_graph_measures_it() {
    let g = common::load(POCKET);
    let map = &g.spec().map;
    for sight in 0..4u32 {
        for side in [Side::Axis, Side::Allies] {
            let all = g.observation(side);
            let fogged = g.observation_with(side, Fog::Sight(sight));
            let eyes: Vec<NodeId> = all.own_units.iter().map(|u| u.node).collect();
            let dist =
                quartermaster::trace::bfs_distances(&map.adjacency, EdgeKinds::ALL, &eyes, 64, |n| map.is_hex(n));
            let expected: Vec<&str> =
                all.enemy_units.iter().filter(|u| dist[u.node] <= sight).map(|u| u.id.as_str()).collect();
            let seen: Vec<&str> = fogged.enemy_units.iter().map(|u| u.id.as_str()).collect();
            assert_eq!(seen, expected, "{side} with sight {sight}");
            assert_eq!(fogged.own_units, all.own_units, "own units are never hidden");
            // Enemy hexes show no supply status under fog.
            assert!(fogged.hexes.iter().filter(|h| h.control == Some(side.other())).all(|h| h.supply.is_none()));
        }
    }
    let near = g.observation_with(Side::Allies, Fog::Sight(1));
    assert!(near.enemy_units.len() < 4, "sight 1 hides some of the ring");
}

#[test]
fn the_tensor_counts_what_the_observation_lists() {
    let mut g = common::load(POCKET);
    g.step_phase();
    for side in [Side::Axis, Side::Allies] {
        let obs = g.observation(side);
        let (p, rows, cols) = obs.shape();
        assert_eq!((p, rows, cols), (planes::COUNT, 11, 13));
        let t = obs.tensor();
        assert_eq!(t.len(), p * rows * cols);
        let plane = |i: usize| &t[i * rows * cols..(i + 1) * rows * cols];
        let sum = |i: usize| plane(i).iter().map(|&v| usize::from(v)).sum::<usize>();
        let status = |s: UnitStatus| obs.own_units.iter().filter(|u| u.status == s).count();
        assert_eq!(sum(planes::OWN_UNITS_FULL), status(UnitStatus::Full));
        assert_eq!(sum(planes::OWN_UNITS_PARTIAL), status(UnitStatus::Partial));
        assert_eq!(sum(planes::OWN_UNITS_ISOLATED), status(UnitStatus::Isolated));
        assert_eq!(sum(planes::OWN_ARMOR), obs.own_units.iter().filter(|u| u.armor).count());
        assert_eq!(sum(planes::ENEMY_UNITS), obs.enemy_units.len());
        let own = obs.hexes.iter().filter(|h| h.row_col.is_some() && h.control == Some(side)).count();
        assert_eq!(sum(planes::OWN_CONTROL), own);
        assert_eq!(sum(planes::LAND), rows * cols, "the excerpt is all land");
        assert_eq!(sum(planes::TO_MOVE), if side == obs.to_move { rows * cols } else { 0 });
        // Vyazma (e53: row 4, column 53) is a city.
        let vyazma = 4 * cols + (53 - 50);
        assert_eq!(plane(planes::CITY)[vyazma], 1);
    }
}

#[test]
fn an_observation_round_trips_through_json() {
    let g = common::load(POCKET);
    let obs = g.observation_with(Side::Axis, Fog::Sight(2));
    let text = serde_json::to_string(&obs).unwrap();
    let back: quartermaster::game::Observation = serde_json::from_str(&text).unwrap();
    assert_eq!(back, obs);
}

const EASTERN: &str = "scenarios/awaw/eastern-front-1941.ron";
const CROSSINGS: &str = "scenarios/awaw/edges/crossings.ron";

/// One plane of a tensor, as a slice of `rows × cols` bytes.
fn plane_of(t: &[u8], cells: usize, i: usize) -> &[u8] {
    &t[i * cells..(i + 1) * cells]
}

/// The grid cell of a node, from its label's row and column.
fn cell_of(obs: &quartermaster::game::Observation, g: &Game, n: NodeId) -> Option<usize> {
    let (r, c) = g.spec().map.row_col(n)?;
    Some((r - obs.grid.0) as usize * obs.grid.3 as usize + (c - obs.grid.1) as usize)
}

/// The side of hex `(r, c)` that faces `(r2, c2)` (0 east, 1 north-east,
/// 2 north-west, 3 west, 4 south-west, 5 south-east), from offset
/// arithmetic: odd rows are shoved right, so a hex's diagonal neighbours
/// are in its own column and the one right of it on an odd row, in its own
/// column and the one left of it on an even row.
fn side_towards((r, c): (u32, u32), (r2, c2): (u32, u32)) -> u32 {
    let (dc, odd) = (i64::from(c2) - i64::from(c), r % 2 == 1);
    let right = if odd { 1 } else { 0 };
    match (i64::from(r2) - i64::from(r), dc) {
        (0, 1) => 0,
        (0, -1) => 3,
        (-1, d) if d == right => 1,
        (-1, d) if d == right - 1 => 2,
        (1, d) if d == right - 1 => 4,
        (1, d) if d == right => 5,
        other => panic!("({r},{c}) and ({r2},{c2}) are not adjacent: {other:?}"),
    }
}

#[test]
fn terrain_planes_follow_the_map_layers_and_the_operations_costs() {
    let g = common::load(EASTERN);
    let spec = g.spec();
    let rules = &g.world().resource::<quartermaster::ops::OpsData>().0.rules;
    for fog in [Fog::Off, Fog::Sight(1)] {
        let obs = g.observation_with(Side::Axis, fog);
        let (_, rows, cols) = obs.shape();
        let t = obs.tensor();
        let plane = |i| plane_of(&t, rows * cols, i);
        let mut seen = 0;
        for n in spec.map.node_ids() {
            let Some(at) = cell_of(&obs, &g, n) else { continue };
            let key = &spec.ruleset.terrain[spec.map.node(n).unwrap().terrain.index()].key;
            let index = spec.ruleset.terrain.iter().position(|d| &d.key == key).unwrap();
            assert_eq!(usize::from(plane(planes::TERRAIN)[at]), index + 1, "{}", spec.map.label(n));
            let cost = rules.terrain_cost.get(key).copied().unwrap_or(1);
            assert_eq!(u32::from(plane(planes::MOVE_COST)[at]), cost, "{}: {key}", spec.map.label(n));
            let shift = rules.terrain_shift.get(key).copied().unwrap_or(0);
            assert_eq!(u32::from(plane(planes::DEFENCE_SHIFT)[at]), shift, "{}: {key}", spec.map.label(n));
            seen += 1;
        }
        assert_eq!(seen, spec.map.node_ids().filter(|&n| spec.map.is_hex(n)).count());
        assert!(plane(planes::TERRAIN).iter().collect::<std::collections::BTreeSet<_>>().len() > 2, "varied terrain");
    }
}

#[test]
fn river_sides_mark_both_hexes_of_each_river_hexside() {
    let g = common::load(EASTERN);
    let map = &g.spec().map;
    let rules = &g.world().resource::<quartermaster::ops::OpsData>().0.rules;
    assert!(!rules.rivers.is_empty());
    let obs = g.observation(Side::Allies);
    let (_, rows, cols) = obs.shape();
    let mut expected = vec![0u8; rows * cols];
    for (a, b) in &rules.rivers {
        let (a, b) = (map.find(a).unwrap(), map.find(b).unwrap());
        let (ra, rb) = (map.row_col(a).unwrap(), map.row_col(b).unwrap());
        expected[cell_of(&obs, &g, a).unwrap()] |= 1 << side_towards(ra, rb);
        expected[cell_of(&obs, &g, b).unwrap()] |= 1 << side_towards(rb, ra);
    }
    let t = obs.tensor();
    assert_eq!(plane_of(&t, rows * cols, planes::RIVER_SIDES), expected.as_slice());
    assert!(plane_of(&t, rows * cols, planes::SEA_SIDES).iter().all(|&v| v == 0), "no all-sea hexsides");
}

#[test]
fn sea_sides_are_the_scenarios_all_sea_hexsides_seen_from_both_hexes() {
    let g = common::load(CROSSINGS);
    let obs = g.observation(Side::Axis);
    let (_, rows, cols) = obs.shape();
    let t = obs.tensor();
    let sea = plane_of(&t, rows * cols, planes::SEA_SIDES);
    let at = |label: &str| cell_of(&obs, &g, g.spec().map.find(label).unwrap()).unwrap();
    // The file's `all_sea_sides`: e2-e3 and g2-g3 on one row (east and
    // west), i2-j2 from an even row to the odd row below it: j2 is i2's
    // south-east neighbour, i2 is j2's north-west one.
    let marked = [("e2", 1), ("e3", 8), ("g2", 1), ("g3", 8), ("i2", 32), ("j2", 4)];
    for (label, mask) in marked {
        assert_eq!(sea[at(label)], mask, "{label}");
    }
    assert_eq!(sea.iter().filter(|&&v| v != 0).count(), marked.len());
    assert!(plane_of(&t, rows * cols, planes::RIVER_SIDES).iter().all(|&v| v == 0), "no operations rivers");
}

#[test]
fn objective_points_sit_on_the_victory_objectives() {
    let g = common::load(EASTERN);
    let map = &g.spec().map;
    let victory = g.world().resource::<quartermaster::ops::OpsData>().0.rules.victory.clone().unwrap();
    for side in [Side::Axis, Side::Allies] {
        let obs = g.observation_with(side, Fog::Sight(2));
        let (_, rows, cols) = obs.shape();
        let t = obs.tensor();
        let points = plane_of(&t, rows * cols, planes::OBJECTIVE_POINTS);
        let mut expected = vec![0u8; rows * cols];
        for o in &victory.objectives {
            expected[cell_of(&obs, &g, map.find(&o.at).unwrap()).unwrap()] += o.points as u8;
        }
        assert_eq!(points, expected.as_slice());
        let at = |name: &str| cell_of(&obs, &g, map.find(name).unwrap()).unwrap();
        assert_eq!((points[at("berlin")], points[at("kiev")], points[at("minsk")]), (2, 2, 1));
    }
    // Without victory data every cell is 0.
    let pocket = common::load(POCKET).observation(Side::Axis);
    let (_, rows, cols) = pocket.shape();
    assert!(plane_of(&pocket.tensor(), rows * cols, planes::OBJECTIVE_POINTS).iter().all(|&v| v == 0));
}

/// The strength plane of a unit type from its ruleset flags.
fn class_plane(g: &Game, key: &str, own: bool) -> usize {
    use quartermaster::core::ruleset::Domain;
    let d = g.spec().ruleset.unit_types.iter().find(|d| d.key == key).unwrap();
    let offset = match d.domain {
        Domain::Air => 3,
        Domain::Naval => 4,
        Domain::Ground if d.hq => 2,
        Domain::Ground if d.armor => 1,
        Domain::Ground => 0,
    };
    offset + if own { planes::OWN_INFANTRY_FACTORS } else { planes::ENEMY_INFANTRY_FACTORS }
}

/// The strength planes (own and enemy, five classes each) a side should
/// see: the factors of the units listed, summed by hex and class.
fn expected_strength(g: &Game, obs: &quartermaster::game::Observation) -> Vec<u8> {
    let cells = (obs.grid.2 * obs.grid.3) as usize;
    let mut out = vec![0u8; 10 * cells];
    let listed = obs.own_units.iter().map(|u| (u, true)).chain(obs.enemy_units.iter().map(|u| (u, false)));
    for (u, own) in listed {
        let Some(at) = cell_of(obs, g, u.node) else { continue };
        let p = class_plane(g, &u.unit_type.key, own) - planes::OWN_INFANTRY_FACTORS;
        out[p * cells + at] = out[p * cells + at].saturating_add(u.factors);
    }
    out
}

#[test]
fn strength_planes_sum_factors_by_unit_class() {
    for path in [POCKET, "scenarios/mwif/stockpiles.ron", "scenarios/awaw/isolation/europe.ron"] {
        let g = common::load(path);
        for side in [Side::Axis, Side::Allies] {
            let obs = g.observation(side);
            let (_, rows, cols) = obs.shape();
            let cells = rows * cols;
            let t = obs.tensor();
            let got = &t[planes::OWN_INFANTRY_FACTORS * cells..(planes::ENEMY_NAVAL_FACTORS + 1) * cells];
            assert_eq!(got, expected_strength(&g, &obs).as_slice(), "{path} {side}");
        }
    }
    // Worked: the pocket's 4th Panzer (armor) in g53, seen by the Russians.
    let g = common::load(POCKET);
    let obs = g.observation(Side::Allies);
    let (_, rows, cols) = obs.shape();
    let t = obs.tensor();
    let pz = obs.enemy_units.iter().find(|u| u.id == "ger-4pz").unwrap();
    let at = cell_of(&obs, &g, g.spec().map.find("g53").unwrap()).unwrap();
    assert_eq!(plane_of(&t, rows * cols, planes::ENEMY_ARMOR_FACTORS)[at], pz.factors);
    assert_eq!(plane_of(&t, rows * cols, planes::ENEMY_INFANTRY_FACTORS)[at], 0);
    assert!(pz.factors > 0);
}

#[test]
fn under_fog_strength_shows_only_enemies_within_sight() {
    let g = common::load(POCKET);
    let map = &g.spec().map;
    for sight in 0..4u32 {
        for side in [Side::Axis, Side::Allies] {
            let all = g.observation(side);
            let eyes: Vec<NodeId> = all.own_units.iter().map(|u| u.node).collect();
            let dist =
                quartermaster::trace::bfs_distances(&map.adjacency, EdgeKinds::ALL, &eyes, 64, |n| map.is_hex(n));
            let fogged = g.observation_with(side, Fog::Sight(sight));
            let (_, rows, cols) = fogged.shape();
            let cells = rows * cols;
            let t = fogged.tensor();
            let mut expected = vec![0u8; cells];
            for u in all.enemy_units.iter().filter(|u| dist[u.node] <= sight) {
                expected[cell_of(&fogged, &g, u.node).unwrap()] += u.factors;
            }
            let enemy: Vec<u8> = (0..cells)
                .map(|i| (planes::ENEMY_INFANTRY_FACTORS..=planes::ENEMY_NAVAL_FACTORS).map(|p| t[p * cells + i]).sum())
                .collect();
            assert_eq!(enemy, expected, "{side} with sight {sight}");
        }
    }
}

#[test]
fn enemy_hex_status_shows_without_fog_and_never_under_it() {
    use quartermaster::core::components::{Control, MapNode};
    use quartermaster::core::supply::HexSupply;
    let mut g = common::load(POCKET);
    g.step_phase();
    let sides = g.nation_sides();
    let mut truth: Vec<(NodeId, Option<Side>, Option<HexStatus>)> = g
        .world_mut()
        .query::<(&MapNode, &Control, &HexSupply)>()
        .iter(g.world())
        .map(|(n, c, h)| (n.0, c.current.and_then(|x| sides[x.index()]), h.status))
        .collect();
    truth.sort_by_key(|x| x.0);
    for side in [Side::Axis, Side::Allies] {
        for fog in [Fog::Off, Fog::Sight(2)] {
            let obs = g.observation_with(side, fog);
            let (_, rows, cols) = obs.shape();
            let cells = rows * cols;
            let t = obs.tensor();
            let own_planes = [planes::OWN_HEX_FULL, planes::OWN_HEX_PARTIAL, planes::OWN_HEX_UNSUPPLIED];
            let enemy_planes = [planes::ENEMY_HEX_FULL, planes::ENEMY_HEX_PARTIAL, planes::ENEMY_HEX_UNSUPPLIED];
            let mut shown = [0usize; 3];
            for &(n, control, status) in &truth {
                let Some(at) = cell_of(&obs, &g, n) else { continue };
                let k = match status {
                    Some(HexStatus::Full) => 0,
                    Some(HexStatus::Partial) => 1,
                    _ => 2,
                };
                for (i, p) in own_planes.iter().enumerate() {
                    assert_eq!(t[p * cells + at], u8::from(control == Some(side) && i == k));
                }
                let enemy_shown = control == Some(side.other()) && fog == Fog::Off;
                for (i, p) in enemy_planes.iter().enumerate() {
                    assert_eq!(t[p * cells + at], u8::from(enemy_shown && i == k), "{side} {fog:?}");
                }
                shown[k] += usize::from(enemy_shown);
            }
            if fog == Fog::Off {
                assert!(shown.iter().sum::<usize>() > 0, "the enemy holds hexes");
            }
        }
    }
}

#[test]
fn zone_planes_number_the_last_determinations_zones_by_their_lowest_hex() {
    let mut g = common::load(POCKET);
    let before = g.observation(Side::Allies);
    let (_, rows, cols) = before.shape();
    let cells = rows * cols;
    assert!(plane_of(&before.tensor(), cells, planes::OWN_ZONE).iter().all(|&v| v == 0), "no determination yet");
    g.step_phase(); // the Russians' initial determination
    let zones = g.world().resource::<quartermaster::supply::sea_log::Zones>().clone();
    assert_eq!(zones.at.unwrap().side, Side::Allies);
    let mut parts: Vec<Vec<NodeId>> = zones.zones.iter().map(|z| z.hexes.clone()).filter(|h| !h.is_empty()).collect();
    parts.sort();
    assert!(parts.len() >= 2, "the pocket is a zone of its own: {parts:?}");
    let russians = g.observation(Side::Allies);
    let t = russians.tensor();
    let own = plane_of(&t, cells, planes::OWN_ZONE);
    for (i, hexes) in parts.iter().enumerate() {
        for &n in hexes {
            assert_eq!(usize::from(own[cell_of(&russians, &g, n).unwrap()]), i + 1, "{}", g.spec().map.label(n));
        }
    }
    let at = |label: &str| own[cell_of(&russians, &g, g.spec().map.find(label).unwrap()).unwrap()];
    assert_ne!(at("e53"), at("e58"), "Vyazma's pocket and the main front are two zones");
    assert!(plane_of(&t, cells, planes::ENEMY_ZONE).iter().all(|&v| v == 0), "no German determination yet");
    // The Germans see the Russian zones as enemy zones without fog only.
    let open = g.observation(Side::Axis).tensor();
    assert_eq!(plane_of(&open, cells, planes::ENEMY_ZONE), own);
    assert!(plane_of(&open, cells, planes::OWN_ZONE).iter().all(|&v| v == 0));
    let fogged = g.observation_with(Side::Axis, Fog::Sight(3)).tensor();
    assert!(plane_of(&fogged, cells, planes::ENEMY_ZONE).iter().all(|&v| v == 0));
}

#[test]
fn scalars_give_the_clock_and_the_sides_economy() {
    use quartermaster::game::observation::scalars;
    let mut g = common::load("scenarios/mwif/stockpiles.ron");
    for step in 0..3 {
        let order: Vec<String> =
            (0..g.phase_order().len()).map(|i| g.phase_order().get(i).unwrap().to_string()).collect();
        for side in [Side::Axis, Side::Allies] {
            let obs = g.observation_with(side, Fog::Sight(1));
            let s = obs.scalars();
            assert_eq!(s.len(), scalars::COUNT);
            assert_eq!(s[scalars::TURN], i64::from(g.clock().turn), "step {step}");
            let phase = g.next_phase().map(|p| p.to_string());
            let index = phase.map_or(order.len(), |p| order.iter().position(|x| *x == p).unwrap());
            assert_eq!(s[scalars::PHASE], index as i64);
            assert_eq!(s[scalars::TO_MOVE], i64::from(g.clock().side == side));
            assert_eq!(s[scalars::SIDE], i64::from(side == Side::Allies));
            let e = g.economy(side);
            let eco = [
                i64::from(e.treasury),
                e.net_income,
                i64::from(e.saved_oil),
                i64::from(e.saved_build_points),
                i64::from(e.build_points),
                i64::from(e.oil_production),
                i64::from(e.disorganized),
            ];
            assert_eq!(&s[scalars::TREASURY..], eco.as_slice());
        }
        g.step_phase();
    }
    let axis = g.economy(Side::Axis);
    assert!(axis.saved_oil + axis.saved_build_points + axis.build_points > 0, "the stockpiles scenario has stock");
}
