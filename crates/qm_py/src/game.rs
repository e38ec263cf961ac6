//! The Python class `Game`: one game of [`qm_game::Game`], with the
//! environments' action encoding ([`crate::actions`]).

use crate::actions::{self, Choices, Table};
use crate::convert::{parse_orders, to_py};
use crate::errors::{QuartermasterError, env_refusal, load_error, order_error};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use qm_game::order_text;
use qm_game::{Game, Observation, Orders, Side, Snapshot};
use std::path::PathBuf;

/// One action group for Python: the unit id, its node, its actions.
type Group = (String, Option<u32>, Vec<u32>);

/// One game: a scenario (or save) file loaded with a seed.
#[pyclass(name = "Game", module = "quartermaster._quartermaster")]
pub struct PyGame {
    game: Game,
    /// Phases run (and restores): what makes an action table stale.
    stamp: u64,
    /// The action table of the phase about to run, once asked for.
    table: Option<Table>,
    /// Orders given since the table was made: while none is, every listed
    /// order passes on its own (`Game::legal_orders`) and masks need no
    /// check.
    given: usize,
    /// The logistics choices listed last, while no order has been given
    /// since (after one is, the list is made again).
    choices: Option<Choices>,
}

/// An in-memory snapshot (static data shared, state copied), for
/// `Game.restore`.
#[pyclass(name = "Snapshot", module = "quartermaster._quartermaster", frozen)]
pub struct PySnapshot(Snapshot);

impl PyGame {
    /// The game, to run a policy on.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    fn wrap(game: Game) -> Self {
        Self { game, stamp: 0, table: None, given: 0, choices: None }
    }

    fn planes_of<'py>(py: Python<'py>, obs: &Observation) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let (p, r, c) = obs.shape();
        PyArray1::from_vec(py, obs.tensor()).reshape([p, r, c])
    }

    /// The action table for this phase, if it is not stale.
    fn table(&self, py: Python<'_>) -> PyResult<&Table> {
        match &self.table {
            Some(t) if t.stamp == self.stamp => Ok(t),
            _ => Err(env_refusal(py, "NoActionTable", "call action_groups(side) for this phase first".into())),
        }
    }

    /// The logistics choices listed last, if no phase has run and no order
    /// has been given since.
    fn choices(&self, py: Python<'_>) -> PyResult<&Choices> {
        match &self.choices {
            Some(c) if c.stamp == self.stamp => Ok(c),
            _ => Err(env_refusal(
                py,
                "NoActionTable",
                "call logistics_choices(side) first (again after any order is given)".into(),
            )),
        }
    }

    /// Notes an order given: ops masks are checked from now on, and the
    /// logistics choices must be listed again.
    fn gave(&mut self) {
        self.given += 1;
        self.choices = None;
    }
}

#[pymethods]
impl PyGame {
    /// Opens a scenario file (or a save file, which keeps its own random
    /// stream) with `seed` for the random stream.
    #[new]
    #[pyo3(signature = (path, seed = 1))]
    fn new(py: Python<'_>, path: PathBuf, seed: u64) -> PyResult<Self> {
        // Absolute, so that a save (and a pickle) names the scenario from
        // any working directory (Ray workers).
        let abs = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
        let (given, shown) = (path.display().to_string(), abs.display().to_string());
        py.detach(|| Game::open(&abs, seed)).map(Self::wrap).map_err(|mut e| {
            for d in &mut e.diagnostics {
                if d.file == shown {
                    d.file.clone_from(&given);
                }
            }
            load_error(py, &e)
        })
    }

    /// A game from the text of a save file (what pickling uses).
    #[staticmethod]
    #[pyo3(signature = (text, file = "<save>"))]
    fn from_save(py: Python<'_>, text: &str, file: &str) -> PyResult<Self> {
        py.detach(|| Game::load_save(file, text.as_bytes())).map(Self::wrap).map_err(|e| load_error(py, &e))
    }

    /// The scenario's title.
    #[getter]
    fn title(&self) -> String {
        self.game.title().to_string()
    }

    /// `(turn, side to move, phase about to run or None)`.
    fn clock(&self) -> (u32, String, Option<String>) {
        let c = self.game.clock();
        (c.turn, c.side.to_string(), self.game.next_phase().map(|p| p.as_str().to_string()))
    }

    /// Restarts the random stream from `seed`.
    fn reseed(&mut self, seed: u64) {
        self.game.reseed(seed);
    }

    /// What `side` observes: plain data (docs/observation.md) plus
    /// `planes`, the tensor as a `uint8` array `(planes, rows, cols)`.
    /// `fog`: a sight range in hexes, or None for no fog.
    #[pyo3(signature = (side, fog = None))]
    fn observation<'py>(&self, py: Python<'py>, side: &str, fog: Option<u32>) -> PyResult<Bound<'py, PyAny>> {
        let obs = self.game.observation_with(crate::convert::side(side)?, crate::convert::fog(fog));
        let d = to_py(py, &obs)?;
        d.set_item("planes", Self::planes_of(py, &obs)?)?;
        d.set_item("scalars", PyArray1::from_slice(py, &obs.scalars()))?;
        Ok(d)
    }

    /// The observation's scalars only, `int64 (SCALARS,)`: turn, phase,
    /// side to move, side, then the side's economy (docs/observation.md).
    #[pyo3(signature = (side, fog = None))]
    fn scalars<'py>(&self, py: Python<'py>, side: &str, fog: Option<u32>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let obs = self.game.observation_with(crate::convert::side(side)?, crate::convert::fog(fog));
        Ok(PyArray1::from_slice(py, &obs.scalars()))
    }

    /// The observation's tensor planes only, `uint8 (planes, rows, cols)`.
    #[pyo3(signature = (side, fog = None))]
    fn planes<'py>(&self, py: Python<'py>, side: &str, fog: Option<u32>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let obs = self.game.observation_with(crate::convert::side(side)?, crate::convert::fog(fog));
        Self::planes_of(py, &obs)
    }

    /// The legal orders of `side` (default: the side to move) for the
    /// phase about to run, as RON texts: of every rule family, or of one
    /// class, `kind="operations"` (what the environments' actions encode)
    /// or `kind="logistics"` (docs/orders.md).
    #[pyo3(signature = (side = None, kind = None))]
    fn legal_orders(&mut self, side: Option<&str>, kind: Option<&str>) -> PyResult<Vec<String>> {
        let s = side.map(crate::convert::side).transpose()?.unwrap_or(self.game.clock().side);
        let legal = match kind.map(crate::convert::order_class).transpose()? {
            Some(class) => self.game.legal_orders_of(s, class),
            None => self.game.legal_orders(s),
        };
        Ok(legal.iter().map(order_text).collect())
    }

    /// Validates and queues orders (RON texts) of `side` for the phase
    /// about to run. A refused batch changes nothing.
    fn submit(&mut self, py: Python<'_>, side: &str, orders: Vec<String>) -> PyResult<()> {
        let s = crate::convert::side(side)?;
        let orders = parse_orders(&self.game, &orders).map_err(|e| load_error(py, &e))?;
        self.game.submit(s, &Orders { orders }).map_err(|e| order_error(py, &e))?;
        self.gave();
        Ok(())
    }

    /// Runs the phase about to run (GIL released); what it did as
    /// `{turn, side, phase, events}`.
    fn step_phase<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let game = &mut self.game;
        let r = py.detach(|| game.step_phase());
        self.stamp += 1;
        self.table = None;
        self.choices = None;
        let d = PyDict::new(py);
        d.set_item("turn", r.turn)?;
        d.set_item("side", r.side.to_string())?;
        d.set_item("phase", r.phase.as_str())?;
        d.set_item("events", to_py(py, &r.events)?)?;
        Ok(d)
    }

    /// Whether the scenario's victory conditions have decided the game.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The result once the game is over (`winner`, `reason`, `turn`,
    /// `score`), else None.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.result())
    }

    /// Objective points each side holds now.
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.score())
    }

    /// The end as self-play decides it (`qm_ai::outcome::ending`): the
    /// engine's result, elimination, or adjudication after `max_turns`
    /// game turns from `start_turn`; `(winner or None, reason)` or None
    /// while the game goes on.
    fn adjudicate(&self, start_turn: u32, max_turns: u32) -> Option<(Option<String>, String)> {
        qm_ai::outcome::ending(&self.game, start_turn, qm_ai::Limits { max_turns })
            .map(|(w, reason)| (w.map(|s| s.to_string()), reason))
    }

    /// A deep copy.
    fn clone(&self) -> Self {
        Self::wrap(self.game.clone())
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// An in-memory snapshot of the state.
    fn snapshot(&self) -> PySnapshot {
        PySnapshot(self.game.snapshot())
    }

    /// Puts the game back to a snapshot.
    fn restore(&mut self, snapshot: &PySnapshot) -> PyResult<()> {
        let s = &snapshot.0;
        self.game =
            Game::new(s.spec.clone(), &s.state).map_err(|e| QuartermasterError::new_err(format!("restore: {e}")))?;
        self.stamp += 1;
        self.table = None;
        self.choices = None;
        Ok(())
    }

    /// The state as the text of a save file.
    fn save_text(&self) -> PyResult<String> {
        self.game.save().ok_or_else(|| QuartermasterError::new_err("the scenario did not come from a file: no save"))
    }

    /// Writes a save file (`Game(path)` opens it again).
    fn save(&self, path: PathBuf) -> PyResult<()> {
        std::fs::write(&path, self.save_text()?)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// The checksum of the state.
    fn checksum(&self) -> String {
        self.game.checksum().to_string()
    }

    /// The statuses of `side`'s units and hexes (rule 30).
    fn supply_report<'py>(&self, py: Python<'py>, side: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.supply_report(crate::convert::side(side)?))
    }

    /// Why a unit has its supply status, citing rule paragraphs. An
    /// unknown unit raises `KeyError`, naming the closest unit id.
    fn explain(&self, unit: &str) -> PyResult<String> {
        self.game.explain(unit).ok_or_else(|| {
            let ids: Vec<String> = self.game.unit_ids().iter().map(|u| u.as_str().to_string()).collect();
            let hint = qm_game::files::suggest::hint(unit, ids.iter().map(String::as_str));
            pyo3::exceptions::PyKeyError::new_err(format!("no unit `{unit}`{hint}"))
        })
    }

    /// Every unit id, sorted.
    fn unit_ids(&self) -> Vec<String> {
        self.game.unit_ids().iter().map(|u| u.as_str().to_string()).collect()
    }

    /// The action kinds of the encoding, in slot order.
    fn action_kinds(&self) -> Vec<String> {
        actions::kinds(&self.game)
    }

    /// Map nodes (`N` of the encoding).
    fn node_count(&self) -> usize {
        self.game.spec().map.node_count()
    }

    /// Size of the action space: `1 + kinds * nodes`.
    fn action_count(&self) -> usize {
        actions::count(&self.game)
    }

    /// Encodes `side`'s legal orders for the phase about to run: the
    /// groups (unit id, `""` for constructions; the unit's node or None;
    /// the group's actions), in the order an environment asks for them.
    fn action_groups(&mut self, side: &str) -> PyResult<Vec<Group>> {
        let t = actions::table(&mut self.game, crate::convert::side(side)?, self.stamp);
        let node = |k: &str| self.game.unit(k).map(|(_, l, _)| l.node.id());
        let out = t.groups.iter().map(|(k, v)| (k.clone(), node(k), v.iter().map(|a| a.0).collect())).collect();
        self.table = Some(t);
        self.given = 0;
        Ok(out)
    }

    /// Orders of the last table whose action another order of their group
    /// already had (0 with the shipped rules).
    fn unreachable_orders(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.table(py)?.unreachable)
    }

    /// The mask of group `group`: 1 for "no order" (action 0) and for each
    /// of its orders the engine would accept now, with the orders already
    /// given this phase (checked by submitting each and putting the queues
    /// back, once an order has been given since the table was made).
    fn action_mask<'py>(&mut self, py: Python<'py>, group: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let n = self.action_count();
        let t = self.table(py)?.clone();
        let (_, entries) = t.groups.get(group).ok_or_else(|| no_group(py, group))?;
        let mut mask = vec![0i8; n];
        mask[0] = 1;
        for &(a, i) in entries {
            if let Some(o) = t.orders.get(i)
                && (self.given == 0 || self.game.would_accept(t.side, o))
            {
                mask[a as usize] = 1;
            }
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Gives group `group`'s order of `action` (0: none); the order's RON
    /// text, or None. A masked-out action raises `OrderError` and changes
    /// nothing.
    fn take_action(&mut self, py: Python<'_>, group: usize, action: u32) -> PyResult<Option<String>> {
        let t = self.table(py)?;
        let (unit, entries) = t.groups.get(group).ok_or_else(|| no_group(py, group))?;
        if action == 0 {
            return Ok(None);
        }
        let Some(order) = entries.iter().find(|e| e.0 == action).and_then(|e| t.orders.get(e.1)).cloned() else {
            return Err(env_refusal(
                py,
                "MaskedAction",
                format!("action {action} is not a legal action of `{unit}` now (masked out); nothing was given"),
            ));
        };
        let side: Side = t.side;
        self.game.submit(side, &Orders::of([order.clone()])).map_err(|e| order_error(py, &e))?;
        self.gave();
        Ok(Some(order_text(&order)))
    }

    /// Lists `side`'s logistics choices for the phase about to run, given
    /// the orders already queued (one atomic step of a logistics decision,
    /// `docs/orders.md`): their RON texts, choice `k` being action `1 + k`
    /// (action 0 passes). Only the first `action_count() - 1` choices have
    /// an action; `unreachable_choices()` counts the rest.
    fn logistics_choices(&mut self, side: &str) -> PyResult<Vec<String>> {
        let s = crate::convert::side(side)?;
        let cap = actions::count(&self.game) - 1;
        let c = actions::choices(&mut self.game, s, self.stamp, cap);
        let out = c.orders.iter().map(order_text).collect();
        self.choices = Some(c);
        Ok(out)
    }

    /// Logistics choices of the last listing beyond the action space (no
    /// action gives them; 0 with the shipped scenarios).
    fn unreachable_choices(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.choices(py)?.unreachable)
    }

    /// The mask of the listed logistics step: 1 for action 0 (pass) and
    /// for action `1 + k` of each listed choice `k`.
    fn logistics_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; actions::count(&self.game)];
        mask[0] = 1;
        for m in mask.iter_mut().skip(1).take(self.choices(py)?.orders.len()) {
            *m = 1;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Gives the listed logistics choice of `action` (0: pass, nothing
    /// given); the order's RON text, or None. An action with no listed
    /// choice raises `OrderError` and changes nothing. After a choice is
    /// given, `logistics_choices(side)` lists the next step.
    fn take_logistics_action(&mut self, py: Python<'_>, action: u32) -> PyResult<Option<String>> {
        let c = self.choices(py)?;
        if action == 0 {
            return Ok(None);
        }
        let Some(order) = c.orders.get(action as usize - 1).cloned() else {
            return Err(env_refusal(
                py,
                "MaskedAction",
                format!("action {action} is not a listed logistics choice now (masked out); nothing was given"),
            ));
        };
        let side = c.side;
        self.game.submit(side, &Orders::of([order.clone()])).map_err(|e| order_error(py, &e))?;
        self.gave();
        Ok(Some(order_text(&order)))
    }

    /// The sight range (hexes) of the scenario's fog of war (the `sight`
    /// of its operations), or None when it sets none; a game played under
    /// fog then sees `DEFAULT_SIGHT` hexes, in Python as in `qm selfplay
    /// --fog`.
    fn sight(&self) -> Option<u32> {
        self.game.sight()
    }

    /// A game from the text of a save this process pickled: its scenario
    /// is read wherever the save names it (the pickle is the program's own
    /// data, unpickled wherever its worker runs), not only inside the
    /// working directory's tree as [`PyGame::from_save`] allows.
    #[staticmethod]
    fn _from_pickle(py: Python<'_>, text: &str) -> PyResult<Self> {
        py.detach(|| qm_game::sandbox::with_any_path(|| Game::load_save("<save>", text.as_bytes())))
            .map(Self::wrap)
            .map_err(|e| load_error(py, &e))
    }

    /// Pickling goes through the save file (static data is re-read from
    /// the scenario file it names).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let ctor = py.get_type::<PyGame>().getattr("_from_pickle")?;
        Ok((ctor, PyTuple::new(py, [self.save_text()?])?))
    }

    fn __repr__(&self) -> String {
        let (turn, side, phase) = self.clock();
        format!("<Game {:?} turn {turn} {side} {}>", self.game.title(), phase.unwrap_or_else(|| "-".into()))
    }
}

/// An unknown group index.
fn no_group(py: Python<'_>, group: usize) -> PyErr {
    env_refusal(py, "NoSuchGroup", format!("no action group {group} in this phase's table"))
}
