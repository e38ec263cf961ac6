"""The determinism matrix through the Python binding (issue 15, item 2).

The same seeded self-play games are played from Python, phase by phase,
with ``quartermaster.Game`` and the shipped policies as ``Policy`` objects
(the turn loop of ``qm_ai::play_game`` written out here), and by the Rust
runners:

- ``qm selfplay``: every game's final checksum equals the one Python
  reached;
- ``qm run --orders``: the orders Python's policies gave, written as an
  orders file, replayed by the Rust API; the checksum after every phase of
  one game equals Python's after that phase;
- a snapshot and restore, and a save and load, at phase boundaries through
  Python, then the rest of the recorded orders: the same checksums as the
  uninterrupted run.
"""

import json

import pytest

import quartermaster as q
from conftest import POCKET, SMALL, qm

SEED = 21
GAMES = 8
MAX_TURNS = 4
POLICIES = ("greedy", "random")


def side_of(i: int, side: str) -> str:
    """The policy of ``side`` in game ``i``: the first plays the Axis in even games."""
    first = side == "axis"
    return POLICIES[0] if (i % 2 == 0) == first else POLICIES[1]


class Played:
    """One game played from Python: per phase its turn, side to move,
    name, the orders each side gave, and the checksum after it."""

    def __init__(self):
        self.phases = []  # (turn, side, phase, {giver: [orders]}, checksum)
        self.snapshots = {}  # phase index -> (Snapshot, save text, checksum before)


def play(path: str, i: int, keep=()) -> Played:
    """Game ``i`` of a batch of seed ``SEED``, as ``qm_ai::play_game`` plays
    it; keeps a snapshot and a save before each phase index in ``keep``."""
    seed = q.game_seed(SEED, i)
    g = q.Game(path, seed)
    g.reseed(seed)
    pol = {s: q.Policy(side_of(i, s), s, seed) for s in ("axis", "allies")}
    out = Played()
    start_turn = g.clock()[0]
    while g.adjudicate(start_turn, MAX_TURNS) is None and g.clock()[2] is not None:
        # One player turn: phases until the side to move or the turn changes.
        turn0, side0, _ = g.clock()
        for _ in range(64):
            if len(out.phases) in keep:
                out.snapshots[len(out.phases)] = (g.snapshot(), g.save_text(), g.checksum())
            turn, to_move, phase = g.clock()
            given = {}
            for side in (to_move, "allies" if to_move == "axis" else "axis"):
                orders, refused = pol[side].give(g)
                assert refused == [], f"a shipped policy's order was refused: {refused}"
                if orders:
                    given[side] = orders
            g.step_phase()
            out.phases.append((turn, to_move, phase, given, g.checksum()))
            t, s, p = g.clock()
            if s != side0 or t != turn0 or p is None:
                break
    return out


@pytest.fixture(scope="module")
def pocket_games():
    return [play(POCKET, i, keep=(0, 5, 13) if i == 0 else ()) for i in range(GAMES)]


def test_python_self_play_ends_on_qm_selfplays_checksums(pocket_games, tmp_path):
    out = tmp_path / "ref.jsonl"
    qm("selfplay", POCKET, "--games", str(GAMES), "--seed", str(SEED), "--policies", ",".join(POLICIES),
       "--max-turns", str(MAX_TURNS), "--out", str(out))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in records] == list(range(GAMES))
    for r, played in zip(records, pocket_games):
        assert played.phases, "the game ran phases"
        assert r["checksum"] == played.phases[-1][4], f"game {r['game']}"
    # Not vacuous: the games differ, and orders were given.
    assert len({r["checksum"] for r in records}) == GAMES
    assert any(p[3] for p in pocket_games[0].phases)


def orders_file(phases) -> str:
    """The batches of ``phases`` as an orders file (docs/orders.md)."""
    batches = []
    for turn, to_move, phase, given, _ in phases:
        for giver, orders in given.items():
            player = "" if giver == to_move else f" player: {to_move.capitalize()},"
            batches.append(f'(turn: {turn}, side: {giver.capitalize()},{player} phase: "{phase}", '
                           f"orders: [{', '.join(orders)}])")
    return "[\n" + ",\n".join(batches) + "\n]\n"


@pytest.mark.parametrize("path", [SMALL, POCKET], ids=["libya-split", "barbarossa-pocket"])
def test_qm_run_replays_pythons_orders_with_its_checksum_at_every_phase(path, tmp_path):
    played = play(path, 1)
    assert any(p[3] for p in played.phases), "orders were given"
    for k in range(1, len(played.phases) + 1):
        f = tmp_path / f"orders-{k}.ron"
        f.write_text(orders_file(played.phases[:k]))
        run = qm("run", path, "--seed", str(q.game_seed(SEED, 1)), "--phases", str(k), "--orders", str(f), "--json")
        got = json.loads(run.stdout)
        assert got["checksum"] == played.phases[k - 1][4], f"after phase {k}: {played.phases[k - 1][:3]}"


def replay(g: q.Game, phases) -> list:
    """Gives ``phases``' recorded orders and runs them: the checksums."""
    sums = []
    for _, _, phase, given, _ in phases:
        assert g.clock()[2] == phase
        for side, orders in given.items():
            g.submit(side, orders)
        g.step_phase()
        sums.append(g.checksum())
    return sums


def test_snapshot_restore_and_save_load_at_phase_boundaries_continue_alike(pocket_games):
    played = pocket_games[0]
    want = [p[4] for p in played.phases]
    assert set(played.snapshots) == {0, 5, 13}
    other = q.Game(POCKET, 99)
    for k, (snap, save, before) in sorted(played.snapshots.items()):
        # Restored into a game that played something else.
        other.restore(snap)
        assert other.checksum() == before
        assert replay(other, played.phases[k:]) == want[k:], f"restored at phase {k}"
        loaded = q.Game.from_save(save)
        assert loaded.checksum() == before
        assert replay(loaded, played.phases[k:]) == want[k:], f"loaded at phase {k}"
