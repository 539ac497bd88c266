// Run a gate scenario under real MicroPython (WebAssembly port) on Node.
// usage: node tools/mpy_run.mjs HEAPSIZE ROOT SCRIPT [FILE ...]
//
// Each FILE (relative to ROOT; .py or .mpy) is written into MicroPython's
// filesystem under /app, which goes first on sys.path. SCRIPT must define a
// generator function run(); the runner steps it one `yield` at a time.
//
// Why steps: this port never collects garbage inside a call from JS (with its
// split heap it grows instead, and collects only at the top level between
// calls). So each step ends with gc.collect() and the heap total is read at
// the end of each step: the peak of those totals is the heap the scenario
// needed (live data plus one step's garbage). It is printed as "@@PEAK n".
// Exit status 1 if the script raised.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [heapArg, root, script, ...files] = process.argv.slice(2);
const heapsize = parseInt(heapArg, 10);
let done = false;
let peak = 0;
let split = null; // gc.mem_free() counts the heap it may still add: subtract it
let quiet = false;
const out = (l) => {
  if (l === "@@DONE") { done = true; return; }
  if (l.startsWith("@@HEAP ")) { peak = Math.max(peak, parseInt(l.slice(7), 10) - split); return; }
  const m = /max new split: (\d+)/.exec(l);
  if (m && split === null) split = parseInt(m[1], 10);
  if (!quiet) process.stdout.write(l + "\n");
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
const STEP = `
try:
    next(_gate_it)
except StopIteration:
    print("@@DONE")
print("@@HEAP", gc.mem_alloc() + gc.mem_free())
gc.collect()
`;
let status = 0;
try {
  quiet = true;
  mp.runPython("import sys, gc, micropython\nsys.path.insert(0, '/app')\nmicropython.mem_info()\n");
  quiet = false;
  if (split === null) throw new Error("no 'max new split' in mem_info()");
  mp.runPython(readFileSync(script, "utf8"));
  mp.runPython("print('@@HEAP', gc.mem_alloc() + gc.mem_free())\ngc.collect()\n_gate_it = run()\n");
  while (!done) mp.runPython(STEP);
} catch (e) {
  out(String(e && e.message ? e.message : e));
  status = 1;
}
out("@@PEAK " + peak);
out("@@MEMINFO");
mp.runPython("import micropython\nmicropython.mem_info()\n");
process.exit(status);
