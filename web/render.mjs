// The page's panel: draws the scenes web/py/displayio.py writes, as
// displayio composes them on the device and in the simulator (Blinka's
// displayio), pixel for pixel.
//
// A Screen keeps the panel as RGB565 (one u16 a pixel) and as RGBA for a
// canvas. apply(bytes) reads one scene file (see web/py/displayio.py for
// the records), finds what changed since the last scene (a layer whose
// record differs, that is new or gone or moved in the drawing order, or
// whose bitmap or palette changed: the union of its old and new boxes) and
// redraws only those areas: black, then every layer that touches the area,
// bottom to top, a transparent palette entry drawing nothing. It returns
// the redrawn areas as [x0, y0, x1, y1] (x1, y1 exclusive).
//
// Colours: a palette's 0xRRGGBB becomes RGB565 as displayio's ColorConverter
// makes it (r >> 19, g >> 10 & 63, b >> 3 & 31), and RGB565 becomes RGBA as
// the simulator shows it (each channel * 255 / its maximum, rounded down).

const B = 66, C = 67, F = 70, P = 80, R = 82, T = 84;

export function rgb565(color) {
  return ((color >> 19) & 0x1f) << 11 | ((color >> 10) & 0x3f) << 5 | ((color >> 3) & 0x1f);
}

const RED = new Uint8Array(32), GREEN = new Uint8Array(64);
for (let i = 0; i < 32; i++) RED[i] = Math.floor((i * 255) / 31);
for (let i = 0; i < 64; i++) GREEN[i] = Math.floor((i * 255) / 63);

function box(layer) {
  const k = layer.kind;
  if (k === T) {
    return [layer.x, layer.y, layer.x + layer.scale * layer.tw * layer.w, layer.y + layer.scale * layer.th * layer.h];
  }
  if (k === R) return [layer.x, layer.y, layer.x + layer.w, layer.y + layer.h];
  const r = layer.r; // a circle's box, as vectorio's: [-r - 1, r + 1) about its centre
  return [layer.x - r - 1, layer.y - r - 1, layer.x + r + 1, layer.y + r + 1];
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class Screen {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.fb = new Uint16Array(width * height);
    this.rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 3; i < this.rgba.length; i += 4) this.rgba[i] = 255;
    this.bitmaps = new Map(); // id -> {w, h, data}
    this.palettes = new Map(); // id -> {c565: Uint16Array, clear: Uint8Array}
    this.layers = []; // drawn last, in order
    this.byId = new Map(); // id -> layer, of this.layers
    this.pixels = 0; // pixels redrawn so far (the page's figures)
  }

  // Parse one scene file; returns the layers of its last frame, and the
  // bitmaps and palettes it changed (Sets of ids).
  _parse(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0, layers = null;
    const bitmaps = new Set(), palettes = new Set();
    const n = bytes.length;
    while (at < n) {
      const kind = bytes[at];
      if (kind === F) {
        layers = [];
        at += 1;
      } else if (kind === B) {
        const id = view.getUint16(at + 1, true), w = view.getUint16(at + 3, true), h = view.getUint16(at + 5, true);
        this.bitmaps.set(id, { w, h, data: bytes.slice(at + 7, at + 7 + w * h) });
        bitmaps.add(id);
        at += 7 + w * h;
      } else if (kind === P) {
        const id = view.getUint16(at + 1, true), count = view.getUint16(at + 3, true);
        const c565 = new Uint16Array(count), clear = new Uint8Array(count);
        for (let i = 0; i < count; i++) {
          const v = view.getUint32(at + 5 + 4 * i, true);
          c565[i] = rgb565(v & 0xffffff);
          clear[i] = (v >>> 24) & 1;
        }
        this.palettes.set(id, { c565, clear });
        palettes.add(id);
        at += 5 + 4 * count;
      } else if (kind === T) {
        const w = view.getUint16(at + 12, true), h = view.getUint16(at + 14, true);
        const size = 20 + 2 * w * h;
        const layer = {
          kind, id: view.getUint16(at + 1, true), x: view.getInt16(at + 3, true), y: view.getInt16(at + 5, true),
          scale: bytes[at + 7], tw: view.getUint16(at + 8, true), th: view.getUint16(at + 10, true), w, h,
          bitmap: view.getUint16(at + 16, true), palette: view.getUint16(at + 18, true),
          tiles: new Uint16Array(w * h), rec: bytes.subarray(at, at + size),
        };
        for (let i = 0; i < w * h; i++) layer.tiles[i] = view.getUint16(at + 20 + 2 * i, true);
        layers.push(layer);
        at += size;
      } else if (kind === R) {
        layers.push({
          kind, id: view.getUint16(at + 1, true), x: view.getInt16(at + 3, true), y: view.getInt16(at + 5, true),
          w: view.getUint16(at + 7, true), h: view.getUint16(at + 9, true), palette: view.getUint16(at + 11, true),
          index: bytes[at + 13], rec: bytes.subarray(at, at + 14),
        });
        at += 14;
      } else if (kind === C) {
        layers.push({
          kind, id: view.getUint16(at + 1, true), x: view.getInt16(at + 3, true), y: view.getInt16(at + 5, true),
          r: view.getUint16(at + 7, true), palette: view.getUint16(at + 9, true), index: bytes[at + 11],
          rec: bytes.subarray(at, at + 12),
        });
        at += 12;
      } else {
        throw new Error("scene: unknown record " + kind + " at byte " + at);
      }
    }
    return { layers, bitmaps, palettes };
  }

  // Apply a scene file; returns the areas redrawn.
  apply(bytes) {
    const { layers, bitmaps, palettes } = this._parse(bytes);
    if (layers === null) return [];
    const dirty = [];
    const before = this.byId;
    const order = new Map();
    this.layers.forEach((l, i) => order.set(l.id, i));
    const now = new Map();
    layers.forEach((layer, i) => {
      layer.rec = layer.rec.slice(); // keep it: the file's bytes go
      now.set(layer.id, layer);
      const old = before.get(layer.id);
      const uses = palettes.has(layer.palette) || (layer.kind === T && bitmaps.has(layer.bitmap));
      if (old === undefined) dirty.push(box(layer));
      else if (uses || order.get(layer.id) !== i || !sameBytes(old.rec, layer.rec)) {
        dirty.push(box(old));
        dirty.push(box(layer));
      }
    });
    for (const [id, old] of before) if (!now.has(id)) dirty.push(box(old));
    this.layers = layers;
    this.byId = now;
    const areas = this._merge(dirty);
    for (const a of areas) this._draw(a);
    return areas;
  }

  // Clip the boxes to the panel and merge the ones that overlap.
  _merge(boxes) {
    let out = [];
    for (const b of boxes) {
      const a = [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(this.width, b[2]), Math.min(this.height, b[3])];
      if (a[0] < a[2] && a[1] < a[3]) out.push(a);
    }
    let merged = true;
    while (merged) {
      merged = false;
      for (let i = 0; i < out.length && !merged; i++) {
        for (let j = i + 1; j < out.length; j++) {
          const p = out[i], q = out[j];
          if (p[0] <= q[2] && q[0] <= p[2] && p[1] <= q[3] && q[1] <= p[3]) {
            out[i] = [Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[2], q[2]), Math.max(p[3], q[3])];
            out.splice(j, 1);
            merged = true;
            break;
          }
        }
      }
    }
    return out;
  }

  _draw(area) {
    const [x0, y0, x1, y1] = area;
    const fb = this.fb, W = this.width;
    for (let y = y0; y < y1; y++) fb.fill(0, y * W + x0, y * W + x1);
    for (const layer of this.layers) {
      const b = box(layer);
      const cx0 = Math.max(x0, b[0]), cy0 = Math.max(y0, b[1]), cx1 = Math.min(x1, b[2]), cy1 = Math.min(y1, b[3]);
      if (cx0 >= cx1 || cy0 >= cy1) continue;
      const pal = this.palettes.get(layer.palette);
      if (pal === undefined) continue;
      if (layer.kind === T) this._tiles(layer, pal, cx0, cy0, cx1, cy1);
      else this._shape(layer, pal, cx0, cy0, cx1, cy1);
    }
    const rgba = this.rgba;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const v = fb[y * W + x], o = 4 * (y * W + x);
        rgba[o] = RED[v >> 11];
        rgba[o + 1] = GREEN[(v >> 5) & 63];
        rgba[o + 2] = RED[v & 31];
      }
    }
    this.pixels += (x1 - x0) * (y1 - y0);
  }

  _tiles(layer, pal, x0, y0, x1, y1) {
    const bmp = this.bitmaps.get(layer.bitmap);
    if (bmp === undefined) return;
    const { scale, tw, th, w, tiles } = layer;
    const across = Math.floor(bmp.w / tw), data = bmp.data, bw = bmp.w;
    const { c565, clear } = pal, count = c565.length;
    const fb = this.fb, W = this.width;
    for (let y = y0; y < y1; y++) {
      const ly = Math.floor((y - layer.y) / scale);
      const row = Math.floor(ly / th) * w, py = ly % th;
      for (let x = x0; x < x1; x++) {
        const lx = Math.floor((x - layer.x) / scale);
        const tile = tiles[row + Math.floor(lx / tw)];
        const bx = (tile % across) * tw + (lx % tw);
        const by = Math.floor(tile / across) * th + py;
        const v = data[by * bw + bx];
        if (v < count && !clear[v]) fb[y * W + x] = c565[v];
      }
    }
  }

  _shape(layer, pal, x0, y0, x1, y1) {
    const i = layer.index;
    if (i >= pal.c565.length || pal.clear[i]) return;
    const color = pal.c565[i], fb = this.fb, W = this.width;
    if (layer.kind === R) {
      for (let y = y0; y < y1; y++) fb.fill(color, y * W + x0, y * W + x1);
      return;
    }
    const r = layer.r;
    for (let y = y0; y < y1; y++) {
      const dy = Math.abs(y - layer.y);
      for (let x = x0; x < x1; x++) {
        const dx = Math.abs(x - layer.x);
        let inside;
        if (dx + dy <= r) inside = true;
        else if (dx > r || dy > r) inside = false;
        else inside = dx * dx + dy * dy <= r * r;
        if (inside) fb[y * W + x] = color;
      }
    }
  }
}
