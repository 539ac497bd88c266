# Gate scenario: seeded Pig games with random and bot players.
from engine.core import random_playout
from engine.example import PigState, hold_at_bot
from engine.rng import Rng


def hexs(b):
    return "".join("%02x" % x for x in b)


def run():
    for seed in range(12):
        state = PigState(Rng(seed), players=2 + seed % 3, target=30)
        pick = Rng(seed + 1000)
        while not state.is_over():
            if seed % 2:
                action = pick.choice(state.legal_actions())
            else:
                action = hold_at_bot(state.observation(state.current_player))
            state.apply(action)
            # a save round-trip after every action must change nothing
            state = PigState.from_bytes(state.to_bytes())
            yield
        print("RESULT %d %s" % (seed, hexs(state.to_bytes())))
