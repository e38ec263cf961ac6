"""The `Game` class: the API boundary of qm_game from Python."""

import pickle

import numpy as np
import pytest

import quartermaster as q
from conftest import ROOT, SMALL


def play_random(g: q.Game, phases: int, seed: int) -> None:
    """Plays `phases` phases with a seeded random choice of legal orders."""
    rng = np.random.default_rng(seed)
    for _ in range(phases):
        if g.clock()[2] is None or g.is_over():
            return
        side = g.clock()[1]
        legal = g.legal_orders(side)
        if legal:
            pick = legal[int(rng.integers(len(legal)))]
            try:
                g.submit(side, [pick])
            except q.OrderError:
                pass
        g.step_phase()


def test_observation_has_plain_data_and_planes():
    g = q.Game(SMALL, 1)
    obs = g.observation("axis")
    assert obs["side"] == "Axis"
    planes = obs["planes"]
    assert planes.dtype == np.uint8 and planes.shape[0] == q.PLANES
    own = sum(1 for _ in obs["own_units"])
    # Plane 6..8 count own units by status: their sum is the own units on the grid.
    assert int(planes[6:9].sum()) == own
    assert np.array_equal(planes, g.planes("axis"))
    scalars = obs["scalars"]
    assert scalars.dtype == np.int64 and scalars.shape == (q.SCALARS,)
    # Turn, phase index, side to move (1: the Axis observes), side (0: Axis).
    turn, side_to_move, _phase = g.clock()
    assert int(scalars[0]) == turn and int(scalars[1]) == 0
    assert int(scalars[2]) == (side_to_move.lower() == "axis") and int(scalars[3]) == 0
    assert np.array_equal(scalars, g.scalars("axis"))
    assert int(g.scalars("allies")[3]) == 1


def test_legal_orders_pass_submit_and_illegal_ones_raise_typed_errors():
    g = q.Game(SMALL, 1)
    for _ in range(8):
        side = g.clock()[1]
        legal = g.legal_orders(side, kind="operations")
        if legal:
            break
        g.step_phase()
    assert legal, "a phase with operations within 8 phases"
    before = g.checksum()
    with pytest.raises(q.OrderError) as e:
        g.submit(side, ['Move(unit: "no-such-unit", to: "a1")'])
    assert e.value.kind == "UnknownUnit" and e.value.index == 0
    assert g.checksum() == before
    with pytest.raises(q.LoadError) as le:
        g.submit(side, ["Move(unit: "])
    assert le.value.file == "<order 0>" and le.value.line == 1 and le.value.col >= 1
    g.submit(side, [legal[0]])


def test_load_error_carries_file_line_col(tmp_path):
    bad = tmp_path / "bad.ron"
    bad.write_text("(\n  title: 3,\n)\n")
    with pytest.raises(q.LoadError) as e:
        q.Game(str(bad), 1)
    assert e.value.file == str(bad)
    assert e.value.line >= 1 and e.value.col >= 1
    assert str(bad) in str(e.value)


def test_snapshot_restore_and_clone_round_trip():
    g = q.Game(SMALL, 5)
    play_random(g, 6, 1)
    snap, sum0 = g.snapshot(), g.checksum()
    c = g.clone()
    play_random(g, 6, 2)
    assert g.checksum() != sum0 or g.is_over()
    g.restore(snap)
    assert g.checksum() == sum0 == c.checksum()


def test_pickling_a_game_round_trips_and_plays_on_identically():
    g = q.Game(SMALL, 9)
    play_random(g, 5, 3)
    h = pickle.loads(pickle.dumps(g))
    assert h.checksum() == g.checksum() and h.clock() == g.clock()
    play_random(g, 10, 4)
    play_random(h, 10, 4)
    assert h.checksum() == g.checksum()


def test_save_reopens(tmp_path):
    g = q.Game(SMALL, 2)
    play_random(g, 4, 5)
    path = tmp_path / "s.ron"
    g.save(str(path))
    # A save names its scenario, which must lie in the save's folder tree
    # or a `scenarios/` or `assets/` folder beside it or a parent (the one
    # path policy): a save outside the checkout is refused, one in it loads.
    with pytest.raises(q.LoadError):
        q.Game(str(path), 99)
    path = ROOT / "target" / "pytest-saves" / "s.ron"
    path.parent.mkdir(parents=True, exist_ok=True)
    g.save(str(path))
    assert q.Game(str(path), 99).checksum() == g.checksum()


def test_supply_report_and_explain():
    g = q.Game(SMALL, 1)
    g.step_phase()
    rep = g.supply_report("axis")
    assert isinstance(rep, dict) and rep["units"]
    unit = rep["units"][0]["id"]
    text = g.explain(unit)
    assert text and "SUP-" in text
    with pytest.raises(KeyError, match="no unit `no-such-unit`"):
        g.explain("no-such-unit")
    # A near miss names the unit meant, as `qm explain` does.
    with pytest.raises(KeyError, match=f"did you mean {unit}"):
        g.explain(unit + "x")


def test_step_phase_reports_the_phase_run():
    g = q.Game(SMALL, 1)
    turn, side, phase = g.clock()
    r = g.step_phase()
    assert (r["turn"], r["side"], r["phase"]) == (turn, side, phase)
    assert isinstance(r["events"], list)
