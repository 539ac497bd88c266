"""The shell_boot gate scenario: the compiled app (lib/sanbon as .mpy) boots
the shell and plays under real MicroPython, on the stand-in display modules of
tools/scenarios/mp_fakes, and prints what CPython prints."""

import os
import sys

import pytest

from tools import gate, micropython
from tools.scenarios import APP, FAKES, SCENARIOS, path as scenario_path

SHELL = [s for s in SCENARIOS if s[0] == "shell_boot"][0]
WATCHED = ("displayio", "vectorio", "terminalio", "sanbon", "sanbon.app", "sanbon.ui")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    assert micropython.available(), "MicroPython is missing: run 'npm ci' (make test does)"
    out = str(tmp_path_factory.mktemp("mpy"))
    return out, gate.compile_all(out)


def loaded(text):
    return dict(l[len("LOADED ") :].split(" ", 1) for l in text.splitlines() if l.startswith("LOADED "))


def test_shell_boot_matches_cpython_within_budget(compiled):
    out, engine_files = compiled
    name, script, budget, needs = SHELL
    assert needs == APP
    before = {k: sys.modules.get(k) for k in WATCHED}
    ok, msg, peak = gate.run_scenario(scenario_path(script), budget, out, engine_files, needs)
    assert ok, msg
    assert 0 < peak <= budget
    # the CPython run happened in its own interpreter: nothing leaked here
    assert {k: sys.modules.get(k) for k in WATCHED} == before


def test_micropython_runs_the_compiled_app_on_the_stand_ins(compiled):
    out, engine_files = compiled
    files, paths = gate.scenario_inputs(out, engine_files, APP)
    assert paths == ["lib", "mp_fakes"]
    assert "lib/sanbon/app.mpy" in files and "engine/core.mpy" in files
    assert not [f for f in files if f.endswith(".py") and not f.startswith("mp_fakes/")]
    res = micropython.run(scenario_path(SHELL[1]), files=files, root=out, paths=paths)
    assert res.status == 0, res.output[-1500:]
    mods = loaded(res.output)
    assert mods["sanbon.app"] == "/app/lib/sanbon/app.mpy"
    assert mods["sanbon.pig"] == "/app/lib/sanbon/pig.mpy"
    assert mods["engine.core"] == "/app/engine/core.mpy"
    assert mods["displayio"] == "/app/mp_fakes/displayio.py"
    assert len(res.lines("RESULT ")) > 40


def test_cpython_side_imports_the_stand_ins_not_blinka():
    mods = loaded(gate.run_cpython(scenario_path(SHELL[1]), APP))
    assert mods["displayio"] == os.path.join(FAKES, "displayio.py")
    assert mods["terminalio"] == os.path.join(FAKES, "terminalio.py")
    assert mods["sanbon.app"] == os.path.join(gate.ROOT, "lib", "sanbon", "app.py")


def test_unknown_needs_are_refused(compiled):
    out, engine_files = compiled
    with pytest.raises(ValueError):
        gate.scenario_inputs(out, engine_files, ("engine", "display"))
