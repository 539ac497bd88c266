"""The desktop simulator.

    python -m tools.sim --board NAME [--headless] [--press "DOWN,DOWN,A,..."]
                        [--screenshot out.png] [--seed N] [--nvm FILE]

Runs the real app (lib/sanbon) on the desktop board (boards/desktop.py) at the
chosen board's screen size. Keyboard: arrows or W/S move (X/Y), Z/Enter/Space
select (A), X/Esc/Backspace back (B, hold for the pause menu).

``--press`` plays a script of button names first, on a virtual clock:
A, B, X, Y (UP/LEFT = X, DOWN/RIGHT = Y), HOLD_B (the pause menu), and
WAIT or WAIT:ms to let time pass (computer turns). Then ``--screenshot``
saves the screen and exits, or the window stays open for play.
``--nvm FILE`` keeps the save store in a file, so a second run is a reboot.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

SIZES = ("pico_display2", "picosystem", "pico_display")
STEP_MS = 20  # between a press and its release
WAIT_STEP_MS = 50  # loop passes while waiting
ALIASES = {"UP": "X", "LEFT": "X", "DOWN": "Y", "RIGHT": "Y", "PAUSE": "HOLD_B"}


def quiet_env(headless):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")
    os.environ.setdefault("BLINKA_FORCECHIP", "GENERIC_X86")


class Sim:
    """The app on a desktop board, driven by a script on a virtual clock."""

    def __init__(self, size="pico_display2", seed=None, nvm_path=None, headless=True, virtual_time=True, render=True, note=None, strict=True, restart=False):
        quiet_env(headless)
        from boards import desktop
        from sanbon.app import App

        self.board = desktop.make(size=size, nvm_path=nvm_path, virtual_time=virtual_time, render=render,
                                  restart=restart)
        if not render:  # fuzzing: the host's gc.collect() costs ~15 ms and proves nothing
            import sanbon.app

            sanbon.app.collect = lambda: None
        self._args = (seed, note, strict)
        self.app = App(self.board, seed, note, strict=strict)
        self.step()

    def step(self, ms=STEP_MS):
        if self.board.clock is not None:
            self.board.clock.advance(ms)
        self.app_step()

    def app_step(self):
        """One pass of the app; after the board's restart (``restart=True``:
        the device's soft reload between a game and the menu) a new App
        starts on the same board and NVM, as code.py does on the device."""
        from boards.desktop import Restart

        try:
            self.app.step()
        except Restart:
            from sanbon.app import App

            seed, note, strict = self._args
            self.app = App(self.board, seed, note, strict=strict)

    def wait(self, ms=1000):
        for _ in range(max(1, ms // WAIT_STEP_MS)):
            self.step(WAIT_STEP_MS)

    def key(self, key, pressed):
        self.board.keys.events.put(key, pressed, self.board.ticks_ms())

    def press(self, *names):
        """Press and release buttons by name (see module docstring)."""
        from boards import KEY_A, KEY_B, KEY_X, KEY_Y

        keys = {"A": KEY_A, "B": KEY_B, "X": KEY_X, "Y": KEY_Y}
        for raw in names:
            for name in raw.split(","):
                name = ALIASES.get(name.strip().upper(), name.strip().upper())
                if not name:
                    continue
                if name.startswith("WAIT"):
                    self.wait(int(name[5:]) if ":" in name else 1000)
                elif name == "HOLD_B":
                    self.key(KEY_B, True)
                    self.wait(800)
                    self.key(KEY_B, False)
                    self.step()
                elif name in keys:
                    self.key(keys[name], True)
                    self.step()
                    self.key(keys[name], False)
                    self.step()
                    for _ in range(4):  # a game loads over a few steps ("Loading", the replay, the screen)
                        if type(self.app.top).__name__ != "LoadingScreen":
                            break
                        self.step()
                else:
                    raise ValueError("unknown button %r: use A, B, X, Y, UP, DOWN, HOLD_B or WAIT:ms" % name)

    def choose(self, text):
        """Move the top menu's cursor to the item ``text`` and press A."""
        menu = self.app.top.menu
        i = menu.items.index(text)
        while menu.index != i:
            self.press("Y")
        self.press("A")

    def text(self):
        """What the top screen says it shows (its describe())."""
        return self.app.describe()

    def labels(self):
        """Every visible, non-empty text on the display as (x, y, w, h, text):
        its box in screen pixels."""
        from sanbon.ui import CHAR_H, CHAR_W, Text

        found = []

        def walk(group, dx, dy, s):
            if getattr(group, "hidden", False):
                return
            if isinstance(group, Text):
                if group.text:
                    k = s * group.scale
                    found.append((dx + group.x * s, dy + group.y * s, len(group.text) * CHAR_W * k, CHAR_H * k,
                                  group.text))
                return
            if hasattr(group, "__len__") and hasattr(group, "x"):
                for item in group:
                    walk(item, dx + group.x * s, dy + group.y * s, s * group.scale)

        walk(self.board.display.root_group, 0, 0, 1)
        return found

    def visible_text(self):
        """Every visible text on the display, top to bottom: what a player reads."""
        return [t for _, _, t in sorted((y, x, t) for x, y, _, _, t in self.labels())]

    def screenshot(self, path, window=False):
        """Save the screen (``window``: with the LED strip beside it) as PNG."""
        import pygame

        os.makedirs(os.path.dirname(os.path.abspath(path)) or ".", exist_ok=True)
        surface = self.board.display._pygame_screen if window else self.board.screen_surface()
        pygame.image.save(surface, path)


def parse(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.sim", description="Run Sanbon in a window.")
    ap.add_argument("--board", default="pico_display2", choices=SIZES, help="screen size to simulate")
    ap.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    ap.add_argument("--press", default="", help="comma-separated buttons to press first")
    ap.add_argument("--screenshot", metavar="PNG", help="save the screen to this PNG, then exit")
    ap.add_argument("--seed", type=int, help="seed for new games (replays exactly)")
    ap.add_argument("--nvm", metavar="FILE", help="keep the save store in FILE (default: .cache/sim-nvm-BOARD.bin)")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    headless = args.headless or bool(args.screenshot)
    nvm = args.nvm or os.path.join(ROOT, ".cache", "sim-nvm-%s.bin" % args.board)
    os.makedirs(os.path.dirname(nvm), exist_ok=True)
    scripted = bool(args.press) or headless
    sim = Sim(args.board, args.seed, nvm, headless=headless, virtual_time=scripted, restart=True)
    if args.press:
        sim.press(args.press)
    if args.screenshot:
        sim.wait(200)
        sim.screenshot(args.screenshot)
        print("saved", args.screenshot)
        return 0
    if headless:
        print(sim.text())
        return 0
    import time

    board = sim.board
    board.clock = None  # real time from here on
    while board.poll_window():
        sim.app_step()
        time.sleep(0.01)
    return 0


if __name__ == "__main__":
    sys.exit(main())
