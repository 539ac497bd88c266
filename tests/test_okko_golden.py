"""A golden Okko playthrough by two computer partners (Normal, Hard).

tests/golden/okko_seed7.txt records the seed, every action (seat, number and
text, one per line), the result and the SHA-256 of the final state bytes.
The test replays the actions on a fresh state (each must be legal) and
compares the final hash, then lets the partners play again and compares the
file: a change to the rules, the content, the save format or the partners'
play shows up here as a diff. After an intended change, rewrite it with

    SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_okko_golden.py

and review the diff.
"""

import hashlib
import os

from engine.okko import bots
from engine.okko.state import OkkoState
from engine.rng import Rng

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
PATH = os.path.join(HERE, "okko_seed7.txt")
SEED = 7
LEVELS = (bots.NORMAL, bots.HARD)


def playthrough(seed=SEED):
    s = OkkoState(Rng(seed))
    rngs = [Rng(seed * 8 + 1 + v) for v in range(2)]  # as tools/play_okko.py
    mem = [bytearray(16), bytearray(16)]
    lines = [
        "# Okko golden playthrough: tests/test_okko_golden.py replays it.",
        "# Rewrite: SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_okko_golden.py",
        "game okko",
        "seed %d" % seed,
    ]
    while not s.is_over():
        p = s.current_player
        a = bots.choose(s.observation(p), p, LEVELS[p], rngs[p], mem[p], mem[1 - p])
        lines.append("action %d %d %s" % (p, a, s.describe_action(a)))
        s.apply(a)
    lines.append("result %d" % s.result)
    lines.append("final %s" % hashlib.sha256(s.to_bytes()).hexdigest())
    return "\n".join(lines) + "\n"


def test_golden_replay_matches():
    if os.environ.get("SANBON_REGEN_GOLDEN") == "1":
        os.makedirs(HERE, exist_ok=True)
        with open(PATH, "w") as f:
            f.write(playthrough())
    with open(PATH) as f:
        lines = [l for l in f.read().splitlines() if l and not l.startswith("#")]
    assert lines[0] == "game okko"
    s = OkkoState(Rng(int(lines[1].split()[1])))
    steps = 0
    for line in lines[2:-2]:
        _, p, a, text = line.split(" ", 3)
        assert int(p) == s.current_player, "step %d" % steps
        assert int(a) in s.legal_actions(), "step %d: %s" % (steps, line)
        assert text == s.describe_action(int(a))
        s.apply(int(a))
        steps += 1
    assert s.is_over() and steps > 100
    assert lines[-2] == "result %d" % s.result
    assert lines[-1] == "final %s" % hashlib.sha256(s.to_bytes()).hexdigest()


def test_golden_file_is_what_the_partners_play_now():
    with open(PATH) as f:
        assert f.read() == playthrough()
