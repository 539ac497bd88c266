"""Engine scenarios for the CircuitPython gate.

Each scenario is a plain script in this folder that runs unchanged under
CPython and MicroPython. It prints ``RESULT <hex>`` lines (final state bytes)
that must match between the two interpreters, and it must fit its heap
budget under MicroPython. A game's issue adds its scenarios to SCENARIOS.
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))

# (name, script file, heap budget in bytes for MicroPython's GC total)
SCENARIOS = [
    ("rng_stream", "rng_stream.py", 16 * 1024),
    ("example_pig", "example_pig.py", 32 * 1024),
]


def path(script):
    return os.path.join(HERE, script)
