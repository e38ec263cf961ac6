//! `qm explain payment:NATION` and `qm explain build-points:NATION`: who
//! paid a marker nation what for its Middle East track level, and why
//! (MET-006, rulings 6, 14 and 15); how a major power's build point total
//! came to be what it is (OIL-010, OIL-012, OIL-013).

use crate::output_explain::{BuildPointsExplained, Explained, MoveOut, PaymentExplained, SettledOut};
use qm_game::Game;
use qm_game::books::{BuildPointKind, IncomeStatement};
use qm_game::collection::MiddleEastRules;

/// The subject a key names: `payment:NATION` or `build-points:NATION`.
#[must_use]
pub fn subject(key: &str) -> Option<(&'static str, &str)> {
    key.strip_prefix("payment:")
        .map(|n| ("payment", n))
        .or_else(|| key.strip_prefix("build-points:").map(|n| ("build-points", n)))
}

/// The explanation of `key`, as text and data; `None` when `key` names
/// neither subject. `statements` are those the phases run made; without a
/// settled Middle East statement of the nation among them, its next
/// collection is played now.
///
/// # Errors
/// A nation with no marker, or no build point total, said in words.
pub fn explain(g: &mut Game, key: &str, statements: &[IncomeStatement]) -> Option<Result<(String, Explained), String>> {
    let (kind, nation) = subject(key)?;
    Some(match kind {
        "payment" => payment(g, nation, statements),
        _ => build_points(g, nation),
    })
}

fn payment(g: &mut Game, nation: &str, statements: &[IncomeStatement]) -> Result<(String, Explained), String> {
    let rules = &g.spec().ruleset;
    let track = MiddleEastRules::of(rules);
    if !track.markers.iter().any(|m| m == nation) {
        let markers = track.markers.join(", ");
        return Err(format!("`{nation}` has no marker on the Middle East track (markers: {markers})"));
    }
    let settled = |s: &&IncomeStatement| {
        s.nation == nation && s.middle_east.as_ref().is_some_and(|m| m.chosen_by.is_some() || m.level == 0)
    };
    let mut made: Vec<IncomeStatement> = statements.iter().filter(settled).cloned().collect();
    if made.is_empty() {
        let now = crate::collect::play_collection(g).unwrap_or_default();
        made = now.iter().filter(settled).cloned().collect();
    }
    let ledger = g.payments().cloned().unwrap_or_default();
    let sides = g.nation_sides();
    let payee_side = g.spec().ruleset.nation_by_key(nation).and_then(|n| sides.get(n.index()).copied().flatten());
    let mut text = format!("{nation}: Middle East track, collected from the Allied powers, not the bank (MET-006)\n");
    let mut out = Vec::new();
    for s in &made {
        let Some(m) = &s.middle_east else { continue };
        let why = match m.chosen_by {
            None => "nothing owed".to_string(),
            Some(side) if Some(side) == payee_side => "the Allies gave no split, so the Axis chose (its own split, or \
                 the default: the richest Allied power first, ties by nation id)"
                .to_string(),
            Some(_) => "the Allies' split; what a payer could not pay passed to the next (ruling 6)".to_string(),
        };
        let paid: Vec<String> = m.paid_by.iter().map(|p| format!("{} {}", p.nation, p.amount)).collect();
        text.push_str(&format!(
            "turn {}: level {} ({}){}; {why}; paid by {}; shortfall {}{}\n",
            s.turn,
            m.level,
            if m.territories.is_empty() { "-".to_string() } else { m.territories.join(", ") },
            if m.above_cap > 0 {
                format!(", {} above the track's last position not collected (ruling 14)", m.above_cap)
            } else {
                String::new()
            },
            if paid.is_empty() { "nobody".to_string() } else { paid.join(", ") },
            m.shortfall,
            if m.shortfall > 0 { " lost: no Allied power had it (ruling 6)" } else { "" },
        ));
        out.push(SettledOut {
            turn: s.turn,
            level: m.level,
            above_cap: m.above_cap,
            territories: m.territories.clone(),
            chosen_by: m.chosen_by.map(|x| x.as_str().to_string()),
            why,
            paid_by: m
                .paid_by
                .iter()
                .map(|p| crate::output_collect::PaidOut { nation: p.nation.clone(), amount: p.amount })
                .collect(),
            shortfall: m.shortfall,
        });
    }
    if made.is_empty() {
        text.push_str("no collection of it yet\n");
    }
    let received = ledger.received_by(nation);
    let lost: u32 = ledger.0.iter().filter(|t| t.payer.is_none() && t.payee == nation).map(|t| t.amount).sum();
    text.push_str(&format!("in all: received {received}, lost {lost} (the ledger of transfers)\n"));
    let data = PaymentExplained { nation: nation.to_string(), collections: out, received, lost, text: lines(&text) };
    Ok((text, Explained::Payment(data)))
}

fn build_points(g: &mut Game, nation: &str) -> Result<(String, Explained), String> {
    let Some(n) = g.spec().ruleset.nation_by_key(nation) else { return Err(format!("no nation `{nation}`")) };
    let Some(total) = g.build_points().map(|b| b.0.get(&n).copied().unwrap_or(0)) else {
        return Err("the ruleset has no build point totals (add the `mwif-oil` family)".into());
    };
    let log = g.stock_log().cloned().unwrap_or_default();
    let moves: Vec<_> = log.build_points.iter().filter(|m| m.power == nation).collect();
    let spent: u32 = moves.iter().filter(|m| m.kind == BuildPointKind::Spent).map(|m| m.points).sum();
    let saved: u32 = moves.iter().filter(|m| m.kind == BuildPointKind::Saved).map(|m| m.points).sum();
    let start = (total + saved).saturating_sub(spent);
    let mut text =
        format!("{nation}: build point total {total} (OIL-010, OIL-012)\n{start} at the start of the game\n");
    for m in &moves {
        let line = match m.kind {
            BuildPointKind::Saved => format!("turn {}: -{} saved at {} (OIL-010)\n", m.turn, m.points, m.hex),
            BuildPointKind::Spent => {
                format!("turn {}: +{} saved build points spent from {} (OIL-012)\n", m.turn, m.points, m.hex)
            }
        };
        text.push_str(&line);
    }
    let captured: Vec<String> = log
        .captures
        .iter()
        .filter(|c| c.build_points > 0 && (c.from == nation || c.to == nation))
        .map(|c| {
            format!(
                "turn {}: {} saved build points at {} taken from {} by {} (OIL-013: saved stock, not the total)\n",
                c.turn, c.build_points, c.hex, c.from, c.to
            )
        })
        .collect();
    text.extend(captured);
    text.push_str(&format!("= {total}\n"));
    let data = BuildPointsExplained {
        nation: nation.to_string(),
        total,
        start,
        moves: moves
            .iter()
            .map(|m| MoveOut {
                turn: m.turn,
                hex: m.hex.clone(),
                kind: if m.kind == BuildPointKind::Saved { "saved" } else { "spent" }.to_string(),
                points: m.points,
            })
            .collect(),
        text: lines(&text),
    };
    Ok((text, Explained::BuildPoints(data)))
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}
