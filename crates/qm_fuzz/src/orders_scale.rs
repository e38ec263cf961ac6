//! The orders reader at scale: an orders file made of a fragment from the
//! input repeated up to 5,000 times (batches, orders, or anything), read
//! against `rabaul-isolation.ron`'s rules. Never a panic; every batch and
//! order has its position; and locating them all walks the file a bounded
//! number of times (the locator's count of bytes walked), so the reader
//! stays linear however many batches the file holds.

use qm_scenario::locate::scanned_bytes;
use std::sync::PoisonError;

/// Two bytes of repeat count, then the fragment.
pub fn run(data: &[u8]) {
    let Some((count, fragment)) = data.split_first_chunk::<2>() else { return };
    let repeats = usize::from(u16::from_le_bytes(*count)) % 5_000 + 1;
    let Ok(fragment) = std::str::from_utf8(fragment) else { return };
    let text = format!("[{}]", fragment.repeat(repeats));
    let g = crate::orders::rabaul().lock().unwrap_or_else(PoisonError::into_inner);
    let before = scanned_bytes();
    if let Ok(batches) = g.read_orders("fuzz-orders.ron", text.as_bytes()) {
        for b in &batches {
            assert!(b.at.is_some(), "every batch has its position");
            assert_eq!(b.orders_at.len(), b.orders.len(), "every order has its position");
        }
        let walked = scanned_bytes() - before;
        let bound = 16 * text.len() as u64 + 4096;
        assert!(walked <= bound, "{walked} bytes walked for a file of {}", text.len());
    }
}
