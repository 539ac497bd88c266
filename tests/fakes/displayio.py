"""Fake ``displayio``: the gate's stand-ins (tools/scenarios/mp_fakes:
Group, Palette, Bitmap, TileGrid, OnDiskBitmap), enough for the app, plus
the displays CircuitPython keeps: ``displays`` (the live ones, oldest
first), release_displays() and CIRCUITPYTHON_TERMINAL (its console)."""

import os

_MP_FAKES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         "tools", "scenarios", "mp_fakes", "displayio.py")
with open(_MP_FAKES) as _f:
    exec(compile(_f.read(), _MP_FAKES, "exec"))  # noqa: S102  (the stand-ins, into this module)

displays = []  # live displays; release_displays() frees their pins

CIRCUITPYTHON_TERMINAL = Group()  # noqa: F821  (from the stand-ins)


def release_displays():
    """Every display is released: its pins are free, and the object stays as
    a dead one (on CircuitPython, board.DISPLAY is then not None but has no
    attributes, until a power-on)."""
    while displays:
        displays.pop().release()
