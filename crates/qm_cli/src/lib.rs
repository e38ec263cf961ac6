#![doc = include_str!("../README.md")]

pub mod bench;
pub mod collect;
pub mod phases;
pub mod render;
pub mod reorganize;

use clap::{Parser, Subcommand};
use qm_game::{DeterminationKind, Game, Side};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// Quartermaster: logistics for WWII grand-strategy wargames.
#[derive(Parser, Debug)]
#[command(name = "qm", version, about, long_about = None)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Validate scenario files: exit 0, or print FILE:LINE:COL: message for
    /// every problem and exit 1.
    Check {
        /// Scenario files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Run the collect phase (COL-004..008) of the side to move and print a
    /// nation's income statement.
    Collect {
        /// Scenario file.
        file: PathBuf,
        /// The nation (default: the first nation of the side to move that
        /// collects).
        #[arg(long)]
        nation: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Seed of the game's random stream (convoy battles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Run initial supply determination and print every unit's and hex's
    /// status.
    Supply {
        /// Scenario file.
        file: PathBuf,
        /// The side to determine (default: the side to move).
        #[arg(long)]
        side: Option<Side>,
        /// Print one JSON object instead of tables.
        #[arg(long)]
        json: bool,
        /// Also draw the map (text output only).
        #[arg(long)]
        map: bool,
        /// Which determination: `initial`, or `post-combat` (phases are run
        /// up to the side's post-combat determination, with default orders).
        #[arg(long, default_value = "initial")]
        phase: DeterminationArg,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Step phases with orders from a file (or defaults: sea supply to every
    /// eligible zone, no interception) and print the supply report.
    Run {
        /// Scenario file.
        file: PathBuf,
        /// How many phases to run.
        #[arg(long)]
        phases: u32,
        /// Orders file: a RON list of `(turn, side, phase, orders)`.
        #[arg(long)]
        orders: Option<PathBuf>,
        /// Print one JSON object instead of tables.
        #[arg(long)]
        json: bool,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Explain a unit's supply: the source and hexes of its line, or what
    /// blocked every way out.
    Explain {
        /// Scenario file.
        file: PathBuf,
        /// Unit id.
        unit: String,
        /// Run this many phases first, as `qm run` does, and explain the
        /// unit as the last determination of its side left it. Without it,
        /// the unit's side makes an initial determination now.
        #[arg(long)]
        phases: Option<u32>,
        /// Orders file for those phases (see `qm run`).
        #[arg(long, requires = "phases")]
        orders: Option<PathBuf>,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the phases of a player turn in the order the scenario's rule
    /// families declare them, with the family of each.
    Phases {
        /// Scenario file.
        file: PathBuf,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Run the final reorganization step of MWIF oil (OIL-003..005): the
    /// phases before it with default orders, then which units are
    /// reorganized, with which oil, and what is spent, with the reasons.
    Reorganize {
        /// Scenario file.
        file: PathBuf,
        /// The major power to report (nation key; default: the first with
        /// units to reorganize).
        #[arg(long)]
        power: Option<String>,
        /// `all` (default) or unit ids separated by commas: the units ordered
        /// reorganized.
        #[arg(long)]
        units: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Benchmarks.
    Bench {
        /// What to measure.
        #[command(subcommand)]
        what: BenchCommand,
    },
}

/// A supply determination named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeterminationArg {
    /// Initial supply determination (SUP-133).
    Initial,
    /// Post-combat supply determination (SUP-134).
    PostCombat,
}

/// Benchmarks.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Initial supply for both sides on a generated map, against a generic
    /// flood (`pathfinding::bfs_reach`) and a per-unit search.
    Supply {
        /// About this many hexes.
        #[arg(long, default_value_t = 100_000)]
        hexes: u32,
        /// Seed of the generated map.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Timed repetitions (the median is reported).
        #[arg(long, default_value_t = 7)]
        iters: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The self-play path on a generated map: a player turn, clone,
    /// snapshot, restore and checksum.
    Game {
        /// About this many hexes.
        #[arg(long, default_value_t = 10_000)]
        hexes: u32,
        /// Seed of the generated map.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Timed repetitions (the median is reported).
        #[arg(long, default_value_t = 7)]
        iters: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the `qm` command line with `args` (program name first), writing to
/// `out` and `err`. Returns the process exit code. Never panics on input.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let text = e.render().to_string();
            let _ = if code == 0 { write!(out, "{text}") } else { write!(err, "{text}") };
            return code;
        }
    };
    match cli.command {
        Command::Check { files } => check(&files, out, err),
        Command::Supply { file, side, json, map, phase, seed } => supply(&file, side, json, map, phase, seed, out, err),
        Command::Collect { file, nation, json, seed } => match load(&file, seed, err) {
            Some(mut g) => collect::run_collect(&mut g, nation.as_deref(), json, out, err),
            None => 1,
        },
        Command::Run { file, phases, orders, json, seed } => {
            run_phases(&file, phases, orders.as_ref(), json, seed, out, err)
        }
        Command::Explain { file, unit, phases, orders, seed } => {
            explain(&file, &unit, phases, orders.as_ref(), seed, out, err)
        }
        Command::Phases { file, json } => {
            let Some(g) = load(&file, 1, err) else { return 1 };
            phases::print(&g, json, out);
            0
        }
        Command::Reorganize { file, power, units, json, seed } => {
            reorganize::run(&file, power.as_deref(), units.as_deref(), json, seed, out, err)
        }
        Command::Bench { what: BenchCommand::Supply { hexes, seed, iters, json } } => {
            bench::run_supply(hexes, seed, iters, json, out, err)
        }
        Command::Bench { what: BenchCommand::Game { hexes, seed, iters, json } } => {
            bench::run_game(hexes, seed, iters, json, out, err)
        }
    }
}

fn load(file: &PathBuf, seed: u64, err: &mut dyn Write) -> Option<Game> {
    match Game::load(file, seed) {
        Ok(g) => Some(g),
        Err(e) => {
            let _ = write!(err, "{}", render::load_error(&e));
            None
        }
    }
}

fn check(files: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut code = 0;
    for f in files {
        match qm_game::check_scenario(f) {
            Ok(c) => {
                let _ = writeln!(out, "{}: ok ({}, {} units, {} sources)", f.display(), c.map, c.units, c.sources);
            }
            Err(e) => {
                let _ = write!(err, "{}", render::load_error(&e));
                code = 1;
            }
        }
    }
    code
}

#[allow(clippy::too_many_arguments, reason = "the command's options")]
fn supply(
    file: &PathBuf,
    side: Option<Side>,
    json: bool,
    map: bool,
    phase: DeterminationArg,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(mut g) = load(file, seed, err) else { return 1 };
    let side = side.unwrap_or(g.clock().side);
    match phase {
        DeterminationArg::Initial => {
            g.determine_supply(side, DeterminationKind::Initial);
        }
        DeterminationArg::PostCombat => {
            // Play on, with default orders, to the side's post-combat
            // determination.
            for _ in 0..32 {
                let c = g.clock();
                let r = g.step_phase();
                if r.phase == qm_game::phases::POST_COMBAT_SUPPLY && c.side == side {
                    break;
                }
            }
        }
    }
    let report = g.full_report(side, false);
    if json {
        let _ = writeln!(out, "{}", serde_json::to_string(&report).unwrap_or_default());
    } else {
        let _ = write!(out, "{}", render::report_table(&g, &report));
        if map {
            let _ = write!(out, "\n{}", render::map_picture(&g, side));
        }
    }
    0
}

/// Loads a game and plays `phases` phases with the orders of a file (or
/// the defaults): the game and one log line per phase, or `None` after
/// printing the problem.
fn play(
    file: &PathBuf,
    phases: u32,
    orders: Option<&PathBuf>,
    seed: u64,
    err: &mut dyn Write,
) -> Option<(Game, Vec<String>)> {
    let mut g = load(file, seed, err)?;
    let batches = match orders {
        None => Vec::new(),
        Some(p) => {
            let name = p.display().to_string();
            let read = std::fs::read(p).map_err(|e| format!("{name}:1:1: cannot read: {e}"));
            match read.map(|b| g.read_orders(&name, &b).map_err(|e| render::load_error(&e))) {
                Ok(Ok(b)) => b,
                Ok(Err(text)) | Err(text) => {
                    let _ = writeln!(err, "{}", text.trim_end());
                    return None;
                }
            }
        }
    };
    let mut log = Vec::new();
    for _ in 0..phases {
        if g.next_phase().is_none() {
            break;
        }
        let r = match g.step_with(&batches) {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(err, "{e}");
                return None;
            }
        };
        log.push(format!("turn {} {} {}: {} events", r.turn, r.side, r.phase, r.events.len()));
    }
    Some((g, log))
}

fn run_phases(
    file: &PathBuf,
    phases: u32,
    orders: Option<&PathBuf>,
    json: bool,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some((g, log)) = play(file, phases, orders, seed, err) else { return 1 };
    let side = g.last_determined_side().unwrap_or(g.clock().side);
    let report = g.full_report(side, true);
    if json {
        let mut v = serde_json::to_value(&report).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert("checksum".into(), g.checksum().to_string().into());
        }
        let _ = writeln!(out, "{v}");
    } else {
        for l in log {
            let _ = writeln!(out, "{l}");
        }
        let _ = write!(out, "{}", render::report_table(&g, &report));
        let _ = writeln!(out, "checksum {}", g.checksum());
    }
    0
}

fn explain(
    file: &PathBuf,
    unit: &str,
    phases: Option<u32>,
    orders: Option<&PathBuf>,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some((mut g, _)) = play(file, phases.unwrap_or(0), orders, seed, err) else { return 1 };
    if g.unit(unit).is_none() {
        let ids: Vec<String> = g.unit_ids().into_iter().map(|i| i.0).collect();
        let _ = writeln!(err, "{}: no unit `{unit}` (units: {})", file.display(), ids.join(", "));
        return 1;
    }
    // Without phases, a unit is explained as of its own side's initial
    // determination, made now.
    if phases.is_none() {
        let side = g.unit_side(unit).unwrap_or(g.clock().side);
        g.determine_supply(side, DeterminationKind::Initial);
    }
    let _ = write!(out, "{}", g.explain(unit).unwrap_or_default());
    0
}
