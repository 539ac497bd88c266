"""The browser page shows the simulator's pixels (issue 32): every frame the
screen tour and the device plans look at, on all three sizes.

tools/weblog.py records the walks in the simulator as input logs with a
digest of each frame looked at; the page (tests/test_web.py serves it)
replays each log in headless Chromium and compares every frame
(web/replay.mjs). Only the About screen may differ: its free-memory line
reads "n/a" in the simulator (CPython has no gc.mem_free), a number on
MicroPython.
"""

import json
import os
import subprocess
import sys

import pytest

from tests.test_web import check, served  # noqa: F401  (the fixture)
from tools import tour
from tools.sim import SIZES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Every walk of the tour (every game, the shell) and every device plan,
    on all three sizes, recorded: (index, the log files)."""
    out = str(tmp_path_factory.mktemp("weblogs"))
    cmd = [sys.executable, "-m", "tools.weblog"] + list(tour.GAMES) + ["plans"] + list(SIZES) + [
        "--out", out, "--gzip", "--jobs", "2"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    with open(os.path.join(out, "index.json")) as f:
        index = json.load(f)
    files = sorted(os.path.join(out, n) for n in os.listdir(out) if n.endswith(".json.gz"))
    return index, files


def test_every_walk_and_plan_was_recorded_on_every_size(logs):
    index, files = logs
    names = set(os.path.basename(f) for f in files)
    for size in SIZES:
        for game in tour.GAMES + ("plans",):
            assert any(n.startswith("%s-%s-" % (size, game)) for n in names), (size, game, sorted(names)[:20])
    assert len(files) >= 3 * (len(tour.GAMES) + 1)


def test_the_page_shows_every_recorded_frame_as_the_simulator_does(served, tmp_path, logs):  # noqa: F811
    _, files = logs
    results = check(served, tmp_path, ["replays"], logs=files)["replays"]
    assert len(results) == len(files)
    looks = skipped = 0
    for r in results:
        assert "error" not in r, r
        assert r["looks"] > 0, r
        assert r["differ"] == [], "%s (%s): the page's frame differs from the simulator's at %s" % (
            r["name"], r["size"], r["differ"][:2])
        looks += r["looks"]
        skipped += r["skipped"]
    assert looks > 10000 and skipped <= looks / 100, (looks, skipped)  # the About screen only
