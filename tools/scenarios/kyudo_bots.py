# Gate scenario: the Kyudo computer archers (engine/kyudo/bots.py). One full
# seeded 4-archer game with every seat Hard, then a 2-archer Easy vs Normal
# game. A step is one bot decision: observation, choice and apply (so the
# bench's per-step time estimates a decision); one more step after each game
# prints its RESULT lines (winner, reason, number of decisions, final state
# bytes), which must be the same on CPython and MicroPython.
#
# Memory: a generator's frame lives on the heap and keeps what its value
# stack last held, so the observation is dropped and its stack slots are
# overwritten (by the apply call) before the yield; otherwise the previous
# observation (about 1 KB) would stay alive into the next decision. No
# binascii (its import alone costs about 0.9 KB here): bytes.hex().
from engine.kyudo.bots import choose
from engine.kyudo.state import KyudoState
from engine.rng import Rng


def _game(seed, levels):
    state = KyudoState(Rng(seed), players=len(levels))
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
    print("RESULT", "".join("-ENH"[v] for v in levels), "winner=%d" % state.winner()[0],
          "reason=%d" % state.win_reason, "decisions=%d" % n)
    for i in range(0, len(b), 32):
        print("RESULT state", i, b[i:i + 32].hex())
    yield  # the next game starts in a step of its own


def run():
    for _ in _game(7, (3, 3, 3, 3)):
        yield
    for _ in _game(8, (1, 2)):
        yield
