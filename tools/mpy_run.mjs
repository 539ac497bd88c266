// Run a gate scenario under real MicroPython (WebAssembly port) on Node.
// usage: node tools/mpy_run.mjs HEAPSIZE ROOT SCRIPT [FILE ...]
//
// Each FILE (relative to ROOT; .py or .mpy) is written into MicroPython's
// filesystem under /app, which goes first on sys.path. MPY_RUN_PATH in the
// environment ("lib:mp_fakes") names folders under /app that go next on
// sys.path, in that order. SCRIPT must define a generator function run();
// the runner steps it one `yield` at a time.
//
// Why steps: this port never collects garbage inside a call from JS (with its
// split heap it grows instead, and collects only at the top level between
// calls). So each step ends with gc.collect() and the heap total is read at
// the end of each step: the peak of those totals is the heap the scenario
// needed (live data plus one step's garbage). It is printed as
// "@@PEAK total used", with the peak bytes in use at a step's end.
// Exit status 1 if the script raised.
//
// With MPY_RUN_TIMING=1 in the environment it also prints, after @@PEAK,
// "@@TIMES ms ms ...": the wall time of each step call (performance.now()
// around runPython, so it includes the step's own gc.collect and @@HEAP
// print). What the script prints is held until the last step, so writing it
// out is not timed. tools/micropython.py then runs Node with --no-liftoff
// --no-wasm-lazy-compilation: the WebAssembly is fully compiled up front
// instead of compiling or tiering up during the steps.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [heapArg, root, script, ...files] = process.argv.slice(2);
const heapsize = parseInt(heapArg, 10);
let done = false;
let peak = 0; // peak heap total (what the budget checks)
let peakUsed = 0; // peak bytes in use at a step's end, before collecting
let lastUsed = 0; // bytes in use at the last step's end (for @@CTX)
const usedSteps = []; // with MPY_RUN_USED=1: bytes in use at each step's end, printed last
let split = null; // gc.mem_free() counts the heap it may still add: subtract it
let quiet = false;
const timing = !!process.env.MPY_RUN_TIMING;
const extraPath = (process.env.MPY_RUN_PATH || "").split(":").filter((p) => p);
const times = []; // ms per step call, when timing
const held = []; // when timing, lines printed by steps wait here: writing is not timed
let holding = false;
const out = (l) => {
  if (l === "@@DONE") { done = true; return; }
  if (l.startsWith("@@HEAP ")) {
    const [used, total] = l.slice(7).split(" ").map((v) => parseInt(v, 10));
    peak = Math.max(peak, total - split);
    peakUsed = Math.max(peakUsed, used);
    lastUsed = used;
    usedSteps.push(used);
    return;
  }
  if (l.startsWith("@@CTX ")) {
    l = "@@CTX " + lastUsed + " " + l.slice(6);
  }
  const m = /max new split: (\d+)/.exec(l);
  if (m && split === null) split = parseInt(m[1], 10);
  if (holding) held.push(l);
  else if (!quiet) process.stdout.write(l + "\n");
};
const mp = await loadMicroPython({ heapsize, stdout: out, stderr: out, linebuffer: true });

const made = new Set(["/app"]);
mp.FS.mkdir("/app");
for (const f of files) {
  const parts = dirname(f).split("/").filter((p) => p && p !== ".");
  let d = "/app";
  for (const p of parts) {
    d += "/" + p;
    if (!made.has(d)) { mp.FS.mkdir(d); made.add(d); }
  }
  mp.FS.writeFile("/app/" + f, readFileSync(join(root, f)));
}
// With MPY_RUN_CONTEXT=<python expression> in the environment, each step
// also prints "@@CTX <bytes in use> <the expression's value>" (evaluated
// after the heap was read, so its garbage is not counted): e.g. the screen
// on top, for the benchmarks' heap per screen.
const context = process.env.MPY_RUN_CONTEXT || "";
const STEP = `
try:
    next(_gate_it)
except StopIteration:
    print("@@DONE")
print("@@HEAP", gc.mem_alloc(), gc.mem_alloc() + gc.mem_free())
` + (context ? `print("@@CTX", ${context})
` : "") + `gc.collect()
`;
let status = 0;
try {
  quiet = true;
  const paths = ["/app"].concat(extraPath.map((p) => "/app/" + p));
  const setPath = paths.map((p, i) => "sys.path.insert(" + i + ", " + JSON.stringify(p) + ")\n").join("");
  mp.runPython("import sys, gc, micropython\n" + setPath + "micropython.mem_info()\n");
  quiet = false;
  if (split === null) throw new Error("no 'max new split' in mem_info()");
  mp.runPython(readFileSync(script, "utf8"));
  mp.runPython("print('@@HEAP', gc.mem_alloc(), gc.mem_alloc() + gc.mem_free())\ngc.collect()\n_gate_it = run()\n");
  holding = timing;
  while (!done) {
    const t0 = timing ? performance.now() : 0;
    mp.runPython(STEP);
    if (timing) times.push(performance.now() - t0);
  }
} catch (e) {
  out(String(e && e.message ? e.message : e));
  status = 1;
}
holding = false;
for (const l of held) out(l);
out("@@PEAK " + peak + " " + peakUsed);
if (process.env.MPY_RUN_USED) out("@@USED " + usedSteps.join(" "));
if (timing) out("@@TIMES " + times.map((t) => t.toFixed(4)).join(" "));
out("@@MEMINFO");
mp.runPython("import micropython\nmicropython.mem_info()\n");
process.exit(status);
