#![doc = include_str!("../README.md")]

pub mod bench;
pub mod collect;
pub mod explain;
pub mod explain_any;
pub mod explain_books;
pub mod explain_oil;
pub mod explain_territory;
pub mod mapcheck;
pub mod output;
pub mod output_bench;
pub mod output_collect;
pub mod output_explain;
pub mod output_file;
pub mod output_ledgers;
pub mod output_reorganize;
pub mod output_selfplay;
pub mod phases;
pub mod render;
pub mod render_cmd;
pub mod reorganize;
pub mod replay_cmd;
pub mod selfplay;
pub mod step;
pub mod territories;

use clap::{Parser, Subcommand};
use output::{CheckedFile, ErrorBody, Header};
use qm_game::collection::IncomeStatement;
use qm_game::{DeterminationKind, Game, LoadError, OrdersRun, Side};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Quartermaster: logistics for WWII grand-strategy wargames.
#[derive(Parser, Debug)]
#[command(name = "qm", version, about, long_about = None)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
    /// Resource limits and the ruleset sandbox.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Overrides of the loader's resource limits (`docs/RELIABILITY.md`;
/// defaults in `qm_game::files::limits::Limits`) and of the ruleset sandbox.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Largest file read (scenario, ruleset, orders, save), in bytes
    /// [default: 67108864].
    #[arg(long, global = true)]
    pub max_file_bytes: Option<u64>,
    /// Most cells of a map's bounding rectangle, or of a generated map
    /// [default: 4000000].
    #[arg(long, global = true)]
    pub max_hexes: Option<u64>,
    /// Most units in a scenario [default: 1000000].
    #[arg(long, global = true)]
    pub max_units: Option<u64>,
    /// Deepest bracket nesting in a RON file [default: 64].
    #[arg(long, global = true)]
    pub max_depth: Option<usize>,
    /// Most memory a map may be estimated to take, in MiB [default: 8192].
    #[arg(long, global = true)]
    pub max_memory_mib: Option<u64>,
    /// Read files that a file names (a scenario's `ruleset:`, a save's
    /// `scenario:`) from anywhere, not only from inside the naming file's
    /// folder and the `assets/` and `scenarios/` folders beside it and its parents.
    #[arg(long, global = true, alias = "allow-any-ruleset")]
    pub allow_any_path: bool,
}

impl LimitArgs {
    /// The limits these flags give.
    #[must_use]
    pub fn limits(&self) -> qm_game::files::limits::Limits {
        let d = qm_game::files::limits::Limits::default();
        qm_game::files::limits::Limits {
            file_bytes: self.max_file_bytes.unwrap_or(d.file_bytes),
            hexes: self.max_hexes.unwrap_or(d.hexes),
            units: self.max_units.unwrap_or(d.units),
            depth: self.max_depth.unwrap_or(d.depth),
            memory_bytes: self.max_memory_mib.map_or(d.memory_bytes, |m| m.saturating_mul(1 << 20)),
        }
    }
}

/// The most phases `--phases` may ask for (`run`, `explain`, `render`):
/// more than a game of a hundred thousand phases is refused before anything
/// is loaded; a run stops earlier at the end of the game.
pub const MAX_PHASES: u32 = 100_000;

/// The most timed repetitions `qm bench --iters` takes.
pub const MAX_ITERS: u32 = 1_000;

/// The parser of `--phases`: a count up to [`MAX_PHASES`].
fn phases_arg() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(0..=i64::from(MAX_PHASES))
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a seeded batch of games between two policies: one
    /// JSON line per game, in game order, and a summary.
    Selfplay(selfplay::SelfplayArgs),
    /// Validate scenario files: exit 0, or print FILE:LINE:COL: message for
    /// every problem and exit 1.
    Check {
        /// Scenario files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object listing each file's summary or diagnostics.
        #[arg(long)]
        json: bool,
        /// Draw each map back as parsed, with row and column labels, and
        /// list each named place with its neighbours.
        #[arg(long)]
        map: bool,
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
        /// Scenario file, or a save file to continue from.
        file: PathBuf,
        /// The side to determine (default: the side to move).
        #[arg(long, value_enum)]
        side: Option<SideArg>,
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
        /// Scenario file, or a save file to continue from.
        file: PathBuf,
        /// How many phases to run (it stops earlier at the end of the
        /// game).
        #[arg(long, value_parser = phases_arg())]
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
    /// blocked every way out. On a territory map, a territory's (or sea
    /// zone's) collection: why its resources were counted or lost, with
    /// the line of supply or what cuts it (COL-004..008).
    Explain {
        /// Scenario file, or a save file to continue from.
        file: PathBuf,
        /// Unit id, territory or sea-zone key, oil resource, or
        /// `payment:NATION` (who paid a marker nation its Middle East track
        /// level, and why) or `build-points:NATION` (a power's build point
        /// total).
        unit: String,
        /// Run this many phases first, as `qm run` does, and explain the
        /// unit as the last determination of its side left it. Without it,
        /// the unit's side makes an initial determination now.
        #[arg(long, value_parser = phases_arg())]
        phases: Option<u32>,
        /// Orders file for those phases (see `qm run`).
        #[arg(long, requires = "phases")]
        orders: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
    /// Draw the map after some phases as SVG or PNG: terrain tinted by a
    /// side's supply, control borders, zones, sea lines, boxes, units.
    Render {
        /// Scenario file, or a save file to continue from.
        file: PathBuf,
        /// Run this many phases first (with no phase run, the side's initial
        /// determination is made now, as `qm supply` does).
        #[arg(long, value_parser = phases_arg())]
        phases: Option<u32>,
        /// Orders file for those phases (see `qm run`).
        #[arg(long)]
        orders: Option<PathBuf>,
        /// Whose supply tints the map (default: the last determined side).
        #[arg(long, value_enum)]
        side: Option<SideArg>,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file, `.svg` or `.png`.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Write a replay of a game as one self-contained HTML page: the map
    /// after each phase, its events, and every unit's, hex's and
    /// territory's explanation on a click.
    Replay {
        /// Scenario file, or a save file to continue from.
        file: PathBuf,
        /// Orders file (see `qm run`).
        #[arg(long)]
        orders: Option<PathBuf>,
        /// Run this many phases (at most: the replay stops at the end of
        /// the game).
        #[arg(long, conflicts_with = "to_end")]
        phases: Option<u32>,
        /// Run to the end of the game. Without it and `--phases`, the
        /// replay runs until every batch of the orders file is used and the
        /// player turn is over. A page holds at most 401 frames and 20 MB.
        #[arg(long)]
        to_end: bool,
        /// Replay a game of a self-play batch: its JSON lines (`qm selfplay
        /// --out`), with `--game`. The game is played again from its line.
        #[arg(long, requires = "game", conflicts_with_all = ["orders", "phases", "to_end"])]
        selfplay: Option<PathBuf>,
        /// The game of `--selfplay` to replay, by its index in the batch.
        #[arg(long, requires = "selfplay")]
        game: Option<u64>,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output HTML file.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Step a game interactively: phase by phase or system by system, show
    /// and explain, change orders, save, undo (`help` inside lists the
    /// commands). Reads commands line by line when stdin is not a terminal.
    Step {
        /// Scenario file.
        file: PathBuf,
        /// Seed of the game's random stream.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Orders file: its batches are submitted as their phases run.
        #[arg(long)]
        orders: Option<PathBuf>,
        /// Start from a save file instead.
        #[arg(long)]
        load: Option<PathBuf>,
    },
    /// Benchmarks.
    Bench {
        /// What to measure.
        #[command(subcommand)]
        what: bench::BenchCommand,
    },
}

/// A side named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// The Axis.
    Axis,
    /// The Allies.
    Allies,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Self {
        match s {
            SideArg::Axis => Self::Axis,
            SideArg::Allies => Self::Allies,
        }
    }
}

/// A supply determination named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeterminationArg {
    /// Initial supply determination (SUP-133).
    Initial,
    /// Post-combat supply determination (SUP-134).
    PostCombat,
}

/// Runs the `qm` command line with `args` (program name first), writing to
/// `out` and `err`. Returns the process exit code. Never panics on input.
///
/// Under `--json`, errors are JSON too: one `{"error": {...}}` object a
/// line on `err` ([`output::ErrorOutput`]), with the same exit codes.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let json = args.iter().any(|a| a == "--json");
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let text = e.render().to_string();
            if code == 0 {
                let _ = write!(out, "{text}");
            } else if json {
                let first = text.lines().next().unwrap_or_default().trim_start_matches("error: ");
                fail(err, true, &[ErrorBody::plain("usage", None, first)], &text);
            } else {
                let _ = write!(err, "{text}");
            }
            return code;
        }
    };
    let limits = cli.limits;
    let command = || dispatch(cli.command, out, err);
    qm_game::files::limits::with_limits(limits.limits(), || {
        if limits.allow_any_path { qm_game::sandbox::with_any_path(command) } else { command() }
    })
}

/// Runs one command, with the limits in force.
fn dispatch(command: Command, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match command {
        Command::Selfplay(a) => selfplay::run(&a, out, err),
        Command::Check { files, json, map } => check(&files, json, map, out, err),
        Command::Supply { file, side, json, map, phase, seed } => {
            supply(&file, side.map(Side::from), json, map, phase, seed, out, err)
        }
        Command::Collect { file, nation, json, seed } => match open(&file, seed, json, err) {
            Some(mut g) => {
                collect::run_collect(&mut g, &file.display().to_string(), seed, nation.as_deref(), json, out, err)
            }
            None => 1,
        },
        Command::Run { file, phases, orders, json, seed } => {
            run_phases(&file, phases, orders.as_ref(), json, seed, out, err)
        }
        Command::Explain { file, unit, phases, orders, json, seed } => explain::run(
            &explain::Args { file: &file, unit: &unit, phases, orders: orders.as_ref(), json, seed },
            out,
            err,
        ),
        Command::Phases { file, json } => {
            let Some(g) = open(&file, 1, json, err) else { return 1 };
            phases::print(&g, &file.display().to_string(), json, out);
            0
        }
        Command::Reorganize { file, power, units, json, seed } => {
            reorganize::run(&file, power.as_deref(), units.as_deref(), json, seed, out, err)
        }
        Command::Render { file, phases, orders, side, seed, output } => render_cmd::run(
            &render_cmd::Args {
                file: &file,
                phases,
                orders: orders.as_ref(),
                side: side.map(Side::from),
                seed,
                out: &output,
            },
            out,
            err,
        ),
        Command::Replay { file, orders, phases, to_end, selfplay, game, seed, output } => replay_cmd::run(
            &replay_cmd::Args {
                file: &file,
                selfplay: selfplay.as_deref().zip(game),
                orders: orders.as_ref(),
                until: match (phases, to_end) {
                    (Some(n), _) => replay_cmd::Until::Phases(n),
                    (None, true) => replay_cmd::Until::GameOver,
                    (None, false) => replay_cmd::Until::OrdersUsed,
                },
                seed,
                out: &output,
            },
            out,
            err,
        ),
        Command::Step { file, seed, orders, load } => {
            step::run(&step::Args { file: &file, seed, orders: orders.as_ref(), load: load.as_ref() }, out, err)
        }
        Command::Bench { what } => bench::run(what, out, err),
    }
}

/// Prints errors: as JSON objects under `--json`, else `text`.
pub fn fail(err: &mut dyn Write, json: bool, errors: &[ErrorBody], text: &str) {
    if json {
        for e in errors {
            let line = serde_json::to_string(&output::ErrorOutput { error: e.clone() }).unwrap_or_default();
            let _ = writeln!(err, "{line}");
        }
    } else {
        let _ = write!(err, "{text}");
        if !text.ends_with('\n') {
            let _ = writeln!(err);
        }
    }
}

/// Prints a load error (every diagnostic, with snippets in text).
pub fn fail_load(err: &mut dyn Write, json: bool, kind: &str, e: &LoadError) {
    let bodies: Vec<ErrorBody> = e.diagnostics.iter().map(|d| ErrorBody::at(kind, d)).collect();
    fail(err, json, &bodies, &render::load_error(e));
}

/// Opens a scenario or a save file (see [`Game::open`]), or prints why not.
pub fn open(file: &Path, seed: u64, json: bool, err: &mut dyn Write) -> Option<Game> {
    match Game::open(file, seed) {
        Ok(g) => Some(g),
        Err(e) => {
            fail_load(err, json, "load", &e);
            None
        }
    }
}

/// Prints one JSON value as a line.
pub(crate) fn print_json<T: serde::Serialize>(out: &mut dyn Write, v: &T) {
    let _ = writeln!(out, "{}", serde_json::to_string(v).unwrap_or_default());
}

/// A scenario file compiled and built into a game, as `qm run` loads it:
/// every family's section of state is built and checked too (a stockpile
/// past its cap, OIL-009), so `qm check` passes nothing that `run` refuses.
fn built(f: &Path) -> Result<qm_game::files::Compiled, LoadError> {
    let c = qm_game::files::load(f)?;
    Game::from_compiled(c.clone(), 1)?;
    Ok(c)
}

fn check(files: &[PathBuf], json: bool, map: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut code = 0;
    let mut rows = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let loaded = built(f);
        match &loaded {
            Ok(c) => {
                let s = qm_game::check_scenario_compiled(c);
                if !json {
                    let _ = writeln!(out, "{name}: ok ({}, {} units, {} sources)", s.map, s.units, s.sources);
                    if map {
                        let _ = write!(out, "{}", mapcheck::draw(&c.spec.map));
                    }
                }
                rows.push(CheckedFile {
                    file: name,
                    ok: true,
                    title: Some(s.title),
                    map: Some(s.map),
                    units: Some(s.units),
                    sources: Some(s.sources),
                    diagnostics: Vec::new(),
                });
            }
            Err(e) => {
                code = 1;
                if !json {
                    let _ = write!(err, "{}", render::load_error(e));
                }
                rows.push(CheckedFile {
                    file: name,
                    ok: false,
                    title: None,
                    map: None,
                    units: None,
                    sources: None,
                    diagnostics: e.diagnostics.iter().map(|d| ErrorBody::at("load", d)).collect(),
                });
            }
        }
    }
    if json {
        let scenario = (files.len() == 1).then(|| files[0].display().to_string());
        print_json(out, &output::CheckOutput { header: Header::bare("check", scenario, None), files: rows });
    }
    code
}

#[allow(clippy::too_many_arguments, reason = "the command's options")]
fn supply(
    file: &Path,
    side: Option<Side>,
    json: bool,
    map: bool,
    phase: DeterminationArg,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(mut g) = open(file, seed, json, err) else { return 1 };
    let side = side.unwrap_or(g.clock().side);
    let mut events = Vec::new();
    if g.phase_order().position(qm_game::phases::INITIAL_SUPPLY).is_none() && territories::is_territory_map(&g) {
        // A territory map without rule 30: no determination to run, the
        // territories' status is their collection's (COL-004, COL-005).
        let rows = territories::territory_rows(&mut g);
        if json {
            let header = Header::of("supply", &file.display().to_string(), seed, &g, &events);
            print_json(out, &output_collect::TerritoryMapOutput { header, territories: rows });
        } else {
            let _ = write!(
                out,
                "{}: territories (turn {})\n\n{}",
                g.title(),
                g.clock().turn,
                territories::territory_table(&rows, map)
            );
        }
        return 0;
    }
    match phase {
        DeterminationArg::Initial => {
            events = g.determine_supply(side, DeterminationKind::Initial);
        }
        DeterminationArg::PostCombat => {
            // Play on, with default orders, to the side's post-combat
            // determination.
            for _ in 0..32 {
                let c = g.clock();
                let r = g.step_phase();
                events.extend(r.events);
                if r.phase == qm_game::phases::POST_COMBAT_SUPPLY && c.side == side {
                    break;
                }
            }
        }
    }
    let report = g.full_report(side, false);
    if json {
        let header = Header::of("supply", &file.display().to_string(), seed, &g, &events);
        print_json(out, &output::SupplyOutput::of(header, &g, &report, None));
    } else if territories::is_territory_map(&g) {
        // No hex grid: the map is a table of territories (and, with
        // `--map`, of sea zones) with their status.
        let _ = write!(out, "{}", render::report_units(&g, &report));
        let rows = territories::territory_rows(&mut g);
        let _ = write!(out, "\n{}", territories::territory_table(&rows, map));
    } else {
        let _ = write!(out, "{}", render::report_table(&g, &report));
        if map {
            let _ = write!(out, "\n{}", render::map_picture(&g, side));
        }
    }
    0
}

/// A game played through an orders file: the game, one log line per phase,
/// the events of the phases run, and how many were run.
pub(crate) struct Played {
    pub(crate) game: Game,
    log: Vec<String>,
    /// The events of the phases run.
    pub(crate) events: Vec<qm_game::GameEvent>,
    phases_run: u32,
    /// The income statements the collection phases made (COL-004..008).
    pub(crate) statements: Vec<IncomeStatement>,
}

/// Loads a game and plays `phases` phases with the orders of a file (or
/// the defaults), or prints the problem and returns `None`: a file that
/// does not read, a refused batch (at its order's `file:line:col`), or a
/// batch no phase used.
pub(crate) fn play(
    file: &Path,
    phases: u32,
    orders: Option<&PathBuf>,
    seed: u64,
    json: bool,
    err: &mut dyn Write,
) -> Option<Played> {
    let mut game = open(file, seed, json, err)?;
    let before = recorded_statements(&game).len();
    let batches = match orders {
        None => Vec::new(),
        Some(p) => read_orders_file(&game, p, json, err)?,
    };
    let mut run = OrdersRun::new(batches);
    let (mut log, mut events, mut phases_run) = (Vec::new(), Vec::new(), 0);
    for _ in 0..phases {
        if game.next_phase().is_none() || game.is_over() {
            break;
        }
        match run.step(&mut game) {
            Ok(r) => {
                let n = r.events.len();
                log.push(format!("turn {} {} {}: {n} event{}", r.turn, r.side, r.phase, if n == 1 { "" } else { "s" }));
                events.extend(r.events);
                phases_run += 1;
            }
            Err(e) => {
                let body = match &e.at {
                    Some(d) => ErrorBody::at("refused", &qm_game::Diagnostic { message: e.to_string(), ..d.clone() }),
                    None => ErrorBody::plain("refused", None, e.to_string()),
                };
                fail(err, json, &[body], &e.to_string());
                return None;
            }
        }
    }
    let stop = match run.last_run(&game) {
        Some(last) => format!("--phases {phases} stops at {last}"),
        None => format!("--phases {phases} runs no phase"),
    };
    let mut unused = run.unused(&game, &stop);
    if !unused.is_empty() {
        // At most `MAX_SHOWN` batches listed, the rest counted.
        let total = unused.len();
        let name = orders.map(|p| p.display().to_string()).unwrap_or_default();
        qm_game::files::cap(&name, &mut unused, total);
        let e = LoadError { diagnostics: unused, sources: source_of(orders) };
        fail_load(err, json, "unused-orders", &e);
        return None;
    }
    let statements = recorded_statements(&game).get(before..).unwrap_or_default().to_vec();
    Some(Played { game, log, events, phases_run, statements })
}

/// The income statements a game has recorded, oldest first.
fn recorded_statements(g: &Game) -> &[IncomeStatement] {
    g.income_statements()
}

/// The text of an orders file, for snippets.
fn source_of(orders: Option<&PathBuf>) -> Vec<(String, String)> {
    orders
        .and_then(|p| {
            let bytes = qm_game::files::limits::read_file(p).ok()?;
            Some((p.display().to_string(), qm_game::files::normalize(&String::from_utf8(bytes).ok()?)))
        })
        .into_iter()
        .collect()
}

/// Reads an orders file against a game's rules, or prints why not.
fn read_orders_file(game: &Game, p: &Path, json: bool, err: &mut dyn Write) -> Option<Vec<qm_game::OrderBatch>> {
    let name = p.display().to_string();
    let bytes = match qm_game::files::limits::read_file(p) {
        Ok(b) => b,
        Err(e) => {
            let d = qm_game::Diagnostic::whole_file(&name, format!("cannot read orders: {e}"));
            fail_load(err, json, "io", &LoadError::single(d));
            return None;
        }
    };
    match game.read_orders(&name, &bytes) {
        Ok(b) => Some(b),
        Err(e) => {
            fail_load(err, json, "orders", &e);
            None
        }
    }
}

fn run_phases(
    file: &Path,
    phases: u32,
    orders: Option<&PathBuf>,
    json: bool,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(mut p) = play(file, phases, orders, seed, json, err) else { return 1 };
    let g = &mut p.game;
    let side = g.last_determined_side().unwrap_or(g.clock().side);
    let report = g.full_report(side, true);
    let collects = g.phase_order().position(qm_game::collection::COLLECTION).is_some();
    if json {
        let header = Header::of("run", &file.display().to_string(), seed, g, &p.events);
        let mut o = output::SupplyOutput::of(header, g, &report, Some(p.phases_run));
        if collects {
            o.income_statements = Some(p.statements.iter().map(collect::statement_json).collect());
        }
        o.ledgers = Some(output_ledgers::LedgersOut::of(g));
        print_json(out, &RunOutput { supply: &o, result: g.result() });
    } else {
        for l in &p.log {
            let _ = writeln!(out, "{l}");
        }
        for s in &p.statements {
            let _ = write!(out, "{}", collect::statement_text(s));
        }
        let c = g.clock();
        let next = g.next_phase().map_or("-", |ph| ph.as_str());
        match g.result() {
            Some(r) => {
                let _ = writeln!(out, "game over after {} phases: {}", p.phases_run, result_line(&r));
            }
            None => {
                let _ = writeln!(
                    out,
                    "stopped after {} phase{} at turn {} {} {next} (the next phase to run; the game is not over)",
                    p.phases_run,
                    if p.phases_run == 1 { "" } else { "s" },
                    c.turn,
                    c.side
                );
            }
        }
        if g.phase_order().position(qm_game::phases::INITIAL_SUPPLY).is_none() && territories::is_territory_map(g) {
            // No rule 30 on this territory map: its status is collection's.
            let _ = write!(out, "\n{}", territories::territory_table(&territories::territory_rows(g), false));
        } else {
            let _ = write!(out, "{}", render::report_table(g, &report));
        }
        let _ = writeln!(out, "checksum {}", g.checksum());
    }
    0
}

/// `qm run --json`: the supply output, then the result once the game is
/// over, in declared order.
#[derive(serde::Serialize)]
struct RunOutput<'a> {
    /// What `qm supply` prints.
    #[serde(flatten)]
    supply: &'a output::SupplyOutput,
    /// The game's result, once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<qm_game::GameResult>,
}

/// A game's result in a line: `turn 9: Axis wins (objectives); score Axis 14, Allies 6`.
pub(crate) fn result_line(r: &qm_game::GameResult) -> String {
    let who = r.winner.map_or_else(|| "draw".to_string(), |s| format!("{s:?} wins"));
    let score: Vec<String> = r.score.iter().map(|(s, p)| format!("{s:?} {p}")).collect();
    format!("turn {}: {who} ({}); score {}", r.turn, r.reason, score.join(", "))
}

/// Puts `header` first in a JSON object made elsewhere.
pub fn with_header(v: &mut serde_json::Value, header: &Header) {
    if let serde_json::Value::Object(o) = v {
        let mut fresh = serde_json::Map::new();
        fresh.insert("header".into(), serde_json::to_value(header).unwrap_or_default());
        fresh.extend(std::mem::take(o));
        *o = fresh;
    }
}
