//! Class 4: the orders reader is linear. Each batch and order is located
//! through one index of the file, so locating them all walks the file a
//! bounded number of times: the work is counted (bytes walked by the
//! locator), not timed.

use super::{qm, s, scratch};
use quartermaster::scenario::locate::scanned_bytes;

/// The bytes the locator walks to place every batch and order of `text`,
/// read as an orders file of the pocket's rules.
fn walked(text: &str) -> u64 {
    let g = crate::common::load("scenarios/awaw/barbarossa-pocket.ron");
    let before = scanned_bytes();
    let batches = g.read_orders("o.ron", text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert!(batches.iter().all(|b| b.at.is_some() && b.orders_at.len() == b.orders.len()));
    scanned_bytes() - before
}

fn empty_batches(n: usize) -> String {
    let batch = "(turn: 1, side: Axis, phase: \"movement\", orders: []),\n";
    format!("[\n{}]\n", batch.repeat(n))
}

fn hold_orders(n: usize) -> String {
    let order = "Move(unit: \"ger-x\", to: \"a1\"),\n";
    format!("[(turn: 1, side: Axis, phase: \"movement\", orders: [\n{}])]\n", order.repeat(n))
}

#[test]
fn locating_batches_and_orders_walks_the_file_a_bounded_number_of_times() {
    for text in [empty_batches(10_000), empty_batches(100_000), hold_orders(10_000), hold_orders(100_000)] {
        let work = walked(&text);
        let len = text.len() as u64;
        // The index, the duplicate-key check (a walk per level of
        // nesting), the top list, each batch, each list of orders, each
        // position's column: a dozen walks of the file at most, whatever
        // its length (walking from the top for each batch was n/2 walks:
        // 50,000 for 100k batches).
        assert!(work <= 12 * len, "{work} bytes walked for a file of {len}");
    }
    // All on one line: the columns are counted from the last position.
    let one_line = empty_batches(100_000).replace('\n', " ");
    assert!(walked(&one_line) <= 12 * one_line.len() as u64);
}

#[test]
fn a_hundred_thousand_batches_are_read_and_refused_as_unused() {
    let root = scratch("batches");
    let o = root.join("o.ron");
    std::fs::write(&o, empty_batches(100_000)).unwrap();
    qm(&["run", "scenarios/awaw/barbarossa-pocket.ron", "--phases", "1", "--orders", s(&o)]).refused("o.ron:");
}
