# Gate scenario: seeded random-legal Kyudo games with 2, 3 and 4 archers, one
# action per step. Odd seeds also round-trip the save after every action (it
# must change nothing). Each game prints "RESULT <seed> <final state hex>"
# (the bytes hold the winner, the turn count and the RNG).
from binascii import hexlify

from engine.kyudo.state import KyudoState
from engine.rng import Rng


def run():
    for seed in range(6):
        state = KyudoState(Rng(seed), players=2 + seed % 3)
        pick = Rng(seed + 1000)
        while not state.is_over():
            state.apply(pick.choice(state.legal_actions()))
            if seed % 2:
                state = KyudoState.from_bytes(state.to_bytes())
            yield
        print("RESULT %d %s" % (seed, hexlify(state.to_bytes()).decode()))
        yield
