"""Stand-in for CircuitPython's busdisplay: BusDisplay records its arguments
and counts refresh() calls.

width and height are the size after rotation, as passed (CircuitPython's
meaning). A backlight pin becomes a PWMOut at backlight_pwm_frequency, as on
the device.
"""

import pwmio


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 backlight_pin=None, brightness=1.0, auto_refresh=True, backlight_pwm_frequency=50000, **kwargs):
        self.bus = display_bus
        self.init_sequence = init_sequence
        self.width = width
        self.height = height
        self.colstart = colstart
        self.rowstart = rowstart
        self.rotation = rotation
        self.backlight_pin = backlight_pin
        self.backlight = None
        if backlight_pin is not None:
            self.backlight = pwmio.PWMOut(backlight_pin, frequency=backlight_pwm_frequency)
        self.brightness = brightness
        self.auto_refresh = auto_refresh
        self.extra = kwargs
        self.root_group = None  # the device shows its terminal here
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
