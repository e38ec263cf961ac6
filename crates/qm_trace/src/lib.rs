#![doc = include_str!("../README.md")]

pub mod components;
pub mod flood;
pub mod graph;
pub mod path;
pub mod region;

pub use components::label_components;
pub use flood::{Arrival, Flood, FloodSpec, Origin, Seed, Trace, flood};
pub use graph::{Csr, EdgeKinds, NO_NODE, Node};
pub use path::{bfs_distances, bfs_path};
pub use region::{Region, RegionScratch, backward_region, backward_region_with};
