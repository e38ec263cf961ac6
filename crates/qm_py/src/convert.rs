//! Conversions between engine values and Python ones.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qm_game::{Fog, Side};

/// A side from `"axis"` / `"allies"` (any case).
pub fn side(s: &str) -> PyResult<Side> {
    s.parse::<Side>().map_err(|_| PyValueError::new_err(format!("unknown side `{s}` (expected axis or allies)")))
}

/// An order class from its name: `operations` or `logistics`.
pub fn order_class(s: &str) -> PyResult<qm_game::OrderClass> {
    match s {
        "operations" => Ok(qm_game::OrderClass::Operations),
        "logistics" => Ok(qm_game::OrderClass::Logistics),
        _ => Err(PyValueError::new_err(format!("unknown order kind `{s}` (expected operations or logistics)"))),
    }
}

/// Fog from an optional sight range: `None` is no fog.
pub fn fog(sight: Option<u32>) -> Fog {
    sight.map_or(Fog::Off, Fog::Sight)
}

/// Any serde value as plain Python data (dicts, lists, str, int, None),
/// through its JSON form.
pub fn to_py<'py, T: serde::Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(v).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Orders as RON text (`Move(unit: "g1", to: "e52")`, as `legal_orders`
/// gives them) read against the game's order kinds; the text of order `i`
/// is reported as file `<order i>`.
///
/// # Errors
/// A [`qm_game::LoadError`] at the first order that does not parse.
pub fn parse_orders(game: &qm_game::Game, texts: &[String]) -> Result<Vec<qm_game::Order>, qm_game::LoadError> {
    texts.iter().enumerate().map(|(i, text)| game.read_order(&format!("<order {i}>"), text)).collect()
}
