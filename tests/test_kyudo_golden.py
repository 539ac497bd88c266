"""A golden Kyudo playthrough (in the style of OpenSpiel's playthroughs).

tests/golden/kyudo_seed7.txt records one seeded game: the seed, the number of
archers, the state bytes after setup, then for every action its number, its
``describe_action`` text, the legal actions it was chosen from and the state
bytes (hex, RNG included) after it. The test replays the actions and compares
everything, so any change to the rules, the dice or the save format shows up
here as a diff. After an intended change, rewrite the file with

    SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_kyudo_golden.py

and review the diff. The actions are chosen by a seeded "eager" random
player: uniform among the legal actions, but END_TURN only when nothing else
is legal.
"""

import binascii
import os

from engine.kyudo.actions import END_TURN
from engine.kyudo.state import KyudoState
from engine.rng import Rng

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "kyudo_seed7.txt")
SEED = 7
PLAYERS = 3


def hexs(b):
    return binascii.hexlify(b).decode()


def playthrough(seed=SEED, players=PLAYERS):
    s = KyudoState(Rng(seed), players)
    pick = Rng(seed + 10007)
    lines = [
        "# Kyudo golden playthrough: tests/test_kyudo_golden.py replays it.",
        "# Rewrite: SANBON_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_kyudo_golden.py",
        "game kyudo",
        "seed %d" % seed,
        "players %d" % players,
        "characters %s" % " ".join(str(c) for c in s.characters),
        "first %d" % s.first,
        "state %s" % hexs(s.to_bytes()),
    ]
    while not s.is_over():
        legal = s.legal_actions()
        choices = legal[:-1] if len(legal) > 1 and legal[-1] == END_TURN else legal
        action = pick.choice(choices)
        lines.append("")
        lines.append("player %d phase %d legal %s" % (s.current_player, s.phase, " ".join(map(str, legal))))
        lines.append("action %d %s" % (action, s.describe_action(action)))
        s.apply(action)
        lines.append("state %s" % hexs(s.to_bytes()))
    lines.append("")
    lines.append("winner %d reason %d turns %d rounds %d" % (s.winner()[0], s.win_reason, s.turn, s.round))
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    if os.environ.get("SANBON_REGEN_GOLDEN") == "1":
        os.makedirs(os.path.dirname(PATH), exist_ok=True)
        with open(PATH, "w") as f:
            f.write(playthrough())
    with open(PATH) as f:
        lines = [l for l in f.read().splitlines() if l and not l.startswith("#")]
    head = dict(l.split(" ", 1) for l in lines[:3])
    assert head["game"] == "kyudo"
    s = KyudoState(Rng(int(head["seed"])), int(head["players"]))
    assert lines[3] == "characters %s" % " ".join(str(c) for c in s.characters)
    assert lines[4] == "first %d" % s.first
    assert lines[5] == "state %s" % hexs(s.to_bytes())
    i = 6
    steps = 0
    while lines[i].startswith("player "):
        want_player, want_action, want_state = lines[i : i + 3]
        assert want_player == "player %d phase %d legal %s" % (
            s.current_player, s.phase, " ".join(map(str, s.legal_actions()))), "step %d" % steps
        action = int(want_action.split(" ")[1])
        assert want_action == "action %d %s" % (action, s.describe_action(action)), "step %d" % steps
        s.apply(action)
        assert want_state == "state %s" % hexs(s.to_bytes()), "step %d (%s)" % (steps, want_action)
        # the bytes alone resume the game exactly
        s = KyudoState.from_bytes(bytes.fromhex(want_state[6:]))
        i += 3
        steps += 1
    assert s.is_over() and i == len(lines) - 1
    assert lines[i] == "winner %d reason %d turns %d rounds %d" % (s.winner()[0], s.win_reason, s.turn, s.round)
    assert steps > 100


def test_golden_file_is_what_the_player_plays_now():
    """The recorded choices are the seeded player's: a regen reproduces the file."""
    with open(PATH) as f:
        assert f.read() == playthrough()
