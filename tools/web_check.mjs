// The browser test's driver: the page that `make web` serves, in a real
// headless Chromium (Debian's, driven by playwright-core; nothing is
// downloaded). tests/test_web.py runs it and checks what it prints.
//
//   node tools/web_check.mjs CONFIG.json
//
// CONFIG: {"url": the page, "chromium": its path, "checks": [names], "out": a
// folder for screenshots, "plan": {"instant": [presses...], "setup": {game:
// presses}, "titles": {game: menu row}}, "logs": [log files], "shots": [[name,
// size, presses: steps split by "|", each button names or "choose:<menu row>"]]}. Prints one JSON object: a result per check.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const browser = await chromium.launch({ executablePath: config.chromium, args: ARGS });
const results = {};
const problems = [];

async function open(query = "?test", hash = "", context = null) {
  const ctx = context || (await browser.newContext({ viewport: { width: 1100, height: 900 } }));
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
  await page.goto(config.url + query + hash);
  await page.evaluate(() => window.sanbon.ready);
  return page;
}

// the main menu -> settings: computer speed instant -> back at the menu's top
async function instant(page) {
  for (const step of config.plan.instant) await page.evaluate((p) => window.sanbon.press(p), step);
}

// -- a full computer game of each title, its "Share game" link, and its replay
async function games() {
  const out = {};
  for (const game of Object.keys(config.plan.setup)) {
    const page = await open();
    const t0 = Date.now();
    await instant(page);
    await page.evaluate((p) => window.sanbon.press(p), config.plan.setup[game]);
    const setup = await page.evaluate(() => window.sanbon.describe());
    await page.evaluate(() => window.sanbon.press("A"));
    const ended = await page.evaluate(() => window.sanbon.play(3600 * 1000));
    const vt = await page.evaluate(() => window.sanbon.vt);
    const end = await page.evaluate(() => window.sanbon.describe());
    const finalHex = await page.evaluate(() => window.sanbon.stateHex());
    if (config.out) await page.locator("canvas#screen").screenshot({ path: join(config.out, `end-${game}.png`) });
    await page.evaluate(() => window.sanbon.choose("Share game"));
    const record = await page.evaluate(() => window.sanbon.record);
    const wall = Date.now() - t0;
    await page.context().close();
    let replayed = null, replayError = null;
    if (record) {
      const link = await open("?test", "#record=" + encodeURIComponent(record));
      replayed = await link.evaluate((r) => { window.sanbon.watchText(r); return window.sanbon.watchAll(); }, record);
      replayError = await link.evaluate(() => document.getElementById("status").classList.contains("error")
        ? document.getElementById("status").textContent : null);
      await link.context().close();
    }
    out[game] = { setup, ended, end, virtual_ms: vt, wall_ms: wall, final: finalHex, record, replayed, replayError };
  }
  return out;
}

// -- a shared link opened as a player opens it: the moves play by themselves
async function link() {
  const page = await open();
  await instant(page);
  const game = Object.keys(config.plan.setup)[0];
  await page.evaluate((p) => window.sanbon.press(p), config.plan.setup[game]);
  await page.evaluate(() => window.sanbon.press("A"));
  await page.evaluate(() => window.sanbon.play(3600 * 1000));
  await page.evaluate(() => window.sanbon.choose("Share game"));
  const href = await page.getAttribute("#share-link", "href");
  const shown = await page.isVisible("#share");
  await page.context().close();
  const live = await open("", "#" + href.split("#")[1]);
  await live.waitForFunction(() => /move 2 of/.test(document.getElementById("status").textContent), null, { timeout: 10000 });
  await live.keyboard.press("a"); // A: the next move at once
  const status = await live.textContent("#status");
  const screen = await live.evaluate(() => window.sanbon.screen());
  await live.context().close();
  const bad = await open("", "#record=U1IBAQ%3D%3D");
  await bad.waitForFunction(() => document.getElementById("status").classList.contains("error"), null, { timeout: 5000 });
  const badStatus = await bad.textContent("#status");
  const badScreen = await bad.evaluate(() => window.sanbon.screen());
  await bad.context().close();
  return { shown, href_has_record: href.includes("#record="), status, screen, badStatus, badScreen };
}

// -- a human turn of each title through the on-screen buttons, in real time
async function human() {
  const out = {};
  const titles = config.plan.titles;
  for (const game of Object.keys(titles)) {
    const page = await open();
    await page.evaluate(() => window.sanbon.goLive());
    const click = async (name, n = 1) => {
      for (let i = 0; i < n; i++) {
        await page.click(`.key[data-key="${name}"]`);
        await page.waitForTimeout(40);
      }
    };
    await click("Y", titles[game]);
    await click("A");
    await page.waitForFunction(() => window.sanbon.screen() === "SetupScreen", null, { timeout: 5000 });
    const setup = await page.evaluate(() => window.sanbon.describe());
    const [row, at] = await page.evaluate(() => window.sanbon.row("Start"));
    await click("Y", row - at);
    await click("A");
    await page.waitForFunction(() => window.sanbon.screen() === "GameScreen", null, { timeout: 10000 });
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => window.sanbon.stateHex());
    let clicks = 0, after = before;
    while (after === before && clicks < 16) {
      await click("A");
      clicks++;
      await page.waitForTimeout(120);
      after = await page.evaluate(() => window.sanbon.stateHex());
    }
    if (config.out) await page.locator("canvas#screen").screenshot({ path: join(config.out, `human-${game}.png`) });
    const presses = await page.evaluate(() => window.sanbon.pressTimes);
    out[game] = { setup, clicks, changed: after !== before, presses };
    await page.context().close();
  }
  return out;
}

// -- the rest a player meets: hold B, touch, the size switch, the LEDs, the sound
async function extras() {
  const out = {};
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, hasTouch: true });
  const page = await open("?test", "", ctx);
  await page.evaluate(() => window.sanbon.goLive());
  // hold the on-screen B for a second on the menu: the pause menu? (no: only in a game) -> start one first
  await page.tap("canvas#screen"); // a tap is A: Kyudo's setup
  await page.waitForTimeout(200);
  out.tap = await page.evaluate(() => window.sanbon.screen());
  await page.evaluate(() => window.sanbon.choose("Start"));
  await page.waitForFunction(() => window.sanbon.screen() === "GameScreen", null, { timeout: 5000 });
  await page.waitForTimeout(300);
  out.leds = await page.evaluate(() => window.sanbon.machine.leds);
  out.glow = await page.evaluate(() => Array.from(document.querySelectorAll(".leds span"), (s) => s.style.background));
  const b = page.locator('.key[data-key="B"]');
  const box = await b.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(1000);
  await page.mouse.up();
  await page.waitForTimeout(200);
  out.hold_b = await page.evaluate(() => window.sanbon.screen());
  // the size switch: a new board of that size, the save kept
  await page.selectOption("#size", "pico_display");
  await page.waitForTimeout(300);
  out.size = await page.evaluate(() => [document.getElementById("screen").width, document.getElementById("screen").height,
    window.sanbon.describe().split("\n")[1]]);
  await ctx.close();
  // the PicoSystem's speaker: the app's notes reach WebAudio
  const pico = await open("?test&size=picosystem");
  await pico.evaluate(() => window.sanbon.goLive());
  await pico.click('.key[data-key="A"]'); // a gesture: the audio starts
  await pico.waitForTimeout(100);
  await pico.evaluate(() => window.sanbon.choose("Start"));
  await pico.waitForFunction(() => window.sanbon.screen() === "GameScreen", null, { timeout: 5000 });
  for (let i = 0; i < 4; i++) { await pico.click('.key[data-key="A"]'); await pico.waitForTimeout(150); }
  out.tones = await pico.evaluate(() => window.sanbon.machine.tones.length);
  out.audio = await pico.evaluate(() => window.sanbon.audio && window.sanbon.audio.state);
  out.heard = await pico.evaluate(() => window.sanbon.heard || 0);
  await pico.context().close();
  return out;
}

// -- Continue after a reload
async function resume() {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  let page = await open("?test", "", ctx);
  const game = Object.keys(config.plan.titles)[0];
  await page.evaluate((n) => window.sanbon.press(Array(n).fill("Y").concat(["A"]).join(",")), config.plan.titles[game]);
  await page.evaluate(() => window.sanbon.choose("Start"));
  await page.evaluate(() => window.sanbon.until("GameScreen", 5000));
  // play by A until the game has been saved a few times
  let saves = 0;
  await page.evaluate(() => { window.sanbon.saved = []; const keep = window.sanbon.machine.onNvm;
    window.sanbon.machine.onNvm = (b) => { keep(b); window.sanbon.saved.push(window.sanbon.stateHex()); }; });
  for (let i = 0; i < 60 && saves < 3; i++) {
    await page.evaluate(() => { window.sanbon.press("A"); window.sanbon.wait(500); });
    saves = await page.evaluate(() => window.sanbon.saved.length);
  }
  const saved = await page.evaluate(() => window.sanbon.saved[window.sanbon.saved.length - 1]);
  const stored = await page.evaluate(() => (localStorage.getItem("sanbon-nvm") || "").length);
  await page.reload();
  await page.evaluate(() => window.sanbon.ready);
  const menu = await page.evaluate(() => window.sanbon.describe());
  const row = menu.split("\n").map((l) => l.replace(/^[>\s*]+/, "").trim()).find((l) => l.startsWith("Continue"));
  if (row) await page.evaluate((r) => window.sanbon.choose(r), row);
  await page.evaluate(() => window.sanbon.until("GameScreen", 5000));
  const restored = await page.evaluate(() => window.sanbon.stateHex());
  const screen = await page.evaluate(() => window.sanbon.screen());
  await ctx.close();
  return { saves, stored, menu, row: row || null, saved, restored, screen };
}

// -- the simulator's walks replayed in the page: every frame they looked at
async function replays() {
  const out = [];
  const page = await open();
  for (const path of config.logs || []) {
    let raw = readFileSync(path);
    if (path.endsWith(".gz")) raw = gunzipSync(raw);
    const log = JSON.parse(raw.toString());
    const r = await page.evaluate((l) => window.sanbon.replay(l, { stopAt: 3 }), log);
    r.file = path;
    out.push(r);
  }
  await page.context().close();
  return out;
}

// -- load and press figures in real time (the benchmarks)
async function speed() {
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const page = await open("");
    await page.waitForFunction(() => window.sanbon.menuAt !== null, null, { timeout: 10000 });
    loads.push(await page.evaluate(() => window.sanbon.menuAt));
    await page.context().close();
  }
  const page = await open("");
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(i % 2 ? "x" : "y");
    await page.waitForTimeout(60);
  }
  const presses = await page.evaluate(() => window.sanbon.pressTimes);
  await page.context().close();
  return { loads, presses };
}

// -- the page's screenshots for docs/
async function shots() {
  const out = [];
  for (const [name, size, presses] of config.shots || []) {
    const page = await open("?test&size=" + size);
    await instant(page);
    for (const step of (presses || "").split("|").filter((s) => s)) {
      if (step.startsWith("choose:")) await page.evaluate((t) => window.sanbon.choose(t), step.slice(7));
      else await page.evaluate((p) => window.sanbon.press(p), step);
    }
    await page.evaluate(() => window.sanbon.wait(600));
    await page.locator(".device").screenshot({ path: join(config.out, name) });
    out.push(name);
    await page.context().close();
  }
  return out;
}

const CHECKS = { games, link, human, resume, extras, replays, speed, shots };
for (const name of config.checks) {
  try {
    results[name] = await CHECKS[name]();
  } catch (e) {
    results[name] = { error: String((e && e.stack) || e) };
  }
}
results.problems = problems;
await browser.close();
process.stdout.write(JSON.stringify(results) + "\n");
