//! Pictures of a game, for the debug harness (`qm render`, `qm replay`,
//! `qm step`): the map as SVG (through the `svg` crate) and PNG (through
//! `resvg`, with the font shipped in `assets/fonts/`), and the replay page.
//!
//! A [`Scene`] is read out of a [`qm_game::Game`] as plain data; the
//! writers are pure functions of it. Hex maps are drawn hex by hex
//! ([`hexmap`]); territory maps, which have no coordinates, as their
//! adjacency graph laid out by force ([`territory`]).
//!
//! ```no_run
//! let mut game = qm_game::Game::load("scenarios/awaw/barbarossa-pocket.ron", 1).expect("loads");
//! game.step_phase();
//! let svg = qm_render::svg(&mut game, qm_game::Side::Allies);
//! let png = qm_render::png::png(&svg, 1.0).expect("renders");
//! ```

pub mod collection;
pub mod counter;
pub mod draw;
pub mod events;
pub mod graph_layout;
pub mod hexmap;
pub mod layout;
pub mod legend;
pub mod png;
pub mod replay;
pub mod scene;
pub mod style;
pub mod territory;

pub use scene::Scene;

/// The SVG text of a scene: a hex map or a territory map.
#[must_use]
pub fn scene_svg(scene: &Scene) -> String {
    let hexes = scene.nodes.iter().any(|n| n.row_col.is_some());
    let doc = if hexes { hexmap::document(scene) } else { territory::document(scene) };
    doc.to_string()
}

/// The SVG text of a game's map as it stands, with `side`'s supply.
#[must_use]
pub fn svg(game: &mut qm_game::Game, side: qm_game::Side) -> String {
    scene_svg(&Scene::of(game, side))
}
