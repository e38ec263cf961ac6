#![doc = include_str!("../README.md")]

pub mod components;
pub mod flood;
pub mod graph;
pub mod lines;
pub mod node;
pub mod path;
pub mod reach;
pub mod refuel_tree;
pub mod region;

pub use components::{NO_ZONE, ZONE_ATTACH, ZONE_CORE, ZONE_NONE, label_components, label_zones, label_zones_of};
pub use flood::{Arrival, Flood, FloodSpec, Origin, Seed, Trace, flood, flood_more};
pub use graph::{Csr, EdgeKinds, NO_NODE, Node};
pub use lines::Traced;
pub use node::{NodeSlice, NodeVec, Nodes};
pub use path::{bfs_distances, bfs_path, bfs_path_refuel, bfs_path_refuel_with, bfs_reach_refuel};
pub use reach::{Reach, bounded_reach};
pub use refuel_tree::{RefuelTree, TreeRoute, TreeScratch, refuel_tree, route_from_tree};
pub use region::{BackwardWalk, Region, RegionScratch, backward_region, backward_region_with};
