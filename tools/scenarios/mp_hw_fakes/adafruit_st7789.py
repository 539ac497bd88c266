"""Stand-in for the adafruit_st7789 library: an ST7789 is a stand-in
BusDisplay that keeps the keyword arguments the board passed."""

from busdisplay import BusDisplay


class ST7789(BusDisplay):
    def __init__(self, bus, *, bgr=True, invert=True, **kwargs):
        self.kwargs = dict(kwargs, bgr=bgr, invert=invert)
        super().__init__(bus, b"", **kwargs)
