# Gate scenario: the RNG gives the same stream on CPython and MicroPython.
from engine.rng import Rng


def run():
    for seed in (0, 1, 42, 2 ** 29 + 7):
        r = Rng(seed)
        a = [r.randrange(6) for _ in range(50)]
        b = [r.randrange(1000003) for _ in range(20)]
        c = list(range(20))
        r.shuffle(c)
        d = r.choice("abcdef")
        print("RESULT %d %s %s %s %s %s" % (seed, a, b, c, d, r.getstate()))
        yield
