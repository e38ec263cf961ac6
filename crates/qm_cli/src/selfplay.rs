//! `qm selfplay SCENARIO --games N --threads T --seed S [--policies a,b]
//! [--logistics engine|policy[,engine|policy]] [--fog] [--max-turns K]
//! [--out results.jsonl]`: a seeded batch of games between two policies
//! (`qm_ai::run_batch_with`). Each game's JSON line goes to `--out` (or
//! stdout) as soon as the games before it are done, byte-identical for any
//! `T`; every line carries what replays its game (`qm replay --selfplay`),
//! and `--record DIR` writes each game's line to a file of its own.
//! The summary (win rates per policy and per side with Wilson 95%
//! intervals, mean turns, games/s, player turns/s) goes to stdout, or to
//! stderr when the lines are on stdout. A progress bar is drawn on stderr
//! when it is a terminal.

use crate::fail;
use crate::output::ErrorBody;
use clap::Args;
use qm_ai::{BatchConfig, Limits, Logistics, PolicyKind};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The arguments of `qm selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Scenario file.
    pub file: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The batch's seed (game i's seed is a hash of the seed and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The two policies, comma-separated (random, greedy, rollout); they
    /// alternate sides across games.
    #[arg(long, default_value = "greedy,random")]
    pub policies: String,
    /// Who takes the logistics decisions of each policy (sea supply plans,
    /// interceptions, convoy attacks, Middle East payments, oil): `engine`
    /// (its documented defaults) or `policy`; one value for both, or two
    /// in the order of `--policies`.
    #[arg(long, default_value = "engine")]
    pub logistics: String,
    /// Play under the scenario's fog of war (its `sight`, or 3 hexes when
    /// it sets none): each policy sees only its side's observation.
    #[arg(long)]
    pub fog: bool,
    /// Also write each game's record, which replays it (`qm replay
    /// --selfplay DIR/game-N.json --game N`), to its own file in this
    /// folder (created if missing).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Game turns after which a game is adjudicated.
    #[arg(long, default_value_t = Limits::default().max_turns)]
    pub max_turns: u32,
    /// Where to write the JSON lines (default: stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `qm selfplay`; the exit code.
pub fn run(a: &SelfplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let policies = match parse_policies(&a.policies) {
        Ok(p) => p,
        Err(msg) => {
            fail(err, false, &[ErrorBody::plain("usage", None, &msg)], &format!("error: {msg}"));
            return 2;
        }
    };
    let checked = parse_logistics(&a.logistics).and_then(|l| check_counts(a).map(|()| l));
    let logistics = match checked {
        Ok(l) => l,
        Err(msg) => {
            fail(err, false, &[ErrorBody::plain("usage", None, &msg)], &format!("error: {msg}"));
            return 2;
        }
    };
    let Some(base) = crate::open(&a.file, a.seed, false, err) else { return 1 };
    let cfg = BatchConfig {
        first: 0,
        games: a.games,
        threads: a.threads,
        seed: a.seed,
        policies,
        logistics,
        fog: a.fog,
        limits: Limits { max_turns: a.max_turns },
    };
    let mut file = match &a.out {
        Some(path) => match crate::output_file::check(path).and_then(|()| std::fs::File::create(path)) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                let msg = format!("{}: cannot write: {e}", path.display());
                fail(err, false, &[ErrorBody::plain("io", None, &msg)], &msg);
                return 1;
            }
        },
        None => None,
    };
    let bar = progress(a.games);
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    if let Some(dir) = &a.record
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        let msg = format!("{}: cannot create: {e}", dir.display());
        fail(err, false, &[ErrorBody::plain("io", None, &msg)], &msg);
        return 1;
    }
    let mut sink = |r: &qm_ai::GameRecord| -> std::io::Result<()> {
        let line = serde_json::to_string(r).map_err(std::io::Error::other)?;
        if let Some(dir) = &a.record {
            crate::output_file::write(&dir.join(format!("game-{}.json", r.game)), format!("{line}\n"))?;
        }
        match file.as_mut() {
            Some(f) => writeln!(f, "{line}"),
            None => writeln!(out, "{line}"),
        }
    };
    let result = qm_ai::run_batch_with(&base, &cfg, &tick, &mut sink);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let flushed = file.as_mut().map_or(Ok(()), std::io::Write::flush);
    let summary = match result.and_then(|s| flushed.map(|()| s).map_err(Into::into)) {
        Ok(s) => s,
        Err(e) => {
            let msg = format!("self-play stopped: {e}");
            fail(err, false, &[ErrorBody::plain("io", None, &msg)], &msg);
            return 1;
        }
    };
    if a.out.is_some() {
        let _ = write!(out, "{}", summary.table());
    } else {
        let _ = write!(err, "{}", summary.table());
    }
    0
}

/// Refuses counts no batch should run: more games than
/// [`qm_ai::selfplay::MAX_GAMES`], or more threads than the machine could
/// start (1024).
fn check_counts(a: &SelfplayArgs) -> Result<(), String> {
    if a.games > qm_ai::selfplay::MAX_GAMES {
        return Err(format!("--games {} is more than {} games", a.games, qm_ai::selfplay::MAX_GAMES));
    }
    if a.threads > 1024 {
        return Err(format!("--threads {} is more than 1024 threads", a.threads));
    }
    Ok(())
}

/// `policy` or `engine,policy` as the two policies' logistics modes.
fn parse_logistics(s: &str) -> Result<[Logistics; 2], String> {
    let modes: Vec<Logistics> =
        s.split(',').map(|p| p.trim().parse::<Logistics>()).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    match modes.as_slice() {
        [a, b] => Ok([*a, *b]),
        [a] => Ok([*a, *a]),
        _ => Err(format!("--logistics takes one or two modes, got `{s}`")),
    }
}

/// `greedy,random` as two policies.
fn parse_policies(s: &str) -> Result<[PolicyKind; 2], String> {
    let kinds: Vec<PolicyKind> =
        s.split(',').map(|p| p.trim().parse::<PolicyKind>()).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    match kinds.as_slice() {
        [a, b] => Ok([*a, *b]),
        [a] => Ok([*a, *a]),
        _ => Err(format!("--policies takes two policies, got `{s}`")),
    }
}

/// A progress bar on stderr, when stderr is a terminal.
fn progress(games: u64) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(games);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} eta {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}
