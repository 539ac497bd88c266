"""Issue 15: for a seeded game of each title, the power is cut at every page
program and at five points inside every sector erase of every save the real
app makes (tools/powercut.py), on a sector that writes as the RP2040 does.
After each cut a reboot must give the last completed save or the one being
written, with settings and statistics intact; only a cut inside a sector
rewrite may give a blank sector or a reported loss. Never a crash or a wrong
state."""

import pytest

from tools import powercut


@pytest.mark.parametrize("name", sorted(powercut.SETUPS))
def test_a_power_cut_at_any_step_of_any_save_loses_at_most_that_save(name, record_property):
    saves, board = powercut.trace(name)
    assert board.nvm.erases >= 1, "the games must fill the sector, so that a rewrite is cut too"
    assert sum(1 for s in saves if s.erased) >= 1
    r = powercut.cut_all(saves, full_boot=10, board=board)
    print("%s: %d saves, %d cut points: %d kept, %d blank, %d reported" % (
        name, len(saves), r["cuts"], r["kept"], r["blank"], r["detected"]))
    record_property("cut_points", r["cuts"])
    assert r["failures"] == 0, r["errors"]
    assert r["cuts"] >= 2 * len(saves)  # every save: at least one page, cut twice
    assert r["kept"] + r["blank"] + r["detected"] == r["cuts"]
    assert r["blank"] + r["detected"] <= r["in_rewrite"]  # losses only inside a rewrite
    assert r["boots"] >= r["cuts"] // 10
