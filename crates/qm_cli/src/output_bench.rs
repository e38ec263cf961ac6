//! The output of `qm bench supply|collect|game|oil|selfplay`: the figures of `qm_bench`'s
//! reports as text, or as JSON (`--json`): a header with no game
//! (`command`, `seed`), then the bench's figures, in declaration order.
//! Under `--json` a bench that does not run says why as a JSON error on
//! stderr ([`crate::output::ErrorOutput`], kind `bench`), exit code 2.

use crate::output::{ErrorBody, Header};
use qm_bench::{CollectBench, GameBench, OilBench, OilCaseKind, SelfplayBench, SupplyBench};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Display;
use std::io::Write;

/// A bench's JSON: the header, then its figures.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BenchOutput<T> {
    /// The header (no game: `scenario`, `turn`, `side` and `phase` are
    /// `null`; `seed` is the generated map's, or the batch's, or `null`
    /// for the oil bench's fixed problems).
    pub header: Header,
    /// The figures.
    #[serde(flatten)]
    pub figures: T,
}

/// Prints a bench's result: its figures as text or as one JSON object on
/// `out` (exit code 0), or why it did not run on `err` (exit code 2).
pub fn print<T: Serialize, E: Display>(
    command: &str,
    seed: Option<u64>,
    json: bool,
    result: Result<T, E>,
    text: impl Fn(&T) -> String,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    match result {
        Ok(figures) if json => {
            crate::print_json(out, &BenchOutput { header: Header::bare(command, None, seed), figures });
            0
        }
        Ok(figures) => {
            let _ = writeln!(out, "{}", text(&figures));
            0
        }
        Err(e) => {
            let m = e.to_string();
            crate::fail(err, json, &[ErrorBody::plain("bench", None, m.clone())], &format!("error: {m}"));
            2
        }
    }
}

/// `qm bench supply`'s figures as a table.
#[must_use]
pub fn supply_table(r: &SupplyBench) -> String {
    let b = &r.breakdown;
    let sampled = if r.per_unit_extrapolated {
        format!("  (sampled {} of {} units, extrapolated)", r.per_unit_sampled, r.per_unit_units)
    } else {
        String::new()
    };
    format!(
        "hexes {}  units {}\n\
         supply (both sides)   {:>12} ns  ({:.1} ns/hex)\n\
         plain BFS (floor)     {:>12} ns  ratio {:.2}\n\
         bfs_reach baseline    {:>12} ns  ratio {:.3}\n\
         per-unit search       {:>12} ns  ratio {:.4}{sampled}\n\
         post-combat           {:>12} ns  ({} moves; ratio {:.2} to the side's initial, {} ns)\n\
         breakdown (ns): context {}  flood {}  zones {}  sea {}  statuses {}  explain {}  record {}",
        r.hexes,
        r.units,
        r.supply_ns,
        r.ns_per_hex,
        r.plain_bfs_ns,
        r.ratio_vs_plain_bfs,
        r.bfs_reach_ns,
        r.ratio_vs_bfs_reach,
        r.per_unit_search_ns,
        r.ratio_vs_per_unit,
        r.post_combat_ns,
        r.post_combat_moves,
        r.post_combat_ratio,
        r.post_combat_initial_ns,
        b.context,
        b.flood,
        b.zones,
        b.sea,
        b.statuses,
        b.explain,
        b.record,
    )
}

/// `qm bench game`'s figures as a table.
#[must_use]
pub fn game_table(r: &GameBench) -> String {
    format!(
        "hexes {}\nplayer turn {:>12} ns\nclone       {:>12} ns  ({:.2} turns; {} ns into a new world)\n\
         snapshot    {:>12} ns\nrestore     {:>12} ns  (restore + turn: {:.2} of continuing; {} ns into a new world)\n\
         checksum    {:>12} ns  ({:.2} turns)",
        r.hexes,
        r.player_turn_ns,
        r.clone_ns,
        r.clone_turns,
        r.clone_new_world_ns,
        r.snapshot_ns,
        r.restore_ns,
        r.restore_throughput,
        r.restore_new_world_ns,
        r.checksum_ns,
        r.checksum_turns
    )
}

/// `qm bench oil`'s figures as a table: one row per size and case.
#[must_use]
pub fn oil_table(r: &OilBench) -> String {
    let mut t = format!(
        "oil solver, {} timed solves of each problem\n{:<8} {:<13} {:>8} {:>12} {:>12} {:>12} {:>8} {:>10}",
        r.iters, "size", "case", "problems", "median ns", "mean ns", "slowest ns", "optimal", "nodes"
    );
    for c in &r.cases {
        let case = match c.case {
            OilCaseKind::AllFit => "all_fit",
            OilCaseKind::ShortOfOil => "short_of_oil",
        };
        t.push_str(&format!(
            "\n{:<8} {:<13} {:>8} {:>12} {:>12} {:>12} {:>8} {:>10}",
            c.size,
            case,
            c.problems,
            c.median_ns,
            c.mean_ns,
            c.slowest_ns,
            format!("{}/{}", c.proven_optimal, c.problems),
            c.nodes
        ));
    }
    t
}

/// `qm bench collect`'s figures as text.
#[must_use]
pub fn collect_text(r: &CollectBench) -> String {
    format!(
        "territories {}  nations {}\ncollection (both blocs) {:>12} ns\nbfs_reach baseline      {:>12} ns  ratio {:.3}\n\
         plain BFS (floor)       {:>12} ns  ratio {:.3}",
        r.territories,
        r.nations,
        r.collect_ns,
        r.bfs_reach_ns,
        r.ratio_vs_bfs_reach,
        r.plain_bfs_ns,
        r.ratio_vs_plain_bfs
    )
}

/// `qm bench selfplay`'s figures as a table: a line a match, with the
/// share of each stage, then each phase's share of greedy v random, then
/// the two-thread speed-up.
#[must_use]
pub fn selfplay_table(r: &SelfplayBench) -> String {
    let unit = if r.cpu_time { "core-second" } else { "second (wall clock)" };
    let mut t = format!("{} games a match, logistics by the {}\n", r.games, r.logistics);
    t += &format!("match          turns  turns/{unit:<8}  ns/turn   list choose submit phases  other\n");
    for m in &r.matches {
        let s = &m.stages;
        t += &format!(
            "{:<13} {:>6}  {:>13.0}  {:>9}  {:>4.0}% {:>5.0}% {:>5.0}% {:>5.0}% {:>5.0}%\n",
            m.policies,
            m.player_turns,
            m.turns_per_core_second,
            m.cpu_ns_per_turn,
            100.0 * s.list,
            100.0 * s.choose,
            100.0 * s.submit,
            100.0 * s.phases,
            100.0 * (s.bookkeeping + s.checksum)
        );
    }
    if let Some(m) = r.matches.get(1) {
        let phases: Vec<String> =
            m.stages.by_phase.iter().map(|(p, share)| format!("{p} {:.1}%", 100.0 * share)).collect();
        t += &format!("phases of {}: {}\n", m.policies, phases.join(", "));
    }
    let th = &r.threads;
    t += &format!(
        "2 threads: {:.2}x the turns per second of 1 ({:.0} against {:.0}); CPU time a turn {} ns against {} ns",
        th.speedup,
        th.two_threads_turns_per_second,
        th.one_thread_turns_per_second,
        th.cpu_ns_per_turn_two_threads,
        th.cpu_ns_per_turn_one_thread
    );
    t
}
