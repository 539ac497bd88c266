"""Render the documentation screenshots headless: ``python -m tools.shots``.

Writes docs/screenshots/<screen>-<board>.png for every board size, by
driving the real app with scripted presses (the same code as tools.sim).
"""

import os
import sys
import tempfile

from tools.sim import ROOT, SIZES, Sim

OUT = os.path.join(ROOT, "docs", "screenshots")


def shots(size, tmp):
    nvm = os.path.join(tmp, "nvm-%s.bin" % size)
    made = []

    def save(sim, name, window=False):
        path = os.path.join(OUT, "%s-%s.png" % (name, size))
        sim.wait(100)
        sim.screenshot(path, window)
        made.append(path)

    sim = Sim(size, seed=7, nvm_path=nvm)
    save(sim, "menu")
    sim.choose("Kendo Duel")
    save(sim, "setup")
    sim.press("B")
    sim.choose("Settings")
    save(sim, "settings")
    sim.press("B")
    sim.choose("About")
    sim.press("A")  # the demo game's setup
    sim.choose("Start")
    sim.press("A", "A")
    save(sim, "game", window=True)
    sim.press("HOLD_B")
    save(sim, "pause")
    sim.press("Y", "A")
    save(sim, "howto")
    return made


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            for p in shots(size, tmp):
                print("wrote", os.path.relpath(p, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
