//! Self-play chunks: `run_chunk` plays games `start..start+count` of a
//! batch with the Rust batch runner ([`qm_ai::run_batch`]) in one call,
//! GIL released, and gives the JSON lines `qm selfplay` writes for them;
//! `replay` plays recorded orders through the Rust API (benchmarks).

use crate::convert::parse_orders;
use crate::errors::load_error;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use qm_ai::{BatchConfig, Limits, PolicyKind};
use qm_game::{Game, LoadError, Order, Orders, Side};
use std::path::PathBuf;

/// Why a chunk did not run.
enum Failed {
    Load(LoadError),
    Other(String),
}

/// Plays games `start .. start + count` of the batch `qm selfplay SCENARIO
/// --seed SEED --policies A,B --max-turns K` plays, on `threads` threads:
/// game `i` with seed `qm_ai::game_seed(SEED, i)`, policy A as the Axis in
/// even games. The JSON lines are byte-identical to those lines of
/// `qm selfplay`'s file.
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
    let kind = |p: &str| p.parse::<PolicyKind>().map_err(|e| PyValueError::new_err(e.to_string()));
    let (a, b) = (kind(&policies.0)?, kind(&policies.1)?);
    let cfg = BatchConfig {
        first: start,
        games: count,
        threads,
        seed,
        policies: [a, b],
        limits: Limits { max_turns },
        ..BatchConfig::default()
    };
    let run = || -> Result<String, Failed> {
        let base = Game::open(&scenario, seed).map_err(Failed::Load)?;
        let (records, _) = qm_ai::run_batch(&base, &cfg, &|| {}).map_err(|e| Failed::Other(e.to_string()))?;
        qm_ai::selfplay::json_lines(&records).map_err(|e| Failed::Other(e.to_string()))
    };
    py.detach(run).map_err(|e| match e {
        Failed::Load(e) => load_error(py, &e),
        Failed::Other(m) => PyRuntimeError::new_err(m),
    })
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
