//! A headless Bevy `App` with Quartermaster: loads the Barbarossa pocket,
//! steps one player turn phase by phase, and prints, after each phase, how
//! many hexes changed status, the units whose supply status changed (as an
//! app system sees them through change detection) and the units the phase
//! eliminated (SUP-177, from the phase's events). The statuses the app
//! finds at load are its starting point, not changes.
//!
//! ```sh
//! cargo run --example bevy_app --features bevy
//! ```

use quartermaster::bevy_app::{App, Update};
use quartermaster::bevy_ecs::prelude::*;
use quartermaster::game::bevy_plugin::{PhaseDone, QmLoadError, QmSystems, QuartermasterPlugin, StepPhase};
use quartermaster::prelude::*;
use std::collections::BTreeMap;

/// Statuses last seen, by unit id: what "changed" is measured against.
#[derive(Resource, Default)]
struct Seen(BTreeMap<UnitId, Option<UnitStatus>>);

/// Prints each phase run, the number of hexes whose status changed
/// (`HexSupply` is written only then), every unit whose status differs
/// from what this system saw before (`Changed<UnitSupply>` narrows the
/// search: a unit's record also holds its line), and the units eliminated.
/// In a frame without a phase (the first, when the scenario's units are
/// spawned) it only records the statuses it sees.
fn print_changes(
    mut done: MessageReader<PhaseDone>,
    hexes: Query<&HexSupply, Changed<HexSupply>>,
    units: Query<(&Unit, &UnitSupply), Changed<UnitSupply>>,
    mut seen: ResMut<Seen>,
) {
    let mut ran = false;
    let mut eliminated = Vec::new();
    for PhaseDone(r) in done.read() {
        println!("turn {} {}: {} ({} events)", r.turn, r.side, r.phase, r.events.len());
        ran = true;
        eliminated.extend(r.events.iter().filter_map(|e| match e {
            GameEvent::UnitEliminated { unit, .. } => Some(unit.clone()),
            _ => None,
        }));
    }
    if ran && !hexes.is_empty() {
        println!("  {} hexes changed status", hexes.iter().count());
    }
    let mut changed: Vec<(&Unit, &UnitSupply)> = units.iter().collect();
    changed.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    for (u, s) in changed {
        let before = seen.0.insert(u.id.clone(), Some(s.status));
        if ran && before.flatten() != Some(s.status) {
            let was = before.flatten().map_or("-".to_string(), |b| format!("{b:?}"));
            println!("  {}: {was} -> {:?}", u.id, s.status);
        }
    }
    eliminated.sort();
    for unit in eliminated {
        seen.0.remove(&unit);
        println!("  {unit}: eliminated by isolation (SUP-177)");
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins(QuartermasterPlugin::new("scenarios/awaw/barbarossa-pocket.ron", 7));
    if let Some(e) = app.world().get_resource::<QmLoadError>() {
        eprintln!("{}", e.0);
        std::process::exit(1);
    }
    app.init_resource::<Seen>();
    app.add_systems(Update, print_changes.after(QmSystems::Drive));
    app.update();
    let phases = app.world().resource::<PhaseOrder>().len();
    for _ in 0..phases {
        app.world_mut().write_message(StepPhase);
        app.update();
    }
}
