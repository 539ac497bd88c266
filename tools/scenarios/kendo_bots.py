# Gate scenario: the Kendo Duel computer opponents (engine/kendo/bots.py).
# One full seeded 4-player Duel with every seat Hard, a 2-player Hard Duel,
# then a short 2-player Competition, Normal vs Hard. A step is one bot
# decision: the observation, the choice and its apply (so the bench's
# per-step time estimates a decision); one more step after each game prints
# its RESULT lines (the seats, winners, end reason, number of decisions and
# the final state bytes), which must be the same on CPython and MicroPython.
#
# Memory: a generator's frame lives on the heap and keeps what its value
# stack last held, so the observation is dropped (and its stack slots
# overwritten by the apply call) before the yield. No binascii: bytes.hex().
from engine.kendo.bots import choose
from engine.kendo.state import KendoState
from engine.rng import Rng


def _game(seed, levels, mode):
    state = KendoState(Rng(seed), len(levels), mode)
    rng = Rng(seed + 77)  # the bots' own Rng
    n = 0
    while not state.is_over():
        s = state.current_player
        obs = state.observation(s)
        a = choose(obs, s, levels[s], rng)
        obs = None
        state.apply(a)
        n += 1
        yield
    b = state.to_bytes()
    print("RESULT", "".join("-ENH"[v] for v in levels), "mode=%d" % mode,
          "winner=%s" % "".join(str(w) for w in state.winner()),
          "reason=%d" % state.end_reason, "decisions=%d" % n)
    for i in range(0, len(b), 32):
        print("RESULT state", i, b[i:i + 32].hex())
    yield  # the next game starts in a step of its own


def run():
    for _ in _game(7, (3, 3, 3, 3), 0):
        yield
    for _ in _game(8, (3, 3), 0):
        yield
    for _ in _game(9, (2, 3), 1):
        yield
