"""Fake ``busdisplay``: BusDisplay records its arguments.

width and height are the rotated size, as passed (CircuitPython's meaning).
A backlight pin becomes a PWMOut at backlight_pwm_frequency, as on the device.
``log`` records, in order, every brightness set ("brightness", value) and
every refresh ("refresh", the root group shown, the brightness then), so a
test can tell what was lit when. release() leaves a dead object, as
CircuitPython does.
"""

import displayio
import microcontroller
import pwmio


class BusDisplay:
    display_part = True  # survives a soft reload (released by release_displays)

    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0, rotation=0,
                 backlight_pin=None, brightness=1.0, auto_refresh=True, backlight_pwm_frequency=50000, **kwargs):
        self.log = []
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
            microcontroller.claimed[backlight_pin] = self
        self.brightness = brightness
        self.auto_refresh = auto_refresh
        self.extra = kwargs
        self.root_group = displayio.CIRCUITPYTHON_TERMINAL
        self.refreshes = 0
        displayio.displays.append(self)

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        if not 0 <= value <= 1:
            raise ValueError("brightness must be 0.0-1.0")
        self._brightness = value
        self.log.append(("brightness", value))

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        self.log.append(("refresh", self.root_group, self._brightness))
        return True

    def release(self):
        if self.backlight is not None:
            self.backlight.deinit()
        self.bus.deinit()
        self.__dict__.clear()
        self.__class__ = Released


class Released:
    """What a released display becomes: not None, but every attribute fails
    as on CircuitPython (its type is then NoneType)."""

    def __getattr__(self, name):
        raise AttributeError("'NoneType' object has no attribute '%s'" % name)

    def __setattr__(self, name, value):
        raise AttributeError("'NoneType' object has no attribute '%s'" % name)

    def __repr__(self):
        return "None"
