"""Fake CircuitPython modules for host tests of the device boards.

Each file here stands in for the CircuitPython module of the same name.
``fake_hardware`` (a pytest fixture; import it into a test module) installs
them into sys.modules for one test and restores whatever was there before
afterwards (the host's Blinka ``displayio``, ``board`` etc.), so nothing leaks
into other tests:

    def test_x(fake_hardware):
        hw = fake_hardware("pimoroni_picosystem")   # board.board_id
        board = hw.make("picosystem")               # boards.picosystem.make()
        hw.keypad.instances[-1].press(hw.board.SW_UP)

vectorio and terminalio come from the gate's display stand-ins
(tools/scenarios/mp_fakes), so the app itself can run on a fake board. The
app's modules (sanbon.*) imported during a test are dropped afterwards and
the ones from before put back, so none of them keeps a fake.
"""

import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
MP_FAKES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tools", "scenarios", "mp_fakes")
# Load order: a fake imports only fakes loaded before it.
FAKES = (
    "microcontroller", "supervisor", "digitalio", "pwmio", "busio", "displayio",
    "fourwire", "busdisplay", "keypad", "neopixel", "board", "vectorio", "terminalio",
)
FROM_MP_FAKES = ("vectorio", "terminalio")
# Our modules that import the fakes: dropped before and after each test.
OURS = ("boards._common", "boards.picosystem", "boards.pico_display2", "boards.pico_display")


class Hardware:
    def __init__(self):
        self._saved = {}

    def install(self, board_id="raspberry_pi_pico"):
        self._drop_ours()
        self._app = {k: m for k, m in sys.modules.items() if k == "sanbon" or k.startswith("sanbon.")}
        for k in self._app:
            del sys.modules[k]
        for name in FAKES:
            self._saved[name] = sys.modules.get(name)
            where = MP_FAKES if name in FROM_MP_FAKES else HERE
            spec = importlib.util.spec_from_file_location(name, os.path.join(where, name + ".py"))
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            if name == "microcontroller":
                module.board_id = board_id
            spec.loader.exec_module(module)
            setattr(self, name, module)
        return self

    def make(self, name, **options):
        """Import boards.<name> against the fakes and call its make()."""
        module = importlib.import_module("boards." + name)
        return module.make(**options)

    def without(self, name):
        """Make ``import name`` fail (ImportError) from now on."""
        sys.modules[name] = None

    def soft_reload(self):
        """What CircuitPython does between two runs of code.py: everything
        but the displays (and the buses under them) is deinitialised."""
        for pin, owner in list(self.microcontroller.claimed.items()):
            if not getattr(owner, "display_part", False):
                if hasattr(owner, "deinit"):
                    owner.deinit()
                self.microcontroller.release(pin)
        for d in self.displayio.displays:  # the console on screen, refreshed in the background
            d.root_group = self.displayio.CIRCUITPYTHON_TERMINAL
            d.auto_refresh = True
        self._drop_ours()

    def _drop_ours(self):
        import boards

        del boards.NOTES[:]  # what a board module had to say belongs to its own start
        for name in OURS:
            sys.modules.pop(name, None)
            attr = name.split(".")[1]
            if attr in vars(boards):
                delattr(boards, attr)

    def restore(self):
        self._drop_ours()
        for k in [k for k in sys.modules if k == "sanbon" or k.startswith("sanbon.")]:
            del sys.modules[k]
        sys.modules.update(getattr(self, "_app", {}))
        for name, module in self._saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


@pytest.fixture
def fake_hardware():
    """A function board_id -> Hardware; every install is undone after the test."""
    made = []

    def install(board_id="raspberry_pi_pico"):
        hw = Hardware()
        made.append(hw)  # before installing: a half-done install is undone too
        return hw.install(board_id)

    try:
        yield install
    finally:
        for hw in reversed(made):
            hw.restore()
