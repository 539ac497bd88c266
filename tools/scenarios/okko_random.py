# Gate scenario: seeded random-legal Okko games (two seats, the engine
# alone), one action per step; odd seeds round-trip the save whenever the
# turn passes to the other seat (when the app saves). Each game prints
# "RESULT <seed> <final state hex>".
from engine.okko.state import OkkoState
from engine.rng import Rng


def run():
    for seed in range(4):
        state = OkkoState(Rng(seed), aid=seed & 1)
        pick = Rng(seed + 500)
        while not state.is_over():
            active = state.active
            state.apply(pick.choice(state.legal_actions()))
            if seed % 2 and state.active != active:
                state = OkkoState.from_bytes(state.to_bytes())
            yield
        print("RESULT %d %s" % (seed, state.to_bytes().hex()))
        yield
