//! `qm selfplay SCENARIO --games N --threads T --seed S [--policies a,b]
//! [--max-turns K] [--out results.jsonl]`: a seeded batch of games between
//! two policies (`qm_ai::run_batch`). The JSON lines go to `--out` (or
//! stdout), byte-identical for any `T`; the summary (win rates with Wilson
//! 95% intervals, mean turns, games/s, player turns/s) goes to stdout, or
//! to stderr when the lines are on stdout. A progress bar is drawn on
//! stderr when it is a terminal.

use crate::fail;
use crate::output::ErrorBody;
use clap::Args;
use qm_ai::{BatchConfig, Limits, PolicyKind};
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
    /// Seed of game 0 (game i gets seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The two policies, comma-separated (random, greedy, rollout); they
    /// alternate sides across games.
    #[arg(long, default_value = "greedy,random")]
    pub policies: String,
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
    let Some(base) = crate::open(&a.file, a.seed, false, err) else { return 1 };
    let cfg = BatchConfig {
        games: a.games,
        threads: a.threads,
        seed: a.seed,
        policies,
        limits: Limits { max_turns: a.max_turns },
    };
    let bar = progress(a.games);
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let (records, summary) = match qm_ai::run_batch(&base, &cfg, &tick) {
        Ok(r) => r,
        Err(e) => {
            let msg = format!("cannot start {} threads: {e}", a.threads);
            fail(err, false, &[ErrorBody::plain("threads", None, &msg)], &msg);
            return 1;
        }
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let lines = match qm_ai::selfplay::json_lines(&records) {
        Ok(l) => l,
        Err(e) => {
            let msg = format!("cannot write the results: {e}");
            fail(err, false, &[ErrorBody::plain("io", None, &msg)], &msg);
            return 1;
        }
    };
    match &a.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, lines) {
                let msg = format!("{}: cannot write: {e}", path.display());
                fail(err, false, &[ErrorBody::plain("io", None, &msg)], &msg);
                return 1;
            }
            let _ = write!(out, "{}", summary.table());
        }
        None => {
            let _ = write!(out, "{lines}");
            let _ = write!(err, "{}", summary.table());
        }
    }
    0
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
