"""Render the documentation screenshots headless: ``python -m tools.shots``.

Writes docs/screenshots/<screen>-<board>.png for every board size, by
driving the real app with scripted presses (the same code as tools.sim):
the shell's screens and the demo game's, then each game's ``shots`` hook in
the registry (tools/games/), e.g. ``kyudo_shots(size, tmp, save)``.
"""

import os
import sys
import tempfile

from tools import games as registry
from tools.sim import ROOT, SIZES
from tools.sim import Sim as _Sim

OUT = os.path.join(ROOT, "docs", "screenshots")


class Sim(_Sim):
    """The simulator on a device whose first-game guide has shown every tip
    (Tips stays on): each screen as a player sees it once the tips are known
    (``tip_shots`` shows the tips)."""

    def __init__(self, *a, **kw):
        from sanbon.profile import SEEN

        super().__init__(*a, **kw)
        for n in SEEN:
            setattr(self.app.settings, n, 0xFF)


def tip_shots(size, tmp, save):
    """A tip of the first-game guide in each game: its first decision, on a
    fresh device (tips on)."""
    for menu, key in [(g.menu, g.key) for g in registry.with_hook("shots")]:
        sim = _Sim(size, seed=18, nvm_path=os.path.join(tmp, "nvm-tip-%s-%s.bin" % (key, size)))
        sim.choose(menu)
        sim.choose("Start")
        for _ in range(2000):
            w = sim.app.toast_widget
            if w is not None and w.group[2].text.startswith("Tip:"):
                break
            if sim.text().startswith(("HandOver", "Dialog")):
                sim.press("A")
            sim.step(50)
        else:
            raise AssertionError("no tip in %s on %s" % (menu, size))
        save(sim, key + "-tip")


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
    for game in registry.with_hook("shots"):  # each game's own (tools/games/)
        game.hook("shots")(size, tmp, save)
    tip_shots(size, tmp, save)
    return made


def main(argv=None):
    import argparse

    argparse.ArgumentParser(prog="python -m tools.shots", description="render the documentation "
                            "screenshots into %s" % os.path.relpath(OUT, ROOT)).parse_args(argv)
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            for p in shots(size, tmp):
                print("wrote", os.path.relpath(p, ROOT))
    return 0


def __getattr__(name):
    """A game's own screenshots now live in its registry module (tools/games/<game>.py):
    ``from tools.shots import kyudo_path`` still works."""
    from tools import games as _games

    for game in _games.GAMES:
        if game.module is not None and hasattr(game.module, name):
            return getattr(game.module, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


if __name__ == "__main__":
    sys.exit(main())
