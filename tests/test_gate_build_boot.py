"""The build_boot gate scenario: what `make build` writes (tools.build) boots
the shell under real MicroPython on the real board modules (boards/, as .mpy
from the build), on the stand-in hardware of tools/scenarios/mp_hw_fakes, and
prints what CPython prints from the sources."""

import os
import sys

import pytest

from tools import build, gate, micropython
from tools.scenarios import BUILD, FAKES, HW_FAKES, SCENARIOS, path as scenario_path

BOOT = [s for s in SCENARIOS if s[0] == "build_boot"][0]
WATCHED = ("board", "keypad", "microcontroller", "displayio", "boards", "boards._common", "sanbon", "sanbon.app")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    assert micropython.available(), "MicroPython is missing: run 'npm ci' (make test does)"
    return str(tmp_path_factory.mktemp("mpy"))


def loaded(text):
    """{(module, file)} from the scenario's LOADED lines (one set per board)."""
    return {tuple(l[len("LOADED ") :].split(" ", 1)) for l in text.splitlines() if l.startswith("LOADED ")}


def test_build_boot_matches_cpython_within_budget(root):
    name, script, budget, needs = BOOT
    assert needs == BUILD
    before = {k: sys.modules.get(k) for k in WATCHED}
    ok, msg, peak = gate.run_scenario(scenario_path(script), budget, root, [], needs)
    assert ok, msg
    assert 0 < peak <= budget
    # the CPython run happened in its own interpreter: nothing leaked here
    assert {k: sys.modules.get(k) for k in WATCHED} == before


def test_micropython_gets_the_build_output_turned_back_to_M(root, tmp_path):
    files, paths = gate.scenario_inputs(root, [], BUILD)
    assert paths == ["circuitpy", "circuitpy/lib", "mp_fakes", "mp_hw_fakes"]
    for f in ("circuitpy/code.py", "circuitpy/boards/pico_display2.mpy", "circuitpy/boards/_common.mpy",
              "circuitpy/boards/picosystem.mpy", "circuitpy/lib/sanbon/app.mpy", "circuitpy/engine/core.mpy"):
        assert f in files
    built = [f for f in files if f.startswith("circuitpy/")]
    # ours only: not the third-party libraries the build ships in lib/, nor the desktop board
    assert not [f for f in built if f.startswith("circuitpy/lib/") and not f.startswith("circuitpy/lib/sanbon/")]
    assert "circuitpy/boards/desktop.mpy" not in built
    # byte for byte what tools.build writes, the first byte "C" turned to "M"
    ref = build.build(out=str(tmp_path / "CIRCUITPY"), quiet=True)
    for f in built:
        rel = f[len("circuitpy/") :]
        assert rel in ref["files"]
        with open(os.path.join(root, f), "rb") as a, open(os.path.join(ref["out"], rel), "rb") as b:
            ours, theirs = a.read(), b.read()
        if rel.endswith(".mpy"):
            assert theirs[:2] == b"C\x06" and ours[:2] == b"M\x06", rel
            assert ours[1:] == theirs[1:], rel
        else:
            assert ours == theirs, rel


def test_micropython_loads_the_board_modules_from_the_build(root):
    files, paths = gate.scenario_inputs(root, [], BUILD)
    res = micropython.run(scenario_path(BOOT[1]), files=files, root=root, paths=paths)
    assert res.status == 0, res.output[-1500:]
    mods = loaded(res.output)
    for name, where in (
        ("code.py", "/app/circuitpy/code.py"),
        ("boards", "/app/circuitpy/boards/__init__.mpy"),
        ("boards.pico_display2", "/app/circuitpy/boards/pico_display2.mpy"),
        ("boards.pico_display", "/app/circuitpy/boards/pico_display.mpy"),
        ("boards.picosystem", "/app/circuitpy/boards/picosystem.mpy"),
        ("boards._common", "/app/circuitpy/boards/_common.mpy"),
        ("sanbon.app", "/app/circuitpy/lib/sanbon/app.mpy"),
        ("sanbon.pig", "/app/circuitpy/lib/sanbon/pig.mpy"),
        ("engine.core", "/app/circuitpy/engine/core.mpy"),
        ("board", "/app/mp_hw_fakes/board.py"),
        ("keypad", "/app/mp_hw_fakes/keypad.py"),
        ("busdisplay", "/app/mp_hw_fakes/busdisplay.py"),
        ("displayio", "/app/mp_fakes/displayio.py"),
    ):
        assert (name, where) in mods, (name, sorted(m for m in mods if m[0] == name))
    results = res.lines("RESULT ")
    assert "picosystem board picosystem 240x240 hints A=A B=B X=UP Y=DOWN" in results
    assert "pico_display board pico_display 240x135 hints A=A B=B X=X Y=Y" in results
    assert "pico_display2 board pico_display2 320x240 hints A=A B=B X=X Y=Y" in results
    assert [r for r in results if r.startswith("fallback board pico_display2 ")]


def test_cpython_side_runs_the_sources_on_the_same_stand_ins():
    mods = loaded(gate.run_cpython(scenario_path(BOOT[1]), BUILD))
    assert ("code.py", os.path.join(gate.ROOT, "code.py")) in mods
    assert ("boards._common", os.path.join(gate.ROOT, "boards", "_common.py")) in mods
    assert ("sanbon.app", os.path.join(gate.ROOT, "lib", "sanbon", "app.py")) in mods
    assert ("board", os.path.join(HW_FAKES, "board.py")) in mods
    assert ("keypad", os.path.join(HW_FAKES, "keypad.py")) in mods
    assert ("displayio", os.path.join(FAKES, "displayio.py")) in mods


def test_build_needs():
    assert gate.cpython_path(BUILD) == [gate.ROOT, os.path.join(gate.ROOT, "lib"), FAKES, HW_FAKES]
    with pytest.raises(ValueError):
        gate.cpython_path(("build", "engine"))
    with pytest.raises(ValueError):
        gate.cpython_path(("build", "lib", "fakes"))


def test_the_build_runs_once_per_gate_run(root, monkeypatch):
    first = gate.scenario_inputs(root, [], BUILD)

    def boom(**_):
        raise AssertionError("built again")

    monkeypatch.setattr(build, "build", boom)
    assert gate.scenario_inputs(root, [], BUILD) == first


def test_a_failed_build_fails_the_scenario(tmp_path, monkeypatch):
    def broken(**_):
        raise build.BuildError("PyPI is unreachable")

    monkeypatch.setattr(build, "build", broken)
    ok, msg, peak = gate.run_scenario(scenario_path(BOOT[1]), BOOT[2], str(tmp_path), [], BUILD)
    assert not ok and "make build failed" in msg and "PyPI is unreachable" in msg
    assert peak == 0


def test_a_missing_file_in_the_build_is_reported():
    with pytest.raises(gate.BuildFailed) as e:
        gate.our_build_files(["code.py"])
    assert "boards/_common.mpy" in str(e.value)


def test_a_folder_without_a_build_is_reported(tmp_path):
    (tmp_path / "drive").mkdir()
    ok, msg, peak = gate.run_scenario(scenario_path(BOOT[1]), BOOT[2], str(tmp_path / "mpy"), [], BUILD,
                                      build_src=str(tmp_path / "drive"))
    assert not ok and "no build in" in msg and peak == 0
