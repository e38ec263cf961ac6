//! The `collect_maps` fuzz target: its body is `qm_fuzz::collect_maps`, built and
//! smoke-tested with the workspace on the stable toolchain.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| qm_fuzz::collect_maps::run(data));
