// Replay simulator walks (tools/weblog.py logs) on the page's machine in
// Node, without a browser: node tools/web_replay.mjs DIST_WEB LOG.json ...
// Prints one JSON line per log (web/replay.mjs's result); with
// SANBON_WEB_FRAMES=DIR set, also writes the RGB bytes of the first frame
// that differs to DIR/<log name>.rgb. Exit status 1 if any frame differs.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { start } from "../web/machine.mjs";
import { replay } from "../web/replay.mjs";

const [dist, ...logs] = process.argv.slice(2);
const pack = new Uint8Array(readFileSync(join(dist, "app.bin")));
const out = [];
const machine = await start(loadMicroPython, pack, { stdout: (l) => out.push(l) });
const digest = async (bytes) => createHash("sha256").update(bytes).digest("hex");
let bad = 0;
for (const path of logs.filter((p) => !p.endsWith("index.json"))) {
  let raw = readFileSync(path);
  if (path.endsWith(".gz")) raw = gunzipSync(raw);
  const log = JSON.parse(raw.toString());
  let result;
  try {
    result = await replay(machine, log, digest, { stopAt: 1 });
  } catch (e) {
    result = { name: log.name, size: log.size, error: String(e && e.message || e), console: out.slice(-30) };
    bad++;
  }
  if (result.differ && result.differ.length) {
    bad++;
    if (process.env.SANBON_WEB_FRAMES) {
      writeFileSync(join(process.env.SANBON_WEB_FRAMES, (log.name + "-" + log.size).replace(/[^\w.-]+/g, "_") + ".rgb"), machine.rgb());
    }
  }
  process.stdout.write(JSON.stringify(result) + "\n");
}
process.exit(bad ? 1 : 0);
