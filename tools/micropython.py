"""Run scripts under real MicroPython (the WebAssembly port, on Node).

The package is pinned in package.json; ``make test`` installs it with npm ci.
"""

import os
import re
import subprocess
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "mpy_run.mjs")
DEFAULT_HEAP_START = 8 * 1024  # the heap grows past this by itself


@dataclass
class MpyResult:
    status: int
    output: str  # what the script printed
    heap_peak: int  # peak GC heap total over the scenario's steps
    heap_total: int  # GC total after the run
    version: str = ""

    def lines(self, prefix):
        return [l[len(prefix) :] for l in self.output.splitlines() if l.startswith(prefix)]


def device_files(*dirs):
    """The .py files under the given top-level folders, relative to ROOT."""
    found = []
    for d in dirs:
        for base, subdirs, names in os.walk(os.path.join(ROOT, d)):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
            for n in sorted(names):
                if n.endswith(".py"):
                    found.append(os.path.relpath(os.path.join(base, n), ROOT))
    return found


def available():
    return os.path.isdir(
        os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
    )


def run(script, files=None, heap_start=DEFAULT_HEAP_START, timeout=600):
    """Step ``script``'s run() generator with ``files`` (default: engine/) importable."""
    if files is None:
        files = device_files("engine")
    proc = subprocess.run(
        ["node", RUNNER, str(heap_start), ROOT, script] + list(files),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    text = proc.stdout + proc.stderr
    body, _, mem = text.partition("@@MEMINFO\n")
    m = re.search(r"GC: total: (\d+)", mem)
    p = re.search(r"^@@PEAK (\d+)$", body, re.M)
    if not (m and p):
        raise RuntimeError("MicroPython run gave no heap report:\n" + text[-2000:])
    body = body[: p.start()]
    return MpyResult(proc.returncode, body, int(p.group(1)), int(m.group(1)))
