"""displayio for the browser page (make web): the subset Sanbon's app uses.

The objects keep their state in Python, as CircuitPython's do. A change
anywhere bumps ``CHANGES``; ``Display.refresh()`` then writes the scene (the
visible layers in drawing order, with every bitmap and palette that changed
since it was last sent) to the file ``SCENE`` in MicroPython's in-memory
filesystem and returns True; web/render.mjs reads it, works out which areas
changed and redraws only those, composing exactly as displayio does (RGB565,
the topmost opaque pixel wins, black where nothing draws).

Each refresh appends ``F`` and its records to the file (the page removes
the file once read: a second refresh before that adds a second frame, whose
layers replace the first's). Records (little-endian), each starting with one
byte:

- ``B`` bitmap: id u16, width u16, height u16, then width*height bytes (a value a pixel)
- ``P`` palette: id u16, count u16, then count u32s: 0xRRGGBB, bit 24 set = transparent
- ``T`` tile grid: id u16, x i16, y i16, scale u8, tile_width u16, tile_height u16,
  width u16, height u16 (in tiles), bitmap u16, palette u16, then width*height
  tile numbers as u16 (x, y: the screen position of its top left corner)
- ``R`` rectangle: id u16, x i16, y i16, width u16, height u16, palette u16, colour index u8
- ``C`` circle: id u16, x i16, y i16 (its centre), radius u16, palette u16, colour index u8
"""

import struct

SCENE = "/scene.bin"
CIRCUITPYTHON_TERMINAL = None
_state = [0, 0, 0]  # [changes, last id, panel]: a new panel (Display) has been sent nothing


def _changed():
    _state[0] += 1


def _new_id():
    _state[1] += 1
    return _state[1]


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._clear = bytearray(color_count)
        self._id = _new_id()
        self._ver = 1
        self._sent = 0
        self._panel = 0

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, index):
        return self._colors[index]

    def __setitem__(self, index, color):
        if isinstance(color, (tuple, list)):
            color = color[0] << 16 | color[1] << 8 | color[2]
        elif isinstance(color, (bytes, bytearray)):
            color = color[0] << 16 | color[1] << 8 | color[2]
        self._colors[index] = color & 0xFFFFFF
        self._touch()

    def _touch(self):
        self._ver += 1
        _changed()

    def make_transparent(self, index):
        self._clear[index] = 1
        self._touch()

    def make_opaque(self, index):
        self._clear[index] = 0
        self._touch()

    def is_transparent(self, index):
        return bool(self._clear[index])

    def _record(self):
        out = bytearray(struct.pack("<BHH", 66 + 14, self._id, len(self._colors)))  # "P"
        for index in range(len(self._colors)):
            out += struct.pack("<I", self._colors[index] | self._clear[index] << 24)
        return out


class Bitmap:
    """One byte a pixel (values up to 255)."""

    def __init__(self, width, height, value_count):
        if value_count > 256:
            raise ValueError("the page's Bitmap holds values up to 255")
        self.width = width
        self.height = height
        self._data = bytearray(width * height)
        self._id = _new_id()
        self._ver = 1
        self._sent = 0
        self._panel = 0

    def __getitem__(self, xy):
        if isinstance(xy, int):
            return self._data[xy]
        return self._data[xy[1] * self.width + xy[0]]

    def __setitem__(self, xy, value):
        if isinstance(xy, int):
            self._data[xy] = value
        else:
            self._data[xy[1] * self.width + xy[0]] = value
        self._ver += 1
        _changed()

    def fill(self, value):
        data = self._data
        for index in range(len(data)):
            data[index] = value
        self._ver += 1
        _changed()

    def _record(self):
        return struct.pack("<BHHH", 66, self._id, self.width, self.height) + self._data


def _u32(data, pos):
    return data[pos] | data[pos + 1] << 8 | data[pos + 2] << 16 | data[pos + 3] << 24


class OnDiskBitmap(Bitmap):
    """An indexed BMP (1, 4 or 8 bits a pixel, rows bottom up, as the sprite
    sheets are), read whole: the page has memory to spare. Its pixel_shader
    is a Palette of the file's colours."""

    def __init__(self, file):
        if isinstance(file, str):
            with open(file, "rb") as handle:
                data = handle.read()
        else:
            data = file.read()
        if data[:2] != b"BM":
            raise ValueError("Invalid BMP file")
        start = _u32(data, 10)
        header = _u32(data, 14)
        width = _u32(data, 18)
        height = _u32(data, 22)
        bits = data[28] | data[29] << 8
        if bits not in (1, 4, 8):
            raise ValueError("the page's OnDiskBitmap reads indexed BMPs only (%d bits)" % bits)
        colours = _u32(data, 46) or (1 << bits)
        Bitmap.__init__(self, width, height, 256)
        self.pixel_shader = Palette(colours)
        table = 14 + header
        for index in range(colours):
            at = table + 4 * index
            self.pixel_shader._colors[index] = data[at + 2] << 16 | data[at + 1] << 8 | data[at]
        stride = ((width * bits + 31) // 32) * 4
        per = 8 // bits
        mask = (1 << bits) - 1
        pixels = self._data
        for line in range(height):
            row = start + (height - 1 - line) * stride
            out = line * width
            for column in range(width):
                byte = data[row + column // per]
                shift = 8 - bits * (column % per + 1)
                pixels[out + column] = (byte >> shift) & mask


class _Layer:
    def __init__(self, x, y):
        self._x = x
        self._y = y
        self._hidden = False
        self._id = _new_id()

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value != self._x:
            self._x = value
            _changed()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value != self._y:
            self._y = value
            _changed()

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        value = bool(value)
        if value != self._hidden:
            self._hidden = value
            _changed()


class _Shaded(_Layer):
    """A layer drawn through a pixel shader (a Palette): TileGrid, vectorio's shapes."""

    def __init__(self, x, y, pixel_shader):
        _Layer.__init__(self, x, y)
        self._shader = pixel_shader

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        if value is not self._shader:
            self._shader = value
            _changed()


class TileGrid(_Shaded):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        _Shaded.__init__(self, x, y, pixel_shader)
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self.bitmap = bitmap
        self.width = width
        self.height = height
        self.tile_width = tile_width
        self.tile_height = tile_height
        self._tiles = [default_tile] * (width * height)
        _changed()

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index]

    def __setitem__(self, index, tile):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if self._tiles[index] != tile:
            self._tiles[index] = tile
            _changed()

    def _record(self, x, y, scale):
        head = struct.pack("<BHhhBHHHHHH", 84, self._id, x + scale * self._x, y + scale * self._y, scale,
                           self.tile_width, self.tile_height, self.width, self.height, self.bitmap._id,
                           self._shader._id)
        return head + struct.pack("<%dH" % len(self._tiles), *self._tiles)


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        _Layer.__init__(self, x, y)
        self._scale = scale
        self._layers = []
        self._in_group = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        if value != self._scale:
            self._scale = value
            _changed()

    def _take(self, layer):
        if isinstance(layer, Group):
            if layer._in_group:
                raise ValueError("Layer already in a group")
            layer._in_group = True
        _changed()

    def _drop(self, layer):
        if isinstance(layer, Group):
            layer._in_group = False
        _changed()

    def append(self, layer):
        self._take(layer)
        self._layers.append(layer)

    def insert(self, index, layer):
        self._take(layer)
        self._layers.insert(index, layer)

    def pop(self, index=-1):
        layer = self._layers.pop(index)
        self._drop(layer)
        return layer

    def remove(self, layer):
        self._layers.remove(layer)
        self._drop(layer)

    def index(self, layer):
        return self._layers.index(layer)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, index):
        return self._layers[index]

    def __setitem__(self, index, layer):
        self._drop(self._layers[index])
        self._take(layer)
        self._layers[index] = layer

    def __delitem__(self, index):
        self._drop(self._layers[index])
        del self._layers[index]

    def __iter__(self):
        return iter(self._layers)

    def __contains__(self, layer):
        return layer in self._layers

    def sort(self, key=None, reverse=False):
        self._layers.sort(key=key, reverse=reverse)
        _changed()


def _walk(group, x, y, scale, out):
    """The records of ``group``'s visible layers, and of the bitmaps and
    palettes they use that changed since they were last sent."""
    if group._hidden:
        return
    x += scale * group._x
    y += scale * group._y
    scale *= group._scale
    for layer in group._layers:
        if layer._hidden:
            continue
        if isinstance(layer, Group):
            _walk(layer, x, y, scale, out)
            continue
        panel = _state[2]
        shader = layer._shader
        if shader._sent != shader._ver or shader._panel != panel:
            shader._sent = shader._ver
            shader._panel = panel
            out.append(shader._record())
        bitmap = getattr(layer, "bitmap", None)
        if bitmap is not None and (bitmap._sent != bitmap._ver or bitmap._panel != panel):
            bitmap._sent = bitmap._ver
            bitmap._panel = panel
            out.append(bitmap._record())
        out.append(layer._record(x, y, scale))


class Display:
    """The page's panel: ``refresh()`` hands the scene to the page when
    anything changed since the last one."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        _state[2] += 1  # a new panel: every bitmap and palette is sent again
        self._root = None
        self._seen = -1
        self.auto_refresh = False
        self.brightness = 1.0
        self.rotation = 0

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is not self._root:
            self._root = group
            _changed()

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        if _state[0] == self._seen:
            return False
        self._seen = _state[0]
        out = []
        if self._root is not None:
            _walk(self._root, 0, 0, 1, out)
        with open(SCENE, "ab") as file:  # the page reads it, then removes it
            file.write(b"F")
            for record in out:
                file.write(record)
        return True


def release_displays():
    pass
