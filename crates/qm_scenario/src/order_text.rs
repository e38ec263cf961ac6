//! One order as RON text, and back: how `legal_orders` is printed (`qm
//! step`'s `legal`, the Python binding's actions) and how a single typed
//! order is read. An orders file of batches is [`crate::read_orders`].

use crate::diag::{Diagnostic, LoadError};
use qm_core::orders::{Order, with_order_kinds};
use qm_core::plugin::Rules;

/// Reads one order (`Move(unit: "g1", to: "e52")`) against the order kinds
/// of `rules`; a problem is reported in `file` (a label such as
/// `<order 3>`) at its line and column.
///
/// # Errors
/// A [`LoadError`] with one diagnostic when the text is not an order.
pub fn read_order(file: &str, text: &str, rules: &Rules) -> Result<Order, LoadError> {
    let kinds = rules.order_kinds().clone();
    with_order_kinds(&kinds, || ron::from_str::<Order>(text)).map_err(|e| {
        LoadError::single(Diagnostic {
            file: file.to_string(),
            line: u32::try_from(e.span.start.line.max(1)).unwrap_or(u32::MAX),
            col: u32::try_from(e.span.start.col.max(1)).unwrap_or(u32::MAX),
            offset: 0,
            message: format!("cannot read order `{text}`: {}", e.code),
        })
    })
}

/// An order as one line of RON text; `<unprintable order: ...>` for an
/// order whose family's value cannot be written.
#[must_use]
pub fn order_text(o: &Order) -> String {
    ron::to_string(o).unwrap_or_else(|e| format!("<unprintable order: {e}>"))
}
