// The page: Sanbon's app on MicroPython (WebAssembly), its panel in a
// canvas, the keyboard, the on-screen buttons and touch as the four
// buttons, the LEDs as a glow, the PicoSystem's speaker through WebAudio,
// the save sector in localStorage, and "Share game" links.
//
// URL: ?size=pico_display|picosystem|pico_display2 picks the board;
// #record=<base64> replays a shared game; ?test (the browser test) starts
// no clock of its own: the test drives window.sanbon.
import { loadMicroPython } from "./micropython.mjs";
import { KEYS, SIZES, start } from "./machine.mjs";
import { replay } from "./replay.mjs";

const params = new URLSearchParams(location.search);
const TEST = params.has("test");
const NVM_KEY = "sanbon-nvm";
const SIZE_KEY = "sanbon-size";
const STEP_MS = 10; // the app's loop on the device: a pass, then sleep(0.01)
const MOVE_MS = 600; // a shared game's moves, this far apart
const KEYMAP = {
  a: "A", Enter: "A", " ": "A", b: "B", Escape: "B", Backspace: "B",
  x: "X", ArrowUp: "X", ArrowLeft: "X", w: "X", y: "Y", ArrowDown: "Y", ArrowRight: "Y", s: "Y",
};

const $ = (id) => document.getElementById(id);
const canvas = $("screen"), ctx = canvas.getContext("2d");
const status = (text, error = false) => { $("status").textContent = text; $("status").classList.toggle("error", error); };

const page = {
  machine: null, size: null, image: null, t0: performance.now(), timer: null, watching: null,
  menuAt: null, // ms from the page's start to the main menu's first frame
  pressTimes: [], // ms from a press (its event) to its frame on the canvas
  lines: [], // what the app printed
  record: null, // the last "Share game" line's base64
  audio: null, osc: null, gain: null,
};
window.sanbon = page;

function clock() {
  return Math.floor(performance.now() - page.t0) % (1 << 29);
}

function draw(areas) {
  for (const [x0, y0, x1, y1] of areas) ctx.putImageData(page.image, 0, 0, x0, y0, x1 - x0, y1 - y0);
}

function tick() {
  let flags;
  try {
    flags = page.machine.step(clock());
  } catch (e) {
    // the app never lets its own errors out (it recovers to the menu): this is the page's or MicroPython's
    clearInterval(page.timer);
    page.live = false;
    const why = String(e.message || e).split("\n").filter((l) => l).pop();
    status("Sanbon stopped (" + why + "). Reload the page: the game is kept as at its last turn end.", true);
    throw e;
  }
  const areas = page.machine.areas;
  if (areas.length) {
    draw(areas);
    if (page.menuAt === null && page.machine.screenName() === "MainMenu") page.menuAt = performance.now();
  }
  if (flags & 1) canvas.style.filter = "brightness(" + Math.max(0.15, page.machine.main.brightness() / 100) + ")";
  return areas.length > 0;
}

function loadNvm() {
  const hex = localStorage.getItem(NVM_KEY) || "";
  return /^([0-9a-f]{2}){4096}$/.test(hex) ? hex : "";
}

function keepNvm(bytes) {
  if (page.watching) return; // a shared game's replay is not the player's game
  let hex = "";
  for (const b of bytes) hex += (b < 16 ? "0" : "") + b.toString(16);
  try { localStorage.setItem(NVM_KEY, hex); } catch (e) { status("This browser would not keep the save: " + e.message, true); }
}

function boot(size) {
  page.size = size;
  const [w, h] = SIZES[size];
  canvas.width = w;
  canvas.height = h;
  const scale = Math.max(1, Math.min(3, Math.floor(Math.min(window.innerWidth - 200, 960) / w)));
  canvas.style.width = w * scale + "px";
  canvas.style.height = h * scale + "px";
  page.machine.boot(size, { nvm: loadNvm(), uid: TEST ? "SANBONSIM" : "SANBONWEB" });
  page.image = new ImageData(page.machine.screen.rgba, w, h);
  ctx.putImageData(page.image, 0, 0);
  if (page.menuAt === null && page.machine.screenName() === "MainMenu") page.menuAt = performance.now();
  $("size").value = size;
}

// -- buttons -----------------------------------------------------------
function button(name, pressed, event) {
  if (!page.machine) return;
  wakeAudio();
  const t = event && event.timeStamp ? event.timeStamp : performance.now();
  if (page.watching) {
    if (pressed) watchKey(name);
    return;
  }
  page.machine.key(KEYS[name], pressed);
  if (TEST && !page.live) return;
  const drew = tick();
  if (pressed && drew) page.pressTimes.push(performance.now() - t);
}

window.addEventListener("keydown", (e) => {
  const name = KEYMAP[e.key] || KEYMAP[e.key.toLowerCase()];
  if (!name || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT") return;
  e.preventDefault();
  if (!e.repeat) button(name, true, e);
});
window.addEventListener("keyup", (e) => {
  const name = KEYMAP[e.key] || KEYMAP[e.key.toLowerCase()];
  if (name) { e.preventDefault(); button(name, false, e); }
});
for (const el of document.querySelectorAll(".key")) {
  const name = el.dataset.key;
  let down = false;
  const up = (e) => { if (down) { down = false; el.classList.remove("down"); button(name, false, e); } };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    down = true;
    el.classList.add("down");
    button(name, true, e);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}
// touch on the screen: a tap is A, a swipe up X, a swipe down Y
let touchAt = null;
canvas.addEventListener("pointerdown", (e) => { touchAt = [e.clientX, e.clientY]; e.preventDefault(); });
canvas.addEventListener("pointerup", (e) => {
  if (!touchAt) return;
  const dy = e.clientY - touchAt[1];
  touchAt = null;
  const name = Math.abs(dy) < 24 ? "A" : dy < 0 ? "X" : "Y";
  button(name, true, e);
  button(name, false, e);
});

// -- the LEDs and the speaker ---------------------------------------------
function leds(text) {
  const spans = document.querySelectorAll(".leds span");
  text.split(",").forEach((hex, i) => {
    if (!spans[i]) return;
    const r = parseInt(hex.slice(0, 2), 16), g = parseInt(hex.slice(2, 4), 16), b = parseInt(hex.slice(4, 6), 16);
    const peak = Math.max(r, g, b);
    if (!peak) { spans[i].style.background = ""; spans[i].style.boxShadow = ""; return; }
    // the colour as the eye sees a lit LED, not its dimmed bytes (as the simulator draws it)
    const c = `rgb(${Math.round((r * 255) / peak)}, ${Math.round((g * 255) / peak)}, ${Math.round((b * 255) / peak)})`;
    spans[i].style.background = c;
    spans[i].style.boxShadow = `0 0 10px 4px ${c}`;
  });
}

function wakeAudio() {
  if (page.audio || !window.AudioContext) {
    if (page.audio && page.audio.state === "suspended") page.audio.resume();
    return;
  }
  page.audio = new AudioContext();
  page.gain = page.audio.createGain();
  page.gain.gain.value = 0;
  page.osc = page.audio.createOscillator();
  page.osc.type = "square"; // the piezo's PWM square wave
  page.osc.connect(page.gain).connect(page.audio.destination);
  page.osc.start();
}

function tone(freq, volume) {
  if (!page.audio) return;
  const t = page.audio.currentTime;
  if (!freq || !$("sound").checked) { page.gain.gain.setValueAtTime(0, t); return; }
  page.heard = (page.heard || 0) + 1; // notes that reached the speaker (the browser test counts them)
  page.osc.frequency.setValueAtTime(freq, t);
  page.gain.gain.setValueAtTime(0.12 * Math.min(100, volume) / 100, t);
}

// -- shared games ------------------------------------------------------------
function printed(line) {
  page.lines.push(line);
  if (page.lines.length > 200) page.lines.shift();
  if (line.startsWith("SANBON-RECORD ")) {
    page.record = line.slice(14).trim();
    const url = location.origin + location.pathname + "#record=" + encodeURIComponent(page.record);
    $("share-link").href = url;
    $("share").hidden = false;
    status("Share game: the link below replays this game.");
  }
}

function watchKey(name) {
  if (name === "B") { location.hash = ""; location.reload(); return; }
  if (name === "A") watchNext();
}

function watchNext() {
  const m = page.watching;
  if (!m || m.done >= m.total) return false;
  page.machine.main.watch_step();
  m.done++;
  tick();
  status(`A shared game: move ${m.done} of ${m.total}` + (m.done >= m.total ? " (the end). B: back to play." : ". A: the next move now, B: back to play."));
  return m.done < m.total;
}

function watch(text) {
  try {
    const total = page.machine.main.watch(text);
    page.watching = { total, done: 0 };
    tick();
    status(`A shared game: ${total} moves. A: the next move now, B: back to play.`);
  } catch (e) {
    const why = String(e.message || e).split("\n").filter((l) => l).pop().replace(/^\w*Error: /, "");
    status("This link's game cannot be replayed: " + why, true);
  }
}

// -- start -------------------------------------------------------------------
async function main() {
  const t = performance.now();
  const pack = new Uint8Array(await (await fetch("app.bin")).arrayBuffer());
  page.machine = await start(loadMicroPython, pack, { stdout: printed, leds, tone, url: "micropython.wasm" });
  page.machine.onNvm = keepNvm;
  const asked = params.get("size") || localStorage.getItem(SIZE_KEY);
  boot(SIZES[asked] ? asked : "pico_display2");
  page.loadMs = performance.now() - t;
  $("size").addEventListener("change", () => {
    localStorage.setItem(SIZE_KEY, $("size").value);
    boot($("size").value);
    tick();
    $("size").blur();
  });
  $("forget").addEventListener("click", () => {
    if (confirm("Forget the saved game, the records and the settings kept in this browser?")) {
      localStorage.removeItem(NVM_KEY);
      boot(page.size);
      tick();
    }
  });
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("share-link").href));
  $("sound").addEventListener("change", () => tone(0, 0));
  const hash = new URLSearchParams(location.hash.slice(1));
  if (!TEST) {
    page.live = true;
    page.timer = setInterval(tick, STEP_MS);
    tick();
    status("");
    if (hash.get("record")) {
      // let the app start (its first frames), then show the game
      setTimeout(() => {
        watch(hash.get("record"));
        page.watchTimer = setInterval(() => { if (!watchNext()) clearInterval(page.watchTimer); }, MOVE_MS);
      }, 200);
    }
  } else {
    status("test mode: the test drives the page");
  }
}

// -- what the browser test calls ----------------------------------------------
page.replay = async (log, options = {}) => {
  const digest = async (bytes) => {
    const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(d, (b) => (b < 16 ? "0" : "") + b.toString(16)).join("");
  };
  const result = await replay(page.machine, log, digest, options);
  boot(log.size === page.size ? page.size : log.size); // the page's own board again
  return result;
};
page.boot = (size) => boot(size);
// a virtual clock, as the simulator's scripts run: press = down, 20 ms, up, 20 ms
page.vt = 0;
page.vstep = (ms = 20) => {
  page.vt += ms;
  page.machine.step(page.vt);
  draw(page.machine.areas);
};
page.press = (names) => {
  for (const name of names.split(",").map((n) => n.trim().toUpperCase()).filter((n) => n)) {
    if (name.startsWith("WAIT")) { page.wait(name.includes(":") ? parseInt(name.split(":")[1], 10) : 1000); continue; }
    const hold = name === "HOLD_B";
    const key = KEYS[hold ? "B" : name];
    if (key === undefined) throw new Error("unknown button " + name);
    page.machine.key(key, true);
    if (hold) page.wait(800); else page.vstep();
    page.machine.key(key, false);
    page.vstep();
  }
};
page.wait = (ms) => { for (let t = 0; t < Math.max(1, Math.floor(ms / 50)); t++) page.vstep(50); };
page.until = (screen, ms) => {
  for (let t = 0; t < ms; t += 50) {
    if (page.screen() === screen) return true;
    page.vstep(50);
  }
  return page.screen() === screen;
};
// a computer game to its end, as the device plan's "play" step: A on a
// dialog or hand-over on the way (Okko's board changes)
page.play = (ms) => {
  const stops = new Set(["EndScreen", "DialogScreen", "HandOverScreen"]);
  for (let t = 0; t < ms; t += 50) {
    const screen = page.screen();
    if (screen === "EndScreen") return true;
    if (stops.has(screen)) page.press("A");
    else page.vstep(50);
  }
  return page.screen() === "EndScreen";
};
page.row = (text) => Array.from(page.machine.main.choose(text));
page.choose = (text) => {
  const [row, at] = page.machine.main.choose(text);
  if (row < 0) throw new Error("no menu row " + JSON.stringify(text) + " on " + page.screen() + ": " + page.describe());
  page.press(Array(Math.abs(row - at)).fill(row > at ? "Y" : "X").concat(["A"]).join(","));
};
page.describe = () => page.machine.main.describe();
page.live = false;
page.goLive = () => { page.live = true; page.t0 = performance.now(); page.timer = setInterval(tick, STEP_MS); tick(); };
page.watchText = (text) => watch(text);
page.watchAll = () => { while (watchNext()); return page.machine.main.state_hex(); };
page.stateHex = () => page.machine.main.state_hex();
page.screen = () => page.machine.screenName();

page.ready = main().catch((e) => {
  status("Sanbon could not start: " + (e.message || e), true);
  throw e;
});
