"""vectorio for the browser page (make web): Rectangle and Circle, drawn by
web/render.mjs as displayio draws them (see web/py/displayio.py for the
scene records). A shape's position is scaled by its groups, its size is not."""

import struct

from displayio import _changed, _Shaded


class _Shape(_Shaded):
    def __init__(self, pixel_shader, x, y, color_index):
        _Shaded.__init__(self, x, y, pixel_shader)
        self._index = color_index
        _changed()

    @property
    def color_index(self):
        return self._index

    @color_index.setter
    def color_index(self, value):
        if value != self._index:
            self._index = value
            _changed()

    @property
    def location(self):
        return (self._x, self._y)

    @location.setter
    def location(self, xy):
        self.x, self.y = xy


class Rectangle(_Shape):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        self._width = width
        self._height = height
        _Shape.__init__(self, pixel_shader, x, y, color_index)

    @property
    def width(self):
        return self._width

    @width.setter
    def width(self, value):
        if value < 1:
            raise ValueError("width must be >= 1")
        if value != self._width:
            self._width = value
            _changed()

    @property
    def height(self):
        return self._height

    @height.setter
    def height(self, value):
        if value < 1:
            raise ValueError("height must be >= 1")
        if value != self._height:
            self._height = value
            _changed()

    def _record(self, x, y, scale):
        return struct.pack("<BHhhHHHB", 82, self._id, x + scale * self._x, y + scale * self._y, self._width,
                           self._height, self._shader._id, self._index)


class Circle(_Shape):
    def __init__(self, *, pixel_shader, radius, x=0, y=0, color_index=0):
        if radius < 1:
            raise ValueError("radius must be >= 1")
        self._radius = radius
        _Shape.__init__(self, pixel_shader, x, y, color_index)

    @property
    def radius(self):
        return self._radius

    @radius.setter
    def radius(self, value):
        if value < 1:
            raise ValueError("radius must be >= 1")
        if value != self._radius:
            self._radius = int(value)
            _changed()

    def _record(self, x, y, scale):
        return struct.pack("<BHhhHHB", 67, self._id, x + scale * self._x, y + scale * self._y, self._radius,
                           self._shader._id, self._index)
