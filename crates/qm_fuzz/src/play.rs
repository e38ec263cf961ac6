//! Orders played against a shipped scenario (structured with `arbitrary`):
//! each order names units and hexes of the game (or strays off them), is
//! submitted for the side to move or the other, and the phases run. Every
//! order is refused or applied, never a panic; a refused order leaves the
//! checksum unchanged.

use arbitrary::{Arbitrary, Unstructured};
use qm_core::orders::SeaLineOrder;
use qm_game::{Game, Order, Orders};
use qm_ops::OpsOrder;
use qm_supply::orders::SupplyOrder;
use std::sync::OnceLock;

const SCENARIOS: [&str; 3] = [
    crate::shipped!("awaw/barbarossa-pocket.ron"),
    crate::shipped!("awaw/rabaul-isolation.ron"),
    crate::shipped!("awaw/isolation/bridgehead.ron"),
];

/// A loaded game, with its unit ids and hex labels.
type Loaded = (Game, Vec<String>, Vec<String>);

/// A loaded game per scenario.
fn games() -> &'static Vec<Loaded> {
    static G: OnceLock<Vec<Loaded>> = OnceLock::new();
    G.get_or_init(|| {
        SCENARIOS
            .iter()
            .map(|s| {
                let g = Game::load(s, 1).expect("a shipped scenario loads");
                let units = g.unit_ids().iter().map(|u| u.as_str().to_string()).collect();
                let hexes = g.spec().map.by_label.iter().map(|(l, _)| l.clone()).collect();
                (g, units, hexes)
            })
            .collect()
    })
}

/// A name: one of the game's (by index) or any string.
#[derive(Arbitrary, Debug)]
enum Name {
    Known(u8),
    Any(String),
}

#[derive(Arbitrary, Debug)]
enum Action {
    Move(Name, Name),
    Exploit(Name, Name),
    Combat(Vec<Name>, Name, Vec<Name>),
    Invade(Name, Name),
    Redeploy(Name, Name),
    Designate(Name, bool),
    SeaSupply(Vec<(Name, Name)>),
    Intercept(u32, Vec<Name>),
    Step,
}

#[derive(Arbitrary, Debug)]
struct Input {
    scenario: u8,
    actions: Vec<(bool, Action)>,
}

fn pick(n: &Name, from: &[String]) -> String {
    match n {
        Name::Known(i) if !from.is_empty() => from[usize::from(*i) % from.len()].clone(),
        Name::Known(_) => String::new(),
        Name::Any(s) => s.clone(),
    }
}

/// Builds an [`Input`] from `data` as libFuzzer's typed targets do, and
/// plays it.
pub fn run(data: &[u8]) {
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) else { return };
    play(&input);
}

/// Plays the input's actions on a copy of its scenario's game.
fn play(input: &Input) {
    let all = games();
    let (proto, units, hexes) = &all[usize::from(input.scenario) % all.len()];
    let mut g = proto.clone();
    let u = |n: &Name| pick(n, units);
    let h = |n: &Name| pick(n, hexes);
    let mut steps = 0;
    for (other, action) in input.actions.iter().take(64) {
        let order: Order = match action {
            Action::Step => {
                if steps < 16 {
                    g.step_phase();
                    steps += 1;
                }
                continue;
            }
            Action::Move(a, b) => OpsOrder::Move { unit: u(a), to: h(b) }.into(),
            Action::Exploit(a, b) => OpsOrder::Exploit { unit: u(a), to: h(b) }.into(),
            Action::Combat(a, t, adv) => OpsOrder::Combat {
                attackers: a.iter().take(8).map(u).collect(),
                target: h(t),
                advance: adv.iter().take(8).map(u).collect(),
            }
            .into(),
            Action::Invade(a, b) => OpsOrder::Invade { unit: u(a), at: h(b) }.into(),
            Action::Redeploy(a, b) => OpsOrder::Redeploy { unit: u(a), to: h(b) }.into(),
            Action::Designate(a, d) => SupplyOrder::DesignateSource { at: h(a), class: None, designate: *d }.into(),
            Action::SeaSupply(lines) => SupplyOrder::SeaSupply(
                lines
                    .iter()
                    .take(4)
                    .map(|(f, t)| SeaLineOrder {
                        from: h(f),
                        to: h(t),
                        via: Vec::new(),
                        islands: Vec::new(),
                        protect: Vec::new(),
                        air_cover: Vec::new(),
                    })
                    .collect(),
            )
            .into(),
            Action::Intercept(line, by) => {
                SupplyOrder::Intercept { line: *line, by: by.iter().take(4).map(u).collect(), at_island: None }.into()
            }
        };
        let side = if *other { g.clock().side.other() } else { g.clock().side };
        let before = g.checksum();
        if g.submit(side, &Orders { orders: vec![order] }).is_err() {
            assert_eq!(g.checksum(), before, "a refused order changed the state");
        }
    }
    let ids = g.unit_ids();
    assert!(ids.windows(2).all(|w| w[0] != w[1]), "two units share an id");
}
