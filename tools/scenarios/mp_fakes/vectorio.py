"""Stand-in for CircuitPython's vectorio: shapes that remember their fields."""


class _Shape:
    def __init__(self, pixel_shader, x, y, color_index):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False


class Rectangle(_Shape):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        super().__init__(pixel_shader, x, y, color_index)
        self.width = width
        self.height = height


class Circle(_Shape):
    def __init__(self, *, pixel_shader, radius, x=0, y=0, color_index=0):
        super().__init__(pixel_shader, x, y, color_index)
        self.radius = radius


class Polygon(_Shape):
    def __init__(self, *, pixel_shader, points, x=0, y=0, color_index=0):
        super().__init__(pixel_shader, x, y, color_index)
        self.points = points
