"""500 seeded random-legal Kyudo games, with the invariants checked after every
action, and a save round trip at every step in one game out of ten.

Half the games pick uniformly among the legal actions; the other half
("eager") end the turn only when nothing else is legal, so that more
combinations, attacks and sub-decisions happen.
"""

from engine.core import TERMINAL
from engine.kyudo.actions import (
    END_TURN, GREEN, P_KUMA_DROP, P_OVER, P_SETUP, P_SHIELD, TOKENS,
)
from engine.kyudo.data import CORNER_SIZE, CORNERS, START_SPECTATORS
from engine.kyudo.state import KyudoState
from engine.rng import Rng

GAMES = 500
MAX_STEPS = 20000


def snapshot(s):
    return (
        bytes(s.spectators),
        [bytes(r) for r in s.circles],
        [bytes(r) for r in s.ticked],
        [bytes(r) for r in s.flags],
    )


def check_step(s, before, winner_before, seen):
    P = s.players
    sp, circles, ticked, flags = before
    for v in range(P):
        assert s.spectators[v] <= sp[v] <= START_SPECTATORS  # never regained (R1)
        assert bool(s.eliminated[v]) == (s.spectators[v] == 0)
        for c in range(1, 6):
            assert s.circles[v][c] >= circles[v][c]
            assert ticked[v][c] <= s.ticked[v][c] <= s.circles[v][c]
            assert flags[v][c] <= s.flags[v][c] <= CORNER_SIZE[c] * CORNERS
        if s.eliminated[v]:
            assert sum(s.tokens[v]) == 0 and s.captured_by != v and s.ring_owner != v
    for t in TOKENS:
        assert s.supply[t] + sum(s.tokens[v][t] for v in range(P)) == P - 1
    if winner_before is not None:
        assert s.winner() == winner_before  # the winner never changes
    wins = [e for e in s.events if e[0] == "win"]
    assert len(wins) <= 1
    if wins:
        assert winner_before is None and s.winner() == (wins[0][1],)
    assert s.is_over() == (s.winner() is not None) == (s.phase == P_OVER)
    legal = s.legal_actions()
    seen.add(s.phase)
    for e in s.events:
        seen.add(e[0])
    if s.is_over():
        assert legal == [] and s.current_player == TERMINAL
        assert not s.eliminated[s.winner()[0]]
        return
    assert legal and legal == sorted(set(legal))  # sorted ascending, no duplicates
    cp = s.current_player
    assert 0 <= cp < P and not s.eliminated[cp]
    if s.phase == P_SHIELD:
        assert s.tokens[cp][GREEN] > 0
    elif s.phase == P_KUMA_DROP:
        assert cp != s.active and sum(1 for t in TOKENS if s.tokens[cp][t]) >= 2
    elif s.phase != P_SETUP:
        assert cp == s.active
    assert s.n_dice == len(s.dice) and s.used < (1 << s.n_dice)


def round_trip(s):
    b = s.to_bytes()
    t = KyudoState.from_bytes(b)
    assert t.to_bytes() == b
    assert t.legal_actions() == s.legal_actions()
    assert t.current_player == s.current_player and t.winner() == s.winner()
    for name in ("players", "first", "active", "phase", "characters", "spectators", "eliminated",
                 "circles", "ticked", "flags", "tokens", "supply", "n_dice", "dice", "rolls",
                 "used", "red_used", "fury", "captured_by", "ring_colour", "ring_owner",
                 "turn", "round", "win_reason", "queue"):
        assert getattr(t, name) == getattr(s, name), name
    assert t.rng.getstate() == s.rng.getstate()
    return t


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
