"""The CircuitPython gate itself: compile, MicroPython parity and heap budget."""

import os

import pytest

from tools import gate, micropython, mpyc
from tools.scenarios import SCENARIOS, path as scenario_path

@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    assert micropython.available(), "MicroPython is missing: run 'npm ci' (make test does)"
    out = str(tmp_path_factory.mktemp("mpy"))
    return out, gate.compile_all(out)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_every_device_file_compiles_to_version_6(compiled):
    out, engine_files = compiled
    assert "engine/rng.mpy" in engine_files
    for rel in engine_files:
        with open(os.path.join(out, rel), "rb") as f:
            head = f.read(2)
        assert head == b"M\x06"


def test_mpy_cross_reports_a_syntax_error(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text("def f(:\n    pass\n")
    with pytest.raises(mpyc.CompileError) as e:
        mpyc.compile_tree(str(tmp_path / "out"), root=str(tmp_path))
    assert "bad.py" in str(e.value)


@pytest.mark.parametrize("name, script, budget, needs", SCENARIOS)
def test_scenarios_match_cpython_within_budget(compiled, name, script, budget, needs):
    out, engine_files = compiled
    ok, msg, peak = gate.run_scenario(scenario_path(script), budget, out, engine_files, needs)
    assert ok, msg
    assert 0 < peak <= budget


def test_heap_budget_is_enforced(compiled, tmp_path):
    out, engine_files = compiled
    script = write(
        tmp_path,
        "hog.py",
        "def run():\n    keep = []\n    for i in range(40):\n"
        "        keep.append(bytearray(1024))\n        yield\n    print('RESULT', len(keep))\n",
    )
    ok, msg, peak = gate.run_scenario(script, 32 * 1024, out, engine_files)
    assert not ok and "over the budget" in msg
    assert peak > 40 * 1024
    ok, msg, peak = gate.run_scenario(script, 256 * 1024, out, engine_files)
    assert ok, msg


def test_garbage_between_steps_is_collected(compiled, tmp_path):
    # 200 steps of 1 KB garbage each: the heap must not grow to 200 KB.
    out, engine_files = compiled
    script = write(
        tmp_path,
        "churn.py",
        "def run():\n    for i in range(200):\n        b = bytearray(1024)\n        yield\n"
        "    print('RESULT done')\n",
    )
    ok, msg, peak = gate.run_scenario(script, 32 * 1024, out, engine_files)
    assert ok, msg


def test_interpreter_differences_are_caught(compiled, tmp_path):
    out, engine_files = compiled
    # sys.implementation differs, so the RESULT lines differ.
    script = write(
        tmp_path,
        "differ.py",
        "import sys\ndef run():\n    print('RESULT', sys.implementation.name)\n    yield\n",
    )
    ok, msg, _ = gate.run_scenario(script, 64 * 1024, out, engine_files)
    assert not ok and "differ" in msg


def test_an_exception_under_micropython_fails_the_scenario(compiled, tmp_path):
    out, engine_files = compiled
    script = write(tmp_path, "boom.py", "def run():\n    yield\n    raise ValueError('boom')\n")
    ok, msg, _ = gate.run_scenario(script, 64 * 1024, out, engine_files)
    assert not ok and "boom" in msg


def test_the_app_budgets_are_the_devices_figures_turned_by_the_measured_offsets():
    """Issue 28: the device is the judge of heap. Each app scenario's budget
    is its gate figure plus what the device had to spare above the floor at
    the same commit (tools/scenarios/calibration.json), and the device's
    figures are docs/device.json's: a new make device asks for a new
    `python -m tools.gate --calibrate`."""
    from tools import scenarios

    cal = scenarios.calibration()
    dev, at = gate.device_figures()
    assert cal["device_commit"] == at, "docs/device.json is newer: run python -m tools.gate --calibrate"
    assert set(cal["scenarios"]) == set(gate.CALIBRATED)
    budgets = dict((name, budget) for name, _, budget, _ in SCENARIOS)
    for name, c in cal["scenarios"].items():
        assert c["what"] == gate.CALIBRATED[name] and c["device"] == dev[c["what"]], (name, c, dev)
        if c["what"] == "menu":
            assert budgets[name] == c["gate"] + scenarios.MENU_MARGIN
        else:
            assert budgets[name] == c["gate"] + c["device"] - scenarios.FLOOR
            assert c["device"] >= scenarios.FLOOR  # else the game is below the floor on the device
    from tools.device import report

    assert report.GUARD["heap"] == scenarios.FLOOR  # make device guards the floor the budgets keep
