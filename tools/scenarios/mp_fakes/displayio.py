"""Stand-in for CircuitPython's displayio: Group, Palette, Bitmap, TileGrid."""


class Group:
    """A list of layers with a position; a Group can be in one Group only."""

    def __init__(self, *, scale=1, x=0, y=0):
        self._layers = []
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._in_group = False

    def _take(self, layer):
        if isinstance(layer, Group):
            if layer._in_group:
                raise ValueError("Layer already in a group")
            layer._in_group = True

    def _drop(self, layer):
        if isinstance(layer, Group):
            layer._in_group = False

    def append(self, layer):
        self._take(layer)
        self._layers.append(layer)

    def insert(self, index, layer):
        self._take(layer)
        self._layers.insert(index, layer)

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        self._drop(layer)
        return layer

    def remove(self, layer):
        self._layers.remove(layer)
        self._drop(layer)

    def index(self, layer):
        return self._layers.index(layer)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        return self._layers[i]

    def __iter__(self):
        return iter(self._layers)


class Palette:
    def __init__(self, color_count):
        self._colors = [0] * color_count

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, i):
        return self._colors[i]

    def __setitem__(self, i, color):
        self._colors[i] = color

    def make_transparent(self, i):
        pass

    def make_opaque(self, i):
        pass


class Bitmap:
    """One byte per pixel (the real one packs bits)."""

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._data = bytearray(width * height)

    def __getitem__(self, xy):  # (x, y) or y * width + x
        return self._data[xy if isinstance(xy, int) else xy[1] * self.width + xy[0]]

    def __setitem__(self, xy, value):
        self._data[xy if isinstance(xy, int) else xy[1] * self.width + xy[0]] = value

    def fill(self, value):
        for i in range(len(self._data)):
            self._data[i] = value


class TileGrid:
    """Keeps what the app reads: the shader, the width, the tiles (a byte each,
    as on the device, where the object itself is about 96 bytes)."""

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.x = x
        self.y = y
        self.hidden = False
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile

    def __getitem__(self, i):
        return self._tiles[i]

    def __setitem__(self, i, tile):
        self._tiles[i] = tile


class OnDiskBitmap:
    """A bitmap whose pixels stay in a file: the device keeps the open file
    (FatFS's FIL with its 512-byte sector buffer) and the header; the
    palette of an indexed file is a Palette."""

    def __init__(self, path):
        self._file = bytearray(560)  # the open file, as the device holds it
        self.width = self.height = 0
        n = 16
        try:
            with open(path, "rb") as f:
                h = f.read(54)
            self.width = h[18] | h[19] << 8
            self.height = h[22] | h[23] << 8
            n = (h[46] | h[47] << 8) or 16
        except OSError:
            pass
        self.pixel_shader = Palette(n)


def release_displays():
    pass
