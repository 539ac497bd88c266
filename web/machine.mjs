// The handheld in JavaScript: MicroPython (WebAssembly) running Sanbon's
// app on the page's board (boards/web.py, web/py/web_main.py), and the
// panel it draws on (render.mjs). The page (sanbon.mjs) and the Node
// replayer (tools/web_replay.mjs) both use it.
//
// start(loadMicroPython, pack, options) unpacks the app (app.bin, written
// by tools/web.py: u32 count, then per file u16 name length, the name,
// u32 size, the bytes) into MicroPython's filesystem and imports web_main.
import { Screen } from "./render.mjs";

export const SIZES = { pico_display2: [320, 240], picosystem: [240, 240], pico_display: [240, 135] };
export const KEYS = { A: 0, B: 1, X: 2, Y: 3 };
const SCENE = "/scene.bin";
const NVM = "/nvm.bin";

export function unpack(pack) {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const files = [];
  const count = view.getUint32(0, true);
  const text = new TextDecoder();
  let at = 4;
  for (let i = 0; i < count; i++) {
    const n = view.getUint16(at, true);
    const name = text.decode(pack.subarray(at + 2, at + 2 + n));
    at += 2 + n;
    const size = view.getUint32(at, true);
    files.push([name, pack.subarray(at + 4, at + 4 + size)]);
    at += 4 + size;
  }
  return files;
}

export async function start(loadMicroPython, pack, options = {}) {
  const lines = options.stdout || (() => {});
  const mp = await loadMicroPython({
    heapsize: options.heapsize || 8 * 1024 * 1024, url: options.url, linebuffer: true,
    stdout: lines, stderr: lines,
  });
  // what boards/web.py calls: the LEDs ("rrggbb,..." a LED) and the piezo (0 Hz: off)
  globalThis.sanbonPage = {
    leds: (colors) => { machine.leds = colors; if (options.leds) options.leds(colors); },
    tone: (freq, volume) => { machine.tones.push([freq, volume]); if (options.tone) options.tone(freq, volume); },
  };
  const machine = new Machine(mp, null);
  const made = new Set(["/"]);
  for (const [name, data] of unpack(pack)) {
    const parts = name.split("/").slice(0, -1);
    let dir = "";
    for (const p of parts) {
      if (!p) continue;
      dir += "/" + p;
      if (!made.has(dir)) {
        try { mp.FS.mkdir(dir); } catch (e) { /* there already */ }
        made.add(dir);
      }
    }
    mp.FS.writeFile(name, data);
  }
  mp.runPython("import sys\nsys.path[:0] = ['/app/web', '/app', '/app/lib']\nimport web_main");
  machine.main = mp.pyimport("web_main");
  return machine;
}

export class Machine {
  constructor(mp, main) {
    this.mp = mp;
    this.main = main;
    this.screen = null;
    this.nvm = null; // the sector's bytes after the last change (Uint8Array)
    this.onNvm = null; // called with them
    this.areas = []; // the areas the last scene redrew
    this.leds = ""; // the LEDs' colours at their last show()
    this.tones = []; // every (freq, volume) the piezo was asked for (0, 0: off)
  }

  boot(size, { seed = -1, nvm = "", restart = 0, note = "", strict = 0, uid = "SANBONWEB" } = {}) {
    const [w, h] = SIZES[size];
    this.screen = new Screen(w, h);
    this._unlink(SCENE);
    this.main.boot(size, seed === null ? -1 : seed, nvm, restart ? 1 : 0, note || "", strict ? 1 : 0, uid);
    this._read(1);
  }

  key(number, pressed) {
    this.main.key(number, pressed ? 1 : 0);
  }

  step(now) {
    const flags = this.main.step(now);
    this._read(flags);
    return flags;
  }

  screenName() {
    return this.main.screen();
  }

  _unlink(path) {
    try { this.mp.FS.unlink(path); } catch (e) { /* none */ }
  }

  _read(flags) {
    this.areas = [];
    let scene = null;
    if (flags & 1) {
      try { scene = this.mp.FS.readFile(SCENE); } catch (e) { scene = null; }
    }
    if (scene !== null) {
      this._unlink(SCENE);
      this.areas = this.screen.apply(scene);
    }
    if (flags & 2) {
      this.nvm = this.mp.FS.readFile(NVM);
      if (this.onNvm) this.onNvm(this.nvm);
    }
  }

  // The panel's RGB bytes (no alpha), row by row: what the simulator's
  // screenshot holds.
  rgb() {
    const rgba = this.screen.rgba, out = new Uint8Array((rgba.length / 4) * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      out[j] = rgba[i]; out[j + 1] = rgba[i + 1]; out[j + 2] = rgba[i + 2];
    }
    return out;
  }
}
