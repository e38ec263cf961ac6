//! Orders: the decisions players (or AI policies) give the engine.
//!
//! **Invariant:** an order is validated in full before it touches state. A
//! rejected batch leaves the game, and its checksum, unchanged. Valid orders
//! wait in a family's [`Pending`] queue until the phase they belong to runs.
//!
//! Orders are open: each rule family declares its order kinds as a serde
//! enum implementing [`OrderSet`] (one variant a kind) and registers it with
//! its validation ([`crate::plugin::Rules::add_orders`]). An [`Order`] holds
//! any registered kind; files name the kind as the variant
//! (`SeaSupply([...])`, `Move(unit: "ger-4pz", to: "e52")`), and
//! [`with_order_kinds`] says which kinds a parse may read.
//!
//! Orders name things as players do: hexes by label or place name, boxes by
//! key, units by id. Validation resolves the names.

use crate::ids::{NodeId, Side, UnitId};
use crate::phase::{GameClock, PhaseId};
use bevy_ecs::prelude::*;
use serde::de::{DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// The order kinds of a rule family: a serde enum, one variant a kind.
pub trait OrderSet: Serialize + DeserializeOwned + Clone + PartialEq + Eq + fmt::Debug + Send + Sync + 'static {
    /// The variant names, as files write them.
    const KINDS: &'static [&'static str];
    /// This order's kind (its variant name).
    fn kind(&self) -> &'static str;
}

trait DynOrder: erased_serde::Serialize + fmt::Debug + Send + Sync {
    fn kind(&self) -> &'static str;
    fn as_any(&self) -> &dyn Any;
    fn clone_box(&self) -> Box<dyn DynOrder>;
    fn eq_dyn(&self, other: &dyn DynOrder) -> bool;
}

impl<T: OrderSet> DynOrder for T {
    fn kind(&self) -> &'static str {
        OrderSet::kind(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn DynOrder> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn DynOrder) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

erased_serde::serialize_trait_object!(DynOrder);

/// An order as a player writes it: one of the kinds a family registered.
pub struct Order(Box<dyn DynOrder>);

impl Order {
    /// Wraps an order of a family's [`OrderSet`].
    #[must_use]
    pub fn new<T: OrderSet>(order: T) -> Self {
        Self(Box::new(order))
    }

    /// The kind, as files write it (`SeaSupply`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The order as its family's type, if it is one.
    #[must_use]
    pub fn downcast_ref<T: OrderSet>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
}

impl<T: OrderSet> From<T> for Order {
    fn from(order: T) -> Self {
        Self::new(order)
    }
}

impl Clone for Order {
    fn clone(&self) -> Self {
        Self(self.0.clone_box())
    }
}

impl fmt::Debug for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for Order {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

impl Eq for Order {}

impl Serialize for Order {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0, s)
    }
}

/// Reads one order kind from an erased deserializer.
pub type ParseFn = for<'a, 'de> fn(&'a mut dyn erased_serde::Deserializer<'de>) -> Result<Order, erased_serde::Error>;

fn parse_as<T: OrderSet>(d: &mut dyn erased_serde::Deserializer<'_>) -> Result<Order, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(Order::new)
}

/// The order kinds a parse may read, by kind name.
#[derive(Clone, Default)]
pub struct OrderKinds(BTreeMap<&'static str, (&'static str, ParseFn)>);

impl fmt::Debug for OrderKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.keys()).finish()
    }
}

impl OrderKinds {
    /// Adds the kinds of `T`, for `family`. A kind already added by
    /// another family is an error naming both.
    ///
    /// # Errors
    /// The kind that clashes.
    pub fn add<T: OrderSet>(&mut self, family: &'static str) -> Result<(), String> {
        for &k in T::KINDS {
            if let Some((other, _)) = self.0.get(k)
                && *other != family
            {
                return Err(format!("order kind `{k}` of `{family}` is already declared by `{other}`"));
            }
        }
        for &k in T::KINDS {
            self.0.insert(k, (family, parse_as::<T>));
        }
        Ok(())
    }

    /// The family that declared `kind`.
    #[must_use]
    pub fn family_of(&self, kind: &str) -> Option<&'static str> {
        self.0.get(kind).map(|e| e.0)
    }

    /// Every kind, sorted.
    pub fn kinds(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.keys().copied()
    }
}

thread_local! {
    static KINDS: RefCell<Option<Arc<OrderKinds>>> = const { RefCell::new(None) };
}

/// Runs `f` (a parse of orders) with `kinds` as the order kinds it may
/// read. Outside such a call, no [`Order`] can be deserialized.
pub fn with_order_kinds<R>(kinds: &Arc<OrderKinds>, f: impl FnOnce() -> R) -> R {
    let before = KINDS.with(|k| k.replace(Some(kinds.clone())));
    let out = f();
    KINDS.with(|k| *k.borrow_mut() = before);
    out
}

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_enum("Order", &[], OrderVisitor)
    }
}

struct OrderVisitor;

impl<'de> Visitor<'de> for OrderVisitor {
    type Value = Order;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an order, such as `Move(unit: \"id\", to: \"e52\")`")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Order, A::Error> {
        use serde::de::Error;
        let (name, variant): (String, A::Variant) = data.variant_seed(VariantName)?;
        let parse = KINDS.with(|k| {
            let k = k.borrow();
            let kinds = k.as_ref().ok_or_else(|| A::Error::custom("no order kinds are registered for this parse"))?;
            kinds.0.get(name.as_str()).map(|e| e.1).ok_or_else(|| {
                let known: Vec<&str> = kinds.kinds().collect();
                A::Error::custom(format!("unknown order kind `{name}`, expected one of: {}", known.join(", ")))
            })
        })?;
        let replay = Replay { name, variant };
        let de = serde::de::value::EnumAccessDeserializer::new(replay);
        let mut erased = <dyn erased_serde::Deserializer>::erase(de);
        parse(&mut erased).map_err(A::Error::custom)
    }
}

/// Reads a variant's name as an identifier (not as a string literal).
struct VariantName;

impl<'de> DeserializeSeed<'de> for VariantName {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for VariantName {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the kind of an order")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_string())
    }
}

/// An enum access whose variant name was read already: it hands the name
/// back to the family's own enum, then the rest of the variant.
struct Replay<V> {
    name: String,
    variant: V,
}

impl<'de, V: serde::de::VariantAccess<'de>> EnumAccess<'de> for Replay<V> {
    type Error = V::Error;
    type Variant = V;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, V), V::Error> {
        let v = seed.deserialize(self.name.into_deserializer())?;
        Ok((v, self.variant))
    }
}

/// A batch of orders of one side, for the phase about to run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// The orders, in the order given.
    pub orders: Vec<Order>,
}

impl Orders {
    /// A batch of orders of one family's kinds (or already wrapped).
    #[must_use]
    pub fn of<O: Into<Order>>(orders: impl IntoIterator<Item = O>) -> Self {
        Self { orders: orders.into_iter().map(Into::into).collect() }
    }
}

/// What an order's validation knows besides the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderContext {
    /// The side giving the order.
    pub side: Side,
    /// Its position in the batch.
    pub index: usize,
    /// The phase about to run.
    pub phase: PhaseId,
    /// The clock.
    pub clock: GameClock,
}

impl OrderContext {
    /// An error unless the side to move gives the order.
    ///
    /// # Errors
    /// [`OrderError::NotYourTurn`].
    pub fn moving_side_only(&self) -> Result<(), OrderError> {
        if self.side == self.clock.side {
            Ok(())
        } else {
            Err(OrderError::NotYourTurn { side: self.side, to_move: self.clock.side })
        }
    }

    /// An error unless the phase about to run is one of `phases`.
    ///
    /// # Errors
    /// [`OrderError::WrongPhase`] naming the first of `phases`.
    pub fn in_phase(&self, kind: &'static str, phases: &[PhaseId]) -> Result<(), OrderError> {
        if phases.contains(&self.phase) {
            Ok(())
        } else {
            let expected = phases.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(" or ");
            Err(OrderError::WrongPhase { index: self.index, what: kind.to_string(), phase: expected })
        }
    }
}

/// A valid order waiting for its phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingOrder<V> {
    /// The side that gave it.
    pub side: Side,
    /// The phase it is applied in.
    pub phase: PhaseId,
    /// The order.
    pub order: V,
}

/// A family's valid orders waiting for their phase, in submission order.
/// Part of the family's section of saved state.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending<V: Send + Sync + 'static>(pub Vec<PendingOrder<V>>);

impl<V: Send + Sync + 'static> Default for Pending<V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<V: Send + Sync + 'static> Pending<V> {
    /// Removes and returns the orders for `phase` that `keep` selects, in
    /// submission order.
    pub fn take(&mut self, phase: PhaseId, keep: impl Fn(&V) -> bool) -> Vec<PendingOrder<V>> {
        let (take, rest) = std::mem::take(&mut self.0).into_iter().partition(|o| o.phase == phase && keep(&o.order));
        self.0 = rest;
        take
    }

    /// The orders waiting for `phase`.
    pub fn for_phase(&self, phase: PhaseId) -> impl DoubleEndedIterator<Item = &PendingOrder<V>> {
        self.0.iter().filter(move |o| o.phase == phase)
    }

    /// Queues an order.
    pub fn push(&mut self, side: Side, phase: PhaseId, order: V) {
        self.0.push(PendingOrder { side, phase, order });
    }
}

/// A rule family's own typed refusal, carried by [`OrderError::Rule`]: any
/// error type; [`OrderError::rule`] gives it back.
#[derive(Clone)]
pub struct RuleError(Arc<dyn RuleErrorT>);

/// What a family's refusal type provides.
pub trait RuleErrorT: std::error::Error + Any + Send + Sync {
    /// As `Any`, to downcast.
    fn as_any(&self) -> &dyn Any;
}

impl<T: std::error::Error + Any + Send + Sync> RuleErrorT for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl RuleError {
    /// Wraps a family's error.
    #[must_use]
    pub fn new<E: std::error::Error + Any + Send + Sync>(e: E) -> Self {
        Self(Arc::new(e))
    }
}

impl fmt::Debug for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl PartialEq for RuleError {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string() && (*self.0).as_any().type_id() == (*other.0).as_any().type_id()
    }
}

impl Eq for RuleError {}

/// A sea supply line as the moving side announces it (SUP-103..121).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLineOrder {
    /// The origin: a box, a source port or a land-supplied port
    /// (SUP-067..072).
    pub from: String,
    /// The termination: a port, bridgehead, one-hex island or beach
    /// (SUP-073..077); for an island group, the island it enters at
    /// (SUP-098).
    pub to: String,
    /// Ports the line passes through, in order (SUP-080, SUP-122).
    #[serde(default)]
    pub via: Vec<String>,
    /// For an island group, the further islands to supply, in order
    /// (SUP-100), each once; the group's other friendly islands follow, in
    /// map order, since a line supplies them all unless disrupted (SUP-099).
    #[serde(default)]
    pub islands: Vec<String>,
    /// Naval units protecting it (SUP-106..120).
    #[serde(default)]
    pub protect: Vec<String>,
    /// Air units flying cover (SUP-123).
    #[serde(default)]
    pub air_cover: Vec<String>,
}

/// A sea line after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidSeaLine {
    /// Origin node.
    pub from: NodeId,
    /// Termination node.
    pub to: NodeId,
    /// Ports passed through.
    pub via: Vec<NodeId>,
    /// Further islands, in order: those listed, then the group's other
    /// friendly islands (SUP-099, SUP-100).
    pub islands: Vec<NodeId>,
    /// Protecting naval units.
    pub protect: Vec<UnitId>,
    /// Air cover.
    pub air_cover: Vec<UnitId>,
}

/// Why an order was rejected. Every variant names the order by its position
/// in the batch.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// No hex, place or box by that name.
    #[error("order {index}: unknown place `{name}`")]
    UnknownPlace {
        /// Position of the order in its batch.
        index: usize,
        /// The name given.
        name: String,
    },
    /// No unit by that id.
    #[error("order {index}: unknown unit `{unit}`")]
    UnknownUnit {
        /// Position of the order in its batch.
        index: usize,
        /// The id given.
        unit: String,
    },
    /// No source there (of that class).
    #[error("order {index}: no supply source{} at `{at}`", class.as_ref().map(|c| format!(" of class `{c}`")).unwrap_or_default())]
    NoSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
        /// The class given.
        class: Option<String>,
    },
    /// Several sources there: the class must be named.
    #[error("order {index}: several supply sources at `{at}`; name the class")]
    AmbiguousSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
    },
    /// The source is controlled by the other side (SUP-015: the faction
    /// controlling a source decides).
    #[error("order {index}: the source at `{at}` is not controlled by {side}")]
    NotYourSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
        /// The side that gave the order.
        side: Side,
    },
    /// The source is already designated (or already withdrawn), counting
    /// the designations given earlier in this phase (SUP-015): the order
    /// would change nothing.
    #[error("order {index}: the source at `{at}` is already {}", if *designated { "designated" } else { "not designated" })]
    SourceUnchanged {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
        /// The source's designation once this phase's earlier orders apply.
        designated: bool,
    },
    /// Orders were given for a side that may not give them now.
    #[error("it is {to_move}'s player turn: {side} may not give this order now")]
    NotYourTurn {
        /// The side that gave the orders.
        side: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The order does not belong to the next phase.
    #[error("order {index}: {what} orders are given in the {phase} phase, not now")]
    WrongPhase {
        /// Position of the order in its batch.
        index: usize,
        /// The kind of order.
        what: String,
        /// The phase the order belongs to.
        phase: String,
    },
    /// The unit is not the ordering side's.
    #[error("order {index}: unit `{unit}` does not belong to {side}")]
    NotYourUnit {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// The side that gave the order.
        side: Side,
    },
    /// A sea line's origin is not one (SUP-067..072).
    #[error("order {index}: sea line {line} cannot start at `{at}`: {why}")]
    BadOrigin {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The place given.
        at: String,
        /// Why not.
        why: crate::refusal::OriginRefusal,
    },
    /// A sea line's termination is not one (SUP-073..077, SUP-083).
    #[error("order {index}: sea line {line} cannot end at `{at}`: {why}")]
    BadTermination {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The place given.
        at: String,
        /// Why not.
        why: crate::refusal::TerminationRefusal,
    },
    /// A second sea line to one zone (SUP-094), or a line to a zone that had
    /// its chance at initial determination (SUP-139).
    #[error("order {index}: sea line {line} to `{at}`: {why}")]
    ZoneAlreadySupplied {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The termination.
        at: String,
        /// Which rule forbids it.
        why: crate::refusal::ZoneRefusal,
    },
    /// No sea route within range (SUP-090).
    #[error("order {index}: sea line {line} from `{from}` to `{to}`: no route within range {range}")]
    OutOfRange {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// Origin.
        from: String,
        /// Termination.
        to: String,
        /// The range.
        range: u32,
    },
    /// A box line without a transport left in its pool (SUP-078..082).
    #[error("order {index}: sea line {line} from `{from}` needs a `{pool}` transport and none is left")]
    NoTransport {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// Origin.
        from: String,
        /// Pool.
        pool: String,
    },
    /// A unit may not protect, fly cover for or attack a line.
    #[error("order {index}: unit `{unit}` may not {role} this line: {why}")]
    BadEscort {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// `protect`, `cover` or `attack`.
        role: String,
        /// Why not (with the rule id).
        why: crate::refusal::EscortRefusal,
    },
    /// A protecting force without a destroyer on a line not carried by a
    /// transport (SUP-109).
    #[error("order {index}: sea line {line} is protected without a destroyer and carries no transport (SUP-109)")]
    NoDestroyer {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
    },
    /// No such announced line.
    #[error("order {index}: there is no announced sea line {line}")]
    NoSuchLine {
        /// Position of the order in its batch.
        index: usize,
        /// The line asked for.
        line: u32,
    },
    /// An interception that names no attacking unit (SUP-104, SUP-124):
    /// it would do nothing, so it is refused rather than ignored.
    #[error("order {index}: the interception of sea line {line} names no attacking unit (SUP-104, SUP-124)")]
    NoAttackers {
        /// Position of the order in its batch.
        index: usize,
        /// The line attacked.
        line: u32,
    },
    /// A unit may not go where it was ordered.
    #[error("order {index}: unit `{unit}` cannot {what}: {why}")]
    IllegalMove {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// What it was ordered to do.
        what: String,
        /// Why not (with the rule id where one applies).
        why: crate::refusal::MoveRefusal,
    },
    /// An air or naval redeployment would end in, or pass through, a hex
    /// it may not (SUP-175, SUP-176, SUP-205, SUP-206): the hex is named.
    #[error("order {index}: unit `{unit}` cannot redeploy to `{to}`: blocked at `{at}`: {why}")]
    RedeployBlocked {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// The destination given.
        to: String,
        /// The label of the hex that blocks it: the destination, or a base
        /// or port on the way.
        at: String,
        /// Why (with the rule id).
        why: crate::refusal::RedeployRefusal,
    },
    /// The game has no phase to run (empty phase order).
    #[error("the game has no phases")]
    NoPhase,
    /// An order kind that no rule family of this game declares.
    #[error("order {index}: `{kind}` orders are not used by this game's rules")]
    UnknownKind {
        /// Position of the order in its batch.
        index: usize,
        /// The kind.
        kind: String,
    },
    /// A rule family's own refusal.
    #[error("order {index}: {error}")]
    Rule {
        /// Position of the order in its batch.
        index: usize,
        /// The family that refused it.
        family: &'static str,
        /// Its typed error.
        error: RuleError,
    },
}

impl OrderError {
    /// A family's typed refusal, if this is one of type `E`.
    #[must_use]
    pub fn rule<E: std::error::Error + Any + Send + Sync>(&self) -> Option<&E> {
        match self {
            Self::Rule { error, .. } => (*error.0).as_any().downcast_ref::<E>(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    enum Toy {
        Hold,
        Go { to: String },
        Many(Vec<u32>),
    }

    impl OrderSet for Toy {
        const KINDS: &'static [&'static str] = &["Hold", "Go", "Many"];
        fn kind(&self) -> &'static str {
            match self {
                Self::Hold => "Hold",
                Self::Go { .. } => "Go",
                Self::Many(_) => "Many",
            }
        }
    }

    fn kinds() -> Arc<OrderKinds> {
        let mut k = OrderKinds::default();
        k.add::<Toy>("toy").expect("no clash");
        Arc::new(k)
    }

    #[test]
    fn orders_round_trip_through_a_self_describing_format_by_kind() {
        let batch = Orders::of([Toy::Hold, Toy::Go { to: "e52".into() }, Toy::Many(vec![1, 2])]);
        let text = serde_json::to_string(&batch).expect("writes");
        assert_eq!(text, r#"{"orders":["Hold",{"Go":{"to":"e52"}},{"Many":[1,2]}]}"#);
        let back: Orders = with_order_kinds(&kinds(), || serde_json::from_str(&text)).expect("reads");
        assert_eq!(back, batch);
        assert_eq!(back.orders[1].downcast_ref::<Toy>(), Some(&Toy::Go { to: "e52".into() }));
    }

    #[test]
    fn an_unknown_kind_or_no_registered_kinds_is_an_error_not_a_guess() {
        let e = with_order_kinds(&kinds(), || serde_json::from_str::<Order>(r#"{"Fly":{}}"#)).expect_err("unknown");
        assert!(e.to_string().contains("unknown order kind `Fly`"), "{e}");
        let e = serde_json::from_str::<Order>(r#""Hold""#).expect_err("no kinds in scope");
        assert!(e.to_string().contains("no order kinds"), "{e}");
    }

    #[test]
    fn a_kind_declared_by_two_families_is_refused() {
        let mut k = OrderKinds::default();
        k.add::<Toy>("toy").expect("first");
        let e = k.add::<Toy>("other").expect_err("clash");
        assert!(e.contains("`Hold` of `other` is already declared by `toy`"), "{e}");
        assert_eq!(k.family_of("Go"), Some("toy"));
    }
}
