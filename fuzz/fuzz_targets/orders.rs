//! The `orders` fuzz target: its body is `qm_fuzz::orders`, built and
//! smoke-tested with the workspace on the stable toolchain.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qm_fuzz::orders::run(data));
