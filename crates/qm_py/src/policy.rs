//! The Python class `Policy`: one of the shipped policies (`random`,
//! `greedy`, `rollout`) playing one side of a game with its own seeded
//! stream (`qm_ai::policy_rng`), as `qm selfplay` plays them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qm_ai::PolicyKind;
use qm_game::order_text;
use qm_game::{OrderClass, Orders, Side};
use rand_chacha::ChaCha8Rng;

/// A shipped policy for one side, with its stream.
#[pyclass(name = "Policy", module = "quartermaster._quartermaster")]
pub struct PyPolicy {
    /// In a mutex: a policy is `Send` only, a Python object must be `Sync`.
    policy: std::sync::Mutex<Box<dyn qm_ai::Policy>>,
    side: Side,
    rng: ChaCha8Rng,
}

#[pymethods]
impl PyPolicy {
    /// Policy `name` playing `side`, its stream seeded from `seed` as in a
    /// self-play game of that seed.
    #[new]
    fn new(name: &str, side: &str, seed: u64) -> PyResult<Self> {
        let kind = name.parse::<PolicyKind>().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let side = crate::convert::side(side)?;
        Ok(Self { policy: std::sync::Mutex::new(kind.make()), side, rng: qm_ai::policy_rng(seed, side) })
    }

    /// The policy's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.policy.lock().unwrap_or_else(std::sync::PoisonError::into_inner).name()
    }

    /// Chooses the side's operations for the phase about to run and
    /// submits them one by one (GIL released; logistics are the engine's
    /// defaults); the RON texts of those given and of those the engine
    /// refused (none for a shipped policy). `fog`: the sight range the
    /// policy plays under (it sees only its side's observation and gets
    /// no search copy), or None for no fog.
    #[pyo3(signature = (game, fog = None))]
    fn give(&mut self, py: Python<'_>, game: &mut crate::game::PyGame, fog: Option<u32>) -> (Vec<String>, Vec<String>) {
        let fog = crate::convert::fog(fog);
        let side = self.side;
        let rng = &mut self.rng;
        let policy = self.policy.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let g = game.game_mut();
        py.detach(|| {
            let legal = g.legal_orders_of(side, OrderClass::Operations);
            if legal.is_empty() {
                return (Vec::new(), Vec::new());
            }
            let chosen = policy.choose(&qm_ai::Seat::new(g, side, fog), &legal, rng);
            let (mut given, mut refused) = (Vec::new(), Vec::new());
            for o in chosen {
                let text = order_text(&o);
                if g.submit(side, &Orders::of([o])).is_ok() { given.push(text) } else { refused.push(text) }
            }
            (given, refused)
        })
    }
}
