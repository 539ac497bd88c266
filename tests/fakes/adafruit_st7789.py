"""Fake ``adafruit_st7789``: an ST7789 is a fake BusDisplay that keeps its kwargs."""

from busdisplay import BusDisplay


class ST7789(BusDisplay):
    def __init__(self, bus, *, bgr=True, invert=True, **kwargs):
        self.kwargs = dict(kwargs, bgr=bgr, invert=invert)
        super().__init__(bus, b"", **kwargs)
