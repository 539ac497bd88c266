"""Scenarios for the CircuitPython gate.

Each scenario is a plain script in this folder that runs unchanged under
CPython and MicroPython. It prints ``RESULT <hex>`` lines (final state bytes)
that must match between the two interpreters, and it must fit its heap
budget under MicroPython. A game's issue adds its scenarios to SCENARIOS.

What a scenario can import is its ``needs``:

    "engine"  engine/ (as .mpy under MicroPython)
    "lib"     lib/ (the app, lib/sanbon, as .mpy), on sys.path as on the device
    "fakes"   mp_fakes/: stand-ins for displayio, vectorio, terminalio and
              adafruit_display_text (as .py), first on sys.path under CPython
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
FAKES = os.path.join(HERE, "mp_fakes")

ENGINE = ("engine",)
APP = ("engine", "lib", "fakes")  # the shell on stand-in display modules

# (name, script file, heap budget in bytes for MicroPython's GC total, needs)
SCENARIOS = [
    ("rng_stream", "rng_stream.py", 16 * 1024, ENGINE),
    ("example_pig", "example_pig.py", 32 * 1024, ENGINE),
    # measured 124.9 KB (tools.gate); a Pico has about 171 KB free after boot
    ("shell_boot", "shell_boot.py", 160 * 1024, APP),
]


def path(script):
    return os.path.join(HERE, script)
