//! The end of the game (issue 11): victory conditions as scenario data,
//! `Game::is_over`, `Game::result`, and `qm run` stopping at the end.

use crate::common;

use common::ops::*;
use common::*;
use quartermaster::game::{EndReason, GameResult};
use quartermaster::prelude::*;
use std::collections::BTreeMap;

/// Steps phases until the game is over (at most `max`), returning how many.
fn play_out(g: &mut Game, max: u32) -> u32 {
    let mut n = 0;
    while !g.is_over() && n < max {
        g.step_phase();
        n += 1;
    }
    n
}

#[test]
fn turn_limit_ends_the_game_and_the_defender_wins_short_of_the_threshold() {
    // Nobody moves: at the end of turn 9 Germany holds Berlin, Königsberg
    // and Warsaw (4 points), short of the 5 it needs; Russia wins.
    let mut g = load(EAST);
    assert!(!g.is_over());
    assert_eq!(g.result(), None);
    let phases = play_out(&mut g, 999);
    let per_turn = 2 * g.phase_order().len() as u32;
    assert_eq!(phases, 9 * per_turn, "the game runs exactly its nine turns");
    let r = g.result().expect("over");
    assert_eq!(
        r,
        GameResult {
            winner: Some(Side::Allies),
            reason: EndReason::TurnLimit,
            turn: 9,
            score: BTreeMap::from([(Side::Axis, 4), (Side::Allies, 11)]),
        }
    );
    assert!(g.is_over());
    assert!(g.legal_orders(Side::Axis).is_empty() && g.legal_orders(Side::Allies).is_empty());
}

#[test]
fn objectives_held_at_a_game_turns_end_win_at_once() {
    // With the sudden-death threshold at 4 points, Germany wins at the end
    // of the first game turn (after Russia's player turn, not before).
    let mut g = east_with(|t| t.replace(r#"(side: "Axis", points: 12)"#, r#"(side: "Axis", points: 4)"#), 1);
    let axis_turn = g.phase_order().len() as u32;
    for _ in 0..axis_turn {
        g.step_phase();
    }
    assert!(!g.is_over(), "a game turn ends with the second player turn");
    let phases = play_out(&mut g, 999);
    assert_eq!(phases, axis_turn);
    let r = g.result().expect("over");
    assert_eq!((r.winner, r.reason, r.turn), (Some(Side::Axis), EndReason::Objectives, 1));
    assert_eq!(r.score[&Side::Axis], 4);
}

#[test]
fn a_side_without_ground_units_loses() {
    let mut g = east_with(
        |t| t.lines().filter(|l| !l.contains(r#"nation: "russia", kind:"#)).collect::<Vec<_>>().join("\n"),
        1,
    );
    let phases = play_out(&mut g, 999);
    assert_eq!(phases, g.phase_order().len() as u32, "over at the end of Germany's first player turn");
    let r = g.result().expect("over");
    assert_eq!((r.winner, r.reason), (Some(Side::Axis), EndReason::Elimination));
}

#[test]
fn a_scenario_without_victory_conditions_never_ends() {
    let mut g = load("scenarios/awaw/barbarossa-pocket.ron");
    assert_eq!(play_out(&mut g, 60), 60);
    assert_eq!(g.result(), None);
}

#[test]
fn the_result_survives_a_snapshot() {
    let mut g = east_with(|t| t.replace(r#"(side: "Axis", points: 12)"#, r#"(side: "Axis", points: 4)"#), 3);
    play_out(&mut g, 999);
    let restored = Game::restore(&g.snapshot());
    assert_eq!(restored.result(), g.result());
    assert_eq!(restored.checksum(), g.checksum());
    let _ = g.clone();
}

#[test]
fn qm_run_stops_at_the_end_and_prints_the_result() {
    let (code, text, _) = qm(&["run", EAST, "--phases", "999"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("game over after 108 phases: turn 9: Allies wins (turn-limit); score Axis 4, Allies 11"),
        "{text}"
    );
    let v = json(&["run", EAST, "--phases", "999", "--json"]);
    assert_eq!(v["result"]["winner"], "Allies");
    assert_eq!(v["result"]["reason"], "turn-limit");
    assert_eq!(v["result"]["turn"], 9);
}
