# Gate scenario: the Okko computer partner (engine/okko/bots.py). One full
# seeded game with two Normal partners, over the three boards and the Court.
# A step is one partner decision: the observation, the choice and its apply
# (so the bench's per-step time estimates a decision); one more step at the
# end prints the RESULT lines (the result, peeks, decisions, both partners'
# memories and the final state bytes), which must be the same on CPython and
# MicroPython.
#
# Memory: a generator's frame lives on the heap and keeps what its value
# stack last held, so the observation is dropped (and its stack slots
# overwritten by the apply call) before the yield. No binascii: bytes.hex().
from engine.okko.bots import choose
from engine.okko.state import OkkoState
from engine.rng import Rng


def run():
    state = OkkoState(Rng(11))
    rngs = (Rng(89), Rng(90))  # the partners' own Rngs
    mem = (bytearray(16), bytearray(16))  # what each partner remembers of the Court
    n = 0
    while not state.is_over():
        s = state.current_player
        obs = state.observation(s)
        a = choose(obs, s, 2, rngs[s], mem[s], mem[1 - s])  # they talk at the Court (R28)
        obs = None
        state.apply(a)
        n += 1
        yield
    b = state.to_bytes()
    print("RESULT result=%d peeks=%d defeated=%d decisions=%d" % (
        state.result, state.peeks_total, state.defeated_total, n))
    print("RESULT memory", mem[0].hex(), mem[1].hex())
    for i in range(0, len(b), 32):
        print("RESULT state", i, b[i:i + 32].hex())
    yield
