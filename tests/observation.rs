//! `Game::observation` (issue 11): plain data sorted by stable ids, fog of
//! war against an independent oracle (graph distances over the map's
//! adjacency, not hex coordinates), and the tensor encoding's planes.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "tests fail loudly")]

mod common;

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
            let eyes: Vec<u32> = all.own_units.iter().map(|u| u.node).collect();
            let dist =
                quartermaster::trace::bfs_distances(&map.adjacency, EdgeKinds::ALL, &eyes, 64, |n| map.is_hex(n));
            let expected: Vec<&str> =
                all.enemy_units.iter().filter(|u| dist[u.node as usize] <= sight).map(|u| u.id.as_str()).collect();
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
