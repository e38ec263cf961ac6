//! Self-play chunks: `run_chunk` plays games `start..start+count` of a
//! batch with the Rust batch runner ([`qm_ai::run_batch`]) in one call,
//! GIL released, and gives the JSON lines `qm selfplay` writes for them;
//! `replay` plays recorded orders through the Rust API (benchmarks).

use crate::convert::parse_orders;
use crate::errors::load_error;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use qm_ai::{BatchConfig, GameRecord, Limits, PolicyKind};
use qm_game::{Game, LoadError, Order, Orders, Side};
use std::path::PathBuf;

/// Why a chunk did not run.
enum Failed {
    Load(LoadError),
    Other(String),
}

/// Plays games `start .. start + count` of the batch `qm selfplay SCENARIO
/// --seed SEED --policies A,B --max-turns K` plays, on `threads` threads:
/// game `i` with seed `qm_ai::game_seed(SEED, i)`, policy A as the Axis in even games. The
/// JSON lines are byte-identical to those lines of `qm selfplay`'s file.
/// The seed of game `i` of a self-play batch seeded `seed`, as `qm
/// selfplay` and `run_chunk` seed it (a hash of both: batches with nearby
/// seeds share no game).
#[pyfunction]
pub fn game_seed(seed: u64, i: u64) -> u64 {
    qm_ai::game_seed(seed, i)
}

#[pyfunction]
#[expect(clippy::too_many_arguments, reason = "a Python function with keyword arguments")]
#[pyo3(signature = (scenario, seed, start, count, policies = ("greedy".to_string(), "random".to_string()), max_turns = Limits::default().max_turns, threads = 1))]
pub fn run_chunk(
    py: Python<'_>,
    scenario: PathBuf,
    seed: u64,
    start: u64,
    count: u64,
    policies: (String, String),
    max_turns: u32,
    threads: usize,
) -> PyResult<String> {
    let chunk = Chunk { scenario, seed, start, count, policies, max_turns, threads };
    Ok(chunk.play(py)?.0)
}

/// [`run_chunk`], with the figures the JSON lines leave out for the
/// summary: `(lines, player turns played, orders refused)`.
#[pyfunction]
#[expect(clippy::too_many_arguments, reason = "a Python function with keyword arguments")]
#[pyo3(signature = (scenario, seed, start, count, policies = ("greedy".to_string(), "random".to_string()), max_turns = Limits::default().max_turns, threads = 1))]
pub fn run_chunk_counted(
    py: Python<'_>,
    scenario: PathBuf,
    seed: u64,
    start: u64,
    count: u64,
    policies: (String, String),
    max_turns: u32,
    threads: usize,
) -> PyResult<(String, u64, u64)> {
    Chunk { scenario, seed, start, count, policies, max_turns, threads }.play(py)
}

/// The summary table `qm selfplay` prints (win rates with Wilson 95%
/// intervals, mean turns, games/s, player turns/s) of a batch's JSON
/// lines played in `seconds`, with the player turns and refused orders
/// [`run_chunk_counted`] counted.
#[pyfunction]
#[pyo3(signature = (lines, seconds, player_turns = 0, refused = 0))]
pub fn summary(lines: &str, seconds: f64, player_turns: u64, refused: u64) -> PyResult<String> {
    let records: Vec<GameRecord> = lines
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| PyValueError::new_err(format!("not a self-play JSON line: {e}")))?;
    let mut s = qm_ai::selfplay::summarize(&records, seconds);
    s.player_turns = player_turns;
    s.refused = refused;
    Ok(s.table())
}

/// One chunk of a batch, as `run_chunk` takes it.
struct Chunk {
    scenario: PathBuf,
    seed: u64,
    start: u64,
    count: u64,
    policies: (String, String),
    max_turns: u32,
    threads: usize,
}

impl Chunk {
    /// Plays the chunk, GIL released: its JSON lines, player turns and
    /// refused orders.
    fn play(self, py: Python<'_>) -> PyResult<(String, u64, u64)> {
        let kind = |p: &str| p.parse::<PolicyKind>().map_err(|e| PyValueError::new_err(e.to_string()));
        let (a, b) = (kind(&self.policies.0)?, kind(&self.policies.1)?);
        // The chunk's games are games start.. of the batch: their seeds and
        // sides are the batch's (`qm_ai::game_seed`, sides by game index).
        let cfg = BatchConfig {
            first: self.start,
            games: self.count,
            threads: self.threads,
            seed: self.seed,
            policies: [a, b],
            limits: Limits { max_turns: self.max_turns },
            ..BatchConfig::default()
        };
        let run = || -> Result<(String, u64, u64), Failed> {
            let base = Game::open(&self.scenario, self.seed).map_err(Failed::Load)?;
            let (records, _) = qm_ai::run_batch(&base, &cfg, &|| {}).map_err(|e| Failed::Other(e.to_string()))?;
            let turns = records.iter().map(|r| u64::from(r.player_turns)).sum();
            let refused = records.iter().map(|r| u64::from(r.refused)).sum();
            let lines = qm_ai::selfplay::json_lines(&records).map_err(|e| Failed::Other(e.to_string()))?;
            Ok((lines, turns, refused))
        };
        py.detach(run).map_err(|e| match e {
            Failed::Load(e) => load_error(py, &e),
            Failed::Other(m) => PyRuntimeError::new_err(m),
        })
    }
}

/// Replays a game through the Rust API: for each phase, each side's
/// legal orders and observation are computed (what a policy reads, as in
/// `qm_ai::Match`), its recorded orders (RON texts) submitted, and the
/// phase run. `(final checksum, seconds)`, timed without the parse.
#[pyfunction]
pub fn replay(
    py: Python<'_>,
    scenario: PathBuf,
    seed: u64,
    phases: Vec<Vec<(String, Vec<String>)>>,
) -> PyResult<(String, f64)> {
    let mut game = Game::open(&scenario, seed).map_err(|e| load_error(py, &e))?;
    let mut parsed: Vec<Vec<(Side, Vec<Order>)>> = Vec::with_capacity(phases.len());
    for phase in &phases {
        let mut sides = Vec::new();
        for (side, orders) in phase {
            let s = crate::convert::side(side)?;
            sides.push((s, parse_orders(&game, orders).map_err(|e| load_error(py, &e))?));
        }
        parsed.push(sides);
    }
    let run = || -> Result<(String, f64), qm_game::OrderError> {
        let start = std::time::Instant::now();
        for phase in parsed {
            let to_move = game.clock().side;
            for s in [to_move, to_move.other()] {
                let legal = game.legal_orders_of(s, qm_game::OrderClass::Operations);
                if !legal.is_empty() {
                    let _obs = game.observation(s);
                }
            }
            for (s, orders) in phase {
                game.submit(s, &Orders { orders })?;
            }
            game.step_phase();
        }
        Ok((game.checksum().to_string(), start.elapsed().as_secs_f64()))
    };
    py.detach(run).map_err(|e| crate::errors::order_error(py, &e))
}
