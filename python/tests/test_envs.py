"""The PettingZoo and Gymnasium environments."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import quartermaster as q
from conftest import POCKET, SMALL
from quartermaster import envs

#: Steps of one game at most (a game of the small scenario takes a few hundred).
MAX_STEPS = 20_000


@pytest.mark.parametrize("scenario", [SMALL, POCKET])
def test_pettingzoo_api_test_passes(scenario):
    api_test(envs.aec_env(scenario=scenario, seed=1, max_turns=4), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("scenario", [SMALL, POCKET])
def test_pettingzoo_seed_test_passes(scenario):
    seed_test(lambda: envs.aec_env(scenario=scenario, seed=1, max_turns=4), num_cycles=200)


def test_pettingzoo_api_test_passes_with_fog():
    api_test(envs.aec_env(scenario=POCKET, seed=2, fog=True, max_turns=2), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("scenario", [SMALL, POCKET])
def test_gymnasium_check_env_passes(scenario):
    check_env(envs.gym_env(scenario=scenario, opponent="greedy", seed=1, max_turns=4), skip_render_check=True)


def play_masked_random(env, seed):
    """Plays one game with uniformly random masked actions; the steps and
    each agent's total reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, r, term, trunc, _ = env.last()
        totals[agent] += r
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps, totals


def test_a_full_game_with_random_masked_actions_ends_with_a_result():
    env = envs.aec_env(scenario=POCKET, seed=3)
    steps, totals = play_masked_random(env, 3)
    assert steps > 0
    assert not env.agents, "every agent finished"
    end = env.loop.ending
    assert end is not None and end.reason
    assert end.winner in (None, "axis", "allies")
    expected = {a: 0.0 if end.winner is None else (1.0 if a == end.winner else -1.0) for a in env.possible_agents}
    assert totals == expected


def test_rewards_are_win_plus_one_loss_minus_one():
    env = envs.aec_env(scenario=SMALL, seed=4)
    env.reset(seed=4)
    rewards = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(4)
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, r, term, trunc, info = env.last()
        rewards[agent] += r
        if term or trunc:
            winner = info["winner"]
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    expected = {a: 0.0 if winner is None else (1.0 if a == winner else -1.0) for a in env.possible_agents}
    assert rewards == expected


def test_a_masked_out_action_is_refused_and_changes_nothing():
    env = envs.aec_env(scenario=POCKET, seed=5)
    env.reset(seed=5)
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, _ = env.last()
        mask = obs["action_mask"]
        if mask.sum() > 1:
            break
        env.step(0)
    else:
        pytest.fail("no decision with an order to give")
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (env.game.checksum(), env.agent_selection, env.loop.current(), len(env.loop.log[-1]))
    with pytest.raises(q.OrderError) as e:
        env.step(illegal)
    assert e.value.kind == "MaskedAction"
    assert "masked out" in str(e.value)
    after = (env.game.checksum(), env.agent_selection, env.loop.current(), len(env.loop.log[-1]))
    assert after == before
    assert np.array_equal(env.observe(env.agent_selection)["action_mask"], mask)
    # A legal action of the same decision is then accepted.
    env.step(int(np.flatnonzero(mask)[-1]))


def test_the_action_encoding_decodes_to_the_order_given():
    env = envs.aec_env(scenario=POCKET, seed=6)
    env.reset(seed=6)
    for agent in env.agent_iter(max_iter=MAX_STEPS):
        obs, _, term, trunc, info = env.last()
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal) > 1 and info["decision"] == "operations":
            a = int(legal[-1])
            kind, node = env.describe_action(a).split(" -> node ")
            env.step(a)
            given = env.loop.log[-1][-1][1][0]
            assert given.startswith(kind.split(":")[0] + "(")
            return
        env.step(0)
    pytest.fail("no decision with an order to give")


def test_gymnasium_plays_a_game_against_greedy_to_its_end():
    env = envs.gym_env(scenario=POCKET, opponent="greedy", seed=7)
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(MAX_STEPS):
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, term, trunc, info = env.step(a)
        if term:
            assert r in (-1.0, 0.0, 1.0)
            assert "winner" in info
            return
    pytest.fail("the game did not end")


def test_every_legal_order_has_exactly_one_action_of_its_unit():
    g = q.Game(POCKET, 1)
    for _ in range(12):
        side = g.clock()[1]
        legal = g.legal_orders(side, kind="operations")
        if legal:
            groups = g.action_groups(side)
            actions = [(u, a) for u, _, acts in groups for a in acts]
            assert len(actions) + g.unreachable_orders() == len(legal)
            assert len(set(actions)) == len(actions)
            assert all(0 < a < g.action_count() for _, a in actions)
            # With nothing given yet, the mask of a group is exactly its actions.
            for i, (_, _, acts) in enumerate(groups):
                assert set(np.flatnonzero(g.action_mask(i))) == {0, *acts}
        g.step_phase()


def test_gymnasium_make_finds_the_registered_id():
    import gymnasium

    env = gymnasium.make("Quartermaster-v0", max_turns=2)
    assert env.unwrapped.side == "axis" and env.unwrapped.opponent == "greedy"
    obs, info = env.reset(seed=3)
    assert obs["action_mask"][0] == 1 and info["action_mask"].shape == obs["action_mask"].shape
    # The default scenario is the Barbarossa pocket: the same spaces as
    # the environment made from its file.
    direct = envs.gym_env(scenario=POCKET, max_turns=2)
    assert env.action_space == direct.action_space
    assert env.observation_space["observation"].shape == direct.observation_space["observation"].shape


def test_old_module_names_are_deprecated_aliases():
    import importlib
    import sys

    for name, attr, target in [("pettingzoo", "env", envs.aec_env), ("gymnasium", "make", envs.gym_env)]:
        sys.modules.pop(f"quartermaster.{name}", None)
        with pytest.warns(DeprecationWarning, match="quartermaster.envs"):
            mod = importlib.import_module(f"quartermaster.{name}")
        assert getattr(mod, attr) is target
