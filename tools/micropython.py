"""Run scripts under real MicroPython (the WebAssembly port, on Node).

The package is pinned in package.json; ``make test`` installs it with npm ci.
"""

import os
import re
import subprocess
from dataclasses import dataclass

from tools.mpyc import device_sources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
DEFAULT_HEAP_START = 8 * 1024  # only the starting size: the heap grows past it


@dataclass
class MpyResult:
    status: int
    output: str  # what the script printed
    heap_peak: int  # peak GC heap total over the scenario's steps
    heap_used: int  # peak bytes in use at the end of a step (finer figure)
    heap_total: int  # GC total after the run
    version: str = ""
    step_ms: tuple = ()  # with timing=True: wall time of each step call, in ms
    contexts: tuple = ()  # with context=EXPR: (bytes in use, EXPR's value) per step

    def lines(self, prefix):
        return [l[len(prefix) :] for l in self.output.splitlines() if l.startswith(prefix)]


def available():
    return os.path.isdir(
        os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
    )


def run(script, files=None, root=ROOT, heap_start=DEFAULT_HEAP_START, timeout=600, timing=False, paths=(),
        context=None):
    """Step ``script``'s run() generator with ``files`` (default: engine/) importable.

    ``files`` (relative to ``root``) go under /app, which is first on sys.path;
    ``paths`` are folders under /app put next on sys.path, in order (e.g.
    ("lib",): /app/lib, as CIRCUITPY/lib is on the device).

    ``timing=True`` also times each step call (see tools/mpy_run.mjs): Node
    runs with --no-liftoff --no-wasm-lazy-compilation so that the WebAssembly
    is fully compiled up front.
    """
    if files is None:
        files = device_sources(ROOT, dirs=("engine",), files=())
    env = dict(os.environ, MPY_RUN_PATH=":".join(paths))
    if timing:
        env["MPY_RUN_TIMING"] = "1"
    if context:
        env["MPY_RUN_CONTEXT"] = context
    proc = subprocess.run(
        ["node"] + (["--no-liftoff", "--no-wasm-lazy-compilation"] if timing else []) + [RUNNER, str(heap_start), root, script] + list(files),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    text = proc.stdout + proc.stderr
    body, _, mem = text.partition("@@MEMINFO\n")
    m = re.search(r"GC: total: (\d+)", mem)
    p = re.search(r"^@@PEAK (\d+) (\d+)$", body, re.M)
    if not (m and p):
        raise RuntimeError("MicroPython run gave no heap report:\n" + text[-2000:])
    t = re.search(r"^@@TIMES ?(.*)$", text, re.M)
    steps = tuple(float(v) for v in t.group(1).split()) if t else ()
    body = body[: p.start()]
    ctx = tuple((int(c.group(1)), c.group(2)) for c in re.finditer(r"^@@CTX (\d+) (.*)$", body, re.M))
    if ctx:
        body = re.sub(r"^@@CTX .*\n?", "", body, flags=re.M)
    return MpyResult(proc.returncode, body, int(p.group(1)), int(p.group(2)), int(m.group(1)), step_ms=steps,
                     contexts=ctx)
