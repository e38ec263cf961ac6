//! `qm collect`: runs the collect phase (COL-004..008) of the side to move
//! and prints a nation's income statement.

use crate::output_collect::{CollectOutput, StatementOut};
use qm_game::Game;
use qm_game::collection::{COLLECTION, IncomeStatement, LineStatus};
use std::io::Write;

/// Runs phases up to and through the next collection phase; returns the
/// statements it made (one per collecting nation of the side to move), or
/// `None` when the game has no collection phase.
pub fn play_collection(g: &mut Game) -> Option<Vec<IncomeStatement>> {
    g.phase_order().position(COLLECTION)?;
    while g.next_phase() != Some(COLLECTION) {
        g.step_phase();
    }
    let before = g.income_statements().len();
    g.step_phase();
    let all = g.income_statements();
    Some(all[before.min(all.len())..].to_vec())
}

/// The statement of `nation` among `made`, or the first.
#[must_use]
pub fn pick<'a>(made: &'a [IncomeStatement], nation: Option<&str>) -> Option<&'a IncomeStatement> {
    match nation {
        Some(n) => made.iter().find(|s| s.nation == n),
        None => made.first(),
    }
}

/// A statement as the JSON of `qm collect --json` (without the header).
#[must_use]
pub fn statement_json(s: &IncomeStatement) -> StatementOut {
    StatementOut::from(s)
}

/// Most nodes of a line the text shows: the output stays linear in the map
/// however long the lines are (`qm explain` shows a whole line).
const SHOWN_NODES: usize = 12;

/// A territory's line as text: whole if short, else its last
/// [`SHOWN_NODES`] nodes after `...`.
fn line_text(parents: &qm_game::collection::Parents<'_>, territory: &str) -> String {
    match parents.tail(territory, SHOWN_NODES) {
        Some((nodes, true)) => format!("line {}", nodes.join(" - ")),
        Some((nodes, false)) => format!("line ... - {}", nodes.join(" - ")),
        None => "line ?".to_string(),
    }
}

/// A statement as text.
#[must_use]
pub fn statement_text(s: &IncomeStatement) -> String {
    let mut out = format!("{} collects, turn {}\n", s.nation, s.turn);
    let parents = s.parents();
    for t in &s.territories {
        let line = match (t.line, &t.blocked_by) {
            (LineStatus::Ok, _) => line_text(&parents, &t.id),
            (LineStatus::Cut, b) => format!("CUT by {}", b.as_deref().unwrap_or("?")),
        };
        let kind = if t.conquered { "conquered" } else { "original" };
        out.push_str(&format!(
            "  {:<20} value {:>2} counted {:>2} {kind:<9} at {:<14} {line}\n",
            t.id,
            t.value,
            t.counted,
            t.saved_at.as_deref().unwrap_or("-")
        ));
    }
    out.push_str(&format!("  conquered {} halved, rounded up once: {}\n", s.conquered_sum, s.conquered_counted));
    for z in &s.naval_trade {
        out.push_str(&format!(
            "  trade {:<16} {:>2} points {:?}: {} collected",
            z.zone, z.points, z.outcome, z.collected
        ));
        if let Some(b) = &z.blocked_by {
            out.push_str(&format!(" (blocked by {b})"));
        }
        if !z.rolls.is_empty() || !z.escort_rolls.is_empty() {
            out.push_str(&format!(" escorts {:?} submarines {:?}", z.escort_rolls, z.rolls));
        }
        out.push('\n');
    }
    if let Some(m) = &s.middle_east {
        out.push_str(&middle_east_text(m));
    }
    for p in &s.saved {
        out.push_str(&format!("  saved at {:<14} {}\n", p.place, p.amount));
    }
    out.push_str(&format!("  total {} (lost {})\n", s.total, s.lost()));
    out
}

/// The Middle East line of a statement: the track level, who paid it and
/// what was lost (MET-006, MET-007, ruling 6).
fn middle_east_text(m: &qm_game::collection::MiddleEastIncome) -> String {
    let paid: Vec<String> = m.paid_by.iter().map(|p| format!("{} {}", p.nation, p.amount)).collect();
    let chosen = match m.chosen_by {
        Some(side) => format!(", split chosen by the {side}"),
        None => String::new(),
    };
    let above = match m.above_cap {
        0 => String::new(),
        v => format!(" ({v} more above the track's last position, not collected: ruling 14)"),
    };
    format!(
        "  middle east track level {}{above} ({}): paid by {}{chosen}, shortfall {} lost\n",
        m.level,
        if m.territories.is_empty() { "-".to_string() } else { m.territories.join(", ") },
        if paid.is_empty() { "nobody".to_string() } else { paid.join(", ") },
        m.shortfall
    )
}

/// `qm collect FILE [--nation N] [--json]`, on the game loaded from
/// `file` with `seed`.
pub fn run_collect(
    g: &mut Game,
    file: &str,
    seed: u64,
    nation: Option<&str>,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(made) = play_collection(g) else {
        let m = "the ruleset has no `collection` phase (family `wteaw-collect`)";
        crate::fail(err, json, &[crate::output::ErrorBody::plain("no-phase", Some(file), m)], m);
        return 1;
    };
    if made.is_empty() {
        let m = format!(
            "nothing to collect: no nation of the {} has a territory with a resource value, naval trade or a \
             Middle East marker (COL-004: the map's `territories` give no `value`)",
            g.clock().side
        );
        crate::fail(err, json, &[crate::output::ErrorBody::plain("no-resources", Some(file), m.clone())], &m);
        return 1;
    }
    let Some(s) = pick(&made, nation) else {
        let known: Vec<&str> = made.iter().map(|s| s.nation.as_str()).collect();
        let hint = nation.map(|n| qm_game::files::suggest::hint(n, known.iter().copied())).unwrap_or_default();
        let m = format!(
            "no income statement for {}{hint} (statements made: {})",
            nation.unwrap_or("the side to move"),
            if known.is_empty() { "none".to_string() } else { known.join(", ") }
        );
        crate::fail(err, json, &[crate::output::ErrorBody::plain("unknown-nation", Some(file), m.clone())], &m);
        return 1;
    };
    if json {
        let header = crate::output::Header::of("collect", file, seed, g, &[]);
        let statement = statement_json(s);
        let ledgers = crate::output_ledgers::LedgersOut::of(g);
        crate::print_json(out, &CollectOutput { header, statement, ledgers });
    } else {
        let _ = write!(out, "{}", statement_text(s));
    }
    0
}
