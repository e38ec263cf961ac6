//! The Python exceptions: `OrderError` (an order the engine refused, with
//! the typed error's kind) and `LoadError` (a file that does not load, with
//! `file`, `line` and `col` of its first problem).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(quartermaster, QuartermasterError, PyException, "The base of Quartermaster's errors.");
create_exception!(
    quartermaster,
    OrderError,
    QuartermasterError,
    "An order the engine refused: `kind` is the typed error's variant, `index` the order's position in its batch (or None), `family` the rule family for a family's own refusal."
);
create_exception!(
    quartermaster,
    LoadError,
    QuartermasterError,
    "A scenario, save or orders text that does not load: `file`, `line`, `col` of the first problem, `diagnostics` every one as (file, line, col, message)."
);

/// A refused order as an `OrderError` carrying `kind`, `index`, `family`.
pub fn order_error(py: Python<'_>, e: &qm_game::OrderError) -> PyErr {
    let err = OrderError::new_err(e.to_string());
    let (index, family) = match e {
        qm_game::OrderError::Rule { index, family, .. } => (Some(*index), Some(*family)),
        _ => (index_of(e), None),
    };
    let value = err.value(py);
    let _ = value.setattr("kind", kind_of(e));
    let _ = value.setattr("index", index);
    let _ = value.setattr("family", family);
    err
}

/// A refusal the env raises itself (a masked-out action), as an
/// `OrderError` of kind `kind`.
pub fn env_refusal(py: Python<'_>, kind: &str, message: String) -> PyErr {
    let err = OrderError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("index", None::<usize>);
    let _ = value.setattr("family", None::<&str>);
    err
}

/// The variant name of an order error (`UnknownUnit`, `Rule`, ...), read
/// from its `Debug` form.
fn kind_of(e: &qm_game::OrderError) -> String {
    let dbg = format!("{e:?}");
    dbg.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or_default().to_string()
}

/// The `index: N` of an order error's `Debug` form, if it has one.
fn index_of(e: &qm_game::OrderError) -> Option<usize> {
    let dbg = format!("{e:?}");
    let rest = dbg.split("index: ").nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// A load error as a `LoadError` carrying its first problem's position.
pub fn load_error(py: Python<'_>, e: &qm_game::LoadError) -> PyErr {
    let err = LoadError::new_err(e.to_string());
    let first = e.diagnostics.first();
    let value = err.value(py);
    let _ = value.setattr("file", first.map(|d| d.file.clone()));
    let _ = value.setattr("line", first.map(|d| d.line));
    let _ = value.setattr("col", first.map(|d| d.col));
    let all: Vec<(String, u32, u32, String)> =
        e.diagnostics.iter().map(|d| (d.file.clone(), d.line, d.col, d.message.clone())).collect();
    let _ = value.setattr("diagnostics", all);
    err
}
