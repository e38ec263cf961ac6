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
    let kinds = game.rules().order_kinds().clone();
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            qm_core::orders::with_order_kinds(&kinds, || ron::from_str::<qm_game::Order>(text)).map_err(|e| {
                qm_game::LoadError::single(qm_game::Diagnostic {
                    file: format!("<order {i}>"),
                    line: e.span.start.line.max(1) as u32,
                    col: e.span.start.col.max(1) as u32,
                    offset: 0,
                    message: format!("cannot read order `{text}`: {}", e.code),
                })
            })
        })
        .collect()
}

/// An order as RON text, as `qm step`'s `legal` prints it.
pub fn order_text(o: &qm_game::Order) -> String {
    ron::to_string(o).unwrap_or_else(|e| format!("<unprintable order: {e}>"))
}
