"""Logistics decisions and fog in the environments.

Logistics are asked one atomic choice a step after a side's operations
(``docs/python.md``): action 0 passes, action ``1 + k`` gives the ``k``-th
listed choice, and the list is made again after each choice given.
"""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import quartermaster as q
from conftest import POCKET, ROOT
from quartermaster import envs

#: Oil: reorganization, oil drawn, stockpiles (and sea supply, sources).
STOCKPILES = str(ROOT / "scenarios/mwif/stockpiles.ron")
#: Oil and interceptions (SUP-104) in a larger scenario.
OIL_1942 = str(ROOT / "scenarios/mwif/europe-1942-oil.ron")
#: Interceptions of announced sea lines.
MIDDLE_EAST_SEA = str(ROOT / "scenarios/awaw/middle-east-sea.ron")
#: Convoy attacks declined (COL-006).
CONVOY = str(ROOT / "scenarios/wteaw/convoy.ron")
#: The Middle East split (MET-006).
MEDITERRANEAN = str(ROOT / "scenarios/middle-east/mediterranean.ron")
#: The scenario whose operations set a fog `sight` (4 hexes).
EASTERN_FRONT = str(ROOT / "scenarios/awaw/eastern-front-1941.ron")

MAX_STEPS = 20_000


def first_logistics_step(env, seed, want=lambda choices: True):
    """Resets ``env`` with ``seed`` and gives no order (action 0) until a
    logistics step whose choices satisfy ``want``; its observation and
    info."""
    env.reset(seed=seed)
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            break
        if info["decision"] == "logistics" and want(info["choices"]):
            return obs, info
        env.step(0)
    pytest.fail("no logistics step")


def pass_until_phase_runs(env):
    """Gives no order (passes) until the phase of the current decision has run."""
    phases = len(env.loop.log)
    while len(env.loop.log) == phases and env.loop.ending is None:
        env.step(0)


@pytest.mark.parametrize(
    "scenario, kind",
    [
        (STOCKPILES, "Reorganize"),
        (STOCKPILES, "DrawOil"),
        (STOCKPILES, "SeaSupply"),
        (STOCKPILES, "DesignateSource"),
        (OIL_1942, "Intercept"),
        (MIDDLE_EAST_SEA, "Intercept"),
    ],
)
def test_a_logistics_step_masks_exactly_its_listed_choices(scenario, kind):
    env = envs.aec_env(scenario=scenario, seed=1, max_turns=4)
    obs, info = first_logistics_step(env, 1, lambda cs: any(c.startswith(kind + "(") for c in cs))
    mask = obs["action_mask"]
    choices = info["choices"]
    assert mask.shape == (env.game.action_count(),)
    assert set(np.flatnonzero(mask)) == set(range(len(choices) + 1))
    # The choices are the engine's listing, in its order, none left out.
    assert choices == env.game.legal_orders(env.agent_selection, kind="logistics")
    assert env.game.unreachable_choices() == 0
    assert env.describe_action(0) == "pass"
    assert [env.describe_action(1 + k) for k in range(len(choices))] == choices


def test_a_logistics_choice_given_is_queued_and_changes_the_phase():
    """Reorganizing no unit (`Reorganize(units:[])`) instead of the default
    (every unit requested): the order is given and logged, and the phase
    ends in another state than passing does."""
    done = {}
    for how in ("pass", "none"):
        env = envs.aec_env(scenario=STOCKPILES, seed=3, max_turns=4)
        obs, info = first_logistics_step(env, 3, lambda cs: "Reorganize(units:[])" in cs)
        side = env.agent_selection
        before = len(env.loop.log[-1])
        if how == "none":
            a = 1 + info["choices"].index("Reorganize(units:[])")
            assert obs["action_mask"][a] == 1
            env.step(a)
            assert env.loop.log[-1][before] == (side, ["Reorganize(units:[])"])
            assert env.loop.logistics_steps[side] == 1
        else:
            env.step(0)
            assert len(env.loop.log[-1]) == before
            assert env.loop.logistics_steps.get(side, 0) == 0
        pass_until_phase_runs(env)
        done[how] = env.game.checksum()
    assert done["pass"] != done["none"]


def test_after_a_choice_the_side_is_asked_again_with_a_new_list_until_it_passes():
    env = envs.aec_env(scenario=STOCKPILES, seed=1, max_turns=4)
    obs, info = first_logistics_step(env, 1, lambda cs: any(c.startswith("DrawOil(") for c in cs))
    side = env.agent_selection
    first = info["choices"]
    env.step(1 + next(k for k, c in enumerate(first) if c.startswith("DrawOil(")))
    obs, _, _, _, info = env.last()
    assert env.agent_selection == side and info["decision"] == "logistics"
    assert info["choices"] == env.game.legal_orders(side, kind="logistics") != first
    assert set(np.flatnonzero(obs["action_mask"])) == set(range(len(info["choices"]) + 1))
    phase = len(env.loop.log)
    env.step(0)  # pass: the side's logistics end for this phase
    d = env.loop.current()
    assert len(env.loop.log) != phase or d is None or not (d.side == side and d.kind == "logistics")


def test_a_masked_out_logistics_action_is_refused_and_changes_nothing():
    env = envs.aec_env(scenario=STOCKPILES, seed=1, max_turns=4)
    obs, info = first_logistics_step(env, 1)
    illegal = len(info["choices"]) + 1
    before = (env.game.checksum(), env.agent_selection, env.loop.current(), len(env.loop.log[-1]))
    with pytest.raises(q.OrderError) as e:
        env.step(illegal)
    assert e.value.kind == "MaskedAction"
    assert (env.game.checksum(), env.agent_selection, env.loop.current(), len(env.loop.log[-1])) == before
    env.step(1)


def test_a_side_gives_at_most_max_logistics_steps_choices_a_phase():
    """A side that never passes stops after MAX_LOGISTICS_STEPS choices."""
    env = envs.aec_env(scenario=STOCKPILES, seed=2, max_turns=4)
    env.reset(seed=2)
    most = 0
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        if info["decision"] == "logistics":
            # Never pass: the last listed choice (releasing stock, ...).
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            most = max([most, *env.loop.logistics_steps.values()])
        else:
            env.step(0)
    assert most == q.MAX_LOGISTICS_STEPS


def test_the_game_api_lists_takes_and_refuses_stale_choices():
    """Every logistics family of the shipped scenarios through the Game API:
    the listing equals the engine's, the mask is its actions, a choice
    given is queued, and the list is stale after any order is given."""
    for path, kind in [
        (CONVOY, "DeclineConvoyAttack"),
        (MEDITERRANEAN, "MiddleEastSplit"),
        (STOCKPILES, "TransportStock"),
        (OIL_1942, "Intercept"),
    ]:
        g = q.Game(path, 1)
        for _ in range(80):
            listed = {s: g.legal_orders(s, kind="logistics") for s in ("axis", "allies")}
            side = next((s for s, cs in listed.items() if any(c.startswith(kind + "(") for c in cs)), None)
            if side is not None:
                break
            g.step_phase()
        else:
            pytest.fail(f"no {kind} in {path}")
        choices = g.logistics_choices(side)
        assert choices == g.legal_orders(side, kind="logistics")
        assert len(choices) + g.unreachable_choices() == len(g.legal_orders(side, kind="logistics"))
        assert set(np.flatnonzero(g.logistics_mask())) == set(range(len(choices) + 1))
        k = next(k for k, c in enumerate(choices) if c.startswith(kind + "("))
        ref = g.clone()
        ref.submit(side, [choices[k]])
        assert g.take_logistics_action(1 + k) == choices[k]
        # The list is made again after an order is given.
        with pytest.raises(q.OrderError) as e:
            g.take_logistics_action(1)
        assert e.value.kind == "NoActionTable"
        assert g.logistics_choices(side) == ref.legal_orders(side, kind="logistics")
        assert g.take_logistics_action(0) is None
        g.step_phase()
        ref.step_phase()
        assert g.checksum() == ref.checksum(), path


def test_logistics_false_leaves_them_to_the_engine():
    env = envs.aec_env(scenario=STOCKPILES, seed=1, max_turns=3, logistics=False)
    env.reset(seed=1)
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert info["decision"] == "operations"
        env.step(0)


def test_the_logged_logistics_orders_replay_to_the_same_game():
    env = envs.aec_env(scenario=STOCKPILES, seed=4, max_turns=4)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    given = 0
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        given += info["decision"] == "logistics" and a > 0
        env.step(a)
    assert given > 0
    checksum, _ = q.replay(STOCKPILES, 4, env.loop.log)
    assert checksum == env.game.checksum()


@pytest.mark.parametrize("scenario", [STOCKPILES, MIDDLE_EAST_SEA])
def test_pettingzoo_api_test_passes_with_logistics(scenario):
    api_test(envs.aec_env(scenario=scenario, seed=1, max_turns=4), num_cycles=300, verbose_progress=False)


def test_pettingzoo_seed_test_passes_with_logistics():
    seed_test(lambda: envs.aec_env(scenario=STOCKPILES, seed=1, max_turns=4), num_cycles=300)


@pytest.mark.parametrize("scenario", [STOCKPILES, MIDDLE_EAST_SEA])
def test_gymnasium_check_env_passes_with_logistics(scenario):
    check_env(envs.gym_env(scenario=scenario, opponent="greedy", seed=1, max_turns=4), skip_render_check=True)


def test_gymnasium_asks_the_agent_for_its_logistics():
    env = envs.gym_env(scenario=STOCKPILES, opponent="random", side="allies", seed=1, max_turns=4)
    obs, info = env.reset(seed=1)
    for _ in range(MAX_STEPS):
        if info["decision"] == "logistics":
            assert set(np.flatnonzero(obs["action_mask"])) == set(range(len(info["choices"]) + 1))
            return
        obs, _, term, _, info = env.step(0)
        assert not term
    pytest.fail("no logistics step")


# -- fog --------------------------------------------------------------------


def test_fog_true_plays_under_the_scenarios_sight():
    assert q.Game(EASTERN_FRONT).sight() == 4
    env = envs.aec_env(scenario=EASTERN_FRONT, seed=1, fog=True, max_turns=2)
    assert env.sight == 4
    env.reset(seed=1)
    agent = env.agent_selection
    planes = env.observe(agent)["observation"][: q.PLANES]
    assert np.array_equal(planes, env.game.planes(agent, 4))
    assert not np.array_equal(planes, env.game.planes(agent)), "the fog hides something here"
    assert np.array_equal(env.observe(agent)["scalars"], env.game.scalars(agent, 4))


def test_fog_int_overrides_and_a_scenario_without_sight_falls_back():
    assert envs.aec_env(scenario=EASTERN_FRONT, fog=2).sight == 2
    assert envs.aec_env(scenario=EASTERN_FRONT, fog=False).sight is None
    assert q.Game(POCKET).sight() is None
    assert envs.aec_env(scenario=POCKET, fog=True).sight == envs.DEFAULT_SIGHT
    assert envs.gym_env(scenario=EASTERN_FRONT, fog=True).aec.sight == 4


def test_the_opponent_plays_under_the_same_fog():
    g = q.Game(EASTERN_FRONT, 1)
    while not g.legal_orders(g.clock()[1], kind="operations"):
        g.step_phase()
    given, refused = q.Policy("greedy", g.clock()[1], 1).give(g, g.sight())
    assert given and refused == []


def test_pettingzoo_api_test_passes_with_the_scenarios_fog():
    env = envs.aec_env(scenario=EASTERN_FRONT, seed=2, fog=True, max_turns=2)
    assert env.sight == 4
    api_test(env, num_cycles=100, verbose_progress=False)


def test_gymnasium_check_env_passes_with_the_scenarios_fog():
    env = envs.gym_env(scenario=EASTERN_FRONT, opponent="greedy", seed=1, fog=True, max_turns=2)
    check_env(env, skip_render_check=True)
