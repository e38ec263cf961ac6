//! The JSON `qm` prints, as typed structs: every output starts with the
//! same [`Header`], fields come in declaration order (the same for
//! `qm supply` and `qm run`), and the JSON Schemas in `docs/schema/` are
//! generated from these types ([`schemas`]).

use qm_game::GameEvent;
use qm_game::NodeId;
use qm_game::{Game, SupplyReport};
use schemars::JsonSchema;
use serde::Serialize;

/// The version of the JSON layout: raised when a field changes meaning or
/// goes away.
pub const FORMAT: u32 = 2;

/// What every `--json` output starts with: the layout version, the
/// scenario and seed, where the game stands, and what the phases run did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Header {
    /// The layout version ([`FORMAT`]).
    pub format: u32,
    /// The command (`supply`, `run`, ...).
    pub command: String,
    /// The scenario (or save) file, as given; `null` for a generated map or
    /// several files.
    pub scenario: Option<String>,
    /// The scenario's title.
    pub title: Option<String>,
    /// The seed of the random stream.
    pub seed: Option<u64>,
    /// Game turn, after the command.
    pub turn: Option<u32>,
    /// The side to move, after the command (`axis` or `allies`).
    pub side: Option<String>,
    /// The next phase to run, after the command.
    pub phase: Option<String>,
    /// The events of the phases the command ran (or of the determination it
    /// made), in order.
    pub events: Vec<EventRow>,
}

impl Header {
    /// The header of `command` on `game`, loaded from `file` with `seed`.
    #[must_use]
    pub fn of(command: &str, file: &str, seed: u64, game: &Game, events: &[GameEvent]) -> Self {
        let c = game.clock();
        Self {
            format: FORMAT,
            command: command.to_string(),
            scenario: Some(file.to_string()),
            title: Some(game.title().to_string()),
            seed: Some(seed),
            turn: Some(c.turn),
            side: Some(c.side.as_str().to_string()),
            phase: game.next_phase().map(|p| p.to_string()),
            events: events.iter().map(|e| EventRow::of(game, e)).collect(),
        }
    }

    /// A header with no game (`qm check`, `qm bench`).
    #[must_use]
    pub fn bare(command: &str, scenario: Option<String>, seed: Option<u64>) -> Self {
        Self {
            format: FORMAT,
            command: command.to_string(),
            scenario,
            title: None,
            seed,
            turn: None,
            side: None,
            phase: None,
            events: Vec::new(),
        }
    }
}

/// One event, with names (unit ids, hex labels, source keys), not raw ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EventRow {
    /// A phase began.
    PhaseBegan {
        /// Game turn.
        turn: u32,
        /// Side to move.
        side: String,
        /// The phase.
        phase: String,
    },
    /// A supply determination was made (rule 30).
    SupplyDetermined {
        /// The side determined.
        side: String,
        /// `initial` or `post-combat`.
        determination: String,
        /// Units in full supply.
        full: u32,
        /// Units in partial supply.
        partial: u32,
        /// Isolated units.
        isolated: u32,
        /// The side's unsupplied hexes.
        unsupplied_hexes: u32,
    },
    /// A unit's status changed.
    UnitSupplyChanged {
        /// The unit.
        unit: String,
        /// Before.
        from: String,
        /// After.
        to: String,
    },
    /// A supply source was designated or withdrawn (SUP-015).
    SourceDesignated {
        /// The source's place (hex label or box key).
        at: String,
        /// Its class.
        class: String,
        /// Designated (true) or withdrawn.
        designated: bool,
    },
    /// A unit was eliminated by isolation (SUP-177).
    UnitEliminated {
        /// The unit.
        unit: String,
        /// Where it was.
        hex: String,
        /// Its rebuild cost.
        rebuild_cost: u32,
    },
}

impl EventRow {
    /// The row of an event of `game`.
    #[must_use]
    pub fn of(game: &Game, e: &GameEvent) -> Self {
        let spec = game.spec();
        let label = |n: NodeId| spec.map.label(n).to_string();
        match e {
            GameEvent::PhaseBegan { turn, side, phase } => {
                Self::PhaseBegan { turn: *turn, side: side.as_str().into(), phase: phase.to_string() }
            }
            GameEvent::SupplyDetermined { side, kind, full, partial, isolated, unsupplied_hexes } => {
                Self::SupplyDetermined {
                    side: side.as_str().into(),
                    determination: match kind {
                        qm_game::DeterminationKind::Initial => "initial".into(),
                        qm_game::DeterminationKind::PostCombat => "post-combat".into(),
                    },
                    full: *full,
                    partial: *partial,
                    isolated: *isolated,
                    unsupplied_hexes: *unsupplied_hexes,
                }
            }
            GameEvent::UnitSupplyChanged { unit, from, to } => {
                Self::UnitSupplyChanged { unit: unit.to_string(), from: from.as_str().into(), to: to.as_str().into() }
            }
            GameEvent::SourceDesignated { source, designated } => {
                let def = spec.sources.get(source.index());
                Self::SourceDesignated {
                    at: def.map_or_else(|| "?".into(), |d| label(d.node)),
                    class: def
                        .and_then(|d| spec.ruleset.source_classes.get(d.class.index()))
                        .map_or_else(|| "?".into(), |c| c.key.clone()),
                    designated: *designated,
                }
            }
            GameEvent::UnitEliminated { unit, node, rebuild_cost } => {
                Self::UnitEliminated { unit: unit.to_string(), hex: label(*node), rebuild_cost: *rebuild_cost }
            }
        }
    }
}

/// `qm supply --json` and `qm run --json`: one side's statuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SupplyOutput {
    /// The header.
    pub header: Header,
    /// The side reported (`axis` or `allies`).
    pub side: String,
    /// The side's units (and, after `qm run`, those eliminated), by id.
    pub units: Vec<UnitOut>,
    /// The side's land hexes, in map order (row, then column).
    pub hexes: Vec<HexOut>,
    /// The side's supply zones at its last determination (SUP-093), if it
    /// made one.
    pub zones: Option<Vec<ZoneOut>>,
    /// How many phases were run (`qm run`); `null` for `qm supply`.
    pub phases_run: Option<u32>,
    /// The state's checksum after the command.
    pub checksum: String,
    /// The income statements of the collection phases run (`qm run` on a
    /// ruleset with the `wteaw-collect` family; absent otherwise), as
    /// `qm collect --json` prints them (COL-004..008, MET-006).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub income_statements: Option<Vec<crate::output_collect::StatementOut>>,
    /// `qm run`: every ledger of the game as it stands after the phases
    /// run (treasuries, transfers, build point totals, saved stock, the
    /// stock log), each `null` where its family is not loaded; absent from
    /// `qm supply`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ledgers: Option<crate::output_ledgers::LedgersOut>,
}

/// One unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct UnitOut {
    /// Unit id.
    pub id: String,
    /// The hex (or box) it is in, or was in when eliminated.
    pub hex: String,
    /// That hex's place name, if any.
    pub place: Option<String>,
    /// Unit type key (`arm`).
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Nation key (`germany`).
    pub nation: String,
    /// `full`, `partial` or `isolated`.
    pub status: String,
    /// Eliminated by isolation (SUP-177).
    pub eliminated: bool,
    /// What the status lets it do (SUP-147..176); `null` once eliminated.
    pub capabilities: Option<CapabilitiesOut>,
    /// Consecutive turns isolated at initial determination (SUP-191).
    pub turns_isolated: u8,
    /// DM its hex has lost to its isolation (SUP-191).
    pub dm_lost: u8,
}

/// What a unit may do under its supply status (SUP-012, SUP-147..176).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CapabilitiesOut {
    /// Movement factor (SUP-151).
    pub movement: u8,
    /// Exerts a zone of control (SUP-152).
    pub zoc: bool,
    /// Keeps its mechanized component (SUP-150).
    pub mechanized: bool,
    /// Moves in the movement and combat phases (SUP-012, SUP-174).
    pub may_move: bool,
    /// Attacks: ground units (rule 30 takes no ground attack away; SUP-174
    /// defers to 30.522), air and naval units when they may conduct
    /// offensive operations (SUP-159, SUP-167).
    pub may_attack: bool,
    /// Advances after combat (SUP-174).
    pub may_advance: bool,
    /// Exploits (SUP-193).
    pub may_exploit: bool,
    /// Redeploys (SUP-174, SUP-204).
    pub may_redeploy: bool,
    /// Sea transport and seaborne invasion (SUP-156).
    pub may_sea_transport: bool,
    /// Airdrop (SUP-155).
    pub may_airdrop: bool,
    /// Units may be built in its hex (SUP-199).
    pub may_build: bool,
    /// Change to its CTL (SUP-149).
    pub ctl_modifier: i8,
    /// DM against exploiting armor (SUP-153).
    pub exploit_dm: i8,
    /// -1 DM when attacked with CTL zero or less (SUP-154).
    pub low_ctl_dm: bool,
}

impl CapabilitiesOut {
    fn of(game: &Game, id: &str, hex: &str) -> Option<Self> {
        let c = game.capabilities(id)?;
        let offensive = c.air.map(|a| a.offensive).or(c.naval.map(|n| n.offensive)).unwrap_or(true);
        Some(Self {
            movement: c.movement,
            zoc: c.zoc,
            mechanized: c.mechanized,
            may_move: c.can_move,
            may_attack: offensive,
            may_advance: c.can_advance,
            may_exploit: c.can_exploit,
            may_redeploy: c.can_redeploy,
            may_sea_transport: c.can_sea_transport,
            may_airdrop: c.can_airdrop,
            may_build: game.hex_capabilities(hex).is_some_and(|h| h.build_units),
            ctl_modifier: c.ctl_modifier,
            exploit_dm: c.exploit_dm,
            low_ctl_dm: c.low_ctl_dm,
        })
    }
}

/// One land hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct HexOut {
    /// Label.
    pub hex: String,
    /// Place name, if any.
    pub name: Option<String>,
    /// `full`, `partial` or `unsupplied`.
    pub status: String,
}

/// One supply zone (SUP-093).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ZoneOut {
    /// Zone number.
    pub id: u32,
    /// Its hexes' labels, in map order.
    pub hexes: Vec<String>,
    /// The keys of the boxes in it.
    pub boxes: Vec<String>,
    /// Its best status.
    pub status: String,
    /// The sea line to it, if any.
    pub sea_line: Option<SeaLineOut>,
}

/// A sea line to a zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SeaLineOut {
    /// Origin (label or box key).
    pub from: String,
    /// Termination.
    pub to: String,
    /// Disrupted.
    pub disrupted: bool,
}

/// Map order of a node: row, then column, then label (boxes last).
fn map_order(game: &Game, label: &str) -> (u32, u32, String) {
    let map = &game.spec().map;
    let (r, c) = map.find(label).and_then(|n| map.row_col(n)).unwrap_or((u32::MAX, u32::MAX));
    (r, c, label.to_string())
}

/// Sorts labels in map order ("d3" before "d16").
pub fn sort_map_order(game: &Game, labels: &mut [String]) {
    labels.sort_by_cached_key(|l| map_order(game, l));
}

impl SupplyOutput {
    /// The output of a report of `game`.
    #[must_use]
    pub fn of(header: Header, game: &Game, r: &SupplyReport, phases_run: Option<u32>) -> Self {
        let turns = |id: &str| game.isolated_turns(id);
        let units = r
            .units
            .iter()
            .map(|u| {
                let eliminated = u.eliminated == Some(true);
                let capabilities = if eliminated { None } else { CapabilitiesOut::of(game, &u.id, &u.hex) };
                UnitOut {
                    id: u.id.clone(),
                    hex: u.hex.clone(),
                    place: u.place.name.clone(),
                    unit_type: u.unit_type.key.clone(),
                    nation: u.nation.key.clone(),
                    status: u.status.as_str().to_string(),
                    eliminated,
                    capabilities,
                    turns_isolated: if eliminated { 0 } else { turns(&u.id) },
                    dm_lost: if eliminated { 0 } else { game.capabilities(&u.id).map_or(0, |c| c.dm_loss) },
                }
            })
            .collect();
        let mut hexes: Vec<HexOut> = r
            .hexes
            .iter()
            .map(|h| HexOut { hex: h.hex.clone(), name: h.name.clone(), status: h.status.as_str().to_string() })
            .collect();
        hexes.sort_by_cached_key(|h| map_order(game, &h.hex));
        let zones = r.zones.as_ref().map(|zs| {
            zs.iter()
                .map(|z| {
                    let mut hexes = z.hexes.clone();
                    sort_map_order(game, &mut hexes);
                    ZoneOut {
                        id: z.id,
                        hexes,
                        boxes: z.boxes.clone(),
                        status: z.status.as_str().to_string(),
                        sea_line: z.sea_line.as_ref().map(|l| SeaLineOut {
                            from: l.from.clone(),
                            to: l.to.clone(),
                            disrupted: l.disrupted,
                        }),
                    }
                })
                .collect()
        });
        let checksum = game.checksum().to_string();
        Self {
            header,
            side: r.side.clone(),
            units,
            hexes,
            zones,
            phases_run,
            checksum,
            income_statements: None,
            ledgers: None,
        }
    }
}

/// `qm phases --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PhasesOutput {
    /// The header.
    pub header: Header,
    /// The rule families, in the order they registered.
    pub families: Vec<String>,
    /// The phases of a player turn, in order.
    pub phases: Vec<crate::phases::PhaseRow>,
}

/// `qm check --json`: each file, with its summary or its diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CheckOutput {
    /// The header (no game: `scenario` is the file when only one is checked).
    pub header: Header,
    /// The files, in the order given.
    pub files: Vec<CheckedFile>,
}

/// One checked file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CheckedFile {
    /// The file, as given.
    pub file: String,
    /// Whether it loads.
    pub ok: bool,
    /// Its title, if it loads.
    pub title: Option<String>,
    /// Its map's nodes (`12 hexes, 2 boxes`), if it loads.
    pub map: Option<String>,
    /// How many units it places.
    pub units: Option<usize>,
    /// How many supply sources it places.
    pub sources: Option<usize>,
    /// Every problem found, in file order.
    pub diagnostics: Vec<ErrorBody>,
}

/// What `qm` prints on stderr under `--json` when it fails: one object a
/// line, `{"error": {...}}`, with the exit code of the text form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ErrorOutput {
    /// The error.
    pub error: ErrorBody,
}

/// One error or diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ErrorBody {
    /// What kind of problem: `usage`, `load`, `orders`, `refused`,
    /// `unused-orders`, `unknown-unit`, `io`, `bench`, `no-phase`,
    /// `no-resources` (nothing to collect on the map), `unknown-subject`
    /// (`qm explain payment:` or `build-points:` of a nation without one).
    pub kind: String,
    /// The file it is in, if any.
    pub file: Option<String>,
    /// 1-based line, if it has a position.
    pub line: Option<u32>,
    /// 1-based column in characters, if it has a position.
    pub col: Option<u32>,
    /// The message.
    pub message: String,
}

impl ErrorBody {
    /// An error at a diagnostic's position (none for line 0).
    #[must_use]
    pub fn at(kind: &str, d: &qm_game::Diagnostic) -> Self {
        let placed = d.line > 0;
        Self {
            kind: kind.to_string(),
            file: Some(d.file.clone()),
            line: placed.then_some(d.line),
            col: placed.then_some(d.col),
            message: d.message.clone(),
        }
    }

    /// An error with no position.
    #[must_use]
    pub fn plain(kind: &str, file: Option<&str>, message: impl Into<String>) -> Self {
        Self { kind: kind.to_string(), file: file.map(str::to_string), line: None, col: None, message: message.into() }
    }
}

type Bench<T> = crate::output_bench::BenchOutput<T>;

/// The outputs with a schema in `docs/schema/`: file name and schema. Every
/// `--json` output of `qm` has one.
#[must_use]
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("supply.schema.json", schemars::schema_for!(SupplyOutput)),
        ("phases.schema.json", schemars::schema_for!(PhasesOutput)),
        ("check.schema.json", schemars::schema_for!(CheckOutput)),
        ("error.schema.json", schemars::schema_for!(ErrorOutput)),
        ("explain.schema.json", schemars::schema_for!(crate::output_explain::ExplainOutput)),
        ("collect.schema.json", schemars::schema_for!(crate::output_collect::CollectOutput)),
        ("supply-territories.schema.json", schemars::schema_for!(crate::output_collect::TerritoryMapOutput)),
        ("reorganize.schema.json", schemars::schema_for!(crate::output_reorganize::ReorganizeOutput)),
        ("bench-supply.schema.json", schemars::schema_for!(Bench<qm_bench::SupplyBench>)),
        ("bench-collect.schema.json", schemars::schema_for!(Bench<qm_bench::CollectBench>)),
        ("bench-game.schema.json", schemars::schema_for!(Bench<qm_bench::GameBench>)),
        ("bench-oil.schema.json", schemars::schema_for!(Bench<qm_bench::OilBench>)),
        ("bench-selfplay.schema.json", schemars::schema_for!(Bench<qm_bench::SelfplayBench>)),
        ("selfplay.schema.json", schemars::schema_for!(crate::output_selfplay::SelfplayLine)),
    ]
}

/// The commands that take `--json`, by path (`supply`, `bench collect`),
/// read from the command line's definition: each must have a schema in
/// [`schemas`].
#[must_use]
pub fn json_commands() -> Vec<String> {
    fn walk(c: &clap::Command, path: &str, acc: &mut Vec<String>) {
        if c.get_arguments().any(|a| a.get_id() == "json") {
            acc.push(path.trim().to_string());
        }
        for sub in c.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), acc);
        }
    }
    let mut acc = Vec::new();
    walk(&<crate::Cli as clap::CommandFactory>::command(), "", &mut acc);
    acc
}

/// A schema as the text of its file.
#[must_use]
pub fn schema_text(s: &schemars::Schema) -> String {
    let mut t = serde_json::to_string_pretty(s).unwrap_or_default();
    t.push('\n');
    t
}
