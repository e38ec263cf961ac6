//! `qm explain` for MWIF oil (OIL-003..005): why a unit was or was not
//! reorganized, and what an oil resource spent and why.
//!
//! In a game whose ruleset has the reorganization phase, the id is looked
//! up in the last reorganization of its power: as played by `--phases`, or,
//! without it, on a copy of the game stepped to and through the next
//! reorganization step with default orders (as `qm reorganize` does).
//!
//! - A unit: reorganized (with which resource, by which path) or not, and
//!   why: no path (where its side's hexes around it end, and what closes
//!   them), not enough oil (the resources it reaches and what took them),
//!   not ordered. The supply explanation follows.
//! - A resource (a well's key, `saved@HEX`, `hq@UNIT`): spent or not, its
//!   load, the rounding (ruling 1), its cap (ruling 2), and the units
//!   assigned to it.

use qm_game::Game;
use qm_game::oil::REORGANIZATION;
use qm_game::oil::{NotReorganized, PowerReport, ResourceReport};
use std::io::Write;

/// The most phases stepped to reach the reorganization phase.
const MAX_STEPS: usize = 64;

/// What an id names in a reorganization: a resource (with its power's
/// report) or a unit (with its power's report).
pub enum OilSubject {
    /// An oil resource.
    Resource(PowerReport, ResourceReport),
    /// A unit requested, reorganized or left disorganized.
    Unit(PowerReport),
}

/// Finds `id` among the resources and units of the last reorganizations
/// (as played, or on a copy stepped through the next one). `None` when the
/// game has no oil or the id is in no reorganization.
#[must_use]
pub fn find(g: &Game, id: &str, played: bool) -> Option<OilSubject> {
    g.phase_order().position(REORGANIZATION)?;
    let reports = reports(g, played);
    for r in &reports {
        if let Some(res) = r.resources.iter().find(|x| x.id == id) {
            return Some(OilSubject::Resource(r.clone(), res.clone()));
        }
    }
    reports.into_iter().find(|r| in_report(r, id)).map(OilSubject::Unit)
}

/// Explains `id` if it is a unit or a resource of a reorganization. A
/// resource is fully explained here (`Some(exit code)`); a unit's oil part
/// is printed and `None` returned, so that its supply explanation follows.
/// `None` without printing when the game has no oil or the id is not in a
/// reorganization.
pub fn explain(g: &Game, id: &str, played: bool, out: &mut dyn Write) -> Option<i32> {
    match find(g, id, played)? {
        OilSubject::Resource(r, res) => {
            let _ = write!(out, "{}", resource_text(&r, &res));
            Some(0)
        }
        OilSubject::Unit(r) => {
            let _ = write!(out, "{}", unit_text(&r, id));
            None
        }
    }
}

/// The reorganizations as played, or on a copy stepped through the next
/// reorganization step.
fn reports(g: &Game, played: bool) -> Vec<PowerReport> {
    let last = |g: &Game| g.last_reorganization();
    if played {
        return last(g);
    }
    let mut copy = Game::restore(&g.snapshot());
    for _ in 0..MAX_STEPS {
        if copy.next_phase() == Some(REORGANIZATION) {
            copy.step_phase();
            return last(&copy);
        }
        copy.step_phase();
    }
    last(g)
}

fn in_report(r: &PowerReport, id: &str) -> bool {
    r.reorganized.iter().any(|u| u.id == id)
        || r.not_reorganized.iter().any(|u| u.id == id)
        || r.free.iter().any(|u| u == id)
}

/// A unit's reorganization, in words.
#[must_use]
pub fn unit_text(r: &PowerReport, id: &str) -> String {
    let head = format!("{id} ({}), final reorganization step of turn {}:\n", r.power, r.turn);
    if let Some(u) = r.reorganized.iter().find(|u| u.id == id) {
        return head
            + &format!(
                "  reorganized with oil of {} ({} oil, OIL-003), path {}\n",
                u.resource,
                tenths(u.cost_tenths),
                u.path.join(" ")
            );
    }
    if r.free.iter().any(|u| u == id) {
        return head + "  reorganized for free: not oil dependent (OIL-003)\n";
    }
    let Some(u) = r.not_reorganized.iter().find(|u| u.id == id) else { return head };
    head + &not_reorganized_text(r, u)
}

fn not_reorganized_text(r: &PowerReport, u: &NotReorganized) -> String {
    let mut s = format!("  {}\n", u.detail);
    if u.reason == "not_ordered" {
        s += "  (the phase's Reorganize orders did not list it; without such an order every unit is requested)\n";
    }
    for key in &u.reaches {
        if let Some(res) = r.resources.iter().find(|x| &x.id == key) {
            s += &format!(
                "  it reaches {} at {} ({} points): load {} of the units reorganized, {}\n",
                res.id,
                res.hex,
                res.points,
                tenths(res.load_tenths),
                res.why
            );
        }
    }
    s
}

/// A resource's spending, in words.
#[must_use]
pub fn resource_text(r: &PowerReport, res: &ResourceReport) -> String {
    let mut s = format!(
        "{} at {} ({}, {} oil points) for {}, final reorganization step of turn {}:\n",
        res.id, res.hex, res.kind, res.points, r.power, r.turn
    );
    let spent = if res.spent == 0 { "not spent".to_string() } else { format!("spent {} oil points", res.spent) };
    s += &format!("  {spent}\n  why: {}\n", res.why);
    s += &format!(
        "  load {} ({} tenths); rounded halves up: {} (OIL-004, ruling 1); its points are spent one by one \
         (ruling 13: a point holding 0.5 or more is spent, one below may stay unspent)\n",
        tenths(res.load_tenths),
        res.load_tenths,
        (res.load_tenths + 5) / 10
    );
    s += &format!(
        "  cap: one oil point covers at most 1.0 (ruling 2): at most {} here\n",
        tenths(res.points.saturating_mul(10))
    );
    let units: Vec<String> = r
        .reorganized
        .iter()
        .filter(|u| u.resource == res.id)
        .map(|u| format!("{} ({})", u.id, tenths(u.cost_tenths)))
        .collect();
    if units.is_empty() {
        s += "  no unit was assigned to it\n";
    } else {
        s += &format!("  units assigned: {}\n", units.join(", "));
    }
    s
}

fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_game::oil::Reorganized;

    fn short_of_oil() -> PowerReport {
        PowerReport {
            power: "germany".into(),
            turn: 4,
            requested: vec!["a".into(), "b".into()],
            reorganized: vec![Reorganized {
                id: "a".into(),
                resource: "ploesti".into(),
                cost_tenths: 6,
                path: vec!["g9".into(), "g8".into()],
            }],
            free: Vec::new(),
            not_reorganized: vec![NotReorganized {
                id: "b".into(),
                reason: "not_enough_oil".into(),
                detail: "not reorganized: not enough oil".into(),
                reaches: vec!["ploesti".into()],
            }],
            resources: vec![ResourceReport {
                id: "ploesti".into(),
                hex: "g9".into(),
                owner: "germany".into(),
                kind: "produced".into(),
                points: 1,
                load_tenths: 6,
                spent: 1,
                why: "spends 1".into(),
            }],
            spent_total: 1,
            minimum_by_rounding: 1,
            optimal: true,
            above_minimum: None,
        }
    }

    #[test]
    fn a_unit_short_of_oil_is_told_what_took_the_oil_it_reaches() {
        let text = unit_text(&short_of_oil(), "b");
        assert!(text.contains("not enough oil"), "{text}");
        assert!(text.contains("it reaches ploesti at g9 (1 points): load 0.6"), "{text}");
        let text = unit_text(&short_of_oil(), "a");
        assert!(text.contains("reorganized with oil of ploesti (0.6 oil, OIL-003), path g9 g8"), "{text}");
    }

    #[test]
    fn a_resource_is_told_with_its_load_rounding_and_cap() {
        let r = short_of_oil();
        let text = resource_text(&r, &r.resources[0]);
        assert!(text.contains("spent 1 oil points"), "{text}");
        assert!(text.contains("load 0.6 (6 tenths); rounded halves up: 1"), "{text}");
        assert!(text.contains("at most 1.0 here"), "{text}");
        assert!(text.contains("units assigned: a (0.6)"), "{text}");
    }
}
