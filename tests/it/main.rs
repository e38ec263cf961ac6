//! The workspace's integration tests, in one binary: one module per topic,
//! the shared helpers in `common`. Linking one binary instead of one per
//! file is most of what building the suite costs.
//!
//! Run one topic with its module's name as the filter:
//! `cargo test --test it golden_checksums`, `cargo test --test it hostile::`.
//! The Bevy plugin's test needs its feature and is a binary of its own
//! (`tests/bevy_change_detection.rs`).
#![allow(clippy::expect_used, clippy::unwrap_used, reason = "a failed expectation is a failed test")]

mod common;

mod api_boundary;
mod bad_input;
mod bench_baselines;
mod bench_selfplay;
mod campaigns;
mod capabilities;
mod checksum_coverage;
mod cli;
mod clone_restore;
mod collect;
mod collect_lines;
mod construction_income;
mod determinism;
mod determinism_matrix;
mod end_of_game;
mod europe_1914;
mod explain;
mod fuzz_loader;
mod golden_checksums;
mod hex_records;
mod hostile;
mod invariants;
mod invariants_collect;
mod invariants_oil;
mod invariants_oracle;
mod islands;
mod isolation;
mod json_schema;
mod land_edges;
mod land_scenarios;
mod land_sources;
mod land_supply;
mod legal_logistics;
mod legal_orders;
mod map_find;
mod middle_east;
mod no_conflict_markers;
mod node_sync;
mod observation;
mod oil;
mod oil_sea_legs;
mod ops_memo;
mod ops_organization;
mod ops_rules;
mod order_machine;
mod orders_file;
mod outcomes;
mod passability;
mod post_combat;
mod reliability_ids;
mod reliability_limits;
mod reliability_loader;
mod reliability_saves;
mod rules_coverage;
mod rules_fidelity;
mod ruleset_names;
mod sea_edges;
mod sea_plan;
mod sea_searches;
mod sea_supply;
mod selfplay;
mod stockpiles;
mod territory_map;
mod territory_ops;
mod toy_plugin;
mod unit_records;
mod zoc_spread;
