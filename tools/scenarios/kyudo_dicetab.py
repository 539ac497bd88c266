# Gate scenario: the Kyudo dice expectimax (engine/kyudo/dicetab.py) makes
# the same decisions, with the same exact expected values, on CPython and
# MicroPython, within a small heap: 36 best_keep decisions (3 and 4 dice,
# 0-2 rolls left, with and without a RED token) on seeded random value
# tables, the RED die fixer, and the lazily built transition tables.
from engine.kyudo import dicetab
from engine.rng import Rng


def _checksum(b):
    h = 0
    for x in b:
        h = (h * 31 + x) % 1000003
    return h


def _table(rng, n, top):
    v = [0] * dicetab.n_multisets(n)
    for i in range(len(v)):
        v[i] = rng.randrange(top + 1)
    return v


def run():
    rng = Rng(2024)
    tables = [None, None, None, None, None]  # [n]: the value table for n dice
    for i in range(36):
        if i % 6 == 0:
            # fresh tables every 6 decisions: lists over the whole range that
            # stays in small ints, or bytes
            for n in (3, 4):
                if i % 12:
                    tables[n] = bytes(_table(rng, n, 255))
                else:
                    tables[n] = _table(rng, n, dicetab.VALUE_MAX)
        n = 3 if i % 4 == 0 else 4
        values = tables[n]
        dice = [rng.randrange(6) for _ in range(n)]
        rolls_left = 2 - i % 3
        red = i % 5 < 2
        act = dicetab.best_keep(dice, rolls_left, values, red)
        num, den = dicetab.expected_value(dice, rolls_left, values, red)
        extra = ""
        if not rolls_left and red:
            extra = " red_action=%d" % dicetab.best_red(dice, values)
        print("RESULT %d n=%d dice=%s rolls_left=%d red=%d action=%d ev=%d/%d%s" % (i, n, dice, rolls_left, red, act, num, den, extra))
        yield
    for n in (3, 4):
        v = _table(rng, n, dicetab.VALUE_MAX)
        print("RESULT start n=%d %d/%d %d/%d" % ((n,) + dicetab.start_value(n, v, False, 2) + dicetab.start_value(n, v, True, 2)))
        yield
    for n in (3, 4):
        t = dicetab.trans_table(n)
        print("RESULT trans n=%d len=%d sum=%d weights=%d" % (n, len(t), _checksum(t), _checksum(dicetab.weights())))
        yield
