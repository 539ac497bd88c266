"""Golden Kendo Duel playthroughs by the computer opponents, one per mode.

tests/golden/kendo_duel_seed7.txt and kendo_competition_seed7.txt record a
seeded 2-player game, Hard (seat 1) against Normal (seat 2), the bots' own
Rngs seeded as tools/play.py seeds them: the seed, the mode, every action
(number and text, one per line) and the SHA-256 of the final state bytes. The
test replays the actions on a fresh state (each must be legal) and compares
the final hash, then lets the bots play the game again and compares their
actions: a change to the rules, the deal, the save format or the bots' play
shows up here as a diff. After an intended change, rewrite the files with

    SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_kendo_golden.py

and review the diff.
"""

import hashlib
import os

import pytest

from engine.kendo import bots
from engine.kendo.actions import COMPETITION, DUEL
from engine.kendo.state import KendoState
from engine.rng import Rng

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
SEED = 7
LEVELS = (bots.HARD, bots.NORMAL)
CASES = (("duel", DUEL), ("competition", COMPETITION))


def path(name):
    return os.path.join(HERE, "kendo_%s_seed%d.txt" % (name, SEED))


def playthrough(mode, seed=SEED):
    """The bots' game as lines of text."""
    s = KendoState(Rng(seed), len(LEVELS), mode)
    rngs = [Rng(seed * 8 + 1 + v) for v in range(len(LEVELS))]  # as tools/play.py
    lines = [
        "# Kendo Duel golden playthrough: tests/test_kendo_golden.py replays it.",
        "# Rewrite: SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_kendo_golden.py",
        "game kendo",
        "mode %d" % mode,
        "seed %d" % seed,
        "levels %s" % " ".join(str(v) for v in LEVELS),
    ]
    while not s.is_over():
        p = s.current_player
        a = bots.choose(s.observation(p), p, LEVELS[p], rngs[p])
        lines.append("action %d %d %s" % (p, a, s.describe_action(a)))
        s.apply(a)
    lines.append("winner %s reason %d" % (" ".join(str(w) for w in s.winner()), s.end_reason))
    lines.append("final %s" % hashlib.sha256(s.to_bytes()).hexdigest())
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,mode", CASES)
def test_golden_replay_matches(name, mode):
    if os.environ.get("SANBON_REGEN_GOLDEN") == "1":
        os.makedirs(HERE, exist_ok=True)
        with open(path(name), "w") as f:
            f.write(playthrough(mode))
    with open(path(name)) as f:
        lines = [l for l in f.read().splitlines() if l and not l.startswith("#")]
    head = dict(l.split(" ", 1) for l in lines[:4])
    assert head["game"] == "kendo" and int(head["mode"]) == mode
    s = KendoState(Rng(int(head["seed"])), 2, mode)
    steps = 0
    for line in lines[4:-2]:
        _, p, a, text = line.split(" ", 3)
        assert int(p) == s.current_player, "step %d" % steps
        assert int(a) in s.legal_actions(), "step %d: %s" % (steps, line)
        assert text == s.describe_action(int(a))
        s.apply(int(a))
        steps += 1
    assert s.is_over() and steps > 10
    assert lines[-2] == "winner %s reason %d" % (" ".join(str(w) for w in s.winner()), s.end_reason)
    assert lines[-1] == "final %s" % hashlib.sha256(s.to_bytes()).hexdigest()


@pytest.mark.parametrize("name,mode", CASES)
def test_golden_file_is_what_the_bots_play_now(name, mode):
    with open(path(name)) as f:
        assert f.read() == playthrough(mode)
