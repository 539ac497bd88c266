"""500 seeded random-legal Kyudo games, with the invariants checked after every
action, and a save round trip at every step in one game out of ten.

Half the games pick uniformly among the legal actions; the other half
("eager") end the turn only when nothing else is legal, so that more
combinations, attacks and sub-decisions happen.
"""

from engine.kyudo.actions import END_TURN, P_OVER
from engine.kyudo.state import KyudoState
from engine.rng import Rng
from tools.invariants import kyudo_check_step as check_step
from tools.invariants import kyudo_round_trip as round_trip
from tools.invariants import kyudo_snapshot as snapshot

GAMES = 500
MAX_STEPS = 20000


def play(seed, seen):
    players = 2 + seed % 3
    s = KyudoState(Rng(seed), players)
    pick = Rng(seed + 10007)
    eager = seed % 2
    saves = seed % 10 == 3
    steps = 0
    while not s.is_over():
        assert steps < MAX_STEPS, "game %d did not end" % seed
        legal = s.legal_actions()
        if eager and len(legal) > 1 and legal[-1] == END_TURN:
            legal = legal[:-1]
        before = snapshot(s)
        winner_before = s.winner()
        s.apply(pick.choice(legal))
        steps += 1
        check_step(s, before, winner_before, seen)
        if saves:
            s = round_trip(s)
    assert s.round <= 60
    return s


def test_500_random_games_keep_the_invariants():
    seen = set()
    reasons = [0, 0, 0]
    for seed in range(GAMES):
        s = play(seed, seen)
        reasons[s.win_reason] += 1
    # the games reach every phase and every kind of event
    assert set(range(P_OVER + 1)) <= seen
    for kind in ("turn", "die_back", "ring_off", "roll", "red", "circle", "closed", "boxes",
                 "flag", "fury", "attack", "ultimate", "ring", "loss", "shield",
                 "eliminated", "token", "discard", "talent", "extra", "win"):
        assert kind in seen, kind
    assert all(reasons), reasons  # target wins, last standing and the round cap all happen
