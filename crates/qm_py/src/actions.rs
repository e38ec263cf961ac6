//! The fixed-size action encoding of the Python environments
//! (`docs/python.md`): a phase's legal orders of one side are grouped by the
//! unit that carries them out (`qm_ai::legal::actor`; constructions form
//! one group), and the environment asks for one action per group.
//!
//! Action `0` is "no order for this unit"; action `1 + k * N + n` is the
//! group's order of action kind `k` whose destination is map node `n`
//! (`N` nodes). The action kinds are fixed per scenario: `Move`,
//! `Exploit`, `Attack`, `Combat`, `Invade`, `Redeploy`, then `Build:<type>` for each
//! unit type of the ruleset, then any other family's order kind (node 0
//! when it names no place). Two orders of a group with the same action
//! (none in the shipped rules) are counted in `unreachable`, never dropped
//! silently.
//!
//! Logistics decisions (`docs/orders.md`: a sequence of atomic choices)
//! use the same action space, one step at a time ([`choices`]): action `0`
//! passes (the engine's default for the rest of the decision), action
//! `1 + k` gives the `k`-th listed choice. Choices beyond the action space
//! are counted in [`Choices::unreachable`], never dropped silently.

use qm_game::{Game, Order, OrderClass, Side};
use std::collections::BTreeMap;

/// The operations kinds that have their own slot (`Build` has one per unit
/// type; `Combat`, the outcome-carrying attack of scenarios without a
/// combat table, has its own).
const OPS: [&str; 6] = ["Move", "Exploit", "Attack", "Combat", "Invade", "Redeploy"];

/// The action kinds of a game, in slot order.
#[must_use]
pub fn kinds(game: &Game) -> Vec<String> {
    let mut out: Vec<String> = OPS.iter().map(|s| (*s).to_string()).collect();
    out.extend(game.spec().ruleset.unit_types.iter().map(|t| format!("Build:{}", t.key)));
    let other = game.rules().order_kinds().kinds().filter(|k| !OPS.contains(k) && *k != "Build");
    out.extend(other.map(str::to_string));
    out
}

/// The legal orders of one side for the phase about to run, grouped and
/// encoded.
#[derive(Clone, Debug)]
pub struct Table {
    /// The side.
    pub side: Side,
    /// The phase counter the table was made at (stale after a phase runs).
    pub stamp: u64,
    /// The legal operations orders, as `Game::legal_orders_of` lists them.
    pub orders: Vec<Order>,
    /// Groups in unit-id order: the actor's id (`""` for constructions)
    /// and each `(action, index into orders)`.
    pub groups: Vec<(String, Vec<(u32, usize)>)>,
    /// Orders whose action another order of their group already has.
    pub unreachable: usize,
}

/// The encoding of a game's legal orders for `side`.
#[must_use]
pub fn table(game: &mut Game, side: Side, stamp: u64) -> Table {
    let kinds = kinds(game);
    let n = game.spec().map.node_count() as u32;
    // Operations only: logistics decisions are the engine's defaults here.
    let orders = game.legal_orders_of(side, OrderClass::Operations);
    let mut by_actor: BTreeMap<String, Vec<(u32, usize)>> = BTreeMap::new();
    let mut rest = Vec::new();
    let mut unreachable = 0;
    for (i, o) in orders.iter().enumerate() {
        let action = encode(game, &kinds, n, o);
        let group = match qm_ai::legal::actor(o) {
            Some(a) => by_actor.entry(a.to_string()).or_default(),
            None => {
                rest.push((format!("#{i}"), Vec::new()));
                match rest.last_mut() {
                    Some(last) => &mut last.1,
                    None => continue,
                }
            }
        };
        if group.iter().any(|&(a, _)| a == action) {
            unreachable += 1;
        } else {
            group.push((action, i));
        }
    }
    Table { side, stamp, orders, groups: by_actor.into_iter().chain(rest).collect(), unreachable }
}

/// The action of one order: `1 + kind * nodes + node`.
fn encode(game: &Game, kinds: &[String], nodes: u32, o: &Order) -> u32 {
    let kind = match o.kind() {
        "Build" => format!("Build:{}", build_type(o).unwrap_or_default()),
        k => k.to_string(),
    };
    let k = kinds.iter().position(|x| *x == kind).unwrap_or(0) as u32;
    let node = qm_ai::legal::destination(o).and_then(|d| game.spec().map.find(d)).map_or(0, |n| n.id());
    1 + k * nodes + node
}

/// The unit type a `Build` order constructs, read from its serde form.
fn build_type(o: &Order) -> Option<String> {
    let v = serde_json::to_value(o).ok()?;
    v.get("Build")?.get("kind")?.as_str().map(str::to_string)
}

/// The logistics choices of one side for the phase about to run, given
/// what is already queued: action `1 + k` gives `orders[k]`.
#[derive(Clone, Debug)]
pub struct Choices {
    /// The side.
    pub side: Side,
    /// The phase counter the list was made at (stale after a phase runs).
    pub stamp: u64,
    /// The listed choices that have an action, as
    /// `Game::legal_orders_of(side, OrderClass::Logistics)` lists them.
    pub orders: Vec<Order>,
    /// Listed choices beyond the action space (`cap`): no action gives them.
    pub unreachable: usize,
}

/// The logistics choices of `side` now, the first `cap` of them encoded
/// (`cap`: the actions after action 0, `action_count - 1`).
#[must_use]
pub fn choices(game: &mut Game, side: Side, stamp: u64, cap: usize) -> Choices {
    let mut orders = game.legal_orders_of(side, OrderClass::Logistics);
    let unreachable = orders.len().saturating_sub(cap);
    orders.truncate(cap);
    Choices { side, stamp, orders, unreachable }
}

/// Size of the action space of a game: `1 + kinds * nodes`.
#[must_use]
pub fn count(game: &Game) -> usize {
    1 + kinds(game).len() * game.spec().map.node_count()
}
