//! Python bindings of Quartermaster: the native module
//! `quartermaster._quartermaster`, built with maturin (see
//! `python/pyproject.toml` and `docs/python.md`).
//!
//! It wraps the API boundary only: [`qm_game::Game`] as the Python class
//! `Game`, and [`qm_ai::run_batch`] as `run_chunk` for self-play. Rust
//! runs with the GIL released (`Python::detach`) while it plays a phase or
//! a batch. Built against the stable ABI (`abi3-py39`): one wheel for
//! CPython 3.9 and newer.

mod actions;
mod batch;
mod convert;
mod errors;
mod game;
mod policy;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _quartermaster(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PySnapshot>()?;
    m.add_class::<policy::PyPolicy>()?;
    m.add("QuartermasterError", py.get_type::<errors::QuartermasterError>())?;
    m.add("OrderError", py.get_type::<errors::OrderError>())?;
    m.add("LoadError", py.get_type::<errors::LoadError>())?;
    m.add_function(wrap_pyfunction!(batch::run_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(batch::run_chunk_counted, m)?)?;
    m.add_function(wrap_pyfunction!(batch::summary, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay, m)?)?;
    m.add_function(wrap_pyfunction!(batch::game_seed, m)?)?;
    m.add("PLANES", qm_game::observation::planes::COUNT)?;
    m.add("SCALARS", qm_game::observation::scalars::COUNT)?;
    m.add("DEFAULT_SIGHT", qm_game::DEFAULT_SIGHT)?;
    m.add("MAX_LOGISTICS_STEPS", qm_ai::play::MAX_LOGISTICS_STEPS)?;
    Ok(())
}
