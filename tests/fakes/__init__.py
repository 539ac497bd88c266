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
"""

import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
# Load order: a fake imports only fakes loaded before it.
FAKES = (
    "microcontroller", "supervisor", "digitalio", "pwmio", "busio", "displayio",
    "fourwire", "busdisplay", "keypad", "neopixel", "board",
)
# Our modules that import the fakes: dropped before and after each test.
OURS = ("boards._common", "boards.picosystem", "boards.pico_display2", "boards.pico_display")


class Hardware:
    def __init__(self):
        self._saved = {}

    def install(self, board_id="raspberry_pi_pico"):
        self._drop_ours()
        for name in FAKES:
            self._saved[name] = sys.modules.get(name)
            spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
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

        for name in OURS:
            sys.modules.pop(name, None)
            attr = name.split(".")[1]
            if attr in vars(boards):
                delattr(boards, attr)

    def restore(self):
        self._drop_ours()
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
