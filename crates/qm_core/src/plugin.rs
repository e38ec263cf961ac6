//! Rule families as plugins, and the registries they fill.
//!
//! A rule family (rule 30's supply, the reference operations, collection,
//! oil, or a game's own rules) is a [`RulePlugin`]. A ruleset file names the
//! families it uses; the game's [`Catalog`] turns the names into plugins, and
//! each plugin registers, in ruleset order:
//!
//! - its **phases**, inserted into the open [`PhaseOrder`];
//! - its **order kinds** ([`OrderSet`]), with their validation and typed
//!   errors, dispatched by [`Rules::validate`];
//! - its **section of saved state** ([`StateSection`]): extracted from and
//!   built into a `World`, covered by the one snapshot and checksum;
//! - its **systems**, placed in its own sets of the phase schedules
//!   ([`RulePlugin::build`]).
//!
//! The result, [`Rules`], is static per scenario and shared by every game
//! loaded, cloned or restored from it.

use crate::orders::{Order, OrderContext, OrderError, OrderKinds, OrderSet, Pending};
use crate::phase::{PhaseId, PhaseOrder};
use bevy_ecs::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::TypeId;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A rule family.
pub trait RulePlugin: Send + Sync + 'static {
    /// Its name, as ruleset files write it (`awaw-supply`).
    fn name(&self) -> &'static str;

    /// What it is, in a line.
    fn describe(&self) -> &'static str {
        ""
    }

    /// Registers its phases, order kinds and state sections.
    ///
    /// # Errors
    /// A clash with a family registered before (an order kind declared
    /// twice, a section named twice).
    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String>;

    /// Adds its systems and resources to a game's world, whose phase
    /// schedules exist already. `strict` asks for ambiguity detection as an
    /// error in schedules the plugin creates itself.
    fn build(&self, world: &mut World, rules: &Rules, strict: bool);

    /// The families this one brings along: each registered right after it
    /// (and its companions before), in this order, as if the ruleset named
    /// it there, unless the ruleset names it itself (then where it names
    /// it). So a family split in two keeps working for the rulesets that
    /// name it whole: collection brings the Middle East track. Companions
    /// bring none of their own.
    fn companions(&self) -> Vec<Arc<dyn RulePlugin>> {
        Vec::new()
    }
}

/// Validates one order of a family and queues it (in its family's
/// [`Pending`] queue) if it is valid.
pub type Validate = Arc<dyn Fn(&mut World, &OrderContext, &Order) -> Result<(), OrderError> + Send + Sync>;

/// Enumerates a family's legal orders for the side and phase of the
/// context (`index` is 0): every order listed passes the family's
/// validation given what is queued already, and every order of its kinds
/// that passes is listed or reachable through listed ones (a family
/// documents the canonical form it lists, e.g. one attacker per attack, or
/// a compound decision as a sequence of atomic choices). The world is
/// mutable so that a family can preview what its orders are for (rule 30
/// previews the determination a sea plan is for); [`Rules::legal_orders`]
/// puts every queue back afterwards, and a listing changes no state.
pub type LegalOrders = fn(&mut World, &OrderContext) -> Vec<Order>;

/// What a family's orders decide, so that a player (or a batch comparing
/// two ways of playing) can take one class from a policy and the other
/// from the engine's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum OrderClass {
    /// Moves, attacks, invasions, redeployments, constructions.
    Operations,
    /// Supply sources, sea supply plans, interceptions, convoy battles,
    /// Middle East payments, oil and stockpiles: every order whose absence
    /// the engine fills with a documented default.
    Logistics,
}

/// Saves and restores one family's queue of valid orders, so that a
/// rejected batch leaves nothing queued. A queue only grows while orders
/// are validated (see [`RulesBuilder::add_orders`]), so its length is what
/// is saved, and putting it back cuts it to that length.
#[derive(Clone)]
struct Queue {
    type_id: TypeId,
    save: fn(&World) -> Option<usize>,
    restore: fn(&mut World, Option<usize>),
}

/// The queues' lengths saved by [`Rules::save_queues`] (`None`: no queue
/// yet), for [`Rules::restore_queues`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedQueues(Vec<Option<usize>>);

fn save_queue<V: Send + Sync + 'static>(world: &World) -> Option<usize> {
    world.get_resource::<Pending<V>>().map(|p| p.0.len())
}

fn restore_queue<V: Send + Sync + 'static>(world: &mut World, saved: Option<usize>) {
    let mut queue = world.get_resource_or_init::<Pending<V>>();
    if queue.0.len() > saved.unwrap_or(0) {
        queue.0.truncate(saved.unwrap_or(0));
    }
}

/// A section of saved state as plain data (JSON-shaped: integers, strings,
/// sorted maps), as it is saved and checksummed.
pub type SectionValue = serde_json::Value;

/// A family's state as a section value.
///
/// # Errors
/// The serializer's message (a map with keys that are not strings).
pub fn to_section<T: Serialize>(state: &T) -> Result<SectionValue, String> {
    serde_json::to_value(state).map_err(|e| e.to_string())
}

/// A family's state read from its section value; its initial state
/// (`Default`) when the section is absent.
///
/// # Errors
/// What does not read as `T`, written `path: why` with the path of the
/// offending value in the section (`rules.victory.at_limit[0].side`), so
/// that a loader can point at it.
pub fn from_section<T: DeserializeOwned + Default>(v: Option<&SectionValue>) -> Result<T, String> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(T::default()),
        Some(v) => serde_path_to_error::deserialize(v).map_err(|e| {
            let path = e.path().to_string();
            let mut why = e.into_inner().to_string();
            if why.starts_with("invalid type: null") {
                // RON reads a bare name (`Axis`) in a section as unit.
                why.push_str(" (a name such as `Axis` is written as a string here: \"Axis\")");
            }
            if path == "." { why } else { format!("{path}: {why}") }
        }),
    }
}

/// One section of saved state, owned by a family.
#[derive(Clone, Copy)]
pub struct StateSection {
    /// Its name in saves (`awaw-supply`).
    pub name: &'static str,
    /// Reads it out of a world, as plain data.
    pub extract: fn(&World) -> Result<SectionValue, String>,
    /// Writes it into a world whose core entities exist; `None` when the
    /// state has no such section (a fresh scenario): the family's initial
    /// state.
    pub build: fn(&mut World, Option<&SectionValue>) -> Result<(), String>,
}

impl fmt::Debug for StateSection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateSection").field("name", &self.name).finish_non_exhaustive()
    }
}

fn extract_resource<R: Resource + Serialize>(world: &World) -> Result<SectionValue, String> {
    world.get_resource::<R>().map_or(Ok(SectionValue::Null), to_section)
}

fn build_resource<R: Resource + DeserializeOwned + Default>(
    world: &mut World,
    v: Option<&SectionValue>,
) -> Result<(), String> {
    world.insert_resource(from_section::<R>(v)?);
    Ok(())
}

impl StateSection {
    /// A section that is one resource, saved whole.
    #[must_use]
    pub fn resource<R: Resource + Serialize + DeserializeOwned + Default>(name: &'static str) -> Self {
        Self { name, extract: extract_resource::<R>, build: build_resource::<R> }
    }
}

/// A direct copy of one family's section of state from a world to another
/// world of the same scenario ([`RulesBuilder::add_section_copy`]).
pub type SectionCopy = fn(&World, &mut World) -> Result<(), String>;

/// A family's section of state written for the checksum straight from a
/// world ([`RulesBuilder::add_section_hash`]).
pub type SectionHash = fn(&World, &mut crate::encode::Encoder) -> Result<(), crate::encode::EncodeError>;

/// What plugins register into, in ruleset order.
#[derive(Default)]
pub struct RulesBuilder {
    family: &'static str,
    rules: Rules,
}

impl RulesBuilder {
    /// The family registering now.
    #[must_use]
    pub fn family(&self) -> &'static str {
        self.family
    }

    /// The phase order so far, to insert into
    /// ([`PhaseOrder::insert_after`], ...).
    pub fn phases(&mut self) -> PhasesOf<'_> {
        PhasesOf { family: self.family, order: &mut self.rules.phases }
    }

    /// Registers the order kinds of `T`: `validate` checks one order against
    /// the world and queues it, as a `V` in the world's [`Pending<V>`].
    ///
    /// `validate` changes no state but that queue, and that only by
    /// pushing the order it accepts (it may refresh derived caches, as a
    /// sea plan's preview of the determination does): a rejected batch,
    /// and a listing that tries orders by validating them, are undone by
    /// cutting each queue back to its length before
    /// ([`Rules::restore_queues`]).
    ///
    /// # Errors
    /// A kind already declared by another family.
    pub fn add_orders<T: OrderSet, V: Clone + Send + Sync + 'static>(
        &mut self,
        validate: fn(&mut World, &OrderContext, &T) -> Result<(), OrderError>,
    ) -> Result<(), String> {
        let family = self.family;
        Arc::make_mut(&mut self.rules.kinds).add::<T>(family)?;
        let f: Validate = Arc::new(move |world, cx, order| match order.downcast_ref::<T>() {
            Some(o) => validate(world, cx, o),
            None => Err(OrderError::UnknownKind { index: cx.index, kind: order.kind().to_string() }),
        });
        for &k in T::KINDS {
            self.rules.validators.insert(k, f.clone());
        }
        if !self.rules.queues.iter().any(|q| q.type_id == TypeId::of::<V>()) {
            self.rules.queues.push(Queue {
                type_id: TypeId::of::<V>(),
                save: save_queue::<V>,
                restore: restore_queue::<V>,
            });
        }
        Ok(())
    }

    /// Registers how the family enumerates its legal orders
    /// ([`Rules::legal_orders`]), and the class of decisions they are.
    pub fn add_legal_orders(&mut self, class: OrderClass, legal: LegalOrders) {
        self.rules.legal.push((self.family, class, legal));
    }

    /// Registers a derived cache of the family: a resource its systems
    /// rebuild from state (dense control, floods, labels), never read before
    /// they do. It is inserted at its default when a game is created; when a
    /// state is restored into a played world (a restore, a clone into a
    /// recycled world), [`Cache::invalidate`] forgets what it held, so that
    /// a restored game sees what a freshly loaded one sees.
    pub fn add_cache<R: Cache>(&mut self) {
        self.rules.caches.push(|world| match world.get_resource_mut::<R>() {
            Some(mut r) => r.bypass_change_detection().invalidate(),
            None => world.insert_resource(R::default()),
        });
    }

    /// Registers a section of saved state.
    ///
    /// # Errors
    /// A section of that name already registered.
    pub fn add_section(&mut self, section: StateSection) -> Result<(), String> {
        if self.rules.sections.iter().any(|s| s.name == section.name) {
            return Err(format!("state section `{}` is registered twice", section.name));
        }
        self.rules.sections.push(section);
        Ok(())
    }

    /// Registers a direct copy of the section `name`, which clones use
    /// instead of reading the section out as plain data and building it
    /// back. It must write into the second world exactly what the section's
    /// `build` of its `extract` from the first world writes: the clone tests
    /// compare the checksums and the play of clones with their originals.
    ///
    /// # Errors
    /// No section of that name, or a copy of it already registered.
    pub fn add_section_copy(&mut self, name: &'static str, copy: SectionCopy) -> Result<(), String> {
        add_once(&self.rules.sections, &mut self.rules.copies, (name, copy), "copy")
    }

    /// Registers how the checksum writes the section `name` straight from a
    /// world: it must write exactly what [`crate::encode::Encoder::value`]
    /// writes of the section's `extract` (as
    /// [`crate::encode::Encoder::value_of`] of the data `extract` converts
    /// does), and nothing when it fails; the checksum then reads the
    /// section through `extract`. Without one, the checksum builds the
    /// section's value and writes that. `tests/it/clone_restore.rs` compares
    /// the two on every shipped scenario.
    ///
    /// # Errors
    /// No section of that name, or a hash of it already registered.
    pub fn add_section_hash(&mut self, name: &'static str, hash: SectionHash) -> Result<(), String> {
        add_once(&self.rules.sections, &mut self.rules.hashes, (name, hash), "hash")
    }
}

/// Adds `entry` (a section's name and its `what`: its copy, its hash) to
/// `list`, if the section is registered and has none yet.
fn add_once<T>(
    sections: &[StateSection],
    list: &mut Vec<(&'static str, T)>,
    entry: (&'static str, T),
    what: &str,
) -> Result<(), String> {
    let name = entry.0;
    if !sections.iter().any(|s| s.name == name) {
        return Err(format!("no state section `{name}` to {what}"));
    }
    if list.iter().any(|c| c.0 == name) {
        return Err(format!("state section `{name}` has a {what} already"));
    }
    list.push(entry);
    Ok(())
}

/// A family's view of the phase order while it registers.
pub struct PhasesOf<'a> {
    family: &'static str,
    order: &'a mut PhaseOrder,
}

impl PhasesOf<'_> {
    /// Appends a phase at the end of the player turn.
    pub fn push(&mut self, phase: PhaseId) -> &mut Self {
        self.order.push(self.family, phase);
        self
    }

    /// Inserts a phase right after `anchor` (at the end without it).
    pub fn insert_after(&mut self, anchor: PhaseId, phase: PhaseId) -> &mut Self {
        self.order.insert_after(anchor, self.family, phase);
        self
    }

    /// Inserts a phase right before `anchor` (at the end without it).
    pub fn insert_before(&mut self, anchor: PhaseId, phase: PhaseId) -> &mut Self {
        self.order.insert_before(anchor, self.family, phase);
        self
    }
}

/// The rules of a scenario: its families, in ruleset order, and what they
/// registered. Static; shared behind an `Arc`.
#[derive(Clone, Default)]
pub struct Rules {
    plugins: Vec<Arc<dyn RulePlugin>>,
    phases: PhaseOrder,
    kinds: Arc<OrderKinds>,
    validators: BTreeMap<&'static str, Validate>,
    queues: Vec<Queue>,
    sections: Vec<StateSection>,
    copies: Vec<(&'static str, SectionCopy)>,
    /// Direct checksum writers of sections, by section name.
    hashes: Vec<(&'static str, SectionHash)>,
    /// Each listing family's name, the class of its orders, its listing.
    legal: Vec<(&'static str, OrderClass, LegalOrders)>,
    caches: Vec<fn(&mut World)>,
}

/// A derived cache ([`RulesBuilder::add_cache`]): not state, rebuilt by its
/// family's systems from state before anything reads it.
pub trait Cache: Resource + Component<Mutability = bevy_ecs::component::Mutable> + Default {
    /// Forgets the state the cache was built from, when another state is
    /// restored into its world. By default it goes back to its default. A
    /// cache may keep its buffers instead (their memory, and what they hold
    /// until its systems rebuild them), and what depends on the scenario
    /// alone: a restored game then skips the allocations and page faults of
    /// building it from nothing. It must then mark itself as built from no
    /// state wherever a reader outside its systems looks (as
    /// `SupplyContext::side` is `None`).
    fn invalidate(&mut self) {
        *self = Self::default();
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("families", &self.families())
            .field("phases", &self.phases)
            .field("kinds", &self.kinds)
            .field("sections", &self.sections)
            .finish()
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        self.families() == other.families()
    }
}

impl Eq for Rules {}

impl Rules {
    /// Registers `plugins`, in order.
    ///
    /// # Errors
    /// The first clash, naming the family.
    pub fn new(plugins: Vec<Arc<dyn RulePlugin>>) -> Result<Self, String> {
        let mut b = RulesBuilder::default();
        for p in &with_companions(plugins) {
            b.family = p.name();
            if b.rules.plugins.iter().any(|q| q.name() == p.name()) {
                return Err(format!("rule family `{}` is named twice", p.name()));
            }
            p.register(&mut b).map_err(|e| format!("rule family `{}`: {e}", p.name()))?;
            b.rules.plugins.push(p.clone());
        }
        Ok(b.rules)
    }

    /// The families, in ruleset order.
    #[must_use]
    pub fn families(&self) -> Vec<&'static str> {
        self.plugins.iter().map(|p| p.name()).collect()
    }

    /// The plugins, in ruleset order.
    #[must_use]
    pub fn plugins(&self) -> &[Arc<dyn RulePlugin>] {
        &self.plugins
    }

    /// The phases of a player turn.
    #[must_use]
    pub fn phases(&self) -> &PhaseOrder {
        &self.phases
    }

    /// The order kinds files may name.
    #[must_use]
    pub fn order_kinds(&self) -> &Arc<OrderKinds> {
        &self.kinds
    }

    /// The sections of saved state, in registration order.
    #[must_use]
    pub fn sections(&self) -> &[StateSection] {
        &self.sections
    }

    /// The direct copy of section `name`, if its family registered one
    /// ([`RulesBuilder::add_section_copy`]).
    #[must_use]
    pub fn section_copy(&self, name: &str) -> Option<SectionCopy> {
        self.copies.iter().find(|c| c.0 == name).map(|c| c.1)
    }

    /// The direct checksum writer of section `name`, if its family
    /// registered one ([`RulesBuilder::add_section_hash`]).
    #[must_use]
    pub fn section_hash(&self, name: &str) -> Option<SectionHash> {
        self.hashes.iter().find(|c| c.0 == name).map(|c| c.1)
    }

    /// Inserts every family's derived caches ([`RulesBuilder::add_cache`])
    /// at their defaults when a game is created, and invalidates them
    /// ([`Cache::invalidate`]) when a state is restored into a world that
    /// has been played.
    pub fn reset_caches(&self, world: &mut World) {
        for reset in &self.caches {
            reset(world);
        }
    }

    /// Validates one order with its family's validation, which queues it if
    /// valid.
    ///
    /// # Errors
    /// [`OrderError::UnknownKind`] for a kind no family of these rules
    /// declares, or the family's refusal.
    pub fn validate(&self, world: &mut World, cx: &OrderContext, order: &Order) -> Result<(), OrderError> {
        let v = self
            .validators
            .get(order.kind())
            .ok_or_else(|| OrderError::UnknownKind { index: cx.index, kind: order.kind().to_string() })?;
        v(world, cx, order)
    }

    /// The legal orders of every family (of `class` only, if given) for
    /// the side and phase of `cx`, in ruleset order, each family's in its
    /// own deterministic order. Every family's queue of valid orders is
    /// put back after each listing: listing changes no state.
    #[must_use]
    pub fn legal_orders(&self, world: &mut World, cx: &OrderContext, class: Option<OrderClass>) -> Vec<Order> {
        let mut out = Vec::new();
        for (_, c, f) in &self.legal {
            if class.is_some_and(|want| want != *c) {
                continue;
            }
            let saved = self.save_queues(world);
            out.extend(f(world, cx));
            self.restore_queues(world, saved);
        }
        out
    }

    /// The class of the family that lists orders of `kind`: a kind whose
    /// family lists no orders is logistics (its absence is a default).
    #[must_use]
    pub fn class_of(&self, kind: &str) -> OrderClass {
        let family = self.kinds.family_of(kind);
        self.legal.iter().find(|(f, _, _)| Some(*f) == family).map_or(OrderClass::Logistics, |(_, c, _)| *c)
    }

    /// Saves every family's queue of valid orders: its length, since
    /// validation only pushes ([`RulesBuilder::add_orders`]).
    #[must_use]
    pub fn save_queues(&self, world: &World) -> SavedQueues {
        SavedQueues(self.queues.iter().map(|q| (q.save)(world)).collect())
    }

    /// Puts back queues saved by [`Rules::save_queues`]: each is cut back
    /// to its saved length (an absent one is left empty).
    pub fn restore_queues(&self, world: &mut World, saved: SavedQueues) {
        for (q, s) in self.queues.iter().zip(saved.0) {
            (q.restore)(world, s);
        }
    }
}

/// `plugins` with each one's companions ([`RulePlugin::companions`]) right
/// after it, but for those named in `plugins` or brought already.
fn with_companions(plugins: Vec<Arc<dyn RulePlugin>>) -> Vec<Arc<dyn RulePlugin>> {
    let mut out: Vec<Arc<dyn RulePlugin>> = Vec::with_capacity(plugins.len());
    for p in &plugins {
        out.push(p.clone());
        for c in p.companions() {
            if !plugins.iter().chain(&out).any(|q| q.name() == c.name()) {
                out.push(c);
            }
        }
    }
    out
}

/// The rule families a program knows, by name: what turns a ruleset's
/// `families` into [`Rules`].
#[derive(Clone, Default)]
pub struct Catalog(Vec<Arc<dyn RulePlugin>>);

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter().map(|p| p.name())).finish()
    }
}

impl Catalog {
    /// Adds a family (replacing one of the same name).
    #[must_use]
    pub fn with(mut self, plugin: impl RulePlugin) -> Self {
        self.0.retain(|p| p.name() != plugin.name());
        self.0.push(Arc::new(plugin));
        self
    }

    /// The family named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Arc<dyn RulePlugin>> {
        self.0.iter().find(|p| p.name() == name)
    }

    /// The names known, sorted.
    #[must_use]
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = self.0.iter().map(|p| p.name()).collect();
        v.sort_unstable();
        v
    }

    /// The rules of `families`, in that order.
    ///
    /// # Errors
    /// `(index, message)` for a family the catalog does not know, or a clash
    /// between families.
    pub fn resolve(&self, families: &[String]) -> Result<Rules, (Option<usize>, String)> {
        let mut plugins = Vec::with_capacity(families.len());
        for (i, name) in families.iter().enumerate() {
            let p = self.get(name).ok_or_else(|| {
                (Some(i), format!("unknown rule family `{name}`, known: {}", self.names().join(", ")))
            })?;
            plugins.push(p.clone());
        }
        Rules::new(plugins).map_err(|e| (None, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default, Serialize, serde::Deserialize)]
    struct Tally(u32);

    fn copy(_: &World, _: &mut World) -> Result<(), String> {
        Ok(())
    }

    /// A family that registers nothing, optionally bringing another.
    struct Named(&'static str, Option<&'static str>);

    impl RulePlugin for Named {
        fn name(&self) -> &'static str {
            self.0
        }
        fn register(&self, _: &mut RulesBuilder) -> Result<(), String> {
            Ok(())
        }
        fn build(&self, _: &mut World, _: &Rules, _: bool) {}
        fn companions(&self) -> Vec<Arc<dyn RulePlugin>> {
            self.1.map(|c| Arc::new(Named(c, None)) as Arc<dyn RulePlugin>).into_iter().collect()
        }
    }

    fn families(named: &[(&'static str, Option<&'static str>)]) -> Result<Vec<&'static str>, String> {
        let plugins = named.iter().map(|&(n, c)| Arc::new(Named(n, c)) as Arc<dyn RulePlugin>).collect();
        Rules::new(plugins).map(|r| r.families())
    }

    #[test]
    fn a_family_brings_its_companions_right_after_it_unless_named() {
        assert_eq!(families(&[("a", Some("b")), ("c", None)]), Ok(vec!["a", "b", "c"]));
        assert_eq!(families(&[("c", None), ("a", Some("b"))]), Ok(vec!["c", "a", "b"]));
        assert_eq!(families(&[("a", Some("b")), ("c", None), ("b", None)]), Ok(vec!["a", "c", "b"]), "named: there");
        assert_eq!(families(&[("b", None), ("a", Some("b"))]), Ok(vec!["b", "a"]), "named before");
        assert!(families(&[("a", None), ("a", None)]).is_err(), "a family named twice is still an error");
    }

    #[test]
    fn a_section_copy_needs_its_section_and_comes_once() {
        let mut b = RulesBuilder::default();
        assert!(b.add_section_copy("tally", copy).is_err(), "no section yet");
        b.add_section(StateSection::resource::<Tally>("tally")).expect("section");
        b.add_section_copy("tally", copy).expect("a copy");
        assert!(b.add_section_copy("tally", copy).is_err(), "a second copy");
        assert!(b.rules.section_copy("tally").is_some());
        assert!(b.rules.section_copy("other").is_none());
    }
}
