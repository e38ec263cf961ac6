//! In a Bevy `App` (feature `bevy`), an app system that reads `HexSupply`
//! with change detection sees exactly the hexes whose status changed in
//! the frame, while `HexDecided` marks every hex a determination decided
//! anew (issue 14: hex components written only when they change).
//!
//! `cargo test --features bevy --test bevy_change_detection`

#![allow(clippy::expect_used, reason = "a failed expectation is a failed test")]

use quartermaster::bevy_app::{App, Update};
use quartermaster::bevy_ecs::prelude::*;
use quartermaster::core::components::MapNode;
use quartermaster::game::bevy_plugin::{QmLoadError, QmSystems, QuartermasterPlugin, StepPhase};
use quartermaster::prelude::*;
use std::collections::BTreeMap;

/// What the watching system saw, frame by frame.
#[derive(Resource, Default)]
struct Watch {
    /// Statuses and decisions last seen, by node.
    last: BTreeMap<NodeId, HexRecord>,
    /// Frames watched.
    frames: u32,
    /// Hexes whose status changed, summed over the frames.
    status_changes: usize,
    /// Hexes decided anew with their status unchanged, summed.
    redecided: usize,
    /// Hexes marked although unchanged, or changed although unmarked.
    wrong: Vec<String>,
}

/// Compares each hex's marks with what changed since the last frame.
fn watch(hexes: Query<(&MapNode, Ref<HexSupply>, Ref<HexDecided>)>, mut w: ResMut<Watch>) {
    let first = w.frames == 0;
    w.frames += 1;
    for (n, s, d) in &hexes {
        let now = HexRecord::of(&s, &d);
        let before = w.last.insert(n.0, now);
        if first {
            continue;
        }
        let before = before.unwrap_or_default();
        let (status_changed, at_changed) = (before.status != now.status, before.at != now.at);
        if s.is_changed() != status_changed || d.is_changed() != at_changed {
            let frame = w.frames;
            w.wrong.push(format!("frame {frame}, node {}: {before:?} -> {now:?}", n.0));
        }
        w.status_changes += usize::from(status_changed);
        w.redecided += usize::from(at_changed && !status_changed);
    }
}

#[test]
fn an_app_system_sees_exactly_the_hexes_whose_status_changed() {
    let mut app = App::new();
    app.add_plugins(QuartermasterPlugin::new("scenarios/awaw/barbarossa-pocket.ron", 7));
    assert!(app.world().get_resource::<QmLoadError>().is_none(), "the scenario loads");
    app.init_resource::<Watch>();
    app.add_systems(Update, watch.after(QmSystems::Drive));
    app.update();
    // Two game turns, a phase a frame.
    let phases = app.world().resource::<PhaseOrder>().len() * 4;
    for _ in 0..phases {
        app.world_mut().write_message(StepPhase);
        app.update();
    }
    let w = app.world().resource::<Watch>();
    assert!(w.wrong.is_empty(), "{} wrong marks, first: {:?}", w.wrong.len(), w.wrong.first());
    assert!(w.status_changes > 0, "no status changed");
    assert!(w.redecided > 0, "no hex was decided anew with its status unchanged");
}
