"""The desktop simulator.

    python -m tools.sim [--board NAME] [--headless] [--press "Y,Y,A,..."]
                        [--screenshot out.png] [--seed N] [--nvm FILE]

Runs the real app (lib/sanbon) on the desktop board (boards/desktop.py) at the
chosen board's screen size, in a window (KEYS_HELP: the keyboard). Without a
display that can show one it stops at once with a line saying so (use
``--headless --screenshot out.png`` there).

``--press`` plays a script of button names first, on a virtual clock:
A, B, X, Y (UP/LEFT = X, DOWN/RIGHT = Y), HOLD_B (the pause menu), and
WAIT or WAIT:ms to let time pass (computer turns). Then ``--screenshot``
saves the screen and exits, or the window stays open for play.
A scripted run (``--press``, ``--headless``, ``--screenshot``) starts from a
fresh save, so it does the same every time; a plain window run keeps its
save in .cache/sim-nvm-BOARD.bin. ``--nvm FILE`` keeps the save store in
FILE instead, so a second run is a reboot. Every argument is checked before
anything runs: a bad one stops with one line (argparse's ``error:``, exit 2).
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ("pico_display2", "picosystem", "pico_display")
STEP_MS = 20  # between a press and its release
WAIT_STEP_MS = 50  # loop passes while waiting
ALIASES = {"UP": "X", "LEFT": "X", "DOWN": "Y", "RIGHT": "Y", "PAUSE": "HOLD_B"}
BUTTONS = ("A", "B", "X", "Y", "HOLD_B")
SEED_MAX = 0x3FFFFFFF  # the app's seeds are 30 bits (App.new_seed); a record keeps them whole
NVM_SIZE = 4096  # boards.desktop.NVM_SIZE: what an --nvm file holds
NO_WINDOW = ("offscreen", "dummy", "evdev")  # SDL video drivers that show nothing on a desktop
# the window's keyboard, as boards/desktop.py KEYMAP has it (a test holds them together)
KEYS_HELP = (
    ("A", "select", "A, Enter, Space"),
    ("B", "back (hold: the pause menu)", "B, Esc, Backspace"),
    ("X", "move up / previous", "X, Up, Left, W"),
    ("Y", "move down / next", "Y, Down, Right, S"),
)


def keys_help():
    rows = ["  %s  %-28s %s" % row for row in KEYS_HELP]
    return "\n".join(["keys in the window (button, what it does, keys):"] + rows +
                     ["  close the window (or Ctrl+C) to quit"])


def parse_script(text):
    """A --press script as its steps, all checked before any runs: a button
    name (A, B, X, Y, HOLD_B) or the ms of a WAIT. Raises ValueError naming
    the bad item."""
    steps = []
    for i, raw in enumerate(text.split(",")):
        item = raw.strip().upper()
        if not item:
            continue
        name = ALIASES.get(item, item)
        if name == "WAIT":
            steps.append(1000)
        elif name.startswith("WAIT:"):
            ms = name[5:].strip()
            if not ms.isdigit():
                raise ValueError("item %d, %r: a wait is whole milliseconds, e.g. WAIT:500" % (i + 1, raw.strip()))
            steps.append(int(ms))
        elif name in BUTTONS:
            steps.append(name)
        else:
            raise ValueError("item %d, unknown button %r: use A, B, X, Y, UP, DOWN, LEFT, RIGHT, HOLD_B, WAIT or "
                             "WAIT:ms, separated by commas" % (i + 1, raw.strip()))
    return steps


class Parser(argparse.ArgumentParser):
    """argparse, with a bad argument answered in one line (exit 2)."""

    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (self.prog, message))


def _without_stderr(fn):
    """fn() with file descriptor 2 dropped: SDL prints its own lines there
    while it looks for a display (e.g. "XDG_RUNTIME_DIR is invalid")."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        return fn()
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            try:
                return fn()
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def window_problem():
    """None if SDL can show a window here, else why not (pygame would fall
    back quietly to an invisible offscreen surface, and a window run would
    wait for keys that never come)."""
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if asked.strip().lower() in NO_WINDOW:
        return "SDL_VIDEODRIVER=%s shows none" % asked
    import pygame

    def probe():
        try:
            pygame.display.init()
            return pygame.display.get_driver(), None
        except pygame.error as e:
            return None, e
        finally:
            pygame.display.quit()

    driver, error = _without_stderr(probe)
    if error is not None:
        return "the display cannot be opened: %s%s" % ("SDL_VIDEODRIVER=%s, " % asked if asked else "", error)
    if driver.lower() not in NO_WINDOW:
        return None
    for var in ("DISPLAY", "WAYLAND_DISPLAY"):
        if os.environ.get(var):
            return "%s=%s cannot be opened" % (var, os.environ[var])
    if sys.platform.startswith("linux"):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return "SDL found no display, only its %r driver" % driver


def no_window_line(prog, why, instead='make sim ARGS="--headless --screenshot out.png"'):
    return "%s: error: no window can be shown (%s): run it on a desktop with a display, or without a window: %s" % (
        prog, why, instead)


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
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):  # Blinka's "GENERIC_X86 is not fully supported"
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
        """Press and release buttons by name (see module docstring). The whole
        script is checked first: a bad name raises ValueError before any press."""
        from boards import KEY_A, KEY_B, KEY_X, KEY_Y

        keys = {"A": KEY_A, "B": KEY_B, "X": KEY_X, "Y": KEY_Y}
        for step in parse_script(",".join(names)):
            if isinstance(step, int):
                self.wait(step)
            elif step == "HOLD_B":
                self.key(KEY_B, True)
                self.wait(800)
                self.key(KEY_B, False)
                self.step()
            else:
                for _ in range(2 if self.close_tips and self.tip_up() else 1):
                    self.key(keys[step], True)
                    self.step()
                    self.key(keys[step], False)
                    self.step()
                for _ in range(4):  # a game loads over a few steps ("Loading", the replay, the screen)
                    if type(self.app.top).__name__ != "LoadingScreen":
                        break
                    self.step()

    close_tips = True  # a scripted press first closes a first-game tip (a press that only closes it)

    def tip_up(self):
        """A first-game tip shows (sanbon.tips: an INFO note; the press that
        closes it does nothing else)."""
        from sanbon import ui

        t = self.app.toast_widget
        return t is not None and t.pal[0] == ui.INFO

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


def _nearest_folder(path):
    """The nearest folder that exists on the way up from ``path``; raises
    ArgumentTypeError if that is a file, or cannot be written."""
    up = os.path.dirname(path)
    while up and not os.path.exists(up):
        up = os.path.dirname(up)
    up = up or "."
    if not os.path.isdir(up):
        raise argparse.ArgumentTypeError("%s is a file, not a folder" % up)
    if not os.access(up, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError("cannot write in %s" % up)
    return up


def out_file(path, what):
    """Check ``path`` can be written as a new or replaced file (its missing
    folders are made when it is written)."""
    full = os.path.abspath(os.path.expanduser(path))
    if os.path.isdir(full):
        raise argparse.ArgumentTypeError("%s is a folder: give a file name, e.g. %s" % (path, os.path.join(path, what)))
    if os.path.exists(full):
        if not os.access(full, os.R_OK | os.W_OK):
            raise argparse.ArgumentTypeError("%s cannot be read and written" % path)
    else:
        _nearest_folder(full)
    return full


def nvm_arg(path):
    full = out_file(path, "sim-nvm.bin")
    if os.path.exists(full) and os.path.getsize(full) not in (0, NVM_SIZE):
        raise argparse.ArgumentTypeError("%s is not a simulator save (%d bytes; a save is %d): give a new file name, "
                                         "it would be overwritten" % (path, os.path.getsize(full), NVM_SIZE))
    return full


def png_arg(path):
    if not path.lower().endswith(".png"):
        raise argparse.ArgumentTypeError("%r is not a .png file name, e.g. out.png" % path)
    return out_file(path, "out.png")


def seed_arg(text):
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= SEED_MAX:
        raise argparse.ArgumentTypeError("%r: a seed is a whole number from 0 to %d" % (text, SEED_MAX))
    return n


def script_arg(text):
    try:
        parse_script(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))
    return text


def parse(argv=None):
    ap = Parser(
        prog="python -m tools.sim", description="Run Sanbon in a window (or headless).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=keys_help() + "\n\nA run with --press, --headless or --screenshot starts from a fresh save unless\n"
        "--nvm is given; a plain window run keeps .cache/sim-nvm-BOARD.bin.")
    ap.add_argument("--board", default="pico_display2", choices=SIZES, help="screen size to simulate")
    ap.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    ap.add_argument("--press", default="", type=script_arg, metavar="BUTTONS",
                    help="buttons to press first, by comma: A, B, X, Y, UP, DOWN, LEFT, RIGHT, HOLD_B, WAIT, WAIT:ms")
    ap.add_argument("--screenshot", metavar="PNG", type=png_arg, help="save the screen to this PNG, then exit")
    ap.add_argument("--seed", type=seed_arg, help="seed for new games, 0-%d (replays exactly)" % SEED_MAX)
    ap.add_argument("--nvm", metavar="FILE", type=nvm_arg,
                    help="keep the save store in FILE (default: a fresh one for a scripted run, else "
                    ".cache/sim-nvm-BOARD.bin)")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    headless = args.headless or bool(args.screenshot)
    scripted = bool(args.press) or headless
    if not headless:
        why = window_problem()
        if why:
            print(no_window_line("python -m tools.sim", why), file=sys.stderr)
            return 1
    nvm = args.nvm
    if nvm is None and not scripted:
        nvm = os.path.join(ROOT, ".cache", "sim-nvm-%s.bin" % args.board)
    if nvm is not None:
        os.makedirs(os.path.dirname(nvm), exist_ok=True)
    import pygame

    try:
        sim = Sim(args.board, args.seed, nvm, headless=headless, virtual_time=scripted, restart=True)
    except pygame.error as e:  # the window itself would not open
        print(no_window_line("python -m tools.sim", "the window would not open (%s)" % e), file=sys.stderr)
        return 1
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

    if nvm is None:
        print("a fresh save, not kept: add --nvm FILE to keep it")
    board = sim.board
    board.clock = None  # real time from here on
    try:
        while board.poll_window():
            sim.app_step()
            time.sleep(0.01)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
