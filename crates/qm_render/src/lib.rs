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

/// The most SVG elements a picture may be drawn with: a map's hexes and
/// units come from input, so the size is estimated from the game before
/// any scene or document is built ([`check_size`]).
pub const MAX_SVG_ELEMENTS: u64 = 600_000;

/// The most SVG elements a PNG may be rasterized from: rasterizing holds
/// the parsed tree, several times the SVG text.
pub const MAX_PNG_ELEMENTS: u64 = 150_000;

/// The most elements one node or unit (an entity of the game's world) is
/// drawn with: a hex's group, tooltip, polygon, label, name and borders; a
/// counter's box, text and marks.
const ELEMENTS_PER_ENTITY: u64 = 8;

/// A picture too large to draw.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the map would be drawn with about {elements} SVG elements, more than the {max} a picture may have")]
pub struct TooLarge {
    /// The estimated elements.
    pub elements: u64,
    /// The cap it passes.
    pub max: u64,
}

/// The SVG elements a picture of `game` is drawn with at most, from the
/// count of its nodes, units and other entities.
#[must_use]
pub fn estimated_elements(game: &qm_game::Game) -> u64 {
    u64::from(game.entity_count()).saturating_mul(ELEMENTS_PER_ENTITY)
}

/// Checks, before anything is drawn, that a picture of `game` stays within
/// `max` elements ([`MAX_SVG_ELEMENTS`], or [`MAX_PNG_ELEMENTS`] for a PNG).
///
/// # Errors
/// [`TooLarge`] with the estimate.
pub fn check_size(game: &qm_game::Game, max: u64) -> Result<(), TooLarge> {
    let elements = estimated_elements(game);
    if elements > max { Err(TooLarge { elements, max }) } else { Ok(()) }
}

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
