"""SANBON_DEBUG and SANBON_QSTRS = 1 only: a measurement of the heap's name
pool (lib/sanbon/probe.py calls room() at a game's first computer decision;
python -m tools.device.profile --qstrs reads the line on the emulated Pico)."""

import gc


def room(limit=3000):
    """How many more names can be interned before the qstr pool takes a new
    block, here and now: intern new names one by one (a getattr with a new
    name interns it) until the free heap drops by more than a name's worth.
    Prints "sanbon qstrs: N names to the next pool block (B bytes)". The
    names stay: a measurement, not for play."""
    class Probe:
        pass

    o = Probe()
    gc.collect()
    last = gc.mem_free()
    for index in range(limit):
        getattr(o, "zq%04d" % index, None)
        gc.collect()
        free = gc.mem_free()
        if last - free > 256:
            print("sanbon qstrs: %d names to the next pool block (%d bytes)" % (index, last - free))
            return index
        last = free
    print("sanbon qstrs: more than %d names without a new pool block" % limit)
    return limit
