// Sanbon's emulated Pico: real CircuitPython on rp2040js 1.4.1, driven by a scenario.
//
//   node tools/device/emu.mjs --uf2 F --bootrom F --drive IMG --script S.mjs
//        [--nvm-in F] [--nvm-out F] [--shots DIR] [--window x,y,w,h[,cw|ccw]]
//        [--lines OUT.tsv] [--max-emu-s N] [--max-wall-s N] [--xip-miss-cycles N]
//        [--param key=value ...]
//
// --uf2 / --bootrom default to env SANBON_CP_UF2 / SANBON_RP2040_BOOTROM. The
// bootrom is either rp2040js's demo/bootrom.ts (4,096 hex words) or a raw
// 16 KiB dump. The drive image (1 MiB FAT, tools/device/fat.py) goes at flash
// offset 0x100000 (CIRCUITPY), the optional NVM sector at 0xFF000.
//
// What this adds to rp2040js (which, as 1.4.1 ships, cannot run CircuitPython
// to a usable state):
// - BOOTSEL reads high (not pressed): rp2040js reads the QSPI SS pin low, and
//   CircuitPython senses BOOTSEL there at boot.
// - USB CDC: an OUT read is held until the host has bytes to send, as a real
//   host's NAKs do (rp2040js answers at once with 0 bytes, so the firmware takes
//   USB interrupts back to back and never idles).
// - WFI with an enabled interrupt already pending does not sleep (rp2040js only
//   wakes on a new one; CircuitPython's "disable IRQs, check, WFI" idle then
//   loses timer ticks for good).
// - The bootrom's flash_range_erase / flash_range_program are done here (the
//   SSI is a stub): each charges the W25Q16JV's typical 45 ms per 4 KiB sector
//   erase and 0.4 ms per 256-byte page to the emulated clock. Their entry points
//   in the bootrom are patched to BKPT, so the hot loop does not test the PC.
// - An XIP cache model: 16 KiB, 2-way LRU, 8-byte lines; every miss stalls the
//   core --xip-miss-cycles (default 60: boot2's quad-I/O continuous read at
//   clk_sys/2, 28 SCK plus overhead). 0 turns the model off.
// - SPI frames complete after their bit time at the programmed SPI clock.
// - PIO runs on the emulated clock: each enabled state machine executes at
//   clk_sys over its clock divider, an instruction's delay cycles included.
//   rp2040js steps PIO from setTimeout, in wall time, so a core waiting on a
//   state machine (CircuitPython's neopixel_write waits for its TX FIFO to
//   drain) spun for tens of emulated ms per NeoPixel write (25-43 ms of a
//   computer's move that changed the LEDs), where a Pico takes well under 1.
// - The ST7789's CASET/RASET/RAMWR stream (SPI0, DC GP16, CS GP17) is decoded
//   into 320x320 RGB565 panel memory, MADCTL's exchange and mirrors applied as
//   the datasheet has them; --window picks the visible screen.
//   With env SANBON_LCD_LOG=FILE, every RAMWR's window goes to FILE as
//   "emulated us<TAB>x0<TAB>x1<TAB>y0<TAB>y1" (panel coordinates): what
//   displayio redrew, and when.
// - Buttons A, B, X, Y on GP12..GP15, active low.
//
// Time: rp2040js's Cortex-M0+ cycle table at clk_sys as the firmware programs
// it (125 MHz), plus XIP misses, flash stalls and SPI bit times; WFI skips to
// the next timer event. Console lines are stamped with that clock.
//
// Scenario: a .mjs exporting `default async function (api)`; see `api` below.
// Output: `[emulated s] line` per console line on stdout, `# ...` notes, and at
// the end `# result {json}` (the scenario's return value and stats()). Exit 0
// when the scenario returns, 1 when it throws or a limit is hit.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Simulator, USBCDC } from 'rp2040js';

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const o = { params: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const key = a.slice(2);
    const val = argv[++i];
    if (val === undefined) throw new Error(`${a} needs a value`);
    if (key === 'param') {
      const eq = val.indexOf('=');
      if (eq < 0) throw new Error(`--param ${val}: expected key=value`);
      o.params[val.slice(0, eq)] = val.slice(eq + 1);
    } else o[key.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = val;
  }
  return o;
}
const args = parseArgs(process.argv.slice(2));
const UF2 = args.uf2 || process.env.SANBON_CP_UF2;
const BOOTROM = args.bootrom || process.env.SANBON_RP2040_BOOTROM;
if (!UF2 || !BOOTROM) {
  process.stderr.write(
    'emu.mjs: needs the CircuitPython UF2 (--uf2 or SANBON_CP_UF2) and the RP2040 bootrom ' +
      '(--bootrom or SANBON_RP2040_BOOTROM)\n',
  );
  process.exit(2);
}
if (!args.script) {
  process.stderr.write('emu.mjs: --script S.mjs is required\n');
  process.exit(2);
}
const MAX_EMU_S = Number(args.maxEmuS ?? 3600);
const MAX_WALL_S = Number(args.maxWallS ?? 3600);
const XIP_MISS = Number(args.xipMissCycles ?? 60);
const SHOTS = path.resolve(args.shots || 'shots');
const WINDOW = (() => {
  const f = (args.window || '0,0,320,320').split(',');
  const [x, y, w, h] = f.slice(0, 4).map(Number);
  return { x, y, w, h, rot: f[4] || '' };
})();

const FLASH_ERASE_NS = 45e6; // per 4 KiB sector
const FLASH_PAGE_NS = 0.4e6; // per 256-byte page
const DRIVE_OFFSET = 0x100000;
const DRIVE_SIZE = 0x100000;
const NVM_OFFSET = 0xff000;
const NVM_SIZE = 0x1000;
const DC_PIN = 16;
const CS_PIN = 17;
const BUTTONS = { A: 12, B: 13, X: 14, Y: 15 };

function note(text) {
  process.stdout.write(`# ${text}\n`);
}

// ---------------------------------------------------------------- the chip
const sim = new Simulator();
const mcu = sim.rp2040;
const clock = sim.clock;
const core = mcu.core;

function readBootrom(file) {
  const buf = fs.readFileSync(file);
  if (buf.length === 16384) return new Uint32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 16384));
  const words = buf.toString('latin1').match(/0x[0-9a-fA-F]{1,8}/g) || [];
  if (words.length !== 4096) throw new Error(`${file}: neither a 16 KiB dump nor 4,096 hex words (${words.length})`);
  return Uint32Array.from(words, (h) => parseInt(h, 16) >>> 0);
}
mcu.loadBootrom(readBootrom(BOOTROM));

const flash = mcu.flash;
const flashView = mcu.flashView;
function loadUf2(file) {
  const buf = fs.readFileSync(file);
  let blocks = 0;
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    if (buf.readUInt32LE(off) !== 0x0a324655 || buf.readUInt32LE(off + 4) !== 0x9e5d5157) continue;
    if (buf.readUInt32LE(off + 508) !== 0x0ab16f30) continue;
    const target = buf.readUInt32LE(off + 12);
    const size = buf.readUInt32LE(off + 16);
    if (target < 0x10000000 || target + size > 0x10000000 + flash.length) continue;
    flash.set(buf.subarray(off + 32, off + 32 + size), target - 0x10000000);
    blocks++;
  }
  if (!blocks) throw new Error(`${file}: no UF2 blocks for the RP2040's flash`);
  return blocks;
}
note(`firmware ${path.basename(UF2)}: ${loadUf2(UF2)} UF2 blocks`);
if (args.drive) {
  const img = fs.readFileSync(args.drive);
  if (img.length > DRIVE_SIZE) throw new Error(`${args.drive}: larger than 1 MiB`);
  flash.set(img, DRIVE_OFFSET);
  note(`drive ${path.basename(args.drive)}: ${img.length} bytes at 0x${DRIVE_OFFSET.toString(16)}`);
}
if (args.nvmIn && fs.existsSync(args.nvmIn)) {
  flash.set(fs.readFileSync(args.nvmIn).subarray(0, NVM_SIZE), NVM_OFFSET);
  note(`nvm ${path.basename(args.nvmIn)}`);
}

const warnings = new Map();
function warn(kind, component, message) {
  const k = `${kind}${component}: ${message}`;
  warnings.set(k, (warnings.get(k) || 0) + 1);
}
mcu.logger = {
  debug() {},
  info() {},
  warn: (c, m) => warn('', c, m),
  error: (c, m) => warn('ERROR ', c, m),
};

// ---------------------------------------------------------------- flash writes
// The bootrom's function table: a halfword pointer at 0x14, then (code, entry)
// halfword pairs up to a zero code.
function bootromHalf(addr) {
  return (mcu.bootrom[addr >>> 2] >>> ((addr & 2) * 8)) & 0xffff;
}
function romFunction(name) {
  const code = name.charCodeAt(0) | (name.charCodeAt(1) << 8);
  for (let p = bootromHalf(0x14); ; p += 4) {
    const c = bootromHalf(p);
    if (c === 0) throw new Error(`bootrom: no ${name} function`);
    if (c === code) return bootromHalf(p + 2) & ~1;
  }
}
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
function patchBkpt(addr, imm) {
  const i = addr >>> 2;
  const shift = (addr & 2) * 8;
  mcu.bootrom[i] = ((mcu.bootrom[i] & ~(0xffff << shift)) | ((0xbe00 | imm) << shift)) >>> 0;
}
const ROM_ERASE = romFunction('RE');
const ROM_PROGRAM = romFunction('RP');
patchBkpt(ROM_ERASE, BKPT_ERASE);
patchBkpt(ROM_PROGRAM, BKPT_PROGRAM);

const flashStats = { erases: 0, erased_bytes: 0, programs: 0, programmed_bytes: 0, stall_ns: 0 };
const unknownBreaks = new Map();
mcu.onBreak = (code) => {
  const r = core.registers;
  if (code === BKPT_ERASE) {
    // flash_range_erase(addr, count, block_size, block_cmd)
    const addr = r[0] >>> 0, count = r[1] >>> 0;
    flash.fill(0xff, addr, addr + count);
    flashStats.erases++;
    flashStats.erased_bytes += count;
    stallNs(Math.ceil(count / 4096) * FLASH_ERASE_NS);
  } else if (code === BKPT_PROGRAM) {
    // flash_range_program(addr, data, count): programming only clears bits
    const addr = r[0] >>> 0, data = r[1] >>> 0, count = r[2] >>> 0;
    for (let i = 0; i < count; i++) flash[addr + i] &= mcu.readUint8(data + i);
    flashStats.programs++;
    flashStats.programmed_bytes += count;
    stallNs(Math.ceil(count / 256) * FLASH_PAGE_NS);
  } else {
    unknownBreaks.set(code, (unknownBreaks.get(code) || 0) + 1);
    return;
  }
  core.PC = core.LR & ~1; // return from the ROM function
};
function stallNs(ns) {
  flashStats.stall_ns += ns;
  clock.tick(ns);
}

// ---------------------------------------------------------------- XIP cache
// 1,024 sets x 2 ways x 8-byte lines. 0x10/0x11: cached (0x11 without
// allocation), 0x12/0x13: not cached (every access misses).
const xipWay0 = new Int32Array(1024).fill(-1);
const xipWay1 = new Int32Array(1024).fill(-1);
const xipOld = new Uint8Array(1024); // which way to replace next
let xipMisses = 0;
let xipAccesses = 0;
let penalty = 0; // stall cycles of the instruction in progress
function xip(a) {
  xipAccesses++;
  const region = a >>> 24;
  if (region >= 0x12) {
    xipMisses++;
    penalty += XIP_MISS;
    return;
  }
  const line = (a & 0xffffff) >>> 3;
  const set = line & 1023;
  const tag = line >>> 10;
  if (xipWay0[set] === tag) {
    xipOld[set] = 1;
    return;
  }
  if (xipWay1[set] === tag) {
    xipOld[set] = 0;
    return;
  }
  xipMisses++;
  penalty += XIP_MISS;
  if (region === 0x11) return;
  if (xipOld[set]) {
    xipWay1[set] = tag;
    xipOld[set] = 0;
  } else {
    xipWay0[set] = tag;
    xipOld[set] = 1;
  }
}
function xipFlush() {
  xipWay0.fill(-1);
  xipWay1.fill(-1);
}
if (XIP_MISS > 0) {
  // 0x10000000..0x13ffffff is the XIP window: read the flash array directly
  core.readUint16 = (a) => {
    if (a >>> 26 === 4) {
      xip(a);
      return flashView.getUint16(a & 0xffffff, true);
    }
    return mcu.readUint16(a);
  };
  core.readUint32 = (a) => {
    if (a >>> 26 === 4) {
      xip(a);
      return flashView.getUint32(a & 0xffffff, true);
    }
    return mcu.readUint32(a);
  };
  core.readUint8 = (a) => {
    if (a >>> 26 === 4) {
      xip(a);
      return flash[a & 0xffffff];
    }
    return mcu.readUint8(a);
  };
  const write32 = mcu.writeUint32.bind(mcu);
  mcu.writeUint32 = (a, v) => {
    if (a >>> 0 === 0x14000004) xipFlush(); // XIP_CTRL FLUSH
    write32(a, v);
  };
}

// ---------------------------------------------------------------- console
const lines = []; // {t: emulated ms, text}
let partial = '';
const tsv = args.lines ? fs.createWriteStream(args.lines) : null;
if (tsv) tsv.write('emu_ns\ttext\n');
function emuMs() {
  return clock.nanos / 1e6;
}
function consoleText(text) {
  for (const ch of text) {
    if (ch !== '\n') {
      partial += ch;
      continue;
    }
    // drop CRs and the OSC title sequences CircuitPython sends
    const clean = partial.replace(/\r/g, '').replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '');
    partial = '';
    const line = { t: emuMs(), text: clean };
    lines.push(line);
    process.stdout.write(`[${(line.t / 1000).toFixed(3)}] ${clean}\n`);
    if (tsv) tsv.write(`${Math.round(clock.nanos)}\t${clean.replace(/\t/g, ' ')}\n`);
  }
  if (waiters.length) checkWaiters();
}
const decoder = new TextDecoder();
const cdc = new USBCDC(mcu.usbCtrl);
cdc.onDeviceConnected = () => note(`[${emuMs().toFixed(1)} ms] USB CDC connected`);
cdc.onSerialData = (buf) => consoleText(decoder.decode(buf, { stream: true }));
mcu.uart[0].onByte = (b) => consoleText(String.fromCharCode(b));

// Hold the firmware's OUT read until the host has bytes (a host NAKs meanwhile).
const answerRead = mcu.usbCtrl.onEndpointRead;
let heldRead = null;
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) heldRead = [endpoint, size];
  else answerRead(endpoint, size);
};
const hostBytes = [];
function pumpHost() {
  while (hostBytes.length && !cdc.txFIFO.full) cdc.sendSerialByte(hostBytes.shift());
  if (heldRead && !cdc.txFIFO.empty) {
    const [e, s] = heldRead;
    heldRead = null;
    answerRead(e, s);
  }
}

// ---------------------------------------------------------------- SPI + ST7789
const PANEL = 320;
const panel = new Uint16Array(PANEL * PANEL);
const lcd = { cmd: -1, argc: 0, args: [0, 0, 0, 0], x0: 0, x1: PANEL - 1, y0: 0, y1: PANEL - 1, x: 0, y: 0, hi: -1,
  madctl: 0 };
// MADCTL (0x36) as the ST7789's datasheet has it: MV (0x20) exchanges the
// host's column and row addresses, then MX (0x40) mirrors the physical column
// axis (240 wide) and MY (0x80) the physical row axis (320 high). `panel` holds
// the memory as a host with MADCTL 0xC0 (MX|MY) addresses it, so the windows in
// emu.py's BOARDS stay in those coordinates whatever MADCTL a build sends.
function panelIndex(c, r) {
  const m = lcd.madctl;
  let a = c, b = r;
  if (m & 0x20) (a = r), (b = c);
  if (m & 0x40) a = 239 - a;
  if (m & 0x80) b = 319 - b;
  const x = 239 - a, y = 319 - b; // physical -> the MX|MY host's address
  return x >= 0 && y >= 0 && x < PANEL && y < PANEL ? y * PANEL + x : -1;
}
let ramwrBytes = 0;
const lcdLog = process.env.SANBON_LCD_LOG ? fs.createWriteStream(process.env.SANBON_LCD_LOG) : null;
let spiBytes = 0;
function lcdCommand(b) {
  lcd.cmd = b;
  lcd.argc = 0;
  lcd.hi = -1;
  if (b === 0x2c) {
    if (lcdLog) lcdLog.write(`${Math.round(clock.nanos / 1e3)}\t${lcd.x0}\t${lcd.x1}\t${lcd.y0}\t${lcd.y1}\n`);
    lcd.x = lcd.x0;
    lcd.y = lcd.y0;
  }
}
function lcdData(b) {
  if (lcd.cmd === 0x2c) {
    ramwrBytes++;
    if (lcd.hi < 0) {
      lcd.hi = b;
      return;
    }
    const i = panelIndex(lcd.x, lcd.y);
    if (i >= 0) panel[i] = (lcd.hi << 8) | b;
    lcd.hi = -1;
    if (++lcd.x > lcd.x1) {
      lcd.x = lcd.x0;
      if (++lcd.y > lcd.y1) lcd.y = lcd.y0;
    }
    return;
  }
  if (lcd.cmd === 0x36 && lcd.argc === 0) lcd.madctl = b;
  if (lcd.argc < 4) lcd.args[lcd.argc] = b;
  lcd.argc++;
  if (lcd.argc !== 4) return;
  const lo = (lcd.args[0] << 8) | lcd.args[1];
  const hi = (lcd.args[2] << 8) | lcd.args[3];
  if (lcd.cmd === 0x2a) {
    lcd.x0 = lo;
    lcd.x1 = hi;
  } else if (lcd.cmd === 0x2b) {
    lcd.y0 = lo;
    lcd.y1 = hi;
  }
}
const spi = mcu.spi[0];
const dcPin = mcu.gpio[DC_PIN];
const csPin = mcu.gpio[CS_PIN];
let spiHz = 0; // the SPI clock of the last byte
const spiDone = clock.createAlarm(() => spi.completeTransmit(0));
spi.onTransmit = (value) => {
  spiBytes++;
  if (!csPin.outputValue) {
    if (dcPin.outputValue) lcdData(value & 0xff);
    else lcdCommand(value & 0xff);
  }
  const hz = spi.clockFrequency;
  spiHz = hz;
  if (hz > 0) spiDone.schedule((spi.dataBits * 1e9) / hz);
  else spi.completeTransmit(0);
};

// The window as seen: rotated when the panel is mounted sideways.
function frame() {
  const { x, y, w, h, rot } = WINDOW;
  const side = rot === 'cw' || rot === 'ccw';
  const W = side ? h : w, H = side ? w : h;
  const px = new Uint16Array(W * H);
  for (let r = 0; r < H; r++)
    for (let c = 0; c < W; c++) {
      let sx = c, sy = r;
      if (rot === 'cw') (sx = r), (sy = h - 1 - c);
      else if (rot === 'ccw') (sx = w - 1 - r), (sy = c);
      px[r * W + c] = panel[(y + sy) * PANEL + (x + sx)];
    }
  return { w: W, h: H, px };
}
function crc32(buf) {
  if (zlib.crc32) return zlib.crc32(buf);
  let crc = ~0;
  for (const b of buf) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}
function png({ w, h, px }) {
  const row = w * 3 + 1;
  const raw = Buffer.alloc(row * h);
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const v = px[r * w + c];
      const o = r * row + 1 + c * 3;
      raw[o] = (((v >> 11) & 31) * 255 + 15) / 31;
      raw[o + 1] = (((v >> 5) & 63) * 255 + 31) / 63;
      raw[o + 2] = ((v & 31) * 255 + 15) / 31;
    }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- pins
for (const g of Object.values(BUTTONS)) mcu.gpio[g].setInputValue(true); // pulled up
Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true }); // BOOTSEL: not pressed

// ---------------------------------------------------------------- the loop
let nsPerCycle = 1e9 / mcu.clkSys;
mcu.addClockListener((hz) => {
  nsPerCycle = 1e9 / hz;
  note(`[${emuMs().toFixed(1)} ms] clk_sys = ${hz / 1e6} MHz`);
});
let cycles = 0;
let instrs = 0;
let idleNs = 0;
let stallCycles = 0;
let pendingWakes = 0;
let yieldNow = false; // set by alarms the scenario waits on

// PIO on the emulated clock (see the top): rp2040js's own setTimeout loop is
// turned off and the running state machines are stepped from the hot loop.
const pios = mcu.pio;
const pioAt = [new Float64Array(4), new Float64Array(4)]; // each machine's clock, in its own cycles
for (const pio of pios) pio.run = function () {};
function stepPio(cpuCycles) {
  for (let b = 0; b < 2; b++) {
    const pio = pios[b];
    if (pio.stopped) continue;
    const at = pioAt[b];
    for (let m = 0; m < 4; m++) {
      const sm = pio.machines[m];
      if (!sm.enabled) continue;
      const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
      if (sm.cycles + 64 < at[m] || sm.cycles > at[m] + 64) at[m] = sm.cycles; // restarted
      at[m] += cpuCycles / div;
      for (let guard = 0; sm.cycles < at[m] && guard < 64; guard++) {
        const before = sm.cycles;
        sm.step();
        if (sm.cycles === before) { // stalled (a wait or an empty FIFO): the time passes idle
          sm.cycles = at[m];
          break;
        }
      }
    }
    pio.checkChangedPins();
  }
}

function run(budget) {
  yieldNow = false;
  let n = 0, c = 0, p = 0;
  for (let i = 0; i < budget && !yieldNow; i++) {
    if (core.waiting) {
      if (core.pendingInterrupts & core.enabledInterrupts) {
        core.waiting = false; // WFI does not sleep with an interrupt pending
        core.interruptsUpdated = true;
        pendingWakes++;
        continue;
      }
      let dt = clock.nanosToNextAlarm;
      if (dt <= 0) dt = 1000;
      idleNs += dt;
      clock.tick(dt);
      if (!pios[0].stopped || !pios[1].stopped) stepPio(dt / nsPerCycle);
      continue;
    }
    const k = core.executeInstruction();
    n++;
    c += k;
    if (!pios[0].stopped || !pios[1].stopped) stepPio(k);
    if (penalty) {
      p += penalty;
      clock.tick((k + penalty) * nsPerCycle);
      penalty = 0;
    } else clock.tick(k * nsPerCycle);
  }
  instrs += n;
  cycles += c;
  stallCycles += p;
}

// ---------------------------------------------------------------- scenario API
const waiters = [];
let cursor = 0;
function hit(pattern, text) {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}
function checkWaiters() {
  for (let i = 0; i < waiters.length; i++) {
    const w = waiters[i];
    let found = null;
    for (let j = w.from; j < lines.length; j++)
      if (hit(w.pattern, lines[j].text)) {
        found = lines[j];
        cursor = Math.max(cursor, j + 1);
        break;
      }
    if (!found && w.partial && partial && hit(w.pattern, partial)) {
      found = { t: emuMs(), text: partial, partial: true };
      cursor = Math.max(cursor, lines.length);
    }
    if (found) {
      waiters.splice(i--, 1);
      w.alarm.cancel();
      yieldNow = true;
      w.resolve(found);
    } else w.from = lines.length;
  }
}
function after(ms, fn) {
  const a = clock.createAlarm(() => {
    yieldNow = true;
    fn();
  });
  a.schedule(ms * 1e6);
  return a;
}
const wallStart = Date.now();
function stats() {
  const wall = (Date.now() - wallStart) / 1000;
  return {
    emu_s: clock.nanos / 1e9,
    cycles: cycles + stallCycles,
    cpu_cycles: cycles,
    instructions: instrs,
    idle_s: idleNs / 1e9,
    clk_sys_mhz: mcu.clkSys / 1e6,
    flash: {
      erases: flashStats.erases,
      erased_bytes: flashStats.erased_bytes,
      programs: flashStats.programs,
      programmed_bytes: flashStats.programmed_bytes,
      stall_s: flashStats.stall_ns / 1e9,
    },
    xip: { miss_cycles: XIP_MISS, accesses: xipAccesses, misses: xipMisses, stall_cycles: stallCycles },
    spi_bytes: spiBytes,
    spi_hz: spiHz,
    lcd_ramwr_bytes: ramwrBytes,
    wfi_pending_wakes: pendingWakes,
    wall_s: wall,
    mips: wall > 0 ? instrs / wall / 1e6 : 0,
  };
}
const BACKLIGHT_GPIO = 20;
const api = {
  mcu,
  clock,
  lines,
  params: args.params,
  window: WINDOW,
  panel,
  out: (line) => process.stdout.write(`# ${line}\n`),
  now: emuMs,
  sleep: (ms) => new Promise((resolve) => after(ms, resolve)),
  // the first console line from the cursor on that matches, or null on timeout
  waitFor(pattern, timeoutS = 600, opts = {}) {
    return new Promise((resolve) => {
      const w = { pattern, from: cursor, partial: !!opts.partial, resolve };
      w.alarm = after(timeoutS * 1000, () => {
        const i = waiters.indexOf(w);
        if (i >= 0) waiters.splice(i, 1);
        resolve(null);
      });
      waiters.push(w);
      checkWaiters();
    });
  },
  skipToEnd() {
    cursor = lines.length;
  },
  send(text) {
    for (const b of Buffer.from(text, 'utf8')) hostBytes.push(b);
  },
  async press(name, holdMs = 100, gapMs = 200) {
    const pin = mcu.gpio[BUTTONS[name]];
    if (!pin) throw new Error(`no button ${name}`);
    pin.setInputValue(false);
    await api.sleep(holdMs);
    pin.setInputValue(true);
    await api.sleep(gapMs);
  },
  frame,
  // The Pico Display Packs' backlight on GP20, 0..1: the duty cycle of PWM
  // slice 2 channel A when the pin is in its PWM function, else the pin's level.
  backlight() {
    const pin = mcu.gpio[BACKLIGHT_GPIO];
    if (pin.functionSelect === 4) {
      const ch = mcu.pwm.channels[2];
      if (!(ch.csr & 1)) return 0;
      return Math.min(1, (ch.cc & 0xffff) / ((ch.top & 0xffff) + 1));
    }
    return pin.outputValue ? 1 : 0;
  },
  screenshot(name) {
    const file = path.join(SHOTS, name.endsWith('.png') ? name : `${name}.png`);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(file, png(frame()));
    note(`[${emuMs().toFixed(1)} ms] screenshot ${file}`);
    return file;
  },
  stats,
};

// ---------------------------------------------------------------- main
let finished = false;
function finish(code, outcome) {
  if (finished) return;
  finished = true;
  if (partial) consoleText('\n');
  if (args.nvmOut) fs.writeFileSync(args.nvmOut, flash.subarray(NVM_OFFSET, NVM_OFFSET + NVM_SIZE));
  if (args.driveOut) fs.writeFileSync(args.driveOut, flash.subarray(DRIVE_OFFSET, DRIVE_OFFSET + DRIVE_SIZE));
  for (const [k, v] of warnings) note(`rp2040js ${k} (x${v})`);
  for (const [k, v] of unknownBreaks) note(`BKPT 0x${k.toString(16)} (x${v})`);
  let json;
  try {
    json = JSON.stringify({ ...outcome, stats: stats() });
  } catch (e) {
    json = JSON.stringify({ ...outcome, result: String(outcome.result), stats: stats() });
  }
  process.stdout.write(`# result ${json}\n`);
  const exit = () => process.exit(code);
  if (tsv) tsv.end(exit);
  else exit();
}

core.PC = 0x10000000; // boot2 at the start of flash, as rp2040js's demo starts
let lastReport = Date.now();
function loop() {
  if (finished) return;
  const t0 = Date.now();
  do {
    pumpHost();
    run(50000);
  } while (!yieldNow && !finished && Date.now() - t0 < 50);
  if (clock.nanos / 1e9 > MAX_EMU_S) return finish(1, { error: `--max-emu-s ${MAX_EMU_S} reached` });
  if ((Date.now() - wallStart) / 1000 > MAX_WALL_S) return finish(1, { error: `--max-wall-s ${MAX_WALL_S} reached` });
  if (Date.now() - lastReport > 30000) {
    lastReport = Date.now();
    const s = stats();
    process.stderr.write(
      `# progress: emulated ${s.emu_s.toFixed(1)} s, wall ${s.wall_s.toFixed(0)} s, ${s.mips.toFixed(1)} M instr/s\n`,
    );
  }
  setImmediate(loop);
}

const scenario = await import(pathToFileURL(path.resolve(args.script)).href);
process.on('SIGINT', () => finish(1, { error: 'SIGINT' }));
process.on('SIGTERM', () => finish(1, { error: 'SIGTERM' }));
Promise.resolve()
  .then(() => scenario.default(api))
  .then(
    (result) => finish(0, { result: result === undefined ? null : result }),
    (e) => {
      process.stdout.write(`# scenario error: ${e && e.stack ? e.stack : e}\n`);
      finish(1, { error: String(e && e.message ? e.message : e) });
    },
  );
loop();
