"""Scenarios for the CircuitPython gate.

Each scenario is a plain script in this folder that runs unchanged under
CPython and MicroPython. It prints ``RESULT <hex>`` lines (final state bytes)
that must match between the two interpreters, and it must fit its heap
budget under MicroPython. A game's issue adds its scenarios to SCENARIOS.

What a scenario can import is its ``needs``:

    "engine"  engine/ (as .mpy under MicroPython)
    "lib"     lib/ (the app, lib/sanbon, as .mpy), on sys.path as on the device
    "fakes"   mp_fakes/: stand-ins for displayio, vectorio and terminalio
              (as .py), first on sys.path under CPython
    "build"   what `make build` writes (tools.build.build(): code.py, engine/,
              boards/, lib/sanbon/ as CircuitPython .mpy, their first byte
              turned back from "C" to "M" so that MicroPython loads them; not
              the third-party libraries of its lib/), built once per gate run;
              the build's root and its lib/ go on sys.path. Under CPython: the
              sources it compiles. Not with "engine" or "lib".
    "inuse"   judge the budget on the bytes in use at the peak step, not the
              heap total (which doubles past 31.2 KB to 62.5 KB)
    "hwfakes" mp_hw_fakes/: stand-ins for the hardware modules boards/ imports
              (board, busio, fourwire, busdisplay, keypad,
              digitalio, pwmio, microcontroller, supervisor, neopixel), as .py
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CALIBRATION = os.path.join(HERE, "calibration.json")
FAKES = os.path.join(HERE, "mp_fakes")
HW_FAKES = os.path.join(HERE, "mp_hw_fakes")

ENGINE = ("engine",)
ENGINE_INUSE = ("engine", "inuse")  # the engine, judged on bytes in use (see gate.py)
APP = ("engine", "lib", "fakes")  # the shell on stand-in display modules
BUILD = ("build", "fakes", "hwfakes")  # make build's output on stand-in hardware

# (name, script file, heap budget in bytes for MicroPython's GC total, needs);
# the app scenarios' budgets here are replaced by the device's calibration
# below (the figures in these comments are their history)
SCENARIOS = [
    ("rng_stream", "rng_stream.py", 16 * 1024, ENGINE),
    ("example_pig", "example_pig.py", 32 * 1024, ENGINE),
    # Scenarios that run the app (needs "fakes") are held to a budget of bytes
    # IN USE at the peak step, not the heap total: past about 125 KB this
    # port's total doubles (to ~249 KB), which says nothing about the device.
    # A Pico has about 171 KB free after boot; these budgets keep 11 KB spare.
    # measured 100.7 KB in use (114.8 KB with issue 15's save store: a Pig
    # game continued, and the store's code)
    ("shell_boot", "shell_boot.py", 160 * 1024, APP),
    # measured 129.6 KB in use (the stand-in hardware and board modules add
    # about 29 KB to shell_boot's figure)
    ("build_boot", "build_boot.py", 160 * 1024, BUILD),
    # Kyudo: seeded random-legal 2-4 archer games (the engine alone)
    ("kyudo_random", "kyudo_random.py", 32 * 1024, ENGINE),
    # Kyudo: the Hard archer's keep/re-roll expectimax on seeded value tables
    ("kyudo_dicetab", "kyudo_dicetab.py", 32 * 1024, ENGINE),
    # Kyudo: a full 4-archer all-Hard game, one step per bot decision (the
    # issue's budget: the heap never grows past 32 KB)
    ("kyudo_bots", "kyudo_bots.py", 32 * 1024, ENGINE),
    # Kyudo in the app: boot, a game against computer archers through key
    # presses, at 240x135 and 320x240; measured 131.2 KB in use at the peak
    ("kyudo_app", "kyudo_app.py", 160 * 1024, APP),
    # Kendo Duel: seeded random-legal 2-4 player Duels and 2-player
    # Competitions (the engine alone), odd seeds with a save round trip at
    # every step; measured 27.4 KB in use at the peak step
    ("kendo_random", "kendo_random.py", 32 * 1024, ENGINE),
    # Kendo Duel: the computer opponents (engine/kendo/bots.py): a full
    # 4-player all-Hard Duel and a 2-player Hard Duel, one step per decision,
    # then a 2-player Competition, Normal vs Hard (the budget: the
    # heap never grows past 32 KB); measured 31.2 KB total, 27.1 KB in use
    ("kendo_bots", "kendo_bots.py", 32 * 1024, ENGINE),
    # Okko: seeded random-legal games over the three boards and the Court
    # (the engine alone, content included), odd seeds with a save round trip
    # at the end of every turn (as the app saves); the budget is 48 KB
    # in use
    ("okko_random", "okko_random.py", 48 * 1024, ENGINE_INUSE),
    ("okko_bots", "okko_bots.py", 48 * 1024, ENGINE_INUSE),
    # Kendo Duel in the app: boot, a 2-player Duel at 240x135 (a house rule
    # on), a 4-player Duel at 320x240 and a Competition at 240x135 against
    # computer players, through key presses, with the log, a quit and a
    # continue mid-exchange; measured 141.7 KB in use at the peak
    ("kendo_app", "kendo_app.py", 160 * 1024, APP),
    # Okko in the app: a game with a computer partner (240x135, the Easy aid
    # on) and a Solo game (320x240) through key presses, with a quit and a
    # continue. Measured 159.4 KB in use at the peak step (157.6 KB before
    # issue 15's save store, whose code adds about 1.7 KB; 156.1 KB before
    # undo, records and sound; 159.5 KB before ui.Text, whose stand-in
    # counts the text). 160.5 KB with issue 16's kept toast and repaint
    # (code: about 0.8 KB; on the emulated Pico Okko's least free stays
    # above 30 KB, docs/BENCHMARKS.md section 12). See docs/rules/okko.md,
    # "Memory", for what brought it down from 194.8 KB.
    ("okko_app", "okko_app.py", 161 * 1024, APP),
]

# The device is the judge of heap (issue 28). The gate runs on MicroPython's
# WebAssembly port, whose heap is not the Pico's: its figures were 20-29 KB
# stricter than the emulated Pico's, and a new interned name could cost it a
# 9.4 KB pool block that the device did not pay. So the app scenarios'
# budgets are set from the device (calibration.json, written by
# `python -m tools.gate --calibrate` after `make device`):
#
#   a game:  budget = the gate's figure + (the game's least free heap on the
#            device - FLOOR): the gate may grow by what the device has to
#            spare above the floor;
#   the shell (shell_boot, build_boot): the gate's figure + MENU_MARGIN (the
#            menu's drift that make device allows).
#
# Both figures come from one commit. tests/test_gate.py ties the device's
# figures to docs/device.json, so a new `make device` asks for a new
# calibration.
FLOOR = 28 * 1024  # the least free heap a game may keep on the device (make device's guard: tools/device/report.py)
MENU_MARGIN = 4 * 1024


def calibration():
    with open(CALIBRATION) as f:
        return json.load(f)


def calibrated(name, cal=None):
    """The budget of an app scenario from the calibration, or None."""
    c = (cal or calibration())["scenarios"].get(name)
    if c is None:
        return None
    if c["what"] == "menu":
        return c["gate"] + MENU_MARGIN
    return c["gate"] + c["device"] - FLOOR


SCENARIOS = [(name, script, calibrated(name) or budget, needs) for name, script, budget, needs in SCENARIOS]


def path(script):
    return os.path.join(HERE, script)
