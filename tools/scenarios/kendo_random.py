# Gate scenario: seeded random-legal Kendo Duel games with 2, 3 and 4 players
# (options 0, then house rules with Rearm, OPT_REARM = 8, on), then Competition
# games (Rearm on too: it must change nothing there), one action per
# step. Odd seeds also round-trip the save after every action (it must change
# nothing). Each game prints "RESULT <seed> <final state hex>".
from engine.kendo.state import KendoState
from engine.rng import Rng


def run():
    for seed in range(9):
        comp = seed >= 6
        state = KendoState(Rng(seed), players=2 if comp else 2 + seed % 3,
                           mode=1 if comp else 0, options=0 if seed < 3 else (seed - 2) | 8)
        pick = Rng(seed + 1000)
        while not state.is_over():
            state.apply(pick.choice(state.legal_actions()))
            if seed % 2:
                state = KendoState.from_bytes(state.to_bytes())
            yield
        print("RESULT %d %s" % (seed, state.to_bytes().hex()))
        yield
