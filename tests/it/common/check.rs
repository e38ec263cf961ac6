//! Data-driven outcome tests, in the style of rust-analyzer's `check`
//! helpers: a scenario, the steps to run on it, and the whole outcome
//! expected, as text. `UPDATE_EXPECT=1 cargo test --test it` rewrites the
//! expectations in place; review the diff against the rules before
//! committing it.

use super::*;
use expect_test::Expect;
use std::fmt::Write;

/// A step of a checked run.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The initial supply determination of a side (SUP-185).
    Initial(Side),
    /// One phase of the game's own order, with the engine's defaults.
    Phase,
}

/// Loads `scenario` (seed 1), runs `steps`, and compares the game's
/// [`outcome`] with `expect`.
#[track_caller]
pub fn check(scenario: &str, steps: &[Step], expect: Expect) {
    let mut g = load(scenario);
    for step in steps {
        match *step {
            Step::Initial(side) => {
                g.determine_supply(side, DeterminationKind::Initial);
            }
            Step::Phase => {
                g.step_phase();
            }
        }
    }
    expect.assert_eq(&outcome(&g));
}

/// Every unit's supply, one line a unit in id order: its status and how it
/// got it (the line's source and hexes, an own-hex source, supply without
/// a line) or, unsupplied, what blocked it, by reason; a unit no
/// determination has reached says so. Then the units eliminated.
#[must_use]
pub fn outcome(g: &Game) -> String {
    let mut out = String::new();
    for id in g.unit_ids() {
        let _ = writeln!(out, "{}", unit_line(g, id.as_str()));
    }
    for e in g.eliminations() {
        let at = g.spec().map.label(e.unit.location.node);
        let _ = writeln!(out, "eliminated on turn {}: {} at {at}", e.turn, e.unit.id.as_str());
    }
    out
}

/// One unit's line of the [`outcome`].
fn unit_line(g: &Game, id: &str) -> String {
    let s = supply(g, id);
    let mut line = format!("{id}: {}", format!("{:?}", s.status).to_lowercase());
    if s.at.is_none() {
        line.push_str(" (not determined)");
    } else if let Some(source) = line_source(g, id) {
        let _ = write!(line, " from {source} via {}", line_labels(g, id).join(" "));
    } else if let Some(own) = &s.own_hex {
        let _ = write!(line, " by its own hex's source {own:?}");
    } else if let Some(why) = &s.automatic {
        let _ = write!(line, " without a line ({why:?})");
    } else {
        let mut by_reason: Vec<(String, Vec<String>)> = Vec::new();
        for (hex, why) in blocks(g, id) {
            let why = reason(g, &why);
            match by_reason.iter_mut().find(|(r, _)| *r == why) {
                Some((_, hexes)) => hexes.push(hex),
                None => by_reason.push((why, vec![hex])),
            }
        }
        for (why, hexes) in by_reason {
            let _ = write!(line, "; {why} at {}", hexes.join(" "));
        }
    }
    line
}

/// A blocking reason in words, nations by key and units by id.
fn reason(g: &Game, why: &BlockReason) -> String {
    let nation = |n: &NationId| g.spec().ruleset.nation_key(*n).to_string();
    match why {
        BlockReason::EnemyControl(n) => format!("enemy {}", nation(n)),
        BlockReason::NotFriendly(n) => format!("neutral {}", nation(n)),
        BlockReason::Uncontrolled => "uncontrolled".into(),
        BlockReason::Zoc(units) => format!("zoc of {}", units.iter().map(UnitId::as_str).collect::<Vec<_>>().join(" ")),
        BlockReason::EnemyPartisan(u) => format!("partisan {}", u.as_str()),
        BlockReason::PartisanHeld => "partisan-held".into(),
        BlockReason::Terrain => "terrain".into(),
        BlockReason::ClosedEntry(from) => format!("closed entry from {}", g.spec().map.label(*from)),
        BlockReason::Sea => "sea".into(),
        BlockReason::AllSeaHexside => "all-sea hexside".into(),
    }
}
